"""Spheres of Life's position documents (``spheres_of_life/position.py``): the defaults of a short
document and the errors of a wrong one (docs/positions.md; issue 28, point 9: each test is what a
surviving mutant broke)."""

from __future__ import annotations

import pytest
from test_gods_and_myths import GAME, position as godly_position
from test_spheres_rules import position

from tabletop.games.spheres_of_life.position import PositionError

HANDS = [["owl1"], ["bat1"], ["rat1"]]


def test_the_leader_is_the_first_player_unless_the_document_names_one():
    """docs/positions.md: `leader`, default 0."""
    state = GAME.from_position({"players": 3, "phase": "dream", "hands": HANDS})
    assert state.leader == 0 and state.decider() == 0


def test_the_fields_must_be_one_per_player_each_of_at_most_two_cards():
    assert godly_position(hands=HANDS, fields=[["horn1", "seal1"], [], []]).fields[0] == ["horn1", "seal1"]
    for fields in ([[], []], [["horn1", "seal1", "laurel1"], [], []], [[], [], [], []]):
        with pytest.raises(PositionError, match="'fields' must list, for each player"):
            godly_position(hands=HANDS, fields=fields)


def test_the_sacrifices_must_be_one_list_per_player():
    assert godly_position(hands=HANDS, sacrificed=[["owl2"], [], []]).dawn.sacrificed == [["owl2"], [], []]
    for sacrificed in ([[], []], [[], [], [], []], [[], "owl2", []]):
        with pytest.raises(PositionError, match="'sacrificed' must list, for each player"):
            godly_position(hands=HANDS, sacrificed=sacrificed)


def test_the_dawns_total_is_a_whole_number_or_null():
    assert godly_position(hands=HANDS, dawn_total=7).dawn.total == 7
    assert godly_position(hands=HANDS, dawn_total=None).dawn.total is None
    for total in ("ten", 7.5, True):
        with pytest.raises(PositionError, match="'dawn_total' must be"):
            godly_position(hands=HANDS, dawn_total=total)


def test_godly_heroes_are_heroes_of_a_document_with_the_godly_heroes_part():
    state = godly_position(hands=HANDS, heroes=[["god_of_wind", "god_of_war"], ["druid1", "goddess_of_mercy"], []])
    assert state.heroes == [["god_of_wind", "god_of_war"], ["druid1", "goddess_of_mercy"], []]
    with pytest.raises(PositionError, match="is not a hero card"):
        godly_position(hands=HANDS, heroes=[["windmaster"], [], []])  # (the God of Wind takes its place)
    with pytest.raises(PositionError, match="is not a hero card"):
        position(hands=HANDS, heroes=[["god_of_war"], [], []])


def test_a_field_card_works_unless_the_document_gives_its_lasting_effect():
    state = godly_position(hands=HANDS, fields=[["laurel1"], [], []])
    assert [r["card"] for r in state.lasting] == ["laurel1"] and state.lasting[0]["owner"] == 0
    again = godly_position(hands=HANDS, fields=[["laurel1"], [], []], lasting=state.lasting)
    assert again.lasting == state.lasting


def test_only_dawn_cards_are_set_aside_or_out_of_play():
    state = godly_position(hands=HANDS, dawn_aside=["dawn1"], dawn_out=["dawn2"])
    assert state.dawn.aside == ["dawn1"] and state.dawn.out == ["dawn2"]
    for where in ("dawn_aside", "dawn_out"):
        with pytest.raises(PositionError, match="Only Dawn cards are set aside or out of play"):
            godly_position(hands=HANDS, **{where: ["owl2"]})


def test_a_document_without_a_dawn_round_has_had_no_dawn_yet():
    """So a Dawn card coming up in the first round's Night starts the Dawn (expansion
    interpretation 12: only a second Dawn card in one round does not)."""
    state = godly_position(phase="night", begin=True, phases_done=1, hands=HANDS,
                           deck=["swan1", "swan2", "swan3", "dawn1", "lynx1", "lynx2", "lynx3"])
    assert godly_position(hands=HANDS).dawn.round == -1 and state.dawn.aside == ["dawn1"]
    assert state.aftermath(["A", "B", "C"]) == "A Dawn card comes up: the Dawn Phase follows this phase."


def test_the_dawns_round_is_a_round_of_the_game_or_minus_one_for_none():
    assert godly_position(hands=HANDS, dawn_round=-1).dawn.round == -1
    assert godly_position(hands=HANDS, dawn_round=2).dawn.round == 2
    with pytest.raises(PositionError, match="dawn_round"):
        godly_position(hands=HANDS, dawn_round=-2)


def test_the_heroes_sacrificed_at_a_dawn_are_used_heroes():
    heroes = [["druid1"], ["warrior1"], []]
    state = godly_position(hands=HANDS, heroes=heroes, used=["druid1"], dawn_spent=["druid1"])
    assert state.dawn.spent == ["druid1"]
    for spent in (["warrior1"], [7]):
        with pytest.raises(PositionError, match="'dawn_spent' lists the heroes sacrificed at a Dawn"):
            godly_position(hands=HANDS, heroes=heroes, used=["druid1"], dawn_spent=spent)


def test_the_errors_of_a_field_or_a_sacrifice_count_players_from_one():
    with pytest.raises(PositionError, match=r"in the hand of player 1 and in the Field of player 2"):
        godly_position(hands=[["horn1"], [], []], fields=[[], ["horn1"], []])
    with pytest.raises(PositionError, match=r"Only Prolonged cards lie in a Field \(player 2\)"):
        godly_position(hands=HANDS, fields=[[], ["skyhook1"], []])
    with pytest.raises(PositionError, match=r"in the hand of player 1 and in the sacrifice of player 3"):
        godly_position(hands=HANDS, sacrificed=[[], [], ["owl1"]])
