"""Tables that stretch to the window's shape (TableScene.stretches / fit_height): the scene grows
taller than 1600 x 900 to fill a window taller than 16:9 and the table lays itself out again,
giving the height to its cards; back at 16:9 it is the table it was."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QRectF  # noqa: E402

from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.spheres_of_life.table import SpheresTable  # noqa: E402

G = get_game("spheres-of-life")
LAPTOP = 1036 / 686  # the table's part of a 1366 x 768 window, beside the side panel


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


def a_night(players: int = 3):
    hands = [["owl1", "snake1", "bear1", "apple1", "deer1", "fire1"], ["rabbit1"], ["deer2"]][:players]
    return G.from_position({"players": players, "phase": "night", "leader": 0, "hands": hands,
                            "table": ["rabbit2", "snake2", "owl2"], "deck": ["deer3", "bear2"]})


def drawn(table: SpheresTable) -> dict[str, QRectF]:
    """Where each card of the seated hand lies."""
    return {it.card_id: it.card_scene_rect() for it in table.hand_items()}


def test_the_height_follows_the_aspect_in_steps_between_900_and_1200(qtbot):
    table = SpheresTable(G, ["Ada", "Ben", "Cleo"])
    assert table.stretches and table.height == 900 and table.extra == 0
    assert table.fit_height(LAPTOP)
    assert table.height == 1050 and table.extra == 150 and table.sceneRect().width() == 1600  # (1059 units, in 10s)
    assert not table.fit_height(1600 / 1058)  # (the same step: nothing to do)
    assert table.fit_height(16 / 9) and table.height == 900
    assert not table.fit_height(2.4) and table.height == 900  # wider than 16:9: never shorter
    assert table.fit_height(1.0) and table.height == 1200  # a square window: at most 1200
    assert not table.fit_height(0) and table.height == 1200


def test_a_table_that_does_not_stretch_keeps_its_900_units(qtbot):
    from tabletop.client.table_base import TableScene

    class Fixed(TableScene):
        pass

    table = Fixed(G, ["Ada", "Ben"])
    assert not table.fit_height(LAPTOP) and table.height == 900


def test_the_hand_grows_into_the_height_and_comes_back(qtbot):
    state = a_night()
    table = SpheresTable(G, ["Ada", "Ben", "Cleo"])
    table.show_view(state.view(0), state.legal_actions())
    base = drawn(table)
    assert len(base) == 6
    table.fit_height(LAPTOP)
    tall = drawn(table)
    assert set(tall) == set(base)
    for c in base:
        assert tall[c].width() > base[c].width() * 1.3 and tall[c].height() > base[c].height() * 1.3
    scene = table.sceneRect()
    for it in table.items():
        if it.isVisible() and it.topLevelItem() is it:  # (parentItem() here lets PySide drop items)
            assert scene.contains(it.sceneBoundingRect().adjusted(1, 1, -1, -1)), it
    # the open cards of the middle row grow too
    table.fit_height(16 / 9)
    assert drawn(table) == base


def test_the_laptop_window_is_filled_by_the_table(gui, qtbot):
    """At 1366 x 768 the table's scene has the view's shape: no empty band above or below."""
    gui.start(["human", "easy", "easy"], game="spheres-of-life", seed=3)
    table = gui.table
    gui.check_table_fills_view()
    # a wider window: back to 900 units, the table's width-bound shape
    gui.window.resize(1366, 600)
    qtbot.waitUntil(lambda: table.height == 900)


def test_a_card_being_dragged_keeps_its_table_until_it_is_dropped(qtbot):
    state = a_night()
    table = SpheresTable(G, ["Ada", "Ben", "Cleo"])
    table.show_view(state.view(0), state.legal_actions())
    base = drawn(table)
    item = table.hand_items()[0]
    start = item.card_scene_rect().center()
    table._drag = table.start_drag(item, start, start + QRectF(0, 0, 40, 0).bottomRight())
    assert table._drag is item
    table.fit_height(LAPTOP)
    assert table.height == 1050
    assert table.hand_items()[0] is item and item.scene() is table and drawn(table) == base
    table.end_drag(start)  # let go where it was: the same order, the table laid out for its height
    assert table.hand_items()[0] is not item
    assert all(r.width() > base[c].width() * 1.3 for c, r in drawn(table).items())
