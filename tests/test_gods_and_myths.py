"""Spheres of Life: Gods & Myths -- the expansion's parts, each an option (docs/rules/spheres-of-life.md,
"Gods & Myths").  Random games of every combination of parts, and the rules of each new card from
position documents."""

from __future__ import annotations

import itertools
import random

import pytest

from tabletop.engine.conformance import check_step, check_views, components
from tabletop.engine.registry import get_game
from tabletop.games.spheres_of_life.cards import DAWN_PHASE, GODLY_ABILITIES, GODLY_HEROES, MYTHICAL

GAME = get_game("spheres-of-life")
PARTS = (GODLY_HEROES, MYTHICAL, GODLY_ABILITIES, DAWN_PHASE)
COMBINATIONS = [dict(zip(PARTS, on)) for on in itertools.product((False, True), repeat=len(PARTS))]


@pytest.mark.slow  # a soak: the checks at every step of 96 games, every combination of the parts (~28 s)
@pytest.mark.parametrize("options", COMBINATIONS, ids=lambda o: "+".join(k for k, v in o.items() if v) or "base")
@pytest.mark.parametrize("players", (2, 4, 7))
def test_random_games_of_every_combination_keep_every_card_and_leak_nothing(options, players):
    for seed in range(2):
        rng = random.Random(seed)
        state = GAME.new_game(players, options, seed)
        start = components(state)
        steps = 0
        while True:
            problems = check_step(state, players, start)
            if steps % 9 == 0:
                problems += check_views(GAME, state, [*range(players), None], rng)
            assert not problems, (seed, steps, problems)
            if state.is_terminal():
                break
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            state.apply(rng.choice(legal))
            steps += 1
            assert steps < 5000
        for score in state.scores():
            assert score.total == sum(points for _, points in score.parts)


# --- helpers -------------------------------------------------------------------------------------
from tabletop.engine.actions import Action  # noqa: E402
from tabletop.games.spheres_of_life.cards import card  # noqa: E402
from tabletop.games.spheres_of_life.dawn import dawn_points  # noqa: E402
from tabletop.games.spheres_of_life.rules import DONE, PASS, SKIP  # noqa: E402
from tabletop.games.spheres_of_life.steps import Move, Step  # noqa: E402

ALL = {GODLY_HEROES: True, MYTHICAL: True, GODLY_ABILITIES: True, DAWN_PHASE: True}


def a(kind, **args):
    return Action.make(kind, **args)


def position(parts=ALL, **kw):
    doc = {"players": 3, "phase": "dream", "leader": 0, "hands": [[], [], []], "options": dict(parts)}
    doc.update(kw)
    return GAME.from_position(doc)


def quiet(state):
    while state.step in (Step.PRIO, Step.BLOCK):
        state.apply(PASS)


def use(state, p, **args):
    """``p`` uses something at the quiet moment now (the others let it pass), and it resolves."""
    while state.decider() != p:
        state.apply(PASS)
    state.apply(a(Move.USE, **args))
    while state.step == Step.BLOCK:
        state.apply(PASS)


# --- Godly Heroes ----------------------------------------------------------------------------------
def test_a_regular_hero_each_in_seat_order_then_a_godly_one_in_reverse_order():
    """Expansion interpretation 1 and expansion interpretation 2."""
    state = GAME.new_game(3, {GODLY_HEROES: True}, 4)
    assert state.hero_queue == [0, 1, 2, 2, 1, 0]
    first = {card(x["card"]).kind for x in state.legal_actions()}
    assert first == {"druid", "warrior", "paladin", "god_of_wind"}  # the God of Wind in the Windmaster's place
    state.apply(a(Move.HERO, card="god_of_wind"))
    state.apply(a(Move.HERO, card="druid1"))
    state.apply(a(Move.HERO, card="warrior1"))
    second = {x["card"] for x in state.legal_actions()}
    assert state.decider() == 2 and len(second) == 7 and all(card(h).godly for h in second)
    assert "god_of_wind" not in second
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    assert [len(h) for h in state.heroes] == [2, 2, 2]
    assert all(not card(h1).godly or card(h1).replaces for h1, _ in state.heroes)
    assert state.leader == 0 and state.wind_lead == 3  # the God of Wind leads the first three phases


def test_with_two_players_each_takes_one_regular_and_one_godly_hero():
    """Expansion interpretation 1."""
    state = GAME.new_game(2, {GODLY_HEROES: True}, 4)
    assert state.hero_queue == [0, 1, 1, 0]
    while state.step == Step.HERO:
        state.apply(state.legal_actions()[-1])
    assert [sorted(card(h).godly and not card(h).replaces for h in hs) for hs in state.heroes] == [[False, True]] * 2


