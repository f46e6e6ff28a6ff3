"""A game is one folder that plugs in: with one game's folder and entry point gone, the app
starts, every other game's table opens, the other games' own screens open, and `tabletop games`
lists the others -- for each game in turn.

Each run is a copy of the package without that game's folder, with its own installed metadata
(``tabletop-0.dist-info/entry_points.txt``) naming the other games, first on the path, so that
neither the folder nor its entry point can be found; assets and forms are the checkout's."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.engine.registry import all_games

ROOT = Path(__file__).resolve().parents[1]
GAMES = {g.id: g for g in all_games()}

# run in the copy: the window, each remaining game's table (a quick game against bots) and each
# game's own screen, then what was imported of the removed game's package
APP = r"""
import json, sys
package = sys.argv[1]
import tabletop, tabletop.client
from PySide6.QtWidgets import QApplication
from tabletop.engine.registry import all_games, load_problems
app = QApplication([])
from tabletop.client.main_window import MainWindow
w = MainWindow()
w.settings.bot_pace = 0
w.settings.animations = False
w.resize(1366, 768)
w.show()
app.processEvents()
tables = {}
for game in w.gallery.games:
    w.gallery.quick_start(game, bots=True)
    for _ in range(20):
        app.processEvents()
    screen = w.current_screen()
    tables[game.id] = [screen is w.table_screen, type(w.table_screen.table).__name__, w.controller.match.game.id]
    w.go_to_gallery()
screens = {}
for (game_id, name), action in w.game_screens.actions.items():
    action.trigger()
    app.processEvents()
    screens[f"{game_id}/{name}"] = type(w.current_screen()).__name__
    w.go_to_gallery()
w.controller.stop()
w.close()
print(json.dumps({
    "package": tabletop.__file__,
    "games": [g.id for g in all_games()],
    "problems": load_problems(),
    "gallery": [t.game.id for t in w.gallery.tiles],
    "menu": [a.text() for a in w.menuBar().actions()[0].menu().actions()],
    "tables": tables,
    "screens": screens,
    "loaded": sorted(m for m in sys.modules if m == package or m.startswith(package + ".")),
}))
"""


def without(game_id: str, where: Path) -> dict[str, str]:
    """A copy of the package without ``game_id``'s folder and entry point, under ``where``; the
    environment that runs it."""
    package = GAMES[game_id].package
    folder = ROOT / Path(*package.split("."))
    shutil.copytree(ROOT / "tabletop", where / "tabletop", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.rmtree(where / folder.relative_to(ROOT))
    for part in ("assets", "ui"):
        (where / part).symlink_to(ROOT / part)
    info = where / "tabletop-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tabletop\nVersion: 0\n")
    entries = [f"{g.id} = {g.package}:GAME" for g in GAMES.values() if g.id != game_id]
    (info / "entry_points.txt").write_text("[tabletop.games]\n" + "\n".join(entries) + "\n")
    env = dict(os.environ, PYTHONPATH=str(where), QT_QPA_PLATFORM="offscreen", TABLETOP_HOME=str(where / "home"),
               LANG="C.UTF-8")
    return env


def run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_app_works_without_any_one_game(game_id, tmp_path):
    env = without(game_id, tmp_path)
    package = GAMES[game_id].package
    others = sorted(g for g in GAMES if g != game_id)

    app = run(["-c", APP, package], env, tmp_path)
    assert app.returncode == 0, app.stderr
    seen = json.loads(app.stdout.strip().splitlines()[-1])
    assert Path(seen["package"]).parent == tmp_path / "tabletop"  # (the copy ran, not the checkout)
    assert sorted(seen["games"]) == others and seen["problems"] == []
    assert sorted(seen["gallery"]) == sorted(g for g in others if GAMES[g].table_class)
    # each other game's table opened, with a game of it on the table
    for other in seen["gallery"]:
        on_screen, table, playing = seen["tables"][other]
        assert on_screen and playing == other and table == GAMES[other].table_class.rsplit(":", 1)[1]
    # the other games' own screens are offered and open; the removed game's are gone
    offered = {f"{g}/{s.name}" for g in others for s in GAMES[g].screens}
    assert set(seen["screens"]) == offered
    for key, widget in seen["screens"].items():
        game, name = key.split("/")
        assert widget == next(s for s in GAMES[game].screens if s.name == name).widget_class.rsplit(":", 1)[1]
    for s in GAMES[game_id].screens:
        assert s.menu not in seen["menu"]
    assert seen["loaded"] == []  # nothing imported the removed game

    games = run(["-m", "tabletop", "games"], env, tmp_path)
    assert games.returncode == 0, games.stderr
    listed = [line.split("\t")[0] for line in games.stdout.splitlines() if not line.startswith("\t")]
    assert sorted(listed) == others
    # the removed game's own subcommands went with it; the others' stay
    if GAMES[game_id].commands:
        gone = run(["-m", "tabletop", "decks", "list"], env, tmp_path)
        assert gone.returncode == 2 and "invalid choice: 'decks'" in gone.stderr
    elif any(GAMES[g].commands for g in others):
        kept = run(["-m", "tabletop", "decks", "list"], env, tmp_path)
        assert kept.returncode == 0 and "pre-built" in kept.stdout, kept.stderr
