"""The game registry: every game the app knows, by id."""

from __future__ import annotations

import importlib

from .game import GameDef, GameError, short

_GAMES: dict[str, GameDef] = {}

# Each module here registers its game when imported.
GAME_MODULES = ("tabletop.games.forest", "tabletop.games.spheres_of_life", "tabletop.games.shogun")


def register(game: GameDef) -> GameDef:
    if game.id in _GAMES and _GAMES[game.id] is not game:
        raise ValueError(f"a game with id {game.id!r} is registered already")
    _GAMES[game.id] = game
    return game


def _load() -> None:
    for module in GAME_MODULES:
        importlib.import_module(module)


def all_games() -> list[GameDef]:
    _load()
    return sorted(_GAMES.values(), key=lambda g: g.name)


def get_game(game_id: str) -> GameDef:
    _load()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise GameError(f"Unknown game {short(game_id)} (known games: {known}).") from None