def test_the_god_of_wind_may_start_a_dream():
    """Expansion interpretation 2."""
    state = position(phase="night", begin=True, heroes=[["god_of_wind"], [], []],
                     deck=[f"{k}{i}" for k in ("deer", "lynx", "swan") for i in (1, 2, 3)], hands=[["owl1"], ["owl2"], ["owl3"]])
    options = [x for x in state.legal_actions() if x.kind == Move.USE]
    assert {x["phase"] for x in options} == {"day", "night", "dream"}
    state.apply(a(Move.USE, card="god_of_wind", phase="dream"))
    assert state.phase == "dream" and state.leader == 0 and "god_of_wind" in state.used


def test_the_goddess_of_the_forest_keeps_up_to_three():
    state = position(heroes=[["goddess_of_forest"], [], []], hands=[[], ["owl1", "owl2", "owl3", "bat1"], ["rat1"]])
    use(state, 0, card="goddess_of_forest", target=1)
    for c in ("owl1", "owl2", "owl3"):
        assert state.step == Step.DRUID_KEEP
        state.apply(a(Move.TAKE, card=c))
    assert sorted(state.hands[0]) == ["owl1", "owl2", "owl3"] and state.hands[1] == ["bat1"]


def test_the_god_of_war_loses_up_to_five():
    hand = ["bat1", "bat2", "bat3", "rat1", "rat2", "rat3"]
    state = position(heroes=[["god_of_war"], [], []], hands=[list(hand), ["owl1"], ["owl2"]])
    use(state, 0, card="god_of_war")
    for c in hand[:5]:
        assert state.step == Step.WARRIOR
        state.apply(a(Move.LOSE, card=c, to=-1))
    assert state.hands[0] == ["rat3"] and state.step != Step.WARRIOR


def test_the_god_of_the_hunt_calls_a_species_nobody_has_shown():
    """Expansion interpretation 3."""
    state = position(heroes=[["god_of_hunt"], [], []], hands=[["bat1"], ["owl1", "owl2"], ["owl3", "rat1"]])
    species = {x["species"] for x in state.legal_actions() if x.kind == Move.USE}
    assert "owl" in species and "phoenix" in species and "lynx" in species  # held or not
    use(state, 0, card="god_of_hunt", species="owl")
    assert sorted(state.hands[0]) == ["bat1", "owl1", "owl2", "owl3"]
    assert state.known[0][2] == {"rat1"}  # the other hands were shown


def test_the_god_of_plenty_draws_three_and_needs_three():
    state = position(heroes=[["god_of_plenty"], [], []], hands=[["bat1"], ["owl1"], ["owl2"]], deck=["deer1", "deer2"])
    assert not any(x.kind == Move.USE for x in state.legal_actions())
    state = position(heroes=[["god_of_plenty"], [], []], hands=[["bat1"], ["owl1"], ["owl2"]],
                     deck=["deer1", "deer2", "deer3", "lynx1"])
    use(state, 0, card="god_of_plenty")
    assert sorted(state.hands[0]) == ["bat1", "deer1", "deer2", "deer3"][:1] + ["deer2", "deer3", "lynx1"]


def test_the_goddess_of_the_night_takes_two_animals_from_the_discard():
    state = position(heroes=[["goddess_of_night"], [], []], hands=[["bat1"], ["owl1"], ["owl2"]],
                     discard=["deer1", "fire1", "lynx1"])
    use(state, 0, card="goddess_of_night")
    assert state.step == Step.ROOT and {x["card"] for x in state.legal_actions()} == {"deer1", "lynx1"}
    state.apply(a(Move.TAKE, card="deer1"))
    assert state.step == Step.ROOT
    state.apply(a(Move.TAKE, card="lynx1"))
    assert sorted(state.hands[0]) == ["bat1", "deer1", "lynx1"] and state.discard == ["fire1"]


def test_the_goddess_of_the_night_stops_at_two_when_more_animals_lie_there():
    state = position(heroes=[["goddess_of_night"], [], []], hands=[["bat1"], ["owl1"], ["owl2"]],
                     discard=["deer1", "rat1", "lynx1"])
    use(state, 0, card="goddess_of_night")
    state.apply(a(Move.TAKE, card="deer1"))
    state.apply(a(Move.TAKE, card="lynx1"))
    assert state.step != Step.ROOT and state.discard == ["rat1"]


