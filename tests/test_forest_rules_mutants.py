"""Once Upon a Forest's rules (``forest/rules.py``): behaviour no other quick test checked
(issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

from test_forest_rules import GAME, position, tree

from tabletop.games.forest.rules import (
    GIVE,
    PLACE,
    PLAY,
    SETUP,
    compost_action,
    give_action,
    place_action,
    placement_problem,
    play_action,
)


def test_the_table_asks_where_a_card_may_go_row_and_tree():
    """What the table asks when a card is dropped on a cell: a card goes in its level's row of any
    tree there is, or of a new tree once the last is complete; anywhere else it says why not."""
    open_forest = [tree("G13")]
    done_forest = [tree("G13", "F14", "S14", "C14")]
    first, canopy = 1, 3
    assert placement_problem(open_forest, first, 0) is None
    assert placement_problem(open_forest, first, 0, first) is None
    assert placement_problem(open_forest, first, 0, canopy) == "A 1st level card goes in the 1st level row, not the Canopy row."
    assert placement_problem(done_forest, first, 0, first) is None  # (covering a card of a complete tree)
    assert placement_problem(done_forest, first, 1, first) is None  # a new tree
    assert placement_problem(open_forest, first, 1) == "You may start a new tree only when tree 1 is complete."
    assert placement_problem(done_forest, first, 2) == "There is no tree 3."
    assert placement_problem(done_forest, first, -1) == "There is no tree 0."
    assert placement_problem([], first, 0) is None  # (a forest with no tree yet: the first one)
    assert placement_problem([], first, 1) == "There is no tree 2."


def test_a_new_game_starts_at_round_0_and_its_first_turn_is_turn_1():
    state = GAME.new_game(2, {}, 3)
    assert state.round() == 0 and state.chart_step() == 0 and state.view(0)["round"] == 0
    while state.stage == SETUP:
        state.apply(state.legal_actions()[0])
    assert state.stage == PLAY and state.round() == 0 and state.chart_step() == 1


def test_a_card_that_is_not_in_the_hand_is_named_so_for_a_play_a_gift_or_a_compost():
    state = position(hands=[["F02", "S03"], ["G02"]], piles=[["G03"], [], [], [], []])
    assert state.explain_illegal(play_action("G02", 0)) == "That card is not in your hand."
    state.apply(play_action("F02", 0))
    assert state.explain_illegal(give_action("G02", 1)) == "That card is not in your hand."
    solo = position(players=1, forests=[[tree("G13")]], hands=[["F02", "S03"]], stage=GIVE)
    assert solo.explain_illegal(compost_action("G02")) == "That card is not in your hand."


def test_a_gift_placed_in_no_tree_is_told_which_tree_is_missing():
    state = position(hands=[["S03"], ["G02"]], stage=PLACE, turn=0, pending={"card": "F02", "to": 1})
    assert state.explain_illegal(place_action(3)) == "There is no tree 4."
    assert state.explain_illegal(place_action(1)) == "You may start a new tree only when tree 1 is complete."


def test_a_seat_cannot_see_the_piles_or_the_other_hands_but_sees_its_own():
    state = position(players=3, forests=[[tree("G13")], [tree("G14")], [tree("G15")]],
                     hands=[["F02", "S03"], ["G02"], ["C04"]], piles=[["G03", "F05"], [], ["S06"], [], []])
    piles = {"G03", "F05", "S06"}
    assert state.hidden_from(0) == piles | {"G02", "C04"}
    assert state.hidden_from(1) == piles | {"F02", "S03", "C04"}
    assert state.hidden_from(None) == piles | {"F02", "S03", "G02", "C04"}
