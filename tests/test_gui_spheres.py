"""Spheres of Life in the app: a solo game against bots, a hotseat game with questions to the
table, and a block chain, all played through the real widgets."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt

from tabletop.engine.actions import Action
from tabletop.engine.match import Seat
from tabletop.engine.registry import get_game

GAME = get_game("spheres-of-life")
HAND_KINDS = ("gift", "exchange", "discard", "lose", "sacrifice")


def click(gui, item):
    assert item is not None, "no item to click"
    pos = gui.view.mapFromScene(item.card_scene_rect().center())
    gui.qtbot.mouseClick(gui.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def play(gui, action):
    """Play ``action`` for the seated human the way a player would: a card of the hand first
    when the choice is about one (a discard or a Dawn sacrifice is that one click), a card of the
    table, or a button of the prompt (through a card's menu when it has several targets)."""
    table = gui.table
    m = gui.match
    before = len(m.log)
    if action.kind in HAND_KINDS and action["card"] in table.choice.my_cards():
        click(gui, table.hand_card_item(action["card"]))
        if action.kind not in ("discard", "sacrifice"):
            if action.kind == "exchange":
                click(gui, next(b for b in table.layout.buttons if b.kind == "menu:exchange"))
            click(gui, table.button_for(action))
    elif action.kind in ("pick", "hero") and action["card"] in table.layout.table_cards:
        click(gui, table.table_card_item(action["card"]))
    else:
        if table.button_for(action) is None and action.kind == "use":
            click(gui, next(b for b in table.layout.buttons if b.kind == f"menu:use:{action['card']}"))
        button = table.button_for(action)
        assert button is not None, f"no button for {action} among {[b.text for b in table.layout.buttons]}"
        assert "=" not in button.text, f"a raw action on a button: {button.text}"
        click(gui, button)
    assert len(m.log) > before and m.log[before] == action, f"clicking did not play {action}: {gui.status()!r}"


def drag_hand_card(gui, i, j):
    """Drag the ``i``-th card of the seated hand just past the ``j``-th, in a few steps."""
    table, vp = gui.table, gui.view.viewport()
    start = gui.view.mapFromScene(table.hand_item(i).card_scene_rect().center())
    end = gui.view.mapFromScene(table.hand_item(j).card_scene_rect().center()) + QPoint(30, 0)
    gui.qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for k in range(1, 6):
        gui.qtbot.mouseMove(vp, start + (end - start) * k / 5)
    gui.qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)


def start(gui, kinds, seed, options=None):
    from tabletop.engine.match import Match

    names = ["Ada", "Ben", "Cleo", "Dara", "Emil", "Fay", "Gus"][: len(kinds)]
    seats = [Seat(n, "human") if k == "human" else Seat(n, "bot", k) for n, k in zip(names, kinds)]
    gui.window.start_match(Match(GAME, seats, options or {}, seed))
    return gui.match


GODS_AND_MYTHS = {"godly_heroes": True, "mythical_creatures": True, "godly_abilities": True, "dawn": True}


@pytest.mark.parametrize("kinds,options", [
    (["human", "easy", "random"], {}), (["human", "easy"], {}),
    (["human", "random", "easy", "random", "random", "easy", "random"], {}),
    (["human", "easy", "random", "easy"], GODS_AND_MYTHS),
], ids=["3 players", "2 players", "7 players", "4 players, Gods & Myths"])
def test_gui_solo_game_against_bots_to_the_end(gui, qtbot, kinds, options):
    start(gui, kinds, seed=5, options=options)
    rng = random.Random(2)
    asked_steps = set()
    for _ in range(800):
        # (six bots answer in turn between two moves of the human: generous on a loaded machine)
        gui.wait_for_human(timeout=30000)
        m = gui.match
        if m.is_over():
            break
        legal = m.legal_actions()
        # a lone human is never asked a question with one answer
        assert not m.state.formality(), m.state.step
        asked_steps.add(m.state.step)
        play(gui, rng.choice(legal))
    qtbot.waitUntil(lambda: gui.window.current_screen() is gui.window._end_screen, timeout=30000)
    assert gui.match.is_over()
    assert {"hero", "pick", "action"} <= asked_steps
    end = gui.window.end_screen
    assert len(end.curves) == len(kinds)


