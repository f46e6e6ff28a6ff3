"""Painting once, copying often: the pixmaps a table keeps of its items (:class:`SpriteCache`),
copied to the device pixel for pixel (:func:`copy_to_device`, :func:`draw_on_pixels`), and the
cards' soft shadows, painted once for each size (:func:`draw_shadow`).

Qt copies a pixmap by its slow path -- line by line, handed to its thread pool -- when smooth
scaling is asked for (even when nothing is scaled) or when the part of the window being
repainted is more than one rectangle; the copies here avoid both.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap, QRegion, QTransform

from .theme import table_colour


def draw_on_pixels(p: QPainter, rect: QRectF, image: QImage) -> None:
    """Draw ``image``, painted at the device size ``rect`` has, into ``rect``: copied pixel for
    pixel at the nearest whole device pixel when the painter only moves and scales (a scaled
    drawing -- even by the scale the image was painted for -- resamples every pixel, several
    times slower); drawn scaled otherwise."""
    t = p.worldTransform()
    if t.type().value > QTransform.TxScale.value or t.m11() <= 0 or t.m22() <= 0:
        p.save()
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        p.drawImage(rect, image)
        p.restore()
        return
    device = p.device()
    dpr = device.devicePixelRatioF() if device is not None else 1.0
    x, y = (rect.x() * t.m11() + t.dx()) * dpr, (rect.y() * t.m22() + t.dy()) * dpr
    p.save()
    p.resetTransform()
    if dpr != 1.0:
        p.scale(1 / dpr, 1 / dpr)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)  # (else Qt's slow path, even 1:1)
    p.drawImage(round(x), round(y), image)
    p.restore()


SPRITE_LIMIT = 48 * 2**20  # bytes of sprites one table keeps (a 1366x768 table needs ~10 MiB)


class SpriteCache:
    """Items painted into pixmaps at device resolution, by what they show; least recently used
    go first once ``limit`` bytes are held.  An entry is ``(pixmap, texts drawn, font sizes drawn,
    texts cut short)``.

    Each table owns one (:attr:`TableScene.sprites`), so its sprites go with it: a process-wide
    cache outlived the tables and filled up game after game with sprites of tables long gone."""

    def __init__(self, limit: int = SPRITE_LIMIT) -> None:
        self.limit = limit
        self.used = 0
        self.entries: OrderedDict[tuple, tuple[QPixmap, tuple[str, ...], tuple[float, ...], tuple]] = OrderedDict()
        self.hits = self.misses = 0

    def get(self, key: tuple) -> tuple[QPixmap, tuple[str, ...], tuple[float, ...], tuple] | None:
        entry = self.entries.get(key)
        if entry is not None:
            self.entries.move_to_end(key)
            self.hits += 1
        else:
            self.misses += 1
        return entry

    def put(self, key: tuple, pixmap: QPixmap, texts: tuple[str, ...],
            px: tuple[float, ...] = (), cuts: tuple = ()) -> tuple[QPixmap, tuple[str, ...], tuple[float, ...], tuple]:
        entry = (pixmap, texts, px, cuts)
        self.entries[key] = entry
        self.used += pixmap.width() * pixmap.height() * 4
        while self.used > self.limit and len(self.entries) > 1:
            _, (old, *_) = self.entries.popitem(last=False)
            self.used -= old.width() * old.height() * 4
        return entry

    def clear(self) -> None:
        self.entries.clear()
        self.used = 0


SPRITE_MAX_PIXELS = 4_000_000  # larger than this (a huge zoom): paint directly


def copy_to_device(p: QPainter, x: int, y: int, pixmap: QPixmap) -> None:
    """Copy ``pixmap`` to the whole device pixel ``x``, ``y`` (the painter in device pixels,
    unclipped).  The part of the window being repainted is often several rectangles, and Qt
    copies under such a clip by its slow path (line by line, handed to its thread pool: five
    times slower here); so the copy is cut to each of the few rectangles of it the pixmap
    touches in turn (many: one slow copy is cheaper)."""
    engine = p.paintEngine()
    exposed = engine.systemClip() if engine is not None and not p.hasClipping() else QRegion()
    if exposed.rectCount() < 2:
        p.drawPixmap(x, y, pixmap)
        return
    cut = exposed & QRect(x, y, pixmap.width(), pixmap.height())
    if cut.rectCount() > 16:
        p.drawPixmap(x, y, pixmap)
        return
    for r in cut:
        p.setClipRect(r)
        p.drawPixmap(x, y, pixmap)
    p.setClipping(False)


_SHADOW_GROW = 1.0 + 2 * 1.6  # how far the widest of its rectangles reaches beyond the card
SHADOW_MARGIN = math.ceil(_SHADOW_GROW + 3.0 + 2.0)  # ... with its offset and antialiasing: a card's body


def draw_shadow(p: QPainter, rect: QRectF, radius: float, strength: int = 60) -> None:
    """A soft shadow made of a few translucent rounded rectangles, painted once for each size
    it is drawn at (a card's shadow is a good part of painting a card)."""
    t = p.worldTransform()
    if t.type().value > QTransform.TxScale.value:
        _paint_shadow(p, rect, radius, strength)
        return
    g = _SHADOW_GROW
    box = rect.translated(1.5, 3.0).adjusted(-g, -g, g, g)
    device = p.device()
    dpr = device.devicePixelRatioF() if device is not None else 1.0
    sx, sy = abs(t.m11()) * dpr, abs(t.m22()) * dpr  # (device pixels to a unit)
    w, h = math.ceil(box.width() * sx), math.ceil(box.height() * sy)
    if w <= 0 or h <= 0 or w * h > SPRITE_MAX_PIXELS:
        _paint_shadow(p, rect, radius, strength)
        return
    image = _shadow(w, h, round(radius, 3), strength, round(sx, 6), round(sy, 6))
    draw_on_pixels(p, QRectF(box.x(), box.y(), w / sx, h / sy), image)


@lru_cache(maxsize=128)
def _shadow(w: int, h: int, radius: float, strength: int, sx: float, sy: float) -> QImage:
    """A card's shadow ``w`` x ``h`` device pixels, painted at the scale ``sx``, ``sy``."""
    image = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.transparent)
    q = QPainter(image)
    q.setRenderHint(QPainter.Antialiasing, True)
    q.scale(sx, sy)
    g = _SHADOW_GROW
    card = QRectF(g - 1.5, g - 3.0, w / sx - 2 * g, h / sy - 2 * g)  # (where the card lies in the box)
    _paint_shadow(q, card, radius, strength)
    q.end()
    return image


def forget_shadows() -> None:
    """Let go of the shadows painted (a table going away)."""
    _shadow.cache_clear()


def _paint_shadow(p: QPainter, rect: QRectF, radius: float, strength: int) -> None:
    p.setPen(Qt.NoPen)
    for i, alpha in enumerate((strength // 3, strength // 3, strength // 3)):
        grow = 1.0 + i * 1.6
        r = rect.translated(1.5, 3.0).adjusted(-grow, -grow, grow, grow)
        p.setBrush(table_colour("shadow", alpha))
        p.drawRoundedRect(r, radius + grow, radius + grow)
