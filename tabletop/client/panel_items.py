"""A player's board on the table and the gold frame round the board of the player who decides:
the frame is four thin items on the board, so a turn passing repaints the frame, not the board
and all that lies on it."""

from __future__ import annotations

from typing import Any, Hashable

import shiboken6
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from .table_items import TableItem
from .theme import table_colour


class PanelItem(TableItem):
    """A player's area: a translucent board, framed in gold while they decide (four
    :class:`PanelEdge` items on it: when the turn passes, only the frame is painted again, not
    the board and all that lies on it).  Tables set :attr:`FILL`."""

    FILL = table_colour("panel_fill", 110)
    RADIUS = 12.0

    def __init__(self, rect: QRectF, player: int, active: bool) -> None:
        super().__init__(rect, "player")
        self.player = player
        self.active = active
        self.setZValue(-10)
        if active:
            for side in PanelEdge.SIDES:
                PanelEdge(self._size, side, self.RADIUS, self)

    @classmethod
    def keyed_by(cls, args: tuple, kwargs: dict[str, Any]) -> Hashable:
        """The board of a player stays when their turn comes or goes (only its frame changes)."""
        return super().keyed_by(args[:2], {k: v for k, v in kwargs.items() if k != "active"})

    def set_active(self, active: bool) -> None:
        """Framed in gold or not from now on (a board kept whole while the turn passed)."""
        if active == self.active:
            return
        self.active = active
        if active:
            for side in PanelEdge.SIDES:
                PanelEdge(self._size, side, self.RADIUS, self)
        else:
            for edge in [c for c in self.childItems() if isinstance(c, PanelEdge)]:
                shiboken6.delete(edge)

    def radius(self) -> float:
        return self.RADIUS

    def sprite_key(self) -> tuple | None:
        return (self._size.width(), self._size.height())

    def paint_body(self, p: QPainter) -> None:
        p.setPen(QPen(table_colour("panel_edge", 40), 1))
        p.setBrush(self.FILL)
        p.drawRoundedRect(self._size, self.RADIUS, self.RADIUS)


class PanelEdge(TableItem):
    """One side of the gold frame round a :class:`PanelItem` whose player decides: the top and
    the bottom with their rounded corners, the left and the right straight.  It lies on the
    panel, the panel's size, and paints only its own strip; the sides meet where the corners
    end, opaque, so they join without a seam."""

    SIDES = ("top", "bottom", "left", "right")
    GOLD = table_colour("panel_gold")
    WIDTH = 2.5

    def __init__(self, panel: QRectF, side: str, radius: float, parent: QGraphicsItem) -> None:
        super().__init__(panel, None, parent)
        self.side = side
        self.round = radius
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        r, m = self._size, self.WIDTH + 2
        if self.side == "top":
            return QRectF(-m, -m, r.width() + 2 * m, self.round + 2 * m)
        if self.side == "bottom":
            return QRectF(-m, r.height() - self.round - m, r.width() + 2 * m, self.round + 2 * m)
        x = 0.0 if self.side == "left" else r.width()
        return QRectF(x - m, self.round - m, 2 * m, r.height() - 2 * self.round + 2 * m)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def sprite_key(self) -> tuple | None:
        return (self.side, self.round, self._size.width(), self._size.height())

    def paint_body(self, p: QPainter) -> None:
        r, k = self._size, self.round
        pen = QPen(self.GOLD, self.WIDTH)
        path = QPainterPath()
        if self.side in ("top", "bottom"):
            pen.setCapStyle(Qt.FlatCap)
            y, d = (0.0, 1) if self.side == "top" else (r.height(), -1)
            box = lambda x: QRectF(x, y if d > 0 else y - 2 * k, 2 * k, 2 * k)  # noqa: E731
            path.moveTo(0, y + d * k)
            path.arcTo(box(0), 180, -90 * d)
            path.lineTo(r.width() - k, y)
            path.arcTo(box(r.width() - 2 * k), 90 * d, -90 * d)
        else:  # (square ends reach into the corners' ends: opaque over opaque, no seam)
            pen.setCapStyle(Qt.SquareCap)
            x = 0.0 if self.side == "left" else r.width()
            path.moveTo(x, k)
            path.lineTo(x, r.height() - k)
        p.setPen(pen)
        p.setBrush(Qt.NoBrush)
        p.drawPath(path)

    def paint_marks(self, p: QPainter) -> None:
        pass
