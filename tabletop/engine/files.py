"""Atomic file writes: a failed write never damages the file that was there."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any


class ReadOnlyFileError(PermissionError):
    """The file to be replaced is one the user made read-only: it is not written."""


def write_atomic(path: Path | str, text: str | bytes) -> None:
    """Write ``text`` (or bytes: an image) to ``path`` via a temp file in the same folder, fsync,
    then rename.  A file that is replaced keeps its permissions; a file that is there and
    read-only for the user is not replaced (:class:`ReadOnlyFileError`)."""
    import stat
    import tempfile  # (here: the module is read at start-up, before the first frame)

    path = Path(path)
    try:
        old = path.stat()
    except (OSError, ValueError):
        old = None
    if old is not None and stat.S_ISREG(old.st_mode) and not (old.st_mode & stat.S_IWUSR):
        raise ReadOnlyFileError(errno.EACCES, f"{path.name} is read-only", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        binary = isinstance(text, bytes)
        with (os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="\n")) as f:
            f.write(text)
            f.flush()
            if old is not None and stat.S_ISREG(old.st_mode):  # (mkstemp makes it 0600)
                os.chmod(tmp, stat.S_IMODE(old.st_mode))
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        try:
            dfd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return
        try:
            os.fsync(dfd)
        except OSError:
            pass
        finally:
            os.close(dfd)


# What the app reads is small: a long game's save is some 100 KB.  Anything far beyond these is
# not a file of the app's (or a damaged one), and is refused before it can cost time or memory.
MAX_FILE_BYTES = 16 * 2**20
MAX_DEPTH = 64  # nesting of arrays and objects; the app's own files go 6 deep
MAX_NUMBER = 2**64  # the largest integer any file of the app holds (a 64-bit seed)


# write_atomic's temporary files: ".NAME." + tempfile's 8 random characters + ".tmp"
_TEMP_NAME = r"\..+\.[a-z0-9_]{8}\.tmp"
STALE_AFTER = 60.0  # seconds: no write takes this long, so such a file's writer is gone


def remove_stale_temps(folder: Path | str, older_than: float = STALE_AFTER) -> list[Path]:
    """Delete what interrupted :func:`write_atomic` calls left in ``folder`` (the app killed in
    the middle of a write): only files named as it names them, older than ``older_than``
    seconds, so a write under way (in another window of the app) is left alone.  Returns what
    was removed; a file that cannot be removed is left as it is."""
    import re
    import stat
    import time

    pattern = re.compile(_TEMP_NAME)
    now = time.time()
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        if not pattern.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < older_than:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


def plain_os_error(e: OSError) -> str:
    """What went wrong with a file, in words for a player ("the disk is full")."""
    import errno

    words = {
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is used up",
        errno.EACCES: "the app may not write there (permission denied)",
        errno.EPERM: "the app may not write there (permission denied)",
        errno.EROFS: "the disk is read-only",
        errno.ENOENT: "the folder does not exist",
        errno.EISDIR: "there is a folder of that name",
        errno.ENAMETOOLONG: "the name is too long",
    }
    return words.get(e.errno, e.strerror or str(e))


def read_text(path: Path | str, name: str, error: type[Exception], limit: int = MAX_FILE_BYTES) -> str:
    """The text of a UTF-8 file of at most ``limit`` bytes; every problem raises ``error`` with
    one sentence starting with ``name``.  Reads only, and only a regular file: a pipe, a device
    or a socket is refused before anything waits on it."""
    data = read_bytes(path, name, error, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise error(f"{name} is not a text file (not UTF-8 at byte {e.start}).") from None


def read_bytes(path: Path | str, name: str, error: type[Exception], limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (at most ``limit``): see :func:`read_text`.

    The file is opened without waiting (``O_NONBLOCK``: opening a FIFO for reading would block
    until somebody writes to it) and its kind is checked on the open file itself, so nothing
    can swap it in between."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise error(f"{name} does not exist.") from None
    except IsADirectoryError:
        raise error(f"{name} is a folder, not a file.") from None
    except PermissionError:
        if os.path.isdir(path):  # (Windows refuses to open a folder)
            raise error(f"{name} is a folder, not a file.") from None
        raise error(f"{name} cannot be read: the app may not read it (permission denied).") from None
    except (OSError, ValueError) as e:  # (ValueError: a path with a NUL byte)
        raise error(f"{name} cannot be read: {plain_os_error(e) if isinstance(e, OSError) else e}.") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise error(f"{name} is a folder, not a file.")
        if not stat.S_ISREG(mode):
            raise error(f"{name} is not a plain file (it is {_kind(mode)}): the app reads only files.")
        with os.fdopen(fd, "rb") as f:
            fd = -1
            data = f.read(limit + 1)
    except OSError as e:
        raise error(f"{name} cannot be read: {plain_os_error(e)}.") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(data) > limit:
        raise error(f"{name} is too large to be a file of this app (over {limit // 2**20} MB).")
    return data


def is_plain_file(path: Path | str) -> bool:
    """Whether ``path`` is a regular file (a symlink to one counts); never raises."""
    import stat

    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _kind(mode: int) -> str:
    import stat

    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_json(path: Path | str, name: str, error: type[Exception]) -> object:
    """Parse a JSON file; every problem raises ``error`` with a sentence starting with ``name``.
    The one reader of every file the app opens: saves, the autosave, position documents."""
    return parse_json(read_text(path, name, error), name, error)


_INF = float("inf")


class _Refused(ValueError):
    """A number or a constant the app's files never hold."""


