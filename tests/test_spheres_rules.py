"""Spheres of Life: Mythical Forest rules (1.5), from built positions.

Mutation testing (docs/benchmarks.md): these tests, the interpretation tests and the recorded
games of tests/data catch every mutant of rules.py and position.py but two equivalent ones:
- effects.py, the Mirror of Fate's ``state.effect["kept"] = 0`` (in ``LookAndOrder.resolve``, once
  rules.py's ``_ability``) can be any number,
  since only the Druid's keeping reads it; it stays because a game saved during a Mirror's
  ordering has it in its document, whose digest must not change;
- position.py, the slot sequence of a document that names none (``slot_seed`` 12345): any fixed
  number makes a valid, repeatable game."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.game import IllegalAction
from tabletop.engine.registry import get_game
from tabletop.games.spheres_of_life.bots import determinize
from tabletop.games.spheres_of_life.cards import all_cards, card, main_deck
from tabletop.games.spheres_of_life.rules import DONE, PASS, SKIP, animal_points
from tabletop.games.spheres_of_life import words

GAME = get_game("spheres-of-life")


def a(kind, **args):
    return Action.make(kind, **args)


def position(**kw):
    doc = {"players": 3, "phase": "dream", "leader": 0, "hands": [[], [], []], "deck": ["deer3"] * 0}
    doc.update(kw)
    return GAME.from_position(doc)


def quiet(state, upto=None):
    """Everybody lets the quiet moments and block windows pass."""
    while state.step in ("prio", "block") and (upto is None or state.step != upto):
        state.apply(PASS)


# --- the cards -------------------------------------------------------------------------------
def test_the_deck_has_the_published_counts():
    cards = all_cards().values()
    assert sum(c.type == "noble" for c in cards) == 27 and sum(c.type == "corrupted" for c in cards) == 27
    abilities = [c for c in cards if c.type == "ability"]
    assert len(abilities) == 39 and sum(c.kind == "apple" for c in abilities) == 7
    assert all(sum(x.kind == k for x in abilities) == 4 for k in {c.kind for c in abilities} - {"apple"})
    heroes = sorted(c.kind for c in cards if c.type == "hero")
    assert heroes == ["druid", "druid", "paladin", "paladin", "warrior", "warrior", "windmaster"]
    assert len(main_deck()) == 93 and len(main_deck(True)) == 54
    named = {c.kind for c in cards if not c.own_design}
    assert {"rabbit", "deer", "bison", "snake", "bear", "wolf", "apple", "water", "time", "fire"} <= named
    assert all(c.text for c in cards)


# --- set-up, Day and Night -----------------------------------------------------------------------
def test_setup_heroes_in_seat_order_then_three_cards_each_and_the_first_day():
    state = GAME.new_game(3, {}, 4)
    assert state.step == "hero" and state.decider() == 0
    kinds = [x["card"] for x in state.legal_actions()]
    assert sorted(card(c).kind for c in kinds) == ["druid", "paladin", "warrior", "windmaster"]
    state.apply(a("hero", card="druid1"))
    assert state.decider() == 1
    state.apply(a("hero", card="windmaster"))
    state.apply(a("hero", card="warrior1"))
    assert state.phase == "day" and [len(h) for h in state.hands] == [3, 3, 3]
    assert state.leader == 1 and state.wind_lead == 3  # the Windmaster leads the first three phases
    assert len(state.table) == 3 and len(state.deck) == 93 - 9 - 3


def test_two_players_take_two_heroes_each():
    state = GAME.new_game(2, {}, 4)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert [len(h) for h in state.heroes] == [2, 2]
    assert len(state.table) == 6 and state.queue == [0, 1, 0, 1, 0, 1]


def test_day_each_picks_one_open_card_in_turn_then_draws_one():
    state = position(phase="day", hands=[[], [], []], deck=["deer1", "deer2", "deer3", "owl1", "owl2", "owl3"],
                     table=["rabbit1", "snake1", "bison1"], leader=1)
    assert state.step == "pick" and state.decider() == 1
    with pytest.raises(IllegalAction):
        state.apply(PASS)  # nobody may skip a Day pick
    state.apply(a("pick", card="snake1"))
    state.apply(a("pick", card="rabbit1"))
    state.apply(a("pick", card="bison1"))
    assert "snake1" in state.hands[1] and "rabbit1" in state.hands[2] and "bison1" in state.hands[0]
    # then each drew one random card (the top of the deck) and the Night began, led by player 3
    assert [len(h) for h in state.hands] == [2, 2, 2]
    assert {c for h in state.hands for c in h} - {"snake1", "rabbit1", "bison1"} == {"owl3", "owl2", "owl1"}
    assert state.phase == "night" and state.leader == 2
    # the open picks are known to everybody
    assert "snake1" in state.known[0][1] and "rabbit1" in state.known[1][2]


def test_night_discard_up_to_two_then_take_up_to_as_many_and_the_rest_is_discarded():
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan") for i in (1, 2, 3)]
    state = position(phase="night", hands=[["snake1", "bear1", "rabbit1"], ["wolf1"], []], deck=deck, leader=0,
                     begin=True)
    assert len(state.table) == 6 and state.decider() == 0
    state.apply(a("discard", card="bear1"))
    state.apply(a("discard", card="snake1"))
    with pytest.raises(IllegalAction):
        state.apply(a("discard", card="rabbit1"))  # two at most
    state.apply(DONE)
    assert state.step == "night_take"
    first = next(x for x in state.legal_actions() if x.kind == "pick")["card"]
    state.apply(a("pick", card=first))
    state.apply(DONE)  # may take fewer
    assert state.decider() == 1
    state.apply(DONE)  # discarding nothing: taking nothing
    assert state.decider() == 2
    state.apply(DONE)
    assert state.phase == "dream" and state.leader == 1
    assert {"bear1", "snake1"} <= set(state.discard) and len(state.discard) == 2 + 5



def test_a_two_player_night_lays_out_twelve_cards_and_allows_six_discards():
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan", "bison", "rabbit") for i in (1, 2, 3)]
    hand = ["snake1", "snake2", "snake3", "bear1", "bear2", "bear3", "wolf1"]
    state = position(players=2, phase="night", hands=[list(hand), ["wolf2"]], deck=deck, leader=0, begin=True)
    assert len(state.table) == 12 and state.decider() == 0
    for c in hand[:6]:
        state.apply(a("discard", card=c))
    assert state.step == "night_discard" and state.legal_actions() == [DONE]
    with pytest.raises(IllegalAction):
        state.apply(a("discard", card="wolf1"))  # six at most
    state.apply(DONE)
    assert state.step == "night_take"


def phase_by_phase(state, phases):
    """Play plain moves (pass, done, skip, the first choice) until ``phases`` phases have ended;
    the leader of each phase met on the way."""
    leaders, done = [(state.phase, state.leader)], state.phases_done
    while state.phases_done < done + phases:
        legal = state.legal_actions()
        state.apply(next((x for x in legal if x in (PASS, DONE, SKIP)), legal[0]))
        if state.phases_done != done + len(leaders) - 1:
            leaders.append((state.phase, state.leader))
    return leaders


def test_the_windmasters_owner_leads_the_first_three_phases_then_the_lead_moves_on():
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan", "bison", "rabbit", "wolf", "bear", "snake") for i in (1, 2, 3)]
    state = position(phase="day", leader=1, wind_lead=3, begin=True, hands=[["otter1"], ["heron1"], ["lynx1"]],
                     heroes=[[], ["windmaster"], []], deck=deck)
    assert phase_by_phase(state, 2) == [("day", 1), ("night", 1), ("dream", 1)] and state.round() == 0
    assert phase_by_phase(state, 1) == [("dream", 1), ("day", 2)]
    assert state.phases_done == 3 and state.round() == 1  # three phases make a round
    assert phase_by_phase(state, 1) == [("day", 2), ("night", 0)]
    assert "Earlier rounds" not in dict(state.scores()[0].parts)  # a single game: no earlier rounds

# --- the Dream: bonus action and actions ------------------------------------------------------
def test_bank_one_set_per_dream_before_the_action():
    state = position(hands=[["rabbit1", "rabbit2", "rabbit3", "snake1", "snake2", "snake3"], ["owl1"], ["owl2"]])
    quiet(state)
    assert state.step == "bonus"
    assert set(state.legal_actions()) == {a("bank", species="rabbit"), a("bank", species="snake"), SKIP}
    state.apply(a("bank", species="snake"))
    assert state.step == "action" and state.banked[0] == ["snake"]
    assert not any(x.kind == "bank" for x in state.legal_actions())


def test_steal_points_at_a_card_back_and_takes_that_card():
    state = position(hands=[["owl1"], ["rabbit1", "snake1", "bison1"], ["wolf1"]])
    quiet(state)
    state.apply(a("steal", target=1))
    quiet(state)
    assert state.step == "steal_pos" and len(state.legal_actions()) == 3
    wanted = state.hands[1][2]
    state.apply(a("position", index=2))
    assert wanted in state.hands[0] and wanted not in state.hands[1]
    assert state.turn == 1
    # the victim knows what was taken; the third player forgot what they knew of that hand
    assert wanted in state.known[1][0]


def test_gift_goes_to_the_chosen_player_and_cannot_be_refused():
    state = position(hands=[["snake1", "owl1"], ["rabbit1"], ["wolf1"]])
    quiet(state)
    state.apply(a("gift", card="snake1", to=2))
    quiet(state)
    assert "snake1" in state.hands[2] and state.turn == 1
    assert "snake1" in state.known[0][2] and "snake1" not in state.known[1][2]


def test_a_pending_gift_passes_face_down_in_every_view_but_the_givers():
    # issue 17.9: while the gift waited in the block window, every view named its card
    import json
    import random

    state = position(hands=[["snake1", "owl1"], ["rabbit1"], ["wolf1"]])
    quiet(state)
    state.apply(a("gift", card="snake1", to=2))
    assert state.step == "block" and state.chain[0]["action"]["card"] == "snake1"
    assert state.view(0)["chain"][0]["action"] == {"kind": "gift", "card": "snake1", "to": 2}
    for seat in (1, 2, None):  # a third player, the receiver before deciding to block, a spectator
        view = state.view(seat)
        assert view["chain"][0]["action"] == {"kind": "gift", "card": None, "to": 2}
        assert "snake1" not in json.dumps(view)
        if seat is not None:  # a bot's sample makes the gift a card of the giver's hand
            sample = GAME.determinize(json.loads(json.dumps(view)), random.Random(3))
            assert sample.chain[0]["action"]["card"] in sample.hands[0]
            assert sample.view(seat) == view
    quiet(state)
    assert "snake1" in state.hands[2]


def test_exchange_the_first_player_in_turn_who_accepts_swaps():
    state = position(hands=[["snake1", "owl1"], ["rabbit1"], ["rabbit2", "deer1"]])
    quiet(state)
    state.apply(a("exchange", card="snake1", want="rabbit"))
    quiet(state)
    assert state.step == "accept" and state.decider() == 1
    state.apply(Action.make("decline"))
    assert state.decider() == 2
    state.apply(a("accept", card="rabbit2"))
    assert "rabbit2" in state.hands[0] and "snake1" in state.hands[2]
    # an exchange is open: everybody saw both cards
    assert "snake1" in state.known[1][2] and "rabbit2" in state.known[1][0]



def test_an_exchange_offer_asks_the_others_in_turn_as_one_question_to_the_table():
    state = position(hands=[["snake1", "owl1"], ["rabbit1"], ["rabbit2", "deer1"]])
    quiet(state)
    state.apply(a("exchange", card="snake1", want="rabbit"))
    quiet(state)
    text, offer = state.window(["Ada", "Ben", "Cleo"])
    assert text == f"Ada offers {card('snake1').name} for a Noble Rabbit. Does anyone accept?"
    # the rounds of asking are counted: the quiet moment, the block window, then the offer
    assert offer == state.window_id == 3
    assert state.window()[0] == text.replace("Ada", "Player 1")  # (no names given: seat numbers)
    assert state.window_order() == [1, 2]
    assert not state.formality()  # Ben holds a rabbit: accepting is a real choice
    state.apply(Action.make("decline"))
    assert state.window_order() == [2]
    # nobody accepted: the proposer falls back to a steal or a gift, and nobody else is asked
    state.apply(Action.make("decline"))
    assert state.step == "fallback" and state.window_order() == [] and state.window(["Ada", "Ben", "Cleo"]) is None



def test_in_the_day_only_a_heros_owner_is_asked_and_not_as_a_question_to_the_table():
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan") for i in (1, 2, 3)]
    state = position(phase="day", begin=True, hands=[["snake1"], ["bear1"], ["wolf1"]], heroes=[[], ["warrior1"], []],
                     deck=deck)
    assert state.step == "prio" and state.decider() == 1
    assert state.window(["Ada", "Ben", "Cleo"]) is None


def test_the_banner_asks_for_an_ability_or_a_hero_in_the_dream_and_for_a_hero_otherwise():
    dream = position(hands=[["snake1"], ["rabbit1"], ["deer1"]], heroes=[["warrior1"], [], []])
    assert dream.step == "prio" and dream.prompt() == "use an ability card or your hero now, or pass"
    # no hero left to use: the ability cards only (a review: "or your hero" with both heroes used)
    for heroes, used in (([[], [], []], []), ([["warrior1"], [], []], ["warrior1"])):
        spent = position(hands=[["snake1"], ["rabbit1"], ["deer1"]], heroes=heroes, used=used)
        assert spent.step == "prio" and spent.prompt() == "use an ability card now, or pass"
        view = spent.view(0)
        assert words.prompt_title(view, ["Ada", "Ben", "Cleo"], True, None, None) == \
            "Your choice: play an ability card now, or pass."
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan") for i in (1, 2, 3)]
    day = position(phase="day", begin=True, hands=[["snake1"], ["bear1"], ["wolf1"]], heroes=[[], ["warrior1"], []],
                   deck=deck)
    assert day.step == "prio" and day.prompt() == "use your hero now, or pass"


def test_a_druids_owner_is_asked_in_the_day_only_when_another_player_holds_cards():
    deck = [f"{k}{i}" for k in ("otter", "owl", "swan") for i in (1, 2, 3)]
    for others, asked in (([[], []], False), ([["bear1"], []], True)):
        state = position(phase="day", hands=[["snake1"], *others], heroes=[["druid1"], [], []], deck=deck,
                         table=["deer1", "deer2", "deer3"])
        assert (state.step == "prio" and state.decider() == 0) == asked, others


@pytest.mark.parametrize("action, words", [
    (("gift", {"card": "snake1", "to": 2}), "Ada declares a gift to Cleo. Does anyone block it?"),
    (("steal", {"target": 1}), "Ada declares a steal from Ben. Does anyone block it?"),
    (("exchange", {"card": "snake1", "want": "rabbit"}), "Ada declares an exchange. Does anyone block it?"),
])
def test_a_declared_action_is_put_to_the_table_in_words(action, words):
    state = position(hands=[["snake1", "owl1"], ["rabbit1"], ["deer1"]])
    quiet(state)
    state.apply(a(action[0], **action[1]))
    assert state.step == "block" and state.window(["Ada", "Ben", "Cleo"])[0] == words


def test_a_question_with_several_answers_is_never_a_formality_even_when_done_comes_first():
    state = position(hands=[[], ["owl1", "snake1", "rabbit1"], []], heroes=[["druid1"], [], []], deck=["swan1"])
    state.apply(a("use", card="druid1", target=1))
    assert state.step == "druid_keep" and state.legal_actions()[0] == DONE and len(state.legal_actions()) > 1
    assert not state.formality()


def test_the_last_no_of_the_last_dream_shows_the_final_hands():
    state = position(hands=[["snake1"], ["rabbit1"], ["deer1"]], closing=True)
    state.queue, state.prio, state.step = [], [0, 1, 2], "prio"
    assert state.last_dream and not state.deck
    state.apply(PASS)
    state.apply(PASS)
    assert state.reveals(PASS)  # the game ends: nothing else changes, but the scores are out
    state.apply(PASS)
    assert state.is_terminal()


def test_without_a_windmaster_the_view_says_no_phase_is_led_by_one():
    state = GAME.new_game(2, {"purist": True}, 3)
    assert state.view(0)["wind_lead"] == 0 and state.leader == 0

def test_what_a_move_shows_the_other_players():
    """Undo stops at a move that shows the undoing player a card they could not know: a quiet "no",
    an order of one's own hand or a declared steal show nothing; the card a steal takes is shown to
    the thief alone; a "no" that ends a phase shows the next phase's cards."""
    state = position(hands=[["snake1", "owl1"], ["rabbit1"], ["deer1"]], deck=["swan1", "swan2", "swan3"])
    assert state.step == "prio" and not state.reveals(PASS)
    assert not state.reveals(a("arrange", order="1,0"))
    quiet(state)
    assert state.shown_to(a("steal", target=1)) == set()  # (declared: nothing is taken yet)
    state.apply(a("steal", target=1))
    state.apply(PASS)
    state.apply(PASS)  # (nobody blocks)
    assert state.step == "steal_pos" and state.shown_to(a("position", index=0)) == {0}
    quiet(state)
    assert state.formality() is False and state.legal_actions()[0].kind != "pass"
    last = position(hands=[["snake1"], ["rabbit1"], ["deer1"]], deck=["swan1", "swan2", "swan3"], closing=True)
    last.queue, last.prio = [], [0, 1, 2]
    last.step = "prio"
    while last.prio[1:]:
        assert not last.reveals(PASS)
        last.apply(PASS)
    assert last.reveals(PASS)  # the last "no" of the Dream ends it: the next Day's cards are laid out


