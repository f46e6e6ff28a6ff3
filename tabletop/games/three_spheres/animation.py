"""The cards that move on the Three Spheres TCG table, animated: a card spent or played flies
from the hand to the cards in play, a card bought from its space to the buyer's Realm discard,
a flipped card from its World deck to its space, the hand drawn from the Realm deck, and so on.

The moves are read from two views of the same seat alone -- where each open card lies in each
(:func:`places`), and the opponent's hand size -- so a flight shows nothing the views do not: a
card whose face was never open to the seat travels as a back.  The table has a :class:`Flights`,
and a :class:`WalkPlayer` that plays the scoring walk-through at the end step by step.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QTimer

from tabletop.client.table_items import fly

from .card_items import SpheresTCGCard
from .layout import side_of

FLIGHT_MS = 260
MOST_FLIGHTS = 16  # a turn's end moves many cards: the first ones fly, the rest are just there
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


class Flights:
    """The animation of the moves between two views (see the module docstring): the table has
    one, and asks it to fly what moved once the new view is drawn (:meth:`fly`)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.flying: list[SpheresTCGCard] = []  # the stand-ins of the cards on their way

    def fly(self, old: dict[str, Any], before: dict[Any, QRectF]) -> None:
        """Fly the cards that moved from ``old`` (the view drawn before, its places ``before``:
        :meth:`~tabletop.games.three_spheres.layout.ThreeSpheresLayout.places`) to the view drawn now."""
        table, layout = self.table, self.table.layout
        new = table.view
        spots = layout.spots
        was, now = places(old), places(new)
        flights: list[tuple[str | None, QRectF | None, QRectF | None, Any]] = []  # card (None: a back), from, to, landing item
        for c in list(now) + [c for c in was if c not in now]:
            if was.get(c) == now.get(c):
                continue
            item = layout.items_by_id.get(c) if c in now else None
            if item is None and c in now and now[c][0] == "hand":
                item = next((h for h in layout.hand if h.card_id == c), None)
            start = before.get(c) if c in was else None
            if start is None:
                start = _spot(was.get(c) or source_of(now[c], old), before)
            if item is not None:
                end = item.card_scene_rect()
            elif c in now:
                end = _spot(now[c], spots)
            else:  # gone where the seat cannot see: back into a Realm deck (a reshuffle)
                end = _spot(("realm", was[c][1]), spots) if was[c][0] == "discard" else None
            flights.append((c, start, end, item))
        opp = 1 - table.me
        gained = new["seats"][opp]["hand_size"] - old["seats"][opp]["hand_size"]
        flights += [(None, spots.get(("realm", opp)), spots.get(("hand", opp)), None)] * max(0, gained)
        for c, start, end, item in [f for f in flights if f[1] is not None and f[2] is not None][:MOST_FLIGHTS]:
            stand_in = SpheresTCGCard(start, c, "flying" if c is not None else "back", detail=False)
            self.flying.append(stand_in)
            fly(table, stand_in, start, end, table._anims, FLIGHT_MS, item, done=lambda s=stand_in: self._landed(s))

    def _landed(self, stand_in: SpheresTCGCard) -> None:
        if stand_in in self.flying:
            self.flying.remove(stand_in)


def _spot(place: Place | None, rects: dict[Any, QRectF]) -> QRectF | None:
    return rects.get(place) if place is not None else None


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
