"""The Three Spheres TCG deck builder: the game's own screen beside its table (``GameDef.screens``:
Game > Decks…, and the gallery's and the set-up's "Decks…").

Left, the decks (the pre-built ones, read-only, then the player's saved ones, however many: a
list drawn only where in sight, narrowed by the words typed above it) with New, Duplicate,
Rename, Delete, Import, Export, the deck code, and the card pointed at shown large.  In the
middle, the collection: every card a deck may hold, as a grid of whole cards (name, level, cost,
resources and points, no text under 11 px) or as a sortable list, a row a card (Ctrl+L switches;
the choice is kept; :mod:`.deck_list`), with filters by sphere, level, cost, keyword, kind of
points and text.  Right, the deck: its name, its cards with the copies and what goes to the
Realm and the World, every deck rule it breaks in one sentence each, its charts, and "Play
against the Hard bot".

Every change is saved at once (atomically) and can be undone (Ctrl+Z, Ctrl+Shift+Z); a deleted
deck comes back with Ctrl+Z too.  Changing a pre-built deck makes a copy of it first.  A deck
file the player made read-only is not written: the change is refused and "Save as a copy" keeps
it in a new file.  A decks folder that cannot be used is named above the list, and the pre-built
decks still work.  Keys: in the collection Enter or + adds a copy of the card, - or Delete takes
one away; Ctrl+F finds a card by its words, Ctrl+Shift+F a deck by its name; Esc goes back.
What this screen decides is written in docs/decks.md.
"""

from __future__ import annotations

import operator
from pathlib import Path
from typing import Any, NamedTuple

from PySide6.QtCore import (
    QAbstractListModel, QMimeData, QModelIndex, QRectF, QSize, Qt, Signal,
)
from PySide6.QtGui import (
    QDrag, QGuiApplication, QIcon, QIconEngine, QKeySequence, QPainter, QPixmap, QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QFileDialog, QGridLayout, QHBoxLayout, QHeaderView,
    QInputDialog, QLabel, QLineEdit, QListView, QListWidget, QListWidgetItem, QMessageBox, QPushButton,
    QSpinBox, QStackedWidget, QTableWidget, QTableWidgetItem, QToolButton, QVBoxLayout, QWidget,
)

from tabletop.client.settings import Settings
from tabletop.client.start_screen import notice_row, searchable
from tabletop.client.table_items import SMALLEST_SCALE
from tabletop.client.theme import colour
from tabletop.client.wrap_layout import SnugWrapLayout as WrapLayout
from tabletop.engine.files import ReadOnlyFileError, plain_os_error
from tabletop.engine.paths import FolderError

from .. import DECK_CHOICES, deck_store
from ..cards import SPHERE_NAMES, SPHERES, card, decks
from ..collection import (
    KEYWORD_WORDS, KEYWORDS, SCORING, SCORING_WORDS, CardFilter, add_copy, automatic, collection, copies_allowed,
    deck_rows, figures, remove_copy, set_part, written_out,
)
from ..deck_files import (
    DeckFileError, DeckList, clean_name, deck_code, parse_deck_code, prebuilt, read_deck, write_deck,
)
from ..words import n_cards
from .deck_charts import DeckCharts
from .deck_layout import SPACING, CardPreview, TextFit, choice_box, filter_group, toggles
from .deck_list import MIME, CardTable, CopyKeys

THUMB = QSize(120, 170)  # a card of the grid: five to a row at 1366 x 768
# The grid's cards are the table's cards drawn at the table's smallest scale (as in a 1366 x 768
# window), every text at 11 px or more: the name whole (two lines at most), the level, the cost,
# the resources and the points; the ability is in the card shown large and the tooltip.
GRID_SCALE = SMALLEST_SCALE
VIEW_SETTING = "decks/collection_view"  # the settings key of the collection's view: "grid" or "list"
_PIXMAPS: dict[tuple[str, int, int, float, float], QPixmap] = {}
# what each picture drawn holds: its font sizes as drawn, in px, and its texts (tests measure these)
DRAWN: dict[tuple[str, int, int, float], tuple[list[float], list[str]]] = {}


