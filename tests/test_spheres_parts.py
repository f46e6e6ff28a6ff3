"""Spheres of Life's state is made of parts (rules.py): the Dawn is an object of its own
(``state.dawn``, dawn.py), a Dream turn's steps are dream.py's functions, and every step of the
game has exactly one part that answers it.  What these parts promise beyond the rules' tests."""

from __future__ import annotations

import random

from test_gods_and_myths import GAME, a, dawn_state

from tabletop.games.spheres_of_life import dream, rules
from tabletop.games.spheres_of_life.dawn import Dawn
from tabletop.games.spheres_of_life.effects import effect_steps
from tabletop.games.spheres_of_life.steps import Move, Step

EVERYTHING = {"godly_heroes": True, "mythical_creatures": True, "godly_abilities": True, "dawn": True}


def laid(state):
    """A Dawn Phase begun, the leader's first card laid face down."""
    state._end_phase()
    assert state.step == Step.SACRIFICE
    state.apply(a(Move.SACRIFICE, card=state.hands[state.decider()][0]))
    return state


def test_a_cloned_states_dawn_is_a_copy_that_shares_nothing():
    state = laid(dawn_state(hands=[["owl1", "bat1"], ["deer1"], ["rat1"]], leader=0))
    state.dawn.heroes, state.dawn.spent, state.dawn.resume["seen"] = ["druid1"], ["druid1"], True
    copy = state.clone()
    assert copy.dawn == state.dawn and copy.dawn is not state.dawn
    for field in ("aside", "out", "heroes", "spent"):
        getattr(copy.dawn, field).append("x")
    copy.dawn.sacrificed[0].append("x")
    copy.dawn.resume["after"] = "x"
    assert "x" not in state.dawn.aside + state.dawn.out + state.dawn.heroes + state.dawn.spent
    assert "x" not in state.dawn.sacrificed[0] and state.dawn.resume["after"] != "x"
    assert copy.dawn.round == state.dawn.round and copy.dawn.total == state.dawn.total


def test_a_clone_forgets_what_the_last_move_brought_up_for_the_log():
    state = dawn_state()  # (a Dawn card came up when the Night's cards were laid out)
    state.dawn.news, state.dawn.counted = ["dawn1"], ["owl1"]
    copy = state.clone()
    assert (copy.dawn.news, copy.dawn.counted) == ([], None) and state.dawn.news == ["dawn1"]
    assert copy.dawn != state.dawn  # (equal Dawns are equal in every field)


def test_every_move_starts_with_no_dawn_news():
    state = dawn_state()
    state.dawn.news, state.dawn.counted = ["dawn1"], ["owl1"]
    state.apply(state.legal_actions()[0])
    assert (state.dawn.news, state.dawn.counted) == ([], None)


def test_a_new_dawn_has_an_empty_sacrifice_for_each_player_and_says_so_in_its_document():
    dawn = Dawn(4)
    assert dawn.sacrificed == [[], [], [], []] and dawn.sacrificed[0] is not dawn.sacrificed[1]
    assert dawn.document() == {"dawn_aside": [], "dawn_out": [], "dawn_round": -1, "sacrificed": [[], [], [], []],
                               "dawn_heroes": [], "dawn_total": None, "dawn_resume": {}, "dawn_ended": False}
    dawn.spent.append("druid1")  # (written only once a hero has been spent: older saves' digests stay)
    assert dawn.document()["dawn_spent"] == ["druid1"]
    assert "Dawn(aside=[]" in repr(dawn)


def test_only_a_game_with_the_dawn_writes_the_dawns_fields():
    base, dawn = GAME.new_game(3, {}, 1), GAME.new_game(3, EVERYTHING, 1)
    assert not any(k.startswith("dawn") or k == "sacrificed" for k in base.to_json())
    assert set(dawn.dawn.document()) <= set(dawn.to_json())


def test_every_step_is_answered_by_exactly_one_part():
    """The turn flow's own steps, a Dream turn's and the Dawn Phase's (rules._STEPS), and each
    effect's own steps: together every step but the end, none twice."""
    flow, effects = set(rules._STEPS), set(effect_steps())
    steps = {v for k, v in vars(Step).items() if not k.startswith("_")} - {Step.OVER}
    assert flow | effects == steps and not flow & effects
    assert set(dream.STEPS) <= flow
    assert all(rules._LEGAL[s] is rules._STEPS[s][0] and rules._MOVES[s] is rules._STEPS[s][1] for s in flow)


def test_a_dream_turn_offers_the_bonus_actions_then_the_action():
    """dream.py on its own: a complete set to bank, then the actions; banking leaves the set's cards
    in the bank."""
    state = GAME.from_position({"players": 3, "phase": "dream", "leader": 0, "deck": ["deer1"],
                                "hands": [["owl1", "owl2", "owl3", "rabbit1"], ["bat1"], ["rat1"]]})
    while state.step == Step.PRIO:
        state.apply(a(Move.PASS))
    assert state.step == Step.BONUS and dream.bankable(state, 0) == ["owl"]
    assert dream.legal_bonus(state) == [a(Move.BANK, species="owl"), a(Move.SKIP)]
    state.apply(a(Move.BANK, species="owl"))
    assert state.step == Step.ACTION and state.bank_cards[0] == ["owl1", "owl2", "owl3"] and state.banked[0] == ["owl"]
    assert dream.bankable(state, 0) == []  # (one set a Dream)
    actions = dream.actions(state, 0)
    assert a(Move.STEAL, target=1) in actions and a(Move.GIFT, card="rabbit1", to=2) in actions
    assert any(x.kind == Move.EXCHANGE for x in actions) and not any(x.kind == Move.EXCHANGE for x in
                                                                    dream.actions(state, 0, exchange=False))


def test_random_games_with_every_part_keep_clone_and_document_in_step():
    """A clone is the state (its document and its Dawn) at every step of whole games."""
    for seed in range(3):
        rng, state = random.Random(seed), GAME.new_game(4, EVERYTHING, seed)
        while not state.is_terminal():
            copy = state.clone()
            assert copy.to_json() == state.to_json() and copy.dawn.document() == state.dawn.document()
            state.apply(rng.choice(state.legal_actions()))
