"""Where a lesson's callout lands on the real table (client/callout.py), step by step, every lesson
played by clicks: it covers no button of the prompt, no words saying what to do now (the prompt's,
a question's beside its buttons), no score, none of the places the step lights
(nor, in the card game, a discard pile or a card of a hand), and when it is not beside what it
lights its tail points there (issue 41, fault 12)."""

from __future__ import annotations

import re

import pytest
from lesson_steps import step_of
from PySide6.QtCore import QRect, QRectF

from tabletop.client.callout import GAP, GLOW, TAIL_REACH, callout_spot, kept_clear, words_rect
from tabletop.client.table_items import ButtonItem, LabelItem
from tabletop.engine.lessons import all_lessons, lasts, taught

LESSONS = all_lessons()


@pytest.fixture(autouse=True)
def own_progress(tmp_path, monkeypatch):
    from tabletop.engine import lessons

    monkeypatch.setattr(lessons, "progress_path", lambda: tmp_path / "lessons.json")


def view_rect(gui, rect: QRectF) -> QRect:
    return gui.view.mapFromScene(rect).boundingRect()


SCORES = re.compile(r"^Score\b|points now|^Public points|^Complete trees \(|^Peasants \(|^points$")


def scores(gui) -> dict[str, QRect]:
    """The scores on the table, each game's own: the forest's in a player's header ("score +3") and
    in words under it, Spheres of Life's "Score 3 ..." and "Public points", the card game's
    "4 points now", the shogun game's points beside their number and their count."""
    table = gui.table
    out = {}
    labels = [it for it in table.items() if isinstance(it, LabelItem) and it.isVisible()]
    for it in labels:
        if SCORES.search(it.text):
            out[it.text] = view_rect(gui, words_rect(it))
            if it.text == "points":  # (the shogun game: the number just left of it)
                r = it.sceneBoundingRect()
                for other in labels:
                    o = other.sceneBoundingRect()
                    if other.text.strip("+−-").isdigit() and abs(o.center().y() - r.center().y()) < 8 and 0 <= r.left() - o.right() < 12:
                        out[f"{other.text} points"] = view_rect(gui, o)
    for it in table.items():  # (the forest: the score at the right of a player's header)
        if getattr(it, "score", None) is not None and hasattr(it, "header_h") and it.isVisible():
            r = it.sceneBoundingRect()
            out[f"{table.address_of(it)} score"] = view_rect(gui, QRectF(r.right() - 100, r.top() + 4, 90, it.header_h))
    return out


def buttons(gui) -> dict[str, QRect]:
    table = gui.table
    return {table.address_of(it) or it.text: view_rect(gui, it.sceneBoundingRect()) for it in table.items()
            if isinstance(it, ButtonItem) and it.isVisible()}


def questions(gui) -> dict[str, QRect]:
    """The words that say what to do now: the prompt's, and a label beside a button (a box on the
    board asking "You captured a Thief: roll the dice?")."""
    table = gui.table
    near = [it.sceneBoundingRect().adjusted(-20, -20, 20, 20) for it in table.items()
            if isinstance(it, ButtonItem) and it.isVisible()]
    out = {}
    for it in table.items():
        if not (isinstance(it, LabelItem) and it.isVisible() and it.text.strip()):
            continue
        r = it.sceneBoundingRect()
        prompt = str(getattr(getattr(it, "zone", None), "address", "")).startswith("prompt")
        if prompt or any(n.intersects(r) for n in near):
            out[it.text[:30]] = view_rect(gui, words_rect(it) if it.max_lines == 1 else r)
    return out


def kept_in_the_card_game(gui) -> dict[str, QRect]:
    """The discard piles and the cards of a hand (the card game)."""
    table = gui.table
    out = {}
    for it in table.items():
        if not it.isVisible():
            continue
        name = table.address_of(it)
        zone = getattr(it, "zone", None)
        if name.startswith("pile/discard/") and "/label/" not in name:
            out[name] = view_rect(gui, table.scene_rect_of(it))
        elif zone is not None and str(getattr(zone, "address", "")).startswith("hand/") and it is not zone:
            out[name] = view_rect(gui, table.scene_rect_of(it))
    return out


def test_what_must_stay_in_sight_is_left_so_when_there_is_room_even_if_the_bubble_goes_further():
    view = QRect(0, 0, 1000, 700)
    target = QRect(400, 300, 100, 80)
    near = callout_spot(300, 120, [target], [], view)  # (just below the lit item, on an empty table)
    assert near.top() == target.bottom() + GLOW + GAP
    button = QRect(350, 400, 200, 40)  # (a button where it would go)
    spot = callout_spot(300, 120, [target], [], view, keep=[button])
    assert not spot.intersects(button) and not spot.intersects(target.adjusted(-GLOW, -GLOW, GLOW, GLOW))
    everywhere = [QRect(0, 0, 1000, 290), QRect(0, 390, 1000, 310), QRect(0, 0, 390, 700), QRect(510, 0, 490, 700)]
    assert callout_spot(300, 120, [target], [], view, keep=everywhere).isValid()  # (no room: the least covered)


