"""Start-up: `tabletop --smoke` against a bare PySide6 window showing a QGraphicsView (the
brief's and issue 14's yardstick), both timed as whole processes
(from launch to exit after the first painted frame), launched in turn, median of several pairs."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import report

ROOT = Path(__file__).resolve().parents[1]
BARE = r"""
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView, QMainWindow
app = QApplication(sys.argv)
scene = QGraphicsScene(); scene.addText("bare window")
w = QMainWindow(); w.setCentralWidget(QGraphicsView(scene)); w.resize(1366, 768)
class First(QObject):
    def eventFilter(self, obj, ev):
        if ev.type() == QEvent.Paint and obj is w:
            QTimer.singleShot(0, app.quit)
        return False
f = First(); w.installEventFilter(f); w.show()
QTimer.singleShot(10000, app.quit)
app.exec()
"""


def timed(cmd: list[str], env: dict[str, str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def against_bare(app_cmd: list[str], label: str, quick: bool = False) -> float:
    """Time ``app_cmd`` (launch to first frame and exit) and the bare window side by side,
    medians of several runs; report both and their ratio, and return it."""
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    # as installed: Python's compiled modules are kept (an install compiles them; a frozen app
    # carries them).  A shell that forbids writing them would time the compiling of every module
    # of the app at every launch, which no player's launch does.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    runs = 3 if quick else 9
    bare_cmd = [sys.executable, "-c", BARE]
    timed(bare_cmd, env), timed(app_cmd, env)  # warm the disk cache
    # side by side: the two launched in turn, so that what else the machine does weighs on both
    # alike; the ratio is the median of each pair's
    pairs = [(timed(bare_cmd, env), timed(app_cmd, env)) for _ in range(runs)]
    bare = statistics.median(b for b, _ in pairs)
    app = statistics.median(a for _, a in pairs)
    ratio = statistics.median(a / b for b, a in pairs)
    report("bare PySide6 window, launch to first frame and exit", bare, "s")
    report(f"{label}, launch to first frame and exit", app, "s")
    report(f"ratio {label} / bare window (median of {runs} pairs)", ratio, "x", "<= 1.3", ratio <= 1.3)
    return ratio


def main(quick: bool = False) -> None:
    against_bare([sys.executable, "-m", "tabletop", "--smoke"], "tabletop --smoke", quick)


if __name__ == "__main__":
    main()
