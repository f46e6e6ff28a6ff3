"""Bot-versus-bot games without a screen: strength and speed figures."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from .bots import make_bot
from .game import CHANCE, GameDef, GameError
from .match import BOT_LEVELS, Match, Seat


@dataclass
class SeatResult:
    level: str
    wins: float = 0.0
    score_sum: int = 0
    decisions: int = 0
    think_seconds: float = 0.0
    decision_times: list[float] = field(default_factory=list)

    def to_json(self, games: int) -> dict[str, Any]:
        return {
            "level": self.level,
            "wins": self.wins,
            "win_rate": self.wins / games if games else 0.0,
            "mean_score": self.score_sum / games if games else 0.0,
            "decisions": self.decisions,
            "decisions_per_second": self.decisions / self.think_seconds if self.think_seconds else None,
        }


def parse_seats(game: GameDef, text: str) -> list[str]:
    levels = [s.strip().lower() for s in text.split(",") if s.strip()]
    for level in levels:
        if level not in BOT_LEVELS:
            raise GameError(f"Unknown bot level {level!r} in --seats (levels: {', '.join(BOT_LEVELS)}).")
    game.check_players(len(levels))
    return levels


def play_games(
    game: GameDef,
    levels: list[str],
    games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    openings: list[dict[str, Any]] | None = None,
    on_finished: Callable[[Match], Any] | None = None,
    **search: Any,
) -> list[SeatResult]:
    """Play ``games`` games; seat i is always a bot of ``levels[i]``; game g uses seed ``seed + g``
    and, when ``openings`` (position documents) are given, starts from ``openings[g % len]``.
    ``on_finished`` is given each finished match."""
    results = [SeatResult(level) for level in levels]
    for g in range(games):
        game_seed = seed + g
        seats = [Seat(f"{level.title()} {i + 1}", "bot", level) for i, level in enumerate(levels)]
        start = openings[g % len(openings)] if openings else None
        match = Match(game, seats, options, game_seed, position=start)
        bots = [make_bot(game, level, game_seed * 31 + i, **(search if level in ("normal", "hard") else {}))
                for i, level in enumerate(levels)]
        while not match.is_over():
            p = match.decider()
            if p == CHANCE:
                match.resolve_chance()
                continue
            view = match.state.view(p)
            legal = match.legal_actions()
            t0 = time.perf_counter()
            action = bots[p].choose(view, legal)
            dt = time.perf_counter() - t0
            results[p].think_seconds += dt
            results[p].decisions += 1
            results[p].decision_times.append(dt)
            match.submit(action)
        if on_finished is not None:
            on_finished(match)
        winners = match.state.winners()
        for p, score in enumerate(match.state.scores()):
            results[p].score_sum += score.total
            if p in winners:
                results[p].wins += 1 / len(winners)
    return results
