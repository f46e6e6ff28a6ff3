"""What a click means on the Three Spheres TCG table, without Qt: the card of the hand chosen
first, what may be chosen, which places light up and what a click on each plays, and the
prompt's buttons; their words, the prompt's and the refusals' are said in :mod:`.words`.  The
table (:mod:`.table`) asks a :class:`Choosing` and draws.

Places are named as the table finds its items: ``("target", card)`` -- a buy target (a top card
of a World space, a card of one's own Discovery spread); ``("in_play", card)`` -- one's own card
in play, not spent; ``("space", i)`` -- the top card of World space ``i``; ``("pool", card)`` --
a card to trash from (the Realm discard laid out over the World, or else the hand).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.actions import Action

from . import words
from .cards import info, kind_of
from .steps import Move, Step
from .words import Names

Place = tuple[str, Any]


def name_of(cid: str) -> str:
    return info(cid).name


def action_words(a: Action, view: dict[str, Any]) -> str:
    """A move in the words of a button or a hint (:func:`.words.action_words`, given the cards)."""
    return words.action_words(a, view, info)


class Choosing:
    """The half-made choice on the table and what each click means, for one view and its legal
    actions (:meth:`show`)."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.legal: list[Action] = []
        self.legal_set: set[Action] = set()
        self.selected: str | None = None  # a card of the hand chosen first

    def show(self, view: dict[str, Any] | None, legal: list[Action]) -> None:
        """A new view: nothing is chosen."""
        self.view, self.legal, self.legal_set = view, list(legal), set(legal)
        self.selected = None

    def same(self, card_id: str | None, kinds: tuple[str, ...]) -> str | None:
        """The card of a legal action of one of ``kinds`` that is a copy of ``card_id`` (the rules
        offer one card of each kind: copies are the same choice)."""
        if card_id is None:
            return None
        for a in self.legal:
            if a.kind in kinds and a.get("card") == card_id:
                return card_id
        k = kind_of(card_id)
        for a in self.legal:
            if a.kind in kinds and isinstance(a.get("card"), str) and kind_of(a["card"]) == k:
                return a["card"]
        return None

    def play_action(self) -> Action | None:
        """Playing the chosen card for its ability, when the rules allow it now."""
        if self.selected is None:
            return None
        a = Action.make(Move.PLAY, card=self.selected)
        return a if a in self.legal_set else None

    def free_buys(self) -> set[str]:
        """The cards a click buys now (paid for, or free by a discount)."""
        return {a["target"] for a in self.legal if a.kind == Move.BUY}

    def choosable(self, card_id: str | None) -> bool:
        """Whether a card of the hand may be chosen now (played or spent)."""
        return self.view["step"] == Step.MAIN and self.same(card_id, (Move.PLAY, Move.SPEND)) is not None

    def picker(self) -> list[str] | None:
        """The cards of a trash from the Realm discard, laid out to choose from, every copy (two
        Wisps are two cards, though trashing either is one choice); ``None``: the question is
        another."""
        v = self.view
        if bool(self.legal) and v["step"] == Step.TRASH and (v["pending"] or {}).get("from") == "discard":
            kinds = {kind_of(a["card"]) for a in self.legal if a.kind == Move.TRASH}
            return [c for c in v["seats"][v["seat"]]["discard"] if kind_of(c) in kinds]
        return None

    def lit(self, pool: list[str]) -> list[tuple[tuple[str, ...], Any, Action]]:
        """What a click on each lit place plays now, in the order of the legal actions: (the kinds
        of place to look in, first found first; the place's key; the action).  ``pool``: the cards
        a trash chooses from (the copies of a kind in it are the same choice)."""
        v = self.view
        out: list[tuple[tuple[str, ...], Any, Action]] = []
        if not self.legal or v.get("walkthrough"):
            return out
        spend_at = ("in_play", "target")  # (one's own card in play, else a buy target)
        for a in self.legal:
            k = a.kind
            if k == Move.SPEND and self.selected is not None and a["card"] == self.selected:
                out.append((spend_at, a["target"], a))
            elif k == Move.BUY and self.selected is None:
                out.append((("target",), a["target"], a))
            elif k == Move.ASSIGN:
                out.append((spend_at, a["target"], a))
            elif k == Move.TAKE:
                out.append((("target",), a["card"], a))
            elif k == Move.COPY:
                out.append((("in_play",), a["card"], a))
            elif k == Move.SPACE:
                out.append((("space",), a["space"], a))
            elif k == Move.TRASH and v["step"] == Step.TRASH and a["card"] in pool:
                out += [(("pool",), c, a) for c in pool if kind_of(c) == kind_of(a["card"])]
                out.append((("pool",), a["card"], a))
        return out

    def click_hand(self, card_id: str) -> str | None:
        """A click on a card of the hand: it is chosen, or let go when it was; or the sentence
        that says why it cannot be."""
        if not self.choosable(card_id):
            return words.refusal(card_id, self.view["step"], info)
        same = self.same(card_id, (Move.PLAY, Move.SPEND))
        self.selected = None if self.selected == same else same
        return None

    def why_not(self, role: str, other: str) -> str:
        """Why a click on a card of ``role`` that is not lit does nothing (``other``: the name of
        the other player)."""
        return words.why_not(role, other, self.view["step"], self.selected, info)

    # --- the prompt ------------------------------------------------------------------------------
    def prompt_words(self, who: Names) -> tuple[str, str]:
        """The prompt's title (whose turn) and its sentence (what to do now)."""
        return words.prompt_words(self.view, who, info, not self.legal, self.selected, self.play_action() is not None)

    def choices(self) -> list[tuple[str, Action | None, str]]:
        """The prompt's buttons: (words, the action -- ``None``: Cancel -- and the button's kind)."""
        v = self.view
        if not self.legal:
            return []
        out: list[tuple[str, Action | None, str]] = []
        if v["step"] == Step.MAIN:
            play = self.play_action()
            if play is not None:
                out.append((action_words(play, v), play, "ability"))
            if self.selected is not None:
                out.append((words.CANCEL, None, "cancel"))
            out += [(action_words(a, v), a, "choice") for a in self.legal if a.kind == Move.BUY][:2]
            out += [(action_words(a, v), a, "choice") for a in self.legal if a.kind == Move.END]
        else:
            out += [(action_words(a, v), a, "cancel") for a in self.legal if a.kind == Move.DONE]
        return out
