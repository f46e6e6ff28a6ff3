"""The lessons' words (issue 41, "Lessons that teach", faults 8 and 9): one idea to a bubble -- no
step over 50 words -- and every word defined before it is used; what each lesson says matches the
table (the score table's words, the prompt's count, the scoring's piles), and the card game's log
says the flips and the Wisps a player would otherwise not see coming."""

from __future__ import annotations

import re

import pytest
from test_three_spheres_rules import A, END, pos, six

from tabletop.engine.lessons import LessonRun, all_lessons, play_others, replay_lesson
from tabletop.engine.registry import get_game
from tabletop.games.three_spheres.steps import Move

LESSONS = {x.id: x for x in all_lessons()}
MOST_WORDS = 50


def words(lesson_id: str) -> list[str]:
    return [s.say for s in LESSONS[lesson_id].steps]


def first(lesson_id: str, pattern: str) -> int:
    """The first step (from 1) whose words match ``pattern`` (0: none)."""
    return next((n for n, say in enumerate(words(lesson_id), 1) if re.search(pattern, say, re.IGNORECASE)), 0)


def said(lesson_id: str, pattern: str) -> bool:
    return first(lesson_id, pattern) > 0


@pytest.mark.parametrize("lesson", list(LESSONS.values()), ids=list(LESSONS))
def test_no_step_says_more_than_fifty_words(lesson):
    long = [(n, len(s.say.split())) for n, s in enumerate(lesson.steps, 1) if len(s.say.split()) > MOST_WORDS]
    assert not long, f"steps over {MOST_WORDS} words (step, words): {long}"


# --- the forest ---------------------------------------------------------------------------------
def test_the_forest_speaks_the_score_tables_words_and_says_what_a_first_game_needs():
    lesson = "forest-first-game"
    assert not said(lesson, r"\b(un)?finished\b")  # (the score table says Complete / Incomplete trees)
    assert 0 < first(lesson, r"start card") <= 4  # (the tree the learner plays into stands on it)
    assert said(lesson, r"one tree at a time")
    assert said(lesson, r"until every card is in a forest")  # (when the game ends)
    oak = first(lesson, r"Give the Oak crown")
    assert re.search(r"chainsaw will cost them", words(lesson)[oak - 1])  # (why it is the better gift)
    # a chainsaw costs only in a complete tree (the Cut limb starts Wren's second tree): said by
    # the gift that speaks of its cost, at the latest (a step of words before it may say it)
    assert 0 < first(lesson, r"counts only in a complete tree") <= oak
    cut = words(lesson)[first(lesson, r"Cut limb") - 1]
    assert not re.search(r"will cost their forest", cut)
    assert first(lesson, r"species") <= first(lesson, r"in balance")  # (defined where first said)


# --- the shogun game ---------------------------------------------------------------------------
def test_the_shogun_lesson_defines_each_word_before_it_uses_it():
    lesson = "shogun-first-game"
    assert first(lesson, r"peasant") == first(lesson, r"the peasants, worth 1")
    assert first(lesson, r"\bsow") == first(lesson, r"you sow: you take all the stones")
    assert first(lesson, r"shogun") == first(lesson, r"\(east\) holds your shogun, the crown, worth 15; the west one holds Bramble's") == 1
    # the pick-up and sow on is said at the step of words right after the first sowing showed it,
    # before the first capture is taken
    sowing_on = first(lesson, r"picked them up and sowed on")
    take = next(n for n, s in enumerate(LESSONS[lesson].steps, 1) if isinstance(s.expect, dict) and s.expect["kind"] == "take")
    assert 0 < sowing_on < take and LESSONS[lesson].steps[sowing_on - 1].reading
    # the stones the learner meets in words (one a bubble: tests/test_lessons_words_shogun.py); Bramble's
    # Monk and Ghost are left to the stones' tooltips and What is this?, which the lesson points at once
    for stone, what in (("Hime", r"15"), ("Samurai", r"reverses the sowing's direction")):
        assert any(stone in say and re.search(what, say) for say in words(lesson)), stone
    assert said(lesson, r"Point at any stone, or right-click it \(What is this\?\), to read its ability and worth")
    ordained = first(lesson, r"Click Ordain")
    assert re.search(r"6 became 5", words(lesson)[ordained])  # (ordaining's cost, in the next step)


