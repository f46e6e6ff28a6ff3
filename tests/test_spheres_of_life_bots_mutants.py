"""Spheres of Life's bots (``spheres_of_life/bots.py``): the Easy bot's clearly best choices at each
step, the value of a card to a hand, the judgement of a playout cut short, and the cheap playout
policy (issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import math
import random

from test_gods_and_myths import dawn_state, position as godly_position, sacrifice, use
from test_spheres_rules import GAME, a, position, quiet

from tabletop.games.spheres_of_life.bots import (
    card_gain, card_loss, determinize, easy_policy, evaluate, hand_value, rollout_policy,
)
from tabletop.games.spheres_of_life.dawn import dawn_cards
from tabletop.games.spheres_of_life.rules import PASS
from tabletop.games.spheres_of_life.steps import Move, Step

SEEDS = range(8)


def played(options: dict, seed: int, moves: int):
    """A three-player game after ``moves`` random moves."""
    state, rng = GAME.new_game(3, options, seed), random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


def easy_choices(state) -> set:
    """What the Easy bot chooses for the decider, over a few random generators (ties are broken at random)."""
    return {easy_policy(state.clone(), random.Random(seed)) for seed in SEEDS}


# --- the value of a card ----------------------------------------------------------------------------
def test_a_card_is_worth_what_it_adds_to_the_hand_or_takes_from_it():
    # a third Owl turns 4 points into 9; a Snake costs 1; a second Snake 3 more
    assert card_gain(["owl1", "owl2"], "owl3") == 5 and card_gain(["owl1"], "snake1") == -1
    assert card_loss(["owl1", "owl2", "owl3"], "owl3") == 5 and card_loss(["snake1", "snake2"], "snake2") == -3
    # an ability card still held costs a point at the end, less while it can still be played
    assert hand_value(["fire1"], late=True) == -1 and hand_value(["fire1"]) == -0.3


def test_a_playout_cut_short_is_judged_by_the_score_now_against_the_best_rival():
    """Carried points, banked sets (6 a noble set, 3 a corrupted one), and the hand (an ability card
    a full point in the last Dream), each against the best other player's, on a logistic of 4 points."""
    state = position(hands=[["owl1", "owl2"], ["fire1"], ["snake1"]], deck=["deer1", "deer2", "deer3", "swan1", "swan2", "swan3", "bison1", "bison2", "bison3", "heron1"],
                     bank_cards=[[], ["rat1", "rat2", "rat3"], ["otter1", "otter2", "otter3"]], carried=[2, 0, 0],
                     last_dream=True)
    totals = [2 + 4, 3 - 1, 6 - 1]  # (the deck still holds ten cards: late only by the last Dream)
    expected = [1 / (1 + math.exp(-(t - max(totals[:p] + totals[p + 1:])) / 4)) for p, t in enumerate(totals)]
    assert evaluate(state) == expected
    # not the last Dream, and the deck holds a round of draws (three players, nine cards): early
    early = position(hands=[["fire1"], [], []], deck=["deer1", "deer2", "deer3", "swan1", "swan2", "swan3", "bison1",
                                                       "bison2", "bison3"])
    assert not early.last_dream
    assert evaluate(early)[0] == 1 / (1 + math.exp(0.3 / 4))


# --- the Easy bot at each step ------------------------------------------------------------------------
def test_the_easy_bot_chooses_its_hero_in_its_order_of_preference():
    from tabletop.games.spheres_of_life.bots import HERO_PREFERENCE
    from tabletop.games.spheres_of_life.cards import card

    state = GAME.new_game(3, {}, 4)
    assert state.step == Step.HERO
    offered = {card(x["card"]).effect for x in state.legal_actions()}
    first = next(e for e in HERO_PREFERENCE if e in offered)
    assert {card(x["card"]).effect for x in easy_choices(state)} == {first}


