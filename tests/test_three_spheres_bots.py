"""What the card game's bots value and choose (``three_spheres/bots.py``): the Easy bot's worth of
a card and of an ability now, its choices where one move is clearly best, the moves a search
tries, a playout cut short, and the worlds a search samples (issue 28, point 9: tests from the
mutation run of the module)."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine.actions import Action
from tabletop.games.three_spheres import GAME
from tabletop.games.three_spheres.bots import (ability_use, determinize, easy_policy, economy, evaluate, points_worth,
                                               progress, search_moves, worth)
from tabletop.games.three_spheres.cards import WISP, WISP_SUPPLY, all_cards, card, kind_of
from tabletop.games.three_spheres.steps import Move, Step

A = Action.make
KINDS = [k for k in all_cards() if k != WISP]


def pos(**doc):
    return GAME.from_position(doc)


def six(*stacks):
    return [list(s) for s in stacks] + [[] for _ in range(6 - len(stacks))]


def test_dynamic_points_add_to_a_cards_fixed_points():
    dynamic = [k for k in KINDS if card(k).points_per]
    assert dynamic and all(points_worth(k) > card(k).points for k in dynamic)
    assert all(points_worth(k) == card(k).points for k in KINDS if not card(k).points_per)


def test_a_wisp_is_worth_less_than_any_other_card_at_any_time():
    for t in (0.0, 0.5, 1.0):
        assert worth(WISP, t) < 0
        assert all(worth(k, t) > worth(WISP, t) for k in KINDS)


def test_an_engine_card_is_worth_less_and_a_scoring_card_more_as_the_world_runs_out():
    engine = max((k for k in KINDS if points_worth(k) == 0), key=economy)
    scoring = max((k for k in KINDS if economy(k) == 0), key=points_worth)
    assert worth(engine, 0.0) > worth(scoring, 0.0)  # early: what a card does for the turns to come
    assert worth(engine, 1.0) < worth(scoring, 1.0)  # late: what it scores
    assert worth(engine, 1.0) < worth(engine, 0.5) < worth(engine, 0.0)
    assert worth(scoring, 0.0) < worth(scoring, 0.5) < worth(scoring, 1.0)


def test_the_easy_bot_takes_the_card_it_values_most_rather_than_nothing():
    s = pos(hand=[["grove_keeper.a1"], []], spaces=six(["glade_stag.b1"], ["elder_oak.b2"], ["old_willow.b3"]))
    s.apply(A(Move.PLAY, card="grove_keeper.a1"))
    choice = easy_policy(s, random.Random(1))
    takes = [a for a in s.legal_actions() if a.kind == Move.TAKE]
    assert len(s.legal_actions()) > 1 and choice.kind == Move.TAKE
    t = progress(s)
    assert worth(kind_of(choice["card"]), t) == max(worth(kind_of(a["card"]), t) for a in takes)


# --- how far the game has gone -----------------------------------------------------------------
@pytest.mark.parametrize("size", [7, 8, 9])
def test_progress_runs_from_nothing_at_the_deal_to_all_when_both_world_decks_are_empty(size):
    """At the deal each World deck holds its size less the three cards of its spread; progress
    counts the cards flipped from both decks since, and is 1 once both are empty."""
    s = GAME.new_game(2, {"world_size": size}, 1)
    assert progress(s) == 0.0
    left = size - 3  # in each World deck at the deal
    dealt = [list(d) for d in s.world_deck]
    assert [len(d) for d in dealt] == [left, left]
    for mine, theirs, expected in ((left, 0, 0.5), (0, left, 0.5), (0, 0, 1.0), (left - 1, left, 0.5 / left)):
        s.world_deck = [dealt[0][:mine], dealt[1][:theirs]]
        assert progress(s) == pytest.approx(expected)


# --- what a card is worth ----------------------------------------------------------------------
def test_a_cards_abilities_count_toward_what_it_does_for_its_owner():
    """A When-played ability is worth more than nothing (the Moss Sprout's draw over the
    Wanderer's Coin, each 1 resource); a Turn Start ability, which happens every turn, more than
    the same effect once (the Canopy Spirit's draw over the Moss Sprout's); an activated ability
    counts even on a card of no resources (the Mancala Cup), but less than the same effect free at
    every turn start; a take of a higher level is worth more (the Grove Keeper's over the Pollen
    Sprite's)."""
    assert economy("moss_sprout") > economy("wanderers_coin") == 0.8 * card("wanderers_coin").resources
    assert economy("canopy_spirit") > economy("moss_sprout")
    assert 0 < economy("mancala_cup") < economy("canopy_spirit")
    assert economy("grove_keeper") > economy("pollen_sprite") > economy("wanderers_coin")


# --- what an ability would do now --------------------------------------------------------------
def effects(kind):
    """The effects of the ability of ``kind`` (its first)."""
    return card(kind).abilities[0].effects


def test_a_take_is_worth_the_best_card_it_may_take_from_its_own_spread_now():
    t = 0.5
    grove_keeper, pollen_sprite = effects("grove_keeper"), effects("pollen_sprite")  # level 2, 1 or lower
    s = pos(spaces=six(["old_willow.b1"], ["first_tree.b2"]), discovery=[["first_tree.a9"], []])
    assert ability_use(s, grove_keeper, t) == pytest.approx(worth("old_willow", t))  # level 2: in reach
    assert ability_use(s, pollen_sprite, t) == 0.0  # nothing of level 1 or lower to take
    # only the top of a stack may be taken: an Old Willow under a First Tree is out of reach
    s.spaces = six(["old_willow.b1", "first_tree.b2"], ["fern_hollow.b3"])
    assert ability_use(s, grove_keeper, t) == pytest.approx(worth("fern_hollow", t))
    # the Heartwood Dryad takes from the player's own Discovery spread (level 3 or lower)
    s.discovery = [["old_willow.a9", "first_tree.a8"], []]
    assert ability_use(s, effects("heartwood_dryad"), t) == pytest.approx(worth("old_willow", t))


def test_a_trash_is_worth_something_only_with_a_poor_card_in_its_pile():
    t = 0.5
    s = pos(hand=[["old_willow.a1"], []], discard=[["wisp.1"], []])
    from_hand, from_discard = effects("peasant_stone"), effects("grave_crow")
    assert ability_use(s, from_hand, t) == 0.0 and ability_use(s, from_discard, t) > 0
    s = pos(hand=[["wisp.1"], []], discard=[["old_willow.a1"], []])
    assert ability_use(s, from_hand, t) > 0 and ability_use(s, from_discard, t) == 0.0


def test_a_draw_is_worth_the_cards_left_to_draw_in_the_realm_deck_and_discard():
    s = pos(realm=[["moss_sprout.a1"], []], discard=[["moss_sprout.a2", "moss_sprout.a3"], []])
    draw = effects("white_hart")  # draw 3
    assert ability_use(s, draw, 0.5) == 3.0
    s = pos(realm=[["moss_sprout.a1"], []], discard=[["moss_sprout.a2"], []])
    assert ability_use(s, draw, 0.5) == 2.0


@pytest.mark.parametrize("turn", [0, 1])
def test_a_corruption_is_worth_nothing_against_a_protected_opponent(turn):
    corrupt = effects("corrupted_unicorn")  # 2 Wisps
    protected = [False, False]
    protected[1 - turn] = True
    s = pos(turn=turn, protected=protected)
    assert ability_use(s, corrupt, 0.5) == 0.0
    s = pos(turn=turn, protected=[not x for x in protected])  # the turn player protected, not the opponent
    assert ability_use(s, corrupt, 0.5) > 0


# --- the Easy bot's choices --------------------------------------------------------------------
def test_the_easy_bot_takes_the_only_choice_there_is():
    s = pos(hand=[["changeling.a1"], []], in_play=[["whispering_sapling.a2"], []])
    s.apply(A(Move.PLAY, card="changeling.a1"))
    assert s.step == Step.COPY and len(s.legal_actions()) == 1
    assert easy_policy(s, random.Random(1)) == s.legal_actions()[0]


def test_the_easy_bot_copies_the_better_of_two_abilities():
    s = pos(hand=[["changeling.a1"], []], in_play=[["moss_sprout.a2", "whispering_sapling.a3"], []])
    s.apply(A(Move.PLAY, card="changeling.a1"))
    assert easy_policy(s, random.Random(1)) == A(Move.COPY, card="whispering_sapling.a3")  # draw 2, not 1


def test_the_easy_bot_plays_a_draw_rather_than_spend_its_one_resource():
    s = pos(hand=[["whispering_sapling.a1"], []], realm=[["silver_leaf.a2", "silver_leaf.a3"], []],
            spaces=six(["fern_hollow.b1"]))
    assert easy_policy(s, random.Random(1)) == A(Move.PLAY, card="whispering_sapling.a1")


def test_the_easy_bot_plays_its_draw_before_its_resources():
    """Cards drawn first show where the resources are best assigned (they go to a target at once)."""
    s = pos(hand=[["tide_of_stones.a1", "whispering_sapling.a2"], []], realm=[["silver_leaf.a3", "silver_leaf.a4"], []],
            spaces=six(["ronin_stone.b1"]))
    assert easy_policy(s, random.Random(1)) == A(Move.PLAY, card="whispering_sapling.a2")


def test_the_easy_bot_spends_a_card_whose_ability_would_do_nothing():
    """A Ninja Stone copies another card in play -- there is none -- or pays 2 resources: the bot
    buys the Ronin Stone (2) with it."""
    s = pos(hand=[["ninja_stone.a1"], []], spaces=six(["ronin_stone.b1"]))
    assert easy_policy(s, random.Random(1)) == A(Move.SPEND, card="ninja_stone.a1", target="ronin_stone.b1")


def test_the_easy_bot_buys_what_its_hand_pays_exactly_with_the_card_that_pays_it_exactly():
    s = pos(hand=[["gilded_leaf.a1", "silver_leaf.a2"], []], spaces=six(["ronin_stone.b1"]))
    assert easy_policy(s, random.Random(1)) == A(Move.SPEND, card="silver_leaf.a2", target="ronin_stone.b1")
    s = pos(hand=[["silver_leaf.a2"], []], spaces=six(["ronin_stone.b1"]))
    assert easy_policy(s, random.Random(1)) == A(Move.SPEND, card="silver_leaf.a2", target="ronin_stone.b1")


def test_the_easy_bot_pays_toward_what_it_can_buy_now_not_what_it_cannot():
    """What was paid is lost at the turn end (decision 4): 3 resources go to the Ronin Stone (2),
    not toward the First Tree (8) the hand cannot complete."""
    s = pos(hand=[["gilded_leaf.a1"], []], spaces=six(["first_tree.b1"], ["ronin_stone.b2"]))
    assert easy_policy(s, random.Random(1)) == A(Move.SPEND, card="gilded_leaf.a1", target="ronin_stone.b2")


def test_the_easy_bot_buys_a_card_from_the_world_spread_rather_than_the_same_from_its_discovery():
    """The World spread's card could go to the opponent; the Discovery spread's stays for later."""
    for hand in (["silver_leaf.a1"], ["tide_of_stones.a1"]):  # spending, or assigning the resources gained
        s = pos(hand=[hand, []], spaces=six(["ronin_stone.b1"]), discovery=[["ronin_stone.a9"], []])
        if hand == ["tide_of_stones.a1"]:
            s.apply(A(Move.PLAY, card="tide_of_stones.a1"))
            assert s.step == Step.RESOURCES
        assert easy_policy(s, random.Random(1))["target"] == "ronin_stone.b1"


def test_the_easy_bot_assigns_the_resources_an_ability_gives_to_a_card_they_buy():
    s = pos(hand=[["tide_of_stones.a1"], []], spaces=six(["ronin_stone.b1"]))
    s.apply(A(Move.PLAY, card="tide_of_stones.a1"))
    assert easy_policy(s, random.Random(1)) == A(Move.ASSIGN, target="ronin_stone.b1")


def test_the_easy_bot_trashes_a_wisp_and_keeps_a_good_card():
    s = pos(hand=[["peasant_stone.a1", "wisp.1"], []])
    s.apply(A(Move.PLAY, card="peasant_stone.a1"))
    assert s.legal_actions() == [A(Move.DONE), A(Move.TRASH, card="wisp.1")]
    assert easy_policy(s, random.Random(1)) == A(Move.TRASH, card="wisp.1")
    s = pos(hand=[["peasant_stone.a1", "old_willow.a2"], []])
    s.apply(A(Move.PLAY, card="peasant_stone.a1"))
    assert easy_policy(s, random.Random(1)) == A(Move.DONE)


@pytest.mark.parametrize("seed", range(4))
def test_the_easy_bot_covers_the_card_the_opponent_would_like_most(seed):
    """A flip onto a full World spread: the card goes onto the stack whose top the opponent would
    buy first (the First Tree; what lies below a top is out of reach anyway)."""
    s = pos(hand=[["shadow_moth.a1"], []], world_deck=[[], ["moss_sprout.b9"]],
            spaces=six([], [], [], ["first_tree.b1", "moss_sprout.b2"], ["wanderers_coin.b3", "first_tree.b4"],
                       ["grove_eternal.b5", "fern_hollow.b6"]))
    s.apply(A(Move.PLAY, card="shadow_moth.a1"))
    assert s.step == Step.FLIP_SPACE
    assert easy_policy(s, random.Random(seed)) == A(Move.SPACE, space=4)


# --- a playout cut short -----------------------------------------------------------------------
def test_a_playout_cut_short_rewards_the_leader_and_the_rewards_add_up_to_one():
    s = pos(discard=[["old_willow.a1"], ["fern_hollow.b1"]], world_deck=[[], []])
    r = evaluate(s)
    assert r[0] > 0.5 > r[1] and sum(r) == pytest.approx(1.0)
    s = pos(discard=[["fern_hollow.a1"], ["old_willow.b1"]], world_deck=[[], []])
    r = evaluate(s)
    assert r[1] > 0.5 > r[0] and sum(r) == pytest.approx(1.0)


def test_a_playout_cut_short_counts_what_cards_can_still_buy_only_while_the_world_lasts():
    """Two collections of equal points, one of engine cards: early the engine leads; with the World
    decks empty only the points count.  What a collection can still buy is its cards' average."""
    engine, dead = ["deepwood_stag.a1", "deepwood_stag.a2"], ["wanderers_coin.b1", "wanderers_coin.b2"]
    full = [[f"moss_sprout.a{i}" for i in range(10, 16)], [f"moss_sprout.b{i}" for i in range(10, 16)]]
    early = pos(options={"world_size": 9}, discard=[engine, dead], world_deck=full)
    assert progress(early) == 0.0
    assert evaluate(early)[0] > 0.5
    late = pos(discard=[engine, dead], world_deck=[[], []])
    assert evaluate(late) == [0.5, 0.5]
    one = pos(discard=[["deepwood_stag.a1"], ["deepwood_stag.b1", "deepwood_stag.b2"]], world_deck=full)
    assert evaluate(one) == [0.5, 0.5]


# --- the sampled worlds ------------------------------------------------------------------------
def test_a_sampled_world_names_each_wisp_once_among_the_supplys_twelve():
    """Wisps in sight keep their ids; the hidden ones (in the opponent's hand or Realm deck, or the
    seat's own Realm deck) take the ids nobody sees, and the supply the rest."""
    s = pos(hand=[["moss_sprout.a1"], ["wisp.2", "moss_sprout.b1"]], realm=[["wisp.7"], ["wisp.12", "wisp.1"]],
            discard=[["wisp.5"], []], trash=[], spaces=six(["fern_hollow.b5"]))
    view = json.loads(json.dumps(s.view(0)))
    for seed in range(5):
        sample = determinize(view, random.Random(seed))
        assert sample.view(0) == view and not sample.consistency_problems()
        wisps = [c for c in sample.components() if kind_of(c) == WISP]
        assert sorted(wisps) == sorted(f"{WISP}.{i + 1}" for i in range(WISP_SUPPLY))
        assert "wisp.5" in sample.discard[0] and sample.hand[0] == ["moss_sprout.a1"]
        assert len([c for c in sample.hand[1] + sample.realm[1] + sample.realm[0] if kind_of(c) == WISP]) == 4


# --- the moves a search tries ------------------------------------------------------------------
def spends(s):
    return {(a["card"], a["target"]) for a in search_moves(s) if a.kind == Move.SPEND}


def test_the_search_pays_with_the_card_that_completes_a_buy_exactly_and_never_beyond_the_hand():
    # 2 resources in hand: the Ronin Stone (2) exactly, never the First Tree (8)
    assert spends(pos(hand=[["silver_leaf.a1"], []], spaces=six(["ronin_stone.b1"], ["first_tree.b2"]))) == {
        ("silver_leaf.a1", "ronin_stone.b1")}
    # the Silver Leaf (2) pays it exactly; the Gilded Leaf (3) is kept
    assert spends(pos(hand=[["gilded_leaf.a1", "silver_leaf.a2"], []], spaces=six(["ronin_stone.b1"]))) == {
        ("silver_leaf.a2", "ronin_stone.b1")}


def test_the_search_pays_into_an_ability_what_its_cost_still_needs():
    """The Mancala Cup's ability costs 2: with nothing paid the Silver Leaf (2) completes it, with 1
    paid the Wanderer's Coin (1) does."""
    doc = dict(hand=[["silver_leaf.a2", "wanderers_coin.a3"], []], in_play=[["mancala_cup.a1"], []],
               realm=[["moss_sprout.a4"], []])
    assert spends(pos(**doc)) == {("silver_leaf.a2", "mancala_cup.a1")}
    assert spends(pos(**doc, paid={"mancala_cup.a1": 1})) == {("wanderers_coin.a3", "mancala_cup.a1")}


def test_the_search_assigns_gained_resources_only_where_they_and_the_hand_complete_a_buy():
    """2 resources gained and 2 in hand: the Ronin Stone (2) and the Grove Keeper (4) can be
    bought this turn, the First Tree (8) cannot."""
    s = pos(hand=[["tide_of_stones.a1", "silver_leaf.a2"], []],
            spaces=six(["ronin_stone.b1"], ["grove_keeper.b2"], ["first_tree.b3"]))
    s.apply(A(Move.PLAY, card="tide_of_stones.a1"))
    assert s.step == Step.RESOURCES
    assert set(search_moves(s)) == {A(Move.DONE), A(Move.ASSIGN, target="ronin_stone.b1"),
                                    A(Move.ASSIGN, target="grove_keeper.b2")}


def test_the_easy_bot_does_not_buy_a_card_that_would_only_cost_it_points_at_the_end():
    """With both World decks empty a Cursed Coin (-1 point) is not worth buying: the bot ends its
    turn rather than spend toward it, and lets resources an ability gave go rather than assign
    them to it."""
    s = pos(hand=[["wanderers_coin.a1"], []], spaces=six(["cursed_coin.b1"]), world_deck=[[], []])
    assert progress(s) == 1.0
    assert easy_policy(s, random.Random(1)) == A(Move.END)
    s = pos(hand=[["tide_of_stones.a1"], []], spaces=six(["cursed_coin.b1"]), world_deck=[[], []])
    s.apply(A(Move.PLAY, card="tide_of_stones.a1"))
    assert s.step == Step.RESOURCES
    assert easy_policy(s, random.Random(1)) == A(Move.DONE)
