"""Bots think off the GUI thread.

A job gets only what a seat may know -- ``state.view(seat)`` and the legal actions -- never
the state.  Each job carries a *ticket*; the controller bumps its ticket whenever the game
changes (a move, undo, a new game), and a result whose ticket is stale is dropped.  Search
bots are also told to stop early through ``should_stop``.

The worker is a plain Python thread: the bots are pure Python, and with a short switch
interval the GUI thread gets the interpreter back every few milliseconds, so the event
loop keeps running while a bot thinks.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal

from tabletop.engine.actions import Action
from tabletop.engine.game import GameDef

# The GUI thread must get the interpreter back often while a bot searches.
SWITCH_INTERVAL = 0.005


class BotRunner(QObject):
    """Runs one bot decision at a time on a worker thread; results come back as a signal."""

    # ticket, purpose ("move" or "hint"), the action (or None on failure), error text
    finished = Signal(int, str, object, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)
        self._threads: list[threading.Thread] = []

    def think(
        self,
        ticket: int,
        purpose: str,
        game: GameDef,
        level: str,
        seed: int,
        view: dict[str, Any],
        legal: list[Action],
        is_current: Callable[[int], bool],
    ) -> None:
        """Start a bot of ``level`` on ``view``; ``finished`` fires on the GUI thread."""
        legal = list(legal)

        def work() -> None:
            action, error = None, ""
            try:
                from tabletop.engine.bots.base import make_bot

                search = {"should_stop": lambda: not is_current(ticket)} if level in ("normal", "hard") else {}
                bot = make_bot(game, level, seed, **search)
                action = bot.choose(view, legal)
            except Exception as e:  # a bot bug must not kill the app: report it
                error = f"The {level} bot failed: {e}"
            self.finished.emit(ticket, purpose, action, error)

        thread = threading.Thread(target=work, name=f"bot-{purpose}-{ticket}", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()]
        self._threads.append(thread)
        thread.start()

    def busy(self) -> bool:
        return any(t.is_alive() for t in self._threads)

    def wait(self, timeout: float = 5.0) -> bool:
        """Wait for every worker to end (tests, quitting); True when all ended."""
        deadline = time.monotonic() + timeout
        for t in list(self._threads):
            t.join(max(0.0, deadline - time.monotonic()))
        return not self.busy()
