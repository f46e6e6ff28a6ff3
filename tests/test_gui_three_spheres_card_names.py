"""The Three Spheres TCG table keeps its cards' names readable at 1366 x 768 (a new player's review
of "Your first duel": the lesson named Dryad Seedling in a row of nameless thumbnails, and "Grove
Kee…", "Stone-Eyed…", "Purifying …" on the World and the Discovery spread).  A card shows its name
whole -- in its band, or under it in two or three lines, bold or regular, at the table's smallest
text size at least -- and the cards in play, when a row would squeeze them narrower than their
names, lie in two rows of tiles (their band, their name and their note: the picture gives way).
Each card records what it drew (``TableItem.texts``): its whole name, or the lines it drew."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QGraphicsView  # noqa: E402

from tabletop.client.table_items import LabelItem, MIN_TEXT_PX  # noqa: E402
from tabletop.engine.lessons import LessonRun, all_lessons, play_others  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.three_spheres.card_items import SpheresTCGCard  # noqa: E402
from tabletop.games.three_spheres.cards import WISP, all_cards, info  # noqa: E402
from tabletop.games.three_spheres.table import ThreeSpheresTable  # noqa: E402

G = get_game("three-spheres")
LAPTOP = 1036 / 686  # the table's part of a 1366 x 768 window, beside the side panel
LESSON = next(x for x in all_lessons() if x.id == "three-spheres-first-game")


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


def shown(qtbot, state, names=("Ada", "Ben")) -> ThreeSpheresTable:
    """``state`` on the table at 1366 x 768, seen by seat 0, painted (each card notes what it drew)."""
    table = ThreeSpheresTable(G, list(names))
    table.set_animations(False)
    view = QGraphicsView(table)
    table.setParent(view)  # (the view owns the scene)
    qtbot.addWidget(view)
    table.shown_in = view  # (kept while the table is)
    view.resize(1036, 686)
    view.show()
    table.show_view(state.view(0), state.legal_actions() if state.decider() == 0 else [])
    assert table.fit_height(LAPTOP) and table.height == 1050
    view.fitInView(table.sceneRect(), Qt.KeepAspectRatio)
    view.grab()
    return table


def cards_of(table: ThreeSpheresTable, *roles: str) -> list[SpheresTCGCard]:
    return [it for it in table.items() if isinstance(it, SpheresTCGCard) and it.isVisible() and it.card_id is not None
            and it.role in roles]


def nameless(items: list[SpheresTCGCard]) -> list[tuple[str, list[str]]]:
    """The cards among ``items`` whose name is not drawn whole: (the name, what the card drew)."""
    return [(info(it.card_id).name, it.texts()) for it in items if info(it.card_id).name not in it.texts()]


def lesson_at(step: int):
    """The lesson's match when the learner is at ``step`` (from 1), the steps before played as taught."""
    m = LESSON.new_match(G)
    play_others(m)
    run = LessonRun(LESSON)
    while run.step < step - 1:
        assert run.take_step(m) == ""
    return m


def test_the_lessons_crowded_row_in_play_shows_every_name_in_two_rows_of_tiles(qtbot):
    from lesson_steps import step_of

    m = lesson_at(step_of(LESSON.id, r"^Your hand is empty: press End turn"))  # (the first turn's end)
    s = m.state
    assert len(s.in_play[0]) + len(s.spent[0]) == 10  # (six cards played, four spent)
    table = shown(qtbot, s, LESSON.names)
    row = cards_of(table, "in_play", "spent")
    assert sorted(it.card_id for it in row) == sorted(s.in_play[0] + s.spent[0])
    assert not nameless(row), nameless(row)
    named = next(it for it in row if it.card_id == "dryad_seedling.a10")  # (a step names it)
    assert "Dryad Seedling" in named.texts()
    # two rows, no card over another, none over the Discovery deck, the hand's words below them
    rects = [it.card_scene_rect() for it in row]
    assert len({round(r.y()) for r in rects}) == 2
    for i, a in enumerate(rects):
        assert all(a.intersected(b).isEmpty() for b in rects[i + 1:])
    deck = table.find("pile/discovery/0").card_scene_rect()
    assert max(r.right() for r in rects) < deck.left()
    caption = next(it for it in table.items() if isinstance(it, LabelItem) and it.text.startswith("Your hand"))
    assert max(r.bottom() for r in rects) < caption.card_scene_rect().center().y()
    # the Realm discard the lesson names is the table's "Discard" pile
    assert f"Discard {len(s.discard[0])}" in table.all_items_text()
    # a tile's note says where the card was spent, whole when its name takes one line
    moss = next(it for it in row if it.card_id == "moss_sprout.a2")
    assert moss.note == "spent → Canopy Spirit" and not moss.cuts()


