"""The card that moves on the Once Upon a Forest table, animated with the client's one way of
showing a move (:mod:`tabletop.client.flights`): what changed zone between the drawing before
the move and the new one flies, read from the table's named items.  A card drawn flies from its
pile to the drawer's hand (to an opponent's as a back, showing the card's level as a back does),
a card played from the hand to its slot, a card given to the spot of the gift, a gift placed
from there to its slot, a card composted to the compost.

What the two drawings alone do not say, :class:`Flights` reads from the move shown and the view
before it: the pile a drawn card came from; a slot is not a card, so a card that went into a
forest went to the slot that holds it now; a card an opponent played or gave was one of the
backs of their hand (the first of its level, as the seat cannot tell which), so it flies face up
from that back; a back drawn lands on the newest back of the hand, not on the whole hand."""

from __future__ import annotations

from typing import Any

from tabletop.client.flights import CardFlights, Snapshot, Spot, Travel
from tabletop.engine.actions import Action

from .card_items import DURATION_MS, CardItem
from .cards import card
from .steps import Move


class Flights(CardFlights):
    """The flight of the card a move carried (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        super().__init__(table, DURATION_MS)
        self.view_before: dict[str, Any] = {}  # the view before the move shown

    # --- what the drawings do not say ------------------------------------------------------
    def _drawer(self) -> int | None:
        """Who drew, if the move shown is a draw."""
        return self.view_before["decider"] if self.action.kind == Move.DRAW else None

    def came_from(self, card_id: str, now: Spot) -> str | None:
        """A card the seat sees now for the first time: the one drawn, from its pile."""
        p = self._drawer()
        if p is not None and now.zone == f"hand/{p}" and self.table.view["hands"][p][-1].get("id") == card_id:
            return f"pile/{self.action['pile']}"
        return None

    def went_to(self, card_id: str, was: Spot) -> str | None:
        """A card the seat no longer sees as a card: the one played or placed, to its slot."""
        kind = self.action.kind
        carried = self.action["card"] if kind == Move.PLAY else (self.view_before["pending"] or {}).get("card")
        return self._slot_of(card_id) if kind in (Move.PLAY, Move.PLACE) and card_id == carried else None

    def _slot_of(self, card_id: str) -> str | None:
        """The name of the slot whose top card ``card_id`` is now."""
        for p, forest in enumerate(self.table.view["forests"]):
            for t, tree in enumerate(forest):
                for row, stack in enumerate(tree):
                    if stack and stack[-1] == card_id:
                        return f"slot/{p}/{t}/{row}"
        return None

    def backs_from(self, zone: str) -> str | None:
        """The back an opponent drew (or the seated player, when the hands are all backs)."""
        p = self._drawer()
        return f"pile/{self.action['pile']}" if p is not None and zone == f"hand/{p}" else None

    def stand_in(self, card_id: str | None, rect: Any) -> CardItem:
        """The card that flies: its face, or a back showing the level of the card drawn."""
        if card_id is not None:
            return CardItem(rect, card_id, card(card_id).level, None)
        return CardItem(rect, None, self.table.view["hands"][self._drawer()][-1]["level"], None)

    def seen_before(self, before: Snapshot) -> Snapshot:
        """``before`` with the card an opponent's move shows (played, given, composted) open where
        the seat saw it as a back: the first back of its level in the player's hand before."""
        kind = self.action.kind
        if kind not in (Move.PLAY, Move.GIVE, Move.COMPOST) or self.action["card"] in before.cards:
            return before
        p = self.view_before["turn"]
        level = card(self.action["card"]).level
        i = next((i for i, c in enumerate(self.view_before["hands"][p]) if c["level"] == level), None)
        back = f"hand/{p}/back/{i}"
        if back not in before.places:
            return before
        return before._replace(cards={**before.cards, self.action["card"]: Spot(f"hand/{p}", before.places[back])})

    def landing(self, travel: Travel) -> Any:
        """The item that shows where ``travel`` lands, hidden until it lands: the card itself, the
        slot it went into, or for a back the hand's newest back."""
        if travel.card is not None:
            shows = super().landing(travel)
            return shows if shows is not None else self.table.find(self._slot_of(travel.card) or "")
        zone = f"hand/{self._drawer()}"
        named = self.table.named_items()
        return named[f"{zone}/back/{sum(name.startswith(f'{zone}/back/') for name in named) - 1}"]

    def moves(self, before: Snapshot | None = None, action: Any = None) -> list[Travel]:
        """What flies (see :meth:`CardFlights.moves`), a back landing on the newest back of the
        hand rather than on the whole hand."""
        return [travel._replace(end=self.table.scene_rect_of(self.landing(travel)).getRect()) if travel.card is None
                else travel for travel in super().moves(before, action)]

    # --- the table's call --------------------------------------------------------------------
    def fly(self, action: Action, prev: dict[str, Any] | None = None) -> list[Travel]:  # type: ignore[override]
        """Fly what ``action`` moved between the drawing before it (``table.drawn_before``) and
        the one on show; ``prev`` is the view before it.  A view the move cannot be read from
        raises ``KeyError``, ``IndexError``, ``ValueError`` or ``TypeError``."""
        if prev is None:
            return []
        self.view_before = prev
        return super().fly(action=action)
