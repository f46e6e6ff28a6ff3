"""The layout of the shogun table: the players' panels (captured stones, debts, the special stones
chosen), the prompt with its tray and buttons, and the groove between the rows (the hand of a
sowing, the imprisonment banner, the thief's dice).  :class:`ShogunLayout` is a part of
:class:`~tabletop.games.shogun.table.ShogunTable`; the table itself keeps the board, the
choosing and the keys."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from tabletop.client.table_items import (
    TEXT_LIGHT,
    TEXT_MUTED,
    DecorItem,
    LabelItem,
    framed,
    font,
    text_width,
)
from tabletop.client.zones import PlayerPanelZone, PromptStyle, PromptZone, Zone
from tabletop.engine.actions import Action

from .board_items import (
    DEBT,
    GOLD_TEXT,
    HERE,
    LENT,
    ButtonItem,
    DieItem,
    PanelItem,
    StoneItem,
    count_text,
    dice_faces,
    stone_name,
)
from .steps import Move, Step

# the prompt: the title and the sentence under it in large type, the buttons along the bottom from the right
PROMPT_STYLE = PromptStyle(pad=18, title_top=10, title_h=58, title_px=22, title_lines=2, sub_top=72, sub_h=66, sub_px=17,
                           sub_lines=3, buttons="row", button_w=250, button_h=42, col_gap=12, bottom=14)
from .stones import CODE, square_label, step


class ShogunLayout:
    """The panels, the prompt and the groove of a :class:`~tabletop.games.shogun.table.ShogunTable`."""

    # --- the panels ------------------------------------------------------------------------------
    def _build_panel(self, p: int, r: QRectF, wide: bool) -> None:
        v = self.view
        over = v["step"] == Step.OVER
        deciding = v.get("decider") == p and not over
        title = self.titled(p)
        nf = font(24, True)
        name_w = min(text_width(title, nf) + 4, r.width() * 0.4)
        panel = self._add(PlayerPanelZone(r, p, board=PanelItem(r, p, deciding), name=title, name_px=24,
                                          name_rect=QRectF(r.x() + 16, r.y() + 6, name_w, 34),
                                          name_align=Qt.AlignLeft | Qt.AlignVCenter))
        self._panels[p] = panel.board
        # chips: turn, imprisoned, winner
        chips: list[tuple[str, QColor, QColor, str]] = []
        scores = v.get("scores") or [{"total": 0, "parts": []}] * 2
        if over:
            totals = [s["total"] for s in scores]
            if totals[p] == max(totals):
                chips.append(("Winner" if totals[0] != totals[1] else "Draw", QColor("#ffd23f"), QColor("#2b2000"), ""))
        elif v["turn_player"] == p and v["step"] not in (Step.THIEF, Step.DICE):
            chips.append(("▶ Turn", QColor("#3b6db3"), QColor("white"), "It is this player's turn"))
        elif v["step"] == Step.THIEF and v["thieves"] and v["thieves"][0] == p:
            chips.append(("Thief's dice", QColor("#ffd23f"), QColor("#2b2000"), "Deciding whether to roll for a Thief"))
        if v["imprisoned"][p]:
            chips.append(("Imprisoned", QColor("#b3261e"), QColor("white"),
                          "Took a shogun in one of their first three turns: their next turn is lost"))
        x = r.x() + 16 + name_w + 12
        for text, bg, fg, tip in chips:
            w = text_width(text, font(17, True)) + 26
            panel.chip(QRectF(x, r.y() + 9, w, 30), text, bg, fg, 17, tip)
            x += w + 8
        # the score, on the right: "31 points"
        total = scores[p]["total"]
        st = f"{total}"
        tw = text_width(st, font(30, True)) + 4
        pw = text_width("points", font(18)) + 4
        right = r.right() - 16
        pts = self._label(QRectF(right - pw, r.y() + 8, pw, 34), "points", 18, TEXT_MUTED, False,
                          Qt.AlignRight | Qt.AlignBottom, to=panel)
        num = self._label(QRectF(right - pw - 8 - tw, r.y() + 4, tw, 38), st, 30, GOLD_TEXT, True,
                          Qt.AlignRight | Qt.AlignVCenter, to=panel)
        parts = scores[p].get("parts") or []
        breakdown = "\n".join(f"{x['label']}: {x['points']:+d}" for x in parts) if parts else "nothing yet"
        for item in (pts, num):
            item.setToolTip(f"{self.name(p)}: {total} points\n{breakdown}")
        if wide:
            cap_area = QRectF(r.x() + 16, r.y() + 46, r.width() * 0.48 - 16, 42)
            side = QRectF(r.x() + r.width() * 0.48 + 10, r.y() + 46, r.width() * 0.52 - 26, 42)
            line3 = QRectF(r.x() + 16, r.y() + 92, r.width() - 32, 28)
        else:
            cap_area = QRectF(r.x() + 16, r.y() + 52, r.width() - 32, 44)
            line3 = QRectF(r.x() + 16, r.y() + 104, r.width() - 32, 96)
            side = QRectF(r.x() + 16, r.y() + 214, r.width() - 32, 42)
        # the captured stones by kind; the borrowed stones (a debt), those lent, the score's parts;
        # the abilities chosen
        self._build_captured(p, cap_area, panel)
        self._build_debts(p, line3, wide, panel)
        self._build_chosen(p, side, panel)

    @staticmethod
    def _tab_painter(bottom_row: bool):
        def paint(p: QPainter, r: QRectF) -> list[str]:
            p.setPen(QPen(QColor("#ffd23f"), 3))
            p.setBrush(QColor(40, 24, 8, 235))
            p.drawRoundedRect(r, 16, 16)
            return []
        return paint

    def _build_captured(self, p: int, r: QRectF, to: Zone) -> None:
        v = self.view
        label, add = (lambda *a, **k: self._label(*a, to=to, **k)), (lambda item: self._add(item, to))
        store = v["stores"][p]
        lw = 104.0
        label(QRectF(r.x(), r.y(), lw, r.height()), "Captured", 18, TEXT_MUTED)
        self._store_spots[p] = QRectF(r.x() + lw, r.y() + 3, 36, 36)
        if not store:
            label(QRectF(r.x() + lw, r.y(), 240, r.height()), "nothing yet", 18, TEXT_MUTED)
            return
        x = r.x() + lw
        d = min(38.0, r.height() - 4)
        doubled = v["doubled"][p]
        for k in sorted(set(store), key=lambda s: CODE[s]):
            n = store.count(k)
            text = f"×{n}"
            if k == "hime" and doubled:
                text += f" ({doubled} at 30)"
            tw = text_width(text, font(19, True)) + 6
            if x + d + tw > r.right():
                label(QRectF(x, r.y(), max(10.0, r.right() - x), r.height()), "…", 19, TEXT_LIGHT, True)
                break
            sr = QRectF(x, r.y() + (r.height() - d) / 2, d, d)
            tip = self.stone_tip(k) + f"\nCaptured: {n}"
            item = add(StoneItem(sr, k, "store", tip=tip))
            item.setAcceptHoverEvents(True)
            self._store_groups[(p, k)] = sr
            label(QRectF(x + d + 3, r.y(), tw, r.height()), text, 19, TEXT_LIGHT, True)
            x += d + tw + 14

    def _build_debts(self, p: int, r: QRectF, wide: bool, to: Zone) -> None:
        v = self.view
        label, add = (lambda *a, **k: self._label(*a, to=to, **k)), (lambda item: self._add(item, to))
        owed = v["borrowed"][p]
        lent = v["borrowed"][1 - p]
        texts: list[tuple[str, QColor, bool]] = []
        if owed:
            pts = sum(self._value(k) for k in owed)
            texts.append((f"Owes {pts} (borrowed {count_text(owed, self.classic)})", DEBT, True))
        if lent:
            pts = sum(self._value(k) for k in lent)
            texts.append((f"Lent {pts} to {self.name(1 - p)}", LENT, True))
        scores = v.get("scores") or []
        parts = scores[p]["parts"] if scores else []
        if parts:
            texts.append((" · ".join(f"{x['label']} {x['points']:+d}" for x in parts), TEXT_MUTED, False))
        if wide:
            x = r.x()
            for text, colour, bold in texts:
                w = min(text_width(text, font(17, bold)) + 4, r.right() - x)
                if w <= 30:
                    break
                label(QRectF(x, r.y(), w, r.height()), text, 17, colour, bold)
                x += w + 28
            return
        y = r.y()
        for text, colour, bold in texts:
            lines = 1 if bold else 2
            h = 23 * lines
            if y + h > r.bottom() + 1:
                break
            label(QRectF(r.x(), y, r.width(), h), text, 18 if bold else 17, colour, bold,
                        Qt.AlignLeft | Qt.AlignTop, lines)
            y += h + 4

    def _build_chosen(self, p: int, r: QRectF, to: Zone) -> None:
        v = self.view
        label, add = (lambda *a, **k: self._label(*a, to=to, **k)), (lambda item: self._add(item, to))
        if self.classic:
            opts = v.get("options") or {}
            text = f"Classic rules (Ô ăn quan): a mandarin is worth {opts.get('mandarin', 10)}"
            if opts.get("young_mandarin"):
                text += "; a young one (fewer than 5 stones with him) cannot be taken"
            label(r, text, 17, TEXT_MUTED, lines=2)
            return
        chosen = v["chosen"][p]
        size = 6 if (v.get("options") or {}).get("hime") == "always" else 5
        head = "Abilities" if v["step"] != Step.SETUP else f"Chosen {len(chosen)}/{size}"
        lw = 114.0
        label(QRectF(r.x(), r.y(), lw, r.height()), head, 18, TEXT_MUTED)
        self._chosen_spots[p] = QRectF(r.x() + lw, r.y() + 5, 32, 32)
        if not chosen:
            label(QRectF(r.x() + lw, r.y(), r.width() - lw, r.height()),
                        "none yet" if v["step"] == Step.SETUP else "none", 18, TEXT_MUTED)
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
            item.setAcceptHoverEvents(True)
            if px:
                label(QRectF(x + d + 4, r.y(), w - d - 6, r.height()), stone_name(k), px, TEXT_LIGHT)
            x += w

    # --- the prompt ------------------------------------------------------------------------------
    def _build_prompt(self, r: QRectF) -> None:
        title, sub = self._prompt_words()
        mine = self._deciding()
        buttons, tray = self._prompt_choices() if mine else ([], [])
        prompt = self._add(PromptZone(r, title, buttons, subtitle=sub, title_colour=GOLD_TEXT if mine or self.animating else TEXT_LIGHT,
                                      style=PROMPT_STYLE, fill=QColor(30, 22, 8, 140), board_key="shogun-prompt",
                                      make_button=ButtonItem))
        self._caption, self._caption_sub = prompt.title_item, prompt.subtitle_item
        self._buttons += prompt.buttons
        # the tray: stones to choose from, with their names
        if tray:
            d, cell = 52.0, 90.0
            cell = min(cell, (r.width() - 36) / len(tray))
            x = r.x() + 18
            for i, (k, n) in enumerate(tray):
                rect = QRectF(x + i * cell + (cell - 70) / 2, r.y() + 140, 70, d + 22)
                item = StoneItem(rect, k, "tray", count=n, tip=self.stone_tip(k) + f"\nKey: {i + 1}",
                                 caption=stone_name(k))
                item.selected_ = self.picked == k
                prompt.add(item)
                self._tray.append(item)

    def _prompt_choices(self) -> tuple[list[tuple[str, Action | None, str, str]], list[tuple[str, int]]]:
        """The prompt's buttons (text, action or None for a step of the table's own, kind, tip) and
        its tray (stone kind, count), when the seat decides."""
        v = self.view
        step_ = v["step"]
        buttons: list[tuple[str, Action | None, str, str]] = []
        tray: list[tuple[str, int]] = []
        if step_ == Step.SETUP:
            tray = [(k, 1) for k in self._pickable_kinds()]
        elif step_ == Step.REFILL:
            kinds = self._pickable_kinds()
            tray = [(k, v["stores"][self.seat].count(k)) for k in kinds]
        elif step_ == Step.TURN:
            if self.ordaining:
                if self.ordain_square is not None:
                    kinds = sorted({a["stone"] for a in self.legal if a.kind == Move.ORDAIN and a["square"] == self.ordain_square},
                                   key=lambda k: CODE[k])
                    tray = [(k, v["stores"][self.seat].count(k)) for k in kinds]
                buttons.append(("Cancel", None, "cancel", "Give up ordaining (Esc)"))
            elif self.selected_square is not None:
                buttons.append(("Cancel", None, "cancel", "Choose another square (Esc)"))
            elif any(a.kind == Move.ORDAIN for a in self.legal):
                buttons.append(("Ordain…", None, Move.ORDAIN,
                                "Swap a lone peasant on one of your squares for a special stone you captured"))
        if step_ == Step.DROP and len(v["hand"]) > 1:
            buttons.append(("Sow the rest plainly", None, "plain_rest",
                            "Drop every stone left on the next place, one after the other, with no ability"))
        if step_ == Step.CAPTURE:
            buttons += [("Leave them", Action.make(Move.LEAVE), "choice", "End the turn without taking them"),
                        ("Take the stones", Action.make(Move.TAKE), "choice", "Capture what lies beyond the empty square")]
        if step_ in (Step.SETUP, Step.REFILL, Step.DROP) and self.picked is not None and len(self._pickable_kinds()) > 1:
            buttons.append(("Choose another stone", None, "cancel", "Put the stone back and choose again (Esc)"))
        return buttons, tray

    def _prompt_words(self) -> tuple[str, str]:
        v = self.view
        step_ = v["step"]
        if self.animating:
            return self._anim_title, "Click the table or press a key to skip to the end."
        d = v.get("decider")
        you = self._deciding()
        who = self.name(d) if d is not None and d >= 0 else ""
        if step_ == Step.OVER:
            totals = [s["total"] for s in v["scores"]]
            if totals[0] == totals[1]:
                return f"Game over — a draw, {totals[0]} points each", self._rolls_text()
            w = 0 if totals[0] > totals[1] else 1
            return (f"Game over — {self.name(w)} wins, {totals[w]} to {totals[1 - w]}", self._rolls_text())
        if not you:
            if d is None or d < 0:
                return "The dice are rolling…", ""
            doing = {
                Step.SETUP: "choosing and placing special stones",
                Step.TURN: "choosing a square to sow",
                Step.DROP: "choosing the next stone to drop",
                Step.REFILL: "refilling their empty squares",
                Step.SKIP: "imprisoned: this turn is lost",
                Step.THIEF: "deciding whether to roll the dice for a Thief",
                Step.CAPTURE: "deciding whether to take the stones beyond the empty square",
            }.get(step_, step_)
            if self.seat is None:
                return f"{who} is {doing}", "Watching the game."
            return f"Waiting for {who}…", f"{who} is {doing}."
        if step_ == Step.SETUP:
            size = 6 if (v.get("options") or {}).get("hime") == "always" else 5
            n = len(v["chosen"][self.seat])
            if self.picked:
                return (f"Place the {stone_name(self.picked)}: click one of your squares",
                        f"Stone {n + 1} of {size}. You may use only the abilities of the stones you choose.")
            return (f"Set-up: choose a special stone ({n + 1} of {size})",
                    "Click a stone below, then one of your squares. You may use only the abilities of the stones you choose.")
        if step_ == Step.TURN:
            if self.ordaining:
                if self.ordain_square is None:
                    return ("Ordain: click a highlighted square (a lone peasant)",
                            "The peasant goes to your captures and a special stone you captured takes its place.")
                return (f"Ordain {square_label(self.ordain_square)}: choose the special stone",
                        "Click one of your captured special stones below.")
            if self.selected_square is not None:
                n = len(v["board"][self.selected_square])
                return (f"Sow {square_label(self.selected_square)} ({n} stone{'s' if n != 1 else ''}): which way?",
                        "◀ clockwise (← key) or ▶ counter-clockwise (→ key). Esc chooses another square.")
            extra = " — or ordain first" if any(a.kind == Move.ORDAIN for a in self.legal) else ""
            return (f"Your turn: choose a square to sow{extra}",
                    "Click one of your squares, then ◀ or ▶ above it (or Tab to a square and press ← or →).")
        if step_ == Step.DROP:
            n = len(v["hand"])
            if self.picked is None:
                return (f"Sowing: {n} stones in hand — click the next place",
                        "The next stone drops there plainly. To use an ability, first click that stone in "
                        "the hand (in the groove of the board).")
            name = stone_name(self.picked, self.classic)
            mine = [a for a in self.legal if a.kind == Move.DROP and a["stone"] == self.picked]
            if any(a.get("turn") for a in mine):
                return (f"Drop the {name}: click the next place (green)",
                        "Or click “Turn round”: the Samurai drops there and the sowing goes on the other way.")
            ability = any(self._is_ability(a) for a in mine)
            return (f"Drop the {name}: click a highlighted place",
                    "Green: the next place. Violet: where its ability can send it." if ability
                    else "Green: the next place.")
        if step_ == Step.REFILL:
            if self.picked:
                return (f"Refill: put the {stone_name(self.picked)} on an empty square",
                        "Click a highlighted square of yours.")
            return ("Refill your empty squares from your captures",
                    "Choose a captured stone below, then an empty square of yours.")
        if step_ == Step.SKIP:
            return "You are imprisoned: this turn is lost", "Click “Sit out this turn” on the board."
        if step_ == Step.CAPTURE:
            n = len(v["board"][self._capture_place()])
            return (f"Take the {n} stone{'s' if n != 1 else ''} beyond the empty square?",
                    "Taking them ends your turn, and so does leaving them (the rules say you can take them).")
        if step_ == Step.THIEF:
            other = self.name(1 - self.seat)
            left = v["thieves"].count(self.seat)
            more = f" ({left} Thieves to decide)" if left > 1 else ""
            return (f"You captured a Thief: roll the dice?{more}",
                    f"No double: you take the sum from {other}. A double: {other} takes the sum from you.")
        return v["step"], ""

    def _rolls_text(self) -> str:
        rolls = self.view.get("rolls") or []
        if not rolls:
            return "Final scores beside each name."
        return "Thief's dice: " + "; ".join(self._roll_sentence(r) for r in rolls)

    def _roll_sentence(self, roll: dict[str, Any]) -> str:
        p, total = roll["player"], roll["total"]
        if roll["double"]:
            return f"{self.name(p)} rolled a double ({total}): {self.name(1 - p)} takes {total} from {self.name(p)}"
        return f"{self.name(p)} rolled {total}: takes {total} from {self.name(1 - p)}"

    # --- the groove: the hand, the banners, the dice ---------------------------------------------
    def _build_groove(self) -> None:
        v = self.view
        _, groove = self._board_geometry()
        step_ = v["step"]
        if step_ == Step.DROP and v["hand"]:
            self._build_hand(v["hand"], v["pos"], v["direction"], interactive=self._deciding())
        elif step_ == Step.SKIP:
            self._build_prison_banner(groove)
        elif step_ in (Step.THIEF, Step.OVER, Step.DICE):
            self._build_dice_banner(groove)
        elif not self.animating and not (self.selected_square is not None and self._deciding()):
            self._row_names(groove)

    def _row_names(self, groove: QRectF) -> None:
        me = self.me
        top = f"▲ {self.name(1 - me)}'s squares"
        bottom = f"▼ {self.possessive(me)} squares"
        self._label(QRectF(groove.x() + 24, groove.y() + 12, 420, 26), top, 18, QColor(255, 236, 200, 190), True)
        self._label(QRectF(groove.x() + 24, groove.bottom() - 40, 420, 26), bottom, 18, QColor(255, 236, 200, 190), True)
        legend = "◀ clockwise  ·  counter-clockwise ▶"
        self._label(QRectF(groove.right() - 444, groove.bottom() - 40, 420, 26), legend, 17, QColor(255, 236, 200, 160),
                    False, Qt.AlignRight | Qt.AlignVCenter)

    def _hand_rect(self, hand: list[str], pos: int) -> tuple[QRectF, float]:
        geo, groove = self._board_geometry()
        kinds = len(set(hand))
        cell = 60.0
        w = 160 + kinds * cell
        slot = self._screen_slot(pos)
        cx = geo[slot].center().x()
        if slot == "left":
            cx = groove.x() + w / 2
        elif slot == "right":
            cx = groove.right() - w / 2
        x = min(max(groove.x() + 4, cx - w / 2), groove.right() - 4 - w)
        return QRectF(x, groove.y() + 6, w, groove.height() - 26), cell

    def _build_hand(self, hand: list[str], pos: int, direction: int, interactive: bool) -> None:
        """The stones in hand, by kind, in the groove beside the place the sowing has reached."""
        for it in self._hand + self._hand_deco:
            if it.scene() is self:
                self.removeItem(it)
        self._hand, self._hand_deco = [], []
        if self.animating:
            self._anim_hand = (list(hand), pos, direction)  # (a relayout shows it again)
        if not hand:
            return
        r, cell = self._hand_rect(hand, pos)
        self._hand_box = r

        deco = DecorItem(r, framed(HERE, 2, QColor(25, 14, 4, 215), 14))
        deco.setZValue(15)
        self._add(deco)
        self._hand_deco.append(deco)
        nxt = step(pos, direction)
        for text, y, colour in ((f"In hand: {len(hand)}", r.center().y() - 25, GOLD_TEXT),
                                (f"next: {self._short(nxt)}", r.center().y() + 1, TEXT_LIGHT)):
            label = LabelItem(QRectF(r.x() + 14, y, 136, 24), text, 18, colour, True)
            label.setZValue(16)
            self._add(label)
            self._hand_deco.append(label)
        x = r.x() + 150
        d = min(52.0, r.height() - 8)
        for i, k in enumerate(sorted(set(hand), key=lambda s: CODE[s])):
            rect = QRectF(x + i * cell + (cell - d) / 2, r.center().y() - d / 2, d, d)
            tip = self.stone_tip(k) + (f"\nKey: {i + 1}" if interactive else "")
            item = StoneItem(rect, k, "hand" if interactive else "handshow", count=hand.count(k), tip=tip)
            item.setZValue(17)
            item.setAcceptHoverEvents(True)
            item.selected_ = interactive and self.picked == k
            self._add(item)
            self._hand.append(item)

    @staticmethod
    def _short(place: int) -> str:
        if place == 5:
            return "east"
        if place == 11:
            return "west"
        return square_label(place)

    def _build_prison_banner(self, groove: QRectF) -> None:
        v = self.view
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

        deco = DecorItem(r, banner)
        deco.setZValue(15)
        self._add(deco)
        text = f"{'You are' if self.addressed(p) else self.name(p) + ' is'} imprisoned: this turn is lost"
        lab = self._label(QRectF(r.x() + 76, r.y() + 8, r.width() - 340, 32), text, 23, QColor("#fff1ec"), True)
        lab.setZValue(16)
        sub = self._label(QRectF(r.x() + 76, r.y() + 42, r.width() - 340, 24),
                          "Taking a shogun in one's first three turns costs the next turn.", 17, QColor("#ffd6cc"))
        sub.setZValue(16)
        if self._deciding():
            skip = next((a for a in self.legal if a.kind == Move.SKIP), None)
            if skip is not None:
                b = ButtonItem(QRectF(r.right() - 250, r.center().y() - 20, 234, 40), "Sit out this turn", skip)
                self._add(b)
                self._buttons.append(b)

    def _build_dice_banner(self, groove: QRectF) -> None:
        v = self.view
        r = groove.adjusted(10, 6, -10, -6)

        deco = DecorItem(r, framed(GOLD_TEXT, 2, QColor(24, 18, 10, 230), 14))
        deco.setZValue(15)
        self._add(deco)
        rolls = v.get("rolls") or []
        x = r.x() + 14
        ds = r.height() - 18
        if rolls:
            last = rolls[-1]
            a, b = dice_faces(last["total"], last["double"])
            for value in (a, b):
                self._add(DieItem(QRectF(x, r.y() + 9, ds, ds), value))
                x += ds + 10
            x += 8
        if v["step"] == Step.THIEF:
            p = v["thieves"][0]
            other = self.name(1 - p)
            head = "Your Thief: roll the dice?" if self.addressed(p) else f"{self.name(p)}'s Thief: roll or keep?"
            sub = f"Last roll: {self._roll_sentence(rolls[-1])}." if rolls else \
                f"No double: {'you take' if self.addressed(p) else self.name(p) + ' takes'} the sum from " \
                f"{'them' if self.addressed(p) else other}; a double gives it away."
        elif v["step"] == Step.OVER:
            totals = [s["total"] for s in v["scores"]]
            if totals[0] == totals[1]:
                head = f"Game over — a draw at {totals[0]}"
            else:
                w = 0 if totals[0] > totals[1] else 1
                head = f"Game over — {self.name(w)} wins {totals[w]} to {totals[1 - w]}"
            sub = f"{self._roll_sentence(rolls[-1])}." if rolls else "The stones left on the board went to their side's owner."
        else:
            head, sub = "The dice are rolling…", ""
        buttons_w = 316 if self._deciding() else 0
        lab = self._label(QRectF(x, r.y() + 6, r.right() - x - buttons_w - 12, 32), head, 22, GOLD_TEXT, True)
        lab.setZValue(16)
        sl = self._label(QRectF(x, r.y() + 40, r.right() - x - buttons_w - 12, 44), sub, 16, TEXT_LIGHT, False,
                         Qt.AlignLeft | Qt.AlignTop, 2)
        sl.setZValue(16)
        if self._deciding():
            bx = r.right() - buttons_w
            for text, kind, tip in (("Roll the dice", "roll", "Roll two dice for this Thief"),
                                    ("Keep", "keep", "Do not roll: the points stay as they are")):
                a = Action.make(kind)
                if a in self.legal_set:
                    w = 176 if kind == "roll" else 120
                    b = ButtonItem(QRectF(bx, r.center().y() - 22, w, 44), text, a, tip=tip)
                    self._add(b)
                    self._buttons.append(b)
                    bx += w + 10

    def _capture_place(self) -> int:
        """Where the stones a capture would take lie: beyond the empty place after the sowing."""
        v = self.view
        return step(step(v["pos"], v["direction"]), v["direction"])
