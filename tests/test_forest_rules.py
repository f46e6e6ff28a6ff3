"""Once Upon a Forest rules, checked on positions built by hand.

Card ids used (assets/forest/cards.json): Ground G01-G12 (G01-G06 hedgehogs 1,1,1,2,2,3,
G07-G12 boars 1,1,1,2,2,3; G01 and G07 carry a chainsaw), G13-G16 start cards;
1st level F01-F06 beetles, F07-F12 woodpeckers (F01, F07 chainsaw), F13 chainsaw only,
F14-F16 empty; 2nd level S.., Canopy C.. the same pattern (squirrel/dormouse, owl/jay).
"""

from __future__ import annotations

import pytest

from tabletop.engine.game import IllegalAction
from tabletop.engine.registry import get_game
from tabletop.games.forest.cards import card, deck
from tabletop.games.forest.rules import (
    DRAW,
    GIVE,
    OVER,
    PLACE,
    PLAY,
    SETUP,
    draw_action,
    forest_score,
    give_action,
    place_action,
    play_action,
)

GAME = get_game("forest")


def position(**kw):
    doc = {
        "players": 2,
        "forests": [[[["G13"], [], [], []]], [[["G14"], [], [], []]]],
        "hands": [[], []],
        "piles": [[], [], [], [], []],
        "stage": PLAY,
        "turn": 0,
    }
    doc.update(kw)
    return GAME.from_position(doc)


def tree(*ids):
    """A tree from card ids: each card goes to its level's row."""
    t = [[], [], [], []]
    for c in ids:
        t[card(c).level].append(c)
    return t


# --- the deck -----------------------------------------------------------------------
def test_deck_matches_the_published_structure():
    cards = list(deck().values())
    assert len(cards) == 64
    for level in range(4):
        on_level = [c for c in cards if c.level == level]
        assert len(on_level) == 16
        assert len({c.species for c in on_level if c.species}) == 2
    assert len({c.species for c in cards if c.species}) == 8
    assert all(0 <= c.animals <= 3 for c in cards)
    assert all((c.animals > 0) == (c.species is not None) for c in cards)
    assert sum(c.start for c in cards) == 4 and all(c.level == 0 for c in cards if c.start)
    assert any(c.chainsaw for c in cards)
    assert len({c.name for c in cards}) == 64



def test_a_card_in_words_counts_its_animals_in_the_singular_or_plural():
    assert card("G01").label() == "Moss carpet (Ground, 1 hedgehog, chainsaw)"
    assert card("G10").label() == "Fallen log (Ground, 2 wild boars)"
    assert card("G13").label() == "Woodcutter's hut (Ground, start card)"
    dormice = next(c for c in deck().values() if c.species == "dormouse" and c.animals > 1)
    assert f"{dormice.animals} dormice" in dormice.label()

# --- set-up ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_each_player_a_start_card_and_five_piles(players):
    state = GAME.new_game(players, {}, 1)
    for forest in state.forests:
        assert len(forest) == 1 and card(forest[0][0][0]).start
        assert forest[0][1:] == [[], [], []]
    sizes = [len(p) for p in state.piles]
    assert len(sizes) == 5 and sum(sizes) == 64 - players and max(sizes) - min(sizes) <= 1
    # leftover start cards are shuffled into the piles
    in_piles = [c for p in state.piles for c in p]
    assert sum(card(c).start for c in in_piles) == 4 - players
    assert state.stage == SETUP and state.decider() == 0


def test_setup_draws_three_cards_each_in_seat_order_from_chosen_piles():
    state = GAME.new_game(3, {}, 2)
    order = []
    while state.stage == SETUP:
        p = state.decider()
        order.append(p)
        top = state.piles[4][-1]
        state.apply(draw_action(4))
        assert state.hands[p][-1] == top
    assert order == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert state.stage == PLAY and state.decider() == 0


# --- placement ------------------------------------------------------------------------
def test_a_card_goes_only_to_the_row_of_its_level_and_any_existing_tree():
    state = position(hands=[["F02", "C03"], ["G02"]], piles=[["G03"], [], [], [], []])
    legal = state.legal_actions()
    # last tree incomplete: no new tree; each card may go to tree 0 only (in its own row)
    assert set(legal) == {play_action("F02", 0), play_action("C03", 0)}
    state.apply(play_action("F02", 0))
    assert state.forests[0][0] == [["G13"], ["F02"], [], []]


