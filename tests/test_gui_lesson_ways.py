"""The ways into, through and out of the lessons (issue 41, faults 5, 6, 10, 11): Help > Learn to
play by game and in teaching order, its "Gods & Myths" whole; every lesson of a game from its
tile; at the end of a lesson that names a next one, Next lesson; a lesson's game is not offered
as the last game to resume; free play's Skip plays the game to its end; the real game after the
card game's lesson has a new player's gentlest decks."""

from __future__ import annotations

import pytest
from lesson_steps import step_of
from PySide6.QtCore import Qt

from tabletop.engine.lessons import all_lessons, saved_progress
from tabletop.engine.registry import get_game

TEACHING_ORDER = ["forest-first-game", "spheres-of-life-first-game", "gods-and-myths-dawn", "shogun-first-game",
                  "shogun-endgame", "shogun-classic-first-game", "three-spheres-first-game"]


@pytest.fixture(autouse=True)
def own_progress(tmp_path, monkeypatch):
    from tabletop.engine import lessons

    monkeypatch.setattr(lessons, "progress_path", lambda: tmp_path / "lessons.json")


def lesson(lesson_id):
    return next(x for x in all_lessons() if x.id == lesson_id)


def test_the_lessons_come_by_game_and_in_teaching_order():
    assert [x.id for x in all_lessons()] == TEACHING_ORDER
    assert lesson("shogun-first-game").next == "shogun-endgame"
    assert lesson("shogun-endgame").next == "shogun-classic-first-game"
    assert lesson("spheres-of-life-first-game").next == "gods-and-myths-dawn"


def test_the_help_menu_lists_the_lessons_in_that_order_with_their_ampersands(gui):
    menu = gui.window.learn_menu
    menu.aboutToShow.emit()  # (filled when it first opens: the lessons are read after the first frame)
    shown = [a.text() for a in menu.actions() if not a.isSeparator()]
    wanted = [f"{get_game(x.game).name}: {x.title}" for x in all_lessons()]
    assert [t.replace("&&", "&") for t in shown] == wanted
    dawn = next(t for t in shown if "Dawn" in t)
    assert "Gods && Myths" in dawn  # (a lone "&" would be taken for a shortcut's mark: "Gods _Myths")
    assert sum(1 for a in menu.actions() if a.isSeparator()) == 3  # (between the four games)


def test_every_lesson_of_a_game_is_on_its_tile(gui, qtbot):
    tile = gui.window.gallery.tile("spheres-shogun")
    button = tile.form.learnButton
    assert button.isVisibleTo(tile) and button.menu() is not None
    button.menu().aboutToShow.emit()
    actions = button.menu().actions()
    assert [a.text() for a in actions] == [lesson(i).title.replace("&", "&&") for i in
                                           ("shogun-first-game", "shogun-endgame", "shogun-classic-first-game")]
    actions[1].trigger()
    gui.wait_for_human()
    assert gui.controller.lesson.lesson.id == "shogun-endgame" and gui.controller.lesson.step == 0
    forest = gui.window.gallery.tile("forest").form.learnButton
    assert forest.menu() is None  # (one lesson: the button starts it)


def shown(text: str) -> str:
    """A button's text as Qt shows it: "&&" an "&", a lone "&" the mark of its shortcut."""
    return "&".join(part.replace("&", "") for part in text.split("&&"))


def test_the_next_lessons_button_shows_an_ampersand(gui, qtbot):
    first = lesson("spheres-of-life-first-game")  # (its next: "Gods & Myths: the Dawn")
    gui.window.learning.learn(first.id, len(first.steps) - 1)
    qtbot.waitUntil(lambda: gui.controller.lesson.finished and gui.controller.thinking is None, timeout=15000)
    button = gui.window.table_screen.lesson_next_button
    assert button.isVisible() and shown(button.text()) == f"Next lesson: {lesson(first.next).title}"
    assert "&" in lesson(first.next).title


def test_a_finished_lesson_offers_the_next_one(gui, qtbot):
    first = lesson("shogun-first-game")
    gui.window.learning.learn(first.id, len(first.steps) - 1)
    qtbot.waitUntil(lambda: gui.controller.lesson.finished and gui.controller.thinking is None, timeout=15000)
    screen = gui.window.table_screen
    run = gui.controller.lesson
    assert run.finished
    button = screen.lesson_next_button
    assert button.isVisible() and button.text() == "Next lesson: The end of a game"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    gui.wait_for_human()
    assert gui.controller.lesson.lesson.id == "shogun-endgame" and gui.controller.lesson.step == 0
    assert "shogun-first-game" not in saved_progress()  # (done: Learn to play starts it afresh)
    # a lesson that names none: no such button at its end
    forest = lesson("forest-first-game")
    gui.window.learning.learn(forest.id, len(forest.steps) - 1)
    qtbot.waitUntil(lambda: gui.controller.lesson.finished and gui.controller.thinking is None, timeout=15000)
    assert gui.controller.lesson.finished and not screen.lesson_next_button.isVisible()


