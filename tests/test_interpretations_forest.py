"""Once Upon a Forest: one test (at least) for each numbered decision of
docs/rules/once-upon-a-forest.md, named "interpretation N" (the completeness check is in
test_interpretations_spheres_of_life.py).

Positions come from the helpers of test_forest_rules.py (card ids are listed there).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop.engine.game import IllegalAction
from tabletop.engine.match import Match, Seat
from tabletop.games.forest.cards import card, deck
from tabletop.games.forest.rules import (
    DRAW,
    GIVE,
    OVER,
    PLACE,
    PLAY,
    SETUP,
    compost_action,
    draw_action,
    forest_score,
    give_action,
    place_action,
    play_action,
    woodland_goal,
)

from test_forest_rules import GAME, parts, position, public_text, tree


def random_states(players, seeds, options=None):
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_game(players, options or {}, seed)
        while not state.is_terminal():
            yield state
            state.apply(rng.choice(state.legal_actions()))
        yield state


# --- the deck ------------------------------------------------------------------------------------
def test_interpretation_1_the_deck_follows_the_published_structure_with_the_projects_own_cards():
    """Interpretation 1 (The deck): per level and species 1, 1, 1, 2, 2, 3 animals, a chainsaw on
    one of the one-animal cards; four start cards on the Ground; one chainsaw-only and three empty
    cards on each other level."""
    cards = list(deck().values())
    assert len(cards) == 64
    for level in range(4):
        on_level = [c for c in cards if c.level == level]
        assert len(on_level) == 16
        species = {c.species for c in on_level if c.species}
        assert len(species) == 2
        for s in species:
            of_s = [c for c in on_level if c.species == s]
            assert sorted(c.animals for c in of_s) == [1, 1, 1, 2, 2, 3]
            assert [c.animals for c in of_s if c.chainsaw] == [1]
        bare = [c for c in on_level if not c.species]
        assert not any(c.animals for c in bare)
        if level == 0:
            assert sum(c.start for c in bare) == 4 and not any(c.chainsaw for c in bare)
        else:
            assert sum(c.chainsaw for c in bare) == 1 and len(bare) == 4 and not any(c.start for c in bare)


# --- set-up --------------------------------------------------------------------------------------
def test_interpretation_2_each_player_takes_a_shuffled_start_card_as_the_ground_of_the_first_tree():
    """Interpretation 2 (Start cards)."""
    seen = set()
    for seed in range(8):
        state = GAME.new_game(4, {}, seed)
        starts = [f[0][0][0] for f in state.forests]
        assert all(card(c).start for c in starts) and len(set(starts)) == 4
        assert all(f[0][1:] == [[], [], []] for f in state.forests)
        seen.add(starts[0])
    assert len(seen) > 1  # shuffled: not always the same start card for seat 1


@pytest.mark.parametrize("players, sizes", [(1, [12, 12, 13, 13, 13]), (2, [12, 12, 12, 13, 13]),
                                            (3, [12, 12, 12, 12, 13]), (4, [12] * 5)])
def test_interpretation_3_the_other_cards_and_the_start_cards_nobody_took_make_five_even_piles(players, sizes):
    """Interpretation 3 (The piles): 12 or 13 cards each."""
    state = GAME.new_game(players, {}, 3)
    assert sorted(len(p) for p in state.piles) == sizes
    in_piles = Counter(card(c).start for p in state.piles for c in p)
    assert in_piles[True] == 4 - players


def test_interpretation_4_in_seat_order_each_draws_three_from_the_top_of_any_pile_and_seat_1_begins():
    """Interpretation 4 (The first hands)."""
    state = GAME.new_game(2, {}, 4)
    order = []
    for pile in (0, 1, 2, 3, 4, 0):
        p = state.decider()
        order.append(p)
        top = state.piles[pile][-1]
        assert state.view(p)["piles"][pile]["top_level"] == card(top).level  # the back shows the level
        state.apply(draw_action(pile))
        assert state.hands[p][-1] == top
    assert order == [0, 0, 0, 1, 1, 1]
    assert state.stage == PLAY and state.decider() == 0 and state.whose_turn() == 0


# --- placement -----------------------------------------------------------------------------------
def test_interpretation_5_a_new_tree_only_after_the_last_one_is_complete_and_with_a_card_of_any_level():
    """Interpretation 5 (One incomplete tree at most)."""
    open_tree = position(hands=[["C02", "F02"], ["G02"]])
    assert {a["tree"] for a in open_tree.legal_actions()} == {0}
    with pytest.raises(IllegalAction, match="only when tree 1 is complete"):
        open_tree.apply(play_action("C02", 1))
    done = position(forests=[[tree("G13", "F14", "S14", "C14")], [[["G14"], [], [], []]]], hands=[["C02", "F02"], ["G02"]])
    done.apply(play_action("C02", 1))  # a new tree begun with a Canopy card
    assert done.forests[0][1] == [[], [], [], ["C02"]]
    assert not any(a["tree"] == 2 for a in position(
        forests=done.forests, hands=[["F03"], ["G02"]]).legal_actions())


def test_interpretation_6_any_filled_cell_of_any_tree_may_be_covered_and_the_top_card_counts():
    """Interpretation 6 (Covering): a cell of the first, complete tree is covered while the second
    is open; the covered card stays underneath and the new one counts."""
    state = position(forests=[[tree("G13", "F14", "S14", "C06"), tree("G02")], [[["G14"], [], [], []]]],
                     hands=[["C14", "S03"], ["G03"]])
    assert play_action("C14", 0) in state.legal_actions()
    assert parts(forest_score(state.forests[0]))["Species in balance"] == 0  # 3 owls, 1 tree
    state.apply(play_action("C14", 0))
    assert state.forests[0][0][3] == ["C06", "C14"]
    assert parts(forest_score(state.forests[0]))["Species in balance"] == 0
    cover_owl = position(forests=[[tree("G13", "F14", "S14", "C14")], [[["G14"], [], [], []]]],
                         hands=[["C02"], ["G03"]])
    cover_owl.apply(play_action("C02", 0))
    assert parts(forest_score(cover_owl.forests[0]))["Species in balance"] == 1  # the owl on top counts


def test_interpretation_7_a_card_can_always_be_placed_whether_played_or_given():
    """Interpretation 7 (A placement is always possible): in random games every hand card has a
    play, and a given card always has a place."""
    checked = 0
    for state in random_states(3, range(3)):
        if state.stage == PLAY:
            legal = state.legal_actions()
            assert {a["card"] for a in legal} == set(state.hands[state.turn])
            checked += 1
        elif state.stage == PLACE:
            assert state.legal_actions()
    assert checked > 50


# --- a turn --------------------------------------------------------------------------------------
def test_interpretation_8_giving_is_compulsory_with_a_card_left_and_impossible_with_none():
    """Interpretation 8 (Giving is compulsory)."""
    state = position(hands=[["F02", "S03"], ["G02"]], piles=[["G03", "G04", "G05"], [], [], [], []])
    state.apply(play_action("F02", 0))
    assert state.stage == GIVE and {a.kind for a in state.legal_actions()} == {"give"}
    with pytest.raises(IllegalAction):
        state.apply(draw_action(0))
    last = position(hands=[["F02"], ["G02"]], piles=[["G03", "G04", "G05"], [], [], [], []])
    last.apply(play_action("F02", 0))
    assert last.stage == DRAW  # nothing to give


def test_interpretation_9_drawing_is_back_to_three_one_card_at_a_time_and_stops_when_the_piles_are_empty():
    """Interpretation 9 (Drawing back to 3): a hand of one card, played, draws three; the piles
    running out end the turn with fewer."""
    state = position(hands=[["F02"], ["G02"]], piles=[["G03"], ["G04"], ["G05", "G06"], [], []])
    state.apply(play_action("F02", 0))
    for pile in (2, 0, 1):
        assert state.stage == DRAW and state.decider() == 0
        state.apply(draw_action(pile))
    assert state.hands[0] == ["G06", "G03", "G04"] and state.stage == PLAY and state.turn == 1
    short = position(hands=[["F02", "S03", "C04"], ["G02"]], piles=[["G03"], [], [], [], []])
    short.apply(play_action("F02", 0))
    short.apply(give_action("S03", 1))
    short.apply(place_action(0))
    short.apply(draw_action(0))
    assert short.hands[0] == ["C04", "G03"] and short.stage == PLAY and short.turn == 1


def test_interpretation_10_with_the_piles_empty_play_goes_on_empty_hands_are_skipped_until_all_is_placed():
    """Interpretation 10 (The end of the piles)."""
    state = position(players=3, forests=[[[["G13"], [], [], []]], [[["G14"], [], [], []]], [[["G15"], [], [], []]]],
                     hands=[["F02", "S02"], [], ["F03"]], turn=0)
    state.apply(play_action("F02", 0))
    state.apply(give_action("S02", 1))
    state.apply(place_action(0))
    assert state.stage == PLAY and state.turn == 2  # Ben holds nothing: skipped
    state.apply(play_action("F03", 0))
    assert state.stage == OVER and state.is_terminal()
    *_, final = random_states(2, range(1))
    assert not any(final.piles) and not any(final.hands)
    assert sum(len(s) for f in final.forests for t in f for s in t) == 64


# --- scoring -------------------------------------------------------------------------------------
def test_interpretation_11_chainsaws_count_on_top_cards_of_complete_trees_only_and_may_cost_two():
    """Interpretation 11 (Chainsaws): G01 and F13 saws in a complete tree count, a covered saw
    and the incomplete tree's saws do not; chainsaw_penalty=2 doubles the cost."""
    forest = [[["G01"], ["F13"], ["S13", "S14"], ["C14"]], tree("G07", "F07", "C07")]
    assert parts(forest_score(forest))["Chainsaws"] == -2
    assert parts(forest_score(forest, 2))["Chainsaws"] == -4
    state = position(forests=[forest, [[["G14"], [], [], []]]], stage=OVER, options={"chainsaw_penalty": 2})
    assert parts(state.scores()[0])["Chainsaws"] == -4