@pytest.mark.parametrize("purist", [False, True])
def test_an_exchange_may_ask_for_any_kind_of_the_main_deck_but_the_one_offered(purist):
    state = position(hands=[["snake1"], ["rabbit1"], ["deer1"]], options={"purist": purist})
    quiet(state)
    wanted = {x["want"] for x in state.legal_actions() if x.kind == "exchange"}
    deck_kinds = {card(c).kind for c in main_deck(purist)}
    assert wanted == deck_kinds - {"snake"}
    assert ("fire" in wanted) == (not purist) and "druid" not in wanted

def test_option_exchange_choose_lets_the_proposer_choose_among_those_who_accept():
    hands = [["snake1", "owl1"], ["rabbit1", "bat1"], ["rabbit2", "deer1"], ["rabbit3"]]
    state = position(players=4, hands=hands, options={"exchange": "choose"})
    quiet(state)
    state.apply(a("exchange", card="snake1", want="rabbit"))
    quiet(state)
    state.apply(a("accept", card="rabbit1"))
    # everyone is still asked, and an acceptance shows the card
    assert state.step == "accept" and state.decider() == 2 and "rabbit1" in state.known[3][1]
    state.apply(Action.make("decline"))
    state.apply(a("accept", card="rabbit3"))
    assert state.step == "partner" and state.decider() == 0
    assert sorted(x["seat"] for x in state.legal_actions()) == [1, 3]
    state.apply(a("partner", seat=3))
    assert "rabbit3" in state.hands[0] and "snake1" in state.hands[3] and "rabbit1" in state.hands[1]
    assert state.turn == 1
    # a single acceptance makes the exchange without asking the proposer
    one = position(players=3, hands=[["snake1"], ["rabbit1"], ["deer1"]], options={"exchange": "choose"})
    quiet(one)
    one.apply(a("exchange", card="snake1", want="rabbit"))
    quiet(one)
    one.apply(a("accept", card="rabbit1"))
    one.apply(Action.make("decline"))
    assert "rabbit1" in one.hands[0] and one.step != "partner"


