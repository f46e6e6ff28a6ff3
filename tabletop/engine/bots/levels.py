"""The bot levels: Random, Easy (the game's heuristic), Normal and Hard (a search: the game's own, or
IS-MCTS)."""

from __future__ import annotations

from typing import Any

from ..game import GameDef, GameError
from .base import Bot, HeuristicBot, RandomBot

# Search budgets per level: a time limit (seconds) and an iteration cap, whichever comes first.
LEVEL_BUDGETS = {"normal": (0.8, 300), "hard": (2.5, 1200)}


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
