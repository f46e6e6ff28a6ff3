"""Spheres of Life's turn flow (``spheres_of_life/rules.py`` and ``dream.py``, once ``flow.py``):
behaviour no other test checked (issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

from test_spheres_rules import a, position, quiet

from tabletop.games.spheres_of_life.dream import bankable


def test_a_two_player_day_lays_out_six_cards_picked_in_turn_and_then_each_draws_three():
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan", "bison", "rabbit") for i in (1, 2, 3)]
    state = position(players=2, phase="day", hands=[[], []], deck=list(deck), leader=0, begin=True)
    assert len(state.table) == 6 and state.queue == [0, 1] * 3
    for turn in range(6):
        quiet(state)
        assert state.decider() == turn % 2
        state.apply(state.legal_actions()[0])
    assert [len(h) for h in state.hands] == [6, 6] and state.phase == "night"


def test_a_night_limit_lowered_below_nothing_lets_the_player_discard_nothing():
    """(A document may hold a lasting effect lowering the limit by more than it is: no card, not
    a negative number or one card.)"""
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan") for i in (1, 2, 3)]
    state = position(phase="night", hands=[["snake1", "bear1"], ["wolf1"], []], deck=deck, leader=0, begin=True)
    state.lasting = [{"kind": "others_night_limit", "by": -3, "owner": 1, "card": "hydra"}]
    assert [state._night_limit(p) for p in range(3)] == [0, 2, 0]
    assert state.decider() == 0 and state.legal_actions() == [a("done")]


def test_two_copies_of_an_animal_are_not_a_set_to_bank():
    state = position(hands=[["owl1", "owl2", "rabbit1", "rabbit2", "rabbit3"], ["bat1"], ["rat1"]], deck=["deer1"])
    quiet(state)
    assert bankable(state, 0) == ["rabbit"]
    assert a("bank", species="owl") not in state.legal_actions()
    pair = position(hands=[["owl1", "owl2", "rabbit1"], ["bat1"], ["rat1"]], deck=["deer1"])
    quiet(pair)
    assert bankable(pair, 0) == [] and pair.step == "action"