def distance(a: QRect, b: QRect) -> float:
    dx = max(0, b.left() - a.right(), a.left() - b.right())
    dy = max(0, b.top() - a.bottom(), a.top() - b.bottom())
    return (dx * dx + dy * dy) ** 0.5


def faults(gui, lesson, at: int) -> list[str]:
    """What is wrong with the callout of step ``at`` (from 1) on the table now."""
    screen = gui.window.table_screen
    callout = screen.callout
    run = gui.controller.lesson
    step = run.current
    if step is not None and step.until_over and run.lasted:  # (free play: no callout)
        return []
    assert callout.isVisible()
    bubble = callout.bubble.translated(callout.pos())
    out = []
    kept = {**{f"button {k}": r for k, r in buttons(gui).items()}, **{f"score {k!r}": r for k, r in scores(gui).items()},
            **{f"the words {k!r}": r for k, r in questions(gui).items()}}
    if lesson.game == "three-spheres":
        kept.update(kept_in_the_card_game(gui))
    lit = {gui.table.address_of(m): view_rect(gui, gui.table.scene_rect_of(m)) for m in gui.table.hinted_items()}
    kept.update({f"lit {k}": r for k, r in lit.items()})
    for what, r in kept.items():
        if bubble.intersects(r):
            out.append(f"step {at}: the callout covers {what}")
    if lit:
        far = min(distance(bubble, r) for r in lit.values())
        if far > TAIL_REACH and callout.tip is None:
            out.append(f"step {at}: the callout is {far:.0f} px from what it lights, with no tail")
    return out


@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_the_callout_leaves_the_buttons_the_score_and_the_lit_places_in_sight(gui, qtbot, monkeypatch, lesson):
    import test_gui_lessons

    gui.window.settings.bot_pace = 0.0
    play, _ = test_gui_lessons.clicker(gui, monkeypatch, lesson.game)
    gui.window.learning.learn(lesson.id)
    run = gui.controller.lesson
    problems: list[str] = []
    for _ in range(len(lesson.steps) * 40):
        gui.wait_for_human(timeout=15000)
        step = run.current
        problems += faults(gui, lesson, run.step + 1)
        if step.expect is None:
            break
        at = run.step
        if step.reading:  # (words only: Next)
            gui.controller.lesson_read_on()
            continue
        while True:
            play(taught(gui.match.legal_actions(), step.expect)[0])
            if not (step.repeat and run.step == at and lasts(step, gui.match)):
                break
            gui.wait_for_human(timeout=15000)
    assert run.finished
    assert not problems, "\n".join(problems)


def test_a_labels_words_weigh_as_a_piece_not_as_felt(gui, qtbot):
    """A zone's heading ("Your side", "The World — …") tells a player what a place is: covering its
    words weighs as covering a card (``pieces``), not as the felt under it."""
    from tabletop.client.callout import CONTROL_COST, pieces

    lesson = next(x for x in LESSONS if x.id == "three-spheres-first-game")
    gui.window.learning.learn(lesson.id, 0)
    gui.wait_for_human(timeout=15000)
    labels = [it for it in gui.table.items() if isinstance(it, LabelItem) and it.isVisible() and it.text.strip()]
    heading = next(it for it in labels if it.text == "Your side")
    found = pieces(gui.view)
    assert view_rect(gui, words_rect(heading)) in found
    assert all(view_rect(gui, words_rect(it) if it.max_lines <= 1 else it.sceneBoundingRect()) in found for it in labels)
    # so a bubble with room on bare felt beside it keeps off the heading
    felt, words = QRect(0, 0, 500, 700), QRect(500, 0, 500, 700)
    view = QRect(0, 0, 1000, 700)
    spot = callout_spot(300, 120, [], [felt, words], view, controls=[words])
    assert spot.right() < 500 and CONTROL_COST > 1


# --- the steps a new player's review found covered (shogun 14 and 16, the shogun end 1, forest 18)


def at_step(gui, lesson_id: str, n: int):
    """The lesson started at step ``n`` (from 1), the learner to act, in a window of the size the
    review's pictures have (docs/lesson_shots.py); the callout's bubble (view rectangle)."""
    from PySide6.QtWidgets import QApplication

    gui.window.settings.bot_pace = 0.0
    gui.window.resize(1366, 768)
    QApplication.processEvents()
    gui.window.learning.learn(lesson_id, n - 1)
    gui.wait_for_human(timeout=15000)
    callout = gui.window.table_screen.callout
    assert callout.isVisible()
    return callout.bubble.translated(callout.pos())


