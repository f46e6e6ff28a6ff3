"""What every table does alike, tested once on the client's table base (TableScene): emitting an
action, refusing an illegal one, the focus ring, Enter, Escape, the digits, the hint, a click and
stopping the animations -- on a tiny table of its own, and that the games' tables leave it to
the base."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

pytest.importorskip("pytestqt")

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, QVariantAnimation  # noqa: E402
from PySide6.QtGui import QKeyEvent  # noqa: E402

from tabletop.client.table_base import TableScene  # noqa: E402
from tabletop.client.table_items import TableItem  # noqa: E402
from tabletop.engine.actions import Action  # noqa: E402
from tabletop.games.forest.table import ForestTable  # noqa: E402
from tabletop.games.shogun.table import ShogunTable  # noqa: E402
from tabletop.games.spheres_of_life.table import SpheresTable  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


class Toy(TableScene):
    """Three cards in hand and two places: click a card, then a place, to play it there."""

    refusal = "Not now."

    def __init__(self) -> None:
        super().__init__(None, ["Ann", "Ben"])
        self.selected: str | None = None
        self.activated: list[TableItem] = []
        self.focus_moves = 0
        self.marks_drawn = 0

    def show_view(self, view, legal, last_action=None) -> None:
        self.clear()
        self.view = view
        self.set_legal(legal)
        self.selected = None
        self._focus_index = None
        self.hand = [TableItem(QRectF(10 + 110 * i, 700, 100, 150), "hand") for i in range(3)]
        self.places = [TableItem(QRectF(10 + 110 * i, 300, 100, 150), "place") for i in range(2)]
        for i, it in enumerate(self.hand):
            it.data_["card"] = f"c{i}"
        for i, it in enumerate(self.places):
            it.data_["place"] = i
        for it in self.hand + self.places:
            self.addItem(it)

    def hand_items(self):
        return list(self.hand)

    def focusable_items(self):
        return self.hand + (self.places if self.selected else [])

    def may_pick(self, item) -> bool:
        return item.data_["card"] != "c2"  # the third card is never choosable

    def activate(self, item) -> None:
        self.activated.append(item)
        if item.role == "hand":
            self.selected = None if self.selected == item.data_["card"] else item.data_["card"]
            self.refresh_marks()
        elif self.selected:
            self.emit_action(Action.make("play", card=self.selected, place=item.data_["place"]))

    def selection(self):
        return (self.selected,)

    def clear_selection(self) -> None:
        self.selected = None

    def refresh_marks(self) -> None:
        self.marks_drawn += 1
        super().refresh_marks()

    def focus_next(self) -> None:
        self.focus_moves += 1

    def hint_for(self, action):
        return [self.hand[0], self.places[action["place"]]], "play the first card"

    def _item_at(self, pos):
        return next((it for it in self.hand + self.places if it.card_scene_rect().contains(pos)), None)


LEGAL = [Action.make("play", card=c, place=p) for c in ("c0", "c1") for p in (0, 1)]


@pytest.fixture
def toy(qtbot):
    t = Toy()
    t.actions, t.statuses = [], []
    t.action_chosen.connect(t.actions.append)
    t.status.connect(t.statuses.append)
    t.show_view({"seat": 0, "decider": 0}, LEGAL)
    yield t
    t.dispose()


def press(table, key, modifiers=Qt.NoModifier) -> bool:
    """Send ``key`` to the table; returns whether the table took it."""
    event = QKeyEvent(QEvent.KeyPress, key, modifiers)
    event.setAccepted(False)
    table.keyPressEvent(event)
    return event.isAccepted()


def focused(table):
    return [it for it in table.items() if isinstance(it, TableItem) and it.focused]


# --- emitting ---------------------------------------------------------------------------------
def test_a_legal_action_goes_out_once_and_spends_the_choice_and_the_hint(toy):
    toy.selected = "c1"
    toy.mark_hint([toy.hand[0]])
    assert toy.emit_action(LEGAL[3]) is True
    assert toy.actions == [LEGAL[3]]
    assert toy.selected is None
    assert not toy.hand[0].hinted and toy._hinted == []
    assert toy.statuses == []


def test_an_illegal_action_does_not_go_out_and_the_refusal_is_said(toy):
    toy.selected = "c1"
    assert toy.emit_action(Action.make("play", card="c2", place=0)) is False
    assert toy.actions == []
    assert toy.statuses == ["Not now."]
    assert toy.selected == "c1"  # the choice is not spent


def test_a_table_without_refusal_words_refuses_silently(toy):
    toy.refusal = None
    assert toy.emit_action(Action.make("pass")) is False
    assert toy.actions == [] and toy.statuses == []


def test_a_card_then_a_place_clicked_with_the_mouse_emits_the_move(toy, qtbot):
    for item in (toy.hand[1], toy.places[0]):
        centre = item.card_scene_rect().center()
        toy.mousePressEvent(_mouse(QEvent.GraphicsSceneMousePress, centre))
        toy.mouseReleaseEvent(_mouse(QEvent.GraphicsSceneMouseRelease, centre))
    assert toy.activated == [toy.hand[1], toy.places[0]]
    assert toy.actions == [Action.make("play", card="c1", place=0)]


def _mouse(kind, pos):
    from PySide6.QtWidgets import QGraphicsSceneMouseEvent

    event = QGraphicsSceneMouseEvent(kind)
    event.setButton(Qt.LeftButton)
    event.setButtons(Qt.LeftButton if kind == QEvent.GraphicsSceneMousePress else Qt.NoButton)
    event.setScenePos(QPointF(pos))
    return event


# --- the focus ring ---------------------------------------------------------------------------
def test_tab_moves_the_ring_forward_and_wraps(toy):
    seen = []
    for _ in range(4):
        assert press(toy, Qt.Key_Tab)
        seen.append(toy.focused_item())
        assert focused(toy) == [toy.focused_item()]  # the ring is on one item only
    assert seen == [toy.hand[0], toy.hand[1], toy.hand[2], toy.hand[0]]


def test_shift_tab_moves_the_ring_back_and_wraps(toy):
    assert press(toy, Qt.Key_Backtab)
    assert toy.focused_item() is toy.hand[2]
    press(toy, Qt.Key_Tab, Qt.ShiftModifier)
    assert toy.focused_item() is toy.hand[1]
    press(toy, Qt.Key_Tab)
    press(toy, Qt.Key_Tab)
    assert toy.focused_item() is toy.hand[0]
    assert focused(toy) == [toy.hand[0]]


def test_tab_with_nothing_to_focus_passes_the_key_on(toy):
    toy.hand = []
    assert press(toy, Qt.Key_Tab) is False
    assert toy.focused_item() is None


def test_keys_pass_on_while_another_player_decides(toy):
    toy.show_view({"seat": 0, "decider": 1}, [])
    for key in (Qt.Key_Tab, Qt.Key_Return, Qt.Key_1, Qt.Key_Escape):
        assert press(toy, key) is False
    assert toy.activated == [] and toy.focused_item() is None


# --- Enter, Escape, the digits ----------------------------------------------------------------
@pytest.mark.parametrize("key", [Qt.Key_Return, Qt.Key_Enter, Qt.Key_Space])
def test_enter_and_space_activate_the_focused_item_and_the_ring_goes_on(toy, key):
    press(toy, Qt.Key_Tab)
    press(toy, Qt.Key_Tab)
    assert press(toy, key)
    assert toy.activated == [toy.hand[1]]
    assert toy.selected == "c1"
    assert toy.focus_moves == 1


def test_enter_with_nothing_focused_does_nothing(toy):
    assert press(toy, Qt.Key_Return) is False
    assert toy.activated == []


def test_enter_that_makes_no_choice_leaves_the_ring(toy):
    toy.selected = "c0"
    press(toy, Qt.Key_Tab)
    press(toy, Qt.Key_Return)  # the chosen card again: the choice is dropped
    assert toy.selected is None
    assert toy.focus_moves == 0


def test_escape_cancels_the_choice_and_says_so(toy):
    press(toy, Qt.Key_1)
    press(toy, Qt.Key_Tab)
    drawn = toy.marks_drawn
    assert press(toy, Qt.Key_Escape)
    assert toy.selected is None
    assert toy.statuses == ["Cancelled."]
    assert toy.focused_item() is None  # the ring starts again
    assert toy.marks_drawn > drawn


def test_escape_can_keep_the_ring_and_has_its_words(toy):
    toy.escape_keeps_focus = True
    toy.cancel_words = "Selection cancelled."
    press(toy, Qt.Key_Tab)
    press(toy, Qt.Key_Tab)
    toy.selected = "c1"
    assert press(toy, Qt.Key_Escape)
    assert toy.focused_item() is toy.hand[1]
    assert toy.statuses == ["Selection cancelled."]


def test_escape_with_nothing_chosen_passes_the_key_on(toy):
    assert press(toy, Qt.Key_Escape) is False
    assert toy.statuses == []


def test_a_digit_picks_that_card_of_the_hand(toy):
    assert press(toy, Qt.Key_2)
    assert toy.activated == [toy.hand[1]]
    assert toy.selected == "c1"
    assert toy.focus_moves == 1


def test_a_digit_past_the_hand_or_on_a_card_not_choosable_picks_nothing(toy):
    assert press(toy, Qt.Key_3) is False  # the third card may not be picked
    assert press(toy, Qt.Key_4) is False  # there is no fourth
    assert toy.activated == [] and toy.selected is None


# --- the hint ---------------------------------------------------------------------------------
def test_the_hint_marks_its_items_says_its_words_and_pulses(toy):
    toy.set_animations(True)
    toy.show_hint(LEGAL[1])
    assert toy._hinted == [toy.hand[0], toy.places[1]]
    assert toy.hand[0].hinted and toy.places[1].hinted and not toy.hand[1].hinted
    assert toy.statuses == ["Hint: play the first card."]
    assert toy._hint_anim is not None and toy._hint_anim.state() == QVariantAnimation.Running
    toy.clear_hint()
    assert not toy.hand[0].hinted and not toy.places[1].hinted
    assert toy._hint_anim is None


@pytest.mark.parametrize("animations,pulses", [(False, True), (True, False)])
def test_a_still_hint_when_animations_are_off_or_the_table_wants_it_still(toy, animations, pulses):
    toy.set_animations(animations)
    toy.hint_pulses = pulses
    toy.mark_hint([toy.hand[2], None])
    assert toy._hinted == [toy.hand[2]]
    assert toy.hand[2].hinted and toy.hand[2].hint_phase == 0.25
    assert toy._hint_anim is None


def test_no_hint_without_a_view(toy):
    toy.view = None
    toy.show_hint(LEGAL[0])
    assert toy.statuses == [] and toy._hinted == []


# --- animation --------------------------------------------------------------------------------
def _running(table) -> QVariantAnimation:
    """A long animation started on ``table`` and kept in its list."""
    anim = QVariantAnimation(table)
    anim.setStartValue(0.0)
    anim.setEndValue(1.0)
    anim.setDuration(10_000)
    anim.start()
    table._anims.append(anim)
    return anim


def test_stop_animations_and_dispose_stop_what_runs(toy):
    runs = [_running(toy), _running(toy)]
    toy.stop_animations()
    assert toy._anims == []
    assert all(a.state() == QVariantAnimation.Stopped for a in runs)
    late = _running(toy)
    toy.set_animations(True)
    toy.mark_hint([toy.hand[0]])
    hint = toy._hint_anim
    toy.dispose()
    assert late.state() == QVariantAnimation.Stopped and hint.state() == QVariantAnimation.Stopped
    assert toy._anims == [] and toy._hinted == [] and toy.items() == []


def test_the_base_says_whose_turn_it_is_when_a_click_comes_too_early(toy):
    toy.view = {"seat": 0, "decider": 1}
    toy.say_waiting()
    toy.view = {"seat": 0, "decider": None}
    toy.say_waiting()
    assert toy.statuses == ["Wait: Ben is deciding.", "Nothing to choose now."]
    assert toy.name(5) == "Player 6" and toy.name(-1) == "Player 0"


# --- the games' tables leave it to the base -----------------------------------------------------
SHARED = ("keyPressEvent", "mousePressEvent", "mouseReleaseEvent", "mouseMoveEvent", "show_hint", "mark_hint",
          "emit_action", "move_focus", "mark_focus", "cancel_selection", "name", "seat", "me")


@pytest.mark.parametrize("table", [ForestTable, SpheresTable, ShogunTable])
def test_the_games_tables_do_not_write_the_shared_behaviour_again(table):
    mine = {name for klass in table.__mro__ if klass not in TableScene.__mro__ for name in vars(klass)}
    assert sorted(mine & set(SHARED)) == []
    assert "_emit" not in mine


def test_a_click_or_a_key_while_moves_play_only_finishes_them(toy):
    finished = []
    toy.interrupt = lambda: finished.append(1) or True
    assert press(toy, Qt.Key_1)
    assert press(toy, Qt.Key_Shift) is False  # a lone modifier finishes nothing
    centre = toy.hand[0].card_scene_rect().center()
    toy.mousePressEvent(_mouse(QEvent.GraphicsSceneMousePress, centre))
    toy.mouseReleaseEvent(_mouse(QEvent.GraphicsSceneMouseRelease, centre))
    assert finished == [1, 1]
    assert toy.activated == [] and toy.selected is None


# --- a drag while the table changes height -----------------------------------------------------
class DraggingToy(Toy):
    """The toy, stretching, whose hand cards may be dragged onto a place (which plays there and
    draws the next view) or let go anywhere else (back to the hand)."""

    stretches = True
    drags = True

    def __init__(self) -> None:
        super().__init__()
        self.layouts: list[float] = []  # the heights relayout was asked to lay the table out for

    def relayout(self) -> None:
        self.layouts.append(self.height)
        self.show_view(self.view, self.legal)

    def start_drag(self, item, start, pos):
        return item if item is not None and item.role == "hand" else None

    def move_drag(self, pos) -> None:
        self._drag.setPos(pos)

    def release_drag(self, item, pos) -> None:
        place = next((p for p in self.places if p.card_scene_rect().contains(pos)), None)
        if place is not None:
            self.show_view({"seat": 0, "decider": 0, "after": item.data_["card"]}, LEGAL)


@pytest.fixture
def dragging(qtbot):
    t = DraggingToy()
    t.show_view({"seat": 0, "decider": 0}, LEGAL)
    yield t
    t.dispose()


def drag(table, item, to, resize_to=None, meanwhile=None) -> None:
    """Press on ``item``, move, (the view gets the aspect ``resize_to``; ``meanwhile`` runs), let go at ``to``."""
    from PySide6.QtWidgets import QGraphicsSceneMouseEvent

    start = item.card_scene_rect().center()
    table.mousePressEvent(_mouse(QEvent.GraphicsSceneMousePress, start))
    move = QGraphicsSceneMouseEvent(QEvent.GraphicsSceneMouseMove)
    move.setButtons(Qt.LeftButton)
    move.setScenePos(start + QPointF(0, -60))
    table.mouseMoveEvent(move)
    assert table._drag is item
    if resize_to is not None:
        assert table.fit_height(resize_to)
    if meanwhile is not None:
        meanwhile()
    table.mouseReleaseEvent(_mouse(QEvent.GraphicsSceneMouseRelease, to))


def test_a_new_height_during_a_drag_waits_for_the_drop_then_lays_out_once(dragging):
    drag(dragging, dragging.hand[0], QPointF(1500, 50), resize_to=1.0)  # let go on nothing
    assert dragging.height == 1200 and dragging.layouts == [1200]
    drag(dragging, dragging.hand[1], QPointF(1500, 50))  # the next drop: nothing more to lay out
    assert dragging.layouts == [1200]
    assert dragging.fit_height(16 / 9) and dragging.layouts == [1200, 900]  # no drag: at once


def test_a_drop_that_draws_the_next_view_is_not_laid_out_again(dragging):
    drag(dragging, dragging.hand[0], dragging.places[1].card_scene_rect().center(), resize_to=1.0)
    assert dragging.view["after"] == "c0" and dragging.layouts == []


def test_a_view_drawn_during_the_drag_is_not_laid_out_again_by_this_drop_or_the_next(dragging):
    drag(dragging, dragging.hand[0], QPointF(1500, 50), resize_to=1.0,
         meanwhile=lambda: dragging.show_view({"seat": 0, "decider": 0, "new": True}, LEGAL))
    assert dragging.layouts == []
    drag(dragging, dragging.hand[1], QPointF(1500, 50))
    assert dragging.layouts == []