def card_pixmap(cid: str, size: QSize, scale: float = 1.0) -> QPixmap:
    """A card's face drawn at ``size`` (kept: the collection draws each card once); ``scale`` < 1
    draws the card larger and shrinks it to ``size`` (the grid's cards: their figures and names,
    not their text)."""
    key = (cid, size.width(), size.height(), scale)
    screen = QGuiApplication.primaryScreen()
    ratio = screen.devicePixelRatio() if screen is not None else 1.0  # (sharp on a high-density screen)
    pixmap = _PIXMAPS.get(key + (ratio,))
    if pixmap is None:
        from tabletop.games.three_spheres.card_items import SpheresTCGCard

        pixmap = QPixmap(size * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.scale(scale, scale)
        face = QRectF(2, 2, size.width() - 5, size.height() - 5)
        item = SpheresTCGCard(QRectF(face.topLeft() / scale, face.size() / scale), cid, "collection",
                              detail=None if scale == 1.0 else False)
        item.paint_direct(painter)
        drawn_scale = painter.worldTransform().m11()
        painter.end()
        DRAWN[key] = ([px * drawn_scale for px in item.drawn_px()], item.texts())
        pixmap = _PIXMAPS[key + (ratio,)] = pixmap
    return pixmap


def _read_only(path: Path) -> bool:
    """Whether the player made the file at ``path`` read-only (what the atomic write refuses)."""
    import stat

    try:
        return not path.stat().st_mode & stat.S_IWUSR
    except OSError:
        return False


class _CardFace(QIconEngine):
    """A card's picture as an icon, drawn when first shown (the collection's cards in sight are
    drawn as the screen opens, the others when scrolled to)."""

    def __init__(self, cid: str) -> None:
        super().__init__()
        self.cid = cid

    def paint(self, painter: QPainter, rect: Any, mode: Any, state: Any) -> None:
        pixmap = self.pixmap(rect.size(), mode, state)
        painter.drawPixmap(rect.topLeft(), pixmap)

    def pixmap(self, size: QSize, mode: Any, state: Any) -> QPixmap:
        pixmap = card_pixmap(self.cid, THUMB, GRID_SCALE)
        if mode == QIcon.Mode.Selected:  # (as an icon of a picture chosen: tinted)
            pixmap = pixmap.copy()
            painter = QPainter(pixmap)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceAtop)
            painter.fillRect(pixmap.rect(), colour("accent", 70))
            painter.end()
        return pixmap

    def actualSize(self, size: QSize, mode: Any, state: Any) -> QSize:
        return THUMB

    def clone(self) -> QIconEngine:
        return _CardFace(self.cid)


class CollectionList(CopyKeys, QListWidget):
    """The collection: card pictures in a grid; a card dragged from here onto the deck adds it."""

    add = Signal(str)
    remove = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setViewMode(QListWidget.ViewMode.IconMode)
        self.setIconSize(THUMB)
        self.setGridSize(QSize(THUMB.width() + 6, THUMB.height() + 6))
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
            item = QListWidgetItem(QIcon(_CardFace(cid)), "")
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
        drag.setPixmap(card_pixmap(cid, THUMB, GRID_SCALE))
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
        rows = self.verticalHeader()
        rows.setVisible(False)
        # a card's name is never cut: where the column is narrower than the name (a bigger
        # text), it goes on to a second line and its row is higher
        self.setWordWrap(True)
        rows.setMinimumSectionSize(rows.defaultSectionSize())
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
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


class DeckRow(NamedTuple):
    """One deck of the list: what it shows and what choosing it opens -- ``key`` is
    ("prebuilt", its id) or ("saved", its file's name in the folder ``where``)."""

    key: tuple[str, str]
    label: str
    tip: str
    selectable: bool = True
    where: Path | None = None

    def text(self) -> str:
        return self.label

    @property
    def path(self) -> Path | None:
        return None if self.where is None else self.where / self.key[1]


def deck_key(deck: Path | str) -> tuple[str, str]:
    """The key of a row: a saved deck's path, or a pre-built deck's id."""
    return ("saved", deck.name) if isinstance(deck, Path) else ("prebuilt", deck)