def test_both_policies_take_the_only_legal_action():
    state = godly_position(phase="day", begin=True, fields=[["hades1"], [], []], hands=[["owl1", "owl2"], ["deer1"], ["rat1"]],
                           discard=["owl3"], deck=["lynx1", "lynx2", "lynx3", "swan1", "swan2", "swan3"])
    assert state.legal_actions() == [a(Move.PICK, card="swan1")]
    for seed in SEEDS:
        assert easy_policy(state.clone(), random.Random(seed)) == a(Move.PICK, card="swan1")
        assert rollout_policy(state.clone(), random.Random(seed)) == a(Move.PICK, card="swan1")


def test_the_easy_bot_picks_the_open_card_that_completes_a_set():
    state = position(phase="day", begin=True, hands=[["owl1", "owl2"], ["deer1"], ["rat1"]],
                     deck=["lynx1", "lynx2", "lynx3", "snake1", "bat1", "owl3"])
    assert state.step == Step.PICK and state.decider() == 0 and len(state.legal_actions()) == 3
    assert easy_choices(state) == {a(Move.PICK, card="owl3")}


def test_the_easy_bot_discards_a_corrupted_animal_in_the_night_and_takes_what_completes_a_set():
    state = position(phase="night", begin=True, hands=[["owl1", "owl2", "snake1"], ["deer1"], ["rat1"]],
                     deck=["lynx1", "lynx2", "lynx3", "swan1", "deer2", "deer3", "bat1", "owl3", "swan2"])
    assert state.step == Step.NIGHT_DISCARD and state.decider() == 0
    assert easy_choices(state) == {a(Move.DISCARD, card="snake1")}
    state.apply(a(Move.DISCARD, card="snake1"))
    state.apply(a(Move.DONE))
    assert state.step == Step.NIGHT_TAKE and state.decider() == 0
    assert easy_choices(state) == {a(Move.PICK, card="owl3")}


def test_the_easy_bot_gives_a_corrupted_animal_away_to_the_visible_leader():
    state = position(hands=[["snake1", "owl1", "owl2"], ["deer1"], ["rat1"]], deck=["lynx1", "lynx2"],
                     bank_cards=[[], [], ["swan1", "swan2", "swan3"]])
    quiet(state)
    assert state.step == Step.ACTION and state.decider() == 0
    assert easy_choices(state) == {a(Move.GIFT, card="snake1", to=2)}


def test_the_easy_bot_steals_when_it_has_nothing_to_give_away():
    state = position(hands=[["owl1", "owl2"], ["deer1"], ["rat1", "bat1"]], deck=["lynx1", "lynx2"])
    quiet(state)
    assert state.step == Step.ACTION and any(x.kind == Move.GIFT for x in state.legal_actions())
    assert {x.kind for x in easy_choices(state)} == {Move.STEAL}


def test_the_easy_bot_keeps_its_warrior_when_it_holds_no_corrupted_animal():
    state = position(heroes=[["warrior1"], [], []], hands=[["owl1", "owl2"], ["deer1"], ["rat1"]], deck=["lynx1", "lynx2"])
    assert state.step == Step.PRIO and state.legal_actions() == [a(Move.USE, card="warrior1"), PASS]
    assert easy_choices(state) == {PASS}


def test_the_easy_bot_calls_its_paladin_for_the_noble_animal_it_collects_never_a_corrupted_one():
    state = position(heroes=[["paladin1"], [], []], hands=[["owl1", "owl2", "snake1"], ["deer1"], ["rat1"]],
                     deck=["lynx1", "lynx2"])
    assert a(Move.USE, card="paladin1", species="snake") in state.legal_actions()
    assert easy_choices(state) == {a(Move.USE, card="paladin1", species="owl")}
    pair = position(heroes=[["paladin1"], [], []], hands=[["owl1", "owl2"], ["deer1"], ["rat1"]], deck=["lynx1", "lynx2"])
    assert easy_choices(pair) == {a(Move.USE, card="paladin1", species="owl")}


