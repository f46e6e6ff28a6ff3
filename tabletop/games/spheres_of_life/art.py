"""The card illustrations: one SVG per card kind in ``assets/spheres_of_life/art/`` (the
project's own artwork), and ``back.svg`` for the backs.  Each file is parsed once, when first
drawn; the table's sprite cache keeps the painted cards."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgRenderer

from tabletop.engine.paths import assets_dir


def art_path(kind: str):
    return assets_dir() / "spheres_of_life" / "art" / f"{kind}.svg"


@lru_cache(maxsize=None)
def renderer(kind: str) -> QSvgRenderer | None:
    """The illustration of ``kind`` ("back" for the card back); ``None`` when it is missing or
    broken (the card is then drawn without it)."""
    path = art_path(kind)
    if not path.is_file():
        return None
    svg = QSvgRenderer(str(path))
    return svg if svg.isValid() else None


def draw_art(p: QPainter, kind: str, rect: QRectF) -> bool:
    """Paint ``kind``'s illustration into ``rect``, keeping its proportions; returns whether
    there was one."""
    svg = renderer(kind)
    if svg is None:
        return False
    box = svg.viewBoxF()
    if box.width() <= 0 or box.height() <= 0:
        svg.render(p, rect)
        return True
    scale = min(rect.width() / box.width(), rect.height() / box.height())
    w, h = box.width() * scale, box.height() * scale
    svg.render(p, QRectF(rect.center().x() - w / 2, rect.center().y() - h / 2, w, h))
    return True
