"""Spheres of Life: one test (at least) for each numbered interpretation of
docs/rules/spheres-of-life.md -- "interpretation N" for item N of the short list ("Where the text
is contradictory or silent"), "timing interpretation N" for item N of "Timing out of turn".

The positions are built with the helpers of test_spheres_rules.py.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.game import IllegalAction
from tabletop.games.spheres_of_life.cards import card, kind_of
from tabletop.games.spheres_of_life.rules import PASS, animal_points

from test_spheres_rules import GAME, a, plain_turns, position, quiet

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"


def uses(state):
    return {x["card"] for x in state.legal_actions() if x.kind == "use"}


def random_steps(seeds, players=3, options=None):
    """(state before, legal actions) at every decision of a few random games."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_game(players, options or {}, seed)
        while state.decider() is not None:
            legal = state.legal_actions()
            yield state, legal
            state.apply(rng.choice(legal))


# --- the short list -------------------------------------------------------------------------------
def test_interpretation_1_every_other_player_is_asked_in_turn_and_the_first_to_accept_gets_the_exchange():
    """Interpretation 1 (Who may accept an exchange): everyone is asked clockwise from the
    proposer's left, holder or not; the first to accept swaps and the later ones are never asked."""
    hands = [["snake1", "owl1"], ["deer1"], ["rabbit1", "bat1"], ["rabbit2"]]
    state = position(players=4, hands=hands)
    quiet(state)
    state.apply(a("exchange", card="snake1", want="rabbit"))
    quiet(state)
    assert state.step == "accept" and state.decider() == 1
    assert state.legal_actions() == [Action.make("decline")]  # holds no rabbit, and is asked all the same
    state.apply(Action.make("decline"))
    assert state.decider() == 2
    state.apply(a("accept", card="rabbit1"))
    assert "rabbit1" in state.hands[0] and "snake1" in state.hands[2]
    assert state.hands[3] == ["rabbit2"] and state.step != "accept" and state.turn == 1


def test_interpretation_2_the_last_dream_may_be_restarted_but_never_changed_into_another_phase():
    """Interpretation 2 (The Last Dream): no Orb of Water and no Windmaster in it, but an Orb of
    Time restarts it, and it stays the Last Dream."""
    state = position(hands=[["water1", "time1", "owl1"], ["rabbit1"], ["deer1"]], deck=[],
                     heroes=[["windmaster"], [], []])
    assert state.last_dream and state.decider() == 0
    assert uses(state) == {"time1"}
    state.apply(a("use", card="time1"))
    state.apply(PASS)
    state.apply(PASS)  # nobody blocks it
    assert state.phase == "dream" and state.last_dream and state.queue == [0, 1, 2]
    # in an ordinary Dream the same hand may play the Orb of Water and the Windmaster
    ordinary = position(hands=[["water1", "time1", "owl1"], ["rabbit1"], ["deer1"]], deck=["swan1"],
                        heroes=[["windmaster"], [], []])
    assert uses(ordinary) == {"water1", "time1", "windmaster"}


def test_interpretation_3_a_stolen_card_leaves_a_druid_locked_hand_and_the_lock_stays_on_the_rest():
    """Interpretation 3 (A stolen or gifted Druid-locked card): it leaves, the others keep their
    order and the lock, and a card that comes in is slotted among them."""
    state = position(hands=[["owl1", "wolf1"], ["rabbit1"], ["snake1", "deer1", "bison1"]],
                     locked=[None, None, "druid"])
    quiet(state)
    state.apply(a("steal", target=2))
    quiet(state)
    state.apply(a("position", index=1))
    assert "deer1" in state.hands[0]
    assert state.hands[2] == ["snake1", "bison1"] and state.locked[2] == "druid"
    with pytest.raises(IllegalAction, match="locked"):
        state.apply(a("arrange", order="1,0", seat=2))
    # Ben gives the locked hand a card: it is slotted in, the lock holds
    quiet(state)
    state.apply(a("gift", card="rabbit1", to=2))
    quiet(state)
    assert sorted(state.hands[2]) == ["bison1", "rabbit1", "snake1"] and state.locked[2] == "druid"
    assert state.hands[2].index("snake1") < state.hands[2].index("bison1")


