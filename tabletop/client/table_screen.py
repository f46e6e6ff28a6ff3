"""The table screen: the game's table scene, whose decision it is, the log, the scores, the
Undo / Redo / Hint buttons, and the hotseat curtain."""

from __future__ import annotations

import importlib
from typing import Any

from PySide6.QtCore import QEvent, QRect, QSize, Qt, Signal
from PySide6.QtGui import QAccessible, QAccessibleEvent, QMouseEvent, QPainter, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QFrame,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.engine.game import GameDef

from .callout import Callout
from .controller import Controller
from .played import played_mode
from .table_items import ButtonItem
from .theme import look
from .widgets import ScoreTable, restyle

PANEL_WIDTH = 330  # the side panel's width at the default text size
QUESTIONS_TIP = (
    "Off (the default when you play alone): you are asked to play out of turn only before your own\n"
    "turn, before a phase ends, and whenever you can block or accept. Click a hero or a card of\n"
    "yours to be asked at the next moment instead. (Game > Settings… keeps it too.)")
QUESTIONS_IN_A_LESSON = ("A lesson asks you at every moment its steps teach, whatever this says;\n"
                         "its free play to the game's end follows it.")


def panel_width() -> int:
    """The side panel's width at the text size in use: PANEL_WIDTH at the default, growing half
    as fast as the text (1.5x: 412 pixels), so its check box and the score table's rows keep
    their words while the table keeps most of the room (docs/client.md, "Bigger text")."""
    return round(PANEL_WIDTH * (1 + max(0.0, look.scale - 1) / 2))


def next_lesson(lesson: Any) -> Any:
    """The lesson ``lesson`` names as its next (offered at its end), or ``None``."""
    if not lesson.next:
        return None
    from tabletop.engine.game import GameError
    from tabletop.engine.lessons import all_lessons

    try:
        return next((x for x in all_lessons() if x.id == lesson.next), None)
    except GameError:
        return None


def load_table_class(game: GameDef) -> type:
    """The table scene class named by ``game.table_class`` (``module:Class``)."""
    module_name, _, class_name = game.table_class.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, class_name)


def make_table(game: GameDef, names: list[str], animations: bool = True, parent: Any = None) -> Any:
    """The game's table scene; with a ``parent`` (the table screen) Qt owns it, so it goes only
    when its owner deletes it, never under a view that still shows it."""
    table = load_table_class(game)(game, list(names), parent)
    table.set_animations(animations)
    return table


