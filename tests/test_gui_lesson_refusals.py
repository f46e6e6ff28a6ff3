"""A lesson's refusals, hints and questions, played by clicks and keys as a learner would (issue
41, "Lessons that teach"): a move the step does not teach is refused with its reason and leaves
the table whole -- the step's places lit again, no half-made choice left that its buttons cannot
finish -- and the right clicks then work; H points at the move taught; every step is shown,
whatever the settings, and Back goes back one step."""

from __future__ import annotations

import pytest
from lesson_steps import step_of
from PySide6.QtCore import Qt

from tabletop.engine.lessons import all_lessons, taught


def lesson_at(gui, lesson_id, step):
    """The lesson ``lesson_id`` on the table at ``step`` (counted from 1), the learner to act."""
    gui.window.settings.bot_pace = 0.0
    gui.window.learning.learn(lesson_id, step - 1)
    gui.wait_for_human(timeout=15000)
    run = gui.controller.lesson
    assert run.step == step - 1, f"the lesson is at step {run.step + 1}, not {step}"
    assert gui.controller.human_to_act()
    return run


def player(gui, game_id):
    """The game's way of playing a move by clicks (the GUI tests' own)."""
    import test_gui_shogun
    import test_gui_spheres
    import test_gui_three_spheres

    module = {"spheres-shogun": test_gui_shogun, "spheres-of-life": test_gui_spheres,
              "three-spheres": test_gui_three_spheres}.get(game_id)
    return gui.play if module is None else (lambda action: module.play(gui, action))


def click(gui, item):
    assert item is not None, "no item to click"
    rect = item.card_scene_rect() if hasattr(item, "card_scene_rect") else item.sceneBoundingRect()
    gui.qtbot.mouseClick(gui.view.viewport(), Qt.MouseButton.LeftButton, pos=gui.view.mapFromScene(rect.center()))


def refused(gui, play, action, step):
    """Clicking ``action`` (a legal move the step does not teach) plays nothing and says why."""
    before = list(gui.match.log)
    with pytest.raises(AssertionError, match="clicking did not play"):
        play(action)
    assert gui.match.log == before
    assert gui.status() == f"Not now: {step.not_now}."


def assert_step_lit(gui, step):
    """The step's places outlined (the lesson's own outline, no hint's tag), its words in the
    callout, and no half-made choice left over."""
    table, screen = gui.table, gui.window.table_screen
    assert set(table.hinted_names) == set(step.point), f"lit: {table.hinted_names}"
    lit = table.hinted_items()
    assert lit and all(m.hinted and m.isVisible() for m in lit), "the step's places are not outlined"
    assert table.hint_tag == ""
    assert screen.callout.isVisible() and screen.callout.text() == step.say
    assert not table.may_cancel(), f"a half-made choice is left: {table.selection()}"


def learners_moves(match):
    return [a for a, d in zip(match.log, match._deciders) if d == 0]


# --- fault 1: a refused move in Spheres of Life left buttons that crash -------------------------
def test_spheres_a_refused_gift_leaves_no_button_that_breaks_the_table(gui, qtbot, tmp_path):
    run = lesson_at(gui, "spheres-of-life-first-game",  # (the Dream's action: the Wolf offered)
                    step_of("spheres-of-life-first-game", r"Offer your Wolf for it"))
    step, table = run.current, gui.table
    click(gui, table.hand_card_item("wolf3"))
    assert table.choice.selected == "wolf3"
    gift = next(b for b in table.choice_items() if b.action.kind == "gift")
    assert gift.text.startswith("Give it to")
    click(gui, gift)
    assert gui.status() == f"Not now: {step.not_now}."
    assert gui.window.grab().save(str(tmp_path / "spheres-refused-gift.png"))
    # every button on show works: "Offer it in exchange…" was on show with no card behind it
    for button in [b for b in table.layout.buttons if b.kind == "menu:exchange"]:
        click(gui, button)
        assert table.find("prompt") is not None and table.hand_items(), "the prompt or the hand went"
    assert_step_lit(gui, step)
    assert "Wolf: what do you do with it?" not in gui.table.all_items_text()
    at = run.step
    player(gui, "spheres-of-life")(taught(gui.match.legal_actions(), step.expect)[0])
    assert gui.controller.lesson.step == at + 1 and learners_moves(gui.match)[-1].kind == "exchange"


