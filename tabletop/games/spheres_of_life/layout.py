"""The layout of the Spheres of Life table: the other players' panels, the phase board with the
deck and the discard pile, the open cards, what is happening, the prompt with its buttons, the
seated player's area and the list of the discard pile; in a Dawn Phase (Gods & Myths) its board
in the middle: the total against 10 on a gauge, each player's sacrifice laid face down, then the
cards shown face up and counted as the Dawn counts them (:func:`dawn_groups`, :class:`CountedCards`).
The table (:mod:`.table`) has one :class:`SpheresLayout`, which draws on the table's scene and
keeps the items it drew; the buttons and what is lit come from the table's choice
(:mod:`.choosing`), the prompt's, the boards' and the buttons' words from :mod:`.words`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from tabletop.client.panel_items import PanelItem
from tabletop.client.table_items import (MIN_TEXT_PX, TEXT_LIGHT, TEXT_MUTED, ButtonItem, DecorItem, LabelItem,
                                         draw_text, fit_list, fits, font, framed, text_width)
from tabletop.client.theme import table_colour
from tabletop.client.zones import HandZone, PileZone, PlayerPanelZone, PromptZone, SpreadZone, Zone

from .card_items import GODLY_INK, TILE_ASPECTS, TYPE_COLOURS, SpheresCard, card_about, draw_hourglass, face_name, name_shows, tile_shows
from .cards import NOBLE, card, kind_names, kind_of, kind_types
from .choosing import SpheresChoice, heroes_to_choose
from .dawn import HERO_POINTS, dawn_points
from .steps import DAWN_PHASE_NAME, DAY, DREAM, NIGHT, OVER, SETUP, Step
from .words import (DAWN_ENDS_AT, HEROES_LIE_BELOW, chain_text, dawn_heading, dawn_words, discard_list_title, hand_size_words,
                    laid_words, mythical_bonus, open_heading, own_hand_words, phase_lines, phase_title, prompt_title,
                    sacrifice_words, score_in_full, score_words, worth_about, worth_words, yours_words)

DAWN_TOTAL = "dawn/total"  # the Dawn's gauge: its name on the table
PHASE_COLOURS = {DAY: QColor("#f2c94c"), NIGHT: QColor("#5b6fd6"), DREAM: QColor("#b26de0"),
                 OVER: QColor("#c8c8c8"), SETUP: QColor("#9ccf8f"), DAWN_PHASE_NAME: QColor("#ff9f5a")}
def chip_width(name: str, field_h: float = 0.0) -> float:
    """How wide a chip must be to show ``name`` whole: a hero's (``field_h`` 0) or, ``field_h``
    high with its hourglass, a Field card's."""
    inner = text_width(name, font(MIN_TEXT_PX, True)) + 2
    return inner + (field_h + 4 if field_h else 12)


def heroes_side(heroes: list[str], width: float) -> bool:
    """A player's hero chips lie side by side in ``width`` (else one under the other)."""
    return sum(chip_width(card(h).name) for h in heroes) + 6 * (len(heroes) - 1) <= width


