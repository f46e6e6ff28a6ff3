"""Position documents: a game position as JSON, loadable as a starting point (docs/positions.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .game import GameDef, GameError, State


class PositionFileError(GameError):
    """A position document that cannot be read."""


def read_position(path: Path | str) -> dict[str, Any]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PositionFileError(f"The position file {path.name} does not exist.") from None
    except (OSError, UnicodeDecodeError) as e:
        raise PositionFileError(f"The position file {path.name} cannot be read: {e}") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise PositionFileError(
            f"The position file {path.name} is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})."
        ) from None
    return doc


def load_position(game: GameDef, path: Path | str) -> State:
    """The state a position file describes; every problem raises a ``GameError`` saying what."""
    doc = read_position(path)
    if isinstance(doc, dict) and doc.get("game", game.id) != game.id:
        raise PositionFileError(f"The position is for the game {doc.get('game')!r}, not {game.id!r}.")
    try:
        return game.from_position(doc)
    except GameError as e:
        raise PositionFileError(f"The position in {Path(path).name} is not valid: {e}") from None
