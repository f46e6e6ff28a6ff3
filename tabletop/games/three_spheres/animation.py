"""The cards that move on the Three Spheres TCG table, animated: a card spent or played flies
from the hand to the cards in play, a card bought from its space to the buyer's Realm discard,
a flipped card from its World deck to its space, the hand drawn from the Realm deck, and so on.

The table's :class:`Flights` are the client's card flights
(:class:`~tabletop.client.flights.CardFlights`): what moved is read from the table's named items
drawn before the move and after it, so a flight shows nothing the two views do not -- a card
whose face was never open to the seat travels as a back.  The game says what the drawings alone
cannot, from where each open card lies in the two views of the seat (:func:`places`): where a
card new to the seat came from (:func:`source_of`: a card drawn from a Realm deck, one played
from the opponent's hand -- from its first back --, flipped from a World deck ...) and where a
card no longer drawn went (its Realm discard, under the top card; its Realm deck, shuffled in).
It also flies what lies on neither drawing: the cards open in a view under a Realm discard's top
(a hand discarded at the turn's end) and the backs the opponent's hand gained, from their Realm
deck to where its first back lies.  The table also has a :class:`WalkPlayer`, which plays the
scoring walk-through at the end step by step.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QTimer

from tabletop.client.flights import CardFlights, Snapshot, Spot, Travel

from .card_items import SpheresTCGCard
from .layout import side_of

FLIGHT_MS = 260
WALK_STEP_MS = 650  # a dynamic card of the walk-through
WALK_MOST_MS = 14_000  # the whole walk at most (the app's end screen waits for it)

Place = tuple[Any, ...]


def places(view: dict[str, Any]) -> dict[str, Place]:
    """Where each card open to the view's seat lies: ("hand", p), ("in_play", p) (spent cards
    too), ("discovery", p), ("discard", p), ("space", i), ("trash",) or ("flipped",)."""
    out: dict[str, Place] = {}
    for p, s in enumerate(view["seats"]):
        for zone, cards in (("hand", s["hand"] or []), ("in_play", s["in_play"] + s["spent"]),
                            ("discovery", s["discovery"]), ("discard", s["discard"])):
            out.update((c, (zone, p)) for c in cards)
    for i, stack in enumerate(view["spaces"]):
        out.update((c, ("space", i)) for c in stack)
    out.update((c, ("trash",)) for c in view["trash"])
    if view["flipped"]:
        out[view["flipped"]] = ("flipped",)
    return out


def source_of(place: Place, view: dict[str, Any]) -> Place | None:
    """Where a card that was not open in ``view`` (the view before the move) came from, by where
    it is now: a card in one's hand was drawn from the Realm deck; a card put in play, discarded
    or trashed came from the hand of the player whose turn it was; a card in a space or flipped,
    from a World deck; a card of a Discovery spread, from its deck."""
    zone = place[0]
    if zone == "hand":
        return ("realm", place[1])
    if zone in ("in_play", "discard", "trash") and view["turn"] is not None:
        return ("hand", view["turn"])
    if zone == "space":
        return ("world", side_of(place[1]))
    if zone == "flipped":
        return ("world", (view["pending"] or {}).get("side", 1 - (view["turn"] or 0)))
    if zone == "discovery":
        return ("discovery_deck", place[1])
    return None


PLACE_NAMES = {"in_play": "in_play/{}", "discovery": "discovery/{}", "discard": "pile/discard/{}",
               "space": "world/space/{}", "realm": "pile/realm/{}", "world": "pile/world/{}",
               "discovery_deck": "pile/discovery/{}",
               "hand": "hand/{}/back/0"}  # (a hand a card comes from unseen shows backs: its first one)


def place_name(place: Place | None) -> str | None:
    """The name on the table of a place of :func:`places` or :func:`source_of` (None: the trash
    and the flipped card have none, the card shows itself)."""
    if place is None or place[0] not in PLACE_NAMES:
        return None
    return PLACE_NAMES[place[0]].format(*place[1:])


class Flights(CardFlights):
    """The table's card flights (see the module docstring): once the new view is drawn, the
    table asks them to fly what moved since it drew the view before (``fly(old)``)."""

    def __init__(self, table: Any) -> None:
        super().__init__(table, FLIGHT_MS)
        self.was: dict[str, Place] = {}  # where the open cards lay in the view before, and lie now
        self.now: dict[str, Place] = {}
        self.old: dict[str, Any] = {}
        self.showing: set[Any] = set()  # the cards an item drawn now shows
        self.backs: set[str] = set()  # the backs the opponent's hand gained, by name

    def moves(self, old: dict[str, Any] | None = None, action: Any = None) -> list[Travel]:
        """What flies since the table last drew ``old`` (the view before, of the same seat) and
        then ``table.drawn_before``; the two views say where each open card lay and lies."""
        if old is None or self.table.view is None:
            return []
        self.old, self.was, self.now = old, places(old), places(self.table.view)
        return super().moves(None, action)

    def seen_before(self, before: Snapshot) -> Snapshot:
        """The drawing before, with what moved but lies on neither drawing: the cards open in
        either view under a Realm discard's top card, each where it lay or came from if new to
        the seat (:meth:`went_to` says where it goes), and the backs the opponent's hand gained,
        each by the name of the back it becomes (``hand/1/back/4``), from their Realm deck."""
        named = self.table.named_items()
        self.showing = {getattr(it, "card_id", None) for it in named.values()}
        out: dict[str, Spot] = {}
        for card in list(self.now) + [c for c in self.was if c not in self.now]:
            name = place_name(self._source(card))
            if card not in before.cards and card not in self.showing and name in before.places:
                out[card] = Spot(name, before.places[name])
        deck, hand = place_name(("realm", 1 - self.table.me)), f"hand/{1 - self.table.me}"
        backs = sum(1 for name in named if name.startswith(f"{hand}/back/"))
        self.backs = {f"{hand}/back/{n}" for n in range(before.backs.get(hand, 0), backs)}
        if deck in before.places:
            out.update((back, Spot(deck, before.places[deck])) for back in sorted(self.backs, key=_number))
        return before._replace(cards={**before.cards, **out})

    def launch(self, moves: list[Travel]) -> None:
        """Fly ``moves``; a card going under a pile's top (open now, no item shows it) flies under
        the one landing on it."""
        first = len(self.flying)
        super().launch(moves)
        for stand_in in self.flying[first:]:
            if stand_in.card_id in self.now and stand_in.card_id not in self.showing:
                stand_in.setZValue(stand_in.zValue() - 1)

    def _source(self, card: str) -> Place | None:
        """Where a card that moved lay before, or came from if it was not open to the seat."""
        was, now = self.was.get(card), self.now.get(card)
        if was == now:  # (not moved: a Realm discard's cards laid out to trash from, its top covered)
            return None
        return was if was is not None else source_of(now, self.old)

    def came_from(self, card: str, now: Spot) -> str | None:
        return place_name(self._source(card))

    def went_to(self, card: str, was: Spot) -> str | None:
        if card in self.backs:  # (a back the opponent's hand gained lands where its first back lies)
            return card.rsplit("/", 1)[0] + "/0"
        before, now = self.was.get(card), self.now.get(card)
        if now == before:
            return None
        if now is None:  # gone where the seat cannot see: back into a Realm deck (a reshuffle)
            return place_name(("realm", before[1])) if before is not None and before[0] == "discard" else None
        return place_name(now)

    def stand_in(self, card: str | None, rect: QRectF) -> SpheresTCGCard:
        if card is None or card in self.backs:
            return SpheresTCGCard(rect, None, "back", detail=False)
        return SpheresTCGCard(rect, card, "flying", detail=False)


def _number(name: str) -> int:
    """The number that ends a name (``hand/1/back/4``: 4)."""
    return int(name.rsplit("/", 1)[1])


class WalkPlayer:
    """The scoring walk-through played step by step (the table has one): each tick shows the
    next group of items of :attr:`WalkthroughLayout.steps
    <tabletop.games.three_spheres.layout.WalkthroughLayout.steps>`; the table is told it settled
    (``settled``) when the walk ends or stops.  A walk is played once per game's end."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.timer = QTimer(table)
        self.timer.timeout.connect(self.tick)
        self.at = 0  # the next step to show
        self.walked: Any = None  # the view whose walk-through has been played (walk_key)

    @property
    def steps(self) -> list[list[Any]]:
        return self.table.walkthrough.steps

    def active(self) -> bool:
        return self.timer.isActive()

    def start(self) -> None:
        """The walk-through of the table's view just drawn: played, unless animations are off, it
        was played already or it has one step."""
        view, steps = self.table.view, self.steps
        if not self.table.animations or self.walked == walk_key(view) or len(steps) <= 1:
            self.walked = walk_key(view)
            return
        self.play(0, min(WALK_STEP_MS, WALK_MOST_MS // len(steps)))

    def play(self, at: int, interval: int) -> None:
        """The walk-through played from step ``at`` on (what the steps before show is shown)."""
        for group in self.steps[at:]:
            for it in group:
                it.setVisible(False)
        self.at = at
        self.timer.start(interval)

    def tick(self) -> None:
        if self.at >= len(self.steps):
            self.finish()
            return
        for it in self.steps[self.at]:
            if it.scene() is self.table:
                it.setVisible(True)
        self.at += 1
        if self.at >= len(self.steps):
            self.finish()

    def finish(self) -> None:
        """Everything shown at once; the table settles if the walk was being played."""
        for group in self.steps:
            for it in group:
                if it.scene() is self.table:
                    it.setVisible(True)
        was = self.timer.isActive()
        self.timer.stop()
        self.walked = walk_key(self.table.view) if self.table.view is not None else None
        if was:
            self.table.settled.emit()

    def stop(self) -> None:
        """The walk stops where it is (the table is redrawn or goes away)."""
        if self.timer.isActive():
            self.timer.stop()
            self.table.settled.emit()

    def replay_after(self, rebuild: Any) -> None:
        """``rebuild`` the table (laid out again for a new height); a walk being played goes on
        from the step it had reached."""
        if not self.timer.isActive():
            rebuild()
            return
        at, interval = self.at, self.timer.interval()
        self.timer.stop()  # (a pause, not the end: the app is not told the table settled)
        rebuild()
        self.play(at, interval)


def walk_key(view: dict[str, Any] | None) -> Any:
    """What tells one game's end from another's (a walk-through is played once per end)."""
    if view is None or not view.get("walkthrough"):
        return None
    return (view.get("seat"), tuple(w["total"] for w in view["walkthrough"]),
            tuple(len(w["none"]) + len(w["fixed"]) + len(w["dynamic"]) for w in view["walkthrough"]))
