"""The card zones: a hand, a pile (and the list of its cards), a spread of open cards."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem
from shiboken6 import isValid

from ..table_items import MIN_TEXT_PX, TEXT_LIGHT, TEXT_MUTED, ButtonItem, DecorItem, LabelItem, TableItem, draw_text, font, framed
from ..theme import table_colour
from .base import ActionFor, CardFactory, Zone

# --- a hand ----------------------------------------------------------------------------------
class HandZone(Zone):
    """A row (or, ``vertical``, a column) of cards: face up, or backs when ``hidden``.

    Each card gets an equal share of the rectangle's length -- the card and the ``gap`` after
    it -- and no more than ``max_len``; so a few cards keep their size and many are squeezed
    and never overlap.  Across, a card fills the rectangle, or (``aspect``: height / width of
    a horizontal hand) keeps its proportions.  ``places`` reserves room for that many cards
    at least (``make_place(rect, i)`` draws an empty one).  ``action_for(card)`` makes a click
    on a card play that action.  A ``reorderable`` hand lets the table drag its cards;
    :meth:`order_after_drop` says the new order."""

    def __init__(self, rect: QRectF, cards: Sequence[Any], make_card: CardFactory, *, hidden: bool = False,
                 max_len: float = 128.0, gap: float = 6.0, aspect: float | None = None, vertical: bool = False,
                 places: int = 0, make_place: Callable[[QRectF, int], TableItem] | None = None,
                 reorderable: bool = False, action_for: ActionFor | None = None,
                 parent: QGraphicsItem | None = None) -> None:
        super().__init__(rect, parent)
        self.cards = list(cards)
        self.hidden = hidden
        self.vertical = vertical
        self.reorderable = reorderable
        self.action_for = action_for
        self.items_: list[TableItem] = []
        n = max(1, len(self.cards), places)
        length = rect.height() if vertical else rect.width()
        size = min(max_len, length / n - gap)
        rects = [self._place(rect, i, size, gap, aspect, vertical) for i in range(max(len(self.cards), places))]
        if make_place is not None:
            for i in range(len(self.cards), places):
                self.add(make_place(rects[i], i))
        for i, c in enumerate(self.cards):
            self.items_.append(self.add(make_card(rects[i], None if hidden else c, i)))

    @staticmethod
    def _place(rect: QRectF, i: int, size: float, gap: float, aspect: float | None, vertical: bool) -> QRectF:
        if vertical:
            return QRectF(rect.x(), rect.y() + i * (size + gap), rect.width(), size)
        h = rect.height() if aspect is None else min(rect.height(), size * aspect)
        return QRectF(rect.x() + i * (size + gap), rect.y(), size, h)

    def card_items(self) -> list[TableItem]:
        """The cards, in order (not the empty places)."""
        return list(self.items_)

    def index_of(self, item: Any) -> int | None:
        return next((i for i, it in enumerate(self.items_) if it is item), None)

    def order_after_drop(self, dragged: TableItem, pos: QPointF) -> list[int]:
        """The hand's new order (old indices) once ``dragged`` is let go at ``pos``: it goes
        before the first card whose centre lies beyond the pointer."""
        old = self.index_of(dragged)
        if old is None:
            return list(range(len(self.items_)))
        at = pos.y() if self.vertical else pos.x()

        def centre(it: TableItem) -> float:
            c = it.card_scene_rect().center()
            return c.y() if self.vertical else c.x()

        new = sum(1 for it in self.items_ if it is not dragged and centre(it) < at)
        order = [i for i in range(len(self.items_)) if i != old]
        order.insert(new, old)
        return order

    def _action(self, item: Any) -> Any:
        i = self.index_of(item)
        if i is None or self.action_for is None or self.hidden:
            return None
        return self.action_for(self.cards[i])

    def clickable(self, item: Any) -> bool:
        return self._action(item) is not None

    def activate(self, item: Any) -> bool:
        return self._emit(self._action(item))

    def focusable(self) -> list[TableItem]:
        return [it for it in self.items_ if self.clickable(it)]


# --- a pile ------------------------------------------------------------------------------------
class PileZone(Zone):
    """A deck or a discard pile in ``rect`` (the size of its top card).

    ``count`` cards; the top one is ``top`` (``None``: a back), with ``depth`` backs peeking
    out under it.  ``label`` goes under the pile (``{count}`` is replaced by the count;
    ``None``: no label -- a game's pile item may draw its own), ``empty_text`` in its place
    when it is empty (``None``: the top item is drawn even then).  A pile given ``cards`` (what
    may be seen of it, oldest first) is browsable: a click opens a list of their names
    (``name_of``) over the table, and a click on it or on Close shuts it.  ``action`` is played
    by a click on a pile that is not browsable (a draw)."""

    def __init__(self, rect: QRectF, count: int, make_card: CardFactory, *, top: Any = None, depth: int = 0,
                 depth_step: float = 2.5, label: str | None = "{count}", label_px: float = 13.0, label_pad: float = 10.0,
                 empty_text: str | None = "empty", tip: str = "", cards: Sequence[Any] | None = None,
                 name_of: Callable[[Any], str] = str, browse_title: str = "", browse_rect: QRectF | None = None,
                 action: Any = None, parent: QGraphicsItem | None = None) -> None:
        super().__init__(rect, parent)
        self.count = count
        self.cards = None if cards is None else list(cards)
        self.name_of = name_of
        self.browse_title = browse_title
        self.browse_rect = browse_rect
        self.action = action
        self.browser: PileBrowser | None = None
        self.top_item: TableItem | None = None
        self.count_label: LabelItem | None = None
        if count == 0 and empty_text is not None:
            self.label(rect, empty_text, 12, TEXT_MUTED, align=Qt.AlignCenter, lines=2)
        else:
            for k in range(depth, 0, -1):
                under = self.add(make_card(rect.translated(k * depth_step, -k * depth_step), None, -k))
                under.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.top_item = self.add(make_card(QRectF(rect), top, 0))
            if tip:
                self.top_item.setToolTip(tip)
            if self.cards is not None or action is not None:
                self.top_item.setCursor(Qt.PointingHandCursor)
        if label is not None:
            self.count_label = self.label(QRectF(rect.x() - label_pad, rect.bottom() + 2, rect.width() + 2 * label_pad, 22),
                                          label.format(count=count), label_px, TEXT_LIGHT, True,
                                          Qt.AlignHCenter | Qt.AlignTop)

    @property
    def browsable(self) -> bool:
        return self.cards is not None

    def stands_for_zone(self) -> Any:
        """The top card is the pile itself (``pile/deck``), whatever card shows on it."""
        return self.top_item

    def member_address(self, item: Any) -> str:
        if item is self.top_item and self.address:
            return self.address
        return super().member_address(item)

    def clickable(self, item: Any) -> bool:
        return item is self.top_item and (self.browsable or self.action is not None)

    def activate(self, item: Any) -> bool:
        if item is self.top_item and self.browsable:
            self.close_browser() if self.browser is not None else self.open_browser()
            return True
        if item is self.top_item and self.action is not None:
            return self._emit(self.action)
        return False

    def focusable(self) -> list[TableItem]:
        return [self.top_item] if self.top_item is not None and self.clickable(self.top_item) else []

    def open_browser(self, rect: QRectF | None = None, title: str | None = None) -> "PileBrowser":
        """List the pile's cards over the table (the zone must be on the table)."""
        self.close_browser()
        scene = self.scene()
        r = rect or self.browse_rect or (scene.sceneRect().adjusted(200, 120, -200, -160) if scene is not None
                                         else QRectF(200, 120, 1200, 620))
        words = title if title is not None else (self.browse_title or
                                                 f"{self.count} card{'s' if self.count != 1 else ''}, oldest first")
        self.browser = PileBrowser(r, words, [self.name_of(c) for c in self.cards or []], self)
        if self.address:  # (a named pile's list is named after it: pile/discard/list)
            self.browser.named(f"{self.address}/list", f"the list of {words}")
        if scene is not None:
            scene.addItem(self.browser)
        return self.browser

    def close_browser(self) -> None:
        if self.browser is not None:
            if isValid(self.browser) and self.browser.scene() is not None:  # (a drawing may have taken it)
                self.browser.scene().removeItem(self.browser)
            self.browser = None


class PileBrowser(Zone):
    """The list of a pile's cards, over the table (z 40): a framed board, the title, the names in
    ``cols`` columns and a Close button (a ``cancel`` button: its pile closes it; a table that
    keeps the list open in its own state closes it its own way)."""

    def __init__(self, rect: QRectF, title: str, names: Sequence[str], pile: PileZone | None = None, cols: int = 4) -> None:
        super().__init__(rect)
        self.pile = pile
        self.setZValue(40)
        board = self.add(DecorItem(rect, framed(table_colour("gold"), 2, table_colour("board_fill", 235), 14), "discard-board"))
        board.setZValue(0)
        self.label(QRectF(rect.x() + 20, rect.y() + 12, rect.width() - 40, 26), title, 20, TEXT_LIGHT, True).setZValue(1)
        col_w = (rect.width() - 40) / cols
        for i, name in enumerate(names):
            col, row = i % cols, i // cols
            self.label(QRectF(rect.x() + 20 + col * col_w, rect.y() + 50 + row * 23, col_w - 10, 22), name, 17,
                       TEXT_LIGHT).setZValue(1)
        self.close_button = self.add(ButtonItem(QRectF(rect.right() - 140, rect.bottom() - 50, 120, 34), "Close", None, "cancel"))
        self.close_button.setZValue(2)

    def clickable(self, item: Any) -> bool:
        return item is self.close_button

    def activate(self, item: Any) -> bool:
        if item is self.close_button and self.pile is not None:
            self.pile.close_browser()
            return True
        return False

    def focusable(self) -> list[TableItem]:
        return [self.close_button]


# --- a spread ----------------------------------------------------------------------------------
class SpreadZone(Zone):
    """Open cards on spaces, in one row or ``rows`` rows, as large as they fit (at most
    ``max_w`` wide, ``aspect`` = height / width), each row centred.  A space holds one card or a
    stack (a list, bottom first): the cards under the top one peek out above it,
    ``stack_step`` apart, with a count on the top card, and only the top card may be clicked.
    ``action_for(card)`` makes a click on a top card play that action."""

    def __init__(self, rect: QRectF, spaces: Sequence[Any], make_card: CardFactory, *, max_w: float = 104.0,
                 aspect: float = 1.42, gap: float = 6.0, rows: Sequence[int] = (1, 2), stack_step: float = 5.0,
                 action_for: ActionFor | None = None, parent: QGraphicsItem | None = None) -> None:
        super().__init__(rect, parent)
        self.action_for = action_for
        self.stacks = [list(s) if isinstance(s, (list, tuple)) else [s] for s in spaces]
        self.tops: list[TableItem | None] = []
        self.under: list[TableItem] = []
        self.space_rects: list[QRectF] = []
        self.space_rects = self.spaces(rect, len(self.stacks), max_w=max_w, aspect=aspect, gap=gap, rows=rows)
        for i, (stack, space) in enumerate(zip(self.stacks, self.space_rects)):
            if not stack:
                self.tops.append(None)
                continue
            depth = len(stack) - 1
            for k, c in enumerate(stack[:-1]):
                under = self.add(make_card(space.translated(0, -(depth - k) * stack_step), c, i))
                under.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                under.setCursor(Qt.ArrowCursor)
                self.under.append(under)
            top = self.add(make_card(space, stack[-1], i))
            self.tops.append(top)
            if depth:
                badge = self.add(DecorItem(QRectF(space.right() - 30, space.y() + 4, 26, 26), _badge_painter(len(stack)),
                                           ("stack-badge", len(stack))))
                badge.setZValue(1)
                badge.setToolTip(f"A stack of {len(stack)} cards: only the top one can be taken")

    @staticmethod
    def spaces(rect: QRectF, n: int, *, max_w: float = 104.0, aspect: float = 1.42, gap: float = 6.0,
               rows: Sequence[int] = (1, 2)) -> list[QRectF]:
        """Where ``n`` spaces lie in ``rect`` (a zone is not made to find out: a layout may ask
        before it chooses which zone to make)."""
        if not n:
            return []
        best = None
        for r in rows:
            cols = -(-n // r)
            cw = min(max_w, (rect.width() - gap * (cols - 1)) / cols)
            ch = (rect.height() - gap * (r - 1)) / r
            cw = min(cw, ch / aspect)
            if best is None or cw > best[1] + 0.5:
                best = (r, cw, cols)
        _, cw, cols = best
        ch = cw * aspect
        out = []
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            x0 = rect.x() + (rect.width() - (in_row * cw + (in_row - 1) * gap)) / 2
            out.append(QRectF(x0 + col * (cw + gap), rect.y() + row * (ch + gap), cw, ch))
        return out

    def top_items(self) -> list[TableItem]:
        return [t for t in self.tops if t is not None]

    def top_card(self, item: Any) -> Any:
        """The card a top item shows (``None``: not a top item)."""
        for stack, top in zip(self.stacks, self.tops):
            if top is item:
                return stack[-1]
        return None

    def _action(self, item: Any) -> Any:
        if self.action_for is None or not any(t is item for t in self.tops):
            return None
        return self.action_for(self.top_card(item))

    def clickable(self, item: Any) -> bool:
        return self._action(item) is not None

    def activate(self, item: Any) -> bool:
        return self._emit(self._action(item))

    def focusable(self) -> list[TableItem]:
        return [t for t in self.top_items() if self.clickable(t)]


def _badge_painter(n: int) -> Callable[[QPainter, QRectF], list[str]]:
    def paint(p: QPainter, r: QRectF) -> list[str]:
        p.setPen(QPen(table_colour("ink"), 1.2))
        p.setBrush(table_colour("gold"))
        p.drawEllipse(r)
        draw_text(p, r, str(n), font(MIN_TEXT_PX, True), table_colour("ink"), Qt.AlignCenter)
        return [str(n)]
    return paint
