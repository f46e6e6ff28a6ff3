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
capture flies to the captor's panel), then the final view is drawn.  A click or a key press
finishes at once, and so does turning animations off; nothing can be chosen meanwhile.  A view
arriving during an animation waits for it to end.

The table reads only the view it is given and acts only by emitting ``action_chosen``.  The
board's items are in :mod:`.board_items`, the panels, prompt and groove in :mod:`.layout`, the
playing out of the moves in :mod:`.animation`; the keys, the focus ring, the hint and emitting
are the client's :class:`~tabletop.client.table_base.TableScene` (this module fills its hooks).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPainterPath, QPen

from tabletop.client.table_base import TableScene
from tabletop.client.table_items import (
    TEXT_LIGHT,
    DecorItem,
    LabelItem,
    TableItem,
    draw_cloth,
    draw_shadow,
)
from tabletop.client.zones import Zone
from tabletop.engine.actions import Action

from .board_items import (
    ABILITY_TAG,
    WAYS,
    WOOD_DARK,
    WOOD_LIGHT,
    ArrowItem,
    ButtonItem,
    DieItem,
    PanelItem,
    PlaceItem,
    StoneItem,
    board_geometry,
    count_text,
    stone_name,
    table_rects,
)
from .animation import SowingAnimation
from .layout import ShogunLayout
from .steps import Move, Step
from .stones import CODE, KINDS, PLACES, is_rectangle, owner, rectangle, square_label, squares, step

