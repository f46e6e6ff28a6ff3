"""Pictures of every step of the lessons, as a new player sees them at 1366x768: the lesson is
started at each step in turn (Learn to play replays the taught moves to it) and the window is
saved once the table is still.  Run:

    .venv/bin/python docs/lesson_shots.py [LESSON_ID ...] [--out DIR] [--theme light|dark]

It writes DIR/<lesson>-<step>.png (default DIR: /tmp/lesson-shots), one per step, steps counted
from 1 as the side panel counts them.  No lesson id: every lesson.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def shoot(ids: list[str], out: Path, theme: str) -> None:
    """In this process: the pictures of ``ids`` (all: every lesson)."""
    from PySide6.QtWidgets import QApplication

    from tabletop.engine.lessons import all_lessons

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from shots import open_window  # (docs/shots.py: the app started as a player starts it)

    app, window = open_window(theme)
    c = window.controller
    out.mkdir(parents=True, exist_ok=True)
    for lesson in all_lessons():
        if ids and lesson.id not in ids:
            continue
        for n in range(len(lesson.steps)):
            window.learning.learn(lesson.id, n)
            until = time.monotonic() + 30  # (the bots' moves and the table's drawing, to the learner's turn)
            while time.monotonic() < until:
                app.processEvents()
                if c.thinking is None and (c.match is None or c.human_to_act() or c.match.is_over()
                                           or c.lesson_done()) and not window.table_screen.table.busy():
                    break
                time.sleep(0.005)
            for _ in range(10):
                app.processEvents()
            path = out / f"{lesson.id}-{n + 1:02d}.png"
            window.grab().save(str(path))
            print(path)
    c.stop()
    c.runner.wait(5)
    window.close()
    QApplication.processEvents()


def main() -> int:
    args = sys.argv[1:]
    out, theme = Path("/tmp/lesson-shots"), "light"
    if "--out" in args:
        i = args.index("--out")
        out = Path(args[i + 1])
        del args[i:i + 2]
    if "--theme" in args:
        i = args.index("--theme")
        theme = args[i + 1]
        del args[i:i + 2]
    if os.environ.get("LESSON_SHOTS_CHILD"):
        shoot(args, out, theme)
        return 0
    screen = Path(tempfile.mkdtemp()) / "screen.json"
    screen.write_text(json.dumps({"windowFrameMargins": True, "screens": [
        {"name": "s", "x": 0, "y": 0, "width": 1366, "height": 768, "logicalDpi": 96, "logicalBaseDpi": 96,
         "dpr": 1}]}))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={screen}", TABLETOP_HOME=tempfile.mkdtemp(),
               LESSON_SHOTS_CHILD="1")
    return subprocess.run([sys.executable, __file__, *args, "--out", str(out), "--theme", theme], env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
