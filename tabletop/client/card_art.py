"""Card pictures from SVG files: one folder of ``<kind>.svg`` files in ``assets/`` per game (and
``back.svg`` for the backs).  Each file is parsed once, when first drawn; a table's sprite cache
keeps the painted cards.  A missing or broken file is no error: the card is drawn without it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgRenderer

from tabletop.engine.paths import assets_dir


class CardArt:
    """The pictures in ``assets/<folder>/art/``."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self._renderers: dict[str, QSvgRenderer | None] = {}

    def path(self, kind: str) -> Path:
        return assets_dir() / self.folder / "art" / f"{kind}.svg"

    def renderer(self, kind: str) -> QSvgRenderer | None:
        """The picture of ``kind`` ("back" for the card back); ``None`` when missing or broken."""
        if kind not in self._renderers:
            path = self.path(kind)
            svg = QSvgRenderer(str(path)) if path.is_file() else None
            self._renderers[kind] = svg if svg is not None and svg.isValid() else None
        return self._renderers[kind]

    def draw(self, p: QPainter, kind: str, rect: QRectF, fill: bool = False) -> bool:
        """Paint ``kind``'s picture into ``rect``, keeping its proportions (``fill``: covering the
        whole rectangle, cut to it; else fitted inside it); returns whether there was one."""
        svg = self.renderer(kind)
        if svg is None:
            return False
        box = svg.viewBoxF()
        if box.width() <= 0 or box.height() <= 0:
            svg.render(p, rect)
            return True
        sx, sy = rect.width() / box.width(), rect.height() / box.height()
        scale = max(sx, sy) if fill else min(sx, sy)
        w, h = box.width() * scale, box.height() * scale
        p.save()
        if fill:
            p.setClipRect(rect, Qt.ClipOperation.IntersectClip if p.hasClipping() else Qt.ClipOperation.ReplaceClip)
        svg.render(p, QRectF(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h))
        p.restore()
        return True
