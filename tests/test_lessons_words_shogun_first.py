"""The shogun game's "Your first sowing" and "The end of a game", a third review (a new player's, at
1366x768): the capture after the last stone said as a rule where it is first shown; why the
learner ordains; why the Merchant fell plainly when Bramble sowed him (an ability serves only the
player who chose that stone, decision 6, not only "your own side"); and the Thief's dice rolled
only where rolling is the right choice (the position now leaves the learner behind, so Keep loses
for sure, decision 20), with the numbers of the table in the words."""

from __future__ import annotations

import re

from test_lessons_words_shogun import END, FIRST, replayed, words

from tabletop.engine.lessons import play_others
from tabletop.games.shogun.stones import CODE, KINDS, owner

NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def step_of(lesson, kind: str, nth: int = 1) -> int:
    """The ``nth`` step (from 1) that teaches a move of ``kind``."""
    found = [n for n, s in enumerate(lesson.steps, 1) if isinstance(s.expect, dict) and s.expect["kind"] == kind]
    return found[nth - 1]


# --- Your first sowing ----------------------------------------------------------------------------
def test_the_capture_after_the_last_stone_is_said_as_a_rule_where_it_is_first_shown():
    """(Step 6 said two of decision 11's cases, a square picked up and a rectangle; step 8 then
    said "A4 is now empty ... take them all" without saying the rule: an empty place right after
    the last stone lets you take what lies beyond, if you wish, and the turn ends.)"""
    take = step_of(FIRST, "take")
    m, before = replayed(FIRST, take)
    assert before.board[3] == [] and before.board[2]  # (A4 empty, A3 beyond it)
    say = words(FIRST)[take - 1]
    assert re.search(r"^Next after A5, A4 is empty: you may take what lies beyond, ending your turn", say)
    assert "Captured stones are your points" in say
    assert f"A3 holds {NUMBERS[len(before.board[2])]}: take them all" in say
    assert m.state.scores()[0].total == sum(KINDS[k].value for k in before.board[2])


def test_the_ordain_step_says_what_it_is_for_and_the_next_sowing_uses_it():
    """(Step 9 taught "Click Ordain…, then A3, then the Merchant" with no reason: the Merchant
    ordained is the only stone of A3, sown at once and sent across by his ability.)"""
    ordain = step_of(FIRST, "ordain")
    assert re.search(r"^To sow the Merchant next, ordain him on A3: click Ordain…, then A3, then the Merchant\.$", words(FIRST)[ordain - 1])
    m, _ = replayed(FIRST, ordain)
    assert m.state.board[2] == [CODE["merchant"]]
    assert FIRST.steps[ordain].reading  # (its cost, words only: test_ordainings_cost_is_a_bubble_of_its_own)
    sow = FIRST.steps[ordain + 1]  # (the next move sows A3, and the one after it sends the Merchant across)
    assert sow.expect["kind"] == "sow" and sow.expect["args"]["square"] == 2
    assert FIRST.steps[ordain + 2].expect["args"]["stone"] == "merchant"


def test_the_merchant_falls_plainly_for_bramble_because_bramble_did_not_choose_him():
    """(Step 13 said "an ability works only on your own side" beside Bramble sowing the Merchant
    from B4 to B3, all on Bramble's side: the reason he fell plainly is that Bramble did not choose
    the Merchant, decision 6.)"""
    n = next(n for n, say in enumerate(words(FIRST), 1) if say.startswith("Bramble sowed the Merchant"))
    m, before = replayed(FIRST, n)  # (Bramble's sowing of B4 played before this step's move)
    assert "Bramble sows B4 (1 stone) clockwise." in m.sentences
    assert before.board[9] == [] and before.board[8] == [CODE["merchant"]] and owner(8) == 1 == owner(9)
    assert CODE["merchant"] not in before.chosen[1]
    say = words(FIRST)[n - 1]
    assert re.search(r"an ability serves only a player who chose that stone, on their own side, so he fell plainly", say)
    assert not re.search(r"works only on your own side", say)


