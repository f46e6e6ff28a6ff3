"""Spheres, the shogun sowing game: one test (at least) for each numbered interpretation of
docs/rules/spheres-shogun.md, named "interpretation N" (the completeness check is in
test_interpretations_spheres_of_life.py).

Positions come from shogun_positions.py and the helpers of test_shogun_rules.py.
"""

from __future__ import annotations

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.game import CHANCE, IllegalAction
from tabletop.games.shogun.rules import KEEP, RELAY_LIMIT, ROLL, SKIP
from tabletop.games.shogun.stones import KINDS, SHOGUN, SPECIALS

from shogun_positions import GAME, P, S, board, position
from test_shogun_rules import a, drops, places, sowing

ALL_FIVE = ("scholar", "merchant", "monk", "geisha", "ghost")


def value(key):
    return next(k.value for k in KINDS if k.key == key)


# --- the board -----------------------------------------------------------------------------------
def test_interpretation_1_each_player_owns_the_rectangle_at_their_right_hand():
    """Interpretation 1 (Each player owns a rectangle): the first player's ability works onto the
    east rectangle and not onto the west one, the second player's the other way round; and when
    the game ends the stones in a rectangle go to its owner."""
    assert ("scholar", 6) in {(k, t) for k, t, _ in drops(sowing(["scholar"], pos=4))}  # normal: east (own)
    assert drops(sowing(["scholar"], pos=10)) == {("scholar", 11, False)}  # normal: west (the other's)
    second = position(board=board(), step="drop", hand=["scholar"], pos=10, direction=1, turn_player=1,
                      chosen=[[], ["scholar"]])
    assert drops(second) == {("scholar", 11, False), ("scholar", 0, False)}
    # the end: the east rectangle's stones go to the first player, the west one's to the second
    doc = board(p2=[P])
    doc[5] = [S, "monk"]
    doc[11] = [S, P, P]
    state = position(board=doc)
    state.history = (state._position(),) * 2  # the third time at the start of a turn ends the game
    state._start_turn(0)
    assert state.step == "over"
    assert state.to_json()["stores"] == [[P, S, "monk"], [P, P, S]]


def test_interpretation_2_stones_have_no_owner_whoever_captures_a_stone_keeps_it():
    """Interpretation 2 (Stones have no owner): a Merchant the second player placed is captured
    by the first player and counts for them."""
    state = position(board=board(p0=[P, P], p4=["merchant", P], p7=[P]), chosen=[[], ["merchant"]])
    state.apply(a("sow", square=0, dir=1))
    assert places(state, 4) == [[]] and state.to_json()["stores"][0] == [P, "merchant"]
    assert state.scores()[0].total == 1 + value("merchant") and state.scores()[1].total == 0


# --- set-up --------------------------------------------------------------------------------------
def test_interpretation_3_each_player_chooses_five_of_the_eight_named_stones():
    """Interpretation 3 ("5 of seven", eight names): all eight kinds, the Hime included, are
    offered; a player's set is five different kinds; hime=always makes six with a Hime."""
    state = GAME.new_game(2, {}, 3)
    offered = {x["stone"] for x in state.legal_actions()}
    assert offered == {k.key for k in KINDS if KINDS.index(k) in SPECIALS} and "hime" in offered and len(offered) == 8
    for stone in ("hime", "thief", "ghost", "monk"):
        state.apply(a("place", stone=stone, square=0))
    assert not any(x["stone"] in ("hime", "thief", "ghost", "monk") for x in state.legal_actions())
    state.apply(a("place", stone="geisha", square=0))
    assert state.decider() == 1 and len(state.chosen[0]) == 5  # the fifth stone ends the choice
    always = GAME.new_game(2, {"hime": "always"}, 3)
    for stone in ("thief", "ghost", "monk", "geisha", "samurai"):
        always.apply(a("place", stone=stone, square=1))
    always.apply(a("place", stone="hime", square=1))
    assert always.decider() == 1 and len(always.chosen[0]) == 6


def test_interpretation_4_the_sensei_of_the_point_list_is_the_scholar_worth_two():
    """Interpretation 4 (Sensei is the Scholar)."""
    assert "sensei" not in {k.key for k in KINDS}
    assert value("scholar") == 2
    state = position(board=board(p0=[P], p7=[P]), stores=[["scholar"], []])
    assert state.scores()[0].total == 2 and ("Scholars (2 each)", 2) in state.scores()[0].parts