def test_the_easy_bot_plays_autumn_wind_to_discard_its_corrupted_animals():
    state = position(hands=[["wind1", "snake1", "bat1", "owl1"], ["deer1"], ["rat1"]], deck=["lynx1", "lynx2"])
    assert state.legal_actions() == [a(Move.USE, card="wind1"), PASS]
    assert easy_choices(state) == {a(Move.USE, card="wind1")}


def test_the_easy_bot_plays_the_root_of_memory_when_the_discard_pile_completes_its_set():
    state = position(hands=[["root1", "owl1", "owl2"], ["deer1"], ["rat1"]], discard=["owl3", "bat1"], deck=["lynx1", "lynx2"])
    assert state.legal_actions() == [a(Move.USE, card="root1"), PASS]
    assert easy_choices(state) == {a(Move.USE, card="root1")}


def test_the_easy_bot_plays_an_apple_against_a_rivals_field_never_its_own():
    state = godly_position(hands=[["apple1", "owl1"], ["deer1"], ["rat1"]], fields=[["horn1"], ["shield1"], []],
                           deck=["lynx1", "lynx2"])
    assert a(Move.USE, card="apple1", field="horn1") in state.legal_actions()
    assert easy_choices(state) == {a(Move.USE, card="apple1", field="shield1")}


def test_the_easy_bot_declines_an_exchange_that_gains_it_nothing():
    """A lone Deer for a lone Swan: the same points, and the offer helps whoever made it."""
    state = position(hands=[["deer1", "owl1"], ["swan1", "bat1"], ["rat1"]], deck=["lynx1", "lynx2"])
    quiet(state)
    state.apply(a(Move.EXCHANGE, card="deer1", want="swan"))
    quiet(state)
    assert state.step == Step.ACCEPT and state.decider() == 1
    assert easy_choices(state) == {a(Move.DECLINE)}


def test_the_easy_bot_banks_a_noble_set_only_while_a_steal_may_still_take_from_it():
    """A noble set is worth 9 in hand and 6 banked: the last player of the Dream keeps it when
    nobody else holds a card (nobody can steal after), and banks it now and then while the
    others still hold cards."""
    safe = position(step=Step.BONUS, queue=[0], hands=[["owl1", "owl2", "owl3"], [], []], deck=["lynx1", "lynx2"])
    assert easy_choices(safe) == {a(Move.SKIP)}
    threatened = position(step=Step.BONUS, queue=[0], hands=[["owl1", "owl2", "owl3"], ["deer1"], []], deck=["lynx1", "lynx2"])
    assert easy_choices(threatened) == {a(Move.SKIP), a(Move.BANK, species="owl")}
    # the next player holds no card, so must steal: from the only hand there is
    next_steals = position(step=Step.BONUS, queue=[0, 1], hands=[["owl1", "owl2", "owl3"], [], []], deck=["lynx1", "lynx2"])
    assert easy_choices(next_steals) == {a(Move.SKIP), a(Move.BANK, species="owl")}


def test_the_easy_bot_accepts_an_exchange_that_completes_a_set():
    state = position(hands=[["owl3", "deer1"], ["owl1", "owl2", "snake1"], ["rat1"]], deck=["lynx1", "lynx2"])
    quiet(state)
    state.apply(a(Move.EXCHANGE, card="owl3", want="snake"))
    quiet(state)
    assert state.step == Step.ACCEPT and state.decider() == 1
    assert easy_choices(state) == {a(Move.ACCEPT, card="snake1")}


def test_the_easy_bot_blocks_back_when_its_own_action_is_blocked():
    state = position(hands=[["apple2", "deer1"], ["apple1", "owl2", "snake1"], ["rat1"]], deck=["lynx1", "lynx2"])
    quiet(state)
    state.apply(a(Move.STEAL, target=1))
    while state.decider() != 1:
        state.apply(PASS)
    state.apply(a(Move.BLOCK, card="apple1"))
    while state.decider() != 0:
        state.apply(PASS)
    assert state.step == Step.BLOCK
    assert easy_choices(state) == {a(Move.BLOCK, card="apple2")}