def test_interpretation_4_block_chains_have_no_depth_limit_and_resolve_by_the_parity_of_the_apples():
    """Interpretation 4 (Block chains): three Apples cancel the steal, four let it happen."""
    hands = [["owl1", "apple1", "apple2"], ["rabbit1", "apple3", "apple4"], ["deer1", "apple5"], ["bison1", "apple6"]]
    for blocks, goes_through in ((3, False), (4, True)):
        state = position(players=4, hands=[list(h) for h in hands])
        quiet(state)
        state.apply(a("steal", target=1))
        for _ in range(blocks):
            while not any(x.kind == "block" for x in state.legal_actions()):
                state.apply(PASS)
            state.apply(next(x for x in state.legal_actions() if x.kind == "block"))
        quiet(state, upto="steal_pos")
        assert len(state.chain) == 0 and sum(kind_of()[c] == "apple" for c in state.discard) == blocks
        assert (state.step == "steal_pos") == goes_through, blocks
        if not goes_through:
            assert "rabbit1" in state.hands[1] and state.turn == 1


def test_interpretation_5_an_ability_card_is_playable_only_when_its_effect_can_happen():
    """Interpretation 5 (When an ability "can be fulfilled"): each limit of the table, and the
    Apple of Life only as a block."""
    hand = ["fire1", "earth1", "raven1", "mirror1", "wind1", "root1", "apple1"]

    def usable(**kw):
        doc = {"hands": [list(hand), ["owl1"], []], "deck": []}
        doc.update(kw)
        return uses(position(**doc)) - {"time1"}

    # the deck empty would make a Last Dream: keep one card in it and count from there
    assert usable(deck=["deer1"]) == {"fire1", "wind1"}
    assert usable(deck=["deer1", "deer2"]) == {"fire1", "earth1", "wind1"}
    assert usable(deck=["deer1"], hands=[list(hand), ["owl1", "owl2"], []]) == {"fire1", "wind1", "raven1", "mirror1"}
    assert usable(deck=["deer1"], discard=["time2"]) == {"fire1", "wind1"}  # no animal to take back
    assert usable(deck=["deer1"], discard=["time2", "swan1"]) == {"fire1", "wind1", "root1"}
    alone = position(hands=[["wind1"], ["owl1"], []], deck=["deer1"])
    assert uses(alone) == set()  # Autumn Wind needs another card to discard
    assert not any(x.kind == "use" and x["card"].startswith("apple") for _, legal in random_steps(range(3))
                   for x in legal)


def test_interpretation_6_a_steal_points_at_a_back_and_a_new_card_goes_where_nobody_can_follow():
    """Interpretation 6 (A random steal): the thief chooses a position among the backs; a card
    entering a hand is slotted at a position from the game's seeded sequence."""
    state = position(hands=[["owl1"], ["rabbit1", "snake1", "bison1"], ["wolf1"]])
    quiet(state)
    state.apply(a("steal", target=1))
    quiet(state)
    assert state.legal_actions() == [a("position", index=i) for i in range(3)]
    assert all("card" not in x.args for x in state.legal_actions())
    assert state.view(0)["hands"][1]["cards"] is None  # the thief sees backs only
    where = []
    for seed in range(12):
        gift = position(hands=[["owl1"], ["rabbit1", "snake1", "bison1"], ["wolf1"]], slot_seed=seed)
        quiet(gift)
        gift.apply(a("gift", card="owl1", to=1))
        quiet(gift)
        where.append(gift.hands[1].index("owl1"))
        again = position(hands=[["owl1"], ["rabbit1", "snake1", "bison1"], ["wolf1"]], slot_seed=seed)
        quiet(again)
        again.apply(a("gift", card="owl1", to=1))
        quiet(again)
        assert again.hands[1] == gift.hands[1]  # the same seed, the same place
    assert len(set(where)) >= 3  # not always at the end, nor at one place


