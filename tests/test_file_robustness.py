"""Damaged files: whatever a save or a position document holds, the loaders give a clear one-line
error or a consistent game -- never another exception -- and never touch the file.

Real saves and position documents of every game are mutated by Hypothesis: bytes flipped, cut,
inserted or repeated; values in the JSON tree replaced by others (huge numbers, deep nesting,
wrong types, broken characters), keys dropped.  Together the tests below run well over 1,000
cases.  The fixed cases at the end are the faults seen in the wild (issue 10).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine.files import MAX_DEPTH, MAX_FILE_BYTES, read_json
from tabletop.engine.game import CHANCE, GameError, digest
from tabletop.engine.match import Match, Seat
from tabletop.engine.positions import load_position
from tabletop.engine.registry import all_games
from tabletop.engine.saves import SaveError, load_match, match_to_json

GAMES = all_games()
CASES = itertools.count()  # each case's file in a folder of its own
IDS = [g.id for g in GAMES]
ROOT = Path(__file__).resolve().parents[1]
def profile(cases: int):
    """Hypothesis settings: ``cases`` examples, the same ones on every run (CI must not flake)."""
    return settings(max_examples=cases, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


@cache
def real_save(game_id: str) -> bytes:
    """A save of a game some 30 moves in, as the app writes it."""
    game = next(g for g in GAMES if g.id == game_id)
    players = max(2, game.min_players)
    match = Match(game, [Seat(f"P{i}", "human" if i == 0 else "bot", None if i == 0 else "easy") for i in range(players)],
                  {}, 11)
    rng = random.Random(11)
    while not match.is_over() and len(match.log) < 30:
        if match.decider() == CHANCE:
            match.resolve_chance()
        else:
            match.submit(rng.choice(match.legal_actions()))
    return (json.dumps(match_to_json(match), indent=1) + "\n").encode()


@cache
def real_position(game_id: str) -> bytes:
    """A position document of a game some 25 moves in."""
    game = next(g for g in GAMES if g.id == game_id)
    state = game.new_game(max(2, game.min_players), {}, 5)
    rng = random.Random(5)
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return json.dumps(game.to_position(state), indent=1).encode()


# --- mutations ---------------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False) | st.text(max_size=12) | st.sampled_from(["", "human", "bot", "easy", "draw", "pass"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def paths(data, here=()):
    """Every place in a JSON tree, as a tuple of keys and indexes."""
    yield here
    if isinstance(data, dict):
        for k, v in data.items():
            yield from paths(v, (*here, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from paths(v, (*here, i))


def replace_at(data, path, value, drop=False):
    if not path:
        return value
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if drop:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return data


@st.composite
def tree_mutation(draw, original: bytes) -> bytes:
    """The document with one to three places replaced by another JSON value, or dropped."""
    data = json.loads(original)
    for _ in range(draw(st.integers(1, 3))):
        places = list(paths(data))
        where = draw(st.sampled_from(places))
        how = draw(st.sampled_from(["value", "value", "drop", "deep", "huge", "type"]))
        if how == "drop" and where:
            data = replace_at(data, where, None, drop=True)
            continue
        value = {
            "value": lambda: draw(json_values),
            "drop": lambda: None,
            "deep": lambda: _deep(draw(st.integers(MAX_DEPTH - 3, 3 * MAX_DEPTH))),
            "huge": lambda: draw(st.sampled_from([10**30, -(10**30), 2**64, 2**64 + 1, 1e308, -1, 10**6])),
            "type": lambda: draw(st.sampled_from([[], {}, "", "x", 0, True, None, [[]], {"kind": 1}])),
        }[how]()
        data = replace_at(data, where, value)
    return json.dumps(data, indent=1).encode()


def _deep(levels: int):
    value: object = 0
    for _ in range(levels):
        value = [value]
    return value


@st.composite
def byte_mutation(draw, original: bytes) -> bytes:
    """The file with one to four byte-level accidents: a flipped bit, a cut, an insertion, a
    repeated stretch, garbage."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 4))):
        how = draw(st.sampled_from(["flip", "cut", "insert", "repeat", "truncate", "set"]))
        i = draw(st.integers(0, max(0, len(data) - 1)))
        if how == "flip" and data:
            data[i] ^= 1 << draw(st.integers(0, 7))
        elif how == "cut":
            del data[i:i + draw(st.integers(1, 40))]
        elif how == "insert":
            data[i:i] = draw(st.binary(min_size=1, max_size=12) | st.sampled_from([b"[", b"{", b"]", b"}", b",", b'"', b"\\u", b"\\ud800", b"9" * 30, b"NaN", b"\xff\xfe"]))
        elif how == "repeat":
            j = draw(st.integers(i, min(len(data), i + 60)))
            data[j:j] = data[i:j] * draw(st.integers(1, 3))
        elif how == "truncate":
            del data[i:]
        elif how == "set" and data:
            data[i] = draw(st.sampled_from(b'[]{}",:0123456789-.eEtfn \n\x00'))
    return bytes(data)