def test_the_end_of_a_game_counts_the_stones_as_the_prompt_does():
    """The west rectangle holds four stones, the shogun one of them, and he stays: the prompt says
    "Take the 3 stones beyond the empty square (the shogun stays)?" (tests/test_shogun_words.py)."""
    step = words("shogun-endgame")[first("shogun-endgame", r"Take the stones") - 1]
    assert re.search(r"four stones, the shogun among them", step) and re.search(r"the shogun stays", step)


def test_the_classic_lesson_defines_its_words_where_it_first_says_them_and_shows_the_borrowing():
    """The houses (the board names each by its owner, "Robin's house"), the mandarins, a chain, a
    young mandarin and sowing on are each said first where they are defined; the borrowing is
    told in its own words at the step after it happened, with the debt on the learner's area lit."""
    lesson = "shogun-classic-first-game"
    assert first(lesson, r"house") == 1 == first(lesson, r"in each house \(the big end places, yours on the right\)")
    assert first(lesson, r"mandarin") == 1 == first(lesson, r"a mandarin: the crown, worth 10")
    assert first(lesson, r"\bchain") == first(lesson, r"a chain, going on while an empty square has stones beyond")
    assert first(lesson, r"\byoung") == first(lesson, r"young mandarin \(under five stones beside him\) cannot be taken")
    assert first(lesson, r"sow on") == first(lesson, r"you pick them up and sow on")
    borrowed = first(lesson, r"borrow")
    assert re.search(r"three were borrowed from Bramble's captures", words(lesson)[borrowed - 1])
    assert "debt/0" in LESSONS[lesson].steps[borrowed - 1].point
    assert not said(lesson, r"\([^)]*borrow")  # (borrowing said in its own words, not in brackets)
    assert not said(lesson, r"rectangle|\b(east|west)\b")  # (the board says "Robin's house", "Bramble's house")


# --- Spheres of Life ---------------------------------------------------------------------------
def test_spheres_of_life_defines_its_words_before_it_uses_them():
    lesson = "spheres-of-life-first-game"
    assert first(lesson, r"phase cards") == first(lesson, r"phase cards \(◆\), yours now, say who goes first")
    assert not any(re.search(r"[Dd]eclare|Last Dream", say) for say in words(lesson))  # (said plainly: "plays", "one last Dream")
    assert first(lesson, r"quiet moment") == first(lesson, r"is a quiet moment")
    enough = words(lesson)[first(lesson, r"one discard is enough") - 1]
    assert re.search(r"only the Apple of Life, a defence you will see next, is worth taking", enough)
    # (why one discard is enough: you take as many open cards as you discard, said before)
    assert 0 < first(lesson, r"discard up to six cards, then take as many open ones") < first(lesson, r"one discard is enough")


# --- the card game -----------------------------------------------------------------------------
def test_the_card_game_names_what_it_uses_before_the_free_play():
    lesson = "three-spheres-first-game"
    free = next(n for n, s in enumerate(LESSONS[lesson].steps, 1) if s.until_over)
    for word in (r"Persist", r"activated", r"star with a \+", r"fills only when someone flips"):
        assert 0 < first(lesson, word) < free, word
    # the scoring in the table's own words: its three piles and the Total, no numbers of its own
    # (the Total box and the Scores panel split the points in the same rows: the words send the learner there)
    end = words(lesson)[-1]
    assert re.search(r"no points, fixed points.*dynamic.*Total.*Scores", end) and not re.search(r"\d", end)


