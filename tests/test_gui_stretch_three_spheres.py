"""The Three Spheres TCG table stretches to the window's shape (TableScene.stretches): in a window
taller than 16:9 its scene grows taller than 900 units and the seated player's cards (most) and
the World's grow into the height; back at 16:9 it is the table it was, and a walk-through being
played when the window changes goes on from where it was."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QRectF, Qt  # noqa: E402
from PySide6.QtWidgets import QGraphicsView  # noqa: E402

from tabletop.client.table_items import LabelItem, TableItem, font, text_width, wrap_lines  # noqa: E402
from tabletop.engine.actions import Action  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.three_spheres.card_items import TEXT_MIN_W, SpheresTCGCard  # noqa: E402
from tabletop.games.three_spheres.layout import bands_for  # noqa: E402
from tabletop.games.three_spheres.steps import Move  # noqa: E402
from tabletop.games.three_spheres.table import ThreeSpheresTable  # noqa: E402

G = get_game("three-spheres")
NAMES = ["Ada", "Ben"]
LAPTOP = 1036 / 686  # the table's part of a 1366 x 768 window, beside the side panel
WIDE = 16 / 9


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


def position(**kw):
    doc = {"game": "three-spheres", "turn": 0,
           "hand": [["silver_leaf.a1", "moss_sprout.a2", "glade_stag.a3", "mistling_owl.a4", "pollen_sprite.a5",
                     "fen_hag.a6"], ["ronin_stone.b1", "seed_stone.b2"]],
           "realm": [["whispering_sapling.a7", "fern_hollow.a8"], ["lucky_pebble.b5", "peasant_stone.b6"]],
           "discard": [["grave_crow.a30", "hollow_stump.a31", "whisper_bat.a32"], ["cursed_coin.b30"]],
           "in_play": [["canopy_spirit.a40"], []],
           "spaces": [["elder_oak.a10"], ["old_willow.a11", "mossheart_badger.a13"], ["grove_keeper.a14"],
                      ["hex_doll.b10"], ["fen_hag.b11"], ["goblin_bazaar.b12"]],
           "discovery": [["first_tree.a20", "canopy_spirit.a21", "elder_oak.a23", "dryads_circle.a24", "white_hart.a25"],
                         ["grave_crow.b20", "shadow_moth.b21"]],
           "world_deck": [["white_hart.a12"], ["wild_hunt.b12"]],
           "discovery_deck": [["old_willow.a22"], ["marsh_light.b22"]],
           "paid": {"mossheart_badger.a13": 1, "elder_oak.a10": 2}}
    doc.update(kw)
    return G.from_position(doc)


def table_for(qtbot, state, seat=0, animations=False) -> ThreeSpheresTable:
    table = ThreeSpheresTable(G, NAMES)
    table.set_animations(animations)
    view = QGraphicsView(table)
    table.setParent(view)  # (the view owns the scene)
    qtbot.addWidget(view)
    table.shown_in = view  # (kept while the table is)
    table.show_view(state.view(seat), state.legal_actions() if state.decider() == seat else [])
    return table


def rects(items) -> dict[str, QRectF]:
    return {it.card_id: it.card_scene_rect() for it in items}


def picture(table: ThreeSpheresTable) -> list[tuple]:
    """Everything drawn, where: each item's class, place and words."""
    out = []
    for it in table.items():
        if isinstance(it, TableItem) and it.isVisible():
            r = it.card_scene_rect()
            out.append((type(it).__name__, round(r.x(), 2), round(r.y(), 2), round(r.width(), 2), round(r.height(), 2),
                        getattr(it, "card_id", None), getattr(it, "text", None), getattr(it, "note", None)))
    return sorted(out, key=repr)


def faces(table: ThreeSpheresTable) -> list[SpheresTCGCard]:
    """The cards one sees whole: not the ones peeking out under a stack's top or a pile's."""
    return [it for it in table.items() if isinstance(it, SpheresTCGCard) and it.isVisible()
            and it.acceptedMouseButtons() != Qt.MouseButton.NoButton and it.card_id is not None]


