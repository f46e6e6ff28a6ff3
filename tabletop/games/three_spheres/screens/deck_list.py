"""The deck builder's collection as a list: one row a card -- its name, sphere, level, buy cost,
the resources it gives when spent, its points, how many the deck holds and its ability -- sorted
by a click on a column's head (level, cost, sphere, name ...).  The same keys as the grid's:
double-click, Enter or + adds a copy of the card, - or Delete takes one away; a row dragged onto
the deck adds the card.  The filters hide rows (:meth:`CardTable.show_only`)."""

from __future__ import annotations

from typing import Any, Iterable

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from ..card_items import card_tooltip, points_words
from ..cards import SPHERE_NAMES, SPHERES, card
from ..collection import copies_allowed

MIME = "application/x-tabletop-card"  # a card dragged from the collection onto the deck
SORT = Qt.ItemDataRole.UserRole + 1  # what a column sorts by
CARD = Qt.ItemDataRole.UserRole  # the card's id (on each row's first cell)


class CopyKeys:
    """+ (or =) adds a copy of the current card, - (or Delete) takes one away: the collection's
    keys (grid and list) and the deck table's."""

    def keyPressEvent(self, event: Any) -> None:
        cid = self.current_card()
        if cid is not None and event.text() in ("+", "="):
            self.add.emit(cid)
            return
        if cid is not None and (event.text() == "-" or event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)):
            self.remove.emit(cid)
            return
        super().keyPressEvent(event)


class _Cell(QTableWidgetItem):
    """A cell sorted by its SORT value (numbers as numbers; ties by level, cost and name)."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        return self.data(SORT) < other.data(SORT)


def _cells(cid: str) -> list[tuple[str, tuple]]:
    """The row of card ``cid``: (the text shown, the sort key) a column, as :attr:`CardTable.COLUMNS`."""
    c = card(cid)
    name = c.name.casefold()
    sphere = SPHERES.index(c.sphere) if c.sphere in SPHERES else len(SPHERES)
    return [(c.name, (name,)),
            (SPHERE_NAMES[c.sphere].capitalize(), (sphere, c.level, c.cost, name)),
            (str(c.level), (c.level, c.cost, name)),
            (str(c.cost), (c.cost, c.level, name)),
            (f"+{c.resources}" if c.resources else "–", (c.resources, c.level, c.cost, name)),
            (points_words(cid) or "–", (c.points, c.points_per is not None, name)),
            ("", (0, name)),  # how many the deck holds: set by show_counts
            (c.text or "–", ((c.text or "").casefold(), name))]


class CardTable(CopyKeys, QTableWidget):
    """The collection as a sortable table, a row a card."""

    add = Signal(str)
    remove = Signal(str)

    COLUMNS = ("Card", "Sphere", "Level", "Cost", "Gives", "Points", "In deck", "Ability")
    IN_DECK = COLUMNS.index("In deck")
    TIPS = ("The card's name", "Forest, Myth, Stones or Neutral", "The card's level (0 to 4)", "What it costs to buy",
            "The resources it gives when spent", "Its points: ★ 3 fixed, + more by its text",
            "Copies in the deck shown, of the most it may hold", "What it does")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, len(self.COLUMNS), parent)
        self.setHorizontalHeaderLabels(self.COLUMNS)
        header = self.horizontalHeader()
        for col, tip in enumerate(self.TIPS):
            self.horizontalHeaderItem(col).setToolTip(f"{tip} (click to sort by it)")
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(self.COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setVisible(False)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setWordWrap(False)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setMouseTracking(True)
        self.setAccessibleName("The collection, as a list")
        self.itemActivated.connect(lambda item: self.add.emit(self.card_at(item.row())))
        header.setSortIndicator(self.COLUMNS.index("Sphere"), Qt.SortOrder.AscendingOrder)  # (the grid's order)
        self.setSortingEnabled(True)

    def set_cards(self, ids: Iterable[str]) -> None:
        """A row for each of ``ids``, sorted as the table is."""
        self.setSortingEnabled(False)  # (rows filled first, then sorted once)
        ids = list(ids)
        self.setRowCount(len(ids))
        for row, cid in enumerate(ids):
            tip = card_tooltip(cid) + "\nDouble-click, Enter or + adds a copy; - takes one away."
            for col, (text, key) in enumerate(_cells(cid)):
                cell = _Cell(text)
                cell.setData(SORT, key)
                cell.setData(CARD, cid)
                cell.setToolTip(tip)
                if 2 <= col <= 6:
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.setItem(row, col, cell)
        self.setSortingEnabled(True)

    def card_at(self, row: int) -> str | None:
        cell = self.item(row, 0)
        return cell.data(CARD) if cell is not None else None

    def row_of(self, cid: str) -> int:
        return next((r for r in range(self.rowCount()) if self.card_at(r) == cid), -1)

    def shown_cards(self) -> list[str]:
        """The cards of the rows not hidden, top to bottom."""
        return [self.card_at(r) for r in range(self.rowCount()) if not self.isRowHidden(r)]

    def current_card(self) -> str | None:
        row = self.currentRow()
        return self.card_at(row) if row >= 0 and not self.isRowHidden(row) else None

    def show_only(self, keep: Any) -> None:
        """Hide the rows of the cards ``keep(card id)`` leaves out."""
        for row in range(self.rowCount()):
            self.setRowHidden(row, not keep(self.card_at(row)))

    def show_counts(self, cards: Iterable[str]) -> None:
        """The "In deck" column for a deck holding ``cards``."""
        cards = list(cards)
        sorting = self.isSortingEnabled()
        self.setSortingEnabled(False)  # (a row does not jump away under the keys while counts change)
        for row in range(self.rowCount()):
            cid = self.card_at(row)
            n = cards.count(cid)
            cell = self.item(row, self.IN_DECK)
            cell.setText(f"{n} of {copies_allowed(cid)}" if n else "")
            cell.setData(SORT, (-n, card(cid).name.casefold()))
        self.setSortingEnabled(sorting)

    def sort_by(self, column: str, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort as a click on the head of ``column`` (one of :attr:`COLUMNS`) does."""
        self.sortByColumn(self.COLUMNS.index(column), order)

    # a row dragged onto the deck adds its card
    def mimeTypes(self) -> list[str]:
        return [MIME]

    def mimeData(self, items: list[QTableWidgetItem]) -> QMimeData:
        mime = QMimeData()
        if items:
            mime.setData(MIME, str(items[0].data(CARD)).encode())
        return mime
