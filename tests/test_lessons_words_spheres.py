"""The words of Spheres of Life's two lessons, held to what a new player needs (a review of their
pictures, step by step): the first game keeps its ability cards for a reason it says, says what
the Day's draws brought and who holds the phase cards, one idea to a step, what a locked hand and
a gift are for, and what became of the blocked turn; the Dawn says what it is for first, that an
unused hero adds to the count (not the score), why the lesson ends the first Day, when laying
cards is worth it, what to judge "ahead" by, and lights only the button to click."""

from __future__ import annotations

import re

import pytest

from tabletop.engine.lessons import LessonRun, all_lessons, play_others
from tabletop.engine.registry import get_game
from tabletop.games.spheres_of_life.cards import card

LESSONS = {x.id: x for x in all_lessons()}
FIRST, DAWN = LESSONS["spheres-of-life-first-game"], LESSONS["gods-and-myths-dawn"]
G = get_game("spheres-of-life")


def step(lesson, pattern: str) -> int:
    """The first step (from 0) whose words match ``pattern``."""
    found = [n for n, s in enumerate(lesson.steps) if re.search(pattern, s.say)]
    assert found, f"no step of {lesson.id} says {pattern!r}"
    return found[0]


def at_each_step(lesson):
    """The lesson played headless as taught: (step number from 0, the step, the match) as each
    step starts, the bots' moves before it made."""
    match = lesson.new_match(G)
    play_others(match)
    run = LessonRun(lesson)
    while run.current is not None:
        yield run.step, run.current, match
        if run.current.expect is None:
            return
        assert not run.take_step(match)


# --- the first game ------------------------------------------------------------------------------
def test_the_night_says_why_one_discard_and_what_the_kept_ability_cards_are_for():
    """"Each ability card at the end costs 1", then "one discard is enough" kept three of them
    that the last step counts −3: the step says they are kept to play in a Dream, and the end
    counts them as unplayed."""
    done = step(FIRST, r"one discard is enough")
    assert re.search(r"keep them to play in a Dream", FIRST.steps[done].say)
    assert step(FIRST, r"cost 1 each") == done  # (the cost and what to do about it, in one step)
    assert re.search(r"three unplayed ability cards −3", FIRST.steps[-1].say)
    # the cards kept are those the hand still holds at the end: three ability cards, unplayed
    *_, (_, _, match) = at_each_step(FIRST)
    kept = [c for c in match.state.hands[0] if card(c).type == "ability"]
    assert len(kept) == 3


def test_the_night_says_what_the_draws_brought_and_who_went_first():
    night = step(FIRST, r"^Night")
    say = FIRST.steps[night].say
    assert re.search(r"phase cards passed to Bramble, who went first", say)
    assert re.search(r"a third Heron and a second Mirror of Fate", say)
    assert "phase" in FIRST.steps[night].point
    for n, s, match in at_each_step(FIRST):
        if n == night:  # (as the table stands: Bramble leads, the learner holds three Herons)
            assert match.state.leader == 1
            assert sum(c.startswith("heron") for c in match.state.hands[0]) == 3
            break
    # the Dream's "back with you" comes after the passing was said
    dream = step(FIRST, r"^The Dream")
    assert dream > night and re.search(r"phase cards passed back to you", FIRST.steps[dream].say)


def test_the_phases_and_the_heroes_question_are_said_in_steps_of_their_own():
    """Step 3 said four things (the phase cycle, the phase cards, the question before each turn,
    the Paladin): the cycle and the phase cards go with the second hero, lit on the phase board."""
    cycle = step(FIRST, r"Day, Night, Dream, round and round")
    paladin = step(FIRST, r"Click Paladin: name Noble Otter")
    assert cycle < paladin and step(FIRST, r"phase cards") == cycle
    assert not re.search(r"phase cards|round and round", FIRST.steps[paladin].say)
    assert "phase" in FIRST.steps[cycle].point
    assert step(FIRST, r"asks whether you use something") == paladin


def test_a_locked_hand_and_a_gift_say_what_they_are_for():
    lock = FIRST.steps[step(FIRST, r"Druid took your Otter")].say
    assert re.search(r"locked until the Day ends", lock) and re.search(r"steal .* takes a card by its place", lock)
    action = FIRST.steps[step(FIRST, r"Now your action")].say
    assert re.search(r"give one \(a corrupted animal, say: the taker cannot refuse it\)", action)
    fallback = FIRST.steps[step(FIRST, r"When nobody accepts")].say
    assert re.search(r"Giving the Wolf \(click it, then Give it to Bramble\) would rid you of its −1", fallback)


