"""A lesson's step of words only in the middle of a lesson (``"expect": "next"``): one idea to a
bubble, where the game gives no move to hang it on.  The learner reads it and clicks Next (the
lesson box's button, or the callout's own); no move is played meanwhile, a move tried is refused
with why, Back and a replay pass it as the lesson does, and it is not counted as a move."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt

from tabletop.engine.actions import Action
from tabletop.engine.lessons import NEXT, Lesson, LessonRun, Step, check_lesson, load_lesson, play_others, taught
from tabletop.engine.registry import get_game

FOREST = get_game("forest")
DRAW = {"kind": "draw", "args": {"pile": 0}}


def reading_lesson() -> Lesson:
    steps = (Step("Draw from pile 1.", ("pile/0",), DRAW, {}, "draw from pile 1"),
             Step("Piles count 1 to 5 from the left.", ("pile/0", "pile/4"), NEXT, {}, ""),
             Step("Draw from pile 1 again.", ("pile/0",), DRAW, {}, "draw from pile 1"),
             Step("The end.", (), None, {}, ""))
    return Lesson("reading", FOREST.id, "Reading", "", 5, ("Robin", "Bramble"), ("easy",), {}, steps)


def test_a_step_of_words_only_plays_nothing_refuses_moves_and_is_not_counted():
    lesson = reading_lesson()
    assert check_lesson(lesson, FOREST) == (2, "")  # (two moves taught; the words-only step is none)
    match = lesson.new_match(FOREST)
    play_others(match)
    run = LessonRun(lesson)
    assert run.take_step(match) == "" and run.step == 1
    step = run.current
    assert step.reading and not step.teaches and not run.finished
    legal = match.legal_actions()
    assert legal and not taught(legal, step.expect) and not any(run.allows(a) for a in legal)
    assert run.refusal() == "Not now: read the words, then click Next."
    played = len(match.log)
    run.played(legal[0], match)  # (not the step's: nothing moves on)
    assert run.step == 1
    assert run.take_step(match) == "" and run.step == 2 and len(match.log) == played  # (Skip/replay: no move)
    run.read_on()  # (only a words-only step is read on)
    assert run.step == 2 and run.current.teaches


def test_a_lesson_file_says_next_for_words_only(tmp_path):
    doc = {"id": "x", "game": "forest", "title": "X", "seed": 5, "names": ["A", "B"],
           "steps": [{"say": "read me", "expect": "next"}, {"say": "draw", "expect": DRAW}, {"say": "end", "expect": None}]}
    (tmp_path / "x.json").write_text(json.dumps(doc), encoding="utf-8")
    lesson = load_lesson(tmp_path / "x.json")
    assert lesson.steps[0].reading and not lesson.steps[1].reading and lesson.steps[1].teaches
    assert not lesson.steps[2].teaches and check_lesson(lesson, FOREST) == (1, "")


def test_next_on_the_table_goes_on_and_a_move_meanwhile_is_refused(gui, qtbot):
    gui.window.settings.bot_pace = 0.0
    lesson = reading_lesson()
    match = lesson.new_match(FOREST)
    play_others(match)
    gui.window.start_match(match, lesson=LessonRun(lesson))
    gui.wait_for_human()
    c, screen = gui.controller, gui.window.table_screen
    assert c.submit_human(Action.make("draw", pile=0)) is not False
    gui.wait_for_human()
    run = c.lesson
    assert run.step == 1 and screen.callout.text() == lesson.steps[1].say and screen.callout.isVisible()
    assert screen.lesson_skip_button.text() == "Next ▸"
    assert set(gui.table.hinted_names) == {"pile/0", "pile/4"}  # (what the words speak of, lit)
    played = len(gui.match.log)
    assert c.submit_human(gui.match.legal_actions()[0]) is False
    assert gui.status() == "Not now: read the words, then click Next." and len(gui.match.log) == played
    assert screen.callout.next_button.hasFocus() or not screen.window().isActiveWindow()
    qtbot.keyClick(screen.callout.next_button, Qt.Key.Key_Space)  # (the keyboard reads on as a click does)
    assert run.step == 2 and screen.callout.text() == lesson.steps[2].say and len(gui.match.log) == played
    assert screen.lesson_skip_button.text() == "Skip" and not screen.callout.next_button.isVisible()
    assert c.submit_human(Action.make("draw", pile=0)) is not False
    gui.wait_for_human()
    assert run.finished


def test_the_lessons_command_counts_the_moves_taught_not_the_steps_of_words(capsys):
    from tabletop.cli import main as cli_main
    from tabletop.engine.lessons import all_lessons

    assert cli_main(["lessons"]) == 0
    out = capsys.readouterr().out
    for lesson in all_lessons():
        moves = sum(1 for s in lesson.steps if s.expect is not None and s.expect != NEXT)
        assert f"({len(lesson.steps)} steps, {moves} moves)" in out, lesson.id
    assert any(s.reading for x in all_lessons() for s in x.steps)  # (a lesson has one: the count differs there)


def test_taken_up_at_a_step_of_words_the_others_moves_before_it_are_played_on_the_table(gui, qtbot):
    """Back (or Learn to play where it was left) to the step after a step of words only that
    follows the learner's move: the bots' moves after that move are left to the table, which
    plays them marked, as anywhere (they were played at once, their rings lost)."""
    from lesson_steps import step_of
    from test_gui_others_moves import lit_lines, marked_names

    lesson_id = "spheres-of-life-first-game"
    n = step_of(lesson_id, r"^Night: the phase cards")
    from tabletop.engine.lessons import all_lessons

    lesson = next(x for x in all_lessons() if x.id == lesson_id)
    assert lesson.steps[n - 1].reading and lesson.steps[n - 2].teaches and lesson.steps[n].teaches
    gui.window.settings.bot_pace = 0.0
    gui.window.learning.learn(lesson_id, n)  # (the step after the words: step n + 1)
    gui.wait_for_human(timeout=15000)
    assert gui.controller.lesson.step == n
    lit = lit_lines(gui.window.table_screen)
    assert lit and all(line.startswith("Bramble") for line in lit) and marked_names(gui.table)
