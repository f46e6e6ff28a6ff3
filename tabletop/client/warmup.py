"""Getting ready while the player looks at the start screen.

The start-up loads only what the start screen needs.  Once its first frame is up, what a game
needs is loaded ahead -- the saves, the controller, the table screen and each game's table,
then the table screen itself (hidden) -- one piece per turn of the event loop (each takes a few
milliseconds), so typing and clicking are never held up and Start answers at once.

The end screen's chart library is the one large piece.  numpy (0.1-0.2 s) is imported on a
background thread: it knows nothing of Qt, and an import holds the GIL only in short slices, so
the event loop keeps running.  pyqtgraph itself (0.3-0.4 s more) is imported by the GUI thread, as
the last step: its import copies attributes out of the PySide6 modules, and doing that on another
thread while the GUI thread uses Qt crashed the process now and then.  That one pause comes about
a second after the start screen appears, before the player has done much; the game-over screen
does not wait for it.  :func:`wait_for_chart_library` is called before the chart is made.
"""

from __future__ import annotations

import importlib
import threading
from typing import Any, Callable

from PySide6.QtCore import QTimer

_chart_thread: threading.Thread | None = None


def _import_quietly(name: str) -> None:
    try:
        importlib.import_module(name)
    except Exception:  # pragma: no cover - the real import, when needed, reports the problem
        pass


def start_chart_library_import() -> None:
    """Import numpy on a background thread (once); pyqtgraph follows on the GUI thread."""
    global _chart_thread
    if _chart_thread is None:
        _chart_thread = threading.Thread(target=_import_quietly, args=("numpy",), name="import-numpy",
                                         daemon=True)
        _chart_thread.start()


def wait_for_chart_library() -> None:
    """numpy's background import done, then pyqtgraph imported here, on the GUI thread."""
    if _chart_thread is not None:
        _chart_thread.join()
    importlib.import_module("pyqtgraph")


def warm_up(window: Any) -> None:
    """Load, a piece per turn of the event loop, what a game will need (see the module doc)."""
    from tabletop.engine.registry import all_games

    def import_module(name: str) -> Callable[[], None]:
        return lambda: _import_quietly(name)

    def rules(game: Any) -> Callable[[], None]:
        return lambda: game.new_game(game.min_players, {}, 0)  # loads the game's rules

    def table_class(game: Any) -> Callable[[], None]:
        def load() -> None:
            from .table_screen import load_table_class

            load_table_class(game)

        return load

    def import_chart_library() -> int | None:
        """pyqtgraph, on this (the GUI) thread, once numpy is in."""
        if _chart_thread is not None and _chart_thread.is_alive():
            return 50  # ms: look again then
        _import_quietly("pyqtgraph")
        return None

    def make_chart() -> None:
        """The end screen's (empty) chart widget (~25 ms)."""
        window.end_screen.prepare_chart()

    modules = ("tabletop.engine.actions", "tabletop.engine.match", "tabletop.engine.saves",
               "tabletop.client.bot_runner", "tabletop.client.controller", "tabletop.client.widgets",
               "tabletop.client.table_base", "tabletop.client.table_screen")
    games = [g for g in all_games() if g.table_class]
    steps: list[Callable[[], Any]] = [
        lambda: window.start_screen,  # the full set-up, built hidden behind the gallery
        *[import_module(name) for name in modules],
        *[rules(g) for g in games],
        *[table_class(g) for g in games],
        lambda: window.table_screen,  # built hidden behind the gallery
        lambda: window.end_screen,  # and the end screen
        start_chart_library_import,
        import_chart_library,
        make_chart,
    ]

    def step() -> None:
        if not steps:
            window.warmed_up.emit()
            return
        try:
            later = steps[0]()
        except Exception:  # pragma: no cover - the same work, when it is needed, reports it
            later = None
        if isinstance(later, int):
            QTimer.singleShot(later, window, step)
            return
        steps.pop(0)
        QTimer.singleShot(0, window, step)

    QTimer.singleShot(0, window, step)
