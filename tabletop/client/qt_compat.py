"""Work-arounds for bugs of the Qt bindings, applied when the client package is imported.

PySide6 6.12.0 on Python 3.11 returns ``None`` from every void method (``update()``,
``setPos()``, ``processEvents()``, ...) without taking a reference to it, so each call drops
one reference to ``None``; after a few thousand calls the interpreter aborts with "Fatal
Python error: none_dealloc".  Python 3.12 made ``None``, ``True`` and ``False`` immortal; on
older Pythons we give them the same practical immortality by adding a huge reference count
once.  (The fix is to avoid PySide6 6.12.0 on Python < 3.12; this guard keeps the app alive
when it is installed anyway.)
"""

from __future__ import annotations

import sys

GUARD = 1 << 40
_applied = False


def binding_needs_guard() -> bool:
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    try:
        import PySide6
    except ImportError:
        return False
    return PySide6.__version__.startswith("6.12.")


def guard_singletons() -> bool:
    """Make ``None``, ``True`` and ``False`` practically immortal; returns whether it acted."""
    global _applied
    if _applied or not binding_needs_guard():
        return False
    import ctypes

    for obj in (None, True, False, Ellipsis, NotImplemented):
        ctypes.c_ssize_t.from_address(id(obj)).value += GUARD
    _applied = True
    return True
