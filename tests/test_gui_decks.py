"""The deck builder in the app (pytest-qt, real widgets): a deck built by clicks from nothing,
each validation message met on the way, the deck saved and found again after the app is
reopened, played against a bot, exported and imported again, undone, and driven by keys."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QInputDialog

from tabletop.games.three_spheres.cards import card, decks
from tabletop.games.three_spheres.collection import figures
from tabletop.games.three_spheres.deck_files import DeckList, deck_code, parse_deck_code, prebuilt, read_deck
from tabletop.games.three_spheres.deck_store import folder, saved_decks

from conftest import open_window


def open_decks(gui):
    """The start screen's Decks… button (the TCG chosen), clicked."""
    ss = gui.window.start_screen
    gui.window.go_to_start()
    ss.game_box.setCurrentIndex(ss.game_box.findData("three-spheres"))
    assert ss.screen_buttons and ss.screen_buttons[0].isVisibleTo(ss)
    gui.qtbot.mouseClick(ss.screen_buttons[0], Qt.MouseButton.LeftButton)
    screen = gui.window.game_screens.shown()[1]
    assert gui.window.current_screen() is screen
    return screen


def click(gui, widget):
    gui.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def item_of(screen, cid):
    lst = screen.collection
    return next(lst.item(i) for i in range(lst.count()) if lst.item(i).data(Qt.ItemDataRole.UserRole) == cid)


def add_by_double_click(gui, screen, cid, times=1):
    lst = screen.collection
    item = item_of(screen, cid)
    assert not item.isHidden(), f"{cid} is filtered out"
    lst.scrollToItem(item)
    pos = lst.visualItemRect(item).center()
    gui.qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=pos)  # chosen: shown large
    assert screen.collection.current_card() == cid and card(cid).name in screen.preview_text.text()
    for _ in range(times):
        before = len(gui.window.game_screens.shown()[1].deck.cards), gui.status()
        gui.qtbot.mouseDClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        gui.qtbot.waitUntil(lambda: (len(gui.window.game_screens.shown()[1].deck.cards), gui.status()) != before, timeout=2000)


def problems(screen):
    return screen.problems.text()


def set_spin(screen, cid, column, value):
    row = screen.table.ids.index(cid)
    screen.table.cellWidget(row, column).setValue(value)


