"""Three Spheres TCG in the app: a game against a bot played by clicks to the scoring walk-through
and the end screen, and a hotseat game with the curtain checked at every change of player."""

from __future__ import annotations

import random

from PySide6.QtCore import QPoint, Qt

from tabletop.engine.actions import Action
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.games.three_spheres.steps import Move
from tabletop.games.three_spheres.words import signed

GAME = get_game("three-spheres")


def click(gui, item):
    assert item is not None, "no item to click"
    pos = gui.view.mapFromScene(item.card_scene_rect().center())
    gui.qtbot.mouseClick(gui.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def drag(gui, item, onto):
    vp = gui.view.viewport()
    start = gui.view.mapFromScene(item.card_scene_rect().center())
    end = gui.view.mapFromScene(onto.card_scene_rect().center())
    gui.qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for k in range(1, 6):
        gui.qtbot.mouseMove(vp, start + (end - start) * k / 5 + QPoint(0, 0))
    gui.qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=end)


def play(gui, action, by_drag=False):
    """Play ``action`` for the seated human as a player would: a card of the hand, then where it
    goes (or dragged there); a button; or a lit card of the table."""
    table, m = gui.table, gui.match
    before = len(m.log)
    if action.kind in (Move.SPEND, Move.PLAY):
        card = table._hand_item_of(action["card"])
        if action.kind == Move.SPEND and by_drag:
            table.choosing.selected = action["card"]
            table.refresh_marks()
            target = table.item_for(action)
            table.choosing.selected = None
            table.refresh_marks()
            drag(gui, card, target)
        else:
            click(gui, card)
            assert table.choosing.selected == action["card"], gui.status()
            click(gui, table.item_for(action))
    else:
        item = table.item_for(action)
        assert item is not None, f"nothing on the table plays {action}"
        click(gui, item)
    assert len(m.log) > before and m.log[before] == action, f"clicking did not play {action}: {gui.status()!r}"


def choose(rng, legal):
    """A lively but finite game: mostly spends, plays and buys, sometimes the end of the turn."""
    kinds = sorted({a.kind for a in legal})
    busy = [k for k in kinds if k not in (Move.END, Move.DONE)]
    kind = rng.choice(busy) if busy and rng.random() < 0.85 else rng.choice(kinds)
    return rng.choice([a for a in legal if a.kind == kind])


def test_gui_game_against_a_bot_by_clicks_to_the_walk_through_and_the_end_screen(gui, qtbot):
    gui.window.start_match(Match(GAME, [Seat("Ada"), Seat("Ben", "bot", "easy")], {"world_size": 9}, 11))
    rng = random.Random(3)
    kinds, moves = set(), 0
    for _ in range(1500):
        gui.wait_for_human(timeout=30000)
        m = gui.match
        if m.is_over():
            break
        action = choose(rng, m.legal_actions())
        play(gui, action, by_drag=moves % 7 == 3)
        kinds.add(action.kind)
        moves += 1
    m = gui.match
    assert m.is_over() and moves >= 8
    assert {Move.SPEND, Move.PLAY, Move.END} <= kinds
    # the table shows the walk-through (the app then covers it with its end screen)
    table = gui.table
    walk = m.state.view(0)["walkthrough"]
    texts = " ".join(table.all_items_text())
    assert "The scoring" in texts and "No points" in texts
    assert all(f"Fixed points {signed(sum(e['points'] for e in w['fixed']))}" in texts for w in walk)
    assert all(e["why"] in texts for w in walk for e in w["dynamic"])
    qtbot.waitUntil(lambda: gui.window.current_screen() is gui.window._end_screen, timeout=10000)


def words_on_table(gui):
    """Every word drawn on the table or in a tooltip (a card's id is one word)."""
    return {w for text in gui.table.all_items_text() for w in text.split()}