def test_the_easy_bot_blocks_a_steal_from_it_an_ability_played_on_it_and_a_gift_to_it():
    steal = position(leader=1, hands=[["apple1", "owl1"], ["deer1"], ["rat1"]], deck=["lynx1", "lynx2"])
    quiet(steal)
    steal.apply(a(Move.STEAL, target=0))
    steal.apply(PASS)  # (the third player lets it pass)
    assert steal.step == Step.BLOCK and steal.decider() == 0
    assert easy_choices(steal) == {a(Move.BLOCK, card="apple1")}
    raven = position(leader=1, hands=[["apple1", "owl1", "owl2"], ["raven1", "deer1"], ["rat1"]], deck=["lynx1", "lynx2"])
    raven.apply(a(Move.USE, card="raven1", target=0))
    raven.apply(PASS)
    assert raven.step == Step.BLOCK and raven.decider() == 0
    assert easy_choices(raven) == {a(Move.BLOCK, card="apple1")}
    gift = position(leader=1, hands=[["apple1", "owl1"], ["snake1", "deer1"], ["rat1"]], deck=["lynx1", "lynx2"])
    quiet(gift)
    gift.apply(a(Move.GIFT, card="snake1", to=0))
    gift.apply(PASS)
    assert gift.step == Step.BLOCK and gift.decider() == 0
    assert easy_choices(gift) == {a(Move.BLOCK, card="apple1")}


def test_the_easy_bot_keeps_the_card_that_completes_a_set_with_a_druid():
    state = position(heroes=[["druid1"], [], []], hands=[["owl1", "owl2"], ["owl3", "snake1", "deer1"], ["rat1"]],
                     deck=["lynx1", "lynx2"])
    use(state, 0, card="druid1", target=1)
    assert state.step == Step.DRUID_KEEP and state.decider() == 0
    assert easy_choices(state) == {a(Move.TAKE, card="owl3")}


def test_the_easy_bot_pays_a_tribute_with_a_corrupted_animal_not_a_noble_one():
    state = godly_position(heroes=[["goddess_of_mercy"], [], []], hands=[["owl1"], ["owl2", "owl3", "snake1"], ["rat1", "deer1"]],
                           deck=["lynx1", "lynx2"])
    use(state, 0, card="goddess_of_mercy")
    assert state.step == Step.TRIBUTE and state.decider() == 1
    assert easy_choices(state) == {a(Move.GIFT, card="snake1", to=0)}


def test_the_easy_bot_takes_back_from_the_discard_pile_the_card_that_completes_a_set():
    state = godly_position(phase="day", begin=True, fields=[["hades1"], [], []], hands=[["owl1", "owl2"], ["deer1"], ["rat1"]],
                           discard=["owl3", "snake1"], deck=["lynx1", "lynx2", "lynx3", "swan1", "swan2", "swan3"])
    state.apply(a(Move.PICK, card="swan1"))
    assert state.step == Step.DISCARD_PICK and state.decider() == 0
    assert easy_choices(state) == {a(Move.TAKE, card="owl3")}


def test_the_easy_bot_sacrifices_what_its_hand_is_better_without_and_then_stops():
    state = dawn_state(hands=[["owl1", "owl2", "bat1", "fire1"], ["deer1"], ["rat1"]], leader=0)
    state._end_phase()
    assert state.step == Step.SACRIFICE and state.decider() == 0
    assert {x["card"] for x in easy_choices(state)} <= {"bat1", "fire1"}
    state.apply(a(Move.SACRIFICE, card="bat1"))
    state.apply(a(Move.SACRIFICE, card="fire1"))
    assert easy_choices(state) == {a(Move.DONE)}  # (never an Owl of its pair)


def test_the_easy_bot_keeps_its_hero_when_sacrificing_it_would_not_end_the_game():
    """Below 5, a hero added to the Dawn's count is lost and the game goes on."""
    state = dawn_state(heroes=[["druid1"], [], []], hands=[["owl1", "owl2"], ["deer1"], ["rat1"]], leader=0)
    state._end_phase()
    sacrifice(state, {})
    assert state.step == Step.DAWN_HERO and state.decider() == 0 and state.dawn.total == 0
    assert easy_choices(state) == {PASS}


