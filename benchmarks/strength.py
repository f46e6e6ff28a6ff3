"""Win rates: Hard against two Random bots (3 players) and against Easy (2 players)."""

from __future__ import annotations

import math
import time

from common import GAME, report

from tabletop.engine.arena import play_games


def interval(wins: float, n: int) -> str:
    p = wins / n
    half = 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / n)
    return f"{100 * p:.0f}% ± {100 * half:.0f}% over {n} games"


def run(levels: list[str], games: int, target: float, label: str, seed: int, **search) -> None:
    t = time.perf_counter()
    results = play_games(GAME, levels, games, seed, **search)
    rate = results[0].wins / games
    report(label, 100 * rate, "%", f">= {100 * target:.0f}%", rate >= target)
    print(f"    {interval(results[0].wins, games)}; mean scores "
          + ", ".join(f"{r.level} {r.score_sum / games:.1f}" for r in results)
          + f"; {time.perf_counter() - t:.0f} s", flush=True)


def main(quick: bool = False) -> None:
    n = 6 if quick else 16
    # The full Hard budget (2.5 s or 1200 iterations per decision), as in the app.
    run(["hard", "random", "random"], n, 0.90, "Hard wins, 3 players vs two Random", seed=1000)
    run(["hard", "easy"], n, 0.70, "Hard wins, 2 players vs Easy", seed=2000)
    run(["easy", "random", "random"], 4 * n, 0.5, "Easy wins, 3 players vs two Random (reference)", seed=3000)


if __name__ == "__main__":
    main()
