"""The cards of the Spheres of Life table: a face (its kind's colours, name, illustration and,
when large enough, its text) or a back (with the name of a card the seat knows)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPainterPath, QPen, QPolygonF, QRadialGradient

from tabletop.client.sprites import draw_shadow
from tabletop.client.table_items import (MIN_TEXT_PX, TableItem, draw_text, fits, font, note_cut, readable, text_width,
                                         wrap_lines)

from .art import draw_art
from .cards import card

TYPE_COLOURS = {
    "noble": (QColor("#f3e3b3"), QColor("#2e6b2e")),
    "corrupted": (QColor("#e7d0e4"), QColor("#6a1b4d")),
    "ability": (QColor("#d8e6f7"), QColor("#1e4f8a")),
    "hero": (QColor("#e6e6ea"), QColor("#4d4d63")),
    "dawn": (QColor("#fde3c4"), QColor("#b4531f")),  # (Gods & Myths) a Dawn card, never in a hand
}
GODLY_INK = QColor("#8a6410")  # a Godly Hero's band: gold


def draw_eye(p: QPainter, r: QRectF, colour: QColor) -> None:
    """The Mythical Creatures' mark: an open eye."""
    cx, cy, w, h = r.center().x(), r.center().y(), r.width(), r.height() * 0.62
    path = QPainterPath(QPointF(cx - w / 2, cy))
    path.quadTo(QPointF(cx, cy - h), QPointF(cx + w / 2, cy))
    path.quadTo(QPointF(cx, cy + h), QPointF(cx - w / 2, cy))
    p.setPen(QPen(colour, max(1.2, w * 0.09)))
    p.setBrush(QColor(255, 255, 255, 230))
    p.drawPath(path)
    p.setPen(Qt.NoPen)
    p.setBrush(colour)
    p.drawEllipse(QPointF(cx, cy), h * 0.36, h * 0.36)


def draw_hourglass(p: QPainter, r: QRectF, colour: QColor, sand: QColor | None = None) -> None:
    """The Prolonged abilities' mark: an hourglass (``colour`` its frame, ``sand`` its sand)."""
    cx, w, top, bottom = r.center().x(), r.width() * 0.62, r.y() + r.height() * 0.08, r.bottom() - r.height() * 0.08
    mid = (top + bottom) / 2
    p.setPen(QPen(colour, max(1.2, r.width() * 0.1)))
    p.setBrush(Qt.NoBrush)
    p.drawPolygon(QPolygonF([QPointF(cx - w / 2, top), QPointF(cx + w / 2, top), QPointF(cx, mid),
                             QPointF(cx + w / 2, bottom), QPointF(cx - w / 2, bottom), QPointF(cx, mid)]))
    p.drawLine(QPointF(cx - w * 0.7, top), QPointF(cx + w * 0.7, top))
    p.drawLine(QPointF(cx - w * 0.7, bottom), QPointF(cx + w * 0.7, bottom))
    p.setPen(Qt.NoPen)
    p.setBrush(sand or colour)
    p.drawPolygon(QPolygonF([QPointF(cx - w * 0.3, bottom - 1), QPointF(cx + w * 0.3, bottom - 1), QPointF(cx, mid + 2)]))


def type_word(c) -> str:
    """The word on a card's band: its type, and what sort of expansion card it is."""
    if c.type == "hero":
        return "Godly Hero" if c.godly else "Hero"
    if c.prolonged:
        return "Prolonged"
    return {"noble": "Noble", "corrupted": "Corrupted", "ability": "Ability", "dawn": "Dawn"}[c.type]


def card_about(card_id: str) -> str:
    """What a screen reader says of a face beyond its name: its sort and what it does ("Ability:
    Block an ability card ..."); an animal its sort, and a Mythical one its banked bonus."""
    c = card(card_id)
    word = type_word(c)
    if c.is_animal:
        return f"{word} animal, Mythical: {c.bonus_text}" if c.mythical else f"{word} animal"
    word = {"Prolonged": "Prolonged ability", "Dawn": "Dawn card"}.get(word, word)
    return f"{word}: {c.text}" + (f" Playable: {c.playable}" if c.playable else "")