# --- what must hold ----------------------------------------------------------------------------
def assert_one_line_error(error: Exception) -> None:
    text = str(error)
    assert text and "\n" not in text and "Traceback" not in text, text
    assert len(text) < 400, text


def load_untouched(path: Path, load):
    """``load(path)`` and the proof that the file was not touched: same bytes, same time."""
    before = path.read_bytes(), path.stat().st_mtime_ns
    try:
        return load(path)
    finally:
        assert (path.read_bytes(), path.stat().st_mtime_ns) == before
        assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def check_save(tmp_path: Path, content: bytes) -> None:
    folder = tmp_path / f"case{next(CASES)}"
    folder.mkdir()
    path = folder / "game.json"
    path.write_bytes(content)
    try:
        match = load_untouched(path, load_match)
    except SaveError as e:
        assert_one_line_error(e)
        return
    # a save that loads is a consistent game: its digest is the replay's, and it can go on
    data = json.loads(content)
    assert digest(match.state) == data["digest"]
    again = Match.replay(match.game, match.seats, match.options, match.seed, match.log, match.casual_undo,
                         match.position)
    assert digest(again.state) == digest(match.state)
    for seat in [*range(len(match.seats)), None]:
        json.dumps(match.state.view(seat))
    if not match.is_over() and match.decider() != CHANCE:
        assert match.legal_actions()
    json.dumps(match_to_json(match))


def check_position(tmp_path: Path, game, content: bytes) -> None:
    folder = tmp_path / f"case{next(CASES)}"
    folder.mkdir()
    path = folder / "position.json"
    path.write_bytes(content)
    try:
        state = load_untouched(path, lambda p: load_position(game, p))
    except GameError as e:
        assert_one_line_error(e)
        return
    # a position that loads can be played and shown
    players = len(state.scores())
    for seat in [*range(players), None]:
        json.dumps(state.view(seat))
    if not state.is_terminal() and state.decider() != CHANCE:
        legal = state.legal_actions()
        assert legal
        state.clone().apply(legal[0])
    json.dumps(game.to_position(state))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@profile(220)
@given(data=st.data())
def test_a_save_with_damaged_bytes_loads_consistently_or_says_why(tmp_path, game, data):
    check_save(tmp_path, data.draw(byte_mutation(real_save(game.id))))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@profile(160)
@given(data=st.data())
def test_a_save_with_wrong_values_loads_consistently_or_says_why(tmp_path, game, data):
    check_save(tmp_path, data.draw(tree_mutation(real_save(game.id))))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@profile(120)
@given(data=st.data())
def test_a_damaged_position_loads_consistently_or_says_why(tmp_path, game, data):
    original = real_position(game.id)
    mutation = data.draw(st.sampled_from([byte_mutation, tree_mutation]))
    check_position(tmp_path, game, data.draw(mutation(original)))


