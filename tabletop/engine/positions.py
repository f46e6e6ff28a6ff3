"""Position documents: a game position as JSON, loadable as a starting point (docs/positions.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .files import read_json
from .game import GameDef, GameError, State, one_line, short


class PositionFileError(GameError):
    """A position document that cannot be read."""


def list_field(doc: dict[str, Any], key: str, default: Any, error: type[GameError]) -> Any:
    """``doc[key]`` (or ``default``), which must be a list."""
    value = doc.get(key, default)
    if not isinstance(value, list):
        raise error(f"'{key}' must be a list.")
    return value


def int_field(doc: dict[str, Any], key: str, default: int, error: type[GameError], low: int = 0,
              high: int | None = None) -> int:
    """``doc[key]`` (or ``default``), which must be a whole number from ``low`` to ``high``."""
    value = doc.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        limit = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise error(f"'{key}' must be a whole number {limit}, not {short(value)}.")
    return value


class CardLedger:
    """The cards a position document places: each must exist and appear only once.
    ``seen`` maps every card placed so far to where it lies."""

    def __init__(self, cards: Any, error: type[GameError], allowed: Any = None) -> None:
        self.cards = cards
        self.allowed = allowed
        self.error = error
        self.seen: dict[str, str] = {}

    def take(self, c: Any, where: str) -> str:
        if not isinstance(c, str) or c not in self.cards:
            raise self.error(f"Unknown card {short(c)} in {where}.")
        if self.allowed is not None and c not in self.allowed:
            raise self.error(f"{c} is not in play with these options ({where}).")
        if c in self.seen:
            raise self.error(f"Card {c} appears twice: in {self.seen[c]} and in {where}.")
        self.seen[c] = where
        return c


def read_position(path: Path | str) -> Any:
    return read_json(path, f"The position file {Path(path).name}", PositionFileError)


def load_position(game: GameDef, path: Path | str) -> State:
    """The state a position file describes; every problem raises a ``GameError`` saying what."""
    doc = read_position(path)
    if isinstance(doc, dict) and doc.get("game", game.id) != game.id:
        raise PositionFileError(f"The position is for the game {short(doc.get('game'))}, not {game.id!r}.")
    try:
        return game.from_position(doc)
    except GameError as e:
        raise PositionFileError(f"The position in {Path(path).name} is not valid: {one_line(e, 300)}") from None
