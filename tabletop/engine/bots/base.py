"""The bot interface and the levels: Random, Easy (the game's heuristic), Normal and Hard (IS-MCTS)."""

from __future__ import annotations

import random
from typing import Any

from ..actions import Action
from ..game import GameDef, GameError

# Search budgets per level: a time limit (seconds) and an iteration cap, whichever comes first.
LEVEL_BUDGETS = {"normal": (0.8, 300), "hard": (2.5, 1200)}


class Bot:
    """Chooses an action from a view.  Subclasses implement :meth:`choose`."""

    level = "random"

    def __init__(self, game: GameDef, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    level = "random"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)


class HeuristicBot(Bot):
    """Easy: the game's heuristic, run on a state sampled from the view (the heuristic only
    looks at what the seat can see, so the sample's hidden parts do not matter)."""

    level = "easy"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        policy = self.game.heuristic_policy()
        if policy is None:
            return self.rng.choice(legal)
        state = self.game.determinize(view, self.rng)
        action = policy(state, self.rng)
        return action if action in legal else self.rng.choice(legal)


def make_bot(game: GameDef, level: str, seed: int = 0, **search: Any) -> Bot:
    """A bot of ``level`` (random, easy, normal, hard) for ``game``."""
    if level == "random":
        return RandomBot(game, seed)
    if level == "easy":
        return HeuristicBot(game, seed)
    if level in LEVEL_BUDGETS:
        seconds, iterations = LEVEL_BUDGETS[level]
        search.setdefault("seconds", seconds)
        search.setdefault("iterations", iterations)
        own = game.search_bot(level, seed, **search)
        if own is not None:
            return own
        from .mcts import MctsBot

        return MctsBot(game, seed, level=level, **search)
    raise GameError(f"Unknown bot level {level!r} (levels: random, easy, normal, hard).")
