"""The screens games add beside their tables (``GameDef.screens``: the card game's deck builder),
shown by the main window without naming a game, the way KDE Patience lets each game add its own
actions to the window.

A screen's widget (``GameScreen.widget_class``, ``module:Class``) is made when first shown, as
``Class(settings=...)`` with the app's settings, and offers the window:

* signals ``back()`` (its Back button and Esc), ``status(str)`` (a line for the status bar) and
  ``play_requested(dict)``: a game of the screen's own game against the Hard bot, with those
  options (the deck builder's "Play against the Hard bot");
* ``set_back_to(where)``, the words of the screen Back returns to ("the games", "the set-up");
* ``refresh()``, called each time it is shown (what it lists may have changed meanwhile), which
  also gives the keyboard focus to its first part;
* ``can_undo()``, ``can_redo()``, ``undo()``, ``redo()``: Edit > Undo and Redo while it is shown.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QKeySequence

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu, QWidget

    from tabletop.engine.game import GameDef, GameScreen


class GameScreens:
    """The main window's part that makes, shows and leaves the games' own screens."""

    def __init__(self, window: Any, games: list[GameDef]) -> None:
        self.window = window
        self.entries: list[tuple[GameDef, GameScreen]] = [(g, s) for g in games for s in g.screens]
        self.widgets: dict[tuple[str, str], QWidget] = {}  # (game id, screen name) -> its widget
        self.actions: dict[tuple[str, str], QAction] = {}  # the Game menu's entries
        self.from_setup = False  # Back returns to the set-up the screen was opened from

    def find(self, game_id: str, name: str) -> tuple[GameDef, GameScreen]:
        return next((g, s) for g, s in self.entries if (g.id, s.name) == (game_id, name))

    def open(self, game_id: str, name: str) -> QWidget:
        """Show the screen ``name`` of the game ``game_id`` (as its menu entry does); its widget."""
        game, screen = self.find(game_id, name)
        self.show(game, screen)
        return self.widget(game, screen)

    def add_actions(self, menu: QMenu) -> None:
        """An entry in ``menu`` for each screen, with its shortcut (working on every screen)."""
        for game, screen in self.entries:
            keys = [QKeySequence(screen.shortcut)] if screen.shortcut else []
            action = self.window._action(screen.menu, lambda _=False, g=game, s=screen: self.show(g, s), keys,
                                         screen.tip)
            menu.addAction(action)
            self.actions[game.id, screen.name] = action

    def widget(self, game: GameDef, screen: GameScreen) -> QWidget:
        """The screen's widget, made the first time it is asked for."""
        key = (game.id, screen.name)
        if key not in self.widgets:
            module, _, name = screen.widget_class.partition(":")
            w = self.widgets[key] = getattr(importlib.import_module(module), name)(settings=self.window.settings)
            w.status.connect(self.window.show_status)
            w.status.connect(lambda _: self.window._update_actions())
            w.back.connect(self.back)
            w.play_requested.connect(lambda options, g=game: self.play(g, options))
            self.window.stack.addWidget(w)
        return self.widgets[key]

    def show(self, game: GameDef, screen: GameScreen) -> None:
        """Show ``screen`` (its menu entry, or a gallery or set-up button); the game on the table,
        if any, is left (it is autosaved)."""
        window = self.window
        start = window._start_screen
        self.from_setup = start is not None and window.current_screen() is start
        window._leave_game()
        w = self.widget(game, screen)
        w.set_back_to("the set-up" if self.from_setup else "the games")
        window.stack.setCurrentWidget(w)
        w.refresh()
        window.setWindowTitle(f"{screen.name} — Tabletop")
        window._update_actions()
        if screen.status:
            window.show_status(screen.status)

    def shown(self) -> tuple[GameDef, QWidget] | None:
        """The game and the widget of the screen on show, or None."""
        current = self.window.current_screen()
        for game, screen in self.entries:
            if self.widgets.get((game.id, screen.name)) is current:
                return game, current
        return None

    def back(self) -> None:
        if self.from_setup:
            self.window.go_to_start()
        else:
            self.window.go_to_gallery()

    def play(self, game: GameDef, options: dict[str, Any]) -> None:
        """A game of ``game`` with ``options``: the player (named as in the set-up's first seat)
        against the Hard bot."""
        import random

        from tabletop.engine.match import Seat

        rows = self.window.start_screen.seat_rows
        name = rows[0].name.text().strip() if rows and rows[0].name.text().strip() else "You"
        bot = "Hard bot" if name.lower() != "hard bot" else "Bot"
        self.window.start_new(game, [Seat(name), Seat(bot, "bot", "hard")], options,
                              random.randint(1, 999_999), False)
