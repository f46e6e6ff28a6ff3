"""The cards that moved between two views of the Spheres of Life table, flown from where they
were drawn to where they are drawn now (Qt): the client's one way of showing a move
(:mod:`tabletop.client.flights`), told what the two drawings alone cannot say -- where a card
the seat had not seen comes from, where one it no longer sees went, where a hand's new backs
come from and land -- by the two views (the table's call gives them)."""

from __future__ import annotations

from typing import Any

from tabletop.client import flights
from tabletop.client.flights import Spot, Travel, snapshot

from .card_items import SpheresCard

DECK = "pile/deck"
DISCARD = "pile/discard"


class CardFlights(flights.CardFlights):
    """The moves between two views of one seat (250 ms; the Dawn card 600 ms): a card that
    changed zone flies face up from where it lay; an open card dealt comes from the deck; a card
    new to the seat's hand or to the discard pile from a hand that lost one (the newest back
    there), else from the deck (a card leaving the discard pile from there); a card the seat saw
    go to a hand that grew lands on that hand's newest back (hidden until then); backs a hand
    gained besides (but for the faces seen going there) come from a hand that lost one, else from
    the deck, and land on its newest back.  Read from the two views and the two drawings alone,
    so a flight shows nothing the view does not."""

    def __init__(self, table: Any) -> None:
        super().__init__(table, duration_ms=250)
        self.old: dict[str, Any] = {}  # the view before the move, and after it
        self.new: dict[str, Any] = {}
        self.gains: dict[int, int] = {}  # the others' hands: how many cards each gained, lost
        self.losses: dict[int, int] = {}
        self.dawn: str | None = None  # the Dawn card flying on its own (dawn_card)
        self.showing: dict[Any, Any] = {}  # what moves found drawn: a card -> the item showing it
        self.backs: dict[Any, Any] = {}  # where a hand's newest back lies -> that back

    # --- the table's calls ------------------------------------------------------------------------
    def fly_move(self, old: dict[str, Any], new: dict[str, Any], seat: int | None, action: Any = None) -> list[Travel]:
        """Every card that moved between the view ``old`` and the view ``new`` (both ``seat``'s,
        ``new`` drawn now) flies: faces where the seat may see them, backs otherwise."""
        self.old, self.new = old, new
        sizes = {p: (old["hands"][p]["size"], new["hands"][p]["size"]) for p in range(new["players"]) if p != seat}
        self.gains = {p: max(0, b - a) for p, (a, b) in sizes.items()}
        self.losses = {p: max(0, a - b) for p, (a, b) in sizes.items()}
        return self.fly(action=action)

    def dawn_card(self, card_id: str) -> list[Travel]:
        """(Gods & Myths) A Dawn card that has just come up flies from the deck to its place
        beside the phase: what differs between the drawing before and the one now, the Dawn card
        alone."""
        drawn = getattr(self.table, "drawn_before", None)
        if drawn is None:
            return []
        now = snapshot(self.table)
        only = drawn._replace(cards={c: s for c, s in now.cards.items() if c != card_id}, backs=now.backs)
        self.dawn, self.duration_ms = card_id, 600
        try:
            return self.fly(only)
        finally:
            self.dawn, self.duration_ms = None, 250

    # --- what the drawings cannot say ----------------------------------------------------------------
    def _take(self, counts: dict[int, int]) -> int | None:
        p = next((q for q, k in counts.items() if k > 0), None)
        if p is not None:
            counts[p] -= 1
        return p

    def _newest_back(self, p: int, view: dict[str, Any]) -> str:
        return f"hand/{p}/back/{view['hands'][p]['size'] - 1}"

    def _from_a_hand_or_the_deck(self) -> str:
        """A card that appeared: from a hand that lost one (its newest back before), else the deck."""
        p = self._take(self.losses)
        return self._newest_back(p, self.old) if p is not None else DECK

    def came_from(self, card: str, now: Spot) -> str | None:
        if card == self.dawn or now.zone == "open":
            return DECK
        if now.zone == DISCARD and card not in self.old["discard"]:
            return self._from_a_hand_or_the_deck()
        if now.zone == f"hand/{self.table.me}":
            if card in self.old["discard"] and card not in self.new["discard"]:
                return DISCARD
            return self._from_a_hand_or_the_deck()
        return None

    def went_to(self, card: str, was: Spot) -> str | None:
        if card in self.new["discard"] and card not in self.old["discard"]:
            return DISCARD
        if was.zone in ("open", f"hand/{self.table.me}"):  # an open card picked, or the seat's given or taken
            p = self._take(self.gains)
            if p is not None:
                return self._newest_back(p, self.new)
        return None

    def backs_from(self, zone: str) -> str | None:
        kind, _, p = zone.partition("/")  # (asked of every zone holding backs: a hand that grew by more than
        # the faces seen going to it takes a loss)
        if kind != "hand" or not p.isdigit() or not self.gains.get(int(p)) or int(p) == self.table.me:
            return None
        return self._from_a_hand_or_the_deck()

    def stand_in(self, card: str | None, rect: Any) -> SpheresCard:
        return SpheresCard(rect, card, None)

    # --- where they land ------------------------------------------------------------------------
    def moves(self, before: Any = None, action: Any = None) -> list[Travel]:
        """What :func:`~tabletop.client.flights.travels` finds, but a back that goes to a hand
        lands on its newest back (not the whole hand), and no more backs land there than the
        cards the hand gained but for the faces seen going to it."""
        moves = super().moves(before, action)
        if not moves:
            return moves
        after = snapshot(self.table)
        named = self.table.named_items()
        newest = {z: f"{z}/back/{n - 1}" for z, n in after.backs.items() if z.startswith("hand/")}
        lands = {z: after.places[b] for z, b in newest.items() if b in after.places}
        self.showing = {getattr(it, "card_id", None): it for it in named.values()}
        self.backs = {after.places[b]: named[b] for b in newest.values() if b in named}
        hands = {after.places[z]: end for z, end in lands.items() if z in after.places}
        moves = [m._replace(end=hands.get(m.end, m.end)) if m.card is None else m for m in moves]
        room = {lands[f"hand/{p}"]: k for p, k in self.gains.items() if f"hand/{p}" in lands}
        return [m for m in moves if m.card is not None or m.end not in room or self._room(room, m.end)]

    @staticmethod
    def _room(room: dict[Any, int], end: Any) -> bool:
        """Whether a back may still land at ``end`` (one fewer may then): a hand's backs fly
        but for the faces seen going to it."""
        room[end] -= 1
        return room[end] >= 0

    def landing(self, travel: Travel) -> Any:
        """A card lands on the item showing it, else (a card gone into a hand) on the back where
        it lands, hidden until then; a back shows at once.  (Read from what :meth:`moves` found
        drawn: the table's items, once for the whole move.)"""
        if travel.card is None:
            return None
        dest = self.showing.get(travel.card)
        return dest if dest is not None else self.backs.get(travel.end)