class TableView(QGraphicsView):
    """Shows the table scene scaled to the widget, keeping its aspect ratio."""

    fitted = Signal()  # the table was scaled (and maybe laid out) anew: what sits over it follows

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # (no smooth pixmap scaling: the felt's cached picture and the items' sprites are copied
        # pixel for pixel, and with that hint on Qt copies them by its slow path; a picture drawn
        # scaled asks for it itself, sprites.draw_on_pixels)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        # the felt (drawBackground, a full-size gradient) is painted once per size, not per frame
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setObjectName("tableView")
        # Items are painted from Python with the viewport as an argument: the first time PySide6
        # sees that C++-made widget it works out its Python class, building some fifty widget
        # classes (QWizard, QDockWidget ...) on the way -- ~10 ms that would fall in the first
        # frame of the table.  Ask for it now, while the screen is being set up.
        self.viewport()

    def fit(self) -> None:
        """The whole scene, as large as the view allows (fitInView would keep a margin of a few
        pixels: a table's smallest text is measured at this scale, docs/client.md)."""
        scene = self.scene()
        if scene is None:
            return
        vw, vh = self.viewport().width(), self.viewport().height()
        if vw <= 0 or vh <= 0:
            return
        fit_height = getattr(scene, "fit_height", None)  # (a table that stretches to the window's shape)
        if fit_height is not None:
            fit_height(vw / vh)
        r = scene.sceneRect()
        if r.isEmpty():
            return
        k = min(vw / r.width(), vh / r.height())
        self.resetTransform()
        self.scale(k, k)
        self.centerOn(r.center())
        self.fitted.emit()

    def rect_of(self, name: str) -> QRect | None:
        """Where the zone or item named ``name`` is shown, in this view's coordinates, or None
        when the table has none of that name (the lessons, the hint and the tests point with it)."""
        scene = self.scene()
        item = scene.find(name) if scene is not None and hasattr(scene, "find") else None
        if item is None:
            return None
        return self.mapFromScene(scene.scene_rect_of(item)).boundingRect()

    def speak(self, item: Any) -> None:
        """The keyboard focus went to ``item``: the view takes its words as its accessible name and
        description, and tells a screen reader ("Glade Stag" -- "in your hand, level 1, cost 2")."""
        scene = self.scene()
        if scene is None or not hasattr(scene, "spoken"):
            return
        name, about = scene.spoken(item)
        self.setAccessibleName(name)
        self.setAccessibleDescription(about)
        if QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.NameChanged))
            QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.DescriptionChanged))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QEvent) -> None:
        super().showEvent(event)
        self.fit()

    # --- What is this? ---------------------------------------------------------------------
    def contextMenuEvent(self, event: Any) -> None:
        """A right-click: "What is this?" for the item under the pointer."""
        from .what_is import item_at

        scene = self.scene()
        item = item_at(scene, self.mapToScene(event.pos())) if scene is not None and hasattr(scene, "spoken") else None
        if item is None:
            event.ignore()
            return
        self.explain(item)
        event.accept()

    def keyPressEvent(self, event: Any) -> None:
        """? (or Shift+/): "What is this?" for the item the keyboard ring is on."""
        scene = self.scene()
        if event.text() == "?" and scene is not None and hasattr(scene, "focused_item"):
            item = scene.focused_item()
            if item is not None:
                self.explain(item)
                event.accept()
                return
        super().keyPressEvent(event)

    def explain(self, item: Any) -> Any:
        """Show "What is this?" for ``item`` beside the table (Esc or Close shuts it)."""
        from PySide6.QtWidgets import QMessageBox

        from .what_is import what_is

        title, text = what_is(self.scene(), item)
        box = QMessageBox(QMessageBox.Icon.Information, "What is this?", text, QMessageBox.StandardButton.Close,
                          self.window())
        box.setObjectName("whatIsThis")
        box.setWindowModality(Qt.WindowModality.NonModal)
        box.setText(text)
        box.setWindowTitle(title)
        box.show()
        self.explained = box
        return box