# --- The end of a game ------------------------------------------------------------------------------
def test_the_dice_are_rolled_only_where_keep_would_lose_and_the_words_say_the_scores():
    """(Step 6 taught Roll where Keep left 49 to 45, a sure win, and a double (1 in 6) lost it:
    a poor move.  The learner is now behind before the dice, so Keep loses for sure and every
    throw without a double wins, the lowest steal, 3, included.)"""
    roll = step_of(END, "roll")
    m, before = replayed(END, roll)
    mine, theirs = (s.total for s in before.scores())
    assert mine < theirs and mine + 3 > theirs - 3
    say = words(END)[roll - 1]
    assert f"Keep would leave {mine} to {theirs}, a sure loss; even the lowest steal, 3, wins" in say
    assert "sure win" not in say
    play_others(m)  # (the dice's throw)
    end = [s.total for s in m.state.scores()]
    assert m.is_over()
    assert f"win, {end[0]} to {end[1]}" in words(END)[roll]
    steal = end[0] - mine
    assert f"The dice show {steal}, no double: you steal {steal} points" in words(END)[roll]


# --- the second round: one idea a bubble, with steps of words only ---------------------------------
from test_lessons_words_shogun import CLASSIC  # noqa: E402

from tabletop.engine.actions import Action  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.shogun.stones import SHOGUN  # noqa: E402


def test_the_first_sowing_opens_with_the_board_alone_then_the_first_stone():
    """(Step 1 held four ideas: the squares, the rectangles and the shoguns, the five special stones,
    and the Scholar's move.)  The board is a step of words only, lighting what it names; the first
    move's step says the special stones and the Scholar only."""
    board, scholar = FIRST.steps[0], FIRST.steps[1]
    assert board.reading and set(board.point) == {f"square/{n}" for n in range(5)} | {"rectangle/5", "rectangle/11"}
    assert re.search(r"holds your shogun, the crown, worth 15; the west one holds Bramble's\.$", board.say)
    assert scholar.expect == {"kind": "place", "args": {"stone": "scholar", "square": 3}}
    assert not re.search(r"shogun|rectangle|Welcome", scholar.say)
    assert scholar.say.startswith("First you put five special stones on your squares")


def test_ordainings_cost_is_a_bubble_of_its_own_and_the_sowing_after_it_names_the_ghost_only():
    """(Step 10 held three ideas: the ordaining's cost, the Ghost on B1 and the sowing of A3.)  The
    cost is a step of words only right after the ordain, lighting the captured peasants, its 6 and 5
    the learner's score before and after; the next step names the Ghost, lighting B1 where he lies."""
    ordain = step_of(FIRST, "ordain")
    _, before = replayed(FIRST, ordain)
    m, _ = replayed(FIRST, ordain + 1)
    cost = FIRST.steps[ordain]
    was, now = before.scores()[0].total, m.state.scores()[0].total
    assert cost.reading and list(cost.point) == ["captured/0/peasant"]
    assert (was, now) == (6, 5) and f"so {was} became {now}." in cost.say and "Ghost" not in cost.say
    sow = FIRST.steps[ordain + 1]
    assert sow.expect["kind"] == "sow" and "square/6" in sow.point and "Ordain" not in sow.say
    assert CODE["ghost"] in m.state.board[6] and sow.say.startswith("The Ghost on B1, Bramble's choice")


def test_the_monk_and_the_hime_are_each_said_in_a_bubble_of_their_own():
    """(Step 12 held three ideas: the Hime, the Monk and the capture.)  The Monk, worth nothing to
    take, is a step of words only lighting B2 where he lies; the Hime, the reason to take, is in the
    take's own step."""
    take = step_of(FIRST, "take", 2)
    monk = FIRST.steps[take - 2]
    _, before = replayed(FIRST, take - 1)
    assert monk.reading and "square/7" in monk.point and {CODE["monk"], CODE["hime"]} <= set(before.board[7])
    assert "Monk" in monk.say and "Hime" not in monk.say and not before.board[8]  # (B3 empty)
    say = FIRST.steps[take - 1].say
    assert "Hime" in say and "Monk" not in say
    assert f"Take B2's {NUMBERS[len(before.board[7])]} stones" in say