def test_gui_hotseat_asks_the_table_who_answers_and_hides_every_hand(gui, qtbot):
    doc = {"game": "spheres-of-life", "players": 3, "phase": "dream", "leader": 0,
           "hands": [["owl1", "snake1"], ["apple1", "rabbit1"], ["deer1"]], "deck": ["swan1", "swan2"]}
    from tabletop.engine.match import Match

    gui.window.start_match(Match(GAME, [Seat("Ada"), Seat("Ben"), Seat("Cleo")], None, 1, position=doc))
    c = gui.controller
    screen = gui.screen
    # the quiet moment before Ada's turn is one question to the whole table
    assert c.question is not None and "Before Ada's turn" in c.question
    assert screen.curtain.isVisible() and "owl" not in " ".join(gui.table.all_items_text()).lower()
    names = [b.text() for b in screen.curtain.answer_buttons]
    assert names == ["Ada answers", "Ben answers", "Cleo answers", "Nobody — go on"]
    qtbot.mouseClick(screen.curtain.answer_buttons[-1], Qt.MouseButton.LeftButton)  # nobody
    # Ada's turn: the screen passes to her
    assert c.curtain_for == 0
    gui.lift_curtain()
    play(gui, Action.make("steal", target=1))
    # the block window: the table is asked again; Ben says he answers
    assert c.question is not None and "steal from Ben" in c.question
    ben = next(b for b in screen.curtain.answer_buttons if b.text() == "Ben answers")
    qtbot.mouseClick(ben, Qt.MouseButton.LeftButton)
    assert c.curtain_for == 1
    gui.lift_curtain()
    play(gui, Action.make("block", card="apple1"))
    # the block opens its own window: the table is asked whether anyone blocks the block
    assert c.question is not None and "blocked it" in c.question
    qtbot.mouseClick(screen.curtain.answer_buttons[-1], Qt.MouseButton.LeftButton)  # nobody
    state = gui.match.state
    assert "apple1" in state.discard and state.hands[1] == ["rabbit1"] and state.turn == 1


def test_gui_block_chain_through_the_table(gui, qtbot):
    doc = {"game": "spheres-of-life", "players": 2, "phase": "dream", "leader": 0,
           "hands": [["owl1", "apple2"], ["rabbit1", "apple1"]], "deck": ["swan1", "swan2"]}
    from tabletop.engine.match import Match

    gui.window.start_match(Match(GAME, [Seat("Ada"), Seat("Ben", "bot", "easy")], None, 3, position=doc))
    m = gui.match
    gui.wait_for_human()
    # the quiet moment before her turn was answered for her: she has nothing to use then
    assert m.state.step == "action" and m.log[0] == Action.make("pass")
    play(gui, Action.make("gift", card="owl1", to=1))
    # Ben (the Easy bot) blocks a gift aimed at him; Ada is asked whether to block the block
    gui.wait_for_human()
    assert m.state.step == "block" and m.state.chain[-1]["kind"] == "block"
    assert "blocks it" in gui.table.layout.chain_text()
    play(gui, Action.make("block", card="apple2"))
    # Ben has no Apple left: the gift goes through, both Apples are discarded
    qtbot.waitUntil(lambda: m.state.step != "block", timeout=5000)
    assert "owl1" in m.state.hands[1]
    assert {"apple1", "apple2"} <= set(m.state.discard)


