"""What is this? -- a right-click on anything on the table, or ? on the item the keyboard ring
is on: its name and place, its own words, what that place is in the game's words (the
glossary), and what each move with it would do now."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent

from tabletop.engine.bots.advice import at_once, points_words
from tabletop.engine.glossary import glossary, glossary_markdown, place_word
from tabletop.engine.registry import all_games

GAMES = all_games()


def right_click(view, item):
    pos = view.mapFromScene(item.card_scene_rect().center())
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos))
    view.contextMenuEvent(event)
    return view.explained


def test_a_right_click_on_a_hand_card_says_what_it_is_and_what_it_would_do_now(gui, qtbot):
    from test_gui_play import play_until

    from tabletop.client.zones import zone_of

    gui.start(["human", "random"], seed=5)
    play_until(gui, lambda: gui.match.state.stage == "play", random.Random(4))
    table, view = gui.table, gui.view
    card = next(it for it in table.items() if getattr(it, "card_id", None) and zone_of(it) is not None
                and zone_of(it).address == "hand/0")
    box = right_click(view, card)
    text = box.text()
    name, where = table.spoken(card)
    assert name in text and where in text
    word, meaning = place_word(table.game, "hand/0")
    assert f"{word}: {meaning}" in text
    moves = [a for a in table.legal if any(v == card.card_id for _, v in a.args)]
    assert moves and "What it could do now:" in text
    sentence, points, parts = at_once(table.game, table.view, moves[0], table.names)
    assert f"• {sentence.rstrip('.')} — {points_words(points, parts)}" in text
    assert box.isVisible()
    box.close()


def test_question_mark_explains_the_item_the_keyboard_ring_is_on(gui, qtbot):
    from test_gui_play import play_until

    gui.start(["human", "random"], seed=5)
    play_until(gui, lambda: gui.match.state.stage == "play", random.Random(4))
    table, view = gui.table, gui.view
    qtbot.keyClick(view, Qt.Key.Key_Tab)
    focused = table.focused_item()
    assert focused is not None
    qtbot.keyClick(view, Qt.Key.Key_Question, Qt.KeyboardModifier.ShiftModifier)
    assert view.explained.isVisible() and table.spoken(focused)[0] in view.explained.text()
    view.explained.close()


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_named_place_a_player_can_click_has_a_word_in_the_glossary(game, qtbot):
    from tabletop.client.table_screen import TableView, make_table
    from tabletop.client.zones import zone_of
    from tabletop.engine.game import CHANCE
    from tabletop.engine.match import Match, Seat

    terms, places = glossary(game)
    assert terms and all(word in terms and terms[word] for word in places.values())
    match = Match(game, [Seat("Ada"), Seat("Ben")], {}, seed=3)
    view = TableView()
    view.resize(1366, 768)
    table = make_table(game, match.names, False)
    view.setScene(table)
    rng = random.Random(3)
    unnamed = set()
    for _ in range(30):
        if match.is_over():
            break
        if match.decider() == CHANCE:
            match.resolve_chance()
            continue
        legal = match.legal_actions() if match.decider() == 0 else []
        table.show_view(match.state.view(0), legal, match.log[-1] if match.log else None)
        for item in table.focusable_items():
            zone = zone_of(item)
            address = (zone.address if zone is not None and zone.address else "") or table.address_of(item)
            if place_word(game, address) is None and place_word(game, table.address_of(item)) is None:
                unnamed.add(address)
        match.submit(rng.choice(match.legal_actions()))
    assert not unnamed, f"{game.id}: no word for {sorted(unnamed)}"
    md = glossary_markdown(game)
    assert md.startswith("## Glossary") and all(f"**{w}.**" in md for w in terms)
    view.setScene(None)
    table.dispose()
