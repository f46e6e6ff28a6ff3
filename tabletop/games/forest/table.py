"""The Once Upon a Forest table: a QGraphicsScene that draws one seat's view.

Layout (logical 1600 x 900 scene units):

* top band: the other players, each in a panel -- name, score, hand (card backs showing
  the level), a spot for a card they were given, and their forest drawn small;
* middle band: what is happening now (left), the five face-down piles (centre) and the spot
  for a card given to the seated player (right);
* bottom: the seated player's forest, large, with row labels, and their hand face up, and a
  legend of the animal species.

Everything is painted as vectors (paths, gradients and text) so the table is sharp at any
scale.  The table reads only the view it is given and acts only by emitting ``action_chosen``.

Painting a card, a slot or a label takes about a millisecond of Python, and a table has some
80 of them, so an item that can be is drawn once at the view's device resolution into a
pixmap -- a *sprite* -- kept by what it shows (its card, its marks, its size on screen): a
frame is then a few dozen pixmap copies, and a redrawn table (a new ``show_view``) finds most
of its sprites already made.  See :class:`SpriteCache` (each table owns one).
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QVariantAnimation
from PySide6.QtGui import (
    QColor,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)

from tabletop.client.table_base import SCENE_RECT, TableScene
from tabletop.client.table_items import (  # noqa: F401  (also importable from here, as before)
    FOCUS,
    HINT,
    SELECT,
    SpriteCache,
    elided,
    metrics,
    TARGET,
    TEXT_LIGHT,
    TEXT_MUTED,
    DecorItem,
    fly,
    LabelItem,
    TableItem,
    card_radius,
    draw_shadow,
    draw_text,
    font,
    rounded,
    text_width,
    wrap_lines,
)
from tabletop.engine.actions import Action

from .cards import LEVELS, Card, card, species_names
from .rules import (
    DRAW,
    GIVE,
    OVER,
    PLACE,
    PLAY,
    SETUP,
    draw_action,
    compost_action,
    give_action,
    place_action,
    placement_problem,
    play_action,
    tree_complete,
    tree_targets,
)


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


def draw_card_face(p: QPainter, rect: QRectF, c: Card, covered: int = 0) -> list[str]:
    """Paint the face of ``c`` in ``rect``; return the strings drawn (for tests)."""
    texts: list[str] = []
    w, h = rect.width(), rect.height()
    rad = card_radius(rect)
    small = h < 70 or w < 80
    path = rounded(rect, rad)
    grad = QLinearGradient(rect.topLeft(), rect.bottomLeft())
    grad.setColorAt(0, PAPER)
    grad.setColorAt(1, PAPER_DARK)
    p.setPen(QPen(QColor(60, 45, 20, 160), 1.0))
    p.setBrush(grad)
    p.drawPath(path)
    # the level band along the top
    band_h = max(12.0, min(24.0, h * 0.21))
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
    band_font = font(min(band_h * 0.62, 13), bold=True)
    level_text = LEVELS[c.level] if w >= 110 and not (c.start and covered) else LEVEL_SHORT[c.level]
    right_reserved = 0.0
    if c.start:
        sr = band_h * 0.36
        draw_star(p, QPointF(rect.right() - pad - sr, band.center().y()), sr, QColor("#ffe16b"))
        right_reserved = sr * 2 + 3
        if w >= 110:
            st_rect = QRectF(band.x(), band.y(), w - pad - right_reserved - 2, band_h)
            draw_text(p, st_rect, "Start", band_font, QColor("#fff6c4"), Qt.AlignRight | Qt.AlignVCenter)
            texts.append("Start")
            right_reserved += text_width("Start", band_font) + 4
    if covered and w >= 100:
        cov = f"{covered} under"
        cf = font(min(band_h * 0.5, 11))
        cw = text_width(cov, cf)
        draw_text(p, QRectF(rect.right() - pad - right_reserved - cw - 2, band.y(), cw + 2, band_h), cov, cf,
                  QColor(255, 255, 255, 215), Qt.AlignRight | Qt.AlignVCenter)
        texts.append(cov)
        right_reserved += cw + 6
    draw_text(p, QRectF(band.x() + pad, band.y(), w - 2 * pad - right_reserved, band_h), level_text, band_font,
              QColor("white"))
    texts.append(level_text)
    # the body: name, animals, chainsaw
    body = QRectF(rect.x() + pad, band.bottom() + max(2.0, h * 0.03), w - 2 * pad, h - band_h - pad)
    line_rows = int(bool(c.animals)) + int(c.chainsaw)
    icon_h = max(8.0, min(16.0, h * 0.15))
    rows_h = line_rows * (icon_h + 3)
    name_px = max(9.0, min(17.0, h * 0.19, w * 0.125))
    nf = font(name_px, bold=True)
    room = body.height() - rows_h
    max_lines = max(1, min(3, int(room // (name_px * 1.2))))
    name_lines = wrap_lines(c.name, nf, body.width(), max_lines)
    p.setFont(nf)
    p.setPen(INK)
    y = body.y()
    for line in name_lines:
        p.drawText(QRectF(body.x(), y, body.width(), name_px * 1.25), int(Qt.AlignLeft | Qt.AlignVCenter), line)
        y += name_px * 1.2
    texts.append(c.name)
    by = rect.bottom() - pad - rows_h + 1
    small_font = font(max(8.5, min(13.0, icon_h * 0.85)))
    if c.animals:
        d = icon_h
        x = body.x() + d / 2
        for _ in range(c.animals):
            draw_token(p, QPointF(x, by + d / 2), d, c.species)
            x += d * 0.92
        sp = species_names().get(c.species or "", c.species or "")
        label = f"{c.animals} × {sp}"
        tx = x - d * 0.92 + d / 2 + 4
        avail = body.right() - tx
        while text_width(label, small_font) > avail and small_font.pixelSize() > 9:
            small_font = font(small_font.pixelSize() - 1)
        if text_width(label, small_font) > avail:
            label = sp if text_width(sp, small_font) <= avail else f"×{c.animals}"
        if not small or text_width(label, small_font) <= avail:
            draw_text(p, QRectF(tx, by - 1, avail, d + 2), label, small_font, INK)
            texts.append(label)
        by += icon_h + 3
    if c.chainsaw:
        sw = icon_h * 1.8
        draw_saw(p, QRectF(body.x(), by + icon_h * 0.05, sw, icon_h * 0.9))
        avail = body.right() - (body.x() + sw + 4)
        sf = font(max(8.5, min(13.0, icon_h * 0.85)), bold=True)
        if text_width("Chainsaw", sf) <= avail:
            draw_text(p, QRectF(body.x() + sw + 4, by - 1, avail, icon_h + 2), "Chainsaw", sf, SAW_RED)
            texts.append("Chainsaw")
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
        text = LEVELS[level] if rect.width() >= 76 else LEVEL_SHORT[level]
        f = font(max(9.0, min(14.0, rect.height() * 0.16, rect.width() * 0.16)), bold=True)
        tr = QRectF(rect.x() + 2, rect.bottom() - rect.height() * 0.36, rect.width() - 4, rect.height() * 0.3)
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
        else:
            self.setToolTip(f"A hidden {LEVELS[level]} card")

    def sprite_key(self) -> tuple | None:
        return (self.card_id, self.level, self.back_label, self.lift, self._size.width(), self._size.height())

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
        if stack:
            tip = card(stack[-1]).label()
            if len(stack) > 1:
                under = ", ".join(card(c).name for c in reversed(stack[:-1]))
                tip += f"\nCovers: {under}"
            self.setToolTip(tip)
        elif new_tree:
            self.setToolTip(f"Start tree {tree + 1} here ({LEVELS[row]} row)")
        else:
            self.setToolTip(f"Tree {tree + 1}, {LEVELS[row]}: empty")

    def sprite_key(self) -> tuple | None:
        return (tuple(self.stack), self.new_tree, self.row, self._size.width(), self._size.height())

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
                if r.height() > 50:
                    label = "New tree"
                    draw_text(p, QRectF(r.x(), cy + s, r.width(), 16), label, font(11), c, Qt.AlignCenter)
                    self._texts.append(label)
            else:
                text = LEVELS[self.row] if r.width() >= 90 else LEVEL_SHORT[self.row]
                c = QColor(LEVEL_LIGHT[self.row])
                c.setAlpha(160)
                draw_text(p, r, text, font(min(13.0, max(9.0, r.height() * 0.17)), bold=False), c, Qt.AlignCenter)
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
            self.setToolTip(f"Pile {index + 1}: {size} card{'s' if size != 1 else ''}; the top card is a {LEVELS[top_level]} card")
        else:
            self.setToolTip(f"Pile {index + 1}: empty")

    def sprite_key(self) -> tuple | None:
        return (self.size, self.top_level, self._size.width(), self._size.height())

    def paint_body(self, p: QPainter) -> None:
        r = self._size
        count_h = 18.0
        card_r = QRectF(r.x(), r.y(), r.width(), r.height() - count_h - 2)
        if not self.size:
            p.setPen(QPen(QColor(255, 255, 255, 90), 1.6, Qt.DashLine))
            p.setBrush(QColor(0, 0, 0, 40))
            p.drawRoundedRect(card_r.adjusted(1, 1, -1, -1), 8, 8)
            draw_text(p, card_r, "Empty", font(13), QColor(255, 255, 255, 140), Qt.AlignCenter)
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
        draw_text(p, QRectF(r.x(), r.bottom() - count_h, r.width(), count_h), text, font(13, bold=True), TEXT_LIGHT,
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
        cf = font(13, bold=True)
        for text, bg, fg in chips:
            arrow = 10.0 if text == "Turn" else 0.0
            w = text_width(text, cf) + 18 + arrow
            chip = QRectF(x, hy + (self.header_h - 22) / 2, w, 22)
            p.setPen(Qt.NoPen)
            p.setBrush(bg)
            p.drawRoundedRect(chip, 11, 11)
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
            sf = font(self.name_px * 0.95, bold=True)
            text = f"{total:+d}" if total else "0"
            tw = text_width(text, sf)
            lf = font(13)
            lw = text_width("score ", lf)
            right = r.right() - 12
            draw_text(p, QRectF(right - tw, hy, tw + 1, self.header_h), text, sf, QColor("#ffe58a"), Qt.AlignRight | Qt.AlignVCenter)
            draw_text(p, QRectF(right - tw - lw - 2, hy, lw, self.header_h), "score", lf, TEXT_MUTED, Qt.AlignRight | Qt.AlignVCenter)
            self._texts += ["score", text]


class CompostItem(PanelItem):
    """Solo games: the compost, where the card that would be given leaves the game face up.
    A target like a player's area: choose a card, then click it (or drop the card on it)."""

    def __init__(self, rect: QRectF, count: int, deciding: str | None) -> None:
        super().__init__(rect, -1, f"Compost — {count} card{'s' if count != 1 else ''}, out of the game", None, False,
                         deciding, header_h=32, name_px=17)
        self.setToolTip("Solo game: each turn one card from your hand goes here instead of to another player.")