def test_interpretation_7_at_night_the_discards_come_first_and_the_takes_are_capped():
    """Interpretation 7 (Night order): discards, then takes one at a time, no more than the
    discards and no more than the table holds."""
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan") for i in (1, 2, 3)]
    state = position(phase="night", hands=[["snake1", "bear1", "rabbit1"], ["wolf1"], []], deck=deck, begin=True)
    state.apply(a("discard", card="snake1"))
    state.apply(Action.make("done"))
    assert state.step == "night_take"
    assert not any(x.kind == "discard" for x in state.legal_actions())  # no more discarding once taking
    state.apply(next(x for x in state.legal_actions() if x.kind == "pick"))
    assert state.decider() == 1 and len(state.hands[0]) == 3  # one discard: one take, and the turn is over
    # a short table caps the takes as well
    short = position(phase="night", hands=[["snake1", "bear1"], ["wolf1"], []], deck=["deer1"], begin=True)
    assert short.table == ["deer1"]
    short.apply(a("discard", card="snake1"))
    short.apply(a("discard", card="bear1"))
    short.apply(Action.make("done"))
    short.apply(a("pick", card="deer1"))
    assert short.decider() == 1 and short.hands[0] == ["deer1"]


def test_interpretation_8_a_tie_goes_to_fewer_cards_in_hand_and_then_is_shared():
    """Interpretation 8 (Score ties)."""
    fewer = GAME.from_position({"players": 3, "phase": "over",
                                "hands": [["rabbit1", "rabbit2"], ["deer1", "deer2", "owl1", "apple1"], ["owl2"]]})
    assert [s.total for s in fewer.scores()] == [4, 4, 1]
    assert fewer.winners() == [0]
    shared = GAME.from_position({"players": 3, "phase": "over",
                                 "hands": [["rabbit1", "rabbit2"], ["deer1", "deer2"], ["owl2"]]})
    assert shared.winners() == [0, 1]


def test_interpretation_9_more_than_three_copies_score_nine_for_each_full_three_plus_one_or_four():
    """Interpretation 9 (More than three copies): 4 copies 10, 5 copies 13, as the text's own
    examples; a hand scores its copies by the same formula."""
    assert [animal_points(n) for n in range(1, 8)] == [1, 4, 9, 10, 13, 18, 19]
    state = GAME.from_position({"players": 2, "phase": "over",
                                "hands": [["rabbit1", "rabbit2", "rabbit3", "snake1", "snake2"], []]})
    assert state.scores()[0].total == 9 - 4


def test_interpretation_10_ability_cards_are_played_only_in_the_dream():
    """Interpretation 10 (Abilities only in the Dream): at Night a quiet moment offers only the
    hero, and in random games no ability card is ever played outside a Dream."""
    deck = [f"{k}{i}" for k in ("deer", "bison", "swan") for i in (1, 2, 3)]
    night = position(phase="night", hands=[["fire1", "earth1", "time1", "water1"], ["owl1"], []], deck=deck,
                     heroes=[["warrior1"], [], []], begin=True)
    assert night.step == "prio" and uses(night) == {"warrior1"}
    without_hero = position(phase="night", hands=[["fire1", "time1"], ["owl1"], []], deck=deck, begin=True)
    assert without_hero.step == "night_discard"  # nobody with a hero: nobody is asked
    for state, legal in random_steps(range(4)):
        for x in legal:
            if x.kind == "use" and card(x["card"]).type == "ability":
                assert state.phase == "dream", (state.phase, x)


def test_interpretation_11_gifts_are_private_and_exchanges_and_open_picks_are_public():
    """Interpretation 11 (Gifts are private; exchanges and open picks are public)."""
    gift = position(hands=[["snake1", "owl1"], ["rabbit1"], ["wolf1"]])
    quiet(gift)
    gift.apply(a("gift", card="snake1", to=1))
    quiet(gift)
    assert "snake1" in gift.known[0][1] and "snake1" not in gift.known[2][1]
    exchange = position(hands=[["snake1", "owl1"], ["rabbit1"], ["wolf1"]])
    quiet(exchange)
    exchange.apply(a("exchange", card="snake1", want="rabbit"))
    quiet(exchange)
    exchange.apply(a("accept", card="rabbit1"))
    assert "snake1" in exchange.known[2][1] and "rabbit1" in exchange.known[2][0]
    day = position(phase="day", hands=[[], [], []], table=["rabbit2", "deer1", "bison1"],
                   deck=["owl2", "owl3", "swan1", "swan2"])
    day.apply(a("pick", card="rabbit2"))
    assert "rabbit2" in day.known[1][0] and "rabbit2" in day.known[2][0]