def test_gui_build_a_deck_by_clicks_from_nothing_meeting_every_validation_message(gui, qtbot):
    screen = open_decks(gui)
    click(gui, screen.buttons["new"])
    assert screen.deck.cards == () and screen.path is not None and screen.path.parent == folder()
    assert "A deck has exactly 30 cards; this one has 0." in problems(screen)
    assert "only 0 such cards to choose" in problems(screen)
    assert not screen.play_button.isEnabled()
    # the filters find the cards: Forest, level 0
    click(gui, screen.sphere_buttons["forest"])
    click(gui, screen.level_buttons[0])
    shown = [screen.collection.item(i).data(Qt.ItemDataRole.UserRole) for i in range(screen.collection.count())
             if not screen.collection.item(i).isHidden()]
    assert "moss_sprout" in shown and all(card(c).sphere == "forest" and card(c).level == 0 for c in shown)
    assert screen.shown_label.text() == f"{len(shown)} of {screen.collection.count()} cards shown"
    add_by_double_click(gui, screen, "moss_sprout")
    assert gui.status() == "Added Moss Sprout (1 in the deck, 1 card)."  # (issue 29, 11: not "1 cards")
    add_by_double_click(gui, screen, "moss_sprout", 3)  # the fourth copy is refused
    assert screen.deck.cards.count("moss_sprout") == 3
    assert "at most 3 copies of a card: it has 3 of Moss Sprout" in gui.status()
    # a level-4 card: one copy only
    screen.clear_filters()
    qtbot.keyClicks(screen.search, "Grove Eternal")
    add_by_double_click(gui, screen, "grove_eternal", 2)
    assert screen.deck.cards.count("grove_eternal") == 1 and "at most 1 copy of a level-4 card" in gui.status()
    screen.clear_filters()
    # fill the deck from the Forest deck's list, by clicks
    forest = prebuilt(decks()["forest"])
    want = list(forest.cards)
    for cid in ("moss_sprout", "grove_eternal"):
        for _ in range(min(screen.deck.cards.count(cid), want.count(cid))):
            want.remove(cid)
    for cid in dict.fromkeys(want):
        add_by_double_click(gui, screen, cid, want.count(cid))
    assert len(screen.deck.cards) == 31  # one Moss Sprout too many
    assert "A deck has exactly 30 cards; this one has 31." in problems(screen)
    set_spin(screen, "moss_sprout", 2, 2)  # the copies box
    assert len(screen.deck.cards) == 30 and screen.deck.cards.count("moss_sprout") == 2
    assert "it may be played" in problems(screen) and screen.play_button.isEnabled()
    # the Realm and the World by hand
    click(gui, screen.auto)
    assert not screen.auto.isChecked() and screen.deck.realm is not None
    # (the rule chose: Moss Sprout x2, Elder's Acorn x2, Fern Hollow, Lantern Mushroom, Pollen Sprite,
    # Spark of Dawn, Dryad Seedling, Glade Stag -- levels adding up to 4)
    set_spin(screen, "moss_sprout", 3, 0)
    assert "A Realm is exactly 10 cards; this one has 8." in problems(screen)
    set_spin(screen, "moss_sprout", 3, 2)
    assert "it may be played" in problems(screen)
    for cid, n in (("fern_hollow", 0), ("root_weaver", 1), ("lantern_mushroom", 0), ("hollow_stump", 1)):
        set_spin(screen, cid, 3, n)
    assert "The levels of a Realm add up to at most 5; this one's add up to 6." in problems(screen)
    set_spin(screen, "hollow_stump", 3, 0)
    set_spin(screen, "lantern_mushroom", 3, 1)
    assert "it may be played" in problems(screen)
    set_spin(screen, "elder_oak", 4, 0)
    assert "A World list names exactly 9 cards; this one names 7." in problems(screen)
    set_spin(screen, "moss_sprout", 4, 2)
    assert "with the Realm it names Moss Sprout more often than the deck holds it" in problems(screen)
    assert problems(screen).count("⚠") == 1 and not screen.play_button.isEnabled()
    click(gui, screen.auto)  # back to the rule's choice
    assert screen.deck.realm is None and "it may be played" in problems(screen)
    # saved at every change: the file holds the deck shown
    assert read_deck(screen.path) == screen.deck
    screen_path, deck = screen.path, screen.deck
    # the charts follow the deck
    assert screen.charts.bars[0][1] == [float(n) for n in figures(deck.cards).levels]
    assert sum(screen.charts.bars[0][1]) == 30
    # reopened, the app lists it and offers it to a seat
    gui.window.close()
    window = open_window(qtbot)
    try:
        window.game_screens.open("three-spheres", "Decks")
        names = [window.game_screens.shown()[1].deck_list.item(i).text() for i in range(window.game_screens.shown()[1].deck_list.count())]
        assert deck.name in names
        window.go_to_start()
        ss = window.start_screen
        ss.game_box.setCurrentIndex(ss.game_box.findData("three-spheres"))
        assert ss.option_boxes["deck1"].findData(deck_code(deck)) >= 0
        # the pre-built decks by their names, under the seat's words
        box = ss.option_boxes["deck1"]
        assert box.itemText(box.findData("forest")) == "Heart of the Wood" and box.currentData() == "forest"
        assert ss.options_form.labelForField(box).text() == "Seat 1's deck"
        assert read_deck(screen_path) == deck
    finally:
        window.controller.stop()


def test_gui_play_a_built_deck_against_the_hard_bot_from_the_deck_builder(gui, qtbot):
    mine = prebuilt(decks()["stones"]).renamed("Garden Party")
    screen = open_decks(gui)
    screen.paste_code(deck_code(mine))  # (the Paste code… dialog's text)
    assert screen.deck.name == "Garden Party" and screen.path is not None
    assert gui.status() == "Added 'Garden Party' from its code."
    screen.opponent.setCurrentIndex(screen.opponent.findData("forest"))
    click(gui, screen.play_button)
    m = gui.match
    assert m is not None and gui.window.current_screen() is gui.window.table_screen
    assert [s.kind for s in m.seats] == ["human", "bot"] and m.seats[1].level == "hard"
    assert m.options["deck1"] == deck_code(DeckList("Garden Party", mine.cards, mine.realm, mine.world))
    assert m.options["deck2"] == "forest"
    assert "Garden Party" in " ".join(gui.table.all_items_text())


