"""The zone container (:class:`Zone`) and how a click reaches a zone (:func:`activate_zone`)."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem

from ..keeping import TableObject, fingerprint
from ..table_items import TEXT_LIGHT, ButtonItem, LabelItem, TableItem

CardFactory = Callable[[QRectF, Any, int], TableItem]  # (rect, card or None for a back, index) -> the game's item
ActionFor = Callable[[Any], Any]  # a card (or a player) -> the Action a click on it plays, or None


def button_key(button: Any) -> str:
    """What names a button: the action it plays ("pass", "use:card=c3,species=fox"), or its kind
    and words for a step of the table's own ("cancel")."""
    action = getattr(button, "action", None)
    if action is not None and hasattr(action, "kind"):
        args = ",".join(f"{k}={v}" for k, v in action.args)
        return f"{action.kind}:{args}" if args else action.kind
    words = "-".join("".join(c for c in w if c.isalnum()) for w in str(getattr(button, "text", "")).lower().split())
    kind = getattr(button, "kind", "button")
    return kind if not words or words == kind else f"{kind}:{words}"


def zone_of(item: Any) -> "Zone | None":
    """The zone ``item`` belongs to (``None``: a table's own item)."""
    return getattr(item, "zone", None)


def activate_zone(item: Any) -> bool:
    """A click (or Enter, or a digit) on ``item``: its zone does what it means, if it knows.
    Returns whether the zone took the click (then the table does nothing more with it)."""
    zone = zone_of(item)
    return zone is not None and zone.activate(item)


class Zone(TableObject):
    """A container for a part of the table: no painting, no hit area, children in its parent's
    coordinates.  ``add`` makes an item a member; ``activate`` and ``focusable`` say what its
    members do."""

    def __init__(self, rect: QRectF, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._rect = QRectF(rect)
        self._members: list[QGraphicsItem] = []
        self.address = ""  # its stable name on the table ("hand/0", "pile/discard"); "" for none
        self.where = ""  # where its members lie, in words a screen reader says ("in your hand")
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @classmethod
    def keyed_by(cls, args: tuple, kwargs: dict[str, Any]) -> Any:
        """A zone made again where it lay is the zone of the drawing before, whatever it holds
        now: its members that are made again as they were stay on the table (a member that
        changed zone would be drawn afresh)."""
        return fingerprint(args[:1]), fingerprint(kwargs.get("parent"))

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

    def named(self, address: str, where: str = "") -> "Zone":
        """This zone, given its stable name and the words for where its members lie."""
        self.address, self.where = address, where
        return self

    def stands_for_zone(self) -> Any:
        """The member that is the zone to a player (a pile's top card, a panel's board), which
        then carries the zone's name in its place; None for none."""
        return None

    def member_address(self, item: Any) -> str:
        """The stable name of a member that has none of its own: an open card is ``card/<id>``
        wherever it lies; a button ``<zone>/button/<what it plays>``; anything else
        ``<zone>/<kind>/<n>``, counted among the members of its kind (a back, a label ...).
        "" when the zone has no name."""
        if not self.address:
            return ""
        card = getattr(item, "card_id", None)
        if isinstance(card, str) and card:
            return f"card/{card}"
        if isinstance(item, ButtonItem):
            return f"{self.address}/button/{button_key(item)}"
        kind = type(item).__name__
        same = [m for m in self._members if type(m).__name__ == kind]
        n = next((i for i, m in enumerate(same) if m is item), 0)
        what = "back" if getattr(item, "card_id", "") is None else kind.lower().removesuffix("item") or "item"
        return f"{self.address}/{what}/{n}"

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
