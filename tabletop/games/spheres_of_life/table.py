"""The Spheres of Life table: a QGraphicsScene that draws one seat's view.

Layout (logical 1600 x 900 scene units):

* top band: the other players, each in a panel -- name, heroes (used ones turned over), the
  hand as card backs in order (a back whose card the seat knows carries its name), banked sets
  and the public part of the score;
* middle band: the phase (Day / Night / Dream / LAST DREAM, unmistakable), who holds the phase
  cards and whose turn it is, the deck and the open discard pile (click it to browse), the open
  cards of the Day or the Night, what is being declared or resolved, and the prompt: a button
  for every choice the seated player has now;
* bottom: the seated player's heroes, banked sets and hand, face up, in order -- drag a card to
  rearrange the hand.

Choosing: a card of the hand is clicked first when the choice is about one of its cards (give,
exchange, discard, lose), then a button says what to do with it; everything else is a button
(or a click on a card of the table).  The table reads only the view it is given and acts only by
emitting ``action_chosen``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPen, QRadialGradient

from tabletop.client.table_base import SCENE_RECT, TableScene
from tabletop.client.table_items import (
    TEXT_LIGHT,
    TEXT_MUTED,
    ButtonItem,
    DecorItem,
    LabelItem,
    PanelItem,
    TableItem,
    draw_cloth,
    draw_shadow,
    draw_text,
    fly,
    font,
    framed,
    wrap_lines,
)
from tabletop.engine.actions import Action

from .art import draw_art
from .cards import card, kind_names, kind_types
from .rules import DAY, DREAM, OVER, SETUP
from .steps import Step

TYPE_COLOURS = {
    "noble": (QColor("#f3e3b3"), QColor("#2e6b2e")),
    "corrupted": (QColor("#e7d0e4"), QColor("#6a1b4d")),
    "ability": (QColor("#d8e6f7"), QColor("#1e4f8a")),
    "hero": (QColor("#e6e6ea"), QColor("#4d4d63")),
}
PHASE_COLOURS = {"day": QColor("#f2c94c"), "night": QColor("#5b6fd6"), "dream": QColor("#b26de0"),
                 "over": QColor("#c8c8c8"), "setup": QColor("#9ccf8f")}
HAND_KINDS = ("gift", "exchange", "discard", "lose")  # choices about a card of the hand


def action_label(a: Action, names: list[str], view: dict[str, Any]) -> str:
    """The words on a prompt button."""
    k = a.kind
    if k == "pass":
        return "Let it pass" if view["step"] == Step.BLOCK else "Pass"
    if k == "done":
        return "Done"
    if k == "skip":
        return "Bank nothing"
    if k == "decline":
        return "Decline"
    if k == "bank":
        return f"Bank three {kind_names()[a['species']]}"
    if k == "steal":
        return f"Steal from {names[a['target']]}"
    if k == "gift":
        return f"Give it to {names[a['to']]}"
    if k == "exchange":
        return kind_names()[a["want"]]
    if k == "lose":
        return "Discard it" if a["to"] < 0 else f"Give it to {names[a['to']]}"
    if k == "discard":
        return "Discard it"
    if k == "hero":
        return f"Choose the {card(a['card']).name}"
    if k == "use":
        c = card(a["card"])
        if c.kind == "windmaster":
            return f"Windmaster: start a {a['phase'].capitalize()}"
        if c.kind == "paladin":
            return f"Paladin: name {kind_names()[a['species']]}"
        target = a.get("target")
        return f"{'Use' if c.type == 'hero' else 'Play'} {c.name}" + (f" on {names[target]}" if target is not None else "")
    if k == "block":
        return "Block with Apple of Life"
    if k == "partner":
        return f"Exchange with {names[a['seat']]}"
    if k == "accept":
        return f"Accept: give {card(a['card']).name}"
    if k == "pick":
        return f"Take {card(a['card']).name}"
    if k == "take":
        return f"Take {card(a['card']).name}"
    if k == "order":
        return f"Next in order: {card(a['card']).name}"
    if k == "position":
        return f"Card {a['index'] + 1} from the left"
    return str(a)


# --- items ------------------------------------------------------------------------------------
class SpheresCard(TableItem):
    """A card face (``card_id``) or a back (``None``), with an optional label on the back."""

    def __init__(self, rect: QRectF, card_id: str | None, role: str | None = None, back_label: str = "",
                 detail: bool = False) -> None:
        super().__init__(rect, role)
        self.card_id = card_id
        self.back_label = back_label
        self.detail = detail
        if card_id is not None:
            c = card(card_id)
            tip = f"{c.name} — {c.text}"
            if c.playable:
                tip += f"\nPlayable: {c.playable}"
            if c.own_design:
                tip += "\n◆ tabletop design"
            self.setToolTip(tip)
        elif back_label:
            self.setToolTip(f"A card you know: {back_label}")
        else:
            self.setToolTip("A hidden card")

    def radius(self) -> float:
        return min(8.0, self._size.width() * 0.08)

    def sprite_key(self) -> tuple | None:
        return (self.card_id, self.back_label, self.detail, self._size.width(), self._size.height())

    def paint_body(self, p: QPainter) -> None:
        r = self._size
        rad = self.radius()
        draw_shadow(p, r, rad, 50)
        if self.card_id is None:
            g = QLinearGradient(r.topLeft(), r.bottomRight())
            g.setColorAt(0, QColor("#3b2f5c"))
            g.setColorAt(1, QColor("#1d1733"))
            p.setPen(QPen(QColor("#c9b8ff"), 1.2))
            p.setBrush(g)
            p.drawRoundedRect(r, rad, rad)
            if not draw_art(p, "back", r.adjusted(3, 3, -3, -3)):
                p.setPen(QPen(QColor(201, 184, 255, 120), 1.5))
                p.setBrush(Qt.NoBrush)
                d = min(r.width(), r.height()) * 0.42
                p.drawEllipse(r.center(), d / 2, d / 2)
            if self.back_label:
                p.setPen(Qt.NoPen)
                p.setBrush(QColor(20, 14, 40, 200))
                p.drawRect(QRectF(r.x() + 1, r.bottom() - 17, r.width() - 2, 16))
                lr = QRectF(r.x() + 2, r.bottom() - 16, r.width() - 4, 14)
                draw_text(p, lr, self.back_label, font(9, True), QColor("#ffe58a"), Qt.AlignCenter)
                self._texts.append(self.back_label)
            return
        c = card(self.card_id)
        paper, ink = TYPE_COLOURS[c.type]
        p.setPen(QPen(ink, 2))
        p.setBrush(paper)
        p.drawRoundedRect(r, rad, rad)
        band = QRectF(r.x(), r.y(), r.width(), max(16.0, r.height() * 0.16))
        p.setPen(Qt.NoPen)
        p.setBrush(ink)
        p.drawRoundedRect(band, rad, rad)
        p.drawRect(QRectF(band.x(), band.y() + band.height() / 2, band.width(), band.height() / 2))
        kind_word = {"noble": "Noble", "corrupted": "Corrupted", "ability": "Ability", "hero": "Hero"}[c.type]
        draw_text(p, band.adjusted(6, 0, -6, 0), kind_word, font(max(9.0, band.height() * 0.55), True),
                  QColor("#ffffff"), Qt.AlignLeft | Qt.AlignVCenter)
        name = c.name.replace("Noble ", "").replace("Corrupted ", "")
        px = max(10.0, min(17.0, r.width() * 0.14))
        lines = wrap_lines(name, font(px, True), r.width() - 10, 2)
        y = band.bottom() + 4
        for line in lines:
            draw_text(p, QRectF(r.x() + 5, y, r.width() - 10, px * 1.25), line, font(px, True), ink,
                      Qt.AlignLeft | Qt.AlignVCenter)
            y += px * 1.25
        self._texts.append(c.name)
        # the text (on a card large enough): what an ability does in full, an animal's in short
        bottom = r.bottom() - 5
        if self.detail:
            share = 0.40 if c.type in ("ability", "hero") else 0.2
            text_lines = wrap_lines(c.text, font(9.5), r.width() - 10, max(2, int((r.height() * share) // 12)))
            bottom = r.bottom() - 6 - len(text_lines) * 12
            for i, line in enumerate(text_lines):
                draw_text(p, QRectF(r.x() + 5, bottom + 2 + i * 12, r.width() - 10, 12), line, font(9.5),
                          QColor("#33302a"), Qt.AlignLeft | Qt.AlignVCenter)
        # the illustration, in the room left between the name and the text
        art_r = QRectF(r.x() + 4, y + 1, r.width() - 8, bottom - y - 3)
        if art_r.height() >= 12 and draw_art(p, c.kind, art_r):
            return
        # no illustration: an emblem, a sphere for abilities and noble animals, a square for corrupted ones
        cx, cy = art_r.center().x(), art_r.center().y()
        d = min(r.width(), r.height()) * (0.14 if self.detail else 0.22)
        grad = QRadialGradient(QPointF(cx - d * 0.2, cy - d * 0.2), d)
        grad.setColorAt(0, QColor("#ffffff"))
        grad.setColorAt(1, ink)
        p.setBrush(grad)
        p.setPen(QPen(ink, 1))
        if c.type == "corrupted":
            p.drawRect(QRectF(cx - d / 2, cy - d / 2, d, d))
        else:
            p.drawEllipse(QPointF(cx, cy), d / 2, d / 2)


# --- the scene --------------------------------------------------------------------------------
class SpheresTable(TableScene):
    """The Spheres of Life table (see the module docstring for the layout)."""

    def __init__(self, game: Any, names: list[str], parent: Any = None) -> None:
        super().__init__(game, names, parent)
        self.view: dict[str, Any] | None = None
        self.legal: list[Action] = []
        self.selected: str | None = None  # a card of the hand chosen first
        self.menu: tuple[str, str] | None = None  # (kind, card): the choices of one card on show
        self.discard_open = False
        self._buttons: list[ButtonItem] = []
        self._hand: list[SpheresCard] = []
        self._backs: dict[tuple[int, int], SpheresCard] = {}
        self._panels: dict[int, PanelItem] = {}
        self._table_cards: dict[str, SpheresCard] = {}
        self._discard: SpheresCard | None = None
        self._focus_index: int | None = None
        self._drag: SpheresCard | None = None
        self._pending: tuple[dict[str, Any], list[Action], Action | None] | None = None  # a view held back while dragging
        self._anims: list[Any] = []
        self._press: tuple[Any, QPointF] | None = None
        self._hinted: list[TableItem] = []

    # --- helpers -------------------------------------------------------------------------------
    def name(self, p: int) -> str:
        return self.names[p] if p < len(self.names) and self.names[p] else f"Player {p + 1}"

    @property
    def seat(self) -> int | None:
        return None if self.view is None else self.view["seat"]

    @property
    def me(self) -> int:
        return 0 if self.seat is None else self.seat

    def _my_cards(self) -> list[str]:
        if self.view is None or self.seat is None:
            return []
        return list(self.view["hands"][self.seat]["cards"] or [])

    # --- TableScene API ------------------------------------------------------------------------
    def show_view(self, view: dict[str, Any], legal: list[Action], last_action: Action | None = None) -> None:
        if self._drag is not None:
            # the player is moving a card: the new view waits until they let it go
            self._pending = (view, legal, last_action)
            return
        old = self.view if self.view is not None and self.view.get("seat") == view.get("seat") else None
        before = self._card_places() if old is not None else {}
        self.view = view
        self.legal = list(legal)
        self.selected = None
        self.menu = None
        self.discard_open = False
        self._focus_index = None
        self._rebuild()
        if self.animations and old is not None and last_action is not None:
            self._animate_moves(old, before)

    def _card_places(self) -> dict[Any, QRectF]:
        """Where each face-up card is drawn now (by id), and the spots where cards land."""
        places: dict[Any, QRectF] = {c: it.card_scene_rect() for c, it in self._table_cards.items()}
        places.update((h.card_id, h.card_scene_rect()) for h in self._hand)
        places.update(self._spots)
        return places

    def _animate_moves(self, old: dict[str, Any], before: dict[Any, QRectF]) -> None:
        """Every card that moved between the previous view and this one travels (250 ms):
        faces where the seat may see them, backs otherwise.  The moves are read from the two
        views alone -- open cards, the discard pile, the seat's hand and the others' hand
        sizes -- so an animation shows nothing the view does not."""
        new = self.view
        seat = self.seat
        others = [p for p in range(new["players"]) if p != seat]
        size = {p: (old["hands"][p]["size"], new["hands"][p]["size"]) for p in others}
        gains = {p: max(0, b - a) for p, (a, b) in size.items()}
        losses = {p: max(0, a - b) for p, (a, b) in size.items()}

        def take(counts: dict[int, int]) -> int | None:
            p = next((q for q in others if counts[q] > 0), None)
            if p is not None:
                counts[p] -= 1
            return p

        mine_old = set(old["hands"][seat]["cards"] or []) if seat is not None else set()
        mine_new = {h.card_id for h in self._hand}
        old_discard = set(old["discard"])
        discarded = [c for c in new["discard"] if c not in old_discard]
        flights: list[tuple[str | None, QRectF, QRectF, Any]] = []  # card (None: a back), from, to, the item landing
        for c in discarded:
            p = None if c in before else take(losses)
            start = before.get(c, before.get(("hand", p), before.get("deck")))
            flights.append((c, start, self._spots.get("discard"), self._discard if c == new["discard"][-1] else None))
        for c in (set(old["table"]) | mine_old) - set(new["table"]) - mine_new - set(discarded):
            p = take(gains)  # an open card picked, or one of the seat's cards given or taken
            if p is not None:
                flights.append((c, before.get(c), self._spots.get(("hand", p)), self._backs.get((p, size[p][1] - 1))))
        for c in new["table"]:
            if c not in old["table"] and c in self._table_cards:  # open cards dealt from the deck
                flights.append((c, before.get("deck"), self._table_cards[c].card_scene_rect(), self._table_cards[c]))
        for item in self._hand:  # cards new in the seat's hand
            if item.card_id not in mine_old and item.card_id not in before:
                p = take(losses)  # taken from another hand, else drawn
                start = before.get(("hand", p)) if p is not None else before.get("deck")
                flights.append((item.card_id, start, item.card_scene_rect(), item))
            elif item.card_id not in mine_old:
                flights.append((item.card_id, before[item.card_id], item.card_scene_rect(), item))
        for p in others:  # the others' new cards seen from behind: from another hand, else the deck
            while gains[p] > 0:
                gains[p] -= 1
                q = take(losses)
                start = before.get(("hand", q)) if q is not None else before.get("deck")
                flights.append((None, start, self._spots.get(("hand", p)), None))
        for c, start, end, dest in flights[:16]:
            if start is not None and end is not None:
                fly(self, SpheresCard(start, c, None), start, end, self._anims, 250, dest)

    def show_nothing(self) -> None:
        self._drag, self._press, self._pending = None, None, None
        for anim in self._anims:
            anim.stop()
        self._anims = []
        self.clear()
        self._reset_refs()
        self.view = None
        self.legal = []
        self.selected = None

    def show_hint(self, action: Action) -> None:
        if self.view is None:
            return
        if action.kind == "exchange":
            self.menu = ("exchange", action["card"])
            self._rebuild()
        elif action.kind in HAND_KINDS and action.get("card") in self._my_cards():
            self.selected = action["card"]
            self._rebuild()
        elif action.kind == "use" and self.button_for(action) is None:
            self.menu = ("use", action["card"])
            self._rebuild()
        for b in self._buttons:
            if b.action == action:
                b.hinted = True
                b.hint_phase = 0.25
                b.update()
        self.status.emit(f"Hint: {action_label(action, self._names(), self.view)}.")

    # --- test-facing API -----------------------------------------------------------------------
    def choice_items(self) -> list[ButtonItem]:
        return [b for b in self._buttons if b.action is not None]

    def button_for(self, action: Action) -> ButtonItem | None:
        return next((b for b in self._buttons if b.action == action), None)

    def hand_item(self, i: int) -> SpheresCard:
        return self._hand[i]

    def hand_card_item(self, card_id: str) -> SpheresCard:
        return next(h for h in self._hand if h.card_id == card_id)

    def opponent_item(self, p: int) -> PanelItem:
        return self._panels[p]

    def back_item(self, p: int, i: int) -> SpheresCard:
        return self._backs[(p, i)]

    def table_card_item(self, card_id: str) -> SpheresCard:
        return self._table_cards[card_id]

    def discard_item(self) -> SpheresCard | None:
        return self._discard

    def focusable_items(self) -> list[TableItem]:
        if self.discard_open:
            return [b for b in self._buttons if b.kind == "cancel"]
        items: list[TableItem] = [h for h in self._hand if self._hand_choosable(h.card_id)]
        items += [c for c in self._table_cards.values() if self._table_action(c.card_id) is not None]
        items += [back for (p, i), back in sorted(self._backs.items()) if back.highlighted]
        items += [b for b in self._buttons]
        return items

    def item_words(self, item: Any) -> list[str]:
        out: list[str] = []
        if isinstance(item, SpheresCard):  # what it shows, painted yet or not
            if item.card_id is not None:
                out += [item.card_id, card(item.card_id).name]
            if item.back_label:
                out.append(item.back_label)
        return out

    # --- building ------------------------------------------------------------------------------
    def _names(self) -> list[str]:
        return [self.name(p) for p in range(self.view["players"])]

    def _reset_refs(self) -> None:
        self._buttons, self._hand, self._backs, self._panels, self._table_cards = [], [], {}, {}, {}
        self._discard = None
        self._spots: dict[Any, QRectF] = {}  # where a card lands: "deck", "discard", ("hand", p)
        self._hinted = []

    def _rebuild(self) -> None:
        for anim in self._anims:  # (their items are about to go)
            anim.stop()
        self._anims = []
        self.clear()
        self._reset_refs()
        if self.view is None:
            return
        v = self.view
        n = v["players"]
        me = self.me
        others = [(me + k) % n for k in range(1, n)]
        gap = 10.0
        w = (1576 - gap * (len(others) - 1)) / max(1, len(others))
        for k, p in enumerate(others):
            self._build_opponent(p, QRectF(12 + k * (w + gap), 10, w, 250))
        self._build_middle(QRectF(12, 270, 1576, 300))
        self._build_mine(QRectF(12, 580, 1576, 310))
        if self.discard_open:
            self._build_discard_overlay()
        self._refresh_marks()

    def _label(self, rect: QRectF, text: str, px: float, colour: QColor = TEXT_LIGHT, bold: bool = False,
               align: int = Qt.AlignLeft | Qt.AlignTop, lines: int = 1) -> LabelItem:
        item = LabelItem(rect, text, px, colour, bold, align, lines)
        self.addItem(item)
        return item

    def _deciding(self, p: int) -> bool:
        return self.view["decider"] == p

    def _heroes(self, p: int, x: float, y: float, h: float) -> float:
        v = self.view
        for hero in v["heroes"][p]:
            used = hero in v["used"]
            r = QRectF(x, y, 150, h)
            item = DecorItem(r, self._hero_painter(hero, used))
            item.setToolTip(f"{card(hero).name}{' (used)' if used else ''}: {card(hero).text}")
            self.addItem(item)
            x += 156
        return x

    @staticmethod
    def _hero_painter(hero: str, used: bool):
        def paint(p: QPainter, r: QRectF) -> list[str]:
            paper, ink = TYPE_COLOURS["hero"]
            p.setPen(QPen(ink, 1.5))
            p.setBrush(QColor("#5a5a6a") if used else paper)
            p.drawRoundedRect(r, 6, 6)
            text = f"{card(hero).name}{' — used' if used else ''}"
            draw_text(p, r.adjusted(6, 0, -6, 0), text, font(12, True), QColor("#d0d0d8") if used else ink, Qt.AlignCenter)
            return [text]
        return paint

    def _build_opponent(self, p: int, r: QRectF) -> None:
        v = self.view
        panel = PanelItem(r, p, self._deciding(p))
        self.addItem(panel)
        self._panels[p] = panel
        title = self.name(p) + ("  ◆ phase cards" if v["leader"] == p else "")
        self._label(QRectF(r.x() + 10, r.y() + 6, r.width() - 20, 20), title, 15, TEXT_LIGHT, True)
        if self._deciding(p):
            self._label(QRectF(r.x() + 10, r.y() + 26, r.width() - 20, 16), "● deciding…", 12, QColor("#ffe58a"), True)
        elif v["turn"] == p and v["phase"] != OVER:
            self._label(QRectF(r.x() + 10, r.y() + 26, r.width() - 20, 16), "▶ their turn", 12, QColor("#bfe8ff"))
        self._heroes(p, r.x() + 10, r.y() + 46, 24)
        hand = v["hands"][p]
        self._label(QRectF(r.x() + 10, r.y() + 78, r.width() - 20, 16), f"Hand: {hand['size']} cards", 12, TEXT_MUTED)
        known = list(hand["known"])
        exact = hand["cards"]
        size = hand["size"]
        bw = min(44.0, (r.width() - 24) / max(1, size) - 3)
        self._spots[("hand", p)] = QRectF(r.x() + 10 + max(0, size - 1) * (bw + 3), r.y() + 98, max(bw, 30.0), 62)
        for i in range(size):
            label = ""
            if exact is not None:
                label = kind_names()[card(exact[i]).kind].split()[-1]
            back = SpheresCard(QRectF(r.x() + 10 + i * (bw + 3), r.y() + 98, bw, 62), None, "back", label)
            self.addItem(back)
            self._backs[(p, i)] = back
        if known and exact is None:
            text = "You know: " + ", ".join(card(c).name for c in known)
            lab = self._label(QRectF(r.x() + 10, r.y() + 164, r.width() - 20, 32), text, 11, QColor("#ffe58a"), lines=2)
            lab.setToolTip("Cards you know to be in this hand (their places are unknown):\n"
                           + "\n".join(card(c).name for c in known))
        elif exact is not None:
            self._label(QRectF(r.x() + 10, r.y() + 164, r.width() - 20, 16), "You know this hand's order.", 11,
                        QColor("#ffe58a"))
        banked = v["banked"][p]
        btext = "Banked: " + (", ".join(kind_names()[k] for k in banked) if banked else "none")
        self._label(QRectF(r.x() + 10, r.y() + 198, r.width() - 20, 30), btext, 11.5, TEXT_MUTED, lines=2)
        score = v["scores"][p] if v.get("scores") else None
        if score is not None:
            known_pts = sum(x["points"] for x in score["parts"] if x["points"] is not None)
            total = score["total"]
            text = f"Score {total}" if total is not None else f"Public points {known_pts:+d} (+ hand)"
            self._label(QRectF(r.x() + 10, r.bottom() - 20, r.width() - 20, 16), text, 11.5, TEXT_LIGHT)

    def _build_middle(self, r: QRectF) -> None:
        v = self.view
        phase = v["phase"]
        # the phase board: the phase, who holds the phase cards, whose turn, the piles
        pr = QRectF(r.x(), r.y(), 300, r.height())
        colour = QColor("#ff8f6b") if v["last_dream"] else PHASE_COLOURS.get(phase, TEXT_LIGHT)
        title = "LAST DREAM" if v["last_dream"] and phase != OVER else {
            "setup": "Heroes", "day": "Day", "night": "Night", "dream": "Dream", "over": "Game over"}[phase]

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

        self.addItem(DecorItem(pr, board))
        self._label(QRectF(pr.x() + 14, pr.y() + 8, pr.width() - 28, 48), title, 36 if len(title) < 9 else 31,
                    colour, True, Qt.AlignLeft | Qt.AlignVCenter)
        lines = [f"◆ Phase cards: {self.name(v['leader'])}"]
        if v["turn"] is not None and phase != OVER:
            lines.append(f"▶ Turn: {'you' if v['turn'] == self.seat else self.name(v['turn'])}")
        if self.game_rounds() > 1:
            lines.append(f"Match round {v.get('match_round', 1)} of {self.game_rounds()}")
        for i, line in enumerate(lines):
            self._label(QRectF(pr.x() + 14, pr.y() + 66 + i * 22, pr.width() - 28, 20), line, 14, TEXT_LIGHT)
        # the main deck and the open discard pile
        deck_r = QRectF(pr.x() + 22, pr.bottom() - 122, 72, 100)
        self._spots["deck"] = deck_r
        if v["deck"]:
            for k in range(min(3, v["deck"] // 10 + 1), 0, -1):
                shadow = SpheresCard(deck_r.translated(k * 2.5, -k * 2.5), None, "deck")
                self.addItem(shadow)
            deck = SpheresCard(deck_r, None, "deck")
            deck.setToolTip(f"Main deck: {v['deck']} cards")
            self.addItem(deck)
        else:
            self._label(deck_r, "deck empty", 12, TEXT_MUTED, align=Qt.AlignCenter, lines=2)
        self._label(QRectF(deck_r.x() - 10, deck_r.bottom() + 2, deck_r.width() + 20, 18), f"Deck {v['deck']}", 13,
                    TEXT_LIGHT, True, Qt.AlignHCenter | Qt.AlignTop)
        dr = QRectF(pr.x() + 170, pr.bottom() - 122, 72, 100)
        self._spots["discard"] = dr
        top = v["discard"][-1] if v["discard"] else None
        if top is None:
            self._label(dr, "discard pile empty", 12, TEXT_MUTED, align=Qt.AlignCenter, lines=2)
        else:
            self._discard = SpheresCard(dr, top, "discard")
            self._discard.setToolTip(f"Discard pile: {len(v['discard'])} cards, the top one {card(top).name} "
                                     "— click to see them all")
            self._discard.setCursor(Qt.PointingHandCursor)
            self.addItem(self._discard)
        self._label(QRectF(dr.x() - 30, dr.bottom() + 2, dr.width() + 60, 18), f"Discard {len(v['discard'])} (click)",
                    13, TEXT_LIGHT, True, Qt.AlignHCenter | Qt.AlignTop)
        # the middle: what is happening, and the open cards of the Day or the Night (or the heroes)
        cr = QRectF(pr.right() + 12, r.y(), 640, r.height())
        self.addItem(DecorItem(cr, framed(QColor(255, 255, 255, 40), 1, QColor(0, 0, 0, 60), 12), "middle-board"))
        setup = phase == SETUP
        cards = v["table"]
        if setup:
            kinds: dict[str, str] = {}
            for h in v["hero_pool"]:
                kinds.setdefault(card(h).kind, h)
            cards = list(kinds.values())
        heading = "Heroes to choose" if setup else (
            f"Open cards of the {'Day' if phase == DAY else 'Night'} ({len(cards)})" if cards else "What is happening")
        if v["step"] == Step.BLOCK:
            heading = "BLOCK WINDOW — does anyone block it?"
        elif v["step"] == Step.ACCEPT:
            heading = "AN EXCHANGE IS OFFERED"
        self._label(QRectF(cr.x() + 12, cr.y() + 8, cr.width() - 24, 20), heading, 14, TEXT_LIGHT, True)
        happening = self._chain_text().split("\n")
        if cards:
            self._label(QRectF(cr.x() + 12, cr.y() + 30, cr.width() - 24, 36), "  ·  ".join(happening), 13,
                        QColor("#ffe58a"), lines=2)
            self._lay_cards(QRectF(cr.x() + 12, cr.y() + 70, cr.width() - 24, cr.height() - 78), cards, setup)
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
        # the prompt
        qr = QRectF(cr.right() + 12, r.y(), r.right() - cr.right() - 12, r.height())
        self.addItem(DecorItem(qr, framed(QColor(255, 229, 138, 120), 1.5, QColor(30, 24, 10, 120), 12), "prompt-board"))
        self._build_prompt(qr)

    def _lay_cards(self, area: QRectF, cards: list[str], detail: bool) -> None:
        """The open cards in one or two rows, as large as they fit."""
        n = len(cards)
        gap = 6.0
        best = None
        for rows in (1, 2):
            cols = -(-n // rows)
            cw = min(150.0 if detail else 104.0, (area.width() - gap * (cols - 1)) / cols)
            ch = (area.height() - gap * (rows - 1)) / rows
            cw = min(cw, ch / 1.42)
            if best is None or cw > best[1] + 0.5:
                best = (rows, cw, cols)
        rows, cw, cols = best
        ch = cw * 1.42
        for i, c in enumerate(cards):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            x0 = area.x() + (area.width() - (in_row * cw + (in_row - 1) * gap)) / 2
            item = SpheresCard(QRectF(x0 + col * (cw + gap), area.y() + row * (ch + gap), cw, ch), c, "table",
                               detail=detail or cw >= 96)
            self.addItem(item)
            self._table_cards[c] = item

    def game_rounds(self) -> int:
        return int((self.view or {}).get("options", {}).get("rounds", 1))

    def _happening(self) -> str:
        v = self.view
        step, d = v["step"], v["decider"]
        who = self.name(d) if d is not None and d >= 0 else ""
        you = self.seat is not None and d == self.seat
        if v["phase"] == OVER:
            return "The game is over."
        subject = "You" if you else who
        return f"{subject}: {_STEP_WORDS.get(step, step)}."

    def _chain_text(self) -> str:
        """What is happening, in sentences: the declared items and their blocks, then the effect
        being resolved, then who is deciding what."""
        v = self.view
        names = self._names()
        lines = []
        for k, item in enumerate(v["chain"]):
            who = self.name(item["who"])
            if item["kind"] == "block":
                lines.append(f"{'↳ ' * min(k, 3)}{who} blocks it with an Apple of Life")
            elif item["kind"] == "ability":
                target = (item.get("action") or {}).get("target")
                lines.append(f"{who} plays {card(item['card']).name}" + (f" on {self.name(target)}" if target is not None else ""))
            else:
                a = Action.from_json(item["action"])
                if a.kind == "exchange":
                    label = f"an exchange of {card(a['card']).name} for a {kind_names()[a['want']]}"
                elif a.kind == "gift":
                    label = f"a gift to {self.name(a['to'])}"
                else:
                    label = action_label(a, names, v)
                    label = label[:1].lower() + label[1:]
                lines.append(f"{who} declares: {label}")
        e = v["effect"]
        step = v["step"]
        if e.get("card") and e.get("want") and step in (Step.ACCEPT, Step.FALLBACK, Step.PARTNER):
            lines.append(f"{self.name(e['who'])} offers {card(e['card']).name} and wants {kind_names()[e['want']]} in return")
            if e.get("accepted"):
                lines.append("Accepted by " + ", ".join(self.name(o) for o, _ in e["accepted"]))
        elif e.get("card") and e.get("who") is not None and step not in (Step.BLOCK,):
            c = card(e["card"])
            if c.type in ("ability", "hero"):
                tgt = e.get("target")
                lines.append(f"Resolving {c.name} of {self.name(e['who'])}" + (f" on {self.name(tgt)}" if tgt is not None else ""))
        elif step == Step.STEAL_POS and e.get("target") is not None:
            lines.append(f"{self.name(e['who'])} steals from {self.name(e['target'])}")
        lines.append(self._happening())
        return "\n".join(lines)

    def _build_prompt(self, r: QRectF) -> None:
        v = self.view
        self._label(QRectF(r.x() + 12, r.y() + 8, r.width() - 24, 40), self._prompt_title(), 14,
                    QColor("#ffe58a") if self.legal else TEXT_LIGHT, True, lines=2)
        if not self.legal:
            return
        choices = self._visible_choices()
        n = len(choices)
        bh = 30.0 if n <= 14 else 24.0
        rows_fit = max(1, int((r.height() - 60) // (bh + 6)))
        cols = max(1, -(-n // rows_fit))
        bw = (r.width() - 24 - 8 * (cols - 1)) / cols
        x0, y0 = r.x() + 12, r.y() + 52
        for i, (text, action, kind) in enumerate(choices):
            col, row = i // rows_fit if cols > 1 else 0, i % rows_fit if cols > 1 else i
            b = ButtonItem(QRectF(x0 + col * (bw + 8), y0 + row * (bh + 6), bw, bh), text, action, kind)
            self.addItem(b)
            self._buttons.append(b)

    def _prompt_title(self) -> str:
        v = self.view
        if not self.legal:
            d = v["decider"]
            if v["phase"] == OVER:
                return "Game over"
            return f"Waiting for {self.name(d)}…" if d is not None and d >= 0 else ""
        if self.menu is not None:
            kind, cid = self.menu
            c = card(cid)
            return f"{c.name}: choose the kind you want in exchange." if kind == "exchange" else f"{c.name}: choose."
        if self.selected:
            return f"{card(self.selected).name}: what do you do with it?"
        step = v["step"]
        limit = 6 if v["players"] == 2 else 2
        e = v["effect"]
        if step == Step.NIGHT_DISCARD:
            return f"Night: click up to {limit - e.get('discarded', 0)} more cards of your hand to discard them, then Done."
        if step == Step.NIGHT_TAKE:
            return "Night: click an open card to take it (one for each card you discarded), or Done."
        if step == Step.PRIO and v["phase"] != DREAM:
            return "Use your hero now, or pass."
        return "Your choice: " + _PROMPTS.get(step, "choose.")

    def _visible_choices(self) -> list[tuple[str, Action | None, str]]:
        """The buttons to show: (text, action -- or None for a menu or cancel --, kind).  Choices
        about a card of the hand come after clicking that card; a card or hero with several
        targets opens a small menu of them."""
        names = self._names()
        v = self.view
        out: list[tuple[str, Action | None, str]] = []
        if self.menu is not None:
            kind, cid = self.menu
            acts = [a for a in self.legal if a.kind == kind and a.get("card") == cid]
            if kind == "exchange":  # noble kinds first, then corrupted, then abilities
                order = {"noble": 0, "corrupted": 1, "ability": 2}
                acts.sort(key=lambda a: (order.get(kind_types()[a["want"]], 3), kind_names()[a["want"]]))
            out += [(action_label(a, names, v), a, "choice") for a in acts]
            out.append(("Cancel", None, "cancel"))
            return out
        if self.selected:
            mine = [a for a in self.legal if a.kind in HAND_KINDS and a.get("card") == self.selected]
            out += [(action_label(a, names, v), a, "choice") for a in mine if a.kind != "exchange"]
            if any(a.kind == "exchange" for a in mine):
                out.append(("Offer it in exchange…", None, "menu:exchange"))
            out.append(("Cancel", None, "cancel"))
            return out
        groups: dict[tuple[str, Any], list[Action]] = {}
        for a in self.legal:
            if a.kind in ("pick", "hero") and a["card"] in self._table_cards:
                continue  # the card itself is clicked
            if a.kind not in HAND_KINDS:
                groups.setdefault((a.kind, a.get("card") if a.kind == "use" else id(a)), []).append(a)
        for (kind, cid), acts in groups.items():
            if kind == "use" and len(acts) > 1:
                c = card(cid)
                verb = "Use" if c.type == "hero" else "Play"
                out.append((f"{verb} {c.name}…", None, f"menu:use:{cid}"))
            else:
                out += [(action_label(a, names, v), a, "choice") for a in acts]
        return out

    def _build_mine(self, r: QRectF) -> None:
        v = self.view
        me = self.me
        panel = PanelItem(r, me, self._deciding(me))
        self.addItem(panel)
        self._panels[me] = panel
        you = self.seat is not None
        title = f"{self.name(me)} (you)" if you else self.name(me)
        if v["leader"] == me:
            title += "  ◆ phase cards"
        self._label(QRectF(r.x() + 12, r.y() + 8, 420, 22), title, 17, TEXT_LIGHT, True)
        x = self._heroes(me, r.x() + 440, r.y() + 8, 26)
        banked = v["banked"][me]
        btext = "Banked: " + (", ".join(kind_names()[k] for k in banked) if banked else "none")
        self._label(QRectF(x + 10, r.y() + 10, r.right() - x - 20, 20), btext, 13, TEXT_MUTED)
        score = v["scores"][me] if v.get("scores") else None
        if score is not None and score["total"] is not None:
            parts = " · ".join(f"{p['label']} {p['points']:+d}" for p in score["parts"] if p["points"])
            self._label(QRectF(r.x() + 12, r.y() + 36, r.width() - 24, 18), f"Score {score['total']}   {parts}", 12.5,
                        TEXT_MUTED)
        cards = self._my_cards() if you else []
        if not you:
            hand = v["hands"][me]
            for i in range(hand["size"]):
                back = SpheresCard(QRectF(r.x() + 12 + i * 50, r.y() + 70, 46, 70), None, "back")
                self.addItem(back)
            return
        locked = v["locked"][me]
        if locked:
            self._label(QRectF(r.x() + 12, r.y() + 56, 600, 16), "Your hand's order is locked.", 12, QColor("#ffb4a0"))
        elif self._may_arrange() and len(cards) > 1:
            self._label(QRectF(r.x() + 12, r.y() + 56, 600, 16), f"Your hand ({len(cards)}) — drag a card to move it",
                        12, TEXT_MUTED)
        else:
            self._label(QRectF(r.x() + 12, r.y() + 56, 600, 16), f"Your hand ({len(cards)})", 12, TEXT_MUTED)
        count = len(cards)
        cw = min(128.0, (r.width() - 24) / max(1, count) - 6)
        ch = min(210.0, cw * 1.55)
        for i, c in enumerate(cards):
            item = SpheresCard(QRectF(r.x() + 12 + i * (cw + 6), r.y() + 76, cw, ch), c, "hand", detail=cw >= 100)
            self.addItem(item)
            self._hand.append(item)

    def _build_discard_overlay(self) -> None:
        v = self.view
        r = QRectF(200, 120, 1200, 620)

        overlay = DecorItem(r, framed(QColor("#ffe58a"), 2, QColor(12, 12, 20, 235), 14), "discard-board")
        overlay.setZValue(40)
        self.addItem(overlay)
        title = self._label(QRectF(r.x() + 20, r.y() + 12, r.width() - 40, 26),
                            f"Discard pile — {len(v['discard'])} cards, oldest first (click or Esc to close)", 17,
                            TEXT_LIGHT, True)
        title.setZValue(41)
        cols = 4
        for i, c in enumerate(v["discard"]):
            col, row = i % cols, i // cols
            item = self._label(QRectF(r.x() + 20 + col * 290, r.y() + 50 + row * 19, 280, 18), card(c).name, 13,
                               TEXT_LIGHT)
            item.setZValue(41)
        close = ButtonItem(QRectF(r.right() - 140, r.bottom() - 50, 120, 34), "Close", None, "cancel")
        close.setZValue(42)
        self.addItem(close)
        self._buttons.append(close)

    # --- marks ---------------------------------------------------------------------------------
    def _same(self, card_id: str | None, kinds: tuple[str, ...]) -> str | None:
        """The card of a legal action of one of ``kinds`` that is a copy of ``card_id`` (copies
        are alike in play, and the rules name one of them)."""
        if card_id is None:
            return None
        if any(a.kind in kinds and a.get("card") == card_id for a in self.legal):
            return card_id
        kind = card(card_id).kind
        for a in self.legal:
            if a.kind in kinds and isinstance(a.get("card"), str) and card(a["card"]).kind == kind:
                return a["card"]
        return None

    def _hand_choosable(self, card_id: str | None) -> bool:
        return self._same(card_id, HAND_KINDS) is not None

    def _table_action(self, card_id: str | None) -> Action | None:
        same = self._same(card_id, ("pick", "hero"))
        if same is None:
            return None
        for kind in ("pick", "hero"):
            a = Action.make(kind, card=same)
            if a in self.legal:
                return a
        return None

    def _refresh_marks(self) -> None:
        focusables = self.focusable_items()
        busy = self.selected is not None or self.menu is not None  # a choice is half made
        for h in self._hand:
            h.highlighted = self._hand_choosable(h.card_id) and not busy
            h.selected_ = h.card_id == self.selected or (self.menu is not None and self.menu == ("exchange", h.card_id))
            h.setCursor(Qt.OpenHandCursor)
        for c, item in self._table_cards.items():
            ok = self._table_action(c) is not None and not busy
            item.highlighted = ok
            item.setCursor(Qt.PointingHandCursor if ok else Qt.ArrowCursor)
        targets = {a.get("target") for a in self.legal if a.kind == "steal"} if not busy else set()
        if self.menu is not None and self.menu[0] == "use":
            targets = {a.get("target") for a in self.legal if a.kind == "use" and a.get("card") == self.menu[1]}
        if self.selected is not None:  # a card chosen: the players it may be given to
            targets = {a.get("to") for a in self.legal if a.kind == "gift" and a.get("card") == self.selected}
        for p, panel in self._panels.items():
            panel.highlighted = p in targets
        positions = {a["index"] for a in self.legal if a.kind == "position"}
        target = self.view["effect"].get("target") if self.legal else None
        for (p, i), back in self._backs.items():
            back.highlighted = p == target and i in positions
        for i, it in enumerate(focusables):
            it.focused = self._focus_index is not None and i == self._focus_index % max(1, len(focusables))
        for it in self.items():
            if isinstance(it, TableItem):
                it.update()

    # --- acting --------------------------------------------------------------------------------
    def _emit(self, action: Action) -> None:
        self.selected = None
        self.menu = None
        self.action_chosen.emit(action)

    def activate(self, item: Any) -> None:
        """What a click (or Enter) on ``item`` does."""
        if self.view is None:
            return
        if self.discard_open and not (isinstance(item, ButtonItem) and item.kind == "cancel"):
            self.discard_open = False  # a click anywhere closes the list of the discard pile
            self._rebuild()
            return
        if isinstance(item, ButtonItem):
            if item.action is not None:
                self._emit(item.action)
            elif item.kind.startswith("menu:"):
                rest = item.kind[len("menu:"):]
                self.menu = ("exchange", self.selected) if rest == "exchange" else ("use", rest.split(":", 1)[1])
                self.selected = None
                self._rebuild()
            else:  # cancel / close
                self.selected, self.menu, self.discard_open = None, None, False
                self._rebuild()
            return
        if item is self._discard:
            self.discard_open = not self.discard_open
            self._rebuild()
            return
        if isinstance(item, SpheresCard) and item.role == "deck":
            self.status.emit(f"The main deck: {self.view['deck']} cards.")
            return
        if not self.legal:
            if isinstance(item, (SpheresCard, PanelItem)):
                d = self.view["decider"]
                self.status.emit(f"Wait: {self.name(d)} is deciding." if d is not None and d != self.seat
                                 else "Nothing to choose now.")
            return
        if isinstance(item, SpheresCard) and item.role == "hand":
            if not self._hand_choosable(item.card_id):
                self.status.emit("That card is not part of the choice now.")
                return
            same = self._same(item.card_id, HAND_KINDS)
            discard = Action.make("discard", card=same)
            if discard in self.legal:
                self._emit(discard)
                return
            self.selected = None if self.selected == same else same
            self.menu = None
            self._rebuild()
            return
        if isinstance(item, SpheresCard) and item.role == "table":
            a = self._table_action(item.card_id)
            if a is not None:
                self._emit(a)
                return
            self.status.emit("You cannot take that card now." if self.view["phase"] != SETUP
                             else "Choose a hero when it is your turn to choose.")
            return
        if isinstance(item, SpheresCard) and item.role == "back":
            for (p, i), back in self._backs.items():
                if back is item:
                    a = Action.make("position", index=i)
                    if a in self.legal and self.view["effect"].get("target") == p:
                        self._emit(a)
                    else:
                        self.status.emit("Point at a card only when you steal or raid.")
                    return
        if isinstance(item, PanelItem):
            if self.menu is not None and self.menu[0] == "use":
                for a in self.legal:
                    if a.kind == "use" and a.get("card") == self.menu[1] and a.get("target") == item.player:
                        self._emit(a)
                        return
                self.status.emit(f"{card(self.menu[1]).name} cannot be played on {self.name(item.player)}.")
                return
            if self.selected:
                for a in self.legal:
                    if a.kind in ("gift", "lose") and a.get("card") == self.selected and a.get("to") == item.player:
                        self._emit(a)
                        return
                self.status.emit(f"You cannot give {card(self.selected).name} to {self.name(item.player)} now.")
                return
            a = Action.make("steal", target=item.player)
            if a in self.legal:
                self._emit(a)
                return
            if item.player != self.seat:
                self.status.emit(f"You cannot steal from {self.name(item.player)} now." if self.view["phase"] == DREAM
                                 else "Stealing is a Dream action.")

    # --- mouse: click, and drag to rearrange the hand --------------------------------------------
    def _item_at(self, pos: QPointF) -> Any:
        for it in self.items(pos):
            if isinstance(it, ButtonItem) and it.card_scene_rect().contains(pos):
                return it
        for it in self.items(pos):
            if isinstance(it, (SpheresCard, PanelItem)) and it.card_scene_rect().contains(pos):
                return it
        return None

    def mouseMoveEvent(self, event: Any) -> None:
        if self._press is None or not (event.buttons() & Qt.LeftButton):
            super().mouseMoveEvent(event)
            return
        item, start = self._press
        if self._drag is None:
            if (isinstance(item, SpheresCard) and item.role == "hand" and self._may_arrange()
                    and abs(event.scenePos().x() - start.x()) > 12):
                self._drag = item
                item.setZValue(50)
            else:
                return
        self._drag.setPos(QPointF(event.scenePos().x() - self._drag.rect().width() / 2, self._drag.pos().y()))
        event.accept()

    def mouseReleaseEvent(self, event: Any) -> None:
        if event.button() != Qt.LeftButton or self._press is None:
            event.ignore()
            return
        item, _ = self._press
        self._press = None
        if self._drag is not None:
            dragged, self._drag = self._drag, None
            old = self._hand.index(dragged)
            x = event.scenePos().x()
            centres = [h.card_scene_rect().center().x() for h in self._hand if h is not dragged]
            new = sum(1 for c in centres if c < x)
            order = [i for i in range(len(self._hand)) if i != old]
            order.insert(new, old)
            pending, self._pending = self._pending, None
            shown = self.view
            if pending is not None and pending[0]["hands"][self.seat]["cards"] != shown["hands"][self.seat]["cards"]:
                self.status.emit("Your hand changed while you moved the card; arrange it again.")
            elif order != list(range(len(self._hand))):
                self.action_chosen.emit(Action.make("arrange", order=",".join(map(str, order)), seat=self.seat))
            if self.view is shown:  # nothing redrew the table meanwhile
                if pending is not None:
                    self.show_view(*pending)
                else:
                    self._rebuild()
            event.accept()
            return
        if item is not None:
            self.activate(item)
        elif self.discard_open:
            self.discard_open = False
            self._rebuild()
        event.accept()

    def _may_arrange(self) -> bool:
        """The seated player may rearrange their hand at any moment of play, unless its order is
        locked or another player holds it (pointing at a card, or a Druid or Mirror at work)."""
        v = self.view
        if not v or self.seat is None or v["phase"] == OVER or v["locked"][self.seat]:
            return False
        held = v["step"] in (Step.STEAL_POS, Step.RAVEN_POS, Step.DRUID_KEEP, Step.ORDER) and v["effect"].get("target") == self.seat
        return not held

    # --- keyboard ------------------------------------------------------------------------------
    def keyPressEvent(self, event: Any) -> None:
        key = event.key()
        if key in (Qt.Key_Tab, Qt.Key_Backtab):
            if not self.move_focus(key == Qt.Key_Backtab or bool(event.modifiers() & Qt.ShiftModifier)):
                event.ignore()
                return
        elif key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space) and self.focused_item() is not None:
            self.activate(self.focused_item())
        elif Qt.Key_1 <= key <= Qt.Key_9 and key - Qt.Key_1 < len(self._hand) \
                and self._hand_choosable(self._hand[key - Qt.Key_1].card_id):
            self.activate(self._hand[key - Qt.Key_1])  # the n-th card of the hand
        elif key == Qt.Key_Escape:
            if self.selected or self.menu or self.discard_open:
                self.selected, self.menu, self.discard_open = None, None, False
                self._rebuild()
                self.status.emit("Cancelled.")
        else:
            event.ignore()
            return
        event.accept()

    # --- background ----------------------------------------------------------------------------
    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        draw_cloth(p, rect, SCENE_RECT, "#15132a", ("#3a2f63", "#2a2350", "#1c1738"), "#8a6d3b")


_PROMPTS = {
    "hero": "click one of the hero cards to take it.",
    "prio": "play an ability card or use your hero now, or pass.",
    "block": "block it (with an Apple in your hand), or let it pass.",
    "pick": "click one of the open cards to take it.",
    "bonus": "bank a complete set, or bank nothing.",
    "action": "steal (click a player), or click a card of your hand to give it or offer it in exchange.",
    "fallback": "nobody accepted: steal (click a player) or click a card of your hand to give it.",
    "accept": "accept the exchange, or decline.",
    "partner": "several players accept: choose whom to exchange with.",
    "steal_pos": "click one of the backs to steal that card.",
    "raven_pos": "click one of the backs to take that card.",
    "druid_keep": "keep up to two of the cards, then Done.",
    "order": "put the cards in order: choose them one by one.",
    "warrior": "click a card of your hand to discard or give it (up to three), then Done.",
    "wind": "click up to two cards of your hand to discard them, then Done.",
    "root": "take a card from the discard pile.",
}

_STEP_WORDS = {
    "hero": "choosing a hero", "prio": "may use something now", "block": "may block it",
    "pick": "taking a card from the table", "night_discard": "discarding", "night_take": "taking cards",
    "bonus": "may bank a set", "action": "choosing an action", "fallback": "nobody accepted: steal or give",
    "accept": "may accept the exchange", "partner": "choosing whom to exchange with", "steal_pos": "pointing at a card to steal",
    "raven_pos": "pointing at cards to take", "druid_keep": "keeping cards with the Druid",
    "order": "putting a hand in order", "warrior": "getting rid of cards", "wind": "discarding",
    "root": "taking a card from the discard pile", "over": "game over",
}
