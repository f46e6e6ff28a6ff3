"""The table of Spheres, the shogun sowing game (and of the classic Ô ăn quan): a
QGraphicsScene that draws one seat's view.  Everything in this game is open, so every seat sees
the whole position; the seat decides only the orientation and what may be clicked.

Layout (logical 1600 x 900 scene units; the table stretches -- in a window taller than 16:9 the
scene is up to 1200 units tall, the board's rows and groove take up to 160 units more and the
panels below the rest, see :func:`.board_items.table_rects`):

* top: the other player's panel -- name, whose turn, imprisonment, the score, their captured
  stones grouped by kind with counts, what they borrowed (a debt, in red) or lent, and the
  special stones they chose (the only abilities they may use);
* middle: the wooden board.  The seated player's five squares run along the bottom, left to
  right; their rectangle (with their shogun) is at their right hand; the other player's squares
  run along the top and their rectangle is on the left.  Seat 2 sees the board turned round so
  that their squares are at the bottom too; a spectator sees the first player's orientation.
  Sowing one way is counter-clockwise on screen (along your own row to the right, ▶), the
  other way clockwise (◀).  Between the two rows runs a groove: the stones in hand lie there
  during a sowing, next to the place the sowing has reached; the imprisonment banner and the
  thief's dice are shown there too;
* bottom: the seated player's panel (left) and the prompt (right): what to do now, a tray of
  stones to choose from (the set-up, a refill, an ordination) and the buttons.

Stones: a peasant is a small round pebble; each special kind has its own shape, colour and
symbol (a gold shogun with a crown, a pink flower-shaped Hime, a red octagonal Samurai with a
sword ...).  Every stone's tooltip gives its name, value and ability; a place's tooltip its
name and contents.  Every place with stones carries a count badge; a crowded place is laid out
as a neat pile.

Choosing with the mouse:

* a turn: click a square of yours, then one of the two arrows that appear on it (◀ clockwise,
  ▶ counter-clockwise).  "Ordain…" (when it is possible) highlights the squares with a lone
  peasant: click one, then the captured special stone to put there;
* a sowing with a choice: the stones in hand lie in the groove; click the one to drop next (it
  is chosen already when the hand holds one kind).  Its destinations light up: the next place
  in green, the places its ability can reach in violet with the ability's name.  Click one.
  A Samurai that may turn the sowing round gets a "Turn round" button on the next place;
* the set-up and a refill: click a stone of the tray, then a highlighted square;
* imprisonment and the thief's dice: the buttons on the banner in the groove.

Keys (the common ones, and this game's):

* Tab / Shift+Tab move the focus ring over what may be chosen now: your sowable squares (then
  the buttons); once a square is chosen its two arrows; the stones of a tray or of the hand,
  then the places the chosen stone may go to;
* Enter or Space activates the focused item (a square is chosen, a stone picked, a place or a
  button clicked), and the ring moves on to what comes next;
* Left / Right (← →): sow the chosen square -- or, when none is chosen, the square the ring is
  on -- clockwise (←) or counter-clockwise (→), as the arrows point on the bottom row;
* the digits 1-5 choose your n-th square from the left in a turn; 1-9 pick the n-th stone of
  the tray or of the hand;
* Escape cancels a half-made choice (a chosen square, a picked stone, ordaining).

Animation: a new view whose ``events`` follow from the view on show is played stone by stone
(a sowing lifts the hand from its square; each stone flies to its place, about 250 ms each; a
capture flies to the captor's panel), then the final view is drawn.  A move that is not a sowing
(a stone placed, a refill, an ordination, a capture taken, the retreat) is drawn at once and the
stones that changed place fly, by the client's flights (``flights``,
:class:`~.animation.StoneFlights`).  A click or a key press
finishes at once, and so does turning animations off; nothing can be chosen meanwhile.  A view
arriving during an animation waits for it to end.

The table reads only the view it is given and acts only by emitting ``action_chosen``.  It is
made of three parts it *has*, each owning its own state: ``choice``, the half-made choice and what
a click means (:class:`~.choosing.Choosing`, pure Python); ``layout``, what is drawn and its items
(:class:`~.layout.ShogunLayout`); ``sowing``, the moves played out (:class:`~.animation.Sowing`);
``flights``, the stones a move that is not a sowing carried (:class:`~.animation.StoneFlights`).
The board's items are in :mod:`.board_items`; the keys, the focus ring, the hint and emitting are
the client's :class:`~tabletop.client.table_base.TableScene` (this module fills its hooks and
passes a click to the choice, then draws what it answers).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter

from tabletop.client.table_base import TableScene
from tabletop.client.table_items import TableItem, draw_cloth
from tabletop.engine.actions import Action

from .animation import Sowing, StoneFlights, flown, script
from .board_items import ArrowItem, ButtonItem, DieItem, PanelItem, PlaceItem, StoneItem
from .choosing import Choosing, Reply
from .layout import ShogunLayout
from .steps import Move, Step
from .stones import squares
from .words import REFUSAL, hint_words, is_classic, place_name, sow_words, stone_name

View = dict[str, Any]


class ShogunTable(TableScene):
    """The Spheres shogun table (see the module docstring for the layout and the keys)."""

    refusal = REFUSAL
    stretches = True  # a taller window: taller rows on the board (see table_rects)

    def __init__(self, game: Any, names: list[str], parent: Any = None) -> None:
        super().__init__(game, names, parent)
        self.choice = Choosing()
        self.layout = ShogunLayout(self)
        self.sowing = Sowing(self)
        self.flights = StoneFlights(self)
        self._reset_refs()

    @property
    def classic(self) -> bool:
        return is_classic(self.view)

    @property
    def animating(self) -> bool:
        """Whether moves are being played out (nothing can be chosen meanwhile)."""
        return self.sowing.running

    def set_legal(self, legal: list[Action]) -> None:
        super().set_legal(legal)
        self.choice.offer(self.view, self.legal)

    # --- TableScene API --------------------------------------------------------------------------
    def set_animations(self, on: bool) -> None:
        super().set_animations(on)
        if not on and self.animating:
            self.skip_animation()

    def show_view(self, view: View, legal: list[Action], last_action: Action | None = None) -> None:
        if self.animating:
            self.sowing.wait(view, legal, last_action)
            return
        self.play(view, list(legal), last_action)

    def play(self, view: View, legal: list[Action], last_action: Action | None) -> None:
        """Show ``view``: the moves from the view on show played out first, when its events say them."""
        # everything in this game is open, so after a hotseat change of seat the next player
        # watches the last sowing played out from the position on show (drawn their way round)
        old = dict(self.view, seat=view.get("seat")) if self.view is not None else None
        self.choice.clear()
        self._focus_index = None
        steps = None
        if self.animations and old is not None and last_action is not None and old != view and view.get("events"):
            steps = script(old, view)
        if steps and not flown(steps):
            self.sowing.start(old, view, legal, steps)
            return
        self.stop_animations()
        self.flights.stop()
        if steps and old.get("seat") != self.view.get("seat"):  # (the move seen the new seat's way round)
            self.view = old
            self.set_legal([])
            self.redraw()
        self.draw(view, legal)
        if steps:
            self.flights.fly(action=last_action)
        if self.choice.plainly:
            if view.get("step") == Step.DROP and self.choice.deciding:
                QTimer.singleShot(0, self, self._next_plain_drop)  # (after this redraw)
            else:
                self.choice.plainly = False

    def draw(self, view: View, legal: list[Action]) -> None:
        """Draw ``view`` at once, ``legal`` on offer."""
        self.view = view
        self.set_legal(legal)
        self.choice.auto_pick()
        self.redraw()

    def relayout(self) -> None:
        """A new height: the view on show laid out again.  The half-made choice, the focus ring
        and the hint stay; during an animation the board shows what the moves played so far
        left on it (a stone in flight is where it was going), and the moves go on."""
        if self.view is None:
            return
        if self.animating:
            self.sowing.relayout()
            return
        self.stop_animations()  # (stones flying land at once)
        self.flights.stop()
        self.redraw()

    def show_nothing(self) -> None:
        self.sowing.stop()
        self.flights.stop()
        self.sowing.drop_queue()
        self.clear()
        self._reset_refs()
        self.view = None
        self.set_legal([])
        self.choice.clear()

    def busy(self) -> bool:
        return self.sowing.busy()

    def skip_animation(self) -> None:
        """Finish the moves at once: the latest view is drawn (the views waiting are not played)."""
        self.sowing.skip()

    def hint_for(self, action: Action) -> tuple[list[Any], str]:
        if self.animating:
            self.skip_animation()
        self.choice.take_up(action)
        self.redraw()
        kind, lay = action.kind, self.layout
        marks: list[TableItem | None] = []
        if kind == Move.SOW:
            marks.append(lay.places.get(action["square"]))
            marks += [a for a in lay.arrows if a.direction == action["dir"]]
        elif kind in (Move.PLACE, Move.REFILL):
            marks += [t for t in lay.tray if t.key == action["stone"]]
            marks.append(lay.places.get(action["square"]))
        elif kind == Move.DROP:
            marks += [h for h in lay.hand if h.key == action["stone"]]
            if action.get("turn"):
                marks += [b for b in lay.buttons if b.action == action]
            else:
                marks.append(lay.places.get(action["to"]))
        elif kind == Move.ORDAIN:
            marks.append(lay.places.get(action["square"]))
            marks += [t for t in lay.tray if t.key == action["stone"]]
        else:
            marks += [b for b in lay.buttons if b.action == action]
        return marks, hint_words(action, self.classic)

    # --- names: what a screen reader calls an item (where it lies and the rest are its ``about``) --
    def item_words(self, item: Any) -> list[str]:
        """A place's name ("Square A3", "East rectangle"; "Ada's house" in the classic rules), a
        stone's kind ("Scholar", "Mandarin" in the classic rules), an arrow's sowing ("Sow A3
        clockwise"), a die, a player's area."""
        if isinstance(item, PlaceItem):
            return [place_name(item.place, self.classic, self.name)]
        if isinstance(item, StoneItem):
            return [stone_name(item.key, self.classic)]
        if isinstance(item, ArrowItem):
            return [sow_words(item.square, item.direction)]
        if isinstance(item, DieItem):
            return ["Die"]
        if isinstance(item, PanelItem):
            return [f"{self.possessive(item.player)} area"]
        return []

    def spoken(self, item: Any) -> tuple[str, str]:
        """As the base says it, but a player's area is not said to lie in itself (its board
        carries its panel's name)."""
        name, about = super().spoken(item)
        return (name, item.about) if isinstance(item, PanelItem) else (name, about)

    # --- test-facing API -------------------------------------------------------------------------
    def place_item(self, place: int) -> PlaceItem:
        return self.layout.places[place]

    def arrow_item(self, direction: int) -> ArrowItem | None:
        return next((a for a in self.layout.arrows if a.direction == direction), None)

    def tray_items(self) -> list[StoneItem]:
        return list(self.layout.tray)

    def tray_item(self, key: str) -> StoneItem | None:
        return next((t for t in self.layout.tray if t.key == key), None)

    def hand_items(self) -> list[StoneItem]:
        """The stones in hand during a sowing, in order."""
        return list(self.layout.hand)

    def hand_item(self, key: str) -> StoneItem | None:
        return next((h for h in self.layout.hand if h.key == key), None)

    def button_for(self, action: Action) -> ButtonItem | None:
        return next((b for b in self.layout.buttons if b.action == action), None)

    def button_kind(self, kind: str) -> ButtonItem | None:
        return next((b for b in self.layout.buttons if b.kind == kind), None)

    def buttons(self) -> list[ButtonItem]:
        return list(self.layout.buttons)

    def highlighted_places(self) -> dict[int, str]:
        """The places lit as destinations now: place -> "plain" or "ability"."""
        return {p: it.target for p, it in self.layout.places.items() if it.target}

    def dice_items(self) -> list[DieItem]:
        return [it for it in self.items() if isinstance(it, DieItem)]

    def focusable_items(self) -> list[TableItem]:
        c, lay = self.choice, self.layout
        if not c.deciding or self.view is None:
            return []
        step_ = self.view["step"]
        buttons = list(lay.buttons)
        if step_ == Step.TURN:
            if c.ordaining and c.ordain_square is not None:
                return list(lay.tray) + buttons
            if c.selected_square is not None and not c.ordaining:
                return sorted(lay.arrows, key=lambda a: not a.left) + buttons
            return [it for it in lay.ordered_places() if it.highlighted] + buttons
        if step_ in (Step.SETUP, Step.REFILL, Step.DROP):
            items: list[TableItem] = list(lay.tray if step_ != Step.DROP else lay.hand)
            if c.picked is not None:
                items += [it for it in lay.ordered_places() if it.target]
            return items + buttons
        return buttons

    # --- drawing -----------------------------------------------------------------------------------
    def _reset_refs(self) -> None:
        self.layout.reset()
        self.sowing.transient = []
        self._hinted = []

    def redraw(self) -> None:
        """The view on show drawn anew, with the half-made choice (the hint goes)."""
        self.clear_hint()
        with self.drawing():
            self._reset_refs()
            if self.view is not None:
                self.layout.build()
                self.refresh_marks()

    # the half-made choice, for the base's keys: a chosen square, a picked stone, ordaining
    def selection(self) -> tuple[Any, ...]:
        return self.choice.selection()

    def clear_selection(self) -> None:
        self.choice.clear()

    def selection_changed(self) -> None:
        self.choice.auto_pick()
        self.redraw()

    def may_cancel(self) -> bool:
        return self.choice.may_cancel()

    # --- acting ----------------------------------------------------------------------------------
    def _next_plain_drop(self) -> None:
        """"Sow the rest plainly": the next drop, plainly, while it lasts."""
        action = self.choice.plain_drop()
        if self.choice.plainly and action is not None and not self.animating:
            self.emit_action(action)
        elif action is None:
            self.choice.plainly = False

    def answer(self, reply: Reply) -> None:
        """Do what the choice answered to a click: draw it again, play an action, say something."""
        if reply.redraw:
            self.redraw()
        if reply.action is not None:
            self.emit_action(reply.action)
        if reply.status is not None:
            self.status.emit(reply.status)

    def activate(self, item: Any) -> None:
        """What a click (or Enter) on ``item`` does."""
        if self.view is None:
            return
        if self.animating:
            self.skip_animation()
            return
        if not self.legal:
            if isinstance(item, PlaceItem):
                self.say_waiting()
            return
        if isinstance(item, ButtonItem):
            if item.action is not None:
                self.emit_action(item.action)
            elif item.kind == Move.ORDAIN:
                self.answer(self.choice.start_ordaining())
            elif item.kind == "plain_rest":
                self.choice.plainly = True
                self._next_plain_drop()
            else:  # cancel
                self.cancel_selection()
        elif isinstance(item, ArrowItem):
            self.emit_action(Action.make(Move.SOW, square=item.square, dir=item.direction))
        elif isinstance(item, StoneItem) and item.role in ("tray", "hand"):
            self.answer(self.choice.click_stone(item.key))
        elif isinstance(item, PlaceItem):
            self.answer(self.choice.click_place(item.place))

    # --- mouse -------------------------------------------------------------------------------------
    def _item_at(self, pos: QPointF) -> Any:
        found = [it for it in self.items(pos) if isinstance(it, TableItem) and it not in self.sowing.flying
                 and it.card_scene_rect().contains(pos)]
        for it in found:
            if isinstance(it, (ButtonItem, ArrowItem)):
                return it
        for it in found:
            if isinstance(it, StoneItem) and it.role in ("tray", "hand"):
                return it
        for it in found:
            if isinstance(it, PlaceItem):
                return it
            if isinstance(it, StoneItem) and it.role == "board" and isinstance(it.parentItem(), PlaceItem):
                return it.parentItem()
        return None

    # --- keyboard (the keys are the base's; these are the hooks and this game's arrows) ----------
    def interrupt(self) -> bool:
        if self.animating:
            self.skip_animation()
            return True
        return False

    def numbered_items(self) -> list[Any]:
        """In a turn the digits choose the bottom row's squares; else a stone of the tray or hand."""
        lay = self.layout
        if self.view["step"] == Step.TURN and not self.choice.ordaining:
            return [lay.places[sq] for sq in squares(self.me)]
        return lay.hand if self.view["step"] == Step.DROP else lay.tray

    def may_pick(self, item: Any) -> bool:
        return not isinstance(item, PlaceItem) or item.highlighted

    def pick(self, item: Any) -> None:
        self.activate(item)
        self.focus_next()

    def other_key(self, event: Any) -> bool:
        """Left / Right: sow the chosen (or focused) square clockwise / counter-clockwise."""
        key = event.key()
        if key not in (Qt.Key_Left, Qt.Key_Right) or self.view["step"] != Step.TURN or self.choice.ordaining:
            return False
        sq = self.choice.selected_square
        if sq is None:
            f = self.focused_item()
            sq = f.place if isinstance(f, PlaceItem) else f.square if isinstance(f, ArrowItem) else None
        self.answer(self.choice.sow_key(sq, -1 if key == Qt.Key_Left else 1))
        return True

    def focus_next(self) -> None:
        """After a choice by keyboard the ring goes to what comes next: the arrows of a chosen
        square, or the destinations of a picked stone."""
        items = self.focusable_items()
        if not items:
            self._focus_index = None
        elif self.view["step"] == Step.TURN:
            self._focus_index = 0
        else:
            pool = len(self.layout.hand if self.view["step"] == Step.DROP else self.layout.tray)
            self._focus_index = pool if pool < len(items) and self.choice.picked is not None else 0
        self.refresh_marks()

    # --- background --------------------------------------------------------------------------------
    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        draw_cloth(p, rect, self.sceneRect(), "#12201f", ("#2c4a45", "#203a36", "#162a27"), "#6b4526")