def test_the_god_of_thunder_takes_three_blind_from_a_hand_of_three():
    state = position(heroes=[["god_of_thunder"], [], []], hands=[[], ["owl1", "owl2"], ["bat1", "bat2", "bat3"]])
    assert {x["target"] for x in state.legal_actions() if x.kind == Move.USE} == {2}
    use(state, 0, card="god_of_thunder", target=2)
    for _ in range(3):
        state.apply(a(Move.POSITION, index=0))
    assert sorted(state.hands[0]) == ["bat1", "bat2", "bat3"]


def test_the_goddess_of_mercy_gets_a_card_from_each_other_player_with_cards():
    """Expansion interpretation 3."""
    state = position(players=4, heroes=[["goddess_of_mercy"], [], [], []],
                     hands=[[], ["owl1", "bat1"], [], ["rat1"]])
    use(state, 0, card="goddess_of_mercy")
    assert state.step == Step.TRIBUTE and state.decider() == 1
    assert {x["card"] for x in state.legal_actions()} == {"owl1", "bat1"}
    state.apply(a(Move.GIFT, card="bat1", to=0))
    assert state.decider() == 3  # (player 3 holds nothing: not asked)
    state.apply(a(Move.GIFT, card="rat1", to=0))
    assert sorted(state.hands[0]) == ["bat1", "rat1"] and state.step != Step.TRIBUTE
    assert "bat1" in state.known[0][0] or "bat1" not in state.known[2][0]  # (only giver and taker see)


# --- Mythical Creatures ------------------------------------------------------------------------------
def bank(state, p, species):
    quiet(state)
    assert state.step == Step.BONUS and state.decider() == p
    state.apply(a(Move.BANK, species=species))


def test_a_banked_mythical_set_gives_its_bonus_and_no_set_points():
    """Expansion interpretation 4."""
    state = position(hands=[["pegasus1", "pegasus2", "pegasus3", "owl1"], ["bat1"], ["rat1"]])
    bank(state, 0, "pegasus")
    assert state.lasting == [{"kind": "points", "points": 6, "owner": 0, "card": "pegasus"}]
    parts = dict(state.scores()[0].parts)
    assert parts["Banked noble sets (0 × 6)"] == 0 and parts["Pegasus (banked)"] == 6


def test_unbanked_creatures_score_as_animals():
    state = position(hands=[["phoenix1", "phoenix2"], ["hydra1"], []])
    assert dict(state.scores()[0].parts)["Noble animals in hand"] == 4
    assert dict(state.scores()[1].parts)["Corrupted animals in hand"] == -1


def test_the_phoenix_and_the_basilisk_change_the_day_draws():
    """Expansion interpretation 5."""
    deck = [f"deer{i}" for i in (1, 2, 3)] + [f"owl{i}" for i in (1, 2, 3)]
    state = position(deck=list(deck))
    state.lasting = [{"kind": "day_draws", "by": 1, "owner": 0, "card": "phoenix"},
                     {"kind": "others_day_draws", "by": -1, "owner": 1, "card": "basilisk"}]
    state._day_draws()
    assert [len(h) for h in state.hands] == [1, 1, 0]  # 1 + 1 - 1, 1, 1 - 1


def test_the_griffin_and_the_hydra_change_the_night_limit():
    state = position()
    state.lasting = [{"kind": "night_limit", "by": 2, "owner": 0, "card": "griffin"},
                     {"kind": "others_night_limit", "by": -1, "owner": 0, "card": "hydra"}]
    assert [state._night_limit(p) for p in range(3)] == [4, 1, 1]


def test_the_unicorn_keeps_steals_and_blind_takes_away():
    state = position(hands=[["raven1", "owl1"], ["bat1", "bat2"], ["rat1", "rat2"]])
    state.lasting = [{"kind": "untouchable", "owner": 1, "card": "unicorn"}]
    assert {x["target"] for x in state.legal_actions() if x.kind == Move.USE and x.get("target") is not None} == {2}
    quiet(state)
    assert {x["target"] for x in state.legal_actions() if x.kind == Move.STEAL} == {2}


def test_the_chimera_frees_corrupted_animals_and_the_kraken_costs_the_others():
    state = position(hands=[["bat1", "bat2"], ["owl1"], ["rat1"]])
    state.lasting = [{"kind": "corrupted_free", "owner": 0, "card": "chimera"},
                     {"kind": "others_points", "points": -2, "owner": 1, "card": "kraken"}]
    totals = [s.total for s in state.scores()]
    assert totals == [0 - 2, 1, -1 - 2]
    # the Chimera's part depends on the hand: hidden from the others like the hand
    seen = state.view(1)["scores"][0]["parts"]
    assert all(p["points"] is None for p in seen if p["label"].startswith("Corrupted animals in hand"))