def saved_row(where: Path, file: str, name: str, problem: str) -> DeckRow:
    """The row of a saved deck: its name, marked ⚠ when it breaks a deck rule (``problem``)."""
    return DeckRow(("saved", file), f"{name}  ⚠" if problem else name, problem or "May be played", where=where)


class DeckListModel(QAbstractListModel):
    """The decks of the list -- the pre-built ones, then the saved ones as the store's listing
    has them (no file read) -- and of them those holding the words searched for.  A change of
    the decks or of the words is one reset of the model: the list draws only the rows in
    sight, whatever their number."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.decks: list[DeckRow] = []
        self.shown: list[DeckRow] = []
        self.words = ""

    def set_decks(self, decks: list[DeckRow]) -> None:
        self.beginResetModel()
        self.decks = decks
        self.shown = self._matching()
        self.endResetModel()

    def set_words(self, words: str) -> None:
        self.beginResetModel()
        self.words = " ".join(words.casefold().split())
        self.shown = self._matching()
        self.endResetModel()

    def _matching(self) -> list[DeckRow]:
        if not self.words:
            return list(self.decks)
        parts = self.words.split()
        return [d for d in self.decks if all(p in d.label.casefold() for p in parts)]

    def replace(self, row: DeckRow) -> None:
        """``row`` in place of the row of the same deck (a deck changed, not renamed: its place
        stays), if that deck is listed."""
        for rows in (self.decks, self.shown):
            i = next((i for i, d in enumerate(rows) if d.key == row.key), -1)
            if i >= 0:
                rows[i] = row
        i = self.row_of(row.key)
        if i >= 0:
            self.dataChanged.emit(self.index(i), self.index(i))

    def row_of(self, key: tuple[str, str]) -> int:
        """The row showing the deck ``key`` (see :func:`deck_key`), or -1."""
        return next((i for i, d in enumerate(self.shown) if d.key == key), -1)

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's own default)
        return 0 if parent.isValid() else len(self.shown)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.shown[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return row.label
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.tip
        if role == Qt.ItemDataRole.UserRole:
            return row.key
        if role == Qt.ItemDataRole.ForegroundRole and not row.selectable:
            return colour("muted")
        return None

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:
        if self.shown[index.row()].selectable:
            return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return Qt.ItemFlag.ItemIsEnabled


class DeckListView(QListView):
    """The list of decks over a :class:`DeckListModel`, with a list widget's ways of asking:
    ``count``, ``item``, ``currentRow`` and ``setCurrentRow``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.decks = DeckListModel(self)
        self.setModel(self.decks)
        self.setUniformItemSizes(True)  # (the rows in sight are laid out, not ten thousand)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)

    def count(self) -> int:
        return self.decks.rowCount()

    def sizeHint(self) -> QSize:
        """No higher than its least: the column's room left over comes to it (a stretch), and
        where there is little, the card shown large gives way first."""
        return QSize(super().sizeHint().width(), self.minimumHeight())

    def item(self, row: int) -> DeckRow:
        return self.decks.shown[row]

    def currentRow(self) -> int:
        return self.currentIndex().row()

    def setCurrentRow(self, row: int) -> None:
        self.setCurrentIndex(self.decks.index(row) if row >= 0 else QModelIndex())


