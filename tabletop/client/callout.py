"""A lesson's callout: the step's words in a bubble on the table, beside what the step lights and
never over it, with a tail pointing at it.

It is a widget over the table view (not an item of the scene), so its words keep their size
whatever the table's scale, and clicks go through it to the table.  Where it goes is worked out by
:func:`callout_spot` from rectangles alone (testable without a window); what it must leave in
sight -- the buttons, the score, the discard piles, the cards of a hand, a board of words -- is
read off the table by :func:`kept_clear`."""

from __future__ import annotations

import re
from typing import Any, Iterable

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsView, QLabel, QPushButton, QWidget

from .table_items import ButtonItem, DecorItem, LabelItem
from .theme import colour, current, look
from .zones import Zone

GAP = 16  # between a lit item and the bubble (the tail's room)
PAD = 12  # around the words inside the bubble
NEXT_ROW = 34  # under the words of a step of words only: its Next button's row
EDGE = 6  # the bubble keeps this far inside the view
GLOW = 10  # a lit item's outline reaches this far beyond it
CONTROL_COST = 3  # a control (a button, a lit target), a piece or a label's words covered weighs this much more than felt
BESIDE = 24  # a label this near a button (scene units) is the button's question
KEEP_COST = 400  # a pixel of what must stay in sight (:func:`kept_clear`) covered: only when nothing else is left
DISTANCE_COST = 25  # one pixel further from what is lit weighs as much as this many pixels covered
LONG = 280  # words longer than this many characters get the wide bubble
TAIL_REACH = 3 * GAP + GLOW  # a bubble this near its lit place is beside it (further: its tail is long)
TAIL_WIDTH = 8  # about as broad as a tail is on average: a pixel of its length over something weighs so many
WORD_CUT = 40  # a tail across a line of what must stay in sight hides a word of it: weighs as so many pixels of its length over it
TIP_STEPS = 6  # a tail whose way cuts across what must stay in sight may point at so many points along each side of its lit place
HOLDER_BAND = 30  # a square that holds stones (items of their own) has its name and count in this band at its top or foot
SMALL = 3000  # a piece no larger (px²: a stone, a short label's words) weighs whole when the bubble touches it
BAND_WEIGHT = 3  # (that band, small and all words and numbers, weighs so many pieces)
WORDS_PX = 14  # the words' size at the usual text size
# its colours are the theme's "note", "on_note" and "hint" (the bubble speaks of what is outlined
# in the hint's colour): tabletop/client/theme.py

SCORE_WORDS = re.compile(r"\bscore\b|\bpoints?\b|(^|\s)[+−-]\d", re.IGNORECASE)  # a score in words ("score +3", "4 points now")
NUMBER = re.compile(r"^\s*[+−-]?\d+\s*$")  # a number on its own (the shogun game's points beside their word)
ARROWS = "◀▶"  # (a label that tells what an arrow does, when the words say to click one)
SMALL_WORDS = {"a", "an", "and", "in", "of", "on", "or", "the", "to", "your", "you", "his", "her", "their"}

Box = tuple[int, int, int, int]  # (left, top, right, bottom), inclusive as QRect's: plain numbers are fast


def _nearest(r: QRect, p: QPoint) -> QPoint:
    """The point of ``r`` nearest ``p``."""
    return QPoint(min(max(p.x(), r.left()), r.right()), min(max(p.y(), r.top()), r.bottom()))


def _distance(a: QRect, b: QRect) -> float:
    dx = max(0, b.left() - a.right(), a.left() - b.right())
    dy = max(0, b.top() - a.bottom(), a.top() - b.bottom())
    return (dx * dx + dy * dy) ** 0.5


