"""Drawing helpers and graphics items shared by the games' tables: fonts and text measures,
shadows, the sprite cache, and the base item (:class:`TableItem`) with its highlight, selection,
hint and focus marks, plus text labels and painted decorations.

Every table draws with these so that all games look and behave alike; a game's table module
adds only its own cards and layout.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Callable, Hashable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap, QRadialGradient, QTransform
from PySide6.QtWidgets import QGraphicsItem

from .sprites import SPRITE_MAX_PIXELS, copy_to_device
from .keeping import TableObject
from .theme import TABLE, table_colour

FONT_FAMILY = "DejaVu Sans"

# --- colours of the marks and of text on the felt (the tables' own: tabletop/client/theme.py) ---
TARGET = table_colour("target")  # a legal target
SELECT = table_colour("select")  # the selected card
HINT = table_colour("hint")  # the suggested move
FOCUS = table_colour("focus")  # keyboard focus
PLAYED = table_colour("played")  # where the others' last moves landed
TEXT_LIGHT = table_colour("on_felt")
TEXT_MUTED = table_colour("on_felt_muted")

# --- readable tables ----------------------------------------------------------------------
# A table is laid out in a 1600 x 900 scene that the view fits to the window: in a 1366 x 768
# window it is shown 1036 px wide (the side panel takes the rest), at 0.6475 px a unit.  No text
# on a table is smaller than 11 px there: MIN_TEXT_PX units (docs/client.md, "Readable tables").
SMALLEST_SCALE = 1036 / 1600
MIN_TEXT_PX = float(math.ceil(11 / SMALLEST_SCALE))  # 17 units


def readable(px: float) -> float:
    """``px``, or the smallest size a table draws text at when ``px`` is smaller."""
    return max(float(px), MIN_TEXT_PX)



# Fonts and text measures are made once: painting asks for the same few fonts, widths and
# elided strings over and over, and building a QFont or a QFontMetricsF is not free.
_FONTS: dict[tuple[int, bool], QFont] = {}
_METRICS: dict[tuple[int, bool], QFontMetricsF] = {}


def font(px: float, bold: bool = False) -> QFont:
    """The table's font at ``px`` pixels (shared: never change the font returned)."""
    key = (max(1, int(round(px))), bool(bold))
    f = _FONTS.get(key)
    if f is None:
        f = QFont(FONT_FAMILY)
        f.setPixelSize(key[0])
        f.setBold(key[1])
        f.setHintingPreference(QFont.PreferNoHinting)
        _FONTS[key] = f
    return f


def _font_key(f: QFont) -> tuple[int, bool]:
    return (f.pixelSize(), f.bold())


def metrics(f: QFont) -> QFontMetricsF:
    key = _font_key(f)
    fm = _METRICS.get(key)
    if fm is None:
        fm = _METRICS[key] = QFontMetricsF(font(*key))
    return fm


@lru_cache(maxsize=8192)
def _advance(key: tuple[int, bool], text: str) -> float:
    return _METRICS[key].horizontalAdvance(text)


def text_width(text: str, f: QFont) -> float:
    key = _font_key(f)
    if key not in _METRICS:
        metrics(f)
    return _advance(key, text)


@lru_cache(maxsize=8192)
def _elided(key: tuple[int, bool], text: str, width: float) -> str:
    return _METRICS[key].elidedText(text, Qt.ElideRight, width)


def elided(text: str, f: QFont, width: float) -> str:
    key = _font_key(f)
    if key not in _METRICS:
        metrics(f)
    return _elided(key, text, width)


def wrap_lines(text: str, f: QFont, width: float, max_lines: int) -> list[str]:
    """``text`` broken into at most ``max_lines`` lines of ``width``; the last one elided."""
    metrics(f)
    return list(_wrap_lines(text, _font_key(f), width, max_lines))


@lru_cache(maxsize=4096)
def _wrap_lines(text: str, key: tuple[int, bool], width: float, max_lines: int) -> tuple[str, ...]:
    lines: list[str] = []
    current = ""
    words = text.split()
    for i, word in enumerate(words):
        trial = f"{current} {word}".strip()
        if _advance(key, trial) <= width or not current:
            current = trial
            continue
        lines.append(current)
        current = word
        if len(lines) == max_lines:
            current = " ".join([lines.pop()] + words[i:])
            break
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines[max_lines - 1] = " ".join(lines[max_lines - 1 :])
        del lines[max_lines:]
    return tuple(_elided(key, line, width) for line in lines)


