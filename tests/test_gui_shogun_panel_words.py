"""A player's area on the shogun table reads whole at 1366x768 (a new player's review of the
lesson *The end of a game*, step 6: Robin's captured stones ended in "…" after the Thief -- the
Samurai left out -- and the score's parts in "Samurais (5 …").  The seated player's area puts its
captured stones smaller, or on a second row, when one row is too short for them, and gives the
score's parts the lines left above the abilities; every kind captured has its stone and count
(``captured/<p>/<kind>``), and no text of the area is cut."""

from __future__ import annotations

import pytest
from lesson_steps import step_of
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsView

from tabletop.client.table_items import LabelItem, TableItem
from tabletop.engine.registry import get_game
from tabletop.games.shogun.stones import KEYS
from tabletop.games.shogun.table import ShogunTable

from shogun_positions import P, S, board, position

G = get_game("spheres-shogun")
# the table's shape in a 1366x768 window: the view is 1036 wide and 687 to 713 high (the banner
# above it takes one line or two)
WINDOW_VIEWS = ((1036, 687), (1036, 713))


@pytest.fixture(autouse=True)
def own_progress(tmp_path, monkeypatch):
    """The lesson keeps its progress in a file of its own for each test."""
    from tabletop.engine import lessons

    monkeypatch.setattr(lessons, "progress_path", lambda: tmp_path / "lessons.json")


def area_rect(table, p: int):
    return table.layout.panels[p].card_scene_rect()


def area_items(table, p: int) -> list[TableItem]:
    """The items drawn on ``p``'s area (``panel/<p>``), painted."""
    back = table.layout.panels[p]
    return [it for it in table.items() if isinstance(it, TableItem) and it is not back and it.isVisible()
            and area_rect(table, p).contains(it.card_scene_rect().center())]


def assert_area_whole(table, p: int) -> None:
    items = area_items(table, p)
    assert items, "nothing drawn in the area"
    cut = [c for it in items for c in it.cuts()]
    assert not cut, f"cut short in {table.name(p)}'s area: {cut}"
    assert not [it for it in items if isinstance(it, LabelItem) and it.text == "…"], "captured stones left out"
    store = table.view["stores"][p]
    shown = {k for k in set(store) if table.find(f"captured/{p}/{k}") is not None}
    assert shown == set(store), f"captured kinds not shown: {set(store) - shown}"
    v = table.view
    for what, owed in (("debt", v["borrowed"][p]), ("lent", v["borrowed"][1 - p])):
        assert (table.find(f"{what}/{p}") is not None) == bool(owed), f"{what} tag"
    parts = v["scores"][p]["parts"]
    said = [it.text for it in items if isinstance(it, LabelItem) and it.text.startswith("Peasants ")]
    assert said == [" · ".join(f"{x['label']} {x['points']:+d}" for x in parts)] or \
        said == [" · ".join(f"{x['label'].split(' (')[0]} {x['points']:+d}" for x in parts)], f"the score's parts: {said}"
    area = area_rect(table, p)
    for it in items:  # (inside the area, and no two texts or stones over each other)
        r = it.card_scene_rect()
        assert area.adjusted(-1, -1, 1, 1).contains(r), f"{getattr(it, 'text', it)!r} outside the area"
    texts = [it for it in items if isinstance(it, LabelItem) or getattr(it, "address", "").startswith("captured/")]
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            assert not a.card_scene_rect().adjusted(1, 1, -1, -1).intersects(b.card_scene_rect()), \
                f"{getattr(a, 'text', a.address)!r} over {getattr(b, 'text', b.address)!r}"