def test_interpretation_12_a_species_scores_balance_only_with_animals_so_no_complete_tree_no_balance():
    """Interpretation 12 (Balance)."""
    no_tree = [tree("G13", "F14", "S14")]
    assert parts(forest_score(no_tree))["Species in balance"] == 0
    one = [tree("G02", "F14", "S14", "C14")]  # 1 hedgehog, 1 tree: only the hedgehogs, not the 7 absent species
    assert parts(forest_score(one))["Species in balance"] == 1
    two = [tree("G02", "F14", "S14", "C14"), tree("G13", "F15", "S15", "C15")]  # 1 hedgehog, 2 trees
    assert parts(forest_score(two))["Species in balance"] == 0


def test_interpretation_13_covered_cards_and_the_incomplete_tree_count_for_nothing_but_its_minus_one():
    """Interpretation 13 (Covered cards and the incomplete tree)."""
    base = [tree("G13", "F14", "S14", "C14")]
    with_open = base + [tree("G02", "F07", "S06")]  # a hedgehog, a saw, 3 squirrels: all ignored
    assert forest_score(with_open).total == forest_score(base).total - 1
    covered = [[["G13"], ["F07", "F14"], ["S14"], ["C14"]]]  # a woodpecker and a saw underneath
    assert forest_score(covered).total == forest_score(base).total


