"""The deck builder's collection, readable (pytest-qt, real widgets, a 1366 x 768 window): every
card of the grid shows its name whole, its level, its cost, its resources and its points, no text
under 11 px as drawn; the list view (a row a card) sorts by level, cost, sphere and name, adds
and takes away cards like the grid, and is remembered; the card shown large says how many the
deck shown holds after an undo and after another deck is chosen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QSize, Qt

import tabletop.games.three_spheres.screens.decks as deck_screen
from tabletop.games.three_spheres.screens.deck_list import MIME
from tabletop.games.three_spheres.screens.decks import GRID_SCALE, THUMB, card_pixmap
from tabletop.games.three_spheres.card_items import points_words
from tabletop.games.three_spheres.cards import SPHERES, card, decks
from tabletop.games.three_spheres.collection import collection
from tabletop.games.three_spheres.deck_files import prebuilt

from conftest import open_window
from test_gui_decks import click, item_of, open_decks
from test_gui_readable import SMALLEST_PX


def check_card(cid: str, drawn: tuple[list[float], list[str]]) -> None:
    """A card picture of the grid, as drawn (its font sizes in px on screen, its texts): no text
    under 11 px, and the name whole, the level, the cost, the resources and the points there."""
    sizes, texts = drawn
    c = card(cid)
    assert sizes and min(sizes) >= SMALLEST_PX, f"{c.name}: text drawn at {min(sizes, default=0):.2f} px"
    assert c.name in " ".join(texts), f"{c.name}: the name is not whole on the card: {texts}"
    assert texts[:2] == [str(c.level), str(c.cost)], f"{c.name}: no level and cost in the band: {texts}"
    if c.resources:
        assert f"+{c.resources}" in texts, f"{c.name}: no resources: {texts}"
    if points_words(cid):
        assert points_words(cid) in texts, f"{c.name}: no points: {texts}"


@pytest.fixture
def fresh_pictures(monkeypatch):
    """The card pictures drawn anew (not kept from another test): DRAWN holds what this test drew."""
    monkeypatch.setattr(deck_screen, "_PIXMAPS", {})
    monkeypatch.setattr(deck_screen, "DRAWN", {})
    return deck_screen


def test_every_card_of_the_grid_shows_name_level_cost_resources_and_points_at_11_px_or_more(gui, qtbot, fresh_pictures):
    window = gui.window
    assert window.width() == 1366 and window.height() == 768
    screen = open_decks(gui)
    grid = screen.collection
    assert screen.collection_views.currentWidget() is grid
    assert grid.iconSize() == THUMB  # (the picture is shown as drawn, not scaled again)
    # the grid fills the middle column: as many cards to a row as its width holds, four or more
    # (five with Qt's default font, four with the app's own DejaVu Sans)
    per_row = grid.viewport().width() // grid.gridSize().width()
    row0 = {grid.visualItemRect(grid.item(i)).top() for i in range(per_row)}
    assert per_row >= 4 and len(row0) == 1 and grid.visualItemRect(grid.item(per_row)).top() > 0
    assert grid.visualItemRect(grid.item(per_row - 1)).right() <= grid.viewport().width()
    # scrolled from top to bottom, every card is drawn; each picture drawn is measured
    bar = grid.verticalScrollBar()
    value = 0
    while True:
        bar.setValue(value)
        window.grab()
        if value >= bar.maximum():
            break
        value += bar.pageStep()
    drawn = {key[0]: what for key, what in fresh_pictures.DRAWN.items() if key[1:3] == (THUMB.width(), THUMB.height())}
    assert set(drawn) == set(collection())
    for key in fresh_pictures.DRAWN:
        if key[1:3] == (THUMB.width(), THUMB.height()):
            assert key[3] == GRID_SCALE
    for cid, what in drawn.items():
        check_card(cid, what)


def test_the_grid_measure_sees_text_too_small_and_figures_missing(qtbot, table_fonts, fresh_pictures):
    """The check fails on the old grid's card (106 x 150 at full size: empty circles, the name
    cut) and on a card drawn smaller than the table's smallest scale."""
    cid = "lantern_mushroom"
    card_pixmap(cid, QSize(106, 150))
    with pytest.raises(AssertionError, match="Lantern Mushroom"):
        check_card(cid, fresh_pictures.DRAWN[(cid, 106, 150, 1.0)])
    card_pixmap(cid, THUMB, 0.5)  # (its figures and its name are there, each at half the size drawn)
    half = fresh_pictures.DRAWN[(cid, THUMB.width(), THUMB.height(), 0.5)]
    assert min(half[0]) < SMALLEST_PX
    with pytest.raises(AssertionError, match=r"Lantern Mushroom: text drawn at [0-9.]+ px"):
        check_card(cid, half)
    card_pixmap(cid, THUMB, GRID_SCALE)
    check_card(cid, fresh_pictures.DRAWN[(cid, THUMB.width(), THUMB.height(), GRID_SCALE)])


