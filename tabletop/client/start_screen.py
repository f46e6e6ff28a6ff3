"""The full set-up of a game (a gallery tile's "Set up…"): the game, its seats and their kinds,
its options and the seed.  The widgets are the form ``ui/start_screen.ui``; the seat rows and the
option rows are made here, as the chosen game needs them."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import QComboBox, QCompleter, QFrame, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

from tabletop.engine.game import BOT_LEVELS, GameDef, GameError
from tabletop.engine.registry import all_games, load_problems

from .forms import load_form
from .gallery import DEFAULT_NAMES, facts_text
from .table_picture import default_players

if TYPE_CHECKING:
    from tabletop.engine.match import Seat

KINDS = [("Human", "human", None)] + [(f"{lvl.capitalize()} bot", "bot", lvl) for lvl in BOT_LEVELS]
MAX_SEED = 999_999
TIP_LINES = 20  # the saved decks a tooltip names with the reason each is not offered


class ChoiceModel(QAbstractListModel):
    """A combo box's choices as one Python list of (text, value) -- a row whose text is None is
    a line between two groups -- set in one go whatever their number (ten thousand saved decks:
    no item made a choice, and the box's list draws only the rows in sight)."""

    def __init__(self, rows: list[tuple[str | None, Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows = rows

    def set_rows(self, rows: list[tuple[str | None, Any]]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's own default)
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        text, value = self.rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return text or ""
        if role == Qt.ItemDataRole.UserRole:
            return value
        if role == Qt.ItemDataRole.AccessibleDescriptionRole and text is None:
            return "separator"  # (what QComboBox draws as a line)
        return None

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:
        if self.rows[index.row()][0] is None:
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


def searchable(box: QComboBox, rows: list[tuple[str | None, Any]], hint: str) -> ChoiceModel:
    """Make ``box`` a choice found by typing: its choices ``rows`` (a :class:`ChoiceModel`),
    any words of a choice's text typed in the box offer the choices holding them, and what
    matches none when the typing ends goes back to the choice made."""
    box.setEditable(True)  # (before the model: made editable over ten thousand rows, the box looks at each)
    box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(22)  # (not the longest of ten thousand names, measured one by one)
    model = ChoiceModel(rows, box)
    box.setModel(model)
    box.view().setUniformItemSizes(True)
    box.lineEdit().setPlaceholderText(hint)
    completer = QCompleter(model, box)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
    completer.setMaxVisibleItems(12)
    box.setCompleter(completer)

    def typed() -> None:
        text = box.currentText()
        i = box.findText(text, Qt.MatchFlag.MatchFixedString)  # (any case)
        if i >= 0 and model.rows[i][0] is not None:
            box.setCurrentIndex(i)
        box.setEditText(box.itemText(box.currentIndex()))

    box.lineEdit().editingFinished.connect(typed)
    return model


def notice_row(button_text: str, tip: str, clicked: Any) -> tuple[QFrame, QLabel, QPushButton]:
    """A line of words (set later) with a button at its end: the row, its label and its button."""
    row = QFrame()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    label = QLabel("")
    label.setWordWrap(True)
    layout.addWidget(label, 1)
    button = QPushButton(button_text)
    button.setToolTip(tip)
    button.clicked.connect(clicked)
    layout.addWidget(button)
    return row, label, button


class SeatRow:
    """The widgets of one seat: its number, name and kind."""

    def __init__(self, index: int) -> None:
        self.label = QLabel(f"Seat {index + 1}")
        self.name = QLineEdit(DEFAULT_NAMES[index % len(DEFAULT_NAMES)])
        self.name.setMaxLength(24)
        self.name.setPlaceholderText("Name")
        self.kind = QComboBox()
        self.kind.addItems([text for text, _, _ in KINDS])
        self.kind.setCurrentIndex(0 if index == 0 else 2)  # you, then Easy bots

    def widgets(self) -> list[QWidget]:
        return [self.label, self.name, self.kind]

    def set_visible(self, on: bool) -> None:
        for w in self.widgets():
            w.setVisible(on)

    def seat(self) -> Seat:
        from tabletop.engine.match import Seat

        _, kind, level = KINDS[self.kind.currentIndex()]
        return Seat(self.name.text().strip(), kind, level)

    def set_seat(self, name: str, kind: str, level: str | None) -> None:
        self.name.setText(name)
        for i, (_, k, lvl) in enumerate(KINDS):
            if k == kind and lvl == level:
                self.kind.setCurrentIndex(i)


class StartScreen(QWidget):
    """The full set-up (the form ``ui/start_screen.ui``): the game, seats, options and seed."""

    # game, seats, options, seed, casual undo, position document (or None)
    start_requested = Signal(object, object, object, int, bool, object)
    error = Signal(str)
    screen_requested = Signal(object, object)  # a game, one of its own screens (GameDef.screens)
    back_requested = Signal()

    def __init__(self, settings: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        # a game is offered once it has a table (a game without one is played headless only)
        self.games = [g for g in all_games() if g.table_class]
        self.option_boxes: dict[str, QComboBox] = {}
        # a position document the next game starts from (see set_position)
        self.position: dict[str, Any] | None = None
        self.position_players = 0

        f = self.ui = load_form("start_screen", self)
        # a game plug-in that could not be loaded is named here; the others are offered as usual
        self.problems = f.problems
        self.problems.setText("\n".join(load_problems()))
        self.problems.setVisible(bool(self.problems.text()))
        self.scroll, self.setup_pane = f.setupScroll, f.setupPane
        self.scroll.viewport().setAutoFillBackground(False)
        self.form, self.game_box, self.summary, self.players = f.gameForm, f.gameBox, f.summary, f.players
        for g in self.games:
            self.game_box.addItem(g.name, g.id)
        self.summary.setObjectName("muted")
        # the row "Starting from the position in …" is made when a position is first opened
        self.position_row: QFrame | None = None
        self.position_label: QLabel | None = None
        self.seat_grid, self.options_box, self.options_form = f.seatGrid, f.optionsBox, f.optionsForm
        self.seat_rows: list[SeatRow] = []

        self.seed = f.seed
        self.seed.setText(str(random.randint(1, MAX_SEED)))
        self.seed.setValidator(QIntValidator(0, 2_000_000_000, self))
        f.reroll.clicked.connect(self.new_seed)
        # a seed the player typed is kept for every Start; a drawn one is drawn again after each
        self.seed_typed = False
        self.seed.textEdited.connect(self._seed_edited)
        self.seed_note = f.seedNote
        self.seed_note.setObjectName("muted")
        self._show_seed_note()
        self.casual = f.casual

        self.start_button = f.startButton
        self.start_button.setObjectName("primary")
        self.start_button.clicked.connect(self._start)
        f.backButton.clicked.connect(self.back_requested.emit)
        f.facts.setObjectName("muted")
        f.facts.setWordWrap(True)
        f.cover.keep_shape = True

        self.game_box.currentIndexChanged.connect(self._game_changed)
        self.players.valueChanged.connect(self._players_changed)
        self._game_changed()
        self._restore_last_setup()

    def keyPressEvent(self, event: Any) -> None:
        if event.key() == Qt.Key.Key_Escape:  # back to the games
            self.back_requested.emit()
            return
        super().keyPressEvent(event)

    def choose_game(self, game_id: str) -> bool:
        """Show the set-up of ``game_id`` (a gallery tile's Set up…).  Whether it was another game
        (whose options, saved decks included, were then read afresh)."""
        i = self.game_box.findData(game_id)
        if i < 0 or i == self.game_box.currentIndex():
            return False
        self.game_box.setCurrentIndex(i)
        return True

    # --- the chosen game --------------------------------------------------------------
    def game(self) -> GameDef:
        return self.games[max(0, self.game_box.currentIndex())]

    def _game_changed(self) -> None:
        game = self.game()
        self.summary.setText(game.summary)
        self.ui.cover.show_game(game)
        self.ui.facts.setText(facts_text(game))
        while len(self.seat_rows) < game.max_players:
            row = SeatRow(len(self.seat_rows))
            r = len(self.seat_rows)
            for col, w in enumerate(row.widgets()):
                self.seat_grid.addWidget(w, r, col)
            row.kind.currentIndexChanged.connect(self._update_casual)
            self.seat_rows.append(row)
        self.players.blockSignals(True)
        self.players.setRange(game.min_players, game.max_players)
        self.players.setValue(default_players(game))
        self.players.blockSignals(False)
        self._players_changed()
        self._build_options(game)

    def _build_options(self, game: GameDef) -> None:
        """The options box of ``game``: a box and its help for each option."""
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.option_boxes = {}
        self.option_rows: dict[str, tuple[Any, list[QWidget]]] = {}
        # the buttons of the game's own screens (the card game's deck builder), under the last
        # option that finds choices (the decks), else under all of them
        self.screen_buttons: list[QPushButton] = []
        with_more = [o for o in game.options if o.more is not None]  # (a game with decks of one's own)
        found = {}  # each finder asked once (both seats' decks come from the same folder)
        for opt in game.options:
            box = QComboBox()
            for choice in opt.choices:
                box.addItem(opt.words_for(choice), choice)
            refused = self._add_more_choices(opt, box, found, note=bool(with_more) and opt is with_more[0])
            box.setCurrentIndex(list(opt.choices).index(opt.default))
            box.setToolTip(opt.help + ("\nType a few letters of a name to find it among the saved ones."
                                       if box.count() > len(opt.choices) else ""))
            label = QLabel(opt.label())
            label.setToolTip(opt.help)
            self.options_form.addRow(label, box)
            widgets: list[QWidget] = [box]
            if refused:
                widgets.append(refused)
                self.options_form.addRow("", refused)
            help_label = QLabel(opt.about_choice(box.currentData()))  # (what the choice does: a deck's style)
            help_label.setWordWrap(True)
            help_label.setObjectName("muted")
            self.options_form.addRow("", help_label)
            widgets.append(help_label)
            self.option_boxes[opt.name] = box
            self.option_rows[opt.name] = (opt, widgets)
            # an option that matters only with another's choice comes and goes with it
            box.currentIndexChanged.connect(self._show_options_for_players)
            if opt.about is not None:
                box.currentIndexChanged.connect(lambda _, o=opt, b=box, h=help_label: h.setText(o.about_choice(b.currentData())))
            if with_more and opt is with_more[-1]:  # the deck builder, right under the decks
                self._add_screen_buttons(game)
        if not with_more:
            self._add_screen_buttons(game)
        self._show_options_for_players()

    def _add_screen_buttons(self, game: GameDef) -> None:
        for screen in game.screens:
            if not screen.button:
                continue
            button = QPushButton(screen.button)
            tip = screen.tip + (f" ({screen.shortcut})" if screen.shortcut else "")
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, g=game, s=screen: self.screen_requested.emit(g, s))
            self.options_form.addRow("", button)
            self.options_form.setRowVisible(button, True)
            self.screen_buttons.append(button)

    def refresh_choices(self) -> None:
        """Read the options' found choices again (decks saved meanwhile), keeping what is chosen."""
        game = self.game()
        if self.position is not None or all(o.more is None for o in game.options):  # (none finds choices)
            return
        chosen = self.options()
        self._build_options(game)
        for name, box in self.option_boxes.items():
            i = box.findData(chosen.get(name))
            if i >= 0:
                box.setCurrentIndex(i)

    def _add_more_choices(self, opt: Any, box: QComboBox, found: dict[Any, list], note: bool = True) -> QLabel | None:
        """The choices an option finds when asked (a player's saved decks), after its own: the
        ones that may be chosen go into the box, which is then found by typing (see
        :func:`searchable`); the others are named below it (``note``: the first such option
        only), the reasons in its tooltip (returned as a label, or None).  ``found`` keeps what
        each finder found, for the next option that asks the same one."""
        if opt.more is None:
            return None
        if opt.more not in found:
            try:
                found[opt.more] = opt.more()
            except (OSError, GameError) as e:  # (FolderError: a sentence naming the folder)
                found[opt.more] = e
        choices = found[opt.more]
        if isinstance(choices, Exception):
            choices, unusable = [], str(choices)
        else:
            unusable = ""
        offered = [(f"{label} (saved)", value) for label, value, problem in choices if not problem]
        own = [(box.itemText(i), box.itemData(i)) for i in range(box.count())]
        searchable(box, own + ([(None, None)] if offered else []) + offered, "Type a few letters of a name")
        if unusable:
            if not note:
                return None
            label = QLabel(f"{unusable} Only the pre-built decks are offered.")
            label.setWordWrap(True)
            label.setObjectName("muted")
            return label
        refused = [(label, problem) for label, _, problem in choices if problem]
        if not refused or not note:
            return None
        names = ", ".join(label or "?" for label, _ in refused[:4]) + (f" and {len(refused) - 4} more" if len(refused) > 4 else "")
        label = QLabel(f"Saved decks not offered (point here for why): {names}")
        label.setWordWrap(True)
        label.setObjectName("muted")
        why = [f"{name}: {problem}" if name else problem for name, problem in refused[:TIP_LINES]]
        if len(refused) > TIP_LINES:  # (a tooltip the screen can hold; the deck builder marks each one)
            why.append(f"… and {len(refused) - TIP_LINES} more: point at one in the deck builder to see why.")
        label.setToolTip("\n".join(why))
        return label

    def _players_changed(self) -> None:
        n = self.players.value()
        for i, row in enumerate(self.seat_rows):
            row.set_visible(i < n and i < self.game().max_players)
        self._update_casual()
        self._show_options_for_players()

    def _show_options_for_players(self) -> None:
        """Only the options that matter for the chosen number of players (and the other
        options chosen: a rule set's own options) are shown."""
        n = self.players.value()
        shown = 0
        chosen = {name: box.currentData() for name, box in self.option_boxes.items()}
        for opt, widgets in getattr(self, "option_rows", {}).values():
            on = opt.applies_to(n, chosen)
            for w in widgets:
                self.options_form.setRowVisible(w, on)
            shown += on
        self.options_box.setVisible(shown > 0)

    def _update_casual(self) -> None:
        humans = sum(1 for r in self.active_rows() if KINDS[r.kind.currentIndex()][1] == "human")
        self.casual.setEnabled(humans == 1)
        if humans != 1:
            self.casual.setChecked(False)

    def active_rows(self) -> list[SeatRow]:
        return self.seat_rows[: self.players.value()]

    # --- reading the form -------------------------------------------------------------
    def seats(self) -> list[Seat]:
        return [r.seat() for r in self.active_rows()]

    def options(self) -> dict[str, Any]:
        return {name: box.currentData() for name, box in self.option_boxes.items()}

    def seed_value(self) -> int:
        text = self.seed.text().strip()
        return int(text) if text else 0

    def _start(self) -> None:
        try:
            seats = self.seats()
        except GameError as e:
            self.error.emit(str(e))
            return
        names = [s.name for s in seats]
        if len(set(n.lower() for n in names)) != len(names):
            self.error.emit("Every seat needs a different name.")
            return
        if not self.seed.text().strip():
            self.new_seed()
        self._remember_setup()
        options = self.options() if self.position is None else {}
        seed = self.seed_value()
        if not self.seed_typed:
            self.new_seed()  # the next Start deals another game
        self.start_requested.emit(self.game(), seats, options, seed, self.casual.isChecked(), self.position)

    # --- the seed ---------------------------------------------------------------------
    def new_seed(self) -> None:
        """Draw a random seed; from now on every Start draws a new one again."""
        self.seed.setText(str(random.randint(1, MAX_SEED)))
        self.seed_typed = False
        self._show_seed_note()

    def _seed_edited(self, text: str) -> None:
        self.seed_typed = bool(text.strip())
        self._show_seed_note()

    def _show_seed_note(self) -> None:
        self.seed_note.setText("your seed: kept for every game" if self.seed_typed else "a new one for every game")

    # --- starting from a position -----------------------------------------------------
    def set_position(self, game_id: str, doc: dict[str, Any], players: int, name: str) -> None:
        """The next game starts from ``doc`` (a checked position document of ``game_id`` for
        ``players`` players): the game, the number of players and the options are the
        document's; the seats, names and seed stay free to choose."""
        self.choose_game(game_id)
        self.players.setValue(players)
        self.position, self.position_players = doc, players
        if self.position_row is None:
            self._make_position_row()
        options = self.game().resolve_options(doc.get("options") or {})
        for opt_name, box in self.option_boxes.items():
            box.setCurrentIndex(max(0, box.findData(options.get(opt_name))))
        self.position_label.setText(f"Starting from the position in <b>{name}</b>.")
        self.form.setRowVisible(self.summary, False)
        self.form.setRowVisible(self.position_row, True)
        self.game_box.setEnabled(False)
        self.players.setEnabled(False)
        self.options_box.setEnabled(False)
        self.options_box.setToolTip("The position document sets the options.")

    def _make_position_row(self) -> None:
        row, self.position_label, self.position_clear = notice_row(
            "Deal new cards instead", "Forget the position and start a game from a fresh deal", self.clear_position)
        self.position_row = row
        row.setObjectName("positionRow")
        self.form.insertRow(2, "", row)  # in place of the summary

    def clear_position(self) -> None:
        self.position, self.position_players = None, 0
        if self.position_row is not None:
            self.form.setRowVisible(self.position_row, False)
        self.form.setRowVisible(self.summary, True)
        self.game_box.setEnabled(True)
        self.players.setEnabled(True)
        self.options_box.setEnabled(True)
        self.options_box.setToolTip("")

    # --- remembering the set-up --------------------------------------------------------
    def _remember_setup(self) -> None:
        if self.settings is None:
            return
        self.settings.last_setup = {
            "game": self.game().id,
            "players": self.players.value(),
            "seats": [r.seat().to_json() for r in self.active_rows()],
        }

    def _restore_last_setup(self) -> None:
        if self.settings is None:
            return
        data = self.settings.last_setup
        try:
            if isinstance(data.get("game"), str):
                self.choose_game(data["game"])
            if isinstance(data.get("players"), int):
                self.players.setValue(data["players"])
            for row, s in zip(self.seat_rows, data.get("seats", [])):
                row.set_seat(str(s["name"]), s["kind"], s.get("level"))
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
        self._update_casual()
