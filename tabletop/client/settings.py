"""The user's settings, kept with QSettings in an INI file in :func:`paths.config_dir`.

Animations on/off, the pace of the bots, the recent saves, the last window geometry and
the last start-screen set-up.  ``TABLETOP_HOME`` moves the file (tests, portable installs).
The dialog that edits them is in :mod:`.settings_dialog`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QObject, QSettings, Signal

from tabletop.engine.paths import FolderError, config_dir

MAX_RECENT = 8
DEFAULT_PACE = 0.8


def _as_bool(value: Any, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    return str(value).lower() in ("1", "true", "yes", "on")


MAX_SETTINGS_BYTES = 2**20  # a settings file is a few KB


def _json_value(text: str, default: Any) -> Any:
    """A setting kept as JSON, read by the app's one JSON reader; ``default`` when damaged."""
    from tabletop.engine.files import parse_json

    try:
        return parse_json(text, "A setting", ValueError)
    except ValueError:
        return default


def _set_aside_if_broken(path: Path) -> str:
    """A settings file that is not a small text file (damaged, or not the app's) is renamed
    ``settings.ini.broken`` (``-2``, ``-3`` ... beside earlier ones) -- kept, not deleted -- and
    the app starts with its defaults.
    Returns what happened, in a sentence, or ``""``."""
    if not path.exists():
        return ""
    from tabletop.engine.files import read_text

    try:
        read_text(path, "The settings file", ValueError, MAX_SETTINGS_BYTES)
        return ""
    except ValueError as e:
        problem = str(e)
    aside = path.with_name(path.name + ".broken")
    n = 1
    while aside.exists():  # an earlier one set aside is kept too
        n += 1
        aside = path.with_name(f"{path.name}.broken-{n}")
    try:
        os.replace(path, aside)
    except OSError:
        return f"{problem} The default settings are used for now."
    return f"{problem} It was set aside as {aside.name}; the default settings are used."


def look_at_start() -> tuple[str, str]:
    """The theme and text size the settings file asks for, read before the first window is built
    (a file that cannot be read, or values that are not choices, give "system" and "system";
    the :class:`Settings` made later sets a damaged file aside)."""
    from .theme import text_choice, theme_choice

    from tabletop.engine.paths import folder_path

    try:
        path = folder_path("config") / "settings.ini"
        if not path.is_file() or path.stat().st_size > MAX_SETTINGS_BYTES:
            return "system", "system"
    except (OSError, ValueError):
        return "system", "system"
    q = QSettings(str(path), QSettings.Format.IniFormat)
    return theme_choice(q.value("look/theme")), text_choice(q.value("look/text_size"))


