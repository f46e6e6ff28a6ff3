"""Spheres, the shogun sowing game, in the app: whole games against a bot played by clicking the
table (the shogun rules and the classic ones), and an ability used in the middle of a sowing."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtCore import Qt

from tabletop.engine.actions import Action
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game

GAME = get_game("spheres-shogun")
P, S = "peasant", "shogun"


def click(gui, item):
    assert item is not None, "no item to click"
    pos = gui.view.mapFromScene(item.card_scene_rect().center())
    gui.qtbot.mouseClick(gui.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def play(gui, action):
    """Play ``action`` for the seated human the way a player would, by clicking what the table
    shows; checks that exactly this action was played."""
    table = gui.table
    m = gui.match
    before = len(m.log)
    k = action.kind
    if k == "sow":
        click(gui, table.place_item(action["square"]))
        click(gui, table.arrow_item(action["dir"]))
    elif k in ("place", "refill"):
        if table.choice.picked != action["stone"]:
            click(gui, table.tray_item(action["stone"]))
        click(gui, table.place_item(action["square"]))
    elif k == "ordain":
        click(gui, table.button_kind("ordain"))
        click(gui, table.place_item(action["square"]))
        click(gui, table.tray_item(action["stone"]))
    elif k == "drop":
        if table.choice.picked != action["stone"]:
            click(gui, table.hand_item(action["stone"]))
        if action.get("turn"):
            click(gui, table.button_for(action))
        else:
            assert action["to"] in table.highlighted_places()
            click(gui, table.place_item(action["to"]))
    else:  # skip, roll, keep: a button on the board
        click(gui, table.button_for(action))
    assert len(m.log) > before and m.log[before] == action, f"clicking did not play {action}: {gui.status()!r}"


def start(gui, options, seed, position=None):
    seats = [Seat("Ada", "human"), Seat("Ben", "bot", "random")]
    gui.window.start_match(Match(GAME, seats, options, seed, position=position))
    return gui.match


@pytest.mark.parametrize("rules,seed", [("shogun", 2), ("classic", 11)])
def test_gui_a_whole_game_against_a_bot_by_clicks(gui, qtbot, rules, seed):
    # (thief_roll=holder: the bot's thieves give the human a roll to click, whoever chose him)
    start(gui, {"rules": rules, "thief_roll": "holder"} if rules == "shogun" else {"rules": rules}, seed=seed)
    rng = random.Random(7)
    kinds = set()
    for _ in range(600):
        gui.wait_for_human(timeout=30000)
        m = gui.match
        if m.is_over():
            break
        # the human is asked only real questions (a single drop is made by the rules)
        legal = m.legal_actions()
        assert len(legal) > 1 or legal[0].kind in ("skip", "sow")
        rolls = [a for a in legal if a.kind == "roll"]  # (the dice button is clicked when offered)
        action = rolls[0] if rolls else rng.choice(legal)
        kinds.add(action.kind)
        play(gui, action)
    qtbot.waitUntil(lambda: gui.window.current_screen() is gui.window._end_screen, timeout=10000)
    m = gui.match
    assert m.is_over()
    if rules == "shogun":
        assert {"place", "sow", "drop", "ordain", "refill", "roll"} <= kinds
    else:
        assert kinds == {"sow"} and len(m.log) > 15
    # the table still shows the end: the result, both totals
    gui.window.show_table()
    text = " ".join(gui.table.all_items_text())
    assert "Game over" in text
    for score in m.state.scores():
        assert str(score.total) in gui.table.all_items_text()


def test_gui_an_ability_used_in_the_middle_of_a_sowing(gui, qtbot):
    # Ada sows A1 (a monk and two peasants) counter-clockwise; the monk is hers to use
    board = [[] for _ in range(12)]
    board[5], board[11] = [S], [S]
    board[0] = ["monk", P, P]
    board[8] = [P, P]
    doc = {"game": "spheres-shogun", "board": board, "chosen": [["monk", "scholar", "merchant", "geisha", "ghost"],
                                                                ["samurai"]]}
    m = start(gui, {}, seed=1, position=doc)
    gui.wait_for_human()
    play(gui, Action.make("sow", square=0, dir=1))
    # two kinds in hand: the table asks which goes first; the monk's reach is lit in violet
    assert m.state.step == "drop" and m.decider() == 0
    table = gui.table
    click(gui, table.hand_item("monk"))
    lit = table.highlighted_places()
    assert lit == {1: "plain", 2: "ability", 3: "ability"}
    assert table.place_item(3).tag.startswith("✦")
    click(gui, table.place_item(3))
    # the monk jumped to A4; the two peasants follow from there, by themselves (one choice each)
    assert m.log[-1] == Action.make("drop", stone="monk", to=3)
    state = m.state
    assert "monk" in state.to_json()["board"][3]
    assert state.to_json()["board"][4] == [P] and state.to_json()["board"][1] == []
    assert any(re.search(r"uses the \w+'s ability", s) for s in m.sentences)


def test_gui_the_bots_sowing_is_animated_and_a_click_finishes_it(gui, qtbot):
    gui.window.settings.animations = True
    board = [[] for _ in range(12)]
    board[5], board[11] = [S], [S]
    board[1] = [P, P]
    board[7] = [P, P, P, P]
    doc = {"game": "spheres-shogun", "board": board, "turn_player": 1, "options": {"capture": "must"}}
    m = start(gui, {}, seed=2, position=doc)
    table = gui.table
    qtbot.waitUntil(lambda: len(m.log) >= 1, timeout=5000)  # Ben (the bot) sows
    qtbot.waitUntil(lambda: table.animating or gui.controller.human_to_act(), timeout=5000)
    assert table.animating and gui.controller.human_to_act()
    # while the stones fly nothing can be chosen; a click brings the final position at once
    assert table.focusable_items() == []
    click(gui, table.place_item(1))
    assert not table.animating and len(m.log) == 1
    assert [table.place_item(p).stones for p in range(12)] == m.state.view(0)["board"]
    play(gui, next(a for a in m.legal_actions() if a.kind == "sow"))


def test_gui_the_end_screen_waits_for_the_last_sowing_to_play_out(gui, qtbot):
    gui.window.settings.animations = True
    # classic rules: Ada's last sowing (A5 counter-clockwise, five stones) ends on B3; B4 is
    # empty and the west house holds the last mandarin: she takes him and the game ends
    board = [[] for _ in range(12)]
    board[4] = [P] * 5
    board[11] = [S]
    options = {"rules": "classic", "young_mandarin": False}
    doc = {"game": "spheres-shogun", "board": board, "stores": [[], [S]], "options": options}
    m = start(gui, options, seed=3, position=doc)
    gui.wait_for_human()
    gui.table.set_animations(True)
    play(gui, Action.make("sow", square=4, dir=1))
    assert m.is_over()
    # the stones are still flying: the table stays in view until they have landed
    assert gui.table.busy() and gui.window.current_screen() is not gui.window._end_screen
    qtbot.waitUntil(lambda: gui.window.current_screen() is gui.window._end_screen, timeout=15000)
    assert not gui.table.busy()


def test_gui_hotseat_needs_no_curtain_and_the_next_player_watches_the_last_sowing(gui, qtbot):
    gui.window.settings.animations = True
    board = [[] for _ in range(12)]
    board[5], board[11] = [S], [S]
    board[1] = [P, P, P]
    board[7] = [P, P]
    doc = {"game": "spheres-shogun", "board": board}
    seats = [Seat("Ada", "human"), Seat("Ben", "human")]
    gui.window.start_match(Match(GAME, seats, {}, 4, position=doc))
    m = gui.match
    gui.wait_for_human()
    assert not gui.controller.curtain_up()  # nothing is hidden in this game
    gui.table.set_animations(True)
    play(gui, Action.make("sow", square=1, dir=1))
    # Ben's turn at once: the board turns to him and Ada's stones travel
    assert not gui.controller.curtain_up() and gui.controller.seat_shown == 1
    assert gui.table.animating
    assert gui.table.view["seat"] == 1  # drawn the way Ben sees the board, his squares at the bottom
    qtbot.waitUntil(lambda: not gui.table.busy(), timeout=10000)
    assert [gui.table.place_item(p).stones for p in range(12)] == m.state.view(1)["board"]
    assert gui.controller.human_to_act() and m.decider() == 1


def test_gui_scores_and_banner_wait_for_the_sowing_to_reach_the_capture(gui, qtbot):
    # issue 17.4: the score and the banner changed before the animation reached the stones taken
    gui.window.settings.animations = True
    board = [[] for _ in range(12)]
    board[5], board[11] = [S], [S]
    board[6] = [P, P, P]  # every sowing of Ben's captures
    board[0] = [P, P]
    board[1] = [P]
    doc = {"game": "spheres-shogun", "board": board, "turn_player": 1, "options": {"capture": "must"}}
    m = start(gui, {}, seed=2, position=doc)
    table, screen = gui.table, gui.screen
    ben_before = screen.scores.cell_text(screen.scores.rowCount() - 1, 1)
    banner_before = screen.banner.text()
    qtbot.waitUntil(lambda: len(m.log) >= 1, timeout=5000)  # Ben (the bot) sows and captures
    qtbot.waitUntil(lambda: table.animating or gui.controller.human_to_act(), timeout=5000)
    assert table.animating and m.state.scores()[1].total > int(ben_before)
    # while the stones fly the panel still shows the scores and words of before
    assert screen.scores.cell_text(screen.scores.rowCount() - 1, 1) == ben_before
    assert screen.banner.text() == banner_before
    click(gui, table.place_item(1))  # the sowing is shown to its end
    assert not table.animating
    assert screen.scores.cell_text(screen.scores.rowCount() - 1, 1) == str(m.state.scores()[1].total)
    assert screen.banner.text().startswith("Your turn")


def test_gui_sow_the_rest_plainly_finishes_the_sowing_in_one_click(gui, qtbot):
    board = [[] for _ in range(12)]
    board[5], board[11] = [S], [S]
    board[0] = [P, P, P, "monk"]
    board[8] = [P]
    doc = {"game": "spheres-shogun", "board": board, "chosen": [["monk"], []], "options": {"capture": "must"}}
    m = start(gui, {}, seed=3, position=doc)
    gui.wait_for_human()
    assert gui.controller.submit_human(Action.make("sow", square=0, dir=1))
    assert m.state.step == "drop" and m.decider() == 0
    before = len(m.log)
    click(gui, gui.table.button_kind("plain_rest"))
    qtbot.waitUntil(lambda: m.state.step != "drop" or m.decider() != 0, timeout=5000)
    drops = [a for a in m.log[before:] if a.kind == "drop"]
    assert drops and all(not a.get("turn") for a in drops)
    assert m.decider() != 0 or m.state.step != "drop"
