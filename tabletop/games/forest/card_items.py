"""The cards and places of the Once Upon a Forest table, painted as vectors (paths, gradients
and text) so they are sharp at any scale: a card's face and back, a place of a tree (a slot),
a face-down pile, a player's area and the compost of a solo game."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPainterPath, QPen, QRadialGradient

from tabletop.client.sprites import draw_shadow
from tabletop.client.table_items import (
    MIN_TEXT_PX,
    TARGET,
    TEXT_LIGHT,
    TEXT_MUTED,
    TableItem,
    card_radius,
    draw_text,
    fits,
    font,
    note_cut,
    note_font,
    readable,
    rounded,
    text_width,
    wrap_lines,
)

from .cards import LEVELS, Card, card, species_names

# --- colours -----------------------------------------------------------------------------
LEVEL_COLOURS = [QColor("#8b5a2b"), QColor("#76862a"), QColor("#3c8c43"), QColor("#22a08c")]
LEVEL_LIGHT = [QColor("#e0b384"), QColor("#d4e07a"), QColor("#98dc8c"), QColor("#86e8d2")]
LEVEL_SHORT = ["Ground", "1st", "2nd", "Canopy"]
SPECIES_COLOURS = {
    "hedgehog": QColor("#e58a2a"),
    "boar": QColor("#8d6e63"),
    "beetle": QColor("#7048c8"),
    "woodpecker": QColor("#d63a4f"),
    "squirrel": QColor("#e2b200"),
    "dormouse": QColor("#d45aa8"),
    "owl": QColor("#546e7a"),
    "jay": QColor("#2f86d6"),
}
PAPER = QColor("#fbf6e6")
PAPER_DARK = QColor("#eee3c4")
INK = QColor("#2b2418")
SAW_RED = QColor("#d62828")

DURATION_MS = 250


def card_words(c: Card) -> str:
    """``Canopy, 2 jays, chainsaw``: a card in words after its name (its label's parenthesis), as
    a screen reader says it."""
    return c.label()[len(c.name) + 2:-1]


def draw_saw(p: QPainter, rect: QRectF) -> None:
    """A small red chainsaw blade: a bar with a zigzag of teeth along its top edge."""
    teeth = 5
    x, y, w, h = rect.x(), rect.y(), rect.width(), rect.height()
    tw = w / teeth
    path = QPainterPath()
    path.moveTo(x, y + h * 0.45)
    for i in range(teeth):
        path.lineTo(x + (i + 0.5) * tw, y)
        path.lineTo(x + (i + 1) * tw, y + h * 0.45)
    path.lineTo(x + w, y + h * 0.75)
    path.quadTo(x + w, y + h, x + w - h * 0.25, y + h)
    path.lineTo(x + h * 0.25, y + h)
    path.quadTo(x, y + h, x, y + h * 0.75)
    path.closeSubpath()
    p.setPen(QPen(QColor("#7a0d0d"), max(0.8, h * 0.07)))
    p.setBrush(SAW_RED)
    p.drawPath(path)
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(255, 255, 255, 200))
    r = h * 0.13
    p.drawEllipse(QPointF(x + w * 0.5, y + h * 0.72), r, r)


def draw_token(p: QPainter, centre: QPointF, d: float, species: str | None) -> None:
    """One animal: a coloured disc with a small white paw print."""
    colour = SPECIES_COLOURS.get(species or "", QColor("#777777"))
    p.setPen(QPen(colour.darker(150), max(0.6, d * 0.06)))
    p.setBrush(colour)
    p.drawEllipse(centre, d / 2, d / 2)
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(255, 255, 255, 235))
    p.drawEllipse(QPointF(centre.x(), centre.y() + d * 0.12), d * 0.17, d * 0.14)
    for dx, dy in ((-0.2, -0.1), (0.0, -0.2), (0.2, -0.1)):
        p.drawEllipse(QPointF(centre.x() + dx * d, centre.y() + dy * d), d * 0.07, d * 0.07)


def draw_star(p: QPainter, centre: QPointF, r: float, colour: QColor) -> None:
    path = QPainterPath()
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pt = QPointF(centre.x() + rr * math.cos(a), centre.y() + rr * math.sin(a))
        if i == 0:
            path.moveTo(pt)
        else:
            path.lineTo(pt)
    path.closeSubpath()
    p.setPen(QPen(colour.darker(160), max(0.6, r * 0.12)))
    p.setBrush(colour)
    p.drawPath(path)


def _row_height(worded: bool, icon_h: float) -> float:
    """A row of a card's animals or chainsaw: its marks, with room for words beside them."""
    return max(icon_h, MIN_TEXT_PX * 1.15) if worded else icon_h


def _rows_height(rows: list[tuple[str, ...]], worded: bool, icon_h: float) -> float:
    return len(rows) * (_row_height(worded, icon_h) + 3)


def _body_plan(c: Card, rect: QRectF, top: float, pad: float) -> tuple[QRectF, float, list[tuple[str, ...]], bool]:
    """How the body of ``c`` (the part of ``rect`` below ``top``) is laid out: its rectangle,
    the name's size, the rows of marks (the animals and the chainsaw, each on its row or both on
    one) and whether words go beside the marks.  The name comes first: the first way in which it
    shows whole, from the roomiest -- a row each, with words -- to the tightest -- both marks on
    one row, without words; at its size, then at the smallest size a table draws text at; within
    the card's margins, then nearer its edges.  (When none does, the roomiest way.)"""
    w, h = rect.width(), rect.height()
    bottom = rect.bottom() - max(3.0, h * 0.04)
    natural = readable(min(24.0, h * 0.19, w * 0.13))
    icon_h = _icon_height(h)
    parts = ((("animals",),) if c.animals else ()) + ((("saw",),) if c.chainsaw else ())
    one = [("animals", "saw")] if len(parts) == 2 else list(parts)
    # (words only on a card tall enough for them)
    ways = [(rows, worded) for worded in (True, False) for rows in (list(parts), one) if h >= 66 or not worded]
    for margin in (pad, min(pad, 4.0)):
        body = QRectF(rect.x() + margin, top, w - 2 * margin, bottom - top)
        for px in (natural, MIN_TEXT_PX):
            f = font(px, bold=True)
            for rows, worded in ways:
                lines = int(min(3, (body.height() - _rows_height(rows, worded, icon_h)) // (px * 1.2)))
                if lines > 0 and fits(c.name, f, body.width(), lines):
                    return body, px, rows, worded
    return QRectF(rect.x() + pad, top, w - 2 * pad, bottom - top), natural, ways[0][0], ways[0][1]


def _icon_height(h: float) -> float:
    """The height of a card's marks (an animal, the chainsaw) on a card ``h`` high."""
    return max(8.0, min(22.0, h * 0.15))


def draw_card_face(p: QPainter, rect: QRectF, c: Card, covered: int = 0) -> list[str]:
    """Paint the face of ``c`` in ``rect``; return the strings drawn (for tests)."""
    texts: list[str] = []
    w, h = rect.width(), rect.height()
    rad = card_radius(rect)
    path = rounded(rect, rad)
    grad = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    grad.setColorAt(0, PAPER)
    grad.setColorAt(1, PAPER_DARK)
    p.setPen(QPen(QColor(60, 45, 20, 160), 1.0))
    p.setBrush(grad)
    p.drawPath(path)
    # the level band along the top (its words only on a card tall enough for them)
    band_h = max(12.0, min(28.0, h * 0.21))
    worded = band_h >= 20 and w >= 60
    band = QRectF(rect.x(), rect.y(), w, band_h)
    p.save()
    p.setClipPath(path)
    p.setPen(Qt.NoPen)
    bg = QLinearGradient(band.topLeft(), band.bottomLeft())
    bg.setColorAt(0, LEVEL_COLOURS[c.level].lighter(115))
    bg.setColorAt(1, LEVEL_COLOURS[c.level])
    p.setBrush(bg)
    p.drawRect(band)
    # a faint leafy motif in the body
    p.setBrush(QColor(LEVEL_COLOURS[c.level].red(), LEVEL_COLOURS[c.level].green(), LEVEL_COLOURS[c.level].blue(), 28))
    p.drawEllipse(QPointF(rect.right() - w * 0.12, rect.bottom() - h * 0.1), w * 0.28, h * 0.32)
    p.restore()
    pad = max(3.0, w * 0.05)
    band_font = font(readable(band_h * 0.62), bold=True)
    level_text = LEVELS[c.level] if w >= 110 and not (c.start and covered) else LEVEL_SHORT[c.level]
    right_reserved = 0.0
    if c.start:
        sr = band_h * 0.36
        draw_star(p, QPointF(rect.right() - pad - sr, band.center().y()), sr, QColor("#ffe16b"))
        right_reserved = sr * 2 + 3
        if w >= 150 and worded:
            st_rect = QRectF(band.x(), band.y(), w - pad - right_reserved - 2, band_h)
            draw_text(p, st_rect, "Start", band_font, QColor("#fff6c4"), Qt.AlignRight | Qt.AlignVCenter)
            texts.append("Start")
            right_reserved += text_width("Start", band_font) + 4
    cov = f"{covered} under"
    cf = font(MIN_TEXT_PX)
    cw = text_width(cov, cf)
    if covered and worded and w - 2 * pad - right_reserved - cw - 6 >= text_width(level_text, band_font):
        draw_text(p, QRectF(rect.right() - pad - right_reserved - cw - 2, band.y(), cw + 2, band_h), cov, cf,
                  QColor(255, 255, 255, 215), Qt.AlignRight | Qt.AlignVCenter)
        texts.append(cov)
        right_reserved += cw + 6
    if worded and text_width(level_text, band_font) <= w - 2 * pad - right_reserved:
        draw_text(p, QRectF(band.x() + pad, band.y(), w - 2 * pad - right_reserved, band_h), level_text, band_font,
                  QColor("white"))
        texts.append(level_text)
    # the body: the name at the top, the animals and the chainsaw along the bottom
    body, name_px, rows, worded_rows = _body_plan(c, rect, band.bottom() + max(2.0, h * 0.03), pad)
    icon_h = _icon_height(h)
    nf = font(name_px, bold=True)
    # (no room for a line, or for a word: the name is in the enlarged card)
    max_lines = min(3, int((body.height() - _rows_height(rows, worded_rows, icon_h)) // (name_px * 1.2)))
    name_lines = wrap_lines(c.name, nf, body.width(), max_lines) if max_lines > 0 and body.width() >= 50 else []
    note_font(nf)
    p.setFont(nf)
    p.setPen(INK)
    y = body.y()
    for line in name_lines:
        p.drawText(QRectF(body.x(), y, body.width(), name_px * 1.25), int(Qt.AlignLeft | Qt.AlignVCenter), line)
        y += name_px * 1.2
    if name_lines:
        shown = " ".join(name_lines)
        note_cut(c.name, shown)
        texts.append(shown)
    row_h = _row_height(worded_rows, icon_h)
    by = body.bottom() - _rows_height(rows, worded_rows, icon_h) + 3
    small_font = font(readable(icon_h * 0.85))
    sf = font(readable(icon_h * 0.85), bold=True)
    sw = icon_h * 1.8
    for row in rows:
        x = body.x()
        if "animals" in row:
            d = icon_h
            for i in range(c.animals):
                draw_token(p, QPointF(x + d / 2 + i * d * 0.92, by + row_h / 2), d, c.species)
            x += d * 0.92 * (c.animals - 1) + d + 4
            saw_w = sw + 8 if "saw" in row else 0.0  # (a chainsaw on the same row keeps its room)
            sp = species_names().get(c.species or "", c.species or "")
            avail = body.right() - saw_w - x
            label = f"{c.animals} × {sp}"
            if text_width(label, small_font) > avail:
                label = sp if text_width(sp, small_font) <= avail else f"×{c.animals}"
            if worded_rows and text_width(label, small_font) <= avail:
                draw_text(p, QRectF(x, by, avail, row_h), label, small_font, INK)
                texts.append(label)
                x += text_width(label, small_font)
            x += 8
        if "saw" in row:
            draw_saw(p, QRectF(x, by + (row_h - icon_h * 0.9) / 2, sw, icon_h * 0.9))
            x += sw + 4
            avail = body.right() - x
            if worded_rows and text_width("Chainsaw", sf) <= avail:
                draw_text(p, QRectF(x, by, avail, row_h), "Chainsaw", sf, SAW_RED)
                texts.append("Chainsaw")
        by += row_h + 3
    return texts


def draw_card_back(p: QPainter, rect: QRectF, level: int, label: bool = True) -> list[str]:
    """The back of a card: its level colour with a stylised tree and the level name."""
    rad = card_radius(rect)
    path = rounded(rect, rad)
    base = LEVEL_COLOURS[level]
    grad = QRadialGradient(rect.center(), max(rect.width(), rect.height()) * 0.75)
    grad.setColorAt(0, base.lighter(130))
    grad.setColorAt(1, base.darker(125))
    p.setPen(QPen(base.darker(170), 1.2))
    p.setBrush(grad)
    p.drawPath(path)
    inner = rect.adjusted(3, 3, -3, -3)
    p.setPen(QPen(QColor(255, 255, 255, 90), 1.0))
    p.setBrush(Qt.NoBrush)
    p.drawRoundedRect(inner, rad * 0.7, rad * 0.7)
    # a little tree silhouette with the level's part emphasised
    cx = rect.center().x()
    size = min(rect.width(), rect.height()) * 0.5
    top = rect.y() + rect.height() * (0.14 if label else 0.25)
    p.setPen(Qt.NoPen)
    for i in range(4):  # 0 = canopy (top) ... 3 = ground
        lvl = 3 - i
        alpha = 200 if lvl == level else 70
        p.setBrush(QColor(255, 255, 255, alpha))
        yy = top + i * size * 0.24
        ww = size * (0.5 + 0.18 * i) if lvl >= 2 else size * (0.18 if lvl == 1 else 0.9)
        hh = size * 0.2
        p.drawRoundedRect(QRectF(cx - ww / 2, yy, ww, hh), hh * 0.4, hh * 0.4)
    texts: list[str] = []
    if label:
        f = font(readable(min(rect.height() * 0.16, rect.width() * 0.16)), bold=True)
        text = LEVELS[level] if text_width(LEVELS[level], f) <= rect.width() - 6 else LEVEL_SHORT[level]
        tr = QRectF(rect.x() + 2, rect.bottom() - rect.height() * 0.36, rect.width() - 4, rect.height() * 0.3)
        if rect.height() >= 60 and text_width(text, f) <= rect.width() - 4:  # (a small back: its colour says it)
            draw_text(p, tr.translated(0.8, 0.8), text, f, QColor(0, 0, 0, 120), Qt.AlignCenter)
            draw_text(p, tr, text, f, QColor("white"), Qt.AlignCenter)
            texts.append(text)
    return texts


class CardItem(TableItem):
    """A card: a face (``card_id``) or a back (``level`` only)."""

    def __init__(self, rect: QRectF, card_id: str | None, level: int, role: str | None = None, back_label: bool = True) -> None:
        super().__init__(rect, role)
        self.card_id = card_id
        self.level = level
        self.back_label = back_label
        self.lift = 0.0
        if card_id is not None:
            self.setToolTip(card(card_id).label())
            self.about = card_words(card(card_id))
        else:
            self.setToolTip(f"A hidden {LEVELS[level]} card")
            self.about = LEVELS[level]  # (the back shows the level)

    def sprite_key(self) -> tuple | None:
        return (self.card_id, self.level, self.back_label, self.lift, self._size.width(), self._size.height())

    def magnified(self, rect: QRectF) -> CardItem:
        return CardItem(rect, self.card_id, self.level, None, self.back_label)

    def paint_body(self, p: QPainter) -> None:
        r = self._size.translated(0, -self.lift)
        draw_shadow(p, r, card_radius(r), 70 if self.lift else 55)
        if self.card_id is not None:
            self._texts += draw_card_face(p, r, card(self.card_id))
        else:
            self._texts += draw_card_back(p, r, self.level, self.back_label)

    def hoverEnterEvent(self, event: Any) -> None:
        if self.data_.get("liftable"):
            self.lift = 6.0
            self.update()

    def hoverLeaveEvent(self, event: Any) -> None:
        if self.lift:
            self.lift = 0.0
            self.update()


class SlotItem(TableItem):
    """One place of a tree: an outline when empty, else its stack (top card face up)."""

    def __init__(self, rect: QRectF, player: int, tree: int, row: int, stack: list[str], new_tree: bool = False) -> None:
        super().__init__(rect, "slot")
        self.player, self.tree, self.row = player, tree, row
        self.stack = list(stack)
        self.new_tree = new_tree
        # what a screen reader says after the card's name (or "Empty slot"); the layout adds whose
        # forest it is
        self.about = f"tree {tree + 1}, {card_words(card(stack[-1])) if stack else LEVELS[row]}"
        if stack:
            tip = card(stack[-1]).label()
            if len(stack) > 1:
                under = ", ".join(card(c).name for c in reversed(stack[:-1]))
                tip += f"\nCovers: {under}"
                self.about += f", covers {under}"
            self.setToolTip(tip)
        elif new_tree:
            self.setToolTip(f"Start tree {tree + 1} here ({LEVELS[row]} row)")
        else:
            self.setToolTip(f"Tree {tree + 1}, {LEVELS[row]}: empty")

    def sprite_key(self) -> tuple | None:
        # (an empty slot's fill is brighter while lit)
        return (tuple(self.stack), self.new_tree, self.row, not self.stack and self.highlighted, self._size.width(),
                self._size.height())

    def shows(self) -> tuple | None:
        return tuple(self.stack) or None

    def magnified(self, rect: QRectF) -> SlotItem | None:
        return SlotItem(rect, self.player, self.tree, self.row, self.stack) if self.stack else None

    def paint_body(self, p: QPainter) -> None:
        r = self._size
        if not self.stack:
            colour = QColor(LEVEL_LIGHT[self.row])
            colour.setAlpha(150 if not self.new_tree else 110)
            p.setPen(QPen(colour, 1.6, Qt.DashLine))
            fill = QColor(LEVEL_COLOURS[self.row])
            fill.setAlpha(45 if not self.highlighted else 95)
            p.setBrush(fill)
            p.drawRoundedRect(r.adjusted(1, 1, -1, -1), card_radius(r), card_radius(r))
            if self.new_tree:
                c = QColor(TEXT_LIGHT)
                c.setAlpha(170)
                p.setPen(QPen(c, 2.2))
                s = min(r.width(), r.height()) * 0.16
                cx, cy = r.center().x(), r.center().y() - (6 if r.height() > 50 else 0)
                p.drawLine(QPointF(cx - s, cy), QPointF(cx + s, cy))
                p.drawLine(QPointF(cx, cy - s), QPointF(cx, cy + s))
                label = "New tree"
                if r.height() > 60 and text_width(label, font(MIN_TEXT_PX)) <= r.width() - 4:
                    draw_text(p, QRectF(r.x(), cy + s, r.width(), 22), label, font(MIN_TEXT_PX), c, Qt.AlignCenter)
                    self._texts.append(label)
            else:
                f = font(MIN_TEXT_PX)
                text = LEVELS[self.row] if text_width(LEVELS[self.row], f) <= r.width() - 6 else LEVEL_SHORT[self.row]
                c = QColor(LEVEL_LIGHT[self.row])
                c.setAlpha(170)
                if r.height() >= 24 and text_width(text, f) <= r.width() - 4:
                    draw_text(p, r, text, f, c, Qt.AlignCenter)
                    self._texts.append(text)
            return
        # covered cards peek out above and to the right of the top card
        under = len(self.stack) - 1
        step = 3.0 if r.height() > 50 else 2.2
        shown = min(under, 4)
        off = shown * step
        top = QRectF(r.x(), r.y() + off, r.width() - off, r.height() - off)
        for i in range(shown, 0, -1):
            below = top.translated(i * step, -i * step)
            c = card(self.stack[-1 - i])
            p.setPen(QPen(QColor(40, 30, 10, 200), 0.9))
            p.setBrush(LEVEL_COLOURS[c.level].lighter(100 + 12 * i))
            p.drawRoundedRect(below, card_radius(below), card_radius(below))
        draw_shadow(p, top, card_radius(top), 45)
        self._texts += draw_card_face(p, top, card(self.stack[-1]), covered=under)


class PileItem(TableItem):
    """A face-down pile: a stack whose thickness follows its size, the top card's back, a count."""

    def __init__(self, rect: QRectF, index: int, size: int, top_level: int | None) -> None:
        super().__init__(rect, "pile")
        self.index, self.size, self.top_level = index, size, top_level
        if size:
            self.about = f"{size} card{'s' if size != 1 else ''}; the top card is a {LEVELS[top_level]} card"
        else:
            self.about = "empty"
        self.setToolTip(f"Pile {index + 1}: {self.about}")

    def sprite_key(self) -> tuple | None:
        return (self.size, self.top_level, self._size.width(), self._size.height())

    def paint_body(self, p: QPainter) -> None:
        r = self._size
        count_h = 22.0
        card_r = QRectF(r.x(), r.y(), r.width(), r.height() - count_h - 2)
        if not self.size:
            p.setPen(QPen(QColor(255, 255, 255, 90), 1.6, Qt.DashLine))
            p.setBrush(QColor(0, 0, 0, 40))
            p.drawRoundedRect(card_r.adjusted(1, 1, -1, -1), 8, 8)
            draw_text(p, card_r, "Empty", font(MIN_TEXT_PX), QColor(255, 255, 255, 140), Qt.AlignCenter)
            self._texts.append("Empty")
        else:
            layers = min(6, (self.size + 2) // 3)
            step = 1.6
            top = QRectF(card_r.x(), card_r.y() + layers * step, card_r.width() - layers * step, card_r.height() - layers * step)
            draw_shadow(p, top.translated(layers * step, -layers * step), 8, 60)
            for i in range(layers, 0, -1):
                below = top.translated(i * step, -i * step)
                p.setPen(QPen(QColor(30, 20, 10, 160), 0.8))
                p.setBrush(QColor("#e9dfc4").darker(100 + 4 * i))
                p.drawRoundedRect(below, card_radius(below), card_radius(below))
            self._texts += draw_card_back(p, top, self.top_level)
        text = f"{self.size} card{'s' if self.size != 1 else ''}"
        draw_text(p, QRectF(r.x() - 8, r.bottom() - count_h, r.width() + 16, count_h), text, font(MIN_TEXT_PX, bold=True), TEXT_LIGHT,
                  Qt.AlignCenter)
        self._texts.append(text)

    def radius(self) -> float:
        return 8.0


class PanelItem(TableItem):
    """A player's area: a translucent board with the name, turn marks and score."""

    def __init__(self, rect: QRectF, player: int, name: str, score: dict[str, Any] | None, turn: bool, deciding: str | None,
                 header_h: float = 34.0, name_px: float = 18.0) -> None:
        super().__init__(rect, "player")
        self.player = player
        self.name = name
        self.score = score
        self.turn = turn
        self.deciding = deciding
        self.header_h = header_h
        self.name_px = name_px
        self.winner = False
        self.setZValue(-10)
        if score:
            parts = "\n".join(f"{part['label']}: {part['points']:+d}" for part in score.get("parts", []))
            self.setToolTip(f"{name}: {score['total']} points if the game ended now\n{parts}")

    def radius(self) -> float:
        return 12.0

    # The board (a large translucent gradient) is a sprite; the header -- name, chips, score,
    # which change with nearly every move -- is painted over it each time.
    def sprite_key(self) -> tuple | None:
        return (self.deciding is not None, self._size.width(), self._size.height())

    def paint_body(self, p: QPainter) -> None:
        r = self._size
        active = self.deciding is not None
        p.setPen(QPen(QColor(255, 230, 140, 230) if active else QColor(255, 255, 255, 40), 2.5 if active else 1.0))
        g = QLinearGradient(r.topLeft(), r.bottomLeft())
        g.setColorAt(0, QColor(10, 25, 12, 120))
        g.setColorAt(1, QColor(10, 25, 12, 70))
        p.setBrush(g)
        p.drawRoundedRect(r, 12, 12)

    def overlay_key(self) -> tuple | None:
        return (self.name, self.name_px, self.header_h, self.winner, self.turn, self.deciding, self.highlighted,
                None if self.score is None else self.score["total"])

    def paint_overlay(self, p: QPainter) -> None:
        r = self._size
        hx = r.x() + 12
        hy = r.y() + 4
        nf = font(self.name_px, bold=True)
        name_w = min(text_width(self.name, nf) + 2, r.width() * 0.45)
        draw_text(p, QRectF(hx, hy, name_w, self.header_h), self.name, nf, TEXT_LIGHT)
        self._texts.append(self.name)
        x = hx + name_w + 10
        chips = []
        if self.winner:
            chips.append(("Winner", QColor("#ffd23f"), QColor("#2b2000")))
        if self.turn:
            chips.append(("Turn", QColor("#3b6db3"), QColor("white")))
        if self.deciding:
            chips.append((self.deciding, QColor("#ffd23f"), QColor("#2b2000")))
        if self.highlighted:
            chips.append(("Give here", TARGET, QColor("#1f3300")))
        cf = font(MIN_TEXT_PX, bold=True)
        for text, bg, fg in chips:
            arrow = 10.0 if text == "Turn" else 0.0
            w = text_width(text, cf) + 18 + arrow
            chip = QRectF(x, hy + (self.header_h - 26) / 2, w, 26)
            p.setPen(Qt.NoPen)
            p.setBrush(bg)
            p.drawRoundedRect(chip, 13, 13)
            if arrow:
                tri = QPainterPath()
                tri.moveTo(chip.x() + 9, chip.center().y() - 5)
                tri.lineTo(chip.x() + 9, chip.center().y() + 5)
                tri.lineTo(chip.x() + 16, chip.center().y())
                tri.closeSubpath()
                p.setBrush(fg)
                p.drawPath(tri)
            draw_text(p, chip.adjusted(arrow, 0, 0, 0), text, cf, fg, Qt.AlignCenter)
            self._texts.append(text)
            x += w + 6
        if self.score is not None:
            total = self.score["total"]
            sf = font(readable(self.name_px * 0.95), bold=True)
            text = f"{total:+d}" if total else "0"
            tw = text_width(text, sf)
            lf = font(MIN_TEXT_PX)
            lw = text_width("score ", lf)
            right = r.right() - 12
            draw_text(p, QRectF(right - tw, hy, tw + 1, self.header_h), text, sf, QColor("#ffe58a"), Qt.AlignRight | Qt.AlignVCenter)
            draw_text(p, QRectF(right - tw - lw - 2, hy, lw, self.header_h), "score", lf, TEXT_MUTED, Qt.AlignRight | Qt.AlignVCenter)
            self._texts += ["score", text]


class CompostItem(PanelItem):
    """Solo games: the compost, where the card that would be given leaves the game face up.
    A target like a player's area: choose a card, then click it (or drop the card on it)."""

    def __init__(self, rect: QRectF, count: int, deciding: str | None) -> None:
        about = f"{count} card{'s' if count != 1 else ''}, out of the game"
        super().__init__(rect, -1, f"Compost — {about}", None, False, deciding, header_h=32, name_px=17)
        self.about = about
        self.setToolTip("Solo game: each turn one card from your hand goes here instead of to another player.")
