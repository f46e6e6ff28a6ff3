"""What a click means on the Once Upon a Forest table, without Qt: the card of the hand chosen
first, which slots, piles and players light up, what a click on each plays (or the sentence that
says why it plays nothing), and the instruction under the hand.  The table (:mod:`.table`) asks
a :class:`Choosing` and draws.

A click's answer is a :data:`Click`: the action to play, or ``None`` and the status bar's
sentence (``None``: nothing to say).  Places are named as the view names them: a slot by its
player, tree and row (0 the ground, 3 the canopy), a player by their seat (``None``: the
compost of a one-player game), a pile by its index.  The words it answers with are
:mod:`.words`'s.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.actions import Action

from . import words
from .cards import card
from .rules import (DRAW, GIVE, PLACE, PLAY, SETUP, compost_action, draw_action, give_action, place_action,
                    placement_problem, play_action)
from .words import Names

Click = tuple[Action | None, str | None]


class Choosing:
    """The half-made choice on the table and what each click means, for one view and its legal
    actions (:meth:`show`)."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.legal: list[Action] = []
        self.legal_set: set[Action] = set()
        self.me = 0  # the player drawn at the bottom
        self.selected: str | None = None  # a card of the hand chosen first

    def show(self, view: dict[str, Any] | None, legal: list[Action], me: int) -> None:
        """A new view, seen by ``me``: nothing is chosen."""
        self.view, self.legal, self.legal_set, self.me = view, list(legal), set(legal), me
        self.selected = None

    # --- what lights up ------------------------------------------------------------------------
    def hand_choosable(self, card_id: str | None) -> bool:
        """Whether a card of the hand may be chosen now (played, given or composted)."""
        if not self.legal or self.view["stage"] not in (PLAY, GIVE):
            return False
        return any(a.get("card") == card_id for a in self.legal)

    def slot_legal(self, player: int, tree: int, row: int) -> bool:
        """Whether the slot takes the card being played or placed now."""
        v = self.view
        stage = v["stage"]
        if stage == PLAY and self.selected and player == self.me:
            return row == card(self.selected).level and play_action(self.selected, tree) in self.legal_set
        if stage == PLACE and v["pending"] and player == v["pending"]["to"]:
            return row == card(v["pending"]["card"]).level and place_action(tree) in self.legal_set
        return False

    def panel_legal(self, player: int | None) -> bool:
        """Whether the chosen card may go to ``player`` now (``None``: the compost)."""
        if not (self.view["stage"] == GIVE and self.selected):
            return False
        action = compost_action(self.selected) if player is None else give_action(self.selected, player)
        return action in self.legal_set

    def pile_legal(self, index: int) -> bool:
        return draw_action(index) in self.legal_set

    # --- what a click does ---------------------------------------------------------------------
    def click_hand(self, card_id: str) -> str | None:
        """A click on a card of the hand: it is chosen (or let go when it was); the status bar's
        sentence."""
        if not self.hand_choosable(card_id):
            return self.stage_reminder()
        self.selected = None if self.selected == card_id else card_id
        if not self.selected:
            return None
        return words.chosen(self.selected, self.view["stage"], self.view["players"])

    def click_pile(self, index: int) -> Click:
        if self.pile_legal(index):
            return draw_action(index), None
        if self.view["stage"] in (SETUP, DRAW):
            return None, words.empty_pile(index)
        return None, self.stage_reminder()

    def click_slot(self, player: int, tree: int, row: int, card_id: str | None = None) -> Click:
        """A click on a slot (or ``card_id`` of the hand dropped on it)."""
        v = self.view
        stage = v["stage"]
        if stage == PLAY:
            cid = card_id or self.selected
            if cid is None:
                return None, words.NO_CARD_CHOSEN
            if player != self.me:
                return None, words.NOT_YOUR_FOREST
            return self._into(player, cid, tree, row, play_action(cid, tree), words.CANNOT_PLAY_THERE)
        if stage == PLACE:
            pend = v["pending"]
            if player != pend["to"]:
                return None, words.PLACE_IN_YOUR_FOREST
            return self._into(player, pend["card"], tree, row, place_action(tree), words.CANNOT_PLACE_THERE)
        if stage == GIVE and player != self.me:
            return self.click_panel(player, card_id)
        return None, self.stage_reminder()

    def _into(self, player: int, cid: str, tree: int, row: int, action: Action, refused: str) -> Click:
        problem = placement_problem(self.view["forests"][player], card(cid).level, tree, row)
        if problem is None and action not in self.legal_set:
            problem = refused
        return (None, problem) if problem else (action, None)

    def click_panel(self, player: int | None, card_id: str | None = None) -> Click:
        """A click on a player's area (``None``: the compost), or ``card_id`` dropped there."""
        if self.view["stage"] != GIVE:
            return None, self.stage_reminder()
        cid = card_id or self.selected
        if cid is None:
            return None, words.NO_CARD_TO_GIVE
        if player is None:
            return compost_action(cid), None
        if player == self.me:
            return None, words.GIVE_TO_ANOTHER
        return give_action(cid, player), None

    def click_pending(self, seat: int | None, card_id: str) -> str | None:
        """A click on the card given, waiting to be placed: what to do with it."""
        if self.view["stage"] == PLACE and seat == self.view["pending"]["to"]:
            return words.place_it(card_id)
        return None

    # --- the words (:mod:`.words` says them) ---------------------------------------------------
    def stage_reminder(self) -> str:
        """What to do first, for a click on something not to be played now."""
        return words.stage_reminder(self.view["stage"])

    def instruction(self, who: Names) -> str:
        """How to act, under the hand."""
        return words.instruction(self.view, bool(self.legal), self.selected, who)
