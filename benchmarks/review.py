"""A review's time and stability: a finished game of each kind (Easy against Random, seeded),
the Easy seat's decisions reviewed at the default budget (tabletop.engine.review: 30 s of search
over all of them, then 2.5 s for each of the six likeliest costliest), twice with different seeds.  Targets: a typical game reviewed within
60 s; the same costliest three found by both runs is reported (how many of the three agree).

    python benchmarks/review.py [--quick] [--game ID]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import quick_and_game, report  # noqa: E402

TARGET_S = 60.0


def finished_game(game, seed: int):
    from tabletop.engine.bots.levels import make_bot
    from tabletop.engine.game import CHANCE
    from tabletop.engine.match import Match, Seat

    match = Match(game, [Seat("Easy", "bot", "easy"), Seat("Random", "bot", "random")], {}, seed=seed)
    bots = [make_bot(game, "easy", seed), make_bot(game, "random", seed)]
    while not match.is_over():
        d = match.decider()
        if d == CHANCE:
            match.resolve_chance()
        else:
            match.submit(bots[d].choose(match.state.view(d), match.legal_actions()))
    return match


def main(quick: bool = False, only: str | None = None) -> None:
    from tabletop.engine.registry import all_games
    from tabletop.engine.review import costliest, review

    for game in [g for g in all_games() if only in (None, g.id)]:
        match = finished_game(game, 5)
        runs = []
        for seed in (1, 2) if not quick else (1,):
            t0 = time.perf_counter()
            decisions = review(match, 0, seed=seed)
            runs.append((time.perf_counter() - t0, decisions))
        took, decisions = runs[0]
        report(f"review of {len(decisions)} decisions, {game.id}", took, "s", f"<= {TARGET_S:.0f} s", took <= TARGET_S)
        if len(runs) > 1:
            a = {d.step for d in costliest(runs[0][1])}
            b = {d.step for d in costliest(runs[1][1])}
            report(f"costliest three found by both runs, {game.id}", len(a & b), "of 3")


if __name__ == "__main__":
    a = quick_and_game(__doc__)
    main(a.quick, a.game)