def test_a_new_tree_only_when_the_previous_one_is_complete():
    state = position(hands=[["F02"], ["G02"]])
    with pytest.raises(IllegalAction, match="only when tree 1 is complete"):
        state.apply(play_action("F02", 1))
    done = position(
        forests=[[tree("G13", "F14", "S14", "C14")], [[["G14"], [], [], []]]],
        hands=[["F02", "S03"], ["G02"]],
    )
    assert play_action("F02", 1) in done.legal_actions()
    done.apply(play_action("F02", 1))
    assert len(done.forests[0]) == 2 and done.forests[0][1] == [[], ["F02"], [], []]


def test_trees_may_be_built_in_any_order_of_levels():
    state = position(hands=[["C02", "G02"], ["G03"]])
    state.apply(play_action("C02", 0))
    assert state.forests[0][0][3] == ["C02"]


def test_covering_a_cell_replaces_its_content_in_any_tree():
    state = position(
        forests=[[tree("G13", "F13", "S14", "C14"), tree("G02")], [[["G14"], [], [], []]]],
        hands=[["F14", "S03"], ["G03"]],
    )
    legal = state.legal_actions()
    assert play_action("F14", 0) in legal  # cover the chainsaw trunk of the complete tree
    assert play_action("F14", 2) not in legal  # tree 2 is open: no third tree yet
    before = forest_score(state.forests[0]).total
    state.apply(play_action("F14", 0))
    assert state.forests[0][0][1] == ["F13", "F14"]
    assert forest_score(state.forests[0]).total == before + 1  # the chainsaw no longer counts


# --- giving ---------------------------------------------------------------------------
def test_give_then_the_receiver_places_at_once():
    state = position(hands=[["F02", "S03", "C04"], ["G02"]], piles=[["G03", "G04"], [], [], [], []])
    state.apply(play_action("F02", 0))
    assert state.stage == GIVE and state.decider() == 0
    assert set(state.legal_actions()) == {give_action("S03", 1), give_action("C04", 1)}
    with pytest.raises(IllegalAction, match="another player"):
        state.apply(give_action("S03", 0))
    state.apply(give_action("S03", 1))
    assert state.stage == PLACE and state.decider() == 1 and state.turn == 0
    assert state.legal_actions() == [place_action(0)]
    state.apply(place_action(0))
    assert state.forests[1][0][2] == ["S03"]
    assert state.hands[0] == ["C04"] and state.stage == DRAW and state.decider() == 0


def test_the_receiver_may_start_a_new_tree_with_the_gift():
    state = position(
        forests=[[[["G13"], [], [], []]], [tree("G14", "F14", "S14", "C14")]],
        hands=[["F02", "S03"], ["G02"]],
    )
    state.apply(play_action("F02", 0))
    state.apply(give_action("S03", 1))
    assert set(state.legal_actions()) == {place_action(0), place_action(1)}
    state.apply(place_action(1))
    assert state.forests[1][1] == [[], [], ["S03"], []]


def test_a_hand_of_one_card_plays_it_and_gives_nothing():
    state = position(hands=[["F02"], ["G02"]], piles=[["G03", "G04", "G05"], [], [], [], []])
    state.apply(play_action("F02", 0))
    assert state.stage == DRAW and state.hands[0] == []


# --- drawing --------------------------------------------------------------------------
def test_drawing_takes_pile_tops_back_to_three_cards():
    state = position(
        hands=[["F02", "S03", "C04"], ["G02"]],
        piles=[["G03", "F05"], ["C05"], [], [], ["S05"]],
    )
    state.apply(play_action("F02", 0))
    state.apply(give_action("S03", 1))
    state.apply(place_action(0))
    assert set(state.legal_actions()) == {draw_action(0), draw_action(1), draw_action(4)}
    with pytest.raises(IllegalAction, match="empty"):
        state.apply(draw_action(2))
    state.apply(draw_action(0))
    assert state.hands[0] == ["C04", "F05"] and state.piles[0] == ["G03"]
    state.apply(draw_action(0))
    assert state.hands[0] == ["C04", "F05", "G03"]
    assert state.stage == PLAY and state.turn == 1  # three in hand: the turn passes


def test_the_turn_ends_when_the_piles_run_out_while_drawing():
    state = position(hands=[["F02", "S03", "C04"], ["G02"]], piles=[["G03"], [], [], [], []])
    state.apply(play_action("F02", 0))
    state.apply(give_action("S03", 1))
    state.apply(place_action(0))
    state.apply(draw_action(0))
    assert state.stage == PLAY and state.turn == 1 and state.hands[0] == ["C04", "G03"]


