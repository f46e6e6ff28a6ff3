"""Spheres of Life's log sentences (``spheres_of_life/describe.py``): the sentence for each move, told
before the move is applied, with hidden cards kept hidden (issue 28, point 9: each test is what a
surviving mutant broke)."""

from __future__ import annotations

import pytest
from test_gods_and_myths import position

from tabletop.engine.actions import Action
from tabletop.games.spheres_of_life.describe import describe
from tabletop.games.spheres_of_life.steps import Move, Step

NAMES = ["Ann", "Ben", "Cat"]
A = Action.make


def at(step: str, decider: int | None = 0, effect: dict | None = None, **fields):
    """A three-player state at ``step`` where ``decider`` decides, with the effect under way
    (the sentence reads only these and the cards' places)."""
    state = position(hands=[["owl1"], ["bat1"], ["rat1"]], **fields)
    state.step, state.effect = step, effect or {}
    state.decider = lambda: decider
    return state


def told(state, kind: str, **args) -> str:
    return describe(state, A(kind, **args), NAMES)


def test_the_player_who_decides_is_named_and_nobody_is_a_question_mark():
    for p in range(3):
        assert told(at(Step.ACTION, p), Move.STEAL, target=(p + 1) % 3) == f"{NAMES[p]} will steal a card from {NAMES[(p + 1) % 3]}."
    for nobody in (None, -1):
        assert told(at(Step.ACTION, nobody), Move.DECLINE) == "? declines."


def test_a_hand_rearranged_is_told_for_the_seat_named_or_else_for_the_decider():
    state = at(Step.ACTION, 1)
    assert told(state, Move.ARRANGE, order="0", seat=0) == "Ann rearranges their hand."
    assert told(state, Move.ARRANGE, order="0", seat=2) == "Cat rearranges their hand."
    for seat in (None, -1, 3):  # (no seat of the names: the decider's own hand)
        assert told(state, Move.ARRANGE, order="0", seat=seat) == "Ben rearranges their hand."


def test_the_hero_chosen_and_letting_a_moment_or_a_block_pass():
    assert told(at(Step.HERO), Move.HERO, card="druid1") == "Ann chooses the Druid."
    assert told(at(Step.BLOCK), Move.PASS) == "Ann lets it pass."
    assert told(at(Step.PRIO), Move.PASS) == "Ann plays no card or hero now."


def test_each_hero_is_told_by_what_it_does():
    state = at(Step.PRIO)
    assert told(state, Move.USE, card="windmaster", phase="night") == (
        "Ann calls the wind with the Windmaster: a Night begins, led by Ann.")
    assert told(state, Move.USE, card="druid1", target=1) == "Ann sends the Druid to look at Ben's hand."
    assert told(state, Move.USE, card="warrior1") == "Ann calls the Warrior to get rid of up to three cards."
    assert told(state, Move.USE, card="god_of_war") == "Ann calls the God of War to get rid of up to five cards."
    assert told(state, Move.USE, card="paladin1", species="owl") == (
        "Ann calls the Paladin and shows a Noble Owl: everybody else shows their hand and hands over every Noble Owl.")
    assert told(state, Move.USE, card="god_of_hunt", species="bat") == (
        "Ann calls the God of the Hunt and names Corrupted Bat: everybody else shows their hand and hands over every "
        "Corrupted Bat.")
    assert told(state, Move.USE, card="god_of_plenty") == "Ann uses God of Plenty."


def test_an_ability_card_is_played_on_its_target_a_field_card_or_a_hero():
    state = at(Step.PRIO, fields=[[], ["shield1"], []])
    assert told(state, Move.USE, card="fire1") == "Ann plays Orb of Fire."
    assert told(state, Move.USE, card="raven1", target=2) == "Ann plays Raven's Raid on Cat."
    assert told(state, Move.USE, card="apple1", field="shield1") == "Ann plays Apple of Life: removes Shield of Faith from Ben's Field."
    assert told(state, Move.USE, card="skyhook1", field="shield1") == "Ann plays Sky Hook: takes Shield of Faith from Ben's Field."
    assert told(state, Move.USE, card="apple1", field="seal1") == "Ann plays Apple of Life: removes Seal of Silence from a Field."
    assert told(state, Move.USE, card="fountain1", hero="druid1") == "Ann plays Fountain of Youth: the Druid may be used again."


def test_a_sacrifice_is_laid_face_down_and_a_hero_adds_five_ending_the_game_from_ten():
    assert told(at(Step.SACRIFICE), Move.SACRIFICE, card="owl1") == "Ann lays a card face down for the Dawn."
    for total, words in ((None, "5 in all"), (0, "5 in all"), (4, "9 in all"), (5, "10 in all: 10 or more, the game ends"),
                         (6, "11 in all: 10 or more, the game ends")):
        state = at(Step.DAWN_HERO, dawn_total=total)
        assert told(state, Move.SACRIFICE, card="druid1") == f"Ann sacrifices the Druid (5 more, {words}).", total


