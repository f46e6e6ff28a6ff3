"""Learn to play: a lesson played on the real table (Help > Learn to play), step by step by
clicking what each step lights; a move it does not teach is refused with its reason; Back, Skip,
Leave and resume; at its end, a real game against Easy."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tabletop.engine.lessons import all_lessons, check_lesson, load_lesson, saved_progress, taught
from tabletop.engine.registry import get_game


@pytest.fixture(autouse=True)
def own_progress(tmp_path, monkeypatch):
    """Lessons keep their progress in a file of their own for each test."""
    from tabletop.engine import lessons

    monkeypatch.setattr(lessons, "progress_path", lambda: tmp_path / "lessons.json")


def forest_lesson():
    return next(x for x in all_lessons() if x.id == "forest-first-game")


def start(gui, qtbot, step=None):
    gui.window.learning.learn("forest-first-game", step)
    gui.wait_for_human()
    return gui.controller.lesson


def test_a_lesson_has_its_box_and_no_undo_and_ends_with_a_real_game_against_easy(gui, qtbot):
    gui.window.settings.bot_pace = 0.0
    lesson = forest_lesson()
    start(gui, qtbot)
    screen = gui.window.table_screen
    assert screen.lesson_box.isVisible() and not gui.window.undo_action.isEnabled()
    assert not screen.lesson_real_button.isVisible()
    run = start(gui, qtbot, len(lesson.steps) - 1)  # (the lesson replayed to its last words)
    assert run.finished and screen.callout.text() == lesson.steps[-1].say and screen.lesson_real_button.isVisible()
    qtbot.mouseClick(screen.lesson_real_button, Qt.MouseButton.LeftButton)
    m = gui.match
    assert gui.controller.lesson is None and not screen.lesson_box.isVisible() and not screen.callout.isVisible()
    assert [s.name for s in m.seats] == list(lesson.names) and m.seats[1].level == "easy" and not m.log
    assert gui.table.hint_tag == "Hint"  # (an outline is a hint's again, with its tag)


def test_a_move_the_step_does_not_teach_is_refused_with_its_reason(gui, qtbot):
    run = start(gui, qtbot)
    step = run.current
    other = next(a for a in gui.match.legal_actions() if a not in taught(gui.match.legal_actions(), step.expect))
    before = len(gui.match.log)
    assert gui.controller.submit_human(other) is False
    assert len(gui.match.log) == before and gui.status() == f"Not now: {step.not_now}."


def test_back_skip_leave_and_resume(gui, qtbot):
    gui.window.settings.bot_pace = 0.0
    run = start(gui, qtbot)
    screen = gui.window.table_screen
    qtbot.mouseClick(screen.lesson_skip_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(screen.lesson_skip_button, Qt.MouseButton.LeftButton)
    assert gui.controller.lesson.step == 2
    qtbot.mouseClick(screen.lesson_back_button, Qt.MouseButton.LeftButton)
    gui.wait_for_human()
    run = gui.controller.lesson
    assert run.step == 1 and screen.callout.text() == run.lesson.steps[1].say
    assert len([a for a, d in zip(gui.match.log, gui.match._deciders) if d == 0]) == 1  # (the state of step 2)
    qtbot.mouseClick(screen.lesson_leave_button, Qt.MouseButton.LeftButton)
    assert gui.window.current_screen() is gui.window.gallery and saved_progress() == {"forest-first-game": 1}
    gui.window.learning.learn("forest-first-game")  # Learn to play again: on from where it was left
    gui.wait_for_human()
    assert gui.controller.lesson.step == 1


def test_the_help_menu_lists_every_lesson(gui):
    gui.window.learn_menu.aboutToShow.emit()  # (filled when it first opens)
    titles = [a.text().replace("&&", "&") for a in gui.window.learn_menu.actions()]
    for lesson in all_lessons():
        assert f"{get_game(lesson.game).name}: {lesson.title}" in titles


@pytest.mark.parametrize("lesson", all_lessons(), ids=[x.id for x in all_lessons()])
def test_every_lesson_replays_headless_against_the_rules(lesson):
    moves, problem = check_lesson(lesson, get_game(lesson.game))
    assert problem == "" and moves == sum(1 for s in lesson.steps if s.teaches)


def test_a_lesson_that_teaches_an_illegal_move_is_named_with_its_step(tmp_path, capsys, monkeypatch):
    import json

    from tabletop.cli import main as cli_main
    from tabletop.engine import lessons

    doc = json.loads((lessons.lessons_dir() / "forest-first-game.json").read_text(encoding="utf-8"))
    doc["steps"][1]["expect"] = {"kind": "give"}
    (tmp_path / "broken.json").write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(lessons, "lessons_dir", lambda: tmp_path)
    assert cli_main(["lessons", "--check"]) == 1
    assert "forest-first-game: step 2: no legal move is what the step expects" in capsys.readouterr().err
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    with pytest.raises(Exception, match="broken.json cannot be read"):
        load_lesson(tmp_path / "broken.json")


def clicker(gui, monkeypatch, game_id):
    """The game's way of playing a move by clicks (the GUI tests' own), and each click's item
    with the places lit when it was clicked (the callout checked at each click too)."""
    import test_gui_shogun
    import test_gui_spheres
    import test_gui_three_spheres

    clicks: list[tuple[str, set[str]]] = []  # (the item clicked, the places lit then)
    module = {"spheres-shogun": test_gui_shogun, "spheres-of-life": test_gui_spheres,
              "three-spheres": test_gui_three_spheres}.get(game_id)

    def note(item):
        table = gui.table
        clicks.append((table.address_of(item), {table.address_of(m) for m in table.hinted_items()}))
        check_callout(gui, gui.window.table_screen, gui.controller.lesson.current)

    if module is None:  # (the forest's is the driver's own)
        original = gui.click_item

        def click_item(item):
            note(item)
            original(item)

        monkeypatch.setattr(gui, "click_item", click_item)
        return gui.play, clicks
    original_click = module.click

    def click(g, item):
        note(item)
        original_click(g, item)

    monkeypatch.setattr(module, "click", click)
    return (lambda action: module.play(gui, action)), clicks


def check_callout(gui, screen, step) -> None:
    """The step's words are in the callout on the table, whole, inside the view, beside what the
    step lights and never over it (in a step of free play to the game's end, until the first move)."""
    callout = screen.callout
    words = callout.label
    assert screen.lesson_title.toolTip() == step.say  # (the words again, under the pointer)
    if step.until_over and gui.controller.lesson.lasted:  # (free play to the end: said once, then the table is the learner's)
        assert not callout.isVisible()
        return
    assert callout.isVisible() and words.text() == step.say
    assert words.height() >= words.heightForWidth(words.width()) - 1  # (its lines whole, not cut)
    bubble = callout.bubble.translated(callout.pos())
    assert screen.view.viewport().rect().contains(bubble)
    for m in gui.table.hinted_items():
        lit = gui.view.mapFromScene(gui.table.scene_rect_of(m)).boundingRect()
        assert not bubble.intersects(lit), f"the callout covers {gui.table.address_of(m)}"


@pytest.mark.parametrize("lesson", all_lessons(), ids=[x.id for x in all_lessons()])
def test_every_lesson_played_to_its_end_by_clicking_what_each_step_lights(gui, qtbot, monkeypatch, lesson):
    """Each lesson on the real table: every step's words in its callout beside the places it
    lights, a wrong move clicked first and refused (the step lit again, nothing half-made left),
    then its move played by clicks, each on a lit item -- the step's places stay lit
    through a half-made choice (a move the app plays for the learner -- a question with one
    answer -- counts too)."""
    from test_gui_lesson_refusals import assert_step_lit, refused

    from tabletop.engine.lessons import lasts

    gui.window.settings.bot_pace = 0.0
    play, clicks = clicker(gui, monkeypatch, lesson.game)
    gui.window.learning.learn(lesson.id)
    screen = gui.window.table_screen
    run = gui.controller.lesson
    wrongs = 0
    for _ in range(len(lesson.steps) * 40):
        gui.wait_for_human(timeout=15000)
        step = run.current
        check_callout(gui, screen, step)
        if step.expect is None:
            break
        assert set(gui.table.hinted_names) == set(step.point), f"step {run.step + 1} lights {gui.table.hinted_names}"
        at = run.step
        if step.reading:  # (words only: a move tried is refused, then Next in the callout)
            played = len(gui.match.log)
            assert gui.controller.submit_human(gui.match.legal_actions()[0]) is False and len(gui.match.log) == played
            assert screen.callout.next_button.isVisible()
            qtbot.mouseClick(screen.callout.next_button, Qt.MouseButton.LeftButton)
            assert run.step == at + 1 and len(gui.match.log) == played
            continue
        wrong = None if step.until_over else wrong_move_or_none(gui.match.legal_actions(), step.expect)
        if wrong is not None:  # a wrong click first: refused, and the step lit as it was
            refused(gui, play, wrong, step)
            assert_step_lit(gui, step)
            wrongs += 1
        while True:
            clicks.clear()
            play(taught(gui.match.legal_actions(), step.expect)[0])
            for item, lit in clicks:  # (a step that points at nothing leaves the learner free)
                assert item in lit or not step.point, f"step {at + 1}: a click on {item}, not lit ({sorted(lit)})"
            if not (step.repeat and run.step == at and lasts(step, gui.match)):
                break
            gui.wait_for_human(timeout=15000)
    assert run.finished and screen.lesson_real_button.isVisible()
    taught_steps = [s for s in lesson.steps if s.teaches and s.expect != "any"]
    assert wrongs >= len(taught_steps) // 2, f"only {wrongs} of {len(taught_steps)} steps had a wrong move to try"


def wrong_move_or_none(legal, expect):
    """A legal move the step does not teach, as near the taught one as there is (or None)."""
    from test_gui_lesson_refusals import wrong_move

    right = taught(legal, expect)
    return wrong_move(legal, right[0], expect) if right and len(right) < len(legal) else None


def test_a_games_tile_offers_its_lesson_first_to_whoever_never_finished_that_game(gui, qtbot):
    tile = gui.window.gallery.tile("forest")
    button = tile.form.learnButton
    gui.window.gallery.read_lessons()  # (after the first frame: at once here)
    assert button.isVisibleTo(tile) and tile.lesson.id == "forest-first-game"
    assert button.objectName() == "primary"  # (the test's record holds no game)
    layout_order = [tile.form.startButtons.itemAt(i).widget() for i in range(tile.form.startButtons.count())]
    assert layout_order[0] is button
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    gui.wait_for_human()
    assert gui.controller.lesson is not None and gui.controller.lesson.lesson.id == "forest-first-game"


def test_the_callout_follows_the_table_when_the_window_changes_size(gui, qtbot):
    run = start(gui, qtbot, 3)  # (a card of the hand and a row of the forest lit)
    screen = gui.window.table_screen
    check_callout(gui, screen, run.current)
    before = screen.callout.geometry()
    gui.window.resize(1000, 700)
    qtbot.waitUntil(lambda: screen.callout.geometry() != before)
    check_callout(gui, screen, run.current)


def test_a_games_tile_offers_the_lesson_of_its_usual_rules_first():
    from tabletop.client.gallery import first_lesson

    lessons = all_lessons()
    assert first_lesson(get_game("spheres-shogun"), lessons).id == "shogun-first-game"  # (not the classic rules')
    assert first_lesson(get_game("spheres-of-life"), lessons).id == "spheres-of-life-first-game"  # (not the Dawn's)
    assert first_lesson(get_game("forest"), [x for x in lessons if x.game != "forest"]) is None
