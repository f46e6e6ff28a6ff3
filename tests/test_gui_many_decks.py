"""The deck builder and the card game's set-up with many saved decks, with a decks folder the app
cannot use, and with a deck file the player made read-only (issue 28, points 2, 4 and 5; pytest-qt,
real widgets).  Speed is measured in benchmarks/many_decks.py; here, what the player sees."""

from __future__ import annotations

import os
import stat

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from tabletop.games.three_spheres import deck_store
from tabletop.games.three_spheres.cards import decks
from tabletop.games.three_spheres.deck_files import DeckList, deck_code, prebuilt, read_deck

from test_deck_store_many import make_decks
from test_gui_decks import click, open_decks

MANY = 300


@pytest.fixture
def many(tabletop_home):
    """300 saved decks ("Deck 00000" ...; one in ten may not be played), listed once already
    (as by an earlier start of the app: their summaries are in the index)."""
    make_decks(tabletop_home / "data" / "decks", MANY)
    return deck_store.saved_decks()


@pytest.fixture
def reads(monkeypatch):
    """The deck files read, by name (the builder's reads and the store's)."""
    import tabletop.games.three_spheres.screens.decks as deck_screen

    seen: list[str] = []
    for module in (deck_store, deck_screen):
        real = module.read_deck
        monkeypatch.setattr(module, "read_deck", lambda path, *a, real=real, **k: seen.append(os.path.basename(path))
                            or real(path, *a, **k))
    return seen


def shown(screen) -> list[str]:
    lst = screen.deck_list
    return [lst.item(i).text() for i in range(lst.count())]


