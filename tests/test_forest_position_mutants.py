"""Once Upon a Forest's position documents (``forest/position.py``, format: docs/positions.md):
behaviour no other test checked (issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import pytest

from tabletop.games.forest.position import PositionError
from tabletop.engine.registry import get_game

GAME = get_game("forest")
START = {1: [[[["G13"], [], [], []]]], 2: [[[["G13"], [], [], []]], [[["G14"], [], [], []]]]}


def doc(players=2, **kw):
    """A document of ``players`` players, each forest a start card, nothing else unless given."""
    d = {"players": players, "forests": [[[[f"G{13 + p}"], [], [], []]] for p in range(players)]}
    d.update(kw)
    return d


def refused(d, words):
    with pytest.raises(PositionError, match=words):
        GAME.from_position(d)


def test_one_to_four_players_load_and_no_other_count():
    for players in (1, 2, 3, 4):
        state = GAME.from_position(doc(players))
        assert state.num_players == players and state.stage == "over"
    for players in (0, 5, "2"):
        refused(dict(doc(2), players=players), "'players' must be 1, 2, 3 or 4")


def test_a_tree_is_four_lists():
    refused(doc(forests=[[["G13"]], START[2][1]]), r"tree 1 of player 1 must be four lists")
    refused(doc(forests=[[[["G13"], [], []]], START[2][1]]), r"tree 1 of player 1 must be four lists")
    refused(doc(forests=[[[["G13"], [], [], []]], [[["G14"], [], [], "C01"]]]), r"tree 1 of player 2 must be four lists")


def test_the_piles_are_five_lists():
    hands = [["C01"], []]
    GAME.from_position(doc(hands=hands, stage="play", piles=[["F01"], [], [], [], []]))
    refused(doc(hands=hands, stage="play", piles=[["F01"], [], [], []]), "'piles' must be 5 lists")
    refused(doc(hands=hands, stage="play", piles=[["F01"], [], [], [], [], []]), "'piles' must be 5 lists")
    refused(doc(hands=hands, stage="play", piles=[["F01"], [], [], [], "F02"]), "'piles' must be 5 lists")


def test_only_a_one_player_game_has_a_compost():
    solo = GAME.from_position(doc(1, hands=[["C01"]], stage="play", compost=["S03"]))
    assert solo.compost == ["S03"] and GAME.to_position(solo)["compost"] == ["S03"]
    for players in (2, 3):
        refused(doc(players, hands=[["C01"]] + [[]] * (players - 1), stage="play", compost=["S03"]),
                "Only a one-player game has a compost")


def test_a_pending_gift_names_a_card_and_a_player_of_the_game():
    """A gift waits for its receiver (any player of the game, the giver's turn going on); a
    solo game has none, and a gift to nobody, to a missing player or to a word is refused."""
    for players in (2, 3):
        for to in range(players):
            state = GAME.from_position(doc(players, stage="place", turn=(to + 1) % players,
                                           pending={"card": "S03", "to": to}))
            assert (state.pending, state.pending_to, state.decider()) == ("S03", to, to)
            assert GAME.to_position(state)["pending"] == {"card": "S03", "to": to}
    for pending in ("S03", ["S03", 1], {"card": "S03"}, {"card": "S03", "to": "1"},
                    {"card": "S03", "to": -1}, {"card": "S03", "to": 2}, {"card": "S03", "to": 3}):
        refused(doc(2, stage="place", pending=pending), "'pending' must be")
    refused(doc(1, stage="place", pending={"card": "S03", "to": 0}), "A one-player game has no gifts")


def test_the_stage_may_be_left_out_only_when_everything_is_placed():
    """Without a stage a document is over when nothing is left to draw, hold or place; a card
    still in a hand or in a pile needs a stage, and 'over' is refused for it."""
    assert GAME.from_position(doc(2)).stage == "over"
    for left in ({"hands": [["C01"], []]}, {"piles": [["C01"], [], [], [], []]}):
        refused(doc(2, **left), "'stage' must be one of")
        refused(doc(2, stage="over", **left), "'over' needs every card drawn and placed")
    refused(doc(2, stage="over", pending={"card": "S03", "to": 1}), "goes with the 'place' stage")


def test_the_turn_is_a_player_of_the_game():
    for turn in (0, 1, 2):
        assert GAME.from_position(doc(3, hands=[["C01"], ["C02"], ["C03"]], stage="play", turn=turn)).turn == turn
    for turn in (-1, 3, 4, "1", None, True):
        refused(doc(3, hands=[["C01"], ["C02"], ["C03"]], stage="play", turn=turn), "'turn' must be a player index")


def test_the_round_is_read_is_0_when_left_out_and_anything_but_a_count_is_refused():
    hands = {"hands": [["C01"], []], "stage": "play"}
    assert GAME.from_position(doc(2, round=3, **hands)).round() == 3
    assert GAME.from_position(doc(2, round=0, **hands)).round() == 0
    assert GAME.from_position(doc(2, **hands)).round() == 0
    for bad in ("three", -1, True, 2.5, None):
        refused(doc(2, round=bad, **hands), "'round' must be a whole number of rounds played")


def test_each_error_names_the_place_counted_from_one():
    """Players, trees, hands and piles are counted from 1 in the words of an error, as a
    player counts them; a card twice names both of its places."""
    refused(doc(forests=[START[2][0], "G14"]), r"^The forest of player 2 must be a list of trees\.$")
    complete = [["G13"], ["F02"], ["S14"], ["C14"]]
    refused(doc(forests=[[complete, [["G02"], [], [], "x"]], START[2][1]]), r"^tree 2 of player 1 must be four")
    refused(doc(hands=[["C01"], ["C02", "C03", "C04", "C05"]], stage="play"),
            r"^The hand of player 2 must be a list of at most 3 cards\.$")
    refused(doc(hands=[["C01"], ["G13"]], stage="play"),
            r"^Card G13 appears twice: in tree 1 of player 1 and in the hand of player 2\.$")
    refused(doc(hands=[["C01"], []], piles=[[], ["C01"], [], [], []], stage="play"),
            r"^Card C01 appears twice: in the hand of player 1 and in pile 2\.$")
    refused(doc(3, hands=[["C01"], [], []], stage="play", turn=3), r"^'turn' must be a player index from 0 to 2\.$")
    # the second player must draw, and every pile is empty
    refused(doc(2, hands=[["C01"], ["C02"]], stage="draw", turn=1), r"^In stage 'draw' player 2 has nothing to do\.$")
