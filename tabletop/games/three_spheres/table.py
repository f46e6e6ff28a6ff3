"""The Three Spheres TCG table: a QGraphicsScene that draws one seat's view (the layout is in
:mod:`.layout`, the cards in :mod:`.card_items`) and turns clicks into moves.

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

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter

from tabletop.client.table_base import TableScene
from tabletop.client.table_items import ButtonItem, DecorItem, PanelItem, TableItem, draw_cloth, framed
from tabletop.client.zones import HandZone, PileZone, activate_zone, zone_of
from tabletop.engine.actions import Action

from .card_items import SpheresTCGCard
from .cards import info, kind_of
from .animation import Flights
from .layout import ASPECT, GOLD, ThreeSpheresLayout, WalkthroughLayout, n_cards, name_of
from .steps import Move, Step

WALK_STEP_MS = 650  # a dynamic card of the walk-through
WALK_MOST_MS = 14_000  # the whole walk at most (the app's end screen waits for it)


def action_words(a: Action, view: dict[str, Any]) -> str:
    """A move in the words of a button or a hint."""
    k = a.kind
    if k == Move.PLAY:
        return f"Play {name_of(a['card'])}"
    if k == Move.SPEND:
        return f"Spend {name_of(a['card'])} on {name_of(a['target'])}"
    if k == Move.BUY:
        return f"Buy {name_of(a['target'])} (free)"
    if k == Move.END:
        return "End turn"
    if k == Move.ASSIGN:
        return f"Put the resources on {name_of(a['target'])}"
    if k == Move.TRASH:
        return f"Trash {name_of(a['card'])}"
    if k == Move.TAKE:
        return f"Take {name_of(a['card'])}"
    if k == Move.COPY:
        return f"Copy {name_of(a['card'])}"
    if k == Move.SPACE:
        stack = view["spaces"][a["space"]]
        return f"Lay it on {name_of(stack[-1])}" if stack else f"Lay it on space {a['space'] % 3 + 1}"
    if k == Move.DONE:
        step = view["step"]
        return {Step.RESOURCES: "Let them go", Step.TRASH: "Done: trash no more",
                Step.TAKE: "Take nothing"}.get(step, "Done")
    return str(a)


class ThreeSpheresTable(Flights, ThreeSpheresLayout, WalkthroughLayout, TableScene):
    """The Three Spheres TCG table (see the module docstring)."""

    escape_keeps_focus = False
    hint_pulses = False
    drags = True
    stretches = True  # a taller window: the seated player's cards (most) and the World's grow
    refusal = None

    def __init__(self, game: Any, names: list[str], parent: Any = None) -> None:
        super().__init__(game, names, parent)
        self.selected: str | None = None  # a card of the hand chosen first
        self._walk_timer = QTimer(self)
        self._walk_timer.timeout.connect(self._walk_tick)
        self._walk_at = 0
        self._walked: Any = None  # the view whose walk-through has been played
        self._pending_view: tuple[dict[str, Any], list[Action], Action | None] | None = None
        self.flying = []  # the stand-ins of the cards on their way (see .animation)
        self._reset_refs()

    # --- TableScene API --------------------------------------------------------------------------
    def show_view(self, view: dict[str, Any], legal: list[Action], last_action: Action | None = None) -> None:
        if self._drag is not None:  # a card is being dragged: the new view waits until it is let go
            self._pending_view = (view, legal, last_action)
            return
        old = self.view if self.view is not None and self.view.get("seat") == view.get("seat") else None
        animate = self.animations and old is not None and last_action is not None and not old.get("walkthrough")
        before = self._card_places() if animate else {}
        self.view = view
        self.set_legal(legal)
        self.selected = None
        self._focus_index = None
        self._rebuild()
        if view.get("walkthrough"):
            self._start_walk()
        elif animate:
            self._animate_moves(old, before)

    def show_nothing(self) -> None:
        self._drag, self._press, self._pending_view = None, None, None
        self._stop_walk()
        super().show_nothing()

    def dispose(self) -> None:
        self._stop_walk()
        super().dispose()

    def busy(self) -> bool:
        return self._walk_timer.isActive()

    def showing(self) -> str:
        if not self._walk_timer.isActive():
            return ""
        return "The scoring: each collection counted card by card — click the table to see it all"

    def interrupt(self) -> bool:
        if self._walk_timer.isActive():
            self._finish_walk()
            return True
        return False

    # --- test-facing API ---------------------------------------------------------------------------
    def hand_items(self) -> list[SpheresTCGCard]:
        return list(self._hand)

    def hand_card_item(self, card_id: str) -> SpheresTCGCard:
        return next(h for h in self._hand if h.card_id == card_id)

    def card_item(self, card_id: str) -> SpheresTCGCard | None:
        """The item showing ``card_id`` (a target, a card in play, in a spread, in the hand ...)."""
        return self._items_by_id.get(card_id)

    def space_item(self, space: int) -> SpheresTCGCard | None:
        """The top card of World space ``space``."""
        return self._world_tops.get(space)

    def opponent_backs(self) -> list[SpheresTCGCard]:
        return list(self._opp_backs)

    def button_for(self, action: Action) -> ButtonItem | None:
        return next((b for b in self._buttons if b.action == action), None)

    def choice_items(self) -> list[ButtonItem]:
        return [b for b in self._buttons if b.action is not None]

    def discard_pile(self, p: int) -> PileZone | None:
        return self._discards.get(p)

    def item_for(self, action: Action) -> TableItem | None:
        """The item a click on which plays ``action`` now (a lit card or a button)."""
        for item, a in self._actions.items():
            if a == action:
                return item
        return self.button_for(action)

    def item_words(self, item: Any) -> list[str]:
        if isinstance(item, SpheresTCGCard) and item.card_id is not None:
            return [item.card_id, info(item.card_id).name, item.note]
        return []

    # --- building ----------------------------------------------------------------------------------
    def _reset_refs(self) -> None:
        self._buttons: list[ButtonItem] = []
        self._hand: list[SpheresTCGCard] = []
        self._hand_zone: HandZone | None = None
        self._opp_backs: list[SpheresTCGCard] = []
        self._panels: dict[int, PanelItem] = {}
        self._piles: list[PileZone] = []
        self._discards: dict[int, PileZone] = {}
        self._items_by_id: dict[str, SpheresTCGCard] = {}
        self._spots: dict[Any, QRectF] = {}  # the piles and hands by place, where cards fly from and to
        self._targets: dict[str, SpheresTCGCard] = {}  # buy targets by card: World tops, own Discovery
        self._world_tops: dict[int, SpheresTCGCard] = {}
        self._my_in_play: dict[str, SpheresTCGCard] = {}
        self._picker: list[SpheresTCGCard] = []  # the Realm discard laid out to trash from
        self._actions: dict[Any, Action] = {}  # what a click on a lit item plays now
        self._walk_steps: list[list[Any]] = []
        self._hinted = []

    def relayout(self) -> None:
        """The view on show laid out again for the table's new height; a walk-through being played
        goes on from the step it had reached."""
        if not self._walk_timer.isActive():
            self._rebuild()
            return
        at, interval = self._walk_at, self._walk_timer.interval()
        self._walk_timer.stop()  # (a pause, not the end: the app is not told the table settled)
        self._rebuild()
        self._play_walk(at, interval)

    def _rebuild(self) -> None:
        self.stop_animations()  # (their items are about to go)
        self.flying = []
        self.clear_hint()
        self._stop_walk()
        self.clear()
        self._reset_refs()
        if self.view is None:
            return
        if self.view.get("walkthrough"):
            self._build_walkthrough()
            return
        self._build_opponent(1 - self.me)
        self._build_world()
        self._build_prompt()
        self._build_mine()
        if self._trash_from_discard():
            self._build_picker()
        self.refresh_marks()

    def _trash_from_discard(self) -> bool:
        v = self.view
        return bool(self.legal) and v["step"] == Step.TRASH and (v["pending"] or {}).get("from") == "discard"

    def _build_picker(self) -> None:
        """A trash from the Realm discard: its cards (one of each kind) laid out over the World."""
        cards = [a["card"] for a in self.legal if a.kind == Move.TRASH]
        r = self.bands.world.adjusted(6, 6, -6, -6)
        board = DecorItem(r, framed(GOLD, 2, QColor(12, 12, 20, 235), 12), "ts-picker")
        board.setZValue(30)
        self.addItem(board)
        head = self._label(QRectF(r.x() + 14, r.y() + 8, r.width() - 28, 20),
                           f"Your Realm discard — click a card to trash it ({n_cards(len(cards))} to choose from)", 14, GOLD, True)
        head.setZValue(31)
        zone = HandZone(QRectF(r.x() + 14, r.y() + 36, r.width() - 28, r.height() - 46), cards,
                        lambda rr, c, i: SpheresTCGCard(rr, c, "picker"), max_len=self.bands.world_card, gap=6.0,
                        aspect=ASPECT)
        zone.setZValue(32)
        self.addItem(zone)
        self._picker = zone.card_items()

    # --- the words ---------------------------------------------------------------------------------
    def _prompt_words(self) -> tuple[str, str]:
        v = self.view
        turn, step, pending = v["turn"], v["step"], v["pending"] or {}
        if turn is None:
            return "", ""
        whose = f"{self.possessive(turn)} turn"
        if not self.legal:
            return whose, f"Waiting for {self.name(turn)}…"
        if step == Step.MAIN:
            if self.selected is not None:
                c = info(self.selected)
                parts = []
                if c.resources:
                    parts.append(f"click a lit card to spend its {c.resources} resource{'s' if c.resources != 1 else ''} there")
                if self._play_action() is not None:
                    parts.append("play it for its ability")
                return whose, f"{c.name}: " + (", or ".join(parts) or "nothing to do with it now") + "."
            return whose, ("Click a card of your hand, then a lit card to spend it there — or play it. "
                           "Drag works too. End the turn when you are done.")
        if step == Step.RESOURCES:
            amount = pending.get("amount", 0)
            src = f" from {name_of(pending['source'])}" if pending.get("source") else ""
            return whose, f"{amount} resource{'s' if amount != 1 else ''}{src}: click a lit card to put them there, or let them go."
        if step == Step.TRASH:
            left = pending.get("left", 1)
            where = "your hand" if pending.get("from") == "hand" else "your Realm discard (laid out over the World)"
            return whose, f"Trash up to {n_cards(left)} from {where}: click one, or stop."
        if step == Step.TAKE:
            where = "the World" if pending.get("from") == "world" else "your Discovery spread"
            return whose, f"Take a card of level {pending.get('max_level', 0)} or lower from {where} for free: click a lit card, or take nothing."
        if step == Step.COPY:
            return whose, "Click another card you have in play to copy its ability."
        if step == Step.FLIP_SPACE:
            side = pending.get("side", 0)
            where = self.possessive(side, capital=False)
            return whose, f"{name_of(v['flipped'])} is flipped and {where} side is full: click the stack it goes on."
        return whose, ""

    def _choices(self) -> list[tuple[str, Action | None, str]]:
        v = self.view
        out: list[tuple[str, Action | None, str]] = []
        if v["step"] == Step.MAIN:
            play = self._play_action()
            if play is not None:
                out.append((f"Play {name_of(self.selected)}", play, "ability"))
            if self.selected is not None:
                out.append(("Cancel", None, "cancel"))
            out += [(action_words(a, v), a, "choice") for a in self.legal if a.kind == Move.BUY][:2]
            out += [(action_words(a, v), a, "choice") for a in self.legal if a.kind == Move.END]
        else:
            out += [(action_words(a, v), a, "cancel") for a in self.legal if a.kind == Move.DONE]
        return out

    def hint_for(self, action: Action) -> tuple[list[Any], str]:
        if action.kind in (Move.SPEND, Move.PLAY) and self.view is not None:
            self.selected = action["card"]
            self._rebuild()
        item = self.item_for(action)
        marks = [item] if item is not None else []
        if action.kind == Move.SPEND:
            marks = [self._hand_item_of(action["card"])] + marks
        return marks, action_words(action, self.view)

    # --- marks -------------------------------------------------------------------------------------
    def _same(self, card_id: str | None, kinds: tuple[str, ...]) -> str | None:
        """The card of a legal action of one of ``kinds`` that is a copy of ``card_id`` (the rules
        offer one card of each kind: copies are the same choice)."""
        if card_id is None:
            return None
        for a in self.legal:
            if a.kind in kinds and a.get("card") == card_id:
                return card_id
        k = kind_of(card_id)
        for a in self.legal:
            if a.kind in kinds and isinstance(a.get("card"), str) and kind_of(a["card"]) == k:
                return a["card"]
        return None

    def _hand_item_of(self, card_id: str) -> SpheresTCGCard | None:
        exact = next((h for h in self._hand if h.card_id == card_id), None)
        return exact or next((h for h in self._hand if kind_of(h.card_id) == kind_of(card_id)), None)

    def _play_action(self) -> Action | None:
        if self.selected is None:
            return None
        a = Action.make(Move.PLAY, card=self.selected)
        return a if a in self.legal_set else None

    def _choosable(self, item: SpheresTCGCard) -> bool:
        """Whether a card of the hand may be chosen now (played or spent)."""
        return self.view["step"] == Step.MAIN and self._same(item.card_id, (Move.PLAY, Move.SPEND)) is not None

    def _lit_actions(self) -> dict[Any, Action]:
        """What a click on each lit item plays now."""
        v = self.view
        out: dict[Any, Action] = {}
        if not self.legal or v.get("walkthrough"):
            return out
        step = v["step"]
        by_target = {**self._targets, **self._my_in_play}
        for a in self.legal:
            k = a.kind
            if k == Move.SPEND and self.selected is not None and a["card"] == self.selected:
                item = by_target.get(a["target"])
            elif k == Move.BUY and self.selected is None:
                item = self._targets.get(a["target"])
            elif k == Move.ASSIGN:
                item = by_target.get(a["target"])
            elif k == Move.TAKE:
                item = self._targets.get(a["card"])
            elif k == Move.COPY:
                item = self._my_in_play.get(a["card"])
            elif k == Move.SPACE:
                item = self._world_tops.get(a["space"])
            elif k == Move.TRASH and step == Step.TRASH:
                pool = self._picker if self._picker else self._hand
                item = next((h for h in pool if h.card_id == a["card"]), None)
                if item is not None:  # (the copies of a kind in the hand are the same choice)
                    for h in pool:
                        if kind_of(h.card_id) == kind_of(a["card"]):
                            out[h] = a
            else:
                item = None
            if item is not None:
                out[item] = a
        return out

    def refresh_marks(self) -> None:
        if self.view is None:
            return
        self._actions = self._lit_actions()
        for h in self._hand:
            h.selected_ = self.selected is not None and h.card_id == self._hand_item_card(self.selected)
            h.highlighted = (h in self._actions) or (self.selected is None and bool(self.legal) and self._choosable(h))
            h.setCursor(Qt.OpenHandCursor if self._choosable(h) else Qt.ArrowCursor)
        for item in set(self._items_by_id.values()) | set(self._picker) | set(self._world_tops.values()):
            if item in self._hand:
                continue
            item.highlighted = item in self._actions
            item.setCursor(Qt.PointingHandCursor if item.highlighted else Qt.ArrowCursor)
        self.mark_focus()
        for it in self.items():
            if isinstance(it, TableItem):
                it.update()

    def _hand_item_card(self, card_id: str) -> str | None:
        """The card of the hand shown chosen for ``card_id`` (a copy the rules name stands for the
        card clicked)."""
        item = self._hand_item_of(card_id)
        return item.card_id if item is not None else None

    def focusable_items(self) -> list[Any]:
        if self.view is None:
            return []
        if self.view.get("walkthrough"):
            return [it for pile in self._piles for it in pile.focusable()]
        items: list[Any] = [h for h in self._hand if self._choosable(h) or h in self._actions]
        items += [it for it in self._actions if it not in items]
        items += [b for b in self._buttons if b.action is not None or b.kind == "cancel"]
        return items

    def focus_next(self) -> None:
        items = self.focusable_items()
        first = next((i for i, it in enumerate(items) if it in self._actions and it not in self._hand), None)
        if first is not None:
            self._focus_index = first
            self.refresh_marks()

    # --- acting --------------------------------------------------------------------------------------
    def selection(self) -> tuple[Any, ...]:
        return (self.selected,)

    def clear_selection(self) -> None:
        self.selected = None

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
            return  # a Realm discard's list opened or closed
        if not isinstance(item, SpheresTCGCard):
            return
        if not self.legal:
            if item.role == "hand" or item.highlighted:
                self.say_waiting()
            return
        if item.role == "hand":
            self._click_hand(item)
            return
        self.status.emit(self._why_not(item))

    def _click_hand(self, item: SpheresTCGCard) -> None:
        if not self._choosable(item):
            self.status.emit("That card is not part of the choice now." if self.view["step"] != Step.MAIN
                             else f"{info(item.card_id).name} can be neither played nor spent.")
            return
        same = self._same(item.card_id, (Move.PLAY, Move.SPEND))
        self.selected = None if self.selected == same else same
        self._rebuild()

    def _why_not(self, item: SpheresTCGCard) -> str:
        v = self.view
        if item.role == "their_discovery":
            return f"Only {self.name(1 - self.me)} buys from their Discovery spread."
        if v["step"] == Step.MAIN and self.selected is None and item.role in ("world", "discovery", "in_play"):
            return "Choose a card of your hand first, then click where its resources go."
        if v["step"] == Step.MAIN and self.selected is not None:
            return f"{name_of(self.selected)}'s resources cannot go there."
        return "That card is not part of the choice now."

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
        for pile in self._piles:  # a click on the felt closes a pile's list
            if pile.browser is not None:
                pile.close_browser()

    def start_drag(self, item: Any, start: QPointF, pos: QPointF) -> SpheresTCGCard | None:
        if not (isinstance(item, SpheresTCGCard) and item.role == "hand" and self.view["step"] == Step.MAIN):
            return None
        if (pos - start).manhattanLength() < 14 or self._same(item.card_id, (Move.SPEND,)) is None:
            return None
        card_id = item.card_id
        self.selected = self._same(card_id, (Move.SPEND,))
        self._rebuild()  # (the targets light up)
        dragged = next(h for h in self._hand if h.card_id == card_id)
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
            self.status.emit("The table changed while you moved the card; try again.")
            self.show_view(*pending)
            return
        self.selected = None
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

    # --- the walk-through --------------------------------------------------------------------------
    def _start_walk(self) -> None:
        steps = self._walk_steps
        if not self.animations or self._walked == _walk_key(self.view) or len(steps) <= 1:
            self._walked = _walk_key(self.view)
            return
        self._play_walk(0, min(WALK_STEP_MS, WALK_MOST_MS // len(steps)))

    def _play_walk(self, at: int, interval: int) -> None:
        """The walk-through played from step ``at`` on (what the steps before show is shown)."""
        for group in self._walk_steps[at:]:
            for it in group:
                it.setVisible(False)
        self._walk_at = at
        self._walk_timer.start(interval)

    def _walk_tick(self) -> None:
        if self._walk_at >= len(self._walk_steps):
            self._finish_walk()
            return
        for it in self._walk_steps[self._walk_at]:
            if it.scene() is self:
                it.setVisible(True)
        self._walk_at += 1
        if self._walk_at >= len(self._walk_steps):
            self._finish_walk()

    def _finish_walk(self) -> None:
        for group in self._walk_steps:
            for it in group:
                if it.scene() is self:
                    it.setVisible(True)
        was = self._walk_timer.isActive()
        self._walk_timer.stop()
        self._walked = _walk_key(self.view) if self.view is not None else None
        if was:
            self.settled.emit()

    def _stop_walk(self) -> None:
        if self._walk_timer.isActive():
            self._walk_timer.stop()
            self.settled.emit()

    # --- background --------------------------------------------------------------------------------
    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        draw_cloth(p, rect, self.sceneRect(), "#15132a", ("#3a2f63", "#2a2350", "#1c1738"), "#8a6d3b")


def _walk_key(view: dict[str, Any] | None) -> Any:
    """What tells one game's end from another's (a walk-through is played once per end)."""
    if view is None or not view.get("walkthrough"):
        return None
    return (view.get("seat"), tuple(w["total"] for w in view["walkthrough"]),
            tuple(len(w["none"]) + len(w["fixed"]) + len(w["dynamic"]) for w in view["walkthrough"]))