def test_pile_backs_show_the_level_of_the_top_card_only():
    state = position(hands=[["F02"], ["G02"]], piles=[["C05", "G03"], [], [], [], []])
    view = state.view(1)
    assert view["piles"][0] == {"size": 2, "top_level": 0}
    assert "G03" not in public_text(view) and "C05" not in public_text(view)


# --- the end --------------------------------------------------------------------------
def test_players_with_empty_hands_are_skipped_and_the_game_ends_when_all_is_placed():
    state = position(hands=[["F02"], ["F03", "S04"]], turn=0)
    state.apply(play_action("F02", 0))
    assert state.turn == 1 and state.stage == PLAY  # no piles: no drawing
    state.apply(play_action("F03", 0))
    state.apply(give_action("S04", 0))
    state.apply(place_action(0))
    assert state.stage == OVER and state.is_terminal() and state.decider() is None


def test_a_game_ends_only_when_every_card_is_drawn_and_placed():
    state = GAME.new_game(2, {}, 4)
    import random

    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    placed = [c for f in state.forests for t in f for s in t for c in s]
    assert sorted(placed) == sorted(deck()) and not any(state.piles) and not any(state.hands)


# --- scoring --------------------------------------------------------------------------
def parts(score):
    return dict((label.split(" (")[0], points) for label, points in score.parts)


def test_complete_trees_score_three_and_an_incomplete_tree_loses_one():
    forest = [tree("G13", "F14", "S14", "C14"), tree("G14", "F15", "S15", "C15"), tree("G15", "F16")]
    s = forest_score(forest)
    assert parts(s)["Complete trees"] == 6 and parts(s)["Incomplete trees"] == -1 and s.total == 5


def test_chainsaws_cost_one_each_but_only_in_complete_trees():
    forest = [tree("G01", "F13", "S14", "C14"), tree("G07", "F07")]
    s = forest_score(forest)
    assert parts(s)["Chainsaws"] == -2  # G01 and F13; the incomplete tree's saws do not count
    assert forest_score(forest, chainsaw_penalty=2).total == s.total - 2


def test_a_covered_chainsaw_does_not_count():
    forest = [[["G13"], ["F13", "F14"], ["S14"], ["C14"]]]
    assert parts(forest_score(forest))["Chainsaws"] == 0


def test_species_in_balance_score_one_each():
    # two complete trees: hedgehogs 1+1 = 2 (balanced), beetles 2 (balanced), owls 3 (not)
    forest = [tree("G02", "F04", "S14", "C06"), tree("G03", "F14", "S15", "C14")]
    s = forest_score(forest)
    assert parts(s)["Species in balance"] == 2
    assert s.total == 6 + 2


def test_animals_of_an_incomplete_tree_do_not_count_for_balance():
    # one complete tree with 1 hedgehog: balanced; a hedgehog in the incomplete tree would break it
    balanced = [tree("G02", "F14", "S14", "C14")]
    assert parts(forest_score(balanced))["Species in balance"] == 1
    with_open = balanced + [tree("G03")]
    assert parts(forest_score(with_open))["Species in balance"] == 1
    assert forest_score(with_open).total == 3 + 1 - 1


def test_no_complete_tree_means_no_species_in_balance():
    assert parts(forest_score([tree("G13", "F14")]))["Species in balance"] == 0


def test_covered_animals_do_not_count():
    forest = [[["G13"], ["F04", "F14"], ["S14"], ["C14"]]]  # 2 beetles covered by a bare trunk
    assert parts(forest_score(forest))["Species in balance"] == 0


def test_final_scores_decide_the_winner_and_ties_share():
    state = position(
        forests=[[tree("G13", "F14", "S14", "C14")], [tree("G14", "F15", "S15", "C15")]],
        stage=OVER,
    )
    assert state.winners() == [0, 1]


# --- the log and hidden information -----------------------------------------------------
def public_text(view):
    """The view without the list of every card in the game (the public deck list)."""
    return str({k: v for k, v in view.items() if k != "cards"})


def test_log_sentences_name_the_card_given_but_not_the_card_drawn():
    state = position(hands=[["F02", "S03", "C04"], ["G02"]], piles=[["G03"], [], [], [], []])
    names = ["Ada", "Ben"]
    assert state.describe(play_action("F02", 0), names) == f"Ada plays {card('F02').label()} in tree 1."
    state.apply(play_action("F02", 0))
    assert state.describe(give_action("S03", 1), names) == f"Ada gives {card('S03').label()} to Ben."
    state.apply(give_action("S03", 1))
    state.apply(place_action(0))
    sentence = state.describe(draw_action(0), names)
    assert sentence == "Ada draws a Ground card from pile 1." and "G03" not in sentence


