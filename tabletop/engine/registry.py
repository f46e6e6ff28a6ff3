"""The game registry: every game the app knows, by id.

Games are plug-ins, found through the ``tabletop.games`` entry-point group (``pyproject.toml``;
``importlib.metadata``): each entry, named by the game's id, points at the game's
:class:`GameDef` (``package:GAME``).  A game is one self-contained folder, and another installed
package can add one.  A plug-in that cannot be loaded is left out with a one-line reason
(:func:`load_problems`), so one broken game never stops the others.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, Any

from .game import GameDef, GameError, one_line, short

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "tabletop.games"

_GAMES: dict[str, GameDef] = {}
_PROBLEMS: list[str] = []
_loaded = False


def register(game: GameDef) -> GameDef:
    if game.id in _GAMES and _GAMES[game.id] is not game:
        raise GameError(f"two games have the id {game.id!r}")
    _GAMES[game.id] = game
    return game


class Entry:
    """An entry point read straight from an installed package's ``entry_points.txt``: its
    ``name``, ``value`` (``module:attribute``) and :meth:`load`, as ``importlib.metadata``'s."""

    def __init__(self, name: str, value: str) -> None:
        self.name, self.value = name, value

    def load(self) -> Any:
        import importlib

        module, _, attr = self.value.partition(":")
        obj = importlib.import_module(module.strip())
        for part in attr.strip().split(".") if attr.strip() else []:
            obj = getattr(obj, part)
        return obj


_DIST = re.compile(r"^(?P<name>[^-]+)(-[^-]*)?\.(dist|egg)-info$", re.IGNORECASE)


def read_entries(group: str = GROUP, path: list[str] | None = None) -> list[Entry] | None:
    """The entries of ``group`` of the packages installed on ``path`` (sys.path), read from their
    ``*.dist-info/entry_points.txt`` -- a package found twice counts where it is found first, as
    ``importlib.metadata`` has it.  Importing ``importlib.metadata`` costs the start-up ~20 ms
    (it brings the email package); this reads the few files it would.  None when a folder
    cannot be read (then ``importlib.metadata`` is asked)."""
    seen: set[str] = set()
    out: list[Entry] = []
    for folder in sys.path if path is None else path:
        try:
            names = os.listdir(folder or ".")
        except (FileNotFoundError, NotADirectoryError):
            continue  # (a zip on the path holds no installed package here)
        except OSError:
            return None
        for name in sorted(names):
            m = _DIST.match(name)
            if not m:
                continue
            dist = re.sub(r"[-_.]+", "_", m.group("name")).lower()
            if dist in seen:
                continue
            seen.add(dist)
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except FileNotFoundError:
                continue
            except (OSError, UnicodeDecodeError):
                return None
            section = None
            for line in text.splitlines():
                line = line.strip()
                if not line or line[0] in "#;":
                    continue
                if line.startswith("[") and line.endswith("]"):
                    section = line[1:-1].strip()
                elif section == group and "=" in line:
                    key, _, value = line.partition("=")
                    out.append(Entry(key.strip(), value.strip()))
    return out


def _entry_points() -> list[Any]:
    found = read_entries()
    if not found:  # (nothing read: a layout this reader does not know)
        from importlib.metadata import entry_points

        found = list(entry_points(group=GROUP))
    return found


def load_plugin(entry: EntryPoint | Entry) -> str | None:
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
    found = sorted({e.name: e for e in _entry_points()}.values(), key=lambda e: e.name)
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
