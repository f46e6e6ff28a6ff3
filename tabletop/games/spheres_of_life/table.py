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
emitting ``action_chosen``.  The cards are in :mod:`.card_items`, the layout and its words in
:mod:`.layout`; this module keeps the choosing (the keys, the focus ring, the hint and emitting
are the client's :class:`~tabletop.client.table_base.TableScene`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter

from tabletop.client.table_base import TableScene
from tabletop.client.table_items import ButtonItem, PanelItem, TableItem, draw_cloth, fly
from tabletop.client.zones import HandZone, PileZone
from tabletop.engine.actions import Action

from .card_items import SpheresCard  # noqa: F401  (also importable from here, as before)
from .cards import card
from .layout import DIRECT_KINDS, HAND_KINDS, SpheresLayout, action_label, heroes_side
from .rules import DREAM, OVER, SETUP
from .steps import DAWN_PHASE_NAME, Move, Step


# --- the scene --------------------------------------------------------------------------------
class SpheresTable(SpheresLayout, TableScene):
    """The Spheres of Life table (see the module docstring for the layout)."""

    escape_keeps_focus = True
    hint_pulses = False  # a still outline on the button
    drags = True
    stretches = True  # a taller window gives the open cards and the hand more room

    def __init__(self, game: Any, names: list[str], parent: Any = None) -> None:
        super().__init__(game, names, parent)
        self.selected: str | None = None  # a card of the hand chosen first
        self.menu: tuple[str, str] | None = None  # (kind, card): the choices of one card on show
        self.discard_open = False
        self._buttons: list[ButtonItem] = []
        self._hand: list[SpheresCard] = []
        self._backs: dict[tuple[int, int], SpheresCard] = {}
        self._panels: dict[int, PanelItem] = {}
        self._table_cards: dict[str, SpheresCard] = {}
        self._discard: SpheresCard | None = None
        self._pending: tuple[dict[str, Any], list[Action], Action | None] | None = None  # a view held back while dragging

    # --- helpers -------------------------------------------------------------------------------
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
        self.set_legal(legal)
        self.selected = None
        self.menu = None
        self.discard_open = False
        self._focus_index = None
        self._rebuild()
        if self.animations and old is not None and last_action is not None:
            self._animate_moves(old, before)
        if old is not None:
            self._notice_dawn(old, before)

    def _notice_dawn(self, old: dict[str, Any], before: dict[Any, QRectF]) -> None:
        """(Gods & Myths) A Dawn card that has just come up is a moment: the status bar says so
        and the card flies from the deck to its place beside the phase."""
        dawn = self.view.get("dawn") or {}
        if old["phase"] == DAWN_PHASE_NAME and self.view["phase"] not in (DAWN_PHASE_NAME, OVER):
            self.status.emit(f"The Dawn has passed: its sacrifices were worth {dawn.get('total')}, below 10. "
                             "The game goes on.")
        aside = dawn.get("aside") or []
        came = [c for c in aside if c not in ((old.get("dawn") or {}).get("aside") or [])]
        if not came:
            return
        self.status.emit("A Dawn card came up! The Dawn Phase begins when this phase ends.")
        start, end = before.get("deck"), self._spots.get("dawn")
        if self.animations and start is not None and end is not None:
            fly(self, SpheresCard(start, came[-1], None), start, end, self._anims, 600, None)

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
        self.stop_animations()
        super().show_nothing()

    def hint_for(self, action: Action) -> tuple[list[Any], str]:
        if action.kind == Move.EXCHANGE:
            self.menu = (Move.EXCHANGE, action["card"])
            self._rebuild()
        elif action.kind in HAND_KINDS and action.get("card") in self._my_cards():
            self.selected = action["card"]
            self._rebuild()
        elif action.kind == Move.USE and self.button_for(action) is None:
            self.menu = (Move.USE, action["card"])
            self._rebuild()
        return [b for b in self._buttons if b.action == action], action_label(action, self._names(), self.view)

    # --- test-facing API -----------------------------------------------------------------------
    def choice_items(self) -> list[ButtonItem]:
        return [b for b in self._buttons if b.action is not None]

    def button_for(self, action: Action) -> ButtonItem | None:
        return next((b for b in self._buttons if b.action == action), None)

    def hand_item(self, i: int) -> SpheresCard:
        return self._hand[i]

    def hand_items(self) -> list[SpheresCard]:
        return list(self._hand)

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
        self._discard_pile: PileZone | None = None
        self._hand_zone: HandZone | None = None
        self._spots: dict[Any, QRectF] = {}  # where a card lands: "deck", "discard", ("hand", p)
        self._hinted = []

    def relayout(self) -> None:
        self._rebuild()

    def _rebuild(self) -> None:
        self.stop_animations()  # (their items are about to go)
        self.clear_hint()
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
        top = 250.0  # the other players' panels; taller for a Field and heroes one under the other
        if "fields" in v:
            top += 28
        if not all(heroes_side(v["heroes"][p], w - 20) for p in others):  # (a hero's name shows whole)
            top += 28
        for k, p in enumerate(others):
            self._build_opponent(p, QRectF(12 + k * (w + gap), 10, w, top))
        mid = round(self.extra * 0.3)  # a taller window: the open cards grow a little, the hand most
        self._build_middle(QRectF(12, top + 20, 1576, 550 - top + mid))
        self._build_mine(QRectF(12, 580 + mid, 1576, self.height - 590 - mid))
        if self.discard_open:
            self._build_discard_overlay()
        self.refresh_marks()

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

    def refresh_marks(self) -> None:
        busy = self.selected is not None or self.menu is not None  # a choice is half made
        for h in self._hand:
            h.highlighted = self._hand_choosable(h.card_id) and not busy
            h.selected_ = h.card_id == self.selected or (self.menu is not None and self.menu == ("exchange", h.card_id))
            h.setCursor(Qt.OpenHandCursor)
        for c, item in self._table_cards.items():
            ok = self._table_action(c) is not None and not busy
            item.highlighted = ok
            item.setCursor(Qt.PointingHandCursor if ok else Qt.ArrowCursor)
        targets = {a.get("target") for a in self.legal if a.kind == Move.STEAL} if not busy else set()
        if self.menu is not None and self.menu[0] == Move.USE:
            targets = {a.get("target") for a in self.legal if a.kind == Move.USE and a.get("card") == self.menu[1]}
        if self.selected is not None:  # a card chosen: the players it may be given to
            targets = {a.get("to") for a in self.legal if a.kind == Move.GIFT and a.get("card") == self.selected}
        for p, panel in self._panels.items():
            panel.highlighted = p in targets
        positions = {a["index"] for a in self.legal if a.kind == Move.POSITION}
        target = self.view["effect"].get("target") if self.legal else None
        for (p, i), back in self._backs.items():
            back.highlighted = p == target and i in positions
        self.mark_focus()
        for it in self.items():
            if isinstance(it, TableItem):
                it.update()

    # --- acting --------------------------------------------------------------------------------
    def selection(self) -> tuple[Any, ...]:
        return (self.selected, self.menu, self.discard_open)

    def clear_selection(self) -> None:
        self.selected, self.menu, self.discard_open = None, None, False

    def selection_changed(self) -> None:
        self._rebuild()

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
                self.emit_action(item.action)
            elif item.kind.startswith("menu:"):
                rest = item.kind[len("menu:"):]
                self.menu = (Move.EXCHANGE, self.selected) if rest == "exchange" else (Move.USE, rest.split(":", 1)[1])
                self.selected = None
                self._rebuild()
            else:  # cancel / close
                self.clear_selection()
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
                self.say_waiting()
            # a card of one's hand or one's own heroes clicked out of turn: playing alone with
            # fewer questions, the next quiet moment is offered (the controller decides)
            if (isinstance(item, SpheresCard) and item.role == "hand") or (
                    isinstance(item, PanelItem) and item.player == self.seat):
                self.moment_requested.emit()
            return
        if isinstance(item, SpheresCard) and item.role == "hand":
            if not self._hand_choosable(item.card_id):
                self.status.emit("That card is not part of the choice now.")
                return
            same = self._same(item.card_id, HAND_KINDS)
            for kind in DIRECT_KINDS:
                direct = Action.make(kind, card=same)
                if direct in self.legal:
                    self.emit_action(direct)
                    return
            self.selected = None if self.selected == same else same
            self.menu = None
            self._rebuild()
            return
        if isinstance(item, SpheresCard) and item.role == "table":
            a = self._table_action(item.card_id)
            if a is not None:
                self.emit_action(a)
                return
            self.status.emit("You cannot take that card now." if self.view["phase"] != SETUP
                             else "Choose a hero when it is your turn to choose.")
            return
        if isinstance(item, SpheresCard) and item.role == "back":
            for (p, i), back in self._backs.items():
                if back is item:
                    a = Action.make(Move.POSITION, index=i)
                    if a in self.legal and self.view["effect"].get("target") == p:
                        self.emit_action(a)
                    else:
                        self.status.emit("Point at a card only when you steal or raid.")
                    return
        if isinstance(item, PanelItem):
            if self.menu is not None and self.menu[0] == Move.USE:
                for a in self.legal:
                    if a.kind == Move.USE and a.get("card") == self.menu[1] and a.get("target") == item.player:
                        self.emit_action(a)
                        return
                self.status.emit(f"{card(self.menu[1]).name} cannot be played on {self.name(item.player)}.")
                return
            if self.selected:
                for a in self.legal:
                    if a.kind in (Move.GIFT, Move.LOSE) and a.get("card") == self.selected and a.get("to") == item.player:
                        self.emit_action(a)
                        return
                self.status.emit(f"You cannot give {card(self.selected).name} to {self.name(item.player)} now.")
                return
            a = Action.make(Move.STEAL, target=item.player)
            if a in self.legal:
                self.emit_action(a)
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

    def start_drag(self, item: Any, start: QPointF, pos: QPointF) -> SpheresCard | None:
        if isinstance(item, SpheresCard) and item.role == "hand" and self._hand_zone.reorderable and abs(pos.x() - start.x()) > 12:
            item.setZValue(50)
            return item
        return None

    def move_drag(self, pos: QPointF) -> None:
        self._drag.setPos(QPointF(pos.x() - self._drag.rect().width() / 2, self._drag.pos().y()))

    def release_drag(self, dragged: SpheresCard, pos: QPointF) -> None:
        """A card of the hand let go: the hand rearranged (a free action, outside the legal list)."""
        order = self._hand_zone.order_after_drop(dragged, pos)
        pending, self._pending = self._pending, None
        shown = self.view
        if pending is not None and pending[0]["hands"][self.seat]["cards"] != shown["hands"][self.seat]["cards"]:
            self.status.emit("Your hand changed while you moved the card; arrange it again.")
        elif order != list(range(len(self._hand))):
            self.action_chosen.emit(Action.make(Move.ARRANGE, order=",".join(map(str, order)), seat=self.seat))
        if self.view is shown:  # nothing redrew the table meanwhile
            if pending is not None:
                self.show_view(*pending)
            else:
                self._rebuild()

    def clicked(self, item: Any) -> None:
        if item is not None:
            self.activate(item)
        elif self.discard_open:
            self.discard_open = False
            self._rebuild()

    def _may_arrange(self) -> bool:
        """The seated player may rearrange their hand at any moment of play, unless its order is
        locked or another player holds it (pointing at a card, or a Druid or Mirror at work)."""
        v = self.view
        if not v or not self.addressed(self.seat) or v["phase"] == OVER or v["locked"][self.seat]:
            return False
        held = v["step"] in (Step.STEAL_POS, Step.RAVEN_POS, Step.DRUID_KEEP, Step.ORDER) and v["effect"].get("target") == self.seat
        return not held

    # --- keyboard (the keys are the base's; these are the hooks) --------------------------------
    def keys_active(self) -> bool:
        return True  # (Escape closes the discard pile even while another player decides)

    def may_pick(self, item: SpheresCard) -> bool:
        return self._hand_choosable(item.card_id)

    def pick(self, item: SpheresCard) -> None:
        self.activate(item)

    # --- background ----------------------------------------------------------------------------
    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        draw_cloth(p, rect, self.sceneRect(), "#15132a", ("#3a2f63", "#2a2350", "#1c1738"), "#8a6d3b")