def test_the_simple_moves_name_the_public_cards_and_the_players():
    state = at(Step.ACTION)
    assert told(state, Move.ACTIVATE, card="horn1") == "Ann puts Horn of Plenty in their Field."
    assert told(state, Move.BLOCK, card="apple1") == "Ann blocks it with an Apple of Life."
    assert told(state, Move.PICK, card="owl2") == "Ann takes Noble Owl from the table."
    assert told(state, Move.DISCARD, card="bat2") == "Ann discards Corrupted Bat."
    assert told(state, Move.BANK, species="owl") == "Ann banks a set of three Noble Owl."
    assert told(state, Move.SKIP) == "Ann banks nothing."
    assert told(state, Move.GIFT, card="bat2", to=2) == "Ann gives a card to Cat."
    assert told(state, Move.EXCHANGE, card="bat2", want="owl") == "Ann offers Corrupted Bat in exchange for a Noble Owl."
    assert told(state, Move.ACCEPT, card="owl2") == "Ann accepts the exchange, giving Noble Owl."
    assert told(state, Move.PARTNER, seat=1) == "Ann exchanges with Ben."
    assert told(state, Move.ORDER, card="owl2") == "Ann puts a card in place."


@pytest.mark.parametrize("step, words", [
    (Step.NIGHT_DISCARD, "discards no more"), (Step.NIGHT_TAKE, "takes no more cards"),
    (Step.DRUID_KEEP, "keeps no more cards"), (Step.WARRIOR, "keeps the rest"), (Step.WIND, "discards no more"),
    (Step.DISCARD_PICK, "takes no more from the discard pile"), (Step.ACTION, "is done"),
])
def test_done_is_told_for_the_step_it_ends(step, words):
    assert told(at(step), Move.DONE) == f"Ann {words}."


def test_done_with_nothing_done_says_nothing():
    """("Bramble discards no more." was logged of a Night where Bramble discarded nothing.)"""
    assert told(at(Step.NIGHT_DISCARD, effect={"discarded": 0}), Move.DONE) == "Ann discards nothing."
    assert told(at(Step.NIGHT_DISCARD, effect={"discarded": 2}), Move.DONE) == "Ann discards no more."
    assert told(at(Step.NIGHT_TAKE, effect={"discarded": 2, "taken": 0}), Move.DONE) == "Ann takes nothing."
    assert told(at(Step.NIGHT_TAKE, effect={"discarded": 2, "taken": 1}), Move.DONE) == "Ann takes no more cards."


def test_a_sacrifice_ended_counts_the_cards_laid():
    for laid, words in (([], "sacrifices nothing"), (["owl2"], "sacrifices 1 card in all"),
                        (["owl2", "bat2"], "sacrifices 2 cards in all")):
        state = at(Step.SACRIFICE, 0, sacrificed=[laid, [], []])
        assert told(state, Move.DONE) == f"Ann {words}."
    assert told(at(Step.SACRIFICE, 1, sacrificed=[[], ["bat2"], []]), Move.DONE) == "Ben sacrifices 1 card in all."
    nobody = at(Step.SACRIFICE, None, sacrificed=[["owl2"], [], []])
    assert told(nobody, Move.DONE) == "? sacrifices nothing."


def test_a_card_taken_from_a_hand_from_the_discard_pile_or_lost():
    position_step = at(Step.STEAL_POS, effect={"who": 0, "target": 2})
    assert told(position_step, Move.POSITION, index=0) == "Ann takes a card from Cat's hand (card 1 from the left)."
    assert told(position_step, Move.POSITION, index=2) == "Ann takes a card from Cat's hand (card 3 from the left)."
    for step in (Step.ROOT, Step.DISCARD_PICK):
        assert told(at(step), Move.TAKE, card="owl2") == "Ann takes Noble Owl from the discard pile."
    assert told(at(Step.DRUID_KEEP, effect={"who": 0, "target": 1}), Move.TAKE, card="bat1") == "Ann keeps a card from Ben's hand."
    warrior = at(Step.WARRIOR)
    assert told(warrior, Move.LOSE, card="bat2", to=-1) == "Ann discards Corrupted Bat."
    assert told(warrior, Move.LOSE, card="bat2", to=0) == "Ann gives a card to Ann."
    assert told(warrior, Move.LOSE, card="bat2", to=2) == "Ann gives a card to Cat."


def test_a_move_of_another_kind_is_told_as_it_is():
    action = A("dance", step=2)
    assert describe(at(Step.ACTION), action, NAMES) == f"Ann: {action}"
