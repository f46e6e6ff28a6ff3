"""Card pictures from SVG files: one folder of ``<kind>.svg`` files in ``assets/`` per game (and
``back.svg`` for the backs).  Each file is parsed once, when first drawn, and painted once for
each size it is shown at (a card's picture is the dearest part of painting a card, and the same
picture is painted again whenever the card's words or marks change); a table's sprite cache keeps
the painted cards.  A missing or broken file is no error: the card is drawn without it."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtSvg import QSvgRenderer

from tabletop.engine.paths import assets_dir

from .sprites import draw_on_pixels


def forget_painted() -> None:
    """Let go of the pictures painted at their sizes (a table going away: the next one paints
    its own, and memory does not grow game after game)."""
    _painted.cache_clear()


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
        at = QRectF(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h)
        image = self._image(kind, at, p)
        if image is None:
            svg.render(p, at)
        else:
            draw_on_pixels(p, at, image)
        p.restore()
        return True

    def _image(self, kind: str, at: QRectF, p: QPainter) -> QImage | None:
        """``kind``'s picture painted at the device size ``at`` has on ``p`` (kept); ``None``
        under a rotation or a shear (it is then rendered directly)."""
        t = p.worldTransform()
        if t.type().value > QTransform.TxScale.value:
            return None
        device = p.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0
        w, h = round(at.width() * abs(t.m11()) * dpr), round(at.height() * abs(t.m22()) * dpr)
        if w <= 0 or h <= 0 or w * h > 4_000_000:
            return None
        return _painted(self, kind, w, h)


@lru_cache(maxsize=256)
def _painted(art: CardArt, kind: str, w: int, h: int) -> QImage:
    """``kind``'s picture of ``art`` painted ``w`` x ``h`` device pixels (the 256 latest kept)."""
    image = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    q = QPainter(image)
    q.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    art.renderer(kind).render(q, QRectF(0, 0, w, h))
    q.end()
    return image
