"""The classic rules' words on the shogun table (Ô ăn quan): with the option ``rules=classic`` the
board, the tooltips, the prompt, "What is this?" and the game log say what the lesson *The
classic rules* says -- each rectangle is its owner's house ("Robin's house", so which counts as
whose is on the board), the crowned stone a mandarin -- and never a rectangle, a shogun, east or
west; the default rules keep their words.  A borrowing is shown as it happens: the lesson's
step after the learner's squares were refilled with stones borrowed from Bramble lights the debt
on the learner's area (a named tag, ``debt/0``, with its What is this?) and the log says the
borrowing."""

from __future__ import annotations

import re

import pytest

from tabletop.client.table_items import DecorItem
from tabletop.engine.actions import Action
from tabletop.engine.glossary import glossary
from tabletop.engine.lessons import all_lessons
from tabletop.engine.registry import get_game
from tabletop.games.shogun.stones import SHOGUN, owner

from shogun_positions import P, S, board, position
from test_gui_shogun_names import Shown
from test_gui_what_is_everywhere import right_click_at, right_clickable
from test_shogun_table import Table

LESSON = next(x for x in all_lessons() if x.id == "shogun-classic-first-game")
NOT_CLASSIC = re.compile(r"rectangle|shogun|\beast\b|\bwest\b", re.IGNORECASE)  # (the shogun rules' words)


@pytest.fixture(autouse=True)
def own_progress(tmp_path, monkeypatch):
    """The lesson keeps its progress in a file of its own for each test."""
    from tabletop.engine import lessons

    monkeypatch.setattr(lessons, "progress_path", lambda: tmp_path / "lessons.json")


def learn(gui, step=None):
    gui.window.settings.bot_pace = 0.0
    gui.window.learning.learn(LESSON.id, step)
    gui.wait_for_human()
    gui.view.viewport().grab()  # (every item painted: what it draws is among its texts)
    return gui.controller.lesson


def table_words(gui) -> list[str]:
    """What the table draws and its tooltips (its items' names for the flights are no words)."""
    return gui.table.all_items_text()


def log_lines(gui) -> list[str]:
    log = gui.screen.log
    return [log.item(i).text() for i in range(log.count())]


def boxes(gui) -> dict[str, tuple[str, str]]:
    """What is this? on everything a right-click reaches: the item's name on the table -> the box's
    title and text."""
    found = right_clickable(gui.view, gui.table)
    return {gui.table.address_of(item) or repr(item): right_click_at(gui.view, pos) for item, pos in found.items()}


def test_the_classic_table_names_each_house_by_its_owner_and_the_crown_a_mandarin(gui, qtbot):
    learn(gui)
    t = gui.table
    names = gui.match.names
    assert t.classic and [t.place_item(p).label for p in (5, 11)] == [f"{names[owner(p)]}'s house" for p in (5, 11)]
    assert t.place_item(5).label == "Robin's house"  # (the learner's, at the right hand, as step 1 says)
    words = table_words(gui)
    assert any(w.startswith("Bramble's house — ") for w in words)  # (the house's tooltip)
    assert not [w for w in words if NOT_CLASSIC.search(w)]
    crown = next(c for c in t.place_item(11).childItems() if getattr(c, "key", None) == "shogun")
    assert crown.toolTip().startswith("Mandarin — worth 10")
    # What is this?, on every item: the classic words, a house a House and the crown a Mandarin
    terms, _ = glossary(get_game(LESSON.game))
    said = boxes(gui)
    assert len(said) > 20 and not [(a, text) for a, (_, text) in said.items() if NOT_CLASSIC.search(text)]
    title, text = said["rectangle/11"]
    assert title == "What is this? Bramble's house" and f"House: {terms['House']}" in text
    title, text = said["rectangle/11/shogun/0"]
    assert title == "What is this? Mandarin" and f"Mandarin: {terms['Mandarin']}" in text
    assert f"House: {terms['House']}" in text
    assert not NOT_CLASSIC.search(terms["House"] + terms["Mandarin"] + terms["Points (classic rules)"])


