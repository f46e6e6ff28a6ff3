"""A save's own extension (.tabletop): offered by the dialogs, opened from the command line and,
on macOS, from the system's "open this file" event; .json saves keep loading."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", ["my game.tabletop", "My Game.TABLETOP", "old.json"])
def test_a_save_argument_opens_it_in_the_gui(monkeypatch, name):
    import tabletop.cli as cli

    seen = {}
    monkeypatch.setattr(cli, "_start_gui", lambda smoke, open_path=None: seen.update(smoke=smoke, path=open_path) or 0)
    assert main([name]) == 0
    assert seen == {"smoke": False, "path": name}


def test_the_dialogs_offer_the_save_extension_first_and_json_too():
    from tabletop.client.main_window import SAVE_EXTENSION, SAVE_FILTER

    assert SAVE_EXTENSION == ".tabletop"
    assert "*.tabletop" in SAVE_FILTER and "*.json" in SAVE_FILTER
    assert SAVE_FILTER.index("*.tabletop") < SAVE_FILTER.index("*.json")


@pytest.mark.gui  # (the app, its window and all, started in a process of its own)
def test_a_file_open_event_opens_the_save_in_the_running_app(tmp_path):
    """What macOS sends when a save is double-clicked while (or to start) the app: the window
    opens it.  In a process of its own (its QApplication is the app's own class)."""
    from tabletop.engine.match import Match, Seat
    from tabletop.engine.registry import get_game
    from tabletop.engine.saves import save_match

    match = Match(get_game("forest"), [Seat("Ada"), Seat("Ben", "bot", "easy")], {}, 5)
    match.submit(match.legal_actions()[0])
    save = tmp_path / "double clicked.tabletop"
    save_match(match, save)
    script = textwrap.dedent(f"""
        import sys
        from PySide6.QtCore import QTimer
        from PySide6.QtGui import QFileOpenEvent
        from PySide6.QtWidgets import QApplication
        from tabletop.client.app import TabletopApplication, ensure_app, run
        app = ensure_app(["tabletop"], style=False)
        assert isinstance(app, TabletopApplication)
        def send():
            QApplication.sendEvent(app, QFileOpenEvent({str(save)!r}))
        def check():
            window = next(w for w in app.topLevelWidgets() if type(w).__name__ == "MainWindow")
            c = window.controller
            print("OPENED", c.match is not None and str(c.path) == {str(save)!r} and len(c.match.log) >= 1)
            print("ICON", not app.windowIcon().isNull())  # (set once the first frame is painted)
            app.quit()
        QTimer.singleShot(300, send)
        QTimer.singleShot(1500, check)
        sys.exit(run())
    """)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_HOME=str(tmp_path / "home"), LANG="C.UTF-8")
    done = subprocess.run([sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "OPENED True" in done.stdout, done.stdout + done.stderr
    assert "ICON True" in done.stdout


def test_save_as_without_an_extension_writes_a_tabletop_file(gui, qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    gui.start(["human", "easy"], seed=3)
    asked = {}

    def get_save(parent, caption, directory, filter_):
        asked["default"] = directory
        return str(tmp_path / "evening game"), filter_

    monkeypatch.setattr(QFileDialog, "getSaveFileName", get_save)
    assert gui.window.save_as()
    assert (tmp_path / "evening game.tabletop").is_file() and not (tmp_path / "evening game").exists()
    assert asked["default"].endswith(".tabletop")  # (the name offered)
    assert gui.window.open_path(tmp_path / "evening game.tabletop")
