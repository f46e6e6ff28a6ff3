"""Saved games: JSON files holding everything needed to replay a match exactly.

Format (docs/saves.md)::

    {"format": "tabletop-save", "format_version": 1, "app_version": "0.1.0",
     "game": "forest", "options": {...}, "seed": 7, "casual_undo": false,
     "seats": [{"name": "Ada", "kind": "human", "level": null}, ...],
     "actions": [{"kind": "draw", "pile": 2}, ...],
     "redo": [...], "digest": "<sha256 of the state after the last action>"}

Loading replays the actions and checks the digest; any problem raises :class:`SaveError`
with a message naming it, and the file is never touched.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop import __version__

from .actions import Action
from .files import read_json, write_atomic
from .game import GameError, digest, one_line
from .match import Match, Seat
from .registry import get_game

FORMAT = "tabletop-save"
FORMAT_VERSION = 1


class SaveError(GameError):
    """A save that cannot be loaded; the message says why."""


def match_to_json(match: Match) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "app_version": __version__,
        "game": match.game.id,
        "options": match.options,
        "seed": match.seed,
        "casual_undo": match.casual_undo,
        "position": match.position,
        "seats": [s.to_json() for s in match.seats],
        "actions": [a.to_json() for a in match.log],
        "redo": [a.to_json() for a in match.redo_stack],
        "digest": digest(match.state),
    }


def save_match(match: Match, path: Path | str) -> None:
    """Write the match atomically; an existing file survives any failure."""
    write_atomic(path, json.dumps(match_to_json(match), indent=1) + "\n")


def match_from_json(data: Any, source: str = "the save") -> Match:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{source} is not a tabletop save.")
    version = data.get("format_version")
    if not isinstance(version, int):
        raise SaveError(f"{source} has no format version.")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"{source} was written by a newer tabletop (save format {version}, app "
            f"{data.get('app_version', '?')}); this app reads format {FORMAT_VERSION}. Update tabletop."
        )
    for key, kind in (("game", str), ("seed", int), ("seats", list), ("actions", list), ("digest", str)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"{source} is damaged: the field {key!r} is missing or wrong.")
    try:
        game = get_game(data["game"])
    except GameError as e:
        raise SaveError(f"{source} is for a game this app does not have: {one_line(e)}") from None
    try:
        seats = [Seat(**s) for s in data["seats"]]
        options = game.resolve_options(data.get("options") or {}, saved=True)
        actions = [Action.from_json(a) for a in data["actions"]]
        redo = [Action.from_json(a) for a in data.get("redo", [])]
    except (TypeError, ValueError, GameError) as e:
        raise SaveError(f"{source} is damaged: {one_line(e)}") from None
    try:
        position = data.get("position")
        if position is not None and not isinstance(position, dict):
            raise SaveError(f"{source} is damaged: the field 'position' is wrong.")
        match = Match.replay(game, seats, options, data["seed"], actions, bool(data.get("casual_undo")), position,
                             saved=True)
    except GameError as e:
        raise SaveError(f"{source} cannot be replayed. {one_line(e, 300)}") from None
    if digest(match.state) != data["digest"]:
        raise SaveError(
            f"{source} does not match its digest: replaying its {len(actions)} actions gives a "
            "different game (it was edited, or written by an incompatible version)."
        )
    match.redo_stack = redo
    return match


def load_match(path: Path | str) -> Match:
    """Read a save; raises :class:`SaveError` with a clear message.  Never writes."""
    name = f"The file {Path(path).name}"
    data = read_json(path, name, SaveError)
    return match_from_json(data, name)
