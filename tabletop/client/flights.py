"""One way to show a move on any table: the cards that changed zone between two drawings of the
same seat's view fly from where they lay to where they lie, read from the table's named items
(docs/architecture.md, "Named zones and items") and nothing else -- so a flight shows nothing the
two views do not.

The table base keeps a :func:`snapshot` of what was drawn each time a table clears itself to
draw a new view (``TableScene.drawn_before``, while animations are on); once the new view is
drawn, :class:`CardFlights` compares the two.  What travels (:func:`travels`, pure):

* an open card (an item showing ``card_id``) that lies in another zone now flies face up from
  its old place to its new one;
* an open card the seat did not see before flies face up from where the table says such a card
  comes from (``came_from``: a card now in one's hand came from one's deck ...);
* an open card the seat no longer sees flies to where the table says it went (``went_to``: a
  discard shuffled back into a deck), if anywhere;
* a zone holding more backs than before (``hand/1/back/<n>``: cards the seat cannot see) gets
  that many backs flying from the zone the table names (``backs_from``: the opponent's hand is
  filled from their deck).  A card never open to the seat travels as a back.

The table makes the stand-in that flies (``stand_in(card, rect)``: its own card item, a back for
``None``); the item that shows the card where it lands stays hidden until then.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, NamedTuple

Rect = tuple[float, float, float, float]  # x, y, width, height (scene units)
MOST_FLIGHTS = 16  # a move that carries many cards (a turn's end): the first fly, the rest are there


class Spot(NamedTuple):
    """Where a card lies: the name of its zone and its place on the table."""

    zone: str
    rect: Rect


class Snapshot(NamedTuple):
    """The open cards (card id -> spot), the backs in each zone (zone name -> count) and where
    each named zone and item lies (name -> rect), as drawn at one moment."""

    cards: dict[str, Spot]
    backs: Counter
    places: dict[str, Rect]


class Travel(NamedTuple):
    """A flight: the card (``None``: a back), from, to."""

    card: str | None
    start: Rect
    end: Rect


def travels(before: Snapshot, after: Snapshot, came_from: Callable[[str, Spot], str | None] = lambda c, s: None,
            went_to: Callable[[str, Spot], str | None] = lambda c, s: None,
            backs_from: Callable[[str], str | None] = lambda zone: None, most: int = MOST_FLIGHTS) -> list[Travel]:
    """What flies between two drawings (see the module docstring): the cards that changed zone,
    appeared or went, then the backs a zone gained; ``most`` at most."""
    out: list[Travel] = []
    for card, now in after.cards.items():
        was = before.cards.get(card)
        if was is not None:
            if was.zone != now.zone:
                out.append(Travel(card, was.rect, now.rect))
            continue
        source = came_from(card, now)
        if source is not None and source in before.places:
            out.append(Travel(card, before.places[source], now.rect))
    for card, was in before.cards.items():
        if card not in after.cards:
            dest = went_to(card, was)
            if dest is not None and dest in after.places:
                out.append(Travel(card, was.rect, after.places[dest]))
    for zone, count in sorted(after.backs.items()):
        source = backs_from(zone)
        if source is None or source not in before.places or zone not in after.places:
            continue
        out += [Travel(None, before.places[source], after.places[zone])] * max(0, count - before.backs.get(zone, 0))
    return out[:most]


def snapshot(table: Any) -> Snapshot:
    """The table's open cards, backs and named places as drawn now."""
    from .zones import Zone, zone_of

    cards: dict[str, Spot] = {}
    backs: Counter = Counter()
    places: dict[str, Rect] = {}
    for name, item in table.named_items().items():
        r = table.scene_rect_of(item)
        places[name] = (r.x(), r.y(), r.width(), r.height())
        if isinstance(item, Zone):
            continue
        zone = zone_of(item)
        where = zone.address if zone is not None else ""
        card = getattr(item, "card_id", "")
        if isinstance(card, str) and card:
            cards.setdefault(card, Spot(where, places[name]))
        elif card is None and where:
            backs[where] += 1
    return Snapshot(cards, backs, places)


