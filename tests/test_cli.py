"""The command line: listing, arena, replay, and one clear line for every user error."""

from __future__ import annotations

import json
import random

import pytest

from tabletop import __version__
from tabletop.cli import main
from tabletop.engine.game import GameError
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.engine.saves import save_match


def test_version_and_games(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"tabletop {__version__}"
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "forest\tOnce Upon a Forest\t1–4 players" in out and "chainsaw_penalty" in out and "solo_target" in out
    # (issue 29, 11: a game for exactly two says so, not "2-2 players")
    assert "three-spheres\tThree Spheres TCG\t2 players\n" in out and "spheres-shogun\tSpheres: the Shogun Sowing Game\t2 players\n" in out


def test_arena_json_reports_every_seat(capsys):
    assert main(["arena", "--game", "forest", "--seats", "easy,random", "--games", "3", "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and [s["level"] for s in out["seats"]] == ["easy", "random"]
    assert sum(s["wins"] for s in out["seats"]) == pytest.approx(3)
    assert all(s["decisions_per_second"] > 0 for s in out["seats"])


def test_arena_table(capsys):
    assert main(["arena", "--game", "forest", "--seats", "random,random,random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "decisions/s" in out and len(out.strip().splitlines()) == 5


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["arena", "--game", "chess", "--seats", "easy,easy"], "Unknown game 'chess'"),
        (["arena", "--game", "forest", "--seats", "easy,easy,easy,easy,easy"], "1 to 4 players, not 5"),
        (["arena", "--game", "forest", "--seats", "easy,genius"], "Unknown bot level 'genius'"),
        (["arena", "--game", "forest", "--seats", "easy,easy", "--option", "wind=2"], "no option 'wind'"),
        (["arena", "--game", "forest", "--seats", "easy,easy", "--option", "chainsaw_penalty=7"], "cannot be 7"),
        (["arena", "--game", "forest", "--seats", "easy,easy", "--games", "0"], "at least 1"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(argv, expected, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert expected in err and len(err.splitlines()) == 1


def test_replay_prints_the_log_of_a_valid_save(tmp_path, capsys):
    game = get_game("forest")
    match = Match(game, [Seat("Ada"), Seat("Ben", "bot", "easy")], {}, 12)
    rng = random.Random(12)
    while not match.is_over():
        match.submit(rng.choice(match.legal_actions()))
    save_match(match, tmp_path / "g.json")
    assert main(["replay", str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    assert "Ada draws a" in out and f"OK: {len(match.log)} actions replayed" in out
    assert "Ada:" in out and "Ben:" in out


def test_replay_of_a_broken_save_names_the_problem(tmp_path, capsys):
    (tmp_path / "bad.json").write_text('{"format": "tabletop-save", "format_version": 1, "game": "forest"')
    assert main(["replay", str(tmp_path / "bad.json")]) == 2
    assert "truncated" in capsys.readouterr().err



def test_boolean_options_accept_true_false_yes_no_from_the_command_line():
    game = get_game("spheres-of-life")
    assert game.resolve_options({"purist": "true"})["purist"] is True
    assert game.resolve_options({"purist": "no"})["purist"] is False
    with pytest.raises(GameError):
        game.resolve_options({"purist": "maybe"})