def test_the_borrowing_step_lights_the_debt_on_the_learners_area_and_the_log_says_the_borrowing(gui, qtbot):
    step = next(n for n, s in enumerate(LESSON.steps) if "debt/0" in s.point)
    run = learn(gui, step)
    assert run.step == step and re.search(r"borrowed from Bramble's captures", run.current.say)
    state = gui.match.state
    lent = len(state.borrowed[0])
    assert lent >= 2 and state.stores[0].count(P) + lent < 5  # (too few captured stones for a refill)
    debt = gui.table.find("debt/0")
    assert isinstance(debt, DecorItem) and debt.hinted and debt in gui.table.hinted_items()
    assert debt.text == f"Owes Bramble {lent} ({lent} stones borrowed)"
    assert gui.table.find("lent/1").text == f"Lent {lent} to Robin"  # (and on Bramble's area)
    # the learner's points already count it, as the step says
    assert state.scores()[0].total == -lent and f"−{lent} for you, +{lent} for Bramble" in run.current.say
    # What is this? on the debt: its words, why and what it costs, and the glossary's Borrow
    terms, _ = glossary(get_game(LESSON.game))
    title, text = boxes(gui)["debt/0"]
    assert title == f"What is this? {debt.text}" and f"Borrow: {terms['Borrow']}" in text
    assert f"Robin borrowed {lent} stones from Bramble's captures" in text and f"−{lent} for Robin" in text
    # the log says the refill and the borrowing, and the young mandarin in Robin's house
    log = log_lines(gui)
    own = 5 - lent
    said = [line for line in log if f"borrows {lent} stones for the rest from Bramble's captures" in line]
    assert said and f"Robin's squares are all empty: Robin puts {own} captured stones back, one on each" in said[-1]
    assert said[-1].endswith("to pay back at the end.")
    assert any("The young mandarin in Robin's house cannot be taken." in line for line in log)
    assert not [line for line in log if NOT_CLASSIC.search(line)]


def test_the_log_says_a_mandarin_taken_from_his_house_by_its_owners_name(gui, qtbot):
    learn(gui, len(LESSON.steps) - 2)  # (free play: the lesson's mandarin taken with his house)
    log = log_lines(gui)
    taken = [line for line in log if re.search(r"captures \d+ stones from Bramble's house, the Mandarin among them", line)]
    assert taken and SHOGUN not in gui.match.state.board[11]
    assert any("Bramble's squares are all empty: Bramble puts 5 captured stones back" in line for line in log)
    assert not [line for line in log if NOT_CLASSIC.search(line)]


def test_the_default_rules_keep_their_words_and_their_debt_is_a_tag_too(qtbot):
    t = Shown(qtbot, position(board=board(p1=[P, P], p7=[P]), stores=[[], [P]], borrowed=[[P], []]))
    table = t.table
    assert not table.classic and [table.place_item(p).label for p in (5, 11)] == ["East · Ada", "West · Ben"]
    assert table.spoken(table.place_item(11))[0] == "West rectangle"
    debt = t.find("debt/0")
    assert isinstance(debt, DecorItem) and debt.text == "Owes 1 (borrowed Peasant)"
    assert t.find("lent/1").text == "Lent 1 to Ada"
    classic = Shown(qtbot, position("classic", board=board(p1=[P, P], p7=[P]), stores=[[], [P]], borrowed=[[P], []]))
    assert classic.find("debt/0").text == "Owes Ben 1 (1 stone borrowed)"
    assert [classic.table.place_item(p).label for p in (5, 11)] == ["Ada's house", "Ben's house"]
    # the log: a rectangle in the shogun rules, its owner's house in the classic ones
    for rules, where in (("shogun", "the west rectangle"), ("classic", "Ben's house")):
        state = position(rules, board=board(p0=[P], p11=[S, P]))
        state.events = [{"event": "capture", "player": 0, "place": 11, "stones": [S, P]}]
        assert state.aftermath(["Ada", "Ben"]).startswith(f"Ada captures 2 stones from {where}")


def test_a_classic_sowing_played_out_says_houses_and_mandarins_in_the_prompt(qtbot):
    """The prompt's words while a sowing is played out: a stone dropped into a house, a mandarin
    taken from it, and the end when the mandarins are gone."""
    said = []
    for places, sow in (({"p0": [P], "p9": [P]}, Action.make("sow", square=0, dir=-1)),  # A1 into Ben's house
                        ({"p2": [P], "p8": [P], "p5": [], "p11": [S] + [P] * 5}, Action.make("sow", square=2, dir=-1))):
        st = position("classic", board=board(**places), stores=[[] if "p5" not in places else [S], []])
        t = Table(qtbot, st, 0, animations=True)
        words = t.scene.sowing._step_words
        t.scene.sowing._step_words = lambda step, words=words: said.append(words(step)) or said[-1]
        st.apply(sow)
        t.show(st, 0, last=sow)
        qtbot.waitUntil(lambda t=t: not t.scene.animating, timeout=30_000)
    assert "Peasant dropped on Ben's house" in said
    assert "Ada captures 6 stones from Ben's house — the Mandarin!" in said
    assert any(s.startswith("The mandarins are gone: ") for s in said)
    assert not [s for s in said if NOT_CLASSIC.search(s)]