def test_interpretation_5_the_first_player_places_stone_by_stone_then_the_second_and_the_first_sows():
    """Interpretation 5 (Placing): one at a time, any own square (several on one square), the
    first player then the second, who may choose the very same kinds; the first player sows first."""
    state = GAME.new_game(2, {}, 5)
    for stone in ALL_FIVE:
        assert state.decider() == 0
        state.apply(a("place", stone=stone, square=3))
    for stone in ALL_FIVE:
        assert state.decider() == 1
        state.apply(a("place", stone=stone, square=6))
    assert state.step == "turn" and state.decider() == 0
    assert places(state, 3)[0] == [P] * 4 + list(ALL_FIVE) and places(state, 6)[0] == [P] * 4 + list(ALL_FIVE)
    assert state.to_json()["chosen"][0] == state.to_json()["chosen"][1]


def test_interpretation_6_an_ability_belongs_to_the_player_who_chose_that_kind_whoever_placed_the_stone():
    """Interpretation 6 (Abilities belong to their chooser): the same Monk, in the same place, may
    jump for the player who chose the Monk and not for the other."""
    chooser = position(board=board(), step="drop", hand=["monk"], pos=0, direction=1, chosen=[["monk"], []])
    assert drops(chooser) == {("monk", 1, False), ("monk", 2, False), ("monk", 3, False)}
    other = position(board=board(), step="drop", hand=["monk"], pos=6, direction=1, turn_player=1,
                     chosen=[["monk"], []])
    assert drops(other) == {("monk", 7, False)}


# --- a turn --------------------------------------------------------------------------------------
def test_interpretation_7_prison_comes_first_then_the_refill_then_ordaining_then_the_sowing():
    """Interpretation 7 (Order of a turn): an imprisoned player with an empty row first loses the
    turn; at their next turn they refill first; then they may ordain once, then sow."""
    doc = board(p6=[P], p7=[P], p8=[P], p9=[P], p10=[P])
    state = position(board=doc, stores=[["monk", "ghost", P], []], imprisoned=[True, False], turn_player=1,
                     turns=[9, 9])
    state.apply(a("sow", square=7, dir=1))  # Ben's sowing ends before the west rectangle
    assert state.decider() == 0 and state.step == "skip" and state.legal_actions() == [SKIP]
    state.apply(SKIP)
    state.apply(a("sow", square=6, dir=1))
    assert state.decider() == 0 and state.step == "refill"
    assert {x.kind for x in state.legal_actions()} == {"refill"}
    while state.step == "refill":
        state.apply(state.legal_actions()[0])
    assert {x.kind for x in state.legal_actions()} == {"sow"}  # nothing captured is left to ordain with
    ordain_first = position(board=board(p1=[P], p7=[P]), stores=[["monk"], []])
    assert {x.kind for x in ordain_first.legal_actions()} == {"sow", "ordain"}
    ordain_first.apply(a("ordain", square=1, stone="monk"))
    assert {x.kind for x in ordain_first.legal_actions()} == {"sow"}


def test_interpretation_8_an_ability_works_only_when_the_next_place_is_on_the_players_side():
    """Interpretation 8 (Where an ability works): the next place on the player's side, an ability;
    on the opponent's side, a plain drop; a special stone taken up from the opponent's side stays
    plain for the rest of the turn (option opponent_side=ability: the old reading)."""
    assert drops(sowing(["scholar"], pos=1)) == {("scholar", 2, False), ("scholar", 3, False)}
    assert drops(sowing(["merchant"], pos=6)) == {("merchant", 7, False)}  # next place is B2: plain
    for option, with_ability in (("plain", False), ("ability", True)):
        state = position(board=board(p4=[P, P, P, P], p9=["scholar", P, P, P]), chosen=[["scholar"], []],
                         options={"opponent_side": option})
        state.apply(a("sow", square=4, dir=1))  # 5, 6, 7, 8; then B4's stones are taken up
        assert state.step == "drop" and state.pos == 9
        state.apply(a("drop", stone=P, to=10))
        state.apply(a("drop", stone=P, to=11))
        assert state.pos == 11  # the next place is A1, on the player's own side
        assert (("scholar", 1, False) in drops(state)) == with_ability, option


