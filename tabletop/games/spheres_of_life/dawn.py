"""Spheres of Life, Gods & Myths: the Dawn cards and the Dawn Phase (docs/rules/spheres-of-life.md,
"Gods & Myths", the Dawn).

A Dawn card never reaches a hand or the table: whenever a card is taken from the main deck
(:meth:`DawnPhase._from_deck`), a Dawn card that comes up is shown to everybody and set aside
-- or, when it may not start a Dawn Phase now (the set-up's deal, the game's first Day, a second
Dawn in one round: one phase, or with option ``dawn_round`` three), put back into the deck below
at least one card, and in the Last Dream left out of play.  A Dawn card set aside starts the Dawn
Phase once the current phase has ended, before the phase cards pass on:

1. in turn from the holder of the phase cards, each player lays up to five cards face down, one
   at a time (the others see how many, not which);
2. all are shown and counted together (:func:`dawn_points`); at 10 or more the game ends at once
   and is scored;
3. below 10, in the same order, each player may add one unused hero for 5 more; reaching 10 ends
   the game at once;
4. otherwise the sacrificed cards go to the discard pile (a sacrificed hero is turned over), the
   Dawn card leaves play, the phase cards pass on and the next phase begins.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.engine.actions import Action

from .cards import ABILITY, CORRUPTED, DAWN, NOBLE, distinct, every_card, kind_of, kind_types
from .scoring import animal_points
from .steps import DAWN_PHASE_NAME, DAY, DONE, OVER, PASS, SETUP, Move, Step, act

CYCLE = "cycle"  # option dawn_round: a round is a whole Day, Night and Dream (the first reading)
SACRIFICE_MOST = 5  # cards one player may sacrifice
HERO_POINTS = 5  # a sacrificed hero's worth
ENDS_AT = 10  # the sacrifice's total that ends the game


@cache
def dawn_cards() -> frozenset[str]:
    return frozenset(cid for cid, c in every_card().items() if c.type == DAWN)


def dawn_points(cards: list[str]) -> int:
    """What sacrificed cards are worth together: noble animals as a hand counts them, species by
    species (1, 4, 9); every ability card -1; every corrupted animal -1 (no sets)."""
    nobles: dict[str, int] = {}
    total = 0
    for c in cards:
        k = kind_of()[c]
        t = kind_types()[k]
        if t == NOBLE:
            nobles[k] = nobles.get(k, 0) + 1
        elif t in (ABILITY, CORRUPTED):
            total -= 1
    return total + sum(animal_points(v) for v in nobles.values())


class DawnPhase:
    """The Dawn of :class:`~.rules.SpheresState` (its fields are set in state.py)."""

    # --- a card taken from the main deck ----------------------------------------------------
    def _from_deck(self) -> str | None:
        """The next card of the main deck that can be taken (``None``: the deck is empty); Dawn
        cards that come up on the way are dealt with."""
        while self.deck:
            c = self.deck.pop()
            if c not in dawn_cards():
                return c
            self._dawn_comes_up(c)
        return None

    def _dawn_comes_up(self, c: str) -> None:
        self.dawn_news.append(c)
        if self.last_dream:  # ignored: it leaves play
            self.dawn_out.append(c)
            return
        first_day = self.phases_done == self.game_began and self.phase == DAY  # (of this game of a match)
        # a second Dawn card in one round: in the same phase (one is set aside already), or, with
        # option dawn_round = cycle, in the same Day, Night and Dream
        second = self.dawn_aside or (self.options["dawn_round"] == CYCLE and self.dawn_round == self.round())
        if self.phase == SETUP or first_day or second:
            if any(x not in dawn_cards() for x in self.deck):  # back into the deck, below another card
                self.deck.insert(self._slot(len(self.deck) - 1), c)
            else:  # (nothing but Dawn cards left: it could only come up again; it leaves play)
                self.dawn_out.append(c)
            return
        self.dawn_aside.append(c)
        self.dawn_round = self.round()

    # --- the Dawn Phase -----------------------------------------------------------------------
    def _start_dawn(self, forced: str | None, by: int | None) -> None:
        """The phase that ended (its cards cleared) is followed by the Dawn Phase."""
        self.dawn_resume = {"after": self.phase, "forced": forced, "by": by}
        self.phase = DAWN_PHASE_NAME
        self.queue = self._clockwise_from(self.leader)
        self.sacrificed = [[] for _ in range(self.num_players)]
        self.dawn_heroes = []
        self.dawn_total = None
        self.effect = {}
        self.step = Step.SACRIFICE
        self.window_id += 1

    def _legal_sacrifice(self) -> list[Action]:
        p = self.queue[0]
        if len(self.sacrificed[p]) >= SACRIFICE_MOST:
            return [DONE]
        return [DONE] + [act(Move.SACRIFICE, card=c) for c in distinct(self.hands[p])]

    def _on_sacrifice(self, action: Action) -> None:
        p = self.queue[0]
        if action.kind == Move.SACRIFICE:
            self._from_hand(p, action["card"], seen_by=())  # (face down: nobody sees which)
            self.sacrificed[p].append(action["card"])
            if len(self.sacrificed[p]) < SACRIFICE_MOST and self.hands[p]:
                return
        self.queue.pop(0)
        if not self.queue:
            self._dawn_reveal()

    def _dawn_reveal(self) -> None:
        if self.options["dawn_count"] == "each":  # (each player's cards counted apart, then added)
            self.dawn_total = sum(dawn_points(cs) for cs in self.sacrificed)
        else:
            self.dawn_total = dawn_points([c for cs in self.sacrificed for c in cs])
        self.dawn_counted = [c for cs in self.sacrificed for c in cs]
        if self.dawn_total >= ENDS_AT:
            self._end_dawn(game_over=True)
            return
        order = self._clockwise_from(self.leader)
        self.queue = [p for p in order if any(h not in self.used for h in self.heroes[p])]
        self.step = Step.DAWN_HERO
        self.window_id += 1
        if not self.queue:
            self._end_dawn(game_over=False)

    def _legal_dawn_hero(self) -> list[Action]:
        p = self.queue[0]
        return [act(Move.SACRIFICE, card=h) for h in self.heroes[p] if h not in self.used] + [PASS]

    def _on_dawn_hero(self, action: Action) -> None:
        self.queue.pop(0)
        if action.kind == Move.SACRIFICE:
            self.used.append(action["card"])  # (turned over)
            self.dawn_heroes.append(action["card"])
            self.dawn_spent.append(action["card"])  # (for good: no Fountain of Youth readies it)
            self.dawn_total += HERO_POINTS
            if self.dawn_total >= ENDS_AT:
                self._end_dawn(game_over=True)
                return
        if not self.queue:
            self._end_dawn(game_over=False)

    def _end_dawn(self, game_over: bool) -> None:
        for cs in self.sacrificed:
            for c in cs:
                self._to_discard(c)
        self.sacrificed = [[] for _ in range(self.num_players)]
        self.dawn_out += self.dawn_aside
        self.dawn_aside = []
        resume, self.dawn_resume = self.dawn_resume, {}
        self.queue = []
        if game_over:
            self.dawn_ended = True
            if self.match_round < self.options["rounds"]:
                self._next_match_round()
                return
            self.phase = OVER
            self.step = Step.OVER
            return
        self.phase = resume["after"]
        self._after_phase(resume["forced"], resume["by"])

    def _dawn_view(self, seat: int | None) -> dict[str, Any]:
        """The Dawn as ``seat`` sees it: the cards set aside and out of play, the sacrifices (one's
        own; the others' only counted until they are shown), the total, the heroes added."""
        shown = self.step != Step.SACRIFICE
        return {
            "aside": list(self.dawn_aside),
            "out": list(self.dawn_out),
            "sacrificed": [list(cs) if shown or p == seat else None for p, cs in enumerate(self.sacrificed)],
            "sacrificed_count": [len(cs) for cs in self.sacrificed],
            "total": self.dawn_total,
            "heroes": list(self.dawn_heroes),
            "spent": list(self.dawn_spent),
            "round": self.dawn_round,
            "ended_game": self.dawn_ended,
            "resume": dict(self.dawn_resume),
        }
