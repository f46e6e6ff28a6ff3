"""The record of finished games (issue 14's statistics): one SQLite database in the app's data
folder, a row a finished game -- the game, its options, the seats and their bot levels, the
scores, the winners, its length and when it ended.

A game is recorded once however often its end is shown (a finished save opened again, an undo
and the same end again): its row is keyed by the game, the seed and a digest of its moves.  A
database that cannot be read, or one written by a newer version of the app, raises
:class:`StatsError` with one sentence and is left as it is -- never deleted, never rewritten.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .game import GameError

SCHEMA = 1
FILE_NAME = "stats.sqlite3"

_CREATE = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    key TEXT UNIQUE NOT NULL,
    ended TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    scores TEXT NOT NULL,
    winners TEXT NOT NULL,
    moves INTEGER NOT NULL,
    seed INTEGER NOT NULL
);
"""
COLUMNS = ("ended", "game", "options", "seats", "scores", "winners", "moves", "seed")


class StatsError(GameError):
    """The games' record cannot be read or written (the sentence says why)."""


@dataclass(frozen=True)
class GameRecord:
    ended: str  # ISO date and time, UTC
    game: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]  # name, kind ("human" or "bot"), level
    scores: list[int]
    winners: list[int]
    moves: int
    seed: int

    def human_share(self) -> float | None:
        """The humans' share of the win (1, a tie's part, or 0); None when no human played."""
        humans = [i for i, s in enumerate(self.seats) if s.get("kind") == "human"]
        if not humans:
            return None
        return sum(1.0 for i in humans if i in self.winners) / max(1, len(self.winners))

    def bot_levels(self) -> list[str]:
        return sorted({s["level"] for s in self.seats if s.get("kind") == "bot" and s.get("level")})


def default_path() -> Path:
    """The record in the data folder; :class:`StatsError` naming the folder when it cannot be had."""
    from .paths import FolderError, data_dir

    try:
        return data_dir() / FILE_NAME
    except FolderError as e:
        raise StatsError(f"{e} No game can be recorded.") from None


def _connect(path: Path) -> sqlite3.Connection:
    """The database at ``path``, made if it is new; an existing one is checked to be the app's,
    of a version it reads, before anything is written to it."""
    name = f"The games' record {path.name}"
    from .files import is_plain_file

    if os.path.exists(path) and not is_plain_file(path):  # (SQLite would wait on a pipe for ever)
        raise StatsError(f"{name} is not a plain file. It is left as it is.")
    con = None
    try:
        con = sqlite3.connect(path, timeout=5)
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            with con:
                con.executescript(_CREATE)
                con.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
            return con
        problem = _problem(con, tables)
        if problem:
            con.close()
            raise StatsError(f"{name} {problem} It is left as it is.")
        return con
    except sqlite3.DatabaseError as e:
        if con is not None:
            con.close()
        raise StatsError(f"{name} cannot be read ({e}). It is left as it is.") from None


def _problem(con: sqlite3.Connection, tables: set[str]) -> str:
    """What keeps the app from using an existing database, or ``""``."""
    if not {"meta", "games"} <= tables:
        return "is not the app's record of games (its tables differ)."
    row = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    if row is None or not str(row[0]).isdigit():
        return f"is damaged: its version is {row[0] if row else None!r}."
    if int(row[0]) > SCHEMA:
        return (f"was written by a newer version of the app (record version {row[0]}); update the app "
                "to add to it.")
    found = {r[1] for r in con.execute("PRAGMA table_info(games)")}
    if not set(COLUMNS) <= found:
        return "is not the app's record of games (its table differs)."
    return ""


def _key(game: str, seed: int, moves: list[Any]) -> str:
    digest = hashlib.sha256(json.dumps(moves, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32]
    return f"{game}:{seed}:{digest}"


def record_match(match: Any, path: Path | None = None, now: float | None = None) -> bool:
    """Record ``match`` (a :class:`~tabletop.engine.match.Match` that is over); returns whether it
    was new.  :class:`StatsError` when the record cannot be written (the game is not affected)."""
    if not match.is_over():
        raise ValueError("Only a finished game is recorded.")
    state = match.state
    moves = [a.to_json() for a in match.log]
    record = GameRecord(
        ended=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now)),
        game=match.game.id, options=dict(match.options), seats=[s.to_json() for s in match.seats],
        scores=[s.total for s in state.scores()], winners=list(state.winners()), moves=len(moves), seed=match.seed)
    return add(record, _key(record.game, record.seed, moves), path)


