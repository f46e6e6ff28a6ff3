"""A lesson's callout: the step's words in a bubble on the table, beside what the step lights and
never over it, with a tail pointing at it.

It is a widget over the table view (not an item of the scene), so its words keep their size
whatever the table's scale, and clicks go through it to the table.  Where it goes is worked out by
:func:`callout_spot` from rectangles alone (testable without a window)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QLabel, QWidget

from .theme import colour, current, look

GAP = 16  # between a lit item and the bubble (the tail's room)
PAD = 12  # around the words inside the bubble
EDGE = 6  # the bubble keeps this far inside the view
GLOW = 10  # a lit item's outline reaches this far beyond it
CONTROL_COST = 3  # a control (a button, a lit target) covered weighs this much more than felt or words
DISTANCE_COST = 25  # one pixel further from what is lit weighs as much as this many pixels covered
LONG = 280  # words longer than this many characters get the wide bubble
TAIL_REACH = 3 * GAP + GLOW  # a tail no longer than this
WORDS_PX = 14  # the words' size at the usual text size
# its colours are the theme's "note", "on_note" and "hint" (the bubble speaks of what is outlined
# in the hint's colour): tabletop/client/theme.py


def _overlap(a: QRect, b: QRect) -> int:
    r = a.intersected(b)
    return r.width() * r.height() if r.isValid() else 0


def _nearest(r: QRect, p: QPoint) -> QPoint:
    """The point of ``r`` nearest ``p``."""
    return QPoint(min(max(p.x(), r.left()), r.right()), min(max(p.y(), r.top()), r.bottom()))


def _distance(a: QRect, b: QRect) -> float:
    dx = max(0, b.left() - a.right(), a.left() - b.right())
    dy = max(0, b.top() - a.bottom(), a.top() - b.bottom())
    return (dx * dx + dy * dy) ** 0.5


def callout_spot(width: int, height: int, targets: list[QRect], avoid: list[QRect], bounds: QRect,
                 controls: list[QRect] = ()) -> QRect:
    """Where a bubble of ``width`` x ``height`` goes in ``bounds`` (the view): beside one of
    ``targets`` (the lit items) or all of them together, never over any of them (nor their glow),
    covering as little of ``avoid`` (the table's other items) as it can -- ``controls`` (what may
    be clicked now) counting four times -- and as near as it can.  With no targets, wherever it
    covers least.  Returns its rectangle."""
    inner = bounds.adjusted(EDGE, EDGE, -EDGE, -EDGE)
    width, height = min(width, inner.width()), min(height, inner.height())
    glows = [t.adjusted(-GLOW, -GLOW, GLOW, GLOW) for t in targets]

    def clamp(x: int, y: int) -> QRect:
        x = max(inner.left(), min(x, inner.right() - width + 1))
        y = max(inner.top(), min(y, inner.bottom() - height + 1))
        return QRect(x, y, width, height)

    spots: list[QRect] = []
    if targets:
        union = QRect(targets[0])
        for t in targets[1:]:
            union = union.united(t)
        for t in [union] + targets:
            g = t.adjusted(-GLOW, -GLOW, GLOW, GLOW)
            cx, cy = t.center().x() - width // 2, t.center().y() - height // 2
            spots += [clamp(cx, g.bottom() + GAP), clamp(cx, g.top() - GAP - height),
                      clamp(g.right() + GAP, cy), clamp(g.left() - GAP - width, cy),
                      # (and slid along each side, for a crowded table)
                      clamp(g.left(), g.bottom() + GAP), clamp(g.right() - width, g.bottom() + GAP),
                      clamp(g.left(), g.top() - GAP - height), clamp(g.right() - width, g.top() - GAP - height)]
    steps = 6
    for i in range(steps + 1):  # a grid over the view: the last resort, and the place of words alone
        for j in range(steps + 1):
            spots.append(clamp(inner.left() + (inner.width() - width) * i // steps,
                               inner.top() + (inner.height() - height) * j // steps))
    free = [s for s in spots if not any(s.intersects(g) for g in glows)] or spots

    def cost(s: QRect) -> float:
        covered = sum(_overlap(s, a) for a in avoid) + CONTROL_COST * sum(_overlap(s, c) for c in controls)
        near = min((_distance(s, t) for t in targets), default=0.0)
        return covered + DISTANCE_COST * near

    return min(free, key=cost)


class Callout(QWidget):
    """The bubble with the step's words (``label``), over the table view's viewport; clicks go
    through it.  :meth:`show_at` places it beside the lit rectangles."""

    WIDTH, WIDE = 360, 460

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("lessonCallout")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.label = QLabel(self)
        self.label.setObjectName("lessonWords")
        self.label.setWordWrap(True)
        self._style()
        look.changed.connect(self._style)
        self.bubble = QRect()
        self.tip: QPoint | None = None  # where the tail points (a lit item's nearest point), or none
        self.hide()

    def _style(self) -> None:
        """The words in the theme's colours and at the text size in use."""
        self.label.setStyleSheet(f"color: {current()['on_note']}; background: transparent; "
                                 f"font-size: {round(WORDS_PX * look.scale)}px;")
        self.update()

    def text(self) -> str:
        return self.label.text()

    def show_at(self, words: str, targets: list[QRect], avoid: list[QRect], controls: list[QRect] = ()) -> None:
        """Show ``words`` beside ``targets`` (view rectangles), covering little of ``avoid`` and
        less of ``controls``."""
        self.label.setText(words)
        bounds = self.parentWidget().rect()
        wide = self.WIDE if len(words) > LONG else self.WIDTH  # (long words: wider, so it stands less tall)
        width = min(wide, max(200, bounds.width() * 4 // 9))
        height = self.label.heightForWidth(width - 2 * PAD) + 2 * PAD
        bubble = callout_spot(width, height, targets, avoid, bounds, controls)
        self.tip = None
        nearest = min(targets, key=lambda t: _distance(bubble, t), default=None)
        if nearest is not None and _distance(bubble, nearest) <= TAIL_REACH:  # (far off, the outline says it alone)
            self.tip = _nearest(nearest.adjusted(-GLOW // 2, -GLOW // 2, GLOW // 2, GLOW // 2), bubble.center())
        area = bubble if self.tip is None else bubble.united(QRect(self.tip, self.tip).adjusted(-2, -2, 2, 2))
        self.setGeometry(area)
        self.bubble = bubble.translated(-area.topLeft())
        self.label.setGeometry(self.bubble.adjusted(PAD, PAD, -PAD, -PAD))
        self.show()
        self.raise_()
        self.update()

    def paintEvent(self, event: object) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        path.addRoundedRect(QRectF(self.bubble).adjusted(1.5, 1.5, -1.5, -1.5), 10, 10)
        if self.tip is not None:
            tip = QPointF(self.tip - self.pos())
            c = QPointF(self.bubble.center())
            edge = QPointF(_nearest(self.bubble.adjusted(12, 12, -12, -12), tip.toPoint()))
            d = tip - c
            # the tail's base: across the line from the bubble's middle to the tip, on its edge
            n = QPointF(-d.y(), d.x())
            length = max(1.0, (n.x() ** 2 + n.y() ** 2) ** 0.5)
            n = n * (9.0 / length)
            tail = QPainterPath()
            tail.addPolygon(QPolygonF([edge + n, tip, edge - n, edge + n]))
            path = path.united(tail)
        p.setPen(QPen(colour("hint"), 3))
        p.setBrush(colour("note"))
        p.drawPath(path)
        p.end()