def test_the_easy_bot_makes_its_exchange_with_the_visible_leader_who_gets_its_corrupted_animal():
    """(option exchange=choose) Both accept with a Rabbit: the Snake offered goes to the player
    with the most banked sets."""
    state = position(players=4, hands=[["snake1", "owl1"], ["rabbit1", "bat1"], ["rabbit2", "deer1"], ["rabbit3"]],
                     bank_cards=[[], [], [], ["swan1", "swan2", "swan3"]], options={"exchange": "choose"})
    quiet(state)
    state.apply(a(Move.EXCHANGE, card="snake1", want="rabbit"))
    quiet(state)
    state.apply(a(Move.ACCEPT, card="rabbit1"))
    state.apply(a(Move.DECLINE))
    state.apply(a(Move.ACCEPT, card="rabbit3"))
    assert state.step == Step.PARTNER and state.decider() == 0
    assert easy_choices(state) == {a(Move.PARTNER, seat=3)}


# --- determinization -------------------------------------------------------------------------------------
def test_a_sampled_world_never_deals_the_ability_card_being_resolved_into_a_hidden_place():
    """A Raven played on the first player is neither in a hand nor in the deck while it takes
    its cards: every world sampled from the third player's view holds it only in the effect."""
    state = position(leader=1, hands=[["owl1", "owl2"], ["raven1", "deer1"], ["rat1"]], deck=["lynx1", "lynx2"])
    state.apply(a(Move.USE, card="raven1", target=0))
    quiet(state)
    assert state.step == Step.RAVEN_POS and state.effect["card"] == "raven1"
    for seed in range(30):
        world = determinize(state.view(2), random.Random(seed))
        assert world.effect["card"] == "raven1"
        assert "raven1" not in world.deck and all("raven1" not in h for h in world.hands)


def test_a_sampled_world_keeps_the_action_being_declared_as_it_is():
    """A steal on the chain names no card: the world's chain is the view's."""
    state = position(leader=1, hands=[["owl1", "owl2"], ["deer1"], ["rat1"]], deck=["lynx1", "lynx2"])
    quiet(state)
    state.apply(a(Move.STEAL, target=0))
    assert state.step == Step.BLOCK
    for seed in range(5):
        assert determinize(state.view(2), random.Random(seed)).chain == state.chain


def test_a_sampled_world_lets_another_players_ordering_go_on_with_the_sampled_hand():
    state = position(hands=[["mirror1"], ["owl1", "snake1", "rabbit1"], []], deck=["deer1"])
    state.apply(a(Move.USE, card="mirror1", target=1))
    quiet(state)
    assert state.step == Step.ORDER and "left" not in state.view(2)["effect"]
    world = determinize(state.view(2), random.Random(1))
    assert world.effect["left"] == world.hands[1] and world.effect["placed"] == [] and len(world.hands[1]) == 3
    assert {x["card"] for x in world.legal_actions()} == set(world.hands[1])


def test_a_sampled_world_is_a_position_the_game_can_read_back():
    """(its slot seed, like the game's, is a 64-bit number)"""
    state = played({}, 6, 40)
    for seed in range(10):
        world = determinize(state.view(0), random.Random(seed))
        assert GAME.to_position(GAME.from_position(GAME.to_position(world))) == GAME.to_position(world)


def state_places(state) -> list[list[str]]:
    return (state.hands + [state.deck, state.discard, state.table, state.dawn.aside, state.dawn.out] + state.bank_cards
            + state.dawn.sacrificed)


def test_a_sampled_world_of_a_dawn_game_holds_every_card_once_and_hidden_dawn_cards_in_the_deck():
    from collections import Counter

    state = played({"dawn": True}, 2, 30)
    seen = state.view(0)
    for seed in range(5):
        world = determinize(seen, random.Random(seed))
        counts = Counter(c for place in state_places(world) for c in place)
        assert max(counts.values()) == 1 and sum(counts.values()) == sum(len(place) for place in state_places(state))
        assert set(dawn_cards()) - set(world.dawn.aside + world.dawn.out) <= set(world.deck)