# --- Godly Abilities ---------------------------------------------------------------------------------
def test_a_prolonged_card_goes_into_the_field_as_a_bonus_action_once_a_dream():
    """Expansion interpretation 6."""
    state = position(hands=[["horn1", "laurel1", "owl1", "owl2", "owl3"], ["bat1"], ["rat1"]])
    quiet(state)
    acts = state.legal_actions()
    assert a(Move.ACTIVATE, card="horn1") in acts and a(Move.BANK, species="owl") in acts and SKIP in acts
    state.apply(a(Move.ACTIVATE, card="horn1"))
    assert state.fields[0] == ["horn1"] and state.step == Step.BONUS  # (the bank is still to come)
    assert a(Move.ACTIVATE, card="laurel1") not in state.legal_actions()  # one a Dream
    state.apply(a(Move.BANK, species="owl"))
    assert state.step == Step.ACTION
    assert {"kind": "day_draws", "by": 1, "owner": 0, "card": "horn1"} in state.lasting
    assert all("horn1" in state.known[o][0] or "horn1" not in state.hands[0] for o in range(3))


def test_a_field_holds_two_and_a_prolonged_card_in_hand_costs_nothing():
    """Expansion interpretation 6 and expansion interpretation 8."""
    state = position(hands=[["seal1", "owl1"], ["bat1"], ["rat1"]], fields=[["horn1", "laurel1"], [], []])
    quiet(state)
    assert not any(x.kind == Move.ACTIVATE for x in state.legal_actions())
    assert dict(state.scores()[0].parts)["Ability cards in hand"] == 0
    assert dict(state.scores()[0].parts)["Laurel Crown (in Field)"] == 3


def test_an_apple_removes_a_prolonged_card_from_a_field_even_under_a_seal():
    """Expansion interpretation 7."""
    state = position(hands=[["apple1"], ["bat1"], ["rat1"]], fields=[[], ["seal1"], []], leader=1)
    state.lasting = [{"kind": "silence", "owner": 1, "card": "seal1"}]
    assert a(Move.USE, card="apple1", field="seal1") in state._usable(0)
    use(state, 0, card="apple1", field="seal1")
    assert state.fields[1] == [] and state.lasting == [] and {"seal1", "apple1"} <= set(state.discard)


def test_a_seal_of_silence_stops_other_ability_cards_in_its_owners_turns():
    """Expansion interpretation 10."""
    state = position(hands=[["fire1"], ["bat1"], ["rat1"]], deck=["owl1"], fields=[[], ["seal1"], []], leader=1)
    state.lasting = [{"kind": "silence", "owner": 1, "card": "seal1"}]
    assert state.turn == 1 and state._usable(0) == []
    state.queue = [2]
    assert state._usable(0) == [a(Move.USE, card="fire1")]


def test_a_sky_hook_takes_a_field_card_or_discards_it_when_the_own_field_is_full():
    """Expansion interpretation 7."""
    state = position(hands=[["skyhook1"], ["bat1"], ["rat1"]], fields=[[], ["horn1"], []])
    state.lasting = [{"kind": "day_draws", "by": 1, "owner": 1, "card": "horn1"}]
    use(state, 0, card="skyhook1", field="horn1")
    assert state.fields == [["horn1"], [], []] and state.lasting[0]["owner"] == 0
    full = position(hands=[["skyhook1"], ["bat1"], ["rat1"]], fields=[["laurel1", "seal1"], ["horn1"], []])
    full.lasting = [{"kind": "day_draws", "by": 1, "owner": 1, "card": "horn1"}]
    use(full, 0, card="skyhook1", field="horn1")
    assert full.fields == [["laurel1", "seal1"], [], []] and "horn1" in full.discard and full.lasting == []


def test_the_fountain_of_youth_refreshes_a_used_hero():
    state = position(hands=[["fountain1"], ["bat1"], ["rat1"]], heroes=[["druid1"], [], []], used=["druid1"])
    use(state, 0, card="fountain1", hero="druid1")
    assert "druid1" not in state.used


def test_the_orb_of_hades_takes_one_card_from_the_discard_after_a_day_pick():
    """Expansion interpretation 9."""
    state = position(phase="day", hands=[[], [], []], table=["owl1", "owl2", "owl3"], discard=["deer1", "bat1"],
                     fields=[["hades1"], [], []], deck=["lynx1", "lynx2", "lynx3", "rat1"])
    state.lasting = [{"kind": "discard_pick", "cards": 1, "owner": 0, "card": "hades1"}]
    quiet(state)
    state.apply(a(Move.PICK, card="owl1"))
    assert state.step == Step.DISCARD_PICK and state.decider() == 0
    state.apply(a(Move.TAKE, card="deer1"))
    assert sorted(state.hands[0]) == ["deer1", "owl1"] and state.decider() == 1
    state.apply(a(Move.PICK, card="owl2"))
    assert state.step != Step.DISCARD_PICK  # (only the Field's owner)