def face_name(name: str) -> str:
    """The name as a face shows it: "Noble Lynx" is a Lynx on a card banded "Noble"."""
    return name.replace("Noble ", "").replace("Corrupted ", "")


def name_px(width: float) -> float:
    return readable(min(26.0, width * 0.14))


def name_lines(height: float, px: float) -> int:
    return 2 if height > 5 * px else 1


def name_shows(card_id: str, width: float, height: float) -> bool:
    """A card face ``width`` x ``height`` shows the card's name whole (else not at all)."""
    px = name_px(width)
    return width >= 80 and fits(face_name(card(card_id).name), font(px, True), width - 10, name_lines(height, px))


TILE_ASPECTS = (0.34, 0.3, 0.26)  # a tile's height / width: the first whose tiles show every name (the
# enlarged tile keeps the shape, and its text wants the height: none flatter)


def tile_name_room(width: float, height: float, detail: bool = False) -> tuple[QRectF, float]:
    """Where a tile ``width`` x ``height`` (at the origin) writes its name, and the text size
    (``detail``: the enlarged tile, a narrower picture and a room for the text)."""
    art_w = (height - 8) * (0.5 if detail else 0.75)
    px = readable(min(22.0, height * 0.15)) if detail else MIN_TEXT_PX
    return QRectF(art_w + 22, 3, width - art_w - 28, height - 6), px


