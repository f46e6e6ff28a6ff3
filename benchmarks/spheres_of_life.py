"""Spheres of Life: Mythical Forest -- engine speed, bot decision times and strength.

    python benchmarks/spheres_of_life.py [--quick] [engine|decisions|strength ...]
"""

from __future__ import annotations

import sys
import time

from common import report, report_decision_times, run_sections
from common import positions as common_positions
from engine_speed import random_games_per_second
from strength import interval

from tabletop.engine.arena import play_games
from tabletop.engine.bots.mcts import MctsBot
from tabletop.engine.registry import get_game

GAME = get_game("spheres-of-life")


def positions(players: int, count: int, seed: int):
    """Decision points with a real choice, from seeded random games."""
    return common_positions(players, count, seed, game=GAME, longest=300)


def engine(quick: bool) -> None:
    report("random full games per second (4 players)", random_games_per_second(4, 1 if quick else 3, GAME), "games/s")
    total_iters, total_time = 0, 0.0
    for state in positions(4, 3 if quick else 8, seed=5):
        bot = MctsBot(GAME, 1, seconds=1.0, iterations=10**9)
        t = time.perf_counter()
        bot.search(state.view(state.decider()))
        total_time += time.perf_counter() - t
        total_iters += bot.last_iterations
    report("MCTS iterations per second (4 players)", total_iters / total_time, "it/s")


def decisions(quick: bool) -> None:
    targets = {"normal": 1.0, "hard": 3.0}
    for level in ("easy", "normal", "hard"):
        for players in (2, 4):
            states = positions(players, 6 if quick else 20, seed=11)
            report_decision_times(GAME, level, states, f"{level}, {players} players", targets.get(level))


EXPANSION = {"godly_heroes": True, "mythical_creatures": True, "godly_abilities": True, "dawn": True}


def run(levels: list[str], games: int, target: float, label: str, seed: int, options: dict | None = None) -> None:
    """``levels[0]`` against the rest; it sits in each seat in turn (game g: seat g mod players),
    so no seat's advantage is counted as strength."""
    t = time.perf_counter()
    n = len(levels)
    wins, scores, others = 0.0, 0, [0] * (n - 1)
    for g in range(games):
        seat = g % n
        rest = levels[1:]
        seated = rest[:seat] + [levels[0]] + rest[seat:]
        results = play_games(GAME, seated, 1, seed + g, options=options)
        wins += results[seat].wins
        scores += results[seat].score_sum
        for i, r in enumerate(results[:seat] + results[seat + 1:]):
            others[i] += r.score_sum
    rate = wins / games
    report(label, 100 * rate, "%", f">= {100 * target:.0f}%", rate >= target)
    print(f"    {interval(wins, games)}; mean scores {levels[0]} {scores / games:.1f}, "
          + ", ".join(f"{lv} {o / games:.1f}" for lv, o in zip(levels[1:], others))
          + f"; {time.perf_counter() - t:.0f} s", flush=True)


def strength(quick: bool) -> None:
    n = 4 if quick else 16
    run(["hard", "random", "random", "random"], n, 0.70, "Hard wins, 4 players vs three Random", seed=1000)
    run(["hard", "easy", "easy", "easy"], n, 0.45, "Hard wins, 4 players vs three Easy", seed=2000)
    run(["hard", "easy"], n, 0.70, "Hard wins, 2 players vs Easy", seed=3000)
    run(["easy", "random", "random", "random"], 4 * n, 0.5, "Easy wins, 4 players vs three Random (reference)",
        seed=4000)


def expansion(quick: bool) -> None:
    """Gods & Myths with all four parts on: decision times and strength (the bot under test in
    every seat in turn)."""
    targets = {"normal": 1.0, "hard": 3.0}
    for level in ("normal", "hard"):
        for players in (2, 4):
            states = common_positions(players, 4 if quick else 12, 11, game=GAME, longest=300, options=EXPANSION)
            report_decision_times(GAME, level, states, f"{level}, {players} players, all parts", targets[level])
    n = 4 if quick else 16
    run(["hard", "easy", "easy", "easy"], n, 0.45, "Hard wins, 4 players vs three Easy, all parts", seed=5000,
        options=EXPANSION)
    run(["hard", "easy"], n, 0.70, "Hard wins, 2 players vs Easy, all parts", seed=6000, options=EXPANSION)


SECTIONS = {"engine": ("Engine speed", engine), "decisions": ("Bot decision times", decisions),
            "strength": ("Bot strength", strength), "expansion": ("Gods & Myths, all parts", expansion)}


def main(argv: list[str]) -> int:
    return run_sections(argv, SECTIONS, "Spheres of Life")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