def test_a_declared_exchange_shows_the_card_offered_even_if_it_is_then_blocked():
    state = position(hands=[["snake1", "owl1"], ["apple1"], ["deer1"]])
    quiet(state)
    state.apply(a("exchange", card="snake1", want="rabbit"))
    assert state.step == "block" and "snake1" in state.known[1][0] and "snake1" in state.known[2][0]
    assert "owl1" not in state.known[1][0]
    state.apply(a("block", card="apple1"))
    quiet(state)
    assert "snake1" in state.hands[0] and "snake1" in state.view(2)["hands"][0]["known"]


def test_an_exchange_nobody_accepts_falls_back_to_steal_or_forced_gift():
    state = position(hands=[["snake1", "owl1"], ["rabbit1"], ["deer1"]])
    quiet(state)
    state.apply(a("exchange", card="snake1", want="bison"))
    quiet(state)
    state.apply(Action.make("decline"))  # (player 2 has no bison and may only decline)
    state.apply(Action.make("decline"))
    assert state.step == "fallback" and state.decider() == 0
    kinds = {x.kind for x in state.legal_actions()}
    assert kinds == {"steal", "gift"}
    state.apply(a("gift", card="snake1", to=1))
    assert "snake1" in state.hands[1] and state.turn == 1


def test_a_player_with_no_cards_must_steal_and_nobody_with_cards_skips_the_action():
    state = position(hands=[[], ["rabbit1"], []])
    quiet(state)
    assert {x.kind for x in state.legal_actions()} == {"steal"}
    empty = position(hands=[[], [], []], deck=["owl1"])
    quiet(empty)
    # nobody holds a card: every action is skipped and the Dream ends
    assert empty.phase == "day"