def test_two_orbs_of_hades_in_one_field_take_two_cards():
    """Expansion interpretation 5 and expansion interpretation 9: lasting effects add up."""
    state = position(phase="day", hands=[[], [], []], table=["owl1", "owl2", "owl3"],
                     discard=["deer1", "bat1", "rat1"], fields=[["hades1", "hades2"], [], []],
                     deck=["lynx1", "lynx2", "lynx3", "rat2"])
    quiet(state)
    state.apply(a(Move.PICK, card="owl1"))
    assert state.step == Step.DISCARD_PICK and state.view(1)["effect"] == {"who": 0, "left": 2}
    state.apply(a(Move.TAKE, card="deer1"))
    assert state.step == Step.DISCARD_PICK and state.decider() == 0
    state.apply(a(Move.TAKE, card="bat1"))
    assert sorted(state.hands[0]) == ["bat1", "deer1", "owl1"] and state.decider() == 1


# --- the Dawn ----------------------------------------------------------------------------------------
def test_the_dawn_count_follows_the_rule_texts_examples():
    """Expansion interpretation 8 and expansion interpretation 15."""
    assert dawn_points(["bear1", "bear2"]) == -2  # corrupted animals make no sets here
    assert dawn_points(["owl1", "owl2", "owl3"]) == 9 and dawn_points(["owl1"]) == 1
    assert dawn_points(["owl1", "owl2", "fire1", "apple1", "horn1"]) == 4 - 3
    assert dawn_points(["owl1", "owl2", "owl3", "deer1"]) == 10


def dawn_state(**kw):
    doc = dict(phase="night", begin=True, hands=[["owl1", "owl2", "owl3", "bat1"], ["deer1", "fire1"], ["rat1"]],
               deck=["lynx1"] * 0 + ["swan1", "swan2", "swan3", "dawn1", "lynx1", "lynx2"], phases_done=4)
    doc.update(kw)
    return position(**doc)


def test_a_dawn_card_laid_out_is_set_aside_and_the_dawn_follows_the_phase():
    """Expansion interpretation 11 and expansion interpretation 13."""
    state = dawn_state()
    assert state.dawn.aside == ["dawn1"] and "dawn1" not in state.table and len(state.table) == 5
    assert state.aftermath(["A", "B", "C"]) == "A Dawn card comes up: the Dawn Phase follows this phase."
    state._end_phase()
    assert state.phase == "dawn" and state.step == Step.SACRIFICE and state.decider() == state.leader


def test_a_dawn_card_does_not_start_the_dawn_in_the_first_day_or_the_deal():
    """Expansion interpretation 12."""
    state = GAME.new_game(3, {DAWN_PHASE: True}, 1)
    while state.step == Step.HERO:
        state.apply(state.legal_actions()[0])
    assert state.dawn.aside == []  # (one may have come up: it went back into the deck)
    first = position(phase="day", begin=True, deck=["owl1", "owl2", "owl3", "dawn1", "lynx1", "lynx2"],
                     parts={DAWN_PHASE: True})
    assert first.dawn.aside == [] and "dawn1" in first.deck and first.deck[-1] != "dawn1"
    assert first.phases_done == 0 and len(first.table) == 3


def test_a_second_dawn_in_one_round_goes_back_and_in_the_last_dream_it_is_left_out():
    """Expansion interpretation 12."""
    state = dawn_state(deck=["swan1", "swan2", "swan3", "lynx3", "deer2", "deer3", "dawn2", "lynx1", "dawn1", "lynx2"])
    assert state.dawn.aside == ["dawn1"] and "dawn2" in state.deck
    last = position(parts={DAWN_PHASE: True}, deck=[], last_dream=True)
    last.deck = ["dawn3"]
    assert last._from_deck() is None and last.dawn.out == ["dawn3"]


def sacrifice(state, cards_by_player):
    for p in list(state.queue):
        assert state.decider() == p
        for c in cards_by_player.get(p, []):
            state.apply(a(Move.SACRIFICE, card=c))
        if state.step == Step.SACRIFICE and state.decider() == p:
            state.apply(DONE)


def test_sacrifices_are_face_down_until_all_are_laid_and_ten_ends_the_game():
    """Expansion interpretation 14."""
    state = dawn_state()
    state._end_phase()
    leader = state.leader
    mine = {leader: [c for c in state.hands[leader] if c.startswith("owl")]}
    state.apply(a(Move.SACRIFICE, card=mine[leader][0]))
    other = (leader + 1) % 3
    view = state.view(other)["dawn"]
    assert view["sacrificed"][leader] is None and view["sacrificed_count"][leader] == 1
    assert mine[leader][0] not in str(state.view(other)) and state.reveals(DONE)