def test_the_last_step_says_what_became_of_the_blocked_turn():
    *_, (_, last, match) = at_each_step(FIRST)
    assert re.search(r"a blocked action is lost, and with it the turn", FIRST.steps[step(FIRST, r"Click Block with Apple")].say)
    assert re.search(r"Bramble's turn ends without an action", last.say)
    log = [line.text for line in match.log_lines()]
    assert log[-3:] == ["Bramble will steal a card from Robin.", "Robin blocks it with an Apple of Life.",
                        "Bramble lets it pass."]
    assert len(match.state.hands[0]) == 6  # (nothing was stolen)


# --- the Dawn ------------------------------------------------------------------------------------
def test_the_dawn_says_first_what_it_is_for():
    first = DAWN.steps[0].say
    assert re.match(r"Gods & Myths adds the Dawn, a chance to end the game early\.", first)
    assert re.search(r"if they count 10 or more, the game ends at once", first)
    assert not re.search(r"sooner", first)  # (a lesson's trick is said where the lesson plays it)


def test_an_unused_hero_adds_to_the_count_not_to_the_score():
    hero = DAWN.steps[step(DAWN, r"keep it unused")].say
    assert re.search(r"adding 5 to the count toward 10 \(not to your score\)", hero)
    assert not re.search(r"added for 5 points", hero)


def test_ending_the_first_day_is_said_to_be_the_lessons_doing():
    wind = DAWN.steps[step(DAWN, r"Click Use Windmaster")].say
    assert re.search(r"throws away its open cards and draws", wind)
    assert re.search(r"this lesson does it only to reach a Dawn card sooner", wind)


def test_the_night_and_the_laying_say_when_laying_cards_is_worth_it():
    """Discarding the Jackal and the Bear in the Night would have brought the Swan and the Apple
    of Life (both open, the learner first); laying them only pulls the Dawn's total down."""
    night = step(DAWN, r"Your Night turn")
    say = DAWN.steps[night].say
    assert re.search(r"In a real game, discarding your Corrupted Jackal and Corrupted Bear now would bring you "
                     r"the Swan and the Apple of Life", say)
    assert not re.search(r"keep them for the Dawn", say)
    assert {"card/swan2", "card/apple2"} <= set(DAWN.steps[night].point)
    for n, _, match in at_each_step(DAWN):
        if n == night:
            assert {"swan2", "apple2"} <= set(match.state.table) and match.state.leader == 0
            assert {"jackal3", "bear1"} <= set(match.state.hands[0])
            break
    laying = DAWN.steps[step(DAWN, r"Lay the Corrupted Bear")].say
    assert re.search(r"pulls the total down: it suits a player who wants the game to go on", laying)
    assert re.search(r"Laid cards go to the discard pile, whatever the total", laying)


def test_the_last_words_say_what_to_judge_being_ahead_by():
    last = DAWN.steps[-1]
    assert re.search(r"judge by your score, Bramble's banked sets and the cards you know they hold", last.say)
    assert not re.search(r"When you are ahead", last.say)
    assert "panel/1" in last.point  # (where Bramble's banked sets and known cards show)


def test_the_passes_about_paladins_are_short_and_the_dawn_is_said_at_them():
    passes = [s for s in DAWN.steps if isinstance(s.expect, dict) and s.expect.get("kind") == "pass"]
    paladins = [s for s in passes if "Paladin" in s.say]
    assert paladins and all(len(s.say.split()) <= 12 for s in paladins), [s.say for s in paladins]
    assert sum("Dawn" in s.say for s in passes) >= 2


@pytest.mark.parametrize("lesson", [FIRST, DAWN], ids=lambda x: x.id)
def test_a_step_lights_only_the_buttons_it_expects(lesson):
    """Of the prompt's buttons, a step lights the one to click (or the menu that leads to it),
    never another choice it names (the Dawn's "Add Druid (+5)" beside Pass)."""
    for n, s in enumerate(lesson.steps):
        expected = s.expect if isinstance(s.expect, list) else [s.expect]
        for name in s.point:
            if not name.startswith("prompt/button/") or name.startswith("prompt/button/menu:"):
                continue
            kind, _, rest = name.removeprefix("prompt/button/").partition(":")
            args = dict(kv.split("=", 1) for kv in rest.split(",") if kv)
            wanted = [e for e in expected if isinstance(e, dict) and e.get("kind") == kind]
            assert wanted and any(all(str(e.get("args", {}).get(k)) == v for k, v in args.items()) for e in wanted), \
                f"{lesson.id} step {n + 1} lights {name}, which is not the move it teaches ({s.expect})"
