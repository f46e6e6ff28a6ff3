"""Lessons as data (tabletop/engine/lessons.py), without a window: reading a lesson, matching the
move a step teaches, the checks after a step, a step that repeats, the run's progress and its
words, and the headless replay."""

from __future__ import annotations

import json

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.game import GameError
from tabletop.engine.lessons import (Lesson, LessonRun, Step, check_holds, check_lesson, lasts, load_lesson, matches,
                                     play_others, saved_progress, save_progress, taught)
from tabletop.engine.registry import get_game

FOREST = get_game("forest")
SHOGUN = get_game("spheres-shogun")


def a_lesson(game, steps, seed=5, **more):
    return Lesson("t", game.id, "T", "", seed, ("Robin", "Bramble"), ("easy",), dict(more), tuple(steps))


def step(expect, check=None, repeat=False, not_now=""):
    return Step("say", (), expect, dict(check or {}), not_now, repeat)


def test_a_step_matches_a_kind_its_arguments_any_or_one_of_several():
    draw0 = Action.make("draw", pile=0)
    assert matches(draw0, "any") and matches(draw0, {"kind": "draw"}) and matches(draw0, {"kind": "draw", "args": {"pile": 0}})
    assert not matches(draw0, {"kind": "draw", "args": {"pile": 1}}) and not matches(draw0, {"kind": "give"})
    assert matches(draw0, [{"kind": "give"}, {"kind": "draw", "args": {"pile": 0}}])
    assert not matches(draw0, [{"kind": "give"}, {"kind": "play"}])
    legal = [Action.make("draw", pile=p) for p in range(3)]
    assert taught(legal, {"kind": "draw", "args": {"pile": 2}}) == [legal[2]]


def test_the_checks_after_a_step_say_what_does_not_hold():
    lesson = a_lesson(FOREST, [])
    match = lesson.new_match(FOREST)
    play_others(match)
    assert check_holds(match, {"decider": 0}) == ""
    assert check_holds(match, {"decider": 1}) == "seat 2 should decide, not 0"
    assert check_holds(match, {"over": False}) == ""
    assert check_holds(match, {"over": True}) == "the game should be over"
    assert check_holds(match, {"score_at_least": [0, -1]}) == ""
    assert check_holds(match, {"score_at_least": [1, 5]}) == "seat 2 should have at least 5 points"
    match.submit(match.legal_actions()[0])
    assert check_holds(match, {"logged": "draw"}) == ""
    assert check_holds(match, {"logged": "give"}) == "the learner's last move should be a give"
    assert check_holds(match, {"color": 1}) == "unknown check 'color'"


def test_a_finished_game_fails_the_checks_that_want_it_going_on():
    match = a_lesson(SHOGUN, []).new_match(SHOGUN)
    while not match.is_over():
        match.submit(match.legal_actions()[0]) if match.decider() >= 0 else match.resolve_chance()
    assert check_holds(match, {"over": True}) == "" and check_holds(match, {"over": False}) == "the game should go on"
    assert not lasts(step({"kind": "drop"}, repeat=True), match)


def test_a_repeated_step_replays_the_first_taught_move_each_time():
    """A sowing's drops: the headless replay takes the first taught drop each time (as the app's
    'sow the rest plainly' does for the same count), and the run stays on the step meanwhile."""
    places = [step({"kind": "place", "args": {"stone": s, "square": i}})
              for i, s in enumerate(("scholar", "merchant", "samurai", "geisha", "thief"))]
    sow = step({"kind": "sow", "args": {"square": 2, "dir": 1}})
    drops = step({"kind": "drop"}, repeat=True)
    lesson = a_lesson(SHOGUN, places + [sow, drops, step({"kind": "take"})], seed=3)
    assert check_lesson(lesson, SHOGUN) == (8, "")
    match = lesson.new_match(SHOGUN)
    play_others(match)
    run = LessonRun(lesson)
    for s in lesson.steps[:6]:
        move = taught(match.legal_actions(), s.expect)[0]
        match.submit(move)
        run.played(move, match)
        play_others(match)
    assert run.step == 6 and lasts(drops, match)
    seen = []
    while lasts(drops, match):
        move = taught(match.legal_actions(), drops.expect)[0]
        seen.append(move)
        match.submit(move)
        run.played(move, match)
        assert run.step == (6 if lasts(drops, match) else 7)
    assert run.step == 7 and len(seen) > 1 and match.legal_actions()[0].kind in ("take", "leave")


def test_a_run_moves_on_only_for_the_move_taught_and_says_why_not_otherwise():
    lesson = a_lesson(FOREST, [step({"kind": "draw", "args": {"pile": 0}}, not_now="draw from pile 1"),
                               step("any"), Step("the end", (), None, {}, "", False)])
    run = LessonRun(lesson)
    assert run.current is lesson.steps[0] and not run.finished
    assert not run.allows(Action.make("draw", pile=1)) and run.allows(Action.make("draw", pile=0))
    assert run.refusal() == "Not now: draw from pile 1."
    run.played(Action.make("draw", pile=1))
    assert run.step == 0
    run.played(Action.make("draw", pile=0))
    assert run.step == 1 and run.refusal() == "Not now: follow the lesson's step."
    run.played(Action.make("give", card="X", to=1))
    assert run.step == 2 and run.finished and run.allows(Action.make("anything"))
    run.step = 3
    assert run.current is None and run.allows(Action.make("anything"))