def test_exactly_ten_ends_the_game_at_once():
    """Expansion interpretation 16."""
    state = dawn_state(hands=[["owl1", "owl2", "owl3", "deer1"], ["bat1"], ["rat1"]], leader=0)
    state._end_phase()
    sacrifice(state, {0: ["owl1", "owl2", "owl3", "deer1"]})
    assert state.phase == "over" and state.dawn.ended and {"owl1", "deer1"} <= set(state.discard)
    assert state.result_note(["A", "B", "C"]) == "The Dawn ended the game early: the sacrifices were worth 10."
    assert GAME.new_game(3, dict(ALL), 1).result_note(["A", "B", "C"]) == ""


def test_below_ten_heroes_may_be_added_for_five_each():
    """Expansion interpretation 16."""
    state = dawn_state(hands=[["owl1", "owl2"], ["bat1"], ["rat1"]], leader=0,
                       heroes=[["druid1"], ["warrior1"], ["paladin1"]])
    state._end_phase()
    sacrifice(state, {0: ["owl1", "owl2"]})
    assert state.dawn.total == 4 and state.step == Step.DAWN_HERO and state.decider() == 0
    state.apply(a(Move.SACRIFICE, card="druid1"))
    assert state.dawn.total == 9 and "druid1" in state.used
    state.apply(a(Move.SACRIFICE, card="warrior1"))
    assert state.phase == "over" and state.dawn.ended


def test_heroes_that_bring_the_dawn_to_exactly_ten_end_the_game():
    """Expansion interpretation 16: ten is enough, whether the cards or the heroes reach it."""
    state = dawn_state(hands=[["bat1"], ["deer1"], ["rat1"]], leader=0, heroes=[["druid1"], ["warrior1"], []])
    state._end_phase()
    sacrifice(state, {0: ["bat1"], 1: ["deer1"]})
    assert state.dawn.total == 0 and state.step == Step.DAWN_HERO and state.decider() == 0
    state.apply(a(Move.SACRIFICE, card="druid1"))
    assert state.dawn.total == 5 and state.decider() == 1
    state.apply(a(Move.SACRIFICE, card="warrior1"))
    assert state.dawn.total == 10 and state.phase == "over" and state.dawn.ended


def test_a_dawn_below_ten_discards_the_sacrifice_and_play_goes_on():
    """Expansion interpretation 13 and expansion interpretation 16."""
    state = dawn_state(hands=[["owl1", "bat1"], ["deer1"], ["rat1"]], leader=0, heroes=[["druid1"], [], []])
    state._end_phase()
    sacrifice(state, {0: ["bat1"], 1: ["deer1"]})
    assert state.dawn.total == 0 and state.step == Step.DAWN_HERO
    state.apply(PASS)
    assert state.phase == "dream" and state.leader == 1 and state.dawn.out == ["dawn1"]
    assert {"bat1", "deer1"} <= set(state.discard) and state.dawn.sacrificed == [[], [], []]


def test_an_empty_sacrifice_is_told_as_nothing():
    state = dawn_state(hands=[["bat1"], ["deer1"], ["rat1"]], leader=0, heroes=[[], [], []])
    state._end_phase()
    for _ in range(3):
        state.apply(DONE)
    assert state.aftermath(["A", "B", "C"]) == (
        "The sacrifices are shown (nothing): worth 0. Below 10, and nobody has a hero left to add: the game goes on.")


def test_a_hero_sacrificed_at_the_dawn_is_spent_for_good():
    """Expansion interpretation 16: no Fountain of Youth readies a hero sacrificed at a Dawn."""
    state = dawn_state(hands=[["bat1", "fountain1"], ["deer1"], ["rat1"]], leader=0,
                       heroes=[["druid1", "god_of_war"], [], []], used=["druid1"])
    state._end_phase()
    sacrifice(state, {})
    state.apply(a(Move.SACRIFICE, card="god_of_war"))
    assert state.dawn.spent == ["god_of_war"] and "god_of_war" in state.used and state.phase == "dream"
    assert state.aftermath(["A", "B", "C"]) == ""  # (the reveal was told when it happened)
    assert state.view(1)["dawn"]["spent"] == ["god_of_war"]  # (public: the bots' samples keep it)
    quiet_until = [x for x in state.legal_actions() if x.kind == Move.USE and x.get("card") == "fountain1"]
    while state.decider() != 0 or not quiet_until:
        state.apply(PASS)
        quiet_until = [x for x in state.legal_actions() if x.kind == Move.USE and x.get("card") == "fountain1"]
    assert [x["hero"] for x in quiet_until] == ["druid1"]  # the Druid, used the usual way, may be readied
    doc = GAME.to_position(state)
    assert doc["dawn_spent"] == ["god_of_war"] and GAME.from_position(doc).dawn.spent == ["god_of_war"]
    with pytest.raises(Exception, match="dawn_spent"):
        GAME.from_position({**doc, "dawn_spent": ["druid1", "warrior1"]})