def hidden(state, seat):
    """The ids of the cards ``seat`` may not see: the other hand and every deck."""
    out = set(state.hand[1 - seat])
    for p in (0, 1):
        out |= set(state.realm[p]) | set(state.world_deck[p]) | set(state.discovery_deck[p])
    return out


def test_gui_hotseat_hides_each_hand_behind_the_curtain_at_every_change_of_player(gui, qtbot):
    gui.window.start_match(Match(GAME, [Seat("Ada"), Seat("Ben")], {"world_size": 9}, 5))
    c = gui.controller
    rng = random.Random(9)
    curtains, moves, last_seat = 0, 0, None
    for _ in range(1500):
        gui.wait_for_human(timeout=30000)
        m = gui.match
        if m.is_over():
            break
        state = m.state
        if c.curtain_for is not None:
            curtains += 1
            everything = {x for p in (0, 1) for x in state.hand[p]}
            assert not everything & words_on_table(gui), "a hand is on the table behind the curtain"
            assert gui.screen.curtain.isVisible()
            gui.lift_curtain()
            continue
        seat = c.seat_shown
        if last_seat is not None and seat != last_seat:
            assert curtains > 0
        last_seat = seat
        shown = words_on_table(gui)
        assert set(state.hand[seat]) <= shown  # one's own hand, face up
        assert not hidden(state, seat) & shown, f"{m.names[seat]} sees a hidden card"
        play(gui, choose(rng, m.legal_actions()))
        moves += 1
    assert gui.match.is_over() and curtains >= 6
    qtbot.waitUntil(lambda: gui.window.current_screen() is gui.window._end_screen, timeout=10000)
    turns = gui.match.state.turns
    assert curtains >= sum(turns) - 1  # the screen was passed at every turn


def test_gui_spend_by_buttons_and_keys_in_the_app(gui, qtbot):
    doc = {"game": "three-spheres", "turn": 0, "hand": [["silver_leaf.a1", "moss_sprout.a2"], ["ronin_stone.b1"]],
           "realm": [["fern_hollow.a5"], ["lucky_pebble.b5"]], "spaces": [["elder_oak.a10"], [], [], ["hex_doll.b10"], [], []],
           "world_deck": [["white_hart.a12"], ["wild_hunt.b12"]]}
    gui.window.start_match(Match(GAME, [Seat("Ada"), Seat("Ben", "bot", "easy")], None, 1, position=doc))
    gui.wait_for_human()
    m = gui.match
    assert "Your turn" in gui.screen.banner.text()
    qtbot.keyClick(gui.view, Qt.Key.Key_1)
    assert gui.table.choosing.selected == "silver_leaf.a1"
    qtbot.keyClick(gui.view, Qt.Key.Key_Return)
    assert m.log[0].kind == Move.SPEND and m.log[0]["card"] == "silver_leaf.a1"
    play(gui, Action.make(Move.END))
    assert m.log[1] == Action.make(Move.END)


def test_gui_the_start_screen_offers_saved_decks_that_may_be_played_and_says_why_not_the_others(gui, qtbot):
    from tabletop.games.three_spheres.cards import decks
    from tabletop.games.three_spheres.deck_files import DeckList, deck_code, prebuilt
    from tabletop.games.three_spheres.deck_store import folder, save_new

    mine = prebuilt(decks()["stones"]).renamed("Pebble Party")
    save_new(mine, folder())
    save_new(DeckList("Half Done", ("moss_sprout",) * 5), folder())
    (folder() / "scrambled.json").write_text("{ nope")
    ss = gui.window.start_screen
    ss.game_box.setCurrentIndex(ss.game_box.findData("three-spheres"))  # (the choices are read now)
    box = ss.option_boxes["deck1"]
    labels = [box.itemText(i) for i in range(box.count())]
    assert "Pebble Party (saved)" in labels and not any("Half Done" in t for t in labels)
    notes = [w for w in ss.option_rows["deck1"][1] if w is not box and "not offered" in w.text()]
    assert len(notes) == 1 and notes[0].isVisibleTo(ss)
    assert "Half Done" in notes[0].text() and "scrambled.json" in notes[0].text()
    assert "Half Done: A deck has exactly 30 cards; this one has 5." in notes[0].toolTip()
    assert "scrambled.json: The deck file scrambled.json is not valid JSON" in notes[0].toolTip()
    assert not any("not offered" in getattr(w, "text", str)() for w in ss.option_rows["deck2"][1])  # said once
    match = gui.start(["human", "easy"], options={"deck1": deck_code(mine)}, game="three-spheres")
    assert match.options["deck1"] == deck_code(mine)
    assert match.state.view(0)["seats"][0]["deck_name"] == "Pebble Party"
    assert "Pebble Party" in " ".join(gui.table.all_items_text())


