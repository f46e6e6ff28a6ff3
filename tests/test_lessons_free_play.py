"""A lesson's step that lasts to the game's end ("until": "over", tabletop/engine/lessons.py): free
play, replayed headless to the end, counted move by move, and ended by the game's last move
whoever plays it."""

from __future__ import annotations

import json

import pytest

from tabletop.engine.game import GameError
from tabletop.engine.lessons import Lesson, LessonRun, Step, check_lesson, lasts, load_lesson, play_others
from tabletop.engine.registry import get_game

FOREST = get_game("forest")


def free_play_lesson(seed=5):
    steps = (Step("play on to the end", (), "any", {}, "", False, True), Step("the end", (), None, {}, ""))
    return Lesson("free", FOREST.id, "Free", "", seed, ("Robin", "Bramble"), ("easy",), {}, steps)


def test_a_step_until_the_end_is_replayed_to_the_games_end():
    lesson = free_play_lesson()
    assert check_lesson(lesson, FOREST) == (1, "")
    match = lesson.new_match(FOREST)
    play_others(match)
    run = LessonRun(lesson)
    assert lasts(lesson.steps[0], match)  # (the game goes on: so does the step)
    assert run.take_step(match) == ""
    assert match.is_over() and run.step == 1 and run.lasted == 0 and run.finished
    assert not lasts(lesson.steps[0], match)


def test_its_moves_are_counted_and_the_game_ending_on_anothers_move_ends_it():
    lesson = free_play_lesson()
    match = lesson.new_match(FOREST)
    play_others(match)
    run = LessonRun(lesson)
    moves = 0
    for _ in range(3000):  # (a game of the forest is far shorter)
        if match.is_over():
            break
        if match.decider() == 0:
            action = match.legal_actions()[0]
            assert run.allows(action)  # ("any": every legal move)
            match.submit(action)
            run.played(action, match)
            moves += 1
            assert run.step == 0 or match.is_over()
            if run.step == 0:
                assert run.lasted == moves
        else:
            play_others(match)
            run.followed(match)
    assert run.step == 1 and run.lasted == 0


def test_the_game_moving_on_ends_only_a_step_that_lasts_to_the_end():
    plain = Lesson("p", FOREST.id, "P", "", 5, ("Robin", "Bramble"), ("easy",), {},
                   (Step("draw", (), "any", {}, ""), Step("end", (), None, {}, "")))
    match = plain.new_match(FOREST)
    run = LessonRun(plain)
    run.followed(match)  # (the game goes on)
    assert run.step == 0
    while match.decider() == 0:
        match.submit(match.legal_actions()[0])
    assert run.take_step(match) == "the learner does not decide here"  # (Bramble's turn)
    free = LessonRun(free_play_lesson())
    free.followed(match)
    assert free.step == 0  # (not over yet)
    for _ in range(3000):
        play_others(match)
        if match.is_over():
            break
        match.submit(match.legal_actions()[0])
    run.followed(match)
    free.followed(match)
    assert run.step == 0 and free.step == 1 and free.lasted == 0
    assert free.take_step(match) == run.take_step(match) == "the learner does not decide here"  # (the game is over)


def test_a_step_that_lasts_until_anything_but_the_end_is_refused_with_the_file(tmp_path):
    doc = {"id": "x", "game": "forest", "title": "X", "seed": 1, "names": ["A", "B"],
           "steps": [{"say": "s", "expect": "any", "until": "later"}]}
    path = tmp_path / "x.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(GameError, match=r"x\.json cannot be read.*until 'later'"):
        load_lesson(path)
    doc["steps"][0]["until"] = "over"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert load_lesson(path).steps[0].until_over and not load_lesson(path).steps[0].repeat


@pytest.mark.parametrize("level", ["random", "easy"])
def test_in_free_play_the_others_still_play_as_the_apps_bots_of_their_level(level):
    """Every move of the other seat in a replayed free play is its bot's own choice, with the
    app's seed for that moment -- never a move played for it as if it were the learner's."""
    from tabletop.engine.bots.levels import make_bot
    from tabletop.engine.lessons import bot_seed
    from tabletop.engine.match import Match

    lesson = free_play_lesson()._replace(bots=(level,))
    match = lesson.new_match(FOREST)
    play_others(match)
    assert LessonRun(lesson).take_step(match) == ""
    again = Match(FOREST, match.seats, match.options, match.seed)
    bots = 0
    for k, action in enumerate(match.log):
        if again.decider() == 1:
            bot = make_bot(FOREST, level, bot_seed(match.seed, k, 1))
            assert bot.choose(again.state.view(1), again.legal_actions()) == action, f"move {k + 1}"
            bots += 1
        again.submit(action)
    assert bots > 10


def test_the_headless_replay_names_the_step_that_fails_and_why():
    draw = {"kind": "draw", "args": {"pile": 0}}
    steps = (Step("one", (), draw, {}, ""), Step("two", (), {"kind": "give"}, {}, ""), Step("end", (), None, {}, ""))
    lesson = Lesson("bad", FOREST.id, "Bad", "", 5, ("Robin", "Bramble"), ("easy",), {}, steps)
    step, problem = check_lesson(lesson, FOREST)
    assert step == 2 and problem.startswith("no legal move is what the step expects")
    checked = (Step("one", (), draw, {"decider": 1}, ""), Step("end", (), None, {}, ""))
    step, problem = check_lesson(lesson._replace(steps=checked), FOREST)
    assert (step, problem) == (1, "seat 2 should decide, not 0")


def test_a_step_that_does_not_end_in_the_longest_a_step_may_be_is_named(monkeypatch):
    from tabletop.engine import lessons

    monkeypatch.setattr(lessons, "LONGEST_STEP", 3)
    lesson = free_play_lesson()
    assert check_lesson(lesson, FOREST) == (1, "the step did not end in 3 moves")
