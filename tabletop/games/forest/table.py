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
scale: the cards and places are in :mod:`.card_items`, the layout in :mod:`.layout`, what a
click means in :mod:`.choosing` (pure Python), the words on the table in :mod:`.words` (pure
Python), the card that flies in :mod:`.animation`; this module hands clicks, drags and keys to
them.  The table reads only the view it is given and acts only by emitting ``action_chosen``
(the keys, the focus ring, the hint and emitting are the client's
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
from tabletop.client.table_items import LabelItem, TableItem
from tabletop.engine.actions import Action

from .animation import Flights
from .card_items import CardItem, CompostItem, PanelItem, PileItem, SlotItem
from .cards import card
from .choosing import Choosing, Click
from .layout import ForestLayout
from .rules import DRAW, GIVE, PLACE, PLAY, SETUP
from .steps import Move
from .words import CANCELLED, TITLE, hint


# --- the scene ---------------------------------------------------------------------------
class ForestTable(TableScene):
    """The Once Upon a Forest table (see the module docstring for the layout).  It has a layout
    (:attr:`layout`), the choosing (:attr:`choosing`) and the flights (:attr:`flights`); it keeps
    what a click, a drag or a key does on which item."""

    DECK_MOVES = True  # (drawing from a pile is a player's move)
    cancel_words = CANCELLED
    drags = True
    stretches = True  # a taller window gives the forests and the hand more room (see the module docstring)

    def __init__(self, game: Any, names: list[str], parent: Any = None) -> None:
        super().__init__(game, names, parent)
        self.choosing = Choosing()
        self.layout = ForestLayout(self)
        self.flights = Flights(self)
        self._drag_offset = QPointF()
        self._drag_home = QRectF()

    # --- TableScene API --------------------------------------------------------------------
    def show_view(self, view: dict[str, Any], legal: list[Action], last_action: Action | None = None) -> None:
        prev_view = self.view
        self.view = view
        self.set_legal(legal)
        self.choosing.show(view, self.legal, self.me)  # (nothing chosen)
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
                self.flights.fly(last_action, prev_view)
            except (KeyError, IndexError, ValueError, TypeError):
                pass  # a view we cannot relate to the previous one (undo, load ...): no animation

    def _redraw(self) -> None:
        """Draw the view on show anew (its items go, the moves being played stop)."""
        self._stop_animations()
        with self.drawing():
            self._reset_refs()
            self.layout.build(self.choosing.instruction(self))
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
        self.choosing.show(None, [], 0)
        title = LabelItem(QRectF(0, self.height / 2 - 50, 1600, 60), TITLE, 34, QColor(255, 255, 255, 120), True,
                          Qt.AlignHCenter | Qt.AlignVCenter)
        self.addItem(title)

    def hint_for(self, action: Action) -> tuple[list[Any], str]:
        lay = self.layout
        marks: list[TableItem | None] = []
        kind = action.kind
        if kind == Move.DRAW:
            marks.append(self.pile_item(action["pile"]))
        elif kind in (Move.PLAY, Move.GIVE, Move.COMPOST):
            ids = self._hand_ids()
            if action["card"] in ids:
                marks.append(self.hand_item(ids.index(action["card"])))
            if kind == Move.PLAY:
                marks.append(lay.slots.get((self.me, action["tree"], card(action["card"]).level)))
            elif kind == Move.GIVE:
                marks.append(lay.panels.get(action["to"]))
            else:
                marks.append(lay.compost)
        elif kind == Move.PLACE and self.view["pending"]:
            marks.append(lay.pending)
            to = self.view["pending"]["to"]
            marks.append(lay.slots.get((to, action["tree"], card(self.view["pending"]["card"]).level)))
        for m in marks:
            if m is not None and not isinstance(m, PanelItem):
                m.setZValue(max(m.zValue(), 6))
        return marks, hint(action)

    def _hand_ids(self) -> list[str]:
        if self.view is None or self.seat is None:
            return []
        return [c.get("id") for c in self.view["hands"][self.seat]]

    def item_words(self, item: Any) -> list[str]:
        """What a card, a place, a pile or an area is called -- a screen reader's name for it
        (:meth:`spoken`; where it lies and the rest are the item's ``about``)."""
        if isinstance(item, CompostItem):
            return ["Compost"]
        if isinstance(item, PanelItem):
            return [f"{self.possessive(item.player)} forest"]
        if isinstance(item, CardItem):
            return [card(item.card_id).name if item.card_id is not None else "A hidden card"]
        if isinstance(item, SlotItem):
            return [card(item.stack[-1]).name if item.stack else "New tree" if item.new_tree else "Empty slot"]
        if isinstance(item, PileItem):
            return [f"Pile {item.index + 1}"]
        return []

    # --- test-facing API -------------------------------------------------------------------
    def hand_item(self, i: int) -> CardItem:
        """The i-th card of the hand drawn at the bottom (the seated player's)."""
        return self.layout.hand[i]

    def hand_items(self) -> list[CardItem]:
        return list(self.layout.hand)

    def slot_item(self, player: int, tree: int, row: int) -> SlotItem:
        return self.layout.slots[(player, tree, row)]

    def pile_item(self, i: int) -> PileItem:
        return self.layout.piles[i]

    def player_item(self, p: int) -> PanelItem:
        return self.layout.panels[p]

    def pending_item(self) -> CardItem | None:
        return self.layout.pending

    def compost_item(self) -> CompostItem | None:
        return self.layout.compost

    def focusable_items(self) -> list[TableItem]:
        """What Tab cycles over now: the choosable hand cards, then the legal targets."""
        if not self.legal or self.view is None:
            return []
        lay, c = self.layout, self.choosing
        stage = self.view["stage"]
        items: list[TableItem] = []
        if stage in (PLAY, GIVE):
            items += [h for h in lay.hand if c.hand_choosable(h.card_id)]
        if stage in (SETUP, DRAW):
            items += [p for p in lay.piles if c.pile_legal(p.index)]
        elif stage in (PLAY, PLACE):
            items += sorted((s for s in lay.slots.values() if self._slot_legal(s)), key=lambda s: (s.tree, s.row))
        elif stage == GIVE and self.choosing.selected:
            items += [lay.panels[p] for p in sorted(lay.panels) if self._panel_legal(lay.panels[p])]
            if lay.compost is not None and self._panel_legal(lay.compost):
                items.append(lay.compost)
        return items

    # --- building ----------------------------------------------------------------------------
    def _reset_refs(self) -> None:
        self.layout.reset()
        self._hinted = []
        self._press = None
        self._drag = None
        self.flights.flying = []

    # --- choosability ------------------------------------------------------------------------
    def _slot_legal(self, slot: SlotItem) -> bool:
        return self.choosing.slot_legal(slot.player, slot.tree, slot.row)

    def _panel_legal(self, panel: PanelItem) -> bool:
        return self.choosing.panel_legal(None if isinstance(panel, CompostItem) else panel.player)

    def _choosable(self, item: TableItem) -> bool:
        if not self.legal:
            return False
        if isinstance(item, CardItem) and item.role == "hand":
            return self.choosing.hand_choosable(item.card_id)
        if isinstance(item, SlotItem):
            return self._slot_legal(item)
        if isinstance(item, PileItem):
            return self.choosing.pile_legal(item.index)
        if isinstance(item, PanelItem):
            return self._panel_legal(item)
        return False

    def refresh_marks(self) -> None:
        """Highlights, selection, cursors and the instruction after any change of selection."""
        if self.view is None:
            return
        lay = self.layout
        active = bool(self.legal)
        for h in lay.hand:
            ok = self.choosing.hand_choosable(h.card_id)
            h.selected_ = h.card_id == self.choosing.selected
            h.data_["liftable"] = ok
            h.setAcceptHoverEvents(ok)
            h.setCursor(Qt.OpenHandCursor if ok else Qt.ArrowCursor)
            h.setZValue(3 if h.selected_ else 1)
            h.update()
        for s in lay.slots.values():
            s.highlighted = active and self._slot_legal(s)
            s.setCursor(Qt.PointingHandCursor if s.highlighted else Qt.ArrowCursor)
            s.setZValue(1 if s.highlighted else 0)
            s.update()
        for pl in lay.piles:
            pl.highlighted = active and self.choosing.pile_legal(pl.index)
            pl.setCursor(Qt.PointingHandCursor if pl.highlighted else Qt.ArrowCursor)
            pl.update()
        for pn in lay.panels.values():
            pn.highlighted = active and self._panel_legal(pn)
            pn.setCursor(Qt.PointingHandCursor if pn.highlighted else Qt.ArrowCursor)
            pn.update()
        if lay.pending is not None:
            lay.pending.selected_ = active and self.view["stage"] == PLACE
            lay.pending.update()
        self.mark_focus()
        for it in self._all_table_items():
            if (it.hinted or it.focused) and not isinstance(it, PanelItem):
                it.setZValue(max(it.zValue(), 6))
        lay.show_instruction(self.choosing.instruction(self))

    def _all_table_items(self) -> list[TableItem]:
        return [it for it in self.items() if isinstance(it, TableItem)]

    # --- acting --------------------------------------------------------------------------------
    def selection(self) -> tuple[Any, ...]:
        return (self.choosing.selected,)

    def clear_selection(self) -> None:
        self.choosing.selected = None

    def _act(self, click: Click) -> None:
        """Play the action of a click, or say why there is none."""
        action, words = click
        if action is not None:
            self.emit_action(action)
        elif words is not None:
            self.status.emit(words)

    def activate(self, item: TableItem) -> None:
        """What a click (or Enter) on ``item`` does."""
        if self.view is None or not self.legal:
            return
        c = self.choosing
        if isinstance(item, CardItem) and item.role == "hand":
            if not c.hand_choosable(item.card_id):
                self.status.emit(c.stage_reminder())
                return
            words = c.click_hand(item.card_id)
            self.refresh_marks()
            if words:
                self.status.emit(words)
            return
        if isinstance(item, PileItem):
            self._act(c.click_pile(item.index))
        elif isinstance(item, SlotItem):
            self._act(c.click_slot(item.player, item.tree, item.row))
        elif isinstance(item, PanelItem):
            self._act(self._panel_click(item))
        elif isinstance(item, CardItem) and item.role == "pending":
            words = c.click_pending(self.seat, item.card_id)
            if words is not None:
                self.status.emit(words)
        elif isinstance(item, CardItem) and item.role == "back":
            owner = self.layout.owner_of_back(item) if self.view["stage"] == GIVE else None
            if owner is not None and owner in self.layout.panels:
                self._act(c.click_panel(owner))
            else:
                self.status.emit(c.stage_reminder())

    def _panel_click(self, panel: PanelItem, card_id: str | None = None) -> Click:
        return self.choosing.click_panel(None if isinstance(panel, CompostItem) else panel.player, card_id)

    # --- mouse -----------------------------------------------------------------------------------
    def _item_at(self, pos: QPointF, exclude: TableItem | None = None) -> TableItem | None:
        """The most useful item under ``pos``: a choosable one first, else the topmost with a role."""
        found = [it for it in self.items(pos) if isinstance(it, TableItem) and it.role and it is not exclude
                 and it not in self.flights.flying and it.card_scene_rect().contains(pos)]
        for it in found:
            if self._choosable(it):
                return it
        return found[0] if found else None

    def start_drag(self, item: Any, start: QPointF, pos: QPointF) -> CardItem | None:
        if not (
            isinstance(item, CardItem)
            and item.role in ("hand", "pending")
            and (item.role == "pending" and self.legal and self.view["stage"] == PLACE
                 or self.choosing.hand_choosable(item.card_id))
            and (pos - start).manhattanLength() > 8
        ):
            return None
        self._drag_home = item.card_scene_rect()
        self._drag_offset = start - self._drag_home.topLeft()
        item.setZValue(50)
        if item.parentItem() is not None:
            item.parentItem().setZValue(50)  # (the hand's zone: the card flies over the whole table)
        item.setCursor(Qt.ClosedHandCursor)
        if item.role == "hand" and self.choosing.selected != item.card_id:
            self.choosing.selected = item.card_id
            self.refresh_marks()
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
                self._act(self.choosing.click_slot(target.player, target.tree, target.row, cid))
            else:
                self._act(self._panel_click(target, cid))
        elif target is not None and isinstance(target, CardItem) and target.role == "back":
            self.activate(target)
        self.refresh_marks()

    # --- keyboard (the keys are the base's; these are the hooks) --------------------------------
    def may_pick(self, item: CardItem) -> bool:
        return self.choosing.hand_choosable(item.card_id)

    def pick(self, item: CardItem) -> None:
        # the digit of the chosen card keeps it chosen (a click would put it back)
        if self.choosing.selected != item.card_id:
            self.activate(item)
        if self.choosing.selected:
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
        self.flights.flying = []

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
