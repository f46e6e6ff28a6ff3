"""One copy of the app per user: two real processes (issue 17.8).

Two copies used to write the same autosave, and the game of the one that wrote first was lost.
Now a second launch hands its file to the running copy, which opens it, and exits; a lock left
by a killed copy is taken over.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.engine.saves import save_match

ROOT = Path(__file__).resolve().parents[1]

# gui: each test starts the whole app, its window and all, in processes of its own
pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="uses kill -9"), pytest.mark.gui]


def launch(home: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TABLETOP_HOME": str(home)}
    return subprocess.Popen([sys.executable, "-m", "tabletop", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for(condition, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError("timed out")


def autosave(home: Path):
    try:
        return json.loads((home / "data" / "autosave.json").read_text())
    except (OSError, ValueError):
        return None


def a_save(path: Path, game_id: str, seed: int) -> Path:
    game = get_game(game_id)
    match = Match(game, [Seat("Ada"), Seat("Bo")], {}, seed)
    match.submit(match.legal_actions()[0])
    save_match(match, path)
    return path


def second_launch_hands_over(home: Path, *args: str) -> str:
    """Launch again until the first copy answers (it listens after its first frame)."""
    out = launch(home, *args)
    _, err = out.communicate(timeout=30)
    assert out.returncode == 0, err
    return err


def test_a_second_launch_opens_its_file_in_the_running_copy_and_exits(tmp_path):
    home = tmp_path / "home"
    first = launch(home)
    try:
        wait_for(lambda: (home / "data" / "tabletop.lock").exists())
        save = a_save(tmp_path / "shogun.json", "spheres-shogun", 5)
        said = second_launch_hands_over(home, str(save))
        assert "running already" in said and "shogun.json" in said
        # the running copy opened the game: its autosave is now that game
        wait_for(lambda: (autosave(home) or {}).get("game") == "spheres-shogun")
        assert autosave(home)["seed"] == 5
        assert first.poll() is None  # and it is still running
        # a plain second launch only brings the window forward
        assert "brought to the front" in second_launch_hands_over(home)
        assert first.poll() is None and autosave(home)["seed"] == 5
    finally:
        first.kill()
        first.wait(10)


def holder(home) -> str:
    """The pid in the lock file ("" while there is none: a stale lock is removed, then made anew)."""
    try:
        return (home / "data" / "tabletop.lock").read_text().split("\n")[0]
    except FileNotFoundError:
        return ""


def test_the_lock_of_a_killed_copy_is_taken_over(tmp_path):
    home = tmp_path / "home"
    first = launch(home)
    wait_for(lambda: (home / "data" / "tabletop.lock").exists())
    time.sleep(0.5)
    os.kill(first.pid, signal.SIGKILL)
    first.wait(10)
    assert (home / "data" / "tabletop.lock").exists()  # left behind
    second = launch(home)
    try:
        # the new copy runs (it does not hand over to nobody and exit) and holds the lock
        wait_for(lambda: holder(home) == str(second.pid))
        time.sleep(1.0)
        assert second.poll() is None
        # and it answers a third launch
        assert "running already" in second_launch_hands_over(home)
    finally:
        second.kill()
        second.wait(10)