class SpheresLayout:
    """The drawing of a :class:`~tabletop.games.spheres_of_life.table.SpheresTable` (see its
    module docstring for the layout): :meth:`build` lays the view on show out on the table's
    scene and keeps the items a click or a flight may be about."""

    def __init__(self, table: Any, choice: SpheresChoice) -> None:
        self.table = table  # the scene: the view on show, the names, where the items go
        self.choice = choice  # the half-made choice: the buttons, what is lit
        self.reset()

    def reset(self) -> None:
        """Forget the items drawn (the scene has just been cleared)."""
        self.buttons: list[ButtonItem] = []  # the prompt's buttons (and the discard list's Close)
        self.hand: list[SpheresCard] = []  # the seat's hand, in order
        self.backs: dict[tuple[int, int], SpheresCard] = {}  # (player, index): the others' hands
        self.panels: dict[int, PanelItem] = {}  # every player's panel
        self.table_cards: dict[str, SpheresCard] = {}  # the open cards (or the heroes to choose)
        self.discard: SpheresCard | None = None  # the top of the discard pile
        self.discard_pile: PileZone | None = None
        self.hand_zone: HandZone | None = None
        self.spots: dict[Any, QRectF] = {}  # where a card lands: "deck", "discard", "dawn", ("hand", p), ("field", card)
        self.chips: dict[Any, str] = {}  # the heroes' and the Fields' chips: the card each one shows
        self.counted: CountedCards | None = None  # (the Dawn's sacrifices shown) the cards counted, with their worths

    @property
    def view(self) -> dict[str, Any]:
        return self.table.view

    def _label(self, rect: QRectF, text: str, px: float, colour: Any = None, bold: bool = False,
               align: int = Qt.AlignLeft | Qt.AlignTop, lines: int = 1) -> LabelItem:
        item = LabelItem(rect, text, px, TEXT_LIGHT if colour is None else colour, bold, align, lines)
        self.table.addItem(item)
        return item

    def build(self) -> None:
        """The view on show, drawn: the other players along the top, the phase board, the middle
        board and the prompt across the middle, the seat's own area at the bottom."""
        v = self.view
        n = v["players"]
        me = self.table.me
        others = [(me + k) % n for k in range(1, n)]
        gap = 10.0
        w = (1576 - gap * (len(others) - 1)) / max(1, len(others))
        top = 250.0  # the other players' panels; taller for a Field and heroes one under the other
        if "fields" in v:
            top += 28
        if not all(heroes_side(v["heroes"][p], w - 20) for p in others):  # (a hero's name shows whole)
            top += 28
        for k, p in enumerate(others):
            self._build_opponent(p, QRectF(12 + k * (w + gap), 10, w, top))
        mid = round(self.table.extra * 0.3)  # a taller window: the open cards grow a little, the hand most
        self._build_middle(QRectF(12, top + 20, 1576, 550 - top + mid))
        self._build_mine(QRectF(12, 580 + mid, 1576, self.table.height - 590 - mid))
        if self.choice.discard_open:
            self._build_discard_overlay()

    def _deciding(self, p: int) -> bool:
        return self.view["decider"] == p

    def _in_hand(self, p: int) -> str:
        """Where the cards of ``p``'s hand lie, in words: "in your hand", "in Ben's hand"."""
        return f"in {self.table.possessive(p, False)} hand"

    def _panel_about(self, p: int) -> str:
        """What a screen reader says of a player's area: deciding or their turn, the phase cards,
        the hand's size ("deciding, holds the phase cards, 5 cards in hand")."""
        v = self.view
        size = v["hands"][p]["size"]
        words = ["deciding" if self._deciding(p) else "" if v["turn"] != p or v["phase"] == OVER
                 else "your turn" if self.table.addressed(p) else "their turn",
                 "holds the phase cards" if v["leader"] == p else "", f"{size} card{'s' if size != 1 else ''} in hand"]
        return ", ".join(w for w in words if w)

    def _heroes(self, p: int, x: float, y: float, h: float, width: float, to: Zone) -> tuple[float, float]:
        """The player's heroes as chips (a used one greyed), side by side when ``width`` holds
        their names, else one under the other; returns where the chips end (x, y).  A name always
        shows whole; " — used" follows it when the chip has room (else the grey says it)."""
        heroes = self.view["heroes"][p]
        n = max(1, len(heroes))
        needs = [chip_width(card(hero).name) for hero in heroes]
        side = heroes_side(heroes, width)
        if side:  # as wide as before (up to 176), wider for a long name, as wide as the name when tight
            base = min(176.0, (width - 6 * (n - 1)) / n)
            widths = [max(k, base) for k in needs]
            if sum(widths) + 6 * (n - 1) > width:
                widths = needs
        else:
            widths = [max(k, min(width, 240.0)) for k in needs]
        right, bottom = x, y
        for hero, w in zip(heroes, widths):
            used = hero in self.view["used"]
            name = card(hero).name
            text = name + " — used" if used and fits(name + " — used", font(MIN_TEXT_PX, True), w - 12) else name
            item = DecorItem(QRectF(x, y, w, h), self._chip_painter(text, "hero", used, godly=card(hero).godly, name=name),
                             ("hero-chip", text, used, card(hero).godly, name))
            item.setToolTip(f"{name}{' (used)' if used else ''}: {card(hero).text}")
            item.address, item.about = f"card/{hero}", f"{'used, ' if used else ''}{card_about(hero)}"
            item.showing = ("hero", hero, used)  # (chosen or used by another: marked as their move)
            self.chips[item] = hero
            to.add(item)
            right, bottom = max(right, x + w), y + h
            if side:
                x += w + 6
            else:
                y += h + 4
        return right, bottom

    @staticmethod
    def _chip_painter(text: str, kind: str, used: bool = False, godly: bool = False, name: str = ""):
        """A chip: a hero ("hero"), or a Prolonged card in a Field ("field"); ``name`` (the card's,
        in ``text``) shows whole."""
        def paint(p: QPainter, r: QRectF) -> list[str]:
            paper, ink = TYPE_COLOURS["ability" if kind == "field" else "hero"]
            if godly:
                paper, ink = QColor("#f5e4b0"), GODLY_INK
            p.setPen(QPen(ink, 2 if godly else 1.5))
            p.setBrush(QColor("#5a5a6a") if used else paper)
            p.drawRoundedRect(r, 6, 6)
            box = r.adjusted(6, 0, -6, 0)
            if kind == "field":
                draw_hourglass(p, QRectF(r.x() + 4, r.y() + 3, r.height() - 6, r.height() - 6), ink)
                box = r.adjusted(r.height(), 0, -4, 0)
            draw_text(p, box, text, font(MIN_TEXT_PX, True), QColor("#d0d0d8") if used else ink, Qt.AlignCenter,
                      whole=(name or text,))
            return [text]
        return paint

    def _field(self, p: int, x: float, y: float, h: float, width: float, to: Zone) -> float:
        """The Prolonged cards in the player's Field, as chips as wide as their names, as many
        as ``width`` holds, then a chip "+N" naming the rest in its tooltip; returns where they
        end (x)."""
        field = self.view.get("fields", [[]] * self.view["players"])[p]
        if not field:
            return x
        end = x + width
        more_w = chip_width("+9", h)
        for k, c in enumerate(field):
            w = chip_width(card(c).name, h)
            last = k == len(field) - 1
            if x + w > end - (0 if last else more_w + 6):  # no room: the rest in one chip
                rest = field[k:]
                item = DecorItem(QRectF(x, y, more_w, h), self._chip_painter(f"+{len(rest)}", "field"),
                                 ("field-chip", f"+{len(rest)}"))
                item.setToolTip("Also in the Field: " + "; ".join(f"{card(r).name} — {card(r).text}" for r in rest))
                item.address = f"field/{p}/more"
                to.add(item)
                for r in rest:
                    self.spots[("field", r)] = QRectF(x, y, more_w, h)
                return x + more_w + 6
            item = DecorItem(QRectF(x, y, w, h), self._chip_painter(card(c).name, "field", name=card(c).name),
                             ("field-chip", card(c).name))
            item.setToolTip(f"In the Field: {card(c).name} — {card(c).text}")
            item.address, item.about = f"card/{c}", f"in the Field, {card_about(c)}"
            self.chips[item] = c
            to.add(item)
            self.spots[("field", c)] = QRectF(x, y, w, h)
            x += w + 6
        return x

    def _banked_text(self, p: int, short: bool, width: float = 0.0) -> str:
        """The player's banked sets; a Mythical set with its lasting bonus (``width``: as many
        sets as one line of it holds whole, then "+N more")."""
        parts = []
        for k in self.view["banked"][p]:
            name = face_name(kind_names()[k]) if short else kind_names()[k]
            bonus = mythical_bonus(k)
            parts.append(f"{name} ◉ {bonus}" if bonus else name)
        if width and parts:
            return fit_list("Banked: ", parts, font(MIN_TEXT_PX), width, "; ")
        return "Banked: " + ("; ".join(parts) if parts else "none")

    def _build_opponent(self, p: int, r: QRectF) -> None:
        """A panel from the top down: name, status, heroes, Field, hand, what the seat knows of
        it, banked sets, score."""
        v = self.view
        x0, inner = r.x() + 10, r.width() - 20
        status = []
        if self._deciding(p):
            status.append(("● deciding…", 12.0, QColor("#ffe58a"), True))
        elif v["turn"] == p and v["phase"] != OVER:
            status.append(("▶ their turn", 12.0, QColor("#bfe8ff"), False))
        panel = PlayerPanelZone(r, p, active=self._deciding(p), name=self.table.name(p) + ("  ◆ phase cards" if v["leader"] == p else ""),
                                lines=status)
        panel.name_item.whole = (self.table.name(p),)
        panel.named(f"panel/{p}", f"in {self.table.possessive(p, False)} area")
        panel.board.about = self._panel_about(p)
        self.table.addItem(panel)
        self.panels[p] = panel.board
        _, y = self._heroes(p, x0, r.y() + 54, 26 if heroes_side(v["heroes"][p], inner) else 24, inner, panel)
        if "fields" in v:
            if v["fields"][p]:
                self._field(p, x0, y + 4, 24, inner, panel)
            y += 28
        hand = v["hands"][p]
        panel.label(QRectF(x0, y + 4, inner, 21), hand_size_words(hand["size"]), 17, TEXT_MUTED)
        known = list(hand["known"])
        exact = hand["cards"]
        size = hand["size"]
        bh = min(66.0, r.bottom() - y - 28 - 72)
        by = y + 28

        over = v["phase"] == OVER  # (every hand shown: counted)

        def back(rect: QRectF, _: Any, i: int) -> SpheresCard:
            if over:
                self.backs[(p, i)] = item = SpheresCard(rect, exact[i], "shown")
                return item
            label = kind_names()[card(exact[i]).kind].split()[-1] if exact is not None else ""
            self.backs[(p, i)] = item = SpheresCard(rect, None, "back", label)
            item.about = f"card {i + 1} of {size}" + (f", {knows} this card: {label}" if label else "")
            return item

        knower = f"{self.table.name(self.table.seat)} knows" if self.table.watching and self.table.seat is not None else "You know"
        knows = "you know" if knower == "You know" else knower
        panel.hand(QRectF(x0, by, inner - 4, bh), [None] * size, back, hidden=True, max_len=min(44.0, bh * 0.71),
                   gap=3.0).named(f"hand/{p}", self._in_hand(p))
        bw = min(44.0, (inner - 4) / max(1, size) - 3, bh * 0.71)
        self.spots[("hand", p)] = QRectF(x0 + max(0, size - 1) * (bw + 3), by, max(bw, 30.0), bh)
        y = by + bh + 4
        if known and exact is None:  # (the names that fit whole, then "+N more")
            # as the faces name them, the shortest first: as many as fit (the tooltip says all)
            short = sorted((face_name(card(c).name) for c in known), key=len)
            text = fit_list(f"{knower}: ", short, font(MIN_TEXT_PX), inner)
            lab = panel.label(QRectF(x0, y, inner, 21), text, 17, QColor("#ffe58a"), whole=short)
            lab.setToolTip(f"{knower} these cards are in this hand (not where):\n" + "\n".join(card(c).name for c in known))
            lab.address = f"known/{p}"
        elif over and exact:
            names = [face_name(card(c).name) for c in exact]
            lab = panel.label(QRectF(x0, y, inner, 21), fit_list("Shown at the end: ", names, font(MIN_TEXT_PX), inner),
                              17, QColor("#ffe58a"), whole=names)
            lab.setToolTip("Every hand is shown at the end, to be counted:\n" + "\n".join(card(c).name for c in exact))
            lab.address = f"known/{p}"  # (what the seat knows of the hand: all of it)
        elif exact is not None and not over:
            panel.label(QRectF(x0, y, inner, 21), f"{knower} this hand's order.", 17, QColor("#ffe58a"))
        btext = self._banked_text(p, short=True, width=inner)
        blab = panel.label(QRectF(x0, r.bottom() - 46, inner, 21), btext, 17, TEXT_MUTED)
        blab.setToolTip(self._banked_text(p, short=False))
        blab.address = f"bank/{p}"
        score = v["scores"][p] if v.get("scores") else None
        if score is not None:
            panel.label(QRectF(x0, r.bottom() - 24, inner, 21), score_words(score), 17, TEXT_LIGHT)

    def _build_middle(self, r: QRectF) -> None:
        v = self.view
        phase = v["phase"]
        # the phase board: the phase, who holds the phase cards, whose turn, the piles
        pr = QRectF(r.x(), r.y(), 300, r.height())
        colour = QColor("#ff8f6b") if v["last_dream"] else PHASE_COLOURS.get(phase, TEXT_LIGHT)
        title = phase_title(v)

        def board(p: QPainter, rr: QRectF) -> list[str]:
            p.setPen(QPen(colour, 3))
            p.setBrush(QColor(0, 0, 0, 90))
            p.drawRoundedRect(rr, 14, 14)
            band = QRectF(rr.x() + 6, rr.y() + 6, rr.width() - 12, 52)
            p.setPen(Qt.NoPen)
            c = QColor(colour)
            c.setAlpha(60)
            p.setBrush(c)
            p.drawRoundedRect(band, 10, 10)
            return []

        phase_board = DecorItem(pr, board, ("phase-board", colour.rgba()))
        phase_board.address = "phase"
        self.table.addItem(phase_board)
        self._label(QRectF(pr.x() + 14, pr.y() + 8, pr.width() - 28, 48), title, 36 if len(title) < 9 else 31,
                    colour, True, Qt.AlignLeft | Qt.AlignVCenter)
        lines = phase_lines(v, self.choice.names(), self.table.addressed(v["turn"]), self.game_rounds())
        phase_board.about = " · ".join([title, *lines])
        aside = (v.get("dawn") or {}).get("aside") or []
        y = pr.y() + 62
        for line in lines:  # (whole: a line that does not fit one line takes two)
            dawn_line = line.startswith("☀")
            width = pr.width() - (92 if aside and y < pr.y() + 130 else 28)
            rows = 1 if fits(line, font(MIN_TEXT_PX, dawn_line), width) else 2
            label = self._label(QRectF(pr.x() + 14, y, width, 22 * rows), line, 17,
                                PHASE_COLOURS[DAWN_PHASE_NAME] if dawn_line else TEXT_LIGHT, dawn_line, lines=rows)
            label.whole = True
            y += 22 * rows
        if aside:  # a Dawn card set aside: the Dawn Phase follows this phase
            ar = QRectF(pr.right() - 70, pr.y() + 64, 48, 66)
            self.spots["dawn"] = ar
            item = SpheresCard(ar, aside[-1], "dawn")
            item.setToolTip("A Dawn card came up: the Dawn Phase begins when this phase ends."
                            if phase != DAWN_PHASE_NAME else "The Dawn card of this Dawn Phase.")
            item.address = f"card/{aside[-1]}"
            item.about = f"beside the phase, {item.toolTip()}"
            self.table.addItem(item)
        # the main deck and the open discard pile
        deck_r = QRectF(pr.x() + 22, pr.bottom() - 122, 72, 100)
        self.spots["deck"] = deck_r
        deck = PileZone(deck_r, v["deck"], lambda rr, c, i: SpheresCard(rr, c, "deck"), depth=min(3, v["deck"] // 10 + 1),
                        label="Deck {count}", empty_text="empty", tip=f"Main deck: {v['deck']} cards").named("pile/deck")
        if deck.top_item is not None:
            deck.top_item.about = f"{v['deck']} card{'s' if v['deck'] != 1 else ''}"
        self.table.addItem(deck)
        dr = QRectF(pr.x() + 170, pr.bottom() - 122, 72, 100)
        self.spots["discard"] = dr
        discard = v["discard"]
        tip = f"Discard pile: {len(discard)} cards, the top one {card(discard[-1]).name} — click to see them all" if discard else ""
        self.discard_pile = PileZone(dr, len(discard), lambda rr, c, i: SpheresCard(rr, c, "discard"),
                                      top=discard[-1] if discard else None, label="Discard {count} (click)", label_pad=52,
                                      empty_text="empty", tip=tip, cards=discard, name_of=lambda c: card(c).name)
        self.discard_pile.named("pile/discard", f"on top of the Discard Pile ({len(discard)} card{'s' if len(discard) != 1 else ''})")
        self.table.addItem(self.discard_pile)
        self.discard = self.discard_pile.top_item
        # the middle: what is happening, and the open cards of the Day or the Night (or the heroes)
        cr = QRectF(pr.right() + 12, r.y(), 640, r.height())
        self.table.addItem(DecorItem(cr, framed(QColor(255, 255, 255, 40), 1, QColor(0, 0, 0, 60), 12), "middle-board"))
        if phase == DAWN_PHASE_NAME:
            self._build_dawn(cr)
        else:
            self._build_open(cr)
        # the prompt
        self._build_prompt(QRectF(cr.right() + 12, r.y(), r.right() - cr.right() - 12, r.height()))

    def _build_open(self, cr: QRectF) -> None:
        """The middle board outside the Dawn: the open cards of the Day or the Night (or the heroes
        to choose), with what is happening above them; else what is happening, in large."""
        v = self.view
        phase = v["phase"]
        setup = phase == SETUP
        cards = heroes_to_choose(self.view) if setup else v["table"]
        heading = open_heading(v, len(cards))
        self._label(QRectF(cr.x() + 12, cr.y() + 6, cr.width() - 24, 22), heading, 18, TEXT_LIGHT, True)
        happening = self.chain_text().split("\n")
        if setup and cards:  # the heroes lie where the hand will be (the seat's panel lays them)
            cards = []
            happening.insert(0, HEROES_LIE_BELOW)
        if cards:
            self._label(QRectF(cr.x() + 12, cr.y() + 30, cr.width() - 24, 42), "  ·  ".join(happening), 17,
                        QColor("#ffe58a"), lines=2)
            self._lay_cards(QRectF(cr.x() + 12, cr.y() + 76, cr.width() - 24, cr.height() - 82), cards, setup)
        else:
            y = cr.y() + 40
            for k, line in enumerate(happening):
                last = k == len(happening) - 1
                px = 15.0 if last else 17.0
                colour = TEXT_MUTED if last else (QColor("#ffe58a") if k == 0 else TEXT_LIGHT)
                h = min(2 * px * 1.25 + 2, cr.bottom() - 8 - y)
                if h < px * 1.25:
                    break
                self._label(QRectF(cr.x() + 16, y, cr.width() - 32, h), line, px, colour, not last, lines=2)
                y += h + 6

    def _build_dawn(self, cr: QRectF) -> None:
        """The Dawn Phase: the total against 10 on a gauge (``dawn/total``); while the sacrifices
        are laid, each player's row (backs, the seat's own faces); once shown, what each laid and
        the cards counted, each with its worth (:class:`CountedCards`)."""
        v = self.view
        d = v["dawn"]
        step = v["step"]
        shown = step != Step.SACRIFICE
        heading = dawn_heading(shown)
        self._label(QRectF(cr.x() + 12, cr.y() + 6, cr.width() - 24, 22), heading, 18,
                    PHASE_COLOURS[DAWN_PHASE_NAME], True)
        # the total against 10: a gauge
        total = d["total"]
        gr = QRectF(cr.x() + 12, cr.y() + 38, cr.width() - 24, 26)  # (room for its outline when a lesson lights it)
        gauge = DecorItem(gr, self._dawn_gauge(total), ("dawn-gauge", total))
        gauge.setToolTip(dawn_words(total))
        gauge.address = DAWN_TOTAL
        self.table.addItem(gauge)
        n = v["players"]
        order = [(v["leader"] + k) % n for k in range(n)]
        if shown:
            self._build_shown(QRectF(cr.x() + 12, gr.bottom() + 14, cr.width() - 24, cr.bottom() - 8 - gr.bottom() - 14), order)
            return
        top = gr.bottom() + 8
        row_h = min(34.0, (cr.bottom() - 8 - top) / n)
        for k, p in enumerate(order):
            y = top + k * row_h
            count = d["sacrificed_count"][p]
            cards = d["sacrificed"][p]
            busy = step == Step.SACRIFICE and v["decider"] == p
            name = ("▶ " if busy else "") + ("You" if self.table.addressed(p) else self.table.name(p))
            self._label(QRectF(cr.x() + 14, y, 130, row_h - 2), name, 13, table_colour("gold") if busy else TEXT_LIGHT,
                        True, Qt.AlignLeft | Qt.AlignVCenter).whole = True
            x = cr.x() + 148
            ch = row_h - 4
            cw = ch * 0.7
            for i in range(count):
                back = SpheresCard(QRectF(x + i * (cw + 3), y + 1, cw, ch), None if cards is None else cards[i], "sacrifice")
                back.address = f"sacrifice/{p}/{i}" if cards is None else f"card/{cards[i]}"
                back.about = f"sacrificed by {self.table.name(p)}" + (f", {back.about}" if back.about else "")
                self.table.addItem(back)
            x += count * (cw + 3)
            # the seat's own cards named, as many as the row holds whole (all in the tooltip)
            names = [card(c).name for c in cards or []]
            f, room = font(MIN_TEXT_PX), cr.right() - x - 18
            words = full = sacrifice_words(v, p, count)
            if cards:
                words += yours_words(names, lambda text, head=words: fits(head + text, f, room))
                full += yours_words(names, lambda text: True)
            row = self._label(QRectF(x + 6, y, cr.right() - x - 18, row_h - 2), words, 12, TEXT_LIGHT,
                              align=Qt.AlignLeft | Qt.AlignVCenter)
            row.whole = tuple(names)
            row.setToolTip(full)  # (the whole list, when the row holds only some)
            row.dawn_row = p  # (whose row it is)

    def _build_shown(self, area: QRectF, order: list[int]) -> None:
        """The sacrifices shown: a line of what each player laid, then the cards, face up, as the
        Dawn counts them, each set or card framed with its worth (:class:`CountedCards`)."""
        v, d = self.view, self.view["dawn"]
        x, y = area.x(), area.y()
        f = font(MIN_TEXT_PX, True)
        for p in order:  # (one line; more when the players are many)
            cards = d["sacrificed"][p] or []
            busy = v["step"] == Step.DAWN_HERO and v["decider"] == p
            text = ("▶ " if busy else "") + laid_words("You" if self.table.addressed(p) else self.table.name(p), len(cards))
            w = text_width(text, f) + 8
            if x > area.x() and x + w > area.right():
                x, y = area.x(), y + 24
            label = self._label(QRectF(x, y, w, 22), text, 17, table_colour("gold") if busy else TEXT_LIGHT, True,
                                Qt.AlignLeft | Qt.AlignVCenter)
            label.whole = True
            label.setToolTip(", ".join(card(c).name for c in cards) or "nothing")
            label.dawn_row = p  # (whose it is)
            x += w + 24
        owners = tuple((h, p) for h in d["heroes"] for p in order if h in v["heroes"][p])
        groups = dawn_groups(d["sacrificed"], order, v.get("options", {}).get("dawn_count") == "each", owners)
        self.counted = CountedCards(self.table, self._label, PHASE_COLOURS[DAWN_PHASE_NAME], TEXT_MUTED)
        self.counted.lay(QRectF(area.x(), y + 26, area.width(), area.bottom() - y - 26), groups)

    @staticmethod
    def _dawn_gauge(total: int | None):
        def paint(p: QPainter, r: QRectF) -> list[str]:
            p.setPen(QPen(QColor("#ff9f5a"), 1.5))
            p.setBrush(QColor(0, 0, 0, 80))
            p.drawRoundedRect(r, 6, 6)
            if total is not None:
                share = max(0.0, min(1.0, total / DAWN_ENDS_AT))
                p.setPen(Qt.NoPen)
                p.setBrush(QColor("#ff9f5a") if total < DAWN_ENDS_AT else QColor("#ff6b4a"))
                p.drawRoundedRect(QRectF(r.x() + 2, r.y() + 2, (r.width() - 4) * share, r.height() - 4), 5, 5)
            text = dawn_words(total)  # (whole: else its first part, the rest in the tooltip)
            box, f = r.adjusted(10, 0, -10, 0), font(MIN_TEXT_PX, True)
            if not fits(text, f, box.width()):
                text = text.split(" — ")[0]
            draw_text(p, box, text, f, QColor("#ffffff"), Qt.AlignCenter, whole=True)
            return [text]
        return paint

    def _lay_cards(self, area: QRectF, cards: list[str], detail: bool) -> None:
        """The open cards in one or two rows, as large as they fit -- or, when cards that large
        cannot show every name whole (many cards: a Night), as tiles in rows: a card lying
        sideways, its picture at the left and its name beside it.  ``detail``: the heroes to
        choose (the zone ``heroes``; else ``open``)."""
        max_w = 260.0 if detail else 104.0 * (1 + self.table.extra / 900)  # (a taller table: larger cards)
        spaces = SpreadZone.spaces(area, len(cards), max_w=max_w)
        space = spaces[0] if spaces else QRectF()
        tiles = None  # (the tiles' aspect, when the cards lie as tiles)
        if not all(name_shows(c, space.width(), space.height()) for c in cards):
            for aspect in TILE_ASPECTS:  # (flatter tiles are wider: room for a long name)
                space = SpreadZone.spaces(area, len(cards), max_w=300.0, aspect=aspect, rows=range(1, 9))[0]
                if all(tile_shows(c, space.width(), space.height()) for c in cards):
                    tiles = aspect
                    break
        if tiles is None:
            spread = SpreadZone(area, cards, lambda rr, c, i: SpheresCard(rr, c, "table", detail=detail or rr.width() >= 120),
                                max_w=max_w)
        else:
            spread = SpreadZone(area, cards, lambda rr, c, i: SpheresCard(rr, c, "table", tile=True), max_w=300.0,
                                aspect=tiles, rows=range(1, 9))
        if detail:
            spread.named("heroes", "among the heroes to choose")
        else:
            spread.named("open", "open on the table")
        self.table.addItem(spread)
        self.table_cards.update(zip(cards, spread.top_items()))

    def game_rounds(self) -> int:
        return int((self.view or {}).get("options", {}).get("rounds", 1))

    def chain_text(self) -> str:
        """What is happening, in sentences (:func:`.words.chain_text`)."""
        v = self.view
        return chain_text(v, self.choice.names(), self.table.addressed(v["decider"]))

    def _build_prompt(self, r: QRectF) -> None:
        prompt = PromptZone(r, self._prompt_title(), self.choice.buttons(self.table_cards) if self.table.legal else [],
                            title_colour=QColor("#ffe58a") if self.table.legal else TEXT_LIGHT, fill=QColor(30, 24, 10, 120),
                            board_key="prompt-board").named("prompt", "in the prompt")
        self.table.addItem(prompt)
        self.buttons += prompt.buttons

    def _prompt_title(self) -> str:
        return prompt_title(self.view, self.choice.names(), bool(self.table.legal), self.choice.menu, self.choice.selected)

    def _build_mine(self, r: QRectF) -> None:
        v = self.view
        me = self.table.me
        you = self.table.seat is not None  # (the hand is drawn face up)
        title = self.table.titled(me)
        if v["leader"] == me:
            title += "  ◆ phase cards"
        panel = PlayerPanelZone(r, me, active=self._deciding(me), name=title, name_px=17,
                                name_rect=QRectF(r.x() + 12, r.y() + 8, 420, 22))
        panel.name_item.whole = (self.table.name(me),)
        panel.named(f"panel/{me}", f"in {self.table.possessive(me, False)} area")
        panel.board.about = self._panel_about(me)
        self.table.addItem(panel)
        self.panels[me] = panel.board
        mine = v["heroes"][me]
        x, _ = self._heroes(me, r.x() + 440, r.y() + 8, 26,
                            max(360.0, sum(chip_width(card(h).name) for h in mine) + 6 * (len(mine) - 1)), panel)
        if "fields" in v:
            if v["fields"][me]:
                panel.label(QRectF(x + 12, r.y() + 8, 56, 26), "Field", 17, TEXT_MUTED, align=Qt.AlignLeft | Qt.AlignVCenter)
                x = self._field(me, x + 68, r.y() + 8, 26, min(2 * 190.0, r.right() - x - 68 - 200), panel)
            else:
                panel.label(QRectF(x + 12, r.y() + 8, 120, 26), "Field: empty", 17, TEXT_MUTED, align=Qt.AlignLeft | Qt.AlignVCenter)
                x += 124
        # the banked sets beside the heroes, on one line (the whole list in its tooltip): the score
        # line below runs the area's whole width
        room = r.right() - x - 20
        bank = panel.label(QRectF(x + 10, r.y() + 4, room, 30), self._banked_text(me, short=False, width=room), 17,
                           TEXT_MUTED, align=Qt.AlignLeft | Qt.AlignVCenter)
        bank.address = f"bank/{me}"
        bank.setToolTip(self._banked_text(me, short=False))
        # (a second line of it: what follows lies a line lower)
        r = r.adjusted(0, self._score_line(panel, me, QRectF(r.x() + 12, r.y() + 35, r.width() - 24, 22)), 0, 0)
        heroes = heroes_to_choose(self.view)
        if heroes:
            self._lay_cards(QRectF(r.x() + 12, r.y() + 66, r.width() - 24, r.height() - 74), heroes, True)
            return
        if not you:
            size = v["hands"][me]["size"]
            panel.hand(QRectF(r.x() + 12, r.y() + 70, 50.0 * max(1, size), 70), [None] * size,
                       lambda rr, c, i: self._card_of_hand(rr, None, "back", i, size), hidden=True, max_len=46.0,
                       gap=4.0).named(f"hand/{me}", self._in_hand(me))
            return
        cards = self.choice.my_cards()
        watcher = self.table.name(me) if self.table.watching else None
        locked = watcher is None and v["locked"][me]
        caption = own_hand_words(len(cards), watcher, locked, self.choice.may_arrange() and len(cards) > 1)
        panel.label(QRectF(r.x() + 12, r.y() + 57, 600, 21), caption, 17, QColor("#ffb4a0") if locked else TEXT_MUTED)
        hand_h = r.height() - 92  # 218 units, more in a taller window (the lit cards' outlines clear the words above)
        self.hand_zone = panel.hand(QRectF(r.x() + 12, r.y() + 86, r.width() - 24, hand_h), cards,
                                     lambda rr, c, i: self._card_of_hand(rr, c, "hand", i, len(cards)),
                                     max_len=hand_h / 1.57, gap=6.0, aspect=1.55, reorderable=self.choice.may_arrange())
        self.hand_zone.named(f"hand/{me}", self._in_hand(me))
        self.hand = self.hand_zone.card_items()

    def _score_line(self, panel: PlayerPanelZone, me: int, rect: QRectF) -> float:
        """The seat's whole score (:func:`.words.score_in_full`, the Scores panel's words) in
        ``rect``, the area's width: on one line, or on two when one cannot hold it; returns how
        much lower than one line what follows it must go (0 without a score)."""
        score = self.view["scores"][me] if self.view.get("scores") else None
        if score is None or score["total"] is None:
            return 0.0
        text = score_in_full(score)
        lines = 1 if fits(text, font(17), rect.width()) else 2
        wide = min(rect.width(), text_width(text, font(17)) + 4) if lines == 1 else rect.width()  # (as wide as its words)
        panel.label(QRectF(rect.x(), rect.y(), wide, rect.height() * lines), text, 17, TEXT_MUTED, lines=lines)
        return rect.height() * (lines - 1)

    @staticmethod
    def _card_of_hand(rect: QRectF, cid: str | None, role: str, i: int, size: int) -> SpheresCard:
        """A card of the seat's hand (a back for a spectator), saying where in the hand it lies."""
        item = SpheresCard(rect, cid, role, detail=cid is not None and rect.width() >= 100)
        item.about = f"card {i + 1} of {size}" + (f", {item.about}" if item.about else "")
        return item

    def _build_discard_overlay(self) -> None:
        n = len(self.view["discard"])
        title = discard_list_title(n)
        browser = self.discard_pile.open_browser(QRectF(200, 120, 1200, 620), title).named("pile/discard/list", title)
        self.buttons.append(browser.close_button)


# --- the Dawn's sacrifices, once shown -------------------------------------------------------------
CARD_WIDTHS = (136.0, 120.0, 104.0, 92.0, 80.0)  # a shown card standing, its name on it, as large as fits
TILE_WIDTHS = (220.0, 200.0, 180.0, 160.0, 140.0, 124.0)  # else lying as a tile, its name beside its picture
FACE_WIDTHS = (64.0, 52.0, 44.0, 36.0, 30.0, 24.0)  # else a small face (its name in the enlarged card)
CARD_ASPECT = 1.4  # a standing card's height / width
WORTH_PX = 26.0  # a worth's size
GAP = 8.0  # between two framed groups
PAD = 14.0  # beside a card shown: room for the outline of a card lit (a lesson's, the hint's), over no words
TOP = 8.0  # above it (and below it, without who laid it): its outline may cross the frame
CAPTION = 21.0  # who laid a card, under it


@dataclass(frozen=True)
class Counted:
    """Cards the Dawn counts as one: a species of noble animals (a set), one other card, or a hero
    added; each card with the player who laid it, and what they are worth together."""

    cards: tuple[tuple[str, int], ...]
    worth: int
    hero: bool = False


def dawn_groups(sacrificed: list[list[str] | None], order: list[int], each: bool,
            heroes: tuple[tuple[str, int], ...] = ()) -> list[Counted]:
    """The sacrifices as the Dawn counts them (:func:`~.dawn.dawn_points`), in the order laid from
    the holder of the phase cards: the noble animals of a species together (``each``: of a species
    and a player), every corrupted animal and ability card on its own; then the heroes added
    (``heroes``: each with its owner).  Their worths add up to the Dawn's total."""
    groups: dict[Any, list[tuple[str, int]]] = {}
    for p in order:
        for c in sacrificed[p] or []:
            k = kind_of()[c]
            key = ("set", p if each else None, k) if kind_types()[k] == NOBLE else ("one", c)
            groups.setdefault(key, []).append((c, p))
    out = [Counted(tuple(cs), dawn_points([c for c, _ in cs])) for cs in groups.values()]
    return out + [Counted(((h, p),), HERO_POINTS, True) for h, p in heroes]


class CountedCards:
    """Lays :func:`dawn_groups` out on a table (``table``: its scene, names and items;
    ``label``: the layout's way of adding a label) in ``colour`` (the Dawn's), ``muted`` for who
    laid each card; keeps each shown card's worth label by the card's name (``worths``)."""

    def __init__(self, table: Any, label: Any, colour: QColor, muted: QColor) -> None:
        self.table, self.label, self.colour, self.muted = table, label, colour, muted
        self.worths: dict[str, LabelItem] = {}

    def lay(self, pool: QRectF, groups: list[Counted]) -> None:
        """The groups in rows, as large as they fit in ``pool``: cards standing, else lying as
        tiles, each showing its name, and who laid it under it; else tiles without who laid them
        (a screen reader and the enlarged card say it); else small faces."""
        if not groups:
            return
        ww = max(text_width(worth_words(g.worth), font(WORTH_PX, True)) for g in groups) + 12
        tries = [(False, w, w * CARD_ASPECT, True, name_shows) for w in CARD_WIDTHS]
        tries += [(True, w, w * aspect, by, tile_shows) for by in (True, False) for aspect in TILE_ASPECTS
                  for w in TILE_WIDTHS]
        tries += [(False, w, w * CARD_ASPECT, False, None) for w in FACE_WIDTHS]
        for tile, w, h, by, named in tries:
            if named is not None and not all(named(c, w, h) for g in groups for c, _ in g.cards):
                continue
            places = self._rows(pool, groups, w, h, ww, by)
            if places is not None:
                break
        else:  # (too many to fit: the smallest faces, rows running on below)
            places = self._rows(QRectF(pool.x(), pool.y(), pool.width(), 1e6), groups, w, h, ww, by) or []
        for g, frame in zip(groups, places):
            self._lay_group(g, frame, tile, w, h, ww, by)

    @staticmethod
    def _size(g: Counted, w: float, h: float, ww: float, by: bool) -> tuple[float, float]:
        """A group's frame: its cards (``PAD`` apart: a lit card's outline covers no other's
        nor the worth), its worth, and who laid each card (``by``) under them."""
        k = len(g.cards)
        return PAD + k * w + (k - 1) * PAD + PAD + ww + 6, TOP + h + (PAD + CAPTION if by else TOP)

    def _rows(self, pool: QRectF, groups: list[Counted], w: float, h: float, ww: float,
              by: bool) -> list[QRectF] | None:
        """Where each group's frame lies, left to right and row by row (None: they do not fit)."""
        out: list[QRectF] = []
        x, y = pool.x(), pool.y()
        for g in groups:
            gw, gh = self._size(g, w, h, ww, by)
            if gw > pool.width():
                return None
            if x > pool.x() and x + gw > pool.right():
                x, y = pool.x(), y + gh + GAP
            if y + gh > pool.bottom():
                return None
            out.append(QRectF(x, y, gw, gh))
            x += gw + GAP
        return out

    def _lay_group(self, g: Counted, frame: QRectF, tile: bool, w: float, h: float, ww: float, by: bool) -> None:
        """A group's frame, its cards side by side with who laid each under it (``by``), its worth
        at its right."""
        self.table.addItem(DecorItem(frame, frame_painter(self.colour), ("dawn-counted", self.colour.rgba())))
        worth = self.label(QRectF(frame.right() - ww - 6, frame.y() + TOP, ww, h), worth_words(g.worth), WORTH_PX,
                           self.colour, True, Qt.AlignCenter)
        worth.whole = True
        f = font(MIN_TEXT_PX)
        for i, (c, p) in enumerate(g.cards):
            r = QRectF(frame.x() + PAD + i * (w + PAD), frame.y() + TOP, w, h)
            item = SpheresCard(r, c, "sacrifice", tile=tile)
            item.address = f"dawn/hero/{c}" if g.hero else f"card/{c}"
            item.about = (f"{'added' if g.hero else 'sacrificed'} by {self.table.name(p)}, "
                          f"{worth_about(g.worth, len(g.cards), g.hero)}, {card_about(c)}")
            self.table.addItem(item)
            self.worths[item.address] = worth
            who = "by you" if self.table.addressed(p) else f"by {self.table.name(p)}"
            if by and fits(who, f, w + PAD):
                self.label(QRectF(r.x() - PAD / 2, r.bottom() + PAD - 3, w + PAD, CAPTION), who, 17, self.muted,
                           False, Qt.AlignHCenter | Qt.AlignTop).whole = True


def frame_painter(colour: QColor):
    """A counted set's (or card's) frame: a thin line of the Dawn's colour."""
    def paint(p: QPainter, r: QRectF) -> list[str]:
        p.setPen(QPen(colour, 1.5))
        p.setBrush(Qt.NoBrush)
        p.drawRoundedRect(r, 8, 8)
        return []
    return paint