def test_gui_a_deck_added_twice_is_saved_under_a_new_name_and_the_status_says_which(gui, tmp_path):
    """Issue 29 (11): "Imported 'Stone Garden Rush'" was said of a deck saved as "… (3)"."""
    mine = prebuilt(decks()["stones"]).renamed("Garden Party")
    screen = open_decks(gui)
    screen.paste_code(deck_code(mine))
    assert screen.deck.name == "Garden Party" and gui.status() == "Added 'Garden Party' from its code."
    screen.paste_code(deck_code(mine))
    assert screen.deck.name == "Garden Party (2)"
    assert gui.status() == "Added 'Garden Party' from its code as 'Garden Party (2)': a deck of that name was there already."
    screen.export_file(str(tmp_path / "party.json"))
    screen.import_file(str(tmp_path / "party.json"))
    got = screen.deck.name
    assert got not in ("Garden Party", "Garden Party (2)")
    assert gui.status() == f"Imported 'Garden Party (2)' as {got!r}: a deck of that name was there already."


def test_gui_a_saved_deck_played_to_the_end_against_a_bot(gui, qtbot):
    import random

    from test_gui_three_spheres import choose, play

    mine = prebuilt(decks()["crossroads"]).renamed("Wanderer")
    screen = open_decks(gui)
    screen.paste_code(deck_code(mine))
    click(gui, screen.buttons["copy"])  # (its code, for the start screen)
    gui.window.go_to_start()
    code = deck_code(read_deck(screen.path))
    m = gui.start(["human", "easy"], options={"deck1": code, "world_size": 7}, seed=11, game="three-spheres")
    assert m.options["deck1"] == code
    rng = random.Random(3)
    for _ in range(2000):
        if m.is_over():
            break
        qtbot.waitUntil(lambda: m.is_over() or gui.controller.human_to_act(), timeout=20000)
        if m.is_over():
            break
        play(gui, choose(rng, m.state.legal_actions()))
    assert m.is_over()
    assert m.state.view(0)["seats"][0]["deck_name"] == "Wanderer"
    from tabletop.engine.stats import games  # the game went into the record of finished games

    qtbot.waitUntil(lambda: len(games()) == 1, timeout=5000)
    [record] = games()
    assert record.game == "three-spheres" and record.options["deck1"] == code and record.seats[1]["level"] == "easy"