# --- ability cards and blocks ---------------------------------------------------------------------
def test_blocking_an_action_discards_the_apple_and_the_action_is_lost():
    state = position(hands=[["owl1"], ["rabbit1", "apple1"], ["wolf1"]])
    quiet(state)
    state.apply(a("steal", target=1))
    assert state.step == "block" and state.decider() == 1
    state.apply(a("block", card="apple1"))
    quiet(state, upto=None)
    assert state.hands[1] == ["rabbit1"] and state.hands[0] == ["owl1"]
    assert "apple1" in state.discard and state.turn == 1


def test_a_block_can_be_blocked_and_then_the_action_goes_through():
    state = position(hands=[["owl1", "apple2"], ["rabbit1", "apple1"], ["wolf1", "apple3"]])
    quiet(state)
    state.apply(a("gift", card="owl1", to=2))
    state.apply(PASS)  # player 2
    state.apply(a("block", card="apple3"))  # player 3 refuses the gift
    assert state.decider() == 0  # the window of the block: clockwise from the blocker's left
    state.apply(a("block", card="apple2"))  # the giver blocks the block
    state.apply(PASS)
    state.apply(PASS)
    assert "owl1" in state.hands[2]
    assert {"apple2", "apple3"} <= set(state.discard)


def test_blocking_an_ability_discards_both_cards():
    state = position(hands=[["fire1", "owl1"], ["apple1"], []], deck=["deer1", "deer2"])
    state.apply(a("use", card="fire1"))
    state.apply(a("block", card="apple1"))
    quiet(state)
    assert state.hands[0] == ["owl1"] and len(state.deck) == 2
    assert {"fire1", "apple1"} <= set(state.discard)


def test_abilities_are_playable_only_when_their_effect_can_happen():
    state = position(hands=[["fire1", "earth1", "raven1", "wind1", "root1"], ["owl1"], []], deck=["deer1"])
    usable = {x["card"] for x in state.legal_actions() if x.kind == "use"}
    assert usable == {"fire1", "wind1"}  # earth needs 2 cards in the deck, raven a hand of 2, root a discard
    assert not any(x.kind == "use" and x["card"].startswith("apple") for x in state.legal_actions())


def test_orb_of_fire_and_orb_of_earth_draw():
    state = position(hands=[["fire1", "earth1"], ["owl1"], []], deck=["deer1", "deer2", "deer3"])
    state.apply(a("use", card="earth1"))
    quiet(state, upto="prio")
    assert len(state.hands[0]) == 3 and "earth1" in state.discard
    assert state.step == "prio" and state.decider() == 0  # a new quiet moment, same turn


def test_orb_of_water_ends_the_dream_and_orb_of_time_restarts_it():
    state = position(hands=[["water1"], ["owl1"], ["owl2"]], deck=["deer1"] + [f"swan{i}" for i in (1, 2, 3)])
    state.apply(a("use", card="water1"))
    quiet(state)
    assert state.phase == "day" and state.leader == 1
    t = position(hands=[["time1", "owl1"], ["rabbit1"], ["deer1", "bison1", "bison2", "bison3"]],
                 deck=["swan1"])
    quiet(t)
    t.apply(a("gift", card="owl1", to=1))
    quiet(t, upto="bonus")
    assert t.turn == 1
    t.apply(a("steal", target=2))
    quiet(t)
    t.apply(a("position", index=0))
    assert t.turn == 2 and t.step == "prio"
    t.apply(PASS)  # player 3 first (the quiet moment starts with the player whose turn it is)
    t.apply(a("use", card="time1"))
    quiet(t)
    assert t.queue == [0, 1, 2] and t.banked_this_dream == []


def test_raven_takes_two_cards_and_wind_and_root():
    state = position(hands=[["raven1", "wind1", "snake1", "bear1"], ["owl1", "owl2", "owl3"], []],
                     discard=["rabbit1"], deck=["deer1"])
    state.apply(a("use", card="raven1", target=1))
    quiet(state)
    state.apply(a("position", index=0))
    state.apply(a("position", index=0))
    assert sum(c.startswith("owl") for c in state.hands[0]) == 2 and len(state.hands[1]) == 1
    state.apply(a("use", card="wind1"))
    quiet(state)
    state.apply(a("discard", card="snake1"))
    assert state.step == "wind"  # one more may go, or DONE
    state.apply(a("discard", card="bear1"))
    assert "snake1" in state.discard and "bear1" in state.discard and "wind1" in state.discard
    assert state.step != "wind" and state.effect == {}  # the second card ends it, with owls still in hand


def test_mirror_of_fate_orders_a_hand_and_locks_it():
    state = position(hands=[["mirror1"], ["owl1", "snake1", "rabbit1"], []], deck=["deer1"])
    state.apply(a("use", card="mirror1", target=1))
    quiet(state)
    assert state.step == "order"
    state.apply(a("order", card="rabbit1"))
    state.apply(a("order", card="owl1"))
    assert state.hands[1] == ["rabbit1", "owl1", "snake1"] and state.locked[1] == "mirror"
    assert state.order_known[0][1] and not state.order_known[2][1]
    view = state.view(0)
    assert view["hands"][1]["cards"] == ["rabbit1", "owl1", "snake1"]
    assert state.view(2)["hands"][1]["cards"] is None


# --- heroes ---------------------------------------------------------------------------------------
def test_paladin_takes_every_copy_of_the_named_animal_and_shows_every_hand():
    state = position(hands=[["rabbit1"], ["rabbit2", "snake1"], ["rabbit3", "deer1"]],
                     heroes=[["paladin1"], [], []], deck=["owl1"])
    state.apply(a("use", card="paladin1", species="rabbit"))
    assert sorted(state.hands[0]) == ["rabbit1", "rabbit2", "rabbit3"]
    assert "paladin1" in state.used and state.known[2][1] == {"snake1"}
    assert not any(x.get("card") == "paladin1" for x in state.legal_actions())  # once a game


