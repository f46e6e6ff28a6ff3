"""A row of buttons that goes on to more rows when the text is bigger than the row
(:class:`WrapLayout`): the gallery's tile buttons, the replay's controls (docs/client.md, "Bigger
text").  A module of its own, off the score table's: the gallery, in the first frame, takes no
more of Qt's classes than it uses."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QBoxLayout, QLayout, QLayoutItem, QWidget


def _delete_items(items: list[QLayoutItem]) -> None:
    """Delete a gone layout's items -- not the layouts among them, which went with it (its child
    objects)."""
    import shiboken6

    for item in items:
        if shiboken6.isValid(item) and item.layout() is None:
            shiboken6.delete(item)
    items.clear()


class WrapLayout(QLayout):
    """A row of items (buttons, or small layouts that keep a few together) that goes on to more
    rows when it is narrower than the items: each row is filled in order with as many items as
    fit, at their size hints (a bigger system text makes the gallery's tile buttons and the
    replay's controls wider than the room they had; docs/client.md, "Bigger text").

    A row's room left over goes to its items with a stretch; when none has one, it is shared by
    all of the row's items if ``justify`` (the buttons fill the row, as in a ``QHBoxLayout``),
    else left empty at the row's end.  Its height is known for a width (height for width), so a
    box layout above gives it the rows it needs, and a scroll area above scrolls to them; given
    more, the rows keep to the bottom.

    It does not say how it grows (a Python ``expandingDirections`` returns a Qt-namespace enum,
    whose first use builds all 93 of them, ~15 ms of the gallery's first frame): as Qt's own
    layouts, it may take the room its box gives it.  :class:`SnugWrapLayout` never grows."""

    CLEAN_UP = False  # delete its items when it goes (see __init__)

    def __init__(self, parent: Any = None, spacing: int = 6, justify: bool = True) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._stretch: list[int] = []
        self.justify = justify
        self._heights: dict[int, int] = {}  # height for width, until the layout is invalidated
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)
        # its items go with it, while their widgets are still there (a QWidgetItem outliving
        # its widget crashes when it is deleted; QLayout leaves its items to the subclass) --
        # for the layouts of screens made and let go while the app runs; the gallery's live as
        # long as its window (a Python slot on ``destroyed`` costs its exit ~25 ms)
        if self.CLEAN_UP:
            self.destroyed.connect(lambda _=None, items=self._items: _delete_items(items))

    @classmethod
    def instead_of(cls, box: QBoxLayout, justify: bool = True) -> WrapLayout:
        """A wrap layout put where ``box`` (a row of a form) is -- in its parent layout, or as its
        widget's layout -- with its name, items, their stretch, its spacing and margins; ``box``
        is emptied and deleted (the form's attribute is the caller's to set to the new one)."""
        parent = box.parent()
        wrap = cls(spacing=max(0, box.spacing()), justify=justify)
        wrap.setObjectName(box.objectName())
        wrap.setContentsMargins(box.contentsMargins())
        while box.count():
            stretch = box.stretch(0)
            item = box.takeAt(0)
            widget, layout = item.widget(), item.layout()
            if widget is not None:  # (an item Qt makes for it: a QWidgetItem of Python's is deleted by Python)
                del item
                wrap.addWidget(widget)
            elif layout is not None:
                wrap.addChildLayout(layout)
                wrap.add(layout)
            else:
                raise TypeError("a wrapped row holds widgets and layouts only")
            wrap._stretch[-1] = stretch
        if isinstance(parent, QBoxLayout):
            index = parent.indexOf(box)
            parent.removeItem(box)
            parent.insertLayout(index, wrap)
            box.deleteLater()
        elif isinstance(parent, QWidget) and parent.layout() is box:
            import shiboken6

            shiboken6.delete(box)  # (a widget takes another layout only once its own is gone)
            parent.setLayout(wrap)
        else:
            raise TypeError("the row must be an item of a box layout, or a widget's layout")
        return wrap

    # --- what QLayout asks of a layout ------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self.add(item)

    def add(self, item: QLayoutItem, stretch: int = 0) -> None:
        """Add ``item`` with a ``stretch`` (``addWidget`` adds a widget)."""
        self._items.append(item)
        self._stretch.append(stretch)
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if not 0 <= index < len(self._items):
            return None
        self._stretch.pop(index)
        item = self._items.pop(index)
        self.invalidate()
        return item

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        if width not in self._heights:
            self._heights[width] = self._place(QRect(0, 0, width, 0), move=False)
        return self._heights[width]

    def invalidate(self) -> None:
        self._heights = {}
        super().invalidate()

    def sizeHint(self) -> QSize:
        """All on one row."""
        shown = self._shown()
        m = self.contentsMargins()
        width = sum(i.sizeHint().width() for i, _ in shown) + self.spacing() * max(0, len(shown) - 1)
        height = max((i.sizeHint().height() for i, _ in shown), default=0)
        return QSize(width + m.left() + m.right(), height + m.top() + m.bottom())

    def minimumSize(self) -> QSize:
        """As wide as its widest item (no button is cut), as high as a row: the height its width
        needs is its height for width, which the layouts above ask (a minimum of an item a row
        would make a box layout above keep that much room at any width)."""
        shown = self._shown()
        m = self.contentsMargins()
        width = max((i.sizeHint().width() for i, _ in shown), default=0)
        height = max((i.minimumSize().height() for i, _ in shown), default=0)
        return QSize(width + m.left() + m.right(), height + m.top() + m.bottom())

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    # --- the rows --------------------------------------------------------------------
    def _shown(self) -> list[tuple[QLayoutItem, int]]:
        return [(i, s) for i, s in zip(self._items, self._stretch) if not i.isEmpty()]

    def rows(self, width: int) -> list[list[tuple[QLayoutItem, int]]]:
        """The items shown on each row at ``width`` (margins included)."""
        m = self.contentsMargins()
        room = width - m.left() - m.right()
        rows: list[list[tuple[QLayoutItem, int]]] = []
        used = 0
        for item, stretch in self._shown():
            w = item.sizeHint().width()
            if rows and used + self.spacing() + w <= room:
                rows[-1].append((item, stretch))
                used += self.spacing() + w
            else:
                rows.append([(item, stretch)])
                used = w
        return rows

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the rows out in ``rect`` (when ``move``); the height they take."""
        m = self.contentsMargins()
        room = rect.width() - m.left() - m.right()
        y = rect.y() + m.top()
        rows = self.rows(rect.width())
        if move:  # (more height than the rows need: they keep to its foot, as a tile's buttons do)
            y += max(0, rect.height() - self.heightForWidth(rect.width()))
        for r, row in enumerate(rows):
            widths = [i.sizeHint().width() for i, _ in row]
            spare = max(0, room - sum(widths) - self.spacing() * (len(row) - 1))
            shares = [s for _, s in row]
            if not any(shares):
                shares = [1] * len(row) if self.justify else [0] * len(row)
            total = sum(shares)
            if total:
                given = [spare * s // total for s in shares]
                given[-1 if shares[-1] else shares.index(max(shares))] += spare - sum(given)
                widths = [w + g for w, g in zip(widths, given)]
            heights = [i.heightForWidth(w) if i.hasHeightForWidth() else i.sizeHint().height()
                       for (i, _), w in zip(row, widths)]
            height = max(heights)
            if move:
                x = rect.x() + m.left()
                for (item, _), w in zip(row, widths):
                    item.setGeometry(QRect(x, y, w, height))
                    x += w + self.spacing()
            y += height + (self.spacing() if r < len(rows) - 1 else 0)
        return y + m.bottom() - rect.y()


class SnugWrapLayout(WrapLayout):
    """A :class:`WrapLayout` that never grows of itself (no expanding direction): it takes the
    rows it needs, no more (the replay's controls, the deck builder's rows -- screens made after
    the first frame)."""

    CLEAN_UP = True

    def expandingDirections(self) -> Any:
        from PySide6.QtCore import Qt

        return Qt.Orientation(0)