class Curtain(QFrame):
    """Covers the table while the computer passes from one player to the next."""

    lifted = Signal()
    answered = Signal(object)  # a question to the table: the seat that answers, or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("curtain")
        self.setAutoFillBackground(True)
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        self.title = QLabel("")
        self.title.setObjectName("curtainTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.subtitle = QLabel("")
        self.subtitle.setObjectName("curtainText")
        self.subtitle.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.subtitle.setWordWrap(True)
        layout.addWidget(self.subtitle)
        layout.addSpacing(24)
        row = QHBoxLayout()
        row.addStretch(1)
        self.button = QPushButton("")
        self.button.setObjectName("curtainButton")
        self.button.setDefault(True)
        self.button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.button.clicked.connect(self.lifted.emit)
        row.addWidget(self.button)
        row.addStretch(1)
        layout.addLayout(row)
        # a question to the whole table: a button per player who may answer, and "nobody"
        self.answers = QHBoxLayout()
        layout.addLayout(self.answers)
        self.answer_buttons: list[QPushButton] = []
        layout.addStretch(3)
        self.hide()

    def _clear_answers(self) -> None:
        for b in self.answer_buttons:
            self.answers.removeWidget(b)
            b.deleteLater()
        self.answer_buttons = []

    def ask(self, question: str, seats: list[tuple[int, str]], last: str = "") -> None:
        """Ask the whole table ``question``: whoever answers says so (the others pass)."""
        self._clear_answers()
        self.title.setText(question)
        text = ("Anyone may answer — holding a card or not — and then decide in private. "
                "If nobody does, the game goes on.")
        if last:
            text += f"\n\nLast move: {last}"
        self.subtitle.setText(text)
        self.button.hide()
        self.answers.addStretch(1)
        for seat, name in seats:
            b = QPushButton(f"{name} answers")
            b.setObjectName("answerButton")
            b.setCursor(Qt.CursorShape.PointingHandCursor)
            b.clicked.connect(lambda _=False, s=seat: self.answered.emit(s))
            self.answers.addWidget(b)
            self.answer_buttons.append(b)
        nobody = QPushButton("Nobody — go on")
        nobody.setObjectName("curtainButton")
        nobody.setDefault(True)
        nobody.clicked.connect(lambda: self.answered.emit(None))
        self.answers.addWidget(nobody)
        self.answer_buttons.append(nobody)
        self.answers.addStretch(1)
        self.asking = True
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        nobody.setFocus()

    def show_for(self, name: str, last: str = "") -> None:
        self._clear_answers()
        self.asking = False
        self.button.show()
        self.title.setText(f"Pass to {name}")
        text = f"{name}, click when you are ready — your cards are hidden until then."
        if last:
            text += f"\n\nLast move: {last}"
        self.subtitle.setText(text)
        self.button.setText(f"I am {name} — show my cards")
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self.button.setFocus()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and not getattr(self, "asking", False):
            self.lifted.emit()
        super().mouseReleaseEvent(event)


class LitLines(QStyledItemDelegate):
    """The log's lines, each on its own background where it has one (the others' moves since
    the player's, lit: the theme's style sheet for the log's lines would leave it out), its words
    wrapped at the width its height was measured for (Qt's own measure wrapped them wider than it
    drew them: "... from pile" lost its "1.")."""

    PAD, VPAD = 8, 4  # the words' room from the line's edges (the style sheet's padding, the style's margin)

    def text_width(self, line_width: int) -> int:
        return max(40, line_width - 2 * self.PAD)

    def sizeHint(self, option: Any, index: Any) -> QSize:
        view = self.parent()
        width = self.text_width(view.viewport().width() if view is not None else option.rect.width())
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        r = option.fontMetrics.boundingRect(QRect(0, 0, width, 1 << 20), Qt.TextFlag.TextWordWrap.value, text)
        return QSize(width, r.height() + 2 * self.VPAD)

    def paint(self, painter: QPainter, option: Any, index: Any) -> None:
        brush = index.data(Qt.ItemDataRole.BackgroundRole)
        if brush is not None and brush.style() != Qt.BrushStyle.NoBrush:
            painter.fillRect(option.rect, brush)
        line = QStyleOptionViewItem(option)
        self.initStyleOption(line, index)
        text, line.text = line.text, ""
        widget = line.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, line, painter, widget)  # (its panel and edge)
        ink = index.data(Qt.ItemDataRole.ForegroundRole)
        if line.state & QStyle.StateFlag.State_Selected:
            colour = line.palette.color(QPalette.ColorRole.HighlightedText)
        else:
            colour = ink.color() if ink is not None and ink.style() != Qt.BrushStyle.NoBrush else line.palette.color(QPalette.ColorRole.Text)
        painter.save()
        painter.setPen(colour)
        painter.setFont(line.font)
        width = self.text_width(option.rect.width())
        painter.drawText(QRect(option.rect.left() + self.PAD, option.rect.top() + self.VPAD, width,
                               option.rect.height() - 2 * self.VPAD),
                         (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter).value | Qt.TextFlag.TextWordWrap.value, text)
        painter.restore()