def test_the_end_of_a_game_shows_robins_captured_stones_and_points_whole(gui):
    """The lesson's step 6 (the Thief's dice), in the real window at 1366x768: eight kinds
    captured, the Samurai among them, and the score's eight parts."""
    gui.window.settings.bot_pace = 0.0
    gui.window.learning.learn("shogun-endgame", 5)
    gui.wait_for_human()
    gui.view.viewport().grab()  # (every item painted: each notes what it cut)
    t = gui.table
    assert t.find("groove/button/roll") is not None  # (the step of the dice)
    assert len(set(t.view["stores"][0])) == 8 and t.find("captured/0/samurai") is not None
    assert_area_whole(t, 0)
    parts = next(it for it in area_items(t, 0) if isinstance(it, LabelItem) and it.text.startswith("Peasants ("))
    assert parts.text.endswith("Samurais (5 each) +5")


def every_kind_taken():
    """Late in a game, Ada holds every kind of stone, a Hime taken from beside a shogun among
    them, and owes a borrowed stone, Ben two: the most her area says before the dice."""
    specials = [k for k in KEYS if k not in (P, S)]
    return position(board=board(p0=[P], p5=[]), stores=[[P] * 18 + [S] + specials, [P] * 21 + specials[3:5]],
                    borrowed=[[P], [P, P]], doubled=[1, 0], chosen=[specials[:5], specials[3:]], turns=[20, 20])


@pytest.mark.parametrize("size", WINDOW_VIEWS + ((1590, 896),), ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_kind_captured_reads_whole_in_the_seated_players_area(qtbot, table_fonts, size):
    state = every_kind_taken()
    table = ShogunTable(G, ["Ada", "Ben"])
    table.set_animations(False)
    view = QGraphicsView(table)
    table.setParent(view)  # (the view owns the scene)
    qtbot.addWidget(view)
    view.setRenderHint(QPainter.Antialiasing)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    view.resize(*size)
    view.show()
    table.show_view(state.view(0), [])
    table.fit_height(size[0] / size[1])
    view.fitInView(table.sceneRect(), Qt.KeepAspectRatio)
    view.grab()  # (painted: each item notes what it cut)
    assert len(set(state.to_json()["stores"][0])) == 10
    assert_area_whole(table, 0)


def test_a_destinations_tag_reads_whole_or_names_the_stone(gui, qtbot):
    """*Your first sowing*, step 11: the Merchant picked, B4 (where his ability sends him) was tagged
    "✦ Merchant cros…". A tag too long for its square names the stone ("✦ Merchant"); a screen
    reader still says the whole ("Merchant crosses")."""
    from tabletop.client.table_items import MIN_TEXT_PX, font, text_width
    from tabletop.games.shogun.board_items import PlaceOverlay, fitting_tag

    assert fitting_tag("✦ Merchant crosses", 100, lambda s: 10 * len(s)) == "✦ Merchant"
    assert fitting_tag("✦ Geisha: to the shogun", 100, lambda s: 10 * len(s)) == "✦ Geisha"
    assert fitting_tag("✦ Monk", 100, lambda s: 10 * len(s)) == "✦ Monk"
    assert fitting_tag("✦ Merchant crosses", 300, lambda s: 10 * len(s)) == "✦ Merchant crosses"
    gui.window.learning.learn("shogun-first-game", step_of("shogun-first-game", r"Dropped plainly, the Merchant would land") - 1)
    gui.wait_for_human(timeout=15000)
    table = gui.table
    qtbot.waitUntil(lambda: any(it.tag for it in table.layout.places.values()), timeout=5000)
    gui.view.viewport().repaint()
    gui.view.viewport().grab()
    tagged = [it for it in table.layout.places.values() if it.target == "ability"]
    assert tagged
    for place in tagged:
        overlay = next(ch for ch in place.childItems() if isinstance(ch, PlaceOverlay))
        shown = [t for t in overlay.texts() if t.startswith("✦")]
        assert shown and shown[0].startswith("✦ Merchant")
        # drawn whole: its words fit the tag, which is at most the square's width and 10
        assert text_width(shown[0], font(MIN_TEXT_PX, True)) + 20 <= place.rect().width() + 10
        assert "Merchant crosses" in table.spoken(place)[1]
