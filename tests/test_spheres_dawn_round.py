"""Spheres of Life, Gods & Myths: "the same Round" of the Dawn rule is one phase (docs/rules/
spheres-of-life.md, expansion interpretation 12).  The three-phase reading of the first version is
the option ``dawn_round = cycle``, and the games saved before the option replay under it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_gods_and_myths import GAME, position, sacrifice

from tabletop.engine.game import digest
from tabletop.engine.match import Match, Seat
from tabletop.engine.saves import SaveError, load_match, match_from_json, match_to_json
from tabletop.games.spheres_of_life.cards import DAWN_PHASE
from tabletop.games.spheres_of_life.steps import Move, Step

OLD_SAVE = Path(__file__).parent / "data" / "spheres-of-life-dawn-before-round-option.json"
HANDS = [["owl1", "owl2", "bat1"], ["deer1", "fire1"], ["rat1"]]
# the Day's three open cards come off the top (last) of the deck: the Dawn card among them
DAY_DECK = ["swan1", "swan2", "swan3", "lynx1", "lynx2", "lynx3", "dawn2", "deer2", "deer3", "bear1", "dawn1", "rabbit1"]


def dawn_options(reading=None):
    return {DAWN_PHASE: True, **({"dawn_round": reading} if reading else {})}


def through_the_dawn(state):
    """The phase ends, the Dawn Phase follows; nobody sacrifices a card or a hero (the sacrifice
    stays below 10), so the next phase begins."""
    state._end_phase()
    assert state.phase == "dawn"
    sacrifice(state, {})
    while state.step == Step.DAWN_HERO:
        state.apply(state.legal_actions()[-1])  # (pass)
    assert state.phase != "dawn"


@pytest.mark.parametrize("reading, second_dawn", [(None, True), ("phase", True), ("cycle", False)])
def test_a_dawn_card_in_the_phase_after_a_dawn_phase_starts_another_unless_a_round_is_a_cycle(
        reading, second_dawn):
    """Expansion interpretation 12: a Dawn card comes up in a Day (phase 4 of the game), the Dawn
    Phase follows it, and the next Night lays out a second Dawn card.  One phase later is another
    round, so it is set aside and a second Dawn Phase follows the Night; with a round read as a
    Day, a Night and a Dream it is the same round, and the card goes back into the deck."""
    state = position(phase="day", begin=True, phases_done=3, hands=HANDS, deck=list(DAY_DECK),
                     parts=dawn_options(reading))
    assert state.dawn.aside == ["dawn1"] and state.dawn.round == 1
    through_the_dawn(state)
    assert state.phase == "night" and state.phases_done == 4
    if second_dawn:
        assert state.dawn.aside == ["dawn2"] and "dawn2" not in state.deck
        state._end_phase()
        assert state.phase == "dawn" and state.step == Step.SACRIFICE
    else:
        assert state.dawn.aside == [] and "dawn2" in state.deck
        state._end_phase()
        assert state.phase == "dream"
    assert state.dawn.out == ["dawn1"] and "dawn2" not in state.table


@pytest.mark.parametrize("reading", ["phase", "cycle"])
def test_a_second_dawn_card_in_one_phase_goes_back_under_either_reading(reading):
    """Expansion interpretation 12: two Dawn cards among one Night's open cards make one Dawn."""
    deck = ["deer2", "deer3", "bear1", "swan1", "swan2", "swan3", "dawn2", "lynx1", "dawn1", "lynx2"]
    state = position(phase="night", begin=True, phases_done=4, hands=HANDS, deck=deck, parts=dawn_options(reading))
    assert state.dawn.aside == ["dawn1"] and "dawn2" in state.deck and "dawn2" not in state.table


def test_a_round_of_a_cycle_counts_its_three_phases_from_the_games_first_day():
    """With dawn_round = cycle the rounds are phases 0-2, 3-5 ...: a Dawn card in phase 6
    after one in phase 5 is in a new round and starts the Dawn again."""
    deck = ["swan1", "swan2", "swan3", "lynx1", "dawn2", "lynx2"]
    later = position(phase="day", begin=True, phases_done=6, dawn_round=1, hands=HANDS, deck=list(deck),
                     parts=dawn_options("cycle"))
    assert later.dawn.aside == ["dawn2"] and later.dawn.round == 2
    deck = ["swan1", "swan2", "dawn2"]  # (a draw takes the Dawn card first)
    same = position(phase="dream", phases_done=5, dawn_round=1, hands=HANDS, deck=list(deck),
                    parts=dawn_options("cycle"))
    same._draw(0)
    assert same.dawn.aside == [] and "dawn2" in same.deck and same.dawn.round == 1
    by_phase = position(phase="dream", phases_done=5, dawn_round=1, hands=HANDS, deck=list(deck),
                        parts=dawn_options())
    by_phase._draw(0)
    assert by_phase.dawn.aside == ["dawn2"]