def _spots(width: int, height: int, targets: list[QRect], inner: QRect) -> list[QRect]:
    """Where a bubble may go: beside each lit item and beside all of them together (centred, and
    slid along each side), then a grid over the view (the last resort, and the place of words
    alone)."""

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
            for k in range(5):  # (along each side: from one end, through the middle, to the other)
                x = g.left() - width + (g.width() + width) * k // 4
                y = g.top() - height + (g.height() + height) * k // 4
                spots += [clamp(x, g.bottom() + GAP), clamp(x, g.top() - GAP - height),
                          clamp(g.right() + GAP, y), clamp(g.left() - GAP - width, y)]
            cx, cy = t.center().x() - width // 2, t.center().y() - height // 2
            spots += [clamp(cx, g.bottom() + GAP), clamp(cx, g.top() - GAP - height),
                      clamp(g.right() + GAP, cy), clamp(g.left() - GAP - width, cy)]
    steps = 10
    for i in range(steps + 1):
        for j in range(steps + 1):
            spots.append(clamp(inner.left() + (inner.width() - width) * i // steps,
                               inner.top() + (inner.height() - height) * j // steps))
    return spots


def tail_tip(bubble: QRect, target: QRect) -> QPoint:
    """Where the tail of ``bubble`` points when its way is clear: the point of ``target``'s outline
    nearest the bubble."""
    return _nearest(target.adjusted(-GLOW // 2, -GLOW // 2, GLOW // 2, GLOW // 2), bubble.center())


def tail_base(bubble: QRect, tip: QPoint) -> QPoint:
    """Where the tail leaves the bubble: the point of its rounded edge nearest the tip."""
    return _nearest(bubble.adjusted(12, 12, -12, -12), tip)


def _tips(bubble: QRect, target: QRect) -> list[QPoint]:
    """The points of ``target``'s outline a tail may point at: the nearest first, then along each
    of its sides."""
    o = target.adjusted(-GLOW // 2, -GLOW // 2, GLOW // 2, GLOW // 2)
    out = [tail_tip(bubble, target)]
    for k in range(TIP_STEPS + 1):
        x = o.left() + (o.width() - 1) * k // TIP_STEPS
        y = o.top() + (o.height() - 1) * k // TIP_STEPS
        out += [QPoint(x, o.top()), QPoint(x, o.bottom()), QPoint(o.left(), y), QPoint(o.right(), y)]
    return out


def _tail_way(bubble: QRect, target: QRect, keep: list[Box], lit: list[Box]) -> tuple[QPoint, float]:
    """Where the tail of ``bubble`` points at ``target``, and what it costs: each pixel of its
    length over ``keep`` (what must stay in sight) or ``lit`` weighs as :data:`TAIL_WIDTH` pixels
    of it covered, and a tail across what must stay in sight (but the lit place's own) hides a word
    of it (:data:`WORD_CUT`).  It points at the point of the target's outline nearest the bubble,
    unless that way cuts across what must stay in sight: then at the point of the outline whose way
    cuts least (then the shortest)."""
    c = target.center()
    blocks = keep + lit
    # (what must stay in sight but the lit place's own: a tail across it hides a word)
    foreign = [k[0] > c.x() or c.x() > k[2] or k[1] > c.y() or c.y() > k[3] for k in keep] + [False] * len(lit)
    best: tuple[float, QPoint] | None = None
    for n, tip in enumerate(_tips(bubble, target)):
        base = tail_base(bubble, tip)
        x0, y0, x1, y1 = base.x(), base.y(), tip.x(), tip.y()
        span = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        inside = [(_inside_length(x0, y0, x1, y1, b), f) for b, f in zip(blocks, foreign) if _box_overlap(span, b)]
        crossed = sum(length for length, _ in inside)
        cut = sum(1 for length, f in inside if f and length > 0)
        cost = KEEP_COST * TAIL_WIDTH * (crossed + WORD_CUT * cut)
        if n == 0 and not cut:  # (the nearest point, its way cutting no words)
            return tip, cost
        cost += ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5  # (of ways that cut as much, the shortest)
        if best is None or cost < best[0]:
            best = (cost, tip)
    return best[1], best[0]


def tail_for(bubble: QRect, targets: list[QRect], keep: Iterable[QRect] = ()) -> QPoint | None:
    """Where the tail of ``bubble`` points: at the nearest of ``targets``, at the point of its
    outline whose way there cuts least across what must stay in sight (``keep``) and the lit
    places (:func:`_tail_way`); none without targets."""
    nearest = min(targets, key=lambda t: _distance(bubble, t), default=None)
    if nearest is None:
        return None
    return _tail_way(bubble, nearest, [_box(k) for k in keep], [_box(t) for t in targets])[0]


def _box(r: QRect) -> Box:
    return (r.left(), r.top(), r.right(), r.bottom())


def _box_overlap(a: Box, b: Box) -> int:
    w = min(a[2], b[2]) - max(a[0], b[0]) + 1
    h = min(a[3], b[3]) - max(a[1], b[1]) + 1
    return w * h if w > 0 and h > 0 else 0


def _box_distance(a: Box, b: Box) -> float:
    dx = max(0, b[0] - a[2], a[0] - b[2])
    dy = max(0, b[1] - a[3], a[1] - b[3])
    return (dx * dx + dy * dy) ** 0.5


def _inside_length(x0: float, y0: float, x1: float, y1: float, box: Box) -> float:
    """How much of the segment (x0, y0)-(x1, y1) lies inside ``box`` (Liang-Barsky)."""
    dx, dy = x1 - x0, y1 - y0
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return 0.0
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo >= hi:
            return 0.0
    return (hi - lo) * (dx * dx + dy * dy) ** 0.5


def spot_and_cost(width: int, height: int, targets: list[QRect], avoid: list[QRect], bounds: QRect,
                  controls: Iterable[QRect] = (), keep: Iterable[QRect] = ()) -> tuple[QRect, float]:
    """:func:`callout_spot`, and what that spot costs (to weigh bubbles of other shapes)."""
    inner = bounds.adjusted(EDGE, EDGE, -EDGE, -EDGE)
    width, height = min(width, inner.width()), min(height, inner.height())
    room = GLOW + GAP - 1  # (a lit item's outline, and the tail's room beside it)
    glows = [_box(t.adjusted(-room, -room, room, room)) for t in targets]
    spots = [_box(s) for s in _spots(width, height, targets, inner)]
    free = [s for s in spots if not any(_box_overlap(s, g) for g in glows)] or spots
    # (a small piece -- a stone, a label's few words -- half hidden is hidden: touched, it weighs whole)
    weighed = ([(*_box(a), 1, False) for a in avoid]
               + [(*_box(c), CONTROL_COST, c.width() * c.height() <= SMALL) for c in controls]
               + [(*_box(k), KEEP_COST, False) for k in keep])
    weighed.sort(key=lambda r: -r[4])  # (the heaviest first: a spot too dear is dropped sooner)
    lit = [_box(t) for t in targets]
    kept = [_box(k) for k in keep]  # (what a tail should not cross, with the lit places)

    def covering(s: Box, enough: float) -> float:
        """What ``s`` covers, weighed (as soon as it reaches ``enough``, that much)."""
        left, top, right, bottom = s
        total = 0
        for rl, rt, rr, rb, w, whole in weighed:  # (plain arithmetic: this is the placing's inner loop)
            if rl > right or rr < left or rt > bottom or rb < top:
                continue
            if whole:
                total += w * (rr - rl + 1) * (rb - rt + 1)
            else:
                total += w * (min(right, rr) - max(left, rl) + 1) * (min(bottom, rb) - max(top, rt) + 1)
            if total >= enough:
                return total
        return total

    def tail(s: Box) -> float:
        """The distance to the nearest lit place, and what the tail to it crosses."""
        nearest = min(range(len(lit)), key=lambda i: _box_distance(s, lit[i]))
        bubble = QRect(s[0], s[1], s[2] - s[0] + 1, s[3] - s[1] + 1)
        return DISTANCE_COST * _box_distance(s, lit[nearest]) + _tail_way(bubble, targets[nearest], kept, lit)[1]

    def cost(s: Box, enough: float) -> float:
        c = covering(s, enough)
        return c + tail(s) if lit and c < enough else c

    best, best_cost = free[0], float("inf")
    for s in free:
        c = cost(s, best_cost)
        if c < best_cost:
            best, best_cost = s, c
    # (the best spot grazing what must stay in sight: slid just clear of it, if that costs less)
    for k in [_box(k) for k in keep]:
        if not _box_overlap(best, k):
            continue
        w, h = best[2] - best[0], best[3] - best[1]
        for x, y in ((k[0] - 1 - w, best[1]), (k[2] + 1, best[1]), (best[0], k[1] - 1 - h), (best[0], k[3] + 1)):
            x = max(inner.left(), min(x, inner.right() - w))
            y = max(inner.top(), min(y, inner.bottom() - h))
            s = (x, y, x + w, y + h)
            if any(_box_overlap(s, g) for g in glows):
                continue
            c = cost(s, best_cost)
            if c < best_cost:
                best, best_cost = s, c
    return QRect(best[0], best[1], best[2] - best[0] + 1, best[3] - best[1] + 1), best_cost


def callout_spot(width: int, height: int, targets: list[QRect], avoid: list[QRect], bounds: QRect,
                 controls: Iterable[QRect] = (), keep: Iterable[QRect] = ()) -> QRect:
    """Where a bubble of ``width`` x ``height`` goes in ``bounds`` (the view): beside one of
    ``targets`` (the lit items) or all of them together, never over any of them (nor their glow),
    over none of ``keep`` (what must stay in sight: :func:`kept_clear`) unless nothing else is
    left, covering as little of ``avoid`` (the table's other items) as it can -- ``controls`` (what
    may be clicked now) counting four times -- and as near as it can.  With no targets, wherever it
    covers least.  Returns its rectangle."""
    return spot_and_cost(width, height, targets, avoid, bounds, controls, keep)[0]


def kept_clear(view: QGraphicsView, words: str = "") -> list[QRect]:
    """What the callout must leave in sight on the table shown in ``view`` (view rectangles): the
    buttons and the words of the prompt or of a box that asks with buttons, the score (a label that says points or a score, a panel header's score), the discard
    piles, the cards of a hand, a board of words (a legend, the Dawn's total), what the others'
    moves brought (ringed in violet), and what ``words``
    (the step's) name: a card, a square, a pile called by its name ("Oak crown", "A3", "pile 1")."""
    table = view.scene()
    if table is None:
        return []
    out: list[QRect] = []
    said = f" {_plain(words)} "

    def add(r: QRectF) -> None:
        out.append(view.mapFromScene(r).boundingRect())

    # (a question's words go with its buttons: the words of a zone that holds buttons, a label beside one)
    buttons = [it for it in table.items() if isinstance(it, ButtonItem) and it.isVisible()]
    asking = {id(b.zone) for b in buttons if getattr(b, "zone", None) is not None}
    beside = [b.sceneBoundingRect().adjusted(-BESIDE, -BESIDE, BESIDE, BESIDE) for b in buttons]
    prompts = [z.mapRectToScene(z.rect()) for z in table.items() if isinstance(z, Zone) and z.isVisible()
               and str(getattr(z, "address", "")).startswith("prompt") and hasattr(z, "rect")]
    for it in table.items():
        if not it.isVisible():
            continue
        if isinstance(it, Zone):  # (a pile shows its place even when empty)
            name = str(getattr(it, "address", ""))
            if name.startswith("pile/discard") and not name.endswith("/list"):
                add(it.mapRectToScene(it.rect()))
            continue
        address = table.address_of(it) if hasattr(table, "address_of") else ""
        zone = getattr(it, "zone", None)
        rect = it.sceneBoundingRect()
        if isinstance(it, ButtonItem) or "/button/" in address:
            add(rect)
        elif isinstance(it, LabelItem):
            if SCORE_WORDS.search(it.text) or NUMBER.match(it.text) or (words and _label_named(it.text, said, words)):
                add(_text_rect(it))
            elif it.text.strip() and (id(zone) in asking or str(getattr(zone, "address", "")).startswith("prompt")
                                      or any(r.intersects(rect) for r in beside)):
                add(_text_rect(it))  # (the prompt's own words, a question's: what to do now, how)
        elif address.startswith("pile/discard") and not address.endswith("/list"):
            add(rect)
        elif address and not address.startswith("prompt") and any(p.contains(rect) for p in prompts):
            add(rect)  # (what the prompt offers to choose from: a captured stone to put back)
        elif zone is not None and str(getattr(zone, "address", "")).startswith("hand/"):
            add(rect)
        elif isinstance(it, DecorItem) and _draws_words(it):
            add(rect)
        elif address and words and not address.startswith("panel/") and _named(table, it, said):
            add(rect)
        elif getattr(it, "played", False) is True:
            add(rect)  # (what the others' moves brought, ringed: the step's words may speak of it)
        if isinstance(getattr(it, "score", None), dict) and hasattr(it, "header_h"):  # (a panel's header: the score at its right)
            r = it.sceneBoundingRect()
            add(QRectF(r.right() - 130, r.top(), 130, float(it.header_h) + 8))
    return out


def pieces(view: QGraphicsView) -> list[QRect]:
    """The game's pieces on the table shown in ``view`` (view rectangles): what has a name a
    player can point at -- a card, a square, a pile, a stone -- but not a zone or a player's
    whole area; and the words of every label (a zone's heading, "Your side", a panel's lines),
    which a player reads to know what a place is.  Covering one weighs as much as covering a
    control; felt and frames weigh less."""
    table = view.scene()
    if table is None or not hasattr(table, "address_of"):
        return []
    big = view.viewport().width() * view.viewport().height() / 8
    out = []
    for it in table.items():
        if isinstance(it, LabelItem) and it.isVisible() and it.text.strip():  # (a heading, a caption: its words)
            out.append(view.mapFromScene(_text_rect(it)).boundingRect())
            continue
        if not it.isVisible() or isinstance(it, (Zone, LabelItem)):
            continue
        address = table.address_of(it)
        if not address or address.startswith("panel/") or "/decor/" in address:
            continue
        r = view.mapFromScene(it.sceneBoundingRect()).boundingRect()
        if r.width() * r.height() >= big:
            continue
        if isinstance(getattr(it, "stones", None), list) and r.height() > 3 * HOLDER_BAND:  # (a square: its stones are items)
            bands = [QRect(r.left(), r.top(), r.width(), HOLDER_BAND)]  # (its name, its count of stones)
            if r.height() > 2 * r.width():  # (a store, tall: its name at its foot)
                bands.append(QRect(r.left(), r.bottom() - HOLDER_BAND + 1, r.width(), HOLDER_BAND))
            out += bands * BAND_WEIGHT
        else:
            out.append(r)
    return out


def _plain(text: str) -> str:
    """Words for matching names: lower case, punctuation as spaces."""
    text = re.sub(r"['’]s\b", "", text.lower())  # ("B4's stone": B4)
    return " ".join(re.sub(r"[^\w'’]+", " ", text).split())


def _named(table: Any, item: Any, said: str) -> bool:
    """``said`` (the step's words, plain, between spaces) names ``item``: its spoken name, or the
    code at its end ("Square A3": "a3")."""
    try:
        name = _plain(table.spoken(item)[0])
    except Exception:  # (an item a screen reader cannot name)
        return False
    if len(name) < 3:
        return False
    head, _, code = name.partition(" ")
    names = [name] + ([code] if code and re.search(r"\d", code) and re.search(r"[a-z]", code) else [])
    return any(f" {n} " in said for n in names)


def _label_named(text: str, said: str, words: str) -> bool:
    """A label says what the step's words (``said``: plain, between spaces) name: a code it holds
    ("next: A2"), an arrow the words say to click ("◀ clockwise"), or all its words ("In hand: 7"
    when the words say "your hand"; numbers aside)."""
    tokens = [t for t in _plain(text).split() if not t.isdigit()]
    if any(re.search(r"\d", t) and re.search(r"[a-z]", t) and f" {t} " in said for t in tokens):
        return True
    if any(a in text and a in words for a in ARROWS):
        return True
    content = [t for t in tokens if t not in SMALL_WORDS]
    return bool(content) and all(f" {t} " in said for t in content)


def _text_rect(label: Any) -> QRectF:
    """Where a label's words lie (a label's rectangle may be far wider than its words)."""
    return label.sceneBoundingRect() if label.max_lines > 1 else words_rect(label)


def words_rect(label: Any) -> QRectF:
    """Where a one-line label's words are drawn (its rectangle may run far past them)."""
    return label.mapRectToScene(label.words_box())


_WORDS_DRAWN: dict[Any, bool] = {}


def _draws_words(item: Any) -> bool:
    """A decoration that draws words of its own (a legend, a gauge's total) -- not a frame."""
    if item.texts():
        return True
    key = (item.key, item.rect().width(), item.rect().height()) if item.key is not None else None
    if key is not None and key in _WORDS_DRAWN:
        return _WORDS_DRAWN[key]
    image = QImage(1, 1, QImage.Format.Format_ARGB32_Premultiplied)
    p = QPainter(image)
    try:
        words = bool(item.fn(p, item.rect()) or [])
    finally:
        p.end()
    if key is not None:
        _WORDS_DRAWN[key] = words
    return words


class Callout(QWidget):
    """The bubble with the step's words (``label``), over the table view's viewport; clicks go
    through it -- but for a step of words only, whose **Next** button (``next_button``, emitting
    ``next_clicked``) sits under the words.  :meth:`show_at` places it beside the lit rectangles."""

    next_clicked = Signal()

    WIDTH, WIDE, NARROW, SLIM = 360, 460, 280, 232  # (slim: for a strip of free table beside a lit place)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("lessonCallout")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.label = QLabel(self)
        self.label.setObjectName("lessonWords")
        self.label.setWordWrap(True)
        self.next_button = QPushButton("Next ▸", self)
        self.next_button.setObjectName("lessonNext")
        self.next_button.setToolTip("On to the next step of the lesson")
        self.next_button.clicked.connect(self.next_clicked)
        self.next_button.hide()
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

    def show_at(self, words: str, targets: list[QRect], avoid: list[QRect], controls: list[QRect] = (),
                reading: bool = False) -> None:
        """Show ``words`` beside ``targets`` (view rectangles), covering little of ``avoid``, less
        of ``controls`` and nothing of what the table must keep in sight (:func:`kept_clear`) if it
        can; of a narrow, a usual and a wide bubble, the one that fits best.  A tail points at the
        nearest lit place.  ``reading``: a step of words only, with its Next button under them (the
        bubble then takes its clicks)."""
        self.label.setText(words)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, not reading)
        self.next_button.setVisible(reading)
        row = NEXT_ROW if reading else 0
        bounds = self.parentWidget().rect()
        view = self.parentWidget().parentWidget()
        keep = kept_clear(view, words) if isinstance(view, QGraphicsView) else []
        controls = list(controls) + (pieces(view) if isinstance(view, QGraphicsView) else [])
        usual = self.WIDE if len(words) > LONG else self.WIDTH  # (long words: wider, so it stands less tall)
        best: tuple[float, QRect] | None = None
        for wide in dict.fromkeys((usual, self.WIDTH, self.WIDE, self.NARROW, self.SLIM)):  # (the usual first: it wins a tie)
            width = min(wide, max(200, bounds.width() * 4 // 9))
            height = self.label.heightForWidth(width - 2 * PAD) + 2 * PAD + row
            spot, cost = spot_and_cost(width, height, targets, avoid, bounds, controls, keep)
            if best is None or cost < best[0]:
                best = (cost, spot)
        bubble = best[1]
        self.tip = tail_for(bubble, targets, keep)  # (near or far: the tail says which lit place the words are about)
        area = bubble if self.tip is None else bubble.united(QRect(self.tip, self.tip).adjusted(-2, -2, 2, 2))
        self.setGeometry(area)
        self.bubble = bubble.translated(-area.topLeft())
        self.label.setGeometry(self.bubble.adjusted(PAD, PAD, -PAD, -PAD - row))
        if reading:
            hint = self.next_button.sizeHint()
            self.next_button.setGeometry(self.bubble.right() - PAD - hint.width(),
                                         self.bubble.bottom() - PAD - row + (row - hint.height()) // 2 + 4,
                                         hint.width(), hint.height())
        self.show()
        self.raise_()
        if reading:
            self.next_button.setFocus()  # (Space reads on, as a click does)
        self.update()

    def paintEvent(self, event: object) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        path = QPainterPath()
        path.addRoundedRect(QRectF(self.bubble).adjusted(1.5, 1.5, -1.5, -1.5), 10, 10)
        if self.tip is not None:
            tip = QPointF(self.tip - self.pos())
            c = QPointF(self.bubble.center())
            edge = QPointF(tail_base(self.bubble, tip.toPoint()))
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
