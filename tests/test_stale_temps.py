"""Temporary files left by writes cut short (the app killed while it autosaves) are removed at
start-up: only the app's own ``.NAME.XXXXXXXX.tmp`` files, in its own folders, older than a
minute."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from tabletop.engine.files import STALE_AFTER, remove_stale_temps, write_atomic
from tabletop.engine.paths import config_dir, data_dir, saves_dir


def leftover(folder: Path, name: str, age: float) -> Path:
    """A temporary file exactly as write_atomic makes it for ``name``, ``age`` seconds old."""
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    os.write(fd, b'{"half": "a save')
    os.close(fd)
    then = time.time() - age
    os.utime(tmp, (then, then))
    return Path(tmp)


def aged(path: Path, age: float, text: str = "x") -> Path:
    path.write_text(text)
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_only_the_apps_own_old_temporary_files_go(tmp_path):
    old = STALE_AFTER + 30
    stale = [leftover(tmp_path, "autosave.json", old), leftover(tmp_path, "forest-2026-11-23-1200.json", old),
             leftover(tmp_path, "settings.ini", old * 100)]
    kept = [
        leftover(tmp_path, "autosave.json", 5),  # a write under way, in another window
        aged(tmp_path / "autosave.json", old),  # the save itself
        aged(tmp_path / "my game.json", old),
        aged(tmp_path / ".notes.tmp", old),  # not write_atomic's name
        aged(tmp_path / "autosave.json.abcd1234.tmp", old),  # no leading dot
        aged(tmp_path / ".autosave.json.abcd12345.tmp", old),  # nine random characters
        aged(tmp_path / ".autosave.json.ABCD1234.tmp", old),  # tempfile's are lower case
        aged(tmp_path / ".autosave.json.abcd1234.tmp.bak", old),
    ]
    folder = tmp_path / ".x.abcd1234.tmp"  # a folder so named is not a file of ours
    folder.mkdir()
    os.utime(folder, (time.time() - old,) * 2)
    removed = remove_stale_temps(tmp_path)
    assert sorted(removed) == sorted(stale)
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in kept) and folder.is_dir()
    assert remove_stale_temps(tmp_path) == []
    assert remove_stale_temps(tmp_path / "no such folder") == []


def test_a_failed_write_leaves_nothing_and_a_killed_one_is_cleared_later(tmp_path, monkeypatch):
    target = tmp_path / "autosave.json"
    write_atomic(target, "first")

    def killed(src, dst):  # the process dies between writing the temp file and the rename
        raise SystemExit("killed")

    monkeypatch.setattr(os, "replace", killed)
    try:
        write_atomic(target, "second")
    except SystemExit:
        pass
    monkeypatch.undo()
    assert target.read_text() == "first"
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]  # an exception cleans up itself
    # a kill cannot clean up: its leftover is what the start-up clears
    stale = leftover(tmp_path, "autosave.json", STALE_AFTER + 1)
    assert remove_stale_temps(tmp_path) == [stale]
    assert target.read_text() == "first"


def test_the_app_clears_its_folders_when_it_starts(qtbot, tabletop_home):
    from conftest import open_window

    old = STALE_AFTER * 10
    stale = [leftover(data_dir(), "autosave.json", old), leftover(saves_dir(), "shogun-2026.json", old),
             leftover(config_dir(), "settings.ini", old)]
    young = leftover(data_dir(), "autosave.json", 1)
    elsewhere = leftover(tabletop_home, "autosave.json", old)  # not one of the app's folders
    window = open_window(qtbot)
    qtbot.waitUntil(lambda: not any(p.exists() for p in stale), timeout=5000)
    assert young.exists() and elsewhere.exists()
    window.close()
