"""The pieces of the shogun sowing game's table: the board's geometry, the stones as painted
shapes (a look per kind), and the graphics items the table is built from -- stones, places
(squares and rectangles), the marks laid over places, the direction arrows, buttons, the
players' panels and the dice.  The scene that puts them together is ``table.py``."""

from __future__ import annotations

import math
from typing import Any, Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPainterPath, QPen, QPolygonF, QRadialGradient

from tabletop.client.table_items import ButtonItem as SharedButton
from tabletop.client.table_items import HoverItem
from tabletop.client.panel_items import PanelItem as SharedPanel
from tabletop.client.sprites import draw_shadow
from tabletop.client.table_items import MIN_TEXT_PX, TEXT_LIGHT, TableItem, draw_text, font, readable, text_width
from tabletop.engine.actions import Action

from .stones import CODE, is_rectangle
from .words import sow_words

# --- colours --------------------------------------------------------------------------------
ABILITY = QColor("#d08bff")  # a place an ability can send the stone to
HERE = QColor("#ffd23f")  # where the sowing has reached
DEBT = QColor("#ff7b6b")
LENT = QColor("#9be39b")
GOLD_TEXT = QColor("#ffe58a")
WOOD_LIGHT = QColor("#b07a42")
WOOD_DARK = QColor("#7c4c22")

# kind -> (body colour, ink colour)
LOOK = {
    "peasant": (QColor("#d9d0bd"), QColor("#7d7260")),
    "shogun": (QColor("#f3c531"), QColor("#7a5300")),
    "scholar": (QColor("#4f82e6"), QColor("#17367a")),
    "merchant": (QColor("#3aa86c"), QColor("#0f4a29")),
    "monk": (QColor("#f08c28"), QColor("#733600")),
    "geisha": (QColor("#a062d8"), QColor("#431b69")),
    "ghost": (QColor("#eef4ff"), QColor("#6d85a8")),
    "thief": (QColor("#474c57"), QColor("#111317")),
    "samurai": (QColor("#d9383c"), QColor("#650b0e")),
    "hime": (QColor("#f7a1c8"), QColor("#96285c")),
}

# --- geometry (scene units) ---------------------------------------------------------------------
# (the table of 900 units; a taller one, see table_rects, gives its board taller rows)
TOP_PANEL = QRectF(12, 10, 1576, 126)
BOARD = QRectF(160, 146, 1280, 454)
MY_PANEL = QRectF(12, 610, 812, 280)
PROMPT = QRectF(836, 610, 752, 280)
PAD = 18.0
RECT_W = 168.0
ROW_H = 160.0
RING_GAP = 14.0
SQ_GAP = 12.0
BOARD_GROWS = 160.0  # the most a taller table adds to the board: 3/8 to each row of squares, 1/4 to the groove
ROW_SHARE = 0.375

DROP_MS = 250  # one stone's flight while sowing


def table_rects(extra: float = 0.0) -> tuple[QRectF, QRectF, QRectF, QRectF]:
    """The other player's panel, the board, the seated player's panel and the prompt of a table
    ``extra`` units taller than 900.  The board is a row of squares as wide as the table allows
    (its width is fixed): the extra height makes its rows and groove taller, up to
    :data:`BOARD_GROWS`, and what is left makes the panels below taller."""
    grow = max(0.0, min(extra, BOARD_GROWS))
    rest = max(0.0, extra - grow)
    board = QRectF(BOARD.x(), BOARD.y(), BOARD.width(), BOARD.height() + grow)
    y = MY_PANEL.y() + grow
    h = MY_PANEL.height() + rest
    return (QRectF(TOP_PANEL), board, QRectF(MY_PANEL.x(), y, MY_PANEL.width(), h),
            QRectF(PROMPT.x(), y, PROMPT.width(), h))