def test_a_lesson_file_its_defaults_and_its_errors(tmp_path):
    doc = {"id": "x", "game": "forest", "title": "X", "seed": 5, "names": ["A", "B", "C"],
           "steps": [{"say": "hi", "expect": None}]}
    (tmp_path / "x.json").write_text(json.dumps(doc), encoding="utf-8")
    lesson = load_lesson(tmp_path / "x.json")
    assert lesson.bots == ("easy", "easy") and lesson.options == {} and lesson.steps[0].point == ()
    assert lesson.steps[0].expect is None and lesson.steps[0].repeat is False
    doc["steps"] = []
    (tmp_path / "x.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(GameError, match="x.json has no steps"):
        load_lesson(tmp_path / "x.json")
    del doc["seed"]
    (tmp_path / "x.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(GameError, match="x.json cannot be read: KeyError"):
        load_lesson(tmp_path / "x.json")


def test_where_a_lesson_was_left_is_kept_until_it_is_finished(tmp_path, monkeypatch):
    from tabletop.engine import lessons

    monkeypatch.setattr(lessons, "progress_path", lambda: tmp_path / "lessons.json")
    assert saved_progress() == {}
    save_progress("a", 3)
    save_progress("b", 1)
    assert saved_progress() == {"a": 3, "b": 1}
    save_progress("a", None)
    assert saved_progress() == {"b": 1}
    (tmp_path / "lessons.json").write_text("{not json", encoding="utf-8")
    assert saved_progress() == {}  # (a broken file: no progress, never an error)


def test_a_lesson_with_a_position_starts_from_it(tmp_path):
    """A lesson's ``position`` (a position document) is where its match begins, not the seed's opening."""
    position = {"game": "spheres-shogun", "turns": [9, 9], "chosen": [["scholar"], []],
                "board": [[], [], ["peasant"], ["scholar"], [], [], ["peasant"], [], [], [], [], ["peasant", "shogun"]],
                "stores": [["peasant"] * 20, ["peasant"] * 17 + ["shogun"]]}
    doc = {"id": "p", "game": "spheres-shogun", "title": "P", "seed": 5, "names": ["Robin", "Bramble"],
           "position": position, "steps": [{"say": "sow", "expect": {"kind": "sow"}}, {"say": "done", "expect": None}]}
    (tmp_path / "p.json").write_text(json.dumps(doc), encoding="utf-8")
    lesson = load_lesson(tmp_path / "p.json")
    assert lesson.position == position
    match = lesson.new_match(SHOGUN)
    play_others(match)
    view = match.state.view(0)
    assert view["board"] == position["board"] and view["stores"][1].count("shogun") == 1
    assert match.decider() == 0 and {(a["square"], a["dir"]) for a in match.legal_actions()} == {
        (2, 1), (2, -1), (3, 1), (3, -1)}
    assert check_lesson(lesson, SHOGUN) == (1, "")
    plain = a_lesson(SHOGUN, [])  # (no position: the opening, the set-up of the special stones)
    assert plain.new_match(SHOGUN).state.view(0)["board"][2] == ["peasant"] * 4


def test_a_lesson_whose_position_is_not_an_object_is_refused_naming_the_file(tmp_path):
    doc = {"id": "p", "game": "spheres-shogun", "title": "P", "seed": 5, "names": ["Robin", "Bramble"],
           "position": [[], ["peasant"]], "steps": [{"say": "hi", "expect": None}]}
    (tmp_path / "bad-position.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(GameError, match=r"bad-position\.json cannot be read: .*position"):
        load_lesson(tmp_path / "bad-position.json")


def test_a_step_taken_without_the_others_leaves_their_moves_to_the_table():
    """Back in the app replays the learner's moves and leaves the bots' after the last one to the
    table (played as they happen); headless, the same step with the others ends at the learner."""
    from tabletop.engine.lessons import all_lessons

    lesson = next(x for x in all_lessons() if x.id == "forest-first-game")
    game = get_game(lesson.game)
    with_others, without = lesson.new_match(game), lesson.new_match(game)
    play_others(with_others)
    play_others(without)
    a, b = LessonRun(lesson), LessonRun(lesson)
    bots_waited = 0
    while a.current is not None and a.current.expect is not None and not a.current.until_over:
        assert a.take_step(with_others) == "" and b.take_step(without, others=False) == ""
        assert with_others.decider() == 0
        if without.decider() == 1:  # (the learner's move handed the turn to Bramble: left to the table)
            bots_waited += 1
            play_others(without)
        assert without.log == with_others.log
    assert bots_waited >= 3
