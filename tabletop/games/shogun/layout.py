"""The layout of the shogun table: the board and its places, the players' panels (captured
stones, debts, the special stones chosen), the prompt with its tray and buttons, the groove
between the rows (the hand of a sowing, the imprisonment banner, the thief's dice), the places
the half-made choice lights and the arrows of a chosen square, and the words on all of them
(taken from :mod:`.words`: the layout says where they go).

A :class:`~tabletop.games.shogun.table.ShogunTable` *has* a :class:`ShogunLayout`
(``table.layout``): the layout puts the items on the table and keeps them by what they are
(``places``, ``tray``, ``hand``, ``buttons`` ...); it reads the view on show and the seat's names
off the table, the half-made choice off the table's :class:`~.choosing.Choosing`, and chooses
nothing itself.

It names what it draws (docs/architecture.md, "Named zones and items"), by the game's own
numbering of the places (:mod:`.stones`): ``square/<n>`` (a square, 0-4 the first player's,
6-10 the second's) and ``rectangle/5`` (east) / ``rectangle/11`` (west), and on them each stone
drawn, ``square/<n>/<kind>/<i>`` (the i-th of its kind there; its ``card_id`` is what the
flights follow, :func:`.board_items.stone_id`); ``arrow/<n>/<way>``
(an arrow of the chosen square: ``clockwise``, ``counter-clockwise``); ``panel/<p>`` (a
player's area; its captured stones ``captured/<p>/<kind>``, the special stones they chose
``chosen/<p>/<kind>``); ``prompt`` (its buttons ``prompt/button/<what it plays>``,
``prompt/button/cancel``, ``prompt/button/ordain`` ...) and in it ``tray`` (the stones to choose
from, ``tray/<kind>``); ``hand/<kind>`` (the stones in hand during a sowing, in the groove);
``groove/button/<what it plays>`` (the buttons on the board: sit out, roll, keep, turn round);
``dice/<i>`` (the Thief's dice shown).  A screen reader's words are each item's ``about`` (a
place's are worked out when asked) and the table's :meth:`~.table.ShogunTable.item_words`."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPainterPath, QPen

from tabletop.client.sprites import draw_shadow
from tabletop.client.table_items import (
    TEXT_LIGHT,
    TEXT_MUTED,
    DecorItem,
    LabelItem,
    framed,
    font,
    text_width,
    wrap_lines,
)
from tabletop.client.widgets import split_label
from tabletop.client.zones import PlayerPanelZone, PromptStyle, PromptZone, Zone
from tabletop.client.zones.base import button_key
from tabletop.engine.actions import Action

from .board_items import (
    DEBT,
    GOLD_TEXT,
    HERE,
    LENT,
    WOOD_DARK,
    WOOD_LIGHT,
    ArrowItem,
    ButtonItem,
    DieItem,
    PanelItem,
    PlaceItem,
    StoneItem,
    board_geometry,
    debt_painter,
    dice_faces,
    table_rects,
)
from .steps import Move, Step
from .stones import CODE, PLACES, owner, rectangle, squares, step
from .words import (BUTTONS, CAPTURED, CHIPS, NEXT_TAG, NOTHING_YET, SKIPPING, WAYS, captured_words, chosen_words,
                    classic_rules, count_text, debt_tip, debts_words, dice_words, hand_words, place_address,
                    place_label, place_tip, prison_words, prompt_words, roll_sentence, rows_words, score_tip,
                    stone_about, stone_name, stone_tip, stone_value, tray_where)

# the prompt: the title and the sentence under it in large type, the buttons along the bottom from the right
PROMPT_STYLE = PromptStyle(pad=18, title_top=10, title_h=58, title_px=22, title_lines=2, sub_top=72, sub_h=66, sub_px=17,
                           sub_lines=3, buttons="row", button_w=250, button_h=42, col_gap=12, bottom=14)
# a player's captured stones: the sizes tried, largest first (the stone, the count's type, the gap
# after it), and the height of each of two rows of them (the seated player's area has room for two)
CAPTURED_SIZES = ((38.0, 19.0, 14.0), (32.0, 17.0, 10.0))
CAPTURED_ROW = 36.0
DEBT_TAG_H = 28.0  # a debt's tag on a player's area
PARTS_LINE = 23.0  # a line of the score's parts there


class ShogunLayout:
    """What a :class:`~tabletop.games.shogun.table.ShogunTable` draws, and its items by role."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.reset()

    def reset(self) -> None:
        """Forget the items (the table has been cleared)."""
        self.places: dict[int, PlaceItem] = {}
        self.arrows: list[ArrowItem] = []
        self.buttons: list[ButtonItem] = []
        self.tray: list[StoneItem] = []
        self.hand: list[StoneItem] = []
        self.hand_deco: list[Any] = []
        self.hand_box: QRectF | None = None
        self.panels: dict[int, PanelItem] = {}
        self.store_spots: dict[int, QRectF] = {}
        self.store_groups: dict[tuple[int, str], QRectF] = {}
        self.chosen_spots: dict[int, QRectF] = {}
        self.caption: LabelItem | None = None
        self.caption_sub: LabelItem | None = None

    def build(self) -> None:
        """Draw the view on show, with the half-made choice (the table is empty)."""
        t = self.table
        top, board, mine, prompt = table_rects(t.extra)
        self.add(DecorItem(board, self._paint_board, "shogun-board"))
        self._places()
        self._panel(1 - t.me, top, wide=True)
        self._panel(t.me, mine, wide=False)
        self._prompt(prompt)
        self._groove()
        self.mark_targets()

    # --- helpers ---------------------------------------------------------------------------------
    def add(self, item: Any, to: Zone | None = None) -> Any:
        """Put ``item`` on the table, or in the zone ``to``."""
        if to is not None:
            return to.add(item)
        self.table.addItem(item)
        return item

    def label(self, rect: QRectF, text: str, px: float, colour: QColor = TEXT_LIGHT, bold: bool = False,
              align: int = Qt.AlignLeft | Qt.AlignVCenter, lines: int = 1, to: Zone | None = None) -> LabelItem:
        return self.add(LabelItem(rect, text, px, colour, bold, align, lines), to)

    @property
    def classic(self) -> bool:
        return self.table.classic

    def value(self, key: str) -> int:
        return stone_value(key, self.table.view)

    def stone_tip(self, key: str) -> str:
        """A stone's tooltip: name, value and ability (and who may use it)."""
        return stone_tip(key, self.table.view, self.table.name)

    def stone_about(self, key: str, count: int = 1, chosen: bool = False) -> str:
        """A stone in a screen reader's words, after its kind (:func:`.words.stone_about`)."""
        return stone_about(key, self.table.view, self.table.name, count, chosen)

    def geometry(self) -> tuple[dict[str, QRectF], QRectF]:
        """The places and the groove of the board at the table's height."""
        return board_geometry(table_rects(self.table.extra)[1])

    def screen_slot(self, place: int) -> str:
        """Where ``place`` is drawn: "bot0".."bot4", "top0".."top4", "left", "right"."""
        me = self.table.me
        if place == rectangle(me):
            return "right"
        if place == rectangle(1 - me):
            return "left"
        mine = list(squares(me))
        if place in mine:
            return f"bot{mine.index(place)}"
        theirs = list(reversed(list(squares(1 - me))))
        return f"top{theirs.index(place)}"

    def ordered_places(self) -> list[PlaceItem]:
        """Bottom row left to right, the right rectangle, the top row right to left, the left one:
        round the board counter-clockwise from the seat's first square."""
        me = self.table.me
        order = list(squares(me)) + [rectangle(me)] + list(squares(1 - me)) + [rectangle(1 - me)]
        return [self.places[p] for p in order if p in self.places]

    # --- the board -------------------------------------------------------------------------------
    @staticmethod
    def _paint_board(p: QPainter, r: QRectF) -> list[str]:
        draw_shadow(p, r, 26, 90)
        g = QLinearGradient(r.topLeft(), r.bottomRight())
        g.setColorAt(0, WOOD_LIGHT)
        g.setColorAt(0.5, QColor("#9a6534"))
        g.setColorAt(1, WOOD_DARK)
        p.setPen(QPen(QColor("#4a2a0e"), 3))
        p.setBrush(g)
        p.drawRoundedRect(r, 26, 26)
        # the grain
        p.setBrush(Qt.NoBrush)
        for i in range(9):
            y = r.y() + 20 + i * (r.height() - 40) / 8
            c = QColor(70, 40, 12, 34 if i % 2 else 22)
            p.setPen(QPen(c, 2.0 if i % 3 else 3.0))
            path = QPainterPath(QPointF(r.x() + 14, y))
            path.cubicTo(QPointF(r.x() + r.width() * 0.3, y - 7 + (i % 3) * 5), QPointF(r.x() + r.width() * 0.6, y + 9 - (i % 4) * 4),
                         QPointF(r.right() - 14, y + 2))
            p.drawPath(path)
        p.setPen(QPen(QColor(255, 230, 180, 60), 1.5))
        p.drawRoundedRect(r.adjusted(4, 4, -4, -4), 23, 23)
        # the groove between the rows
        _, groove = board_geometry(r)
        gr = groove.adjusted(0, 12, 0, -12)
        gg = QLinearGradient(gr.topLeft(), gr.bottomLeft())
        gg.setColorAt(0, QColor(50, 28, 10, 160))
        gg.setColorAt(1, QColor(90, 56, 24, 90))
        p.setPen(Qt.NoPen)
        p.setBrush(gg)
        p.drawRoundedRect(gr, gr.height() / 2, gr.height() / 2)
        return []

    def _places(self) -> None:
        v = self.table.view
        geo, _ = self.geometry()
        for place in range(PLACES):
            slot = self.screen_slot(place)
            label = place_label(place, self.table.name, self.classic)
            r = geo[slot]
            # (a place whose stones did not change is kept whole, stones and all)
            stones = v["board"][place]
            key = ("place", place, label, r.x(), r.y(), r.width(), r.height(), tuple(stones),
                   self._place_tip(place, stones), tuple(self.stone_tip(k) for k in sorted(set(stones))))
            # (a sowing played on the table moves stones between two drawings)
            item = self.table.keep_whole(key, lambda it, stones=stones: it.stones == list(stones))
            if item is not None:
                item.start_over()
                self.add(item)
            else:
                item = PlaceItem(r, place, label, self.stone_tip, self._place_tip, self._place_about)
                item.address = place_address(place)
                self.add(item)
                item.set_stones(v["board"][place])
                self.table.made_whole(key, item)
            self.places[place] = item
        if v["step"] == Step.DROP and v["hand"]:
            self.places[v["pos"]].here = True

    def _place_tip(self, place: int, stones: list[str]) -> str:
        return place_tip(place, stones, self.table.name, self.classic)

    def _place_about(self, item: PlaceItem) -> str:
        """A place in a screen reader's words, after its name: whose side, its stones, and its
        marks now ("your side, 4 stones: 3 Peasants, Monk, may be sown")."""
        t = self.table
        n = len(item.stones)
        parts = [f"{t.possessive(owner(item.place), False)} side",
                 f"{n} stone{'s' if n != 1 else ''}" + (f": {count_text(item.stones, self.classic)}" if n else "")]
        if item.here:
            parts.append("the sowing is here")
        if item.selected_:
            parts.append("chosen")
        if item.target == "ability":
            parts.append(f"its ability can send the stone here ({item.tag.removeprefix('✦ ')})")
        elif item.tag == NEXT_TAG:
            parts.append("the next place")
        elif item.target is not None and not item.selected_:
            c = t.choice
            if c.step in (Step.SETUP, Step.REFILL) and c.picked:
                parts.append(f"the {stone_name(c.picked, self.classic)} may go here")
            else:
                parts.append("may be ordained" if c.ordaining else "may be sown")
        return ", ".join(parts)

    def mark_targets(self) -> None:
        """Light the places the half-made choice may go to, and put the direction arrows on a
        chosen square (and the Samurai's "Turn round" beside the hand)."""
        c = self.table.choice
        for it in self.places.values():
            it.highlighted, it.target, it.tag = False, None, ""
        if not c.deciding:
            for it in self.places.values():
                it.setCursor(Qt.ArrowCursor)
            return
        for place, (kind, tag) in c.lit().items():
            it = self.places[place]
            it.target = kind
            it.highlighted = True
            it.tag = tag
            it.setZValue(2)
        for it in self.places.values():
            it.setCursor(Qt.PointingHandCursor if it.highlighted else Qt.ArrowCursor)
            it.overlay.update()
        if c.step == Step.TURN and c.selected_square is not None and not c.ordaining:
            self._arrows(c.selected_square, c.arrows())
        turn = c.turn_round()
        if turn is not None:
            self._turn_button(turn)
        if c.step == Step.TURN and c.ordaining and c.ordain_square is not None:
            self.places[c.ordain_square].selected_ = True

    def _arrows(self, square: int, ways: list[int]) -> None:
        """The chosen square: a tab on its edge, in the groove, holding the arrows of ``ways``."""
        it = self.places[square]
        it.selected_ = True
        r = it.card_scene_rect()
        _, groove = self.geometry()
        d = 60.0
        bottom_row = r.center().y() > groove.center().y()
        tab = QRectF(r.x() + 6, groove.bottom() - d - 16, r.width() - 12, d + 22) if bottom_row else \
            QRectF(r.x() + 6, groove.y() - 6, r.width() - 12, d + 22)
        deco = DecorItem(tab, self._tab_painter(bottom_row), ("arrow-tab", bottom_row))
        deco.setZValue(28)
        self.add(deco)
        cy = groove.bottom() - d / 2 - 8 if bottom_row else groove.y() + d / 2 + 8
        cx = r.center().x()
        left = ArrowItem(QRectF(cx - d - 6, cy - d / 2, d, d), square, -1, True)
        right = ArrowItem(QRectF(cx + 6, cy - d / 2, d, d), square, 1, False)
        for a in (left, right):
            a.address = f"arrow/{square}/{WAYS[a.direction]}"
            a.about = f"the {'Left' if a.left else 'Right'} arrow key"
            if a.direction in ways:
                self.add(a)
                self.arrows.append(a)

    def _turn_button(self, turn: Action) -> None:
        """The picked Samurai's "Turn round", beside the hand in the groove."""
        _, groove = self.geometry()
        box = self.hand_box or QRectF(groove.x(), groove.y() + 6, 0, groove.height() - 26)
        w = 196.0
        x = box.right() + 12 if box.right() + 12 + w <= groove.right() else box.x() - 12 - w
        text, tip = BUTTONS["turn_round"]
        b = ButtonItem(QRectF(x, box.center().y() - 22, w, 44), text, turn, "ability", tip)
        self.add_groove_button(b)

    def add_groove_button(self, b: ButtonItem) -> None:
        """A button on the board (in the groove), named by what it plays."""
        b.address = f"groove/button/{button_key(b)}"
        self.add(b)
        self.buttons.append(b)

    # --- the panels ------------------------------------------------------------------------------
    def _panel(self, p: int, r: QRectF, wide: bool) -> None:
        t = self.table
        v = t.view
        over = v["step"] == Step.OVER
        deciding = v.get("decider") == p and not over
        title = t.titled(p)
        nf = font(24, True)
        name_w = min(text_width(title, nf) + 4, r.width() * 0.4)
        panel = self.add(PlayerPanelZone(r, p, board=PanelItem(r, p, deciding), name=title, name_px=24,
                                         name_rect=QRectF(r.x() + 16, r.y() + 6, name_w, 34),
                                          name_align=Qt.AlignLeft | Qt.AlignVCenter))
        panel.named(f"panel/{p}", f"in {t.possessive(p, False)} area")
        self.panels[p] = panel.board
        # chips: turn, imprisoned, winner
        chips: list[tuple[str, str, QColor, QColor]] = []  # (words, tooltip, background, text colour)
        words: list[str] = []  # (the chips and the rest, as a screen reader says the area)
        scores = v.get("scores") or [{"total": 0, "parts": []}] * 2
        if over:
            totals = [s["total"] for s in scores]
            if totals[p] == max(totals):
                chips.append((*CHIPS["winner" if totals[0] != totals[1] else "draw"], QColor("#ffd23f"), QColor("#2b2000")))
                words.append("winner" if totals[0] != totals[1] else "a draw")
        elif v["turn_player"] == p and v["step"] not in (Step.THIEF, Step.DICE):
            chips.append((*CHIPS["turn"], QColor("#3b6db3"), QColor("white")))
            words.append(f"{'your' if t.addressed(p) else 'their'} turn")
        elif v["step"] == Step.THIEF and v["thieves"] and v["thieves"][0] == p:
            chips.append((*CHIPS["thief"], QColor("#ffd23f"), QColor("#2b2000")))
            words.append("deciding whether to roll for a Thief")
        elif deciding:
            words.append("deciding")
        if v["imprisoned"][p]:
            chips.append((*CHIPS["imprisoned"], QColor("#b3261e"), QColor("white")))
            words.append("imprisoned")
        x = r.x() + 16 + name_w + 12
        for text, tip, bg, fg in chips:
            w = text_width(text, font(17, True)) + 26
            panel.chip(QRectF(x, r.y() + 9, w, 30), text, bg, fg, 17, tip)
            x += w + 8
        # the score, on the right: "31 points"
        total = scores[p]["total"]
        st = f"{total}"
        tw = text_width(st, font(30, True)) + 4
        pw = text_width("points", font(18)) + 4
        right = r.right() - 16
        pts = self.label(QRectF(right - pw, r.y() + 8, pw, 34), "points", 18, TEXT_MUTED, False,
                         Qt.AlignRight | Qt.AlignBottom, to=panel)
        num = self.label(QRectF(right - pw - 8 - tw, r.y() + 4, tw, 38), st, 30, GOLD_TEXT, True,
                         Qt.AlignRight | Qt.AlignVCenter, to=panel)
        for item in (pts, num):
            item.setToolTip(score_tip(t.name(p), total, scores[p].get("parts") or []))
        panel.board.about = ", ".join(words + [f"{total} point{'s' if total != 1 else ''}", captured_words(v, p, t.name)])
        # the captured stones by kind; the borrowed stones (a debt), those lent, the score's parts;
        # the abilities chosen.  The seated player's area puts the abilities along its bottom and
        # gives its captured stones a second row when one is too short for them, the score's parts
        # the lines left between
        if wide:
            cap_area = QRectF(r.x() + 16, r.y() + 46, r.width() * 0.48 - 16, 42)
            side = QRectF(r.x() + r.width() * 0.48 + 10, r.y() + 46, r.width() * 0.52 - 26, 42)
            self._captured(p, cap_area, panel)
            line3 = QRectF(r.x() + 16, r.y() + 92, r.width() - 32, 28)
        else:
            side = QRectF(r.x() + 16, r.bottom() - 54, r.width() - 32, 42)
            top = self._captured(p, QRectF(r.x() + 16, r.y() + 52, r.width() - 32, 44), panel, rows=2) + 4
            line3 = QRectF(r.x() + 16, top, r.width() - 32, side.y() - 2 - top)
        self._debts(p, line3, wide, panel)
        self._chosen(p, side, panel)

    @staticmethod
    def _tab_painter(bottom_row: bool):
        def paint(p: QPainter, r: QRectF) -> list[str]:
            p.setPen(QPen(QColor("#ffd23f"), 3))
            p.setBrush(QColor(40, 24, 8, 235))
            p.drawRoundedRect(r, 16, 16)
            return []
        return paint

    def _captured(self, p: int, r: QRectF, to: Zone, rows: int = 1) -> float:
        """The stones ``p`` captured, by kind (a stone and "×n"), in the row ``r``: as large as
        fit in it, else smaller in up to ``rows`` rows (:data:`CAPTURED_ROW` high), else cut with
        "…".  Returns the bottom of the rows drawn."""
        t = self.table
        v = t.view
        label, add = (lambda *a, **k: self.label(*a, to=to, **k)), (lambda item: self.add(item, to))
        store = v["stores"][p]
        lw = 104.0
        label(QRectF(r.x(), r.y(), lw, r.height()), CAPTURED, 18, TEXT_MUTED)
        self.store_spots[p] = QRectF(r.x() + lw, r.y() + 3, 36, 36)
        if not store:
            label(QRectF(r.x() + lw, r.y(), 240, r.height()), NOTHING_YET, 18, TEXT_MUTED)
            return r.bottom()
        doubled = v["doubled"][p]
        kinds = []  # (kind, how many, the words beside it)
        for k in sorted(set(store), key=lambda s: CODE[s]):
            n = store.count(k)
            kinds.append((k, n, f"×{n}" + (f" ({doubled} at 30)" if k == "hime" and doubled else "")))
        room = r.width() - lw
        d, px, gap, lines = 0.0, 0.0, 0.0, [kinds]

        def width(text: str) -> float:  # (a stone, its count and the gap after them, at the size tried)
            return d + 3 + text_width(text, font(px, True)) + 6 + gap

        for d, px, gap in CAPTURED_SIZES:  # one row, as large as fits; else the smallest, in rows
            lines = _rows(kinds, width, room + gap)
            if len(lines) == 1:
                break
        if len(lines) > rows:  # more than the rows hold: the last one ends with "…"
            lines = lines[:rows]
            ellipsis = text_width("…", font(px, True)) + 6
            while lines[-1] and sum(width(x[-1]) for x in lines[-1]) + ellipsis > room:
                lines[-1].pop()
        row_h = r.height() if len(lines) == 1 else CAPTURED_ROW
        d = min(d, row_h - 4)
        y = r.y() if len(lines) == 1 else r.y() - 4  # (two rows take a little of the room above)
        for i, line in enumerate(lines):
            x = r.x() + lw
            for k, n, text in line:
                tw = text_width(text, font(px, True)) + 6
                sr = QRectF(x, y + (row_h - d) / 2, d, d)
                tip = self.stone_tip(k) + f"\nCaptured: {n}"
                item = add(StoneItem(sr, k, "store", tip=tip))
                item.address = f"captured/{p}/{k}"
                item.about = f"captured {n}" + (f", {doubled} at 30" if k == "hime" and doubled else "") + \
                    f", worth {self.value(k)}{' each' if n > 1 else ''}"
                item.setAcceptHoverEvents(True)
                self.store_groups[(p, k)] = sr
                label(QRectF(x + d + 3, y, tw, row_h), text, px, TEXT_LIGHT, True)
                x += d + 3 + tw + gap
            if i == len(lines) - 1 and sum(map(len, lines)) < len(kinds):
                label(QRectF(x, y, max(10.0, r.right() - x), row_h), "…", px, TEXT_LIGHT, True)
            y += row_h
        return y

    def _debts(self, p: int, r: QRectF, wide: bool, to: Zone) -> None:
        """What ``p`` owes (``debt/<p>``) and lent (``lent/<p>``), each a tag a lesson can light,
        then the parts of their score."""
        t = self.table
        v = t.view
        label = (lambda *a, **k: self.label(*a, to=to, **k))
        owes, lent = debts_words(v, p, t.name)
        texts: list[tuple[str, QColor, bool, str]] = [(text, colour, True, f"{what}/{p}") for text, colour, what in
                                                      ((owes, DEBT, "debt"), (lent, LENT, "lent")) if text]
        scores = v.get("scores") or []
        parts = scores[p]["parts"] if scores else []
        px = 17 if wide else 18
        if wide:
            x = r.x()
            for text, colour, bold, address in texts:
                w = min(text_width(text, font(17, bold)) + 28, r.right() - x)
                if w <= 30:
                    break
                self._debt_tag(QRectF(x, r.y(), w, r.height()), text, colour, px, address, to)
                x += w + 28
            if parts and r.right() - x > 30:
                text = parts_words(parts, r.right() - x, 1)
                label(QRectF(x, r.y(), min(text_width(text, font(17)) + 4, r.right() - x), r.height()), text, 17,
                      TEXT_MUTED)
            return
        # the tags side by side when they fit, else one under the other; the parts in the lines left
        y = r.y()
        widths = [min(text_width(text, font(px, True)) + 28, r.width()) for text, *_ in texts]
        x = r.x()
        for (text, colour, _, address), w in zip(texts, widths):
            if x > r.x() and x + w > r.right():
                x, y = r.x(), y + DEBT_TAG_H + 4
            self._debt_tag(QRectF(x, y, w, DEBT_TAG_H), text, colour, px, address, to)
            x += w + 16
        if texts:
            y += DEBT_TAG_H + 4
        lines = int((r.bottom() + 1 - y) // PARTS_LINE)
        if parts and lines:
            label(QRectF(r.x(), y, r.width(), PARTS_LINE * lines), parts_words(parts, r.width(), lines), 17, TEXT_MUTED,
                  False, Qt.AlignLeft | Qt.AlignTop, lines)

    def _debt_tag(self, rect: QRectF, text: str, colour: QColor, px: float, address: str, to: Zone) -> None:
        """A debt on a player's area: a tag named ``debt/<p>`` (what they owe) or ``lent/<p>``."""
        t = self.table
        p = int(address.split("/")[1])
        tag = self.add(DecorItem(rect, debt_painter(text, colour, px), ("debt", text, colour.rgba(), px)), to)
        tag.setZValue(1)
        tag.address = address
        tag.text = text  # (its name: the words on it)
        tag.setToolTip(f"{text}\n{debt_tip(t.view, p, t.name, lender=address.startswith('lent/'))}")
        tag.setAcceptHoverEvents(True)

    def _chosen(self, p: int, r: QRectF, to: Zone) -> None:
        t = self.table
        v = t.view
        label, add = (lambda *a, **k: self.label(*a, to=to, **k)), (lambda item: self.add(item, to))
        if self.classic:
            label(r, classic_rules(v.get("options") or {}), 17, TEXT_MUTED, lines=2)
            return
        chosen = v["chosen"][p]
        head, none = chosen_words(v, p)
        lw = 114.0
        label(QRectF(r.x(), r.y(), lw, r.height()), head, 18, TEXT_MUTED)
        self.chosen_spots[p] = QRectF(r.x() + lw, r.y() + 5, 32, 32)
        if not chosen:
            label(QRectF(r.x() + lw, r.y(), r.width() - lw, r.height()), none, 18, TEXT_MUTED)
            return
        d = 32.0
        px, widths = 0.0, []
        for px, gap in ((17.0, 22.0), (15.0, 12.0), (0.0, 0.0)):  # names as large as fit, else icons only
            widths = [d + 4 + (text_width(stone_name(k), font(px)) + gap if px else 8) for k in chosen]
            if sum(widths) <= r.width() - lw:
                break
        x = r.x() + lw
        for k, w in zip(chosen, widths):
            item = add(StoneItem(QRectF(x, r.y() + (r.height() - d) / 2, d, d), k, "chosen", tip=self.stone_tip(k)))
            item.address, item.about = f"chosen/{p}/{k}", f"an ability chosen, {self.stone_about(k)}"
            item.setAcceptHoverEvents(True)
            if px:
                label(QRectF(x + d + 4, r.y(), w - d - 6, r.height()), stone_name(k), px, TEXT_LIGHT)
            x += w

    # --- the prompt ------------------------------------------------------------------------------
    def _prompt(self, r: QRectF) -> None:
        t = self.table
        c = t.choice
        title, sub = self._prompt_words()
        mine = c.deciding
        buttons, tray = c.prompt_choices() if mine else ([], [])
        prompt = self.add(PromptZone(r, title, buttons, subtitle=sub, title_colour=GOLD_TEXT if mine or t.animating else TEXT_LIGHT,
                                     style=PROMPT_STYLE, fill=QColor(30, 22, 8, 140), board_key="shogun-prompt",
                                      make_button=ButtonItem)).named("prompt", "in the prompt")
        self.caption, self.caption_sub = prompt.title_item, prompt.subtitle_item
        self.buttons += prompt.buttons
        # the tray: stones to choose from, with their names
        if tray:
            d, cell = 52.0, 90.0
            cell = min(cell, (r.width() - 36) / len(tray))
            x = r.x() + 18
            # (a zone of its own in the prompt: the focus ring goes from it to the places it lights)
            zone = prompt.add(Zone(QRectF(x, r.y() + 140, cell * len(tray), d + 22)))
            zone.named("tray", tray_where(c.step, c.ordain_square))
            for i, (k, n) in enumerate(tray):
                rect = QRectF(x + i * cell + (cell - 70) / 2, r.y() + 140, 70, d + 22)
                item = StoneItem(rect, k, "tray", count=n, tip=self.stone_tip(k) + f"\nKey: {i + 1}",
                                 caption=stone_name(k))
                item.selected_ = c.picked == k
                item.address, item.about = f"tray/{k}", self.stone_about(k, n, item.selected_)
                zone.add(item)
                self.tray.append(item)

    def _prompt_words(self) -> tuple[str, str]:
        """The prompt's title and the sentence under it (:func:`.words.prompt_words`)."""
        t = self.table
        if t.animating:
            return t.sowing.title, SKIPPING
        return prompt_words(t.view, t.choice, t.name)

    def roll_sentence(self, roll: dict[str, Any]) -> str:
        return roll_sentence(roll, self.table.name)

    # --- the groove: the hand, the banners, the dice ---------------------------------------------
    def _groove(self) -> None:
        t = self.table
        c = t.choice
        v = t.view
        _, groove = self.geometry()
        step_ = v["step"]
        if step_ == Step.DROP and v["hand"]:
            self.build_hand(v["hand"], v["pos"], v["direction"], interactive=c.deciding)
        elif step_ == Step.SKIP:
            self._prison_banner(groove)
        elif step_ in (Step.THIEF, Step.OVER, Step.DICE):
            self._dice_banner(groove)
        elif not t.animating and not (c.selected_square is not None and c.deciding):
            self._row_names(groove)

    def _row_names(self, groove: QRectF) -> None:
        t = self.table
        me = t.me
        top, bottom, legend = rows_words(t.name(1 - me), t.possessive(me))
        self.label(QRectF(groove.x() + 24, groove.y() + 12, 420, 26), top, 18, QColor(255, 236, 200, 190), True)
        self.label(QRectF(groove.x() + 24, groove.bottom() - 40, 420, 26), bottom, 18, QColor(255, 236, 200, 190), True)
        self.label(QRectF(groove.right() - 444, groove.bottom() - 40, 420, 26), legend, 17, QColor(255, 236, 200, 160),
                   False, Qt.AlignRight | Qt.AlignVCenter)

    def _hand_rect(self, hand: list[str], pos: int) -> tuple[QRectF, float]:
        geo, groove = self.geometry()
        kinds = len(set(hand))
        cell = 60.0
        w = 160 + kinds * cell
        slot = self.screen_slot(pos)
        cx = geo[slot].center().x()
        if slot == "left":
            cx = groove.x() + w / 2
        elif slot == "right":
            cx = groove.right() - w / 2
        x = min(max(groove.x() + 4, cx - w / 2), groove.right() - 4 - w)
        return QRectF(x, groove.y() + 6, w, groove.height() - 26), cell

    def build_hand(self, hand: list[str], pos: int, direction: int, interactive: bool) -> None:
        """The stones in hand, by kind, in the groove beside the place the sowing has reached."""
        t = self.table
        c = t.choice
        for it in self.hand + self.hand_deco:
            if it.scene() is t:
                t.removeItem(it)
        self.hand, self.hand_deco = [], []
        if not hand:
            return
        r, cell = self._hand_rect(hand, pos)
        self.hand_box = r

        deco = DecorItem(r, framed(HERE, 2, QColor(25, 14, 4, 215), 14), "hand-box")
        deco.setZValue(15)
        self.add(deco)
        self.hand_deco.append(deco)
        nxt = step(pos, direction)
        count, where = hand_words(hand, nxt, self.classic)
        for text, y, colour in ((count, r.center().y() - 25, GOLD_TEXT), (where, r.center().y() + 1, TEXT_LIGHT)):
            label = LabelItem(QRectF(r.x() + 14, y, 136, 24), text, 18, colour, True)
            label.setZValue(16)
            self.add(label)
            self.hand_deco.append(label)
        x = r.x() + 150
        d = min(52.0, r.height() - 8)
        for i, k in enumerate(sorted(set(hand), key=lambda s: CODE[s])):
            rect = QRectF(x + i * cell + (cell - d) / 2, r.center().y() - d / 2, d, d)
            tip = self.stone_tip(k) + (f"\nKey: {i + 1}" if interactive else "")
            item = StoneItem(rect, k, "hand" if interactive else "handshow", count=hand.count(k), tip=tip)
            item.setZValue(17)
            item.setAcceptHoverEvents(True)
            item.selected_ = interactive and c.picked == k
            item.address = f"hand/{k}"
            item.about = f"in hand, {self.stone_about(k, hand.count(k), item.selected_)}"
            self.add(item)
            self.hand.append(item)

    def _prison_banner(self, groove: QRectF) -> None:
        t = self.table
        c = t.choice
        v = t.view
        p = v["turn_player"]
        r = groove.adjusted(10, 8, -10, -8)

        def banner(pp: QPainter, rr: QRectF) -> list[str]:
            pp.setPen(QPen(QColor("#ffb4a0"), 2))
            pp.setBrush(QColor(120, 20, 16, 230))
            pp.drawRoundedRect(rr, 14, 14)
            # prison bars
            bars = QRectF(rr.x() + 16, rr.y() + 12, 46, rr.height() - 24)
            pp.setPen(QPen(QColor("#f0d6cf"), 3))
            pp.setBrush(Qt.NoBrush)
            pp.drawRoundedRect(bars, 6, 6)
            for i in range(1, 4):
                xx = bars.x() + i * bars.width() / 4
                pp.drawLine(QPointF(xx, bars.y()), QPointF(xx, bars.bottom()))
            return []

        deco = DecorItem(r, banner, "prison-banner")
        deco.setZValue(15)
        self.add(deco)
        text, why = prison_words(p, t.name, t.addressed)
        lab = self.label(QRectF(r.x() + 76, r.y() + 8, r.width() - 340, 32), text, 23, QColor("#fff1ec"), True)
        lab.setZValue(16)
        sub = self.label(QRectF(r.x() + 76, r.y() + 42, r.width() - 340, 24), why, 17, QColor("#ffd6cc"))
        sub.setZValue(16)
        if c.deciding:
            skip = next((a for a in c.legal if a.kind == Move.SKIP), None)
            if skip is not None:
                words, tip = BUTTONS[Move.SKIP]
                b = ButtonItem(QRectF(r.right() - 250, r.center().y() - 20, 234, 40), words, skip, tip=tip)
                self.add_groove_button(b)

    def _dice_banner(self, groove: QRectF) -> None:
        t = self.table
        c = t.choice
        v = t.view
        r = groove.adjusted(10, 6, -10, -6)

        deco = DecorItem(r, framed(GOLD_TEXT, 2, QColor(24, 18, 10, 230), 14), "dice-banner")
        deco.setZValue(15)
        self.add(deco)
        rolls = v.get("rolls") or []
        x = r.x() + 14
        ds = r.height() - 18
        if rolls:
            last = rolls[-1]
            a, b = dice_faces(last["total"], last["double"])
            for i, value in enumerate((a, b)):
                die = self.add(DieItem(QRectF(x, r.y() + 9, ds, ds), value))
                die.address, die.about = f"dice/{i}", f"shows {value}, the last roll of the Thief's dice"
                x += ds + 10
            x += 8
        head, sub = dice_words(v, t.name, t.addressed)
        buttons_w = 316 if c.deciding else 0
        lab = self.label(QRectF(x, r.y() + 6, r.right() - x - buttons_w - 12, 32), head, 22, GOLD_TEXT, True)
        lab.setZValue(16)
        sl = self.label(QRectF(x, r.y() + 40, r.right() - x - buttons_w - 12, 44), sub, 16, TEXT_LIGHT, False,
                        Qt.AlignLeft | Qt.AlignTop, 2)
        sl.setZValue(16)
        if c.deciding:
            bx = r.right() - buttons_w
            for kind in (Move.ROLL, Move.KEEP):
                a = Action.make(kind)
                if a in c.legal_set:
                    text, tip = BUTTONS[kind]
                    w = 176 if kind == Move.ROLL else 120
                    b = ButtonItem(QRectF(bx, r.center().y() - 22, w, 44), text, a, tip=tip)
                    self.add_groove_button(b)
                    bx += w + 10


def _rows(items: list[Any], width: Any, room: float) -> list[list[Any]]:
    """``items`` (each with its words last) in rows no wider than ``room``, each item ``width(words)``
    wide, in order; an item wider than a row has one of its own."""
    out: list[list[Any]] = [[]]
    x = 0.0
    for item in items:
        w = width(item[-1])
        if out[-1] and x + w > room:
            out.append([])
            x = 0.0
        out[-1].append(item)
        x += w
    return out


def parts_words(parts: list[dict[str, Any]], width: float, lines: int) -> str:
    """A score's parts in a player's area: "Peasants (1 each) +4 · ..." when that fits in
    ``lines`` lines of ``width``, else by the Scores panel's row names ("Peasants +4 · ...")."""
    whole = " · ".join(f"{x['label']} {x['points']:+d}" for x in parts)
    if " ".join(wrap_lines(whole, font(17), width, lines)) == whole:
        return whole
    return " · ".join(f"{split_label(x['label'])[0]} {x['points']:+d}" for x in parts)
