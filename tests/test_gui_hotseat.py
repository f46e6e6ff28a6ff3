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


def test_gui_three_player_hotseat_game_with_save_quit_resume_and_undo_to_the_end(gui, qtbot, tmp_path):
    """The issue's user journey: three humans at one computer play a whole game by clicking,
    passing the computer at every curtain; halfway they save, quit and resume; undo works on the
    way; the end screen shows the scores and the chart."""
    from conftest import open_window
    from tabletop.engine.game import digest

    from test_gui_end import check_end_screen, wait_for_end

    gui.start(["human", "human", "human"], names=["Ada", "Ben", "Cleo"], seed=77)
    rng = random.Random(3)
    curtains = undone = 0
    saved_at = None
    for step in range(600):
        m = gui.match
        if m.is_over():
            break
        c = gui.controller
        if c.curtain_up():
            curtains += 1
            assert leaked(painted_texts(gui), private_words(m)) == []
            gui.lift_curtain()
            continue
        if step >= 40 and not undone:
            # a move after which the same player decides again can be taken back
            before = (digest(m.state), len(m.log))
            gui.play(rng.choice(m.legal_actions()))
            if gui.window.undo_action.isEnabled() and c.human_to_act() and not c.curtain_up():
                qtbot.keyClick(gui.window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
                assert (digest(m.state), len(m.log)) == before
                undone += 1
            continue
        if saved_at is None and len(m.log) >= 60:
            # save, quit, start the app again and resume the autosave
            path = tmp_path / "hotseat.json"
            gui.window.controller.save(path)
            saved_at = (digest(m.state), list(m.log))
            c.flush_autosave()
            gui.window.close()
            again = open_window(qtbot)
            qtbot.waitUntil(again.gallery.form.resumeButton.isEnabled, timeout=3000)
            qtbot.mouseClick(again.gallery.form.resumeButton, Qt.MouseButton.LeftButton)
            gui.window = again
            assert (digest(gui.match.state), list(gui.match.log)) == saved_at
            # the resumed game asks the deciding player to take the computer first
            assert gui.controller.curtain_up()
            continue
        gui.play(rng.choice(m.legal_actions()))
    assert gui.match.is_over() and saved_at is not None
    assert curtains > 20 and undone == 1
    assert {0, 1, 2} <= set(gui.match._deciders)
    wait_for_end(gui, qtbot, timeout=3000)
    check_end_screen(gui)
    gui.window.controller.stop()


def test_gui_hotseat_undo_takes_back_only_your_own_moves_before_the_hand_over(gui, qtbot):
    # issue 17.2: the next player could press Ctrl+Z and take back the previous player's move
    gui.start(["human", "human"], names=["Ada", "Ben"], seed=5, options=None)
    c, m = gui.controller, gui.match
    rng = random.Random(2)
    handed_over = own_undone = 0
    for _ in range(200):
        if m.is_over() or (handed_over >= 2 and own_undone >= 1):
            break
        if c.curtain_up():
            gui.lift_curtain()
            if m.undo_seat() is not None and m.undo_seat() != c.seat_shown:
                # the previous player's move is not the new player's to take back
                handed_over += 1
                length = len(m.log)
                assert not gui.window.undo_action.isEnabled() and not gui.screen.undo_button.isEnabled()
                note = gui.screen.undo_button.toolTip()
                assert "only your own moves" in note and m.names[m.undo_seat()] in note
                c.undo()  # even asked directly
                assert len(m.log) == length and "only your own moves" in gui.status()
            continue
        seat = c.seat_shown
        before = len(m.log)
        gui.play(rng.choice(m.legal_actions()))
        if not c.curtain_up() and c.human_to_act() and c.seat_shown == seat and c.can_undo():
            assert m.names[seat] in gui.screen.undo_button.toolTip()
            gui.window.undo_action.trigger()  # your own move, still your turn: taken back
            assert len(m.log) == before
            own_undone += 1
            gui.play(rng.choice(m.legal_actions()))
    assert handed_over >= 2 and own_undone >= 1


def test_gui_a_lone_human_still_undoes_past_the_bots_moves(gui, qtbot):
    # (the shogun game hides nothing, so every move can be taken back)
    from tabletop.engine.match import Seat
    from tabletop.engine.registry import get_game

    gui.window.start_new(get_game("spheres-shogun"), [Seat("Ada"), Seat("Bot", "bot", "random")], {}, 8, False)
    c, m = gui.controller, gui.match
    rng = random.Random(1)
    for _ in range(200):
        gui.wait_for_human()
        assert not m.is_over()
        if m.undo_seat() == 0 and m._deciders[-1] == 1:
            point = m.undo_point()
            assert "Ada" in gui.screen.undo_button.toolTip()
            gui.window.undo_action.trigger()
            assert len(m.log) == point  # the bot's moves after it went too
            return
        assert c.submit_human(rng.choice(m.legal_actions()))
    raise AssertionError("no undo past a bot's move came up")


def test_gui_hotseat_you_see_what_your_move_did_before_the_hand_over(gui, qtbot):
    # issue 17.3: the curtain for the next player came down at once, hiding your own result
    gui.window.settings.show_results = True
    gui.start(["human", "human"], names=["Ada", "Ben"], seed=21)
    c, m, screen = gui.controller, gui.match, gui.screen
    reviews = 0
    for _ in range(120):
        if m.is_over() or reviews >= 3:
            break
        if c.curtain_up():
            gui.lift_curtain()
            continue
        seat = c.seat_shown
        gui.play(random.Random(len(m.log)).choice(m.legal_actions()))
        if not c.reviewing():
            continue
        reviews += 1
        # the table is still the mover's, showing the result (their hand as it is now), and
        # nothing can be played; the button says who is next
        nxt = m.names[m.decider()]
        assert c.seat_shown == seat and not c.curtain_up() and not c.human_to_act()
        assert not screen.curtain.isVisible() and screen.done_button.isVisible()
        assert screen.done_button.text() == f"Done — pass to {nxt}"
        assert f"press Done to pass to {nxt}" in screen.banner.text()
        from tabletop.games.forest.cards import card

        mine = [card(h["id"]).name for h in m.state.view(seat)["hands"][seat]]
        assert mine and all(name in " ".join(gui.table.all_items_text()) for name in mine)
        assert gui.table.show_view and c.table_view()[1] == []  # nothing to click
        # Enter passes the computer on: the next player's curtain comes down
        qtbot.keyClick(screen.done_button, Qt.Key.Key_Return)
        assert c.curtain_up() and screen.curtain.isVisible() and not screen.done_button.isVisible()
        assert f"Pass to {nxt}" in screen.curtain.title.text()
    assert reviews >= 3