def add(record: GameRecord, key: str, path: Path | None = None) -> bool:
    path = default_path() if path is None else Path(path)
    con = _connect(path)
    try:
        with con:
            cur = con.execute(
                "INSERT OR IGNORE INTO games (key, ended, game, options, seats, scores, winners, moves, seed) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (key, record.ended, record.game, json.dumps(record.options), json.dumps(record.seats),
                 json.dumps(record.scores), json.dumps(record.winners), record.moves, record.seed))
            return cur.rowcount == 1
    except sqlite3.DatabaseError as e:
        raise StatsError(f"The games' record {path.name} could not be written ({e}).") from None
    finally:
        con.close()


def games(path: Path | None = None, game: str | None = None) -> list[GameRecord]:
    """Every recorded game (of ``game``), oldest first."""
    path = default_path() if path is None else Path(path)
    if not path.exists():
        return []
    con = _connect(path)
    try:
        sql = f"SELECT {', '.join(COLUMNS)} FROM games" + (" WHERE game = ?" if game else "") + " ORDER BY ended, id"
        rows = con.execute(sql, (game,) if game else ()).fetchall()
    except sqlite3.DatabaseError as e:
        raise StatsError(f"The games' record {path.name} cannot be read ({e}). It is left as it is.") from None
    finally:
        con.close()
    out = []
    for ended, g, options, seats, scores, winners, moves, seed in rows:
        try:
            out.append(GameRecord(ended, g, json.loads(options), json.loads(seats), json.loads(scores),
                                  json.loads(winners), int(moves), int(seed)))
        except (ValueError, TypeError):
            continue  # a row damaged by hand: the others still count
    return out


def games_played(path: Path) -> set[str]:
    """The ids of the games the record at ``path`` holds (one query; nothing when there is no
    record)."""
    if not path.exists():
        return set()
    con = _connect(path)
    try:
        return {g for (g,) in con.execute("SELECT DISTINCT game FROM games").fetchall()}
    except sqlite3.DatabaseError as e:
        raise StatsError(f"The games' record {path.name} cannot be read ({e}). It is left as it is.") from None
    finally:
        con.close()


@dataclass
class Tally:
    """The games a human played of one game against one bot level."""

    played: int = 0
    won: float = 0.0
    scores: list[int] | None = None  # the human's score in each, oldest first

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def tallies(records: list[GameRecord]) -> dict[tuple[str, str], Tally]:
    """(game, the opponents' bot level -- "humans" when no bot played, "mixed" for several levels)
    -> what the humans did: games, wins, scores.  Games without a human are left out."""
    out: dict[tuple[str, str], Tally] = {}
    for r in records:
        share = r.human_share()
        if share is None:
            continue
        levels = r.bot_levels()
        level = "humans" if not levels else levels[0] if len(levels) == 1 else "mixed"
        t = out.setdefault((r.game, level), Tally(scores=[]))
        t.played += 1
        t.won += share
        humans = [i for i, s in enumerate(r.seats) if s.get("kind") == "human"]
        t.scores.append(max(r.scores[i] for i in humans) if r.scores else 0)
    return out


def export_csv(target: Path | str, path: Path | None = None) -> int:
    """Write every recorded game to ``target`` as CSV (atomically); returns the number of rows."""
    from .files import write_atomic

    records = games(path)
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["ended", "game", "players", "seats", "scores", "winners", "moves", "seed", "options"])
    for r in records:
        seats = "; ".join(f"{s['name']} ({s.get('level') or 'human'})" if s.get("kind") == "bot" else s["name"]
                          for s in r.seats)
        writer.writerow([r.ended, r.game, len(r.seats), seats, " ".join(map(str, r.scores)),
                         " ".join(str(w + 1) for w in r.winners), r.moves, r.seed, json.dumps(r.options, sort_keys=True)])
    write_atomic(target, text.getvalue())
    return len(records)