def test_the_learners_own_sowing_says_only_what_either_way_shows():
    """(Step 18 said "an empty square with nothing beyond it just ends your turn", which neither way
    of sowing A2 shows: each ends with the last stone just before a rectangle.)  The rule is said in
    the turn's summary, a step of words only before the last."""
    own = next(n for n, s in enumerate(FIRST.steps, 1) if isinstance(s.expect, list))
    _, before = replayed(FIRST, own)
    for way in (-1, 1):
        st = before.clone()
        st.apply(Action.make("sow", square=1, dir=way))
        drops = [e["place"] for e in st.events if e["event"] == "drop"]
        assert drops and (drops[-1] + way) % 12 in (5, 11) and st.turn_player == 1, way  # (a rectangle next: the turn ends)
    say = FIRST.steps[own - 1].say
    assert "Either way your last stone falls just before a rectangle, so your turn ends" in say
    assert "nothing beyond" not in say
    turn = FIRST.steps[-2]
    assert turn.reading and turn.say.startswith("That is a turn") and "nothing beyond" not in turn.say
    assert not re.search(r"That is a turn", FIRST.steps[-1].say)


def test_the_end_of_a_game_names_no_hime_where_none_is_in_play_and_her_tooltip_says_30():
    """(Step 2 said "A Hime taken beside a shogun is worth 30" with no Hime on the table, in either
    player's captures or chosen: a rule with nothing to see.)  It is left to her tooltip, which the
    first lesson points at (What is this?)."""
    hime = CODE["hime"]
    st = END.new_match(get_game(END.game)).state
    assert not any(hime in place for place in st.board) and not any(hime in s for s in st.stores)
    assert not any(hime in c for c in st.chosen)
    assert not any("Hime" in s.say for s in END.steps)
    assert "Worth 30" in KINDS[hime].text and "shogun" in KINDS[hime].text


def test_the_classic_chain_and_refill_and_the_young_mandarin_are_each_a_bubble():
    """(Step 2 held the chain and the refill; step 3 the sowing on and the young mandarin; step 4
    the mandarin stopping Bramble's chain, the borrowing and the turn's end.)  The chain is a step
    of words only lighting B2 to B5; the refill goes with the next move; the young mandarin is a
    step of words only after the sowing that met him, lighting the learner's house, and the
    borrowing goes with the move after it."""
    chain, refill = CLASSIC.steps[1], CLASSIC.steps[2]
    assert chain.reading and set(chain.point) == {"square/7", "square/8", "square/9", "square/10"}
    assert "chain" in chain.say and "captured stone each" not in chain.say
    _, shown = replayed(CLASSIC, 2)  # (the table the chain's words are read over: Bramble has sown B2 to B5 since)
    assert all(shown.board[sq] for sq in (7, 8, 9, 10)) and "B2 next was empty" in chain.say
    assert chain.say.endswith("Bramble's sowing has filled them since.")
    assert refill.expect["kind"] == "sow" and "captured stone each" in refill.say and "chain" not in refill.say
    sow_on = next(n for n, s in enumerate(CLASSIC.steps, 1) if "sow on" in s.say)
    young = CLASSIC.steps[sow_on]
    assert "mandarin" not in CLASSIC.steps[sow_on - 1].say and "rectangle/5" not in CLASSIC.steps[sow_on - 1].point
    assert young.reading and "rectangle/5" in young.point and "borrow" not in young.say
    m, before = replayed(CLASSIC, sow_on + 1)  # (the learner's sowing and Bramble's reply played)
    assert before.board[5].count(SHOGUN) == 1 and len(before.board[5]) - 1 < 5
    assert [e for e in m.state.events if e["event"] == "protected" and e["place"] == 5]
    assert "borrowed" in CLASSIC.steps[sow_on + 1].say and "debt/0" in CLASSIC.steps[sow_on + 1].point


