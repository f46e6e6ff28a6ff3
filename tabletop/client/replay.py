"""The replay viewer: a finished game or a save, step by step, drawn by the game's own table.

The controls are the form ``ui/replay.ui``; this module keeps the behaviour.  The states come
from :class:`tabletop.engine.history.History` (copies: the match is never changed), and each
table is given a seat's *view* at the step, never the true state.  Which views are offered, and
why, is the history's rule (docs/client.md, "Replays"): every seat and "everything shown" (every
player's view side by side) for a finished game; for a game in progress never everything, and
never a view that would show one human another's hand.

The replay goes from move to move: a run of quiet steps (each player's "no" at a moment anyone
may act) is one line of the log and one step forward (:mod:`tabletop.engine.log_lines`); "Every
step" (remembered in the settings, ``Settings.replay_every_step``) shows them one by one.  With four or more players, Everything
shown draws one seat's view large and the others as thumbnails; a click on one makes it the large
one, a double-click on the large one shows that seat alone.

Keys: Left / Right a move (or step) back / forward, Home / End the first / last step, Space play
or pause, Esc close.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QLabel,
    QListWidgetItem,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.actions import Action
from tabletop.engine.game import GameError
from tabletop.engine.history import EVERYTHING, History
from tabletop.engine.log_lines import line_at
from tabletop.engine.match import Match

from .forms import load_form
from .slider_marks import SliderMarks
from .table_screen import TableView, make_table, panel_width
from .widgets import restyle
from .wrap_layout import SnugWrapLayout as WrapLayout

SPEEDS = [(0.5, "0.5 step/s"), (1.0, "1 step/s"), (2.0, "2 steps/s"), (4.0, "4 steps/s"), (8.0, "8 steps/s")]
DEFAULT_SPEED = 1  # the index in SPEEDS
THUMBNAILS_FROM = 4  # Everything shown with this many players: one view large, the others small
THUMBNAIL_SHARE = 4  # the large view's width to a thumbnail's


class ReplayTableView(TableView):
    """A table's view in the replay: takes no keyboard focus (the screen's keys step), a click
    asks for this view large (a thumbnail of Everything shown), a double-click for it alone."""

    clicked = Signal()
    double_clicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.double_clicked.emit()
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mouseReleaseEvent(event)


class _LogDelegate(QStyledItemDelegate):
    """The log's lines as tall as their text wrapped a little short of the list's width: the
    theme's padding is not counted by Qt's own measure, which cut lines near the width short."""

    def sizeHint(self, option: QStyleOptionViewItem, index: Any) -> QSize:
        size = super().sizeHint(option, index)
        width = max(40, self.parent().viewport().width() - 12)
        text = str(index.data() or "")
        height = option.fontMetrics.boundingRect(QRect(0, 0, width, 100000), Qt.TextFlag.TextWordWrap, text).height()
        return QSize(size.width(), max(size.height(), height + 8))


class ReplayScreen(QWidget):
    """Steps through a match: ``show_match(match)`` or ``open_file(path)``."""

    closed = Signal()  # the player closed the replay
    error = Signal(str)  # a save that cannot be replayed, in one sentence
    review_wanted = Signal()  # Review this game…

    def __init__(self, settings: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("replayScreen")
        self.settings = settings
        self.history: History | None = None
        self.step = 0
        self.viewpoint: int | str | None = None
        self.tables: list[tuple[int | None, Any, ReplayTableView]] = []  # (seat, table, its view)
        self.large_seat = 0  # Everything shown with many players: the seat drawn large
        self._cells: list[QWidget] = []

        f = self.form = load_form("replay", self)
        self.banner: QLabel = f.banner
        self.first_button, self.back_button = f.firstButton, f.backButton
        self.play_button, self.forward_button, self.last_button = f.playButton, f.forwardButton, f.lastButton
        self.slider, self.step_label, self.speed_combo = f.stepSlider, f.stepLabel, f.speedCombo
        self.seat_combo, self.seat_note, self.log = f.seatCombo, f.seatNote, f.log
        self.title_label, self.close_button = f.titleLabel, f.closeButton
        self.every_step_box = f.everyStepBox
        self.every_step_box.setChecked(settings is not None and settings.replay_every_step)
        # the theme's names (a form's names must be unique; the theme styles these roles)
        f.seatHeading.setObjectName("heading")
        f.logHeading.setObjectName("heading")
        self.title_label.setObjectName("panelTitle")
        self.seat_note.setObjectName("muted")
        self.banner.setProperty("kind", "wait")
        self.log.setItemDelegate(_LogDelegate(self.log))
        # bigger text (docs/client.md, "Bigger text"): the control bar goes on two rows when its
        # three groups do not fit on one, and the side panel grows as the table screen's does
        f.controlLayout = self.controls = WrapLayout.instead_of(f.controlLayout, justify=False)
        f.sidePanel.setFixedWidth(panel_width())
        self.grid = QGridLayout(f.tableHolder)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(4)

        for speed, text in SPEEDS:
            self.speed_combo.addItem(text, speed)
        self.speed_combo.setCurrentIndex(DEFAULT_SPEED)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)

        self.first_button.clicked.connect(self.first)
        self.back_button.clicked.connect(self.back)
        self.forward_button.clicked.connect(self.forward)
        self.last_button.clicked.connect(self.last)
        self.play_button.clicked.connect(self.toggle_play)
        self.slider.valueChanged.connect(self.go_to)
        self.speed_combo.currentIndexChanged.connect(self._speed_changed)
        self.seat_combo.activated.connect(self._seat_chosen)
        self.log.currentRowChanged.connect(self._log_row_chosen)
        self.every_step_box.toggled.connect(self._every_step_toggled)
        self.close_button.clicked.connect(self.close_replay)
        self.review_button = f.reviewButton
        self.review_button.clicked.connect(lambda: self.review_wanted.emit())
        self.review_marks: dict[int, str] = {}  # a review's costliest decisions: step -> its mark ("★1")
        self.reviewed: dict[int, Any] = {}  # a review's decisions by the step they were made at
        self.review_seat = 0
        self.review_note: QLabel = f.reviewNote  # at a reviewed decision: what it cost, the better move and why
        self.review_note.hide()
        self.slider_marks = SliderMarks(self.slider)  # the costliest three on the slider
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._refresh_controls()

    # --- what is replayed -------------------------------------------------------------------
    def open_file(self, path: str | Path) -> bool:
        """Replay the save ``path`` from its start (Game > Watch a replay… says so); a file that
        cannot be replayed goes out on :attr:`error` (one sentence) and the screen stays as it
        was.  Returns whether it opened."""
        from tabletop.engine.saves import load_match

        try:
            match = load_match(path)
        except GameError as e:
            self.error.emit(str(e))
            return False
        self.show_match(match, 0)
        return True

    def show_match(self, match: Match, step: int | None = None) -> None:
        """Replay ``match`` (a copy of its history is taken: the match is never changed), at
        ``step`` (default: the last for a finished game, the start otherwise)."""
        h = History(match)
        if step is not None:
            h.check_step(step)  # (a step that is not there changes nothing on the screen)
        if match is not getattr(self, "match", None):  # (another game: another review, if any)
            self.review_marks, self.reviewed = {}, {}
            self.slider.setToolTip("")
            self.slider_marks.set_marks([])
        self.match = match
        self.review_button.setEnabled(match.is_over())
        self.pause()
        self.drop_tables()  # (the tables of the game replayed before, maybe another game's)
        self.history = h
        seats = [s.name + ("" if s.is_human else f" ({s.level} bot)") for s in match.seats]
        short = len(seats) <= 4  # (more: the names only, the bots' levels in the tooltip)
        self.title_label.setText(f"Replay — {h.game.name}\n" + ", ".join(seats if short else h.names))
        self.title_label.setToolTip(", ".join(seats) + f"\nSeed {match.seed}, options {match.options}")
        self._fill_log()
        self.slider.blockSignals(True)
        self.slider.setRange(0, h.last)
        self.slider.setPageStep(max(1, h.last // 10))
        self.slider.blockSignals(False)
        self.seat_combo.clear()
        for vp in h.viewpoints():
            self.seat_combo.addItem(h.viewpoint_name(vp), vp)
        self.seat_note.setText(self._note(h))
        self.step = h.last if step is None and h.finished else (step or 0)
        self.viewpoint = None
        self.large_seat = h.humans[0] if h.humans else 0
        self.set_viewpoint(h.default_viewpoint())

    # --- the log: a line a move, or a line a step ----------------------------------------------
    def every_step(self) -> bool:
        return self.every_step_box.isChecked()

    def stops(self) -> list[int]:
        """The steps Back and Forward go to, and the log's lines stand for (row ``i``: ``stops()[i]``):
        every step, or the end of each move (a run of quiet steps is one)."""
        h = self.history
        if h is None:
            return [0]
        return list(range(h.last + 1)) if self.every_step() else [0] + [line.last for line in h.lines]

    def _fill_log(self) -> None:
        h = self.history
        self.log.blockSignals(True)
        self.log.clear()
        self.log.addItem("The start: nothing played yet")

        def mark(first: int, last: int) -> str:  # (a review's costliest decision among these steps)
            marks = [self.review_marks[k] for k in range(first, last + 1) if k in self.review_marks]
            return " ".join(marks) + " " if marks else ""

        if self.every_step():
            for i, sentence in enumerate(h.sentences, start=1):
                self.log.addItem(QListWidgetItem(f"{mark(i, i)}{i}. {sentence}"))
        else:
            for line in h.lines:
                steps = str(line.first) if line.first == line.last else f"{line.first}–{line.last}"
                self.log.addItem(QListWidgetItem(f"{mark(line.first, line.last)}{steps}. {line.text}"))
        self.log.blockSignals(False)

    def review_seat_wanted(self) -> int | None:
        """The seat Review this game… reviews: the seat whose view is on show (a hotseat player
        reviews their own play), else the first human's (``None``)."""
        return self.viewpoint if isinstance(self.viewpoint, int) else None

    def mark_review(self, decisions: list[Any], seat: int | None = None) -> None:
        """Mark a review of ``seat``'s decisions (default: the first human's): the costliest three
        in the log (★1 … on the line of the move played: a decision at action ``k`` is step
        ``k + 1``), on the slider (at the step where each was to be made) and in its tooltip; at a
        reviewed decision's step the better move is marked on the table with its reasons."""
        from tabletop.engine.review import costliest, loss_words

        worst = costliest(decisions)
        self.reviewed = {d.step: d for d in decisions}
        if seat is None:
            humans = self.match.human_seats() if getattr(self, "match", None) is not None else []
            seat = humans[0] if humans else 0
        self.review_seat = seat
        self.review_marks = {d.step + 1: f"★{k}" for k, d in enumerate(worst, start=1)}
        self.slider_marks.set_marks([d.step for d in worst])
        self.slider.setToolTip("The costliest decisions: " + "; ".join(
            f"★{k} step {d.step + 1} ({loss_words(d)})" for k, d in enumerate(worst, start=1))
            if worst else "")
        if self.history is not None:
            row = self.log.currentRow()
            self._fill_log()
            self.log.setCurrentRow(row)
            self._draw()

    def _show_review(self) -> None:
        """At a reviewed decision that cost something: the better move marked on the reviewed
        seat's table, and a note of what the move played cost, the better move, the search's
        figures and what it scores at once; just after it, what the move played cost."""
        from tabletop.engine.bots.advice import at_once, figures_words, points_words
        from tabletop.engine.review import loss_words

        h, seat = self.history, self.review_seat
        here, before = self.reviewed.get(self.step), self.reviewed.get(self.step - 1)
        text = ""
        if h is not None and here is not None and here.loss > 0:
            star = self.review_marks.get(here.step + 1, "")
            _, points, parts = at_once(h.game, h.view_at(self.step, seat), here.best, h.names)
            why = "; ".join(w for w in (figures_words(here.best_figures), points_words(points, parts)) if w)
            shown = [table for s, table, _ in self.tables if s == seat]
            where = "marked on the table" if shown else f"shown from {h.names[seat]}'s seat"
            text = (f"{star} Next: {here.played_sentence.rstrip('.')} — {loss_words(here)}. "
                    f"Better, {where}: {here.best_sentence.rstrip('.')} ({why}).").strip()
            for table in shown:
                table.show_hint(here.best)
        elif h is not None and before is not None and before.loss > 0:
            star = self.review_marks.get(before.step + 1, "")
            text = (f"{star} This move {loss_words(before)}; one step back, the better move is marked on the "
                    f"table.").strip()
        self.review_note.setText(text)
        self.review_note.setVisible(bool(text))

    def _every_step_toggled(self, on: bool) -> None:
        if self.settings is not None:
            self.settings.replay_every_step = on
        if self.history is not None:
            self._fill_log()
            self._refresh_controls()

    @staticmethod
    def _note(h: History) -> str:
        if not h.game.hidden:
            return "Nothing in this game is hidden: a seat only turns the table its way round."
        if h.finished:
            how = ("one view large and the others small (click a small one to see it large, "
                   "double-click the large one to see it alone)" if len(h.names) >= THUMBNAILS_FROM else
                   "every player's view side by side (double-click one to see it large)")
            return ("The game is over, so nothing is secret: a player's view shows what they saw at "
                    f"each step; Everything shown draws {how}.")
        if not h.humans:
            return "Bots only: any seat may be watched. Everything shown comes when the game is over."
        if len(h.humans) == 1:
            return ("The game is not over: you see your own view or the public table, "
                    "never another player's hand.")
        return ("The game is not over and several people play it here: only the public table is "
                "shown, so nobody sees another's hand.")

    def viewpoints(self) -> list[int | str | None]:
        """The viewpoints the seat chooser offers (see :meth:`History.viewpoints`)."""
        return [self.seat_combo.itemData(i) for i in range(self.seat_combo.count())]

    def set_viewpoint(self, viewpoint: int | str | None) -> None:
        """Draw from ``viewpoint``: a seat, ``None`` (the public table) or ``EVERYTHING``.  One
        the replay does not offer raises ``GameError``."""
        offered = self.viewpoints()
        if viewpoint not in offered:
            raise GameError(f"This replay does not offer {viewpoint!r}.")
        self.seat_combo.setCurrentIndex(offered.index(viewpoint))
        if viewpoint == self.viewpoint and self.tables:
            return
        everything = viewpoint == EVERYTHING
        n = len(self.history.names)
        seats: list[int | None] = list(range(n)) if everything else [viewpoint]
        if everything and n >= THUMBNAILS_FROM:
            seats.insert(0, seats.pop(self.large_seat))  # (the large one first)
        if everything or len(self.tables) != 1:
            self._build_tables(seats, labelled=everything)
        else:
            seat, table, view = self.tables[0]
            self.tables[0] = (viewpoint, table, view)
        self.viewpoint = viewpoint
        self._draw()

    def enlarge(self, seat: int) -> None:
        """Everything shown with many players: draw ``seat``'s view large, the others small."""
        if self.viewpoint != EVERYTHING or seat == self.large_seat:
            return
        self.large_seat = seat
        self.viewpoint = None  # (rebuilt in the new order)
        self.set_viewpoint(EVERYTHING)

    def point_out(self, seat: int, action: Action) -> None:
        """Show ``seat``'s view and mark ``action`` on its table, as a hint does (a review's
        better move, at the step it was found for)."""
        if seat in self.viewpoints():
            self.set_viewpoint(seat)
        for shown, table, _ in self.tables:
            if shown == seat:
                table.show_hint(action)

    def _seat_chosen(self, index: int) -> None:
        self.set_viewpoint(self.seat_combo.itemData(index))
        self.setFocus()  # the keys step again

    # --- the tables ---------------------------------------------------------------------------
    def _build_tables(self, seats: list[int | None], labelled: bool) -> None:
        self.drop_tables()
        h = self.history
        thumbnails = labelled and len(seats) >= THUMBNAILS_FROM
        columns = self._columns(len(seats), labelled)
        for i, seat in enumerate(seats):
            table = make_table(h.game, h.names, animations=False, parent=self)
            table.watching = True  # (no seat is "you", nothing is to be done)
            view = ReplayTableView()
            view.setScene(table)
            cell = QWidget()
            box = QVBoxLayout(cell)
            box.setContentsMargins(0, 0, 0, 0)
            box.setSpacing(0)
            if labelled:
                label = QLabel(f"{h.names[seat]}'s view" if seat is not None else "The table")
                label.setObjectName("replaySeatLabel")
                label.setAlignment(Qt.AlignmentFlag.AlignCenter)
                box.addWidget(label)
                if thumbnails and i > 0:
                    label.setToolTip("Click to see this view large")
                    view.clicked.connect(lambda s=seat: self.enlarge(s))
                    view.setCursor(Qt.CursorShape.PointingHandCursor)
                else:
                    label.setToolTip("Double-click the table to see this view alone")
                    view.double_clicked.connect(lambda s=seat: self.set_viewpoint(s))
            box.addWidget(view, 1)
            if thumbnails:  # the large view on the left, the others in a column beside it
                if i == 0:
                    self.grid.addWidget(cell, 0, 0, len(seats) - 1, 1)
                else:
                    self.grid.addWidget(cell, i - 1, 1)
            else:
                self.grid.addWidget(cell, i // columns, i % columns)
            self._cells.append(cell)
            self.tables.append((seat, table, view))
        for c in range(2):
            self.grid.setColumnStretch(c, (THUMBNAIL_SHARE if c == 0 else 1) if thumbnails else 0)

    def _columns(self, n: int, labelled: bool) -> int:
        """The number of columns that draws ``n`` tables largest in the space there is."""
        holder = self.form.tableHolder
        width, height = (holder.width(), holder.height()) if holder.isVisible() else (1036, 680)
        aspect = 16 / 9  # (a table's base shape: it stretches taller when its place allows)
        label = 24 if labelled else 0

        def scale(cols: int) -> float:
            rows = math.ceil(n / cols)
            return min(width / cols, (height / rows - label) * aspect)

        return max(range(1, n + 1), key=lambda cols: (scale(cols), -cols))

    def drop_tables(self) -> None:
        """Let the tables go (as the table screen does): stopped, emptied, deleted."""
        tables, self.tables = self.tables, []
        for _, table, view in tables:
            table.dispose()
            view.setScene(None)
            table.deleteLater()
        for cell in self._cells:
            self.grid.removeWidget(cell)
            cell.deleteLater()
        self._cells = []

    def _draw(self) -> None:
        h = self.history
        if h is None:
            return
        last_action = h.action_before(self.step)
        for seat, table, _ in self.tables:
            table.show_view(h.view_at(self.step, seat), [], last_action)
        self._refresh_controls()
        self._show_review()

    # --- stepping ---------------------------------------------------------------------------
    def go_to(self, step: int) -> None:
        if self.history is None:
            return
        step = max(0, min(int(step), self.history.last))
        if step == self.step and self.slider.value() == step and self.log.currentRow() == self._row():
            return
        self.step = step
        self._draw()

    def first(self) -> None:
        self.pause()
        self.go_to(0)

    def last(self) -> None:
        self.pause()
        if self.history is not None:
            self.go_to(self.history.last)

    def back(self) -> None:
        self.pause()
        self.go_to(max([s for s in self.stops() if s < self.step], default=0))

    def forward(self) -> None:
        self.pause()
        self._next()

    def _next(self) -> None:
        last = self.history.last if self.history is not None else 0
        self.go_to(min([s for s in self.stops() if s > self.step], default=last))

    def _row(self) -> int:
        """The log's line of the step shown (a step inside a run of passes: its line)."""
        if self.history is None or self.every_step():
            return self.step
        return line_at(self.history.lines, self.step) + 1  # (row 0: the start)

    def _log_row_chosen(self, row: int) -> None:
        stops = self.stops()
        if 0 <= row < len(stops) and row != self._row():
            self.pause()
            self.go_to(stops[row])

    # --- playing ------------------------------------------------------------------------------
    def speed(self) -> float:
        return float(self.speed_combo.currentData())

    def set_speed(self, steps_per_second: float) -> None:
        speeds = [s for s, _ in SPEEDS]
        self.speed_combo.setCurrentIndex(min(range(len(speeds)), key=lambda i: abs(speeds[i] - steps_per_second)))

    def _speed_changed(self, _: int) -> None:
        self.timer.setInterval(int(math.ceil(1000 / self.speed())))

    def playing(self) -> bool:
        return self.timer.isActive()

    def play(self) -> None:
        if self.history is None or self.history.last == 0:
            return
        if self.step >= self.history.last:  # at the end: play it again from the start
            self.go_to(0)
        self.timer.start(int(math.ceil(1000 / self.speed())))
        self._refresh_controls()

    def pause(self) -> None:
        if self.timer.isActive():
            self.timer.stop()
            self._refresh_controls()

    def toggle_play(self) -> None:
        self.pause() if self.playing() else self.play()

    def _tick(self) -> None:
        if self.history is None or self.step >= self.history.last:
            self.pause()
            return
        self._next()
        if self.step >= self.history.last:
            self.pause()

    def close_replay(self) -> None:
        self.pause()
        self.closed.emit()

    # --- the controls follow the step ---------------------------------------------------------
    def _refresh_controls(self) -> None:
        h = self.history
        last = h.last if h is not None else 0
        for b in (self.first_button, self.back_button):
            b.setEnabled(h is not None and self.step > 0)
        for b in (self.forward_button, self.last_button):
            b.setEnabled(h is not None and self.step < last)
        self.play_button.setEnabled(h is not None and last > 0)
        self.play_button.setText("❚❚ Pause" if self.playing() else "▶ Play")
        self.slider.setEnabled(h is not None)
        self.seat_combo.setEnabled(h is not None and self.seat_combo.count() > 1)
        self.step_label.setText(f"{self.step} / {last}")
        self.slider.blockSignals(True)
        self.slider.setValue(self.step)
        self.slider.blockSignals(False)
        self.log.blockSignals(True)
        self.log.setCurrentRow(self._row())
        self.log.blockSignals(False)
        self._scroll_log()
        self._refresh_banner()

    def _scroll_log(self) -> None:
        if self.log.currentItem() is not None:
            self.log.scrollToItem(self.log.currentItem(), QAbstractItemView.ScrollHint.PositionAtCenter)

    def _refresh_banner(self) -> None:
        h = self.history
        if h is None:
            text, kind = "Replay: nothing to show", "wait"
        else:
            state = h.state_at(self.step)
            if self.step == 0:
                text = "The start of the game"
            elif self.every_step():
                text = f"Step {self.step}: {h.sentences[self.step - 1]}"
            else:
                text = f"Step {self.step}: {h.lines[self._row() - 1].text}"
            if self.step == h.last and state.is_terminal():
                winners = state.winners()
                who = " and ".join(h.names[p] for p in winners) if winners else "nobody"
                text = f"The end — {who} win{'s' if len(winners) == 1 else ''}. {text}"
                kind = "over"
            else:
                decider = state.decider()
                if decider is not None and 0 <= decider < len(h.names):
                    text += f"  ·  next: {h.names[decider]}"
                kind = "wait"
        self.banner.setText(text)
        restyle(self.banner, "kind", kind)

    # --- keys ---------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            super().keyPressEvent(event)
            return
        actions = {
            Qt.Key.Key_Left: self.back,
            Qt.Key.Key_Right: self.forward,
            Qt.Key.Key_Home: self.first,
            Qt.Key.Key_End: self.last,
            Qt.Key.Key_Space: self.toggle_play,
            Qt.Key.Key_Escape: self.close_replay,
        }
        if key in actions:
            actions[key]()
            event.accept()
            return
        super().keyPressEvent(event)

    def showEvent(self, event: QEvent) -> None:
        super().showEvent(event)
        self.setFocus()
        QTimer.singleShot(0, self._scroll_log)  # (once the log's lines are laid out at their width)

    def hideEvent(self, event: QEvent) -> None:
        self.pause()
        super().hideEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # (another text size)
            self.form.sidePanel.setFixedWidth(panel_width())