# the longest names of the set (Heart of the Mountain, Wyrm of the Hollow Moon, Map of the Three Spheres ...)
LONG = ["whispering_sapling.a1", "stone_eyed_gorgon.a2", "purifying_spring.a3", "lantern_mushroom.a4",
        "mountain_heart.a5", "crossroads_shrine.a6", "hollow_moon_wyrm.a7", "riddling_sphinx.a8",
        "standing_circle.a9", "map_of_spheres.a10"]


def position(**kw):
    doc = {"game": "three-spheres", "turn": 0,
           "hand": [["moss_sprout.a20"], ["seed_stone.b2"]],
           "realm": [["fern_hollow.a21"], ["lucky_pebble.b5"]],
           "spaces": [["grove_keeper.a30"], ["old_willow.a31"], ["cedar_mancala.a32"],
                      ["map_of_spheres.b10"], ["stone_eyed_gorgon.b11"], ["raked_garden.b12"]],
           "discovery": [["purifying_spring.a40", "shogun_stone.a41", "dryads_circle.a42", "verdant_queen.a43",
                          "cedar_mancala.a44"], ["grave_crow.b20"]]}
    doc.update(kw)
    return G.from_position(doc)


def test_ten_long_names_in_play_each_show_whole(qtbot):
    table = shown(qtbot, position(in_play=[LONG[:4], []], spent=[LONG[4:], []]))
    row = cards_of(table, "in_play", "spent")
    assert len(row) == 10 and not nameless(row), nameless(row)


def test_a_few_cards_in_play_stay_cards_with_their_pictures(qtbot):
    table = shown(qtbot, position(in_play=[LONG[:3], []]))
    row = cards_of(table, "in_play")
    assert len({round(it.card_scene_rect().y()) for it in row}) == 1  # (one row of whole cards)
    assert all(it.card_scene_rect().height() > 1.3 * it.card_scene_rect().width() for it in row)
    assert not nameless(row), nameless(row)


def test_every_card_of_the_set_shows_its_name_whole_in_the_world_and_the_discovery_spread(qtbot):
    kinds = sorted(k for k in all_cards() if k != WISP)
    for at in range(0, len(kinds), 6):
        world = [f"{k}.w{i}" for i, k in enumerate(kinds[at:at + 6])]
        world += [f"{kinds[i % len(kinds)]}.x{i}" for i in range(6 - len(world))]
        spread = [f"{k}.d{i}" for i, k in enumerate(kinds[at:at + 5])]
        table = shown(qtbot, position(spaces=[[c] for c in world],
                                      discovery=[spread, ["grave_crow.b20"]]))
        faces = cards_of(table, "world", "discovery")
        assert len(faces) == 6 + len(spread)
        assert not nameless(faces), nameless(faces)
        for it in faces:  # (never smaller than the table's smallest text)
            assert min(it.drawn_px()) >= MIN_TEXT_PX - 0.01


def test_a_spent_cards_note_shows_where_it_went_whole_on_a_tile(qtbot):
    """The in-play row's tiles said "spent → Canopy S…" at 1366 x 768: a note too long for its
    tile drops what the row says already ("spent") for more of the card it went to -- whole on a
    tile whose name takes one line (a two-line name leaves the note one short line: cut there,
    but after the arrow)."""
    from lesson_steps import step_of

    m = lesson_at(step_of(LESSON.id, r"^Your hand is empty: press End turn"))  # (the first turn's end)
    table = shown(qtbot, m.state, LESSON.names)
    noted = [it for it in cards_of(table, "in_play", "spent") if "→" in it.note]
    assert len(noted) >= 3
    whole = 0
    for it in noted:
        target = it.note.split("→", 1)[1].strip()
        if len(it._face().name_lines) == 1:
            assert not it.cuts() and any(target in t for t in it.texts()), (it.note, it.cuts(), it.texts())
            whole += 1
        for text, drawn, _ in it.cuts():
            assert text == f"→ {target}" and drawn.startswith("→ "), (text, drawn)
    assert whole >= 2
