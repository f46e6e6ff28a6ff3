"""The rules of Spheres, the shogun game (``shogun/rules.py``): behaviour no other test checked
(issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import random

from tabletop.engine.actions import Action
from tabletop.games.shogun.rules import KEEP, SKIP, ShogunState
from tabletop.games.shogun.stones import SHOGUN

from shogun_positions import GAME, P, board, position
from test_shogun_rules import sowing


def test_an_illegal_action_is_explained_by_what_is_asked_now_or_by_the_end_of_the_game():
    state = GAME.new_game(2, {"rules": "classic"}, 1)
    wrong = Action.make("take")
    assert state.explain_illegal(wrong) == f"{wrong} is not possible now: {state.prompt()}."
    assert "choose a square of yours and a direction to sow" in state.explain_illegal(wrong)
    over = position(board=board(p2=[P], p8=[P]), step="turn")
    over.step = "over"
    assert over.explain_illegal(KEEP) == "The game is over."


def test_a_new_game_has_no_sowing_under_way_and_its_document_gives_a_direction_of_1_or_minus_1():
    """docs/positions.md: the direction is 1 or -1 (a new game's document says 1, the first
    sowing sets its own); and no stones have been picked up in a sowing yet."""
    for rules in ("shogun", "classic"):
        state = GAME.new_game(2, {"rules": rules}, 1)
        doc = GAME.to_position(state)
        assert doc["direction"] in (1, -1) and doc["relays"] == 0 and doc["hand"] == []


def test_the_guard_lets_a_sowing_pick_up_a_hundred_times_in_a_turn_and_not_once_more():
    """docs/rules/spheres-shogun.md, decision 12: a sowing that has picked up 100 times stops there
    -- the hundredth pick-up is made, a hundred and first is not (the stones stay, the turn ends)."""
    for made, picked_up in ((99, True), (100, False)):
        state = position(board=board(p2=[P, P], p8=[P]), step="drop", hand=[P], pos=0, direction=1)
        state.relays = made
        state.apply(Action.make("drop", stone=P, to=1))
        if picked_up:
            assert state.relays == 100 and state.board[2] == []  # (taken up and sown on)
        else:
            assert state.board[2] == [0, 0] and state.decider() == 1


def test_the_consistency_check_counts_five_peasants_a_square_in_the_classic_rules():
    """The classic board starts with five peasants a square (the shogun rules' with four): its
    games pass the check all along, and a peasant more or less is found."""
    state, rng = GAME.new_game(2, {"rules": "classic"}, 4), random.Random(4)
    assert state.board[0] == [0] * 5 and state.consistency_problems() == []
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        assert state.consistency_problems() == []
    state.stores[0].append(0)
    assert state.consistency_problems() == ["its stones are not the board's first ones and the special stones chosen"]


def test_a_young_mandarin_that_cannot_be_taken_ends_the_chain_of_captures():
    """Classic rules: a mandarin with fewer than 5 stones beside him is protected -- the capture
    there takes nothing, and the chain stops: the stones beyond the next empty square stay."""
    state = position(rules="classic", board=board(p2=[P], p7=[P, P], p9=[P]))
    state.apply(Action.make("sow", square=2, dir=1))  # A4, then A5 empty, then the east mandarin alone
    assert [e["event"] for e in state.events if e["event"] in ("protected", "capture")] == ["protected"]
    assert state.stores == [[], []] and state.board[7] == [0, 0] and state.turn_player == 1


def test_after_the_second_player_sits_out_in_prison_the_first_plays():
    state = position(board=board(p0=[P], p8=[P]), turn_player=1, step="skip", imprisoned=[False, True])
    assert state.legal_actions() == [SKIP]
    state.apply(SKIP)
    assert (state.turn_player, state.step, state.imprisoned) == (0, "turn", [False, False])
    assert state.decider() == 0


def test_a_mandarin_is_worth_10_when_the_options_do_not_say():
    """The classic mandarin's worth is an option, 10 unless chosen; a state whose options leave
    it out (a game saved before the option) counts 10 too."""
    assert GAME.resolve_options({"rules": "classic"})["mandarin"] == 10
    state = ShogunState({"rules": "classic"})
    state.stores[0] = [SHOGUN, SHOGUN]
    assert state.scores()[0].total == 20


def test_a_geisha_next_to_a_shogun_lands_there_once_with_no_second_drop_offered():
    """The Geisha's ability goes to the next rectangle with a shogun: when that is the very next
    place, her plain drop already lands there, and no second, identical drop is offered."""
    state = sowing(["geisha"], pos=4)  # the first player chose her; the east rectangle comes next
    assert state.legal_actions() == [Action.make("drop", stone="geisha", to=5)]
