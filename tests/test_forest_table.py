"""The Once Upon a Forest table, driven through a real QGraphicsView with mouse and keys."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

pytest.importorskip("pytestqt")

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QMouseEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.forest.cards import card  # noqa: E402
from tabletop.games.forest.rules import (  # noqa: E402
    GIVE,
    PLACE,
    PLAY,
    SETUP,
    draw_action,
    give_action,
    place_action,
    placement_problem,
    play_action,
    tree_targets,
)
from tabletop.games.forest.table import ForestTable  # noqa: E402

from table_harness import TableHarness  # noqa: E402

GAME = get_game("forest")
NAMES = ["Ann", "Ben", "Cleo"]


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


# --- helpers -------------------------------------------------------------------------------
def advance(state, until, chooser=None, limit=400):
    """Apply legal actions (the first, or ``chooser``'s) until ``until(state)``."""
    for _ in range(limit):
        if until(state):
            return state
        legal = state.legal_actions()
        state.apply(chooser(state, legal) if chooser else legal[0])
    raise AssertionError("position not reached")


class Table(TableHarness):
    """A ForestTable in a 1366x768 view, recording what it emits."""

    def __init__(self, qtbot, state, seat, animations=False, legal=None):
        super().__init__(qtbot, ForestTable(GAME, NAMES[: state.num_players]), state, seat, animations, legal)

    def point(self, item) -> QPoint:
        return self.view.mapFromScene(item.sceneBoundingRect().center())

    def click(self, qtbot, item):
        qtbot.mouseClick(self.view.viewport(), Qt.LeftButton, pos=self.point(item))

    def key(self, qtbot, key, modifier=Qt.NoModifier):
        qtbot.keyClick(self.view, key, modifier)

    def texts(self) -> list[str]:
        self.view.grab()  # paint everything, so items know what they drew
        return self.scene.all_items_text()


def play_stage(seed=3, players=3):
    return advance(GAME.new_game(players, {}, seed), lambda s: s.stage == PLAY and s.turn == 0)


# --- tests ---------------------------------------------------------------------------------
def test_clicking_a_pile_in_setup_draws(qtbot):
    state = GAME.new_game(3, {}, 1)
    assert state.stage == SETUP and state.decider() == 0
    t = Table(qtbot, state, 0)
    t.click(qtbot, t.scene.pile_item(2))
    assert t.actions == [draw_action(2)]


def test_select_card_then_click_a_legal_slot_plays_it(qtbot):
    state = play_stage()
    t = Table(qtbot, state, 0)
    cid = state.hands[0][1]
    level = card(cid).level
    t.click(qtbot, t.scene.hand_item(1))
    assert t.actions == []
    assert t.scene.choosing.selected == cid
    slot = t.scene.slot_item(0, 0, level)
    assert slot.highlighted
    assert not t.scene.slot_item(0, 0, (level + 1) % 4).highlighted
    t.click(qtbot, slot)
    assert t.actions == [play_action(cid, 0)]


def test_wrong_row_gives_the_reason_and_no_action(qtbot):
    state = play_stage()
    t = Table(qtbot, state, 0)
    cid = state.hands[0][0]
    level = card(cid).level
    wrong = (level + 2) % 4
    t.click(qtbot, t.scene.hand_item(0))
    t.click(qtbot, t.scene.slot_item(0, 0, wrong))
    assert t.actions == []
    assert t.statuses[-1] == placement_problem(state.forests[0], level, 0, wrong)
    assert "row" in t.statuses[-1]


def test_clicking_a_slot_without_a_card_chosen_does_nothing(qtbot):
    state = play_stage()
    t = Table(qtbot, state, 0)
    t.click(qtbot, t.scene.slot_item(0, 0, 1))
    assert t.actions == []
    assert t.statuses and "card" in t.statuses[-1].lower()


def test_drag_a_hand_card_onto_a_slot_plays_it(qtbot):
    state = play_stage()
    t = Table(qtbot, state, 0)
    cid = state.hands[0][2]
    start = t.point(t.scene.hand_item(2))
    end = t.point(t.scene.slot_item(0, 0, card(cid).level))
    vp = t.view.viewport()
    qtbot.mousePress(vp, Qt.LeftButton, pos=start)
    for k in range(1, 6):
        p = start + (end - start) * (k / 5)
        ev = QMouseEvent(QEvent.MouseMove, QPointF(p), QPointF(vp.mapToGlobal(p)), Qt.NoButton, Qt.LeftButton,
                         Qt.NoModifier)
        QApplication.sendEvent(vp, ev)
    assert t.scene._drag is not None  # the card follows the pointer
    qtbot.mouseRelease(vp, Qt.LeftButton, pos=end)
    assert t.actions == [play_action(cid, 0)]


def test_give_a_card_to_another_player(qtbot):
    state = play_stage()
    state.apply(state.legal_actions()[0])
    assert state.stage == GIVE and state.turn == 0
    t = Table(qtbot, state, 0)
    # without a chosen card, a player is not a target yet
    t.click(qtbot, t.scene.player_item(2))
    assert t.actions == []
    cid = state.hands[0][1]
    t.click(qtbot, t.scene.hand_item(1))
    assert t.scene.player_item(2).highlighted and t.scene.player_item(1).highlighted
    assert not t.scene.player_item(0).highlighted
    t.click(qtbot, t.scene.player_item(2))
    assert t.actions == [give_action(cid, 2)]


def test_place_the_pending_card(qtbot):
    def chooser(s, legal):
        if s.stage == GIVE and s.turn != 0:
            return next(a for a in legal if a["to"] == 0)
        return legal[0]

    state = advance(GAME.new_game(3, {}, 4), lambda s: s.stage == PLACE and s.pending_to == 0, chooser)
    t = Table(qtbot, state, 0)
    pending = t.scene.pending_item()
    assert pending is not None and pending.card_id == state.pending
    level = card(state.pending).level
    tree = max(tree_targets(state.forests[0]))
    # the wrong row first
    t.click(qtbot, t.scene.slot_item(0, tree, (level + 1) % 4))
    assert t.actions == [] and "row" in t.statuses[-1]
    t.click(qtbot, t.scene.slot_item(0, tree, level))
    assert t.actions == [place_action(tree)]


def test_new_tree_placeholder_when_the_last_tree_is_complete(qtbot):
    state = play_stage()
    state.forests[0] = [[["G13"], ["F14"], ["S14"], ["C14"]]]
    cid = state.hands[0][0]
    t = Table(qtbot, state, 0)
    t.click(qtbot, t.scene.hand_item(0))
    new = t.scene.slot_item(0, 1, card(cid).level)
    assert new.highlighted
    t.click(qtbot, new)
    assert t.actions == [play_action(cid, 1)]


def test_keyboard_tab_and_enter(qtbot):
    state = GAME.new_game(3, {}, 1)
    t = Table(qtbot, state, 0)
    t.view.setFocus()
    assert t.scene.focusable_items() == [t.scene.pile_item(i) for i in range(5)]
    t.key(qtbot, Qt.Key_Tab)
    t.key(qtbot, Qt.Key_Tab)
    assert t.scene.pile_item(1).focused
    t.key(qtbot, Qt.Key_Tab, Qt.ShiftModifier)
    assert t.scene.pile_item(0).focused and not t.scene.pile_item(1).focused
    t.key(qtbot, Qt.Key_Return)
    assert t.actions == [draw_action(0)]


def test_keyboard_digit_selects_then_enter_plays(qtbot):
    state = play_stage()
    t = Table(qtbot, state, 0)
    t.view.setFocus()
    t.key(qtbot, Qt.Key_2)
    cid = state.hands[0][1]
    assert t.scene.choosing.selected == cid
    focused = [it for it in t.scene.focusable_items() if it.focused]
    assert focused and focused[0].role == "slot" and focused[0].row == card(cid).level
    t.key(qtbot, Qt.Key_Escape)
    assert t.scene.choosing.selected is None
    t.key(qtbot, Qt.Key_2)
    t.key(qtbot, Qt.Key_Space)
    assert t.actions == [play_action(cid, focused[0].tree)]


def test_other_hands_stay_hidden(qtbot):
    state = advance(GAME.new_game(3, {}, 6), lambda s: s.stage == GIVE and s.turn == 0 and s.rounds >= 2)
    t = Table(qtbot, state, 0)
    text = "\n".join(t.texts())
    for p in (1, 2):
        assert state.hands[p]
        for cid in state.hands[p]:
            assert cid not in text
            assert card(cid).name not in text
    for cid in state.hands[0]:  # the seat's own cards are shown
        assert card(cid).name in text
    # a spectator sees no hand at all
    t.show(state, None)
    text = "\n".join(t.texts())
    for p in range(3):
        for cid in state.hands[p]:
            assert card(cid).name not in text


def test_nothing_is_clickable_when_another_player_decides(qtbot):
    state = play_stage()
    t = Table(qtbot, state, 1)  # seat 1 watches player 1 play
    assert t.scene.focusable_items() == []
    for item in (t.scene.pile_item(0), t.scene.hand_item(0), t.scene.slot_item(1, 0, 1), t.scene.player_item(0)):
        t.click(qtbot, item)
    t.view.setFocus()
    for key in (Qt.Key_Tab, Qt.Key_Return, Qt.Key_1, Qt.Key_Return):
        t.key(qtbot, key)
    assert t.actions == []
    assert not any(s.highlighted for s in t.scene.layout.slots.values())


def test_hint_marks_card_and_target(qtbot):
    state = play_stage()
    t = Table(qtbot, state, 0)
    cid = state.hands[0][2]
    t.scene.show_hint(play_action(cid, 0))
    assert t.scene.hand_item(2).hinted
    assert t.scene.slot_item(0, 0, card(cid).level).hinted
    assert not t.scene.hand_item(0).hinted
    t.show(state, 0)  # the next redraw clears it
    assert not any(it.hinted for it in t.scene.layout.slots.values())


def test_draw_is_animated_from_the_pile(qtbot):
    state = GAME.new_game(3, {}, 1)
    t = Table(qtbot, state, 0, animations=True)
    pile_rect = t.scene.pile_item(3).card_scene_rect()
    state.apply(draw_action(3))
    t.show(state, 0, last=draw_action(3))
    assert len(t.scene.flights.flying) == 1
    fly = t.scene.flights.flying[0]
    assert fly.card_id == state.hands[0][-1]
    assert (fly.card_scene_rect().center() - pile_rect.center()).manhattanLength() < 80
    qtbot.waitUntil(lambda: not t.scene.flights.flying, timeout=2000)
    assert t.scene.hand_item(0).opacity() == 1.0


def test_redrawing_the_same_view_does_not_animate_again(qtbot):
    state = GAME.new_game(3, {}, 1)
    t = Table(qtbot, state, 0, animations=True)
    state.apply(draw_action(0))
    t.show(state, 0, last=draw_action(0))
    qtbot.waitUntil(lambda: not t.scene.flights.flying, timeout=2000)
    t.show(state, 0, last=draw_action(0))
    assert t.scene.flights.flying == []
