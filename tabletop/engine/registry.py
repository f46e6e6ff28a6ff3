"""The game registry: every game the app knows, by id.

Games are plug-ins, found through the ``tabletop.games`` entry-point group (``pyproject.toml``;
``importlib.metadata``): each entry, named by the game's id, points at the game's
:class:`GameDef` (``package:GAME``).  A game is one self-contained folder, and another installed
package can add one.  A plug-in that cannot be loaded is left out with a one-line reason
(:func:`load_problems`), so one broken game never stops the others.
"""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

from .game import GameDef, GameError, one_line, short

GROUP = "tabletop.games"

_GAMES: dict[str, GameDef] = {}
_PROBLEMS: list[str] = []
_loaded = False


def register(game: GameDef) -> GameDef:
    if game.id in _GAMES and _GAMES[game.id] is not game:
        raise GameError(f"two games have the id {game.id!r}")
    _GAMES[game.id] = game
    return game


def load_plugin(entry: EntryPoint) -> str | None:
    """Register the game ``entry`` names; the reason it cannot be, in one line, or ``None``."""
    try:
        game = entry.load()
        if not isinstance(game, GameDef):
            raise GameError(f"{entry.value} is not a game definition but {short(game)}")
        if game.id != entry.name:
            raise GameError(f"the entry is named {entry.name!r} but the game's id is {game.id!r}")
        register(game)
    except Exception as e:  # a plug-in's own bug must not stop the app: it is reported instead
        why = one_line(e) if isinstance(e, GameError) else f"{type(e).__name__}: {one_line(e)}"
        return f"The game {entry.name!r} ({entry.value}) could not be loaded: {why}"
    return None


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    found = sorted({e.name: e for e in entry_points(group=GROUP)}.values(), key=lambda e: e.name)
    if not found:
        _PROBLEMS.append(f"No games are installed: the package's metadata names none in {GROUP!r} "
                         "(./dev setup installs it).")
    for entry in found:
        problem = load_plugin(entry)
        if problem:
            _PROBLEMS.append(problem)


def load_problems() -> list[str]:
    """Why a game plug-in was left out, one line each (none when every game loaded)."""
    _load()
    return list(_PROBLEMS)


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