# --- many decks: the builder ---------------------------------------------------------------------------
def test_the_builder_lists_every_deck_reading_only_the_one_it_shows_and_finds_one_by_typing(gui, qtbot, many, reads):
    screen = open_decks(gui)
    names = shown(screen)
    assert len(names) == len(decks()) + MANY
    assert names[:4] == [f"{d.name} (pre-built)" for d in decks().values()]  # the pre-built decks first
    assert names[4] == "Deck 00000" and names[13] == "Deck 00009  ⚠"
    assert screen.deck.name == "Deck 00000" and set(reads) == {"deck-00000.json"}  # (the other 299: their summaries)
    assert screen.deck_search.placeholderText() == "Find among 304 decks"
    assert not screen.found_label.isVisible()
    # Ctrl+Shift+F, a few words: one deck left, and Enter shows it
    qtbot.keyClick(screen, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert screen.deck_search.hasFocus()
    qtbot.keyClicks(screen.deck_search, "deck 00123")
    assert shown(screen) == ["Deck 00123"] and screen.found_label.text() == "1 of 304 decks hold these words."
    assert screen.found_label.isVisible()
    assert screen.deck.name == "Deck 00000"  # (finding is not choosing)
    qtbot.keyClick(screen.deck_search, Qt.Key.Key_Return)
    assert screen.deck.name == "Deck 00123" and screen.path.name == "deck-00123.json"
    assert screen.deck_list.hasFocus() and screen.deck_list.currentRow() == 0
    # the words hold anywhere in a name, in any case; none: said so
    screen.deck_search.setText("00 PRE-BUILT")
    assert shown(screen) == []
    assert screen.found_label.text() == "No deck's name holds these words."
    screen.deck_search.setText("wood pre-built")
    assert shown(screen) == ["Heart of the Wood (pre-built)"]
    assert set(reads) == {"deck-00000.json", "deck-00123.json"}


def test_new_rename_and_delete_while_searching_keep_the_list_right(gui, qtbot, many, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    screen = open_decks(gui)
    screen.deck_search.setText("Deck 0004")
    assert len(shown(screen)) == 11  # (Deck 00004, Deck 00040 ... Deck 00049)
    click(gui, screen.buttons["new"])  # the new deck is shown, and so the search is cleared
    assert screen.deck.name == "New deck" and screen.path.exists()
    assert screen.deck_search.text() == "" and len(shown(screen)) == len(decks()) + MANY + 1
    assert shown(screen)[screen.deck_list.currentRow()] == "New deck  ⚠"  # (empty: it may not be played)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Zebra deck", True))
    click(gui, screen.buttons["rename"])
    assert shown(screen)[-1] == "Zebra deck  ⚠" and screen.deck_list.currentRow() == len(shown(screen)) - 1
    assert read_deck(screen.path).name == "Zebra deck"
    screen.deck_search.setText("zebra")
    assert shown(screen) == ["Zebra deck  ⚠"]
    path = screen.path
    click(gui, screen.buttons["delete"])  # no deck left under the words: every deck, the first saved one shown
    assert not path.exists() and screen.deck_search.text() == "" and screen.deck.name == "Deck 00000"
    screen.deck_search.setText("deck 0012")
    click(gui, screen.buttons["delete"])  # the first deck found is shown instead
    assert not (deck_store.folder() / "deck-00000.json").exists()
    assert screen.deck_search.text() == "deck 0012" and screen.deck.name == "Deck 00012"
    gui.window.undo()
    gui.window.undo()  # both back
    assert path.exists() and screen.deck.name == "Zebra deck" and "Zebra deck  ⚠" in shown(screen)
    assert "Deck 00000" in shown(screen)
    # the bot's deck: the saved decks that may be played, found by typing
    box = screen.opponent
    assert box.count() == len(decks()) + 1 + MANY - MANY // 10  # (a line between; Zebra deck is empty: not offered)
    assert box.findData(deck_code(read_deck(deck_store.folder() / "deck-00042.json"))) > len(decks())
    assert box.completer() is not None and box.isEditable()


# --- many decks: the set-up -------------------------------------------------------------------------
def test_the_set_up_offers_the_pre_built_decks_first_and_finds_a_saved_one_by_typing(gui, qtbot, many, reads):
    ss = gui.window.start_screen
    gui.window.go_to_start()
    ss.game_box.setCurrentIndex(ss.game_box.findData("three-spheres"))
    assert reads == []  # (the choices come from the listing's summaries)
    box = ss.option_boxes["deck1"]
    assert [box.itemData(i) for i in range(4)] == list(decks()) and box.currentData() == "forest"
    assert box.count() == 4 + 1 + MANY - MANY // 10
    notes = [w for w in ss.option_rows["deck1"][1] if w is not box and "not offered" in w.text()]
    assert notes[0].text().endswith("Deck 00009, Deck 00019, Deck 00029, Deck 00039 and 26 more")
    assert notes[0].toolTip().count("\n") == 20 and "and 10 more: point at one in the deck builder" in notes[0].toolTip()
    # typed: the choices holding the words are offered; Enter takes the one chosen
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "00042")
    completer = box.completer()
    qtbot.waitUntil(lambda: completer.popup().isVisible())
    assert completer.completionCount() == 1 and completer.currentCompletion() == "Deck 00042 (saved)"
    qtbot.keyClick(completer.popup(), Qt.Key.Key_Down)
    qtbot.keyClick(completer.popup(), Qt.Key.Key_Return)
    code = deck_code(read_deck(deck_store.folder() / "deck-00042.json"))
    assert box.currentData() == code and box.currentText() == "Deck 00042 (saved)"
    # words that name no deck go back to the deck chosen
    box.lineEdit().setText("no such deck")
    box.lineEdit().editingFinished.emit()
    assert box.currentData() == code and box.currentText() == "Deck 00042 (saved)"
    match = gui.start(["human", "easy"], options={"deck2": "stones"}, game="three-spheres")
    assert match.options["deck1"] == code and match.state.view(0)["seats"][0]["deck_name"] == "Deck 00042"


# --- a decks folder the app cannot use --------------------------------------------------------------------
@pytest.fixture
def no_decks_folder(tabletop_home):
    (tabletop_home / "data").mkdir(parents=True)
    decks_path = tabletop_home / "data" / "decks"
    decks_path.write_text("")
    return decks_path


def test_a_decks_folder_that_cannot_be_used_leaves_the_pre_built_decks_to_look_at_copy_and_play(gui, qtbot, no_decks_folder):
    sentence = f"The app cannot use its decks folder {no_decks_folder}: a file has that name."
    screen = open_decks(gui)
    assert screen.folder_note.isVisible() and screen.folder_note.text().startswith(sentence)
    assert shown(screen) == [f"{d.name} (pre-built)" for d in decks().values()]
    assert screen.deck.name == "Heart of the Wood" and screen.prebuilt_id == "forest"
    click(gui, screen.buttons["copy"])
    assert QGuiApplication.clipboard().text() == deck_code(prebuilt(decks()["forest"]))
    # a change (it would make a copy of one's own), New: the sentence, nothing saved, nothing broken
    screen.add_card("moss_sprout")
    assert gui.status() == f"The deck could not be saved: {sentence}"
    assert screen.prebuilt_id == "forest" and screen.deck == prebuilt(decks()["forest"])
    click(gui, screen.buttons["new"])
    assert gui.status() == f"The deck could not be saved: {sentence}"
    assert no_decks_folder.is_file() and no_decks_folder.read_text() == ""
    # the set-up offers the pre-built decks and says why there are no others
    gui.window.go_to_start()
    ss = gui.window.start_screen
    ss.game_box.setCurrentIndex(ss.game_box.findData("three-spheres"))
    box = ss.option_boxes["deck1"]
    assert [box.itemData(i) for i in range(box.count())] == list(decks())
    notes = [w for w in ss.option_rows["deck1"][1] if w is not box and "Only the pre-built" in w.text()]
    assert notes and notes[0].text() == f"{sentence} Only the pre-built decks are offered."
    # a pre-built deck plays, from the builder
    screen = open_decks(gui)
    screen.deck_list.setCurrentRow(shown(screen).index("The Shogun's Garden (pre-built)"))
    screen.opponent.setCurrentIndex(screen.opponent.findData("myth"))
    click(gui, screen.play_button)
    m = gui.match
    assert m is not None and gui.window.current_screen() is gui.window.table_screen
    assert m.options["deck1"] == "stones" and m.options["deck2"] == "myth"


# --- a deck file the player made read-only --------------------------------------------------------------
def test_a_read_only_deck_file_is_left_as_it_is_and_the_change_can_be_saved_as_a_copy(gui, qtbot):
    mine = DeckList("Kept as it is", decks()["stones"].cards)  # (its Realm and World chosen by rule)
    assert not mine.problems()
    path = deck_store.save_new(mine)
    os.chmod(path, 0o444)
    before = path.read_bytes()
    screen = open_decks(gui)
    screen.deck_list.setCurrentRow(shown(screen).index("Kept as it is"))
    assert screen.path == path and "read-only" in screen.read_only.text()
    assert not screen.read_only_bar.isVisible()
    cid = screen.deck.cards[0]
    screen.remove_card(cid)
    assert path.read_bytes() == before and stat.S_IMODE(path.stat().st_mode) == 0o444  # not written, not made writable
    assert screen.read_only_bar.isVisible() and screen.save_copy_button.isVisible()
    assert screen.read_only_words.text().startswith(f"{path.name} is read-only: this change is not saved.")
    assert gui.status().startswith(f"{path.name} is read-only")
    assert screen.deck == read_deck(path)  # (the deck shown is the file's)
    click(gui, screen.save_copy_button)
    copy = screen.path
    assert copy != path and copy.parent == path.parent and screen.deck.name == "Kept as it is (copy)"
    assert read_deck(copy).cards.count(cid) == mine.cards.count(cid) - 1  # the change refused, kept in the copy
    assert not screen.read_only_bar.isVisible() and "Saved as 'Kept as it is (copy)'" in gui.status()
    assert "Kept as it is (copy)  ⚠" in shown(screen)  # (29 cards)
    screen.add_card(cid)  # editing goes on, in the copy, and its row follows
    assert read_deck(copy).cards.count(cid) == mine.cards.count(cid)
    assert path.read_bytes() == before and stat.S_IMODE(path.stat().st_mode) == 0o444
    assert "Kept as it is (copy)" in shown(screen) and "Kept as it is" in shown(screen)
