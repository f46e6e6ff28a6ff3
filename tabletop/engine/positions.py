"""Position documents: a game position as JSON, loadable as a starting point (docs/positions.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .files import read_json
from .game import GameDef, GameError, State


class PositionFileError(GameError):
    """A position document that cannot be read."""


def read_position(path: Path | str) -> Any:
    return read_json(path, f"The position file {Path(path).name}", PositionFileError)


def load_position(game: GameDef, path: Path | str) -> State:
    """The state a position file describes; every problem raises a ``GameError`` saying what."""
    doc = read_position(path)
    if isinstance(doc, dict) and doc.get("game", game.id) != game.id:
        raise PositionFileError(f"The position is for the game {doc.get('game')!r}, not {game.id!r}.")
    try:
        return game.from_position(doc)
    except GameError as e:
        raise PositionFileError(f"The position in {Path(path).name} is not valid: {e}") from None
