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

The table *has* its parts, each owning its own state: a :class:`~.choosing.SpheresChoice` (the
half-made choice and what a click means, pure Python), a :class:`~.layout.SpheresLayout` (the
drawing, and the items drawn) and a :class:`~.animation.CardFlights` (the cards that moved,
flown).  The cards are in :mod:`.card_items`.  This module hands clicks, drags and keys to the
choice and draws again (the keys, the focus ring, the hint and emitting are the client's
:class:`~tabletop.client.table_base.TableScene`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter

from tabletop.client.table_base import TableScene
from tabletop.client.panel_items import PanelItem
from tabletop.client.table_items import ButtonItem, TableItem, draw_cloth
from tabletop.client.zones.base import Zone
from tabletop.engine.actions import Action

from .animation import CardFlights
from .card_items import SpheresCard
from .cards import card
from .choosing import Answer, SpheresChoice
from .layout import SpheresLayout
from .steps import DAWN_PHASE_NAME, OVER, Move
from .words import DAWN_CARD_CAME, HAND_CHANGED, action_label, dawn_passed, deck_words


# --- the scene --------------------------------------------------------------------------------
class SpheresTable(TableScene):
    """The Spheres of Life table (see the module docstring for the layout)."""

    escape_keeps_focus = True
    hint_pulses = False  # a still outline on the button
    drags = True
    stretches = True  # a taller window gives the open cards and the hand more room

    def __init__(self, game: Any, names: list[str], parent: Any = None) -> None:
        super().__init__(game, names, parent)
        self.choice = SpheresChoice(self)
        self.layout = SpheresLayout(self, self.choice)
        self.flights = CardFlights(self)
        self._pending: tuple[dict[str, Any], list[Action], Action | None] | None = None  # a view held back while dragging

    # --- TableScene API ------------------------------------------------------------------------
    def show_view(self, view: dict[str, Any], legal: list[Action], last_action: Action | None = None) -> None:
        if self._drag is not None:
            # the player is moving a card: the new view waits until they let it go
            self._pending = (view, legal, last_action)
            return
        old = self.view if self.view is not None and self.view.get("seat") == view.get("seat") else None
        self.view = view
        self.set_legal(legal)
        self.choice.clear()
        self._focus_index = None
        self._rebuild()
        if self.animations and old is not None and last_action is not None:
            self.flights.fly_move(old, view, self.seat, last_action)
        if old is not None:
            self._notice_dawn(old)

    def _notice_dawn(self, old: dict[str, Any]) -> None:
        """(Gods & Myths) A Dawn card that has just come up is a moment: the status bar says so
        and the card flies from the deck to its place beside the phase."""
        dawn = self.view.get("dawn") or {}
        if old["phase"] == DAWN_PHASE_NAME and self.view["phase"] not in (DAWN_PHASE_NAME, OVER):
            self.status.emit(dawn_passed(dawn.get("total")))
        aside = dawn.get("aside") or []
        came = [c for c in aside if c not in ((old.get("dawn") or {}).get("aside") or [])]
        if not came:
            return
        self.status.emit(DAWN_CARD_CAME)
        if self.animations:
            self.flights.dawn_card(came[-1])

    def show_nothing(self) -> None:
        self._drag, self._press, self._pending = None, None, None
        self.stop_animations()
        super().show_nothing()
        self.choice.clear()

    def hint_for(self, action: Action) -> tuple[list[Any], str]:
        if self.choice.prepare(action, on_show=self.button_for(action) is not None):
            self._rebuild()
        marks: list[Any] = [b for b in self.layout.buttons if b.action == action]
        if not marks and isinstance(action.get("card"), str):  # (a card clicked itself: a hero to choose ...)
            marks = [self.find(f"card/{action['card']}")]
        return marks, action_label(action, self.choice.names(), self.view)

    # --- test-facing API -----------------------------------------------------------------------
    def choice_items(self) -> list[ButtonItem]:
        return [b for b in self.layout.buttons if b.action is not None]

    def button_for(self, action: Action) -> ButtonItem | None:
        return next((b for b in self.layout.buttons if b.action == action), None)

    def hand_item(self, i: int) -> SpheresCard:
        return self.layout.hand[i]

    def hand_items(self) -> list[SpheresCard]:
        return list(self.layout.hand)

    def hand_card_item(self, card_id: str) -> SpheresCard:
        return next(h for h in self.layout.hand if h.card_id == card_id)

    def opponent_item(self, p: int) -> PanelItem:
        return self.layout.panels[p]

    def back_item(self, p: int, i: int) -> SpheresCard:
        return self.layout.backs[(p, i)]

    def table_card_item(self, card_id: str) -> SpheresCard:
        return self.layout.table_cards[card_id]

    def discard_item(self) -> SpheresCard | None:
        return self.layout.discard

    def focusable_items(self) -> list[TableItem]:
        lay, choice = self.layout, self.choice
        if choice.discard_open:
            return [b for b in lay.buttons if b.kind == "cancel"]
        items: list[TableItem] = [h for h in lay.hand if choice.hand_choosable(h.card_id)]
        items += [c for c in lay.table_cards.values() if choice.open_action(c.card_id) is not None]
        items += [back for (p, i), back in sorted(lay.backs.items()) if back.highlighted]
        items += [b for b in lay.buttons]
        return items

    def item_words(self, item: Any) -> list[str]:
        """What a card shows, painted yet or not: a face's name first (what a screen reader calls
        it) and its id, a known back's label."""
        out: list[str] = []
        if isinstance(item, SpheresCard):
            if item.card_id is not None:
                out += [card(item.card_id).name, item.card_id]
            if item.back_label:
                out.append(item.back_label)
        return out

    def spoken(self, item: Any) -> tuple[str, str]:
        """A back is "A hidden card" (a known one says what it is in its description), the deck
        "Main Deck", a player's area "Ben's area", a hero's or a Field's chip its card's name;
        anything else as the base says it."""
        name, about = super().spoken(item)
        if isinstance(item, PanelItem):
            return f"{self.possessive(item.player)} area", item.about
        if isinstance(item, SpheresCard) and item.card_id is None:
            return "Main Deck" if item.role == "deck" else "A hidden card", about
        shown = self.layout.chips.get(item)
        return (card(shown).name if shown is not None else name), about

    # --- building ------------------------------------------------------------------------------
    def _reset_refs(self) -> None:
        self.layout.reset()
        self._hinted = []
        self.held_zones = []

    def addItem(self, item: Any) -> None:
        """Put ``item`` on the table; a zone is held here too until the next drawing.  (A zone and
        its members refer to one another; a zone nothing else held -- the deck, unlike the discard
        pile the layout keeps -- could go with Python's garbage collector in the middle of a game:
        the Deck vanished from the phase board at some steps of the lessons.)"""
        super().addItem(item)
        if isinstance(item, Zone):
            self.__dict__.setdefault("held_zones", []).append(item)

    def relayout(self) -> None:
        self._rebuild()

    def _rebuild(self) -> None:
        self.stop_animations()  # (their items are about to go)
        self.clear_hint()
        with self.drawing():
            self._reset_refs()
            if self.view is not None:
                self.layout.build()
                self.refresh_marks()

    def refresh_marks(self) -> None:
        """The cards and players a click on does something now, lit; the card the half-made
        choice is about, marked."""
        lay, choice = self.layout, self.choice
        for h in lay.hand:
            h.highlighted = choice.hand_lit(h.card_id)
            h.selected_ = choice.hand_marked(h.card_id)
            h.setCursor(Qt.OpenHandCursor)
        for c, item in lay.table_cards.items():
            ok = choice.open_lit(c)
            item.highlighted = ok
            item.setCursor(Qt.PointingHandCursor if ok else Qt.ArrowCursor)
        targets = choice.lit_players()
        for p, panel in lay.panels.items():
            panel.highlighted = p in targets
        for (p, i), back in lay.backs.items():
            back.highlighted = choice.back_lit(p, i)
        self.mark_focus()

    # --- acting --------------------------------------------------------------------------------
    def selection(self) -> tuple[Any, ...]:
        return self.choice.selection()

    def clear_selection(self) -> None:
        self.choice.clear()

    def selection_changed(self) -> None:
        self._rebuild()

    def _answer(self, answer: Answer) -> None:
        """Do what the choice says a click comes to."""
        if answer.play is not None:
            self.emit_action(answer.play)
        elif answer.say:
            self.status.emit(answer.say)
        elif answer.changed:
            self._rebuild()

    def activate(self, item: Any) -> None:
        """What a click (or Enter) on ``item`` does: the choice says, for the item's kind."""
        if self.view is None:
            return
        choice = self.choice
        if not (isinstance(item, ButtonItem) and item.kind == "cancel"):
            closed = choice.close_discard()  # a click anywhere closes the list of the discard pile
            if closed.changed:
                self._rebuild()
                return
        if isinstance(item, ButtonItem):
            if item.action is not None:
                self.emit_action(item.action)
            elif item.kind.startswith("menu:"):
                self._answer(choice.press_menu(item.kind))
            else:  # cancel / close
                self.clear_selection()
                self._rebuild()
            return
        if item is self.layout.discard:
            self._answer(choice.click_discard())
            return
        if isinstance(item, SpheresCard) and item.role == "deck":
            self.status.emit(deck_words(self.view["deck"]))
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
            self._answer(choice.click_hand(item.card_id))
        elif isinstance(item, SpheresCard) and item.role == "table":
            self._answer(choice.click_open(item.card_id))
        elif isinstance(item, SpheresCard) and item.role == "back":
            where = next((key for key, back in self.layout.backs.items() if back is item), None)
            if where is not None:
                self._answer(choice.click_back(*where))
        elif isinstance(item, PanelItem):
            self._answer(choice.click_player(item.player))

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
        if (isinstance(item, SpheresCard) and item.role == "hand" and self.layout.hand_zone.reorderable
                and abs(pos.x() - start.x()) > 12):
            item.setZValue(50)
            return item
        return None

    def move_drag(self, pos: QPointF) -> None:
        self._drag.setPos(QPointF(pos.x() - self._drag.rect().width() / 2, self._drag.pos().y()))

    def release_drag(self, dragged: SpheresCard, pos: QPointF) -> None:
        """A card of the hand let go: the hand rearranged (a free action, outside the legal list)."""
        order = self.layout.hand_zone.order_after_drop(dragged, pos)
        pending, self._pending = self._pending, None
        shown = self.view
        if pending is not None and pending[0]["hands"][self.seat]["cards"] != shown["hands"][self.seat]["cards"]:
            self.status.emit(HAND_CHANGED)
        elif order != list(range(len(self.layout.hand))):
            self.action_chosen.emit(Action.make(Move.ARRANGE, order=",".join(map(str, order)), seat=self.seat))
        if self.view is shown:  # nothing redrew the table meanwhile
            if pending is not None:
                self.show_view(*pending)
            else:
                self._rebuild()

    def clicked(self, item: Any) -> None:
        if item is not None:
            self.activate(item)
        elif self.choice.close_discard().changed:
            self._rebuild()

    # --- keyboard (the keys are the base's; these are the hooks) --------------------------------
    def keys_active(self) -> bool:
        return True  # (Escape closes the discard pile even while another player decides)

    def may_pick(self, item: SpheresCard) -> bool:
        return self.choice.hand_choosable(item.card_id)

    def pick(self, item: SpheresCard) -> None:
        self.activate(item)

    # --- background ----------------------------------------------------------------------------
    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        draw_cloth(p, rect, self.sceneRect(), "#15132a", ("#3a2f63", "#2a2350", "#1c1738"), "#8a6d3b")