# --- fault 2: the outline went after a "Not now"; the refused card looked picked -----------------
def test_forest_after_a_refused_gift_the_step_is_lit_and_the_card_is_not_picked(gui, qtbot):
    run = lesson_at(gui, "forest-first-game", step_of("forest-first-game", r"^Second part: give Wren a card"))
    at = run.step
    step = run.current
    right = taught(gui.match.legal_actions(), step.expect)[0]
    wrong = next(a for a in gui.match.legal_actions() if a.kind == "give" and a not in taught([a], step.expect))
    refused(gui, gui.play, wrong, step)
    assert_step_lit(gui, step)
    texts = " ".join(gui.table.all_items_text())
    assert "Click the player who gets this card" not in texts and "Esc cancels" not in texts
    # for the rest of the step: a card chosen keeps the step lit, and the right move plays
    hand = [h["id"] for h in gui.match.state.view(0)["hands"][0]]
    click(gui, gui.table.hand_item(hand.index(right["card"])))
    assert set(gui.table.hinted_names) == set(step.point) and gui.table.hinted_items()
    click(gui, gui.table.player_item(right["to"]))
    assert learners_moves(gui.match)[-1] == right and gui.controller.lesson.step == at + 1


# --- fault 3: H in a lesson pointed at another move -----------------------------------------------
def test_shogun_hint_in_a_lesson_points_at_the_move_taught_and_following_it_plays_it(gui, qtbot):
    run = lesson_at(gui, "shogun-first-game", step_of("shogun-first-game", r"Sow A4 clockwise: click A4"))
    step = run.current
    right = taught(gui.match.legal_actions(), step.expect)[0]
    screen = gui.window.table_screen
    gui.view.setFocus()
    qtbot.keyClick(gui.view, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: gui.status().startswith("Hint"), timeout=10000)
    qtbot.waitUntil(lambda: not gui.controller.hinting, timeout=10000)
    assert set(gui.table.hinted_names) == set(step.point), f"the hint points at {gui.table.hinted_names}"
    assert gui.table.choice.selected_square == right["square"]  # (the taught square taken up, not another)
    arrow = next(m for m in gui.table.hinted_items() if gui.table.address_of(m).startswith("arrow/"))
    click(gui, arrow)
    assert learners_moves(gui.match)[-1] == right, gui.status()
    assert not gui.status().startswith("Not now")
    gui.wait_for_human(timeout=15000)
    assert screen.hint_button.isEnabled() and "lesson" in screen.hint_button.toolTip()


def test_the_hint_button_says_what_it_shows_in_a_lesson(gui, qtbot):
    """In a step that teaches a move, the step's move; on the lesson's last words (every move
    the learner's again), the Hard bot's hint, as in a game."""
    lesson = next(x for x in all_lessons() if x.id == "forest-first-game")
    lesson_at(gui, lesson.id, step_of(lesson.id, r"^Your turn has three parts"))
    hint = gui.window.table_screen.hint_button
    assert hint.isEnabled() and hint.toolTip() == "In a lesson the hint shows the move the step teaches (H)"
    assert gui.window.hint_action.isEnabled()
    gui.window.learning.learn(lesson.id, len(lesson.steps) - 1)
    gui.wait_for_human(timeout=15000)
    assert gui.controller.lesson.finished
    assert hint.toolTip() == "What would the Hard bot do, and why? (H)"