def test_a_lesson_left_is_not_offered_as_the_last_game(gui, qtbot):
    from tabletop.engine.paths import autosave_path

    gui.window.learning.learn("forest-first-game")
    gui.wait_for_human()
    gui.click_item(gui.table.pile_item(0))  # (the step's move, played)
    gui.wait_for_human()
    assert len(gui.match.log) > 0
    gui.window.controller.flush_autosave()
    assert not autosave_path().exists()
    qtbot.mouseClick(gui.window.table_screen.lesson_leave_button, Qt.MouseButton.LeftButton)
    assert gui.window.current_screen() is gui.window.gallery
    gui.window.refresh_start()
    form = gui.window.gallery.form
    assert not form.resumeButton.isEnabled() and "No game to resume" in form.resumeInfo.text()
    assert saved_progress() == {"forest-first-game": 1}  # (the lesson goes on from there: Learn to play)


def test_free_play_skips_to_the_end(gui, qtbot):
    card = lesson("three-spheres-first-game")
    free = next(i for i, s in enumerate(card.steps) if s.until_over)
    gui.window.learning.learn(card.id, free)
    gui.wait_for_human(timeout=15000)
    run, screen = gui.controller.lesson, gui.window.table_screen
    assert run.step == free and not gui.match.is_over()
    button = screen.lesson_skip_button
    assert button.text() == "Skip to the end"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert gui.match.is_over() and gui.controller.lesson.step > free
    assert screen.lesson_skip_button.text() == "Skip"  # (past free play)


def test_the_real_game_after_the_card_games_lesson_has_a_new_players_decks(gui, qtbot):
    card = lesson("three-spheres-first-game")
    gui.window.learning.learn(card.id, len(card.steps) - 1)
    qtbot.waitUntil(lambda: gui.controller.lesson.finished and gui.controller.thinking is None, timeout=15000)
    assert gui.controller.lesson.finished
    qtbot.mouseClick(gui.window.table_screen.lesson_real_button, Qt.MouseButton.LeftButton)
    game = get_game("three-spheres")
    m = gui.match
    assert gui.controller.lesson is None and m.options == game.resolve_options(game.first_game)
    assert [s.kind for s in m.seats] == ["human", "bot"]


@pytest.mark.parametrize("lesson_id", ["spheres-of-life-first-game", "forest-first-game", "shogun-first-game"])
def test_under_the_last_words_the_table_is_frozen(gui, qtbot, lesson_id):
    """After the last step that teaches a move, the game does not go on under the lesson's last
    words (Spheres of Life: Pass started a new Day with the bubble over its cards): nothing can be
    clicked, no bot plays, and the lesson's end buttons are there."""
    x = lesson(lesson_id)
    last_move = max(i for i, s in enumerate(x.steps) if s.teaches)
    gui.window.learning.learn(lesson_id, last_move)
    gui.wait_for_human(timeout=15000)
    run, c, screen = gui.controller.lesson, gui.controller, gui.window.table_screen
    assert run.step == last_move and c.human_to_act()
    moves = __import__("tabletop.engine.lessons", fromlist=["taught"]).taught(gui.match.legal_actions(), run.current.expect)
    assert c.submit_human(moves[0]) is not False
    for _ in range(len(x.steps)):  # (steps of words only after it: Next, as the learner clicks it)
        qtbot.waitUntil(lambda: run.finished or (c.thinking is None and screen.callout.next_button.isVisible()),
                        timeout=15000)
        if run.finished:
            break
        qtbot.mouseClick(screen.callout.next_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: run.finished and c.thinking is None, timeout=15000)
    played = len(gui.match.log)
    qtbot.wait(300)
    assert len(gui.match.log) == played and not c.human_to_act() and c.table_view()[1] == []
    assert screen.lesson_real_button.isVisible() and screen.callout.isVisible()
    assert screen.banner.text() == f"Lesson over — {x.title}"  # (not "Waiting for Bramble": nobody waits)


def test_free_play_left_and_taken_up_again_keeps_its_moves(gui, qtbot):
    card = lesson("three-spheres-first-game")
    free = next(i for i, s in enumerate(card.steps) if s.until_over)
    gui.window.learning.learn(card.id, free)
    gui.wait_for_human(timeout=15000)
    before = len(gui.match.log)
    assert gui.controller.submit_human(gui.match.legal_actions()[-1]) is not False  # (a move of the learner's own)
    gui.wait_for_human(timeout=15000)
    log = list(gui.match.log)
    assert len(log) > before and not gui.match.is_over()
    qtbot.mouseClick(gui.window.table_screen.lesson_leave_button, Qt.MouseButton.LeftButton)
    assert saved_progress() == {card.id: free}
    gui.window.learning.learn(card.id)  # Learn to play again: the game as it was left
    gui.wait_for_human(timeout=15000)
    assert gui.controller.lesson.step == free and list(gui.match.log) == log