def board_geometry(board: QRectF = BOARD) -> tuple[dict[str, QRectF], QRectF]:
    """The places of the ``board`` (its rectangle, :data:`BOARD` at 900 units) as seen from the
    bottom (slots "top0".."top4" left to right, "bot0".."bot4", "left", "right") and the groove
    between the rows."""
    x0, y0 = board.x() + PAD, board.y() + PAD
    inner_w = board.width() - 2 * PAD
    inner_h = board.height() - 2 * PAD
    row_h = ROW_H + (board.height() - BOARD.height()) * ROW_SHARE
    sq_w = (inner_w - 2 * RECT_W - 2 * RING_GAP - 4 * SQ_GAP) / 5
    sx0 = x0 + RECT_W + RING_GAP
    out = {"left": QRectF(x0, y0, RECT_W, inner_h), "right": QRectF(x0 + inner_w - RECT_W, y0, RECT_W, inner_h)}
    for i in range(5):
        x = sx0 + i * (sq_w + SQ_GAP)
        out[f"top{i}"] = QRectF(x, y0, sq_w, row_h)
        out[f"bot{i}"] = QRectF(x, y0 + inner_h - row_h, sq_w, row_h)
    groove = QRectF(sx0, y0 + row_h, 5 * sq_w + 4 * SQ_GAP, inner_h - 2 * row_h)
    return out, groove


