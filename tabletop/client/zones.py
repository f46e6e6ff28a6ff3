"""Zones: the parts of a card table that every game draws alike -- a hand, a pile, a spread of
open cards, a player's panel and the prompt -- as graphics items a table composes.

A zone is given its rectangle and its part of the view, and a *card factory*: a callable
``make_card(rect, card, index)`` that makes the game's own card item (a
:class:`~tabletop.client.table_items.TableItem`) for ``card`` -- whatever the game calls a card:
an id, a dict -- or for a back when ``card`` is ``None``.  The zone lays out its children and
knows which of them may be clicked; it never acts on the game.

Clicks go through the table's usual path: the scene finds the item under the pointer
(``_item_at``) and calls :meth:`~tabletop.client.table_base.TableScene.activate`, which hands
the item to :func:`activate_zone` first.  A zone that knows what the click means (an answer
button, a card with an ``action_for``, a pile to browse) does it -- an action goes out through
:meth:`~tabletop.client.table_base.TableScene.emit_action`, so the hint, the half-made choice and
the refusal work as for any other move -- and says it did; otherwise the table decides.
There are no signals of the zones' own.  The keyboard focus ring, the hint and dragging work on
a zone's items as on any other item: the items are ordinary table items, children of the zone.

Coordinates: a zone stays at the origin of its parent, so its children are placed in the same
(scene) coordinates as the table's own items; a table's dragging and flying code moves them as
it moves any item.  A zone draws nothing itself and is never hit by a click (its shape is
empty); its children are stacked among themselves, and the zone among the table's items by its
own z value (a panel's zone sits at its board's depth, -10).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject

from .table_items import TEXT_LIGHT, TEXT_MUTED, ButtonItem, DecorItem, LabelItem, PanelItem, TableItem, draw_text, font, framed

CardFactory = Callable[[QRectF, Any, int], TableItem]  # (rect, card or None for a back, index) -> the game's item
ActionFor = Callable[[Any], Any]  # a card (or a player) -> the Action a click on it plays, or None


def zone_of(item: Any) -> "Zone | None":
    """The zone ``item`` belongs to (``None``: a table's own item)."""
    return getattr(item, "zone", None)


def activate_zone(item: Any) -> bool:
    """A click (or Enter, or a digit) on ``item``: its zone does what it means, if it knows.
    Returns whether the zone took the click (then the table does nothing more with it)."""
    zone = zone_of(item)
    return zone is not None and zone.activate(item)


class Zone(QGraphicsObject):
    """A container for a part of the table: no painting, no hit area, children in its parent's
    coordinates.  ``add`` makes an item a member; ``activate`` and ``focusable`` say what its
    members do."""

    def __init__(self, rect: QRectF, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self._rect = QRectF(rect)
        self._members: list[QGraphicsItem] = []
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    # geometry (the zone itself is never drawn nor clicked)
    def rect(self) -> QRectF:
        return QRectF(self._rect)

    def boundingRect(self) -> QRectF:
        return QRectF(self._rect)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint(self, p: QPainter, option: Any = None, widget: Any = None) -> None:
        pass

    # members
    def add(self, item: QGraphicsItem) -> Any:
        """Make ``item`` a member (a child, stacked after the members before it)."""
        item.setParentItem(self)
        if not isinstance(item, Zone):
            item.zone = self
        self._members.append(item)
        return item

    def members(self) -> list[Any]:
        return list(self._members)

    def label(self, rect: QRectF, text: str, px: float, colour: QColor = TEXT_LIGHT, bold: bool = False,
              align: int = Qt.AlignLeft | Qt.AlignTop, lines: int = 1) -> LabelItem:
        """Text on the felt, a member of this zone."""
        return self.add(LabelItem(rect, text, px, colour, bold, align, lines))

    # what the members do
    def activate(self, item: Any) -> bool:
        """A click on ``item`` (a member): do what it means and return True, or return False to
        leave it to the table."""
        return False

    def clickable(self, item: Any) -> bool:
        """Whether a click on ``item`` means anything to this zone."""
        return False

    def focusable(self) -> list[TableItem]:
        """The members the focus ring may stop on, in order (those that :meth:`activate` takes)."""
        return []

    def _emit(self, action: Any) -> bool:
        scene = self.scene()
        if action is None or scene is None or not hasattr(scene, "emit_action"):
            return False
        scene.emit_action(action)
        return True


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
            self.count_label = self.label(QRectF(rect.x() - label_pad, rect.bottom() + 2, rect.width() + 2 * label_pad, 18),
                                          label.format(count=count), label_px, TEXT_LIGHT, True,
                                          Qt.AlignHCenter | Qt.AlignTop)

    @property
    def browsable(self) -> bool:
        return self.cards is not None

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
        if scene is not None:
            scene.addItem(self.browser)
        return self.browser

    def close_browser(self) -> None:
        if self.browser is not None:
            if self.browser.scene() is not None:
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
        board = self.add(DecorItem(rect, framed(QColor("#ffe58a"), 2, QColor(12, 12, 20, 235), 14), "discard-board"))
        board.setZValue(0)
        self.label(QRectF(rect.x() + 20, rect.y() + 12, rect.width() - 40, 26), title, 17, TEXT_LIGHT, True).setZValue(1)
        col_w = (rect.width() - 40) / cols
        for i, name in enumerate(names):
            col, row = i % cols, i // cols
            self.label(QRectF(rect.x() + 20 + col * col_w, rect.y() + 50 + row * 19, col_w - 10, 18), name, 13,
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
        n = len(self.stacks)
        if not n:
            return
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
        for i, stack in enumerate(self.stacks):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            x0 = rect.x() + (rect.width() - (in_row * cw + (in_row - 1) * gap)) / 2
            space = QRectF(x0 + col * (cw + gap), rect.y() + row * (ch + gap), cw, ch)
            self.space_rects.append(space)
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
                badge = self.add(DecorItem(QRectF(space.right() - 24, space.y() + 4, 20, 20), _badge_painter(len(stack))))
                badge.setZValue(1)
                badge.setToolTip(f"A stack of {len(stack)} cards: only the top one can be taken")

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
        p.setPen(QPen(QColor("#2b2112"), 1.2))
        p.setBrush(QColor("#ffe58a"))
        p.drawEllipse(r)
        draw_text(p, r, str(n), font(11, True), QColor("#2b2112"), Qt.AlignCenter)
        return [str(n)]
    return paint


# --- a player's panel --------------------------------------------------------------------------
def chip_painter(text: str, bg: QColor, fg: QColor, px: float = 17.0) -> Callable[[QPainter, QRectF], list[str]]:
    """A painter for a :class:`DecorItem`: a rounded chip with ``text`` (a mark on a panel:
    whose turn, a winner, imprisoned ...)."""

    def paint(p: QPainter, r: QRectF) -> list[str]:
        p.setPen(Qt.NoPen)
        p.setBrush(bg)
        p.drawRoundedRect(r, r.height() / 2, r.height() / 2)
        draw_text(p, r, text, font(px, True), fg, Qt.AlignCenter)
        return [text]

    return paint


class PlayerPanelZone(Zone):
    """A player's area: a board (``board``, a clickable item of role ``player``; by default the
    shared :class:`PanelItem`, framed in gold while they decide), their ``name`` in the top
    left corner and, under it, ``lines`` of marks and counts (text, size, colour, bold).  The
    table adds the rest (:meth:`add`, :meth:`label`, :meth:`chip`, :meth:`hand`).  The zone sits
    at its board's depth, so what lies on the board stays above it and under the table's
    items.  ``action_for(player)`` makes a click on the board play that action."""

    def __init__(self, rect: QRectF, player: int, *, active: bool = False, board: TableItem | None = None,
                 name: str = "", name_px: float = 15.0, name_rect: QRectF | None = None,
                 name_align: int = Qt.AlignLeft | Qt.AlignTop, pad: float = 10.0,
                 lines: Sequence[tuple[str, float, QColor, bool]] = (), line_gap: float = 4.0,
                 action_for: ActionFor | None = None, parent: QGraphicsItem | None = None) -> None:
        super().__init__(rect, parent)
        self.player = player
        self.action_for = action_for
        self.board = board if board is not None else PanelItem(rect, player, active)
        self.setZValue(self.board.zValue())
        self.add(self.board)
        self.name_item: LabelItem | None = None
        y = rect.y() + 6
        if name:
            nr = name_rect or QRectF(rect.x() + pad, y, rect.width() - 2 * pad, name_px + 5)
            self.name_item = self.label(nr, name, name_px, TEXT_LIGHT, True, name_align)
            y = nr.bottom()
        self.line_items: list[LabelItem] = []
        for text, px, colour, bold in lines:
            h = px + 4
            self.line_items.append(self.label(QRectF(rect.x() + pad, y, rect.width() - 2 * pad, h), text, px, colour, bold))
            y += h + line_gap

    def chip(self, rect: QRectF, text: str, bg: QColor, fg: QColor, px: float = 17.0, tip: str = "") -> DecorItem:
        chip = self.add(DecorItem(rect, chip_painter(text, bg, fg, px)))
        chip.setZValue(1)
        chip.setToolTip(tip or text)
        return chip

    def hand(self, rect: QRectF, cards: Sequence[Any], make_card: CardFactory, **options: Any) -> HandZone:
        """A hand on this panel (a :class:`HandZone` inside it)."""
        return self.add(HandZone(rect, cards, make_card, **options))

    def _action(self, item: Any) -> Any:
        if item is not self.board or self.action_for is None:
            return None
        return self.action_for(self.player)

    def clickable(self, item: Any) -> bool:
        return self._action(item) is not None

    def activate(self, item: Any) -> bool:
        return self._emit(self._action(item))

    def focusable(self) -> list[TableItem]:
        return [self.board] if self.clickable(self.board) else []


# --- the prompt --------------------------------------------------------------------------------
class PromptStyle:
    """How a :class:`PromptZone` is laid out: the padding, the title's and the subtitle's
    places and sizes, and the buttons: ``grid`` (under the title, in columns, as many rows as
    fit, each ``button_h`` high -- ``button_h_many`` when there are more than 14) or ``row``
    (``button_w`` x ``button_h``, along the bottom from the right)."""

    def __init__(self, pad: float = 12.0, title_top: float = 8.0, title_h: float = 40.0, title_px: float = 14.0,
                 title_lines: int = 2, sub_top: float = 0.0, sub_h: float = 0.0, sub_px: float = 13.0, sub_lines: int = 2,
                 buttons: str = "grid", buttons_top: float = 52.0, button_w: float = 250.0, button_h: float = 30.0,
                 button_h_many: float = 24.0, col_gap: float = 8.0, row_gap: float = 6.0, bottom: float = 14.0) -> None:
        self.pad, self.title_top, self.title_h, self.title_px, self.title_lines = pad, title_top, title_h, title_px, title_lines
        self.sub_top, self.sub_h, self.sub_px, self.sub_lines = sub_top, sub_h, sub_px, sub_lines
        self.buttons, self.buttons_top, self.button_w, self.button_h = buttons, buttons_top, button_w, button_h
        self.button_h_many, self.col_gap, self.row_gap, self.bottom = button_h_many, col_gap, row_gap, bottom


Choice = tuple  # (text, action or None, kind[, tooltip]): a button of the prompt


class PromptZone(Zone):
    """The question and its answers: an optional framed board (``fill``; ``board_key`` names
    its sprite), the ``title`` (in ``title_colour``), an optional ``subtitle``, and one button per
    choice -- ``(text, action, kind[, tip])`` made by ``make_button`` (the shared
    :class:`ButtonItem` by default).  A click on a button with an action plays it; a button
    without one (a menu, Cancel) is the table's to handle."""

    def __init__(self, rect: QRectF, title: str, choices: Sequence[Choice], *, subtitle: str | None = None,
                 title_colour: QColor = TEXT_LIGHT, style: PromptStyle | None = None, fill: QColor | None = None,
                 board_key: str | None = None, make_button: Callable[..., ButtonItem] = ButtonItem,
                 parent: QGraphicsItem | None = None) -> None:
        super().__init__(rect, parent)
        s = style or PromptStyle()
        self.style = s
        if fill is not None:
            self.add(DecorItem(rect, framed(QColor(255, 229, 138, 120), 1.5, fill, 12), board_key))
        self.title_item = self.label(QRectF(rect.x() + s.pad, rect.y() + s.title_top, rect.width() - 2 * s.pad, s.title_h),
                                     title, s.title_px, title_colour, True, lines=s.title_lines)
        self.subtitle_item: LabelItem | None = None
        if subtitle is not None:
            self.subtitle_item = self.label(QRectF(rect.x() + s.pad, rect.y() + s.sub_top, rect.width() - 2 * s.pad, s.sub_h),
                                            subtitle, s.sub_px, TEXT_MUTED, lines=s.sub_lines)
        self.buttons: list[ButtonItem] = []
        for choice, r in zip(choices, self._button_rects(rect, len(choices), s)):
            text, action, kind = choice[:3]
            tip = choice[3] if len(choice) > 3 else ""
            self.buttons.append(self.add(make_button(r, text, action, kind, tip)))

    @staticmethod
    def _button_rects(r: QRectF, n: int, s: PromptStyle) -> list[QRectF]:
        if s.buttons == "row":
            bw, bh = s.button_w, s.button_h
            return [QRectF(r.right() - s.pad - bw - i * (bw + s.col_gap), r.bottom() - s.bottom - bh, bw, bh) for i in range(n)]
        bh = s.button_h if n <= 14 else s.button_h_many
        rows_fit = max(1, int((r.height() - s.buttons_top - 8) // (bh + s.row_gap)))
        cols = max(1, -(-n // rows_fit))
        bw = (r.width() - 2 * s.pad - s.col_gap * (cols - 1)) / cols
        x0, y0 = r.x() + s.pad, r.y() + s.buttons_top
        out = []
        for i in range(n):
            col, row = (i // rows_fit, i % rows_fit) if cols > 1 else (0, i)
            out.append(QRectF(x0 + col * (bw + s.col_gap), y0 + row * (bh + s.row_gap), bw, bh))
        return out

    def button_for(self, action: Any) -> ButtonItem | None:
        return next((b for b in self.buttons if b.action == action), None)

    def clickable(self, item: Any) -> bool:
        return any(b is item for b in self.buttons) and item.action is not None

    def activate(self, item: Any) -> bool:
        return self._emit(item.action) if self.clickable(item) else False

    def focusable(self) -> list[TableItem]:
        return list(self.buttons)