def test_the_card_games_log_says_the_flips_and_the_wisps():
    """In play: Marsh Light's Wisp goes into the other's Realm discard, Night Raven flips a card of
    the other's World deck onto their side, a turn's end after a reshuffle flips one that waits
    for its stack -- each said in the log's sentence of the move that did it."""
    names = ["Ann", "Bo"]
    wisp = pos(hand=[["marsh_light.a1"], []], spaces=six(["glade_stag.b1"]))
    assert wisp.describe(A(Move.PLAY, card="marsh_light.a1"), names) == (
        "Ann plays Marsh Light. A Corrupted Wisp goes into Bo's Realm discard (−1 point).")
    shielded = pos(hand=[["marsh_light.a1"], []], spaces=six(["glade_stag.b1"]), protected=[False, True])
    assert shielded.describe(A(Move.PLAY, card="marsh_light.a1"), names) == (
        "Ann plays Marsh Light. Bo is protected from corruption: no Wisp.")
    raven = pos(hand=[["night_raven.a1"], []], realm=[["moss_sprout.a2"], []], world_deck=[[], ["elder_oak.b2"]],
                spaces=six(["glade_stag.b1"]))
    assert raven.describe(A(Move.PLAY, card="night_raven.a1"), names) == (
        "Ann plays Night Raven. Ann flips Elder Oak from Bo's World deck onto Bo's side of the World.")
    full = pos(hand=[[], []], discard=[["silver_leaf.a2"], []], world_deck=[[], ["elder_oak.b2"]],
               spaces=six([], [], [], ["glade_stag.b3"], ["moss_sprout.b4", "old_willow.b5"], ["glade_stag.b6"]))
    assert full.describe(END, names) == (
        "Ann ends the turn. Having reshuffled this turn, Ann flips Elder Oak from Bo's World deck; Bo's side is "
        "full, so Ann chooses the stack it covers.")


def test_the_card_game_lessons_log_shows_where_the_wisp_and_the_flipped_cards_came_from():
    lesson = LESSONS["three-spheres-first-game"]
    match, step, problem = replay_lesson(lesson, get_game(lesson.game))
    assert not problem
    log = [line.text for line in match.log_lines()]
    assert any("Robin flips Mirror Wraith from Bramble's World deck; Bramble's side is full" in t for t in log)
    assert any(t.startswith("Bramble plays Night Raven. Bramble flips") and "onto Robin's side of the World" in t for t in log)
    assert any(t.startswith("Bramble plays Marsh Light. A Corrupted Wisp goes into Robin's Realm discard") for t in log)


# --- the Dawn ----------------------------------------------------------------------------------
def test_the_dawn_lesson_lights_the_dawn_card_and_stops_at_the_shown_sacrifices():
    lesson = LESSONS["gods-and-myths-dawn"]
    assert not any(re.search(r"Dawn count|the default", s.say) for s in lesson.steps)  # (an option never seen)
    card = next(n for n, s in enumerate(lesson.steps) if re.search(r"One has come up", s.say))
    assert any(p.startswith("card/dawn") for p in lesson.steps[card].point)
    # played as taught: the step after the last card laid is the heroes' round, the sacrifices
    # shown and counted on the table, and the learner decides there (the lesson stops at it)
    game = get_game(lesson.game)
    match = lesson.new_match(game)
    play_others(match)
    run = LessonRun(lesson)
    while run.current is not None and run.current.expect is not None:
        step = run.current
        if re.search(r"The laid cards are shown", step.say):
            view = match.state.view(0)
            assert match.decider() == 0 and view["step"] == "dawn_hero"
            assert view["dawn"]["total"] == 9 and "total of 9" in step.say
            assert re.search(r"a total of 9 \(lit\), short of 10\.", step.say)
            # (the heroes' round, said at the step after the reveal, where Add Druid is the move)
            heroes = lesson.steps[run.step + 1]
            assert re.search(r"^Below 10, each player in turn may add one unused hero for \+5", heroes.say)
            break
        assert not run.take_step(match)
    else:
        pytest.fail("no step at the shown sacrifices")
