"""The Three Spheres TCG table: a QGraphicsScene that draws one seat's view (the layout is in
:mod:`.layout`, what a click means in :mod:`.choosing`, the moves flown and the end's walk-through
played in :mod:`.animation`, the cards in :mod:`.card_items`) and turns clicks into moves.

Choosing, in the main phase: a click on a card of the hand chooses it (a second click lets it go);
the places its resources may go light up -- the top cards of the World spaces, the cards of
one's own Discovery spread, one's activated abilities in play -- and a click on one spends the
card there.  Dragging a card of the hand onto a lit card does the same.  The prompt offers "Play
<card>" when the chosen card may be played for its ability, "End turn" always, and a free buy
(a discount that covers the cost) is a click on the card that says "free".  The questions of an
effect are answered the same way: a click on a lit card (resources to place, a card to trash,
take or copy; the cards of a Realm discard to trash from are laid out over the World), a click
on a lit stack for a flipped card, or the prompt's button (Done, take nothing ...).

Keys: Tab / Shift+Tab over what may be chosen, Enter to choose, 1-9 for the cards of the hand,
Esc to let a chosen card go.  At the end the table walks through the scoring: the piles at
once, the dynamic cards one by one with their reason, then the totals; a click or a key shows
the rest at once.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter

from tabletop.client.panel_items import PanelItem
from tabletop.client.table_base import TableScene
from tabletop.client.table_items import ButtonItem, TableItem, draw_cloth
from tabletop.client.zones import PileZone, activate_zone, zone_of
from tabletop.engine.actions import Action

from .animation import Flights, WalkPlayer
from .card_items import SpheresTCGCard
from .cards import info
from .choosing import Choosing, action_words
from .layout import SPACES_A_SIDE, ThreeSpheresLayout, WalkthroughLayout, side_of
from .steps import Move, Step
from .words import MOVED_WHILE_DRAGGED, SCORING_SHOWN


class ThreeSpheresTable(TableScene):
    """The Three Spheres TCG table (see the module docstring).  It has a layout
    (:attr:`layout`, the walk-through's :attr:`walkthrough`), the choosing (:attr:`choosing`)
    and the animations (:attr:`flights`, :attr:`walk`); it keeps what a click, a drag or a key
    does on which item."""

    DECK_MOVES = True  # (a draw, a reshuffle's flip, Night Raven's: the player's who made it)

    escape_keeps_focus = False
    hint_pulses = False
    drags = True
    stretches = True  # a taller window: the seated player's cards (most) and the World's grow
    refusal = None

    def __init__(self, game: Any, names: list[str], parent: Any = None) -> None:
        super().__init__(game, names, parent)
        self.choosing = Choosing()
        self.layout = ThreeSpheresLayout(self)
        self.walkthrough = WalkthroughLayout(self)
        self.flights = Flights(self)
        self.walk = WalkPlayer(self)
        self._pending_view: tuple[dict[str, Any], list[Action], Action | None] | None = None
        self._reset_refs()

    # --- TableScene API --------------------------------------------------------------------------
    def show_view(self, view: dict[str, Any], legal: list[Action], last_action: Action | None = None) -> None:
        if self._drag is not None:  # a card is being dragged: the new view waits until it is let go
            self._pending_view = (view, legal, last_action)
            return
        old = self.view if self.view is not None and self.view.get("seat") == view.get("seat") else None
        animate = self.animations and old is not None and last_action is not None and not old.get("walkthrough")
        self.view = view
        self.set_legal(legal)
        self.choosing.show(view, self.legal)  # (nothing chosen)
        self._focus_index = None
        self._rebuild()
        if view.get("walkthrough"):
            self.walk.start()
        elif animate:
            self.flights.fly(old)

    def show_nothing(self) -> None:
        self._drag, self._press, self._pending_view = None, None, None
        self.walk.stop()
        super().show_nothing()
        self.choosing.show(None, [])

    def dispose(self) -> None:
        self.walk.stop()
        super().dispose()

    def busy(self) -> bool:
        return self.walk.active()

    def showing(self) -> str:
        if not self.walk.active():
            return ""
        return SCORING_SHOWN

    def interrupt(self) -> bool:
        if self.walk.active():
            self.walk.finish()
            return True
        return False

    # --- test-facing API ---------------------------------------------------------------------------
    def hand_items(self) -> list[SpheresTCGCard]:
        return list(self.layout.hand)

    def hand_card_item(self, card_id: str) -> SpheresTCGCard:
        return next(h for h in self.layout.hand if h.card_id == card_id)

    def card_item(self, card_id: str) -> SpheresTCGCard | None:
        """The item showing ``card_id`` (a target, a card in play, in a spread, in the hand ...)."""
        return self.layout.items_by_id.get(card_id)

    def space_item(self, space: int) -> SpheresTCGCard | None:
        """The top card of World space ``space``."""
        return self.layout.world_tops.get(space)

    def opponent_backs(self) -> list[SpheresTCGCard]:
        return list(self.layout.opp_backs)

    def button_for(self, action: Action) -> ButtonItem | None:
        return next((b for b in self.layout.buttons if b.action == action), None)

    def choice_items(self) -> list[ButtonItem]:
        return [b for b in self.layout.buttons if b.action is not None]

    def discard_pile(self, p: int) -> PileZone | None:
        return self.layout.discards.get(p)

    def item_for(self, action: Action) -> TableItem | None:
        """The item a click on which plays ``action`` now (a lit card or a button)."""
        for item, a in self._actions.items():
            if a == action:
                return item
        return self.button_for(action)

    def item_words(self, item: Any) -> list[str]:
        """A face's name first (what a screen reader calls it), its id and its note; a player's
        area "Ben's area"."""
        if isinstance(item, SpheresTCGCard) and item.card_id is not None:
            return [info(item.card_id).name, item.card_id, item.note]
        if isinstance(item, PanelItem):
            return [f"{self.possessive(item.player)} area"]
        return []

    def spoken(self, item: Any) -> tuple[str, str]:
        """A World space by its number and side, and what lies on it ("Space 2" -- "in the World,
        on Ben's side, Fen Hag on top of a stack of 2"); anything else as the base says it."""
        space = self.layout.spaces.get(item)
        if space is None or self.view is None:
            return super().spoken(item)
        stack = self.view["spaces"][space]
        on = "empty"
        if stack:
            on = f"{info(stack[-1]).name} " + ("on it" if len(stack) == 1 else f"on top of a stack of {len(stack)}")
        return f"Space {space % SPACES_A_SIDE + 1}", f"in the World, on {self.possessive(side_of(space), False)} side, {on}"

    # --- building ----------------------------------------------------------------------------------
    def _reset_refs(self) -> None:
        self.layout.reset()
        self.walkthrough.reset()
        self._actions: dict[Any, Action] = {}  # what a click on a lit item plays now
        self._hinted = []

    def relayout(self) -> None:
        """The view on show laid out again for the table's new height; a walk-through being played
        goes on from the step it had reached."""
        self.walk.replay_after(self._rebuild)

    def _rebuild(self) -> None:
        self.stop_animations()  # (their items are about to go)
        self.flights.flying = []
        self.clear_hint()
        self.walk.stop()
        with self.drawing():
            self._reset_refs()
            if self.view is None:
                return
            if self.view.get("walkthrough"):
                self.walkthrough.build()
                return
            c = self.choosing
            title, sentence = c.prompt_words(self)
            self.layout.build((title, sentence, c.choices()), c.picker(), c.free_buys())
            self.refresh_marks()

    def hint_for(self, action: Action) -> tuple[list[Any], str]:
        if action.kind in (Move.SPEND, Move.PLAY) and self.view is not None:
            self.choosing.selected = action["card"]
            self._rebuild()
        item = self.item_for(action)
        marks = [item] if item is not None else []
        if action.kind == Move.SPEND:
            marks = [self._hand_item_of(action["card"])] + marks
        return marks, action_words(action, self.view)

    # --- marks -------------------------------------------------------------------------------------
    def _hand_item_of(self, card_id: str) -> SpheresTCGCard | None:
        return self.layout.hand_item_of(card_id)

    def _choosable(self, item: SpheresTCGCard) -> bool:
        """Whether a card of the hand may be chosen now (played or spent)."""
        return self.choosing.choosable(item.card_id)

    def _lit_actions(self) -> dict[Any, Action]:
        """What a click on each lit item plays now."""
        lay = self.layout
        pool = lay.picker if lay.picker else lay.hand
        found = {"target": lay.targets, "in_play": lay.in_play, "space": lay.world_tops,
                 "pool": {h.card_id: h for h in reversed(pool)}}  # (the first of a card id)
        out: dict[Any, Action] = {}
        for kinds, key, a in self.choosing.lit([h.card_id for h in pool]):
            item = next((found[k][key] for k in kinds if key in found[k]), None)
            if item is not None:
                out[item] = a
        return out

    def refresh_marks(self) -> None:
        if self.view is None:
            return
        self._actions = self._lit_actions()
        lay = self.layout
        selected = self.choosing.selected
        chosen = self._hand_item_card(selected) if selected is not None else None
        for h in lay.hand:
            h.selected_ = selected is not None and h.card_id == chosen
            h.highlighted = (h in self._actions) or (selected is None and bool(self.legal) and self._choosable(h))
            h.setCursor(Qt.OpenHandCursor if self._choosable(h) else Qt.ArrowCursor)
        for item in set(lay.items_by_id.values()) | set(lay.picker) | set(lay.world_tops.values()):
            if item in lay.hand:
                continue
            item.highlighted = item in self._actions
            item.setCursor(Qt.PointingHandCursor if item.highlighted else Qt.ArrowCursor)
        self.mark_focus()

    def _hand_item_card(self, card_id: str) -> str | None:
        """The card of the hand shown chosen for ``card_id`` (a copy the rules name stands for the
        card clicked)."""
        item = self._hand_item_of(card_id)
        return item.card_id if item is not None else None

    def focusable_items(self) -> list[Any]:
        if self.view is None:
            return []
        if self.view.get("walkthrough"):
            return [it for pile in self.walkthrough.piles for it in pile.focusable()]
        hand = self.layout.hand
        items: list[Any] = [h for h in hand if self._choosable(h) or h in self._actions]
        items += [it for it in self._actions if it not in items]
        items += [b for b in self.layout.buttons if b.action is not None or b.kind == "cancel"]
        return items

    def focus_next(self) -> None:
        items = self.focusable_items()
        first = next((i for i, it in enumerate(items) if it in self._actions and it not in self.layout.hand), None)
        if first is not None:
            self._focus_index = first
            self.refresh_marks()

    # --- acting --------------------------------------------------------------------------------------
    def selection(self) -> tuple[Any, ...]:
        return (self.choosing.selected,)

    def clear_selection(self) -> None:
        self.choosing.selected = None

    def selection_changed(self) -> None:
        self._rebuild()

    def activate(self, item: Any) -> None:
        """What a click (or Enter, or a digit) on ``item`` does."""
        if self.view is None:
            return
        if isinstance(item, ButtonItem):
            if item.action is not None:
                self.emit_action(item.action)
            elif zone_of(item) is not None and activate_zone(item):
                pass  # (a pile's list closed)
            else:  # Cancel
                self.cancel_selection()
            return
        if item in self._actions:
            self.emit_action(self._actions[item])
            return
        zone = zone_of(item)
        if isinstance(zone, PileZone) and activate_zone(item):
            self._name_list(zone)
            return  # a Realm discard's list opened or closed
        if not isinstance(item, SpheresTCGCard):
            return
        if not self.legal:
            if item.role == "hand" or item.highlighted:
                self.say_waiting()
            return
        if item.role == "hand":
            refused = self.choosing.click_hand(item.card_id)
            if refused:
                self.status.emit(refused)
            else:
                self._rebuild()
            return
        self.status.emit(self.choosing.why_not(item.role, self.name(1 - self.me)))

    def _name_list(self, pile: PileZone) -> None:
        """A pile's list, opened, is named after the pile (``pile/discard/0/list``: its Close
        button ``pile/discard/0/list/button/cancel``); a screen reader says its title."""
        if pile.browser is not None and pile.top_item is not None:
            pile.browser.named(f"{self.address_of(pile.top_item)}/list", pile.browse_title)

    # --- the mouse: a click, and dragging a card of the hand onto a target -----------------------------
    def _item_at(self, pos: QPointF) -> Any:
        for it in self.items(pos):
            if isinstance(it, ButtonItem) and it.isVisible() and it.card_scene_rect().contains(pos):
                return it
        for it in self.items(pos):
            if (isinstance(it, SpheresTCGCard) and it.isVisible() and it.acceptedMouseButtons() != Qt.MouseButton.NoButton
                    and it.card_scene_rect().contains(pos)):
                return it
        return None

    def clicked(self, item: Any) -> None:
        if item is not None:
            self.activate(item)
            return
        for pile in self.layout.piles + self.walkthrough.piles:  # a click on the felt closes a pile's list
            if pile.browser is not None:
                pile.close_browser()

    def start_drag(self, item: Any, start: QPointF, pos: QPointF) -> SpheresTCGCard | None:
        if not (isinstance(item, SpheresTCGCard) and item.role == "hand" and self.view["step"] == Step.MAIN):
            return None
        if (pos - start).manhattanLength() < 14 or self.choosing.same(item.card_id, (Move.SPEND,)) is None:
            return None
        card_id = item.card_id
        self.choosing.selected = self.choosing.same(card_id, (Move.SPEND,))
        self._rebuild()  # (the targets light up)
        dragged = next(h for h in self.layout.hand if h.card_id == card_id)
        dragged.setZValue(60)
        dragged.setOpacity(0.85)
        self._drag_offset = pos - dragged.card_scene_rect().center()
        return dragged

    def move_drag(self, pos: QPointF) -> None:
        r = self._drag.rect()
        self._drag.setPos(QPointF(pos.x() - r.width() / 2, pos.y() - r.height() / 2))

    def release_drag(self, dragged: SpheresTCGCard, pos: QPointF) -> None:
        target = next((it for it in self.items(pos) if it is not dragged and it in self._actions
                       and self._actions[it].kind == Move.SPEND and it.card_scene_rect().contains(pos)), None)
        pending, self._pending_view = self._pending_view, None
        if target is not None and pending is None:
            self.emit_action(self._actions[target])
            return
        if pending is not None:
            self.status.emit(MOVED_WHILE_DRAGGED)
            self.show_view(*pending)
            return
        self.choosing.selected = None
        self._rebuild()

    # --- the keyboard ----------------------------------------------------------------------------
    def keys_active(self) -> bool:
        return self.view is not None and (bool(self.legal) or bool(self.view.get("walkthrough")))

    def may_pick(self, item: SpheresTCGCard) -> bool:
        return self._choosable(item) or item in self._actions

    def pick(self, item: SpheresTCGCard) -> None:
        self.activate(item)
        if self.view is not None and self.has_selection():
            self.focus_next()

    # --- background --------------------------------------------------------------------------------
    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        draw_cloth(p, rect, self.sceneRect(), "#15132a", ("#3a2f63", "#2a2350", "#1c1738"), "#8a6d3b")

