"""The Three Spheres TCG deck builder: a screen of its own (the start screen's "Decks…").

Left, the player's decks (saved ones, then the pre-built ones, read-only) with New, Duplicate,
Rename, Delete, Import, Export, the deck code, and the card pointed at shown large.  In the
middle, the collection: every card a deck may hold as a card picture, with filters by sphere,
level, cost, keyword, kind of points and text.  Right, the deck: its name, its cards with the
copies and what goes to the Realm and the World, every deck rule it breaks in one sentence each,
its charts, and "Play against the Hard bot".

Every change is saved at once (atomically) and can be undone (Ctrl+Z, Ctrl+Shift+Z); a deleted
deck comes back with Ctrl+Z too.  Changing a pre-built deck makes a copy of it first.  Keys: in
the collection Enter or + adds a copy of the card, - or Delete takes one away; Ctrl+F finds a
card by its words; Esc goes back.  What this screen decides is written in docs/decks.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QMimeData, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QDrag, QGuiApplication, QIcon, QKeySequence, QPainter, QPixmap, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QFileDialog, QGridLayout, QHBoxLayout, QHeaderView, QInputDialog,
    QLabel, QLineEdit, QListWidget, QListWidgetItem, QMessageBox, QPushButton, QSpinBox, QTableWidget,
    QTableWidgetItem, QToolButton, QVBoxLayout, QWidget,
)

from tabletop.games.three_spheres import DECK_CHOICES
from tabletop.games.three_spheres.cards import SPHERE_NAMES, SPHERES, card, decks
from tabletop.games.three_spheres.collection import (
    KEYWORD_WORDS, KEYWORDS, SCORING, SCORING_WORDS, CardFilter, add_copy, automatic, collection, copies_allowed,
    deck_rows, figures, remove_copy, set_part, written_out,
)
from tabletop.games.three_spheres.deck_files import (
    DeckFileError, DeckList, clean_name, deck_code, parse_deck_code, prebuilt, read_deck, write_deck,
)
from tabletop.games.three_spheres import deck_store

from .deck_charts import DeckCharts

THUMB = QSize(106, 150)
PREVIEW = QSize(176, 250)
MIME = "application/x-tabletop-card"
_PIXMAPS: dict[tuple[str, int, int], QPixmap] = {}


def card_pixmap(cid: str, size: QSize) -> QPixmap:
    """A card's face drawn at ``size`` (kept: the collection draws each card once)."""
    key = (cid, size.width(), size.height())
    pixmap = _PIXMAPS.get(key)
    if pixmap is None:
        from tabletop.games.three_spheres.card_items import SpheresTCGCard

        pixmap = QPixmap(size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        item = SpheresTCGCard(QRectF(2, 2, size.width() - 5, size.height() - 5), cid, "collection")
        item.paint_direct(painter)
        painter.end()
        pixmap = _PIXMAPS[key] = pixmap
    return pixmap


class CopyKeys:
    """+ (or =) adds a copy of the current card, - (or Delete) takes one away: the collection's
    keys and the deck table's."""

    def keyPressEvent(self, event: Any) -> None:
        cid = self.current_card()
        if cid is not None and event.text() in ("+", "="):
            self.add.emit(cid)
            return
        if cid is not None and (event.text() == "-" or event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)):
            self.remove.emit(cid)
            return
        super().keyPressEvent(event)