class Settings(QObject):
    """Typed access to the persisted settings.  ``changed`` fires after any change."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        try:
            self.path = config_dir() / "settings.ini"
            self.problem = _set_aside_if_broken(self.path)  # a sentence for the status bar, or ""
        except FolderError as e:  # the defaults, kept for this run only (nothing can be written)
            self.path = Path(e.filename or ".") / "settings.ini"
            self.problem = f"{e} The default settings are used and changes are not kept."
        self.q = QSettings(str(self.path), QSettings.Format.IniFormat)

    def sync(self) -> None:
        self.q.sync()

    # --- animations -----------------------------------------------------------------
    @property
    def animations(self) -> bool:
        return _as_bool(self.q.value("table/animations"), True)

    @animations.setter
    def animations(self, on: bool) -> None:
        self.q.setValue("table/animations", bool(on))
        self.changed.emit()

    # --- fewer questions out of turn (solo games) -------------------------------------
    @property
    def fewer_questions(self) -> bool:
        """Solo games: offer the human a play out of turn only before their own turn (and
        whenever something can be answered), not at every quiet moment."""
        return _as_bool(self.q.value("play/fewer_questions"), True)

    @fewer_questions.setter
    def fewer_questions(self, on: bool) -> None:
        self.q.setValue("play/fewer_questions", bool(on))
        self.changed.emit()

    # --- hotseat: see your move's result before passing on ------------------------------
    @property
    def show_results(self) -> bool:
        """Hotseat: after a player's last decision the table stays theirs, showing what the move
        did, until they press "Done — pass to NAME"; then the curtain comes down."""
        return _as_bool(self.q.value("play/show_results"), True)

    @show_results.setter
    def show_results(self, on: bool) -> None:
        self.q.setValue("play/show_results", bool(on))
        self.changed.emit()

    # --- the look: theme and text size (tabletop/client/theme.py) -------------------------
    @property
    def theme(self) -> str:
        """"system" (as the system: the default), "light" or "dark"; anything else read is "system"."""
        from .theme import theme_choice

        return theme_choice(self.q.value("look/theme"))

    @theme.setter
    def theme(self, choice: str) -> None:
        from .theme import theme_choice

        self.q.setValue("look/theme", theme_choice(choice))
        self.changed.emit()

    @property
    def text_size(self) -> str:
        """"system" (as the system's text: the default) or a factor of the usual size, "1",
        "1.25" or "1.5"; anything else read is "system"."""
        from .theme import text_choice

        return text_choice(self.q.value("look/text_size"))

    @text_size.setter
    def text_size(self, choice: str) -> None:
        from .theme import text_choice

        self.q.setValue("look/text_size", text_choice(choice))
        self.changed.emit()

    # --- bot pace (seconds between bot moves) ---------------------------------------
    @property
    def bot_pace(self) -> float:
        try:
            return max(0.0, float(self.q.value("bots/pace", DEFAULT_PACE)))
        except (TypeError, ValueError):
            return DEFAULT_PACE

    @bot_pace.setter
    def bot_pace(self, seconds: float) -> None:
        self.q.setValue("bots/pace", float(max(0.0, seconds)))
        self.changed.emit()

    # --- recent files ---------------------------------------------------------------
    @property
    def recent_files(self) -> list[str]:
        value = self.q.value("files/recent", "[]")
        items = _json_value(value, []) if isinstance(value, str) else value
        if not isinstance(items, list):
            return []
        return [str(x) for x in items if isinstance(x, str)][:MAX_RECENT]

    def add_recent(self, path: str | Path) -> None:
        path = str(Path(path).resolve())
        items = [p for p in self.recent_files if p != path]
        items.insert(0, path)
        self.q.setValue("files/recent", json.dumps(items[:MAX_RECENT]))
        self.changed.emit()

    def remove_recent(self, path: str | Path) -> None:
        path = str(path)
        items = [p for p in self.recent_files if p != path and p != str(Path(path).resolve())]
        self.q.setValue("files/recent", json.dumps(items))
        self.changed.emit()

    # --- what a game's own screen keeps (the deck builder: its collection as a grid or a list) ----
    def remembered(self, key: str, default: str = "") -> str:
        """A choice a game's own screen keeps under ``key`` ("decks/collection_view"), as text."""
        value = self.q.value(key)
        return value if isinstance(value, str) else default

    def remember(self, key: str, value: str) -> None:
        self.q.setValue(key, value)
        self.changed.emit()

    # --- the replay: a move at a time, or every step ------------------------------------
    @property
    def replay_every_step(self) -> bool:
        """The replay steps through every step (each player's "no" included), not move to move."""
        return _as_bool(self.q.value("replay/every_step"), False)

    @replay_every_step.setter
    def replay_every_step(self, on: bool) -> None:
        self.q.setValue("replay/every_step", bool(on))
        self.changed.emit()

    # --- window geometry ------------------------------------------------------------
    @property
    def geometry(self) -> QByteArray | None:
        value = self.q.value("window/geometry")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    @geometry.setter
    def geometry(self, data: QByteArray) -> None:
        self.q.setValue("window/geometry", data)

    # --- the last start-screen set-up -----------------------------------------------
    @property
    def last_setup(self) -> dict[str, Any]:
        value = self.q.value("start/last_setup", "{}")
        data = _json_value(value, {}) if isinstance(value, str) else {}
        return data if isinstance(data, dict) else {}

    @last_setup.setter
    def last_setup(self, data: dict[str, Any]) -> None:
        self.q.setValue("start/last_setup", json.dumps(data))
