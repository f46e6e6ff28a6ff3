"""A hint's latency: the time from H to the hint with its reasons -- the Hard bot's search at the
hint's budget (``tabletop.client.controller.HINT_SECONDS``), then each option's sentence and
points worked out -- for every game, at decision points of seeded random games with two players.
Target: the first answer within 2 s (docs/benchmarks.md).  Run in the GUI's own way: in a worker
process, while the GUI thread keeps drawing.

    python benchmarks/hints.py [--quick] [--game ID]
"""

from __future__ import annotations

import statistics
import time

from common import positions, quick_and_game, report

TARGET_S = 2.0


def main(quick: bool = False, only: str | None = None) -> None:
    from tabletop.client.controller import HINT_SECONDS
    from tabletop.engine.bots.advice import advise
    from tabletop.engine.game import CHANCE
    from tabletop.engine.registry import all_games

    for game in [g for g in all_games() if only in (None, g.id)]:
        states = [s for s in positions(2, 6 if quick else 16, seed=3, game=game, longest=80)
                  if s.decider() not in (None, CHANCE)]
        times, counts = [], []
        for k, state in enumerate(states):
            seat = state.decider()
            t0 = time.perf_counter()
            options = advise(game, state.view(seat), state.legal_actions(), ["Ada", "Ben"], "hard", seed=k,
                             seconds=HINT_SECONDS)
            times.append(time.perf_counter() - t0)
            counts.append(len(options))
        times.sort()
        report(f"hint p50, {game.id}, {len(times)} positions", statistics.median(times), "s")
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        report(f"hint p95 (slowest {times[-1]:.2f} s), {game.id}", p95, "s", f"<= {TARGET_S:.0f} s", p95 <= TARGET_S)
        report(f"moves offered per hint, mean, {game.id}", statistics.mean(counts), "")


if __name__ == "__main__":
    a = quick_and_game(__doc__)
    main(a.quick, a.game)
