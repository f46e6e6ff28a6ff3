"""Games are plug-ins found through the ``tabletop.games`` entry points: every game folder is one,
and a plug-in that cannot be loaded is named in one line while the other games play on."""

from __future__ import annotations

import sys
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from tabletop.engine import registry
from tabletop.engine.game import GameDef

ROOT = Path(__file__).resolve().parents[1]


def declared() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["entry-points"][registry.GROUP]


def test_every_game_folder_is_declared_as_a_plug_in_and_every_plug_in_is_loaded():
    folders = {p.name for p in (ROOT / "tabletop" / "games").iterdir() if (p / "__init__.py").is_file()}
    packages = {value.split(":")[0].rsplit(".", 1)[1] for value in declared().values()}
    assert packages == folders
    assert {g.id for g in registry.all_games()} == set(declared())
    assert registry.load_problems() == []


@pytest.mark.parametrize("game", registry.all_games(), ids=lambda g: g.id)
def test_every_game_gives_its_usual_length_as_a_rough_range_in_five_minute_steps(game):
    """The gallery's "15–30 min" is an estimate, not a measure (docs/client.md, "The gallery"):
    both ends in whole five minutes, the short game shorter than the long one."""
    lo, hi = game.minutes
    assert 0 < lo < hi and lo % 5 == 0 and hi % 5 == 0


@pytest.fixture
def plugin_package(tmp_path, monkeypatch):
    """A package of would-be games on the path, and the registry's state restored afterwards."""
    pkg = tmp_path / "plugged"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "broken.py").write_text("raise RuntimeError('the plug-in has a bug')\n")
    (pkg / "odd.py").write_text("GAME = 42\n")
    (pkg / "renamed.py").write_text(
        "from tabletop.engine.game import PackageGame\n"
        "GAME = PackageGame(package='plugged', id='real-name', name='Renamed', min_players=2, max_players=2)\n"
    )
    (pkg / "fine.py").write_text(
        "from tabletop.engine.game import PackageGame\n"
        "GAME = PackageGame(package='plugged', id='fine', name='A fine game', min_players=2, max_players=2)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    yield
    for name in [m for m in sys.modules if m.startswith("plugged")]:
        del sys.modules[name]


@pytest.mark.parametrize("value, reason", [
    ("plugged.missing:GAME", "No module named 'plugged.missing'"),
    ("plugged.broken:GAME", "RuntimeError: the plug-in has a bug"),
    ("plugged.odd:GAME", "plugged.odd:GAME is not a game definition but 42"),
    ("plugged.renamed:GAME", "the entry is named 'wrong' but the game's id is 'real-name'"),
])
def test_a_plug_in_that_cannot_be_loaded_is_named_in_one_line(plugin_package, value, reason):
    name = "wrong" if "renamed" in value else "bad"
    problem = registry.load_plugin(EntryPoint(name=name, value=value, group=registry.GROUP))
    assert problem is not None and reason in problem and f"{value}" in problem and "\n" not in problem
    assert name not in registry._GAMES


def test_a_working_plug_in_from_another_package_joins_the_games(plugin_package):
    assert registry.load_plugin(EntryPoint(name="fine", value="plugged.fine:GAME", group=registry.GROUP)) is None
    game = registry.get_game("fine")
    assert isinstance(game, GameDef) and game.name == "A fine game"
    assert "fine" in {g.id for g in registry.all_games()}


def test_the_games_command_lists_the_games_and_names_a_broken_plug_in(monkeypatch, capsys):
    from tabletop.cli import main

    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert all(f"{game_id}\t" in out for game_id in declared())
    monkeypatch.setattr(registry, "_PROBLEMS", ["The game 'bad' (plugged.bad:GAME) could not be loaded: oops"])
    assert main(["games"]) == 1
    captured = capsys.readouterr()
    assert "spheres-of-life\t" in captured.out and "'bad'" in captured.err


def test_the_start_screen_names_a_broken_plug_in_and_offers_the_other_games(qtbot, monkeypatch):
    from tabletop.client.start_screen import StartScreen

    clean = StartScreen()
    qtbot.addWidget(clean)
    assert clean.problems.isHidden()
    problem = "The game 'bad' (plugged.bad:GAME) could not be loaded: oops"
    monkeypatch.setattr(registry, "_PROBLEMS", [problem])
    screen = StartScreen()
    qtbot.addWidget(screen)
    screen.show()
    assert screen.problems.isVisible() and screen.problems.text() == problem
    from tabletop.client.gallery import GalleryScreen

    gallery = GalleryScreen()
    qtbot.addWidget(gallery)
    gallery.show()
    assert gallery.form.problems.isVisible() and gallery.form.problems.text() == problem
    assert [t.game.id for t in gallery.tiles] == [g.id for g in clean.games]
    assert [screen.game_box.itemData(i) for i in range(screen.game_box.count())] == [g.id for g in clean.games]