def hidden_cards(state, seat):
    """The cards ``seat`` may not see: the deck and what it does not know of the other hands."""
    out = set(state.deck)
    view = state.view(seat)
    for p, hand in enumerate(state.hands):
        if p == seat:
            continue
        known = set(view["hands"][p]["known"]) | set(view["hands"][p]["cards"] or [])
        out |= set(hand) - known
    return out


def names_on_table(gui):
    return " ".join(gui.table.all_items_text())


@pytest.mark.parametrize("kinds,moves_wanted", [
    (["human"] * 3, 150),
    (["human", "easy", "human", "random"], None),
    (["human"] * 7, None),
], ids=["3 humans, 150 moves", "4 players, 2 humans, to the end", "7 humans, to the end"])
def test_gui_hotseat_with_curtains_and_questions_hides_every_hand(gui, qtbot, kinds, moves_wanted):
    """Humans at one screen (with bots too), by clicking: at every curtain and every question to
    the table nothing private is on screen; when a player has the screen, only what they may
    see is.  Played for a number of moves, or to the end screen."""
    from tabletop.games.spheres_of_life.cards import card, kind_names

    start(gui, kinds, seed=21)
    c = gui.controller
    rng = random.Random(4)
    curtains = questions = moves = 0
    while moves != moves_wanted:
        gui.wait_for_human(timeout=30000)
        if gui.match.is_over():
            break
        state = gui.match.state
        if c.question is not None:
            questions += 1
            everything = {x for h in state.hands for x in h} | set(state.deck)
            shown = names_on_table(gui)
            assert not any(card(x).name in shown for x in everything if x not in state.discard and x not in state.table)
            buttons = gui.screen.curtain.answer_buttons
            qtbot.mouseClick(rng.choice(buttons), Qt.MouseButton.LeftButton)
            continue
        if c.curtain_for is not None:
            curtains += 1
            assert gui.table.all_items_text() == [] or not any(
                card(x).name in names_on_table(gui) for h in state.hands for x in h)
            gui.lift_curtain()
            continue
        assert c.human_to_act()
        seat = c.seat_shown
        shown = names_on_table(gui)
        view = state.view(seat)
        visible = set(view["hands"][seat]["cards"]) | set(view["discard"]) | set(view["table"])
        visible |= {x for b in view["bank_cards"] for x in b} | {i["card"] for i in view["chain"] if "card" in i}
        visible |= {x for h in view["hands"] for x in h["known"] + (h["cards"] or [])}
        visible |= {view["effect"]["card"]} if view["effect"].get("card") else set()
        visible_names = {card(x).name for x in visible}
        if view["effect"].get("want"):  # an exchange offer names the kind it wants, in public
            visible_names.add(kind_names()[view["effect"]["want"]])
        visible_names |= {kind_names()[i["action"]["want"]] for i in view["chain"]  # and when declared
                          if i.get("action", {}).get("kind") == "exchange"}
        for x in hidden_cards(state, seat):
            name = card(x).name
            if name not in visible_names:
                assert name not in shown, f"{name} of another hand is on {gui.match.names[seat]}'s screen"
        play(gui, rng.choice(gui.match.legal_actions()))
        moves += 1
    assert curtains > 10 and questions > 5
    if moves_wanted is None:
        qtbot.waitUntil(lambda: gui.window.current_screen() is gui.window._end_screen, timeout=10000)
        # the end shows everybody's breakdown, hands included
        assert all(score["total"] is not None for score in gui.match.state.view(None)["scores"])
    else:
        assert moves == moves_wanted


def test_gui_dragging_a_card_rearranges_the_hand_in_the_game(gui, qtbot):
    doc = {"game": "spheres-of-life", "players": 2, "phase": "dream", "leader": 0,
           "hands": [["owl1", "snake1", "rabbit1"], ["deer1"]], "deck": ["swan1", "swan2"]}
    from tabletop.engine.match import Match

    gui.window.start_match(Match(GAME, [Seat("Ada"), Seat("Ben", "bot", "easy")], None, 3, position=doc))
    gui.wait_for_human()
    m = gui.match
    drag_hand_card(gui, 0, 2)
    assert m.state.hands[0] == ["snake1", "rabbit1", "owl1"]
    assert m.log[-1] == Action.make("arrange", order="1,2,0", seat=0)
    assert "rearranges" in m.sentences[-1]
    # the saved game replays it
    from tabletop.engine.saves import match_from_json, match_to_json

    assert match_from_json(match_to_json(m)).state.hands[0] == ["snake1", "rabbit1", "owl1"]