def test_the_paladins_owner_shows_everybody_one_animal_of_the_species_named_and_nothing_else():
    state = position(hands=[["owl2", "rabbit1"], ["rabbit2", "snake1"], ["deer1"]],
                     heroes=[["paladin1"], [], []], deck=["owl1"])
    state.apply(a("use", card="paladin1", species="rabbit"))
    assert sorted(state.hands[0]) == ["owl2", "rabbit1", "rabbit2"]
    for other in (1, 2):
        shown = state.known[other][0]
        assert len(shown & {"rabbit1", "rabbit2"}) == 1 and "owl2" not in shown


def test_druid_keeps_up_to_two_and_orders_the_rest():
    state = position(hands=[[], ["owl1", "snake1", "rabbit1", "deer1"], []], heroes=[["druid1"], [], []],
                     deck=["swan1"])
    state.apply(a("use", card="druid1", target=1))
    assert state.step == "druid_keep"
    state.apply(a("take", card="owl1"))
    state.apply(a("take", card="rabbit1"))
    assert state.step == "order"
    state.apply(a("order", card="snake1"))
    assert state.hands[1] == ["snake1", "deer1"] and state.locked[1] == "druid"
    assert sorted(state.hands[0]) == ["owl1", "rabbit1"]
    with pytest.raises(IllegalAction, match="locked"):
        # the victim may not rearrange a Druid's order until the phase ends
        state.step, state.queue, state.prio = "action", [1, 2], []
        state.apply(a("arrange", order="1,0"))



@pytest.mark.parametrize("hand, kept, locked", [(["owl1", "snake1", "rabbit1"], 2, "druid"), (["owl1", "snake1"], 2, None)])
def test_druid_leaves_one_card_or_none_without_asking_for_an_order(hand, kept, locked):
    """One card left has only one order, and none has none: the Druid is not asked; a card that
    stays is locked and the Druid knows where it is."""
    state = position(hands=[[], list(hand), []], heroes=[["druid1"], [], []], deck=["swan1"])
    state.apply(a("use", card="druid1", target=1))
    for c in hand[:kept]:
        state.apply(a("take", card=c))
    assert state.step != "order" and state.effect == {}
    assert state.hands[1] == hand[kept:] and state.locked[1] == locked
    assert state.view(0)["hands"][1]["cards"] == hand[kept:]


def test_what_a_seat_cannot_see_the_deck_and_unseen_cards_of_other_hands():
    state = position(hands=[[], ["owl1", "snake1", "rabbit1"], ["deer1"]], heroes=[["druid1"], [], []], deck=["swan1"])
    assert state.hidden_from(0) == {"swan1", "owl1", "snake1", "rabbit1", "deer1"}
    assert state.hidden_from(None) == state.hidden_from(0)  # (Ada holds nothing: a spectator sees as much)
    state.apply(a("use", card="druid1", target=1))
    state.apply(a("take", card="owl1"))
    state.apply(DONE)
    while state.step == "order":
        state.apply(state.legal_actions()[0])
    # the Druid ordered Ben's hand: he knows every card in it; Cleo saw nothing
    assert state.hidden_from(0) == {"swan1", "deer1"}
    assert {"snake1", "rabbit1"} <= state.hidden_from(2) and "owl1" in state.hidden_from(2)

def test_warrior_loses_up_to_three_cards_discarded_or_given():
    state = position(hands=[["snake1", "bear1", "wolf1", "owl1"], [], []], heroes=[["warrior1"], [], []],
                     deck=["swan1"])
    state.apply(a("use", card="warrior1"))
    state.apply(a("lose", card="snake1", to=-1))
    state.apply(a("lose", card="bear1", to=2))
    state.apply(a("lose", card="wolf1", to=1))
    assert state.hands[0] == ["owl1"] and "snake1" in state.discard
    assert state.hands[2] == ["bear1"] and state.hands[1] == ["wolf1"]
    assert state.step != "warrior" and state.effect == {}  # the third card ends it
    short = position(hands=[["snake1", "bear1"], [], []], heroes=[["warrior1"], [], []], deck=["swan1"])
    short.apply(a("use", card="warrior1"))
    short.apply(a("lose", card="snake1", to=-1))
    assert short.step == "warrior"  # the owner may go on, or stop with DONE
    short.apply(a("lose", card="bear1", to=-1))
    assert short.step != "warrior" and short.effect == {}  # nothing left to lose


def test_windmaster_ends_the_phase_and_starts_a_day_or_night_it_leads():
    state = position(hands=[["owl1"], ["rabbit1"], []], heroes=[[], [], ["windmaster"]], deck=[f"swan{i}" for i in (1, 2, 3)] + ["deer1", "deer2", "deer3"])
    state.apply(PASS)
    state.apply(PASS)
    state.apply(a("use", card="windmaster", phase="night"))
    assert state.phase == "night" and state.leader == 2 and state.decider() == 2


# --- the end --------------------------------------------------------------------------------------
def test_the_windmaster_needs_cards_in_the_deck_for_the_phase_it_starts():
    """With the deck empty before the Last Dream, the Windmaster could not lay out a new phase: its
    owner is not even asked (the quiet moment goes on to the Day's pick)."""
    for deck, asked in (([], False), (["swan1"], True)):
        state = position(phase="day", hands=[["owl1"], ["rabbit1"], []], heroes=[[], [], ["windmaster"]], deck=deck,
                         table=["deer1", "deer2", "deer3"])
        assert not state.last_dream
        assert (state.step == "prio" and state.decider() == 2) == asked
        assert any(x.get("card") == "windmaster" for x in state.legal_actions()) == asked
    # in a Dream everybody is asked; once a Fire has drawn the deck's last card, the Windmaster's
    # owner is asked all the same but may not use it
    dream = position(hands=[["fire1"], ["rabbit1"], ["owl1"]], heroes=[[], [], ["windmaster"]], deck=["swan1"])
    assert not dream.last_dream and dream.decider() == 0
    dream.apply(a("use", card="fire1"))
    quiet(dream, upto="prio")
    assert dream.step == "prio" and not dream.deck and not dream.last_dream
    while dream.decider() != 2:
        dream.apply(PASS)
    assert dream.legal_actions() == [PASS]


