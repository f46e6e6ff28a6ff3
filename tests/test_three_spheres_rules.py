"""Three Spheres TCG rules: set-up, spending, buying, the reshuffle flip, the end, every effect
kind and every dynamic scoring rule, from position documents (decisions: docs/rules/three-spheres.md)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.conformance import check_step, check_views, components
from tabletop.engine.game import CHANCE, GameError, IllegalAction, digest
from tabletop.games.three_spheres import DECK_CHOICES, GAME
from tabletop.games.three_spheres.bots import determinize, easy_policy
from tabletop.games.three_spheres.cards import WISP_SUPPLY, card, decks, info, kind_of
from tabletop.games.three_spheres.position import PositionError, to_position
from tabletop.games.three_spheres.rules import HAND_SIZE
from tabletop.games.three_spheres.scoring import dynamic_points, score, walkthrough
from tabletop.games.three_spheres.steps import Move, Step

A = Action.make
END = A(Move.END)
DONE = A(Move.DONE)


def pos(**doc):
    return GAME.from_position(doc)


def six(*stacks):
    """World spaces: the stacks given, then empty ones."""
    return [list(s) for s in stacks] + [[] for _ in range(6 - len(stacks))]


def play_out(state, rng, policy=None):
    start = components(state)
    steps = 0
    while not state.is_terminal():
        if state.decider() == CHANCE:
            state.apply(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            state.apply(policy(state, rng) if policy else rng.choice(legal))
        assert not check_step(state, 2, start)
        steps += 1
        assert steps < 5000
    return state


# --- set-up ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [7, 8, 9])
def test_the_set_up_splits_each_deck_into_realm_world_and_discovery(size):
    s = GAME.new_game(2, {"deck1": "forest", "deck2": "stones", "world_size": size}, 4)
    assert s.decider() == CHANCE and {a["seat"] for a, _ in s.chance_outcomes()} == {0, 1}
    for p, deck_id in enumerate(("forest", "stones")):
        deck = decks()[deck_id]
        assert len(s.hand[p]) == HAND_SIZE and len(s.realm[p]) == 10 - HAND_SIZE
        assert Counter(kind_of(c) for c in s.hand[p] + s.realm[p]) == Counter(deck.realm)
        world = [c for sp in s.spaces[3 * p:3 * p + 3] for c in sp] + s.world_deck[p]
        assert len(world) == size and Counter(kind_of(c) for c in world) == Counter(deck.world[:size])
        assert len(s.discovery[p]) == 5 and len(s.discovery_deck[p]) == 30 - 10 - size - 5
        own = s.hand[p] + s.realm[p] + s.world_deck[p] + s.discovery[p] + s.discovery_deck[p]
        assert all(c.split(".")[1][0] == "ab"[p] for c in own) and len(set(own)) == 30 - 3
    assert len(components(s)) == 60 + WISP_SUPPLY and len(s.supply) == WISP_SUPPLY
    assert all(len(sp) == 1 for sp in s.spaces)


def test_the_chance_of_who_begins_starts_that_players_turn():
    s = GAME.new_game(2, {"first_hand": 5}, 1)  # (the printed rule: five each)
    s.apply(A(Move.BEGIN, seat=1))
    assert s.turn == 1 and s.first == 1 and s.step == Step.MAIN and s.decider() == 1
    assert [len(h) for h in s.hand] == [HAND_SIZE, HAND_SIZE]


def test_the_first_hand_option_gives_the_first_player_one_card_more_to_open():
    assert GAME.resolve_options({})["first_hand"] == 6  # by default (decision 29)
    assert GAME.resolve_options({}, saved=True)["first_hand"] == 5  # a save from before the option
    s = GAME.new_game(2, {}, 1)
    assert [len(h) for h in s.hand] == [HAND_SIZE, HAND_SIZE]  # who begins is not known yet
    s.apply(A(Move.BEGIN, seat=1))
    assert [len(h) for h in s.hand] == [HAND_SIZE, HAND_SIZE + 1] and len(s.realm[1]) == 10 - HAND_SIZE - 1
    s.apply(END)
    assert len(s.hand[1]) == HAND_SIZE  # the turn end draws the usual hand


def test_unknown_options_and_decks_are_refused():
    with pytest.raises(GameError):
        GAME.new_game(2, {"deck1": "no-such-deck"}, 1)
    with pytest.raises(GameError):
        GAME.new_game(2, {"world_size": 10}, 1)
    with pytest.raises(GameError):
        GAME.new_game(2, {"first_hand": 7}, 1)
    assert set(DECK_CHOICES) == set(decks())


# --- spending and buying --------------------------------------------------------------------
def test_a_spent_card_pays_its_whole_value_into_one_buy_and_the_surplus_is_lost():
    s = pos(hand=[["gilded_leaf.a1", "silver_leaf.a2"], []], spaces=six(["glade_stag.b1"]))
    s.apply(A(Move.SPEND, card="gilded_leaf.a1", target="glade_stag.b1"))  # 3 into a cost of 2
    assert s.discard[0] == ["glade_stag.b1"] and s.spaces[0] == [] and s.paid == {}
    assert s.spent[0] == ["gilded_leaf.a1"] and s.view(1)["spent_on"] == {"gilded_leaf.a1": "glade_stag.b1"}
    s.apply(END)
    assert s.spent_on == {}


def test_payments_into_a_buy_add_up_during_the_turn_and_are_lost_at_its_end():
    s = pos(hand=[["wanderers_coin.a1", "wanderers_coin.a2", "wanderers_coin.a3"], []],
            spaces=six(["elder_oak.b1"]), realm=[["seed_stone.a4"] * 0, ["silver_leaf.b9"]])
    s.apply(A(Move.SPEND, card="wanderers_coin.a1", target="elder_oak.b1"))
    s.apply(A(Move.SPEND, card="wanderers_coin.a2", target="elder_oak.b1"))
    assert s.paid == {"elder_oak.b1": 2} and s.spaces[0] == ["elder_oak.b1"]
    assert A(Move.BUY, target="elder_oak.b1") not in s.legal_actions()
    s.apply(END)
    assert s.paid == {} and s.turn == 1


def test_only_the_top_card_of_a_stack_is_bought_and_buying_it_uncovers_the_next():
    s = pos(hand=[["gilded_leaf.a1"], []], spaces=six(["old_willow.b1", "glade_stag.b2"]))
    targets = {a["target"] for a in s.legal_actions() if a.kind == Move.SPEND}
    assert "glade_stag.b2" in targets and "old_willow.b1" not in targets
    s.apply(A(Move.SPEND, card="gilded_leaf.a1", target="glade_stag.b2"))
    assert s.spaces[0] == ["old_willow.b1"] and "glade_stag.b2" in s.discard[0]


def test_buying_from_the_discovery_spread_refills_it_at_once_and_only_ones_own_is_offered():
    s = pos(hand=[["gilded_leaf.a1"], []], discovery=[["glade_stag.a5"], ["old_willow.b5"]],
            discovery_deck=[["elder_oak.a6"], []])
    targets = {a["target"] for a in s.legal_actions() if a.kind == Move.SPEND}
    assert "glade_stag.a5" in targets and "old_willow.b5" not in targets
    s.apply(A(Move.SPEND, card="gilded_leaf.a1", target="glade_stag.a5"))
    assert s.discovery[0] == ["elder_oak.a6"] and s.discovery_deck[0] == [] and s.discard[0] == ["glade_stag.a5"]


def test_a_card_without_resources_cannot_be_spent_and_one_without_ability_cannot_be_played():
    s = pos(hand=[["wisp.1", "wanderers_coin.a2"], []], spaces=six(["glade_stag.b1"]))
    kinds = {(a.kind, a.get("card")) for a in s.legal_actions()}
    assert (Move.SPEND, "wisp.1") not in kinds and (Move.PLAY, "wisp.1") not in kinds
    assert (Move.PLAY, "wanderers_coin.a2") not in kinds and (Move.SPEND, "wanderers_coin.a2") in kinds
    before = digest(s)
    with pytest.raises(IllegalAction, match="no ability"):
        s.apply(A(Move.PLAY, card="wanderers_coin.a2"))
    with pytest.raises(IllegalAction, match="gives no resources"):
        s.apply(A(Move.SPEND, card="wisp.1", target="glade_stag.b1"))
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(A(Move.SPEND, card="gilded_leaf.a9", target="glade_stag.b1"))
    assert digest(s) == before


def test_a_discount_takes_off_the_next_buy_only_adds_up_and_can_make_a_card_free():
    s = pos(hand=[["seed_stone.a1", "whisper_bat.a2", "silver_leaf.a3"], []],
            spaces=six(["glade_stag.b1"], ["old_willow.b2"]))
    s.apply(A(Move.PLAY, card="seed_stone.a1"))
    s.apply(A(Move.PLAY, card="whisper_bat.a2"))
    assert s.discount == 2 and A(Move.BUY, target="glade_stag.b1") in s.legal_actions()
    s.apply(A(Move.BUY, target="glade_stag.b1"))
    assert s.discount == 0 and "glade_stag.b1" in s.discard[0]
    assert A(Move.BUY, target="old_willow.b2") not in s.legal_actions()
    s.apply(A(Move.SPEND, card="silver_leaf.a3", target="old_willow.b2"))
    assert s.paid == {"old_willow.b2": 2}


# --- activated abilities --------------------------------------------------------------------
def test_a_repeatable_ability_happens_each_time_its_cost_is_paid_again():
    s = pos(hand=[["gilded_leaf.a1", "wanderers_coin.a2"], []], in_play=[["mancala_cup.a3"], []],
            realm=[["moss_sprout.a4", "moss_sprout.a5", "moss_sprout.a6"], []])
    s.apply(A(Move.SPEND, card="gilded_leaf.a1", target="mancala_cup.a3"))  # 3: once, 1 left over
    assert len(s.hand[0]) == 2 and s.paid == {"mancala_cup.a3": 1}
    s.apply(A(Move.SPEND, card="wanderers_coin.a2", target="mancala_cup.a3"))  # 1 + 1 = 2: again
    assert len(s.hand[0]) == 2 and s.paid == {"mancala_cup.a3": 0} and len(s.realm[0]) == 1


def test_a_one_shot_ability_happens_once_and_loses_the_surplus():
    s = pos(hand=[["hex_doll.a1", "gilded_leaf.a2", "silver_leaf.a3"], []])
    s.apply(A(Move.PLAY, card="hex_doll.a1"))
    assert s.in_play[0] == ["hex_doll.a1"]
    s.apply(A(Move.SPEND, card="gilded_leaf.a2", target="hex_doll.a1"))
    assert [kind_of(c) for c in s.discard[1]] == ["wisp"] and "hex_doll.a1" in s.used and s.paid == {}
    assert not any(a.get("target") == "hex_doll.a1" for a in s.legal_actions())


# --- the turn ---------------------------------------------------------------------------------
def test_the_turn_end_keeps_persisting_cards_discards_the_rest_and_draws_five():
    s = pos(hand=[["lucky_pebble.a1", "moss_sprout.a2", "wanderers_coin.a3"], []],
            realm=[[f"silver_leaf.a{i}" for i in range(10, 17)], ["seed_stone.b1"]], spaces=six(["glade_stag.b9"]))
    s.apply(A(Move.PLAY, card="lucky_pebble.a1"))
    s.apply(A(Move.PLAY, card="moss_sprout.a2"))
    s.apply(END)
    assert s.in_play[0] == ["lucky_pebble.a1"]
    assert sorted(s.discard[0]) == sorted(["moss_sprout.a2", "wanderers_coin.a3"] + [c for c in s.discard[0] if c.startswith("silver")])
    assert len(s.hand[0]) == 5 and s.turn == 1 and s.turns == [1, 0]


def test_turn_start_abilities_happen_in_the_order_the_cards_were_played():
    s = pos(turn=1, hand=[[], []], in_play=[["river_pebble.a1", "canopy_spirit.a2"], []],
            realm=[["moss_sprout.a3"], []], discard=[[], []], spaces=six(["glade_stag.b1"]))
    s.apply(END)  # player 2 ends; player 1's turn starts: River Pebble's resource asks first
    assert s.turn == 0 and s.step == Step.RESOURCES and s.pending["amount"] == 1
    s.apply(DONE)
    assert s.step == Step.MAIN and s.hand[0] == ["moss_sprout.a3"]  # then the Canopy Spirit drew


def test_the_reshuffle_flip_happens_once_a_turn_at_its_end_onto_an_empty_space():
    s = pos(hand=[["whispering_sapling.a1"], []], realm=[["silver_leaf.a2"], []], discard=[["wanderers_coin.a3"], []],
            world_deck=[[], ["old_willow.b1", "elder_oak.b2"]], spaces=six(["glade_stag.b9"]))
    s.apply(A(Move.PLAY, card="whispering_sapling.a1"))  # draws 2: the Realm runs out, the discard is shuffled
    assert s.reshuffled and s.world_deck[1] == ["old_willow.b1", "elder_oak.b2"] and s.shuffles == 1
    s.apply(END)  # the end's draw shuffles again; one flip all the same
    assert s.world_deck[1] == ["old_willow.b1"] and s.spaces[3] == ["elder_oak.b2"] and s.shuffles == 2


def test_the_reshuffle_flip_onto_a_full_side_goes_on_a_stack_the_player_chooses():
    s = pos(hand=[[], []], discard=[["silver_leaf.a2"], []], world_deck=[[], ["elder_oak.b2"]],
            spaces=six([], [], [], ["glade_stag.b3"], ["moss_sprout.b4"], ["old_willow.b5"]))
    s.apply(END)
    assert s.step == Step.FLIP_SPACE and s.flipped == "elder_oak.b2" and s.decider() == 0
    assert {a["space"] for a in s.legal_actions()} == {3, 4, 5}
    s.apply(A(Move.SPACE, space=4))
    assert s.spaces[4] == ["moss_sprout.b4", "elder_oak.b2"] and s.turn == 1 and s.flipped is None


def test_the_flip_finding_an_empty_world_deck_lets_the_second_player_finish_the_round():
    s = pos(first=0, hand=[[], []], discard=[["silver_leaf.a2"], []], realm=[[], ["seed_stone.b1"]],
            spaces=six(["glade_stag.b9"]))
    s.apply(END)
    assert s.end_triggered and not s.is_terminal() and s.turn == 1
    s.apply(END)
    assert s.is_terminal() and s.turns == [1, 1]


def test_the_second_player_triggering_the_end_ends_the_game_at_once():
    s = pos(first=0, turn=1, turns=[1, 0], hand=[[], []], discard=[[], ["silver_leaf.b2"]],
            realm=[["seed_stone.a1"], []], spaces=six(["glade_stag.b9"]))
    s.apply(END)
    assert s.is_terminal() and s.legal_actions() == [] and s.turns == [1, 1]


# --- every effect kind ------------------------------------------------------------------------
def test_resources_of_an_ability_go_to_one_target_or_are_let_go():
    s = pos(hand=[["tide_of_stones.a1"], []], spaces=six(["glade_stag.b1"], ["elder_oak.b2"]))
    s.apply(A(Move.PLAY, card="tide_of_stones.a1"))  # 2 resources, then a discount of 1
    assert s.step == Step.RESOURCES and {a["target"] for a in s.legal_actions() if a.kind == Move.ASSIGN} == {
        "glade_stag.b1", "elder_oak.b2"}
    s.apply(A(Move.ASSIGN, target="glade_stag.b1"))
    assert "glade_stag.b1" in s.discard[0] and s.discount == 1 and s.step == Step.MAIN


def test_trash_from_hand_or_discard_up_to_its_number_and_a_trashed_wisp_goes_back_to_the_supply():
    s = pos(hand=[["pilgrims_lantern.a1", "cursed_coin.a2", "wisp.3"], []], realm=[["moss_sprout.a4"], []])
    s.apply(A(Move.PLAY, card="pilgrims_lantern.a1"))  # draw 1, then trash up to 1 from the hand
    assert s.step == Step.TRASH and A(Move.TRASH, card="moss_sprout.a4") in s.legal_actions()
    s.apply(A(Move.TRASH, card="wisp.3"))
    assert s.step == Step.MAIN and "wisp.3" in s.supply and len(s.supply) == WISP_SUPPLY
    s2 = pos(hand=[["grave_crow.a1"], []], discard=[["cursed_coin.a2"], []])
    s2.apply(A(Move.PLAY, card="grave_crow.a1"))
    s2.apply(A(Move.TRASH, card="cursed_coin.a2"))
    assert s2.trash == ["cursed_coin.a2"] and s2.discard[0] == []


def test_take_is_limited_by_level_and_place_and_may_take_nothing():
    s = pos(hand=[["grove_keeper.a1"], []], spaces=six(["glade_stag.b1"], ["elder_oak.b2"], ["old_willow.b3"]),
            discovery=[["hollow_stump.a9"], []])
    s.apply(A(Move.PLAY, card="grove_keeper.a1"))  # level 2 or lower from the World spread
    assert {a.get("card") for a in s.legal_actions()} == {None, "glade_stag.b1", "old_willow.b3"}
    s.apply(A(Move.TAKE, card="old_willow.b3"))
    assert "old_willow.b3" in s.discard[0] and s.spaces[2] == []
    s2 = pos(hand=[["lantern_mushroom.a1"], []], discovery=[["moss_sprout.a5", "old_willow.a6"], []])
    s2.apply(A(Move.PLAY, card="lantern_mushroom.a1"))
    assert {a.get("card") for a in s2.legal_actions()} == {None, "moss_sprout.a5"}
    s2.apply(DONE)
    assert s2.discovery[0] == ["moss_sprout.a5", "old_willow.a6"] and s2.step == Step.MAIN


def test_a_flip_by_an_ability_from_an_empty_world_deck_does_nothing():
    s = pos(hand=[["shadow_moth.a1"], []], world_deck=[[], []], spaces=six(["glade_stag.b9"]))
    s.apply(A(Move.PLAY, card="shadow_moth.a1"))
    assert not s.end_triggered and s.step == Step.MAIN
    s2 = pos(hand=[["wild_hunt.a1"], []], world_deck=[[], ["elder_oak.b1", "old_willow.b2"]])
    s2.apply(A(Move.PLAY, card="wild_hunt.a1"))
    assert s2.spaces[3:] == [["old_willow.b2"], ["elder_oak.b1"], []]


def test_a_flip_of_several_cards_flips_each_in_turn_and_asks_only_when_the_side_is_full():
    # no card of the set flips more than 2: the effect kind takes any number
    s = pos(world_deck=[[], ["glade_stag.b1", "elder_oak.b2", "old_willow.b3", "fen_hag.b4"]],
            spaces=six([], [], [], [], ["hex_doll.b9"]))
    s.queue.append({"kind": "flip", "params": {"cards": 3}, "source": ""})
    s._run()
    assert s.spaces[3:] == [["fen_hag.b4"], ["hex_doll.b9"], ["old_willow.b3"]]
    assert s.step == Step.FLIP_SPACE and s.flipped == "elder_oak.b2"  # the third finds the side full
    s.apply(A(Move.SPACE, space=4))
    assert s.spaces[4] == ["hex_doll.b9", "elder_oak.b2"] and s.world_deck[1] == ["glade_stag.b1"]
    assert s.step == Step.MAIN


def test_corruption_gives_wisps_unless_the_opponent_is_protected_and_the_supply_runs_out():
    s = pos(hand=[["corrupted_unicorn.a1"], []], discard=[[], [f"wisp.{i}" for i in range(1, 12)]])
    s.apply(A(Move.PLAY, card="corrupted_unicorn.a1"))  # two wanted, one left in the supply
    assert sum(kind_of(c) == "wisp" for c in s.discard[1]) == WISP_SUPPLY and s.supply == []
    s2 = pos(hand=[["marsh_light.a1"], []], protected=[False, True])
    s2.apply(A(Move.PLAY, card="marsh_light.a1"))
    assert s2.discard[1] == []


def test_protection_lasts_until_its_owners_next_turn():
    s = pos(hand=[["warding_cairn.a1"], ["marsh_light.b1"]],
            realm=[[f"silver_leaf.a{i}" for i in range(2, 12)], [f"silver_leaf.b{i}" for i in range(2, 12)]])
    s.apply(A(Move.PLAY, card="warding_cairn.a1"))
    assert s.protected == [True, False]
    s.apply(END)
    s.hand[1] = ["marsh_light.b1"]
    s.apply(A(Move.PLAY, card="marsh_light.b1"))
    assert "warding_cairn.a1" in s.discard[0] and not any(kind_of(c) == "wisp" for c in s.discard[0])
    assert s.protected == [True, False] and len(s.supply) == WISP_SUPPLY
    s.apply(END)
    assert s.protected == [False, False] and s.turn == 0 and not s.is_terminal()


def test_copy_repeats_another_cards_ability_in_play_but_not_a_copy():
    s = pos(hand=[["changeling.a1", "moss_sprout.a2"], []], in_play=[["mirror_wraith.a3"], []],
            realm=[["silver_leaf.a4", "silver_leaf.a5"], []])
    s.apply(A(Move.PLAY, card="moss_sprout.a2"))
    s.apply(A(Move.PLAY, card="changeling.a1"))
    assert s.step == Step.COPY and [a["card"] for a in s.legal_actions()] == ["moss_sprout.a2"]
    s.apply(A(Move.COPY, card="moss_sprout.a2"))
    assert sorted(s.hand[0]) == ["silver_leaf.a4", "silver_leaf.a5"]
    s2 = pos(hand=[["changeling.a1"], []])
    s2.apply(A(Move.PLAY, card="changeling.a1"))  # nothing to copy
    assert s2.step == Step.MAIN


# --- scoring ----------------------------------------------------------------------------------
def test_every_dynamic_scoring_rule_counts_the_owners_collection_with_its_cap():
    mine = ["dryad_seedling.a1", "moss_sprout.a2", "fern_hollow.a3", "glade_stag.a4"]  # 4 Forest cards, at most 3
    assert score(mine, []).total == 3 + 1
    assert score(["ronin_stone.a1", "lucky_pebble.a2"], []).total == 1  # 1 Persisting card
    assert score(["gloom_hound.a1"], ["wisp.1", "wisp.2"]).total == 2  # the opponent's Wisps
    assert score(["map_of_spheres.a1", "moss_sprout.a2", "silver_leaf.a3"], []).total == 1 + 3  # levels 3, 0, 1
    assert score(["elders_acorn.a1", "elder_oak.a2", "elder_oak.a3"], []).total == 2 + 4 + 4  # per Elder Oak
    assert score(["wisp.1", "wisp.2"], []).total == -2
    w = walkthrough(["dryad_seedling.a1", "elder_oak.a2", "moss_sprout.a3"], [])
    assert [d["card"] for d in w["dynamic"]] == ["dryad_seedling.a1"] and w["dynamic"][0]["why"].startswith("3 Forest")
    assert w["fixed"] == [{"card": "elder_oak.a2", "points": 4}] and w["none"] == ["moss_sprout.a3"] and w["total"] == 7


def test_each_dynamic_reason_says_in_words_what_it_counted():
    def why(kind, mine, theirs=()):
        return dynamic_points(card(kind), mine, list(theirs))

    forest = ["dryad_seedling.a1", "moss_sprout.a2", "fern_hollow.a3", "glade_stag.a4"]
    assert why("dryad_seedling", forest[:1]) == (1, "1 Forest card")
    assert why("dryad_seedling", forest[:2]) == (2, "2 Forest cards")
    assert why("dryad_seedling", forest[:3]) == (3, "3 Forest cards")  # just the cap: nothing cut
    assert why("dryad_seedling", forest) == (3, "4 Forest cards, at most 3")
    assert why("ronin_stone", ["ronin_stone.a1", "lucky_pebble.a2"]) == (1, "1 Persisting card")
    assert why("ronin_stone", ["lucky_pebble.a1", "canopy_spirit.a2"]) == (2, "2 Persisting cards")
    assert why("gloom_hound", [], ["wisp.1"]) == (1, "1 Corrupted Wisp with the opponent")
    assert why("gloom_hound", [], ["wisp.1", "wisp.2"]) == (2, "2 Corrupted Wisps with the opponent")
    assert why("map_of_spheres", ["map_of_spheres.a1"]) == (1, "1 different level")
    assert why("map_of_spheres", ["map_of_spheres.a1", "moss_sprout.a2"]) == (2, "2 different levels")
    assert why("elders_acorn", ["elder_oak.a1"]) == (1, "1 × Elder Oak")
    assert why("elder_oak", ["elder_oak.a1"]) == (0, "")  # fixed points only


def test_the_score_names_each_part_with_its_count():
    s = score(["old_willow.a1", "dryad_seedling.a2", "dryad_seedling.a3"], [])
    assert s.parts == (("Fixed points (1 card)", 3), ("Dryad Seedling ×2 (each +3: 3 Forest cards)", 6)) and s.total == 9
    # (the Wisps are in the fixed-points pile, as the walk-through sorts them: decision 14)
    s = score(["old_willow.a1", "elder_oak.a2", "gloom_hound.a3", "wisp.4"], ["wisp.1"])
    assert s.parts == (("Fixed points (3 cards)", 6), ("Gloom Hound (1 Corrupted Wisp with the opponent)", 1))


def test_the_end_shows_both_collections_sorted_for_the_walk_through():
    s = pos(first=0, turn=1, turns=[1, 0], hand=[["elder_oak.a1"], ["dryad_seedling.b1", "moss_sprout.b2"]],
            discard=[[], ["silver_leaf.b2"]], realm=[["seed_stone.a3"], []], spaces=six(["glade_stag.b9"]),
            discovery_deck=[["old_willow.a8"], []])
    assert s.view(0)["walkthrough"] is None and "seed_stone.a3" in s.hidden_from(0)
    s.apply(END)
    v = s.view(0)
    assert v["walkthrough"][0]["fixed"] == [{"card": "elder_oak.a1", "points": 4}]
    assert v["walkthrough"][0]["none"] == ["seed_stone.a3"] and v["walkthrough"][0]["total"] == 4
    assert [d["card"] for d in v["walkthrough"][1]["dynamic"]] == ["dryad_seedling.b1"]
    assert s.hidden_from(0) == {"old_willow.a8"}


def test_a_tie_goes_to_the_larger_collection_then_is_shared():
    s = pos(hand=[["old_willow.a1", "moss_sprout.a2"], ["old_willow.b1"]])
    assert [x.total for x in s.scores()] == [3, 3] and s.winners() == [0]
    s2 = pos(hand=[["old_willow.a1"], ["old_willow.b1"]])
    assert s2.winners() == [0, 1]


# --- whole games, views and bots ----------------------------------------------------------------
@pytest.mark.parametrize("seed", range(200))
def test_random_games_keep_every_card_and_end(seed):
    decks_ = list(DECK_CHOICES)
    s = GAME.new_game(2, {"deck1": decks_[seed % 4], "deck2": decks_[seed // 4 % 4],
                          "world_size": (7, 8, 9)[seed % 3]}, seed)
    play_out(s, random.Random(seed))
    assert len(s.winners()) in (1, 2) and s.turns[0] == s.turns[1]


def test_whose_turn_is_nobodys_before_the_first_player_is_drawn_and_after_the_end():
    s = GAME.new_game(2, {}, 5)
    assert s.step == Step.BEGIN and s.decider() == CHANCE and s.whose_turn() is None
    s.apply(Action.make(Move.BEGIN, seat=1))
    assert s.whose_turn() == s.decider() == 1
    rng = random.Random(5)
    while not s.is_terminal():
        assert s.whose_turn() == s.turn
        s.apply(rng.choice(s.legal_actions()))
    assert s.whose_turn() is None and s.decider() is None


@pytest.mark.parametrize("seed", range(6))
def test_views_hide_hands_and_deck_orders_and_resampling_keeps_the_view(seed):
    s = GAME.new_game(2, {"deck1": "myth", "deck2": list(DECK_CHOICES)[seed % 4]}, seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        assert not check_views(GAME, s, [0, 1, None], rng)
        if s.decider() != CHANCE:
            other = 1 - s.decider()
            v = s.view(s.decider())
            assert v["seats"][other]["hand"] is None and not set(json.dumps(v).split('"')) & set(s.hand[other])
        s.apply(rng.choice([a for a, _ in s.chance_outcomes()]) if s.decider() == CHANCE else easy_policy(s, rng))


def test_a_bot_reads_only_its_view_the_sample_never_holds_the_true_hidden_cards():
    s = GAME.new_game(2, {}, 3)
    s.apply(A(Move.BEGIN, seat=0))
    sample = determinize(json.loads(json.dumps(s.view(0))), random.Random(1))
    assert sample.hand[0] == s.hand[0]
    assert not set(sample.hand[1]) & set(s.hand[1]) and not set(sample.realm[0]) & set(s.realm[0])
    assert Counter(map(kind_of, sample.hand[1] + sample.realm[1])) == Counter(map(kind_of, s.hand[1] + s.realm[1]))
    assert sample.seed != s.seed


def test_easy_beats_random_most_of_the_time():
    wins = 0
    for seed in range(20):
        s = GAME.new_game(2, {"deck1": list(DECK_CHOICES)[seed % 4], "deck2": list(DECK_CHOICES)[seed // 4 % 4]}, seed)
        rng = random.Random(seed)
        easy = seed % 2
        while not s.is_terminal():
            if s.decider() == CHANCE:
                s.apply(rng.choice([a for a, _ in s.chance_outcomes()]))
            else:
                s.apply(easy_policy(s, rng) if s.decider() == easy else rng.choice(s.legal_actions()))
        wins += s.winners() == [easy]
    assert wins >= 16


# --- illegal moves and positions ----------------------------------------------------------------
def test_an_illegal_move_is_refused_with_a_reason_and_changes_nothing():
    s = pos(hand=[["silver_leaf.a1"], []], spaces=six(["elder_oak.b1"]))
    before = digest(s)
    for bad, words in ((A(Move.BUY, target="elder_oak.b1"), "needs 6 more"),
                       (A(Move.SPEND, card="silver_leaf.a1", target="nowhere"), "Resources go to"),
                       (A(Move.TRASH, card="silver_leaf.a1"), "must play a card")):
        with pytest.raises(IllegalAction, match=words):
            s.apply(bad)
    assert digest(s) == before


@pytest.mark.parametrize("doc, words", [
    ({"hand": [["nope.a1"], []]}, "Unknown card"),
    ({"hand": [["moss_sprout"], []]}, "Unknown card"),
    ({"hand": [["moss_sprout.a1"], ["moss_sprout.a1"]]}, "appears twice: in the hand of player 1 and in the hand of player 2"),
    ({"spaces": [["glade_stag.b1"], [], ["glade_stag.b1"], [], [], []]}, "in World space 1 and in World space 3"),
    ({"hand": [["wisp.13"], []]}, "12 Wisps"),
    ({"hand": [[]]}, "two lists"),
    ({"spaces": [[]]}, "6 lists"),
    ({"turn": 2}, "'turn'"),
    ({"turns": [1]}, "'turns'"),
    ({"paid": {"elder_oak.b1": 2}}, "not on the table"),
    ({"protected": [True]}, "'protected'"),
    ({"end_triggered": "yes"}, "'end_triggered'"),
    ({"format": 9}, "Unknown position format"),
    ({"first": 2}, "'first'"),
    ({"turns": [-1, 0]}, "'turns'"),
    ({"turns": [True, 0]}, "'turns'"),
    ({"hand": [["moss_sprout.a1"], []], "paid": {"moss_sprout.a1": -1}}, "'paid'"),
    ({"hand": [["moss_sprout.a1"], []], "paid": {"moss_sprout.a1": True}}, "'paid'"),
])
def test_a_bad_position_document_is_refused_naming_the_problem(doc, words):
    with pytest.raises(PositionError, match=words):
        GAME.from_position(doc)


def test_a_position_document_of_format_1_keeps_its_options_and_its_first_player():
    doc = {"format": 1, "options": {"world_size": 7}, "turn": 1, "first": 0}
    s = GAME.from_position(doc)
    assert s.options["world_size"] == 7 and (s.turn, s.first) == (1, 0)
    assert digest(GAME.from_position({"turn": 1})) == digest(GAME.from_position({"turn": 1, "seed": 1}))
    assert GAME.from_position({"hand": [["moss_sprout.a1"], []], "paid": {"moss_sprout.a1": 0}}).paid == {"moss_sprout.a1": 0}


def test_a_position_round_trips():
    s = GAME.new_game(2, {}, 9)
    s.apply(A(Move.BEGIN, seat=1))
    again = GAME.from_position(json.loads(json.dumps(to_position(s))))
    assert again.to_json() == s.to_json()


def test_the_search_pays_only_toward_what_the_hand_can_complete_and_one_way_each():
    from tabletop.games.three_spheres.bots import search_moves

    s = pos(hand=[["silver_leaf.a1", "wanderers_coin.a2", "moss_sprout.a3"], []],
            spaces=six(["glade_stag.b1"], ["elder_oak.b2"]), discovery=[["old_willow.a9"], []])
    moves = search_moves(s)
    assert set(moves) <= set(s.legal_actions())
    spends = {(a["card"], a["target"]) for a in moves if a.kind == Move.SPEND}
    # 4 resources in hand: the Glade Stag (2) by the Silver Leaf alone, the Old Willow (5) and the
    # Elder Oak (6) are out of reach
    assert spends == {("silver_leaf.a1", "glade_stag.b1")}
    assert A(Move.PLAY, card="moss_sprout.a3") in moves and END in moves
    s.apply(A(Move.SPEND, card="wanderers_coin.a2", target="glade_stag.b1"))
    assert {(a["card"], a["target"]) for a in search_moves(s) if a.kind == Move.SPEND} == {
        ("moss_sprout.a3", "glade_stag.b1")}  # 1 paid, 1 due: the smallest card that completes it


# --- from mutation survivors (session 13) -----------------------------------------------------
def test_a_trash_of_several_stops_when_its_own_pile_runs_out_not_the_other():
    # no card of the set trashes more than 1: the effect kind takes any number
    s = pos(hand=[["cursed_coin.a1", "moss_sprout.a2"], []], discard=[[], []])
    s.queue.append({"kind": "trash", "params": {"from": "hand", "up_to": 3}, "source": ""})
    s._run()
    s.apply(A(Move.TRASH, card="cursed_coin.a1"))
    assert s.step == Step.TRASH  # one trashed, the hand not empty: up to two more (the discard is empty)
    s.apply(A(Move.TRASH, card="moss_sprout.a2"))
    assert s.step == Step.MAIN  # the hand is empty
    s2 = pos(hand=[["cursed_coin.a1"], []], discard=[["moss_sprout.a2"], []])
    s2.queue.append({"kind": "trash", "params": {"from": "discard", "up_to": 2}, "source": ""})
    s2._run()
    s2.apply(A(Move.TRASH, card="moss_sprout.a2"))
    assert s2.step == Step.MAIN and s2.hand[0] == ["cursed_coin.a1"]  # the discard is empty


def test_a_copied_ability_runs_before_the_effects_still_waiting():
    s = pos(hand=[["changeling.a1", "moss_sprout.a2"], []], realm=[["silver_leaf.a4"], []])
    s.apply(A(Move.PLAY, card="moss_sprout.a2"))  # draws silver_leaf.a4
    s.apply(A(Move.PLAY, card="changeling.a1"))
    assert s.step == Step.COPY
    s.queue.append({"kind": "trash", "params": {"from": "hand", "up_to": 1}, "source": ""})
    s.realm[0] = ["silver_leaf.a5"]
    s.apply(A(Move.COPY, card="moss_sprout.a2"))  # the copied draw first, then the trash asks
    assert s.step == Step.TRASH and "silver_leaf.a5" in s.hand[0]


def test_the_game_ends_after_the_turn_limit_each_if_nobody_triggers_the_end():
    TURN_LIMIT = 100  # docs/rules/three-spheres.md: both players have had 100 turns
    s = pos(first=0, turn=0, turns=[TURN_LIMIT - 1, TURN_LIMIT - 1], hand=[[], []], realm=[["seed_stone.a1"], ["seed_stone.b1"]])
    s.apply(END)
    assert not s.is_terminal() and s.turn == 1
    s2 = pos(first=0, turn=1, turns=[TURN_LIMIT, TURN_LIMIT - 1], hand=[[], []], realm=[["seed_stone.a1"], ["seed_stone.b1"]])
    s2.apply(END)
    assert s2.is_terminal() and s2.turns == [TURN_LIMIT, TURN_LIMIT] and not s2.end_triggered


def test_a_flip_onto_ones_own_side_is_refused_with_its_reason():
    s = pos(hand=[[], []], discard=[["silver_leaf.a2"], []], world_deck=[[], ["elder_oak.b2"]],
            spaces=six([], [], [], ["glade_stag.b3"], ["moss_sprout.b4"], ["old_willow.b5"]))
    s.apply(END)
    assert s.step == Step.FLIP_SPACE
    with pytest.raises(IllegalAction, match="World space of the opponent's side"):
        s.apply(A(Move.SPACE, space=0))


def test_flips_onto_a_full_side_ask_once_for_each_card_left():
    s = pos(world_deck=[[], ["glade_stag.b1", "elder_oak.b2", "old_willow.b3", "fen_hag.b4"]],
            spaces=six([], [], [], ["hex_doll.b7"], ["moss_sprout.b8"], ["seed_stone.b9"]))
    s.queue.append({"kind": "flip", "params": {"cards": 3}, "source": ""})
    s._run()
    asked = []
    while s.step == Step.FLIP_SPACE:
        asked.append(s.flipped)
        s.apply(A(Move.SPACE, space=3))
    assert asked == ["fen_hag.b4", "old_willow.b3", "elder_oak.b2"] and s.world_deck[1] == ["glade_stag.b1"]
    assert s.spaces[3] == ["hex_doll.b7", "fen_hag.b4", "old_willow.b3", "elder_oak.b2"]


def test_each_seat_is_scored_on_its_own_collection_against_the_others():
    s = pos(hand=[["elder_oak.a1", "old_willow.a2"], ["cursed_coin.b1"]])
    mine, theirs = s.collection(0), s.collection(1)
    assert [x.to_json() for x in s.scores()] == [score(mine, theirs).to_json(), score(theirs, mine).to_json()]
    assert s.scores()[0].total != s.scores()[1].total


def test_a_decks_cards_are_numbered_from_one_with_the_seats_letter():
    from tabletop.games.three_spheres.rules import deal_ids

    assert deal_ids(["moss_sprout", "elder_oak"], 0) == ["moss_sprout.a1", "elder_oak.a2"]
    assert deal_ids(["moss_sprout"], 1) == ["moss_sprout.b1"]


def test_an_action_of_the_wrong_kind_names_the_player_who_must_act():
    s = pos(hand=[[], []])
    with pytest.raises(IllegalAction, match="^Player 1 must"):
        s.apply(A(Move.SPACE, space=3))
    s2 = pos(first=0, turn=1, turns=[1, 0], hand=[[], []])
    with pytest.raises(IllegalAction, match="^Player 2 must"):
        s2.apply(A(Move.SPACE, space=0))


def test_the_cards_left_to_flip_come_before_the_next_effect():
    s = pos(hand=[["cursed_coin.a1"], []], world_deck=[[], ["glade_stag.b1", "elder_oak.b2", "old_willow.b3"]])
    s.queue.extend([{"kind": "flip", "params": {"cards": 2}, "source": ""},
                    {"kind": "trash", "params": {"from": "hand", "up_to": 1}, "source": ""}])
    s._run()
    assert s.step == Step.TRASH and s.world_deck[1] == ["glade_stag.b1"]  # both flipped before the trash asks


def test_the_cards_left_to_flip_onto_a_full_side_come_before_the_next_effect():
    s = pos(hand=[["cursed_coin.a1"], []], world_deck=[[], ["glade_stag.b1", "elder_oak.b2", "old_willow.b3"]],
            spaces=six([], [], [], ["hex_doll.b7"], ["moss_sprout.b8"], ["seed_stone.b9"]))
    s.queue.extend([{"kind": "flip", "params": {"cards": 2}, "source": ""},
                    {"kind": "trash", "params": {"from": "hand", "up_to": 1}, "source": ""}])
    s._run()
    assert s.step == Step.FLIP_SPACE and s.flipped == "old_willow.b3"
    s.apply(A(Move.SPACE, space=4))
    assert s.step == Step.FLIP_SPACE and s.flipped == "elder_oak.b2"  # the second card, before the trash
    s.apply(A(Move.SPACE, space=5))
    assert s.step == Step.TRASH and s.world_deck[1] == ["glade_stag.b1"]


def test_a_card_can_be_bought_only_when_all_of_it_is_paid():
    cost = info("elder_oak.b1").cost
    short = pos(hand=[[], []], spaces=six(["elder_oak.b1"]), paid={"elder_oak.b1": cost - 1})
    assert short.due("elder_oak.b1") == 1 and A(Move.BUY, target="elder_oak.b1") not in short.legal_actions()
    paid = pos(hand=[[], []], spaces=six(["elder_oak.b1"]), paid={"elder_oak.b1": cost})
    assert paid.due("elder_oak.b1") == 0 and A(Move.BUY, target="elder_oak.b1") in paid.legal_actions()


def test_a_discount_not_spent_is_lost_at_the_end_of_the_turn():
    s = pos(hand=[["seed_stone.a1"], []], spaces=six(["glade_stag.b1"]))
    s.apply(A(Move.PLAY, card="seed_stone.a1"))
    assert s.discount == 1
    s.apply(END)
    assert s.turn == 1 and s.discount == 0


def test_an_ability_paid_for_comes_before_the_effects_already_waiting():
    s = pos(hand=[[], []], in_play=[["mancala_cup.a3"], []])
    waiting = {"kind": "flip", "params": {"cards": 1}, "source": ""}
    s.queue.append(waiting)
    s._pay("mancala_cup.a3", 2)
    assert len(s.queue) > 1 and s.queue[-1] == waiting


# --- nothing left behind in the views (issue 28, point 8) -----------------------------------
def test_a_card_taken_for_free_keeps_nothing_paid_toward_it():
    s = pos(hand=[["wanderers_coin.a1", "grove_keeper.a2"], []], spaces=six(["old_willow.b3"]))
    s.apply(A(Move.SPEND, card="wanderers_coin.a1", target="old_willow.b3"))
    assert s.paid == {"old_willow.b3": 1}
    s.apply(A(Move.PLAY, card="grove_keeper.a2"))
    s.apply(A(Move.TAKE, card="old_willow.b3"))
    assert "old_willow.b3" in s.discard[0] and s.paid == {}
    assert s.consistency_problems() == [] and check_views(GAME, s, [0, 1, None], random.Random(1)) == []


def test_a_bought_card_shuffled_into_the_realm_deck_is_no_longer_named_as_spent_on():
    s = pos(hand=[["gilded_leaf.a1", "whispering_sapling.a2"], []], realm=[[], []], discard=[["silver_leaf.a3"], []],
            spaces=six(["glade_stag.b1"]))
    s.apply(A(Move.SPEND, card="gilded_leaf.a1", target="glade_stag.b1"))  # bought: into the discard
    assert s.spent_on == {"gilded_leaf.a1": "glade_stag.b1"}
    s.apply(A(Move.PLAY, card="whispering_sapling.a2"))  # draws 2: the discard, the Stag in it, shuffled
    assert s.shuffles == 1 and "glade_stag.b1" not in s.discard[0]
    assert s.spent_on == {}
    assert s.consistency_problems() == [] and check_views(GAME, s, [0, 1, None], random.Random(1)) == []


def test_the_consistency_check_names_what_the_rules_never_allow():
    s = pos(hand=[["wanderers_coin.a1"], []], spaces=six(["old_willow.b3"]))
    assert s.consistency_problems() == []
    s.paid = {"wanderers_coin.a1": 1}  # paid toward a card in a hand
    assert s.consistency_problems() == ["what was paid or spent this turn names wanderers_coin.a1, in a deck or a hand"]
    s.paid = {}
    s.supply.append(s.hand[0].pop())  # a coin in the Wisp supply
    assert "a card other than a Wisp lies in the supply, or a Wisp in the trash" in s.consistency_problems()
    s = pos(hand=[["wanderers_coin.a1"], []], spaces=six(["old_willow.b3"]))
    s.hand[1].append("wanderers_coin.a1")  # one id in two places
    assert "a card id lies in two places" in s.consistency_problems()


def test_the_consistency_check_names_a_discovery_card_in_the_world_spread_of_its_side():
    from tabletop.games.three_spheres.rules import deck_piles

    s = GAME.new_game(2, {"deck1": "forest", "deck2": "stones"}, 4)
    assert s.dealt and s.consistency_problems() == []
    _, world, _ = deck_piles("stones", s.options["world_size"])
    stray = next(c for c in s.discovery_deck[1] if kind_of(c) not in world)
    s.discovery_deck[1].remove(stray)
    s.spaces[4].append(stray)  # the second space of player 2's side
    assert s.consistency_problems() == ["the World of player 2 holds cards their deck did not put there"]
    s.spaces[4].remove(stray)
    s.discovery_deck[1].append(stray)
    s.discovery_deck[1].append(s.spaces[3].pop())  # a World card among player 2's Discovery
    assert s.consistency_problems() == ["the Discovery of player 2 holds cards their deck did not put there"]