def rounded(rect: QRectF, radius: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, radius, radius)
    return path


# The font sizes the items being painted draw with (innermost item last): every text of a
# table goes through draw_text (or note_font), so an item knows the fonts it paints
# (TableItem.drawn_px) and a test can measure the smallest text on screen.
_DRAWING: list[list[float]] = []
# ... and the texts they cut short: (the whole text, what was drawn, its parts that must show
# whole) -- TableItem.cuts; a test wants none cut inside a name.
_CUTTING: list[list[tuple[str, str, Any]]] = []

Whole = bool | tuple[str, ...] | list[str]  # a text's parts that must show whole (True: all of it)


def note_font(f: QFont) -> None:
    """The item being painted draws text with ``f`` (draw_text says so itself)."""
    if _DRAWING:
        _DRAWING[-1].append(float(f.pixelSize()))


def note_cut(text: str, shown: str, whole: Whole = ()) -> None:
    """The item being painted drew ``text`` as ``shown`` (elided, or its lines joined): when
    that is not all of it, it notes the cut and the parts that must show whole (``whole``;
    ``True``: all of it) -- :meth:`TableItem.cuts`.  Multi-line drawing says so itself;
    :func:`draw_text` does."""
    if _CUTTING and shown.split() != text.split():
        _CUTTING[-1].append((text, shown, True if whole is True else tuple(whole)))


def cut_inside(text: str, shown: str, names: Any) -> str | None:
    """The name among ``names`` (``True``: the whole text) that ``shown`` -- ``text`` elided at
    the right -- cuts inside ("God of Thunde…"), or ``None``.  Leaving a name out whole (a list
    cut between its names) is no cut inside it."""
    full, drawn = " ".join(text.split()), " ".join(shown.split())
    if drawn == full:
        return None
    if names is True:
        return full
    kept = drawn.rstrip("…").rstrip()
    at = len(kept) if full.startswith(kept) else None
    for name in names:
        name = " ".join(name.split())
        if not name or name not in full:
            continue
        if at is None:  # (not a prefix: the name must be there whole)
            if name not in drawn:
                return name
            continue
        i = full.find(name)
        while i >= 0:
            if i < at < i + len(name):
                return name
            i = full.find(name, i + 1)
    return None


def draw_text(p: QPainter, rect: QRectF, text: str, f: QFont, colour: QColor, flags: int = Qt.AlignLeft | Qt.AlignVCenter,
              whole: Whole = ()) -> str:
    """Draw ``text`` in ``rect`` on one line, elided at the right when it is too long; returns
    what was drawn.  ``whole``: the parts that must show whole (a name) -- were one cut, the item
    notes it, and the readable-text test fails (give the text room, or say it otherwise)."""
    note_font(f)
    shown = elided(text, f, rect.width())
    if shown != text:
        note_cut(text, shown, whole)
    p.setFont(f)
    p.setPen(colour)
    p.drawText(rect, int(flags), shown)
    return shown


def fits(text: str, f: QFont, width: float, max_lines: int = 1) -> bool:
    """``text`` shows whole in ``max_lines`` lines of ``width``."""
    return " ".join(wrap_lines(text, f, width, max_lines)).split() == text.split()


def fit_list(head: str, names: list[str], f: QFont, width: float, sep: str = ", ", max_lines: int = 1) -> str:
    """``head`` and as many of ``names`` as fit whole in ``max_lines`` lines of ``width``, then
    "+N more" for the rest (a list of names is cut between names, never inside one)."""
    for k in range(len(names), -1, -1):
        text = head + sep.join(names[:k]) + (f"{' ' if k else ''}+{len(names) - k} more" if k < len(names) else "")
        if k == 0 or fits(text, f, width, max_lines):
            return text
    return head


def card_radius(rect: QRectF) -> float:
    return max(4.0, min(rect.width(), rect.height()) * 0.08)