def test_gui_set_up_from_a_tile_reads_the_saved_decks_once_and_again_on_a_later_visit(gui, qtbot, monkeypatch):
    from tabletop.games.three_spheres import deck_store

    reads = []
    real = deck_store.deck_choices
    monkeypatch.setattr(deck_store, "deck_choices", lambda *a, **k: reads.append(1) or real(*a, **k))
    window, game = gui.window, GAME
    window.go_to_gallery()
    assert window.start_screen.game().id != "three-spheres"
    window.go_to_start(game)  # another game: its options are built, the decks read once for both seats
    assert window.start_screen.game().id == "three-spheres" and len(reads) == 1
    window.go_to_gallery()
    window.go_to_start(game)  # the same game: read again (decks saved meanwhile)
    assert len(reads) == 2


def test_gui_the_scoring_walk_through_has_its_own_banner_and_no_undo_or_hint(gui, qtbot):
    """Issue 29 (7): while the end's walk-through plays, the banner says what is shown (not the
    last turn's "Your turn, Ada: play a card…"), and Undo and Hint are off, buttons and menu."""
    last_turn = {"game": "three-spheres", "turn": 0, "first": 1, "turns": [2, 3], "end_triggered": True,
                 "hand": [["dryads_circle.a1", "elder_oak.a2", "moss_sprout.a3"], ["lord_of_wisps.b1", "seed_stone.b2"]],
                 "discard": [["mossheart_badger.a4", "fern_hollow.a8"], ["wisp.1"]],
                 "realm": [["whispering_sapling.a5"], ["lucky_pebble.b5"]],
                 "spaces": [["elder_oak.a10"], ["old_willow.a11"], [], ["hex_doll.b10"], ["fen_hag.b11"], []],
                 "discovery": [["first_tree.a20", "canopy_spirit.a21"], ["grave_crow.b20"]],
                 "world_deck": [["white_hart.a12"], ["wild_hunt.b12"]],
                 "discovery_deck": [["old_willow.a22"], ["marsh_light.b22"]]}
    gui.window.settings.animations = True
    gui.window.start_match(Match(GAME, [Seat("Ada"), Seat("Ben", "bot", "easy")], {}, 1, position=last_turn))
    gui.wait_for_human()
    screen = gui.window.table_screen
    assert screen.banner.text().startswith("Your turn, Ada") and screen.undo_button.isEnabled() is False
    assert screen.hint_button.isEnabled() and gui.window.hint_action.isEnabled()
    play(gui, Action.make(Move.END))
    qtbot.waitUntil(lambda: gui.match.is_over(), timeout=5000)
    assert gui.table.busy()  # (the walk-through plays)
    assert screen.banner.text().startswith("The scoring") and "Your turn" not in screen.banner.text()
    assert not screen.undo_button.isEnabled() and not screen.hint_button.isEnabled()
    assert not gui.window.undo_action.isEnabled() and not gui.window.hint_action.isEnabled()
    qtbot.waitUntil(lambda: gui.window.current_screen() is gui.window._end_screen, timeout=20000)
    assert screen.banner.text().startswith("Game over")  # (the result once the walk is done)
