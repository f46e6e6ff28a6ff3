"""The screenshots of the themes in docs/: the gallery and a table, in the light and the dark theme,
at 1366x768, drawn offscreen the way the app draws them (a fresh settings folder asking for the
theme).  Run: .venv/bin/python docs/shots.py  (writes docs/theme-{light,dark}-{gallery,table}.png).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent


def open_window(theme: str):
    """In this process: start as the app does with ``theme`` chosen (in a fresh settings folder,
    ``TABLETOP_HOME``; the bots at once, no animations), the window at 1366x768 and shown;
    returns the app and the window."""
    from PySide6.QtCore import QSettings

    home = Path(os.environ["TABLETOP_HOME"])
    (home / "config").mkdir(parents=True, exist_ok=True)
    q = QSettings(str(home / "config" / "settings.ini"), QSettings.Format.IniFormat)
    q.setValue("look/theme", theme)
    q.setValue("bots/pace", 0.0)
    q.setValue("table/animations", False)
    q.sync()
    from tabletop.client.app import apply_style, ensure_app

    app = ensure_app(["tabletop"], style=False)
    from tabletop.client.main_window import MainWindow

    window = MainWindow()
    apply_style(app)
    window.resize(1366, 768)
    window.show()
    for _ in range(20):
        app.processEvents()
    return app, window


def shoot(theme: str) -> None:
    """In this process: start as the app does with ``theme`` chosen, and save the two pictures."""
    from PySide6.QtWidgets import QApplication

    from tabletop.engine.match import Seat
    from tabletop.engine.registry import get_game

    app, window = open_window(theme)
    window.grab().save(str(DOCS / f"theme-{theme}-gallery.png"))
    window.start_new(get_game("forest"), [Seat("Ada"), Seat("Ben", "bot", "easy"), Seat("Cleo", "bot", "easy")],
                     {}, 11, False)
    c = window.controller
    rng = random.Random(5)
    for _ in range(3000):  # (Ada plays her first moves by chance, the bots theirs: a game under way)
        app.processEvents()
        if len(c.match.log) >= 40 and c.human_to_act():
            break
        if c.human_to_act():
            c.submit_human(rng.choice(c.match.legal_actions()))
    for _ in range(20):
        app.processEvents()
    window.grab().save(str(DOCS / f"theme-{theme}-table.png"))
    c.stop()
    c.runner.wait(5)
    window.close()
    QApplication.processEvents()


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--theme":
        shoot(sys.argv[2])
        return 0
    screen = Path(tempfile.mkdtemp()) / "screen.json"
    screen.write_text(json.dumps({"windowFrameMargins": True, "screens": [
        {"name": "s", "x": 0, "y": 0, "width": 1366, "height": 768, "logicalDpi": 96, "logicalBaseDpi": 96,
         "dpr": 1}]}))
    for theme in ("light", "dark"):
        env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={screen}", TABLETOP_HOME=tempfile.mkdtemp())
        subprocess.run([sys.executable, __file__, "--theme", theme], env=env, check=True)
        print(f"docs/theme-{theme}-gallery.png, docs/theme-{theme}-table.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