def test_interpretation_9_each_ability_lands_where_the_document_says_and_the_sowing_goes_on_from_there():
    """Interpretation 9 (The abilities, exactly): from A1 counter-clockwise, with every kind chosen."""
    every = ("scholar", "merchant", "monk", "geisha", "ghost", "samurai", "thief", "hime")

    def where(stone, **b):
        state = position(board=board(**b), step="drop", hand=[stone], pos=0, direction=1, chosen=[list(every), []])
        return {t for k, t, _ in drops(state)}

    assert where("scholar") == {1, 2}
    assert where("merchant") == {1, 9}  # A2 faces B4
    assert where("monk") == {1, 2, 3}
    assert where("geisha") == {1, 5}  # the east rectangle holds a shogun
    assert where("ghost", p3=[P], p8=[P]) == {1, 2, 4, 7, 10}
    assert where("thief") == where("hime") == {1}
    samurai = position(board=board(p8=[P]), step="drop", hand=["samurai", P], pos=0, direction=1,
                       chosen=[list(every), []])
    assert ("samurai", 1, True) in drops(samurai)
    # the sowing goes on from where the stone landed: the Merchant on B4, the peasant on B5
    merchant = position(board=board(p7=[P]), step="drop", hand=["merchant", P], pos=0, direction=1,
                        chosen=[list(every), []])
    merchant.apply(a("drop", stone="merchant", to=9))
    assert places(merchant, 9, 10) == [["merchant"], [P]]


def test_interpretation_10_at_each_drop_the_player_chooses_the_stone_and_a_single_choice_is_made_for_them():
    """Interpretation 10 (Choosing the stones)."""
    state = position(board=board(p0=[P, P, P], p8=[P]))
    state.apply(a("sow", square=0, dir=1))
    assert state.decider() == 1 and places(state, 1, 2, 3) == [[P], [P], [P]]  # peasants only: no question
    choice = position(board=board(p0=[P, "monk"], p8=[P]), chosen=[["monk"], []])
    choice.apply(a("sow", square=0, dir=1))
    assert choice.step == "drop" and choice.decider() == 0
    assert drops(choice) == {(P, 1, False), ("monk", 1, False), ("monk", 2, False), ("monk", 3, False)}


def test_interpretation_11_after_the_last_stone_the_next_place_decides():
    """Interpretation 11 (After the last stone): a square with stones is picked up; a rectangle,
    full or empty, ends the turn; an empty square before stones offers a capture the shogun rules
    let the player leave; anything else ends the turn. The classic rules always capture."""
    relay = position(board=board(p0=[P], p2=[P], p8=[P]))
    relay.apply(a("sow", square=0, dir=1))
    assert places(relay, 2, 3) == [[], [P]]
    full_rectangle = board(p3=[P], p8=[P])
    full_rectangle[5] = [S, P, P]
    stop = position(board=full_rectangle)
    stop.apply(a("sow", square=3, dir=1))
    assert places(stop, 5) == [[P, P, S]] and stop.stores[0] == [] and stop.decider() == 1
    empty_rectangle = board(p3=[P], p6=[P, P])
    empty_rectangle[5] = []
    leap = position(board=empty_rectangle, stores=[[], [S]])
    leap.apply(a("sow", square=3, dir=1))
    assert places(leap, 6) == [[P, P]] and leap.stores[0] == []
    may = position(board=board(p0=[P], p3=[P, P], p8=[P]), options={"capture": "may"})
    may.apply(a("sow", square=0, dir=1))
    assert may.step == "capture" and may.legal_actions() == [Action.make("take"), Action.make("leave")]
    may.apply(Action.make("leave"))
    assert places(may, 3) == [[P, P]] and may.decider() == 1
    nothing = position(board=board(p0=[P], p8=[P]))
    nothing.apply(a("sow", square=0, dir=1))
    assert nothing.decider() == 1 and nothing.stores == [[], []]
    classic = position(rules="classic", board=board(p0=[P], p3=[P, P], p8=[P]))
    classic.apply(a("sow", square=0, dir=1))
    assert classic.stores[0] == [0, 0] and classic.step == "turn"