class DeckScreen(QWidget):
    """The deck builder (see the module docstring)."""

    back = Signal()
    # a game against the Hard bot: its options, this deck (its code, or a pre-built deck's id)
    # against the opponent's deck chosen beside it
    play_requested = Signal(object)
    status = Signal(str)

    def __init__(self, parent: QWidget | None = None, settings: Settings | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("deckScreen")
        self.settings = settings if settings is not None else Settings(self)
        self.preview_card: str | None = None  # the card shown large
        self.deck = DeckList("New deck", ())
        self.path: Path | None = None  # the file of the deck shown (None: a pre-built deck)
        self.prebuilt_id: str | None = None
        self.history: list[tuple[Any, ...]] = []  # what Ctrl+Z takes back: ("edit", path, deck) / ("delete", path, deck)
        self.future: list[tuple[Any, ...]] = []
        self._filling = False
        self._clearing = False
        self.saved: list[deck_store.SavedDeck] = []  # the folder's decks as last listed

        outer = QHBoxLayout(self)
        outer.setContentsMargins(14, 10, 14, 10)
        outer.setSpacing(SPACING)
        # the side columns are widgets of a width of their own (see deck_layout.fit_to_text); the
        # collection takes the rest
        self.left_column, self.right_column = QWidget(), QWidget()
        for column, build in ((self.left_column, self._build_left), (self.right_column, self._build_right)):
            layout = build()
            layout.setContentsMargins(0, 0, 0, 0)
            column.setLayout(layout)
        outer.addWidget(self.left_column, 0)
        outer.addLayout(self._build_middle(), 1)
        outer.addWidget(self.right_column, 0)
        self.fit = TextFit(self)  # (its columns' widths follow the text size)

        QShortcut(QKeySequence("Ctrl+F"), self, self.find_card, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        QShortcut(QKeySequence("Ctrl+Shift+F"), self, self.find_deck,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        QShortcut(QKeySequence("Ctrl+L"), self, self.view_button.click,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        QShortcut(QKeySequence("Escape"), self, self.back.emit, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.collection.set_cards(collection())
        self.card_list.set_cards(collection())
        self.show_as_list(self.settings.remembered(VIEW_SETTING) == "list", keep=False)
        self.listed = False  # the decks are listed when the screen is first shown, or asked to
        self.apply_filter()

    def showEvent(self, event: Any) -> None:
        if not self.listed:
            self.refresh_decks()
        super().showEvent(event)

    def _build_left(self) -> QVBoxLayout:
        left = QVBoxLayout()
        left.setSpacing(SPACING)
        title = QLabel("Your decks")
        title.setObjectName("heading")
        left.addWidget(title)
        self.folder_note = QLabel("")  # why the saved decks are missing, when the folder cannot be used
        self.folder_note.setObjectName("error")
        self.folder_note.setWordWrap(True)
        self.folder_note.hide()
        left.addWidget(self.folder_note)
        self.deck_search = QLineEdit()
        self.deck_search.setClearButtonEnabled(True)
        self.deck_search.setAccessibleName("Find a deck")
        self.deck_search.setToolTip("Words of a deck's name, in any order (Ctrl+Shift+F); Enter shows the first "
                                    "deck found")
        self.deck_search.textChanged.connect(self.search_decks)
        self.deck_search.returnPressed.connect(self._first_found)
        left.addWidget(self.deck_search)
        self.deck_list = DeckListView()
        self.deck_list.setMinimumHeight(80)  # (four rows, when the folder's note takes the room)
        self.deck_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.deck_list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.deck_list.setAccessibleName("Your decks")
        self.deck_list.selectionModel().currentChanged.connect(self._deck_chosen)
        left.addWidget(self.deck_list, 1)
        self.found_label = QLabel("")
        self.found_label.setObjectName("muted")
        left.addWidget(self.found_label)
        grid = self.deck_buttons = QGridLayout()
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
        self.preview = CardPreview(card_pixmap)
        left.addWidget(self.preview)
        self.preview_text = QLabel("Point at a card to see it here.")
        self.preview_text.setWordWrap(True)
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
        self.view_button = QToolButton()  # the grid of cards, or the list (a row a card)
        self.view_button.setCheckable(True)
        self.view_button.setText("☰ List")
        self.view_button.setToolTip("Show the collection as a list, a row a card, sorted by a click on a column's "
                                    "head (Ctrl+L); unpressed: a grid of cards")
        self.view_button.setAccessibleName("Show the collection as a list")
        self.view_button.toggled.connect(self.show_as_list)
        top.addWidget(self.view_button)
        middle.addLayout(top)
        # the filters: rows of groups, as many groups to a row as fit (at the default size the
        # spheres and the levels, then the cost and the two boxes; with a bigger text more
        # rows); a group (the spheres; "Level" and its buttons; the cost) is never split
        row = self.filters = WrapLayout(spacing=SPACING, justify=False)
        spheres = filter_group(row)
        spheres.setContentsMargins(0, 0, 10, 0)  # (a wider gap before the levels, none when they go on below)
        self.sphere_buttons = toggles(spheres, self.apply_filter, {s: (SPHERE_NAMES[s].capitalize(), f"Show {SPHERE_NAMES[s]} "
                                                          "cards (none chosen: every sphere)") for s in SPHERES})
        levels = filter_group(row)
        levels.addWidget(QLabel("Level"))
        self.level_buttons = toggles(levels, self.apply_filter, {level: (str(level), f"Show level-{level} cards (none chosen: "
                                                            "every level)") for level in range(5)})
        cost = filter_group(row)
        cost.addWidget(QLabel("Cost"))
        self.cost_min, self.cost_max = QSpinBox(), QSpinBox()
        for box, value in ((self.cost_min, 0), (self.cost_max, 9)):
            box.setRange(0, 9)
            box.setValue(value)
            box.valueChanged.connect(self.apply_filter)
        self.cost_min.setToolTip("The lowest buy cost shown")
        self.cost_max.setToolTip("The highest buy cost shown")
        cost.addWidget(self.cost_min)
        cost.addWidget(QLabel("to"))
        cost.addWidget(self.cost_max)
        self.keyword_box = choice_box(row, self.apply_filter, "Any ability", [(KEYWORD_WORDS[k], k) for k in KEYWORDS])
        self.scoring_box = choice_box(row, self.apply_filter, "Any points", [(SCORING_WORDS[k], k) for k in SCORING])
        middle.addLayout(row)
        self.collection = CollectionList()
        self.collection.add.connect(self.add_card)
        self.collection.remove.connect(self.remove_card)
        self.collection.currentItemChanged.connect(lambda item, _: self.show_card(
            item.data(Qt.ItemDataRole.UserRole) if item is not None else None))
        self.collection.setMouseTracking(True)
        self.collection.itemEntered.connect(lambda item: self.show_card(item.data(Qt.ItemDataRole.UserRole)))
        self.card_list = CardTable()
        self.card_list.add.connect(self.add_card)
        self.card_list.remove.connect(self.remove_card)
        self.card_list.currentCellChanged.connect(lambda row, *_: self.show_card(self.card_list.card_at(row)))
        self.card_list.itemEntered.connect(lambda item: self.show_card(self.card_list.card_at(item.row())))
        self.collection_views = QStackedWidget()
        self.collection_views.addWidget(self.collection)
        self.collection_views.addWidget(self.card_list)
        middle.addWidget(self.collection_views, 1)
        self.shown_label = QLabel("")
        self.shown_label.setObjectName("muted")
        middle.addWidget(self.shown_label)
        return middle

    def show_as_list(self, on: bool, keep: bool = True) -> None:
        """The collection as a list (``on``) or as a grid of cards; ``keep``: the choice is
        remembered for the next time (the settings).  The card chosen stays chosen."""
        self.view_button.blockSignals(True)
        self.view_button.setChecked(on)
        self.view_button.blockSignals(False)
        shown = self.collection_views.currentWidget()
        was = (self.card_list if shown is self.card_list else self.collection).current_card()
        focused = self.collection.hasFocus() or self.card_list.hasFocus()
        self.collection_views.setCurrentWidget(self.card_list if on else self.collection)
        self.view_button.setText("▦ Grid" if on else "☰ List")
        self.view_button.setAccessibleName("Show the collection as a grid of cards" if on else
                                           "Show the collection as a list")
        self.collection.setFocusProxy(self.card_list if on else None)  # (who focuses the collection: the list)
        if was is not None:
            if on and self.card_list.row_of(was) >= 0:
                self.card_list.setCurrentCell(self.card_list.row_of(was), 0)
            elif not on:
                self.collection.setCurrentItem(self._grid_item(was))
        if focused:
            (self.card_list if on else self.collection).setFocus()
        if keep:
            self.settings.remember(VIEW_SETTING, "list" if on else "grid")

    def _grid_item(self, cid: str) -> QListWidgetItem | None:
        return next((self.collection.item(i) for i in range(self.collection.count())
                     if self.collection.item(i).data(Qt.ItemDataRole.UserRole) == cid), None)

    def _build_right(self) -> QVBoxLayout:
        right = QVBoxLayout()
        right.setSpacing(SPACING)
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
        # a change the deck's read-only file refused, and a way to keep it
        self.read_only_bar, self.read_only_words, self.save_copy_button = notice_row(
            "Save as a copy", "Save the deck with this change in a new file of its own, and go on there",
            self.save_as_copy)
        self.read_only_words.setObjectName("error")
        self.read_only_bar.hide()
        self.refused: DeckList | None = None  # the change the read-only file refused
        right.addWidget(self.read_only_bar)
        self.table = DeckTable()
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
        right.addWidget(self.problems)
        self.charts = DeckCharts()
        right.addWidget(self.charts)
        # the button, the bot's deck and Back: as many rows as the column's width needs (at the
        # default size two: the first two on one, Back under them)
        play_row = QHBoxLayout()
        self.play_button = QPushButton("Play against the Hard bot")
        self.play_button.clicked.connect(self.play)
        play_row.addWidget(self.play_button)
        self.opponent = QComboBox()
        self.opponent.setToolTip("The deck the Hard bot plays (type a few letters of its name to find it)")
        self.opponent_choices = searchable(self.opponent, [], "The bot's deck")
        play_row.addWidget(self.opponent, 1)
        self.back_button = back = QPushButton()
        self.set_back_to("the games")
        back.clicked.connect(self.back.emit)
        play_row.addWidget(back)
        right.addLayout(play_row)
        self.play_row = WrapLayout.instead_of(play_row)
        return right

    def set_back_to(self, where: str) -> None:
        """Name the screen Back (and Esc) returns to: "the games" (the gallery) or "the set-up"."""
        self.back_button.setText("← All games" if where == "the games" else f"← Back to {where}")
        self.back_button.setToolTip(f"Back to {where} (Esc); every change is saved already")

    def refresh(self) -> None:
        """The window shows the screen: the decks folder is listed again (it may have changed: a
        deck imported from the command line), and the collection takes the keyboard focus."""
        self.refresh_decks()
        (self.card_list if self.card_list.isVisibleTo(self) else self.collection).setFocus()

    # --- the list of decks ---------------------------------------------------------------------
    def refresh_decks(self, select: Path | str | None = None) -> None:
        """List the decks folder again (the store reads only the files that changed) and the
        pre-built decks; ``select`` (a path, or a pre-built deck's id) is chosen, else the deck
        shown stays chosen.  A folder that cannot be used leaves the pre-built decks, and its
        sentence above them."""
        self.listed = True
        if select is None:
            select = self.path if self.path is not None else self.prebuilt_id
        try:
            saved, unusable = deck_store.saved_decks(), ""
        except FolderError as e:
            saved, unusable = [], str(e)
        self.folder_note.setText(unusable)  # (short: the column has no room to spare)
        self.folder_note.setToolTip("Your own decks cannot be listed or saved until the folder can be used; the "
                                    "pre-built decks can be looked at, copied as codes and played." if unusable else "")
        self.folder_note.setVisible(bool(unusable))
        unchanged = (self.deck_list.decks.decks and len(saved) == len(self.saved)
                     and all(map(operator.is_, saved, self.saved)))  # (the store's own summaries: nothing changed)
        self.saved = saved
        if not unchanged:
            self._list_decks(saved)
        self._choose(select)

    def _list_decks(self, saved: list[deck_store.SavedDeck]) -> None:
        """The list and the bot's decks made anew: the pre-built decks, then ``saved``."""
        rows = [DeckRow(("prebuilt", deck_id), f"{d.name} (pre-built)", d.description) for deck_id, d in decks().items()]
        for s in saved:
            if s.error:
                rows.append(DeckRow(("saved", s.file), f"{s.file} (cannot be read)", s.error, False, s.where))
            else:
                rows.append(saved_row(s.where, s.file, s.name, s.problem))
        self._filling = True
        self.deck_list.decks.set_decks(rows)
        self._filling = False
        self._count_found()
        opponent = self.opponent.currentData()
        self.opponent_choices.set_rows(
            [(f"vs {d.name}", deck_id) for deck_id, d in decks().items()]
            + [(None, None)] * any(s.playable for s in saved)
            + [(f"vs {s.name}", s.code) for s in saved if s.playable])
        self.opponent.setCurrentIndex(max(0, self.opponent.findData(opponent or DECK_CHOICES[1])))

    def _choose(self, select: Path | str | None) -> None:
        """The deck ``select`` chosen in the list (the search cleared if it hides it); else the
        first deck found, or the first saved deck, or the first pre-built one."""
        model = self.deck_list.decks
        key = deck_key(select) if select is not None else None
        row = model.row_of(key) if key is not None else -1
        if row < 0 and model.words:
            if any(d.key == key for d in model.decks) or not model.shown:
                self.deck_search.blockSignals(True)  # (a deck made that the words hide, or none left: all shown)
                self.deck_search.clear()
                self.deck_search.blockSignals(False)
                self._filling = True
                model.set_words("")
                self._filling = False
                self._count_found()
                row = model.row_of(key) if key is not None else -1
            else:  # (the deck shown is gone: the first one found instead)
                row = next((i for i, d in enumerate(model.shown) if d.selectable), -1)
        if row < 0 and not model.words:  # the first saved deck, else the first pre-built one
            shown = self.deck_list.decks.shown
            row = next((i for i, d in enumerate(shown) if d.key[0] == "saved" and d.selectable), 0 if shown else -1)
        self.deck_list.setCurrentRow(row)

    def search_decks(self, words: str) -> None:
        """Show the decks whose names hold each of ``words`` (the deck shown stays as it is)."""
        self._filling = True
        self.deck_list.decks.set_words(words)
        key = self.path if self.path is not None else self.prebuilt_id
        self.deck_list.setCurrentRow(self.deck_list.decks.row_of(deck_key(key)) if key is not None else -1)
        self._filling = False
        self._count_found()

    def _count_found(self) -> None:
        """How many decks there are (in the search's hint), and how many the words find."""
        model = self.deck_list.decks
        self.deck_search.setPlaceholderText(f"Find among {len(model.decks):,} decks")
        self.found_label.setText((f"{len(model.shown):,} of {len(model.decks):,} decks hold these words."
                                  if model.shown else "No deck's name holds these words.") if model.words else "")
        self.found_label.setVisible(bool(model.words))

    def find_deck(self) -> None:
        self.deck_search.setFocus()
        self.deck_search.selectAll()

    def _first_found(self) -> None:
        """Enter in the deck search: the first deck found is shown."""
        shown = self.deck_list.decks.shown
        row = next((i for i, d in enumerate(shown) if d.selectable), -1)
        if row >= 0:
            self.deck_list.setCurrentRow(row)
            self.deck_list.setFocus()

    def _deck_chosen(self, current: QModelIndex, _previous: Any = None) -> None:
        if self._filling or not current.isValid():
            return
        row = self.deck_list.item(current.row())
        kind, key = row.key
        if kind == "prebuilt":
            self.show_deck(prebuilt(decks()[key]), None, key)
            return
        try:
            self.show_deck(read_deck(row.path), row.path, None)
        except DeckFileError as e:
            self.status.emit(str(e))

    def show_deck(self, deck: DeckList, path: Path | None, prebuilt_id: str | None) -> None:
        if path is None or path != self.path:  # (a change refused by another file is forgotten)
            self.refused = None
            self.read_only_bar.hide()
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
        self.card_list.show_only(lambda cid: f.keeps(card(cid)))
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
        """The card ``cid`` shown large, with how many the deck shown holds (said again whenever
        that deck changes or another is shown: see :meth:`redraw_deck`)."""
        if not cid:
            return
        c = card(cid)
        self.preview_card = cid
        self.preview.set_card(cid)
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
        return self.deck.renamed(self._unique(f"{self.deck.name} (copy)"))

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
        except ReadOnlyFileError as e:  # (left as the player made it: not written, not made writable)
            self.refused = deck
            self.read_only_words.setText(f"{e.strerror}: this change is not saved. Save as a copy keeps it in a "
                                         "new file.")
            self.read_only_bar.show()
            self.status.emit(f"{e.strerror}: the change is not saved. Save as a copy keeps it.")
            self.redraw_deck()  # (the boxes show the deck as it is)
            return False
        except OSError as e:
            self.status.emit(f"Not saved: {self._why(e)}. The deck file is as it was.")
            self.redraw_deck()  # (the boxes show the deck as it is)
            return False
        self.history.append(("edit", self.path, self.deck))
        self.future.clear()
        renamed = deck.name != self.deck.name
        self.deck = deck
        if renamed:
            self.refresh_decks(self.path)  # (which shows the deck again, under its new name)
        else:
            problems = deck.problems()
            self.deck_list.decks.replace(saved_row(self.path.parent, self.path.name, deck.name,
                                                   problems[0] if problems else ""))
            self.redraw_deck()
        if words:
            self.status.emit(words)
        return True

    def _unique(self, name: str) -> str:
        """``name``, or "name (2)" ..., not the name of a deck in the list (the folder as last listed)."""
        return deck_store.unique_name(name, saved=self.saved)

    @staticmethod
    def _why(e: OSError) -> str:
        """An error of the decks folder or of a deck file, in words for a player."""
        return str(e).rstrip(".") if isinstance(e, FolderError) else plain_os_error(e)

    def save_as_copy(self) -> None:
        """The change a read-only deck file refused, saved under a name and file of its own;
        the builder goes on with that copy (the read-only file is left as it is)."""
        deck = self.refused if self.refused is not None else self.deck
        if self._add_deck(deck.renamed(self._unique(f"{deck.name} (copy)")), "") is not None:
            self.status.emit(f"Saved as {self.deck.name!r}: the changes go to this copy now.")

    def add_card(self, cid: str) -> None:
        deck, why = add_copy(self.deck, cid)
        if why:
            self.status.emit(why)
            return
        self.change(deck, f"Added {card(cid).name} ({deck.cards.count(cid)} in the deck, {n_cards(len(deck.cards))}).")
        self.show_card(cid)

    def remove_card(self, cid: str) -> None:
        if cid not in self.deck.cards:
            self.status.emit(f"The deck holds no {card(cid).name}.")
            return
        deck = remove_copy(self.deck, cid)
        self.change(deck, f"Took away a {card(cid).name} ({deck.cards.count(cid)} left, {n_cards(len(deck.cards))}).")
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
        self._add_deck(DeckList(self._unique("New deck"), ()), "An empty deck: add cards from the collection.")

    def duplicate(self) -> None:
        self._add_deck(self._copy(), "")

    def _add_new_name(self, deck: DeckList, done: str, how: str = "") -> None:
        """Save a deck from a file or a code under a name no saved deck has, and say the name it
        got: "Imported 'Rush' as 'Rush (3)': a deck of that name was there already"."""
        saved = deck.renamed(self._unique(deck.name))
        if saved.name == deck.name:
            self._add_deck(saved, f"{done} {deck.name!r}{how}.")
        else:
            self._add_deck(saved, f"{done} {deck.name!r}{how} as {saved.name!r}: a deck of that name was there already.")

    def _add_deck(self, deck: DeckList, words: str) -> Path | None:
        try:
            path = deck_store.save_new(deck)
        except OSError as e:
            self.status.emit(f"The deck could not be saved: {self._why(e)}.")
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
            self.status.emit(f"Not deleted: {self._why(e)}.")
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
        self._add_new_name(deck, "Imported")

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
        self._add_new_name(deck, "Added", " from its code")

    # --- playing -----------------------------------------------------------------------------------
    def play(self) -> None:
        problems = self.deck.problems()
        if problems:
            self.status.emit(f"This deck cannot be played yet: {problems[0]}")
            return
        self.play_requested.emit({"deck1": self.prebuilt_id or deck_code(self.deck), "deck2": self.opponent.currentData()})

    # --- drawing the deck ----------------------------------------------------------------------------
    def redraw_deck(self) -> None:
        d = self.deck
        self._filling = True
        self.name_label.setText(f"{d.name} — {len(d.cards)} card{'s' if len(d.cards) != 1 else ''}")
        self.read_only.setText("Pre-built: a change makes a copy of your own." if self.path is None else
                               "Its file is read-only: a change can be saved only as a copy." if _read_only(self.path)
                               else "Every change is saved at once (Ctrl+Z takes it back).")
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
        self.card_list.show_counts(d.cards)
        self.show_card(self.preview_card)  # (its "In this deck" is this deck's)
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