def labels(gui, text: str) -> list[QRect]:
    return [view_rect(gui, words_rect(it) if it.max_lines <= 1 else it.sceneBoundingRect()) for it in gui.table.items()
            if isinstance(it, LabelItem) and it.isVisible() and it.text.strip().startswith(text)]


def test_shogun_step_14_leaves_the_hand_in_sight(gui, qtbot):
    """"Click her in your hand": the hand's words ("In hand: 7", "next: A2" -- the square the
    words name) stay in sight, the bubble beside them."""
    bubble = at_step(gui, "shogun-first-game", step_of("shogun-first-game", r"The Geisha flies instead"))
    hand = labels(gui, "In hand") + labels(gui, "next:")
    assert len(hand) == 2
    assert not any(bubble.intersects(r) for r in hand), (bubble, hand)


def test_shogun_step_16_leaves_the_captured_stones_to_choose_from_in_sight(gui, qtbot):
    """"Click a stone below": every stone the prompt offers (the Scholar, the Monk ...) stays in sight."""
    bubble = at_step(gui, "shogun-first-game", step_of("shogun-first-game", r"Your squares are all empty, so first put"))
    offered = [view_rect(gui, it.sceneBoundingRect()) for it in gui.table.items()
               if it.isVisible() and gui.table.address_of(it).startswith("tray/")]
    assert len(offered) >= 4
    kept = kept_clear(gui.view, gui.window.table_screen.callout.text())  # (kept so at any size of the window)
    assert all(any(k.contains(r) for k in kept) for r in offered), (offered, kept)
    assert not any(bubble.intersects(r) for r in offered), (bubble, offered)


def test_shogun_end_step_1_leaves_the_arrows_words_and_the_squares_names_in_sight(gui, qtbot):
    """"Click A3, then the ◀ that appears above it": the words of the arrows ("◀ clockwise ·
    counter-clockwise ▶") stay in sight, and so does every square's name and count (its top band)."""
    bubble = at_step(gui, "shogun-endgame", 1)
    arrows = labels(gui, "◀")
    assert arrows and not any(bubble.intersects(r) for r in arrows), (bubble, arrows)
    squares = [view_rect(gui, it.sceneBoundingRect()) for it in gui.table.items()
               if it.isVisible() and re.fullmatch(r"square/\d+", gui.table.address_of(it))]
    assert len(squares) == 10
    bands = [QRect(r.left(), r.top(), r.width(), 30) for r in squares]  # (a square's name at its left, its count at its right)
    assert not any(bubble.intersects(b) for b in bands), (bubble, bands)


def test_forest_step_18_sits_beside_the_lit_slot_when_free_table_is_there(gui, qtbot):
    """The lit New tree slot has free table at its right (Robin's panel between the slots and the
    hand): the bubble goes there, its tail short, rather than far up the table with a long tail."""
    bubble = at_step(gui, "forest-first-game", step_of("forest-first-game", r"^Wren played the Yew trunk"))
    lit = [view_rect(gui, gui.table.scene_rect_of(m)) for m in gui.table.hinted_items()]
    assert len(lit) == 1
    assert distance(bubble, lit[0]) <= TAIL_REACH, (bubble, lit)
    tip = gui.window.table_screen.callout.tip
    assert tip is not None and distance(bubble, QRect(tip, tip)) <= TAIL_REACH


# --- a long tail's way (the forest's steps 15 and 20: the tail to Wren's area cut the learner's score line)


def crossed(a, b, box: QRect) -> float:
    """How much of the segment a-b lies inside ``box``."""
    from tabletop.client.callout import _box, _inside_length

    return _inside_length(a.x(), a.y(), b.x(), b.y(), _box(box))


@pytest.mark.parametrize("said", [r"^Give Wren the Cut limb", r"^The Acorn drift is a Ground card"])
def test_forest_the_tail_cuts_across_nothing_that_must_stay_in_sight(gui, qtbot, said):
    """Giving a card to Wren: the tail to what the step lights crosses none of what the step keeps
    in sight (the score line under Robin's header, "Chainsaws (1 × −1)" -- at step 15 the very
    score the words explain), but the lit place's own."""
    from tabletop.client.callout import tail_base

    bubble = at_step(gui, "forest-first-game", step_of("forest-first-game", said))
    callout = gui.window.table_screen.callout
    assert callout.tip is not None
    base = tail_base(bubble, callout.tip)
    lit = [view_rect(gui, gui.table.scene_rect_of(m)) for m in gui.table.hinted_items()]
    kept = [k for k in kept_clear(gui.view, callout.text()) if not any(k.contains(r.center()) for r in lit)]
    line = max(labels(gui, "Complete trees ("), key=lambda r: r.top())  # (Robin's, under his header)
    assert any(k.contains(line) for k in kept)
    assert not [k for k in kept if crossed(base, callout.tip, k) > 0], (base, callout.tip)
