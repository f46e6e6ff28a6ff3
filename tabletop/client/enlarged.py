"""The enlarged card: where the copy of the card under the mouse (or the keyboard's focus) is shown,
beside the card and inside the table (:meth:`~tabletop.client.table_base.TableScene.show_zoom`)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

ZOOM_HEIGHT = 480.0  # the enlarged card's height (about 310 px on screen in a 1366 x 768 window)
ZOOM_DELAY = 120  # ms the mouse rests on a card before it is shown enlarged


def zoom_rect(card: QRectF, bounds: QRectF, height: float = ZOOM_HEIGHT) -> QRectF:
    """Where the enlarged copy of the card at ``card`` goes: ``height`` high (less on a short
    table), in the card's proportions, inside ``bounds``, beside the card -- right of it, else
    left, above, below -- and over it only when there is no room anywhere else."""
    aspect = card.width() / max(1.0, card.height())
    h = min(height, bounds.height() - 16)
    w = min(h * aspect, bounds.width() * 0.45, 460.0)
    h = w / aspect if aspect > 0 else h
    gap = 14.0
    cx, cy = card.center().x(), card.center().y()
    tries = [QPointF(card.right() + gap, cy - h / 2), QPointF(card.left() - gap - w, cy - h / 2),
             QPointF(cx - w / 2, card.top() - gap - h), QPointF(cx - w / 2, card.bottom() + gap)]
    inner = bounds.adjusted(8, 8, -8, -8)
    placed = []
    for at in tries:
        x = min(max(at.x(), inner.left()), inner.right() - w)
        y = min(max(at.y(), inner.top()), inner.bottom() - h)
        r = QRectF(x, y, w, h)
        if not r.intersects(card):
            return r
        placed.append(r)
    return placed[0]
