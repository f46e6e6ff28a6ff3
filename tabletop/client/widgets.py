"""Small widgets shared by the screens: the score table with its breakdown."""

from __future__ import annotations

import re
from typing import Any, Callable

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QSizePolicy,
    QStyle,
    QStyleOptionHeader,
    QTableWidget,
    QTableWidgetItem,
)

_DETAIL = re.compile(r"^(.*?)\s*\((.*)\)\s*$")


def split_label(label: str) -> tuple[str, str]:
    """``"Complete trees (2 × 3)"`` -> ``("Complete trees", "2 × 3")``."""
    m = _DETAIL.match(label)
    return (m.group(1), m.group(2)) if m else (label, "")


def signed(points: int | None) -> str:
    """``+3``, ``−2``, ``0``; ``?`` for points the seat may not know yet."""
    if points is None:
        return "?"
    return f"+{points}" if points > 0 else ("−" + str(-points) if points < 0 else "0")


DETAILED_COLUMNS = 4  # up to this many players a cell also says how it was counted


def restyle(widget: Any, name: str, value: Any) -> None:
    """Set the property ``name`` the theme styles ``widget`` by (``QLabel#banner[kind="you"]``)
    and have the style sheet applied again, as Qt does not on a property change."""
    if widget.property(name) != value:
        widget.setProperty(name, value)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


def short_head(head: str, names: list[str], fits: Any) -> str:
    """``head`` (a name, after "★ " for a winner) shortened to the start of the name that
    ``fits`` -- but never shorter than the start no other of ``names`` shares."""
    star = "★ " if head.startswith("★ ") else ""
    name = head.removeprefix(star)
    others = [n for n in names if n != name]
    k = 1
    while k < len(name) and any(o[:k].casefold() == name[:k].casefold() for o in others):
        k += 1
    while k < len(name) and fits(star + name[:k + 1]):
        k += 1
    return star + name[:k]


def two_lines(text: str, fits: Callable[[str], bool]) -> str:
    """``text`` as it is when it ``fits``, else broken after the most words that fit on the first
    line (the second line cut by "…" where it is drawn, if it must be)."""
    if fits(text) or " " not in text:
        return text
    words = text.split()
    k = next((k for k in range(len(words) - 1, 1, -1) if fits(" ".join(words[:k]))), 1)
    return " ".join(words[:k]) + "\n" + " ".join(words[k:])


def label_room(header: QHeaderView, section: int, width: int) -> int:
    """The width the style leaves the text of ``header``'s ``section`` in ``width`` (the theme's
    padding and borders taken off: what Qt cuts with "…" beyond)."""
    option = QStyleOptionHeader()
    option.initFrom(header)
    option.section = section
    option.rect = QRect(0, 0, width, max(header.height(), 1))
    # (less 2 px: drawn, the label cuts a text as wide as the rect the style gives it)
    return header.style().subElementRect(QStyle.SubElement.SE_HeaderLabel, option, header).width() - 2