def test_gui_hint_marks_the_hard_bots_choice_on_the_table(gui, qtbot):
    gui.controller.search_budgets = {"hard": {"seconds": 0.3, "iterations": 60}}
    doc = {"game": "spheres-of-life", "players": 2, "phase": "dream", "leader": 0,
           "hands": [["owl1", "snake1", "fire1"], ["deer1", "deer2"]], "deck": ["swan1", "swan2"]}
    from tabletop.engine.match import Match

    gui.window.start_match(Match(GAME, [Seat("Ada"), Seat("Ben", "bot", "easy")], None, 3, position=doc))
    gui.wait_for_human()
    m = gui.match
    legal = m.legal_actions()
    qtbot.keyClick(gui.view, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: gui.status().startswith("Hint:"), timeout=8000)
    assert m.legal_actions() == legal, "a hint must not play the move"
    marked = [b for b in gui.table.layout.buttons if b.hinted]
    assert len(marked) == 1 and marked[0].action in legal


def test_gui_the_hand_is_rearranged_while_a_bot_thinks_and_the_bot_still_plays(gui, qtbot):
    doc = {"game": "spheres-of-life", "players": 2, "phase": "dream", "leader": 1,
           "hands": [["owl1", "snake1", "rabbit1"], ["deer1", "wolf1"]], "deck": ["swan1", "swan2"]}
    from tabletop.engine.match import Match

    gui.window.settings.bot_pace = 0.6  # the bot's move waits long enough to drag meanwhile
    gui.window.start_match(Match(GAME, [Seat("Ada"), Seat("Ben", "bot", "easy")], None, 3, position=doc))
    c = gui.controller
    qtbot.waitUntil(lambda: c.thinking == 1, timeout=5000)
    m = gui.match
    before = len(m.log)
    drag_hand_card(gui, 0, 2)
    assert m.log[before] == Action.make("arrange", order="1,2,0", seat=0)
    assert m.state.hands[0] == ["snake1", "rabbit1", "owl1"] and "Ada rearranges" in m.sentences[before]
    # the bot's move comes all the same, after the arrangement
    qtbot.waitUntil(lambda: len(m.log) > before + 1, timeout=5000)
    assert m.log[before + 1].kind != "arrange"


def test_gui_fewer_questions_asks_a_lone_human_only_before_their_own_turn(gui, qtbot):
    gui.window.settings.fewer_questions = True
    start(gui, ["human", "easy", "random"], seed=8)
    rng = random.Random(4)
    m = gui.match
    for _ in range(150):
        gui.wait_for_human(timeout=30000)
        if m.is_over():
            break
        assert not m.state.open_invitation(), "asked at a quiet moment before another's turn"
        play(gui, rng.choice(m.legal_actions()))
    # the app said "no" for the player at the open invitations (with a choice) on the way
    state, said = m.initial_state(), 0
    for action in m.log:
        if state.decider() == 0 and state.open_invitation() and len(state.legal_actions()) > 1:
            assert action.kind == "pass"
            said += 1
        state.apply(action)
    assert said > 3
    # undo goes back to the human's last real decision, past the "no"s said for them
    gui.wait_for_human(timeout=30000)
    if not m.is_over() and gui.controller.can_undo():
        gui.window.undo_action.trigger()
        gui.wait_for_human(timeout=30000)
        assert not m.state.open_invitation() and gui.controller.human_to_act()