def assert_inside(table: ThreeSpheresTable) -> None:
    """Everything on the table lies inside its scene (the items' margins aside)."""
    scene = table.sceneRect()
    for it in table.items():
        if it.isVisible() and it.topLevelItem() is it:  # (not parentItem(): on a top-level item it gives
            # the item back to Python, which deletes it with its last reference)
            assert scene.contains(it.sceneBoundingRect().adjusted(4, 4, -4, -4)), (it, it.sceneBoundingRect(), scene)


def assert_laid_out_cleanly(table: ThreeSpheresTable) -> None:
    """Inside the scene; no card over another; no words over a card or over other words."""
    assert_inside(table)
    cards = faces(table)
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            overlap = a.card_scene_rect().intersected(b.card_scene_rect())
            assert overlap.isEmpty(), (a.card_id, b.card_id, overlap)
    labels = [(it, words_rect(it)) for it in table.items() if isinstance(it, LabelItem) and it.isVisible() and it.text]
    for i, (label, r) in enumerate(labels):
        for other, o in labels[i + 1:]:
            assert r.intersected(o).isEmpty(), (label.text, other.text, r, o)
        for card in cards:
            assert r.intersected(card.card_scene_rect()).isEmpty(), (label.text, card.card_id)


def words_rect(label: LabelItem) -> QRectF:
    """Where a label's words are drawn: its lines, as wide as they are, placed as it places them."""
    lines = wrap_lines(label.text, font(label.px, label.bold), label.rect().width(), label.max_lines)
    box = label.card_scene_rect()
    h = label.px * 1.25 * len(lines)
    y = box.y() + ((box.height() - h) / 2 if label.align & Qt.AlignVCenter else 0)
    w = max(text_width(line, font(label.px, label.bold)) for line in lines)
    x = box.x() + ((box.width() - w) / 2 if label.align & Qt.AlignHCenter else box.width() - w if label.align & Qt.AlignRight
                   else 0)
    return QRectF(x, y, w, h).adjusted(1, 3, -1, -3)  # (the line's room above and below its letters)


def test_the_bands_at_900_units_are_the_table_of_16_to_9():
    b = bands_for(900)
    assert b.top == QRectF(12, 8, 1576, 200) and b.world == QRectF(12, 216, 1064, 262)
    assert b.prompt == QRectF(1088, 216, 500, 262) and b.mine == QRectF(12, 486, 1576, 406)
    assert (b.world_card, b.row_card, b.hand_card, b.hand_extra) == (124, 104, 126, 0)


@pytest.mark.parametrize("height", [910, 1000, 1050, 1060, 1110, 1200])
def test_the_bands_share_out_the_extra_height_and_fill_it(height):
    base, b = bands_for(900), bands_for(height)
    assert b.top == base.top  # the opponent's band stays
    assert b.world.y() == base.world.y() and b.prompt.top() == b.world.top() and b.prompt.bottom() == b.world.bottom()
    assert b.world.right() + 12 == b.prompt.left() and b.prompt.right() == 1588 and b.prompt.width() >= 460
    assert b.mine.top() == b.world.bottom() + 8 and b.mine.bottom() == height - 8
    assert b.world_card > base.world_card and b.row_card > base.row_card and b.hand_card >= base.hand_card
    mine_more = b.mine.height() - base.mine.height()
    assert mine_more > b.world.height() - base.world.height()  # most of it to the seated player
    assert b.world.height() - base.world.height() <= 0.2 * (height - 900) + 0.01
    # the seated player's band holds its row and the hand: 30 + row + 16 + hand + 4
    row_h = 176 + (b.row_card - base.row_card) * 1.42
    assert abs(30 + row_h + 16 + 180 + b.hand_extra + 4 - b.mine.height()) < 0.01
    assert b.hand_card * 1.42 <= 180 + b.hand_extra + 0.01  # (a hand card fits in its height)