def test_views_hide_other_hands_and_pile_contents():
    state = GAME.new_game(3, {}, 6)
    import random

    rng = random.Random(6)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(3):
        text = public_text(state.view(seat))
        for p, hand in enumerate(state.hands):
            for c in hand:
                assert (c in text) == (p == seat)
        for pile in state.piles:
            for c in pile:
                assert c not in text
    spectator = public_text(state.view(None))
    assert not any(c in spectator for h in state.hands for c in h)


# --- what the rules say back: illegal moves, turn order, the count of rounds, the view ---------------
def test_an_illegal_move_is_explained_with_the_players_number_and_the_pile_or_tree_named():
    state = position(hands=[["F02", "S03"], ["G02"]], piles=[["G03"], [], [], [], []])
    assert state.explain_illegal(draw_action(0)) == "Player 1 must play a card to their forest now, not draw."
    assert state.explain_illegal(play_action("F02", 5)) == "There is no tree 6."
    assert state.explain_illegal(play_action("F02", -1)) == "There is no tree 0."
    assert state.explain_illegal(play_action("F02", 1)) == "You may start a new tree only when tree 1 is complete."
    state.apply(play_action("F02", 0))
    state.apply(give_action("S03", 1))
    assert state.explain_illegal(play_action("G02", 0)) == "Player 2 must place the card they were given now, not play."
    state.apply(place_action(0))
    assert state.explain_illegal(draw_action(5)) == "There is no pile 5."
    assert state.explain_illegal(draw_action(-1)) == "There is no pile -1."
    assert state.explain_illegal(draw_action(4)) == "Pile 5 is empty."
    state.apply(draw_action(0))  # pile 1's last card: the turn passes
    first_empty = position(hands=[["F02"], ["G02"]], piles=[[], ["G03"], [], [], []], stage=DRAW)
    assert first_empty.explain_illegal(draw_action(0)) == "Pile 1 is empty."


def test_turns_pass_to_the_left_and_skip_empty_hands_in_a_three_player_game():
    forests = [[[["G13"], [], [], []]], [[["G14"], [], [], []]], [[["G15"], [], [], []]]]
    state = position(players=3, forests=forests, hands=[["F02"], ["F03"], ["F04"]])
    assert state.whose_turn() == 0
    assert state.chart_step() == 1  # (the end chart: a point a turn, counted from 1)
    state.apply(play_action("F02", 0))
    assert state.turn == 1 and state.whose_turn() == 1 and state.round() == 0 and state.chart_step() == 2
    state.apply(play_action("F03", 0))
    assert state.turn == 2 and state.round() == 0 and state.chart_step() == 3
    skipping = position(players=3, forests=forests, hands=[["F02"], [], ["F04"]])
    skipping.apply(play_action("F02", 0))
    assert skipping.turn == 2  # seat 2 holds nothing and is passed over
    # the same when the player who just played still holds cards: the turn goes on to the left
    drawing = position(players=3, forests=forests, hands=[["F02", "S03"], [], ["F04"]],
                       piles=[["G03", "G04", "G05"], [], [], [], []])
    drawing.apply(play_action("F02", 0))
    drawing.apply(give_action("S03", 2))
    drawing.apply(place_action(0))
    while drawing.stage == DRAW:
        drawing.apply(draw_action(0))
    assert drawing.hands[0] and drawing.turn == 2


def test_rounds_count_each_time_the_turn_comes_round_again_and_once_more_at_the_end():
    # seat 2 has nothing: seat 1 plays turn after turn, and each of those turns is a new round
    state = position(hands=[["F02", "S03"], []], piles=[["F04", "C05"], [], [], [], []])
    state.apply(play_action("F02", 0))
    state.apply(give_action("S03", 1))
    state.apply(place_action(0))
    state.apply(draw_action(0))
    state.apply(draw_action(0))
    assert state.turn == 0 and state.stage == PLAY and state.round() == 1 and state.chart_step() == 3  # (2 seats)
    state.apply(play_action("F04", 0))
    state.apply(give_action("C05", 1))
    state.apply(place_action(0))
    assert state.stage == OVER and state.round() == 2