# --- fault 4: "fewer questions" answered a step for the learner; Back went nowhere ----------------
def test_spheres_every_step_is_shown_with_fewer_questions_and_back_goes_back_one(gui, qtbot):
    gui.window.settings.fewer_questions = True  # (the default)
    steal = step_of("spheres-of-life-first-game", r"A steal takes one of Bramble's cards by its place")
    run = lesson_at(gui, "spheres-of-life-first-game", steal)  # (the steal by place; then the quiet moment's Pass)
    total = len(run.lesson.steps)
    screen = gui.window.table_screen
    assert screen.questions.isVisible() and not screen.questions.isEnabled()  # (a lesson asks everything)
    assert "lesson" in screen.questions.toolTip()
    play = player(gui, "spheres-of-life")
    play(taught(gui.match.legal_actions(), run.current.expect)[0])
    gui.wait_for_human(timeout=15000)
    run = gui.controller.lesson
    assert run.step == steal and f"step {steal + 1} of {total}" in screen.lesson_title.text()
    assert screen.callout.text() == run.current.say and gui.controller.human_to_act()
    play(taught(gui.match.legal_actions(), run.current.expect)[0])  # (Pass, clicked by the learner)
    gui.wait_for_human(timeout=15000)
    assert gui.controller.lesson.step == steal + 1 and f"step {steal + 2} of {total}" in screen.lesson_title.text()
    for shown in (steal + 1, steal, steal - 1):
        qtbot.mouseClick(screen.lesson_back_button, Qt.MouseButton.LeftButton)
        gui.wait_for_human(timeout=15000)
        went = gui.controller.lesson.step + 1
        assert went == shown, f"Back from step {shown + 1} went to step {went}"
        assert f"step {shown} of {total}" in screen.lesson_title.text()


def test_fewer_questions_is_on_by_default_as_the_docs_say(gui):
    from pathlib import Path

    assert gui.window.settings.fewer_questions is True  # (a new player's settings)
    doc = (Path(__file__).resolve().parents[1] / "docs" / "client.md").read_text(encoding="utf-8")
    assert "Fewer questions (a setting, on by default)" in doc and "off by default" not in doc


# --- every lesson: a wrong click first, then the step is lit and the right clicks work ------------
WRONG_AT = {  # a step of each lesson that teaches a move made by two clicks (or a menu)
    "forest-first-game": step_of("forest-first-game", r"^Second part: give Wren a card"),
    "spheres-of-life-first-game": step_of("spheres-of-life-first-game", r"^There are two of each hero"),
    "gods-and-myths-dawn": 3,
    "shogun-first-game": 2,
    "shogun-classic-first-game": 1,
    "shogun-endgame": 1,
    "three-spheres-first-game": step_of("three-spheres-first-game", r"^The Owl drew you Pollen Sprite"),
}


def wrong_move(legal, right, expect):
    """A legal move the step does not teach, as near the taught one as there is: the same kind and
    the same card, stone or square first (so its first click is on a lit place)."""
    others = [a for a in legal if a not in taught(legal, expect)]
    first = next((k for k in ("card", "stone", "square") if right.get(k) is not None), None)
    near = [a for a in others if a.kind == right.kind and first is not None and a.get(first) == right.get(first)]
    return (near or [a for a in others if a.kind == right.kind] or others)[0]


def test_every_lesson_has_a_step_checked_here():
    assert set(WRONG_AT) == {x.id for x in all_lessons()}


@pytest.mark.parametrize("lesson", all_lessons(), ids=[x.id for x in all_lessons()])
def test_every_lesson_refuses_a_wrong_click_and_stays_lit_for_the_right_ones(gui, qtbot, lesson, tmp_path):
    at = WRONG_AT[lesson.id]
    run = lesson_at(gui, lesson.id, at)
    step = run.current
    assert_step_lit(gui, step)
    legal = gui.match.legal_actions()
    right = taught(legal, step.expect)[0]
    wrong = wrong_move(legal, right, step.expect)
    play = player(gui, lesson.game)
    refused(gui, play, wrong, step)
    picture = gui.window.grab()
    assert not picture.isNull() and picture.save(str(tmp_path / f"{lesson.id}-refused.png"))
    assert_step_lit(gui, step)
    play(right)
    gui.wait_for_human(timeout=15000)
    assert learners_moves(gui.match)[-1] == right
    assert gui.controller.lesson.step == at or gui.controller.lesson.lasted  # (on to the next step)
