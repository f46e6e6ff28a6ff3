"""The cards of the Three Spheres TCG table: a face -- its sphere's colours, its level, name and
buy cost on the top band, its picture, a Persist mark, its generated text (when the card is large
enough), its resources and its points -- or a back.  The whole text is in the tooltip."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QLinearGradient, QPainter, QPen, QPolygonF

from tabletop.client.sprites import SHADOW_MARGIN, draw_shadow
from tabletop.client.table_items import (MIN_TEXT_PX, TableItem, draw_text, fits, font, note_cut, readable, text_width,
                                         wrap_lines)

from .art import draw_art
from .cards import FOREST, MYTH, NEUTRAL, SPHERE_NAMES, STONES, info, kind_of

# each sphere's paper and ink: forest green, myth violet, stones amber, neutral grey
SPHERE_COLOURS = {
    FOREST: (QColor("#eef3df"), QColor("#2f6b2a")),
    MYTH: (QColor("#eee3f6"), QColor("#5b2a86")),
    STONES: (QColor("#f7ecd2"), QColor("#9a6508")),
    NEUTRAL: (QColor("#e9eaee"), QColor("#5a606b")),
}
COIN = QColor("#f2c94c")  # the buy cost
GEM = QColor("#1f7f86")  # the resources
STAR = QColor("#b8860b")  # the points
PERSIST = QColor("#d4a017")
TEXT_MIN_W = 175.0  # a card this wide shows its text: lines of some eighteen letters of the readable size
# A name under the band (too long for it) takes up to three lines on a card 150 units tall or
# more, two on a shorter one -- bold, else regular, at the largest size down to MIN_TEXT_PX that
# shows it whole -- and the picture gives way to it.  Every name of the set shows whole in three
# lines of a card NAME_W wide, and in two of a card 137 wide (a World card at 1366 x 768).
NAME_W = 110.0
NAME_MIN_H = 84.0  # a card this tall (and 90 wide) shows its name under the band: a tile of the crowded in-play row
ART_MIN_H = 36.0  # a picture less tall is not drawn (a tile's sliver)


def fit_name(name: str, px: float, width: float, most: int) -> tuple[list[str], float, bool]:
    """A card's name in at most ``most`` lines of ``width``: its lines, their size and whether
    bold -- the largest size from ``px`` down to MIN_TEXT_PX, bold before regular, that shows it
    whole; else cut at the smallest, regular."""
    size = px
    while True:
        for bold in (True, False):
            if fits(name, font(size, bold), width, most):
                return wrap_lines(name, font(size, bold), width, most), size, bold
        if size <= MIN_TEXT_PX:
            return wrap_lines(name, font(size), width, most), size, False
        size = max(MIN_TEXT_PX, size - 1)


def points_words(cid: str) -> str:
    """A card's points in a few signs: "★ 3", "★ 2+" (fixed and dynamic), "★ +" (dynamic only);
    "" for a card worth nothing."""
    c = info(cid)
    fixed = str(c.points).replace("-", "−")
    if c.points_per is not None:
        return f"★ {fixed}+" if c.points else "★ +"
    return f"★ {fixed}" if c.points else ""


@lru_cache(maxsize=1024)
def card_tooltip(cid: str) -> str:
    """Everything about a card, in words: the tooltip of every face (a card's words never
    change: made once, not at every drawing)."""
    c = info(cid)
    sphere = SPHERE_NAMES[c.sphere]
    head = f"{c.name} — {sphere[0].upper() + sphere[1:]}, level {c.level}"
    lines = [head, f"Cost {c.cost} to buy · spent, it gives {c.resources} resource{'s' if c.resources != 1 else ''}"]
    lines.append(c.text or "No ability and no points.")
    if c.flavour:
        lines.append(f"“{c.flavour}”")
    return "\n".join(lines)


@lru_cache(maxsize=1024)
def card_about(cid: str, note: str = "") -> str:
    """What a screen reader says of a face beyond its name: "level 1, cost 2, 1 resource", then
    its note ("paid 1 of 2", "free: click to buy")."""
    c = info(cid)
    resources = f"{c.resources} resource{'s' if c.resources != 1 else ''}" if c.resources else "no resources"
    words = f"level {c.level}, cost {c.cost}, {resources}"
    return f"{words}, {note}" if note else words


class _Face(NamedTuple):
    """Where the parts of a card's face lie (:meth:`SpheresTCGCard._face`)."""

    band: QRectF
    level: QRectF
    coin: QRectF
    room: QRectF  # between the level and the coin: the name, when it fits
    name_f: QFont
    name_in_band: bool
    foot: QRectF
    name_top: float  # the name's lines under the band, when it does not fit in it
    npx: float
    name_lines: list[str]
    name_bold: bool
    text_px: float
    lh: float
    text_lines: list[str]
    art: QRectF
    note: QRectF


