"""The table's redraw after a move, for every game with a table, in a 1366 x 768 window offscreen:
the time from a new view of the seat to its frame painted -- the table drawing the view
(``show_view``, animations off: the position as it settles) and the event loop painting what
changed, as the app does -- over the moves of seeded random games.  Python's garbage collector
runs as in the app (tabletop.client.startup: from a timer of the GUI thread, once a second).  Target: p95 <= 16 ms (a frame
at 60 Hz), docs/benchmarks.md.  The whole frame painted again (``grab``) is given beside it.

    python benchmarks/redraw.py [--games N] [--quick] [--game ID]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import report  # noqa: E402

TARGET_MS = 16.0


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def redraws(game, players: int, games: int, seed: int) -> tuple[list[float], list[float], list[float]]:
    """(drawing, painting what changed, painting the whole frame) times in ms of every view seat 0
    is shown after a move."""
    from PySide6.QtWidgets import QApplication

    from tabletop.client.startup import startup_done
    from tabletop.client.table_screen import TableView, make_table
    from tabletop.engine.game import CHANCE
    from tabletop.engine.match import Match, Seat

    names = ["Ada", "Ben", "Cleo", "Dara"][:players]
    view = TableView()
    view.resize(1366, 768)
    view.show()
    startup_done()  # (the garbage collector as the app runs it: from a timer, not at any allocation)
    draw, paint, whole = [], [], []
    rng = random.Random(seed)
    for g in range(games):
        match = Match(game, [Seat(n) for n in names], {}, seed=seed + g)
        table = make_table(game, match.names, False)
        view.setScene(table)
        view.fit()
        table.show_view(match.state.view(0), [], None)
        view.viewport().grab()
        while not match.is_over():
            if match.decider() == CHANCE:
                match.resolve_chance()
            else:
                match.submit(rng.choice(match.legal_actions()))
            legal = match.legal_actions() if match.decider() == 0 else []
            t0 = time.perf_counter()
            table.show_view(match.state.view(0), legal, match.log[-1] if match.log else None)
            t1 = time.perf_counter()
            QApplication.processEvents()
            t2 = time.perf_counter()
            view.viewport().grab()
            t3 = time.perf_counter()
            draw.append((t1 - t0) * 1000)
            paint.append((t2 - t1) * 1000)
            whole.append((t3 - t2) * 1000)
        view.setScene(None)
        table.dispose()
    return draw, paint, whole


def main(quick: bool = False, games: int | None = None, only: str | None = None) -> None:
    from PySide6.QtWidgets import QApplication

    import tabletop.client  # noqa: F401  (the Qt binding guard)
    from tabletop.engine.registry import all_games

    app = QApplication.instance() or QApplication([])  # noqa: F841
    n = games or (1 if quick else 3)
    for game in [g for g in all_games() if g.table_class and only in (None, g.id)]:
        players = 4 if game.max_players >= 4 else game.max_players
        draw, paint, whole = redraws(game, players, n, seed=7)
        total = [d + p for d, p in zip(draw, paint)]
        label = f"{game.id}, {players} players, {len(total)} redraws"
        report(f"redraw p50, {label}", statistics.median(total), "ms")
        report(f"redraw p95 (draw {percentile(draw, .95):.1f} + paint {percentile(paint, .95):.1f}), {game.id}",
               percentile(total, .95), "ms", f"<= {TARGET_MS:.0f} ms", percentile(total, .95) <= TARGET_MS)
        report(f"the whole frame painted again, p95, {game.id}", percentile(whole, .95), "ms")


if __name__ == "__main__":
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--games", type=int)
    args.add_argument("--quick", action="store_true")
    args.add_argument("--game", help="one game's table only (its id)")
    a = args.parse_args()
    main(a.quick, a.games, a.game)
