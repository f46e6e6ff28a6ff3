"""The card game's card set and deck rules (``three_spheres/cards.py``): behaviour no other test
checked (issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import pytest

from tabletop.games.three_spheres import cards as ts
from tabletop.games.three_spheres.cards import CardDataError, auto_world, deck_problem, decks, parse_cards, split_deck


def test_a_deck_set_up_without_a_world_size_puts_eight_cards_in_its_world():
    """docs/rules/three-spheres.md, decision 2: the World takes the first 7, 8 or 9 of its list, 8 by
    default; the other cards of the list go to the Discovery deck."""
    deck = decks()["forest"]
    realm, world, discovery = split_deck(deck.cards, deck.realm, deck.world)
    assert world == list(deck.world[:8]) and len(discovery) == 30 - 10 - 8


def test_an_automatic_world_may_be_empty_but_not_of_a_negative_size():
    """auto_world takes a size of at least 0 (its error says so): 0 cards is an empty World."""
    cards = list(decks()["forest"].cards)
    assert auto_world(cards, 0) == [] and len(auto_world(cards, 1)) == 1
    with pytest.raises(ValueError, match="at least 0"):
        auto_world(cards, -1)


def a_card(**fields):
    """The data of one good card (with the Corrupted Wisp the set needs), ``fields`` changed."""
    pebble = {"id": "pebble", "name": "Pebble", "sphere": "stones", "level": 1, "cost": 2, "resources": 1,
              "persist": True, "abilities": [{"when": "turn_start", "effects": [{"kind": "resources", "amount": 1}]}],
              "points": 0, "flavour": "A pebble.", "origin": "our design", **fields}
    wisp = {"id": "wisp", "name": "Corrupted Wisp", "sphere": "neutral", "level": 0, "cost": 0, "resources": 0,
            "persist": False, "abilities": [], "points": -1, "supply": True, "flavour": "Cold.", "origin": "our design"}
    return {"cards": [pebble, wisp]}


def test_only_an_activated_ability_has_a_cost():
    """A When-played or Turn Start ability happens without a payment: its cost is 0."""
    pebble = parse_cards(a_card(abilities=[{"when": "turn_start", "effects": [{"kind": "draw", "cards": 1}]},
                                           {"when": "play", "effects": [{"kind": "draw", "cards": 1}]}]))["pebble"]
    assert [a.cost for a in pebble.abilities] == [0, 0]


def test_dynamic_points_may_be_capped_at_one_point_but_not_at_nothing():
    capped = parse_cards(a_card(points_per={"per": "persist", "points": 1, "max": 1}))["pebble"]
    assert capped.points_per.max == 1 and capped.text.endswith("(at most 1 point).")
    with pytest.raises(CardDataError, match="max of points_per must be a whole number of at least 1"):
        parse_cards(a_card(points_per={"per": "persist", "points": 1, "max": 0}))


def test_a_world_that_names_a_card_not_in_the_set_is_refused_with_the_rules_broken_before_it():
    deck = decks()["forest"]
    world = list(deck.world[:-1]) + ["no_such_card"]
    assert deck_problem(deck.cards, deck.realm, world) == "The World names a card that does not exist: 'no_such_card'."
    problems = ts.deck_problems(list(deck.cards)[:-1], deck.realm, world)
    assert problems[0].startswith("A deck has exactly 30 cards")
    assert problems[-1] == "The World names a card that does not exist: 'no_such_card'."


def test_bad_card_data_names_the_card_and_the_ability_counting_from_one():
    with pytest.raises(CardDataError, match="card number 1 is not an object"):
        parse_cards({"cards": ["pebble"]})
    with pytest.raises(CardDataError, match="card number 1 has no valid id"):
        parse_cards({"cards": [{"id": "Pebble"}]})
    with pytest.raises(CardDataError, match=r"pebble .*: ability 1: when must be one of"):
        parse_cards(a_card(abilities=[{"when": "sometimes", "effects": []}]))
    with pytest.raises(CardDataError, match=r"pebble .*: ability 1, effect 1: the parameter 'cards'"):
        parse_cards(a_card(abilities=[{"when": "turn_start", "effects": [{"kind": "draw", "cards": 0}]}]))