def dice_faces(total: int, double: bool) -> tuple[int, int]:
    """Two faces showing ``total`` (a double when ``double``)."""
    if double:
        return total // 2, total // 2
    a = max(1, (total - 1) // 2)
    b = total - a
    if a == b or b > 6:  # (cannot happen for a real roll; keep the faces possible)
        a, b = max(1, total - 6), min(6, total - max(1, total - 6))
    return a, b


# --- painting stones ------------------------------------------------------------------------------
def _polygon(cx: float, cy: float, r: float, n: int, rot: float = 0.0) -> QPolygonF:
    return QPolygonF([QPointF(cx + r * math.cos(rot + 2 * math.pi * i / n), cy + r * math.sin(rot + 2 * math.pi * i / n))
                      for i in range(n)])


def stone_path(key: str, r: QRectF) -> QPainterPath:
    """The outline of a stone of kind ``key`` filling ``r`` (a square)."""
    cx, cy = r.center().x(), r.center().y()
    rad = min(r.width(), r.height()) / 2
    path = QPainterPath()
    if key == "scholar":
        s = rad * 0.86
        path.addRoundedRect(QRectF(cx - s, cy - s, 2 * s, 2 * s), s * 0.3, s * 0.3)
    elif key == "merchant":
        path.addPolygon(_polygon(cx, cy, rad, 6, math.pi / 6))
        path.closeSubpath()
    elif key == "geisha":
        path.addPolygon(_polygon(cx, cy, rad, 4, -math.pi / 2))
        path.closeSubpath()
    elif key == "samurai":
        path.addPolygon(_polygon(cx, cy, rad * 0.98, 8, math.pi / 8))
        path.closeSubpath()
    elif key == "hime":  # a flower: a scalloped disc
        n = 8
        path.moveTo(cx + rad * 0.8, cy)
        for i in range(n):
            a0 = 2 * math.pi * i / n
            a1 = 2 * math.pi * (i + 1) / n
            am = (a0 + a1) / 2
            ctrl = QPointF(cx + rad * 1.18 * math.cos(am), cy + rad * 1.18 * math.sin(am))
            end = QPointF(cx + rad * 0.8 * math.cos(a1), cy + rad * 0.8 * math.sin(a1))
            path.quadTo(ctrl, end)
        path.closeSubpath()
    elif key == "ghost":  # a rounded top, a wavy hem
        w, h = rad * 1.7, rad * 1.9
        left, top = cx - w / 2, cy - h / 2
        path.moveTo(left, cy)
        path.arcTo(QRectF(left, top, w, w), 180, -180)
        bottom = top + h
        path.lineTo(left + w, bottom)
        waves = 3
        for i in range(waves):
            x1 = left + w - (i + 0.5) * w / waves
            x2 = left + w - (i + 1) * w / waves
            path.quadTo(QPointF(x1, bottom - h * 0.22), QPointF(x2, bottom))
        path.closeSubpath()
    elif key == "peasant":
        path.addEllipse(QRectF(cx - rad, cy - rad * 0.9, 2 * rad, 1.8 * rad))
    else:  # shogun, monk, thief: discs
        path.addEllipse(QPointF(cx, cy), rad, rad)
    return path


def draw_stone(p: QPainter, r: QRectF, key: str) -> None:
    """Paint one stone of kind ``key`` in the square ``r``: its shape, colour and symbol."""
    body, ink = LOOK.get(key, LOOK["peasant"])
    cx, cy = r.center().x(), r.center().y()
    rad = min(r.width(), r.height()) / 2
    path = stone_path(key, r)
    # a soft shadow under the stone
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(0, 0, 0, 70))
    p.drawPath(path.translated(rad * 0.08, rad * 0.14))
    g = QRadialGradient(QPointF(cx - rad * 0.35, cy - rad * 0.4), rad * 1.5)
    g.setColorAt(0, body.lighter(135))
    g.setColorAt(0.55, body)
    g.setColorAt(1, body.darker(135))
    p.setBrush(g)
    p.setPen(QPen(ink, max(0.8, rad * 0.07)))
    p.drawPath(path)
    s = rad  # the symbol's scale
    pen_w = max(1.0, s * 0.13)
    if key == "shogun":  # a crown
        crown = QPainterPath()
        base_y, top_y = cy + s * 0.35, cy - s * 0.42
        crown.moveTo(cx - s * 0.55, base_y)
        crown.lineTo(cx - s * 0.6, top_y + s * 0.12)
        crown.lineTo(cx - s * 0.28, cy - s * 0.05)
        crown.lineTo(cx, top_y)
        crown.lineTo(cx + s * 0.28, cy - s * 0.05)
        crown.lineTo(cx + s * 0.6, top_y + s * 0.12)
        crown.lineTo(cx + s * 0.55, base_y)
        crown.closeSubpath()
        p.setPen(QPen(ink, max(0.8, s * 0.06)))
        p.setBrush(QColor("#8a5a00"))
        p.drawPath(crown)
        p.setBrush(QColor("#fff1b0"))
        p.setPen(Qt.NoPen)
        for dx in (-0.6, 0.0, 0.6):
            yy = top_y + (s * 0.12 if dx else 0)
            p.drawEllipse(QPointF(cx + dx * s, yy), s * 0.09, s * 0.09)
        p.drawRect(QRectF(cx - s * 0.55, base_y - s * 0.06, s * 1.1, s * 0.12))
    elif key == "hime":  # a flower
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#fff4fa"))
        for i in range(5):
            a = -math.pi / 2 + 2 * math.pi * i / 5
            p.drawEllipse(QPointF(cx + s * 0.3 * math.cos(a), cy + s * 0.3 * math.sin(a)), s * 0.2, s * 0.2)
        p.setBrush(QColor("#e0a020"))
        p.drawEllipse(QPointF(cx, cy), s * 0.14, s * 0.14)
    elif key == "samurai":  # a sword stroke
        p.setPen(QPen(QColor("#fff2f0"), pen_w * 1.1, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(cx - s * 0.45, cy + s * 0.45), QPointF(cx + s * 0.5, cy - s * 0.5))
        p.setPen(QPen(QColor("#ffd36a"), pen_w * 1.2, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(cx - s * 0.38, cy + s * 0.08), QPointF(cx - s * 0.08, cy + s * 0.38))
    elif key == "scholar":  # an open book
        p.setPen(QPen(ink, max(0.8, s * 0.06)))
        p.setBrush(QColor("#f4f1e6"))
        for side in (-1, 1):
            page = QPolygonF([QPointF(cx, cy - s * 0.3), QPointF(cx + side * s * 0.55, cy - s * 0.42),
                              QPointF(cx + side * s * 0.55, cy + s * 0.32), QPointF(cx, cy + s * 0.44)])
            p.drawPolygon(page)
        p.setPen(QPen(ink, max(0.6, s * 0.04)))
        for k in (0, 1, 2):
            yy = cy - s * 0.16 + k * s * 0.17
            p.drawLine(QPointF(cx + s * 0.12, yy), QPointF(cx + s * 0.42, yy - s * 0.06))
            p.drawLine(QPointF(cx - s * 0.12, yy), QPointF(cx - s * 0.42, yy - s * 0.06))
    elif key == "merchant":  # a coin with a square hole
        p.setPen(QPen(QColor("#6b4a00"), max(0.7, s * 0.05)))
        p.setBrush(QColor("#f2cf56"))
        p.drawEllipse(QPointF(cx, cy), s * 0.5, s * 0.5)
        p.setBrush(QColor(LOOK["merchant"][0]).darker(130))
        h = s * 0.17
        p.drawRect(QRectF(cx - h, cy - h, 2 * h, 2 * h))
    elif key == "monk":  # a ring of beads
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#5a2a00"))
        for i in range(10):
            a = 2 * math.pi * i / 10
            p.drawEllipse(QPointF(cx + s * 0.5 * math.cos(a), cy + s * 0.5 * math.sin(a)), s * 0.1, s * 0.1)
        p.drawEllipse(QPointF(cx, cy + s * 0.5), s * 0.14, s * 0.14)
    elif key == "geisha":  # a fan
        p.setPen(QPen(QColor("#3b0f55"), max(0.6, s * 0.05)))
        p.setBrush(QColor("#ffe1f0"))
        fan = QPainterPath()
        base = QPointF(cx, cy + s * 0.38)
        fan.moveTo(base)
        fan.arcTo(QRectF(cx - s * 0.62, cy - s * 0.5, s * 1.24, s * 1.76), 35, 110)
        fan.closeSubpath()
        p.drawPath(fan)
        for k in range(5):
            a = math.radians(35 + 110 * k / 4)
            p.drawLine(base, QPointF(cx + s * 0.6 * math.cos(a), cy + s * 0.38 - s * 0.86 * math.sin(a)))
    elif key == "ghost":  # two eyes
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#23324a"))
        for dx in (-0.26, 0.26):
            p.drawEllipse(QPointF(cx + dx * s, cy - s * 0.18), s * 0.13, s * 0.18)
        p.drawEllipse(QPointF(cx, cy + s * 0.22), s * 0.12, s * 0.08)
    elif key == "thief":  # a mask
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#0b0b0d"))
        p.drawRoundedRect(QRectF(cx - s * 0.78, cy - s * 0.3, s * 1.56, s * 0.5), s * 0.22, s * 0.22)
        p.setBrush(QColor("#f2f2f2"))
        for dx in (-0.34, 0.34):
            p.drawEllipse(QPointF(cx + dx * s, cy - s * 0.06), s * 0.15, s * 0.1)
    elif key == "peasant":  # a glint
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(255, 255, 255, 90))
        p.drawEllipse(QPointF(cx - s * 0.3, cy - s * 0.3), s * 0.22, s * 0.14)


def layout_stones(area: QRectF, stones: list[str], rect_place: bool = False) -> list[tuple[str, QRectF]]:
    """Where each stone of a place is drawn inside ``area``: a shogun large at the top of a
    rectangle, then the specials, then the peasants, in a neat grid as large as fits.  When
    even small stones do not all fit, only the first ones are drawn (the count badge tells)."""
    order = sorted(stones, key=lambda k: (0 if k == "shogun" else 2 if k == "peasant" else 1, CODE.get(k, 99)))
    out: list[tuple[str, QRectF]] = []
    area = QRectF(area)
    if rect_place and order and order[0] == "shogun":
        d = min(area.width() * 0.6, 84.0)
        out.append(("shogun", QRectF(area.center().x() - d / 2, area.y() + 4, d, d)))
        area.setTop(area.y() + d + 14)
        order = order[1:]
    n = len(order)
    if not n:
        return out
    cell = 20.0
    for c in range(48, 19, -2):
        cols, rows = int(area.width() // c), int(area.height() // c)
        if cols * rows >= n:
            cell = float(c)
            break
    cols = max(1, int(area.width() // cell))
    rows_fit = max(1, int(area.height() // cell))
    shown = order[: cols * rows_fit]
    rows = -(-len(shown) // cols)
    y0 = area.y() + (area.height() - rows * cell) / 2 if not rect_place else area.y() + 2
    for i, k in enumerate(shown):
        row, col = divmod(i, cols)
        in_row = min(cols, len(shown) - row * cols)
        x0 = area.x() + (area.width() - in_row * cell) / 2
        size = cell * (0.78 if k == "peasant" else 0.96)
        jx = ((i * 37) % 7 - 3) * cell * 0.02  # a slight, fixed irregularity: a pile, not a print
        jy = ((i * 53) % 5 - 2) * cell * 0.02
        cx = x0 + col * cell + cell / 2 + jx
        cy = y0 + row * cell + cell / 2 + jy
        out.append((k, QRectF(cx - size / 2, cy - size / 2, size, size)))
    return out


# --- items --------------------------------------------------------------------------------------
def debt_painter(text: str, colour: QColor, px: float):
    """A painter for the debt on a player's area (a :class:`DecorItem` named ``debt/<p>`` or
    ``lent/<p>``): a rounded tag framed in ``colour`` with ``text`` -- a lesson lights it."""

    def paint(p: QPainter, r: QRectF) -> list[str]:
        p.setPen(QPen(colour, 2))
        p.setBrush(QColor(28, 14, 8, 200))
        p.drawRoundedRect(r.adjusted(1, 1, -1, -1), r.height() / 2 - 1, r.height() / 2 - 1)
        draw_text(p, r.adjusted(12, 0, -12, 0), text, font(readable(px), True), colour, Qt.AlignCenter)
        return [text]

    return paint


def stone_id(key: str, place: int, i: int) -> str:
    """What the client's flights know a stone on the board by (its ``card_id``): its kind, its
    place and which of its kind there it is, "monk@3/0" -- the same in every drawing of a view."""
    return f"{key}@{place}/{i}"


def parse_stone_id(card: str) -> tuple[str, int]:
    """The kind and the place of a board stone's :func:`stone_id`."""
    key, _, rest = card.partition("@")
    return key, int(rest.split("/")[0])


class StoneItem(TableItem):
    """One stone (or, with ``count`` > 1, a group of alike stones in a tray or a panel).  A
    stone on the board has a ``card_id`` (:func:`stone_id`) and a name, ``<place's name>/<kind>/<i>``."""

    MARGIN = 10.0
    card_id = ""  # (a stone of a tray, a hand or a panel: not one the flights follow)
    KEEPS_ID = False  # (a stone's card_id names its place: one new to the table was sown, not dealt)

    def __init__(self, rect: QRectF, key: str, role: str | None = None, count: int = 1, tip: str = "",
                 caption: str = "", place: int | None = None) -> None:
        # (``place``: the board's place it lies in -- a stone made again is that place's own,
        # never a stone at the same spot of another place: keeping)
        super().__init__(rect, role)
        self.key = key
        self.count = count
        self.caption = caption  # the name under a stone of a tray
        if tip:
            self.setToolTip(tip)
        if role in ("tray", "hand"):
            self.setCursor(Qt.PointingHandCursor)

    def radius(self) -> float:
        return min(self._size.width(), self._size.height()) * 0.3

    def sprite_key(self) -> tuple | None:
        return (self.key, self.count, self.caption, self._size.width(), self._size.height())

    def paint_body(self, p: QPainter) -> None:
        r = self._size
        cap = 20 if self.caption else 0
        d = min(r.width(), r.height() - cap)
        sr = QRectF(r.center().x() - d / 2, r.y() + (r.height() - d - cap) / 2, d, d)
        draw_stone(p, sr, self.key)
        if self.count > 1:
            text = f"{self.count}"
            f = font(readable(d * 0.3), True)
            w = max(d * 0.42, text_width(text, f) + 8)
            bh = max(d * 0.4, f.pixelSize() * 1.25)
            badge = QRectF(sr.right() - w * 0.75, sr.bottom() - bh * 1.15, w, bh)
            p.setPen(QPen(QColor("#ffffff"), 1.2))
            p.setBrush(QColor("#1b1d24"))
            p.drawRoundedRect(badge, badge.height() / 2, badge.height() / 2)
            draw_text(p, badge, text, f, QColor("#ffffff"), Qt.AlignCenter)
            self._texts.append(text)
        if self.caption:
            draw_text(p, QRectF(r.x() - 12, r.bottom() - 20, r.width() + 24, 20), self.caption, font(MIN_TEXT_PX, True),
                      TEXT_LIGHT, Qt.AlignCenter)
            self._texts.append(self.caption)


class PlaceItem(TableItem):
    """A square or a rectangle of the board; its stones are child items.  What a screen reader
    says after its name (``about``) is worked out when asked, by ``about_fn`` (the place -> the
    words): its stones and marks change during a sowing."""

    def __init__(self, rect: QRectF, place: int, label: str, tip_fn: Any, place_tip_fn: Any,
                 about_fn: Any = None) -> None:
        self._about_fn = about_fn  # (before the base sets ``about``)
        super().__init__(rect, "place")
        self.place = place
        self.label = label
        self.rect_place = is_rectangle(place)
        self.stones: list[str] = []
        self.target: str | None = None  # "plain" or "ability": a destination of the stone chosen
        self.tag = ""  # the words on a destination ("Monk", "next")
        self.here = False  # the sowing has reached this place
        self.dim = False
        self._tip_fn = tip_fn  # stone kind -> tooltip
        self._place_tip_fn = place_tip_fn  # (place, stones) -> tooltip
        self._children: list[StoneItem] = []
        self.overlay = PlaceOverlay(self)
        self.setZValue(1)

    def start_over(self) -> None:
        """Kept whole for another drawing (its stones as they were): its marks as a new place's."""
        self.here = self.dim = False
        self.target, self.tag = None, ""
        self.highlighted = self.selected_ = self.focused = self.hinted = False
        self.setZValue(1)
        self.setCursor(Qt.ArrowCursor)

    @property
    def about(self) -> str:
        return self._about_fn(self) if self._about_fn is not None else self._about

    @about.setter
    def about(self, value: str) -> None:
        self._about = value

    def radius(self) -> float:
        return 26.0 if self.rect_place else 14.0

    def stone_area(self) -> QRectF:
        r = self._size
        if self.rect_place:
            return r.adjusted(10, 12, -10, -44)
        return r.adjusted(10, 32, -10, -8)

    def set_stones(self, stones: list[str]) -> None:
        """Lay out ``stones`` anew (also during an animation)."""
        self.stones = list(stones)
        for c in self._children:
            c.setParentItem(None)
            if c.scene() is not None:
                c.scene().removeItem(c)
        self._children = []
        seen: dict[str, int] = {}
        for k, r in layout_stones(self.stone_area(), self.stones, self.rect_place):
            item = StoneItem(r, k, "board", tip=self._tip_fn(k), place=self.place)
            i = seen[k] = seen.get(k, -1) + 1  # (the i-th of its kind here: what the flights follow)
            item.card_id = stone_id(k, self.place, i)
            if self.address:
                item.address = f"{self.address}/{k}/{i}"
            item.setParentItem(self)
            item.setAcceptHoverEvents(True)
            self._children.append(item)
        self.setToolTip(self._place_tip_fn(self.place, self.stones))
        self.overlay.update()
        self.update()

    def badge(self) -> str:
        """The count on the badge ("" on an empty place)."""
        return str(len(self.stones)) if self.stones else ""

    def spot_for(self, key: str, stones: list[str]) -> QRectF:
        """Where a stone of ``key`` would be drawn if the place held ``stones`` (scene units)."""
        found = None
        for k, r in layout_stones(self.stone_area(), stones, self.rect_place):
            if k == key:
                found = r
        if found is None:
            c = self.stone_area().center()
            found = QRectF(c.x() - 18, c.y() - 18, 36, 36)
        return found.translated(self.pos())

    def stone_rects(self) -> list[tuple[str, QRectF]]:
        return [(c.key, c.card_scene_rect()) for c in self._children]

    def sprite_key(self) -> tuple | None:  # (the pit, its label and its marks: its stones are items of their own)
        return (self._size.width(), self._size.height(), self.rect_place, self.dim, self.label, self.here, self.target)

    def paint_body(self, p: QPainter) -> None:
        r = self._size
        rad = self.radius()
        # the pit: a dark hollow in the wood with a lit lower rim
        g = QLinearGradient(r.topLeft(), r.bottomLeft())
        g.setColorAt(0, QColor("#3e250f"))
        g.setColorAt(0.25, QColor("#5a3818"))
        g.setColorAt(1, QColor("#6e4621"))
        p.setPen(QPen(QColor("#2e1a09"), 2))
        p.setBrush(g)
        p.drawRoundedRect(r, rad, rad)
        p.setPen(QPen(QColor(255, 220, 160, 60), 1.5))
        p.setBrush(Qt.NoBrush)
        p.drawRoundedRect(r.adjusted(2, 2, -2, -2), rad - 2, rad - 2)
        if self.dim:
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(0, 0, 0, 70))
            p.drawRoundedRect(r, rad, rad)
        colour = QColor(255, 228, 170, 210)
        if self.rect_place:
            lr = QRectF(r.x() + 4, r.bottom() - 40, r.width() - 8, 36)
            draw_text(p, lr, self.label, font(MIN_TEXT_PX, True), colour, Qt.AlignCenter)
        else:
            draw_text(p, QRectF(r.x() + 10, r.y() + 4, r.width() - 60, 24), self.label, font(18, True), colour)
        self._texts.append(self.label)

    def paint_marks(self, p: QPainter) -> None:
        r = self._size
        rad = self.radius()
        if self.here:
            p.setBrush(Qt.NoBrush)
            p.setPen(QPen(HERE, 3, Qt.DashLine))
            p.drawRoundedRect(r.adjusted(3, 3, -3, -3), rad - 2, rad - 2)
        if self.target == "ability":
            p.setBrush(Qt.NoBrush)
            for width, alpha in ((11, 50), (6, 120), (3, 255)):
                c = QColor(ABILITY)
                c.setAlpha(alpha)
                p.setPen(QPen(c, width))
                p.drawRoundedRect(r.adjusted(-2, -2, 2, 2), rad + 2, rad + 2)
            d = self.__dict__  # (the mark itself, without the repaint its setter asks for)
            saved, d["_highlighted"] = self.highlighted, False
            super().paint_marks(p)
            d["_highlighted"] = saved
            return
        super().paint_marks(p)


def fitting_tag(tag: str, room: float, width: Callable[[str], float]) -> str:
    """A destination's tag in ``room``: whole ("✦ Merchant crosses"), else what names the stone
    ("✦ Geisha: to the shogun" -> "✦ Geisha", "✦ Merchant crosses" -> "✦ Merchant"); a screen
    reader says it whole (the place's ``about``)."""
    for words in (tag, tag.split(":")[0], " ".join(tag.split()[:2])):
        if width(words) <= room:
            return words
    return " ".join(tag.split()[:2])


class PlaceOverlay(TableItem):
    """What lies over a place's stones: the count badge and a destination's tag."""

    MARGIN = 14.0

    def __init__(self, place: PlaceItem) -> None:
        super().__init__(QRectF(0, 0, place.rect().width(), place.rect().height()), None)
        self.setParentItem(place)
        self.setPos(0, 0)
        self.setZValue(50)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.host = place

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def sprite_key(self) -> tuple | None:
        host = self.host
        return (self._size.width(), self._size.height(), host.badge(), host.tag, host.target)

    def paint_body(self, p: QPainter) -> None:
        host = self.host
        r = self._size
        text = host.badge()
        if text:
            f = font(17, True)
            w = max(30.0, text_width(text, f) + 14)
            badge = QRectF(r.right() - w - 5, r.y() + 4, w, 26)
            p.setPen(QPen(QColor("#fff3d6"), 1.5))
            p.setBrush(QColor(20, 14, 8, 225))
            p.drawRoundedRect(badge, 13, 13)
            draw_text(p, badge, text, f, QColor("#fff3d6"), Qt.AlignCenter)
            self._texts.append(text)
        if host.tag:
            f = font(MIN_TEXT_PX, True)
            words = fitting_tag(host.tag, r.width() + 10, lambda s: text_width(s, f) + 20)
            w = min(r.width() + 10, text_width(words, f) + 20)
            tag = QRectF(r.center().x() - w / 2, r.y() - 14, w, 27)
            colour = ABILITY if host.target == "ability" else QColor("#c8f56a")
            p.setPen(QPen(QColor(0, 0, 0, 120), 1))
            p.setBrush(colour)
            p.drawRoundedRect(tag, 12, 12)
            draw_text(p, tag, words, f, QColor("#1d0f2a") if host.target == "ability" else QColor("#1f3300"),
                      Qt.AlignCenter)
            self._texts.append(words)

    def paint_marks(self, p: QPainter) -> None:
        pass


class ArrowItem(HoverItem):
    """One of the two direction buttons on a chosen square: clicking it sows that way."""

    def __init__(self, rect: QRectF, square: int, direction: int, left: bool) -> None:
        super().__init__(rect, "arrow")
        self.square = square
        self.direction = direction
        self.left = left  # points left on screen
        self.setZValue(30)
        self.setToolTip(f"{sow_words(square, direction)} ({'←' if left else '→'})")

    def radius(self) -> float:
        return self._size.width() / 2

    def paint_body(self, p: QPainter) -> None:
        r = self._size
        draw_shadow(p, r, r.width() / 2, 60)
        p.setPen(QPen(QColor("#7a5b12"), 2))
        p.setBrush(QColor("#fff6d8").lighter(106) if self.hover else QColor("#fff0c2"))
        p.drawEllipse(r)
        cx, cy = r.center().x(), r.center().y()
        s = r.width() * 0.26
        sign = -1 if self.left else 1
        tri = QPolygonF([QPointF(cx + sign * s * 1.1, cy), QPointF(cx - sign * s * 0.7, cy - s),
                         QPointF(cx - sign * s * 0.7, cy + s)])
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#3b2a08"))
        p.drawPolygon(tri)
        self._texts.append("◀" if self.left else "▶")


class ButtonItem(SharedButton):
    """The table's buttons: larger text (the board is drawn smaller in the window), above the
    board's items."""

    TEXT_PX = 17.0
    MARGIN = 14.0

    def __init__(self, rect: QRectF, text: str, action: Action | None, kind: str = "choice", tip: str = "") -> None:
        super().__init__(rect, text, action, kind, tip)
        self.about = tip  # (a screen reader says what the button does after its words)
        self.setZValue(25)


class PanelItem(SharedPanel):
    """A player's area (not clickable: the board is)."""

    FILL = QColor(8, 14, 18, 120)

    def __init__(self, rect: QRectF, player: int, active: bool) -> None:
        super().__init__(rect, player, active)
        self.setAcceptedMouseButtons(Qt.NoButton)


class DieItem(TableItem):
    """One die showing ``value`` pips."""

    def __init__(self, rect: QRectF, value: int, tint: QColor | None = None) -> None:
        super().__init__(rect, None)
        self.value = value
        self.tint = tint or QColor("#fbf8ef")
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setZValue(20)

    def radius(self) -> float:
        return self._size.width() * 0.18

    def sprite_key(self) -> tuple | None:
        return None

    def paint_body(self, p: QPainter) -> None:
        r = self._size
        rad = self.radius()
        draw_shadow(p, r, rad, 70)
        g = QLinearGradient(r.topLeft(), r.bottomRight())
        g.setColorAt(0, self.tint.lighter(104))
        g.setColorAt(1, self.tint.darker(112))
        p.setPen(QPen(QColor("#5a5040"), 1.5))
        p.setBrush(g)
        p.drawRoundedRect(r, rad, rad)
        w = r.width()
        pip = w * 0.09
        spots = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
                 4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
                 5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
                 6: [(0.27, 0.23), (0.73, 0.23), (0.27, 0.5), (0.73, 0.5), (0.27, 0.77), (0.73, 0.77)]}
        p.setPen(Qt.NoPen)
        p.setBrush(QColor("#b3261e") if self.value == 1 else QColor("#1d1d22"))
        for fx, fy in spots.get(self.value, []):
            p.drawEllipse(QPointF(r.x() + fx * w, r.y() + fy * r.height()), pip, pip)
        self._texts.append(f"die {self.value}")
