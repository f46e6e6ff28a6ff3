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
    assert re.search(r"Next, empty A4: you may take what lies beyond, ending your turn", say)
    assert "Captured stones are your points" in say
    assert f"A3 holds {NUMBERS[len(before.board[2])]}: take them all" in say
    assert m.state.scores()[0].total == sum(KINDS[k].value for k in before.board[2])


def test_the_ordain_step_says_what_it_is_for_and_the_next_sowing_uses_it():
    """(Step 9 taught "Click Ordain…, then A3, then the Merchant" with no reason: the Merchant
    ordained is the only stone of A3, sown at once and sent across by his ability.)"""
    ordain = step_of(FIRST, "ordain")
    assert re.search(r"To sow the Merchant next: click Ordain…, A3, the Merchant", words(FIRST)[ordain - 1])
    m, _ = replayed(FIRST, ordain)
    assert m.state.board[2] == [CODE["merchant"]]
    sow = FIRST.steps[ordain]  # (the next step sows A3, and the one after it sends the Merchant across)
    assert sow.expect["kind"] == "sow" and sow.expect["args"]["square"] == 2
    assert FIRST.steps[ordain + 1].expect["args"]["stone"] == "merchant"


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
    assert f"Keep would leave {mine} to {theirs}, a sure loss; the lowest steal, 3, already wins" in say
    assert "sure win" not in say
    play_others(m)  # (the dice's throw)
    end = [s.total for s in m.state.scores()]
    assert m.is_over()
    assert f"win, {end[0]} to {end[1]}" in words(END)[roll]
    steal = end[0] - mine
    assert f"The dice show {steal}, no double: you steal {steal} points" in words(END)[roll]