def test_gui_export_and_import_again_and_delete_with_undo(gui, qtbot, tmp_path, monkeypatch):
    screen = open_decks(gui)
    screen.deck_list.setCurrentRow(next(i for i in range(screen.deck_list.count())
                                        if screen.deck_list.item(i).text() == "The Shogun's Garden (pre-built)"))
    assert screen.prebuilt_id == "stones" and not screen.buttons["delete"].isEnabled()
    out = tmp_path / "shared.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    click(gui, screen.buttons["export"])
    assert read_deck(out) == prebuilt(decks()["stones"])
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(out), ""))
    click(gui, screen.buttons["import"])
    assert screen.deck.name == "The Shogun's Garden (2)" and screen.path.parent == folder()
    path = screen.path
    # a broken file is refused in one sentence and left as it is
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tabletop deck", "game": "forest"}')
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    monkeypatch.setattr("tabletop.games.three_spheres.screens.decks.QMessageBox.warning", lambda *a, **k: None)
    click(gui, screen.buttons["import"])
    assert "a deck for another game ('forest')" in gui.status()
    assert bad.read_text() == '{"format": "tabletop deck", "game": "forest"}'
    # rename by its dialog
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("  Stone   Soup ", True))
    click(gui, screen.buttons["rename"])
    assert screen.deck.name == "Stone Soup" and read_deck(path).name == "Stone Soup"
    # delete, then Ctrl+Z brings it back; Ctrl+Z again takes back the rename
    click(gui, screen.buttons["delete"])
    assert not path.exists() and "Ctrl+Z brings it back" in gui.status()
    assert gui.window.undo_action.isEnabled()
    qtbot.keyClick(screen.collection, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert path.exists() and read_deck(path).name == "Stone Soup"
    gui.window.undo()
    assert read_deck(path).name == "The Shogun's Garden (2)"
    gui.window.redo()
    assert read_deck(path).name == "Stone Soup"
    # a pre-built deck changed becomes a copy of one's own
    screen.deck_list.setCurrentRow(next(i for i in range(screen.deck_list.count())
                                        if screen.deck_list.item(i).text() == "Heart of the Wood (pre-built)"))
    screen.add_card("moss_sprout")
    assert screen.prebuilt_id is None and screen.deck.name == "Heart of the Wood (copy)"
    assert screen.deck.cards.count("moss_sprout") == 3 and len(screen.deck.cards) == 31
    assert "Pre-built decks stay as they are" in gui.status() or "Added" in gui.status()
    assert {s.name for s in saved_decks()} >= {"Heart of the Wood (copy)", "Stone Soup"}
    # Duplicate, and the code on the clipboard
    click(gui, screen.buttons["duplicate"])
    assert screen.deck.name == "Heart of the Wood (copy) (copy)" and screen.deck.cards.count("moss_sprout") == 3
    click(gui, screen.buttons["copy"])
    from PySide6.QtGui import QGuiApplication

    assert parse_deck_code(QGuiApplication.clipboard().text()).name == "Heart of the Wood (copy) (copy)"
    assert "on the clipboard" in gui.status()


def test_gui_the_deck_builder_by_keys_alone(gui, qtbot):
    screen = open_decks(gui)
    click(gui, screen.buttons["new"])
    lst = screen.collection
    lst.setFocus()
    qtbot.keyClick(screen, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert screen.search.hasFocus()
    qtbot.keyClicks(screen.search, "draw 2 cards")
    visible = [lst.item(i) for i in range(lst.count()) if not lst.item(i).isHidden()]
    assert visible and all("draw 2 cards" in item.toolTip() for item in visible)
    lst.setFocus()
    lst.setCurrentItem(visible[0])
    cid = visible[0].data(Qt.ItemDataRole.UserRole)
    qtbot.keyClick(lst, Qt.Key.Key_Return)
    qtbot.keyClick(lst, Qt.Key.Key_Plus)
    assert screen.deck.cards.count(cid) == 2
    qtbot.keyClick(lst, Qt.Key.Key_Minus)
    assert screen.deck.cards.count(cid) == 1
    screen.table.setFocus()
    screen.table.setCurrentCell(0, 0)
    qtbot.keyClick(screen.table, Qt.Key.Key_W)  # one in the World list (the lists are now named)
    assert screen.deck.world == (cid,) and not screen.auto.isChecked()
    qtbot.keyClick(screen.table, Qt.Key.Key_W)  # no more than the deck holds
    assert screen.deck.world == (cid,) and "1 in the World already" in gui.status()
    qtbot.keyClick(screen.table, Qt.Key.Key_W, Qt.KeyboardModifier.ShiftModifier)
    assert screen.deck.world == ()
    qtbot.keyClick(screen.table, Qt.Key.Key_R)
    level = card(cid).level
    assert screen.deck.realm == ((cid,) if level <= 1 else ())
    screen.table.setCurrentCell(0, 0)
    qtbot.keyClick(screen.table, Qt.Key.Key_Delete)
    assert screen.deck.cards == ()
    assert "No card matches" not in screen.shown_label.text()
    qtbot.keyClicks(screen.search, "zzzz nothing")
    assert "No card matches the filters" in screen.shown_label.text()
    gui.window.show_rules()  # F1: the deck rules are in the Three Spheres help
    assert any("Building a deck" in b.toPlainText() for b in gui.window._rules.browsers)
    gui.window._rules.close()
    qtbot.keyClick(screen, Qt.Key.Key_Escape)
    assert gui.window.current_screen() is gui.window.start_screen


def test_gui_the_deck_builder_drag_a_card_onto_the_deck(gui, qtbot):
    screen = open_decks(gui)
    click(gui, screen.buttons["new"])
    from PySide6.QtCore import QMimeData, QPointF
    from PySide6.QtGui import QDropEvent

    from tabletop.games.three_spheres.screens.decks import MIME

    mime = QMimeData()
    mime.setData(MIME, b"elder_oak")
    event = QDropEvent(QPointF(20, 20), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    screen.table.dropEvent(event)
    assert screen.deck.cards == ("elder_oak",)
    assert screen.table.ids == ["elder_oak"]


def test_gui_the_deck_builders_back_button_names_where_it_leads(gui):
    """Issue 29 (11): opened from the set-up it leads back there and says so; opened from the
    gallery (Game > Decks…) it says "All games" and leads there, not "the start screen"."""
    screen = open_decks(gui)
    assert screen.back_button.text() == "← Back to the set-up"
    click(gui, screen.back_button)
    assert gui.window.current_screen() is gui.window.start_screen
    gui.window.go_to_gallery()
    gui.window.game_screens.actions["three-spheres", "Decks"].trigger()
    assert gui.window.current_screen() is screen and screen.back_button.text() == "← All games"
    assert "start screen" not in screen.back_button.toolTip()
    click(gui, screen.back_button)
    assert gui.window.current_screen() is gui.window.gallery
