"""Saves: atomic writes, exact round trips, and a clear message for every kind of broken file."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from tabletop.engine.game import GameError, digest
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.engine.saves import FORMAT_VERSION, SaveError, load_match, save_match

GAME = get_game("forest")


@pytest.fixture
def match():
    m = Match(GAME, [Seat("Ada"), Seat("Ben", "bot", "easy"), Seat("Cy", "bot", "hard")], {"chainsaw_penalty": 2}, 42)
    rng = random.Random(1)
    for _ in range(25):
        m.submit(rng.choice(m.legal_actions()))
    return m


def test_save_and_load_give_the_same_match(tmp_path, match):
    path = tmp_path / "game.json"
    save_match(match, path)
    loaded = load_match(path)
    assert digest(loaded.state) == digest(match.state)
    assert loaded.log == match.log and loaded.options == match.options and loaded.seed == 42
    assert [s.to_json() for s in loaded.seats] == [s.to_json() for s in match.seats]
    data = json.loads(path.read_text())
    for key in ("format_version", "app_version", "game", "options", "seed", "seats", "actions", "digest"):
        assert key in data


def test_a_failed_write_leaves_the_existing_save_intact(tmp_path, match, monkeypatch):
    path = tmp_path / "game.json"
    save_match(match, path)
    before = path.read_bytes()

    def broken_fsync(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    match.submit(match.legal_actions()[0])
    with pytest.raises(OSError):
        save_match(match, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp file left behind


def broken(tmp_path, match, mutate=None, text=None):
    path = tmp_path / "broken.json"
    if text is None:
        save_match(match, path)
        data = json.loads(path.read_text())
        mutate(data)
        text = json.dumps(data)
    path.write_text(text)
    return path


CASES = {
    "not json": (None, "hello, I am not a save", "not valid JSON"),
    "truncated": ("truncate", None, "truncated"),
    "empty": (None, "", "empty"),
    "not a save": (None, '{"some": "thing"}', "not a tabletop save"),
    "unknown game": (lambda d: d.update(game="chess"), None, "game this app does not have"),
    "newer format": (lambda d: d.update(format_version=FORMAT_VERSION + 1), None, "newer tabletop"),
    "illegal action": (lambda d: d["actions"].__setitem__(4, {"kind": "draw", "pile": 9}), None, "Step 5"),
    "digest mismatch": (lambda d: d.update(digest="0" * 64), None, "does not match its digest"),
    "unknown option": (lambda d: d["options"].update(wind=3), None, "no option 'wind'"),
    "missing field": (lambda d: d.pop("seed"), None, "'seed'"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_broken_saves_give_a_clear_error_and_are_never_modified(tmp_path, match, case):
    mutate, text, expected = CASES[case]
    if mutate == "truncate":
        save_match(match, tmp_path / "full.json")
        full = (tmp_path / "full.json").read_text()
        cut = len(full) // 2 + len(case) % 7  # somewhere in the middle, possibly inside a string
        path = broken(tmp_path, match, text=full[:cut])
    else:
        path = broken(tmp_path, match, mutate, text)
    before = path.read_bytes()
    mtime = path.stat().st_mtime_ns
    with pytest.raises(SaveError) as err:
        load_match(path)
    assert expected in str(err.value)
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(SaveError, match="does not exist"):
        load_match(tmp_path / "nothing.json")


def test_a_match_started_from_a_position_saves_and_loads(tmp_path):
    doc = {
        "game": "forest",
        "players": 2,
        "options": {"chainsaw_penalty": 2},
        "forests": [[[["G13"], [], [], []]], [[["G14"], [], [], []]]],
        "hands": [["F02", "S03", "C04"], ["G02", "G03", "G04"]],
        "piles": [["G05", "G06"], ["F05"], [], [], ["S05"]],
        "stage": "play",
    }
    match = Match(GAME, [Seat("Ada"), Seat("Bot", "bot", "easy")], None, 0, position=doc)
    assert match.options["chainsaw_penalty"] == 2 and match.state.hands[0] == ["F02", "S03", "C04"]
    rng = random.Random(0)
    while not match.is_over():
        match.submit(rng.choice(match.legal_actions()))
    save_match(match, tmp_path / "p.json")
    loaded = load_match(tmp_path / "p.json")
    assert digest(loaded.state) == digest(match.state) and loaded.position == doc
    with pytest.raises(GameError, match="for 2 players, not 3"):
        Match(GAME, [Seat("A"), Seat("B"), Seat("C")], None, 0, position=doc)


def test_a_save_cut_anywhere_is_reported_as_truncated(tmp_path, match):
    save_match(match, tmp_path / "full.json")
    full = (tmp_path / "full.json").read_text()
    path = tmp_path / "cut.json"
    for cut in range(1, len(full) - 2, 7):
        path.write_text(full[:cut])
        with pytest.raises(SaveError, match="truncated"):
            load_match(path)


def test_a_save_written_before_the_forest_variants_still_loads():
    """Adding options must not change the digest of older games (saves are never lost)."""
    from pathlib import Path

    from tabletop.engine.saves import load_match

    match = load_match(Path(__file__).parent / "data" / "forest-save-before-variants.json")
    assert len(match.log) == 30 and match.options["chainsaw_penalty"] == 2


SAVED_GAMES = sorted((Path(__file__).parent / "data").glob("*.json"))


@pytest.mark.parametrize("path", SAVED_GAMES, ids=[p.stem for p in SAVED_GAMES])
def test_every_recorded_game_replays_to_its_digest(path):
    """The recorded games of tests/data (games of every kind, some saved before a rule or option
    existed) replay to the state they were saved at: a change to a shuffle, the hands'
    slots, a rule or a digest shows here before a player's save is refused."""
    from tabletop.engine.game import digest
    from tabletop.engine.saves import load_match

    data = json.loads(path.read_text(encoding="utf-8"))
    match = load_match(path)  # (raises when the replay does not reach the digest)
    assert digest(match.state) == data["digest"] and len(match.log) == len(data["actions"])