class CollectionList(CopyKeys, QListWidget):
    """The collection: card pictures in a grid; a card dragged from here onto the deck adds it."""

    add = Signal(str)
    remove = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setViewMode(QListWidget.ViewMode.IconMode)
        self.setIconSize(THUMB)
        self.setGridSize(QSize(THUMB.width() + 8, THUMB.height() + 8))
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setMovement(QListWidget.Movement.Static)
        self.setUniformItemSizes(True)
        self.setDragEnabled(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAccessibleName("The collection")
        self.itemActivated.connect(lambda item: self.add.emit(item.data(Qt.ItemDataRole.UserRole)))

    def set_cards(self, ids: list[str]) -> None:
        self.clear()
        for cid in ids:
            c = card(cid)
            item = QListWidgetItem(QIcon(card_pixmap(cid, THUMB)), "")
            item.setData(Qt.ItemDataRole.UserRole, cid)
            item.setToolTip(f"{c.name} (level {c.level}, cost {c.cost}): {c.text or 'no ability'}\n"
                            "Double-click, Enter or + adds a copy; - takes one away.")
            item.setSizeHint(self.gridSize())
            self.addItem(item)

    def current_card(self) -> str | None:
        item = self.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None and not item.isHidden() else None

    def startDrag(self, actions: Any) -> None:
        cid = self.current_card()
        if cid is None:
            return
        mime = QMimeData()
        mime.setData(MIME, cid.encode())
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.setPixmap(card_pixmap(cid, THUMB))
        drag.exec(Qt.DropAction.CopyAction)


class DeckTable(CopyKeys, QTableWidget):
    """The deck: a row a card -- its copies, and how many go to the Realm and the World."""

    dropped = Signal(str)
    remove = Signal(str)
    add = Signal(str)
    part = Signal(str, str, int)  # card, "realm" or "world", one more (1) or one fewer (-1)

    COLUMNS = ("Card", "Lvl", "Copies", "Realm", "World")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(self.COLUMNS), parent)
        self.setHorizontalHeaderLabels(self.COLUMNS)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, len(self.COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.verticalHeader().setVisible(False)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAcceptDrops(True)
        self.setAccessibleName("The deck")
        self.ids: list[str] = []

    def current_card(self) -> str | None:
        row = self.currentRow()
        return self.ids[row] if 0 <= row < len(self.ids) else None

    def keyPressEvent(self, event: Any) -> None:
        """R / Shift+R: one more or one fewer of the card in the Realm; W / Shift+W: in the World."""
        cid = self.current_card()
        keys = {Qt.Key.Key_R: "realm", Qt.Key.Key_W: "world"}
        if cid is not None and event.key() in keys and not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier:
            self.part.emit(cid, keys[event.key()], -1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1)
            return
        super().keyPressEvent(event)

    def dragEnterEvent(self, event: Any) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: Any) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event: Any) -> None:
        if event.mimeData().hasFormat(MIME):
            self.dropped.emit(bytes(event.mimeData().data(MIME)).decode())
            event.acceptProposedAction()
        else:
            super().dropEvent(event)


