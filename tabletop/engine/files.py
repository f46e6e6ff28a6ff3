"""Atomic file writes: a failed write never damages the file that was there."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` via a temp file in the same folder, fsync, then rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
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


def read_json(path: Path | str, name: str, error: type[Exception]) -> object:
    """Parse a JSON file; every problem raises ``error`` with a sentence starting with ``name``."""
    import json

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{name} does not exist.") from None
    except (OSError, UnicodeDecodeError) as e:
        raise error(f"{name} cannot be read: {e}") from None
    if not text.strip():
        raise error(f"{name} is empty.")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        if _cut_short(text, e):
            raise error(f"{name} is truncated: it ends in the middle of the data.") from None
        raise error(f"{name} is not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}).") from None


def _cut_short(text: str, e: Exception) -> bool:
    """Whether a JSON error comes from the text stopping early (rather than from bad text)."""
    tail = text.rstrip()[e.pos:]
    return (
        len(tail) <= 1
        or e.msg.startswith("Unterminated string")
        or any(word.startswith(tail) for word in ("true", "false", "null"))
        or all(c in "0123456789.eE+-" for c in tail)
    )
