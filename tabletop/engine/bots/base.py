"""The bot interface, and the two bots without search: Random and Easy (the game's heuristic)."""

from __future__ import annotations

import random
from typing import Any

from ..actions import Action
from ..game import GameDef

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
