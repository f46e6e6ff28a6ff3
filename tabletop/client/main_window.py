"""The main window: the gallery, set-up, table, end and other screens in a stack, the menus and
the status bar."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPoint, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMainWindow, QStackedWidget, QWidget

from tabletop import __version__
from tabletop.engine.paths import FolderError, autosave_path, dialog_folder, folder_problems

from .gallery import GalleryScreen
from .learning import Learning
from .game_screens import GameScreens
from .settings import Settings

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent

    from tabletop.engine.match import Match

    from .controller import Controller

# The controller, the saves and the bots load when a game starts, and the dialogs when first
# opened, not before the first frame.

SAVE_EXTENSION = ".tabletop"  # a save's own extension (the installers open it with the app); .json loads too
SAVE_FILTER = "Saved games and positions (*.tabletop *.json)"
STATUS_TIMEOUT_MS = 10_000
END_WAIT_MS = 20_000  # the longest the end screen waits for the last moves to play out on the table


class MainWindow(QMainWindow):
    warmed_up = Signal()  # what a game needs is loaded (warmup.warm_up's last step)

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.start_problems: list[str] = []  # what the launch could not do (shown with the folders')
        self.settings = settings or Settings(self)
        self.learning = Learning(self)  # lessons and reviews
        self._controller: Controller | None = None
        self._end_waiting: Any = None  # a finished match whose end screen waits for the table
        self._settled_from: Any = None  # the table whose settled() it waits for
        self._table_screen: Any = None
        self._end_screen: Any = None
        self._rules: Any = None
        self.rules_menu: Any = None  # F1 in the gallery with no tile focused: which game
        self._start_screen: Any = None
        self._stats_screen: Any = None
        self._replay_screen: Any = None
        self._replay_from: Any = None  # the screen a replay returns to
        self._resume: Any = None  # the resume card (available, words, picture) of the autosave ...
        self._resume_key: tuple[int, int] | None = None  # ... and the file's time and size it shows

        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        gallery = self.gallery = GalleryScreen(self.settings)
        gallery.setObjectName("gallery")
        self.stack.addWidget(gallery)
        gallery.start_requested.connect(self.start_new)
        gallery.setup_requested.connect(self.go_to_start)
        gallery.resume_requested.connect(self.resume)
        gallery.load_requested.connect(self.open_file)
        gallery.recent_requested.connect(self.open_path)
        gallery.stats_requested.connect(self.show_stats)
        # the games' own screens beside their tables (the card game's deck builder)
        self.game_screens = GameScreens(self, gallery.games)
        gallery.screen_requested.connect(self.game_screens.show)
        gallery.learn_requested.connect(self.learning.learn)

        self._build_menus()
        self.statusBar().showMessage(
            self.settings.problem or "Welcome! Pick a game to play, or resume your last one.")
        # a status message belongs to the screen it was shown on: another screen does not keep it
        self._status_screen: Any = gallery
        self.stack.currentChanged.connect(self._leave_status_behind)

        self.settings.changed.connect(self._on_settings_changed)

        self.setWindowTitle("Tabletop")
        self.setMinimumSize(900, 600)
        geometry = self.settings.geometry
        if geometry is None or not self.restoreGeometry(geometry):
            self.resize(1366, 768)  # made to fit the screen when shown (show_fitted)
        gallery.set_resume(False, "Looking for your last game…")
        gallery.set_recent(self.settings.recent_files)
        # Replaying the autosave (for the Resume button) waits until the gallery is on screen
        # (see _after_first_frame); a window that is not shown looks at it on the next turn of
        # the event loop.
        self._start_refreshed = False
        gallery.first_painted.connect(self._after_first_frame)
        QTimer.singleShot(0, self, lambda: None if self.isVisible() else self._first_refresh())
        self._update_actions()

    @property
    def controller(self) -> Controller:
        if self._controller is None:
            from .controller import Controller

            c = self._controller = Controller(self.settings, self)
            c.message.connect(self.show_status)
            c.changed.connect(self._on_changed)
            c.game_over.connect(self._on_game_over)
        return self._controller

    # --- menus --------------------------------------------------------------------------
    def _action(self, text: str, slot: Any, shortcuts: list[Any] | None = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcuts:
            # QKeySequence(QKeySequence) would make PySide6 build the whole Qt namespace
            action.setShortcuts([s if isinstance(s, QKeySequence) else QKeySequence(s) for s in shortcuts])
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        self.addAction(action)  # shortcuts work whatever screen is shown
        return action

    def _build_menus(self) -> None:
        S = QKeySequence.StandardKey
        self.new_action = self._action("&New game", self.go_to_gallery, [S.New], "Choose a game to play")
        self.open_action = self._action("&Open…", self.open_file, [S.Open], "Load a saved game or a position document")
        self.save_action = self._action("&Save", self.save, [S.Save], "Save this game")
        self.save_as_action = self._action(
            "Save &as…", self.save_as, [QKeySequence("Ctrl+Shift+S")], "Save this game to a new file"
        )
        self.settings_action = self._action("Se&ttings…", self.open_settings, [], "Animations, bot pace")
        self.quit_action = self._action("&Quit", self.close, [QKeySequence("Ctrl+Q")], "Quit (the game is autosaved)")
        self.undo_action = self._action("&Undo", self.undo, [QKeySequence("Ctrl+Z")], "Take back your last decision")
        self.redo_action = self._action(
            "&Redo", self.redo, [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")], "Redo what was undone"
        )
        self.replay_action = self._action("&Watch a replay…", self.open_replay, [QKeySequence("Ctrl+R")],
                                          "Step through a saved game, from the start")
        self.stats_action = self._action("Your &record…", self.show_stats, [QKeySequence("Ctrl+T")],
                                         "The games you finished: wins and scores by game and bot level")
        self.hint_action = self._action(
            "&Hint", lambda: self.controller.hint(), [QKeySequence("H"), QKeySequence("Ctrl+H")], "What would the Hard bot do?"
        )
        self.rules_action = self._action("&Rules", self.show_rules, [QKeySequence("F1")], "The rules of the game")
        self.about_action = self._action("&About", self.show_about)

        bar = self.menuBar()
        game = bar.addMenu("&Game")
        for a in (self.new_action, self.open_action, self.save_action, self.save_as_action, self.replay_action):
            game.addAction(a)
        game.addSeparator()
        self.game_screens.add_actions(game)
        game.addAction(self.stats_action)
        game.addSeparator()
        game.addAction(self.settings_action)
        game.addSeparator()
        game.addAction(self.quit_action)
        edit = bar.addMenu("&Edit")
        for a in (self.undo_action, self.redo_action, self.hint_action):
            edit.addAction(a)
        help_menu = bar.addMenu("&Help")
        learn = help_menu.addMenu("&Learn to play")
        learn.setObjectName("learnMenu")
        learn.aboutToShow.connect(lambda: self.learning.fill_menu(learn))  # (the lessons: after the first frame)
        self.learn_menu = learn
        help_menu.addAction(self.rules_action)
        help_menu.addAction(self.about_action)

    def _update_actions(self) -> None:
        c = self._controller
        own = self.game_screens.shown()
        if own is not None:  # a game's own screen (the deck builder): its undo
            screen = own[1]
            self.save_action.setEnabled(False)
            self.save_as_action.setEnabled(False)
            self.undo_action.setEnabled(screen.can_undo())
            self.undo_action.setToolTip("Take back the last change made here")
            self.undo_action.setStatusTip("Take back the last change made here")
            self.redo_action.setEnabled(screen.can_redo())
            self.hint_action.setEnabled(False)
            return
        # a replay, your record, the gallery: no game on screen to save, undo or hint at
        playing = c is not None and c.match is not None and not self._off_table()
        self.save_action.setEnabled(playing)
        self.save_as_action.setEnabled(playing)
        if playing and self._table_screen is not None and self._table_screen.end_being_shown():
            playing = False  # (the end's walk-through: Undo and Hint wait for it; saving is fine)
        self.undo_action.setEnabled(playing and c.can_undo())
        note = c.undo_note() if playing else "Take back your last decision"
        self.undo_action.setToolTip(note)
        self.undo_action.setStatusTip(note)  # shown on the status line over the Edit menu
        self.redo_action.setEnabled(playing and c.can_redo())
        self.hint_action.setEnabled(playing and c.can_hint())

    # --- screens ------------------------------------------------------------------------
    @property
    def start_screen(self) -> Any:
        """The full set-up of a game (seats, levels, options, seed), made when first shown."""
        if self._start_screen is None:
            from .start_screen import StartScreen

            screen = self._start_screen = StartScreen(self.settings)
            screen.setObjectName("startScreen")
            screen.start_requested.connect(self.start_new)
            screen.error.connect(lambda text: self.show_error("Cannot start the game", text))
            screen.screen_requested.connect(self.game_screens.show)
            screen.back_requested.connect(self.go_to_gallery)
            self.stack.addWidget(screen)
        return self._start_screen

    @property
    def stats_screen(self) -> Any:
        if self._stats_screen is None:
            from .stats_screen import StatsScreen

            screen = self._stats_screen = StatsScreen()
            screen.setObjectName("statsScreen")
            screen.back_requested.connect(self.go_to_gallery)
            screen.status.connect(self.show_status)
            self.stack.addWidget(screen)
        return self._stats_screen

    @property
    def replay_screen(self) -> Any:
        if self._replay_screen is None:
            from .replay import ReplayScreen

            screen = self._replay_screen = ReplayScreen(self.settings)
            screen.closed.connect(self._close_replay)
            screen.review_wanted.connect(lambda: self.learning.review_game(screen.match, screen.review_seat_wanted()))
            screen.error.connect(lambda text: self.show_error("Cannot replay the game", text))
            self.stack.addWidget(screen)
        return self._replay_screen

    def replay_game(self) -> None:
        """The end screen's Watch the replay: the game just finished, from its first move."""
        c = self._controller
        if c is None or c.match is None:
            return
        self._replay_from = self.current_screen()
        self.replay_screen.show_match(c.match, 0)
        self._show_replay(c.match.game.name)

    def open_replay(self) -> None:
        """Game > Watch a replay…: a saved game, step by step."""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(self, "Watch a replay", str(dialog_folder()), SAVE_FILTER)
        if path:
            self.replay_file(path)

    def replay_file(self, path: str | Path) -> bool:
        screen = self.replay_screen
        if not screen.open_file(path):
            return False
        if self.current_screen() is not screen:
            self._replay_from = self.current_screen()
        self._show_replay(Path(path).name)
        return True

    def _show_replay(self, title: str) -> None:
        screen = self.replay_screen
        self.stack.setCurrentWidget(screen)
        screen.setFocus()
        self.setWindowTitle(f"Replay — {title} — Tabletop")
        self._update_actions()

    def _close_replay(self) -> None:
        back = self._replay_from
        self._replay_from = None
        if back is not None and self.stack.indexOf(back) >= 0 and back is not self._replay_screen:
            self.stack.setCurrentWidget(back)
            self._set_title()
            self._update_actions()
        else:
            self.go_to_gallery()

    def show_stats(self) -> None:
        """Your record (Game > Your record…, or the gallery's button)."""
        self._leave_game()
        screen = self.stats_screen
        screen.refresh()
        self.stack.setCurrentWidget(screen)
        self.setWindowTitle("Your record — Tabletop")
        self._update_actions()

    @property
    def table_screen(self) -> Any:
        if self._table_screen is None:
            from .table_screen import TableScreen

            self._table_screen = TableScreen(self.controller, self.settings)
            self._table_screen.status.connect(self.show_status)
            self._table_screen.lesson_back.connect(self.learning.lesson_back)
            self._table_screen.lesson_skip.connect(self.learning.lesson_skip)
            self._table_screen.lesson_leave.connect(self.learning.lesson_leave)
            self._table_screen.lesson_play_real.connect(self.learning.lesson_play_real)
            self._table_screen.lesson_next.connect(self.learning.lesson_next)
            self.stack.addWidget(self._table_screen)
        return self._table_screen

    @property
    def end_screen(self) -> Any:
        if self._end_screen is None:
            from .end_screen import EndScreen

            self._end_screen = EndScreen()
            self._end_screen.setObjectName("endScreen")
            self._end_screen.new_game.connect(self.rematch)
            self._end_screen.back_to_start.connect(self.go_to_gallery)
            self._end_screen.show_table.connect(self.show_table)
            self._end_screen.replay.connect(self.replay_game)
            self._end_screen.review.connect(self.learning.review_game)
            self.stack.addWidget(self._end_screen)
        return self._end_screen

    def _off_table(self) -> bool:
        """A screen with no game of its own is shown (a replay, your record)."""
        shown = self.current_screen()
        return shown is not None and shown in (self._replay_screen, self._stats_screen)

    def undo(self) -> None:
        """Edit > Undo: the last change on a game's own screen (the deck builder), else the game's."""
        own = self.game_screens.shown()
        (own[1] if own is not None else self.controller).undo()
        self._update_actions()

    def redo(self) -> None:
        own = self.game_screens.shown()
        (own[1] if own is not None else self.controller).redo()
        self._update_actions()

    def current_screen(self) -> QWidget:
        return self.stack.currentWidget()

    def show_table(self) -> None:
        self.stack.setCurrentWidget(self.table_screen)
        self.table_screen.refresh()
        self.table_screen.view.setFocus()

    def _leave_game(self) -> None:
        """The game on screen (if any) is left: its bots stop and its table goes now."""
        if self._controller is not None:
            self._controller.stop()
        if self._table_screen is not None:
            self._table_screen.drop_table()

    def go_to_gallery(self) -> None:
        """The first screen: the games, and the game to go on with."""
        self._leave_game()
        self.refresh_start()
        self.stack.setCurrentWidget(self.gallery)
        self._set_title()
        self._update_actions()

    def go_to_start(self, game: Any = None) -> None:
        """The full set-up, of ``game`` when given (a tile's Set up…)."""
        self._leave_game()
        screen = self.start_screen
        switched = game is not None and screen.position is None and screen.choose_game(game.id)
        if not switched:
            screen.refresh_choices()  # (decks made meanwhile)
        self.stack.setCurrentWidget(screen)
        self._set_title()
        self._update_actions()

    def _after_first_frame(self) -> None:
        """The start screen was painted: one turn of the event loop later the frame is on screen
        (``--smoke`` quits there), the start-up is over; the autosave is read a turn after that."""
        from .startup import startup_done

        def next_turn() -> None:
            startup_done()
            QTimer.singleShot(0, self, self._first_refresh)

        QTimer.singleShot(0, self, next_turn)

    def _first_refresh(self) -> None:
        from .startup import startup_done

        startup_done()  # (a window never shown gets here without a first frame)
        from .theme import follow_the_system

        follow_the_system(QApplication.instance())  # Qt's style hints: the system's scheme from now on
        self.gallery.after_first_frame()  # (the lessons, the tiles' words the first frame did without)
        from tabletop.engine.paths import remove_stale_temps

        remove_stale_temps()  # what writes cut short by a crash or a kill left behind
        problems = folder_problems() + self.start_problems
        if problems:  # (what needs the folder says so again when it is used)
            more = f" (and {len(problems) - 1} more folder problem(s))" if len(problems) > 1 else ""
            self.statusBar().showMessage(problems[0] + more)
            self._status_screen = self.stack.currentWidget()
        if not self._start_refreshed:
            self.refresh_start()
        from .warmup import warm_up

        warm_up(self)  # what a game needs, loaded while the player looks at the start screen

    def refresh_start(self) -> None:
        self._start_refreshed = True

        if self._controller is not None:
            self._controller.flush_autosave()
        try:
            resume = self._resume_card(autosave_path())
        except FolderError as e:
            resume = (False, f"The last game cannot be resumed: {e}", None)
        self.gallery.set_resume(*resume)
        self.gallery.set_recent(self.settings.recent_files)

    def _resume_card(self, path: Path) -> tuple[bool, str, Any]:
        """The resume card for the autosave at ``path``: whether it can be resumed, what it is and
        a picture of its table -- the save replayed and drawn again only when the file changed."""
        try:
            stat = path.stat()
        except FileNotFoundError:
            return False, "No game to resume yet.", None
        except OSError as e:  # (a link loop, a folder the app may not look into)
            from tabletop.engine.files import plain_os_error

            return False, f"The last game cannot be resumed: its file cannot be read ({plain_os_error(e)}).", None
        key = (stat.st_mtime_ns, stat.st_size)
        if self._resume_key != key:
            self._resume, self._resume_key = self._read_resume(path), key
        return self._resume

    def _read_resume(self, path: Path) -> tuple[bool, str, Any]:
        from tabletop.engine.saves import SaveError, load_match

        from .gallery import table_thumbnail

        try:
            match = load_match(path)
        except SaveError as e:
            return False, f"The last game cannot be resumed: {e}", None
        state = "finished" if match.is_over() else f"{len(match.log)} moves played"
        info = f"{match.game.name} with {', '.join(match.names)} — {state}."
        try:
            thumb = table_thumbnail(match)
        except Exception as e:  # noqa: BLE001  (a picture that cannot be drawn is left out)
            self.show_status(f"The last game's table cannot be drawn: {e}")
            thumb = None
        return True, info, thumb

    # --- starting games -------------------------------------------------------------------
    def start_new(
        self, game: Any, seats: list, options: dict, seed: int, casual: bool, position: dict | None = None
    ) -> None:
        from tabletop.engine.game import GameError
        from tabletop.engine.match import Match

        try:
            match = Match(game, seats, options, seed, casual, position)
        except GameError as e:
            self.show_error("Cannot start the game", str(e))
            return
        self.start_match(match)
        where = " from the opened position" if position is not None else ""
        self.show_status(f"New game of {game.name}{where}, seed {seed}.")

    def rematch(self) -> None:
        """The same players and options again, with a new seed."""
        import random

        c = self._controller
        if c is None or c.match is None:
            self.go_to_gallery()
            return
        m = c.match
        self.start_new(
            m.game, list(m.seats), dict(m.options), random.randint(1, 999_999), m.casual_undo, m.position
        )

    def start_match(self, match: Match, path: Path | str | None = None, lesson: Any = None) -> None:
        self.statusBar().clearMessage()  # (the start screen's welcome is not for the game)
        screen = self.table_screen
        self.stack.setCurrentWidget(screen)
        # a lesson's game is not autosaved: the gallery's Continue goes on offering the last real
        # game (the lesson itself goes on from where it was left: Learn to play)
        self.controller.autosave_enabled = lesson is None
        self.controller.start(match, path, lesson)
        self._set_title()
        if not match.is_over():
            screen.view.setFocus()

    def resume(self) -> None:
        from tabletop.engine.saves import SaveError, load_match

        self.controller.flush_autosave()
        try:
            match = load_match(autosave_path())
        except SaveError as e:
            self.show_error("Cannot resume the last game", str(e))
            self.refresh_start()
            return
        self.start_match(match)
        self.show_status("Resumed the last game.")

    def open_path(self, path: str | Path) -> bool:
        """Open a saved game, or a position document (docs/positions.md) as the starting point of
        a new game: the start screen then asks only for the seats."""
        from tabletop.engine.saves import SaveError, load_match

        try:
            match = load_match(path)
        except SaveError as e:
            if self._open_position(path):
                return True
            self.show_error("Cannot open the saved game", str(e))
            return False
        self.settings.add_recent(path)
        self.start_match(match, path)
        self.show_status(f"Opened {Path(path).name}.")
        return True

    def _open_position(self, path: str | Path) -> bool:
        """Set up the start screen from the position document at ``path``.  False when the file
        is not a position document at all (its save error is then the one to show); a broken
        position document shows its own error and counts as handled."""
        from tabletop.engine.files import read_json
        from tabletop.engine.game import GameError, one_line
        from tabletop.engine.registry import all_games, get_game

        name = Path(path).name
        try:
            doc = read_json(path, f"The file {name}", GameError)
        except GameError:
            return False
        ids = {g.id for g in all_games() if g.table_class}
        if not isinstance(doc, dict) or doc.get("format") == "tabletop-save" or doc.get("game") not in ids:
            return False
        game = get_game(doc["game"])
        try:
            state = game.from_position(doc)
        except GameError as e:
            self.show_error("Cannot open the position", f"The position in {name} is not valid: {one_line(e, 300)}")
            return True
        self.go_to_start()
        self.start_screen.set_position(game.id, doc, state.num_players, name)
        self.show_status(f"Opened the position in {name}: choose the seats and press Start.")
        return True

    def open_from_another_launch(self, path: str) -> None:
        """The app was launched again (a save double-clicked in the file manager): this copy
        comes to the front and opens the file, if any."""
        if self.isMinimized():
            self.showNormal()
        self.raise_()
        self.activateWindow()
        if path:
            self.open_path(path)

    def open_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self, "Open a saved game or a position", str(dialog_folder()), SAVE_FILTER
        )
        if path:
            self.open_path(path)

    # --- saving ---------------------------------------------------------------------------
    def save(self) -> bool:
        c = self.controller
        if c.match is None:
            return False
        if c.path is None or Path(c.path).resolve() == autosave_path().resolve():
            return self.save_as()
        return self._save_to(c.path)

    def save_as(self) -> bool:
        c = self.controller
        if c.match is None:
            return False
        import datetime

        from PySide6.QtWidgets import QFileDialog

        stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M")
        default = str(c.path) if c.path else str(dialog_folder() / f"{c.match.game.id}-{stamp}{SAVE_EXTENSION}")
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", default, SAVE_FILTER)
        if not path:
            return False
        if not Path(path).suffix:
            path += SAVE_EXTENSION
        return self._save_to(path)

    def _save_to(self, path: str | Path) -> bool:
        try:
            self.controller.save(path)
        except OSError as e:
            from tabletop.engine.files import plain_os_error

            self.show_error("Cannot save the game", f"The game could not be saved to {path}: {plain_os_error(e)}. "
                            "Any file that was there is unchanged.")
            return False
        self.settings.add_recent(path)
        self._set_title()
        self.show_status(f"Saved to {path}.")
        return True

    # --- reacting to the game ---------------------------------------------------------------
    def _on_changed(self) -> None:
        self._update_actions()
        m = self._controller.match
        if m is not None and not m.is_over() and self._end_screen is not None:
            if self.stack.currentWidget() is self._end_screen:  # undone from the end screen
                self.stack.setCurrentWidget(self.table_screen)

    def _on_game_over(self) -> None:
        m = self.controller.match
        if m is None:
            return
        if self.controller.lesson is not None:  # (a lesson's game ends on its table, under its last words; not recorded)
            self._update_actions()
            return
        self._record(m)
        table = self._table_screen.table if self._table_screen is not None else None
        if table is not None and table.busy():
            # the last moves are still being played out on the table: the end screen waits
            # for them (or for a few seconds, whichever comes first)
            self._end_waiting = m
            self._settled_from = table
            table.settled.connect(self._show_end_when_settled)
            QTimer.singleShot(END_WAIT_MS, self._show_end_when_settled)
            self._update_actions()  # (Undo and Hint wait for the walk-through)
            return
        self._show_end(m)

    def _record(self, match: Any) -> None:
        """Add the finished game to the record of games (once; a record that cannot be written
        is said on the status bar and the game goes on as usual)."""
        from tabletop.engine.stats import StatsError, record_match

        try:
            record_match(match)
        except (StatsError, OSError) as e:
            self.show_status(f"This game was not added to your record of games: {e}")

    def _show_end_when_settled(self) -> None:
        m, self._end_waiting = self._end_waiting, None
        table, self._settled_from = self._settled_from, None
        if table is not None and table is self._table_screen.table:  # (a dropped table took its connections along)
            table.settled.disconnect(self._show_end_when_settled)
        if m is not None and m is self.controller.match and m.is_over():
            self._show_end(m)

    def _show_end(self, m: Any) -> None:
        self.end_screen.show_match(m)
        self.stack.setCurrentWidget(self.end_screen)
        self._update_actions()

    def _on_settings_changed(self) -> None:
        if self._table_screen is not None:
            self._table_screen.set_animations(self.settings.animations)
            self._table_screen.show_questions()
        self.gallery.set_recent(self.settings.recent_files)

    def _set_title(self) -> None:
        c = self._controller
        if c is None or c.match is None:
            self.setWindowTitle("Tabletop")
            return
        name = f" — {Path(c.path).name}" if c.path else ""
        self.setWindowTitle(f"Tabletop — {c.match.game.name}{name}")

    # --- dialogs ------------------------------------------------------------------------------
    def show_status(self, text: str) -> None:
        self.statusBar().showMessage(text, STATUS_TIMEOUT_MS)
        self._status_screen = self.stack.currentWidget()

    def _leave_status_behind(self) -> None:
        """A screen change clears the message of the screen left ("Welcome!…" is not for a
        replay, "Hint: …" not for the gallery); the end screen keeps the game's last word."""
        shown = self.stack.currentWidget()
        was = self._status_screen
        if was is None or shown is was:
            return
        if was is self._table_screen and shown is self._end_screen and shown is not None:
            self._status_screen = shown
            return
        self.statusBar().clearMessage()
        self._status_screen = None

    def show_error(self, title: str, text: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        self.show_status(text)
        QMessageBox.critical(self, title, text)

    def show_rules(self) -> None:
        """F1: the rules of the game on screen; in the gallery, of the tile with the keyboard
        focus, else a menu asks which game."""
        c = self._controller
        own = self.game_screens.shown()
        if own is not None:  # a game's own screen: that game's rules (the deck rules are in its help)
            game = own[0]
        elif c is not None and c.match is not None:
            game = c.match.game
        elif self._start_screen is not None and self.current_screen() is self._start_screen:
            game = self._start_screen.game()
        else:
            game = self.gallery.focused_game()
            if game is None:
                self._choose_rules()
                return
        self.show_rules_of(game)

    def show_rules_of(self, game: Any) -> None:
        from .rules_dialog import RulesDialog

        if self._rules is not None:
            self._rules.close()
        self._rules = RulesDialog(game, self)
        self._rules.show()

    def _choose_rules(self) -> None:
        """The gallery with no tile focused: a menu of the games, in the middle of the window."""
        from PySide6.QtWidgets import QMenu

        menu = self.rules_menu = QMenu("The rules of…", self)
        menu.setObjectName("rulesChooser")
        menu.addSection("The rules of…")
        for game in self.gallery.games:
            menu.addAction(game.name, lambda g=game: self.show_rules_of(g))
        hint = menu.sizeHint()
        menu.popup(self.mapToGlobal(self.rect().center()) - QPoint(hint.width() // 2, hint.height() // 2))

    def open_settings(self) -> None:
        from .settings_dialog import SettingsDialog

        SettingsDialog(self.settings, self).exec()

    def show_about(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(
            self,
            "About Tabletop",
            f"<b>Tabletop {__version__}</b><br>A desktop client for the Spheres family of tabletop games.",
        )

    # --- the window on its screen ------------------------------------------------------------
    def show_fitted(self) -> None:
        """Show the window on its screen, whole (the app's start; tests size their windows)."""
        self.show()
        self.fit_to_screen()
        QTimer.singleShot(0, self, self.fit_to_screen)  # again once the frame is known

    def fit_to_screen(self) -> None:
        """Keep the whole window, frame included, on its screen's available area (without the
        task bar): the first window is made smaller on a small screen, and a saved geometry from
        a larger monitor is brought back onto this one."""
        screen = self.screen()
        if screen is None or self.isMaximized() or self.isFullScreen():
            return
        area = screen.availableGeometry()
        frame, inner = self.frameGeometry(), self.geometry()
        extra_w, extra_h = frame.width() - inner.width(), frame.height() - inner.height()
        w = max(self.minimumWidth(), min(inner.width(), area.width() - extra_w))
        h = max(self.minimumHeight(), min(inner.height(), area.height() - extra_h))
        if (w, h) != (inner.width(), inner.height()):
            self.resize(w, h)
        frame = self.frameGeometry()
        x = min(max(frame.x(), area.left()), max(area.left(), area.right() + 1 - frame.width()))
        y = min(max(frame.y(), area.top()), max(area.top(), area.bottom() + 1 - frame.height()))
        if (x, y) != (frame.x(), frame.y()):
            self.move(x, y)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.geometry = self.saveGeometry()
        self.settings.sync()
        if self._controller is not None:
            self._controller.stop()  # bots stop; the autosave stays for Resume
            self._controller.flush_autosave()
        super().closeEvent(event)

    def keyPressEvent(self, event: Any) -> None:
        from PySide6.QtCore import Qt

        if event.key() == Qt.Key.Key_Escape and self._rules is not None and self._rules.isVisible():
            self._rules.close()
            return
        super().keyPressEvent(event)
