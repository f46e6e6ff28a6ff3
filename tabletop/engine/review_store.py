"""Reviews kept beside their games: a finished game's review (:mod:`tabletop.engine.review`) is
written to the data folder's ``reviews/``, so a second look is instant, in this session or a later
one, from the end screen or from the replay of the game's save file.

One JSON file a review, named by the SHA-256 of what makes a review the same (:func:`review_key`):
the game, its options, seed, seats, position document and every action played (the save's own
JSON of them, so a save opened again finds the review made at the end of its game), the seat
reviewed and the search time asked for.  At most :data:`KEEP` files are kept: writing one drops
the least recently used (by modification time; reading one marks it used).  A stored review that
cannot be read, is damaged or does not fit its game is as if it were not there: reviewed again,
then written over.  Nothing here raises for a file or folder problem.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from .files import read_json, remove_stale_temps, write_atomic
from .match import Match
from .paths import data_dir
from .review import Decision
from .saves import match_to_json

FORMAT = "tabletop-review"
FORMAT_VERSION = 1
KEEP = 100  # stored reviews at most
_NAME = re.compile(r"[0-9a-f]{64}\.json")


class _Unreadable(Exception):
    """A stored review that cannot be used (never leaves this module)."""


def _seconds(seconds: float | None) -> float | None:
    """The search time as the key holds it: None for the review's own budget (0 asks for it too)."""
    return float(seconds) if seconds else None


def review_key(match: Match, seat: int, seconds: float | None = None) -> str:
    """The stable name of the review of ``seat`` (0-based) in ``match`` with ``seconds`` a
    decision (None: the review's own budget): a hex SHA-256, the same in every session."""
    saved = match_to_json(match)
    doc = {key: saved[key] for key in ("game", "options", "seed", "position", "seats", "actions")}
    doc.update(review=FORMAT_VERSION, seat=int(seat), seconds=_seconds(seconds))
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def reviews_dir() -> Path:
    """The data folder's ``reviews/`` (not made here); :class:`OSError` when the data folder
    cannot be had."""
    return data_dir() / "reviews"


def review_path(match: Match, seat: int, seconds: float | None = None) -> Path:
    return reviews_dir() / f"{review_key(match, seat, seconds)}.json"


def stored_review(match: Match, seat: int, seconds: float | None = None) -> list[Decision] | None:
    """The stored review of ``seat`` in ``match`` with ``seconds``, or None: never stored, or its
    file cannot be read, is damaged, or its decisions are not this game's."""
    try:
        path = review_path(match, seat, seconds)
    except OSError:
        return None
    if not path.is_file():
        return None
    try:
        decisions = _decisions(read_json(path, "The stored review", _Unreadable), match, path.stem)
    except Exception:  # (a damaged file: any error of reading it is the same "not there")
        return None
    try:
        os.utime(path)  # (used: the last to be dropped)
    except OSError:
        pass
    return decisions


def _decisions(doc: Any, match: Match, key: str) -> list[Decision]:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("format_version") != FORMAT_VERSION:
        raise _Unreadable("not a stored review")
    if doc.get("key") != key or not isinstance(doc.get("decisions"), list):
        raise _Unreadable("not this game's review")
    decisions = [Decision.from_json(d) for d in doc["decisions"]]
    steps, log = [d.step for d in decisions], match.log
    if steps != sorted(set(steps)) or any(d.step not in range(len(log)) or log[d.step] != d.played
                                          for d in decisions):
        raise _Unreadable("its decisions are not this game's")
    return decisions


def store_review(match: Match, seat: int, seconds: float | None, decisions: list[Decision]) -> bool:
    """Keep the review of ``seat`` in ``match`` (written atomically), and drop the least recently
    used beyond :data:`KEEP`.  False (and nothing raised) when it cannot be written."""
    try:
        folder = reviews_dir()
        key = review_key(match, seat, seconds)
        doc = {"format": FORMAT, "format_version": FORMAT_VERSION, "key": key, "game": match.game.id,
               "seat": int(seat), "seconds": _seconds(seconds), "decisions": [d.to_json() for d in decisions]}
        path = folder / f"{key}.json"
        write_atomic(path, json.dumps(doc) + "\n")
    except OSError:
        return False
    _drop_oldest(folder, keep=path)
    return True


def _drop_oldest(folder: Path, keep: Path) -> None:
    """Remove the least recently used stored reviews so that at most :data:`KEEP` stay; ``keep``
    (the one just written) is never one of them.  Also clears writes cut short there."""
    remove_stale_temps(folder)
    others = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if _NAME.fullmatch(entry.name) and entry.name != keep.name:
            try:
                others.append((entry.stat().st_mtime_ns, entry.name))
            except OSError:
                continue
    others.sort()
    for _, name in others[:max(0, len(others) - (KEEP - 1))]:
        try:
            os.unlink(folder / name)
        except OSError:
            continue
