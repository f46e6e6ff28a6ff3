"""Bots for Spheres, the shogun sowing game.

The game is open: a seat's view is the whole position, so ``determinize`` rebuilds it exactly
(nothing is hidden; the dice are not rolled before their time).

* Easy: greedy -- the move (and the sowing choices after it) that gains the most points by the
  end of this turn.
* Normal and Hard: :class:`SearchBot`, an expectimax alpha-beta search over the exact rules.
  A turn's sowing choices are searched as part of the move (each choice is a ply; choices
  with one answer are made by the rules and cost nothing); iterative deepening within the
  time budget from the greedy choice, a transposition table, and the best move of the last
  iteration searched first.  The dice of a thief are a chance node, and a finished
  game is worth a win or a loss before any margin, so the thief is rolled to win, not to
  gain points on average.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from tabletop.engine.actions import Action
from tabletop.engine.bots.base import Bot
from tabletop.engine.game import CHANCE, GameDef

from .rules import ShogunState
from .steps import Step
from .stones import GEISHA, GHOST, HIME, KEYS, KINDS, MERCHANT, MONK, PEASANT, SAMURAI, SCHOLAR, SHOGUN, THIEF, owner

WIN = 1000.0


def determinize(view: dict[str, Any], rng: random.Random) -> ShogunState:
    return ShogunState.from_json(view)


# --- Easy ---------------------------------------------------------------------------------------
def _turn_gain(state: ShogunState, action: Action, p: int, budget: list[int]) -> float:
    """The most points ``p`` can have once this turn is over, after ``action`` (the sowing
    choices after it explored while ``budget`` lasts, then taken first-come)."""
    s = state.clone()
    s.apply_unchecked(action)
    while s.decider() == p and s.step in (Step.DROP, Step.REFILL, Step.CAPTURE):
        budget[0] -= 1
        legal = s.legal_actions()
        if budget[0] <= 0:
            s.apply_unchecked(legal[0])
            continue
        return max(_turn_gain(s, a, p, budget) for a in legal)
    scores = s.scores()
    return scores[p].total - scores[1 - p].total


def easy_policy(state: ShogunState, rng: random.Random) -> Action:
    p = state.decider()
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.step == Step.THIEF:  # a greedy player rolls when it pays on average (it does: +4.7 points)
        return legal[0]
    rng.shuffle(legal)
    budget = [400]
    return max(legal, key=lambda a: _turn_gain(state, a, p, budget))


def rollout_policy(state: ShogunState, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


# the order in which the search bots choose their special stones: the abilities that steer a
# sowing most first, then the valuable stones
SETUP_ORDER = (GHOST, MONK, SCHOLAR, SAMURAI, GEISHA, MERCHANT, HIME, THIEF)


def setup_choice(state: ShogunState, rng: random.Random) -> Action:
    """The set-up of the search bots (searching it would cost seconds and see nothing): the
    first kinds of SETUP_ORDER, each on the square with the fewest special stones."""
    legal = state.legal_actions()
    kinds = {a["stone"] for a in legal}
    kind = next(KEYS[k] for k in SETUP_ORDER if KEYS[k] in kinds)
    options = [a for a in legal if a["stone"] == kind]
    fewest = min(sum(1 for k in state.board[a["square"]] if k != PEASANT) for a in options)
    return rng.choice([a for a in options if sum(1 for k in state.board[a["square"]] if k != PEASANT) == fewest])


# --- Normal and Hard: expectimax alpha-beta -----------------------------------------------------
def evaluate(state: ShogunState, p: int) -> float:
    """``p``'s outlook: the points difference, plus a share of the stones on each side (they
    fall to that side's owner at the end), a finished game a win or a loss above all."""
    scores = state.scores()
    margin = scores[p].total - scores[1 - p].total
    if state.step == Step.OVER:
        won = 0.0 if margin == 0 else (WIN if margin > 0 else -WIN)
        return won + margin
    side = 0.0
    for place, stones in enumerate(state.board):
        worth = sum(KINDS[k].value for k in stones if k != SHOGUN)
        side += worth if owner(place) == p else -worth
    prison = 3.0 * (state.imprisoned[1 - p] - state.imprisoned[p])
    return margin + 0.3 * side + prison


def settled(state: ShogunState) -> ShogunState:
    """``state`` with a sowing under way finished plainly (each stone to the next place), so
    that a position is never judged with stones in the air."""
    if state.step not in (Step.DROP, Step.REFILL, Step.CAPTURE):
        return state
    s = state.clone()
    while s.step in (Step.DROP, Step.REFILL, Step.CAPTURE):  # (a capture offered is taken)
        s.apply_unchecked(s.legal_actions()[0])
    return s


class SearchTimeout(Exception):
    pass


