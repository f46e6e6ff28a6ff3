"""The zones about players and questions: a player's panel and the prompt."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem

from ..panel_items import PanelItem
from ..table_items import (TEXT_LIGHT, TEXT_MUTED, ButtonItem, DecorItem, LabelItem, TableItem, draw_text, font,
                           framed, readable)
from ..theme import table_colour
from .base import ActionFor, CardFactory, Zone
from .cards import HandZone

# --- a player's panel --------------------------------------------------------------------------
def chip_painter(text: str, bg: QColor, fg: QColor, px: float = 17.0) -> Callable[[QPainter, QRectF], list[str]]:
    """A painter for a :class:`DecorItem`: a rounded chip with ``text`` (a mark on a panel:
    whose turn, a winner, imprisoned ...)."""

    def paint(p: QPainter, r: QRectF) -> list[str]:
        p.setPen(Qt.NoPen)
        p.setBrush(bg)
        p.drawRoundedRect(r, r.height() / 2, r.height() / 2)
        draw_text(p, r, text, font(readable(px), True), fg, Qt.AlignCenter)
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
            nr = name_rect or QRectF(rect.x() + pad, y, rect.width() - 2 * pad, readable(name_px) + 5)
            self.name_item = self.label(nr, name, name_px, TEXT_LIGHT, True, name_align)
            y = nr.bottom()
        self.line_items: list[LabelItem] = []
        for text, px, colour, bold in lines:
            h = readable(px) + 4
            self.line_items.append(self.label(QRectF(rect.x() + pad, y, rect.width() - 2 * pad, h), text, px, colour, bold))
            y += h + line_gap

    def chip(self, rect: QRectF, text: str, bg: QColor, fg: QColor, px: float = 17.0, tip: str = "") -> DecorItem:
        chip = self.add(DecorItem(rect, chip_painter(text, bg, fg, px), ("chip", text, bg.rgba(), fg.rgba(), px)))
        chip.setZValue(1)
        chip.setToolTip(tip or text)
        chip.text = text  # (its name: the words on it)
        return chip

    def hand(self, rect: QRectF, cards: Sequence[Any], make_card: CardFactory, **options: Any) -> HandZone:
        """A hand on this panel (a :class:`HandZone` inside it), named ``hand/<player>`` when the
        panel has a name."""
        zone = self.add(HandZone(rect, cards, make_card, **options))
        if self.address:
            zone.named(f"hand/{self.player}", self.where and f"in the hand, {self.where}")
        return zone

    def stands_for_zone(self) -> Any:
        """The board is the panel itself (``panel/2``)."""
        return self.board

    def member_address(self, item: Any) -> str:
        if item is self.board and self.address:
            return self.address
        return super().member_address(item)

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

    def __init__(self, pad: float = 12.0, title_top: float = 6.0, title_h: float = 44.0, title_px: float = 17.0,
                 title_lines: int = 2, sub_top: float = 0.0, sub_h: float = 0.0, sub_px: float = 17.0, sub_lines: int = 2,
                 buttons: str = "grid", buttons_top: float = 56.0, button_w: float = 250.0, button_h: float = 30.0,
                 button_h_many: float = 25.0, col_gap: float = 8.0, row_gap: float = 6.0, bottom: float = 14.0) -> None:
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
            self.add(DecorItem(rect, framed(table_colour("gold", 120), 1.5, fill, 12), board_key))
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