class CardFlights:
    """The flights of one table.  Once the new view is drawn, :meth:`fly` flies what moved since
    the drawing before (by default what the table showed when it was last cleared:
    ``TableScene.drawn_before``).  A game's flights say what the views alone cannot, by
    overriding :meth:`came_from`, :meth:`went_to` and :meth:`backs_from` (they may read
    :attr:`action`, the move being shown), and :meth:`stand_in`, the card item that flies."""

    def __init__(self, table: Any, duration_ms: int = 260) -> None:
        self.table = table
        self.duration_ms = duration_ms
        self.flying: list[Any] = []  # the stand-ins on their way
        self.action: Any = None  # the move being shown
        self.drawn: dict[str, Any] = {}  # the named items of the drawing a move lands on (launch)
        self.drawn_cards: dict[str, Any] = {}  # ... the first showing each card

    def came_from(self, card: str, now: Spot) -> str | None:
        """The named place a card the seat did not see before came from (None: it just shows)."""
        return None

    def went_to(self, card: str, was: Spot) -> str | None:
        """The named place a card the seat no longer sees went to (None: it just goes)."""
        return None

    def backs_from(self, zone: str) -> str | None:
        """The named place the backs a zone gained came from (None: they just show)."""
        return None

    def stand_in(self, card: str | None, rect: Any) -> Any:
        """The item that flies: the table's ``stand_in(card, rect)`` (a back for ``None``)."""
        return self.table.stand_in(card, rect)

    def landing(self, travel: Travel) -> Any:
        """The item that shows where ``travel`` lands, hidden until then: by default the item
        showing its card (None for a back)."""
        return self.drawn_cards.get(travel.card) if travel.card is not None else None

    def seen_before(self, before: Snapshot) -> Snapshot:
        """The drawing before, with what the game knows was there beyond it (a card an opponent
        played, at the back it was in their hand); by default as drawn."""
        return before

    def moves(self, before: Snapshot | None = None, action: Any = None) -> list[Travel]:
        """What flies from ``before`` (by default ``table.drawn_before``) to the drawing now."""
        before = before if before is not None else getattr(self.table, "drawn_before", None)
        if before is None:
            return []
        self.action = action
        return travels(self.seen_before(before), snapshot(self.table), self.came_from, self.went_to, self.backs_from)

    def launch(self, moves: list[Travel]) -> None:
        """Fly ``moves``: a stand-in each, the landing item hidden until it lands."""
        from PySide6.QtCore import QRectF

        table = self.table
        self.drawn = table.named_items()  # (read once for the whole move: the landing hooks use it)
        self.drawn_cards = {}
        for item in self.drawn.values():
            card = getattr(item, "card_id", None)
            if card is not None:
                self.drawn_cards.setdefault(card, item)  # (the first in stacking order)
        for travel in moves:
            dest = self.landing(travel)
            stand_in = self.stand_in(travel.card, QRectF(*travel.start))
            self.flying.append(stand_in)
            fly(table, stand_in, QRectF(*travel.start), QRectF(*travel.end), table._anims, self.duration_ms, dest,
                done=lambda s=stand_in: self.flying.remove(s) if s in self.flying else None)

    def fly(self, before: Snapshot | None = None, action: Any = None) -> list[Travel]:
        """Work out what moved (:meth:`moves`) and fly it (:meth:`launch`)."""
        moves = self.moves(before, action)
        self.launch(moves)
        return moves


def fly(scene: Any, item: Any, start: QRectF, end: QRectF, anims: list[Any], duration: int = 250,
        dest: Any = None, done: Callable[[], None] | None = None) -> Any:
    """Send ``item`` (a stand-in made for the flight, not yet in ``scene``) from ``start`` to
    ``end``, then remove it.  ``dest``, the item that shows the card where it lands, is hidden
    until then.  The animation is kept in ``anims`` while it runs (a table stops those before
    clearing the scene); ``done`` is called when it ends."""
    from PySide6.QtCore import QEasingCurve, QRectF, Qt, QVariantAnimation
    from shiboken6 import isValid

    item.sprite_ok = False  # its size changes every frame
    item.set_rect(start)
    item.setZValue(100)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    scene.addItem(item)
    if dest is not None:
        dest.setOpacity(0.0)
    anim = QVariantAnimation(scene)
    anim.setStartValue(QRectF(start))
    anim.setEndValue(QRectF(end))
    anim.setDuration(duration)
    anim.setEasingCurve(QEasingCurve.Type.OutCubic)
    # (a drawing may have deleted the stand-in or the card it lands on meanwhile: isValid)
    anim.valueChanged.connect(lambda r: item.set_rect(r) if isValid(item) and item.scene() is scene else None)

    def landed() -> None:
        if isValid(item) and item.scene() is scene:
            scene.removeItem(item)
        if dest is not None and isValid(dest) and dest.scene() is scene:
            dest.setOpacity(1.0)
        if anim in anims:
            anims.remove(anim)
        if done is not None:
            done()

    anim.finished.connect(landed)
    anims.append(anim)
    anim.start()
    return anim