def test_interpretation_12_heroes_are_used_in_quiet_moments_of_any_phase_and_never_while_something_resolves():
    """Interpretation 12 (Heroes in quiet moments of any phase): a hero is offered in a quiet
    moment of the Day, the Night and the Dream, and never at any other step."""
    phases = set()
    for state, legal in random_steps(range(4)):
        for x in legal:
            if x.kind == "use" and card(x["card"]).type == "hero":
                assert state.step == "prio", (state.step, x)
                phases.add(state.phase)
    assert phases >= {"day", "night"}
    dream = position(hands=[["owl1"], ["rabbit1"], []], heroes=[["paladin1"], [], []], deck=["deer1"])
    assert dream.step == "prio" and uses(dream) == {"paladin1"}
    # a block window is "something resolving": the Warrior's owner may only block or pass
    state = position(hands=[["owl1"], ["rabbit1", "apple1"], ["wolf1"]], heroes=[[], ["warrior1"], []])
    while state.step != "action":
        state.apply(PASS)
    state.apply(a("steal", target=2))
    assert state.step == "block" and state.decider() == 1
    assert {x.kind for x in state.legal_actions()} == {"block", "pass"}


def test_interpretation_13_root_of_memory_takes_back_animals_only():
    """Interpretation 13 (Root of Memory takes animals only)."""
    state = position(hands=[["root1"], ["owl1"], []], discard=["time1", "root2", "rabbit1", "snake1", "water1"],
                     deck=["deer1"])
    state.apply(a("use", card="root1"))
    quiet(state, upto="root")
    assert state.step == "root"
    assert {x["card"] for x in state.legal_actions()} == {"rabbit1", "snake1"}


def test_interpretation_14_the_windmaster_changes_the_time_to_day_or_night_never_to_a_dream():
    """Interpretation 14 ("Day or Dream" read as "Day or Night"): the Windmaster offers a Day or
    a Night, and the Night it starts is led by its owner."""
    deck = [f"swan{i}" for i in (1, 2, 3)] + ["deer1", "deer2", "deer3", "owl1", "owl2"]
    state = position(hands=[["owl3"], ["rabbit1"], []], heroes=[[], [], ["windmaster"]], deck=deck)
    state.apply(PASS)
    state.apply(PASS)
    offered = {x["phase"] for x in state.legal_actions() if x.kind == "use"}
    assert offered == {"day", "night"}
    state.apply(a("use", card="windmaster", phase="day"))
    assert state.phase == "day" and state.leader == 2 and state.wind_lead == 0


def test_interpretation_15_the_deck_is_checked_at_the_end_of_the_phase_so_it_is_never_cut_in_half():
    """Interpretation 15 (The deck runs out): an Orb of Fire draws the last card in a Dream; the
    Dream is played to its end, and the next phase is the Last Dream instead of a Day."""
    state = position(hands=[["fire1", "owl1"], ["rabbit1"], ["deer1"]], deck=["swan1"])
    state.apply(a("use", card="fire1"))
    quiet(state, upto="action")
    assert not state.deck and state.phase == "dream" and not state.last_dream and state.turn == 0
    plain_turns(state, lambda s: s.phase != "dream" or s.last_dream)
    assert state.phase == "dream" and state.last_dream and state.phases_done == 1


