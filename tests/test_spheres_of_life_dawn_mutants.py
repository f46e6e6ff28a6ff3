"""Spheres of Life, Gods & Myths: the Dawn's rules that no other test checked (issue 28, point 9:
each is the behaviour a mutant of ``spheres_of_life/dawn.py`` broke without a test failing)."""

from __future__ import annotations

import random

import pytest
from test_gods_and_myths import GAME, a, dawn_state, position

from tabletop.games.spheres_of_life.position import PositionError
from tabletop.games.spheres_of_life.bots import determinize
from tabletop.games.spheres_of_life.cards import DAWN_PHASE
from tabletop.games.spheres_of_life.rules import DONE
from tabletop.games.spheres_of_life.steps import Move, Step

SEVEN = ["owl1", "owl2", "bat1", "deer1", "rat1", "wolf1", "otter1"]


def at_the_dawn(hands, **kw):
    state = dawn_state(hands=hands, leader=0, **kw)
    state._end_phase()
    assert state.step == Step.SACRIFICE and state.decider() == 0
    return state


def test_the_fifth_card_laid_ends_a_players_sacrifice():
    """A player lays up to five cards: after the fifth the next player lays theirs, unasked."""
    state = at_the_dawn([list(SEVEN), ["heron1"], ["rabbit1"]])
    for c in SEVEN[:5]:
        assert state.decider() == 0
        state.apply(a(Move.SACRIFICE, card=c))
    assert state.decider() == 1 and state.dawn.sacrificed[0] == SEVEN[:5] and sorted(state.hands[0]) == sorted(SEVEN[5:])


def test_a_player_who_lays_their_last_card_is_done():
    state = at_the_dawn([["owl1", "bat1"], ["heron1"], ["rabbit1"]])
    state.apply(a(Move.SACRIFICE, card="owl1"))
    assert state.decider() == 0 and DONE in state.legal_actions()
    state.apply(a(Move.SACRIFICE, card="bat1"))
    assert state.hands[0] == [] and state.decider() == 1


def test_a_player_who_has_laid_five_cards_may_only_be_done():
    """A saved game in which the player to lay has five cards down already offers nothing else."""
    state = at_the_dawn([list(SEVEN), ["heron1"], ["rabbit1"]])
    for c in SEVEN[:4]:
        state.apply(a(Move.SACRIFICE, card=c))
    doc = GAME.to_position(state)
    fifth = SEVEN[4]
    doc["hands"][0].remove(fifth)
    doc["sacrificed"][0].append(fifth)
    loaded = GAME.from_position(doc)
    assert loaded.decider() == 0 and loaded.hands[0] and loaded.legal_actions() == [DONE]


def test_each_player_sees_their_own_face_down_sacrifice():
    state = at_the_dawn([["owl1", "bat1"], ["heron1"], ["rabbit1"]])
    state.apply(a(Move.SACRIFICE, card="owl1"))
    assert state.view(0)["dawn"]["sacrificed"][0] == ["owl1"]
    assert state.view(1)["dawn"]["sacrificed"][0] is None


def test_a_dawn_card_in_a_later_day_is_set_aside():
    """Only the game's first Day sends a Dawn card back: in any later Day it starts the Dawn."""
    later = position(phase="day", begin=True, phases_done=3, parts={DAWN_PHASE: True},
                     deck=["owl1", "owl2", "owl3", "dawn1", "lynx1", "lynx2"])
    assert later.dawn.aside == ["dawn1"] and "dawn1" not in later.deck and len(later.table) == 3


def test_a_dawn_card_sent_back_is_told_once_and_may_land_anywhere_below_the_top_card():
    """It goes back below at least one card -- any of those places, just below the top included
    -- and never where it would come up again at once."""
    state = position(phase="day", begin=True, parts={DAWN_PHASE: True}, deck=["deer1", "deer2", "deer3"])
    places = set()
    rng = random.Random(28)
    for _ in range(60):
        state.deck, state.dawn.news, state.slot_seed = ["owl1", "owl2", "owl3", "dawn1"], [], rng.getrandbits(64)
        assert state.phases_done == 0 and state._from_deck() == "owl3"
        assert state.dawn.news == ["dawn1"] and state.dawn.aside == []
        places.add(state.deck.index("dawn1"))
    assert places == {0, 1, 2}


def test_the_first_day_of_each_game_of_a_match_sends_a_dawn_card_back():
    """Rule 12 holds for every game of a match: a Dawn card in the first Day of round 2 goes back
    into the deck (round 2 is a new game, dealt again); in that game's next Day it is set aside."""
    deck = ["owl1", "owl2", "owl3", "dawn1", "lynx1", "lynx2"]
    parts = {DAWN_PHASE: True, "rounds": 2}
    first = position(phase="day", begin=True, phases_done=12, game_began=12, match_round=2, parts=parts, deck=deck)
    assert first.dawn.aside == [] and "dawn1" in first.deck and first.dawn.news == ["dawn1"]
    later = position(phase="day", begin=True, phases_done=15, game_began=12, match_round=2, parts=parts, deck=deck)
    assert later.dawn.aside == ["dawn1"] and "dawn1" not in later.deck


def test_a_match_remembers_where_its_current_game_began():
    """The next round of a match begins its game at the phases played so far; a view shows it
    (a bot's sampled world keeps it) and a position document keeps it."""
    state = GAME.new_game(3, {DAWN_PHASE: True, "rounds": 2}, 7)
    state.phases_done = 13
    state._next_match_round()
    assert state.game_began == 13 and state.view(1)["game_began"] == 13
    parts = {DAWN_PHASE: True, "rounds": 2}
    later = position(phase="day", begin=True, phases_done=13, game_began=13, match_round=2, parts=parts,
                     deck=["owl1", "owl2", "owl3", "lynx1"])
    assert determinize(later.view(1), random.Random(3)).game_began == 13
    doc = GAME.to_position(later)
    assert GAME.from_position(doc).game_began == 13
    doc["game_began"] = 14
    with pytest.raises(PositionError, match="'game_began' must be a whole number from 0 to 13"):
        GAME.from_position(doc)