def test_a_dawn_card_never_reaches_a_hand_or_the_table():
    """Expansion interpretation 17 and 11: every card taken from the deck in random games with the
    Dawn is anything but a Dawn card, and the next card comes in its place."""
    for seed in range(6):
        state = GAME.new_game(3 + seed % 3, {DAWN_PHASE: True}, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert not any(c.startswith("dawn") for h in state.hands for c in h)
            assert not any(c.startswith("dawn") for c in state.table)
            state.apply(rng.choice(state.legal_actions()))
    state = dawn_state()
    assert len(state.table) == 5 and state.dawn.aside == ["dawn1"]  # (5 open cards from 6: one was the Dawn)


def test_purist_leaves_out_the_godly_heroes_and_abilities_but_not_the_creatures_or_the_dawn():
    """Expansion interpretation 18."""
    state = GAME.new_game(3, {"purist": True, **ALL}, 2)
    assert state.parts == (MYTHICAL, DAWN_PHASE) and state.step != Step.HERO
    cards = set(state.components())
    assert any(c.startswith("phoenix") for c in cards) and any(c.startswith("dawn") for c in cards)
    assert not any(c.startswith(("horn", "skyhook", "apple")) for c in cards)


def test_the_dawn_count_together_or_each_player_apart():
    """Expansion interpretation 15: two players giving a Rabbit each make 4 together, 2 apart."""
    for count, total in (("together", 4), ("each", 2)):
        state = dawn_state(hands=[["owl1", "bat1"], ["owl2"], ["rat1"]], leader=0,
                           options={**ALL, "dawn_count": count})
        state._end_phase()
        sacrifice(state, {0: ["owl1"], 1: ["owl2"]})
        assert state.dawn.total == total


def test_every_numbered_expansion_decision_is_named_by_a_test():
    import ast
    import re as _re
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "rules" / "spheres-of-life.md").read_text(encoding="utf-8")
    section = doc.split("### Gods & Myths decisions")[1].split("\n## ")[0]
    numbers = _re.findall(r"^(\d+)\.\s", section, _re.MULTILINE)
    assert numbers == [str(n) for n in range(1, len(numbers) + 1)] and len(numbers) >= 18
    texts = []
    for node in ast.walk(ast.parse(Path(__file__).read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            texts.append(ast.get_docstring(node) or "")
    named = set()
    for t in texts:
        for group in _re.findall(r"[Ee]xpansion interpretations? ([\d, and]+)", t):
            named |= set(_re.findall(r"\d+", group))
    assert set(numbers) <= named, sorted(set(numbers) - named, key=int)


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_every_move_of_the_expansion_has_a_sentence_in_the_log(players):
    """Random games with every part on, played through a Match: every move gets a sentence in
    words (no raw action), the Dawn's coming up and its reveal are told, and nothing hidden
    (a face-down sacrifice) is named."""
    from tabletop.engine.match import Match, Seat

    seen_steps, sentences = set(), []
    for seed in range(6):
        m = Match(GAME, [Seat(f"P{i}") for i in range(players)], dict(ALL), seed * 31 + players)
        rng = random.Random(seed)
        m.resolve_chance()
        while not m.is_over():
            step = m.state.step
            action = rng.choice(m.legal_actions())
            m.submit(action)
            m.resolve_chance()
            seen_steps.add(step)
            said = m.sentences[-1]
            assert "=" not in said and "{" not in said, f"a raw action in the log at {step}: {said}"
            if step == Step.SACRIFICE and action.kind == Move.SACRIFICE:
                assert card(action["card"]).name not in said.split("The sacrifices are shown")[0]  # face down
            sentences.append(said)
    assert {Step.PRIO, Step.BONUS, Step.SACRIFICE} <= seen_steps
    assert any("A Dawn card comes up" in s for s in sentences)
    assert any("The sacrifices are shown" in s for s in sentences)


def test_a_position_names_what_is_wrong_with_its_fields_and_sacrifices():
    from tabletop.games.spheres_of_life.position import PositionError

    with pytest.raises(PositionError, match="'fields' must list, for each player"):
        position(fields=[["hades1"], []])  # two Fields for three players
    with pytest.raises(PositionError, match="'fields' must list, for each player"):
        position(fields=[["hades1", "laurel1", "seal1"], [], []])  # three in one Field
    with pytest.raises(PositionError, match="the sacrifice of player 1"):
        position(sacrificed=[["no_such_card"], [], []])


def test_the_expansion_has_the_rule_texts_numbers_of_cards_all_of_our_design_but_the_orb_of_hades():
    from collections import Counter

    from tabletop.games.spheres_of_life.cards import ABILITY, DAWN, HERO, expansion_cards

    cards = expansion_cards()
    heroes = [c for c in cards.values() if c.type == HERO]
    assert len(heroes) == 8 and all(c.part == GODLY_HEROES for c in heroes)
    creatures = Counter(c.kind for c in cards.values() if c.part == MYTHICAL)
    assert len(creatures) == 8 and set(creatures.values()) == {3}
    regular = Counter(c.kind for c in cards.values() if c.type == ABILITY and not c.prolonged)
    prolonged = Counter(c.kind for c in cards.values() if c.prolonged)
    assert sorted(regular.values()) == [3, 3] and len(prolonged) == 6 and set(prolonged.values()) == {2}
    assert sum(regular.values()) + sum(prolonged.values()) == 18
    assert [c.id for c in cards.values() if c.type == DAWN] == [f"dawn{i}" for i in range(1, 6)]
    assert {c.kind for c in cards.values() if not c.own_design} == {"hades"}


# --- the bots' sampled worlds (issue 28, point 7) --------------------------------------------------
def test_a_world_sampled_from_a_view_holds_no_dawn_card_in_a_hand_or_a_sacrifice():
    """A Dawn card never reaches a hand or a face-down sacrifice: a world sampled from a seat's
    view has none there, and every Dawn card out of sight is in its deck, as in the true game."""
    import json

    from tabletop.games.spheres_of_life.dawn import dawn_cards

    dawn, looked = dawn_cards(), 0
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_game(4, {DAWN_PHASE: True}, seed)
        steps = 0
        while not state.is_terminal() and steps < 300:
            seat = state.decider()
            if steps % 4 == 0 and seat is not None and seat >= 0:
                sample = GAME.determinize(json.loads(json.dumps(state.view(seat))), rng)
                assert not [c for pile in sample.hands + sample.dawn.sacrificed for c in pile if c in dawn]
                assert sorted(c for c in sample.deck if c in dawn) == sorted(c for c in state.deck if c in dawn)
                assert sample.consistency_problems() == []
                looked += 1
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
    assert looked > 100


def test_the_consistency_check_names_a_card_where_its_kind_never_lies():
    state = GAME.new_game(3, {DAWN_PHASE: True}, 5)
    assert state.consistency_problems() == []
    dawn_card = next(c for c in state.deck if card(c).type == "dawn")
    state.deck.remove(dawn_card)
    state.hands[1].append(dawn_card)
    assert state.consistency_problems() == [f"{dawn_card} cannot lie in the hand of player 2"]
    state.hands[1].remove(dawn_card)
    assert state.consistency_problems() == [f"its cards are not the game's: {{}} too many, {{{dawn_card!r}: 1}} missing"]
    state.hands[1] += [dawn_card, dawn_card]
    assert state.consistency_problems()[0] == f"its cards are not the game's: {{{dawn_card!r}: 1}} too many, {{}} missing"
    state.hands[1] = [c for c in state.hands[1] if c != dawn_card]
    state.deck.append(dawn_card)
    state.known[0][2].add(state.deck[0])  # player 1 "knows" a card in a hand that is not there
    assert state.consistency_problems() == ["player 1 knows of cards in the hand of player 3 that are not there"]


@pytest.mark.parametrize("place, kind", [("sacrificed", "dawn"), ("bank_cards", "ability"), ("fields", "noble"),
                                         ("heroes", "noble")])
def test_the_consistency_check_names_each_players_place_a_card_may_not_lie_in(place, kind):
    state = GAME.new_game(3, {DAWN_PHASE: True, GODLY_ABILITIES: True}, 5)
    wrong = next(c for c in state.deck if card(c).type == kind and not card(c).prolonged)
    state.deck.remove(wrong)
    getattr(state.dawn if place == "sacrificed" else state, place)[1].append(wrong)  # (the Dawn holds the sacrifices)
    where = {"sacrificed": "the sacrifice", "bank_cards": "the banked sets", "fields": "the Field",
             "heroes": "the heroes"}[place]
    assert state.consistency_problems() == [f"{wrong} cannot lie in {where} of player 2"]