def test_interpretation_16_every_hand_is_shown_at_the_end():
    """Interpretation 16 (Every hand is shown at the end): before the end another hand is backs to
    a seat (and hidden from it), once the game is over every seat and a spectator see it."""
    doc = dict(phase="dream", hands=[["owl1"], ["rabbit1", "bat1"], ["deer1"]])
    playing = position(**doc)
    assert playing.view(0)["hands"][1]["cards"] is None and {"rabbit1", "bat1"} <= playing.hidden_from(0)
    over = position(**{**doc, "phase": "over"})
    for seat in (0, 2, None):
        assert over.view(seat)["hands"][1]["cards"] == ["rabbit1", "bat1"]
        assert not {"rabbit1", "bat1", "deer1", "owl1"} & over.hidden_from(seat)


def test_interpretation_17_two_copies_of_one_hero_are_one_choice():
    """Interpretation 17 (Two copies of one hero are one choice): both Druids offer one use per
    target, the lower copy first, then the other once it is used."""
    state = position(hands=[["snake1"], ["rabbit1"], ["deer1"]], heroes=[["druid2", "druid1"], [], []])
    assert uses(state) == {"druid1"}
    spent = position(hands=[["snake1"], ["rabbit1"], ["deer1"]], heroes=[["druid1", "druid2"], [], []], used=["druid1"])
    assert uses(spent) == {"druid2"}


# --- timing out of turn -------------------------------------------------------------------------
def test_timing_interpretation_1_quiet_moments_ask_clockwise_from_the_turn_and_in_the_dream_everybody():
    """Timing interpretation 1 (Quiet moments): before a turn, clockwise from the player whose
    turn it is, everybody in the Dream; again after an ability has resolved; once more after the
    last turn, from the leader; in the Day only the players with a hero they might use."""
    state = position(hands=[["fire1", "owl1"], ["rabbit1"], ["deer1"]], deck=["swan1", "swan2"], leader=1)
    assert state.step == "prio" and state.prio == [1, 2, 0]
    state.apply(PASS)
    state.apply(PASS)
    assert state.decider() == 0
    state.apply(a("use", card="fire1"))
    state.apply(PASS)
    state.apply(PASS)  # nobody blocks; the card is drawn
    assert state.step == "prio" and state.prio == [1, 2, 0] and state.turn == 1  # a new quiet moment, same turn
    plain_turns(state, lambda s: s.closing)
    assert state.step == "prio" and state.prio == [1, 2, 0] and state.turn is None
    day = position(phase="day", hands=[["owl1"], [], ["rabbit1"]], table=["deer1", "deer2", "deer3"],
                   deck=["swan1", "swan2", "swan3"], heroes=[[], ["paladin1"], ["warrior1"]])
    # Ben's Paladin has nothing to name (his hand is empty): only Cleo, whose Warrior has cards, is asked
    assert day.step == "prio" and day.prio == [2]


def test_timing_interpretation_2_block_windows_ask_every_other_player_from_the_declarers_left():
    """Timing interpretation 2 (Block windows): everyone but the declarer, Apple or not; a block
    opens a window from the blocker's left where the declarer may block the block; bonus
    actions and heroes open no window."""
    state = position(players=4, hands=[["owl1"], ["rabbit1", "apple1"], ["deer1", "apple2"], ["bison1"]], leader=1)
    while state.step != "action":
        state.apply(PASS)
    assert state.turn == 1
    state.apply(a("steal", target=0))
    assert state.step == "block" and state.block_queue == [2, 3, 0]
    state.apply(a("block", card="apple2"))
    assert state.block_queue == [3, 0, 1]
    state.apply(PASS)
    assert state.legal_actions() == [PASS]  # Ada holds no Apple, and is asked all the same
    state.apply(PASS)
    assert state.legal_actions() == [a("block", card="apple1"), PASS]  # the declarer blocks the block
    state.apply(a("block", card="apple1"))
    assert state.block_queue == [2, 3, 0]
    quiet(state, upto="steal_pos")
    assert state.step == "steal_pos" and {"apple1", "apple2"} <= set(state.discard)
    # banking and a hero: no window
    bank = position(hands=[["rabbit1", "rabbit2", "rabbit3", "owl1"], ["apple1"], []], heroes=[["warrior1"], [], []])
    while bank.step == "prio":
        bank.apply(PASS)
    bank.apply(a("bank", species="rabbit"))
    assert bank.step == "action" and bank.banked[0] == ["rabbit"]
    hero = position(hands=[["owl1"], ["apple1"], []], heroes=[["warrior1"], [], []], deck=["deer1"])
    hero.apply(a("use", card="warrior1"))
    assert hero.step == "warrior" and not hero.chain