class DeckScreen(QWidget):
    """The deck builder (see the module docstring)."""

    back = Signal()
    play_requested = Signal(str, str)  # this deck's code, the opponent's deck (an option value)
    status = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("deckScreen")
        self.deck = DeckList("New deck", ())
        self.path: Path | None = None  # the file of the deck shown (None: a pre-built deck)
        self.prebuilt_id: str | None = None
        self.history: list[tuple[Any, ...]] = []  # what Ctrl+Z takes back: ("edit", path, deck) / ("delete", path, deck)
        self.future: list[tuple[Any, ...]] = []
        self._filling = False
        self._clearing = False

        outer = QHBoxLayout(self)
        outer.setContentsMargins(14, 10, 14, 10)
        outer.setSpacing(12)
        outer.addLayout(self._build_left(), 0)
        outer.addLayout(self._build_middle(), 1)
        outer.addLayout(self._build_right(), 0)

        QShortcut(QKeySequence("Ctrl+F"), self, self.find_card, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        QShortcut(QKeySequence("Escape"), self, self.back.emit, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.collection.set_cards(collection())
        self.refresh_decks()
        self.apply_filter()

    # --- building the screen ----------------------------------------------------------------
    def _build_left(self) -> QVBoxLayout:
        left = QVBoxLayout()
        title = QLabel("Your decks")
        title.setObjectName("heading")
        left.addWidget(title)
        self.deck_list = QListWidget()
        self.deck_list.setFixedWidth(250)
        self.deck_list.setMinimumHeight(120)
        self.deck_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.deck_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.deck_list.setAccessibleName("Your decks")
        self.deck_list.currentItemChanged.connect(self._deck_chosen)
        left.addWidget(self.deck_list, 1)
        grid = QGridLayout()
        grid.setSpacing(4)
        self.buttons: dict[str, QPushButton] = {}
        for i, (key, text, tip, slot) in enumerate((
                ("new", "&New", "Start an empty deck", self.new_deck),
                ("duplicate", "D&uplicate", "Copy this deck (pre-built decks too)", self.duplicate),
                ("rename", "Rena&me…", "Give this deck another name", self.rename),
                ("delete", "De&lete", "Delete this deck (Ctrl+Z brings it back)", self.delete),
                ("import", "&Import…", "Add a deck file a friend sent", self.import_file),
                ("export", "E&xport…", "Write this deck to a file to send", self.export_file),
                ("paste", "&Paste code…", "Add a deck from its code", self.paste_code),
                ("copy", "Copy &code", "Copy this deck's code to paste in a message", self.copy_code))):
            b = QPushButton(text)
            b.setToolTip(tip)
            b.clicked.connect(slot)
            grid.addWidget(b, i // 2, i % 2)
            self.buttons[key] = b
        left.addLayout(grid)
        self.preview = QLabel()
        self.preview.setFixedSize(250, PREVIEW.height())
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        left.addWidget(self.preview)
        self.preview_text = QLabel("Point at a card to see it here.")
        self.preview_text.setWordWrap(True)
        self.preview_text.setFixedWidth(250)
        self.preview_text.setObjectName("muted")
        left.addWidget(self.preview_text)
        return left

    def _build_middle(self) -> QVBoxLayout:
        middle = QVBoxLayout()
        top = QHBoxLayout()
        self.search = QLineEdit()
        self.search.setPlaceholderText("Find words in names and texts (Ctrl+F)")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.apply_filter)
        top.addWidget(self.search, 1)
        clear = QPushButton("Clear filters")
        clear.clicked.connect(self.clear_filters)
        top.addWidget(clear)
        middle.addLayout(top)
        row = QHBoxLayout()
        self.sphere_buttons = self._toggles(row, {s: (SPHERE_NAMES[s].capitalize(), f"Show {SPHERE_NAMES[s]} cards "
                                                      "(none chosen: every sphere)") for s in SPHERES})
        row.addSpacing(10)
        row.addWidget(QLabel("Level"))
        self.level_buttons = self._toggles(row, {level: (str(level), f"Show level-{level} cards (none chosen: every level)")
                                                 for level in range(5)})
        row.addStretch(1)
        middle.addLayout(row)
        row2 = QHBoxLayout()
        row2.addWidget(QLabel("Cost"))
        self.cost_min, self.cost_max = QSpinBox(), QSpinBox()
        for box, value in ((self.cost_min, 0), (self.cost_max, 9)):
            box.setRange(0, 9)
            box.setValue(value)
            box.valueChanged.connect(self.apply_filter)
        self.cost_min.setToolTip("The lowest buy cost shown")
        self.cost_max.setToolTip("The highest buy cost shown")
        row2.addWidget(self.cost_min)
        row2.addWidget(QLabel("to"))
        row2.addWidget(self.cost_max)
        self.keyword_box = self._choice_box(row2, "Any ability", [(KEYWORD_WORDS[k], k) for k in KEYWORDS])
        self.scoring_box = self._choice_box(row2, "Any points", [(SCORING_WORDS[k], k) for k in SCORING])
        row2.addStretch(1)
        middle.addLayout(row2)
        self.collection = CollectionList()
        self.collection.add.connect(self.add_card)
        self.collection.remove.connect(self.remove_card)
        self.collection.currentItemChanged.connect(lambda item, _: self.show_card(
            item.data(Qt.ItemDataRole.UserRole) if item is not None else None))
        self.collection.setMouseTracking(True)
        self.collection.itemEntered.connect(lambda item: self.show_card(item.data(Qt.ItemDataRole.UserRole)))
        middle.addWidget(self.collection, 1)
        self.shown_label = QLabel("")
        self.shown_label.setObjectName("muted")
        middle.addWidget(self.shown_label)
        return middle

    def _toggles(self, row: QHBoxLayout, buttons: dict[Any, tuple[str, str]]) -> dict[Any, QToolButton]:
        """Checkable filter buttons (text, tooltip) by key, added to ``row``."""
        out = {}
        for key, (text, tip) in buttons.items():
            b = out[key] = QToolButton()
            b.setText(text)
            b.setCheckable(True)
            b.setToolTip(tip)
            b.toggled.connect(self.apply_filter)
            row.addWidget(b)
        return out

    def _choice_box(self, row: QHBoxLayout, anything: str, choices: list[tuple[str, str]]) -> QComboBox:
        """A filter box: ``anything`` (no filter) first, then the (words, key) choices."""
        box = QComboBox()
        box.addItem(anything, "")
        for words, key in choices:
            box.addItem(words, key)
        box.currentIndexChanged.connect(self.apply_filter)
        row.addWidget(box)
        return box

    def _build_right(self) -> QVBoxLayout:
        right = QVBoxLayout()
        name_row = QHBoxLayout()
        self.name_label = QLabel("")
        self.name_label.setObjectName("heading")
        self.name_label.setWordWrap(True)
        name_row.addWidget(self.name_label, 1)
        right.addLayout(name_row)
        self.read_only = QLabel("")
        self.read_only.setObjectName("muted")
        self.read_only.setWordWrap(True)
        right.addWidget(self.read_only)
        self.table = DeckTable()
        self.table.setFixedWidth(400)
        self.table.dropped.connect(self.add_card)
        self.table.add.connect(self.add_card)
        self.table.remove.connect(self.remove_card)
        self.table.part.connect(self.step_part)
        self.table.currentCellChanged.connect(lambda row, *_: self.show_card(self.table.current_card()))
        right.addWidget(self.table, 1)
        self.auto = QCheckBox("Realm and World chosen by rule")
        self.auto.setToolTip("The Realm: ten cards of the lowest levels, their levels adding up to 5 at most; "
                             "the World: the highest levels. Untick to choose them in the table.")
        self.auto.toggled.connect(self._auto_toggled)
        right.addWidget(self.auto)
        self.problems = QLabel("")
        self.problems.setWordWrap(True)
        self.problems.setFixedWidth(400)
        right.addWidget(self.problems)
        self.charts = DeckCharts()
        self.charts.setFixedSize(400, 200)
        right.addWidget(self.charts)
        play_row = QHBoxLayout()
        self.play_button = QPushButton("Play against the Hard bot")
        self.play_button.clicked.connect(self.play)
        play_row.addWidget(self.play_button)
        self.opponent = QComboBox()
        self.opponent.setToolTip("The deck the Hard bot plays")
        play_row.addWidget(self.opponent, 1)
        right.addLayout(play_row)
        back = QPushButton("Back to the start screen")
        back.setToolTip("Esc; every change is saved already")
        back.clicked.connect(self.back.emit)
        right.addWidget(back)
        return right

    # --- the list of decks ---------------------------------------------------------------------
    def refresh_decks(self, select: Path | str | None = None) -> None:
        """Read the decks folder again and list it; ``select`` (a path, or a pre-built deck's id)
        is chosen, else the deck shown stays chosen."""
        if select is None:
            select = self.path if self.path is not None else self.prebuilt_id
        self._filling = True
        self.deck_list.clear()
        chosen = None
        playable: list[tuple[str, str]] = []  # (name, code): the saved decks the bot may play
        for s in deck_store.saved_decks():
            item = QListWidgetItem(s.name if s.deck is not None else f"{s.path.name} (cannot be read)")
            item.setData(Qt.ItemDataRole.UserRole, ("saved", str(s.path)))
            if s.deck is None:
                item.setToolTip(s.error)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsSelectable)
                item.setForeground(Qt.GlobalColor.gray)
            else:
                problems = s.deck.problems()
                item.setToolTip(problems[0] if problems else "May be played")
                if problems:
                    item.setText(f"{s.name}  ⚠")
                else:
                    playable.append((s.name, deck_code(s.deck)))
            self.deck_list.addItem(item)
            if select is not None and str(select) == str(s.path):
                chosen = item
        for deck_id, d in decks().items():
            item = QListWidgetItem(f"{d.name} (pre-built)")
            item.setData(Qt.ItemDataRole.UserRole, ("prebuilt", deck_id))
            item.setToolTip(d.description)
            self.deck_list.addItem(item)
            if select == deck_id:
                chosen = item
        self._filling = False
        opponent = self.opponent.currentData()
        self.opponent.clear()
        for deck_id, d in decks().items():
            self.opponent.addItem(f"vs {d.name}", deck_id)
        for name, code in playable:
            self.opponent.addItem(f"vs {name}", code)
        self.opponent.setCurrentIndex(max(0, self.opponent.findData(opponent or DECK_CHOICES[1])))
        if chosen is None:
            chosen = next((self.deck_list.item(i) for i in range(self.deck_list.count())
                           if self.deck_list.item(i).flags() & Qt.ItemFlag.ItemIsSelectable), None)
        self.deck_list.setCurrentItem(chosen)

    def _deck_chosen(self, item: QListWidgetItem | None, _previous: Any = None) -> None:
        if self._filling or item is None:
            return
        kind, key = item.data(Qt.ItemDataRole.UserRole)
        if kind == "prebuilt":
            self.show_deck(prebuilt(decks()[key]), None, key)
            return
        try:
            self.show_deck(read_deck(key), Path(key), None)
        except DeckFileError as e:
            self.status.emit(str(e))

    def show_deck(self, deck: DeckList, path: Path | None, prebuilt_id: str | None) -> None:
        self.deck, self.path, self.prebuilt_id = deck, path, prebuilt_id
        self.redraw_deck()

    # --- the collection ---------------------------------------------------------------------------
    def card_filter(self) -> CardFilter:
        keyword, scoring = self.keyword_box.currentData(), self.scoring_box.currentData()
        low, high = self.cost_min.value(), self.cost_max.value()
        return CardFilter(
            spheres=frozenset(s for s, b in self.sphere_buttons.items() if b.isChecked()),
            levels=frozenset(level for level, b in self.level_buttons.items() if b.isChecked()),
            cost=(min(low, high), max(low, high)) if (low, high) != (0, 9) else None,
            keywords=frozenset({keyword}) if keyword else frozenset(),
            scoring=frozenset({scoring}) if scoring else frozenset(),
            text=self.search.text().strip())

    def apply_filter(self, *_: Any) -> None:
        """Hide the cards the filters leave out (the pictures stay made)."""
        if self._clearing:
            return
        f = self.card_filter()
        shown = 0
        self.collection.setUpdatesEnabled(False)
        for i in range(self.collection.count()):
            item = self.collection.item(i)
            keep = f.keeps(card(item.data(Qt.ItemDataRole.UserRole)))
            item.setHidden(not keep)
            shown += keep
        self.collection.setUpdatesEnabled(True)
        total = self.collection.count()
        self.shown_label.setText(f"{shown} of {total} cards shown" if shown else
                                 "No card matches the filters: clear one (or all, with Clear filters).")

    def clear_filters(self) -> None:
        self._clearing = True  # (one redraw at the end, not one a widget)
        for b in list(self.sphere_buttons.values()) + list(self.level_buttons.values()):
            b.setChecked(False)
        self.cost_min.setValue(0)
        self.cost_max.setValue(9)
        self.keyword_box.setCurrentIndex(0)
        self.scoring_box.setCurrentIndex(0)
        self.search.clear()
        self._clearing = False
        self.apply_filter()

    def find_card(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    def show_card(self, cid: str | None) -> None:
        if not cid:
            return
        c = card(cid)
        self.preview.setPixmap(card_pixmap(cid, PREVIEW))
        have = self.deck.cards.count(cid)
        self.preview_text.setText(f"<b>{c.name}</b> — {SPHERE_NAMES[c.sphere]}, level {c.level}, cost {c.cost}, "
                                  f"{c.resources} resource{'s' if c.resources != 1 else ''} when spent.<br>"
                                  f"{c.text or 'No ability and no points.'}<br>"
                                  f"<i>In this deck: {have} of at most {copies_allowed(cid)}.</i>")

    # --- changing the deck ------------------------------------------------------------------------
    def _editable(self) -> bool:
        """A pre-built deck is copied before its first change (it cannot be changed itself)."""
        if self.path is not None:
            return True
        copy = self._copy()
        return self._add_deck(copy, f"Pre-built decks stay as they are: this is your copy, {copy.name!r}.") is not None

    def _copy(self) -> DeckList:
        """The deck shown, under a name of its own ("… (copy)")."""
        return self.deck.renamed(deck_store.unique_name(f"{self.deck.name} (copy)"))

    def change(self, deck: DeckList, words: str = "") -> bool:
        """Make ``deck`` the deck shown and save it at once; the change can be undone."""
        if deck == self.deck:
            return False
        copying = self.path is None
        if not self._editable():
            return False
        if copying:  # (the change goes to the copy, under the copy's name)
            deck = deck.renamed(self.deck.name)
        try:
            write_deck(self.path, deck)
        except OSError as e:
            self.status.emit(f"Not saved: {e}. The deck file is as it was.")
            self.redraw_deck()  # (the boxes show the deck as it is)
            return False
        self.history.append(("edit", self.path, self.deck))
        self.future.clear()
        renamed = deck.name != self.deck.name
        self.deck = deck
        if renamed:
            self.refresh_decks(self.path)  # (which shows the deck again, under its new name)
        else:
            self.redraw_deck()
        if words:
            self.status.emit(words)
        return True

    def add_card(self, cid: str) -> None:
        deck, why = add_copy(self.deck, cid)
        if why:
            self.status.emit(why)
            return
        self.change(deck, f"Added {card(cid).name} ({deck.cards.count(cid)} in the deck, {len(deck.cards)} cards).")
        self.show_card(cid)

    def remove_card(self, cid: str) -> None:
        if cid not in self.deck.cards:
            self.status.emit(f"The deck holds no {card(cid).name}.")
            return
        deck = remove_copy(self.deck, cid)
        self.change(deck, f"Took away a {card(cid).name} ({deck.cards.count(cid)} left, {len(deck.cards)} cards).")
        self.show_card(cid)

    def set_copies(self, cid: str, n: int) -> None:
        deck = self.deck
        while deck.cards.count(cid) > n:
            deck = remove_copy(deck, cid)
        while deck.cards.count(cid) < n:
            deck, why = add_copy(deck, cid)
            if why:
                self.status.emit(why)
                break
        self.change(deck)

    def set_part(self, cid: str, part: str, n: int) -> None:
        self.change(set_part(self.deck, part, cid, n))

    def step_part(self, cid: str, part: str, delta: int) -> None:
        """One more or one fewer copy of ``cid`` in the Realm or the World (the keys R and W)."""
        row = next(r for r in deck_rows(self.deck) if r[0] == cid)
        now = row[2] if part == "realm" else row[3]
        high = row[1] if part == "world" or card(cid).level <= 1 else 0
        wanted = max(0, min(high, now + delta))
        if wanted == now:
            where = "the Realm" if part == "realm" else "the World"
            self.status.emit(f"{card(cid).name}: {now} in {where} already" + (
                " (a Realm holds only cards of level 0 or 1)." if part == "realm" and card(cid).level > 1 else "."))
            return
        self.change(set_part(self.deck, part, cid, wanted))
        row_index = self.table.ids.index(cid) if cid in self.table.ids else -1
        if row_index >= 0:
            self.table.setCurrentCell(row_index, 0)

    def _auto_toggled(self, on: bool) -> None:
        if self._filling:
            return
        if on:
            self.change(automatic(self.deck), "The Realm and the World are chosen by rule.")
        elif not self.change(written_out(self.deck), "Choose the Realm and the World in the table."):
            self.redraw_deck()

    # --- undo --------------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self.history)

    def can_redo(self) -> bool:
        return bool(self.future)

    def undo(self) -> None:
        if not self.history:
            self.status.emit("Nothing to undo.")
            return
        entry = self.history.pop()
        self.future.append(self._apply(entry))

    def redo(self) -> None:
        if not self.future:
            self.status.emit("Nothing to redo.")
            return
        self.history.append(self._apply(self.future.pop()))

    def _apply(self, entry: tuple[Any, ...]) -> tuple[Any, ...]:
        """Put back what ``entry`` recorded; returns the entry that puts it back again."""
        kind, path, deck = entry
        try:
            if kind == "edit":
                now = read_deck(path)
                write_deck(path, deck)
                self.deck, self.path, self.prebuilt_id = deck, path, None
                self.refresh_decks(path)
                self.status.emit(f"Undone: {deck.name} is back as it was.")
                return ("edit", path, now)
            if kind == "delete":  # the file comes back
                write_deck(path, deck)
                self.refresh_decks(path)
                self.status.emit(f"{deck.name!r} is back.")
                return ("create", path, None)
            now = read_deck(path)  # "create": the file made goes again
            deck_store.delete(path)
            self.path = None
            self.refresh_decks()
            self.status.emit(f"{now.name!r} is gone again.")
            return ("delete", path, now)
        except (OSError, DeckFileError) as e:
            self.status.emit(f"Could not undo: {e}")
            return entry

    # --- decks: new, duplicate, rename, delete, import, export, codes --------------------------
    def new_deck(self) -> None:
        self._add_deck(DeckList(deck_store.unique_name("New deck"), ()), "An empty deck: add cards from the collection.")

    def duplicate(self) -> None:
        self._add_deck(self._copy(), "")

    def _add_deck(self, deck: DeckList, words: str) -> Path | None:
        try:
            path = deck_store.save_new(deck)
        except OSError as e:
            self.status.emit(f"The deck could not be saved: {e}")
            return None
        self.history.append(("create", path, None))
        self.future.clear()
        self.refresh_decks(path)
        self.status.emit(words or f"Saved {deck.name!r}.")
        return path

    def rename(self) -> None:
        if self.path is None:
            self.status.emit("A pre-built deck keeps its name: Duplicate it to make a deck of your own.")
            return
        name, ok = QInputDialog.getText(self, "Rename the deck", "Name:", text=self.deck.name)
        if ok:
            self.change(self.deck.renamed(name), f"Renamed to {clean_name(name)!r}.")

    def delete(self) -> None:
        if self.path is None:
            self.status.emit("Pre-built decks cannot be deleted.")
            return
        path, deck = self.path, self.deck
        try:
            deck_store.delete(path)
        except OSError as e:
            self.status.emit(f"Not deleted: {e}")
            return
        self.history.append(("delete", path, deck))
        self.future.clear()
        self.path = None
        self.refresh_decks()
        self.status.emit(f"Deleted {deck.name!r}. Ctrl+Z brings it back.")

    def import_file(self, path: str | None = None) -> None:
        if not path:
            path, _ = QFileDialog.getOpenFileName(self, "Import a deck", str(Path.home()), "Deck files (*.json)")
        if not path:
            return
        try:
            deck = read_deck(path)
        except DeckFileError as e:
            self.status.emit(str(e))
            QMessageBox.warning(self, "Cannot import the deck", str(e))
            return
        self._add_deck(deck.renamed(deck_store.unique_name(deck.name)), f"Imported {deck.name!r}.")

    def export_file(self, path: str | None = None) -> None:
        if not path:
            suggested = str(Path.home() / f"{deck_store.file_name(self.deck.name)}.json")
            path, _ = QFileDialog.getSaveFileName(self, "Export the deck", suggested, "Deck files (*.json)")
        if not path:
            return
        try:
            write_deck(path, self.deck)
        except OSError as e:
            self.status.emit(f"Not exported: {e}")
            return
        self.status.emit(f"Wrote {self.deck.name!r} to {path}.")

    def copy_code(self) -> None:
        QGuiApplication.clipboard().setText(deck_code(self.deck))
        self.status.emit(f"The code of {self.deck.name!r} is on the clipboard: paste it to a friend.")

    def paste_code(self, text: str | None = None) -> None:
        if text is None:
            text, ok = QInputDialog.getText(self, "Add a deck from its code", "Deck code:",
                                            text=QGuiApplication.clipboard().text().strip()[:2000])
            if not ok:
                return
        try:
            deck = parse_deck_code(text)
        except DeckFileError as e:
            self.status.emit(str(e))
            return
        self._add_deck(deck.renamed(deck_store.unique_name(deck.name)), f"Added {deck.name!r} from its code.")

    # --- playing -----------------------------------------------------------------------------------
    def play(self) -> None:
        problems = self.deck.problems()
        if problems:
            self.status.emit(f"This deck cannot be played yet: {problems[0]}")
            return
        self.play_requested.emit(self.prebuilt_id or deck_code(self.deck), self.opponent.currentData())

    # --- drawing the deck ----------------------------------------------------------------------------
    def redraw_deck(self) -> None:
        d = self.deck
        self._filling = True
        self.name_label.setText(f"{d.name} — {len(d.cards)} card{'s' if len(d.cards) != 1 else ''}")
        self.read_only.setText("Pre-built: a change makes a copy of your own." if self.path is None else
                               "Every change is saved at once (Ctrl+Z takes it back).")
        rows = deck_rows(d)
        for r in range(self.table.rowCount()):  # the old boxes are hidden now and deleted by Qt later
            for col in (2, 3, 4):  # (not at once: one of them may be the box whose change got here)
                w = self.table.cellWidget(r, col)
                if w is not None:
                    w.hide()
                    self.table.removeCellWidget(r, col)
        self.table.setRowCount(len(rows))
        self.table.ids = [r[0] for r in rows]
        editable_parts = d.realm is not None or d.world is not None
        for i, (cid, n, in_realm, in_world) in enumerate(rows):
            c = card(cid)
            name = QTableWidgetItem(c.name)
            name.setToolTip(c.text or "No ability and no points.")
            self.table.setItem(i, 0, name)
            self.table.setItem(i, 1, QTableWidgetItem(str(c.level)))
            self.table.setCellWidget(i, 2, self._spin(n, 0, copies_allowed(cid), lambda v, cid=cid: self.set_copies(cid, v),
                                                      f"Copies of {c.name}"))
            realm = self._spin(in_realm, 0, n if c.level <= 1 else 0, lambda v, cid=cid: self.set_part(cid, "realm", v),
                               f"{c.name} in the Realm")
            world = self._spin(in_world, 0, n, lambda v, cid=cid: self.set_part(cid, "world", v), f"{c.name} in the World")
            for w in (realm, world):
                w.setEnabled(editable_parts)
            self.table.setCellWidget(i, 3, realm)
            self.table.setCellWidget(i, 4, world)
        self.auto.setChecked(not editable_parts)
        problems = d.problems()
        if problems:
            self.problems.setText("<br>".join(f"⚠ {p}" for p in problems))
            self.problems.setObjectName("error")
        else:
            self.problems.setText("✔ This deck keeps every deck rule: it may be played.")
            self.problems.setObjectName("ok")
        self.problems.style().unpolish(self.problems)
        self.problems.style().polish(self.problems)
        self.play_button.setEnabled(not problems)
        self.play_button.setToolTip(problems[0] if problems else "Start a game with this deck against the Hard bot")
        self.buttons["rename"].setEnabled(self.path is not None)
        self.buttons["delete"].setEnabled(self.path is not None)
        self.charts.show_figures(figures(d.cards))
        self._filling = False

    def _spin(self, value: int, low: int, high: int, changed: Any, name: str) -> QSpinBox:
        box = QSpinBox()
        box.setRange(low, max(low, high, value))
        box.setValue(value)
        box.setAccessibleName(name)
        box.setToolTip(name)
        box.setFrame(False)
        box.valueChanged.connect(lambda v: None if self._filling else changed(v))
        return box

