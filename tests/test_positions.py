"""Position documents: loading, scoring and legal actions, and clear errors for bad documents."""

from __future__ import annotations

import json

import pytest

from tabletop.cli import main
from tabletop.engine.game import GameError
from tabletop.engine.positions import load_position
from tabletop.engine.registry import get_game

GAME = get_game("forest")
FINISHED = {
    "game": "forest",
    "players": 2,
    "forests": [
        [[["G13"], ["F02"], ["S14"], ["C14"]], [["G02"], ["F14"], ["S15"], ["C15"]]],
        [[["G14"], ["F13"], ["S16"], ["C16"]], [["G15"], [], [], []]],
    ],
}


def write(tmp_path, doc, name="pos.json"):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    return path


def test_state_to_position_and_back_is_the_same_state():
    import random

    state = GAME.new_game(3, {"chainsaw_penalty": 2}, 8)
    rng = random.Random(8)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    doc = json.loads(json.dumps(GAME.to_position(state)))
    again = GAME.from_position(doc)
    assert again.to_json() == state.to_json()


def test_score_command_prints_each_breakdown(tmp_path, capsys):
    assert main(["score", "--game", "forest", str(write(tmp_path, FINISHED))]) == 0
    out = json.loads(capsys.readouterr().out)
    a, b = out["players"]
    # two complete trees; 1 beetle and 1 hedgehog: neither equals 2, so no species in balance
    assert a["total"] == 6
    labels = {p["label"].split(" (")[0]: p["points"] for p in b["parts"]}
    assert labels == {"Complete trees": 3, "Incomplete trees": -1, "Chainsaws": -1, "Species in balance": 0}
    assert b["total"] == 1 and out["winners"] == [0] and out["final"] is True


def test_legal_command_lists_the_actions(tmp_path, capsys):
    doc = dict(FINISHED, hands=[["C02"], []], stage="play", turn=0)
    assert main(["legal", "--game", "forest", str(write(tmp_path, doc))]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["decider"] == 0
    assert {(a["card"], a["tree"]) for a in out["actions"]} == {("C02", 0), ("C02", 1), ("C02", 2)}


BAD = {
    "not json": ("{nope", "not valid JSON"),
    "not an object": ("[1, 2]", "JSON object"),
    "other game": (dict(FINISHED, game="chess"), "not 'forest'"),
    "unknown card": (dict(FINISHED, forests=[[[["Z99"], [], [], []]], [[["G14"], [], [], []]]]), "Unknown card 'Z99'"),
    "card twice": (dict(FINISHED, hands=[["G13"], []], stage="play"), "appears twice"),
    "wrong row": (dict(FINISHED, forests=[[[["F01"], [], [], []]], [[["G14"], [], [], []]]]), "lies in the Ground row"),
    "incomplete middle tree": (
        dict(FINISHED, forests=[[[["G13"], [], [], []], [["G02"], [], [], []]], [[["G14"], [], [], []]]]),
        "only the last tree may be incomplete",
    ),
    "bad stage": (dict(FINISHED, stage="dance"), "'stage' must be one of"),
    "too many players": (dict(FINISHED, players=5), "'players' must be 1, 2, 3 or 4"),
    "unknown option": (dict(FINISHED, options={"speed": 1}), "no option 'speed'"),
    "hand too big": (dict(FINISHED, hands=[["C01", "C02", "C03", "C04"], []], stage="play"), "at most 3"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_position_documents_get_a_clear_error(tmp_path, case, capsys):
    doc, expected = BAD[case]
    path = write(tmp_path, doc)
    with pytest.raises(GameError) as err:
        load_position(GAME, path)
    assert expected in str(err.value)
    assert main(["score", "--game", "forest", str(path)]) == 2
    err_line = capsys.readouterr().err.strip()
    assert expected in err_line and len(err_line.splitlines()) == 1


@pytest.mark.parametrize("game_id", ["forest", "spheres-of-life", "spheres-shogun"])
def test_a_document_of_format_1_loads_and_another_format_is_refused(game_id):
    """Documents say which format they are written in: this app reads format 1 and writes it."""
    import random

    game = get_game(game_id)
    state, rng = game.new_game(2, {}, 5), random.Random(5)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    written = game.to_position(state)
    assert written["format"] == 1
    again = game.from_position(json.loads(json.dumps(written)))
    assert again.decider() == state.decider() and again.legal_actions() == state.legal_actions()
    assert game.to_position(game.from_position(game.to_position(again))) == game.to_position(again)
    with pytest.raises(GameError, match="Unknown position format 2 .this app reads 1"):
        game.from_position(dict(written, format=2))
