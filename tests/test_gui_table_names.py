"""Named zones and items: every zone and item a player can click or focus on any table has a
stable name, unique on the table (``TableScene.named_items``, ``find``); ``TableView.rect_of``
gives where a name lies in the view's coordinates; the keyboard focus ring goes zone by zone
in the order the table lists its items, and at each stop the view carries the item's words
for a screen reader (its accessible name and description).

Walked for every game with a table (Spheres of Life with and without Gods & Myths), at the
fewest players and four, at the start, in the game and at its end."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tabletop.client.table_items import ButtonItem, TableItem
from tabletop.client.zones import Zone, zone_of
from test_gui_readable import SETUPS, start_at


def clickable(table, item) -> bool:
    """Whether a click on ``item`` means something now: a lit target, a button, a member its
    zone takes clicks on, or a stop of the focus ring."""
    if not isinstance(item, TableItem) or item.zoomed or not item.isVisible():
        return False
    zone = zone_of(item)
    return (item.highlighted or isinstance(item, ButtonItem) or (zone is not None and zone.clickable(item))
            or item in table.focusable_items())


def name_problems(table) -> list[str]:
    """What breaks the naming: a clickable item without a name, two items with one name."""
    problems = []
    seen: dict[str, object] = {}
    for item in table.items(Qt.SortOrder.AscendingOrder):
        if not isinstance(item, (TableItem, Zone)) or (isinstance(item, TableItem) and item.zoomed):
            continue
        name = table.address_of(item)
        if not name:
            if clickable(table, item):
                problems.append(f"a clickable {type(item).__name__} has no name ({table.item_words(item)[:1]})")
            continue
        if name in seen and seen[name] is not item:
            problems.append(f"two items are named {name!r}: {type(seen[name]).__name__}, {type(item).__name__}")
        seen[name] = item
    return problems


def walk_focus(window, qtbot) -> list[tuple[str, object]]:
    """Tab through the table once: (the focused item's name, the item) at each stop, checking
    the view's accessible words there."""
    table, view = window.table_screen.table, window.table_screen.view
    stops = []
    for _ in range(len(table.focusable_items())):
        qtbot.keyClick(view, Qt.Key.Key_Tab)
        item = table.focused_item()
        if item is None:
            break
        words, about = table.spoken(item)
        assert words and view.accessibleName() == words and view.accessibleDescription() == about
        stops.append((table.address_of(item), item))
    return stops


@pytest.mark.parametrize("setup", SETUPS, ids=[s[0] for s in SETUPS])
def test_every_item_a_player_can_click_or_focus_has_a_unique_name(gui, qtbot, setup):
    _, game, options = setup
    window = gui.window
    for players in sorted({game.min_players if game.min_players > 1 else 2, min(4, game.max_players)}):
        for moves in (0, 30, 10**6):
            m = start_at(window, qtbot, game, players, options, moves)
            where = f"{game.id} {options or ''} {players} players after {len(m.log)} moves"
            table, view = window.table_screen.table, window.table_screen.view
            assert name_problems(table) == [], where
            named = table.named_items()
            for name, item in named.items():  # each name leads back to its item, where it is drawn
                assert table.find(name) is item
                assert view.rect_of(name) == view.mapFromScene(table.scene_rect_of(item)).boundingRect()
            focusable = table.focusable_items()
            if not focusable or m.is_over():
                continue
            stops = walk_focus(window, qtbot)
            assert [item for _, item in stops] == focusable, where
            assert all(name for name, _ in stops), where
            # zone by zone: the ring never comes back to a zone it left
            zones = [zone_of(item) for _, item in stops]
            left = []
            for before, after in zip(zones, zones[1:]):
                if after is not before:
                    assert after is None or after not in left, f"{where}: the focus comes back to a zone"
                    left.append(before)
            for action in table.legal[:: max(1, len(table.legal) // 6)]:  # the hint points by name
                table.show_hint(action)
                assert table.hinted_names and all(table.hinted_names), f"{where}: the hint for {action}"
                assert [table.find(n) for n in table.hinted_names] == table._hinted, where
                table.clear_hint()


def test_a_lesson_points_at_zones_and_items_by_name_and_hears_of_the_names_missing(gui, qtbot):
    game = next(s[1] for s in SETUPS if s[0] == "three-spheres")
    start_at(gui.window, qtbot, game, 2, {}, 0)
    table = gui.window.table_screen.table
    hand = [table.address_of(it) for it in table.hand_items()]
    assert table.point_at([hand[0], "prompt/button/end", "no/such/name"]) == ["no/such/name"]
    assert table._hinted == [table.find(hand[0]), table.find("prompt/button/end")]
    assert all(it.hinted for it in table._hinted)
    table.point_at(["hand/0"])  # a zone: its cards
    assert table._hinted == table.hand_items() and len(table._hinted) > 1
    table.clear_hint()
    assert not any(it.hinted for it in table.items() if isinstance(it, TableItem))


def test_the_checks_see_a_clickable_item_without_a_name_and_a_name_given_twice(gui, qtbot):
    game = next(s[1] for s in SETUPS if s[0] == "forest")
    start_at(gui.window, qtbot, game, 2, {}, 0)
    table = gui.window.table_screen.table
    assert name_problems(table) == []
    stray = ButtonItem(table.sceneRect().adjusted(10, 10, -1500, -800), "Stray", None)
    table.addItem(stray)
    assert any("no name" in p for p in name_problems(table))
    twin = next(iter(table.named_items()))
    stray.address = twin
    assert any(f"named {twin!r}" in p for p in name_problems(table))
    assert gui.window.table_screen.view.rect_of("no/such/name") is None
