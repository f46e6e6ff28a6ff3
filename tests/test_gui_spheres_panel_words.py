"""Spheres of Life: the seated player's score line reads whole at 1366 x 768 (the first lesson's
steps 16-21 cut it at "Ability cards in hand -…"): every part of the score, in the Scores
panel's own words, on the seat's area, never cut and over nothing else -- in the lesson, and with
the longest score a game makes (a match's earlier rounds, both kinds of banked sets, Mythical
bonuses, a Field card)."""

from __future__ import annotations

import pytest
from lesson_steps import step_of
from PySide6.QtCore import QRectF

from tabletop.client.table_items import LabelItem, font, wrap_lines
from tabletop.engine.lessons import all_lessons
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.games.spheres_of_life.words import score_in_full, worth_words

G = get_game("spheres-of-life")
LESSON = next(x for x in all_lessons() if x.id == "spheres-of-life-first-game")
EVERY_PART = {"godly_heroes": True, "mythical_creatures": True, "godly_abilities": True, "dawn": True, "rounds": 3}


@pytest.fixture(autouse=True)
def own_progress(tmp_path, monkeypatch):
    """The lesson keeps its progress in a file of its own for each test."""
    from tabletop.engine import lessons

    monkeypatch.setattr(lessons, "progress_path", lambda: tmp_path / "lessons.json")


def seat_texts(table, me: int) -> list[tuple[LabelItem, QRectF]]:
    """The labels on the seat's own area, each with the rectangle its lines cover on the table."""
    panel = table.layout.panels[me].sceneBoundingRect()
    out = []
    for item in table.items():
        if isinstance(item, LabelItem) and item.isVisible() and panel.contains(item.card_scene_rect().center()):
            r = item.card_scene_rect()
            lines = len(wrap_lines(item.text, font(item.px, item.bold), r.width(), item.max_lines))
            out.append((item, QRectF(r.x(), r.y(), r.width(), max(r.height(), item.px * 1.25 * lines))))
    return out


def check_score_line(gui) -> LabelItem:
    """The seat's score line: the whole score, painted uncut, over no other text and no card of
    the hand; returns it."""
    table = gui.table
    gui.window.grab()  # (paints every item: each notes what it drew and cut)
    me = table.me
    score = gui.match.state.view(me)["scores"][me]
    whole = score_in_full(score)
    texts = seat_texts(table, me)
    line = next((it for it, _ in texts if it.text == whole), None)
    assert line is not None, f"no score line {whole!r} on the seat's area"
    assert not line.cuts(), f"the score line is drawn cut: {line.cuts()}"
    assert line.texts() == [whole]
    for part in score["parts"]:  # (every part that counts, in the Scores panel's own words)
        if part["points"]:
            assert f"{part['label']} {worth_words(part['points'])}" in whole
    here = next(r for it, r in texts if it is line)
    view = gui.view.mapToScene(gui.view.viewport().rect()).boundingRect()
    assert view.contains(here), "the score line runs out of the view"
    for other, r in texts:
        if other is not line:
            assert not here.intersects(r), f"the score line lies over {other.text!r}"
    for card in table.layout.hand:
        assert not here.intersects(card.card_scene_rect()), "the score line lies over the hand"
    return line


def test_the_lessons_score_line_reads_whole_from_the_dream_to_the_end(gui, qtbot):
    for n in (step_of(LESSON.id, r"^Now your action, one of three") - 1, len(LESSON.steps) - 1):  # (the action, the last words)
        gui.window.learning.learn(LESSON.id, n)
        gui.wait_for_human(timeout=15000)
        assert gui.controller.lesson.step == n
        line = check_score_line(gui)
        assert "Ability cards in hand −" in line.text and "Banked noble sets (1 × 6) +6" in line.text