def test_at_1366x768_the_hand_the_discovery_and_the_world_grow_and_come_back(qtbot):
    table = table_for(qtbot, position())
    assert table.stretches and table.height == 900
    base = picture(table)
    hand, world = rects(table.hand_items()), rects(table.layout.world_tops.values())
    discovery = rects(table.layout.targets[c] for c in position().discovery[0])
    assert len(hand) == 6 and len(world) == 6 and len(discovery) == 5
    assert all(r.width() == 126 for r in hand.values())  # today's hand
    assert_laid_out_cleanly(table)

    assert table.fit_height(LAPTOP)
    assert table.height == 1050  # (the view's 1059 units, in steps of 10)
    tall_hand, tall_world = rects(table.hand_items()), rects(table.layout.world_tops.values())
    tall_discovery = rects(table.layout.targets[c] for c in position().discovery[0])
    assert set(tall_hand) == set(hand) and set(tall_world) == set(world)
    for c, r in hand.items():
        assert tall_hand[c].width() >= 1.45 * r.width() and tall_hand[c].width() >= TEXT_MIN_W  # (it shows its text)
    for c, r in discovery.items():
        assert tall_discovery[c].width() >= 1.15 * r.width()
    for c, r in world.items():
        assert tall_world[c].width() >= 1.08 * r.width()
    assert_laid_out_cleanly(table)
    # the bottom of the table is used: the hand ends near the scene's bottom
    assert max(r.bottom() for r in tall_hand.values()) > table.height - 30

    assert table.fit_height(WIDE) and table.height == 900
    assert picture(table) == base  # the table it was


def test_a_full_hand_a_chosen_card_and_the_prompt_stay_clean_when_tall(qtbot):
    hand = ["silver_leaf.a1", "moss_sprout.a2", "glade_stag.a3", "mistling_owl.a4", "pollen_sprite.a5", "fen_hag.a6",
            "lantern_mushroom.a7", "whispering_sapling.a8", "hollow_stump.a9"]
    state = position(hand=[hand, ["ronin_stone.b1"]], realm=[[], []])
    table = table_for(qtbot, state)
    table.fit_height(LAPTOP)
    assert len(table.hand_items()) == 9
    assert_laid_out_cleanly(table)
    table.activate(table.hand_card_item("moss_sprout.a2"))  # chosen: Play, Cancel and End turn
    assert table.choosing.selected == "moss_sprout.a2" and len(table.layout.buttons) == 3
    assert_laid_out_cleanly(table)
    buttons = [b.card_scene_rect() for b in table.layout.buttons]
    prompt = table.layout.bands.prompt
    assert all(prompt.contains(b) for b in buttons)
    paid = [it for it in table.items() if isinstance(it, LabelItem) and it.text.startswith("◆")]
    assert paid and all(p.card_scene_rect().bottom() <= min(b.top() for b in buttons) for p in paid)