def test_timing_interpretation_3_heroes_are_used_only_in_quiet_moments():
    """Timing interpretation 3 (Heroes): not in a block window, not while an effect resolves
    (the Druid's owner cannot interrupt a steal that is pointing at a back)."""
    state = position(hands=[["owl1"], ["rabbit1", "snake1"], ["wolf1"]], heroes=[[], [], ["druid1"]])
    state.apply(PASS)
    state.apply(PASS)
    assert state.decider() == 2 and a("use", card="druid1", target=1) in state.legal_actions()  # a quiet moment
    state.apply(PASS)
    state.apply(a("steal", target=1))
    for _ in range(2):
        assert state.step == "block" and not any(x.kind == "use" for x in state.legal_actions())
        state.apply(PASS)
    assert state.step == "steal_pos" and not any(x.kind == "use" for x in state.legal_actions())


def test_timing_interpretation_4_bots_answer_at_once_and_spend_less_on_the_small_questions():
    """Timing interpretation 4 (Bots): the Easy bot answers every question of a game with a legal
    action, and a search bot gives "use something now?" and "block?" a part of its budget."""
    from tabletop.games.spheres_of_life.bots import easy_policy

    rng = random.Random(2)
    asked = set()
    for state, legal in random_steps(range(2)):
        if state.step in ("prio", "block", "accept"):
            asked.add(state.step)
            assert easy_policy(state.clone(), rng) in legal
    assert {"prio", "block"} <= asked
    small = position(hands=[["owl1"], ["apple1"], []], deck=["deer1"])
    assert small.step == "prio" and GAME.search_share(small.view(0)) < 1
    quiet(small)
    assert small.step == "action" and GAME.search_share(small.view(0)) == 1
    small.apply(a("steal", target=1))
    assert small.step == "block" and GAME.search_share(small.view(1)) < 1


def test_timing_interpretation_5_a_single_answer_is_taken_for_a_lone_human_but_never_in_hotseat_play():
    """Timing interpretation 5 (The human): a question with one answer is a formality for a lone
    human (and undo passes over it); in hotseat play it is not, and the round of asking becomes
    one question to the table; the option quick_answers trades that privacy for speed."""
    from tabletop.engine.match import Match, Seat

    state = position(hands=[["owl1"], [], ["rabbit1"]], deck=["deer1"])
    quiet(state)
    state.apply(a("steal", target=2))
    assert state.step == "block" and state.legal_actions() == [PASS]
    assert state.formality(hotseat=False) and not state.formality(hotseat=True)
    text, _ = state.window(["Ada", "Ben", "Cleo"])
    assert text == "Ada declares a steal from Cleo. Does anyone block it?"
    quick = position(hands=[["owl1"], [], ["rabbit1"]], deck=["deer1"], options={"quick_answers": True})
    quiet(quick)
    quick.apply(a("steal", target=2))
    assert quick.formality(hotseat=True) and quick.window() is None
    # undo goes back past an answer that had no choice, to the human's own last decision
    doc = {"players": 3, "phase": "dream", "leader": 1, "hands": [["owl1", "snake1"], ["rabbit1"], ["deer1"]],
           "deck": ["swan1"]}
    match = Match(GAME, [Seat("Ada"), Seat("Ben", "bot", "easy"), Seat("Cleo", "bot", "easy")], {}, 0, position=doc)
    match.submit(PASS)  # Ben
    match.submit(PASS)  # Cleo
    match.submit(a("arrange", order="1,0", seat=0))  # Ada's own choice (it shows nothing)
    assert match.decider() == 0 and match.legal_actions() == [PASS]
    match.submit(PASS)  # Ada: nothing to use, a formality
    assert match.undo_point() == 2 and match.undo_seat() == 0


