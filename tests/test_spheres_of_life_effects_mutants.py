"""Spheres of Life's card effects (``spheres_of_life/effects.py``): behaviour no other test checked
(issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

from test_effects import dream, resolve
from test_gods_and_myths import a, position, quiet, use

from tabletop.games.spheres_of_life import effects as sol
from tabletop.games.spheres_of_life.steps import Move, Step


def test_the_root_of_memory_takes_back_one_animal_only():
    state = position(parts={}, hands=[["root1"], ["owl1"], ["bat1"]], discard=["deer1", "rabbit1"], deck=["lynx1"])
    use(state, 0, card="root1")
    assert state.step == Step.ROOT
    state.apply(a(Move.TAKE, card="deer1"))
    assert state.step != Step.ROOT and state.hands[0] == ["deer1"] and state.discard == ["rabbit1", "root1"]


def test_a_sky_hook_leaves_its_users_own_field_card_and_a_card_gone_from_the_fields_alone():
    """(Only another player's Field card is offered; one that has meanwhile left every Field, or is
    the user's own, is left where it is.)"""
    state = position(hands=[["skyhook1"], ["bat1"], ["rat1"]], fields=[["laurel1", "seal1"], ["horn1"], []])
    assert {x["field"] for x in state._usable(0) if x["card"] == "skyhook1"} == {"horn1"}
    resolve(state, sol.effect_of("skyhook"), "skyhook1", field="seal1")
    assert state.fields == [["laurel1", "seal1"], ["horn1"], []] and "seal1" not in state.discard
    resolve(state, sol.effect_of("skyhook"), "skyhook1", field="swan1")
    assert state.fields == [["laurel1", "seal1"], ["horn1"], []]


def test_the_autumn_wind_is_offered_with_one_other_card_in_hand_and_not_alone():
    state = position(parts={}, hands=[["wind1", "owl1"], ["bat1"], ["rat1"]], deck=["lynx1"])
    assert a(Move.USE, card="wind1") in state._usable(0)
    use(state, 0, card="wind1")
    state.apply(a(Move.DISCARD, card="owl1"))
    assert state.hands[0] == [] and state.step != Step.WIND and state.discard == ["owl1", "wind1"]
    alone = position(parts={}, hands=[["wind1"], ["bat1"], ["rat1"]], deck=["lynx1"])
    assert alone._usable(0) == []


def test_a_mirror_of_fate_keeps_no_card_and_every_view_says_none_kept_while_the_hand_is_ordered():
    state = position(parts={}, hands=[["mirror1"], ["owl1", "bat1", "rat1"], ["deer1"]], deck=["lynx1"])
    use(state, 0, card="mirror1", target=1)
    assert state.step == Step.ORDER and sorted(state.hands[1]) == ["bat1", "owl1", "rat1"]
    assert all(state.view(seat)["effect"]["kept"] == 0 for seat in (0, 1, 2))
