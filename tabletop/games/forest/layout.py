"""The layout of the Once Upon a Forest table: where each player's area, forest, hand, the
piles, the compost and a card being given are drawn, with the information board, the captions
and titles (their words are :mod:`.words`'s; the instruction under the hand says what the
choosing gives it).  The table has a :class:`ForestLayout`; the choosing is in
:mod:`.choosing`, the card that flies in :mod:`.animation`."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from tabletop.client.table_items import MIN_TEXT_PX, TEXT_LIGHT, TEXT_MUTED, DecorItem, LabelItem, TableItem, draw_text, font
from tabletop.client.zones import HandZone, PileZone, PlayerPanelZone

from .card_items import (
    LEVEL_LIGHT,
    LEVEL_SHORT,
    SPECIES_COLOURS,
    CardItem,
    CompostItem,
    PanelItem,
    PileItem,
    SlotItem,
    draw_token,
)
from . import words
from .cards import LEVELS, card, species_names
from .rules import OVER, tree_complete, tree_targets


class ForestLayout:
    """The drawing of a :class:`~tabletop.games.forest.table.ForestTable` (see its module
    docstring for the layout); the table has one.  :meth:`build` lays out the table's view in
    the table's scene and keeps the items the table finds again -- the hand, the slots, the
    piles, the players' areas, the card given, the compost -- and every item and where it lies by
    its key (``("hand", player, i)``, ``("slot", player, tree, row)``, ``("pile", i)``,
    ``("pending",)``, ``("compost", i)`` ...), where the flights start and land.  It reads of
    the table only the view, the legal actions and how it calls the players.

    It names what it draws (docs/architecture.md, "Named zones and items"): ``hand/<player>``
    (a hand: its open cards are ``card/<id>``, its backs ``hand/<player>/back/<i>``),
    ``slot/<player>/<tree>/<row>`` (a place of a forest, row 0 the ground, 3 the canopy; the
    new tree's places too), ``pile/<i>`` (the five piles, from 0), ``panel/<player>`` (a
    player's area, where a card is given), ``card/<id>`` (the card given, waiting to be placed,
    and the cards of the compost), ``compost`` (a solo game's), ``info`` (the board of what is
    happening) and ``instruction`` (how to act, under the hand)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.reset()

    def reset(self) -> None:
        """Forget the items drawn (the scene was cleared)."""
        self.hand: list[CardItem] = []
        self.slots: dict[tuple[int, int, int], SlotItem] = {}
        self.piles: list[PileItem] = []
        self.panels: dict[int, PanelItem] = {}
        self.pending: CardItem | None = None
        self.compost: CompostItem | None = None
        self.hand_zone: HandZone | None = None
        self.panel_zones: dict[int, PlayerPanelZone] = {}
        self.items_by_key: dict[tuple, TableItem] = {}
        self.rects: dict[tuple, QRectF] = {}  # where each item kept lies, by key
        self.instruction: LabelItem | None = None  # how to act, under the hand
        self.words = ""  # ... its words
        self.info_text = ""

    def _add(self, item: TableItem, key: tuple | None = None) -> TableItem:
        self.table.addItem(item)
        return self._keep(item, key) if key is not None else item

    def _keep(self, item: TableItem, key: tuple) -> TableItem:
        """Remember ``item`` (drawn by the table or by one of its zones) and where it is, by ``key``."""
        self.items_by_key[key] = item
        self.rects[key] = item.card_scene_rect()
        return item

    def owner_of_back(self, item: CardItem) -> int | None:
        """The player whose hand shows the back ``item``."""
        for key, it in self.items_by_key.items():
            if it is item and key[0] == "hand":
                return key[1]
        return None

    def show_instruction(self, words: str) -> None:
        """The instruction under the hand says ``words`` now."""
        self.words = words
        if self.instruction is not None and self.instruction.scene() is self.table:
            self.instruction.text = words
            self.instruction.update()

    def build(self, instruction: str) -> None:
        """Lay out the table's view; ``instruction``: how to act, under the hand."""
        self.words = instruction
        v = self.table.view
        n = v["players"]
        me = self.table.me
        others = [(me + k) % n for k in range(1, n)]
        decider = v["decider"]
        stage = v["stage"]
        # a taller table (TableScene.stretches): a quarter of the extra height to the other
        # players' panels, the rest to the seated player's forest and hand (in a solo game the
        # compost's row keeps its size: its twelve cards are bound by the width)
        top_extra = 0.0 if n == 1 else float(round(self.table.extra * 0.25))
        mid = self.mid_y = 342.0 + top_extra  # the middle band's top
        # --- the other players, across the top
        top_y, top_h, gap = 10.0, 322.0 + top_extra, 12.0
        w = (1600 - 24 - gap * (len(others) - 1)) / max(1, len(others))
        for k, p in enumerate(others):
            self._build_opponent(p, QRectF(12 + k * (w + gap), top_y, w, top_h), max_w=150.0 + top_extra / 2)
        if n == 1:
            self._build_compost(QRectF(12, top_y, 1576, top_h))
        # --- the middle band
        self._build_info(QRectF(12, mid, 514, 132))
        pw, pgap = 86.0, 13.0
        px0 = 536 + (508 - (5 * pw + 4 * pgap)) / 2
        for i, pile in enumerate(v["piles"]):
            def make(rr: QRectF, _: Any, __: int, i: int = i, pile: dict = pile) -> PileItem:
                item = self._keep(PileItem(rr, i, pile["size"], pile["top_level"]), ("pile", i))
                item.address = f"pile/{i}"  # (the item, not its zone: the name is the pile's own)
                self.piles.append(item)
                return item
            self.table.addItem(PileZone(QRectF(px0 + i * (pw + pgap), mid + 4, pw, 128), pile["size"], make, label=None,
                                  empty_text=None))
        # --- the bottom: the seated player's area (406 units, more in a taller window)
        self._build_mine(QRectF(12, mid + 142, 1576, self.table.height - 10 - (mid + 142)))
        # the pending gift
        pending = v["pending"]
        if pending:
            self._build_pending(pending)
        if stage == OVER and v.get("scores"):
            totals = [sc["total"] for sc in v["scores"]]
            winners = v.get("winners")
            for p, panel in self.panels.items():
                panel.winner = p in winners if winners is not None else totals[p] == max(totals)
        for panel in self.panels.values():
            panel.about = self._panel_about(panel)
        self.info_text = words.info_sentence(v, self.table)

    def _panel_about(self, panel: PanelItem) -> str:
        """A player's area in a screen reader's words, after its name ("Ben's forest"): what its
        header shows -- "winner, their turn, giving, score -1"."""
        parts = ["winner"] if panel.winner else []
        if panel.turn:
            parts.append(f"{'your' if self.table.addressed(panel.player) else 'their'} turn")
        if panel.deciding:
            parts.append(panel.deciding)
        if panel.score is not None:
            total = panel.score["total"]
            parts.append(f"score {total:+d}" if total else "score 0")
        return ", ".join(parts)

    def _in_hand(self, p: int) -> str:
        """Where the cards of ``p``'s hand lie, in a screen reader's words."""
        return f"in {self.table.possessive(p, False)} hand"

    def _panel_deciding(self, p: int) -> str | None:
        v = self.table.view
        if v["stage"] == OVER or v["decider"] != p:
            return None
        return words.deciding(v["stage"], v["players"])

    def _build_compost(self, r: QRectF) -> None:
        v = self.table.view
        self.compost = CompostItem(r, len(v["compost"]), None)
        self.compost.address = "compost"
        self._add(self.compost, ("compost",))
        goal = v.get("goal") or {}
        self._add(LabelItem(QRectF(r.x() + 14, r.y() + 40, r.width() - 28, 22), words.solo_goal(goal), 17, TEXT_MUTED))
        shown = v["compost"][-12:]
        cw, ch, gap = 118.0, 166.0, 10.0
        x0 = r.x() + 14
        for i, c in enumerate(shown):
            item = self._add(CardItem(QRectF(x0 + i * (cw + gap), r.y() + 72, cw, ch), c, card(c).level, "compost"),
                             ("compost", i))
            item.address, item.about = f"card/{c}", f"in the compost, {item.about}"
        if len(v["compost"]) > len(shown):
            self._add(LabelItem(QRectF(x0, r.y() + 72 + ch + 8, 600, 22),
                                words.earlier_in_compost(len(v["compost"]) - len(shown)), 17, TEXT_MUTED))

    def _panel_zone(self, p: int, r: QRectF, title: str, header_h: float, name_px: float) -> PlayerPanelZone:
        """A player's area: the board (with the name, turn marks and score) in a panel zone."""
        v = self.table.view
        board = PanelItem(r, p, title, v["scores"][p] if v.get("scores") else None, v["turn"] == p and v["stage"] != OVER,
                          self._panel_deciding(p), header_h=header_h, name_px=name_px)
        board.address = f"panel/{p}"  # (the board, not its zone: the name is the area's own)
        self.panels[p] = self._keep(board, ("panel", p))
        zone = self.panel_zones[p] = PlayerPanelZone(r, p, board=board)
        self.table.addItem(zone)
        return zone

    def _build_opponent(self, p: int, r: QRectF, max_w: float = 150.0) -> None:
        v = self.table.view
        panel = self._panel_zone(p, r, self.table.name(p), 32, 17)
        side_w = 104.0
        sx = r.right() - side_w - 8
        # the hand (backs; only the seat's own hand has ids)
        hand = v["hands"][p]
        panel.label(QRectF(sx, r.y() + 38, side_w, 21), words.hand_caption(len(hand)), 17, TEXT_MUTED)
        panel.hand(QRectF(sx + 4, r.y() + 62, side_w - 8, 40.0 * max(3, len(hand))), hand,
                   lambda rr, c, i: self._keep(CardItem(rr, None, hand[i]["level"], "back"), ("hand", p, i)),
                   hidden=True, vertical=True, max_len=35.0, gap=5.0).named(f"hand/{p}", self._in_hand(p))
        # the forest
        fx, fy = r.x() + 10, r.y() + 44
        fw, fh = sx - 10 - fx, r.bottom() - 10 - fy
        self._build_forest(p, QRectF(fx, fy, fw, fh), max_w=max_w, labels=False)

    def _build_forest(self, p: int, area: QRectF, max_w: float, labels: bool) -> None:
        forest = self.table.view["forests"][p]
        targets = tree_targets(forest)
        cols = len(forest) + (1 if len(forest) in targets else 0)
        label_h = 22.0 if labels else 0.0
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
                slot.address = f"slot/{p}/{t}/{row}"
                slot.about = f"in {self.table.possessive(p, False)} forest, {slot.about}"
                self.slots[(p, t, row)] = slot
                self._add(slot, ("slot", p, t, row))
            if labels:
                text = words.tree_label(t, new, tree_complete(tree))
                colour = QColor("#ffe58a") if not new and tree_complete(tree) else TEXT_MUTED
                self._add(LabelItem(QRectF(x, area.y() + 4 * pitch_y - 1, cw, label_h), text, 13, colour,
                                    bold=tree_complete(tree) and not new, align=Qt.AlignHCenter | Qt.AlignVCenter))

    def _build_mine(self, r: QRectF) -> None:
        v = self.table.view
        me = self.table.me
        you = self.table.seat is not None  # (the hand is drawn face up)
        title = self.table.titled(me)
        panel = self._panel_zone(me, r, title, 30, 19)
        # the score in words, under the header
        score = v["scores"][me] if v.get("scores") else None
        if score:
            panel.label(QRectF(r.x() + 14, r.y() + 34, 1030, 22), words.score_parts(score), 17, TEXT_MUTED)
        # a taller area (a stretching table): the forest's rows and the hand's cards grow (the
        # hand's column takes the width its larger cards need from the forest, which has room:
        # a forest seldom has more than five trees)
        more = r.height() - 406.0
        scale = min(1.35, 1.0 + more / 600)
        cw, chh, g = 166.0 * scale, 116.0 * scale, 10.0
        hx = r.right() - 8 - (3 * cw + 2 * g)  # (1062 at 900 units)
        # the forest with row labels
        fx = r.x() + 86
        area = QRectF(fx, r.y() + 60, hx - 16 - fx, r.bottom() - 8 - (r.y() + 60))
        pitch_y = (area.height() - 20) / 4
        for row in range(4):
            y = area.y() + (3 - row) * pitch_y
            self._add(LabelItem(QRectF(r.x() + 8, y, 74, pitch_y - 5), LEVELS[row], 13.5, LEVEL_LIGHT[row], True,
                                Qt.AlignRight | Qt.AlignVCenter, max_lines=2))
        self._build_forest(me, area, max_w=180.0 + more / 3, labels=True)
        # the hand (under the line of the score when its larger cards reach under that line)
        down = 24.0 if score and more > 0 else 0.0
        hand = v["hands"][me]
        head = words.hand_title(self.table.possessive(me))
        self._add(LabelItem(QRectF(hx, r.y() + 36 + down, 500, 20), head, 15, TEXT_LIGHT, True))

        def empty_place(p: QPainter, rr: QRectF) -> list[str]:
            p.setPen(QPen(QColor(255, 255, 255, 70), 1.5, Qt.DashLine))
            p.setBrush(QColor(0, 0, 0, 30))
            p.drawRoundedRect(rr.adjusted(1, 1, -1, -1), 9, 9)
            return []

        def make(rect: QRectF, c: Any, i: int) -> CardItem:
            if you and "id" in c:
                item = CardItem(rect, c["id"], c["level"], "hand")
                item.data_["index"] = i
                self.hand.append(item)
            else:
                item = CardItem(rect, None, c["level"], "back")
            return self._keep(item, ("hand", me, i))

        self.hand_zone = HandZone(QRectF(hx, r.y() + 62 + down, 3 * (cw + g), chh), hand, make, max_len=cw, gap=g, places=3,
                                   make_place=lambda rect, i: self._empty_place(rect, empty_place),
                                   reorderable=False).named(f"hand/{me}", self._in_hand(me))
        self.hand_zone.setZValue(1)  # (above the forest, as the hand's cards are)
        self.table.addItem(self.hand_zone)
        # how to act, under the hand
        col_w = r.right() - 12 - hx  # (514 at 900 units)
        iy = r.y() + 70 + down + chh
        self.instruction = LabelItem(QRectF(hx, iy, col_w, 44), self.words, 17, QColor("#fff2b3"), max_lines=2)
        self.instruction.address = "instruction"
        self._add(self.instruction)
        # the legend of species
        self._add(DecorItem(QRectF(hx, iy + 52, col_w, r.bottom() - 8 - (iy + 52)), self._paint_legend,
                            "legend")).address = "species"

    @staticmethod
    def _empty_place(rect: QRectF, paint: Any) -> DecorItem:
        """A place of the hand without a card (until the draw fills it), saying so."""
        place = DecorItem(rect, paint, "empty-hand-place")
        place.setToolTip(words.EMPTY_HAND_PLACE)
        return place

    def _paint_legend(self, p: QPainter, r: QRectF) -> list[str]:
        p.setPen(QPen(QColor(255, 255, 255, 35), 1))
        p.setBrush(QColor(0, 0, 0, 45))
        p.drawRoundedRect(r, 10, 10)
        texts = [words.LEGEND_TITLE]
        draw_text(p, QRectF(r.x() + 10, r.y() + 4, r.width() - 20, 22), texts[0], font(MIN_TEXT_PX), TEXT_MUTED)
        names = species_names()
        keys = list(SPECIES_COLOURS)
        col_w = (r.width() - 20) / 2
        row_h = (r.height() - 30) / 4
        f = font(MIN_TEXT_PX)
        for i, key in enumerate(keys):
            level = i // 2
            col, row = i % 2, level
            x = r.x() + 10 + col * col_w
            y = r.y() + 26 + (3 - row) * row_h
            draw_token(p, QPointF(x + 9, y + row_h / 2), 16, key)
            text = f"{names.get(key, key)}"
            draw_text(p, QRectF(x + 22, y, col_w - 24, row_h), text, f, TEXT_LIGHT)
            lf = font(MIN_TEXT_PX)
            draw_text(p, QRectF(x + 22, y, col_w - 30, row_h), LEVEL_SHORT[level], lf, LEVEL_LIGHT[level],
                      Qt.AlignRight | Qt.AlignVCenter)
            texts.append(text)
        return texts

    def _build_info(self, r: QRectF) -> None:
        title, detail = words.info_lines(self.table.view, self.table)

        def board(p: QPainter, rr: QRectF) -> list[str]:
            p.setPen(QPen(QColor(255, 255, 255, 35), 1))
            p.setBrush(QColor(0, 0, 0, 60))
            p.drawRoundedRect(rr, 12, 12)
            return []

        info = self._add(DecorItem(r, board, "info-board"))
        info.address, info.about = "info", f"{title}. {detail}"
        mine = bool(self.table.legal)
        self._add(LabelItem(QRectF(r.x() + 16, r.y() + 10, r.width() - 32, 56), title, 21,
                            QColor("#ffe58a") if mine else TEXT_LIGHT, True, max_lines=2))
        self._add(LabelItem(QRectF(r.x() + 16, r.y() + 68, r.width() - 32, 60), detail, 17, TEXT_MUTED, max_lines=2))

    def _build_pending(self, pending: dict[str, Any]) -> None:
        v = self.table.view
        to = pending["to"]
        giver = v["turn"]
        cid = pending["card"]
        if to == self.table.me:
            # prominent, in the middle band on the right, above the hand
            dy = self.mid_y - 342  # (a taller table: the middle band lower)
            rect = QRectF(1408, 350 + dy, 166, 116)
            you = self.table.addressed(to)

            def board(p: QPainter, rr: QRectF) -> list[str]:
                p.setPen(QPen(QColor(255, 210, 90, 200), 2, Qt.DashLine))
                p.setBrush(QColor(60, 40, 0, 90))
                p.drawRoundedRect(rr, 12, 12)
                return []

            self._add(DecorItem(QRectF(1060, 342 + dy, 528, 132), board, "gift-board"))
            who = "you" if you else self.table.name(to)
            title = words.gift_title(who, "you" if self.table.addressed(giver) else self.table.name(giver))
            self._add(LabelItem(QRectF(1076, 356 + dy, 318, 50), title, 18, QColor("#ffe58a"), True, max_lines=2))
            sub = words.gift_under(bool(you and self.table.legal))
            self._add(LabelItem(QRectF(1076, 410 + dy, 318, 50), sub, 17, TEXT_LIGHT, max_lines=2))
        else:
            panel = self.panels[to]
            pr = panel.rect().translated(panel.pos())
            sx = pr.right() - 104 - 8
            rect = QRectF(sx + 2, pr.y() + 216, 100, 70)
            title = words.gift_title(self.table.name(to))
            self._add(LabelItem(QRectF(sx - 4, pr.y() + 180, 112, 42), title, 17, QColor("#ffe58a"), True,
                                max_lines=2))

            def glow(p: QPainter, rr: QRectF) -> list[str]:
                p.setPen(QPen(QColor(255, 210, 90, 220), 2))
                p.setBrush(QColor(60, 40, 0, 120))
                p.drawRoundedRect(rr, 10, 10)
                return []

            deco = DecorItem(QRectF(sx - 6, pr.y() + 180, 116, 136), glow, "gift-glow")
            deco.setZValue(-4)
            self.panel_zones[to].add(deco)  # (on the board, under the hand's backs)
            self._add(LabelItem(QRectF(sx - 4, pr.y() + 290, 112, 22), words.TO_PLACE, 17, TEXT_LIGHT,
                                align=Qt.AlignHCenter | Qt.AlignVCenter))
        item = CardItem(rect, cid, card(cid).level, "pending")
        item.address = f"card/{cid}"
        giver_words = "you" if self.table.addressed(giver) else self.table.name(giver)
        to_words = "you" if self.table.addressed(to) else self.table.name(to)
        item.about = f"given to {to_words} by {giver_words}, to place, {item.about}"
        item.setZValue(2)
        self.pending = item
        self._add(item, ("pending",))