def test_interpretation_14_equal_totals_share_the_win():
    """Interpretation 14 (Ties)."""
    state = position(players=3, forests=[[tree("G13", "F14", "S14", "C14")], [tree("G14", "F15", "S15", "C15")],
                                         [[["G15"], [], [], []]]], hands=[[], [], []], stage=OVER)
    assert [s.total for s in state.scores()] == [3, 3, -1]
    assert state.winners() == [0, 1]


# --- hidden information and the log --------------------------------------------------------------
def test_interpretation_15_other_hands_show_only_the_level_and_piles_their_size_and_top_level():
    """Interpretation 15 (Hands hidden, backs show the level)."""
    state = position(hands=[["F02", "C03"], ["G02"]], piles=[["C05", "S06"], [], [], [], []])
    view = state.view(1)
    assert view["hands"][0] == [{"level": 1}, {"level": 3}]
    assert view["hands"][1] == [{"id": "G02", "level": 0}]
    assert view["piles"][0] == {"size": 2, "top_level": 2} and view["piles"][1] == {"size": 0, "top_level": None}
    text = public_text(view)
    assert "F02" not in text and "C03" not in text and "S06" not in text


def test_interpretation_16_a_given_card_is_shown_to_everyone():
    """Interpretation 16 (A given card is shown to everyone)."""
    state = position(players=3, forests=[[[["G13"], [], [], []]], [[["G14"], [], [], []]], [[["G15"], [], [], []]]],
                     hands=[["F02", "S03"], [], []])
    state.apply(play_action("F02", 0))
    assert state.reveals(give_action("S03", 1))
    state.apply(give_action("S03", 1))
    assert state.stage == PLACE
    for seat in (0, 1, 2, None):
        assert state.view(seat)["pending"] == {"card": "S03", "to": 1}
        assert "S03" in public_text(state.view(seat))