# --- a Mirror of Fate lock and an Orb of Time (found when the documents were read again) ------------
def test_a_mirror_lock_ends_when_the_locked_players_turn_begins_even_after_an_orb_of_time():
    """"Mirror of Fate ... The lock lasts until the phase ends or until the locked player's next
    turn begins" (Abilities and heroes in detail): Ben mirrors Ada, the leader, in the last quiet
    moment of the Dream; Cleo's Orb of Time restarts the Dream with Ada's turn."""
    state = position(hands=[["rabbit1", "snake1"], ["mirror1", "deer1"], ["time1", "owl1", "bison1"]],
                     deck=["swan1"])
    for who, gift in ((0, "rabbit1"), (1, "deer1"), (2, "owl1")):  # each gives a card away
        quiet(state, upto="block")
        assert state.step == "action" and state.decider() == who
        state.apply(a("gift", card=gift, to=(who + 1) % 3))
        quiet(state, upto="prio")
    assert state.closing and state.decider() == 0  # the Dream's last quiet moment, from Ada
    state.apply(PASS)
    state.apply(a("use", card="mirror1", target=0))
    quiet(state, upto="order")
    while state.step == "order":
        state.apply(state.legal_actions()[0])
    assert state.locked[0] == "mirror"
    quiet(state, upto="prio")
    while state.decider() != 2:
        state.apply(PASS)
    state.apply(a("use", card="time1"))
    quiet(state)
    assert state.step in ("bonus", "action") and state.decider() == 0  # Ada's restarted turn has begun
    assert state.locked[0] is None


# --- the document itself ----------------------------------------------------------------------------
def numbered(section: str) -> list[str]:
    return re.findall(r"^(\d+[a-z]?)\.\s", section, re.MULTILINE)


def spheres_sections() -> tuple[list[str], list[str]]:
    text = (DOCS / "spheres-of-life.md").read_text(encoding="utf-8")
    timing = text.split("## Timing out of turn")[1].split("\n## ")[0]
    short = text.split("## Where the text is contradictory or silent")[1].split("\n## ")[0]
    return numbered(short), numbered(timing)


def named_in(path: Path, prefix: str) -> set[str]:
    """The numbers N that the tests of ``path`` name as "<prefix> interpretation N" in their
    names or docstrings; "interpretation N" alone does not count a "timing interpretation N"."""
    import ast

    texts = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            texts += [node.name.replace("_", " "), ast.get_docstring(node) or ""]
    text = "\n".join(texts).lower()
    if prefix:
        pattern = rf"\b{prefix} interpretation (\d+[a-z]?)\b"
    else:
        pattern = r"(?<!timing )\binterpretation (\d+[a-z]?)\b"
    return set(re.findall(pattern, text))


def test_every_numbered_interpretation_of_the_three_documents_is_named_by_a_test():
    """Each numbered item of each rules-interpretations document is named ("interpretation N")
    by a test of the matching file, so a new interpretation without a test fails here."""
    here = Path(__file__).resolve().parent
    short, timing = spheres_sections()
    assert short == [str(n) for n in range(1, len(short) + 1)] and len(short) >= 15
    assert timing == [str(n) for n in range(1, len(timing) + 1)] and len(timing) >= 5
    mine = here / "test_interpretations_spheres_of_life.py"
    assert set(short) <= named_in(mine, ""), sorted(set(short) - named_in(mine, ""), key=int)
    assert set(timing) <= named_in(mine, "timing"), sorted(set(timing) - named_in(mine, "timing"), key=int)
    for doc, tests in (("spheres-shogun.md", "test_interpretations_shogun.py"),
                       ("once-upon-a-forest.md", "test_interpretations_forest.py")):
        text = (DOCS / doc).read_text(encoding="utf-8").split("\n## For developers")[0]
        items = numbered(text)
        assert len(items) == len(set(items)) and len(items) >= 15, (doc, items)
        missing = set(items) - named_in(here / tests, "")
        assert not missing, f"{doc}: no test names interpretation {sorted(missing)}"