def test_the_option_reads_a_round_as_one_phase_for_new_games_and_three_for_saves_made_before_it():
    option = next(o for o in GAME.options if o.name == "dawn_round")
    assert (option.default, option.legacy, option.only_with) == ("phase", "cycle", ("dawn", True))
    assert GAME.resolve_options({DAWN_PHASE: True})["dawn_round"] == "phase"
    assert GAME.resolve_options({DAWN_PHASE: True}, saved=True)["dawn_round"] == "cycle"
    assert GAME.resolve_options({DAWN_PHASE: True, "dawn_round": "phase"}, saved=True)["dawn_round"] == "phase"
    with pytest.raises(Exception, match="dawn_round cannot be 'two'"):
        GAME.resolve_options({"dawn_round": "two"})


def test_the_state_writes_the_reading_except_the_old_one_so_old_digests_stay():
    """A save's digest is taken from the state's document: the old reading (every Dawn game saved
    before the option) is left out, as is the option in a game without the Dawn."""
    assert GAME.new_game(3, dawn_options(), 1).to_json()["options"]["dawn_round"] == "phase"
    assert "dawn_round" not in GAME.new_game(3, dawn_options("cycle"), 1).to_json()["options"]
    assert "dawn_round" not in GAME.new_game(3, {}, 1).to_json()["options"]


def test_a_position_document_keeps_the_reading_it_was_written_with():
    for reading in ("phase", "cycle"):
        state = GAME.new_game(3, dawn_options(reading), 2)
        while state.step == Step.HERO:  # (a document describes the game after the heroes are chosen)
            state.apply(state.legal_actions()[0])
        doc = json.loads(json.dumps(GAME.to_position(state)))
        assert doc["options"]["dawn_round"] == reading
        assert GAME.from_position(doc).options["dawn_round"] == reading
    assert "dawn_round" not in GAME.to_position(GAME.new_game(3, {"purist": True}, 2))["options"]


def test_a_save_made_before_the_option_replays_under_the_three_phase_reading():
    """tests/data/spheres-of-life-dawn-before-round-option.json was written by the app before the
    option existed (seed 20, random moves): a Dawn card came up in the first round's Day, and
    another in its Night, which went back into the deck.  It replays to its digest under the
    three-phase reading; read by phases, the second card starts a Dawn Phase and a recorded move
    no longer fits."""
    data = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    assert "dawn_round" not in data["options"] and data["options"]["dawn"] is True
    match = load_match(OLD_SAVE)
    assert match.options["dawn_round"] == "cycle" and digest(match.state) == data["digest"]
    with pytest.raises(SaveError, match="is illegal"):
        match_from_json({**data, "options": {**data["options"], "dawn_round": "phase"}})
    # saved again, it names its reading and replays the same
    again = match_to_json(match)
    assert again["options"]["dawn_round"] == "cycle" and again["digest"] == data["digest"]
    assert digest(match_from_json(json.loads(json.dumps(again))).state) == data["digest"]


@pytest.mark.parametrize("reading", ["phase", "cycle"])
def test_a_save_made_now_replays_under_its_own_reading(reading):
    import random

    match = Match(GAME, [Seat("Ada"), Seat("Ben"), Seat("Cy")], dawn_options(reading), 20)
    rng = random.Random(20)
    for _ in range(80):
        match.submit(rng.choice(match.legal_actions()))
    data = json.loads(json.dumps(match_to_json(match)))
    assert data["options"]["dawn_round"] == reading
    loaded = match_from_json(data)
    assert loaded.options["dawn_round"] == reading and digest(loaded.state) == digest(match.state)


def test_a_dawn_phase_starts_from_whoever_holds_the_phase_cards_then():
    """The rule text's "who began the Round when the Dawn Phase was triggered" is the holder of
    the phase cards, who changes every phase: the Dawn after the Night is led by the Night's
    leader, one seat on from the Day's."""
    state = position(phase="day", begin=True, phases_done=3, leader=0, hands=HANDS, deck=list(DAY_DECK),
                     parts=dawn_options())
    through_the_dawn(state)
    assert state.phase == "night" and state.leader == 1
    state._end_phase()
    assert state.decider() == 1 and state.legal_actions()[1].kind == Move.SACRIFICE
