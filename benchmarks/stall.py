"""The longest event-loop stall while bots think, measured in the real main window.

A 1366x768 window shows a game of three Hard bots (they play the set-up draws and their turns);
a 5 ms timer records the largest gap between its ticks, which is the longest time the window
could not react while the bots think and their moves are shown.

The measured span starts once the table's first frame is painted: switching screens (Start, the
end of the game) is a transition the player asked for, not a stall while a bot thinks, and is
reported on its own line -- the time from pressing Start to the table's first frame.
"""

from __future__ import annotations

import os
import tempfile
import time

from common import report


def main(quick: bool = False, seconds: float | None = None) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("TABLETOP_HOME", tempfile.mkdtemp(prefix="tabletop-bench-"))
    from PySide6.QtCore import QElapsedTimer, QTimer

    from tabletop.client.app import ensure_app
    from tabletop.client.main_window import MainWindow
    from tabletop.engine.match import Seat
    from tabletop.engine.registry import get_game

    app = ensure_app(["bench"])
    window = MainWindow()
    window.settings.bot_pace = 0.3
    window.resize(1366, 768)
    window.show()
    seats = [Seat("Hard 1", "bot", "hard"), Seat("Hard 2", "bot", "hard"), Seat("Hard 3", "bot", "hard")]
    for _ in range(20):  # the start screen's first frame
        app.processEvents()
    from PySide6.QtCore import QEvent, QObject

    class FirstFrame(QObject):
        at: float | None = None

        def eventFilter(self, obj, event) -> bool:  # noqa: ANN001
            if self.at is None and event.type() == QEvent.Type.Paint:
                self.at = time.perf_counter()
            return False

    pressed = time.perf_counter()
    window.start_new(get_game("forest"), seats, {}, 77, False)
    first = FirstFrame()
    viewport = window.table_screen.view.viewport()
    viewport.installEventFilter(first)
    while first.at is None and time.perf_counter() - pressed < 5:
        app.processEvents()
    viewport.removeEventFilter(first)
    first_frame_ms = ((first.at or time.perf_counter()) - pressed) * 1000

    clock = QElapsedTimer()
    clock.start()
    gaps: list[int] = []
    last = [clock.elapsed()]
    seen = {"moves": 0}

    def tick() -> None:
        match = window.controller.match
        if match is not None:
            seen["moves"] = len(match.log)
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(tick)
    timer.start()
    span = seconds or (6.0 if quick else 20.0)
    QTimer.singleShot(int(span * 1000), app.quit)
    t = time.perf_counter()
    app.exec()
    moves = seen["moves"]
    timer.stop()
    window.controller.stop()
    window.close()
    worst = max(gaps[1:]) if len(gaps) > 1 else float("nan")
    report(f"longest event-loop stall ({moves} bot moves in {time.perf_counter() - t:.0f} s)", worst, "ms",
           "<= 50 ms", worst <= 50)
    gaps.sort()
    report("  99th percentile gap between 5 ms ticks", gaps[int(0.99 * (len(gaps) - 1))], "ms")
    report("  Start pressed -> the table's first frame (a transition)", first_frame_ms, "ms")


if __name__ == "__main__":
    main()