# --- the scene ----------------------------------------------------------------------------------
class ShogunTable(SowingAnimation, ShogunLayout, TableScene):
    """The Spheres shogun table (see the module docstring for the layout and the keys)."""

    refusal = "That is not possible now."
    stretches = True  # a taller window: taller rows on the board (see table_rects)

    def __init__(self, game: Any, names: list[str], parent: Any = None) -> None:
        super().__init__(game, names, parent)
        # a half-made choice
        self.selected_square: int | None = None  # a turn: the square to sow
        self.picked: str | None = None  # set-up, refill, sowing: the stone kind chosen from the tray
        self.ordaining = False
        self.ordain_square: int | None = None
        # animation
        self.animating = False
        self.flying: list[StoneItem] = []
        self._target: tuple[dict[str, Any], list[Action]] | None = None  # what to show when it ends
        self._queue: list[tuple[dict[str, Any], list[Action], Action | None]] = []  # views waiting meanwhile
        self._steps: list[tuple] = []
        self._anim_board: list[list[str]] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next_step)
        self._anim_hand: tuple[list[str], int, int] | None = None  # the hand the animation shows in the groove
        self._transient_redo: list[Any] = []  # ... and how to draw its passing marks again (a relayout)
        self._reset_refs()

    # --- helpers ---------------------------------------------------------------------------------
    @property
    def classic(self) -> bool:
        return bool(self.view) and (self.view.get("options") or {}).get("rules", "shogun") == "classic"

    def _value(self, key: str) -> int:
        if key == "shogun" and self.classic:
            return int((self.view.get("options") or {}).get("mandarin", 10))
        return KINDS[CODE[key]].value

    def stone_tip(self, key: str) -> str:
        """A stone's tooltip: name, value and ability (and who may use it)."""
        kind = KINDS[CODE[key]]
        name = stone_name(key, self.classic)
        value = self._value(key)
        if self.classic:
            if key == "shogun":
                text = "The lord of a house. Captured with the stones beside him"
                if (self.view.get("options") or {}).get("young_mandarin"):
                    text += ", but not while fewer than 5 stones stand with him"
                return f"{name} — worth {value}\n{text}."
            return f"{name} — worth {value}\nAn ordinary stone: sown one square at a time."
        tip = f"{name} — worth {value}\n{kind.text}"
        if key in ABILITY_TAG:  # (the Thief's dice and the Hime's worth are anybody's)
            who = [self.name(p) for p in range(2) if key in self.view["chosen"][p]]
            if who:
                tip += f"\nAbility usable by {' and '.join(who)} (on their own side)."
            else:
                tip += "\nNobody chose it: it is sown like a peasant."
        return tip

    def _board_geometry(self) -> tuple[dict[str, QRectF], QRectF]:
        """The places and the groove of the board at the table's height."""
        return board_geometry(table_rects(self.extra)[1])

    def _screen_slot(self, place: int) -> str:
        """Where ``place`` is drawn: "bot0".."bot4", "top0".."top4", "left", "right"."""
        me = self.me
        if place == rectangle(me):
            return "right"
        if place == rectangle(1 - me):
            return "left"
        mine = list(squares(me))
        if place in mine:
            return f"bot{mine.index(place)}"
        theirs = list(reversed(list(squares(1 - me))))
        return f"top{theirs.index(place)}"

    def place_label(self, place: int) -> str:
        if is_rectangle(place):
            side = "East" if place == 5 else "West"
            return f"{side} · {self.name(owner(place))}"
        return square_label(place)

    def _my_squares(self) -> list[int]:
        """The bottom row, left to right."""
        return list(squares(self.me))

    def _deciding(self) -> bool:
        return bool(self.legal) and not self.animating

    # --- TableScene API --------------------------------------------------------------------------
    def set_animations(self, on: bool) -> None:
        super().set_animations(on)
        if not on and self.animating:
            self.skip_animation()

    def show_view(self, view: dict[str, Any], legal: list[Action], last_action: Action | None = None) -> None:
        if self.animating and last_action is None:
            # not the consequence of a move (an undo, a load): no use finishing the animation first
            self._stop_animation()
            self._queue, self._target = [], None
        if self.animating:
            # the view on its way waits for the animation; a long queue goes straight to the end
            if self._queue and self._queue[-1][0] == view and self._queue[-1][1] == list(legal):
                return
            self._queue.append((view, list(legal), last_action))
            if len(self._queue) > 2:
                self.skip_animation()
            return
        self._show(view, list(legal), last_action)

    def _show(self, view: dict[str, Any], legal: list[Action], last_action: Action | None) -> None:
        # everything in this game is open, so after a hotseat change of seat the next player
        # watches the last sowing played out from the position on show (drawn their way round)
        old = dict(self.view, seat=view.get("seat")) if self.view is not None else None
        self._clear_choice()
        self._focus_index = None
        steps = None
        if self.animations and old is not None and last_action is not None and old != view and view.get("events"):
            steps = self._script(old, view)
        if steps:
            self._start_animation(old, view, legal, steps)
            return
        self.view = view
        self.set_legal(legal)
        self._auto_pick()
        self._rebuild()
        if self.sowing_plainly:
            if view.get("step") == Step.DROP and self._deciding():
                QTimer.singleShot(0, self, self._next_plain_drop)  # (after this redraw)
            else:
                self.sowing_plainly = False

    def relayout(self) -> None:
        """A new height: the view on show laid out again.  The half-made choice, the focus ring
        and the hint stay; during an animation the board shows what the moves played so far
        left on it (a stone in flight is where it was going), and the moves go on."""
        if self.view is None:
            return
        if self.animating:
            self._relayout_animation()
            return
        self._rebuild()

    def show_nothing(self) -> None:
        self._stop_animation()
        self._queue = []
        self._target = None
        self.clear()
        self._reset_refs()
        self.view = None
        self.set_legal([])
        self._clear_choice()

    def hint_for(self, action: Action) -> tuple[list[Any], str]:
        if self.animating:
            self.skip_animation()
        kind = action.kind
        self._clear_choice()
        marks: list[TableItem | None] = []
        if kind == Move.SOW:
            self.selected_square = action["square"]
            self._rebuild()
            marks.append(self._places.get(action["square"]))
            marks += [a for a in self._arrows if a.direction == action["dir"]]
            words = f"sow {square_label(action['square'])} {WAYS[action['dir']]}"
        elif kind in (Move.PLACE, Move.REFILL):
            self.picked = action["stone"]
            self._rebuild()
            marks += [t for t in self._tray if t.key == action["stone"]]
            marks.append(self._places.get(action["square"]))
            words = f"put the {stone_name(action['stone'])} on {square_label(action['square'])}"
        elif kind == Move.DROP:
            self.picked = action["stone"]
            self._rebuild()
            marks += [h for h in self._hand if h.key == action["stone"]]
            if action.get("turn"):
                marks += [b for b in self._buttons if b.action == action]
                words = "drop the Samurai and turn the sowing round"
            else:
                marks.append(self._places.get(action["to"]))
                words = f"drop the {stone_name(action['stone'], self.classic)} on {square_label(action['to'])}"
        elif kind == Move.ORDAIN:
            self.ordaining = True
            self.ordain_square = action["square"]
            self._rebuild()
            marks.append(self._places.get(action["square"]))
            marks += [t for t in self._tray if t.key == action["stone"]]
            words = f"ordain {square_label(action['square'])} with the {stone_name(action['stone'])}"
        else:
            self._rebuild()
            marks += [b for b in self._buttons if b.action == action]
            words = {"skip": "sit out the turn", "roll": "roll the dice", "keep": "keep the Thief"}.get(kind, str(action))
        return marks, words

    # --- test-facing API -------------------------------------------------------------------------
    def place_item(self, place: int) -> PlaceItem:
        return self._places[place]

    def arrow_item(self, direction: int) -> ArrowItem | None:
        return next((a for a in self._arrows if a.direction == direction), None)

    def tray_items(self) -> list[StoneItem]:
        return list(self._tray)

    def tray_item(self, key: str) -> StoneItem | None:
        return next((t for t in self._tray if t.key == key), None)

    def hand_items(self) -> list[StoneItem]:
        """The stones in hand during a sowing, in order."""
        return list(self._hand)

    def hand_item(self, key: str) -> StoneItem | None:
        return next((h for h in self._hand if h.key == key), None)

    def button_for(self, action: Action) -> ButtonItem | None:
        return next((b for b in self._buttons if b.action == action), None)

    def button_kind(self, kind: str) -> ButtonItem | None:
        return next((b for b in self._buttons if b.kind == kind), None)

    def buttons(self) -> list[ButtonItem]:
        return list(self._buttons)

    def highlighted_places(self) -> dict[int, str]:
        """The places lit as destinations now: place -> "plain" or "ability"."""
        return {p: it.target for p, it in self._places.items() if it.target}

    def dice_items(self) -> list[DieItem]:
        return [it for it in self.items() if isinstance(it, DieItem)]

    def focusable_items(self) -> list[TableItem]:
        if not self._deciding() or self.view is None:
            return []
        step_ = self.view["step"]
        items: list[TableItem] = []
        buttons = list(self._buttons)
        if step_ == Step.TURN:
            if self.ordaining:
                if self.ordain_square is None:
                    items += [it for it in self._ordered_places() if it.highlighted]
                else:
                    items += self._tray
            elif self.selected_square is not None:
                items += sorted(self._arrows, key=lambda a: not a.left)
            else:
                items += [it for it in self._ordered_places() if it.highlighted]
            return items + buttons
        if step_ in (Step.SETUP, Step.REFILL, Step.DROP):
            items += self._tray if step_ != Step.DROP else self._hand
            if self.picked is not None:
                items += [it for it in self._ordered_places() if it.target]
            return items + buttons
        return buttons

    def _ordered_places(self) -> list[PlaceItem]:
        """Bottom row left to right, the right rectangle, the top row right to left, the left one:
        round the board counter-clockwise from the seat's first square."""
        me = self.me
        order = list(squares(me)) + [rectangle(me)] + list(squares(1 - me)) + [rectangle(1 - me)]
        return [self._places[p] for p in order if p in self._places]

    # --- building --------------------------------------------------------------------------------
    def _reset_refs(self) -> None:
        self._places: dict[int, PlaceItem] = {}
        self._arrows: list[ArrowItem] = []
        self._buttons: list[ButtonItem] = []
        self._tray: list[StoneItem] = []
        self._hand: list[StoneItem] = []
        self._hand_deco: list[Any] = []
        self._hand_box: QRectF | None = None
        self._panels: dict[int, PanelItem] = {}
        self._store_spots: dict[int, QRectF] = {}
        self._store_groups: dict[tuple[int, str], QRectF] = {}
        self._chosen_spots: dict[int, QRectF] = {}
        self._caption: LabelItem | None = None
        self._caption_sub: LabelItem | None = None
        self._transient: list[Any] = []
        self._hinted = []

    def _clear_choice(self) -> None:
        self.selected_square = None
        self.picked = None
        self.ordaining = False
        self.ordain_square = None

    # the half-made choice, for the base's keys: a chosen square, a picked stone, ordaining
    def selection(self) -> tuple[Any, ...]:
        return (self.selected_square, self.picked, self.ordaining, self.ordain_square)

    def clear_selection(self) -> None:
        self._clear_choice()

    def selection_changed(self) -> None:
        self._auto_pick()
        self._redraw_choice()

    def may_cancel(self) -> bool:
        # a stone chosen because it is the only kind is no choice to cancel
        return self.selected_square is not None or self.ordaining or (
            self.picked is not None and len(self._pickable_kinds()) > 1)

    def _auto_pick(self) -> None:
        """A tray with one kind to choose from needs no click: that kind is chosen."""
        if not self._deciding():
            return
        kinds = self._pickable_kinds()
        if len(kinds) == 1 and self.view["step"] in (Step.SETUP, Step.REFILL, Step.DROP):
            self.picked = kinds[0]

    def _pickable_kinds(self) -> list[str]:
        step_ = self.view["step"] if self.view else None
        field = {Step.SETUP: (Move.PLACE, "stone"), Step.REFILL: (Move.REFILL, "stone"), Step.DROP: (Move.DROP, "stone")}.get(step_)
        if field is None:
            return []
        kinds = {a[field[1]] for a in self.legal if a.kind == field[0]}
        return sorted(kinds, key=lambda k: CODE[k])

    def _add(self, item: Any, to: Zone | None = None) -> Any:
        """Put ``item`` on the table, or in the zone ``to``."""
        if to is not None:
            return to.add(item)
        self.addItem(item)
        return item

    def _label(self, rect: QRectF, text: str, px: float, colour: QColor = TEXT_LIGHT, bold: bool = False,
               align: int = Qt.AlignLeft | Qt.AlignVCenter, lines: int = 1, to: Zone | None = None) -> LabelItem:
        return self._add(LabelItem(rect, text, px, colour, bold, align, lines), to)

    def _rebuild(self) -> None:
        self.clear_hint()
        self.clear()
        self._reset_refs()
        if self.view is None:
            return
        top, board, mine, prompt = table_rects(self.extra)
        self._add(DecorItem(board, self._paint_board, "shogun-board"))
        self._build_places()
        self._build_panel(1 - self.me, top, wide=True)
        self._build_panel(self.me, mine, wide=False)
        self._build_prompt(prompt)
        self._build_groove()
        self._mark_targets()
        self.refresh_marks()

    @staticmethod
    def _paint_board(p: QPainter, r: QRectF) -> list[str]:
        draw_shadow(p, r, 26, 90)
        g = QLinearGradient(r.topLeft(), r.bottomRight())
        g.setColorAt(0, WOOD_LIGHT)
        g.setColorAt(0.5, QColor("#9a6534"))
        g.setColorAt(1, WOOD_DARK)
        p.setPen(QPen(QColor("#4a2a0e"), 3))
        p.setBrush(g)
        p.drawRoundedRect(r, 26, 26)
        # the grain
        p.setBrush(Qt.NoBrush)
        for i in range(9):
            y = r.y() + 20 + i * (r.height() - 40) / 8
            c = QColor(70, 40, 12, 34 if i % 2 else 22)
            p.setPen(QPen(c, 2.0 if i % 3 else 3.0))
            path = QPainterPath(QPointF(r.x() + 14, y))
            path.cubicTo(QPointF(r.x() + r.width() * 0.3, y - 7 + (i % 3) * 5), QPointF(r.x() + r.width() * 0.6, y + 9 - (i % 4) * 4),
                         QPointF(r.right() - 14, y + 2))
            p.drawPath(path)
        p.setPen(QPen(QColor(255, 230, 180, 60), 1.5))
        p.drawRoundedRect(r.adjusted(4, 4, -4, -4), 23, 23)
        # the groove between the rows
        _, groove = board_geometry(r)
        gr = groove.adjusted(0, 12, 0, -12)
        gg = QLinearGradient(gr.topLeft(), gr.bottomLeft())
        gg.setColorAt(0, QColor(50, 28, 10, 160))
        gg.setColorAt(1, QColor(90, 56, 24, 90))
        p.setPen(Qt.NoPen)
        p.setBrush(gg)
        p.drawRoundedRect(gr, gr.height() / 2, gr.height() / 2)
        return []

    def _build_places(self) -> None:
        v = self.view
        geo, _ = self._board_geometry()
        for place in range(PLACES):
            slot = self._screen_slot(place)
            item = PlaceItem(geo[slot], place, self.place_label(place), self.stone_tip, self._place_tip)
            self._add(item)
            item.set_stones(v["board"][place])
            self._places[place] = item
        if v["step"] == Step.DROP and v["hand"]:
            self._places[v["pos"]].here = True

    def _place_tip(self, place: int, stones: list[str]) -> str:
        if is_rectangle(place):
            head = f"{square_label(place).capitalize()} ({self.name(owner(place))}'s side)"
        else:
            head = f"{square_label(place)} ({self.name(owner(place))}'s square)"
        noun = "stone" if len(stones) == 1 else "stones"
        return f"{head} — {len(stones)} {noun}" + (f": {count_text(stones, self.classic)}" if stones else "")

    # --- destinations ----------------------------------------------------------------------------
    def _is_ability(self, a: Action) -> bool:
        v = self.view
        return bool(a.get("turn")) or a["to"] != step(v["pos"], v["direction"])

    def _mark_targets(self) -> None:
        """Light the places the current half-made choice may go to, and put the direction arrows
        on a chosen square."""
        for it in self._places.values():
            it.highlighted, it.target, it.tag = False, None, ""
        if not self._deciding():
            for it in self._places.values():
                it.setCursor(Qt.ArrowCursor)
            return
        v = self.view
        step_ = v["step"]
        lit: dict[int, tuple[str, str]] = {}
        if step_ == Step.TURN:
            if self.ordaining:
                if self.ordain_square is None:
                    for a in self.legal:
                        if a.kind == Move.ORDAIN:
                            lit[a["square"]] = ("plain", "")
                else:
                    lit[self.ordain_square] = ("plain", "ordain")
            else:
                for a in self.legal:
                    if a.kind == Move.SOW:
                        lit[a["square"]] = ("plain", "")
        elif step_ in (Step.SETUP, Step.REFILL) and self.picked is not None:
            kind = Move.PLACE if step_ == Step.SETUP else Move.REFILL
            for a in self.legal:
                if a.kind == kind and a["stone"] == self.picked:
                    lit[a["square"]] = ("plain", "")
        elif step_ == Step.DROP and self.picked is not None:
            for a in self.legal:
                if a.kind != Move.DROP or a["stone"] != self.picked or a.get("turn"):
                    continue
                if self._is_ability(a):
                    lit[a["to"]] = ("ability", "✦ " + ABILITY_TAG.get(self.picked, stone_name(self.picked)))
                else:
                    lit.setdefault(a["to"], ("plain", "next"))
        elif step_ == Step.DROP:
            plain = self.plain_drop()  # one click on the next place drops the next stone plainly
            if plain is not None:
                lit[plain["to"]] = ("plain", "next")
        for place, (kind, tag) in lit.items():
            it = self._places[place]
            it.target = kind
            it.highlighted = True
            it.tag = tag
            it.setZValue(2)
        for it in self._places.values():
            it.setCursor(Qt.PointingHandCursor if it.highlighted else Qt.ArrowCursor)
            it.overlay.update()
        if step_ == Step.TURN and self.selected_square is not None and not self.ordaining:
            it = self._places[self.selected_square]
            it.selected_ = True
            r = it.card_scene_rect()
            _, groove = self._board_geometry()
            d = 60.0
            # a tab on the square's edge, in the groove, holding the two arrows
            bottom_row = r.center().y() > groove.center().y()
            tab = QRectF(r.x() + 6, groove.bottom() - d - 16, r.width() - 12, d + 22) if bottom_row else \
                QRectF(r.x() + 6, groove.y() - 6, r.width() - 12, d + 22)
            deco = DecorItem(tab, self._tab_painter(bottom_row))
            deco.setZValue(28)
            self._add(deco)
            cy = groove.bottom() - d / 2 - 8 if bottom_row else groove.y() + d / 2 + 8
            cx = r.center().x()
            left = ArrowItem(QRectF(cx - d - 6, cy - d / 2, d, d), self.selected_square, -1, True)
            right = ArrowItem(QRectF(cx + 6, cy - d / 2, d, d), self.selected_square, 1, False)
            for a in (left, right):
                if Action.make(Move.SOW, square=a.square, dir=a.direction) in self.legal_set:
                    self._add(a)
                    self._arrows.append(a)
        if step_ == Step.DROP and self.picked == "samurai":
            turn = next((a for a in self.legal if a.kind == Move.DROP and a["stone"] == "samurai" and a.get("turn")), None)
            if turn is not None:
                _, groove = self._board_geometry()
                box = self._hand_box or QRectF(groove.x(), groove.y() + 6, 0, groove.height() - 26)
                w = 196.0
                x = box.right() + 12 if box.right() + 12 + w <= groove.right() else box.x() - 12 - w
                b = ButtonItem(QRectF(x, box.center().y() - 22, w, 44), "↶ Turn round", turn, "ability",
                               "Drop the Samurai here and turn the sowing round: it goes on the other way")
                self._add(b)
                self._buttons.append(b)
        if step_ == Step.TURN and self.ordaining and self.ordain_square is not None:
            self._places[self.ordain_square].selected_ = True

    # --- marks -----------------------------------------------------------------------------------
    # --- acting ----------------------------------------------------------------------------------
    # --- plain drops: one click, or the rest of the sowing at once -------------------------------
    sowing_plainly = False  # "Sow the rest plainly": each drop of this sowing is the plain one

    def plain_drop(self) -> Action | None:
        """The drop of the next stone to the next place, without an ability: a peasant when there
        is one, else a stone whose ability is not on offer, else any."""
        if self.view is None or self.view.get("step") != Step.DROP:
            return None
        normal = step(self.view["pos"], self.view["direction"])
        options = [a for a in self.legal if a.kind == Move.DROP and a["to"] == normal and not a.get("turn")]
        able = {a["stone"] for a in self.legal if a.kind == Move.DROP and self._is_ability(a)}
        return min(options, key=lambda a: (a["stone"] != "peasant", a["stone"] in able, CODE[a["stone"]]), default=None)

    def _next_plain_drop(self) -> None:
        action = self.plain_drop()
        if self.sowing_plainly and action is not None and not self.animating:
            self.emit_action(action)
        elif action is None:
            self.sowing_plainly = False

    def _redraw_choice(self) -> None:
        self._rebuild()

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
        step_ = self.view["step"]
        if isinstance(item, ButtonItem):
            if item.action is not None:
                self.emit_action(item.action)
            elif item.kind == Move.ORDAIN:
                self.ordaining, self.ordain_square, self.selected_square = True, None, None
                self._redraw_choice()
            elif item.kind == "plain_rest":
                self.sowing_plainly = True
                self._next_plain_drop()
            else:  # cancel
                self.cancel_selection()
            return
        if isinstance(item, ArrowItem):
            self.emit_action(Action.make(Move.SOW, square=item.square, dir=item.direction))
            return
        if isinstance(item, StoneItem) and item.role in ("tray", "hand"):
            if step_ == Step.TURN and self.ordaining and self.ordain_square is not None:
                self.emit_action(Action.make(Move.ORDAIN, square=self.ordain_square, stone=item.key))
                return
            self.picked = None if self.picked == item.key and len(self._pickable_kinds()) > 1 else item.key
            self._redraw_choice()
            if self.picked:
                self.status.emit(f"{stone_name(self.picked, self.classic)} chosen: now click a highlighted place.")
            return
        if isinstance(item, PlaceItem):
            self._place_clicked(item)

    def _place_clicked(self, item: PlaceItem) -> None:
        v = self.view
        step_ = v["step"]
        sq = item.place
        if step_ == Step.TURN:
            if self.ordaining:
                if self.ordain_square is None and any(a.kind == Move.ORDAIN and a["square"] == sq for a in self.legal):
                    self.ordain_square = sq
                    self._redraw_choice()
                elif self.ordain_square == sq:
                    self.ordain_square = None
                    self._redraw_choice()
                else:
                    self.status.emit("Ordain a square of yours that holds a single peasant.")
                return
            if any(a.kind == Move.SOW and a["square"] == sq for a in self.legal):
                self.selected_square = None if self.selected_square == sq else sq
                self._redraw_choice()
                if self.selected_square is not None:
                    self.status.emit(f"{square_label(sq)}: now click ◀ or ▶ (or press ← or →).")
                return
            if sq in squares(self.seat):
                self.status.emit(f"{square_label(sq)} is empty: sow a square with stones.")
            else:
                self.status.emit("Sow one of your own squares (along the bottom).")
            return
        if step_ in (Step.SETUP, Step.REFILL):
            kind = Move.PLACE if step_ == Step.SETUP else Move.REFILL
            if self.picked is None:
                self.status.emit("First choose a stone from the tray.")
                return
            a = Action.make(kind, stone=self.picked, square=sq)
            if a in self.legal_set:
                self.emit_action(a)
            elif step_ == Step.REFILL:
                self.status.emit("Refill an empty square of yours.")
            else:
                self.status.emit("Place the stone on one of your own squares (along the bottom).")
            return
        if step_ == Step.DROP:
            if self.picked is None:
                plain = self.plain_drop()
                if plain is not None and plain["to"] == sq:
                    self.emit_action(plain)  # the common case in one click: the next stone, plainly
                else:
                    self.status.emit("Click the next place to drop a plain stone there, or choose a stone "
                                     "in the hand to use its ability.")
                return
            a = Action.make(Move.DROP, stone=self.picked, to=sq)
            if a in self.legal_set:
                self.emit_action(a)
            else:
                self.status.emit(f"The {stone_name(self.picked, self.classic)} cannot go to {square_label(sq)}.")
            return
        self.status.emit({Step.SKIP: "You are imprisoned: click “Sit out this turn”.",
                          Step.THIEF: "Roll the dice or keep: the buttons on the board."}.get(step_, ""))

    # --- mouse -------------------------------------------------------------------------------------
    def _item_at(self, pos: QPointF) -> Any:
        found = [it for it in self.items(pos) if isinstance(it, TableItem) and it not in self.flying
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
        if self.view["step"] == Step.TURN and not self.ordaining:
            return [self._places[sq] for sq in self._my_squares()]
        return self._hand if self.view["step"] == Step.DROP else self._tray

    def may_pick(self, item: Any) -> bool:
        return not isinstance(item, PlaceItem) or item.highlighted

    def pick(self, item: Any) -> None:
        self.activate(item)
        self.focus_next()

    def other_key(self, event: Any) -> bool:
        """Left / Right: sow the chosen (or focused) square clockwise / counter-clockwise."""
        key = event.key()
        if key not in (Qt.Key_Left, Qt.Key_Right) or self.view["step"] != Step.TURN or self.ordaining:
            return False
        sq = self.selected_square
        if sq is None:
            f = self.focused_item()
            sq = f.place if isinstance(f, PlaceItem) else f.square if isinstance(f, ArrowItem) else None
        if sq is None:
            self.status.emit("Choose a square first (Tab, or the digits 1-5).")
        else:
            a = Action.make(Move.SOW, square=sq, dir=-1 if key == Qt.Key_Left else 1)
            if a in self.legal_set:
                self.emit_action(a)
            else:
                self.status.emit(f"{square_label(sq)} cannot be sown.")
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
            pool = len(self._hand if self.view["step"] == Step.DROP else self._tray)
            self._focus_index = pool if pool < len(items) and self.picked is not None else 0
        self.refresh_marks()

    # --- background --------------------------------------------------------------------------------
    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        draw_cloth(p, rect, self.sceneRect(), "#12201f", ("#2c4a45", "#203a36", "#162a27"), "#6b4526")