def test_the_deck_running_out_brings_the_last_dream_where_water_and_windmaster_are_not_allowed():
    state = position(phase="day", hands=[["water1", "time1"], ["owl1"], ["rabbit1"]], table=["deer1", "deer2", "deer3"],
                     deck=["swan1"], heroes=[["windmaster"], [], []])
    while state.phase == "day":
        acts = state.legal_actions()
        state.apply(next(x for x in acts if x.kind == "pick") if state.step == "pick" else PASS)
    assert state.phase == "dream" and state.last_dream and not state.deck
    while state.decider() != 0:
        state.apply(PASS)
    uses = {x["card"] for x in state.legal_actions() if x.kind == "use"}
    assert "water1" not in uses and "windmaster" not in uses and "time1" in uses
    while state.decider() is not None:
        state.apply(random.Random(1).choice(state.legal_actions()) if state.step not in ("prio",) else PASS)
    assert state.phase == "over"


def test_scoring_the_rulebook_example_is_eleven():
    state = GAME.from_position({
        "players": 2, "phase": "over",
        "hands": [["bear1", "wolf1", "wolf2", "rabbit1", "rabbit2", "rabbit3", "apple1", "apple2"], []],
        "bank_cards": [["bison1", "bison2", "bison3", "snake1", "snake2", "snake3"], []],
    })
    score = state.scores()[0]
    assert score.total == 11


@pytest.mark.parametrize("copies, points", [(1, 1), (2, 4), (3, 9), (4, 10), (5, 13), (6, 18)])
def test_more_copies_than_a_set_score_nine_plus(copies, points):
    assert animal_points(copies) == points


def test_ties_go_to_fewer_cards_then_a_draw():
    state = GAME.from_position({"players": 3, "phase": "over",
                                "hands": [["rabbit1"], ["deer1", "owl1", "snake1"], ["swan1"]]})
    assert [s.total for s in state.scores()] == [1, 1, 1]
    assert state.winners() == [0, 2]


def test_purist_has_no_heroes_and_no_abilities():
    state = GAME.new_game(4, {"purist": True}, 3)
    assert state.phase == "day" and all(not h for h in state.heroes)
    every = state.deck + state.table + [c for h in state.hands for c in h]
    assert all(card(c).is_animal for c in every) and len(every) == 54


# --- hidden information -----------------------------------------------------------------------------
def test_views_hide_other_hands_and_the_deck_and_determinize_respects_knowledge():
    state = position(hands=[["snake1", "owl1"], ["rabbit1", "deer1"], ["wolf1"]], deck=["swan1", "swan2"])
    quiet(state)
    state.apply(a("gift", card="snake1", to=1))
    quiet(state)
    view = state.view(0)
    assert view["hands"][1]["cards"] is None and view["hands"][1]["size"] == 3
    assert view["hands"][1]["known"] == ["snake1"]
    assert "swan1" not in str(view) and "rabbit1" not in str(view) and "wolf1" not in str(view)
    for seed in range(20):
        sample = determinize(view, random.Random(seed))
        assert "snake1" in sample.hands[1] and sample.hands[0] == state.hands[0]
        assert sorted(c for h in sample.hands for c in h) != [] and len(sample.deck) == 2


def test_arranging_ones_own_hand():
    state = position(hands=[["owl1", "snake1", "rabbit1"], ["deer1"], []], deck=["swan1"])
    state.apply(a("arrange", order="2,0,1"))
    assert state.hands[0] == ["rabbit1", "owl1", "snake1"]
    with pytest.raises(IllegalAction):
        state.apply(a("arrange", order="0,0,1"))
    state.apply(a("arrange", order="1,2,0", seat=0))  # the first seat, named
    assert state.hands[0] == ["owl1", "snake1", "rabbit1"]
    for seat in (-1, 3):
        with pytest.raises(IllegalAction, match="Nobody may arrange a hand now"):
            state.apply(a("arrange", order="0", seat=seat))


def test_any_player_may_arrange_their_hand_out_of_turn_but_not_while_it_is_pointed_at():
    state = position(hands=[["owl1"], ["rabbit1", "snake1", "bison1"], ["wolf1"]])
    assert state.decider() == 0
    decider, legal = state.decider(), state.legal_actions()
    state.apply(a("arrange", order="2,1,0", seat=1))
    assert state.hands[1] == ["bison1", "snake1", "rabbit1"]
    # it changes nothing in play: the same player decides among the same choices
    assert state.decider() == decider and state.legal_actions() == legal
    for bad in (a("arrange", order="0", seat=7), a("arrange", order="0", seat="x"), a("arrange", order="0,1", seat=1)):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    quiet(state)
    state.apply(a("steal", target=1))
    quiet(state)
    assert state.step == "steal_pos"
    with pytest.raises(IllegalAction, match="another player's hands"):
        state.apply(a("arrange", order="1,0,2", seat=1))
    state.apply(a("arrange", order="0", seat=0))  # the thief's own hand is still theirs to order
    assert state.step == "steal_pos"


def test_clones_and_determinized_states_share_no_lists_with_their_source():
    state = position(hands=[["mirror1"], ["owl1", "snake1", "rabbit1"], []], deck=["deer1"])
    state.apply(a("use", card="mirror1", target=1))
    quiet(state)
    copy = state.clone()
    copy.apply(a("order", card="rabbit1"))
    assert state.effect["placed"] == [] and len(state.effect["left"]) == 3
    view = state.view(0)
    sample = determinize(view, random.Random(1))
    sample.apply(a("order", card="rabbit1"))
    assert view["effect"]["placed"] == [] and len(view["effect"]["left"]) == 3


def test_a_match_of_several_rounds_adds_up_the_points():
    state = GAME.new_game(3, {"rounds": 2}, 8)
    rng = random.Random(8)
    first_totals = None
    while state.decider() is not None:
        before = state.match_round
        state.apply(rng.choice(state.legal_actions()))
        if state.match_round != before:
            first_totals = list(state.carried)
            assert state.step == "hero" and all(not h for h in state.hands) and len(state.deck) == 93
            while state.step == "hero":
                state.apply(next(x for x in state.legal_actions() if x["card"] != "windmaster"))
            assert state.phase == "day" and state.leader == 1  # the second round starts one seat on
    assert first_totals is not None and state.match_round == 2
    for p, score in enumerate(state.scores()):
        assert dict(score.parts)["Earlier rounds"] == first_totals[p]
        assert score.total == first_totals[p] + sum(v for k, v in score.parts if k != "Earlier rounds")


def test_views_show_only_public_parts_of_the_others_scores_until_the_end():
    state = position(hands=[["rabbit1", "rabbit2"], ["snake1"], []], bank_cards=[[], ["owl1", "owl2", "owl3"], []],
                     deck=["deer1"])
    mine, theirs, third = state.view(0)["scores"]
    assert mine["total"] == 4
    assert theirs["total"] is None
    parts = {p["label"]: p["points"] for p in theirs["parts"]}
    assert parts["Noble animals in hand"] is None and parts["Corrupted animals in hand"] is None
    assert parts["Banked noble sets (1 × 6)"] == 6
    over = GAME.from_position({"players": 2, "phase": "over", "hands": [["rabbit1"], ["snake1"]]})
    assert [s["total"] for s in over.view(0)["scores"]] == [1, -1]