# --- the scene ---------------------------------------------------------------------------
STAGE_VERB = {SETUP: "drawing", PLAY: "playing", GIVE: "giving", PLACE: "placing", DRAW: "drawing"}


class ForestTable(TableScene):
    """The Once Upon a Forest table (see the module docstring for the layout)."""

    def __init__(self, game: Any, names: list[str], parent: Any = None) -> None:
        super().__init__(game, names, parent)
        self.view: dict[str, Any] | None = None
        self.legal: list[Action] = []
        self.legal_set: set[Action] = set()
        self.selected: str | None = None
        self._focus_index: int | None = None
        self._hand: list[CardItem] = []
        self._slots: dict[tuple[int, int, int], SlotItem] = {}
        self._piles: list[PileItem] = []
        self._panels: dict[int, PanelItem] = {}
        self._pending: CardItem | None = None
        self._rects: dict[tuple, QRectF] = {}  # layout of the current view, by key
        self._items_by_key: dict[tuple, TableItem] = {}
        self._anims: list[QVariantAnimation] = []
        self._press: tuple[TableItem | None, QPointF] | None = None
        self._drag: CardItem | None = None
        self._drag_offset = QPointF()
        self._drag_home = QRectF()
        self.flying: list[CardItem] = []
        self.info_text = ""

    # --- helpers about the view ------------------------------------------------------------
    def name(self, p: int) -> str:
        if p < len(self.names) and self.names[p]:
            return self.names[p]
        return f"Player {p + 1}"

    @property
    def seat(self) -> int | None:
        return None if self.view is None else self.view["seat"]

    @property
    def me(self) -> int:
        """The player drawn at the bottom: the seat, or player 1 for a spectator."""
        s = self.seat
        return 0 if s is None else s

    def _forest(self, p: int) -> list:
        return self.view["forests"][p]

    def _hand_ids(self) -> list[str]:
        if self.view is None or self.seat is None:
            return []
        return [c.get("id") for c in self.view["hands"][self.seat]]

    def _active_level(self) -> int | None:
        """The level of the card being placed now (the selection, or the pending card)."""
        if self.view is None:
            return None
        if self.view["stage"] == PLACE and self.view["pending"]:
            return card(self.view["pending"]["card"]).level
        if self.selected:
            return card(self.selected).level
        return None

    # --- TableScene API --------------------------------------------------------------------
    def show_view(self, view: dict[str, Any], legal: list[Action], last_action: Action | None = None) -> None:
        prev_view, prev_rects = self.view, dict(self._rects)
        self._stop_animations()
        self.clear()
        self._reset_refs()
        self.view = view
        self.legal = list(legal)
        self.legal_set = set(legal)
        self.selected = None
        self._focus_index = None
        self._build()
        self._refresh_marks()
        if (
            last_action is not None
            and self.animations
            and prev_view is not None
            and prev_view.get("seat") == view.get("seat")
            and prev_view != view  # a plain redraw of the same position is not animated again
        ):
            try:
                self._animate(last_action, prev_view, prev_rects)
            except (KeyError, IndexError, ValueError, TypeError):
                pass  # a view we cannot relate to the previous one (undo, load ...): no animation

    def show_nothing(self) -> None:
        self._stop_animations()
        self.clear()
        self._reset_refs()
        self.view = None
        self.legal, self.legal_set = [], set()
        self.selected = None
        self._rects = {}
        title = LabelItem(QRectF(0, 400, 1600, 60), "Once Upon a Forest", 34, QColor(255, 255, 255, 120), True, Qt.AlignHCenter | Qt.AlignVCenter)
        self.addItem(title)

    def show_hint(self, action: Action) -> None:
        if self.view is None:
            return
        marks: list[TableItem | None] = []
        kind = action.kind
        if kind == "draw":
            marks.append(self.pile_item(action["pile"]))
        elif kind in ("play", "give", "compost"):
            ids = self._hand_ids()
            if action["card"] in ids:
                marks.append(self.hand_item(ids.index(action["card"])))
            if kind == "play":
                marks.append(self._slots.get((self.me, action["tree"], card(action["card"]).level)))
            elif kind == "give":
                marks.append(self._panels.get(action["to"]))
            else:
                marks.append(self._compost)
        elif kind == "place" and self.view["pending"]:
            marks.append(self._pending)
            to = self.view["pending"]["to"]
            marks.append(self._slots.get((to, action["tree"], card(self.view["pending"]["card"]).level)))
        for m in marks:
            if m is not None and not isinstance(m, PanelItem):
                m.setZValue(max(m.zValue(), 6))
        self.mark_hint(marks)
        names = {"draw": "draw from the marked pile", "play": "play the marked card to the marked place",
                 "give": "give the marked card to the marked player", "place": "place the card in the marked slot",
                 "compost": "compost the marked card"}
        self.status.emit(f"Hint: {names.get(kind, str(action))}.")

    # --- test-facing API -------------------------------------------------------------------
    def hand_item(self, i: int) -> CardItem:
        """The i-th card of the hand drawn at the bottom (the seated player's)."""
        return self._hand[i]

    def slot_item(self, player: int, tree: int, row: int) -> SlotItem:
        return self._slots[(player, tree, row)]

    def pile_item(self, i: int) -> PileItem:
        return self._piles[i]

    def player_item(self, p: int) -> PanelItem:
        return self._panels[p]

    def pending_item(self) -> CardItem | None:
        return self._pending

    def compost_item(self) -> CompostItem | None:
        return self._compost

    def focusable_items(self) -> list[TableItem]:
        """What Tab cycles over now: the choosable hand cards, then the legal targets."""
        if not self.legal or self.view is None:
            return []
        stage = self.view["stage"]
        items: list[TableItem] = []
        if stage in (PLAY, GIVE):
            items += [h for h in self._hand if self._hand_choosable(h)]
        if stage in (SETUP, DRAW):
            items += [p for p in self._piles if draw_action(p.index) in self.legal_set]
        elif stage in (PLAY, PLACE):
            items += sorted((s for s in self._slots.values() if self._slot_legal(s)), key=lambda s: (s.tree, s.row))
        elif stage == GIVE and self.selected:
            items += [self._panels[p] for p in sorted(self._panels) if self._panel_legal(self._panels[p])]
            if self._compost is not None and self._panel_legal(self._compost):
                items.append(self._compost)
        return items

    # --- building ----------------------------------------------------------------------------
    def _reset_refs(self) -> None:
        self._hand, self._slots, self._piles, self._panels = [], {}, [], {}
        self._pending = None
        self._compost = None
        self._items_by_key = {}
        self._rects = {}
        self._hinted = []
        self._press = None
        self._drag = None
        self.flying = []
        self.instruction = None

    def _add(self, item: TableItem, key: tuple | None = None) -> TableItem:
        self.addItem(item)
        if key is not None:
            self._items_by_key[key] = item
            self._rects[key] = item.card_scene_rect()
        return item

    def _build(self) -> None:
        v = self.view
        n = v["players"]
        me = self.me
        others = [(me + k) % n for k in range(1, n)]
        decider = v["decider"]
        stage = v["stage"]
        # --- the other players, across the top
        top_y, top_h, gap = 10.0, 322.0, 12.0
        w = (1600 - 24 - gap * (len(others) - 1)) / max(1, len(others))
        for k, p in enumerate(others):
            self._build_opponent(p, QRectF(12 + k * (w + gap), top_y, w, top_h))
        if n == 1:
            self._build_compost(QRectF(12, top_y, 1576, top_h))
        # --- the middle band
        self._build_info(QRectF(12, 342, 514, 132))
        pw, pgap = 86.0, 13.0
        px0 = 536 + (508 - (5 * pw + 4 * pgap)) / 2
        for i, pile in enumerate(v["piles"]):
            item = PileItem(QRectF(px0 + i * (pw + pgap), 346, pw, 128), i, pile["size"], pile["top_level"])
            self._piles.append(item)
            self._add(item, ("pile", i))
        # --- the bottom: the seated player's area
        self._build_mine(QRectF(12, 484, 1576, 406))
        # the pending gift
        pending = v["pending"]
        if pending:
            self._build_pending(pending)
        if stage == OVER and v.get("scores"):
            totals = [sc["total"] for sc in v["scores"]]
            winners = v.get("winners")
            for p, panel in self._panels.items():
                panel.winner = p in winners if winners is not None else totals[p] == max(totals)
        self.info_text = self._info_sentence()

    def _panel_deciding(self, p: int) -> str | None:
        v = self.view
        if v["stage"] == OVER or v["decider"] != p:
            return None
        if v["stage"] == GIVE and v["players"] == 1:
            return "composting"
        return STAGE_VERB.get(v["stage"])

    def _build_compost(self, r: QRectF) -> None:
        v = self.view
        self._compost = CompostItem(r, len(v["compost"]), None)
        self._add(self._compost, ("compost",))
        goal = v.get("goal") or {}
        self._add(LabelItem(QRectF(r.x() + 14, r.y() + 40, r.width() - 28, 20),
                            f"Solo game: play a card, compost one, draw back to 3. Score {goal.get('points', '?')} "
                            "or more to win.", 14, TEXT_MUTED))
        shown = v["compost"][-12:]
        cw, ch, gap = 118.0, 166.0, 10.0
        x0 = r.x() + 14
        for i, c in enumerate(shown):
            self._add(CardItem(QRectF(x0 + i * (cw + gap), r.y() + 72, cw, ch), c, card(c).level, "compost"),
                      ("compost", i))
        if len(v["compost"]) > len(shown):
            self._add(LabelItem(QRectF(x0, r.y() + 72 + ch + 8, 600, 18),
                                f"and {len(v['compost']) - len(shown)} earlier (the newest are shown)", 12, TEXT_MUTED))

    def _build_opponent(self, p: int, r: QRectF) -> None:
        v = self.view
        panel = PanelItem(r, p, self.name(p), v["scores"][p] if v.get("scores") else None, v["turn"] == p and v["stage"] != OVER,
                          self._panel_deciding(p), header_h=32, name_px=17)
        self._panels[p] = panel
        self._add(panel, ("panel", p))
        side_w = 104.0
        sx = r.right() - side_w - 8
        # the hand (backs)
        hand = v["hands"][p]
        self._add(LabelItem(QRectF(sx, r.y() + 42, side_w, 16), f"Hand ({len(hand)})", 12, TEXT_MUTED))
        for i, c in enumerate(hand):
            rect = QRectF(sx + 4, r.y() + 62 + i * 40, side_w - 8, 35)
            if self.seat == p and "id" in c:  # never, but be safe: only the seat's own hand has ids
                item = CardItem(rect, c["id"], c["level"], "back")
            else:
                item = CardItem(rect, None, c["level"], "back")
            self._add(item, ("hand", p, i))
        # the forest
        fx, fy = r.x() + 10, r.y() + 44
        fw, fh = sx - 10 - fx, r.bottom() - 10 - fy
        self._build_forest(p, QRectF(fx, fy, fw, fh), max_w=104.0, labels=False)

    def _build_forest(self, p: int, area: QRectF, max_w: float, labels: bool) -> None:
        forest = self._forest(p)
        targets = tree_targets(forest)
        cols = len(forest) + (1 if len(forest) in targets else 0)
        label_h = 20.0 if labels else 0.0
        pitch_y = (area.height() - label_h) / 4
        gap_y = max(3.0, pitch_y * 0.06)
        pitch_x = min(max_w + 8, area.width() / max(1, cols))
        gap_x = max(4.0, min(8.0, pitch_x * 0.08))
        cw, ch = pitch_x - gap_x, pitch_y - gap_y
        for t in range(cols):
            x = area.x() + t * pitch_x
            new = t == len(forest)
            tree = forest[t] if not new else [[], [], [], []]
            if not new and tree_complete(tree):
                def frame(pp: QPainter, rr: QRectF) -> list[str]:
                    pp.setPen(QPen(QColor(255, 225, 120, 120), 1.5))
                    pp.setBrush(QColor(255, 225, 120, 22))
                    pp.drawRoundedRect(rr, 8, 8)
                    return []
                self._add(DecorItem(QRectF(x - gap_x / 2 + 1, area.y() - 3, pitch_x - 2, 4 * pitch_y + 2), frame,
                                    "complete-tree"))
            for row in range(4):
                y = area.y() + (3 - row) * pitch_y
                slot = SlotItem(QRectF(x, y, cw, ch), p, t, row, tree[row], new_tree=new)
                self._slots[(p, t, row)] = slot
                self._add(slot, ("slot", p, t, row))
            if labels:
                if new:
                    text, colour = "new tree", TEXT_MUTED
                elif tree_complete(tree):
                    text, colour = f"Tree {t + 1} ✓", QColor("#ffe58a")
                else:
                    text, colour = f"Tree {t + 1}", TEXT_MUTED
                self._add(LabelItem(QRectF(x, area.y() + 4 * pitch_y - 1, cw, label_h), text, 13, colour,
                                    bold=tree_complete(tree) and not new, align=Qt.AlignHCenter | Qt.AlignVCenter))

    def _build_mine(self, r: QRectF) -> None:
        v = self.view
        me = self.me
        you = self.seat is not None
        title = f"{self.name(me)} (you)" if you else self.name(me)
        panel = PanelItem(r, me, title, v["scores"][me] if v.get("scores") else None, v["turn"] == me and v["stage"] != OVER,
                          self._panel_deciding(me), header_h=30, name_px=19)
        self._panels[me] = panel
        self._add(panel, ("panel", me))
        # the score in words, under the header
        score = v["scores"][me] if v.get("scores") else None
        if score:
            parts = "   ·   ".join(f"{part['label']} {part['points']:+d}" for part in score["parts"])
            self._add(LabelItem(QRectF(r.x() + 14, r.y() + 34, 1030, 18), parts, 12.5, TEXT_MUTED))
        # the forest with row labels
        fx = r.x() + 86
        area = QRectF(fx, r.y() + 60, 1046 - fx, r.bottom() - 8 - (r.y() + 60))
        pitch_y = (area.height() - 20) / 4
        for row in range(4):
            y = area.y() + (3 - row) * pitch_y
            self._add(LabelItem(QRectF(r.x() + 8, y, 74, pitch_y - 5), LEVELS[row], 13.5, LEVEL_LIGHT[row], True,
                                Qt.AlignRight | Qt.AlignVCenter, max_lines=2))
        self._build_forest(me, area, max_w=132.0, labels=True)
        # the hand
        hx = 1062.0
        hand = v["hands"][me]
        head = "Your hand" if you else f"{self.name(me)}'s hand"
        self._add(LabelItem(QRectF(hx, r.y() + 36, 500, 20), head, 15, TEXT_LIGHT, True))
        cw, chh, g = 166.0, 116.0, 10.0

        def empty_place(p: QPainter, rr: QRectF) -> list[str]:
            p.setPen(QPen(QColor(255, 255, 255, 70), 1.5, Qt.DashLine))
            p.setBrush(QColor(0, 0, 0, 30))
            p.drawRoundedRect(rr.adjusted(1, 1, -1, -1), 9, 9)
            return []

        for i in range(len(hand), 3):
            self._add(DecorItem(QRectF(hx + i * (cw + g), r.y() + 62, cw, chh), empty_place, "empty-hand-place"))
        for i, c in enumerate(hand):
            rect = QRectF(hx + i * (cw + g), r.y() + 62, cw, chh)
            if you and "id" in c:
                item = CardItem(rect, c["id"], c["level"], "hand")
                item.data_["index"] = i
                self._hand.append(item)
            else:
                item = CardItem(rect, None, c["level"], "back")
            self._add(item, ("hand", me, i))
        # how to act, under the hand
        self.instruction = LabelItem(QRectF(hx, r.y() + 190, 514, 40), self._instruction(), 13.5, QColor("#fff2b3"),
                                     max_lines=2)
        self._add(self.instruction)
        # the legend of species
        self._add(DecorItem(QRectF(hx, r.y() + 238, 514, r.bottom() - 8 - (r.y() + 238)), self._paint_legend, "legend"))

    def _paint_legend(self, p: QPainter, r: QRectF) -> list[str]:
        p.setPen(QPen(QColor(255, 255, 255, 35), 1))
        p.setBrush(QColor(0, 0, 0, 45))
        p.drawRoundedRect(r, 10, 10)
        texts = ["Animals (score when a species' count equals your complete trees)"]
        draw_text(p, QRectF(r.x() + 10, r.y() + 4, r.width() - 20, 20), texts[0], font(12), TEXT_MUTED)
        names = species_names()
        keys = list(SPECIES_COLOURS)
        col_w = (r.width() - 20) / 2
        row_h = (r.height() - 30) / 4
        f = font(13)
        for i, key in enumerate(keys):
            level = i // 2
            col, row = i % 2, level
            x = r.x() + 10 + col * col_w
            y = r.y() + 26 + (3 - row) * row_h
            draw_token(p, QPointF(x + 9, y + row_h / 2), 16, key)
            text = f"{names.get(key, key)}"
            draw_text(p, QRectF(x + 22, y, col_w - 24, row_h), text, f, TEXT_LIGHT)
            lf = font(11)
            draw_text(p, QRectF(x + 22, y, col_w - 30, row_h), LEVEL_SHORT[level], lf, LEVEL_LIGHT[level],
                      Qt.AlignRight | Qt.AlignVCenter)
            texts.append(text)
        return texts

    def _build_info(self, r: QRectF) -> None:
        v = self.view
        title, detail = self._info_lines()

        def board(p: QPainter, rr: QRectF) -> list[str]:
            p.setPen(QPen(QColor(255, 255, 255, 35), 1))
            p.setBrush(QColor(0, 0, 0, 60))
            p.drawRoundedRect(rr, 12, 12)
            return []

        self._add(DecorItem(r, board, "info-board"))
        mine = bool(self.legal)
        self._add(LabelItem(QRectF(r.x() + 16, r.y() + 10, r.width() - 32, 56), title, 21,
                            QColor("#ffe58a") if mine else TEXT_LIGHT, True, max_lines=2))
        self._add(LabelItem(QRectF(r.x() + 16, r.y() + 70, r.width() - 32, 56), detail, 14, TEXT_MUTED, max_lines=3))

    def _info_lines(self) -> tuple[str, str]:
        v = self.view
        stage, decider, turn = v["stage"], v["decider"], v["turn"]
        you = self.seat is not None and decider == self.seat
        who = "You" if you else self.name(decider) if decider is not None else ""
        in_piles = sum(p["size"] for p in v["piles"])
        detail = f"Round {v['round'] + 1}  ·  {in_piles} card{'s' if in_piles != 1 else ''} left in the piles"
        if stage == OVER:
            totals = [s["total"] for s in v["scores"]]
            winners = v.get("winners")
            if winners is None:  # (a view made before the variants)
                winners = [p for p, t in enumerate(totals) if t == max(totals)]
            goal = v.get("goal") or {}
            if not winners:
                if goal.get("kind") == "solo":
                    return (f"Game over — {totals[0]} points, short of the target {goal['points']}",
                            "Final score beside your name.")
                short = ", ".join(f"{self.name(p)} {t}" for p, t in enumerate(totals) if t < goal.get("points", 0))
                return (f"Game over — the woodland goal ({goal.get('points')} each) was missed",
                        f"Everybody loses. Short: {short}.")
            names = [self.name(p) for p in winners]
            best = totals[winners[0]]
            title = f"Game over — {' and '.join(names)} win{'s' if len(names) == 1 else ''} with {best} points"
            if goal.get("kind") == "solo":
                return title, f"The target was {goal['points']}."
            return title, "Final scores are shown beside each name."
        if stage == SETUP:
            need = 3 - len(v["hands"][decider])
            title = f"{who} draw{'' if you else 's'} starting cards"
            return title, f"{need} more to draw. " + detail
        if stage == PLAY:
            return (f"{who} play{'' if you else 's'} a card to {'your' if you else 'their'} forest", detail)
        if stage == GIVE and v["players"] == 1:
            return (f"{who} compost{'' if you else 's'} a card", detail)
        if stage == GIVE:
            return (f"{who} give{'' if you else 's'} a card to another player", detail)
        if stage == PLACE:
            pend = v["pending"]
            giver = "you" if self.seat == turn else self.name(turn)
            if you:
                return ("Place the card you were given", f"{self.name(turn)} gave you {card(pend['card']).name}. " + detail)
            return (f"{who} places the card {giver} gave", detail)
        if stage == DRAW:
            need = 3 - len(v["hands"][decider])
            return (f"{who} draw{'' if you else 's'} back to 3 cards", f"{need} more to draw. " + detail)
        return stage, detail

    def _info_sentence(self) -> str:
        t, d = self._info_lines()
        return f"{t}. {d}"

    def _instruction(self) -> str:
        v = self.view
        if self.seat is None:
            return "Watching the game."
        if not self.legal:
            if v["stage"] == OVER:
                return "The game is over."
            return f"Waiting for {self.name(v['decider'])}…"
        stage = v["stage"]
        if stage == PLAY:
            if self.selected:
                return f"Click a highlighted slot in the {LEVELS[card(self.selected).level]} row (or drag the card there). Esc cancels."
            return "Click a card in your hand, then a highlighted slot — or drag the card onto your forest."
        if stage == GIVE and v["players"] == 1:
            if self.selected:
                return "Click the compost (above) to put this card out of the game. Esc cancels."
            return "Choose the card to compost, then click the compost — or drag the card onto it."
        if stage == GIVE:
            if self.selected:
                return "Click the player who gets this card (highlighted above). Esc cancels."
            return "Choose the card to give away, then click the player who gets it."
        if stage == PLACE:
            return "Click a highlighted slot to place the card you were given."
        if stage in (SETUP, DRAW):
            return "Click a pile to draw its top card (the back shows its level)."
        return ""

    def _build_pending(self, pending: dict[str, Any]) -> None:
        v = self.view
        to = pending["to"]
        giver = v["turn"]
        cid = pending["card"]
        if to == self.me:
            # prominent, in the middle band on the right, above the hand
            rect = QRectF(1408, 350, 166, 116)
            you = self.seat == to

            def board(p: QPainter, rr: QRectF) -> list[str]:
                p.setPen(QPen(QColor(255, 210, 90, 200), 2, Qt.DashLine))
                p.setBrush(QColor(60, 40, 0, 90))
                p.drawRoundedRect(rr, 12, 12)
                return []

            self._add(DecorItem(QRectF(1060, 342, 528, 132), board, "gift-board"))
            who = "you" if you else self.name(to)
            title = f"Given to {who} by {'you' if self.seat == giver else self.name(giver)}"
            self._add(LabelItem(QRectF(1076, 356, 318, 50), title, 18, QColor("#ffe58a"), True, max_lines=2))
            sub = "— place it in a highlighted slot" if you and self.legal else "— to place"
            self._add(LabelItem(QRectF(1076, 410, 318, 50), sub, 14, TEXT_LIGHT, max_lines=2))
        else:
            panel = self._panels[to]
            pr = panel.rect().translated(panel.pos())
            sx = pr.right() - 104 - 8
            rect = QRectF(sx + 2, pr.y() + 216, 100, 70)
            title = f"Given to {self.name(to)}"
            self._add(LabelItem(QRectF(sx - 4, pr.y() + 183, 112, 32), title, 12.5, QColor("#ffe58a"), True,
                                max_lines=2))

            def glow(p: QPainter, rr: QRectF) -> list[str]:
                p.setPen(QPen(QColor(255, 210, 90, 220), 2))
                p.setBrush(QColor(60, 40, 0, 120))
                p.drawRoundedRect(rr, 10, 10)
                return []

            deco = DecorItem(QRectF(sx - 6, pr.y() + 180, 116, 136), glow, "gift-glow")
            deco.setZValue(-4)
            self._add(deco)
            self._add(LabelItem(QRectF(sx - 4, pr.y() + 290, 112, 18), "— to place", 12, TEXT_LIGHT,
                                align=Qt.AlignHCenter | Qt.AlignVCenter))
        item = CardItem(rect, cid, card(cid).level, "pending")
        item.setZValue(2)
        self._pending = item
        self._add(item, ("pending",))

    # --- choosability ------------------------------------------------------------------------
    def _hand_choosable(self, item: CardItem) -> bool:
        if not self.legal or self.view["stage"] not in (PLAY, GIVE):
            return False
        return any(a.get("card") == item.card_id for a in self.legal)

    def _slot_legal(self, slot: SlotItem) -> bool:
        stage = self.view["stage"]
        if stage == PLAY and self.selected and slot.player == self.me:
            return slot.row == card(self.selected).level and play_action(self.selected, slot.tree) in self.legal_set
        if stage == PLACE and self.view["pending"] and slot.player == self.view["pending"]["to"]:
            return slot.row == card(self.view["pending"]["card"]).level and place_action(slot.tree) in self.legal_set
        return False

    def _panel_legal(self, panel: PanelItem) -> bool:
        if isinstance(panel, CompostItem):
            return bool(self.view["stage"] == GIVE and self.selected and compost_action(self.selected) in self.legal_set)
        return bool(self.view["stage"] == GIVE and self.selected and give_action(self.selected, panel.player) in self.legal_set)

    def _choosable(self, item: TableItem) -> bool:
        if not self.legal:
            return False
        if isinstance(item, CardItem) and item.role == "hand":
            return self._hand_choosable(item)
        if isinstance(item, SlotItem):
            return self._slot_legal(item)
        if isinstance(item, PileItem):
            return draw_action(item.index) in self.legal_set
        if isinstance(item, PanelItem):
            return self._panel_legal(item)
        return False

    def _refresh_marks(self) -> None:
        """Highlights, selection, cursors and the instruction after any change of selection."""
        if self.view is None:
            return
        active = bool(self.legal)
        for h in self._hand:
            ok = self._hand_choosable(h)
            h.selected_ = h.card_id == self.selected
            h.data_["liftable"] = ok
            h.setAcceptHoverEvents(ok)
            h.setCursor(Qt.OpenHandCursor if ok else Qt.ArrowCursor)
            h.setZValue(3 if h.selected_ else 1)
            h.update()
        for s in self._slots.values():
            s.highlighted = active and self._slot_legal(s)
            s.setCursor(Qt.PointingHandCursor if s.highlighted else Qt.ArrowCursor)
            s.setZValue(1 if s.highlighted else 0)
            s.update()
        for pl in self._piles:
            pl.highlighted = active and draw_action(pl.index) in self.legal_set
            pl.setCursor(Qt.PointingHandCursor if pl.highlighted else Qt.ArrowCursor)
            pl.update()
        for pn in self._panels.values():
            pn.highlighted = active and self._panel_legal(pn)
            pn.setCursor(Qt.PointingHandCursor if pn.highlighted else Qt.ArrowCursor)
            pn.update()
        if self._pending is not None:
            self._pending.selected_ = active and self.view["stage"] == PLACE
            self._pending.update()
        focusables = self.focusable_items()
        for it in self._all_table_items():
            it.focused = False
        if self._focus_index is not None and focusables:
            self._focus_index %= len(focusables)
            focusables[self._focus_index].focused = True
            focusables[self._focus_index].update()
        elif not focusables:
            self._focus_index = None
        for it in self._all_table_items():
            if (it.hinted or it.focused) and not isinstance(it, PanelItem):
                it.setZValue(max(it.zValue(), 6))
        if getattr(self, "instruction", None) is not None and self.instruction.scene() is self:
            self.instruction.text = self._instruction()
            self.instruction.update()

    def _all_table_items(self) -> list[TableItem]:
        return [it for it in self.items() if isinstance(it, TableItem)]

    # --- acting --------------------------------------------------------------------------------
    def _emit(self, action: Action) -> None:
        if action not in self.legal_set:
            return
        self.action_chosen.emit(action)

    def _select(self, card_id: str | None) -> None:
        self.selected = card_id
        self._refresh_marks()

    def activate(self, item: TableItem) -> None:
        """What a click (or Enter) on ``item`` does."""
        if self.view is None or not self.legal:
            return
        stage = self.view["stage"]
        if isinstance(item, CardItem) and item.role == "hand":
            if not self._hand_choosable(item):
                self.status.emit(self._stage_reminder())
                return
            self._select(None if self.selected == item.card_id else item.card_id)
            if self.selected:
                what = "play" if stage == PLAY else "compost" if self.view["players"] == 1 else "give"
                where = "click the compost" if what == "compost" else f"choose where to {what} it"
                self.status.emit(f"{card(self.selected).label()} — {where}.")
            return
        if isinstance(item, PileItem):
            if draw_action(item.index) in self.legal_set:
                self._emit(draw_action(item.index))
            elif stage in (SETUP, DRAW):
                self.status.emit(f"Pile {item.index + 1} is empty.")
            else:
                self.status.emit(self._stage_reminder())
            return
        if isinstance(item, SlotItem):
            self._slot_clicked(item)
            return
        if isinstance(item, PanelItem):
            self._panel_clicked(item)
            return
        if isinstance(item, CardItem) and item.role == "pending":
            if stage == PLACE and self.seat == self.view["pending"]["to"]:
                self.status.emit(f"Place {card(item.card_id).name} in a highlighted {LEVELS[item.level]} slot.")
            return
        if isinstance(item, CardItem) and item.role == "back":
            if stage == GIVE:
                owner = self._owner_of_back(item)
                if owner is not None and owner in self._panels:
                    self._panel_clicked(self._panels[owner])
                    return
            self.status.emit(self._stage_reminder())

    def _owner_of_back(self, item: CardItem) -> int | None:
        for key, it in self._items_by_key.items():
            if it is item and key[0] == "hand":
                return key[1]
        return None

    def _stage_reminder(self) -> str:
        stage = self.view["stage"]
        return {
            PLAY: "First play a card from your hand to your forest.",
            GIVE: "Now give one of your remaining cards to another player.",
            PLACE: "First place the card you were given in your forest.",
            SETUP: "Draw your starting cards from the piles.",
            DRAW: "Draw back to three cards from the piles.",
        }.get(stage, "")

    def _slot_clicked(self, slot: SlotItem, card_id: str | None = None) -> None:
        stage = self.view["stage"]
        if stage == PLAY:
            cid = card_id or self.selected
            if cid is None:
                self.status.emit("Choose a card from your hand first.")
                return
            if slot.player != self.me:
                self.status.emit("You play cards to your own forest.")
                return
            level = card(cid).level
            problem = placement_problem(self._forest(self.me), level, slot.tree, slot.row)
            if problem is None and play_action(cid, slot.tree) not in self.legal_set:
                problem = "That card cannot go there now."
            if problem:
                self.status.emit(problem)
                return
            self._emit(play_action(cid, slot.tree))
        elif stage == PLACE:
            pend = self.view["pending"]
            if slot.player != pend["to"]:
                self.status.emit("Place the card in your own forest.")
                return
            level = card(pend["card"]).level
            problem = placement_problem(self._forest(pend["to"]), level, slot.tree, slot.row)
            if problem is None and place_action(slot.tree) not in self.legal_set:
                problem = "The card cannot go there now."
            if problem:
                self.status.emit(problem)
                return
            self._emit(place_action(slot.tree))
        elif stage == GIVE and slot.player != self.me and slot.player in self._panels:
            self._panel_clicked(self._panels[slot.player], card_id)
        else:
            self.status.emit(self._stage_reminder())

    def _panel_clicked(self, panel: PanelItem, card_id: str | None = None) -> None:
        stage = self.view["stage"]
        if stage != GIVE:
            self.status.emit(self._stage_reminder())
            return
        cid = card_id or self.selected
        if cid is None:
            self.status.emit("Choose the card to give first.")
            return
        if isinstance(panel, CompostItem):
            self._emit(compost_action(cid))
            return
        if panel.player == self.me:
            self.status.emit("Give the card to another player.")
            return
        self._emit(give_action(cid, panel.player))

    # --- mouse -----------------------------------------------------------------------------------
    def _item_at(self, pos: QPointF, exclude: TableItem | None = None) -> TableItem | None:
        """The most useful item under ``pos``: a choosable one first, else the topmost with a role."""
        found = [it for it in self.items(pos) if isinstance(it, TableItem) and it.role and it is not exclude
                 and it not in self.flying and it.card_scene_rect().contains(pos)]
        for it in found:
            if self._choosable(it):
                return it
        return found[0] if found else None

    def mouseMoveEvent(self, event: Any) -> None:
        if self._press is None or not (event.buttons() & Qt.LeftButton):
            super().mouseMoveEvent(event)
            return
        item, start = self._press
        if self._drag is None:
            if (
                isinstance(item, CardItem)
                and item.role in ("hand", "pending")
                and (item.role == "pending" and self.legal and self.view["stage"] == PLACE or self._hand_choosable(item))
                and (event.scenePos() - start).manhattanLength() > 8
            ):
                self._drag = item
                self._drag_home = item.card_scene_rect()
                self._drag_offset = start - self._drag_home.topLeft()
                item.setZValue(50)
                item.setCursor(Qt.ClosedHandCursor)
                if item.role == "hand" and self.selected != item.card_id:
                    self._select(item.card_id)
            else:
                return
        self._drag.setPos(event.scenePos() - self._drag_offset)
        event.accept()

    def mouseReleaseEvent(self, event: Any) -> None:
        if event.button() != Qt.LeftButton or self._press is None:
            event.ignore()
            return
        item, _ = self._press
        self._press = None
        pos = event.scenePos()
        if self._drag is not None:
            dragged, self._drag = self._drag, None
            dragged.setPos(self._drag_home.topLeft())
            dragged.setZValue(3)
            target = self._item_at(pos, exclude=dragged)
            if target is not None and isinstance(target, (SlotItem, PanelItem)):
                cid = dragged.card_id if dragged.role == "hand" else None
                if isinstance(target, SlotItem):
                    self._slot_clicked(target, cid)
                else:
                    self._panel_clicked(target, cid)
            elif target is not None and isinstance(target, CardItem) and target.role == "back":
                self.activate(target)
            self._refresh_marks()
            event.accept()
            return
        if item is not None and self.legal:
            self.activate(item)
        event.accept()

    # --- keyboard ------------------------------------------------------------------------------
    def keyPressEvent(self, event: Any) -> None:
        key = event.key()
        if self.view is None or not self.legal:
            event.ignore()
            return
        if key in (Qt.Key_Tab, Qt.Key_Backtab):
            self.move_focus(key == Qt.Key_Backtab or bool(event.modifiers() & Qt.ShiftModifier))
            event.accept()
            return
        if key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space):
            target = self.focused_item()
            if target is not None:
                was = self.selected
                self.activate(target)
                if self.view is not None and self.selected and self.selected != was:
                    self._focus_first_target()
            event.accept()
            return
        if key == Qt.Key_Escape:
            if self.selected:
                self._focus_index = None
                self._select(None)
                self.status.emit("Selection cancelled.")
            event.accept()
            return
        if Qt.Key_1 <= key <= Qt.Key_9:
            i = key - Qt.Key_1
            if i < len(self._hand) and self._hand_choosable(self._hand[i]):
                if self.selected != self._hand[i].card_id:
                    self.activate(self._hand[i])
                if self.selected:
                    self._focus_first_target()
            event.accept()
            return
        event.ignore()

    def _focus_first_target(self) -> None:
        items = self.focusable_items()
        n_hand = sum(1 for it in items if isinstance(it, CardItem) and it.role == "hand")
        self._focus_index = n_hand if n_hand < len(items) else None
        self._refresh_marks()

    # --- animation -----------------------------------------------------------------------------
    def _stop_animations(self) -> None:
        self.clear_hint()
        for a in self._anims:
            a.stop()
            a.deleteLater()
        self._anims = []
        self.flying = []

    def _animate(self, action: Action, prev: dict[str, Any], prev_rects: dict[tuple, QRectF]) -> None:
        v = self.view
        kind = action.kind
        face: str | None = None
        level: int
        if kind == "draw":
            drawer = prev["decider"]
            start = prev_rects[("pile", action["pile"])]
            end_key = ("hand", drawer, len(v["hands"][drawer]) - 1)
            new = v["hands"][drawer][-1]
            face = new.get("id")
            level = new["level"]
        elif kind in ("play", "give", "compost"):
            player = prev["turn"]
            face = action["card"]
            level = card(face).level
            old = prev["hands"][player]
            ids = [c.get("id") for c in old]
            idx = ids.index(face) if face in ids else next(i for i, c in enumerate(old) if c["level"] == level)
            start = prev_rects[("hand", player, idx)]
            if kind == "play":
                end_key = ("slot", player, action["tree"], level)
            elif kind == "give":
                end_key = ("pending",)
            else:
                end_key = ("compost", min(len(v["compost"]), 12) - 1)
        elif kind == "place":
            face = prev["pending"]["card"]
            level = card(face).level
            start = prev_rects[("pending",)]
            end_key = ("slot", prev["pending"]["to"], action["tree"], level)
        else:
            return
        end = self._rects[end_key]
        dest = self._items_by_key.get(end_key)
        flying = CardItem(start, face, level, None)
        self.flying.append(flying)
        fly(self, flying, start, end, self._anims, DURATION_MS, dest,
            done=lambda: self.flying.remove(flying) if flying in self.flying else None)

    # --- background ----------------------------------------------------------------------------
    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        # beyond the table (a window not shaped 16:9) the floor is the felt's darkest green, so
        # the table never sits between black bars
        p.fillRect(rect, QColor("#14291a"))
        sr = QRectF(SCENE_RECT)
        # a wooden rim
        wood = QLinearGradient(sr.topLeft(), sr.bottomRight())
        wood.setColorAt(0, QColor("#6b4526"))
        wood.setColorAt(0.5, QColor("#85582f"))
        wood.setColorAt(1, QColor("#5a391f"))
        felt_r = sr.adjusted(4, 4, -4, -4)
        # only the rim is filled with wood, as four bands wide enough for the felt's rounded
        # corners (the felt covers the rest): a full-size linear gradient was most of the cost
        band = 4 + 10
        p.setPen(Qt.NoPen)
        p.setBrush(wood)
        for r in (QRectF(sr.x(), sr.y(), sr.width(), band), QRectF(sr.x(), sr.bottom() - band, sr.width(), band),
                  QRectF(sr.x(), sr.y(), band, sr.height()), QRectF(sr.right() - band, sr.y(), band, sr.height())):
            p.drawRect(r)
        felt = QRadialGradient(felt_r.center(), felt_r.width() * 0.65)
        felt.setColorAt(0, QColor("#2f6440"))
        felt.setColorAt(0.7, QColor("#234d31"))
        felt.setColorAt(1, QColor("#193823"))
        p.setBrush(felt)
        p.drawRoundedRect(felt_r, 10, 10)
