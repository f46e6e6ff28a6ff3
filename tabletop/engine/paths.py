"""Where the app keeps its files: the platform's per-user data and config directories."""

from __future__ import annotations

import functools
import os
import posixpath
import sys
from pathlib import Path

from tabletop import APP_NAME

# the XDG variable and its default, by kind of folder
_XDG = {"data": ("XDG_DATA_HOME", "~/.local/share"), "config": ("XDG_CONFIG_HOME", "~/.config"),
        "cache": ("XDG_CACHE_HOME", "~/.cache")}


def _plain_linux() -> bool:
    """A Linux where platformdirs simply follows the XDG rule: not Android, HOME absolute."""
    return (
        sys.platform == "linux"
        and not hasattr(sys, "getandroidapilevel")
        and not (os.environ.get("ANDROID_DATA") == "/data" and os.environ.get("ANDROID_ROOT") == "/system")
        and os.path.isabs(os.environ.get("HOME", ""))
    )


def user_dir(kind: str) -> str:
    """The app's per-user ``"data"``, ``"config"`` or ``"cache"`` folder as platformdirs names it.

    On a plain Linux the XDG rule is applied here: importing platformdirs takes ~6 ms, a
    noticeable part of the start-up, for two lines of arithmetic (tests check that both agree).
    Elsewhere platformdirs decides."""
    if _plain_linux():
        variable, default = _XDG[kind]
        base = os.environ.get(variable, "")
        if not posixpath.isabs(base):
            base = os.path.expanduser(default)
        return os.path.join(base, APP_NAME)
    import platformdirs

    if kind == "data":
        return platformdirs.user_data_dir(APP_NAME, False)
    if kind == "cache":
        return platformdirs.user_cache_dir(APP_NAME, False)
    return platformdirs.user_config_dir(APP_NAME, False)


class FolderError(OSError):
    """A folder the app needs cannot be made or used; its text is one sentence naming it, its
    ``filename`` the folder."""

    def __init__(self, sentence: str, folder: Path) -> None:
        super().__init__(sentence)
        self.filename = str(folder)

    def __str__(self) -> str:
        return str(self.args[0])


def _made(path: Path, what: str) -> Path:
    """``path`` as a folder, made if missing; :class:`FolderError` naming ``what`` (the data,
    decks ... folder) when that cannot be."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # (a file, or a link to nothing or to itself, has the name)
        raise FolderError(f"The app cannot use its {what} folder {path}: a file has that name.", path) from None
    except (OSError, ValueError) as e:
        from .files import plain_os_error

        why = plain_os_error(e) if isinstance(e, OSError) else str(e)
        raise FolderError(f"The app cannot use its {what} folder {path}: {why}.", path) from None
    if not os.access(path, os.R_OK | os.W_OK | os.X_OK):
        raise FolderError(f"The app cannot use its {what} folder {path}: the app may not read and write "
                          "there (permission denied).", path)
    return path


def folder_path(kind: str) -> Path:
    """Where the user's ``kind`` folder (data, config or cache) is, made or not; under
    ``TABLETOP_HOME`` when it is set (tests, portable installs)."""
    override = os.environ.get("TABLETOP_HOME")
    return Path(override) / kind if override else Path(user_dir(kind))


def user_folder(kind: str) -> Path:
    """The user's ``kind`` folder, made if missing (:func:`folder_path`).  :class:`FolderError`
    when it cannot be made."""
    return _made(folder_path(kind), kind)


def data_dir() -> Path:
    """Saves and the autosave."""
    return user_folder("data")


def config_dir() -> Path:
    return user_folder("config")


def cache_dir() -> Path:
    """What the app can make again and keeps only to start faster (the gallery's pictures)."""
    return user_folder("cache")


def saves_dir() -> Path:
    return _made(data_dir() / "saves", "saves")


def dialog_folder() -> Path:
    """Where a file dialog opens: the saves folder, or the home folder when that cannot be had
    (the status bar has said why)."""
    try:
        return saves_dir()
    except FolderError:
        return Path.home()


def decks_dir() -> Path:
    """The players' own decks (deck-building games), one small JSON file each."""
    return _made(data_dir() / "decks", "decks")


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def folder_problems() -> list[str]:
    """Why each of the app's folders that cannot be had cannot, one sentence each ([] when all
    can): the data, saves, decks, config and cache folders, made when missing."""
    problems = []
    for folder in (data_dir, saves_dir, decks_dir, config_dir, cache_dir):
        try:
            folder()
        except FolderError as e:
            if str(e) not in problems:  # (no saves folder without a data folder: said once)
                problems.append(str(e))
    return problems


def remove_stale_temps() -> list[Path]:
    """Clear the app's own folders (data, saves, decks, config) of the temporary files that
    writes cut short by a crash or a kill left behind (see :func:`files.remove_stale_temps`).
    A folder that cannot be had is passed over (what needs it says so)."""
    from .files import remove_stale_temps as clear

    removed = []
    for folder in (data_dir, saves_dir, decks_dir, config_dir):
        try:
            removed += clear(folder())
        except FolderError:
            continue
    return removed


def assets_dir() -> Path:
    """The ``assets/`` folder: beside the package in a checkout, inside the bundle when frozen."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return _checkout_assets()


@functools.cache
def _checkout_assets() -> Path:
    # (resolved once: the start-up asks for it ten times before its first frame, ~0.3 ms each)
    return Path(__file__).resolve().parents[2] / "assets"


def ui_dir() -> Path:
    """The ``ui/`` folder (the Qt Designer forms and the theme's style sheet), beside ``assets/``
    in a checkout and in the bundle."""
    return assets_dir().parent / "ui"
