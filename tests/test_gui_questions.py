"""Fewer questions when playing alone (issue 14): the default; the setting shown on the table
where it matters; a click on a card of one's hand out of turn asks for the next quiet moment."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt

from tabletop.client.settings import Settings
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game

SPHERES = get_game("spheres-of-life")


def start(gui, game, kinds, seed=3):
    names = ["Ada", "Ben", "Cleo"][: len(kinds)]
    seats = [Seat(n) if k == "human" else Seat(n, "bot", k) for n, k in zip(names, kinds)]
    gui.window.start_match(Match(game, seats, {}, seed))
    return gui.match


def test_fewer_questions_is_the_default_and_the_table_shows_it_to_a_lone_player(gui, qtbot, tabletop_home):
    assert Settings().fewer_questions is True  # a fresh settings file
    start(gui, SPHERES, ["human", "easy", "random"])
    box = gui.screen.questions
    assert box.isVisible() and not box.isChecked()  # "ask me at every moment": off
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert box.isChecked() and gui.window.settings.fewer_questions is False
    assert not gui.controller._skips_invitation()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert gui.window.settings.fewer_questions is True
    # not shown where it means nothing: a game with no quiet moments, or several people at the table
    start(gui, get_game("forest"), ["human", "easy"])
    assert not gui.screen.questions.isVisible()
    start(gui, SPHERES, ["human", "human", "easy"])
    assert not gui.screen.questions.isVisible()


def test_a_hand_card_clicked_out_of_turn_asks_for_the_next_quiet_moment(gui, qtbot):
    gui.window.settings.bot_pace = 0.3  # (time to click while the bots play)
    m = start(gui, SPHERES, ["human", "easy", "random"], seed=8)
    c = gui.controller
    rng = random.Random(5)
    offered = 0
    for _ in range(60):
        qtbot.waitUntil(lambda: m.is_over() or c.human_to_act() or c.thinking is not None, timeout=30000)
        if m.is_over():
            break
        if c.human_to_act():
            if m.state.open_invitation():  # a quiet moment before another's turn: asked for
                offered += 1
                assert c.wants_moment
                if offered >= 2:
                    break
            c.submit_human(rng.choice(m.legal_actions()))
            assert not c.wants_moment  # answered: the next quiet moments are passed over again
            continue
        hand = [h for h in gui.table.hand_items() if h.isVisible()]
        if hand and not c.wants_moment:
            gui.click_item(hand[0])
            assert c.wants_moment or c.human_to_act()
        qtbot.waitUntil(lambda: m.is_over() or c.human_to_act(), timeout=30000)
    assert offered >= 2
