"""The Once Upon a Forest table: a QGraphicsScene that draws one seat's view.

Layout (logical 1600 x 900 scene units):

* top band: the other players, each in a panel -- name, score, hand (card backs showing
  the level), a spot for a card they were given, and their forest drawn small;
* middle band: what is happening now (left), the five face-down piles (centre) and the spot
  for a card given to the seated player (right);
* bottom: the seated player's forest, large, with row labels, and their hand face up, and a
  legend of the animal species.

The table stretches (:attr:`~tabletop.client.table_base.TableScene.stretches`): in a window
taller than 16:9 the scene is up to 1200 units tall, a quarter of the extra height goes to the
other players' panels (their forests' rows grow) and the rest to the seated player's area (their
forest's rows and their hand's cards grow); at 900 units the layout is the one above.

Everything is painted as vectors (paths, gradients and text) so the table is sharp at any
scale: the cards and places are in :mod:`.card_items`, the layout in :mod:`.layout`; this module
keeps the choosing.  The table reads only the view it is given and acts only by emitting
``action_chosen`` (the keys, the focus ring, the hint and emitting are the client's
:class:`~tabletop.client.table_base.TableScene`).

Painting a card, a slot or a label takes about a millisecond of Python, and a table has some
80 of them, so an item that can be is drawn once at the view's device resolution into a
pixmap -- a *sprite* -- kept by what it shows (its card, its marks, its size on screen): a
frame is then a few dozen pixmap copies, and a redrawn table (a new ``show_view``) finds most
of its sprites already made.  See :class:`SpriteCache` (each table owns one).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QRadialGradient

from tabletop.client.table_base import TableScene
from tabletop.client.table_items import LabelItem, TableItem, fly
from tabletop.engine.actions import Action

from .card_items import DURATION_MS, CardItem, CompostItem, PanelItem, PileItem, SlotItem
from .cards import LEVELS, card
from .layout import ForestLayout
from .steps import Move
from .rules import (
    DRAW,
    GIVE,
    PLACE,
    PLAY,
    SETUP,
    compost_action,
    draw_action,
    give_action,
    place_action,
    placement_problem,
    play_action,
)


# --- the scene ---------------------------------------------------------------------------
class ForestTable(ForestLayout, TableScene):
    """The Once Upon a Forest table (see the module docstring for the layout)."""

    cancel_words = "Selection cancelled."
    drags = True
    stretches = True  # a taller window gives the forests and the hand more room (see the module docstring)

    def __init__(self, game: Any, names: list[str], parent: Any = None) -> None:
        super().__init__(game, names, parent)
        self.selected: str | None = None
        self._hand: list[CardItem] = []
        self._slots: dict[tuple[int, int, int], SlotItem] = {}
        self._piles: list[PileItem] = []
        self._panels: dict[int, PanelItem] = {}
        self._pending: CardItem | None = None
        self._rects: dict[tuple, QRectF] = {}  # layout of the current view, by key
        self._items_by_key: dict[tuple, TableItem] = {}
        self._drag_offset = QPointF()
        self._drag_home = QRectF()
        self.flying: list[CardItem] = []
        self.info_text = ""

    # --- helpers about the view ------------------------------------------------------------
    def _forest(self, p: int) -> list:
        return self.view["forests"][p]

    def _hand_ids(self) -> list[str]:
        if self.view is None or self.seat is None:
            return []
        return [c.get("id") for c in self.view["hands"][self.seat]]

    def _active_level(self) -> int | None:
        """The level of the card being placed now (the selection, or the pending card)."""
        if self.view is None:
            return None
        if self.view["stage"] == PLACE and self.view["pending"]:
            return card(self.view["pending"]["card"]).level
        if self.selected:
            return card(self.selected).level
        return None

    # --- TableScene API --------------------------------------------------------------------
    def show_view(self, view: dict[str, Any], legal: list[Action], last_action: Action | None = None) -> None:
        prev_view, prev_rects = self.view, dict(self._rects)
        self.view = view
        self.set_legal(legal)
        self.selected = None
        self._focus_index = None
        self._redraw()
        if (
            last_action is not None
            and self.animations
            and prev_view is not None
            and prev_view.get("seat") == view.get("seat")
            and prev_view != view  # a plain redraw of the same position is not animated again
        ):
            try:
                self._animate(last_action, prev_view, prev_rects)
            except (KeyError, IndexError, ValueError, TypeError):
                pass  # a view we cannot relate to the previous one (undo, load ...): no animation

    def _redraw(self) -> None:
        """Draw the view on show anew (its items go, the moves being played stop)."""
        self._stop_animations()
        self.clear()
        self._reset_refs()
        self._build()
        self.refresh_marks()

    def relayout(self) -> None:
        """A new height: the same view laid out again.  The card chosen, the focus ring and the
        hint stay; a card flying to its place is simply there."""
        self._redraw()

    def show_nothing(self) -> None:
        self._stop_animations()
        self.clear()
        self._reset_refs()
        self.view = None
        self.set_legal([])
        self.selected = None
        self._rects = {}
        title = LabelItem(QRectF(0, self.height / 2 - 50, 1600, 60), "Once Upon a Forest", 34, QColor(255, 255, 255, 120), True,
                          Qt.AlignHCenter | Qt.AlignVCenter)
        self.addItem(title)

    def hint_for(self, action: Action) -> tuple[list[Any], str]:
        marks: list[TableItem | None] = []
        kind = action.kind
        if kind == Move.DRAW:
            marks.append(self.pile_item(action["pile"]))
        elif kind in (Move.PLAY, Move.GIVE, Move.COMPOST):
            ids = self._hand_ids()
            if action["card"] in ids:
                marks.append(self.hand_item(ids.index(action["card"])))
            if kind == Move.PLAY:
                marks.append(self._slots.get((self.me, action["tree"], card(action["card"]).level)))
            elif kind == Move.GIVE:
                marks.append(self._panels.get(action["to"]))
            else:
                marks.append(self._compost)
        elif kind == Move.PLACE and self.view["pending"]:
            marks.append(self._pending)
            to = self.view["pending"]["to"]
            marks.append(self._slots.get((to, action["tree"], card(self.view["pending"]["card"]).level)))
        for m in marks:
            if m is not None and not isinstance(m, PanelItem):
                m.setZValue(max(m.zValue(), 6))
        names = {Move.DRAW: "draw from the marked pile", Move.PLAY: "play the marked card to the marked place",
                 Move.GIVE: "give the marked card to the marked player", Move.PLACE: "place the card in the marked slot",
                 Move.COMPOST: "compost the marked card"}
        return marks, names.get(kind, str(action))

    # --- test-facing API -------------------------------------------------------------------
    def hand_item(self, i: int) -> CardItem:
        """The i-th card of the hand drawn at the bottom (the seated player's)."""
        return self._hand[i]

    def hand_items(self) -> list[CardItem]:
        return list(self._hand)

    def slot_item(self, player: int, tree: int, row: int) -> SlotItem:
        return self._slots[(player, tree, row)]

    def pile_item(self, i: int) -> PileItem:
        return self._piles[i]

    def player_item(self, p: int) -> PanelItem:
        return self._panels[p]

    def pending_item(self) -> CardItem | None:
        return self._pending

    def compost_item(self) -> CompostItem | None:
        return self._compost

    def focusable_items(self) -> list[TableItem]:
        """What Tab cycles over now: the choosable hand cards, then the legal targets."""
        if not self.legal or self.view is None:
            return []
        stage = self.view["stage"]
        items: list[TableItem] = []
        if stage in (PLAY, GIVE):
            items += [h for h in self._hand if self._hand_choosable(h)]
        if stage in (SETUP, DRAW):
            items += [p for p in self._piles if draw_action(p.index) in self.legal_set]
        elif stage in (PLAY, PLACE):
            items += sorted((s for s in self._slots.values() if self._slot_legal(s)), key=lambda s: (s.tree, s.row))
        elif stage == GIVE and self.selected:
            items += [self._panels[p] for p in sorted(self._panels) if self._panel_legal(self._panels[p])]
            if self._compost is not None and self._panel_legal(self._compost):
                items.append(self._compost)
        return items

    # --- building ----------------------------------------------------------------------------
    def _reset_refs(self) -> None:
        self._hand, self._slots, self._piles, self._panels = [], {}, [], {}
        self._pending = None
        self._compost = None
        self._hand_zone = None
        self._panel_zones = {}
        self._items_by_key = {}
        self._rects = {}
        self._hinted = []
        self._press = None
        self._drag = None
        self.flying = []
        self.instruction = None

    def _add(self, item: TableItem, key: tuple | None = None) -> TableItem:
        self.addItem(item)
        return self._keep(item, key) if key is not None else item

    def _keep(self, item: TableItem, key: tuple) -> TableItem:
        """Remember ``item`` (drawn by the table or by one of its zones) and where it is, by ``key``."""
        self._items_by_key[key] = item
        self._rects[key] = item.card_scene_rect()
        return item


    # --- choosability ------------------------------------------------------------------------
    def _hand_choosable(self, item: CardItem) -> bool:
        if not self.legal or self.view["stage"] not in (PLAY, GIVE):
            return False
        return any(a.get("card") == item.card_id for a in self.legal)

    def _slot_legal(self, slot: SlotItem) -> bool:
        stage = self.view["stage"]
        if stage == PLAY and self.selected and slot.player == self.me:
            return slot.row == card(self.selected).level and play_action(self.selected, slot.tree) in self.legal_set
        if stage == PLACE and self.view["pending"] and slot.player == self.view["pending"]["to"]:
            return slot.row == card(self.view["pending"]["card"]).level and place_action(slot.tree) in self.legal_set
        return False

    def _panel_legal(self, panel: PanelItem) -> bool:
        if isinstance(panel, CompostItem):
            return bool(self.view["stage"] == GIVE and self.selected and compost_action(self.selected) in self.legal_set)
        return bool(self.view["stage"] == GIVE and self.selected and give_action(self.selected, panel.player) in self.legal_set)

    def _choosable(self, item: TableItem) -> bool:
        if not self.legal:
            return False
        if isinstance(item, CardItem) and item.role == "hand":
            return self._hand_choosable(item)
        if isinstance(item, SlotItem):
            return self._slot_legal(item)
        if isinstance(item, PileItem):
            return draw_action(item.index) in self.legal_set
        if isinstance(item, PanelItem):
            return self._panel_legal(item)
        return False

    def refresh_marks(self) -> None:
        """Highlights, selection, cursors and the instruction after any change of selection."""
        if self.view is None:
            return
        active = bool(self.legal)
        for h in self._hand:
            ok = self._hand_choosable(h)
            h.selected_ = h.card_id == self.selected
            h.data_["liftable"] = ok
            h.setAcceptHoverEvents(ok)
            h.setCursor(Qt.OpenHandCursor if ok else Qt.ArrowCursor)
            h.setZValue(3 if h.selected_ else 1)
            h.update()
        for s in self._slots.values():
            s.highlighted = active and self._slot_legal(s)
            s.setCursor(Qt.PointingHandCursor if s.highlighted else Qt.ArrowCursor)
            s.setZValue(1 if s.highlighted else 0)
            s.update()
        for pl in self._piles:
            pl.highlighted = active and draw_action(pl.index) in self.legal_set
            pl.setCursor(Qt.PointingHandCursor if pl.highlighted else Qt.ArrowCursor)
            pl.update()
        for pn in self._panels.values():
            pn.highlighted = active and self._panel_legal(pn)
            pn.setCursor(Qt.PointingHandCursor if pn.highlighted else Qt.ArrowCursor)
            pn.update()
        if self._pending is not None:
            self._pending.selected_ = active and self.view["stage"] == PLACE
            self._pending.update()
        self.mark_focus()
        for it in self._all_table_items():
            if (it.hinted or it.focused) and not isinstance(it, PanelItem):
                it.setZValue(max(it.zValue(), 6))
        if getattr(self, "instruction", None) is not None and self.instruction.scene() is self:
            self.instruction.text = self._instruction()
            self.instruction.update()

    def _all_table_items(self) -> list[TableItem]:
        return [it for it in self.items() if isinstance(it, TableItem)]

    # --- acting --------------------------------------------------------------------------------
    def selection(self) -> tuple[Any, ...]:
        return (self.selected,)

    def clear_selection(self) -> None:
        self.selected = None

    def _select(self, card_id: str | None) -> None:
        self.selected = card_id
        self.refresh_marks()

    def activate(self, item: TableItem) -> None:
        """What a click (or Enter) on ``item`` does."""
        if self.view is None or not self.legal:
            return
        stage = self.view["stage"]
        if isinstance(item, CardItem) and item.role == "hand":
            if not self._hand_choosable(item):
                self.status.emit(self._stage_reminder())
                return
            self._select(None if self.selected == item.card_id else item.card_id)
            if self.selected:
                what = "play" if stage == PLAY else "compost" if self.view["players"] == 1 else "give"
                where = "click the compost" if what == "compost" else f"choose where to {what} it"
                self.status.emit(f"{card(self.selected).label()} — {where}.")
            return
        if isinstance(item, PileItem):
            if draw_action(item.index) in self.legal_set:
                self.emit_action(draw_action(item.index))
            elif stage in (SETUP, DRAW):
                self.status.emit(f"Pile {item.index + 1} is empty.")
            else:
                self.status.emit(self._stage_reminder())
            return
        if isinstance(item, SlotItem):
            self._slot_clicked(item)
            return
        if isinstance(item, PanelItem):
            self._panel_clicked(item)
            return
        if isinstance(item, CardItem) and item.role == "pending":
            if stage == PLACE and self.seat == self.view["pending"]["to"]:
                self.status.emit(f"Place {card(item.card_id).name} in a highlighted {LEVELS[item.level]} slot.")
            return
        if isinstance(item, CardItem) and item.role == "back":
            if stage == GIVE:
                owner = self._owner_of_back(item)
                if owner is not None and owner in self._panels:
                    self._panel_clicked(self._panels[owner])
                    return
            self.status.emit(self._stage_reminder())

    def _owner_of_back(self, item: CardItem) -> int | None:
        for key, it in self._items_by_key.items():
            if it is item and key[0] == "hand":
                return key[1]
        return None

    def _stage_reminder(self) -> str:
        stage = self.view["stage"]
        return {
            PLAY: "First play a card from your hand to your forest.",
            GIVE: "Now give one of your remaining cards to another player.",
            PLACE: "First place the card you were given in your forest.",
            SETUP: "Draw your starting cards from the piles.",
            DRAW: "Draw back to three cards from the piles.",
        }.get(stage, "")

    def _slot_clicked(self, slot: SlotItem, card_id: str | None = None) -> None:
        stage = self.view["stage"]
        if stage == PLAY:
            cid = card_id or self.selected
            if cid is None:
                self.status.emit("Choose a card from your hand first.")
                return
            if slot.player != self.me:
                self.status.emit("You play cards to your own forest.")
                return
            level = card(cid).level
            problem = placement_problem(self._forest(self.me), level, slot.tree, slot.row)
            if problem is None and play_action(cid, slot.tree) not in self.legal_set:
                problem = "That card cannot go there now."
            if problem:
                self.status.emit(problem)
                return
            self.emit_action(play_action(cid, slot.tree))
        elif stage == PLACE:
            pend = self.view["pending"]
            if slot.player != pend["to"]:
                self.status.emit("Place the card in your own forest.")
                return
            level = card(pend["card"]).level
            problem = placement_problem(self._forest(pend["to"]), level, slot.tree, slot.row)
            if problem is None and place_action(slot.tree) not in self.legal_set:
                problem = "The card cannot go there now."
            if problem:
                self.status.emit(problem)
                return
            self.emit_action(place_action(slot.tree))
        elif stage == GIVE and slot.player != self.me and slot.player in self._panels:
            self._panel_clicked(self._panels[slot.player], card_id)
        else:
            self.status.emit(self._stage_reminder())

    def _panel_clicked(self, panel: PanelItem, card_id: str | None = None) -> None:
        stage = self.view["stage"]
        if stage != GIVE:
            self.status.emit(self._stage_reminder())
            return
        cid = card_id or self.selected
        if cid is None:
            self.status.emit("Choose the card to give first.")
            return
        if isinstance(panel, CompostItem):
            self.emit_action(compost_action(cid))
            return
        if panel.player == self.me:
            self.status.emit("Give the card to another player.")
            return
        self.emit_action(give_action(cid, panel.player))

    # --- mouse -----------------------------------------------------------------------------------
    def _item_at(self, pos: QPointF, exclude: TableItem | None = None) -> TableItem | None:
        """The most useful item under ``pos``: a choosable one first, else the topmost with a role."""
        found = [it for it in self.items(pos) if isinstance(it, TableItem) and it.role and it is not exclude
                 and it not in self.flying and it.card_scene_rect().contains(pos)]
        for it in found:
            if self._choosable(it):
                return it
        return found[0] if found else None

    def start_drag(self, item: Any, start: QPointF, pos: QPointF) -> CardItem | None:
        if not (
            isinstance(item, CardItem)
            and item.role in ("hand", "pending")
            and (item.role == "pending" and self.legal and self.view["stage"] == PLACE or self._hand_choosable(item))
            and (pos - start).manhattanLength() > 8
        ):
            return None
        self._drag_home = item.card_scene_rect()
        self._drag_offset = start - self._drag_home.topLeft()
        item.setZValue(50)
        if item.parentItem() is not None:
            item.parentItem().setZValue(50)  # (the hand's zone: the card flies over the whole table)
        item.setCursor(Qt.ClosedHandCursor)
        if item.role == "hand" and self.selected != item.card_id:
            self._select(item.card_id)
        return item

    def move_drag(self, pos: QPointF) -> None:
        self._drag.setPos(pos - self._drag_offset)

    def release_drag(self, dragged: CardItem, pos: QPointF) -> None:
        dragged.setPos(self._drag_home.topLeft())
        dragged.setZValue(3)
        if dragged.parentItem() is not None:
            dragged.parentItem().setZValue(1)
        target = self._item_at(pos, exclude=dragged)
        if target is not None and isinstance(target, (SlotItem, PanelItem)):
            cid = dragged.card_id if dragged.role == "hand" else None
            if isinstance(target, SlotItem):
                self._slot_clicked(target, cid)
            else:
                self._panel_clicked(target, cid)
        elif target is not None and isinstance(target, CardItem) and target.role == "back":
            self.activate(target)
        self.refresh_marks()

    # --- keyboard (the keys are the base's; these are the hooks) --------------------------------
    def may_pick(self, item: CardItem) -> bool:
        return self._hand_choosable(item)

    def pick(self, item: CardItem) -> None:
        # the digit of the chosen card keeps it chosen (a click would put it back)
        if self.selected != item.card_id:
            self.activate(item)
        if self.selected:
            self.focus_next()

    def focus_next(self) -> None:
        """The ring goes to the first target of the chosen card."""
        items = self.focusable_items()
        n_hand = sum(1 for it in items if isinstance(it, CardItem) and it.role == "hand")
        self._focus_index = n_hand if n_hand < len(items) else None
        self.refresh_marks()

    # --- animation -----------------------------------------------------------------------------
    def _stop_animations(self) -> None:
        self.clear_hint()
        self.stop_animations()
        self.flying = []

    def _animate(self, action: Action, prev: dict[str, Any], prev_rects: dict[tuple, QRectF]) -> None:
        v = self.view
        kind = action.kind
        face: str | None = None
        level: int
        if kind == Move.DRAW:
            drawer = prev["decider"]
            start = prev_rects[("pile", action["pile"])]
            end_key = ("hand", drawer, len(v["hands"][drawer]) - 1)
            new = v["hands"][drawer][-1]
            face = new.get("id")
            level = new["level"]
        elif kind in (Move.PLAY, Move.GIVE, Move.COMPOST):
            player = prev["turn"]
            face = action["card"]
            level = card(face).level
            old = prev["hands"][player]
            ids = [c.get("id") for c in old]
            idx = ids.index(face) if face in ids else next(i for i, c in enumerate(old) if c["level"] == level)
            start = prev_rects[("hand", player, idx)]
            if kind == Move.PLAY:
                end_key = ("slot", player, action["tree"], level)
            elif kind == Move.GIVE:
                end_key = ("pending",)
            else:
                end_key = ("compost", min(len(v["compost"]), 12) - 1)
        elif kind == Move.PLACE:
            face = prev["pending"]["card"]
            level = card(face).level
            start = prev_rects[("pending",)]
            end_key = ("slot", prev["pending"]["to"], action["tree"], level)
        else:
            return
        end = self._rects[end_key]
        dest = self._items_by_key.get(end_key)
        flying = CardItem(start, face, level, None)
        self.flying.append(flying)
        fly(self, flying, start, end, self._anims, DURATION_MS, dest,
            done=lambda: self.flying.remove(flying) if flying in self.flying else None)

    # --- background ----------------------------------------------------------------------------
    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        # beyond the table (a window not shaped 16:9) the floor is the felt's darkest green, so
        # the table never sits between black bars
        p.fillRect(rect, QColor("#14291a"))
        sr = self.sceneRect()  # (900 units tall, or more in a taller window)
        # a wooden rim
        wood = QLinearGradient(sr.topLeft(), sr.bottomRight())
        wood.setColorAt(0, QColor("#6b4526"))
        wood.setColorAt(0.5, QColor("#85582f"))
        wood.setColorAt(1, QColor("#5a391f"))
        felt_r = sr.adjusted(4, 4, -4, -4)
        # only the rim is filled with wood, as four bands wide enough for the felt's rounded
        # corners (the felt covers the rest): a full-size linear gradient was most of the cost
        band = 4 + 10
        p.setPen(Qt.NoPen)
        p.setBrush(wood)
        for r in (QRectF(sr.x(), sr.y(), sr.width(), band), QRectF(sr.x(), sr.bottom() - band, sr.width(), band),
                  QRectF(sr.x(), sr.y(), band, sr.height()), QRectF(sr.right() - band, sr.y(), band, sr.height())):
            p.drawRect(r)
        felt = QRadialGradient(felt_r.center(), felt_r.width() * 0.65)
        felt.setColorAt(0, QColor("#2f6440"))
        felt.setColorAt(0.7, QColor("#234d31"))
        felt.setColorAt(1, QColor("#193823"))
        p.setBrush(felt)
        p.drawRoundedRect(felt_r, 10, 10)