def test_the_banner_says_what_the_decider_must_do():
    state = position(hands=[["owl1"], ["apple1"], []], deck=["deer1"])
    assert "pass" in state.prompt()
    quiet(state)
    assert state.prompt() == "steal, give a card, or offer an exchange"


def test_windows_ask_everybody_and_have_a_public_question():
    state = position(hands=[["owl1"], ["apple1"], ["rabbit1"]], deck=["deer1"])
    text, first = state.window(["Ada", "Ben", "Cleo"])
    assert "Before Ada's turn" in text and state.window_order() == [0, 1, 2]
    quiet(state)
    state.apply(a("steal", target=2))
    text, second = state.window(["Ada", "Ben", "Cleo"])
    assert second != first and "a steal from Cleo" in text
    assert state.window_order() == [1, 2]  # every other player, Apple or not
    assert state.legal_actions() == [a("block", card="apple1"), PASS]
    state.apply(PASS)
    assert state.legal_actions() == [PASS]  # Cleo holds no Apple, and is asked all the same
    assert not state.formality(hotseat=True) and state.formality(hotseat=False)
    quick = position(hands=[["owl1"], ["apple1"], ["rabbit1"]], deck=["deer1"], options={"quick_answers": True})
    assert quick.window() is None


@pytest.mark.parametrize("doc, expected", [
    ({"players": 2, "hands": [["rabbit9"], []]}, "Unknown card 'rabbit9'"),
    ({"players": 2, "hands": [["rabbit1"], ["rabbit1"]]}, "appears twice"),
    ({"players": 2, "hands": [[], []], "phase": "dusk"}, "'phase' must be one of"),
    ({"players": 2, "hands": [[], []], "bank_cards": [["owl1", "owl2"], []]}, "whole sets of three"),
    ({"players": 8, "hands": [[]] * 8}, "'players' must be 2 to 7"),
    ({"players": 2, "hands": [["apple1"], []], "options": {"purist": True}}, "not in play"),
    ({"players": 2, "hands": [[], []], "heroes": [["rabbit1"], []]}, "not a hero card"),
])
def test_bad_position_documents_name_their_problem(doc, expected):
    from tabletop.engine.game import GameError

    with pytest.raises(GameError, match=expected):
        GAME.from_position(doc)


def test_root_of_memory_takes_only_animals_so_it_cannot_go_round_for_ever():
    state = position(hands=[["root1"], ["owl1"], []], discard=["root2", "time1"], deck=["deer1"])
    assert not any(x.kind == "use" for x in state.legal_actions())  # no animal in the discard pile
    state = position(hands=[["root1"], ["owl1"], []], discard=["root2", "time1", "rabbit1"], deck=["deer1"])
    state.apply(a("use", card="root1"))
    quiet(state)
    assert state.step == "root" and state.legal_actions() == [a("take", card="rabbit1")]


def plain_turns(state, until):
    """Everybody passes, banks nothing, declines, and steals or gives, until ``until(state)``."""
    for _ in range(200):
        if until(state):
            return
        step = state.step
        if step in ("prio", "block"):
            state.apply(PASS)
        elif step == "bonus":
            state.apply(SKIP)
        elif step == "accept":
            state.apply(Action.make("decline"))
        else:
            state.apply(next(x for x in state.legal_actions() if x.kind in ("steal", "gift", "position")))
    raise AssertionError("never reached")


def test_after_the_last_turn_of_the_last_dream_a_hero_may_still_be_used_before_scoring():
    state = position(players=2, hands=[["snake1", "bear1"], ["owl1"]], deck=[], last_dream=True,
                     heroes=[["warrior1"], []])
    assert state.last_dream
    plain_turns(state, lambda s: s.closing)
    assert state.step == "prio" and state.decider() == 0 and state.turn is None
    assert "Before the game is scored" in state.window()[0]
    hand = list(state.hands[0])
    state.apply(a("use", card="warrior1"))
    for c in hand:
        state.apply(a("lose", card=c, to=-1))
        if state.step != "warrior":
            break
    if state.step == "warrior":
        state.apply(DONE)
    plain_turns(state, lambda s: s.decider() is None)
    assert state.phase == "over" and state.hands[0] == [] and set(hand) <= set(state.discard)


def test_an_orb_of_time_after_the_last_action_restarts_the_dream():
    state = position(hands=[["time1", "owl1"], ["time2", "rabbit1"], ["time3", "deer1"]], deck=["swan1"])
    plain_turns(state, lambda s: s.closing)
    assert state.phase == "dream" and state.decider() == 0  # asked from the leader on
    while True:  # the first player asked who still holds an Orb of Time plays it
        orb = next((c for c in state.hands[state.decider()] if c.startswith("time")), None)
        if orb:
            break
        state.apply(PASS)
    state.apply(a("use", card=orb))
    plain_turns(state, lambda s: s.step != "block")
    assert state.phase == "dream" and state.queue == [0, 1, 2] and not state.closing


def test_only_quiet_moments_before_others_turns_are_open_invitations():
    state = position(hands=[["time1", "owl1"], ["time2", "rabbit1"], ["time3", "deer1"]], deck=["swan1"])
    assert state.step == "prio" and state.turn == 0
    assert state.decider() == 0 and not state.open_invitation()  # before one's own turn
    state.apply(PASS)
    assert state.decider() == 1 and state.open_invitation()  # before another's turn
    state.apply(PASS)
    state.apply(PASS)
    state.apply(a("steal", target=1))
    assert state.step == "block" and not state.open_invitation()  # something to answer
    plain_turns(state, lambda s: s.closing)
    assert state.step == "prio" and not state.open_invitation()  # the last chance in this Dream