def test_the_set_up_draws_belong_to_no_ones_turn_and_a_finished_game_to_nobody():
    state = GAME.new_game(2, {}, 3)
    assert state.stage == SETUP and state.whose_turn() is None and state.decider() == 0
    assert state.chart_step() == 0  # (the set-up's draws are no turn of the end chart)
    assert state.view(0)["turn"] == 0  # (the first turn, after the draws, is seat 1's)
    over = position(stage=OVER)
    assert over.whose_turn() is None


def test_the_view_names_the_winners_only_when_the_game_is_over():
    forests = [[tree("G13", "F14", "S14", "C14")], [[["G14"], [], [], []]]]
    playing = position(forests=forests, hands=[["F02"], ["G02"]])
    assert playing.view(0)["winners"] is None and playing.view(0)["goal"] is None
    assert position(forests=forests, stage=OVER).view(0)["winners"] == [0]


def test_the_default_chainsaw_costs_one_point_in_a_played_game():
    forests = [[tree("G01", "F14", "S14", "C14")], [[["G14"], [], [], []]]]
    assert parts(position(forests=forests, stage=OVER).scores()[0])["Chainsaws"] == -1
    doubled = position(forests=forests, stage=OVER, options={"chainsaw_penalty": 2})
    assert parts(doubled.scores()[0])["Chainsaws"] == -2


def test_the_log_says_where_a_card_goes_a_new_tree_or_a_covered_card():
    state = position(
        forests=[[tree("G13", "F14", "S14", "C14")], [tree("G14", "F15", "S15", "C15")]],
        hands=[["F02", "S03"], ["G02"]],
    )
    names = ["Ada", "Ben"]
    assert state.describe(play_action("F02", 1), names) == f"Ada plays {card('F02').label()} to start tree 2."
    covering = f"Ada plays {card('F02').label()} in tree 1, covering {card('F14').name}."
    assert state.describe(play_action("F02", 0), names) == covering
    state.apply(play_action("F02", 0))
    assert state.prompt() == "give a card to another player"
    state.apply(give_action("S03", 1))
    assert state.describe(place_action(1), names) == "Ben places it to start tree 2."
    assert state.describe(place_action(0), names) == f"Ben places it in tree 1, covering {card('S15').name}."


def test_a_save_records_only_the_options_that_change_the_game():
    """The competitive variant and a solo target in a game of several players are left out, so saves
    written before the variants existed keep their digests; the others are kept."""
    hands = [["F02"], ["G02"]]
    assert "variant" not in position(hands=hands).to_json()["options"]
    assert "solo_target" not in position(hands=hands).to_json()["options"]
    semi = position(hands=hands, options={"variant": "semi-cooperative"})
    assert semi.to_json()["options"]["variant"] == "semi-cooperative"
    solo = GAME.from_position({"players": 1, "forests": [[[["G13"], [], [], []]]], "hands": [["F02"]], "stage": PLAY})
    assert solo.to_json()["options"] == {"chainsaw_penalty": 1, "solo_target": 15}
    assert solo.prompt() == "play a card to your forest"
    solo.apply(play_action("F02", 0))
    assert solo.prompt() == "wait"  # the last card is played: the game is over


def test_the_consistency_check_names_a_card_twice_a_full_hand_and_a_card_twice():
    """Issue 28: the state's own check, which the conformance checks ask of every state played and
    every world the bots sample."""
    import random

    rng, state = random.Random(3), GAME.new_game(2, {}, 3)
    while len(state.hands[0]) < 3 or len(state.hands[1]) < 1:
        assert state.consistency_problems() == []
        d = state.decider()
        state.apply(state.chance_outcomes()[0][0] if d is not None and d < 0 else rng.choice(state.legal_actions()))
    assert state.consistency_problems() == []
    moved = state.hands[1].pop()
    state.hands[0].append(moved)
    assert state.consistency_problems() == ["a hand holds more than 3 cards"]
    state.hands[0].remove(moved)
    state.hands[1] += [moved, moved]
    assert state.consistency_problems() == ["its cards are not the game's, each once"]


def test_the_consistency_check_names_a_card_in_a_row_not_of_its_level():
    state = GAME.new_game(2, {}, 3)
    pile = next(pile for pile in state.piles if any(card(c).level == 2 for c in pile))
    level_two = next(c for c in pile if card(c).level == 2)
    pile.remove(level_two)
    state.forests[1][0][0].append(level_two)  # onto the start card's row of player 2's first tree
    assert state.consistency_problems() == [f"{level_two} cannot lie in that row of player 2's forest"]