class SpheresTCGCard(TableItem):
    """A card face (``card_id``) or a back (``None``) on the table.  ``note`` is a chip across the
    bottom of the picture (what was paid into it, "free", a reason); ``dim`` darkens a card that
    cannot be chosen now; ``detail`` draws the card's text (by default when the card is large
    enough)."""

    BODY_MARGIN = SHADOW_MARGIN

    def __init__(self, rect: QRectF, card_id: str | None, role: str | None = None, *, note: str = "",
                 detail: bool | None = None, dim: bool = False) -> None:
        super().__init__(rect, role)
        self.card_id = card_id
        self.note = note
        self.dim = dim
        self.detail = rect.width() >= 100 and rect.height() >= 140 if detail is None else detail
        if card_id is not None:
            tip = card_tooltip(card_id)
            self.setToolTip(f"{tip}\n{note}" if note else tip)
            self.about = card_about(card_id, note)
        else:
            self.setToolTip("A hidden card")

    @property
    def kind(self) -> str | None:
        return None if self.card_id is None else kind_of(self.card_id)

    def radius(self) -> float:
        return min(8.0, self._size.width() * 0.07)

    def sprite_key(self) -> tuple | None:
        return (self.kind, self.detail, self.dim, self._size.width(), self._size.height())

    def overlay_key(self) -> tuple | None:
        return (self.note,)

    def magnified(self, rect: QRectF) -> SpheresTCGCard:
        return SpheresTCGCard(rect, self.card_id, None, note=self.note, detail=True)

    # --- painting ------------------------------------------------------------------------
    def _face(self) -> _Face:
        """Where the parts of the face lie at this size."""
        r = self._size
        c = info(self.card_id)
        band = QRectF(r.x(), r.y(), r.width(), max(15.0, min(34.0, r.height() * 0.17)))
        d = min(band.height() - 4, 28.0)
        level = QRectF(band.x() + 2, band.center().y() - d / 2, d, d)
        coin = QRectF(band.right() - d - 2, band.center().y() - d / 2, d, d)
        room = QRectF(level.right() + 3, band.y(), coin.x() - level.right() - 5, band.height())
        name_f = font(readable(band.height() * 0.6), True)
        name_in_band = band.height() >= MIN_TEXT_PX * 1.2 and text_width(c.name, name_f) <= room.width()
        foot_h = max(13.0, min(26.0, r.height() * 0.12)) if r.height() < 150 else max(22.0, min(26.0, r.height() * 0.12))
        foot = QRectF(r.x() + 4, r.bottom() - foot_h - 3, r.width() - 8, foot_h)
        top = band.bottom() + 3
        # the name under the band when the band has no room for it (a small card: in the enlarged one)
        npx = readable(min(22.0, r.width() * 0.08))
        name_lines: list[str] = []
        name_bold = True
        if not name_in_band and r.width() >= 90 and r.height() >= NAME_MIN_H:
            name_lines, npx, name_bold = fit_name(c.name, npx, r.width() - 10, 3 if r.height() >= 150 else 2)
        text_lines: list[str] = []
        text_px = readable(min(21.0, r.width() * 0.06))
        lh = text_px * 1.18
        name_top = top
        if name_lines:
            top += npx * 1.2 * len(name_lines) + 2
        if self.detail and c.text and r.width() >= TEXT_MIN_W:
            room_h = foot.y() - top - 70  # (the picture gives way to the whole text, down to a strip)
            text_lines = wrap_lines(c.text, font(text_px), r.width() - 10, max(1, int(room_h // lh)))
        # the picture: as wide as the card, in its own proportions (160 x 100), less when short of room
        art_h = max(0.0, min((r.width() - 6) / 1.6, foot.y() - top - len(text_lines) * lh - 4))
        if art_h < ART_MIN_H:  # (no sliver of a picture: a tile shows its band, its name and its note)
            art_h = 0.0
        art = QRectF(r.x() + 3, top, r.width() - 6, art_h)
        # the note across the bottom of the picture, or above the foot -- never over the name; in two
        # lines when one cannot hold it and the card has the room (a tile of the in-play row)
        below = max(band.bottom() + 2, top)
        note_h = 22.0
        if self.note and not fits(self.note, font(MIN_TEXT_PX, True), r.width() - 12) and below + 42 <= r.bottom() - 2:
            note_h = 42.0
        above = (art.bottom() if art_h else foot.y()) - 1 - note_h
        note = QRectF(r.x() + 3, max(below, min(above, r.bottom() - 2 - note_h)), r.width() - 6, note_h)
        return _Face(band, level, coin, room, name_f, name_in_band, foot, name_top, npx, name_lines, name_bold, text_px,
                     lh, text_lines, art, note)

    def paint_body(self, p: QPainter) -> None:
        r = self._size
        rad = self.radius()
        draw_shadow(p, r, rad, 50)
        if self.card_id is None:
            self._paint_back(p, r, rad)
            return
        c = info(self.card_id)
        face = self._face()
        paper, ink = SPHERE_COLOURS.get(c.sphere, SPHERE_COLOURS[NEUTRAL])
        p.setPen(QPen(ink, 2))
        p.setBrush(paper)
        p.drawRoundedRect(r, rad, rad)
        self._paint_band(p, face, rad, c, ink)
        y = face.name_top
        for line in face.name_lines:
            draw_text(p, QRectF(r.x() + 5, y, r.width() - 10, face.npx * 1.2), line, font(face.npx, face.name_bold), ink,
                      Qt.AlignLeft | Qt.AlignVCenter)
            y += face.npx * 1.2
        if face.name_lines:  # (the name, when whole; else the lines drawn -- the whole name is in the enlarged card)
            shown = " ".join(face.name_lines)
            self._texts.append(c.name if shown.split() == c.name.split() else shown)
        art = face.art
        if art.height() >= 10:
            p.save()
            p.setPen(Qt.NoPen)
            p.setBrush(ink.lighter(170))
            p.drawRect(art)
            if not draw_art(p, c.id, art, fill=True):
                self._paint_emblem(p, art, ink)
            p.restore()
        if c.persist and art.height() >= 26:
            self._paint_persist(p, art, r.width() >= 120)
        y = art.bottom() + 2
        for line in face.text_lines:
            draw_text(p, QRectF(r.x() + 5, y, r.width() - 10, face.lh), line, font(face.text_px), QColor("#2a2620"),
                      Qt.AlignLeft | Qt.AlignVCenter)
            y += face.lh
        if face.text_lines:
            self._texts.append(c.text)
        self._paint_foot(p, face.foot, c)
        if self.dim:
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(20, 20, 30, 110))
            p.drawRoundedRect(r, rad, rad)

    def overlaid(self) -> bool:
        return bool(self.note) and self.card_id is not None

    def paint_overlay(self, p: QPainter) -> None:
        """The note: over the face's sprite, so a card shares its sprite whatever was paid into
        it (a dimmed card shows its note undimmed, to be read)."""
        self._paint_note(p, self._face().note)

    def _paint_back(self, p: QPainter, r: QRectF, rad: float) -> None:
        g = QLinearGradient(r.topLeft(), r.bottomRight())
        g.setColorAt(0, QColor("#2a2040"))
        g.setColorAt(1, QColor("#0d0b18"))
        p.setPen(QPen(QColor("#b9a6e8"), 1.2))
        p.setBrush(g)
        p.drawRoundedRect(r, rad, rad)
        inner = r.adjusted(3, 3, -3, -3)
        if not draw_art(p, "back", inner, fill=True):
            p.setPen(QPen(QColor(201, 184, 255, 140), 1.5))
            p.setBrush(Qt.NoBrush)
            d = min(r.width(), r.height()) * 0.3
            for dx, dy in ((-0.3, 0.2), (0.3, 0.2), (0.0, -0.25)):
                p.drawEllipse(QPointF(r.center().x() + dx * d, r.center().y() + dy * d), d / 2, d / 2)

    def _paint_band(self, p: QPainter, face: _Face, rad: float, c, ink: QColor) -> None:
        """The top band: the level, the cost and, when it holds it, the name.  A band too low for
        readable figures shows its colours only."""
        band = face.band
        p.setPen(Qt.NoPen)
        p.setBrush(ink)
        p.drawRoundedRect(band, rad, rad)
        p.drawRect(QRectF(band.x(), band.y() + band.height() / 2, band.width(), band.height() / 2))
        d = face.level.width()
        numbers = d >= 21  # (a smaller card: its figures are in the enlarged one)
        p.setBrush(QColor("#ffffff"))
        p.drawEllipse(face.level)
        nf = font(readable(d * 0.72), True)
        if numbers:
            draw_text(p, face.level, str(c.level), nf, ink, Qt.AlignCenter)
        p.setPen(QPen(QColor("#7a5b12"), 1))
        p.setBrush(COIN)
        p.drawEllipse(face.coin)
        if numbers:
            draw_text(p, face.coin, str(c.cost), nf, QColor("#2b2112"), Qt.AlignCenter)
            self._texts += [str(c.level), str(c.cost)]
        if face.name_in_band:
            draw_text(p, face.room, c.name, face.name_f, QColor("#ffffff"), Qt.AlignLeft | Qt.AlignVCenter)
            self._texts.append(c.name)

    @staticmethod
    def _paint_emblem(p: QPainter, art: QRectF, ink: QColor) -> None:
        """No picture: three small spheres in the sphere's ink."""
        d = min(art.width(), art.height()) * 0.3
        p.setPen(QPen(ink, 1.2))
        p.setBrush(ink.lighter(140))
        for dx in (-0.7, 0.0, 0.7):
            p.drawEllipse(QPointF(art.center().x() + dx * d, art.center().y()), d / 2, d / 2)

    def _paint_persist(self, p: QPainter, where: QRectF, words: bool) -> None:
        text = "∞ Persist" if words else "∞"
        f = font(MIN_TEXT_PX, True)
        w = text_width(text, f) + 10
        tag = QRectF(where.x() + 2, where.y() + 2, w, 22)
        p.setPen(QPen(QColor("#5c4300"), 1))
        p.setBrush(PERSIST)
        p.drawRoundedRect(tag, 4, 4)
        draw_text(p, tag, text, f, QColor("#2b1d00"), Qt.AlignCenter)
        self._texts.append("Persist")

    def _paint_foot(self, p: QPainter, foot: QRectF, c) -> None:
        px = readable(foot.height() * 0.72)
        if foot.height() < 20:  # (too low for readable figures: the gem and the star, in the enlarged card)
            return
        if c.resources:
            gem = QRectF(foot.x(), foot.y(), foot.height() * 1.7 + (4 if c.resources > 9 else 0), foot.height())
            p.setPen(Qt.NoPen)
            p.setBrush(GEM)
            h = gem.height()
            p.drawPolygon(QPolygonF([QPointF(gem.x() + h * 0.35, gem.y()), QPointF(gem.right() - h * 0.35, gem.y()),
                                     QPointF(gem.right(), gem.center().y()), QPointF(gem.right() - h * 0.35, gem.bottom()),
                                     QPointF(gem.x() + h * 0.35, gem.bottom()), QPointF(gem.x(), gem.center().y())]))
            draw_text(p, gem, f"+{c.resources}", font(px, True), QColor("#ffffff"), Qt.AlignCenter)
            self._texts.append(f"+{c.resources}")
        words = points_words(self.card_id)
        if words:
            f = font(px, True)
            w = text_width(words, f) + 10
            pill = QRectF(foot.right() - w, foot.y(), w, foot.height())
            p.setPen(QPen(QColor("#6b4f00"), 1))
            p.setBrush(QColor("#fff1c2") if c.points >= 0 else QColor("#f3c9c9"))
            p.drawRoundedRect(pill, foot.height() / 2, foot.height() / 2)
            draw_text(p, pill, words, f, QColor("#4a3500") if c.points >= 0 else QColor("#7a1010"), Qt.AlignCenter)
            self._texts.append(words)

    def _paint_note(self, p: QPainter, r: QRectF) -> None:
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(20, 16, 8, 215))
        p.drawRoundedRect(r, 5, 5)
        f = font(MIN_TEXT_PX, True)
        rows = max(1, int(r.height() // 21))
        note = self.note
        if "→" in note and not fits(note, f, r.width() - 6, rows):  # ("spent → Canopy Spirit": the row says spent)
            note = note[note.index("→"):]
        lines = wrap_lines(note, f, r.width() - 6, rows)
        step = r.height() / len(lines)
        for i, line in enumerate(lines):
            draw_text(p, QRectF(r.x() + 3, r.y() + i * step, r.width() - 6, step), line, f, QColor("#ffe58a"),
                      Qt.AlignCenter)
        note_cut(note, " ".join(lines))
        self._texts.append(self.note)

