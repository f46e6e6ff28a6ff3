"""The card illustrations of Three Spheres TCG: one SVG per card kind in
``assets/three_spheres/art/`` (the project's own artwork, 160 x 100), and ``back.svg`` for the
backs.  Each file is parsed once, when first drawn; the table's sprite cache keeps the painted
cards.  A missing or broken file is no error: the card is drawn without its picture."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgRenderer

from tabletop.engine.paths import assets_dir


def art_path(kind: str):
    return assets_dir() / "three_spheres" / "art" / f"{kind}.svg"


@lru_cache(maxsize=None)
def renderer(kind: str) -> QSvgRenderer | None:
    """The illustration of ``kind`` ("back" for the card back); ``None`` when it is missing or
    broken."""
    path = art_path(kind)
    if not path.is_file():
        return None
    svg = QSvgRenderer(str(path))
    return svg if svg.isValid() else None


def draw_art(p: QPainter, kind: str, rect: QRectF, fill: bool = False) -> bool:
    """Paint ``kind``'s illustration into ``rect``, keeping its proportions (``fill``: covering
    the whole rectangle, cut to it; else fitted inside it); returns whether there was one."""
    svg = renderer(kind)
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