def test_interpretation_17_the_log_names_a_drawn_cards_level_and_pile_never_the_card():
    """Interpretation 17 (The log)."""
    state = position(hands=[["F02"], ["G02"]], piles=[[], [], ["S03", "C07"], [], []])
    state.apply(play_action("F02", 0))
    sentence = state.describe(draw_action(2), ["Ada", "Ben"])
    assert sentence == "Ada draws a Canopy card from pile 3."
    assert card("C07").name not in sentence and "C07" not in sentence


# --- undo ----------------------------------------------------------------------------------------
def test_interpretation_18_a_play_or_a_gift_can_be_undone_but_not_past_a_draw_unless_undo_is_casual():
    """Interpretation 18 (Undo)."""
    doc = {"game": "forest", "players": 2, "forests": [[[["G13"], [], [], []]], [tree("G14", "F15", "S15", "C15")]],
           "hands": [["F02", "S03", "C04"], ["G02"]], "piles": [["G03", "G04"], [], [], [], []],
           "stage": PLAY, "turn": 0}
    match = Match(GAME, [Seat("Ada"), Seat("Ben", "bot", "easy")], {}, 0, position=doc)
    match.submit(play_action("F02", 0))
    assert match.can_undo()
    match.submit(give_action("S03", 1))  # shown to Ben, but Ada knew it
    match.submit(place_action(1))  # Ben places it: nothing new is seen
    assert match.can_undo() and match.undo_seat() == 0 and match.undo_point() == 1
    match.submit(draw_action(0))
    assert not match.can_undo() and "draws" in match.undo_blocked_by()
    casual = Match(GAME, [Seat("Ada"), Seat("Ben", "bot", "easy")], {}, 0, casual_undo=True, position=doc)
    casual.submit(play_action("F02", 0))
    casual.submit(give_action("S03", 1))
    casual.submit(place_action(1))
    casual.submit(draw_action(0))
    assert casual.can_undo() and casual.undo_point() == 1  # (the draw had no choice: one pile)


# --- variants ------------------------------------------------------------------------------------
def test_interpretation_19_alone_a_player_composts_the_card_they_would_give_and_wins_at_the_solo_target():
    """Interpretation 19 (Single-player)."""
    state = GAME.new_game(1, {}, 2)
    assert sum(len(p) for p in state.piles) == 63 and state.options["solo_target"] == 15
    while state.stage == SETUP:
        state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.stage == GIVE and {a.kind for a in state.legal_actions()} == {"compost"}
    c = state.hands[0][0]
    assert not state.reveals(compost_action(c))
    state.apply(compost_action(c))
    assert state.compost == [c] and state.stage == DRAW
    one = GAME.from_position({"players": 1, "forests": [[[["G13"], [], [], []]]], "hands": [["F02"]],
                              "piles": [["G03"], [], [], [], []], "stage": PLAY, "turn": 0})
    one.apply(play_action("F02", 0))
    assert one.stage == DRAW and one.compost == []  # one card: played, nothing composted
    forest = [tree(f"G0{i}", f"F0{i}", f"S0{i}", f"C0{i}") for i in range(2, 7)]  # 5 trees, no saw: 15
    for target, wins in ((15, [0]), (20, [])):
        done = GAME.from_position({"players": 1, "forests": [forest], "options": {"solo_target": target}})
        assert done.scores()[0].total >= 15 and done.winners() == wins


def test_interpretation_20_in_the_semi_cooperative_game_every_forest_must_reach_the_woodland_goal():
    """Interpretation 20 (Semi-cooperative): the goal is 8 minus the players; one forest short and
    everybody loses; all there and the best forest wins."""
    assert [woodland_goal(n) for n in (2, 3, 4)] == [6, 5, 4]
    strong = [tree("G02", "F02", "S02", "C02"), tree("G03", "F03", "S03", "C03")]
    fair = [tree("G13", "F14", "S14", "C14"), tree("G14", "F15", "S15", "C15")]
    weak = [tree("G15", "F13", "S16", "C16")]

    def finished(*forests):
        return GAME.from_position({"players": len(forests), "forests": list(forests),
                                   "options": {"variant": "semi-cooperative"}})

    short = finished(strong, weak)
    assert short.scores()[1].total < 6 and short.winners() == []
    both = finished(strong, fair)
    totals = [s.total for s in both.scores()]
    assert min(totals) >= 6 and totals[0] > totals[1] and both.winners() == [0]