# --- the faults seen -------------------------------------------------------------------------------
HOSTILE = {
    "deeply nested": b"[" * 100_000,
    "deeply nested and closed": b"[" * 100_000 + b"]" * 100_000,
    "nested one level too deep": b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1),
    "a huge integer": b'{"format": "tabletop-save", "seed": ' + b"9" * 5000 + b"}",
    "an integer beyond 64 bits": b'{"format": "tabletop-save", "seed": 36893488147419103232}',
    "an infinite number": b'{"format": "tabletop-save", "seed": 1e999}',
    "NaN": b'{"format": "tabletop-save", "seed": NaN}',
    "a lone surrogate": b'{"format": "tabletop-save", "game": "\\ud800"}',
    "not UTF-8": b'{"format": "tabletop-save", "game": "\xff\xfe"}',
    "binary": bytes(range(256)),
}


@pytest.mark.parametrize("content", HOSTILE.values(), ids=HOSTILE)
def test_hostile_files_give_the_one_line_error(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as err:
        load_untouched(path, load_match)
    assert_one_line_error(err.value)
    assert str(err.value).startswith("The file bad.json ")


def test_a_file_over_the_size_limit_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.write(b'{"format": "tabletop-save", "pad": "')
        f.seek(MAX_FILE_BYTES + 10)
        f.write(b'"}')
    with pytest.raises(SaveError, match="too large"):
        load_untouched(path, load_match)
    with pytest.raises(SaveError, match="folder"):
        read_json(tmp_path, "The file x", SaveError)


@pytest.mark.parametrize("command", ["replay", "score", "legal"])
def test_the_commands_refuse_a_deeply_nested_file_in_one_line(tmp_path, command):
    path = tmp_path / "deep.json"
    path.write_bytes(b"[" * 100_000)
    args = [command, str(path)] if command == "replay" else [command, "--game", "forest", str(path)]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-m", "tabletop", *args], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=60)
    assert out.returncode == 2, out.stderr
    lines = [line for line in (out.stdout + out.stderr).splitlines() if line.strip()]
    assert len(lines) == 1 and "nested" in lines[0] and "Traceback" not in out.stderr, lines


def _edit_save(game_id: str, edit) -> bytes:
    data = json.loads(real_save(game_id))
    edit(data)
    return json.dumps(data).encode()


def _edit_position(game_id: str, edit) -> bytes:
    data = json.loads(real_position(game_id))
    edit(data)
    return json.dumps(data).encode()


FOUND = {  # what Hypothesis found, kept as plain cases
    "a seat named null": ("forest", "save", lambda d: d["seats"][0].update(name=None)),
    "an action whose kind holds new lines": ("forest", "save", lambda d: d["actions"][5].update(kind="0\n" * 500)),
    "a pile numbered with 300 digits": ("forest", "save", lambda d: d["actions"][0].update(pile="0" * 300)),
    "options that are not an object": ("spheres-of-life", "position", lambda d: d.update(options=True)),
    "options as a list": ("forest", "position", lambda d: d.update(options=["x"])),
    "a card that is a list": ("forest", "position", lambda d: d["piles"][0].insert(0, [])),
    "a stone that is a list": ("spheres-shogun", "position", lambda d: d["board"][0].insert(0, [])),
    "a whole number that is a string": ("spheres-shogun", "position", lambda d: d.update(game_turns="7")),
    "a turn queue holding a list": ("spheres-of-life", "position", lambda d: d.update(queue=[1, [[0]]])),
    "order knowledge of the wrong shape": ("spheres-of-life", "position", lambda d: d.update(order_known=[[True]])),
    "a hero that is not one": ("spheres-of-life", "position", lambda d: d["heroes"][0].append("rabbit1")),
}


@pytest.mark.parametrize("case", FOUND.values(), ids=FOUND)
def test_the_damage_hypothesis_found_gives_a_clear_error(tmp_path, case):
    game_id, kind, edit = case
    game = next(g for g in GAMES if g.id == game_id)
    path = tmp_path / "case" / "file.json"
    path.parent.mkdir()
    if kind == "save":
        path.write_bytes(_edit_save(game_id, edit))
        with pytest.raises(SaveError) as err:
            load_untouched(path, load_match)
    else:
        path.write_bytes(_edit_position(game_id, edit))
        with pytest.raises(GameError) as err:
            load_untouched(path, lambda p: load_position(game, p))
    assert_one_line_error(err.value)
