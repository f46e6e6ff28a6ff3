"""Hotseat: with two humans at one computer, a curtain hides each hand from the other."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter

from tabletop.games.forest.cards import card


def painted_texts(gui) -> list[str]:
    """Paint the scene once (items note what they draw), then collect every text on it."""
    image = QImage(800, 450, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    gui.table.render(painter)
    painter.end()
    texts = gui.scene_texts()
    if hasattr(gui.table, "all_items_text"):
        texts += gui.table.all_items_text()
    return texts


def private_words(match) -> set[str]:
    """The ids and names of every card in any hand."""
    words = set()
    for hand in match.state.hands:
        for c in hand:
            words.add(c)
            words.add(card(c).name)
    return words


def leaked(texts, words) -> list[str]:
    return [w for w in words if any(w in t for t in texts)]


def test_gui_hotseat_curtain_hides_every_hand_when_the_turn_passes(gui, qtbot):
    gui.start(["human", "human"], names=["Ada", "Ben"], seed=21)
    m = gui.match
    c = gui.controller
    # the first player is asked for too
    assert c.curtain_up() and gui.screen.curtain.isVisible()
    assert "Ada" in gui.screen.curtain.title.text()
    gui.lift_curtain()
    assert not gui.screen.curtain.isVisible()
    assert c.seat_shown == 0 and c.human_to_act()
    rng = random.Random(1)
    passes = own_hands_seen = 0
    while passes < 3 and not m.is_over():
        before = m.decider()
        gui.play(rng.choice(m.legal_actions()))
        if m.decider() != before:
            passes += 1
            who = m.names[m.decider()]
            # the decision passed to the other human: the curtain is up and nothing private shows
            assert c.curtain_up(), "no curtain when the decision passed to another human"
            assert gui.screen.curtain.isVisible()
            assert f"Pass to {who}" in gui.screen.curtain.title.text()
            assert who in gui.screen.banner.text()
            words = private_words(m)
            assert words, "the test needs cards in hand"
            assert leaked(painted_texts(gui), words) == []
            assert gui.table.focusable_items() == []
            # clicking the table behind the curtain plays nothing
            n = len(m.log)
            assert not c.submit_human(m.legal_actions()[0])
            assert len(m.log) == n
            # undo is not offered behind the curtain
            assert not gui.window.undo_action.isEnabled()
            # lifting it shows the new player's own hand (and only theirs)
            qtbot.mouseClick(gui.screen.curtain.button, Qt.MouseButton.LeftButton)
            assert c.seat_shown == m.decider() and not gui.screen.curtain.isVisible()
            texts = painted_texts(gui)
            mine = {card(x).name for x in m.state.hands[c.seat_shown]}
            theirs = {card(x).name for p, h in enumerate(m.state.hands) if p != c.seat_shown for x in h}
            assert all(any(name in t for t in texts) for name in mine)
            own_hands_seen += bool(mine)
            assert leaked(texts, theirs) == []
    assert passes == 3 and own_hands_seen


def test_gui_single_human_never_sees_a_curtain(gui):
    gui.start(["human", "random", "random"], seed=22)
    m = gui.match
    c = gui.controller
    rng = random.Random(2)
    for _ in range(30):
        gui.wait_for_human()
        assert not c.curtain_up() and not gui.screen.curtain.isVisible()
        assert c.seat_shown == 0
        if m.is_over():
            break
        gui.play(rng.choice(m.legal_actions()))


def test_gui_bots_only_game_shows_the_spectator_view(gui, qtbot):
    gui.window.settings.bot_pace = 0.3
    gui.start(["random", "random"], seed=23)
    qtbot.waitUntil(lambda: len(gui.match.log) >= 8, timeout=5000)
    assert gui.controller.seat_shown is None
    assert not gui.controller.curtain_up()
    assert gui.table.view is not None and gui.table.view["seat"] is None
    assert leaked(painted_texts(gui), private_words(gui.match)) == []
