"""The cards that move on the Three Spheres TCG table, animated: a card spent or played flies
from the hand to the cards in play, a card bought from its space to the buyer's Realm discard,
a flipped card from its World deck to its space, the hand drawn from the Realm deck, and so on.

The moves are read from two views of the same seat alone -- where each open card lies in each
(:func:`places`), and the opponent's hand size -- so a flight shows nothing the views do not: a
card whose face was never open to the seat travels as a back.  :class:`Flights` is a part of
:class:`~tabletop.games.three_spheres.table.ThreeSpheresTable`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF

from tabletop.client.table_items import fly

from .card_items import SpheresTCGCard
from .layout import side_of

FLIGHT_MS = 260
MOST_FLIGHTS = 16  # a turn's end moves many cards: the first ones fly, the rest are just there

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
    """The animation of the moves between two views (see the module docstring)."""

    flying: list[SpheresTCGCard]

    def _card_places(self) -> dict[Any, QRectF]:
        """Where each open card is drawn now (by id), and the spots of the piles and hands."""
        before: dict[Any, QRectF] = {c: it.card_scene_rect() for c, it in self._items_by_id.items()}
        before.update((h.card_id, h.card_scene_rect()) for h in self._hand)
        before.update(self._spots)
        return before

    def _spot(self, place: Place | None, rects: dict[Any, QRectF]) -> QRectF | None:
        return rects.get(place) if place is not None else None

    def _animate_moves(self, old: dict[str, Any], before: dict[Any, QRectF]) -> None:
        new = self.view
        was, now = places(old), places(new)
        flights: list[tuple[str | None, QRectF | None, QRectF | None, Any]] = []  # card (None: a back), from, to, landing item
        for c in list(now) + [c for c in was if c not in now]:
            if was.get(c) == now.get(c):
                continue
            item = self._items_by_id.get(c) if c in now else None
            if item is None and c in now and now[c][0] == "hand":
                item = next((h for h in self._hand if h.card_id == c), None)
            start = before.get(c) if c in was else None
            if start is None:
                start = self._spot(was.get(c) or source_of(now[c], old), before)
            if item is not None:
                end = item.card_scene_rect()
            elif c in now:
                end = self._spot(now[c], self._spots)
            else:  # gone where the seat cannot see: back into a Realm deck (a reshuffle)
                end = self._spot(("realm", was[c][1]), self._spots) if was[c][0] == "discard" else None
            flights.append((c, start, end, item))
        opp = 1 - self.me
        gained = new["seats"][opp]["hand_size"] - old["seats"][opp]["hand_size"]
        flights += [(None, self._spots.get(("realm", opp)), self._spots.get(("hand", opp)), None)] * max(0, gained)
        for c, start, end, item in [f for f in flights if f[1] is not None and f[2] is not None][:MOST_FLIGHTS]:
            stand_in = SpheresTCGCard(start, c, "flying" if c is not None else "back", detail=False)
            self.flying.append(stand_in)
            fly(self, stand_in, start, end, self._anims, FLIGHT_MS, item, done=lambda s=stand_in: self._landed(s))

    def _landed(self, stand_in: SpheresTCGCard) -> None:
        if stand_in in self.flying:
            self.flying.remove(stand_in)
