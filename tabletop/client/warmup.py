"""Getting ready while the player looks at the start screen.

The start-up loads only what the start screen needs.  Once its first frame is up, what a game
needs is loaded ahead -- the saves, the controller, the table screen and each game's table,
then the table screen itself (hidden) -- one piece per turn of the event loop (each takes a few
milliseconds), so typing and clicking are never held up and Start answers at once.

pyqtgraph (the end screen's chart: some 0.4 s to import with numpy) is imported on a background
thread instead: an import holds the GIL only in short slices, so the event loop keeps running
(the longest gap measured on the start screen is about 35 ms), and the game-over screen does not
freeze the window for it.  :func:`wait_for_chart_library` is called before the chart is made.
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
    """Import pyqtgraph on a background thread (once)."""
    global _chart_thread
    if _chart_thread is None:
        _chart_thread = threading.Thread(target=_import_quietly, args=("pyqtgraph",), name="import-pyqtgraph",
                                         daemon=True)
        _chart_thread.start()


def wait_for_chart_library() -> None:
    """Let a background import of pyqtgraph finish before the GUI thread uses it."""
    if _chart_thread is not None:
        _chart_thread.join()


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

    def make_chart() -> int | None:
        """The end screen's (empty) chart widget, once pyqtgraph is in (~25 ms)."""
        if _chart_thread is not None and _chart_thread.is_alive():
            return 50  # ms: look again then
        window.end_screen.prepare_chart()
        return None

    modules = ("tabletop.engine.actions", "tabletop.engine.match", "tabletop.engine.saves",
               "tabletop.client.bot_runner", "tabletop.client.controller", "tabletop.client.widgets",
               "tabletop.client.table_base", "tabletop.client.table_screen")
    games = [g for g in all_games() if g.table_class]
    steps: list[Callable[[], Any]] = [
        window.start_screen.add_scrolling,
        *[import_module(name) for name in modules],
        *[rules(g) for g in games],
        *[table_class(g) for g in games],
        lambda: window.table_screen,  # built hidden behind the start screen
        lambda: window.end_screen,  # and the end screen
        start_chart_library_import,
        make_chart,
    ]

    def step() -> None:
        if not steps:
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
