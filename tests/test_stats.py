"""The record of finished games: each game once, what is tallied by game and bot level, the CSV
export, and a broken, foreign or newer database told in one sentence and left as it is."""

from __future__ import annotations

import csv
import random
import sqlite3

import pytest

from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.engine.stats import (
    SCHEMA, GameRecord, StatsError, default_path, export_csv, games, record_match, tallies,
)

SHOGUN = get_game("spheres-shogun")


def finished(seed=3, seats=None, game=SHOGUN):
    m = Match(game, seats or [Seat("Ada"), Seat("Bot", "bot", "easy")], {}, seed)
    rng = random.Random(seed)
    while not m.is_over():
        who = m.decider()
        if who is not None and who < 0:
            m.resolve_chance()
            continue
        m.submit(rng.choice(m.legal_actions()))
    return m


def test_a_finished_game_is_recorded_once_with_what_it_was(tmp_path):
    db = tmp_path / "stats.sqlite3"
    m = finished()
    assert record_match(m, db, now=0) is True
    assert record_match(m, db, now=100) is False  # the same game again: not twice
    [r] = games(db)
    assert r.ended == "1970-01-01T00:00:00Z" and r.game == "spheres-shogun" and r.seed == 3
    assert r.seats == [{"name": "Ada", "kind": "human", "level": None}, {"name": "Bot", "kind": "bot", "level": "easy"}]
    assert r.scores == [s.total for s in m.state.scores()] and r.winners == m.state.winners()
    assert r.moves == len(m.log) and r.options == m.options
    other = finished(seed=4)
    assert record_match(other, db) is True and [g.seed for g in games(db)] == [3, 4]
    assert games(db, game="forest") == [] and len(games(db, game="spheres-shogun")) == 2


def test_an_unfinished_game_is_not_recorded(tmp_path):
    m = Match(SHOGUN, [Seat("Ada"), Seat("Bot", "bot", "easy")], {}, 1)
    with pytest.raises(ValueError, match="Only a finished game"):
        record_match(m, tmp_path / "s.sqlite3")
    assert not (tmp_path / "s.sqlite3").exists()
    assert games(tmp_path / "none.sqlite3") == []  # no record yet: no games, no file made


def _record(winners, seats, scores=(5, 3), game="forest"):
    return GameRecord("2026-01-01T00:00:00Z", game, {}, seats, list(scores), winners, 10, 1)


def test_tallies_by_game_and_bot_level_count_the_humans_wins_and_scores():
    me, easy, hard = ({"name": "Me", "kind": "human", "level": None}, {"name": "E", "kind": "bot", "level": "easy"},
                      {"name": "H", "kind": "bot", "level": "hard"})
    records = [_record([0], [me, easy]), _record([1], [me, easy], (2, 9)), _record([0, 1], [me, hard], (4, 4)),
               _record([1], [me, easy, hard], (1, 8, 2)), _record([0], [easy, hard]),
               _record([0], [me, {"name": "You", "kind": "human", "level": None}], (7, 6))]
    t = tallies(records)
    assert set(t) == {("forest", "easy"), ("forest", "hard"), ("forest", "mixed"), ("forest", "humans")}
    assert (t["forest", "easy"].played, t["forest", "easy"].won, t["forest", "easy"].scores) == (2, 1.0, [5, 2])
    assert t["forest", "easy"].win_rate == 0.5
    assert (t["forest", "hard"].won, t["forest", "hard"].win_rate) == (0.5, 0.5)  # a tie is half a win
    assert t["forest", "mixed"].won == 0.0 and t["forest", "humans"].scores == [7]
    assert t["forest", "humans"].won == 1.0  # one of the humans won
    assert _record([0], [easy, hard]).human_share() is None


def test_the_export_is_one_csv_row_a_game(tmp_path):
    db = tmp_path / "stats.sqlite3"
    record_match(finished(3), db, now=0)
    record_match(finished(4, [Seat("Ada"), Seat("Ben")]), db, now=60)
    out = tmp_path / "games.csv"
    assert export_csv(out, db) == 2
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0] == ["ended", "game", "players", "seats", "scores", "winners", "moves", "seed", "options"]
    assert rows[1][:4] == ["1970-01-01T00:00:00Z", "spheres-shogun", "2", "Ada; Bot (easy)"] and rows[2][3] == "Ada; Ben"
    assert all(w.isdigit() and 1 <= int(w) <= 2 for w in rows[1][5].split())


_META = "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
_BROKEN = {  # each a database the app did not write as it reads it
    "newer": _META + f"CREATE TABLE games (id INTEGER PRIMARY KEY, rating REAL); INSERT INTO meta VALUES ('schema', '{SCHEMA + 1}');",
    "foreign": "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT);",
    "other columns": _META + "CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO meta VALUES ('schema', '1');",
    "bad version": _META + "CREATE TABLE games (id INTEGER PRIMARY KEY); INSERT INTO meta VALUES ('schema', 'x1');",
}


def _bad(path, how):
    if how == "not a database":
        path.write_bytes(b"this is not SQLite at all" * 100)
        return
    con = sqlite3.connect(path)
    con.executescript(_BROKEN[how])
    con.close()


@pytest.mark.parametrize("how, words", [
    ("not a database", "cannot be read"),
    ("newer", "written by a newer version of the app"),
    ("foreign", "is not the app's record of games \\(its tables differ\\)"),
    ("bad version", "is damaged: its version is 'x1'"),
    ("other columns", "is not the app's record of games \\(its table differs\\)"),
])
def test_a_broken_foreign_or_newer_record_says_so_and_is_left_as_it_is(tmp_path, how, words):
    db = tmp_path / "stats.sqlite3"
    _bad(db, how)
    before = db.read_bytes()
    with pytest.raises(StatsError, match=words) as e:
        record_match(finished(), db)
    assert "\n" not in str(e.value) and "left as it is" in str(e.value)
    with pytest.raises(StatsError):
        games(db)
    assert db.read_bytes() == before and db.exists()


def test_the_record_lives_in_the_data_folder(tabletop_home):
    assert default_path().name == "stats.sqlite3" and str(tabletop_home) in str(default_path())