def test_interpretation_12_a_sowing_stops_after_a_hundred_pick_ups_in_one_turn():
    """Interpretation 12 (A guard)."""
    for relays, picked_up in ((RELAY_LIMIT - 1, True), (RELAY_LIMIT, False)):
        state = position(board=board(p2=[P, P], p8=[P]), step="drop", hand=[P], pos=0, direction=1)
        state.relays = relays
        state.apply(a("drop", stone=P, to=1))
        assert (state.step == "drop" or places(state, 2) == [[]]) == picked_up, relays
        if not picked_up:
            assert places(state, 2) == [[P, P]] and state.decider() == 1


def test_interpretation_13_a_shogun_with_company_gives_only_the_company():
    """Interpretation 13 (Shogun protection)."""
    doc = board(p2=[P], p7=[P])
    doc[5] = [S, P, "monk"]
    state = position(board=doc)
    state.apply(a("sow", square=2, dir=1))
    assert places(state, 5) == [[S]] and state.to_json()["stores"][0] == [P, "monk"]
    alone = board(p2=[P], p7=[P], p9=[P])
    taken = position(board=alone, turns=[8, 8])
    taken.apply(a("sow", square=2, dir=1))
    assert places(taken, 5) == [[]] and taken.to_json()["stores"][0] == [S]


def test_interpretation_14_a_hime_is_worth_thirty_taken_beside_a_shogun_and_loses_it_back_in_play():
    """Interpretation 14 (Hime worth 30): beside a shogun 30, from a square 15; ordained back into
    play the plain Hime of the same store goes first, then the doubled one loses it."""
    doc = board(p2=[P], p7=[P])
    doc[5] = [S, "hime"]
    beside = position(board=doc)
    beside.apply(a("sow", square=2, dir=1))
    assert beside.scores()[0].total == 30
    square = position(board=board(p0=[P], p3=["hime"], p8=[P]))
    square.apply(a("sow", square=0, dir=1))
    assert square.scores()[0].total == 15
    ordain = position(board=board(p1=[P], p2=[P], p7=[P]), stores=[["hime", "hime"], []], doubled=[1, 0])
    assert ordain.scores()[0].total == 45
    ordain.apply(a("ordain", square=1, stone="hime"))
    assert ordain.doubled == [1, 0] and ordain.scores()[0].total == 30 + 1  # the plain one went
    again = position(board=board(p1=[P], p2=[P], p7=[P]), stores=[["hime"], []], doubled=[1, 0])
    again.apply(a("ordain", square=1, stone="hime"))
    assert again.doubled == [0, 0] and again.scores()[0].total == 1


def test_interpretation_15_a_shogun_taken_in_the_takers_own_first_three_turns_costs_the_next_turn():
    """Interpretation 15 (Imprisonment), and the option prison=game."""
    for turns, game_turns, options, prison in (([3, 2], None, {}, True), ([4, 3], None, {}, False),
                                               ([3, 3], 5, {"prison": "game"}, False),
                                               ([2, 1], 2, {"prison": "game"}, True)):
        extra = {} if game_turns is None else {"game_turns": game_turns}
        state = position(board=board(p2=[P], p7=[P], p9=[P]), turns=turns, options=options, **extra)
        state.apply(a("sow", square=2, dir=1))
        assert state.imprisoned[0] == prison, (turns, options)


