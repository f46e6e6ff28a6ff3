"""Memory over an evening of play: short games started and abandoned in the real main window.

Games of every game with a table, in turn, bots only, animations on: each runs until a dozen
moves are played, then Game -> New.  The process's resident memory (RSS) and the number of
Python objects are printed after the 5th game and every 20 games after it.  Once the caches
(fonts, card art, the rules' interned actions) are warm the memory must stay flat: a table that
outlives its game shows here as steady growth (before issue 10: 0.4 MiB a game).

    .venv/bin/python benchmarks/memory.py [--quick] [GAMES]
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile

from common import report


def rss_mib() -> float:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:  # not Linux: the peak is the best there is
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def main(quick: bool = False, games: int | None = None) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("TABLETOP_HOME", tempfile.mkdtemp(prefix="tabletop-bench-"))
    from PySide6.QtCore import QEventLoop, QTimer

    from tabletop.client.app import ensure_app
    from tabletop.client.main_window import MainWindow
    from tabletop.engine.match import Seat
    from tabletop.engine.registry import all_games

    ensure_app(["bench"])
    window = MainWindow()
    window.settings.bot_pace = 0
    window.settings.animations = True
    window.resize(1366, 768)
    window.show()

    def spin(ms: int) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    tables = [g for g in all_games() if g.table_class]
    games = games or (25 if quick else 125)
    marks = []
    for i in range(games):
        game = tables[i % len(tables)]
        players = max(2, game.min_players)
        window.start_new(game, [Seat(f"P{k}", "bot", "random") for k in range(players)], {}, 300 + i, False)
        match = window.controller.match
        for _ in range(100):
            spin(20)
            if len(match.log) >= 12 or match.is_over():
                break
        window.new_action.trigger()
        spin(30)
        if i % 20 == 4:
            gc.collect()
            marks.append((i + 1, rss_mib(), len(gc.get_objects())))
            report(f"after {i + 1} games: resident memory", marks[-1][1], "MiB")
    # from the 45th game on, the caches are warm (or from the first mark in a short run)
    first, last = next((m for m in marks if m[0] >= 45 and m is not marks[-1]), marks[0]), marks[-1]
    per_game = (last[1] - first[1]) / max(1, last[0] - first[0])
    report(f"growth per game, games {first[0]}-{last[0]}", per_game, "MiB", "<= 0.05 MiB", per_game <= 0.05)
    report("  Python objects per game", (last[2] - first[2]) / max(1, last[0] - first[0]), "objects")
    window.close()


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    main("--quick" in sys.argv, int(args[0]) if args else None)