def test_the_longest_score_reads_whole_on_two_lines_and_the_hand_makes_room(gui, qtbot):
    position = G.to_position(G.from_position(dict(
        players=2, phase="dream", leader=0, match_round=2, carried=[12, 5],
        hands=[["rabbit1", "rabbit2", "owl1", "wolf1", "wolf2", "bat1", "apple1", "fire1", "laurel2"], ["deer1", "snake1"]],
        deck=["swan1", "swan2", "swan3", "lynx1"],
        bank_cards=[["heron1", "heron2", "heron3", "pegasus1", "pegasus2", "pegasus3", "toad1", "toad2", "toad3"],
                    ["kraken1", "kraken2", "kraken3"]],
        fields=[["laurel1"], []], heroes=[["druid1", "god_of_plenty"], ["paladin1", "god_of_war"]], options=EVERY_PART)))
    gui.window.start_match(Match(G, [Seat("Robin"), Seat("Bramble", "bot", "easy")], None, 3, position=position))
    gui.wait_for_human()
    line = check_score_line(gui)
    for part in ("Earlier rounds +12", "Banked corrupted sets (1 × 3) +3", "Pegasus (banked) +6", "Kraken (banked) −2",
                 "Laurel Crown (in Field) +3"):
        assert part in line.text
    # the banked sets beside the heroes: one line, their whole list in its tooltip
    bank = gui.table.find("bank/0")
    assert bank is not None and not bank.cuts() and "Noble Pegasus" in bank.toolTip() and "Corrupted Toad" in bank.toolTip()


# --- the Deck on the phase board -----------------------------------------------------------------
def check_deck_drawn(gui, where: str) -> None:
    """The Deck pile lies on the phase board, drawn and in view, its count under it."""
    table = gui.table
    deck = table.find("pile/deck")
    assert deck is not None, f"{where}: no Deck pile on the table"
    assert deck.isVisible() and deck.effectiveOpacity() == 1.0, f"{where}: the Deck is hidden"
    view = gui.view.mapToScene(gui.view.viewport().rect()).boundingRect()
    here = table.scene_rect_of(deck)
    assert view.contains(here), f"{where}: the Deck lies out of view"
    assert table.find("phase").sceneBoundingRect().contains(here), f"{where}: the Deck is off the phase board"
    count = gui.match.state.view(table.me)["deck"]
    assert table.find("pile/deck/label/0").text == f"Deck {count}"


@pytest.mark.parametrize("lesson_id", ["spheres-of-life-first-game", "gods-and-myths-dawn"])
def test_the_deck_is_drawn_at_every_step_of_both_lessons(gui, qtbot, lesson_id):
    """The Deck vanished from the phase board at the first lesson's step 12 and the Dawn's step 8
    (and, under Python's garbage collector, at others): nothing held the deck's zone but the
    scene, and a zone and its members refer to one another, so the collector could take it.  At
    every step, after a collection and a change of the window's size, the Deck is there."""
    import gc

    lesson = next(x for x in all_lessons() if x.id == lesson_id)
    for n in range(len(lesson.steps)):
        gui.window.learning.learn(lesson_id, n)
        gui.wait_for_human(timeout=15000)
        assert gui.controller.lesson.step == n
        gc.collect()
        qtbot.wait(20)
        check_deck_drawn(gui, f"step {n + 1}")
        gui.window.resize(1366, 728)  # (the table drawn again at another size)
        qtbot.wait(20)
        gc.collect()
        check_deck_drawn(gui, f"step {n + 1}, a smaller window")
        gui.window.resize(1366, 768)
        qtbot.wait(20)


def test_the_quiet_moment_step_sends_the_greyed_box_to_a_real_game(gui, qtbot):
    """Step 23 (once 19) told the learner to tick "Ask me at every quiet moment", greyed out while a step
    teaches a move: the step says it is for a game after the lesson."""
    n = next(k for k, s in enumerate(LESSON.steps) if "Ask me at every quiet moment" in s.say)
    gui.window.learning.learn(LESSON.id, n)
    gui.wait_for_human(timeout=15000)
    box = gui.window.table_screen.questions
    assert box.isVisible() and not box.isEnabled()
    assert f"after the lesson, tick {box.text()}" in LESSON.steps[n].say
