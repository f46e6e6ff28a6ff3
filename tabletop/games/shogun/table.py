"""The table of Spheres, the shogun sowing game (and of the classic Ô ăn quan): a
QGraphicsScene that draws one seat's view.  Everything in this game is open, so every seat sees
the whole position; the seat decides only the orientation and what may be clicked.

Layout (logical 1600 x 900 scene units):

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

The table reads only the view it is given and acts only by emitting ``action_chosen``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QColor, QLinearGradient, QPainter, QPainterPath, QPen

from tabletop.client.table_base import SCENE_RECT, TableScene
from tabletop.client.table_items import (
    TEXT_LIGHT,
    TEXT_MUTED,
    DecorItem,
    LabelItem,
    TableItem,
    draw_cloth,
    draw_shadow,
    draw_text,
    fly,
    framed,
    font,
    text_width,
)
from tabletop.engine.actions import Action

from .board_items import (
    ABILITY,
    ABILITY_TAG,
    BOARD,
    DEBT,
    DROP_MS,
    GOLD_TEXT,
    HERE,
    LENT,
    MY_PANEL,
    PROMPT,
    TOP_PANEL,
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
    dice_faces,
    stone_name,
)
from .steps import Step
from .stones import CODE, KINDS, PLACES, is_rectangle, owner, rectangle, square_label, squares, step

# --- the scene ----------------------------------------------------------------------------------
class ShogunTable(TableScene):
    """The Spheres shogun table (see the module docstring for the layout and the keys)."""

    def __init__(self, game: Any, names: list[str], parent: Any = None) -> None:
        super().__init__(game, names, parent)
        self.view: dict[str, Any] | None = None
        self.legal: list[Action] = []
        self.legal_set: set[Action] = set()
        # a half-made choice
        self.selected_square: int | None = None  # a turn: the square to sow
        self.picked: str | None = None  # set-up, refill, sowing: the stone kind chosen from the tray
        self.ordaining = False
        self.ordain_square: int | None = None
        self._focus_index: int | None = None
        self._press: Any = None
        # animation
        self.animating = False
        self.flying: list[StoneItem] = []
        self._anims: list[Any] = []
        self._target: tuple[dict[str, Any], list[Action]] | None = None  # what to show when it ends
        self._queue: list[tuple[dict[str, Any], list[Action], Action | None]] = []  # views waiting meanwhile
        self._steps: list[tuple] = []
        self._anim_board: list[list[str]] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._next_step)
        self._reset_refs()

    # --- helpers ---------------------------------------------------------------------------------
    def name(self, p: int) -> str:
        return self.names[p] if 0 <= p < len(self.names) and self.names[p] else f"Player {p + 1}"

    @property
    def seat(self) -> int | None:
        return None if self.view is None else self.view.get("seat")

    @property
    def me(self) -> int:
        """The player whose squares are drawn at the bottom (the first player for a spectator)."""
        return 0 if self.seat is None else self.seat

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
        self.legal = legal
        self.legal_set = set(legal)
        self._auto_pick()
        self._rebuild()
        if self.sowing_plainly:
            if view.get("step") == Step.DROP and self._deciding():
                QTimer.singleShot(0, self, self._next_plain_drop)  # (after this redraw)
            else:
                self.sowing_plainly = False

    def show_nothing(self) -> None:
        self._stop_animation()
        self._queue = []
        self._target = None
        self.clear()
        self._reset_refs()
        self.view = None
        self.legal, self.legal_set = [], set()
        self._clear_choice()

    def show_hint(self, action: Action) -> None:
        if self.view is None:
            return
        if self.animating:
            self.skip_animation()
        kind = action.kind
        self._clear_choice()
        marks: list[TableItem | None] = []
        if kind == "sow":
            self.selected_square = action["square"]
            self._rebuild()
            marks.append(self._places.get(action["square"]))
            marks += [a for a in self._arrows if a.direction == action["dir"]]
            words = f"sow {square_label(action['square'])} {WAYS[action['dir']]}"
        elif kind in ("place", "refill"):
            self.picked = action["stone"]
            self._rebuild()
            marks += [t for t in self._tray if t.key == action["stone"]]
            marks.append(self._places.get(action["square"]))
            words = f"put the {stone_name(action['stone'])} on {square_label(action['square'])}"
        elif kind == "drop":
            self.picked = action["stone"]
            self._rebuild()
            marks += [h for h in self._hand if h.key == action["stone"]]
            if action.get("turn"):
                marks += [b for b in self._buttons if b.action == action]
                words = "drop the Samurai and turn the sowing round"
            else:
                marks.append(self._places.get(action["to"]))
                words = f"drop the {stone_name(action['stone'], self.classic)} on {square_label(action['to'])}"
        elif kind == "ordain":
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
        self.mark_hint([m for m in marks if m is not None])
        self.status.emit(f"Hint: {words}.")

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

    def _auto_pick(self) -> None:
        """A tray with one kind to choose from needs no click: that kind is chosen."""
        if not self._deciding():
            return
        kinds = self._pickable_kinds()
        if len(kinds) == 1 and self.view["step"] in (Step.SETUP, Step.REFILL, Step.DROP):
            self.picked = kinds[0]

    def _pickable_kinds(self) -> list[str]:
        step_ = self.view["step"] if self.view else None
        field = {Step.SETUP: ("place", "stone"), Step.REFILL: ("refill", "stone"), Step.DROP: ("drop", "stone")}.get(step_)
        if field is None:
            return []
        kinds = {a[field[1]] for a in self.legal if a.kind == field[0]}
        return sorted(kinds, key=lambda k: CODE[k])

    def _add(self, item: Any) -> Any:
        self.addItem(item)
        return item

    def _label(self, rect: QRectF, text: str, px: float, colour: QColor = TEXT_LIGHT, bold: bool = False,
               align: int = Qt.AlignLeft | Qt.AlignVCenter, lines: int = 1) -> LabelItem:
        return self._add(LabelItem(rect, text, px, colour, bold, align, lines))

    def _rebuild(self) -> None:
        self.clear_hint()
        self.clear()
        self._reset_refs()
        if self.view is None:
            return
        self._add(DecorItem(BOARD, self._paint_board, "shogun-board"))
        self._build_places()
        self._build_panel(1 - self.me, TOP_PANEL, wide=True)
        self._build_panel(self.me, MY_PANEL, wide=False)
        self._build_prompt(PROMPT)
        self._build_groove()
        self._mark_targets()
        self._refresh_marks()

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
        _, groove = board_geometry()
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
        geo, _ = board_geometry()
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

    # --- the panels ------------------------------------------------------------------------------
    def _build_panel(self, p: int, r: QRectF, wide: bool) -> None:
        v = self.view
        over = v["step"] == Step.OVER
        deciding = v.get("decider") == p and not over
        panel = self._add(PanelItem(r, p, deciding))
        self._panels[p] = panel
        you = self.seat == p
        title = self.name(p) + (" (you)" if you else "")
        nf = font(24, True)
        name_w = min(text_width(title, nf) + 4, r.width() * 0.4)
        self._label(QRectF(r.x() + 16, r.y() + 6, name_w, 34), title, 24, TEXT_LIGHT, True)
        # chips: turn, imprisoned, winner
        chips: list[tuple[str, QColor, QColor, str]] = []
        scores = v.get("scores") or [{"total": 0, "parts": []}] * 2
        if over:
            totals = [s["total"] for s in scores]
            if totals[p] == max(totals):
                chips.append(("Winner" if totals[0] != totals[1] else "Draw", QColor("#ffd23f"), QColor("#2b2000"), ""))
        elif v["turn_player"] == p and v["step"] not in (Step.THIEF, Step.DICE):
            chips.append(("▶ Turn", QColor("#3b6db3"), QColor("white"), "It is this player's turn"))
        elif v["step"] == Step.THIEF and v["thieves"] and v["thieves"][0] == p:
            chips.append(("Thief's dice", QColor("#ffd23f"), QColor("#2b2000"), "Deciding whether to roll for a Thief"))
        if v["imprisoned"][p]:
            chips.append(("Imprisoned", QColor("#b3261e"), QColor("white"),
                          "Took a shogun in one of their first three turns: their next turn is lost"))
        x = r.x() + 16 + name_w + 12
        for text, bg, fg, tip in chips:
            w = text_width(text, font(17, True)) + 26
            chip = DecorItem(QRectF(x, r.y() + 9, w, 30), self._chip_painter(text, bg, fg))
            chip.setZValue(1)
            chip.setToolTip(tip or text)
            self._add(chip)
            x += w + 8
        # the score, on the right: "31 points"
        total = scores[p]["total"]
        st = f"{total}"
        tw = text_width(st, font(30, True)) + 4
        pw = text_width("points", font(18)) + 4
        right = r.right() - 16
        pts = self._label(QRectF(right - pw, r.y() + 8, pw, 34), "points", 18, TEXT_MUTED, False,
                          Qt.AlignRight | Qt.AlignBottom)
        num = self._label(QRectF(right - pw - 8 - tw, r.y() + 4, tw, 38), st, 30, GOLD_TEXT, True,
                          Qt.AlignRight | Qt.AlignVCenter)
        parts = scores[p].get("parts") or []
        breakdown = "\n".join(f"{x['label']}: {x['points']:+d}" for x in parts) if parts else "nothing yet"
        for item in (pts, num):
            item.setToolTip(f"{self.name(p)}: {total} points\n{breakdown}")
        if wide:
            cap_area = QRectF(r.x() + 16, r.y() + 46, r.width() * 0.48 - 16, 42)
            side = QRectF(r.x() + r.width() * 0.48 + 10, r.y() + 46, r.width() * 0.52 - 26, 42)
            line3 = QRectF(r.x() + 16, r.y() + 92, r.width() - 32, 28)
        else:
            cap_area = QRectF(r.x() + 16, r.y() + 52, r.width() - 32, 44)
            line3 = QRectF(r.x() + 16, r.y() + 104, r.width() - 32, 96)
            side = QRectF(r.x() + 16, r.y() + 214, r.width() - 32, 42)
        # the captured stones by kind; the borrowed stones (a debt), those lent, the score's parts;
        # the abilities chosen
        self._build_captured(p, cap_area)
        self._build_debts(p, line3, wide)
        self._build_chosen(p, side)

    @staticmethod
    def _tab_painter(bottom_row: bool):
        def paint(p: QPainter, r: QRectF) -> list[str]:
            p.setPen(QPen(QColor("#ffd23f"), 3))
            p.setBrush(QColor(40, 24, 8, 235))
            p.drawRoundedRect(r, 16, 16)
            return []
        return paint

    @staticmethod
    def _chip_painter(text: str, bg: QColor, fg: QColor):
        def paint(p: QPainter, r: QRectF) -> list[str]:
            p.setPen(Qt.NoPen)
            p.setBrush(bg)
            p.drawRoundedRect(r, r.height() / 2, r.height() / 2)
            draw_text(p, r, text, font(17, True), fg, Qt.AlignCenter)
            return [text]
        return paint

    def _build_captured(self, p: int, r: QRectF) -> None:
        v = self.view
        store = v["stores"][p]
        lw = 104.0
        self._label(QRectF(r.x(), r.y(), lw, r.height()), "Captured", 18, TEXT_MUTED)
        self._store_spots[p] = QRectF(r.x() + lw, r.y() + 3, 36, 36)
        if not store:
            self._label(QRectF(r.x() + lw, r.y(), 240, r.height()), "nothing yet", 18, TEXT_MUTED)
            return
        x = r.x() + lw
        d = min(38.0, r.height() - 4)
        doubled = v["doubled"][p]
        for k in sorted(set(store), key=lambda s: CODE[s]):
            n = store.count(k)
            text = f"×{n}"
            if k == "hime" and doubled:
                text += f" ({doubled} at 30)"
            tw = text_width(text, font(19, True)) + 6
            if x + d + tw > r.right():
                self._label(QRectF(x, r.y(), max(10.0, r.right() - x), r.height()), "…", 19, TEXT_LIGHT, True)
                break
            sr = QRectF(x, r.y() + (r.height() - d) / 2, d, d)
            tip = self.stone_tip(k) + f"\nCaptured: {n}"
            item = self._add(StoneItem(sr, k, "store", tip=tip))
            item.setAcceptHoverEvents(True)
            self._store_groups[(p, k)] = sr
            self._label(QRectF(x + d + 3, r.y(), tw, r.height()), text, 19, TEXT_LIGHT, True)
            x += d + tw + 14

    def _build_debts(self, p: int, r: QRectF, wide: bool) -> None:
        v = self.view
        owed = v["borrowed"][p]
        lent = v["borrowed"][1 - p]
        texts: list[tuple[str, QColor, bool]] = []
        if owed:
            pts = sum(self._value(k) for k in owed)
            texts.append((f"Owes {pts} (borrowed {count_text(owed, self.classic)})", DEBT, True))
        if lent:
            pts = sum(self._value(k) for k in lent)
            texts.append((f"Lent {pts} to {self.name(1 - p)}", LENT, True))
        scores = v.get("scores") or []
        parts = scores[p]["parts"] if scores else []
        if parts:
            texts.append((" · ".join(f"{x['label']} {x['points']:+d}" for x in parts), TEXT_MUTED, False))
        if wide:
            x = r.x()
            for text, colour, bold in texts:
                w = min(text_width(text, font(17, bold)) + 4, r.right() - x)
                if w <= 30:
                    break
                self._label(QRectF(x, r.y(), w, r.height()), text, 17, colour, bold)
                x += w + 28
            return
        y = r.y()
        for text, colour, bold in texts:
            lines = 1 if bold else 2
            h = 23 * lines
            if y + h > r.bottom() + 1:
                break
            self._label(QRectF(r.x(), y, r.width(), h), text, 18 if bold else 17, colour, bold,
                        Qt.AlignLeft | Qt.AlignTop, lines)
            y += h + 4

    def _build_chosen(self, p: int, r: QRectF) -> None:
        v = self.view
        if self.classic:
            opts = v.get("options") or {}
            text = f"Classic rules (Ô ăn quan): a mandarin is worth {opts.get('mandarin', 10)}"
            if opts.get("young_mandarin"):
                text += "; a young one (fewer than 5 stones with him) cannot be taken"
            self._label(r, text, 17, TEXT_MUTED, lines=2)
            return
        chosen = v["chosen"][p]
        size = 6 if (v.get("options") or {}).get("hime") == "always" else 5
        head = "Abilities" if v["step"] != Step.SETUP else f"Chosen {len(chosen)}/{size}"
        lw = 114.0
        self._label(QRectF(r.x(), r.y(), lw, r.height()), head, 18, TEXT_MUTED)
        self._chosen_spots[p] = QRectF(r.x() + lw, r.y() + 5, 32, 32)
        if not chosen:
            self._label(QRectF(r.x() + lw, r.y(), r.width() - lw, r.height()),
                        "none yet" if v["step"] == Step.SETUP else "none", 18, TEXT_MUTED)
            return
        d = 32.0
        px, widths = 0.0, []
        for px, gap in ((17.0, 22.0), (15.0, 12.0), (0.0, 0.0)):  # names as large as fit, else icons only
            widths = [d + 4 + (text_width(stone_name(k), font(px)) + gap if px else 8) for k in chosen]
            if sum(widths) <= r.width() - lw:
                break
        x = r.x() + lw
        for k, w in zip(chosen, widths):
            item = self._add(StoneItem(QRectF(x, r.y() + (r.height() - d) / 2, d, d), k, "chosen", tip=self.stone_tip(k)))
            item.setAcceptHoverEvents(True)
            if px:
                self._label(QRectF(x + d + 4, r.y(), w - d - 6, r.height()), stone_name(k), px, TEXT_LIGHT)
            x += w

    # --- the prompt ------------------------------------------------------------------------------
    def _build_prompt(self, r: QRectF) -> None:
        self._add(DecorItem(r, framed(QColor(255, 229, 138, 120), 1.5, QColor(30, 22, 8, 140), 12), "shogun-prompt"))
        title, sub = self._prompt_words()
        mine = self._deciding()
        self._caption = self._label(QRectF(r.x() + 18, r.y() + 10, r.width() - 36, 58), title, 22,
                                    GOLD_TEXT if mine or self.animating else TEXT_LIGHT, True, Qt.AlignLeft | Qt.AlignTop, 2)
        self._caption_sub = self._label(QRectF(r.x() + 18, r.y() + 72, r.width() - 36, 66), sub, 17, TEXT_MUTED, False,
                                        Qt.AlignLeft | Qt.AlignTop, 3)
        if not mine:
            return
        v = self.view
        step_ = v["step"]
        buttons: list[tuple[str, Action | None, str, str]] = []
        tray: list[tuple[str, int]] = []
        if step_ == Step.SETUP:
            tray = [(k, 1) for k in self._pickable_kinds()]
        elif step_ == Step.REFILL:
            kinds = self._pickable_kinds()
            tray = [(k, v["stores"][self.seat].count(k)) for k in kinds]
        elif step_ == Step.TURN:
            if self.ordaining:
                if self.ordain_square is not None:
                    kinds = sorted({a["stone"] for a in self.legal if a.kind == "ordain" and a["square"] == self.ordain_square},
                                   key=lambda k: CODE[k])
                    tray = [(k, v["stores"][self.seat].count(k)) for k in kinds]
                buttons.append(("Cancel", None, "cancel", "Give up ordaining (Esc)"))
            elif self.selected_square is not None:
                buttons.append(("Cancel", None, "cancel", "Choose another square (Esc)"))
            elif any(a.kind == "ordain" for a in self.legal):
                buttons.append(("Ordain…", None, "ordain",
                                "Swap a lone peasant on one of your squares for a special stone you captured"))
        if step_ == Step.DROP and len(v["hand"]) > 1:
            buttons.append(("Sow the rest plainly", None, "plain_rest",
                            "Drop every stone left on the next place, one after the other, with no ability"))
        if step_ == Step.CAPTURE:
            buttons += [("Leave them", Action.make("leave"), "choice", "End the turn without taking them"),
                        ("Take the stones", Action.make("take"), "choice", "Capture what lies beyond the empty square")]
        if step_ in (Step.SETUP, Step.REFILL, Step.DROP) and self.picked is not None and len(self._pickable_kinds()) > 1:
            buttons.append(("Choose another stone", None, "cancel", "Put the stone back and choose again (Esc)"))
        # the tray: stones to choose from, with their names
        if tray:
            d, cell = 52.0, 90.0
            cell = min(cell, (r.width() - 36) / len(tray))
            x = r.x() + 18
            for i, (k, n) in enumerate(tray):
                rect = QRectF(x + i * cell + (cell - 70) / 2, r.y() + 140, 70, d + 22)
                item = StoneItem(rect, k, "tray", count=n, tip=self.stone_tip(k) + f"\nKey: {i + 1}",
                                 caption=stone_name(k))
                item.selected_ = self.picked == k
                self._add(item)
                self._tray.append(item)
        bw, bh = 250.0, 42.0
        bx = r.right() - 18 - bw
        for text, action, kind, tip in buttons:
            b = ButtonItem(QRectF(bx, r.bottom() - 14 - bh, bw, bh), text, action, kind, tip)
            self._add(b)
            self._buttons.append(b)
            bx -= bw + 12

    def _prompt_words(self) -> tuple[str, str]:
        v = self.view
        step_ = v["step"]
        if self.animating:
            return self._anim_title, "Click the table or press a key to skip to the end."
        d = v.get("decider")
        you = self._deciding()
        who = self.name(d) if d is not None and d >= 0 else ""
        if step_ == Step.OVER:
            totals = [s["total"] for s in v["scores"]]
            if totals[0] == totals[1]:
                return f"Game over — a draw, {totals[0]} points each", self._rolls_text()
            w = 0 if totals[0] > totals[1] else 1
            return (f"Game over — {self.name(w)} wins, {totals[w]} to {totals[1 - w]}", self._rolls_text())
        if not you:
            if d is None or d < 0:
                return "The dice are rolling…", ""
            doing = {
                Step.SETUP: "choosing and placing special stones",
                Step.TURN: "choosing a square to sow",
                Step.DROP: "choosing the next stone to drop",
                Step.REFILL: "refilling their empty squares",
                Step.SKIP: "imprisoned: this turn is lost",
                Step.THIEF: "deciding whether to roll the dice for a Thief",
                Step.CAPTURE: "deciding whether to take the stones beyond the empty square",
            }.get(step_, step_)
            if self.seat is None:
                return f"{who} is {doing}", "Watching the game."
            return f"Waiting for {who}…", f"{who} is {doing}."
        if step_ == Step.SETUP:
            size = 6 if (v.get("options") or {}).get("hime") == "always" else 5
            n = len(v["chosen"][self.seat])
            if self.picked:
                return (f"Place the {stone_name(self.picked)}: click one of your squares",
                        f"Stone {n + 1} of {size}. You may use only the abilities of the stones you choose.")
            return (f"Set-up: choose a special stone ({n + 1} of {size})",
                    "Click a stone below, then one of your squares. You may use only the abilities of the stones you choose.")
        if step_ == Step.TURN:
            if self.ordaining:
                if self.ordain_square is None:
                    return ("Ordain: click a highlighted square (a lone peasant)",
                            "The peasant goes to your captures and a special stone you captured takes its place.")
                return (f"Ordain {square_label(self.ordain_square)}: choose the special stone",
                        "Click one of your captured special stones below.")
            if self.selected_square is not None:
                n = len(v["board"][self.selected_square])
                return (f"Sow {square_label(self.selected_square)} ({n} stone{'s' if n != 1 else ''}): which way?",
                        "◀ clockwise (← key) or ▶ counter-clockwise (→ key). Esc chooses another square.")
            extra = " — or ordain first" if any(a.kind == "ordain" for a in self.legal) else ""
            return (f"Your turn: choose a square to sow{extra}",
                    "Click one of your squares, then ◀ or ▶ above it (or Tab to a square and press ← or →).")
        if step_ == Step.DROP:
            n = len(v["hand"])
            if self.picked is None:
                return (f"Sowing: {n} stones in hand — click the next place",
                        "The next stone drops there plainly. To use an ability, first click that stone in "
                        "the hand (in the groove of the board).")
            name = stone_name(self.picked, self.classic)
            mine = [a for a in self.legal if a.kind == "drop" and a["stone"] == self.picked]
            if any(a.get("turn") for a in mine):
                return (f"Drop the {name}: click the next place (green)",
                        "Or click “Turn round”: the Samurai drops there and the sowing goes on the other way.")
            ability = any(self._is_ability(a) for a in mine)
            return (f"Drop the {name}: click a highlighted place",
                    "Green: the next place. Violet: where its ability can send it." if ability
                    else "Green: the next place.")
        if step_ == Step.REFILL:
            if self.picked:
                return (f"Refill: put the {stone_name(self.picked)} on an empty square",
                        "Click a highlighted square of yours.")
            return ("Refill your empty squares from your captures",
                    "Choose a captured stone below, then an empty square of yours.")
        if step_ == Step.SKIP:
            return "You are imprisoned: this turn is lost", "Click “Sit out this turn” on the board."
        if step_ == Step.CAPTURE:
            n = len(v["board"][self._capture_place()])
            return (f"Take the {n} stone{'s' if n != 1 else ''} beyond the empty square?",
                    "Taking them ends your turn, and so does leaving them (the rules say you can take them).")
        if step_ == Step.THIEF:
            other = self.name(1 - self.seat)
            left = v["thieves"].count(self.seat)
            more = f" ({left} Thieves to decide)" if left > 1 else ""
            return (f"You captured a Thief: roll the dice?{more}",
                    f"No double: you take the sum from {other}. A double: {other} takes the sum from you.")
        return v["step"], ""

    def _rolls_text(self) -> str:
        rolls = self.view.get("rolls") or []
        if not rolls:
            return "Final scores beside each name."
        return "Thief's dice: " + "; ".join(self._roll_sentence(r) for r in rolls)

    def _roll_sentence(self, roll: dict[str, Any]) -> str:
        p, total = roll["player"], roll["total"]
        if roll["double"]:
            return f"{self.name(p)} rolled a double ({total}): {self.name(1 - p)} takes {total} from {self.name(p)}"
        return f"{self.name(p)} rolled {total}: takes {total} from {self.name(1 - p)}"

    # --- the groove: the hand, the banners, the dice ---------------------------------------------
    def _build_groove(self) -> None:
        v = self.view
        _, groove = board_geometry()
        step_ = v["step"]
        if step_ == Step.DROP and v["hand"]:
            self._build_hand(v["hand"], v["pos"], v["direction"], interactive=self._deciding())
        elif step_ == Step.SKIP:
            self._build_prison_banner(groove)
        elif step_ in (Step.THIEF, Step.OVER, Step.DICE):
            self._build_dice_banner(groove)
        elif not self.animating and not (self.selected_square is not None and self._deciding()):
            self._row_names(groove)

    def _row_names(self, groove: QRectF) -> None:
        me = self.me
        you = self.seat is not None
        top = f"▲ {self.name(1 - me)}'s squares"
        bottom = f"▼ {'Your' if you else self.name(me) + chr(39) + 's'} squares"
        self._label(QRectF(groove.x() + 24, groove.y() + 12, 420, 26), top, 18, QColor(255, 236, 200, 190), True)
        self._label(QRectF(groove.x() + 24, groove.bottom() - 40, 420, 26), bottom, 18, QColor(255, 236, 200, 190), True)
        legend = "◀ clockwise  ·  counter-clockwise ▶"
        self._label(QRectF(groove.right() - 444, groove.bottom() - 40, 420, 26), legend, 17, QColor(255, 236, 200, 160),
                    False, Qt.AlignRight | Qt.AlignVCenter)

    def _hand_rect(self, hand: list[str], pos: int) -> tuple[QRectF, float]:
        geo, groove = board_geometry()
        kinds = len(set(hand))
        cell = 60.0
        w = 160 + kinds * cell
        slot = self._screen_slot(pos)
        cx = geo[slot].center().x()
        if slot == "left":
            cx = groove.x() + w / 2
        elif slot == "right":
            cx = groove.right() - w / 2
        x = min(max(groove.x() + 4, cx - w / 2), groove.right() - 4 - w)
        return QRectF(x, groove.y() + 6, w, groove.height() - 26), cell

    def _build_hand(self, hand: list[str], pos: int, direction: int, interactive: bool) -> None:
        """The stones in hand, by kind, in the groove beside the place the sowing has reached."""
        for it in self._hand + self._hand_deco:
            if it.scene() is self:
                self.removeItem(it)
        self._hand, self._hand_deco = [], []
        if not hand:
            return
        r, cell = self._hand_rect(hand, pos)
        self._hand_box = r

        deco = DecorItem(r, framed(HERE, 2, QColor(25, 14, 4, 215), 14))
        deco.setZValue(15)
        self._add(deco)
        self._hand_deco.append(deco)
        nxt = step(pos, direction)
        for text, y, colour in ((f"In hand: {len(hand)}", r.center().y() - 25, GOLD_TEXT),
                                (f"next: {self._short(nxt)}", r.center().y() + 1, TEXT_LIGHT)):
            label = LabelItem(QRectF(r.x() + 14, y, 136, 24), text, 18, colour, True)
            label.setZValue(16)
            self._add(label)
            self._hand_deco.append(label)
        x = r.x() + 150
        d = min(52.0, r.height() - 8)
        for i, k in enumerate(sorted(set(hand), key=lambda s: CODE[s])):
            rect = QRectF(x + i * cell + (cell - d) / 2, r.center().y() - d / 2, d, d)
            tip = self.stone_tip(k) + (f"\nKey: {i + 1}" if interactive else "")
            item = StoneItem(rect, k, "hand" if interactive else "handshow", count=hand.count(k), tip=tip)
            item.setZValue(17)
            item.setAcceptHoverEvents(True)
            item.selected_ = interactive and self.picked == k
            self._add(item)
            self._hand.append(item)

    @staticmethod
    def _short(place: int) -> str:
        if place == 5:
            return "east"
        if place == 11:
            return "west"
        return square_label(place)

    def _build_prison_banner(self, groove: QRectF) -> None:
        v = self.view
        p = v["turn_player"]
        r = groove.adjusted(10, 8, -10, -8)

        def banner(pp: QPainter, rr: QRectF) -> list[str]:
            pp.setPen(QPen(QColor("#ffb4a0"), 2))
            pp.setBrush(QColor(120, 20, 16, 230))
            pp.drawRoundedRect(rr, 14, 14)
            # prison bars
            bars = QRectF(rr.x() + 16, rr.y() + 12, 46, rr.height() - 24)
            pp.setPen(QPen(QColor("#f0d6cf"), 3))
            pp.setBrush(Qt.NoBrush)
            pp.drawRoundedRect(bars, 6, 6)
            for i in range(1, 4):
                xx = bars.x() + i * bars.width() / 4
                pp.drawLine(QPointF(xx, bars.y()), QPointF(xx, bars.bottom()))
            return []

        deco = DecorItem(r, banner)
        deco.setZValue(15)
        self._add(deco)
        text = f"{'You are' if self.seat == p else self.name(p) + ' is'} imprisoned: this turn is lost"
        lab = self._label(QRectF(r.x() + 76, r.y() + 8, r.width() - 340, 32), text, 23, QColor("#fff1ec"), True)
        lab.setZValue(16)
        sub = self._label(QRectF(r.x() + 76, r.y() + 42, r.width() - 340, 24),
                          "Taking a shogun in one's first three turns costs the next turn.", 17, QColor("#ffd6cc"))
        sub.setZValue(16)
        if self._deciding():
            skip = next((a for a in self.legal if a.kind == "skip"), None)
            if skip is not None:
                b = ButtonItem(QRectF(r.right() - 250, r.center().y() - 20, 234, 40), "Sit out this turn", skip)
                self._add(b)
                self._buttons.append(b)

    def _build_dice_banner(self, groove: QRectF) -> None:
        v = self.view
        r = groove.adjusted(10, 6, -10, -6)

        deco = DecorItem(r, framed(GOLD_TEXT, 2, QColor(24, 18, 10, 230), 14))
        deco.setZValue(15)
        self._add(deco)
        rolls = v.get("rolls") or []
        x = r.x() + 14
        ds = r.height() - 18
        if rolls:
            last = rolls[-1]
            a, b = dice_faces(last["total"], last["double"])
            for value in (a, b):
                self._add(DieItem(QRectF(x, r.y() + 9, ds, ds), value))
                x += ds + 10
            x += 8
        if v["step"] == Step.THIEF:
            p = v["thieves"][0]
            other = self.name(1 - p)
            head = "Your Thief: roll the dice?" if self.seat == p else f"{self.name(p)}'s Thief: roll or keep?"
            sub = f"Last roll: {self._roll_sentence(rolls[-1])}." if rolls else \
                f"No double: {'you take' if self.seat == p else self.name(p) + ' takes'} the sum from " \
                f"{'them' if self.seat == p else other}; a double gives it away."
        elif v["step"] == Step.OVER:
            totals = [s["total"] for s in v["scores"]]
            if totals[0] == totals[1]:
                head = f"Game over — a draw at {totals[0]}"
            else:
                w = 0 if totals[0] > totals[1] else 1
                head = f"Game over — {self.name(w)} wins {totals[w]} to {totals[1 - w]}"
            sub = f"{self._roll_sentence(rolls[-1])}." if rolls else "The stones left on the board went to their side's owner."
        else:
            head, sub = "The dice are rolling…", ""
        buttons_w = 316 if self._deciding() else 0
        lab = self._label(QRectF(x, r.y() + 6, r.right() - x - buttons_w - 12, 32), head, 22, GOLD_TEXT, True)
        lab.setZValue(16)
        sl = self._label(QRectF(x, r.y() + 40, r.right() - x - buttons_w - 12, 44), sub, 16, TEXT_LIGHT, False,
                         Qt.AlignLeft | Qt.AlignTop, 2)
        sl.setZValue(16)
        if self._deciding():
            bx = r.right() - buttons_w
            for text, kind, tip in (("Roll the dice", "roll", "Roll two dice for this Thief"),
                                    ("Keep", "keep", "Do not roll: the points stay as they are")):
                a = Action.make(kind)
                if a in self.legal_set:
                    w = 176 if kind == "roll" else 120
                    b = ButtonItem(QRectF(bx, r.center().y() - 22, w, 44), text, a, tip=tip)
                    self._add(b)
                    self._buttons.append(b)
                    bx += w + 10

    def _capture_place(self) -> int:
        """Where the stones a capture would take lie: beyond the empty place after the sowing."""
        v = self.view
        return step(step(v["pos"], v["direction"]), v["direction"])

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
                        if a.kind == "ordain":
                            lit[a["square"]] = ("plain", "")
                else:
                    lit[self.ordain_square] = ("plain", "ordain")
            else:
                for a in self.legal:
                    if a.kind == "sow":
                        lit[a["square"]] = ("plain", "")
        elif step_ in (Step.SETUP, Step.REFILL) and self.picked is not None:
            kind = "place" if step_ == Step.SETUP else "refill"
            for a in self.legal:
                if a.kind == kind and a["stone"] == self.picked:
                    lit[a["square"]] = ("plain", "")
        elif step_ == Step.DROP and self.picked is not None:
            for a in self.legal:
                if a.kind != "drop" or a["stone"] != self.picked or a.get("turn"):
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
            _, groove = board_geometry()
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
                if Action.make("sow", square=a.square, dir=a.direction) in self.legal_set:
                    self._add(a)
                    self._arrows.append(a)
        if step_ == Step.DROP and self.picked == "samurai":
            turn = next((a for a in self.legal if a.kind == "drop" and a["stone"] == "samurai" and a.get("turn")), None)
            if turn is not None:
                _, groove = board_geometry()
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
    def _refresh_marks(self) -> None:
        items = self.focusable_items()
        for it in self.items():
            if isinstance(it, TableItem) and it.focused:
                it.focused = False
                it.update()
        if self._focus_index is not None and items:
            self._focus_index %= len(items)
            it = items[self._focus_index]
            it.focused = True
            it.update()
        elif not items:
            self._focus_index = None

    # --- acting ----------------------------------------------------------------------------------
    # --- plain drops: one click, or the rest of the sowing at once -------------------------------
    sowing_plainly = False  # "Sow the rest plainly": each drop of this sowing is the plain one

    def plain_drop(self) -> Action | None:
        """The drop of the next stone to the next place, without an ability: a peasant when there
        is one, else a stone whose ability is not on offer, else any."""
        if self.view is None or self.view.get("step") != Step.DROP:
            return None
        normal = step(self.view["pos"], self.view["direction"])
        options = [a for a in self.legal if a.kind == "drop" and a["to"] == normal and not a.get("turn")]
        able = {a["stone"] for a in self.legal if a.kind == "drop" and self._is_ability(a)}
        return min(options, key=lambda a: (a["stone"] != "peasant", a["stone"] in able, CODE[a["stone"]]), default=None)

    def _next_plain_drop(self) -> None:
        action = self.plain_drop()
        if self.sowing_plainly and action is not None and not self.animating:
            self._emit(action)
        elif action is None:
            self.sowing_plainly = False

    def _emit(self, action: Action) -> None:
        if action not in self.legal_set:
            self.status.emit("That is not possible now.")
            return
        self._clear_choice()
        self.action_chosen.emit(action)

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
                d = self.view.get("decider")
                self.status.emit(f"Wait: {self.name(d)} is deciding." if d is not None and d >= 0 and d != self.seat
                                 else "Nothing to choose now.")
            return
        step_ = self.view["step"]
        if isinstance(item, ButtonItem):
            if item.action is not None:
                self._emit(item.action)
            elif item.kind == "ordain":
                self.ordaining, self.ordain_square, self.selected_square = True, None, None
                self._redraw_choice()
            elif item.kind == "plain_rest":
                self.sowing_plainly = True
                self._next_plain_drop()
            else:  # cancel
                self._cancel()
            return
        if isinstance(item, ArrowItem):
            self._emit(Action.make("sow", square=item.square, dir=item.direction))
            return
        if isinstance(item, StoneItem) and item.role in ("tray", "hand"):
            if step_ == Step.TURN and self.ordaining and self.ordain_square is not None:
                self._emit(Action.make("ordain", square=self.ordain_square, stone=item.key))
                return
            self.picked = None if self.picked == item.key and len(self._pickable_kinds()) > 1 else item.key
            self._redraw_choice()
            if self.picked:
                self.status.emit(f"{stone_name(self.picked, self.classic)} chosen: now click a highlighted place.")
            return
        if isinstance(item, PlaceItem):
            self._place_clicked(item)

    def _cancel(self) -> bool:
        if self.selected_square is None and not self.ordaining and (
                self.picked is None or len(self._pickable_kinds()) <= 1):
            return False
        self._clear_choice()
        self._auto_pick()
        self._focus_index = None
        self._redraw_choice()
        self.status.emit("Cancelled.")
        return True

    def _place_clicked(self, item: PlaceItem) -> None:
        v = self.view
        step_ = v["step"]
        sq = item.place
        if step_ == Step.TURN:
            if self.ordaining:
                if self.ordain_square is None and any(a.kind == "ordain" and a["square"] == sq for a in self.legal):
                    self.ordain_square = sq
                    self._redraw_choice()
                elif self.ordain_square == sq:
                    self.ordain_square = None
                    self._redraw_choice()
                else:
                    self.status.emit("Ordain a square of yours that holds a single peasant.")
                return
            if any(a.kind == "sow" and a["square"] == sq for a in self.legal):
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
            kind = "place" if step_ == Step.SETUP else "refill"
            if self.picked is None:
                self.status.emit("First choose a stone from the tray.")
                return
            a = Action.make(kind, stone=self.picked, square=sq)
            if a in self.legal_set:
                self._emit(a)
            elif step_ == Step.REFILL:
                self.status.emit("Refill an empty square of yours.")
            else:
                self.status.emit("Place the stone on one of your own squares (along the bottom).")
            return
        if step_ == Step.DROP:
            if self.picked is None:
                plain = self.plain_drop()
                if plain is not None and plain["to"] == sq:
                    self._emit(plain)  # the common case in one click: the next stone, plainly
                else:
                    self.status.emit("Click the next place to drop a plain stone there, or choose a stone "
                                     "in the hand to use its ability.")
                return
            a = Action.make("drop", stone=self.picked, to=sq)
            if a in self.legal_set:
                self._emit(a)
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

    def mousePressEvent(self, event: Any) -> None:
        if self.animating and event.button() == Qt.LeftButton:
            self.skip_animation()
            self._press = None
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: Any) -> None:
        if event.button() != Qt.LeftButton or self._press is None:
            event.ignore()
            return
        item, _ = self._press
        self._press = None
        if item is not None:
            self.activate(item)
        event.accept()

    # --- keyboard ----------------------------------------------------------------------------------
    def keyPressEvent(self, event: Any) -> None:
        key = event.key()
        if self.animating and key not in (Qt.Key_Shift, Qt.Key_Control, Qt.Key_Alt, Qt.Key_Meta):
            self.skip_animation()
            event.accept()
            return
        if self.view is None or not self.legal:
            event.ignore()
            return
        step_ = self.view["step"]
        if key in (Qt.Key_Tab, Qt.Key_Backtab):
            self.move_focus(key == Qt.Key_Backtab or bool(event.modifiers() & Qt.ShiftModifier))
        elif key in (Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space):
            target = self.focused_item()
            if target is None:
                event.ignore()
                return
            before = (self.selected_square, self.picked, self.ordaining, self.ordain_square)
            self.activate(target)
            after = (self.selected_square, self.picked, self.ordaining, self.ordain_square)
            if self.view is not None and after != before and any(x not in (None, False) for x in after):
                self._focus_next_stage()
        elif key in (Qt.Key_Left, Qt.Key_Right):
            if step_ != Step.TURN or self.ordaining:
                event.ignore()
                return
            sq = self.selected_square
            if sq is None:
                f = self.focused_item()
                sq = f.place if isinstance(f, PlaceItem) else f.square if isinstance(f, ArrowItem) else None
            if sq is None:
                self.status.emit("Choose a square first (Tab, or the digits 1-5).")
            else:
                d = -1 if key == Qt.Key_Left else 1
                a = Action.make("sow", square=sq, dir=d)
                if a in self.legal_set:
                    self._emit(a)
                else:
                    self.status.emit(f"{square_label(sq)} cannot be sown.")
        elif key == Qt.Key_Escape:
            if not self._cancel():
                event.ignore()
                return
        elif Qt.Key_1 <= key <= Qt.Key_9:
            i = key - Qt.Key_1
            if step_ == Step.TURN and not self.ordaining:
                mine = self._my_squares()
                if i < len(mine) and self._places[mine[i]].highlighted:
                    self._place_clicked(self._places[mine[i]])
                    self._focus_next_stage()
            else:
                pool = self._hand if step_ == Step.DROP else self._tray
                if i < len(pool):
                    self.activate(pool[i])
                    self._focus_next_stage()
        else:
            event.ignore()
            return
        event.accept()

    def _focus_next_stage(self) -> None:
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
        self._refresh_marks()

    # --- animation ---------------------------------------------------------------------------------
    def _script(self, old: dict[str, Any], new: dict[str, Any]) -> list[tuple] | None:
        """The steps that lead from ``old`` (on show) to ``new`` by ``new['events']``, or ``None``
        when they do not (then the new view is drawn without animation)."""
        board = [list(x) for x in old["board"]]
        hand = list(old["hand"]) if old["step"] == Step.DROP else []
        pos, direction = old.get("pos", 0), old.get("direction", 1)
        out: list[tuple] = []
        try:
            for e in new["events"]:
                kind = e["event"]
                p = e.get("player", 0)
                if kind in ("place", "refill", "borrow"):
                    k = e["stone"]
                    board[e["place"]].append(k)
                    out.append(("arrive", kind, p, e["place"], k))
                elif kind == "ordain":
                    k = e["stone"]
                    if board[e["place"]] != ["peasant"]:
                        return None
                    board[e["place"]] = [k]
                    out.append(("ordain", p, e["place"], k))
                elif kind in ("sow", "pick"):
                    stones = list(e["stones"])
                    if sorted(board[e["place"]]) != sorted(stones) or hand:
                        return None
                    board[e["place"]] = []
                    hand = list(stones)
                    pos = e["place"]
                    if kind == "sow":
                        direction = e["dir"]
                    out.append(("lift", kind, p, pos, list(stones), direction))
                elif kind == "drop":
                    k = e["stone"]
                    if k not in hand:
                        return None
                    hand.remove(k)
                    to = e["place"]
                    turned = bool(e.get("turn"))
                    board[to].append(k)
                    out.append(("drop", p, to, k, bool(e.get("ability")), turned, list(hand), pos, direction))
                    if turned:
                        direction = -direction
                    pos = to
                elif kind in ("capture", "retreat"):
                    stones = list(e["stones"])
                    for s in stones:
                        board[e["place"]].remove(s)
                    out.append(("take", kind, p, e["place"], stones))
                elif kind == "dice":
                    out.append(("dice", p, e["total"], e["double"]))
                elif kind in ("skip", "imprisoned", "protected", "keep"):
                    out.append(("say", kind, p, e.get("place")))
        except (KeyError, ValueError, IndexError, TypeError):
            return None
        if [sorted(x) for x in board] != [sorted(x) for x in new["board"]]:
            return None
        if sorted(hand) != sorted(new["hand"] if new["step"] == Step.DROP else []):
            return None
        return out or None

    def _start_animation(self, old: dict[str, Any], view: dict[str, Any], legal: list[Action], steps: list[tuple]) -> None:
        self.animating = True
        self._target = (view, legal)
        self._steps = list(steps)
        drops = sum(1 for s in steps if s[0] == "drop")
        self._pace = int(max(110, min(DROP_MS, 9000 / max(1, drops))))
        self._anim_title = self._step_words(steps[0])
        # the old position, without choices, while the moves play
        self.view = old
        self.legal, self.legal_set = [], set()
        self._rebuild()
        self._anim_board = [list(x) for x in old["board"]]
        self._next_step()

    def _say(self, text: str) -> None:
        self._anim_title = text
        if self._caption is not None and self._caption.scene() is self:
            self._caption.text = text
            self._caption.update()

    def _next_step(self) -> None:
        if not self.animating:
            return
        self._clear_transient()
        if not self._steps:
            self._end_animation()
            return
        s = self._steps.pop(0)
        self._say(self._step_words(s))
        wait = self._play(s)
        self._timer.start(max(1, wait))

    def _fly(self, key: str, start: QRectF, end: QRectF, ms: int, done: Any = None) -> None:
        item = StoneItem(start, key)
        self.flying.append(item)

        def landed() -> None:
            if item in self.flying:
                self.flying.remove(item)
            if done is not None:
                done()

        anim = fly(self, item, start, end, self._anims, ms, None, landed)
        anim.finished.connect(anim.deleteLater)  # (one per stone: they are not kept)

    def _play(self, s: tuple) -> int:
        """Show one step; returns how long before the next one (ms)."""
        kind = s[0]
        pace = self._pace
        board = self._anim_board  # the stones on each place as the steps so far leave them
        if kind == "lift":
            _, what, p, place, stones, direction = s
            item = self._places[place]
            starts = item.stone_rects()
            board[place] = []
            item.set_stones([])
            self._build_hand(stones, place, direction, False)
            end = self._hand_deco[0].card_scene_rect() if self._hand_deco else item.card_scene_rect()
            for k, r in starts[:12]:
                spot = next((h.card_scene_rect() for h in self._hand if h.key == k), end)
                self._fly(k, r, spot, 300)
            self._mark_here(place)
            return 420 if what == "sow" else 380
        if kind == "drop":
            _, p, to, k, ability, turned, hand_after, pos, direction = s
            start = next((h.card_scene_rect() for h in self._hand if h.key == k), None)
            place = self._places[to]
            board[to].append(k)
            end = place.spot_for(k, board[to])
            if start is None:
                start = QRectF(end)
            self._build_hand(hand_after, to, -direction if turned else direction, False)
            self._fly(k, start, end, int(pace * 0.85), lambda: self._land(to))
            self._mark_here(to)
            if ability:
                self._transient_tag(place, "↶ turns round" if turned else "✦ " + ABILITY_TAG.get(k, stone_name(k)))
                return pace + 200
            return pace
        if kind == "take":
            _, what, p, place, stones = s
            item = self._places[place]
            starts = item.stone_rects()
            for st in stones:
                board[place].remove(st)
            moving = []
            left = list(stones)
            for k, r in starts:
                if k in left:
                    left.remove(k)
                    moving.append((k, r))
            item.set_stones(board[place])
            for k, r in moving[:16]:
                end = self._store_groups.get((p, k), self._store_spots.get(p, r))
                self._fly(k, r, QRectF(end), 520)
            self._mark_here(None)
            return 700
        if kind == "arrive":
            _, what, p, place, k = s
            src = p if what != "borrow" else 1 - p
            if what == "place":
                start = next((t.card_scene_rect() for t in self._tray if t.key == k), None) or \
                    self._chosen_spots.get(p) or self._store_spots.get(p)
            else:
                start = self._store_groups.get((src, k)) or self._store_spots.get(src)
            item = self._places[place]
            board[place].append(k)
            end = item.spot_for(k, board[place])
            self._fly(k, QRectF(start) if start is not None else QRectF(end), end, 420, lambda: self._land(place))
            return 520
        if kind == "ordain":
            _, p, place, k = s
            item = self._places[place]
            start = self._store_groups.get((p, k)) or self._store_spots.get(p)
            old = item.stone_rects()
            board[place] = [k]
            item.set_stones([])
            end = item.spot_for(k, [k])
            for pk, r in old:
                self._fly(pk, r, QRectF(self._store_groups.get((p, "peasant")) or self._store_spots.get(p)), 450)
            self._fly(k, QRectF(start) if start is not None else QRectF(end), end, 450, lambda: self._land(place))
            return 600
        if kind == "dice":
            _, p, total, double = s
            self._roll_dice(total, double)
            return 1100
        if kind == "say":
            return 900
        return 10

    def _land(self, place: int) -> None:
        """A stone in flight has landed: its place shows what the steps so far put there."""
        item = self._places.get(place)
        if self.animating and item is not None and item.scene() is self:
            item.set_stones(self._anim_board[place])

    def _mark_here(self, place: int | None) -> None:
        for p, it in self._places.items():
            here = p == place
            if it.here != here:
                it.here = here
                it.update()

    def _transient_tag(self, place: PlaceItem, text: str) -> None:
        r = place.card_scene_rect()
        f = font(16, True)
        w = text_width(text, f) + 22
        rect = QRectF(r.center().x() - w / 2, r.y() - 14, w, 27)

        def paint(p: QPainter, rr: QRectF) -> list[str]:
            p.setPen(QPen(QColor(0, 0, 0, 120), 1))
            p.setBrush(ABILITY)
            p.drawRoundedRect(rr, 13, 13)
            draw_text(p, rr, text, f, QColor("#1d0f2a"), Qt.AlignCenter)
            return [text]

        tag = DecorItem(rect, paint)
        tag.setZValue(60)
        self._add(tag)
        self._transient.append(tag)

    def _clear_transient(self) -> None:
        for it in self._transient:
            if it.scene() is self:
                self.removeItem(it)
        self._transient = []

    def _roll_dice(self, total: int, double: bool) -> None:
        """Two dice tumble in the groove, then show the roll."""
        _, groove = board_geometry()
        ds = 64.0
        x0 = groove.center().x() - ds - 8
        y = groove.center().y() - ds / 2
        dice = [DieItem(QRectF(x0, y, ds, ds), 1), DieItem(QRectF(x0 + ds + 16, y, ds, ds), 6)]
        for d in dice:
            d.setZValue(70)
            self._add(d)
            self._transient.append(d)
        faces = dice_faces(total, double)
        anim = QVariantAnimation(self)
        anim.setStartValue(0)
        anim.setEndValue(12)
        anim.setDuration(700)

        def tumble(value: int) -> None:
            for i, d in enumerate(dice):
                if d.scene() is self:
                    d.value = faces[i] if value >= 12 else (value * (3 + 2 * i) + i) % 6 + 1
                    d.setRotation(0 if value >= 12 else (value * 29 + i * 40) % 40 - 20)
                    d.update()

        anim.valueChanged.connect(tumble)
        self._anims.append(anim)
        anim.start()

    def _step_words(self, s: tuple) -> str:
        kind = s[0]
        if kind == "lift":
            _, what, p, place, stones, direction = s
            n = len(stones)
            if what == "sow":
                return f"{self.name(p)} sows {square_label(place)} ({n} stone{'s' if n != 1 else ''}) {WAYS[direction]}"
            return f"The sowing goes on: {square_label(place)} is picked up ({n})"
        if kind == "drop":
            _, p, to, k, ability, turned, *_ = s
            if turned:
                return "The Samurai turns the sowing round"
            if ability:
                return f"The {stone_name(k)} uses its ability: lands on {square_label(to)}"
            return f"{stone_name(k, self.classic)} dropped on {square_label(to)}"
        if kind == "take":
            _, what, p, place, stones = s
            if what == "retreat":
                return f"The shoguns are gone: {len(stones)} stone{'s' if len(stones) != 1 else ''} go to {self.name(p)}"
            special = "" if "shogun" not in stones else (" — the Mandarin!" if self.classic else " — the Shogun!")
            return f"{self.name(p)} captures {len(stones)} stone{'s' if len(stones) != 1 else ''} from {square_label(place)}{special}"
        if kind == "arrive":
            _, what, p, place, k = s
            verb = {"place": "places", "refill": "refills with", "borrow": "borrows"}[what]
            return f"{self.name(p)} {verb} a {stone_name(k, self.classic)} on {square_label(place)}"
        if kind == "ordain":
            _, p, place, k = s
            return f"{self.name(p)} ordains {square_label(place)}: a {stone_name(k)} takes the peasant's place"
        if kind == "dice":
            _, p, total, double = s
            return self._roll_sentence({"player": p, "total": total, "double": double})
        if kind == "say":
            _, what, p, place = s
            return {"skip": f"{self.name(p)} is imprisoned and sits out the turn",
                    "imprisoned": f"{self.name(p)} took a shogun early: imprisoned for the next turn",
                    "protected": "The young mandarin cannot be captured",
                    "keep": f"{self.name(p)} keeps the Thief"}.get(what, "")
        return ""

    def _stop_animation(self) -> None:
        self._timer.stop()
        for a in self._anims:
            a.stop()
            a.deleteLater()
        self._anims = []
        for it in self.flying:
            if it.scene() is self:
                self.removeItem(it)
        self.flying = []
        self._clear_transient()
        self._steps = []
        self.animating = False

    def _end_animation(self) -> None:
        """The moves have played: draw the view they led to, then any view that came meanwhile."""
        self._stop_animation()
        target, self._target = self._target, None
        if target is not None:
            self.view, self.legal = target
            self.legal_set = set(self.legal)
            self._auto_pick()
            self._rebuild()
        while self._queue and not self.animating:
            view, legal, last = self._queue.pop(0)
            self._show(view, legal, last)
        if not self.busy():
            self.settled.emit()

    def busy(self) -> bool:
        return self.animating or bool(self._queue)

    def skip_animation(self) -> None:
        """Finish at once: the latest view is drawn (the views waiting are not played)."""
        if not self.animating and not self._queue:
            return
        self._stop_animation()
        target, self._target = self._target, None
        if self._queue:
            view, legal, _ = self._queue[-1]
            target = (view, legal)
        self._queue = []
        if target is not None:
            self.view, self.legal = target
            self.legal_set = set(self.legal)
            self._clear_choice()
            self._auto_pick()
            self._rebuild()
        self.settled.emit()

    # --- background --------------------------------------------------------------------------------
    def drawBackground(self, p: QPainter, rect: QRectF) -> None:
        draw_cloth(p, rect, SCENE_RECT, "#12201f", ("#2c4a45", "#203a36", "#162a27"), "#6b4526")
