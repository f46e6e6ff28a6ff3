"""The app starts, and goes on past its first frame, whatever a player's folders hold (issue 28).

Each case breaks one of the app's folders (data, saves, decks, config, cache): a plain file where
the folder should be, a folder the app may not read or write, or a folder full of odd entries (a
pipe, a link to itself, a folder named like a file, at each name the app reads).  The app is
started as a player starts it, with ``--smoke-settled``: it takes its lock, paints its first
frame, reads the autosave for the Resume card and loads ahead what a game needs, then quits and
prints what the status bar and the Resume card said.  Nothing may raise, the broken folder is
named in one sentence, and everything that does not need it works: the good autosave in the
data folder can be resumed whenever the data folder itself is usable.

"Unreadable" needs the permissions to hold: as root (CI) the app runs with the two capabilities
that pass over them dropped (``setpriv``), so a mode-000 folder refuses it as it refuses a user.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.engine.saves import save_match

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"data": "data", "config": "config", "cache": "cache", "saves": "data/saves", "decks": "data/decks"}
# the names the app reads in each folder, each made something that is not a file
ODD_NAMES = {"data": ["autosave.json", "games.sqlite", "tabletop.lock"], "config": ["settings.ini"],
             "cache": ["covers"], "saves": ["x.tabletop"], "decks": ["x.json", "y.json", "z.json"]}


def _good_autosave(home: Path) -> None:
    (home / "data").mkdir(parents=True, exist_ok=True)
    match = Match(get_game("forest"), [Seat("Ada"), Seat("Ben")], {}, 4)
    for _ in range(3):
        match.submit(match.legal_actions()[0])
    save_match(match, home / "data" / "autosave.json")


def _odd(folder: Path, names: list[str]) -> None:
    """``folder`` made and filled with odd entries at the names the app reads (and others)."""
    folder.mkdir(parents=True, exist_ok=True)
    kinds = [lambda p: os.mkfifo(p), lambda p: p.symlink_to(p), lambda p: p.mkdir()]
    for i, name in enumerate(names + ["extra.json", "loop", "dir.json"]):
        path = folder / name
        if path.exists() or path.is_symlink():
            continue
        kinds[i % len(kinds)](path)
    (folder / "dangling.json").symlink_to(folder / "nowhere")


def _settled(home: Path, drop_root: bool = False) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_HOME=str(home), LANG="C.UTF-8")
    command = [sys.executable, "-m", "tabletop", "--smoke-settled"]
    if drop_root and os.geteuid() == 0:
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"] + command
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def _said(result: subprocess.CompletedProcess) -> dict[str, str]:
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"
    assert "Traceback" not in result.stderr, result.stderr
    lines = dict(line.split(": ", 1) for line in result.stdout.splitlines() if ": " in line)
    assert result.stdout.startswith("settled "), result.stdout
    return lines


def _resumable(said: dict[str, str]) -> bool:
    return said["resume"].startswith("Once Upon a Forest with Ada, Ben")


def test_a_clean_start_settles_and_offers_the_autosave(tmp_path):
    _good_autosave(tmp_path)
    said = _said(_settled(tmp_path))
    assert _resumable(said)
    assert "cannot use" not in said["status"]


@pytest.mark.parametrize("kind", list(FOLDERS))
def test_a_file_in_place_of_a_folder_is_named_and_the_rest_works(tmp_path, kind):
    _good_autosave(tmp_path)
    where = tmp_path / FOLDERS[kind]
    if where.exists():
        shutil.rmtree(where)
    where.parent.mkdir(parents=True, exist_ok=True)
    where.write_text("a file, not a folder")
    said = _said(_settled(tmp_path))
    assert said["status"].startswith(f"The app cannot use its {kind} folder {where}: a file has that name.")
    assert _resumable(said) == (kind != "data")
    if kind == "data":
        assert said["resume"] == f"The last game cannot be resumed: The app cannot use its data folder {where}: a file has that name."
    assert where.read_text() == "a file, not a folder"


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")
@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0 and not shutil.which("setpriv"),
                    reason="as root, permissions hold only without CAP_DAC_OVERRIDE (setpriv)")
@pytest.mark.parametrize("kind", list(FOLDERS))
def test_a_folder_the_app_may_not_use_is_named_and_the_rest_works(tmp_path, kind):
    _good_autosave(tmp_path)
    where = tmp_path / FOLDERS[kind]
    where.mkdir(parents=True, exist_ok=True)
    where.chmod(0)
    try:
        said = _said(_settled(tmp_path, drop_root=True))
    finally:
        where.chmod(0o700)
    assert said["status"].startswith(f"The app cannot use its {kind} folder {where}: the app may not read and write "
                                     "there (permission denied).")
    assert _resumable(said) == (kind != "data")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
@pytest.mark.parametrize("kind", list(FOLDERS))
def test_a_folder_full_of_odd_entries_never_stops_the_start(tmp_path, kind):
    _good_autosave(tmp_path)
    if kind == "data":  # (the autosave itself is one of the odd entries: a pipe)
        (tmp_path / "data" / "autosave.json").unlink()
    _odd(tmp_path / FOLDERS[kind], ODD_NAMES[kind])
    said = _said(_settled(tmp_path))
    assert not any(f"its {k} folder" in said["status"] for k in FOLDERS)  # no folder is broken
    if kind == "data":
        assert said["status"].startswith("The app cannot use its lock file ")
        assert said["resume"].startswith("The last game cannot be resumed: ") and "pipe" in said["resume"]
    else:
        assert _resumable(said)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
@pytest.mark.parametrize("kind", ["pipe", "loop", "folder"])
def test_a_lock_file_that_is_not_a_file_lets_the_app_run_and_says_so(tmp_path, kind):
    """A pipe at the lock's name would block the lock's read forever; a folder or a loop made
    the app take it for another copy that does not answer."""
    _good_autosave(tmp_path)
    lock = tmp_path / "data" / "tabletop.lock"
    {"pipe": os.mkfifo, "loop": lambda p: p.symlink_to(p), "folder": os.mkdir}[kind](lock)
    said = _said(_settled(tmp_path))
    assert said["status"] == (f"The app cannot use its lock file {lock} (it is not a plain file), so it does not "
                              "notice a second copy of itself.")
    assert _resumable(said)
