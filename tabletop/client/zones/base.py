"""The zone container (:class:`Zone`) and how a click reaches a zone (:func:`activate_zone`)."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from ..table_items import TEXT_LIGHT, LabelItem, TableItem

CardFactory = Callable[[QRectF, Any, int], TableItem]  # (rect, card or None for a back, index) -> the game's item
ActionFor = Callable[[Any], Any]  # a card (or a player) -> the Action a click on it plays, or None


def zone_of(item: Any) -> "Zone | None":
    """The zone ``item`` belongs to (``None``: a table's own item)."""
    return getattr(item, "zone", None)


def activate_zone(item: Any) -> bool:
    """A click (or Enter, or a digit) on ``item``: its zone does what it means, if it knows.
    Returns whether the zone took the click (then the table does nothing more with it)."""
    zone = zone_of(item)
    return zone is not None and zone.activate(item)


class Zone(QGraphicsObject):
    """A container for a part of the table: no painting, no hit area, children in its parent's
    coordinates.  ``add`` makes an item a member; ``activate`` and ``focusable`` say what its
    members do."""

    def __init__(self, rect: QRectF, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._rect = QRectF(rect)
        self._members: list[QGraphicsItem] = []
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    # geometry (the zone itself is never drawn nor clicked)
    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:
        return QRectF(self._rect)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint(self, p: QPainter, option: Any = None, widget: Any = None) -> None:
        pass

    # members
    def add(self, item: QGraphicsItem) -> Any:
        """Make ``item`` a member (a child, stacked after the members before it)."""
        item.setParentItem(self)
        if not isinstance(item, Zone):
            item.zone = self
        self._members.append(item)
        return item

    def members(self) -> list[Any]:
        return list(self._members)

    def label(self, rect: QRectF, text: str, px: float, colour: QColor = TEXT_LIGHT, bold: bool = False,
              align: int = Qt.AlignLeft | Qt.AlignTop, lines: int = 1, whole: Any = ()) -> LabelItem:
        """Text on the felt, a member of this zone (``whole``: the parts that must show whole, as
        for :func:`~tabletop.client.table_items.draw_text`)."""
        return self.add(LabelItem(rect, text, px, colour, bold, align, lines, whole=whole))

    # what the members do
    def activate(self, item: Any) -> bool:
        """A click on ``item`` (a member): do what it means and return True, or return False to
        leave it to the table."""
        return False

    def clickable(self, item: Any) -> bool:
        """Whether a click on ``item`` means anything to this zone."""
        return False

    def focusable(self) -> list[TableItem]:
        """The members the focus ring may stop on, in order (those that :meth:`activate` takes)."""
        return []

    def _emit(self, action: Any) -> bool:
        scene = self.scene()
        if action is None or scene is None or not hasattr(scene, "emit_action"):
            return False
        scene.emit_action(action)
        return True
