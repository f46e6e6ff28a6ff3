"""Spheres of Life, Gods & Myths: the Dawn cards and the Dawn Phase (docs/rules/spheres-of-life.md,
"Gods & Myths", the Dawn).

A Dawn card never reaches a hand or the table: whenever a card is taken from the main deck
(``SpheresState._from_deck``), a Dawn card that comes up is shown to everybody and set aside
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

:class:`Dawn` is the part of a game's state that holds all this; the state has one (``state.dawn``).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from tabletop.engine.actions import Action, act

from .cards import ABILITY, CORRUPTED, DAWN, NOBLE, distinct, every_card, kind_of, kind_types
from .scoring import animal_points
from .steps import DAWN_PHASE_NAME, DAY, DONE, PASS, SETUP, Move, Step

if TYPE_CHECKING:
    from .rules import SpheresState

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


class Dawn:
    """The Dawn of one game: the Dawn cards set aside (waiting for the phase's end) and out of
    play, the round of the last one set aside, the sacrifices, their total, the heroes added,
    where play resumes, whether the Dawn ended the game; and, for the log, what the last action
    brought up (``news``) or showed (``counted``).

    It owns these fields.  Of the rest of the game it is given the state, and reads the hands,
    the heroes, the turn order (``queue``, which the Dawn Phase uses for its own turns), the
    phase and the options; it moves cards with the state's own moves (``_from_hand``,
    ``_to_discard``, ``_slot``) and hands play back with ``_after_phase`` or ``_game_ends``."""

    def __init__(self, players: int) -> None:
        self.aside: list[str] = []
        self.out: list[str] = []
        self.round = -1
        self.sacrificed: list[list[str]] = [[] for _ in range(players)]
        self.heroes: list[str] = []
        self.spent: list[str] = []  # heroes sacrificed at any Dawn of the game: turned over for good
        self.total: int | None = None
        self.resume: dict[str, Any] = {}
        self.ended = False  # the Dawn ended the game
        self.news: list[str] = []  # Dawn cards that came up during the last action (for the log)
        self.counted: list[str] | None = None  # the sacrifices, when the last action showed them (for the log)

    def clone(self) -> Dawn:
        new = Dawn.__new__(Dawn)  # (field by field: the bots clone states all the time)
        new.aside, new.out, new.round = self.aside[:], self.out[:], self.round
        new.sacrificed = [cs[:] for cs in self.sacrificed]
        new.heroes, new.spent, new.total = self.heroes[:], self.spent[:], self.total
        new.resume, new.ended = self.resume.copy(), self.ended
        new.news, new.counted = [], None
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dawn) and vars(self) == vars(other)

    def __repr__(self) -> str:
        return f"Dawn({', '.join(f'{k}={v!r}' for k, v in vars(self).items())})"

    def new_game(self) -> None:
        """A later game of a match: no Dawn card aside or out of play yet."""
        self.aside, self.out, self.round, self.ended = [], [], -1, False

    def document(self) -> dict[str, Any]:
        """The Dawn's fields in the state's document (``dawn_spent`` only once a hero is spent)."""
        return {"dawn_aside": self.aside, "dawn_out": self.out, "dawn_round": self.round,
                "sacrificed": self.sacrificed, "dawn_heroes": self.heroes, "dawn_total": self.total,
                "dawn_resume": self.resume, "dawn_ended": self.ended,
                **({"dawn_spent": self.spent} if self.spent else {})}

    # --- a card taken from the main deck ----------------------------------------------------
    def comes_up(self, state: SpheresState, c: str) -> None:
        """The Dawn card ``c`` came up from the main deck: set aside, put back, or out of play."""
        self.news.append(c)
        if state.last_dream:  # ignored: it leaves play
            self.out.append(c)
            return
        first_day = state.phases_done == state.game_began and state.phase == DAY  # (of this game of a match)
        # a second Dawn card in one round: in the same phase (one is set aside already), or, with
        # option dawn_round = cycle, in the same Day, Night and Dream
        second = self.aside or (state.options["dawn_round"] == CYCLE and self.round == state.round())
        if state.phase == SETUP or first_day or second:
            deck = state.deck
            if any(x not in dawn_cards() for x in deck):  # back into the deck, below another card
                deck.insert(state._slot(len(deck) - 1), c)
            else:  # (nothing but Dawn cards left: it could only come up again; it leaves play)
                self.out.append(c)
            return
        self.aside.append(c)
        self.round = state.round()

    # --- the Dawn Phase -----------------------------------------------------------------------
    def start(self, state: SpheresState, forced: str | None, by: int | None) -> None:
        """The phase that ended (its cards cleared) is followed by the Dawn Phase."""
        self.resume = {"after": state.phase, "forced": forced, "by": by}
        state.phase = DAWN_PHASE_NAME
        state.queue = state._clockwise_from(state.leader)
        self.sacrificed = [[] for _ in range(state.num_players)]
        self.heroes = []
        self.total = None
        state.effect = {}
        state.step = Step.SACRIFICE
        state.window_id += 1

    def legal_sacrifice(self, state: SpheresState) -> list[Action]:
        p = state.queue[0]
        if len(self.sacrificed[p]) >= SACRIFICE_MOST:
            return [DONE]
        return [DONE] + [act(Move.SACRIFICE, card=c) for c in distinct(state.hands[p])]

    def on_sacrifice(self, state: SpheresState, action: Action) -> None:
        p = state.queue[0]
        if action.kind == Move.SACRIFICE:
            state._from_hand(p, action["card"], seen_by=())  # (face down: nobody sees which)
            self.sacrificed[p].append(action["card"])
            if len(self.sacrificed[p]) < SACRIFICE_MOST and state.hands[p]:
                return
        state.queue.pop(0)
        if not state.queue:
            self._reveal(state)

    def _reveal(self, state: SpheresState) -> None:
        if state.options["dawn_count"] == "each":  # (each player's cards counted apart, then added)
            self.total = sum(dawn_points(cs) for cs in self.sacrificed)
        else:
            self.total = dawn_points([c for cs in self.sacrificed for c in cs])
        self.counted = [c for cs in self.sacrificed for c in cs]
        if self.total >= ENDS_AT:
            self._end(state, game_over=True)
            return
        order = state._clockwise_from(state.leader)
        state.queue = [p for p in order if any(h not in state.used for h in state.heroes[p])]
        state.step = Step.DAWN_HERO
        state.window_id += 1
        if not state.queue:
            self._end(state, game_over=False)

    def legal_hero(self, state: SpheresState) -> list[Action]:
        p = state.queue[0]
        return [act(Move.SACRIFICE, card=h) for h in state.heroes[p] if h not in state.used] + [PASS]

    def on_hero(self, state: SpheresState, action: Action) -> None:
        state.queue.pop(0)
        if action.kind == Move.SACRIFICE:
            state.used.append(action["card"])  # (turned over)
            self.heroes.append(action["card"])
            self.spent.append(action["card"])  # (for good: no Fountain of Youth readies it)
            self.total += HERO_POINTS
            if self.total >= ENDS_AT:
                self._end(state, game_over=True)
                return
        if not state.queue:
            self._end(state, game_over=False)

    def _end(self, state: SpheresState, game_over: bool) -> None:
        for cs in self.sacrificed:
            for c in cs:
                state._to_discard(c)
        self.sacrificed = [[] for _ in range(state.num_players)]
        self.out += self.aside
        self.aside = []
        resume, self.resume = self.resume, {}
        state.queue = []
        if game_over:
            self.ended = True
            state._game_ends()
            return
        state.phase = resume["after"]
        state._after_phase(resume["forced"], resume["by"])

    def view(self, seat: int | None, shown: bool) -> dict[str, Any]:
        """The Dawn as ``seat`` sees it: the cards set aside and out of play, the sacrifices (one's
        own; the others' only counted until they are ``shown``), the total, the heroes added."""
        return {
            "aside": list(self.aside),
            "out": list(self.out),
            "sacrificed": [list(cs) if shown or p == seat else None for p, cs in enumerate(self.sacrificed)],
            "sacrificed_count": [len(cs) for cs in self.sacrificed],
            "total": self.total,
            "heroes": list(self.heroes),
            "spent": list(self.spent),
            "round": self.round,
            "ended_game": self.ended,
            "resume": dict(self.resume),
        }
