"""Median and worst bot decision time per level, over decision points from whole games."""

from __future__ import annotations

import time

from common import GAME, median, positions, report

from tabletop.engine.bots import make_bot

TARGETS = {"normal": 1.0, "hard": 3.0}


def decision_times(level: str, players: int, count: int) -> list[float]:
    times = []
    for i, state in enumerate(positions(players, count, seed=11)):
        bot = make_bot(GAME, level, i)
        view, legal = state.view(state.decider()), state.legal_actions()
        t = time.perf_counter()
        bot.choose(view, legal)
        times.append(time.perf_counter() - t)
    return times


def main(quick: bool = False) -> None:
    count = 6 if quick else 25
    for level in ("random", "easy", "normal", "hard"):
        for players in (2, 4):
            times = decision_times(level, players, count)
            target = TARGETS.get(level)
            report(
                f"median decision time, {level}, {players} players",
                median(times),
                "s",
                f"<= {target} s" if target else "",
                median(times) <= target if target else None,
            )
            if target:
                report(f"  slowest of {len(times)} decisions", max(times), "s")


if __name__ == "__main__":
    main()