# --- items -------------------------------------------------------------------------------
def _noting_sizes(p: QPainter, paint: Callable[[QPainter], None], px: list[float], cuts: list) -> None:
    """``paint(p)``, antialiased, noting the font sizes it draws text at in ``px`` and the texts
    it cuts short in ``cuts`` (draw_text, note_cut)."""
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setRenderHint(QPainter.TextAntialiasing, True)
    _DRAWING.append(px)
    _CUTTING.append(cuts)
    try:
        paint(p)
    finally:
        _DRAWING.pop()
        _CUTTING.pop()


class TableItem(TableObject):
    """A rectangle on the table.  ``role`` says what clicking it means.  Made again during a
    drawing as it was made in the drawing before, it is that item, kept on the table
    (:mod:`~tabletop.client.keeping`)."""

    MARGIN = 16.0
    KEEPS_ID = True  # its ``card_id`` is its card's wherever it goes (not a place's: a stone's)

    def __init__(self, rect: QRectF, role: str | None = None, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        # (its marks -- highlighted, selected_, focused, hinted -- start off: the properties below)
        self.__dict__.update(
            role=role,
            data_={},
            hint_phase=0.0,
            _size=QRectF(0, 0, rect.width(), rect.height()),
            _texts=[],
            _px=[],  # the font sizes the body and marks were painted with
            _overlay_px=[],  # ... and the overlay
            _cuts=[],  # the texts painted cut short (note_cut)
            _overlay_cuts=[],
            sprite_ok=True,  # off for a card in flight (its size changes every frame)
            zoomed=False,  # the enlarged copy of a card (TableScene.show_zoom): never a target
            # its stable name on the table ("card/<id>", "square/7", "prompt/button/pass"); "" lets
            # its zone name it (TableScene.address_of; docs/architecture.md, "Named zones and items")
            address="",
        )
        # what a screen reader says of it beyond its name ("in your hand, level 1, cost 2"); ""
        # lets the table say (TableScene.spoken)
        self.about = ""
        self.setPos(rect.topLeft())

    # the marks: an item is repainted when one changes
    def _mark(name: str) -> property:  # noqa: N805  (makes the properties below)
        field = "_" + name

        def get(self: TableItem) -> bool:
            return self.__dict__.get(field, False)

        def set_(self: TableItem, on: bool) -> None:
            if self.__dict__.get(field, False) != on:
                self.__dict__[field] = on
                if self.scene() is not None:
                    self.update()

        return property(get, set_)

    highlighted = _mark("highlighted")
    selected_ = _mark("selected")
    focused = _mark("focused")
    hinted = _mark("hinted")
    played = _mark("played")  # the others' moves since the seat's own landed here (TableScene.note_played)
    del _mark

    # geometry
    def rect(self) -> QRectF:
        return QRectF(self._size)

    def set_rect(self, rect: QRectF) -> None:
        self.prepareGeometryChange()
        self._size = QRectF(0, 0, rect.width(), rect.height())
        self.setPos(rect.topLeft())

    def card_scene_rect(self) -> QRectF:
        return self.mapRectToScene(self._size)

    def boundingRect(self) -> QRectF:
        m = self.MARGIN
        return self._size.adjusted(-m, -m, m, m)

    BODY_MARGIN: float | None = None  # how far its body paints out of its rectangle, when less than its bounds

    def body_rect(self) -> QRectF:
        """Where its body paints (its sprite's rectangle): its bounds, or its rectangle and
        :attr:`BODY_MARGIN` round it (a smaller sprite is copied faster)."""
        m = self.BODY_MARGIN
        return self.boundingRect() if m is None else self._size.adjusted(-m, -m, m, m)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        if not self.zoomed:  # (the enlarged card is looked at, never clicked: nothing to hit)
            path.addRect(self._size)
        return path

    def magnified(self, rect: QRectF) -> TableItem | None:
        """This card drawn again at ``rect``, large, with its full text -- the enlarged card shown
        while the mouse or the keyboard focus is on it -- or ``None`` (not a card).  It shows what
        this item shows and no more: a back stays a back."""
        return None

    def texts(self) -> list[str]:
        """The strings this item draws (tests look for leaked hidden cards here)."""
        return list(self._texts)

    def magnifies(self) -> bool:
        """The item has an enlarged form (its class fills in :meth:`magnified`)."""
        return type(self).magnified is not TableItem.magnified

    def cuts(self) -> list[tuple[str, str, Any]]:
        """(the whole text, what was drawn, the parts that must show whole -- ``True``: all of
        it) of every text this item painted the last time cut short (:func:`note_cut`)."""
        return self._cuts + self._overlay_cuts

    def drawn_px(self) -> list[float]:
        """The pixel sizes of the fonts this item painted the last time, in its own units (a
        test multiplies them by the scale the item is shown at: the text as drawn on screen)."""
        return self._px + self._overlay_px

    def radius(self) -> float:
        return card_radius(self._size)

    # painting
    def sprite_key(self) -> tuple | None:
        """Everything :meth:`paint_body` draws depends on (the marks are added to it), or
        ``None`` when the item is always painted directly."""
        return None

    def look(self) -> tuple | None:
        """What its pixels depend on: its sprite key, its marks and its size; ``None`` when it
        cannot tell (no sprite key, or an overlay painted each time).  The look it was last
        painted with is kept (``_painted``): an item kept from one drawing to the next with the
        same look is not painted again (:mod:`~tabletop.client.keeping`)."""
        return self._look(self.sprite_key())

    def _look(self, key: tuple | None) -> tuple | None:
        over = None
        if type(self).paint_overlay is not TableItem.paint_overlay:
            over = self.overlay_key()
            if over is None:
                return None
        if key is None:
            return None
        r = self.boundingRect()
        return (key, over, self.highlighted, self.selected_, self.focused, self.hinted, self.played, self.hint_phase,
                self.sprite_ok, r.x(), r.y(), r.width(), r.height())

    def overlay_key(self) -> tuple | None:
        """Everything :meth:`paint_overlay` draws depends on (``None``: it cannot tell, and the
        item is painted again at every drawing)."""
        return None

    def paint(self, p: QPainter, option: Any = None, widget: Any = None) -> None:
        key = self.sprite_key()
        self._painted = self._look(key)
        if self.sprite_ok and key is not None:
            at = self._on_device(p)
            if at is not None and self._blit(p, at, (type(self).__name__, key), self.body_rect(), self._paint_body, True):
                # the body and the marks from sprites, the overlay over them
                if self.marked():
                    marks = self.marks_key()
                    if marks is None or not self._blit(p, at, ("marks", marks), self.boundingRect(), self._paint_marks,
                                                       False):
                        self._paint_shifted(p, at, self._paint_marks)
                if self.overlaid():
                    self._paint_shifted(p, at, self._paint_overlay)
                else:
                    self._overlay_px, self._overlay_cuts = [], []
                return
        self.paint_direct(p)
        self._paint_overlay(p)

    def paint_direct(self, p: QPainter) -> None:
        """The body, then the marks."""
        self._texts = []
        self._px = []
        self._cuts = []
        self._paint_body(p)
        self._paint_marks(p)

    def _paint_body(self, p: QPainter) -> None:
        _noting_sizes(p, self.paint_body, self._px, self._cuts)

    def _paint_marks(self, p: QPainter) -> None:
        _noting_sizes(p, self.paint_marks, self._px, self._cuts)

    def marks_key(self) -> tuple | None:
        """Everything :meth:`paint_marks` draws depends on, or ``None`` when the marks are
        painted each time (the pulsing hint; a class with marks of its own).  The marks are kept
        apart from the body, so one sprite serves a card lit or not, and one ring every card of
        its size."""
        if self.hinted or type(self).paint_marks is not TableItem.paint_marks:
            return None
        return (self.highlighted, self.selected_, self.focused, self.played, self.radius(), self._size.width(),
                self._size.height())

    def shows(self) -> Hashable | None:
        """The piece it shows beyond a card of its own (``card_id``), for telling what a move
        changed (:mod:`~tabletop.client.played`): a tree's slot, the card on its top; ``None``
        (the default) for what shows none."""
        return None

    def marked(self) -> bool:
        """It has a mark on now (lit, chosen, focused, hinted or just played)."""
        return self.highlighted or self.selected_ or self.focused or self.hinted or self.played

    def paint_overlay(self, p: QPainter) -> None:
        """Painted over the sprite every time (what changes too often to be kept)."""

    def overlaid(self) -> bool:
        """Whether :meth:`paint_overlay` paints anything now (a class with an overlay that is
        sometimes empty says when)."""
        return type(self).paint_overlay is not TableItem.paint_overlay

    def _paint_overlay(self, p: QPainter) -> None:
        self._overlay_px = []
        self._overlay_cuts = []
        if self.overlaid():
            _noting_sizes(p, self.paint_overlay, self._overlay_px, self._overlay_cuts)

    def _on_device(self, p: QPainter) -> tuple[float, float, float, float, float, float, int, int] | None:
        """How this item lies on the painter's device, for sprites: its scale (``sx``, ``sy``,
        device pixels to a unit), the device pixel ratio, its origin on the device and that
        origin rounded to a whole pixel (where its sprites put it: so it may sit up to half a pixel
        from where direct painting would, and a card, a slot or a label looks the same wherever
        it is, and shares its sprites with its twins); ``None`` when it cannot have sprites (turned,
        not on a table)."""
        t = p.worldTransform()
        if t.type().value > QTransform.TxScale.value or t.m11() <= 0 or t.m22() <= 0:
            return None
        if getattr(self.scene(), "sprites", None) is None:  # (the cache belongs to the table)
            return None
        device = p.device()
        dpr = device.devicePixelRatioF() if device is not None else 1.0
        ox, oy = t.dx() * dpr, t.dy() * dpr
        return t.m11() * dpr, t.m22() * dpr, dpr, ox, oy, round(ox), round(oy)

    def _blit(self, p: QPainter, at: tuple, key: tuple, rect: QRectF, paint: Callable[[QPainter], None],
              body: bool) -> bool:
        """Copy the sprite ``key`` of ``rect`` (painted by ``paint`` in the item's units) to the
        device, making it first if needed; a body's sprite also keeps what it painted (its texts,
        font sizes and cut texts).  ``False``: too large for a sprite (a huge zoom)."""
        sx, sy, dpr, _, _, x0, y0 = at
        fx, fy = math.floor(rect.left() * sx), math.floor(rect.top() * sy)
        w, h = math.ceil(rect.right() * sx) - fx, math.ceil(rect.bottom() * sy) - fy
        if w <= 0 or h <= 0 or w * h > SPRITE_MAX_PIXELS:
            return False
        sprites = self.scene().sprites
        full = (key, fx, fy, w, h, round(sx, 6), round(sy, 6))  # (where it lies: marks of any class share one)
        entry = sprites.get(full)
        if entry is None:
            pixmap = QPixmap(w, h)
            pixmap.fill(Qt.transparent)
            q = QPainter(pixmap)
            q.setRenderHints(p.renderHints())
            q.translate(-fx, -fy)
            q.scale(sx, sy)
            if body:
                self._texts, self._px, self._cuts = [], [], []
            paint(q)
            q.end()
            entry = sprites.put(full, pixmap, tuple(self._texts), tuple(self._px), tuple(self._cuts))
        elif body:
            self._texts, self._px, self._cuts = list(entry[1]), list(entry[2]), list(entry[3])
        p.save()
        p.resetTransform()
        if dpr != 1.0:
            p.scale(1 / dpr, 1 / dpr)  # draw in device pixels
        # (copied pixel for pixel: with smooth scaling on, Qt takes its slow path, line by line and
        # handed to other threads, even for a copy that scales nothing)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        copy_to_device(p, x0 + fx, y0 + fy, entry[0])
        p.restore()
        return True

    @staticmethod
    def _paint_shifted(p: QPainter, at: tuple, paint: Callable[[QPainter], None]) -> None:
        """``paint`` directly, moved as the item's sprites are (to its origin's whole pixel)."""
        sx, sy, _, ox, oy, x0, y0 = at
        p.save()
        p.translate((x0 - ox) / sx, (y0 - oy) / sy)
        paint(p)
        p.restore()

    def paint_body(self, p: QPainter) -> None:  # pragma: no cover - overridden
        pass

    def marks_rect(self) -> QRectF:
        """What its marks go round (a label: its words)."""
        return self._size

    def paint_marks(self, p: QPainter) -> None:
        r = self.marks_rect()
        rad = self.radius()
        p.setBrush(Qt.NoBrush)
        if self.played and not (self.highlighted or self.selected_):
            # (a card one may click or has chosen shows that instead; one a lesson or a hint lights
            # keeps it inside the hint's outline: "Bramble took the Heron (ringed)" with their hand lit)
            for width, alpha in ((8, 70), (3, 255)):
                c = QColor(PLAYED)
                c.setAlpha(alpha)
                p.setPen(QPen(c, width))
                p.drawRoundedRect(r.adjusted(-3, -3, 3, 3), rad + 3, rad + 3)
        if self.highlighted:
            for width, alpha in ((9, 50), (5, 110), (2.5, 255)):
                c = QColor(TARGET)
                c.setAlpha(alpha)
                p.setPen(QPen(c, width))
                p.drawRoundedRect(r.adjusted(-2, -2, 2, 2), rad + 2, rad + 2)
        if self.selected_:
            for width, alpha in ((10, 60), (4, 255)):
                c = QColor(SELECT)
                c.setAlpha(alpha)
                p.setPen(QPen(c, width))
                p.drawRoundedRect(r.adjusted(-3, -3, 3, 3), rad + 3, rad + 3)
        if self.hinted:
            a = 0.55 + 0.45 * math.sin(self.hint_phase * 2 * math.pi)
            grow = 5 + 3 * a
            c = QColor(HINT)
            c.setAlphaF(0.35 + 0.65 * a)
            p.setPen(QPen(c, 4 + 2 * a))
            p.drawRoundedRect(r.adjusted(-grow, -grow, grow, grow), rad + grow, rad + grow)
            words = getattr(self.scene(), "hint_tag", "Hint")
            if words:
                tag = QRectF(r.right() - 58, r.y() - grow - 6, 56, 22)
                p.setPen(Qt.NoPen)
                p.setBrush(HINT)
                p.drawRoundedRect(tag, 6, 6)
                draw_text(p, tag, words, font(MIN_TEXT_PX, bold=True), table_colour("tag_ink"), Qt.AlignCenter)
        if self.focused:
            pen = QPen(FOCUS, 3, Qt.DashLine)
            p.setPen(pen)
            p.drawRoundedRect(r.adjusted(-7, -7, 7, 7), rad + 6, rad + 6)


def growing_hint() -> property:
    """The ``hinted`` mark of an item whose bounds hold the hint's outline only while it is lit (a
    label, a board of words: most of the time they reach hardly past their rectangle)."""

    def get(self: TableItem) -> bool:
        return self.__dict__.get("_hinted", False)

    def set_(self: TableItem, on: bool) -> None:
        if get(self) != on:
            self.prepareGeometryChange()
            self.__dict__["_hinted"] = on
            self.update()

    return property(get, set_)


class LabelItem(TableItem):
    """Text on the felt (wrapped to its rectangle)."""

    def __init__(self, rect: QRectF, text: str, px: float, colour: QColor = TEXT_LIGHT, bold: bool = False,
                 align: int = Qt.AlignLeft | Qt.AlignTop, max_lines: int = 1, shadow: bool = True,
                 whole: Whole = ()) -> None:
        super().__init__(rect, None)
        self.text = text
        self.whole = whole if whole is True else tuple(whole)  # the parts that must show whole (a name; draw_text)
        px = readable(px)  # (never smaller: the lines may stand a little out of a low rectangle)
        self.px, self.colour, self.bold, self.align, self.max_lines, self.shadow = px, colour, bold, align, max_lines, shadow
        self.setAcceptedMouseButtons(Qt.NoButton)

    HINT_REACH = 14.0  # how far a lit label's outline reaches round its words (a lesson lights one)

    hinted = growing_hint()

    def boundingRect(self) -> QRectF:
        over = max(0.0, self.px * 1.25 * self.max_lines - self._size.height())
        m = self.HINT_REACH if self.hinted else 2
        return self._size.adjusted(-m, -m - over, m, m + over)

    def words_box(self) -> QRectF:
        """Where its words lie (its rectangle may run far past one line's words)."""
        r = self._size
        if self.max_lines > 1:
            return QRectF(r)
        w = min(r.width(), text_width(self.text, font(self.px, self.bold)) + 6)
        if self.align & Qt.AlignmentFlag.AlignRight:
            return QRectF(r.right() - w, r.top(), w, r.height())
        if self.align & Qt.AlignmentFlag.AlignHCenter:
            return QRectF(r.center().x() - w / 2, r.top(), w, r.height())
        return QRectF(r.left(), r.top(), w, r.height())

    def card_scene_rect(self) -> QRectF:
        return self.mapRectToScene(self.words_box())

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def sprite_key(self) -> tuple | None:
        return (self.text, self.px, self.colour.rgba(), self.bold, self.align, self.max_lines, self.shadow, self.whole,
                self._size.width(), self._size.height())

    def paint_body(self, p: QPainter) -> None:
        f = font(self.px, self.bold)
        lines = wrap_lines(self.text, f, self._size.width(), self.max_lines)
        note_cut(self.text, " ".join(lines), self.whole)
        lh = self.px * 1.25
        total = lh * len(lines)
        y = self._size.y()
        if self.align & Qt.AlignVCenter:
            y += (self._size.height() - total) / 2
        elif self.align & Qt.AlignBottom:
            y += self._size.height() - total
        h_align = self.align & (Qt.AlignLeft | Qt.AlignRight | Qt.AlignHCenter)
        for line in lines:
            lr = QRectF(self._size.x(), y, self._size.width(), lh)
            if self.shadow:
                draw_text(p, lr.translated(1, 1), line, f, table_colour("shadow", 130), h_align | Qt.AlignVCenter)
            draw_text(p, lr, line, f, self.colour, h_align | Qt.AlignVCenter)
            y += lh
        self._texts.append(self.text)

    def marks_rect(self) -> QRectF:
        return self.words_box()  # (a lesson lights a label, "known/1": round its words)

    def paint_marks(self, p: QPainter) -> None:
        if self.marked():  # (painted only while it has one)
            super().paint_marks(p)


class DecorItem(TableItem):
    """Anything drawn by a function (legend, frames ...)."""

    def __init__(self, rect: QRectF, painter_fn: Callable[[QPainter, QRectF], list[str]],
                 key: Hashable | None = None) -> None:
        super().__init__(rect, None)
        self.fn = painter_fn
        # names what ``painter_fn`` draws: its kind and everything else it depends on beside the
        # rectangle (a gauge: ("dawn-gauge", total)); the drawing is kept under it, so two
        # drawings that differ must have different keys. None: no sprite, painted every time
        self.key = key
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setZValue(-5)

    BODY_MARGIN = 4.0  # how far its drawing reaches out of its rectangle
    HINT_REACH = 14.0  # ... and the hint's pulsing outline, while it is lit (a lesson lights a board)
    PIECE_REACH = 8.0  # ... and, of one that stands for a piece (``showing``), the others' moves' ring

    def shows(self) -> Hashable | None:
        """The piece it stands for, if it does (``showing``: a hero's chip, ("hero", id, used)):
        what the others' moves changed of it is marked as a card's would be."""
        return self.__dict__.get("showing")

    hinted = growing_hint()

    def boundingRect(self) -> QRectF:
        m = self.HINT_REACH if self.hinted else self.PIECE_REACH if self.shows() is not None else self.BODY_MARGIN
        return self._size.adjusted(-m, -m, m, m)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def sprite_key(self) -> tuple | None:
        return None if self.key is None else (self.key, self._size.width(), self._size.height())

    def paint_body(self, p: QPainter) -> None:
        self._texts += self.fn(p, self._size) or []

    def paint_marks(self, p: QPainter) -> None:
        """Its marks are the usual ones (a lesson lights a board of words, the forest's species
        board or the Dawn's total, with the hint's outline), painted only while it has one."""
        if self.marked():
            super().paint_marks(p)


def framed(pen: QColor, width: float, fill: QColor, radius: float):
    """A painter for a :class:`DecorItem`: a rounded board with a frame."""

    def paint(p: QPainter, r: QRectF) -> list[str]:
        p.setPen(QPen(pen, width))
        p.setBrush(fill)
        p.drawRoundedRect(r, radius, radius)
        return []

    return paint


def draw_cloth(p: QPainter, rect: QRectF, scene: QRectF, floor: str, stops: tuple[str, str, str], rim: str) -> None:
    """A table's background: the ``floor`` colour beyond the table, a cloth with a radial
    gradient (centre, middle, edge ``stops``) over ``scene``, and a ``rim`` round it."""
    p.fillRect(rect, QColor(floor))
    sr = QRectF(scene).adjusted(4, 4, -4, -4)
    g = QRadialGradient(sr.center(), sr.width() * 0.65)
    for at, colour in zip((0.0, 0.7, 1.0), stops):
        g.setColorAt(at, QColor(colour))
    p.setPen(QPen(QColor(rim), 6))
    p.setBrush(g)
    p.drawRoundedRect(sr, 12, 12)


class HoverItem(TableItem):
    """A clickable item that lights up under the mouse (``hover``); drawn afresh each time."""

    def __init__(self, rect: QRectF, role: Any) -> None:
        super().__init__(rect, role)
        self.hover = self.scene() is not None and self.isUnderMouse()  # (kept under the mouse: still lit)
        self.setCursor(Qt.PointingHandCursor)
        self.setAcceptHoverEvents(True)

    def sprite_key(self) -> tuple | None:
        return None

    def hoverEnterEvent(self, event: Any) -> None:
        self.hover = True
        self.update()

    def hoverLeaveEvent(self, event: Any) -> None:
        self.hover = False
        self.update()


class ButtonItem(HoverItem):
    """A button drawn on the table (a prompt's choice, a banner's): emits ``action`` when
    clicked; ``action`` is ``None`` for a step of the table's own, named by ``kind``.  Kinds:
    ``choice`` (gold), ``cancel`` and ``menu`` (grey), ``ability`` (violet).  Tables set
    :attr:`TEXT_PX` (the text size; never under the readable size) and :attr:`MARGIN` (the room
    the focus ring and hint marks take around it)."""

    TEXT_PX = MIN_TEXT_PX
    MARGIN = 8.0
    COLOURS = {  # fill, edge, ink
        "choice": (TABLE["choice"], TABLE["choice_edge"], TABLE["ink"]),
        "cancel": (TABLE["cancel"], TABLE["cancel_edge"], TABLE["ink"]),
        "menu": (TABLE["cancel"], TABLE["cancel_edge"], TABLE["ink"]),
        "ability": (TABLE["ability"], TABLE["ability_edge"], TABLE["ability_ink"]),
    }

    def __init__(self, rect: QRectF, text: str, action: Any, kind: str = "choice", tip: str = "") -> None:
        super().__init__(rect, "button")
        self.text = text
        self.action = action
        self.kind = kind
        self.setToolTip(tip or text)

    def radius(self) -> float:
        return 7.0

    def boundingRect(self) -> QRectF:
        m = self.MARGIN
        return self._size.adjusted(-m, -m, m, m)

    def paint_body(self, p: QPainter) -> None:
        r = self._size
        fill, edge, ink = (QColor(c) for c in self.COLOURS.get(self.kind, self.COLOURS["choice"]))
        if self.hover:
            fill = fill.lighter(108)
        p.setPen(QPen(edge, 1.5))
        p.setBrush(fill)
        p.drawRoundedRect(r, 7, 7)
        px = readable(self.TEXT_PX)
        lines = wrap_lines(self.text, font(px, True), r.width() - 12, max(1, min(2, int((r.height() - 2) // (px * 1.2)))))
        lh = px * 1.2
        y = r.y() + (r.height() - lh * len(lines)) / 2
        for line in lines:
            draw_text(p, QRectF(r.x() + 6, y, r.width() - 12, lh), line, font(px, True), ink, Qt.AlignCenter)
            y += lh
        note_cut(self.text, " ".join(lines))
        self._texts.append(self.text)