def tile_shows(card_id: str, width: float, height: float) -> bool:
    """A tile ``width`` x ``height`` shows the card's name whole."""
    room, px = tile_name_room(width, height)
    lines = max(1, min(2, int(room.height() // (px * 1.2))))
    return fits(face_name(card(card_id).name), font(px, True), room.width(), lines)


# --- items ------------------------------------------------------------------------------------
class SpheresCard(TableItem):
    """A card face (``card_id``) or a back (``None``), with an optional label on the back."""

    def __init__(self, rect: QRectF, card_id: str | None, role: str | None = None, back_label: str = "",
                 detail: bool = False, tile: bool = False) -> None:
        super().__init__(rect, role)
        self.card_id = card_id
        self.back_label = back_label
        self.detail = detail
        self.tile = tile  # a face lying sideways: the picture at the left, the name beside it (many open cards)
        if card_id is not None:
            c = card(card_id)
            tip = f"{c.name} — {c.text}"
            if c.bonus_text:
                tip += f"\n◉ Mythical. {c.bonus_text}"
            if c.playable:
                tip += f"\nPlayable: {c.playable}"
            if c.own_design:
                tip += "\n◆ tabletop design"
            self.setToolTip(tip)
            self.about = card_about(card_id)
        elif back_label:
            self.setToolTip(f"A card you know: {back_label}")
        else:
            self.setToolTip("A hidden card")

    def radius(self) -> float:
        return min(8.0, self._size.width() * 0.08)

    def sprite_key(self) -> tuple | None:
        return (self.card_id, self.back_label, self.detail, self.tile, self._size.width(), self._size.height())

    def magnified(self, rect: QRectF) -> SpheresCard:
        return SpheresCard(rect, self.card_id, None, self.back_label, detail=True, tile=self.tile)

    def paint_body(self, p: QPainter) -> None:
        if self.tile and self.card_id is not None:
            self._paint_tile(p)
            return
        r = self._size
        rad = self.radius()
        draw_shadow(p, r, rad, 50)
        if self.card_id is None:
            g = QLinearGradient(r.topLeft(), r.bottomRight())
            g.setColorAt(0, QColor("#3b2f5c"))
            g.setColorAt(1, QColor("#1d1733"))
            p.setPen(QPen(QColor("#c9b8ff"), 1.2))
            p.setBrush(g)
            p.drawRoundedRect(r, rad, rad)
            if not draw_art(p, "back", r.adjusted(3, 3, -3, -3)):
                p.setPen(QPen(QColor(201, 184, 255, 120), 1.5))
                p.setBrush(Qt.NoBrush)
                d = min(r.width(), r.height()) * 0.42
                p.drawEllipse(r.center(), d / 2, d / 2)
            # the name of a card the seat knows, on a back wide enough for it (else in the enlarged card)
            px = readable(r.width() * 0.1)
            if self.back_label and text_width(self.back_label, font(px, True)) <= r.width() - 4:
                p.setPen(Qt.NoPen)
                p.setBrush(QColor(20, 14, 40, 200))
                p.drawRect(QRectF(r.x() + 1, r.bottom() - px * 1.3 - 1, r.width() - 2, px * 1.3))
                lr = QRectF(r.x() + 2, r.bottom() - px * 1.3, r.width() - 4, px * 1.3 - 2)
                draw_text(p, lr, self.back_label, font(px, True), QColor("#ffe58a"), Qt.AlignCenter)
                self._texts.append(self.back_label)
            return
        c = card(self.card_id)
        paper, ink = TYPE_COLOURS[c.type]
        band_ink = GODLY_INK if c.godly else ink
        p.setPen(QPen(band_ink, 2))
        p.setBrush(paper)
        p.drawRoundedRect(r, rad, rad)
        band = QRectF(r.x(), r.y(), r.width(), max(16.0, min(r.height() * 0.16, r.width() * 0.2)))
        p.setPen(Qt.NoPen)
        p.setBrush(band_ink)
        p.drawRoundedRect(band, rad, rad)
        p.drawRect(QRectF(band.x(), band.y() + band.height() / 2, band.width(), band.height() / 2))
        marked = c.mythical or c.prolonged
        mark = QRectF(band.right() - band.height() - 3, band.y() + 2, band.height() - 2, band.height() - 4)
        if c.mythical:
            draw_eye(p, mark, ink)
            self._texts.append("Mythical")
        elif c.prolonged:
            draw_hourglass(p, mark, QColor("#ffffff"), QColor("#f2c94c"))
        words = type_word(c)
        room = band.adjusted(6, 0, -(band.height() + 4 if marked else 6), 0)
        # the band's word, whole, when the band holds it (a small card says its type by its colour)
        px = readable(band.height() * 0.55)
        if band.height() >= MIN_TEXT_PX * 1.15 and text_width(words, font(px, True)) <= room.width():
            draw_text(p, room, words, font(px, True), QColor("#ffffff"), Qt.AlignLeft | Qt.AlignVCenter)
            self._texts.append(words)
        # the name: whole, on two lines at most, on a card wide enough for it (a smaller card shows
        # its picture: its name is in the enlarged card; the table lays open cards as tiles then)
        name = face_name(c.name)
        px = name_px(r.width())
        y = band.bottom() + 4
        if name_shows(self.card_id, r.width(), r.height()):
            lines = wrap_lines(name, font(px, True), r.width() - 10, name_lines(r.height(), px))
            for line in lines:
                draw_text(p, QRectF(r.x() + 5, y, r.width() - 10, px * 1.25), line, font(px, True), ink,
                          Qt.AlignLeft | Qt.AlignVCenter)
                y += px * 1.25
            note_cut(name, " ".join(lines), True)
            self._texts.append(c.name)
        # the text (on a card large enough): what an ability does in full, an animal's in short
        bottom = r.bottom() - 5
        if self.detail and r.width() >= 110 and (c.type in ("ability", "hero", "dawn") or c.mythical or r.width() >= 200):
            share = 0.45 if c.type in ("ability", "hero", "dawn") or c.mythical else 0.25
            words = c.bonus_text or c.text  # (a Mythical Creature: its set bonus)
            tpx = readable(min(22.0, r.width() * 0.065))
            lh = tpx * 1.2
            room = int((r.height() * share) // lh)
            text_lines = wrap_lines(words, font(tpx), r.width() - 10, room) if room >= 2 else []
            if text_lines:
                note_cut(words, " ".join(text_lines))
            bottom = r.bottom() - 6 - len(text_lines) * lh
            for i, line in enumerate(text_lines):
                draw_text(p, QRectF(r.x() + 5, bottom + 2 + i * lh, r.width() - 10, lh), line, font(tpx),
                          QColor("#33302a"), Qt.AlignLeft | Qt.AlignVCenter)
        # the illustration, in the room left between the name and the text
        art_r = QRectF(r.x() + 4, y + 1, r.width() - 8, bottom - y - 3)
        if art_r.height() >= 12 and draw_art(p, c.kind, art_r):
            return
        # no illustration: an emblem, a sphere for abilities and noble animals, a square for corrupted ones
        cx, cy = art_r.center().x(), art_r.center().y()
        d = min(r.width(), r.height()) * (0.14 if self.detail else 0.22)
        grad = QRadialGradient(QPointF(cx - d * 0.2, cy - d * 0.2), d)
        grad.setColorAt(0, QColor("#ffffff"))
        grad.setColorAt(1, ink)
        p.setBrush(grad)
        p.setPen(QPen(ink, 1))
        if c.type == "corrupted":
            p.drawRect(QRectF(cx - d / 2, cy - d / 2, d, d))
        else:
            p.drawEllipse(QPointF(cx, cy), d / 2, d / 2)

    def _paint_tile(self, p: QPainter) -> None:
        """The face lying sideways: its kind's colours, the picture at the left, the name beside
        it (whole, on two lines at most); enlarged (``detail``), the type and the text under it."""
        r = self._size
        rad = min(8.0, r.height() * 0.12)
        c = card(self.card_id)
        paper, ink = TYPE_COLOURS[c.type]
        band_ink = GODLY_INK if c.godly else ink
        draw_shadow(p, r, rad, 50)
        p.setPen(QPen(band_ink, 2))
        p.setBrush(paper)
        p.drawRoundedRect(r, rad, rad)
        p.setPen(Qt.NoPen)
        p.setBrush(band_ink)  # the band, down the left side
        p.drawRoundedRect(QRectF(r.x(), r.y(), 12, r.height()), rad, rad)
        p.drawRect(QRectF(r.x() + 6, r.y(), 6, r.height()))
        room, px = tile_name_room(r.width(), r.height(), self.detail)
        room.translate(r.x(), r.y())
        art = QRectF(r.x() + 16, r.y() + 4, room.x() - r.x() - 22, r.height() - 8)
        if not draw_art(p, c.kind, art, fill=True):
            p.setBrush(ink)
            p.drawEllipse(art.center(), art.width() * 0.3, art.width() * 0.3)
        mark = QRectF(art.x(), art.y(), min(18.0, art.width() * 0.45), min(14.0, art.width() * 0.35))  # (over the picture)
        if c.mythical:
            draw_eye(p, mark, ink)
            self._texts.append("Mythical")
        elif c.prolonged:
            draw_hourglass(p, mark, band_ink, QColor("#f2c94c"))
        f = font(px, True)
        name = face_name(c.name)
        name_rows = wrap_lines(name, f, room.width(), 1 if self.detail else max(1, min(2, int(room.height() // (px * 1.2)))))
        y = room.y() if self.detail else room.center().y() - len(name_rows) * px * 1.2 / 2
        for line in name_rows:
            draw_text(p, QRectF(room.x(), y, room.width(), px * 1.2), line, f, ink, Qt.AlignLeft | Qt.AlignVCenter)
            y += px * 1.2
        note_cut(name, " ".join(name_rows), True)
        self._texts.append(c.name)
        if self.detail:  # (the enlarged tile) the type's word under the name, then the text
            words = type_word(c)
            draw_text(p, QRectF(room.x(), y, room.width(), MIN_TEXT_PX * 1.2), words, font(MIN_TEXT_PX, True), band_ink)
            self._texts.append(words)
            y += MIN_TEXT_PX * 1.2
            lh = MIN_TEXT_PX * 1.2
            rows = int((r.bottom() - 4 - y) // lh)
            words = c.bonus_text or c.text
            text_lines = wrap_lines(words, font(MIN_TEXT_PX), room.width(), rows) if rows >= 1 else []
            for i, line in enumerate(text_lines):
                draw_text(p, QRectF(room.x(), y + 2 + i * lh, room.width(), lh), line, font(MIN_TEXT_PX), QColor("#33302a"))
            note_cut(words, " ".join(text_lines))
