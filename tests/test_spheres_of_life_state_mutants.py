"""Spheres of Life's state (``spheres_of_life/rules.py`` and ``document.py``, once ``state.py``): the
cards, who knows what, the deal and the state's document -- behaviour no other test checked (issue 28,
point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import random

import pytest
from test_gods_and_myths import ALL
from test_spheres_rules import GAME, position

from tabletop.engine.game import GameError
from tabletop.games.spheres_of_life.cards import DAWN_PHASE, GODLY_ABILITIES, PARTS, main_deck
from tabletop.games.spheres_of_life.steps import Step


def test_the_slot_seed_is_a_64_bit_number_in_the_document_and_after_each_card_slotted():
    top = 2 ** 64 - 1
    state = position(hands=[["owl1"], ["bat1"], []], slot_seed=top)
    assert state.slot_seed == top
    with pytest.raises(GameError):
        position(hands=[["owl1"], ["bat1"], []], slot_seed=top + 1)
    state._to_hand(2, "rat1")
    # the next number of the 64-bit linear congruential sequence, its carry beyond 64 bits dropped
    assert state.slot_seed == (top * 6364136223846793005 + 1442695040888963407) % 2 ** 64
    assert GAME.from_position(state.to_json()).slot_seed == state.slot_seed


def test_a_new_game_choosing_its_heroes_is_at_the_very_start_of_its_first_round():
    """Before the deal: the first seat holds the phase cards, no Windmaster leads, no phase is done,
    it is the match's first round with no points carried and no Dawn card has come up in any round."""
    state = GAME.new_game(3, dict(ALL, rounds=2), 7)
    assert state.step == Step.HERO
    doc = state.to_json()
    assert (doc["leader"], doc["wind_lead"], doc["phases_done"]) == (0, 0, 0)
    assert (doc["match_round"], doc["carried"], doc["dawn_round"]) == (1, [0, 0, 0], -1)



def test_a_new_games_deck_is_the_main_deck_shuffled_by_the_seeds_64_bit_stream():
    """A saved game keeps only its seed and its moves (engine/saves.py): a seed must deal what it
    always dealt -- the main deck shuffled by a generator seeded with the seed's first 64 random
    bits, whose next 64 bits seed the positions of cards entering hands."""
    for seed in range(4):
        rng = random.Random(random.Random(seed).getrandbits(64))
        deck = list(main_deck(False, ()))
        rng.shuffle(deck)
        state = GAME.new_game(3, {}, seed)
        assert state.deck == deck and state.slot_seed == rng.getrandbits(64)


def test_a_dealt_new_games_document_reads_back_as_the_same_position():
    for seed in range(4):
        state = GAME.new_game(3, {"purist": True}, seed)
        assert 0 <= state.slot_seed < 2 ** 64
        assert GAME.from_position(state.to_json()).to_json() == state.to_json()


def test_a_card_entering_a_hand_goes_where_the_next_number_of_the_slot_sequence_says():
    """A saved game replays its moves (engine/saves.py): each card entering a hand must land where it
    always did -- at the position given by the sequence's next number, its bits from the 33rd on,
    modulo the places in the hand (one more than its cards)."""
    hand = ["bat1", "bat2", "bat3", "rat1"]
    for seed in range(12):
        state = position(hands=[list(hand), [], []], slot_seed=seed)
        state._to_hand(0, "owl1")
        following = (seed * 6364136223846793005 + 1442695040888963407) % 2 ** 64
        assert state.slot_seed == following and state.hands[0].index("owl1") == (following >> 33) % 5


def test_a_matchs_next_round_forgets_the_dawn_of_the_round_before():
    state = GAME.new_game(3, dict(ALL, rounds=2), 7)
    state.dawn.out, state.dawn.round, state.dawn.ended = ["dawn1"], 4, True
    state._next_match_round()
    assert state.match_round == 2 and state.step == Step.HERO
    assert (state.dawn.aside, state.dawn.out, state.dawn.round, state.dawn.ended) == ([], [], -1, False)



GODLY_FIELDS = {"fields", "activated_this_dream", "discard_picked"}
DAWN_FIELDS = {"dawn_aside", "dawn_out", "dawn_round", "sacrificed", "dawn_heroes", "dawn_total", "dawn_resume",
               "dawn_ended"}


def test_a_base_games_document_writes_nothing_of_the_expansion_parts_that_are_off():
    """(So a base game's document, and its digest, is what it was before the expansion.)"""
    base = GAME.new_game(3, {}, 1).to_json()
    assert not set(base["options"]) & (set(PARTS) | {"dawn_count"}) and "exchange" in base["options"]
    assert not set(base) & (GODLY_FIELDS | DAWN_FIELDS)
    dawn = GAME.new_game(3, {DAWN_PHASE: True}, 1).to_json()
    assert dawn["options"][DAWN_PHASE] is True and "dawn_count" in dawn["options"]
    assert not set(dawn["options"]) & (set(PARTS) - {DAWN_PHASE})
    assert DAWN_FIELDS <= set(dawn) and not set(dawn) & GODLY_FIELDS
    godly = GAME.new_game(3, {GODLY_ABILITIES: True}, 1).to_json()
    assert GODLY_FIELDS <= set(godly) and not set(godly) & DAWN_FIELDS and "dawn_count" not in godly["options"]