class SearchBot(Bot):
    """Expectimax alpha-beta over the players' choices, within ``seconds``."""

    def __init__(self, game: GameDef, seed: int = 0, level: str = "hard", seconds: float = 2.5,
                 max_depth: int = 12, should_stop: Callable[[], bool] | None = None, **_: Any) -> None:
        super().__init__(game, seed)
        self.level = level
        self.seconds = seconds
        self.max_depth = max_depth
        self.should_stop = should_stop or (lambda: False)
        self.nodes = 0
        self.depth_reached = 0
        self.table: dict[tuple, tuple[int, float, int, Action | None]] = {}

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = determinize(view, self.rng)
        if state.step == Step.SETUP:
            return setup_choice(state, self.rng)
        return self.search(state, legal)

    def search(self, state: ShogunState, legal: list[Action]) -> Action:
        """Iterative deepening from the greedy choice; an iteration cut short by the clock
        still counts for the moves it finished (the best of the last one is searched first)."""
        me = state.decider()
        start = time.monotonic()
        self.deadline = start + self.seconds
        self.nodes = 0
        best = easy_policy(state, self.rng)
        order = [best] + [a for a in legal if a != best]
        same = 0  # iterations in a row that kept the best move
        for depth in range(1, self.max_depth + 1):
            alpha, found = -float("inf"), None
            try:
                for action in order:
                    child = state.clone()
                    child.apply_unchecked(action)
                    value = self._value(child, depth - 1, alpha, float("inf"), me)[0]
                    if found is None or value > alpha:
                        alpha, found = value, action
            except SearchTimeout:
                if found is not None:
                    best = found
                break
            same = same + 1 if found == best else 0
            best = found
            order = [best] + [a for a in order if a != best]
            self.depth_reached = depth
            if abs(alpha) >= WIN / 2:
                break  # the outcome is settled
            if time.monotonic() - start > 0.4 * self.seconds:
                break  # the next iteration, several times longer, would not finish
            if depth >= 6 and same >= 3:
                break  # the choice has held for three deeper looks
        return best

    def rank(self, view: dict[str, Any], legal: list[Action]) -> list[tuple[Action, dict[str, float]]]:
        """The legal actions, best first (the one :meth:`choose` plays), each with the search's
        figures: ``margin`` (the outlook it reaches, in points: the final margin once the end is in
        sight; a won game counts 1000), ``depth`` (how many choices ahead it looked) and
        ``positions`` (how many it weighed, for all the moves together)."""
        best = self.choose(view, legal)
        state = determinize(view, self.rng)
        if len(legal) == 1 or state.step == Step.SETUP:
            return [(best, {})] + [(a, {}) for a in legal if a != best]
        me = state.decider()
        depth = max(1, min(self.depth_reached, 4))
        self.deadline = time.monotonic() + min(0.5, self.seconds)  # (the choice is made: a short look at the rest)
        values: dict[Action, float] = {}
        try:
            for action in [best] + [a for a in legal if a != best]:
                child = state.clone()
                child.apply_unchecked(action)
                values[action] = self._value(child, depth - 1, -float("inf"), float("inf"), me)[0]
        except SearchTimeout:  # (the moves not weighed in time are left out)
            pass
        others = sorted((a for a in values if a != best), key=lambda a: values[a], reverse=True)
        return [(a, {"margin": values[a], "depth": depth, "positions": self.nodes}) for a in [best] + others
                if a in values]

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 255 == 0 and (time.monotonic() > self.deadline or self.should_stop()):
            raise SearchTimeout

    def _value(self, state: ShogunState, depth: int, alpha: float, beta: float, me: int) -> tuple[float, Action | None]:
        """The value of ``state`` for ``me`` (exact within the window), and the best action."""
        self._tick()
        d = state.decider()
        if d is None:
            return evaluate(state, me), None
        if depth <= 0:
            return evaluate(settled(state), me), None
        if d == CHANCE:
            total = 0.0
            for action, prob in state.chance_outcomes():
                child = state.clone()
                child.apply_unchecked(action)
                total += prob * self._value(child, depth, -float("inf"), float("inf"), me)[0]
            return total, None
        key = state.key()
        hit = self.table.get(key)
        first = None
        if hit is not None:
            h_depth, h_value, h_flag, first = hit
            if h_depth >= depth:
                if h_flag == 0 or (h_flag > 0 and h_value >= beta) or (h_flag < 0 and h_value <= alpha):
                    return h_value, first
        legal = state.legal_actions()
        if first in legal:
            legal.remove(first)
            legal.insert(0, first)
        maximise = d == me
        a0, b0 = alpha, beta
        best_value = -float("inf") if maximise else float("inf")
        best = None
        for action in legal:
            child = state.clone()
            child.apply_unchecked(action)
            value = self._value(child, depth - 1, alpha, beta, me)[0]
            if maximise:
                if value > best_value:
                    best_value, best = value, action
                alpha = max(alpha, value)
            else:
                if value < best_value:
                    best_value, best = value, action
                beta = min(beta, value)
            if alpha >= beta:
                break
        flag = 0
        if best_value <= a0:
            flag = -1
        elif best_value >= b0:
            flag = 1
        self.table[key] = (depth, best_value, flag, best)
        return best_value, best


LEVEL_DEPTH = {"normal": 3, "hard": 40}
LEVEL_SECONDS = {"normal": 0.8, "hard": 1.5}  # at most; deep enough, and a game stays lively


def search_bot(game: GameDef, level: str, seed: int, seconds: float = 2.5, iterations: int = 0,
               should_stop: Callable[[], bool] | None = None, **_: Any) -> SearchBot:
    """Normal: three choices ahead; Hard: as deep as 1.5 s allow."""
    seconds = min(seconds, LEVEL_SECONDS.get(level, seconds))
    return SearchBot(game, seed, level, seconds=seconds, max_depth=LEVEL_DEPTH.get(level, 4), should_stop=should_stop)