@pytest.mark.parametrize("doc, why", [
    ({"leader": 3}, "'leader' must be a player index from 0 to 2"),
    ({"leader": -1}, "'leader' must be a player index from 0 to 2"),
    ({"leader": "Ada"}, "'leader' must be a player index from 0 to 2"),
    ({"carried": [0, 0]}, "'carried' must give each player's points"),
    ({"carried": [0, 0, "9"]}, "'carried' must give each player's points"),
    ({"carried": "0"}, "'carried' must give each player's points"),
    ({"locked": [None, None]}, "'locked' must list null, 'druid' or 'mirror'"),
    ({"locked": [None, "raven", None]}, "'locked' must list null, 'druid' or 'mirror'"),
    ({"locked": "druid"}, "'locked' must list null, 'druid' or 'mirror'"),
    ({"wind_lead": 4}, "'wind_lead' must be a whole number from 0 to 3"),
    ({"banked_this_dream": [3]}, "'banked_this_dream' must list player indexes from 0 to 2"),
    ({"banked_this_dream": ["x"]}, "'banked_this_dream' must list player indexes from 0 to 2"),
    ({"banked_this_dream": [True]}, "'banked_this_dream' must list player indexes from 0 to 2"),
    ({"bank_cards": [[], "snake2", []]}, "The banked sets of player 2 must be a list of cards"),
    ({"bank_cards": [[], [], ["snake2", "snake3"]]}, "The banked cards of player 3 are not whole sets of three"),
    ({"bank_cards": [[], []]}, "'bank_cards' has 2 entries for 3 players"),
    ({"heroes": [[], ["owl2"], []]}, "'owl2' is not a hero card .the heroes of player 2."),
    ({"heroes": [[], "druid1", []]}, "The heroes of player 2 must be a list of hero cards"),
    ({"heroes": [["druid1"], [], ["druid1"]]}, "appears twice: in the heroes of player 1 and in the heroes of player 3"),
    ({"heroes": [[]]}, "'heroes' has 1 entries for 3 players"),
    ({"order_known": [[False] * 3] * 2}, "'order_known' must be, for each player, a list of true or false"),
    ({"order_known": [[False] * 3, [False] * 2, [False] * 3]}, "'order_known' must be, for each player"),
    ({"order_known": [[False] * 3, "no", [False] * 3]}, "'order_known' must be, for each player"),
    ({"order_known": "no"}, "'order_known' must be, for each player"),
    ({"hands": [["owl1"], "rabbit1", ["deer1"]]}, "The hand of player 2 must be a list of cards"),
    ({"hands": [["owl1"], ["dragon1"], ["deer1"]]}, "Unknown card 'dragon1' in the hand of player 2"),
    ({"bank_cards": [[], ["dragon1"], []]}, "Unknown card 'dragon1' in the banked sets of player 2"),
    ({"known": [[[], ["deer1"], []], [[], [], []], [[], [], []]]},
     "Player 1 cannot know a card that is not in player 2's hand"),
])
def test_a_position_that_cannot_be_gets_a_clear_error(doc, why):
    from tabletop.engine.game import GameError

    with pytest.raises(GameError, match=why):
        position(**{"hands": [["owl1"], ["rabbit1"], ["deer1"]], **doc})
    assert position(hands=[["owl1"], ["rabbit1"], ["deer1"]], wind_lead=3, leader=2).wind_lead == 3
    assert position(hands=[["owl1"], ["rabbit1"], ["deer1"]]).view(0)["wind_lead"] == 0  # (none unless said)
    match = position(hands=[["owl1"], ["rabbit1"], ["deer1"]], options={"rounds": 2})
    assert dict(match.scores()[0].parts)["Earlier rounds"] == 0  # (no points carried unless said)


def test_a_position_between_turns_starts_the_phase_from_its_leader_with_its_own_number_of_turns():
    two_day = position(players=2, phase="day", leader=1, hands=[["owl1"], ["deer1"]],
                       table=["rabbit1", "rabbit2", "rabbit3", "snake1", "snake2", "snake3"])
    assert two_day.queue == [1, 0, 1, 0, 1, 0]  # two players take three open cards each, in turn
    assert position(players=2, hands=[["owl1"], ["deer1"]]).queue == [0, 1]  # a Dream: one turn each
    three_day = position(players=3, phase="day", leader=2, hands=[["owl1"], ["deer1"], []],
                         table=["rabbit1", "rabbit2", "rabbit3"])
    assert three_day.queue == [2, 0, 1]


def test_a_position_has_two_to_seven_players():
    from tabletop.engine.game import GameError

    seven = position(players=7, hands=[[f"{k}1"] for k in ("owl", "deer", "bat", "lynx", "toad", "rat", "heron")])
    assert seven.num_players == 7
    for n in (1, 8):
        with pytest.raises(GameError, match=f"'players' must be 2 to 7, not {n}"):
            position(players=n, hands=[[] for _ in range(n)])


def test_a_position_keeps_only_the_used_heroes_someone_holds():
    state = position(hands=[["owl1"], ["rabbit1"], ["deer1"]], heroes=[["druid1"], [], []], used=["druid1", "paladin1"])
    assert state.used == ["druid1"]
    assert not any(x.get("card") == "druid1" for x in state.legal_actions())  # turned over: used once a game


def test_a_position_reads_who_knows_which_hands_order():
    hands = [["owl1", "bat1"], ["rabbit1", "lynx1"], ["deer1", "toad1"]]
    unknown = position(hands=hands, order_known=[[False] * 3] * 3)
    assert unknown.order_known == [[False] * 3] * 3
    known = position(hands=hands, order_known=[[True] * 3] * 3)
    assert known.order_known == [[o != p for p in range(3)] for o in range(3)]  # (one's own hand: not an entry)
    assert "rabbit1" in str(known.view(0)["hands"][1]) and "rabbit1" not in str(unknown.view(0)["hands"][1])


def test_a_position_reads_which_cards_of_other_hands_each_player_knows():
    hands = [["owl1"], ["rabbit1", "lynx1"], ["deer1"]]
    state = position(hands=hands, known=[[["owl1"], ["rabbit1"], []], [[], [], []], [[], [], []]])
    assert state.known[0][1] == {"rabbit1"} and state.known[0][0] == set()  # (one's own hand: not an entry)
    assert "rabbit1" in str(state.view(0)["hands"][1]) and "lynx1" not in str(state.view(0)["hands"][1])


# --- the answer that says no -------------------------------------------------------------------
def test_the_no_answer_is_the_pass_the_decline_or_the_skip_of_the_step_and_none_elsewhere():
    state = position(hands=[["deer1", "deer2", "deer3"], ["bear1", "apple1"], ["rabbit1"]])
    assert state.step == "prio" and state.no_answer() == PASS
    quiet(state)
    assert state.step == "bonus" and state.no_answer() == SKIP
    state.apply(SKIP)
    assert state.step == "action" and state.no_answer() is None
    state.apply(a("exchange", card="deer1", want="rabbit"))
    quiet(state)
    assert state.step == "accept" and state.no_answer() == a("decline")
    for other in ("spheres-shogun", "forest"):
        assert get_game(other).new_game(2, {}, 1).no_answer() is None



def test_a_dawn_card_in_a_new_games_first_day_goes_back_into_the_deck():
    """(Gods & Myths, interpretation 12 of the expansion: no Dawn in the game's first Day.) A game
    dealt afresh counts its first Day from its own beginning."""
    state = GAME.new_game(2, {"dawn": True}, 3)
    rng = random.Random(0)
    while state.phase != "day":
        state.apply(rng.choice(state.legal_actions()))
    assert state.phases_done == state.game_began == 0
    deck = len(state.deck)
    state.dawn.comes_up(state, "dawn1")
    assert state.dawn.aside == [] and "dawn1" in state.deck and len(state.deck) == deck + 1
