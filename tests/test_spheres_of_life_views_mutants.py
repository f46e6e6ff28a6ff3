"""Spheres of Life's words: the banner and the end of a Dawn (``spheres_of_life/views.py``): behaviour no
other test checked (issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import random

from test_gods_and_myths import GAME, a, dawn_state, position, quiet, sacrifice

from tabletop.games.spheres_of_life.steps import Move


def test_a_sacrifice_worth_exactly_ten_is_told_as_ending_the_game():
    state = dawn_state(hands=[["owl1", "owl2", "owl3", "deer1"], ["bat1"], ["rat1"]], leader=0)
    state._end_phase()
    sacrifice(state, {0: ["owl1", "owl2", "owl3", "deer1"]})
    assert state.dawn.total == 10 and state.phase == "over"
    assert state.aftermath(["A", "B", "C"]).endswith("worth 10. That is 10 or more: the game ends.")


def test_a_game_that_ends_without_the_dawn_has_no_dawn_note():
    state = GAME.new_game(3, {}, 3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert not state.dawn.ended and state.result_note(["A", "B", "C"]) == ""


def test_the_night_banner_gives_the_limit_of_the_player_to_discard():
    """A Griffin raises its owner's Night limit only: the banner tells that player their own."""
    state = position(phase="night", begin=True, hands=[["owl1", "owl2", "bat1"], ["deer1"], ["rat1"]],
                     deck=["swan1", "swan2", "swan3", "lynx1", "lynx2", "lynx3"], phases_done=4)
    state.lasting = [{"kind": "night_limit", "by": 2, "owner": 0, "card": "griffin"}]
    assert state.queue[0] == 0 and [state._night_limit(p) for p in range(3)] == [4, 2, 2]
    assert state.prompt().startswith("discard up to 4 cards, then say done")


def test_the_bonus_banner_names_the_field_only_with_the_godly_abilities():
    godly = position(hands=[["horn1", "owl1", "owl2", "owl3"], ["bat1"], ["rat1"]])
    quiet(godly)
    assert godly.prompt() == "bank a complete set or put a Prolonged card in your Field, or do neither"
    plain = position(parts={}, hands=[["owl1", "owl2", "owl3"], ["bat1"], ["rat1"]])
    quiet(plain)
    assert plain.prompt() == "bank a complete set, or bank nothing"


def test_the_dawn_banner_counts_the_cards_the_player_to_lay_has_laid():
    state = dawn_state(hands=[["owl1", "owl2"], ["bat1"], ["rat1"]], leader=0)
    state._end_phase()
    state.apply(a(Move.SACRIFICE, card="owl1"))
    assert state.decider() == 0 and "(you have laid 1)" in state.prompt()