class ScoreTable(QTableWidget):
    """Scores as a table: one column per player, one row per scoring part, then the total.

    ``scores`` is the JSON form (``[{"total": 7, "parts": [{"label", "points"}]}]``) found in
    views and :meth:`Score.to_json`.  With ``details`` each cell also says how it was counted.
    """

    def __init__(self, parent: Any = None, details: bool = False) -> None:  # (a form makes it with its parent)
        super().__init__(parent)
        self.details = details
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAlternatingRowColors(True)
        self.setWordWrap(True)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideRight)  # a long name: "Annab…"
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._heads: list[str] = []  # the players' columns' whole heads (a name, "★ " for a winner)

    def show_scores(self, names: list[str], scores: list[dict[str, Any]], highlight: list[int] | None = None) -> None:
        highlight = highlight or []
        if not self.details and len(names) > DETAILED_COLUMNS:
            self._show_totals(names, scores, highlight)
            return
        rows: list[str] = []
        for s in scores:
            for part in s.get("parts", []):
                short, _ = split_label(part["label"])
                if short not in rows:
                    rows.append(short)
        self.clear()
        self.setColumnCount(len(names))
        self.setRowCount(len(rows) + 1)
        self._heads = [("★ " if i in highlight else "") + n for i, n in enumerate(names)]
        self.setHorizontalHeaderLabels(self._heads)
        self._fit_heads()
        self._row_labels(rows + ["Total"])
        bold = QFont(self.font())
        bold.setBold(True)
        for col, s in enumerate(scores):
            parts = {split_label(p["label"])[0]: p for p in s.get("parts", [])}
            for row, short in enumerate(rows):
                part = parts.get(short)
                if part is None:
                    item = QTableWidgetItem("")
                else:
                    detail = split_label(part["label"])[1]
                    text = signed(part["points"])
                    if self.details and detail and len(names) <= DETAILED_COLUMNS:
                        text = f"{text}   ({detail})"  # (with more players it is in the tooltip only)
                    item = QTableWidgetItem(text)
                    item.setToolTip(f"{names[col]}: {part['label']} → {signed(part['points'])}")
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.setItem(row, col, item)
            total = QTableWidgetItem("?" if s.get("total", 0) is None else str(s.get("total", 0)))
            total.setFont(bold)
            total.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            total.setToolTip(f"{names[col]}: {signed(s.get('total', 0))} points"
                             if s.get("total", 0) is not None else f"{names[col]}: their hand is hidden")
            self.setItem(len(rows), col, total)
        self._fit_height()

    def _show_totals(self, names: list[str], scores: list[dict[str, Any]], highlight: list[int]) -> None:
        """Many players in a narrow panel: a row per player with their total; how it was
        counted is in the row's tooltip."""
        self.clear()
        self.setColumnCount(1)
        self.setRowCount(len(names))
        self._heads = []
        self.setHorizontalHeaderLabels(["Total"])
        self._row_labels([("★ " if i in highlight else "") + n for i, n in enumerate(names)])
        bold = QFont(self.font())
        bold.setBold(True)
        for row, s in enumerate(scores):
            total = s.get("total", 0)
            item = QTableWidgetItem("?" if total is None else str(total))
            item.setFont(bold)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            parts = "\n".join(f"{p['label']}: {signed(p['points'])}" for p in s.get("parts", []))
            item.setToolTip(f"{names[row]}\n{parts}" if parts else names[row])
            self.setItem(row, 0, item)
        self._fit_height()

    def _fit_heads(self) -> None:
        """Each player's column head as the column shows it: the whole name when it fits, else
        as much of its start as fits and never less than tells the players apart ("Cle" for
        Cleopatra beside Ben and Dara), without "…"; the whole name is the head's tooltip."""
        if not self._heads or self.columnCount() != len(self._heads):
            return
        header = self.horizontalHeader()
        fm = header.fontMetrics()
        names = [h.removeprefix("★ ") for h in self._heads]
        for col, head in enumerate(self._heads):
            room = self._head_room(col)
            text = head if fm.horizontalAdvance(head) <= room else short_head(head, names, lambda t: fm.horizontalAdvance(t) <= room)
            item = self.horizontalHeaderItem(col)
            if item is not None:
                if item.text() != text:
                    item.setText(text)
                item.setToolTip(head.removeprefix("★ ") + (" (winner)" if head.startswith("★ ") else ""))

    def _head_room(self, col: int, width: int | None = None) -> int:
        """The width the style leaves a column head's text (the theme's padding and borders
        taken off: what Qt cuts with "…" beyond), in the column's width or ``width``."""
        header = self.horizontalHeader()
        return label_room(header, col, header.sectionSize(col) if width is None else width)

    ROW_LABELS_SHARE = 0.6  # the row labels take at most this share of the width: the players' columns stay in view

    def _row_labels(self, labels: list[str]) -> None:
        """The rows' labels, on two lines when one is too short for them ("Corrupted animals" over
        "in hand"), shortened with "…" only beyond that (the whole label is the tooltip)."""
        for row, text in enumerate(labels):
            item = QTableWidgetItem(text)
            item.setToolTip(text)
            self.setVerticalHeaderItem(row, item)
        self._cap_labels()

    ROW_LABELS_LEAST_SHARE = 0.45  # ... and give up room down to this share for the players' whole names

    def _cap_labels(self) -> None:
        cap = int(self.width() * self.ROW_LABELS_SHARE)
        if self._heads:  # the players' columns keep room for heads that tell them apart, whole if they can
            header = self.horizontalHeader()
            fm = header.fontMetrics()
            pad = 100 - self._head_room(0, 100)  # (the theme's padding and borders of a head)
            names = [h.removeprefix("★ ") for h in self._heads]
            whole = max(fm.horizontalAdvance(h) for h in self._heads) + pad
            least = max(fm.horizontalAdvance(short_head(h, names, lambda _: False)) for h in self._heads) + pad
            columns = self.width() - 2 * self.frameWidth()
            cap = min(cap, max(int(self.width() * self.ROW_LABELS_LEAST_SHARE), columns - len(self._heads) * whole),
                      columns - len(self._heads) * least)
        self.verticalHeader().setMaximumWidth(max(60, cap))
        self._wrap_labels(max(60, cap))

    def _wrap_labels(self, width: int) -> None:
        """Each row label whole on one line if ``width`` holds it, else broken between words onto
        two (the rows grow to hold them)."""
        header = self.verticalHeader()
        room = label_room(header, 0, width)
        fm = header.fontMetrics()
        wrapped = False
        for row in range(self.rowCount()):
            item = self.verticalHeaderItem(row)
            if item is None:
                continue
            whole = item.toolTip() or item.text().replace("\n", " ")
            text = two_lines(whole, lambda s: fm.horizontalAdvance(s) <= room)
            if "\n" in text:  # (Qt would cut the two lines as one: the second is cut here, if it must be)
                first, second = text.split("\n", 1)
                text = first + "\n" + fm.elidedText(second, Qt.TextElideMode.ElideRight, room)
                wrapped = True
            if item.text() != text:
                item.setText(text)
        header.setTextElideMode(Qt.TextElideMode.ElideNone if wrapped else Qt.TextElideMode.ElideRight)

    def _fit_height(self) -> None:
        """As tall as its rows, which a new width may wrap differently: no row is ever cut off."""
        self.resizeRowsToContents()
        self.updateGeometry()
        height = self.horizontalHeader().height() + sum(self.rowHeight(r) for r in range(self.rowCount())) + 4
        self.setFixedHeight(height)

    def updateGeometries(self) -> None:
        super().updateGeometries()
        self._fit_heads()  # (the columns' widths change with the table's and the row labels')

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self._cap_labels()
        self._fit_height()

    def cell_text(self, row: int, col: int) -> str:
        item = self.item(row, col)
        return item.text() if item else ""
