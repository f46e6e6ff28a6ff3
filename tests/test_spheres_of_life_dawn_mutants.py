"""Spheres of Life, Gods & Myths: the Dawn's rules that no other test checked (issue 28, point 9:
each is the behaviour a mutant of ``spheres_of_life/dawn.py`` broke without a test failing)."""

from __future__ import annotations

import random

from test_gods_and_myths import GAME, a, dawn_state, position

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
    assert state.decider() == 1 and state.sacrificed[0] == SEVEN[:5] and sorted(state.hands[0]) == sorted(SEVEN[5:])


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
    assert later.dawn_aside == ["dawn1"] and "dawn1" not in later.deck and len(later.table) == 3


def test_a_dawn_card_sent_back_is_told_once_and_may_land_anywhere_below_the_top_card():
    """It goes back below at least one card -- any of those places, just below the top included
    -- and never where it would come up again at once."""
    state = position(phase="day", begin=True, parts={DAWN_PHASE: True}, deck=["deer1", "deer2", "deer3"])
    places = set()
    rng = random.Random(28)
    for _ in range(60):
        state.deck, state.dawn_news, state.slot_seed = ["owl1", "owl2", "owl3", "dawn1"], [], rng.getrandbits(64)
        assert state.phases_done == 0 and state._from_deck() == "owl3"
        assert state.dawn_news == ["dawn1"] and state.dawn_aside == []
        places.add(state.deck.index("dawn1"))
    assert places == {0, 1, 2}