class TableScreen(QWidget):
    """The screen where the game is played."""

    status = Signal(str)
    lesson_back = Signal()
    lesson_skip = Signal()
    lesson_leave = Signal()
    lesson_play_real = Signal()
    lesson_next = Signal()

    def __init__(self, controller: Controller, settings: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.settings = settings
        self.table: Any = None
        self._pending: Any = None  # the banner and scores waiting for the table to settle

        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)

        # the table and the banner above it
        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.setSpacing(0)
        self.banner = QLabel("")
        self.banner.setObjectName("banner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setWordWrap(True)
        self.banner.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        left.addWidget(self.banner)
        # hotseat: "Done — pass to NAME", once the player has seen what their move did
        self.done_button = QPushButton("")
        self.done_button.setObjectName("doneButton")
        self.done_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.done_button.setToolTip("The next player's curtain comes down (Enter)")
        self.done_button.clicked.connect(controller.done_review)
        self.done_button.hide()
        left.addWidget(self.done_button)
        self.view = TableView()
        left.addWidget(self.view, 1)
        # a lesson's words, in a bubble beside what its step lights (never over it)
        self.callout = Callout(self.view.viewport())
        self.callout.next_clicked.connect(lambda: self.controller.lesson_read_on())
        self.view.fitted.connect(self._point_for_lesson)
        outer.addLayout(left, 1)

        # the side panel
        panel = QFrame()
        panel.setObjectName("sidePanel")
        panel.setFixedWidth(panel_width())
        self.panel = panel
        side = QVBoxLayout(panel)
        side.setContentsMargins(10, 10, 10, 10)
        side.setSpacing(6)
        self.game_label = QLabel("")
        self.game_label.setObjectName("panelTitle")
        self.game_label.setWordWrap(True)
        side.addWidget(self.game_label)
        # playing alone: the quiet moments before the others' turns are passed over unless asked
        # (the setting, shown where it matters; a click on a hero or a card asks for the next one)
        self.questions = QCheckBox("Ask me at every quiet moment")
        self.questions.setToolTip(QUESTIONS_TIP)
        self.questions.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.questions.toggled.connect(self._questions_toggled)
        self.questions.hide()
        side.addWidget(self.questions)
        side.addWidget(self._heading("Scores"))
        self.scores = ScoreTable()
        side.addWidget(self.scores)
        # a lesson: where it stands, Back, Skip, Leave, and at its end "Play a real game" (its
        # words are in the callout on the table)
        self.lesson_box = QFrame()
        self.lesson_box.setObjectName("lessonBox")
        lesson = QVBoxLayout(self.lesson_box)
        lesson.setContentsMargins(0, 0, 0, 0)
        self.lesson_title = self._heading("")
        self.lesson_title.setWordWrap(True)
        lesson.addWidget(self.lesson_title)
        row, (self.lesson_back_button, self.lesson_skip_button, self.lesson_leave_button) = self._button_row(
            ("Back", "The step before, played again"), ("Skip", "The step's move played for you"),
            ("Leave", "Leave the lesson; Help > Learn to play goes on from here"))
        for b, signal in ((self.lesson_back_button, self.lesson_back), (self.lesson_skip_button, self.lesson_skip),
                          (self.lesson_leave_button, self.lesson_leave)):
            b.clicked.connect(signal.emit)
        lesson.addLayout(row)
        self.lesson_real_button = QPushButton("Play a real game")
        self.lesson_real_button.setObjectName("primary")
        self.lesson_real_button.clicked.connect(self.lesson_play_real.emit)
        lesson.addWidget(self.lesson_real_button)
        self.lesson_next_button = QPushButton("Next lesson")  # (its title said when it is shown)
        self.lesson_next_button.clicked.connect(self.lesson_next.emit)
        lesson.addWidget(self.lesson_next_button)
        self.lesson_box.hide()
        side.addWidget(self.lesson_box)
        # a hint's moves and their reasons (H): the bot's choice first; a click shows one on the table
        self.hint_heading = self._heading("Hint")
        self.hint_list = QListWidget()
        self.hint_list.setObjectName("hintList")
        self.hint_list.setWordWrap(True)
        self.hint_list.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hint_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.hint_list.setToolTip("The Hard bot's choice first, then the best other moves it found, with its own\n"
                                  "figures and what each move scores at once. Click one to see it on the table.")
        self.hint_list.setMaximumHeight(190)
        self.hint_list.itemClicked.connect(self._hint_clicked)
        self.hint_heading.hide()
        self.hint_list.hide()
        self._hint_options: list[Any] = []
        self._hint_at = -1  # the number of moves in the log when the hint was asked for
        self._others_since: int | None = None  # the step the others' moves since the seat's own began (lit)
        side.addWidget(self.hint_heading)
        side.addWidget(self.hint_list)
        side.addWidget(self._heading("Game log"))
        self.log = QListWidget()
        self.log.setObjectName("log")
        self.log.setWordWrap(True)
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.log.setUniformItemSizes(False)
        self.log.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.log.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)  # wrap width never changes
        self.log.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.log.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.log.setItemDelegate(LitLines(self.log))
        side.addWidget(self.log, 1)
        buttons, (self.undo_button, self.redo_button, self.hint_button) = self._button_row(
            ("Undo", "Take back your last decision (Ctrl+Z)"), ("Redo", "Play again what was undone (Ctrl+Shift+Z)"),
            ("Hint", "What would the Hard bot do, and why? (H)"))
        self.undo_button.clicked.connect(controller.undo)
        self.redo_button.clicked.connect(controller.redo)
        self.hint_button.clicked.connect(controller.hint)
        side.addLayout(buttons)
        outer.addWidget(panel)

        self.curtain = Curtain(self)
        self.curtain.lifted.connect(controller.lift_curtain)
        self.curtain.answered.connect(controller.answer_question)

        controller.started.connect(self.on_started)
        controller.changed.connect(self.refresh)
        controller.hint_ready.connect(self.on_hint)
        controller.hint_reasons.connect(self.on_hint_reasons)
        controller.lesson_changed.connect(self.on_lesson)

    @staticmethod
    def _button_row(*specs: tuple[str, str]) -> tuple[QHBoxLayout, list[QPushButton]]:
        """A row of buttons (words, tooltip) that never take the keyboard from the table."""
        row, made = QHBoxLayout(), []
        for text, tip in specs:
            b = QPushButton(text)
            b.setToolTip(tip)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            row.addWidget(b)
            made.append(b)
        return row, made

    @staticmethod
    def _heading(text: str) -> QLabel:
        label = QLabel(text)
        label.setObjectName("heading")
        return label

    # --- a new match ----------------------------------------------------------------
    def on_started(self) -> None:
        m = self.controller.match
        self._hint_at = -1
        self._hide_stale_hint()
        self.drop_table()
        animations = self.settings.animations if self.settings is not None else True
        self.table = make_table(m.game, m.names, animations, parent=self)
        self.table.action_chosen.connect(self.controller.submit_human)
        self.table.status.connect(self.status)
        self.table.settled.connect(self._on_settled)
        self.table.moment_requested.connect(self.controller.request_moment)
        self.table.focus_moved.connect(self.view.speak)
        self.table.pointed.connect(self._place_callout)
        self.view.setScene(self.table)
        self.show_questions()
        self.view.fit()
        seats = ", ".join(f"{s.name}" + ("" if s.is_human else f" ({s.level} bot)") for s in m.seats)
        self.game_label.setText(f"{m.game.name}\n{seats}")
        self.game_label.setToolTip(f"Seed {m.seed}, options {m.options}")
        self.log.clear()

    def drop_table(self) -> None:
        """Let the table go: this screen is its one owner.  Its signals are cut, it stops and
        empties itself, leaves the view and is deleted, so nothing of it outlives the game."""
        table, self.table = self.table, None
        if table is None:
            return
        table.action_chosen.disconnect(self.controller.submit_human)
        table.status.disconnect(self.status)
        table.settled.disconnect(self._on_settled)
        table.moment_requested.disconnect(self.controller.request_moment)
        table.focus_moved.disconnect(self.view.speak)
        table.pointed.disconnect(self._place_callout)
        self._pending = None
        table.dispose()
        self.view.setScene(None)
        table.deleteLater()
        self.curtain.hide()

    def show_questions(self) -> None:
        """The setting, on the table when a lone human plays a game with quiet moments."""
        c = self.controller
        alone = c.match is not None and len(c.match.human_seats()) == 1
        self.questions.setVisible(alone and c.has_quiet_moments() and self.settings is not None)
        if self.settings is not None:
            self.questions.blockSignals(True)
            self.questions.setChecked(not self.settings.fewer_questions)
            self.questions.blockSignals(False)
        asks = c.lesson_asks()  # (a lesson's step that teaches a move asks everything: the switch waits)
        self.questions.setEnabled(not asks)
        self.questions.setToolTip(QUESTIONS_IN_A_LESSON if asks else QUESTIONS_TIP)

    def _questions_toggled(self, every: bool) -> None:
        if self.settings is not None:
            self.settings.fewer_questions = not every
            self.status.emit("You will be asked at every moment you may play out of turn." if every else
                             "You will be asked to play out of turn only before your own turn; click a hero "
                             "or a card of yours to be asked at the next moment.")

    def set_animations(self, on: bool) -> None:
        if self.table is not None:
            self.table.set_animations(on)

    # --- redraw ---------------------------------------------------------------------
    def refresh(self) -> None:
        c = self.controller
        m = c.match
        if m is None or self.table is None:
            return
        view, legal = c.table_view()
        self._others_since = m.others_moved(c.seat_shown)
        self.table.played_marks.mode = played_mode(self._others_since, c.seat_shown)
        if view is None:
            self.table.show_nothing()
        else:
            self.table.show_view(view, legal, c.last_action)
        kind = "over" if m.is_over() else ("you" if c.human_to_act() else ("curtain" if c.curtain_up() else "wait"))
        self._refresh_log()
        self._hide_stale_hint()
        if c.lesson is not None:
            self._point_for_lesson()
        names = m.names
        if view is None:  # behind the curtain: only what anybody may see
            view = m.state.view(None)
        scores = view["scores"] if "scores" in view else [s.to_json() for s in m.state.scores()]
        # the banner and the scores tell the result of the moves being played out on the table
        # only once the table has shown them (a capture's points when the stones are taken)
        self._pending = (c.decision_text(), kind, names, scores, m.state.winners() if m.is_over() else [])
        if not self.table.busy():
            self._show_pending()
        elif self.table.showing():  # (the end walked through: say so, not the last turn's words)
            self.banner.setText(self.table.showing())
            restyle(self.banner, "kind", "over")
        self._update_buttons()
        if c.reviewing():
            self.done_button.setText(f"Done — pass to {names[c.review_for]}")
            self.done_button.show()
            self.done_button.setDefault(True)
            if self.isVisible():
                self.done_button.setFocus()
        else:
            self.done_button.hide()
        if c.question is not None:
            last = m.sentences[-1] if m.sentences else ""
            self.curtain.ask(c.question, [(p, names[p]) for p in c.question_seats], last)
        elif c.curtain_up():
            last = m.sentences[-1] if m.sentences else ""
            self.curtain.show_for(names[c.curtain_for], last)
        else:
            self.curtain.hide()
            if c.human_to_act() and self.isVisible():
                reading = self.callout.next_button.isVisible()  # (a step of words only: Next has the keys)
                (self.callout.next_button if reading else self.view).setFocus()

    def end_being_shown(self) -> bool:
        """The game is over and the table is still walking through its end: no Undo, no Hint."""
        m = self.controller.match
        return m is not None and m.is_over() and self.table is not None and self.table.busy()

    def _update_buttons(self) -> None:
        c = self.controller
        walking = self.end_being_shown()
        self.undo_button.setEnabled(c.can_undo() and not walking)
        self.undo_button.setToolTip("Undo waits until the scoring has been shown." if walking else c.undo_note())
        self.redo_button.setEnabled(c.can_redo() and not walking)
        self.hint_button.setEnabled(c.can_hint() and not walking)
        self.hint_button.setToolTip(c.hint_note())

    def _on_settled(self) -> None:
        """The table has played out the last moves (or the end's walk-through)."""
        self._show_pending()
        if self.controller.match is not None:
            self._update_buttons()
        if self.callout.isVisible():  # (what was played out may lie where the callout was put)
            self._place_callout()

    def _show_pending(self) -> None:
        if self._pending is None:
            return
        text, kind, names, scores, winners = self._pending
        self._pending = None
        self.banner.setText(text)
        restyle(self.banner, "kind", kind)
        self.scores.show_scores(names, scores, winners)

    def _refresh_log(self) -> None:
        """The log's lines (a run of quiet steps is one line, which grows as the run does):
        rewritten from the first line that differs."""
        lines = self.controller.match.log_lines()
        texts = [line.text for line in lines]
        same = 0
        while same < min(len(texts), self.log.count()) and self.log.item(same).text() == texts[same]:
            same += 1
        while self.log.count() > same:
            self.log.takeItem(self.log.count() - 1)
        for text in texts[same:]:
            self.log.addItem(text)
        self._light_others_lines(lines)
        self.log.scrollToBottom()

    def _light_others_lines(self, lines: list[Any]) -> None:
        """The lines of the moves the others made since the seat on show last moved are lit (their
        pieces on the table are marked: :mod:`.played`)."""
        from PySide6.QtGui import QBrush

        from .theme import colour

        since = self._others_since
        lit, on_lit = QBrush(colour("played_line")), QBrush(colour("text"))
        for row, line in enumerate(lines):
            item = self.log.item(row)
            on = since is not None and line.last >= since
            key = lit.color().name() if on else ""  # (lit in the theme's colour: a new theme, lit anew)
            if item.data(Qt.ItemDataRole.UserRole) != key:
                item.setData(Qt.ItemDataRole.UserRole, key)
                item.setBackground(lit if on else QBrush())
                item.setForeground(on_lit if on else QBrush())

    def on_hint(self, action: Any) -> None:
        if self.table is not None:
            self.table.show_hint(action)

    def on_lesson(self) -> None:
        """The lesson's step on show: its words, where it points, and its buttons."""
        run = self.controller.lesson
        if run is None:
            self.lesson_box.hide()
            self.callout.hide()
            if self.table is not None:
                self.table.clear_hint()
            return
        self.lesson_title.setText(f"Lesson — {run.lesson.title} · step {min(run.step + 1, len(run.lesson.steps))} "
                                  f"of {len(run.lesson.steps)}")
        step = run.current  # (its words again, under the pointer: free play hides the callout)
        self.lesson_title.setToolTip(step.say if step is not None else "")
        self.lesson_back_button.setEnabled(run.step > 0)
        self.lesson_skip_button.setEnabled(not run.finished)
        self.lesson_real_button.setVisible(run.finished)
        following = next_lesson(run.lesson) if run.finished else None
        self.lesson_next_button.setVisible(following is not None)
        if following is not None:
            # (an "&" shown, not taken for a shortcut's mark: gallery.menu_words, not imported -- a circle)
            self.lesson_next_button.setText(f"Next lesson: {following.title}".replace("&", "&&"))
        free_play = step is not None and step.until_over
        reading = step is not None and step.reading
        self.lesson_skip_button.setText("Skip to the end" if free_play else "Next ▸" if reading else "Skip")
        self.lesson_skip_button.setToolTip("The bots play the game to its end (yours an Easy one)" if free_play
                                           else "On to the next step" if reading else "The step's move played for you")
        self.lesson_box.show()
        self.show_questions()
        self._point_for_lesson()

    def _point_for_lesson(self) -> None:
        """The step's places lit (and again after each drawing of the table, through a half-made
        choice) and its words in the callout beside them -- once the learner may act (or the
        lesson has only words left); meanwhile (the others play) no callout."""
        run = self.controller.lesson
        step = run.current if run is not None else None
        if self.table is not None:
            self.table.lesson_names = []
        if run is None or self.table is None or not (
                self.controller.human_to_act() or step is None or step.expect is None or self.controller.match.is_over()):
            self.callout.hide()
            return
        if step is not None and step.until_over and run.lasted:  # (free play: its words said, the table is the learner's)
            self.callout.hide()
            return
        names = list(step.point) if step is not None else []
        self.table.point_at(names)  # (nothing: the last step's places are let go)
        self.table.lesson_names = names
        self._place_callout()

    def _place_callout(self) -> None:
        run = self.controller.lesson
        if run is None or self.table is None:
            return
        step = run.current
        view = self.view
        lit = [view.mapFromScene(self.table.scene_rect_of(m)).boundingRect() for m in self.table.hinted_items()]
        big = view.viewport().width() * view.viewport().height() / 8  # (a player's whole board: felt, mostly)
        shown = [it for it in self.table.items() if it.isVisible()]  # (labels too: they have no shape)
        others = [r for r in (view.mapFromScene(it.sceneBoundingRect()).boundingRect() for it in shown)
                  if r.width() * r.height() < big]
        controls = [view.mapFromScene(it.sceneBoundingRect()).boundingRect() for it in shown
                    if isinstance(it, ButtonItem) or getattr(it, "highlighted", False)]
        self.callout.show_at(step.say if step is not None else "Well done: the lesson is over.", lit, others,
                             [r for r in controls if r.width() * r.height() < big],
                             reading=step is not None and step.reading)

    def on_hint_reasons(self, options: list[Any]) -> None:
        """List a hint's moves with their reasons, the bot's choice first (until a move is played)."""
        from tabletop.engine.bots.advice import option_words

        m = self.controller.match
        self._hint_options = list(options)
        self._hint_at = len(m.log) if m is not None else -1
        self.hint_list.clear()
        for k, option in enumerate(options):
            self.hint_list.addItem(("★ " if k == 0 else f"{k + 1}. ") + option_words(option))
        self.hint_heading.show()
        self.hint_list.show()

    def _hint_clicked(self, item: Any) -> None:
        row = self.hint_list.row(item)
        if self.table is not None and 0 <= row < len(self._hint_options):
            self.table.show_hint(self._hint_options[row].action)

    def _hide_stale_hint(self) -> None:
        m = self.controller.match
        if not self.hint_list.isHidden() and (m is None or len(m.log) != self._hint_at):
            self.hint_list.clear()
            self._hint_options = []
            self.hint_heading.hide()
            self.hint_list.hide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.curtain.setGeometry(self.rect())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # (another text size)
            self.panel.setFixedWidth(panel_width())
