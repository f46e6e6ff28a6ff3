"""Three Spheres TCG: what each seat sees (:meth:`Views.view`), the whole state as JSON, and the
banner's question (its words in ``words.py``; the log's sentences in ``describe.py``).  A mix-in
of :class:`~.rules.ThreeSpheresState`.

Hidden: the hands (but one's own) and the order of every deck.  What a deck holds is known:
every card a player gains, trashes or is given is seen by both, so the view names the kinds
a seat cannot see -- one's own Realm deck, the opponent's hand and Realm deck together, each
World and Discovery deck -- sorted, never in their order and never by their ids.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.actions import Action

from . import describe, words
from .cards import info, kind_of
from .deck_files import deck_of
from .scoring import walkthrough
from .steps import Move, Step


def _kinds(cards: list[str]) -> list[str]:
    return sorted(map(kind_of, cards))


class Views:
    # --- hidden information ------------------------------------------------------------------
    def hidden_from(self, seat: int | None) -> set[str]:
        """The decks, and the other hand; at the end the collections are shown (the walk-through),
        so only the World and Discovery decks stay hidden."""
        hidden = {c for p in range(2) for zone in (self.world_deck, self.discovery_deck) for c in zone[p]}
        if self.step == Step.OVER:
            return hidden
        hidden |= {c for p in range(2) for c in self.realm[p]}
        return hidden | {c for p in range(2) if p != seat for c in self.hand[p]}

    def shown_between(self, after: Any) -> set[int]:
        """Who a move shows a card they could not see (a draw, a flip, a refilled spread, the
        other hand's card played: ``State.shown_to``); a shuffle counts as shown to both."""
        if after.shuffles != self.shuffles:
            return {0, 1}
        return super().shown_between(after)

    # --- the seat's view ---------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for p in range(2):
            unseen = self.realm[p] + ([] if p == seat else self.hand[p])
            players.append({
                "deck": self.deck_ids[p],
                "deck_name": deck_of(self.deck_ids[p]).name,
                "hand": list(self.hand[p]) if p == seat else None,
                "hand_size": len(self.hand[p]),
                "realm_size": len(self.realm[p]),
                "unseen": _kinds(unseen),  # what the seat knows lies in this Realm deck (and hand)
                "discard": list(self.discard[p]),
                "in_play": list(self.in_play[p]),
                "spent": list(self.spent[p]),
                "world_size": len(self.world_deck[p]),
                "world_unseen": _kinds(self.world_deck[p]),
                "discovery_size": len(self.discovery_deck[p]),
                "discovery_unseen": _kinds(self.discovery_deck[p]),
                "discovery": list(self.discovery[p]),
                "protected": self.protected[p],
                "turns": self.turns[p],
                "collection": len(self.collection(p)),
            })
        over = self.step == Step.OVER
        return {
            "game": self.game_id,
            "seat": seat,
            "players": 2,
            "options": dict(self.options),
            "step": self.step,
            "phase": self.phase,
            "decider": self.decider(),
            "turn": self.turn,
            "first": self.first,
            "seats": players,
            "spaces": [list(s) for s in self.spaces],
            "supply": len(self.supply),
            "trash": list(self.trash),
            "paid": dict(self.paid),
            "spent_on": dict(self.spent_on),  # where each card spent this turn sent its resources
            "discount": self.discount,
            "used": list(self.used),
            "dealt": self.dealt, "reshuffled": self.reshuffled,
            "queue": [dict(q) for q in self.queue],
            "pending": dict(self.pending) if self.pending else None,
            "flipped": self.flipped,
            "end_triggered": self.end_triggered,
            "scores": [s.to_json() for s in self.scores()],
            "winners": self.winners() if over else None,
            # the end: each collection sorted for the scoring walk-through (decision 14)
            "walkthrough": [walkthrough(self.collection(p), self.collection(1 - p)) for p in range(2)] if over else None,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "options": dict(self.options),
            "realm": self.realm, "discard": self.discard, "hand": self.hand, "in_play": self.in_play,
            "spent": self.spent, "world_deck": self.world_deck, "spaces": self.spaces,
            "discovery_deck": self.discovery_deck, "discovery": self.discovery, "supply": self.supply,
            "trash": self.trash, "turn": self.turn, "first": self.first, "turns": self.turns, "step": self.step,
            "phase": self.phase, "paid": self.paid, "spent_on": self.spent_on, "discount": self.discount, "used": self.used,
            "reshuffled": self.reshuffled, "protected": self.protected, "queue": self.queue,
            "pending": self.pending, "flipped": self.flipped, "end_triggered": self.end_triggered,
            "seed": self.seed, "shuffles": self.shuffles,
        }

    # --- words ---------------------------------------------------------------------------------
    def prompt(self) -> str:
        return words.banner(self, info)

    def describe(self, action: Action, names: list[str]) -> str:
        return describe.describe(self, action, names)
