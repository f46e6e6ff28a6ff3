"""Every subcommand runs, and prints any game's text, when its output is redirected under a Windows
code page.

A Windows whose code page is cp1252 (Western Europe) or cp437 (the US console) writes redirected
output in that code page, which has no "ă" -- the game "Ô ăn quan" -- and `tabletop games > f`
died with a UnicodeEncodeError.  Here the code page is simulated on any system with
PYTHONIOENCODING, each subcommand run in a process of its own with its output going to a file, as
`tabletop ... > out.txt` does.  (The frozen app, which runs in Python's UTF-8 mode, is checked the
same way under Wine by packaging/check_frozen.py: there every letter must come out whole.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = ROOT / "docs" / "positions"


def run(args: list[str], code_page: str, tmp_path: Path, status: int = 0) -> str:
    """``tabletop ARGS > out.txt`` with the output in ``code_page``; what it wrote, decoded."""
    out = tmp_path / "out.txt"
    env = dict(os.environ, PYTHONIOENCODING=code_page, PYTHONUTF8="0", QT_QPA_PLATFORM="offscreen",
               TABLETOP_HOME=str(tmp_path / "home"))
    with open(out, "wb") as sink:
        done = subprocess.run([sys.executable, "-X", "utf8=0", "-m", "tabletop", *args], stdout=sink,
                              stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == status, done.stderr.decode("utf-8", "replace")
    assert b"UnicodeEncodeError" not in done.stderr
    return out.read_bytes().decode(code_page)  # strict: every byte is the code page's


@pytest.mark.parametrize("code_page", ["cp1252", "cp437"])
def test_games_and_lessons_print_the_names_the_code_page_lacks_as_question_marks(code_page, tmp_path):
    games = run(["games"], code_page, tmp_path)
    assert "spheres-shogun" in games and "three-spheres" in games  # the list goes on past the "ă"
    assert "?n quan" in games and "ăn" not in games
    if code_page == "cp1252":
        assert "Ô ?n quan" in games  # what the code page has is printed as it is
    lessons = run(["lessons"], code_page, tmp_path)
    assert "?n quan" in lessons and "three-spheres-first-game" in lessons


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A finished shogun game (its names and rules say "Ô ăn quan" nowhere, its log has dashes)."""
    folder = tmp_path_factory.mktemp("saved")
    save = folder / "shogun.tabletop"
    run(["arena", "--game", "spheres-shogun", "--seats", "easy,random", "--games", "1", "--seed", "2",
         "--save", str(save)], "cp1252", folder)
    return save


# The output of these commands is in cp1252 today (only games, lessons and lessons --check print
# the "ă" above): they are run with such an output all the same, so that a word they print one day
# that the code page lacks does not stop them, and what they print is checked to reach the file.
@pytest.mark.parametrize("args, says", [
    (["--version"], "tabletop "),
    (["lessons", "--check"], "OK"),
    (["arena", "--game", "forest", "--seats", "easy,random", "--games", "1", "--json"], '"seats"'),
    (["replay", "{save}"], "Spheres"),
    (["review", "{save}", "--seconds", "0.02"], "costliest"),
    (["score", "--game", "spheres-of-life", str(POSITIONS / "spheres-of-life-gods-and-myths.json")], "total"),
    (["legal", "--game", "three-spheres", str(POSITIONS / "three-spheres-main-phase.json")], "play"),
    (["decks", "list"], "playable"),
    (["decks", "show", "stones"], "Shogun"),
], ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_every_subcommand_runs_with_a_cp1252_output(args, says, saved, tmp_path):
    args = [a.replace("{save}", str(saved)) for a in args]
    assert says in run(args, "cp1252", tmp_path)


def test_render_under_cp1252_draws_and_says_where(saved, tmp_path):
    picture = tmp_path / "end.png"
    said = run(["render", str(saved), "--end", "-o", str(picture)], "cp1252", tmp_path)
    assert picture.read_bytes().startswith(b"\x89PNG") and "end.png" in said


def test_a_user_error_under_cp1252_is_one_line_on_stderr(tmp_path):
    out = tmp_path / "out.txt"
    env = dict(os.environ, PYTHONIOENCODING="cp1252", PYTHONUTF8="0", TABLETOP_HOME=str(tmp_path / "home"))
    with open(out, "wb") as sink:
        done = subprocess.run([sys.executable, "-m", "tabletop", "arena", "--game", "ô-ăn", "--seats", "easy,easy"],
                              stdout=sink, stderr=subprocess.PIPE, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 2
    err = done.stderr.decode("cp1252")
    assert len(err.strip().splitlines()) == 1 and "Unknown game" in err and "Traceback" not in err
