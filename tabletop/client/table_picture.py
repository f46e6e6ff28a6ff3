"""A picture of a game's table, without a window: the headless render and the gallery's
thumbnail of the last game draw it the same way, with the very table scene the GUI shows."""

from __future__ import annotations

from typing import Any


def default_players(game: Any) -> int:
    """The usual table: three where the game allows it, else its fewest."""
    return 3 if game.min_players <= 3 <= game.max_players else game.min_players


def draw_table(game: Any, names: list[str], view: dict[str, Any], legal: list[Any], last_action: Any,
               size: tuple[int, int]) -> Any:
    """An image (``QImage``) of ``game``'s table drawing ``view``, fitted into ``size``: the very
    table scene the GUI shows, made for the picture and let go after it."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QImage, QPainter

    from .table_screen import make_table
    from .theme import colour

    table = make_table(game, names, animations=False)
    try:
        table.show_view(view, legal, last_action)
        width, height = size
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(colour("window"))
        painter = QPainter(image)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                               | QPainter.RenderHint.SmoothPixmapTransform)
        table.render(painter, QRectF(0, 0, width, height), table.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        painter.end()
    finally:
        table.dispose()  # (its items, sprites and the pictures painted for it go now)
        table.deleteLater()
    return image