def test_a_dawn_card_out_of_sight_may_lie_anywhere_in_the_sampled_deck_the_bottom_too():
    state = GAME.new_game(3, {"dawn": True}, 2)
    seen = state.view(0)
    places = set()
    for seed in range(60):
        deck = determinize(seen, random.Random(seed)).deck
        places |= {i for i, c in enumerate(deck) if c in dawn_cards()}
    assert 0 in places and len(deck) - 1 in places


def test_a_sampled_world_keeps_what_the_seat_knows_of_other_hands():
    state = position(hands=[["snake1", "owl1"], ["rabbit1", "deer1"], ["wolf1"]], deck=["swan1", "swan2"])
    quiet(state)
    state.apply(a(Move.GIFT, card="snake1", to=1))
    quiet(state)
    world = determinize(state.view(0), random.Random(3))
    assert world.known[0][1] == {"snake1"} and world.known[0][2] == set()


# --- the playout policy --------------------------------------------------------------------------------
def test_the_playout_policy_chooses_only_legal_actions_and_not_always_the_same():
    state = position(phase="day", begin=True, hands=[["owl1", "owl2"], ["deer1"], ["rat1"]],
                     deck=["lynx1", "lynx2", "lynx3", "snake1", "bat1", "owl3"])
    legal = state.legal_actions()
    chosen = [rollout_policy(state.clone(), random.Random(seed)) for seed in range(40)]
    assert set(chosen) <= set(legal) and len(set(chosen)) > 1


def test_the_playout_policy_takes_the_easy_bots_clear_choice_most_of_the_time():
    state = position(phase="day", begin=True, hands=[["owl1", "owl2"], ["deer1"], ["rat1"]],
                     deck=["lynx1", "lynx2", "lynx3", "snake1", "bat1", "owl3"])
    assert state.legal_actions()[-1] != a(Move.PICK, card="owl3")
    chosen = [rollout_policy(state.clone(), random.Random(seed)) for seed in range(100)]
    assert chosen.count(a(Move.PICK, card="owl3")) > 60


def test_the_playout_policy_never_hands_a_rival_a_noble_animal_with_a_warrior():
    state = position(hands=[["owl1", "owl2", "owl3", "snake1"], [], []], heroes=[["warrior1"], [], []], deck=["swan1"])
    state.apply(a(Move.USE, card="warrior1"))
    assert state.step == Step.WARRIOR and a(Move.LOSE, card="owl1", to=1) in state.legal_actions()
    for seed in range(100):
        x = rollout_policy(state.clone(), random.Random(seed))
        assert x.kind != Move.LOSE or x["card"] == "snake1" or x["to"] < 0


def test_the_playout_policy_mostly_lets_a_quiet_moment_pass():
    state = position(hands=[["fire1", "deer1"], ["owl2", "snake1"], ["rat1"]], deck=["lynx1", "lynx2"])
    assert state.step == Step.PRIO and state.legal_actions() == [a(Move.USE, card="fire1"), PASS]
    chosen = [rollout_policy(state.clone(), random.Random(seed)) for seed in range(40)]
    assert chosen.count(PASS) > 30


def test_the_playout_policy_mostly_declines_an_exchange():
    state = position(hands=[["deer1", "owl1"], ["swan1", "bat1"], ["rat1"]], deck=["lynx1", "lynx2"])
    quiet(state)
    state.apply(a(Move.EXCHANGE, card="deer1", want="swan"))
    quiet(state)
    assert state.legal_actions() == [a(Move.ACCEPT, card="swan1"), a(Move.DECLINE)]
    chosen = [rollout_policy(state.clone(), random.Random(seed)) for seed in range(40)]
    assert chosen.count(a(Move.DECLINE)) > 30