# --- the third round: what was still two or three ideas a bubble ---------------------------------
def test_ordaining_is_said_over_the_lone_peasant_and_the_move_step_says_only_the_move():
    """(Step 10 held Bramble's capture, the ordain rule and the move.)  Bramble's capture and the
    lone peasant it left on A3 and the rule are a step of words only lighting A3 and the captured
    Merchant; the move's step says the move and what it is for."""
    ordain = step_of(FIRST, "ordain")
    rule = FIRST.steps[ordain - 2]
    _, before = replayed(FIRST, ordain)
    assert before.board[2] == [CODE["peasant"]] and CODE["merchant"] in before.stores[0]
    assert rule.reading and set(rule.point) == {"square/2", "captured/0/merchant"}
    assert re.search(r"left one peasant alone on A3\. Once a turn, before you sow, you may ordain", rule.say)
    move = FIRST.steps[ordain - 1].say
    assert "Once a turn" not in move and "Bramble" not in move and len(move.split()) <= 20


def test_brambles_sowing_before_the_refill_is_named_where_its_stones_lie():
    """(Step 16 said "Bramble sowed B3, marked in violet": B3 lies empty, unringed; the rings are on
    the two stones Bramble sowed, on B4 and B5.)"""
    refill = step_of(FIRST, "refill")
    m, _ = replayed(FIRST, refill - 1)
    play_others(m)
    landed = [e["place"] for e in m.state.events if e["event"] == "drop" and e["player"] == 1]
    assert landed == [9, 10] and not m.state.board[8]  # (B4, B5; B3 emptied)
    assert FIRST.steps[refill - 1].say.startswith("Bramble sowed B3's two stones on to B4 and B5, ringed in violet.")


def test_the_first_lessons_last_two_bubbles_each_say_one_thing():
    """(Step 22 held the turn in short and an end of a sowing; step 23 the imprisonment, the game's
    end and the winner.)  The end of a sowing is said with the others after the first sowing; the
    imprisonment, a turn lost, goes with the turn; the last step says the end and the winner only."""
    turn, last = FIRST.steps[-2].say, FIRST.steps[-1].say
    assert re.search(r"^That is a turn: .* a player who takes a shogun in their first three turns loses their next one\.$", turn)
    assert "first three turns" not in last and "nothing beyond" not in turn
    assert re.search(r"^The game ends once both shoguns are taken, and the most points win", last)


def test_the_end_of_a_game_says_the_end_the_count_the_dice_and_the_result_each_in_a_bubble():
    """(Step 5 held the take, the game's end and the count of the stones left; step 6 the dice's
    rule and the choice; step 7 the result and the end by a third repetition.)  Both ways a game
    ends go with the take that ends it; the count and the dice's rule are steps of words only (the
    count lights both players' captured peasants, where the stones went); the roll's step weighs
    Keep against a roll; the last says the result."""
    take = next(n for n, s in enumerate(END.steps, 1) if s.not_now == "take the shogun")
    roll = step_of(END, "roll")
    assert re.search(r"take him, 15 points\. A game ends when both shoguns are taken \(or when the same position comes "
                     r"back a third time with no capture between\)\.$", END.steps[take - 1].say)
    count, dice = END.steps[take], END.steps[roll - 2]
    assert count.reading and count.say.startswith("The game is over, and each stone left went to the owner of its side")
    assert set(count.point) == {"captured/0/peasant", "captured/1/peasant"}
    assert roll - 2 == take + 1 and dice.reading and "groove/button/roll" in dice.point and "Keep" not in dice.say
    assert END.steps[roll - 1].say.startswith("Keep would leave") and "double" not in END.steps[roll - 1].say
    assert "third time" not in END.steps[-1].say and END.steps[-1].say.startswith("The dice show")
    m, _ = replayed(END, take)
    assert m.state.step == "thief"  # (the take ends the game: the dice's choice is left)