def test_the_picker_over_the_world_follows_the_world(qtbot):
    # a trash from the Realm discard, reached by playing Mistling Owl (draw 1, then trash from the discard)
    state = position()
    state.apply(Action.make(Move.PLAY, card="mistling_owl.a4"))
    while state.decider() == 0 and not any(a.kind == Move.TRASH for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    assert any(a.kind == Move.TRASH for a in state.legal_actions())
    table = table_for(qtbot, state)
    assert table.layout.picker
    base = rects(table.layout.picker)
    table.fit_height(LAPTOP)
    world = table.layout.bands.world
    assert table.layout.picker and all(world.contains(p.card_scene_rect()) for p in table.layout.picker)
    assert all(p.card_scene_rect().width() > base[p.card_id].width() for p in table.layout.picker)
    board = next(it for it in table.items() if getattr(it, "key", None) == "ts-picker")
    assert board.card_scene_rect() == world.adjusted(6, 6, -6, -6)


def ended():
    """A finished game (random moves), its walk-through to play."""
    import random

    from tabletop.engine.game import CHANCE
    from tabletop.engine.match import Match, Seat

    m = Match(G, [Seat("Ada"), Seat("Ben", "bot", "random")], {"world_size": 7}, 9)
    rng = random.Random(2)
    while not m.is_over():
        if m.decider() == CHANCE:
            m.resolve_chance()
            continue
        m.submit(rng.choice(m.legal_actions()))
    return m.state


def test_the_walk_through_fills_the_height_and_a_relayout_goes_on_from_its_step(qtbot):
    state = ended()
    table = table_for(qtbot, state, animations=True)
    settled = []
    table.settled.connect(lambda: settled.append(1))
    steps = len(table.walkthrough.steps)
    assert steps >= 3 and table.busy()
    table.walk.timer.stop()  # (the test steps it by hand)
    table.walk.tick()
    table.walk.tick()
    assert table.walk.at == 2
    table.walk.timer.start()
    shown = [all(it.isVisible() for it in group) for group in table.walkthrough.steps]
    assert shown[:2] == [True, True] and not any(shown[2:])

    table.fit_height(LAPTOP)  # the window changes in the middle of the walk
    assert table.height == 1050
    assert table.busy() and table.walk.at == 2 and settled == []  # it goes on: not settled, not restarted
    assert len(table.walkthrough.steps) == steps
    shown = [all(it.isVisible() and it.scene() is table for it in group) for group in table.walkthrough.steps]
    assert shown[:2] == [True, True] and not any(shown[2:])
    frame = next(it for it in table.items() if getattr(it, "key", None) == "ts-walk")
    assert frame.card_scene_rect() == QRectF(12, 8, 1576, 1034)
    assert_inside(table)
    qtbot.waitUntil(lambda: not table.busy(), timeout=15_000)
    assert settled == [1] and all(it.isVisible() for group in table.walkthrough.steps for it in group)

    table.fit_height(WIDE)  # once played, a walk is not played again
    assert not table.busy() and all(it.isVisible() for group in table.walkthrough.steps for it in group)
    assert settled == [1]




def test_the_laptop_window_is_filled_by_the_three_spheres_table(gui, qtbot):
    """At 1366 x 768 the table's scene has the view's shape: no empty band above or below."""
    from tabletop.engine.match import Match, Seat

    gui.window.start_match(Match(G, [Seat("Ada"), Seat("Ben", "bot", "easy")], {}, 11))
    gui.wait_for_human(timeout=30_000)
    table = gui.table
    gui.check_table_fills_view()
    assert all(h.card_scene_rect().width() > 126 for h in table.hand_items())
    gui.window.resize(1366, 600)  # a wider window: back to 900 units
    qtbot.waitUntil(lambda: table.height == 900)
    assert all(h.card_scene_rect().width() == 126 for h in table.hand_items())


def test_a_card_being_dragged_keeps_its_table_until_it_is_dropped(qtbot):
    table = table_for(qtbot, position())
    hand = rects(table.hand_items())
    item = table.hand_items()[0]
    start = item.card_scene_rect().center()
    table._drag = dragged = table.start_drag(item, start, start + QRectF(0, 0, 0, -60).bottomRight())
    assert dragged is not None and dragged.card_id == item.card_id  # (its spend targets lit up)
    assert table.fit_height(LAPTOP) and table.height == 1050
    assert rects(table.hand_items()) == hand and dragged.scene() is table  # (the table it was picked up from)
    table.end_drag(QRectF(0, 0, 1, 1).center())  # dropped on nothing
    tall = rects(table.hand_items())
    assert set(tall) == set(hand) and all(tall[c].width() >= 1.45 * r.width() for c, r in hand.items())
    assert_laid_out_cleanly(table)