# --- the list view ---------------------------------------------------------------------------
def click_header(gui, table, column):
    header = table.horizontalHeader()
    col = table.COLUMNS.index(column)
    x = header.sectionViewportPosition(col) + header.sectionSize(col) // 2
    gui.qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))


def shown(table):
    return table.shown_cards()


def test_the_list_view_is_switched_to_by_its_button_or_ctrl_l_and_remembered(gui, qtbot):
    screen = open_decks(gui)
    assert screen.collection_views.currentWidget() is screen.collection
    click(gui, screen.view_button)
    assert screen.collection_views.currentWidget() is screen.card_list
    assert screen.view_button.text() == "▦ Grid"
    qtbot.keyClick(screen, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert screen.collection_views.currentWidget() is screen.collection
    assert screen.view_button.text() == "☰ List" and not screen.view_button.isChecked()
    qtbot.keyClick(screen, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert screen.collection_views.currentWidget() is screen.card_list
    # the rows are readable: 11 px or more
    from PySide6.QtGui import QFontInfo

    assert QFontInfo(screen.card_list.font()).pixelSize() >= SMALLEST_PX
    # the app reopened shows the list, and the Decks screen's focus goes to it
    gui.window.close()
    window = open_window(qtbot)
    try:
        window.game_screens.open("three-spheres", "Decks")
        other = window.game_screens.shown()[1]
        assert other.collection_views.currentWidget() is other.card_list and other.view_button.isChecked()
        assert other.card_list.hasFocus()
    finally:
        window.controller.stop()


def test_the_list_view_sorts_by_level_cost_sphere_and_name(gui, qtbot):
    screen = open_decks(gui)
    click(gui, screen.view_button)
    table = screen.card_list
    ids = collection()
    assert sorted(shown(table)) == sorted(ids) and table.rowCount() == len(ids)
    # at first as the grid: by sphere, then level, then cost
    assert [SPHERES.index(card(c).sphere) for c in shown(table)] == sorted(SPHERES.index(card(c).sphere) for c in ids)
    click_header(gui, table, "Level")
    levels = [card(c).level for c in shown(table)]
    assert levels == sorted(levels) and levels[0] < levels[-1]
    within = [(card(c).level, card(c).cost) for c in shown(table)]
    assert within == sorted(within)  # (a level's cards by cost)
    click_header(gui, table, "Level")  # again: the other way
    assert [card(c).level for c in shown(table)] == sorted(levels, reverse=True)
    click_header(gui, table, "Cost")
    costs = [card(c).cost for c in shown(table)]
    assert costs == sorted(costs) and costs[0] < costs[-1]
    click_header(gui, table, "Card")
    names = [card(c).name.casefold() for c in shown(table)]
    assert names == sorted(names)
    click_header(gui, table, "Sphere")
    spheres = [SPHERES.index(card(c).sphere) for c in shown(table)]
    assert spheres == sorted(spheres) and len(set(spheres)) == len(SPHERES)
    # each row says the card's figures
    row = table.row_of("elder_oak")
    c = card("elder_oak")
    cells = [table.item(row, col).text() for col in range(len(table.COLUMNS))]
    assert cells[:6] == [c.name, "Forest", str(c.level), str(c.cost), f"+{c.resources}" if c.resources else "–",
                         points_words("elder_oak") or "–"]
    # the filters hide rows, as they hide the grid's cards
    click(gui, screen.sphere_buttons["myth"])
    grid = screen.collection
    in_grid = [grid.item(i).data(Qt.ItemDataRole.UserRole) for i in range(grid.count()) if not grid.item(i).isHidden()]
    assert sorted(shown(table)) == sorted(in_grid) and all(card(c).sphere == "myth" for c in shown(table))
    assert screen.shown_label.text() == f"{len(in_grid)} of {len(ids)} cards shown"


def test_the_list_view_adds_and_takes_away_cards_like_the_grid(gui, qtbot):
    screen = open_decks(gui)
    click(gui, screen.buttons["new"])
    click(gui, screen.view_button)
    table = screen.card_list
    cid = "moss_sprout"
    row = table.row_of(cid)
    table.setFocus()
    table.setCurrentCell(row, 0)
    assert card(cid).name in screen.preview_text.text()  # the row chosen: shown large
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert screen.deck.cards.count(cid) == 1 and gui.status().startswith("Added Moss Sprout")
    qtbot.keyClick(table, Qt.Key.Key_Plus)
    assert screen.deck.cards.count(cid) == 2
    assert table.item(table.row_of(cid), table.IN_DECK).text() == "2 of 3"
    qtbot.keyClick(table, Qt.Key.Key_Minus)
    assert screen.deck.cards.count(cid) == 1
    assert table.item(table.row_of(cid), table.IN_DECK).text() == "1 of 3"
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert cid not in screen.deck.cards and table.item(table.row_of(cid), table.IN_DECK).text() == ""
    # a double-click adds a copy
    other = "elder_oak"
    table.scrollToItem(table.item(table.row_of(other), 0))
    pos = table.visualItemRect(table.item(table.row_of(other), 0)).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    qtbot.waitUntil(lambda: screen.deck.cards.count(other) == 1, timeout=2000)
    # a row dragged onto the deck: its card
    mime = table.mimeData([table.item(table.row_of("fern_hollow"), 2)])
    assert bytes(mime.data(MIME)).decode() == "fern_hollow"
    # sorted by the copies held, the deck's cards come first
    click_header(gui, table, "In deck")
    assert shown(table)[0] == other


# --- the card shown large says the count of the deck shown -----------------------------------
def held(screen):
    text = screen.preview_text.text()
    return text[text.index("In this deck:"):]


def test_the_card_shown_large_says_the_count_of_the_deck_shown_after_undo_and_another_deck(gui, qtbot):
    screen = open_decks(gui)
    click(gui, screen.buttons["new"])
    cid = "moss_sprout"
    grid = screen.collection
    grid.setFocus()
    grid.setCurrentItem(item_of(screen, cid))
    assert held(screen) == "In this deck: 0 of at most 3.</i>"
    qtbot.keyClick(grid, Qt.Key.Key_Return)
    qtbot.keyClick(grid, Qt.Key.Key_Return)
    assert held(screen) == "In this deck: 2 of at most 3.</i>"
    gui.window.undo()  # Ctrl+Z
    assert screen.deck.cards.count(cid) == 1
    assert held(screen) == "In this deck: 1 of at most 3.</i>"
    gui.window.undo()
    assert held(screen) == "In this deck: 0 of at most 3.</i>"
    gui.window.redo()
    assert held(screen) == "In this deck: 1 of at most 3.</i>"
    # another deck chosen in the list: its count
    forest = prebuilt(decks()["forest"])
    assert forest.cards.count(cid) not in (0, 1)
    screen.deck_list.setCurrentRow(screen.deck_list.decks.row_of(("prebuilt", "forest")))
    assert screen.deck.name == forest.name
    assert held(screen) == f"In this deck: {forest.cards.count(cid)} of at most 3.</i>"
    # a deck without it
    screen.deck_list.setCurrentRow(screen.deck_list.decks.row_of(("prebuilt", "myth")))
    assert cid not in screen.deck.cards and held(screen) == "In this deck: 0 of at most 3.</i>"