def _constant(text: str) -> Any:
    raise _Refused(f"holds {text}, which is not a number")


def parse_json(text: str, name: str, error: type[Exception]) -> object:
    """Parse JSON ``text`` (from ``name``); any problem raises ``error`` with one sentence:
    bad or truncated JSON, nesting deeper than :data:`MAX_DEPTH`, numbers beyond
    :data:`MAX_NUMBER`, NaN or Infinity, broken characters."""
    import json

    if not text.strip():
        raise error(f"{name} is empty.")
    try:
        data = json.loads(text, parse_constant=_constant)
    except json.JSONDecodeError as e:
        if _cut_short(text, e):
            raise error(f"{name} is truncated: it ends in the middle of the data.") from None
        raise error(f"{name} is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}).") from None
    except _Refused as e:
        raise error(f"{name} is damaged: it {e}.") from None
    except RecursionError:  # (Python's parser recurses once per level)
        raise error(f"{name} is damaged: its data is nested more than {MAX_DEPTH} levels deep.") from None
    except ValueError:  # Python refuses integers of over 4,300 digits
        raise error(f"{name} is damaged: it holds a number too large (thousands of digits).") from None
    problem = _shape_problem(data)
    if problem:
        raise error(f"{name} is damaged: {problem}.")
    return data


def _shape_problem(data: object) -> str:
    """What is wrong with parsed ``data`` as a file of the app's, or ``""``: nesting deeper than
    :data:`MAX_DEPTH` (deep data makes every later step recurse), or a string that is not real
    text (a JSON escape may name half of a UTF-16 pair, which no widget or file can take)."""
    todo: list[tuple[object, int]] = [(data, 0)]
    while todo:
        x, depth = todo.pop()
        if isinstance(x, str):
            if not x.isascii():
                try:
                    x.encode("utf-8")
                except UnicodeEncodeError:
                    return "it holds a broken character (a lone UTF-16 surrogate)"
        elif isinstance(x, int):
            if not -MAX_NUMBER <= x <= MAX_NUMBER:
                return f"it holds a number too large ({str(x)[:12]}…)"
        elif isinstance(x, float):
            if x in (_INF, -_INF):
                return "it holds a number too large"
        elif isinstance(x, (dict, list)):
            if depth >= MAX_DEPTH:
                return f"its data is nested more than {MAX_DEPTH} levels deep"
            items = [*x.keys(), *x.values()] if isinstance(x, dict) else x
            todo += [(y, depth + 1) for y in items]
    return ""


def _cut_short(text: str, e: Exception) -> bool:
    """Whether a JSON error comes from the text stopping early (rather than from bad text)."""
    tail = text.rstrip()[e.pos:]
    return (
        not tail
        or e.msg.startswith("Unterminated string")
        or any(word.startswith(tail) for word in ("true", "false", "null"))
        or all(c in "0123456789.eE+-" for c in tail)
    )