def test_interpretation_16_ordaining_swaps_a_lone_peasant_of_ones_own_for_a_captured_special_once_a_turn():
    """Interpretation 16 (Ordain): exactly one stone, a peasant, on the player's own square (any
    square with ordain=any); the peasant goes to the captures; once, before sowing."""
    state = position(board=board(p0=[P], p1=["monk"], p2=[P, P], p7=[P]), stores=[["ghost", "samurai"], []])
    squares = {x["square"] for x in state.legal_actions() if x.kind == "ordain"}
    assert squares == {0}
    state.apply(a("ordain", square=0, stone="ghost"))
    assert places(state, 0) == [["ghost"]] and state.to_json()["stores"][0] == [P, "samurai"]
    assert not any(x.kind == "ordain" for x in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply(a("ordain", square=2, stone="samurai"))
    anywhere = position(board=board(p0=[P, P], p7=[P]), stores=[["ghost"], []], options={"ordain": "any"})
    assert {x["square"] for x in anywhere.legal_actions() if x.kind == "ordain"} == {7}


def test_interpretation_17_an_empty_row_is_refilled_by_choice_then_by_borrowing_the_cheapest_stones():
    """Interpretation 17 (Refill and borrowing): the borrower takes the lender's cheapest stones
    (a Monk, worth 0, before the peasants), on the leftmost empty squares, and pays them back."""
    doc = board(p7=[P])
    state = position(board=doc, stores=[[], [P, "monk", P, "samurai", P, P]])
    assert state.step == "turn"
    assert places(state, 0, 1, 2, 3, 4) == [["monk"], [P], [P], [P], [P]]
    assert state.to_json()["borrowed"][0] == ["monk", P, P, P, P]
    assert ("Borrowed, paid back", -4) in state.scores()[0].parts and ("Lent, paid back", 4) in state.scores()[1].parts
    second = position(board=board(p2=[P]), stores=[[], [P, P]], turn_player=1)
    assert places(second, 6, 7, 8) == [[P], [P], []]  # B1 and B2: the second player's own left
    bare = board(p7=[P])
    bare[5] = []
    nothing = position(board=bare, stores=[[S], []])  # a shogun never goes back, and nobody can lend
    assert nothing.step == "over"


def test_interpretation_18_the_thief_is_worth_two():
    """Interpretation 18 (Thief's value)."""
    assert value("thief") == 2
    state = position(board=board(p0=[P], p7=[P]), stores=[["thief"], []])
    assert state.scores()[0].total == 2


# --- the end -------------------------------------------------------------------------------------
def test_interpretation_19_with_both_shoguns_gone_every_stone_goes_to_the_owner_of_its_side():
    """Interpretation 19 (Retreat)."""
    doc = board(p0=[P, P], p2=[P], p6=["monk"], p9=[P])
    doc[11] = [P]
    state = position(board=doc, stores=[[], [S]], turns=[9, 9])
    state.apply(a("sow", square=2, dir=1))  # takes the lone east shogun: the last one
    assert state.step == "over"
    assert state.to_json()["stores"] == [[P, P, P, S], [P, P, S, "monk"]]


def test_interpretation_20_only_a_player_who_chose_the_thief_rolls_and_the_other_player_decides_first():
    """Interpretation 20 (The thief's dice): both chose the Thief and hold one each; the player
    who did not end the game decides first; a double gives the sum away, below zero if need be."""
    doc = board(p2=[P], p8=[P])
    doc[11] = []
    state = position(board=doc, stores=[[S, "thief"], ["thief"]], turns=[9, 9],
                     chosen=[["thief"], ["thief"]])
    state.apply(a("sow", square=2, dir=1))  # the first player ends the game
    assert state.step == "thief" and state.decider() == 1 and state.legal_actions() == [ROLL, KEEP]
    state.apply(ROLL)
    assert state.decider() == CHANCE
    state.apply(a("dice", total=12, double=True))
    assert state.decider() == 0
    state.apply(KEEP)
    assert state.step == "over" and state.scores()[1].total < 0
    no_roll = position(board=doc, stores=[["thief"], [S]], turns=[9, 9], chosen=[["monk"], ["thief"]])
    no_roll.apply(a("sow", square=2, dir=1))
    assert no_roll.step == "over" and ("Thieves (2 each)", 2) in no_roll.scores()[0].parts


def test_interpretation_20_the_thiefs_description_says_only_the_player_who_chose_him_rolls():
    """Interpretation 20: the text players read on the Thief must not contradict the default rule."""
    thief = next(k for k in KINDS if k.key == "thief")
    assert "whoever holds him" not in thief.text


def test_interpretation_21_the_higher_total_wins_and_equal_totals_are_a_draw():
    """Interpretation 21 (Winner)."""
    ahead = position(board=board(p0=[P], p7=[P]), stores=[[P, P], [P]])
    assert ahead.winners() == [0]
    level = position(board=board(p0=[P], p7=[P]), stores=[["scholar"], [P, P]])
    assert level.winners() == [0, 1]


def test_interpretation_21a_a_third_repetition_with_no_capture_between_ends_the_game_as_a_retreat():
    """Interpretation 21a (Going round in circles): a Ghost sent to and fro; the position comes
    back a third time and the stones retreat, the second player's shogun to the second player."""
    doc = board(p2=["monk"], p10=["ghost"])
    doc[5] = []
    state = position(board=doc, stores=[[S], []], turn_player=1,
                     chosen=[["ghost", "monk", "scholar", "geisha", "samurai"], ["ghost", "monk", "thief", "hime", "merchant"]])
    moves = [a("sow", square=10, dir=-1), a("drop", stone="ghost", to=0),
             a("sow", square=0, dir=1), a("drop", stone="ghost", to=10)]
    starts = []
    for i in range(40):
        if state.is_terminal():
            break
        if state.step == "turn":
            starts.append(state._position())
        state.apply(moves[i % 4])
    assert state.is_terminal() and any(e["event"] == "repetition" for e in state.events)
    # A (the document's position, not yet counted), B, A, B, A: the third B ends it
    first, second = starts[0], starts[1]
    assert first != second and starts == [first, second, first, second, first]
    assert state.stores[1].count(SHOGUN) == 1 and state.board == [[] for _ in range(12)]
    assert state.stores[0].count(SHOGUN) == 1 and len(starts) == 5
    assert "monk" in state.to_json()["stores"][0] and "ghost" in state.to_json()["stores"][0]


# --- the classic rules ---------------------------------------------------------------------------
def test_interpretation_22_the_classic_rules_have_five_stones_a_square_mandarins_and_chained_captures():
    """Interpretation 22 (the classic rules): no special stones, ordaining, prison or thief; a
    mandarin worth 10 (or 5); captures chain while an empty square is followed by stones."""
    state = GAME.new_game(2, {"rules": "classic"}, 1)
    assert places(state, 0, 4, 5, 11) == [[P] * 5, [P] * 5, [S], [S]]
    assert {x.kind for x in state.legal_actions()} == {"sow"}
    doc = board(p0=[P], p3=[P, P], p7=[P])
    doc[5] = [S] + [P] * 5
    chain = position(rules="classic", board=doc)
    chain.apply(a("sow", square=0, dir=1))
    # A4 (2 stones), then across the empty A5 the east house, then across the empty B1 B2's stone
    assert [e["place"] for e in chain.events if e["event"] == "capture"] == [3, 5, 7]
    assert ("Mandarins (10 each)", 10) in chain.scores()[0].parts and not chain.imprisoned[0]
    five = position(rules="classic", board=doc, options={"mandarin": 5})
    five.apply(a("sow", square=0, dir=1))
    assert ("Mandarins (5 each)", 5) in five.scores()[0].parts
    stop = board(p0=[P], p3=[P, P], p9=[P])
    stop[5] = [S, P, P, P, P, P]
    stop[4] = [P]  # no empty square before the house: the chain stops after A4
    halted = position(rules="classic", board=stop)
    halted.apply(a("sow", square=0, dir=1))
    assert halted.scores()[0].total == 2


def test_interpretation_23_the_young_mandarin_is_protected_by_default():
    """Interpretation 23 (The young mandarin): fewer than 5 stones beside him, he cannot be taken;
    5 or more, he can; with the option off he is taken with whatever lies beside him."""
    assert GAME.new_game(2, {"rules": "classic"}, 1).options["young_mandarin"] is True
    for beside, taken in ((4, False), (5, True)):
        doc = board(p2=[P], p8=[P])
        doc[5] = [S] + [P] * beside
        state = position(rules="classic", board=doc)
        state.apply(a("sow", square=2, dir=1))
        assert (SHOGUN in state.stores[0]) == taken, beside
    doc = board(p2=[P], p8=[P])
    doc[5] = [S, P]
    off = position(rules="classic", board=doc, options={"young_mandarin": False})
    off.apply(a("sow", square=2, dir=1))
    assert sorted(off.stores[0]) == [0, SHOGUN]


def test_interpretation_24_a_classic_refill_is_automatic_with_borrowing_and_both_mandarins_end_the_game():
    """Interpretation 24 (classic refill and end)."""
    state = position(rules="classic", board=board(p7=[P]), stores=[[P, P], [P, P, P, P]])
    assert state.step == "turn" and places(state, 0, 1, 2, 3, 4) == [[P]] * 5
    assert len(state.borrowed[0]) == 3 and ("Borrowed, paid back", -3) in state.scores()[0].parts
    doc = board(p2=[P], p8=[P])
    doc[5] = [S] + [P] * 5
    doc[11] = []
    end = position(rules="classic", board=doc, stores=[[], [S]])
    end.apply(a("sow", square=2, dir=1))
    assert end.step == "over" and end.decider() is None
