"""The Once Upon a Forest and the shogun tables stretch to the window's shape (TableScene.stretches):
in a laptop's window the forest gives the extra height to the seated player's forest and hand (a
quarter to the other players' panels), the shogun board's rows and groove grow; back at 16:9 each
is the table it was; the half-made choice, the hint and a sowing being played survive a new
height; the cloth covers the whole scene."""

from __future__ import annotations

import itertools
import os
import random

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

pytest.importorskip("pytestqt")

from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402

from tabletop.client.table_items import LabelItem, TableItem  # noqa: E402
from tabletop.engine.actions import Action  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.forest.rules import PLACE, PLAY  # noqa: E402
from tabletop.games.forest.table import ForestTable  # noqa: E402
from tabletop.games.shogun.board_items import (  # noqa: E402
    BOARD,
    MY_PANEL,
    PROMPT,
    ROW_H,
    TOP_PANEL,
    StoneItem,
    board_geometry,
    table_rects,
)
from tabletop.games.shogun.table import ShogunTable  # noqa: E402

from shogun_positions import P, board, position  # noqa: E402

FOREST = get_game("forest")
SHOGUN = get_game("spheres-shogun")
NAMES = ["Ada", "Ben", "Cleo", "Dara"]
LAPTOP = 1036 / 686  # the table's part of a 1366 x 768 window, beside the side panel: 1050 units
WIDE = 16 / 9


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


@pytest.fixture
def keep(qtbot):
    """Tables made in a test live until its end (a scene collected under its items crashes)."""
    tables = []
    yield tables.append
    for t in tables:
        t.dispose()


# --- helpers -----------------------------------------------------------------------------------
def forest_at(players: int, rounds: int = 3, seed: int = 3, until=None):
    """A forest game played on by random moves until seat 0 plays (after ``rounds`` rounds)."""
    rng = random.Random(seed)
    state = FOREST.new_game(players, {}, seed)
    until = until or (lambda s: s.stage == PLAY and s.turn == 0 and s.rounds >= rounds)
    for _ in range(3000):
        if until(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("position not reached")


def forest_table(keep, state, seat=0) -> ForestTable:
    t = ForestTable(FOREST, NAMES[: state.num_players])
    keep(t)
    t.show_view(state.view(seat), state.legal_actions() if state.decider() == seat else [])
    return t


def forest_rects(t: ForestTable) -> dict[tuple, QRectF]:
    """Where the seated hand, every forest's slots, the piles and the panels lie."""
    out = {("hand", i): h.card_scene_rect() for i, h in enumerate(t.hand_items())}
    out.update({("slot", *k): s.card_scene_rect() for k, s in t.layout.slots.items()})
    out.update({("pile", i): p.card_scene_rect() for i, p in enumerate(t.layout.piles)})
    out.update({("panel", p): it.card_scene_rect() for p, it in t.layout.panels.items()})
    if t.pending_item() is not None:
        out[("pending",)] = t.pending_item().card_scene_rect()
    return out


def inside_scene(t) -> None:
    scene = t.sceneRect()
    for it in t.items():
        if isinstance(it, TableItem) and it.isVisible() and it.topLevelItem() is it:  # (not parentItem(): PySide)
            assert scene.contains(it.card_scene_rect().adjusted(1, 1, -1, -1)), (type(it).__name__, it.card_scene_rect())


def no_overlaps(rects: list[tuple[str, QRectF]]) -> None:
    for (a, ra), (b, rb) in itertools.combinations(rects, 2):
        assert not ra.adjusted(1, 1, -1, -1).intersects(rb.adjusted(1, 1, -1, -1)), (a, ra, b, rb)


def forest_parts(t: ForestTable) -> list[tuple[str, QRectF]]:
    """What must not overlap: the seated hand, the seated forest, the piles, the words."""
    me = t.me
    out = [(f"hand {i}", h.card_scene_rect()) for i, h in enumerate(t.hand_items())]
    out += [(f"slot {k}", s.card_scene_rect()) for k, s in t.layout.slots.items() if k[0] == me]
    out += [(f"pile {i}", p.card_scene_rect()) for i, p in enumerate(t.layout.piles)]
    if t.pending_item() is not None:
        out.append(("pending", t.pending_item().card_scene_rect()))
    out += [(f"label {it.text[:30]!r}", it.card_scene_rect()) for it in t.items()
            if isinstance(it, LabelItem) and it.isVisible()]
    return out


def cloth_reaches_the_bottom(t) -> None:
    """The table's rim is drawn along the bottom of the scene rect (not at 900 units)."""
    r = t.sceneRect()
    k = 0.25
    img = QImage(int(r.width() * k), int(r.height() * k), QImage.Format_RGB32)
    img.fill(QColor("black"))
    p = QPainter(img)
    t.render(p, QRectF(0, 0, img.width(), img.height()), r)
    p.end()
    floor = img.pixelColor(2, img.height() - 1)  # (beyond the rounded corner: the floor)
    for y_units in (r.height() - 30, r.height() - 3):  # the cloth or the rim, not the floor
        c = img.pixelColor(img.width() // 2, int(y_units * k))
        assert c != floor and (c.red(), c.green(), c.blue()) != (0, 0, 0), (y_units, c.name(), floor.name())


# --- the forest ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_forest_grows_into_the_height_and_comes_back(qtbot, keep, players):
    t = forest_table(keep, forest_at(players))
    assert t.stretches
    base = forest_rects(t)
    no_overlaps(forest_parts(t))
    assert t.fit_height(LAPTOP) and t.height == 1050
    tall = forest_rects(t)
    assert set(tall) == set(base)
    me = t.me
    for key, r in base.items():
        if key[0] == "hand":  # the hand's cards grow both ways
            assert tall[key].width() > r.width() * 1.15 and tall[key].height() > r.height() * 1.15, key
        elif key[0] == "slot" and key[1] == me:  # the forest's rows grow most
            assert tall[key].height() > r.height() * 1.3 and tall[key].width() >= r.width(), key
        elif key[0] == "slot":  # the other players' forests a little
            assert tall[key].height() > r.height() * 1.1, key
        elif key[0] == "pile":  # the piles keep their size
            assert tall[key].size() == r.size(), key
    assert tall[("panel", me)].bottom() > base[("panel", me)].bottom() + 140
    inside_scene(t)
    no_overlaps(forest_parts(t))
    cloth_reaches_the_bottom(t)
    # the tallest table (a 4:3 window) too
    assert t.fit_height(1.0) and t.height == 1200
    inside_scene(t)
    no_overlaps(forest_parts(t))
    # back at 16:9 it is today's table
    assert t.fit_height(WIDE) and t.height == 900
    assert forest_rects(t) == base


def test_the_solo_compost_row_keeps_its_cards(qtbot, keep):
    state = forest_at(1, rounds=4)
    assert state.compost
    t = forest_table(keep, state)
    compost = {k: r for k, r in t.layout.rects.items() if k[0] == "compost"}
    assert len(compost) > 1
    t.fit_height(LAPTOP)
    assert {k: r for k, r in t.layout.rects.items() if k[0] == "compost"} == compost
    # the seated player's forest takes all the extra height
    assert t.player_item(0).card_scene_rect().bottom() == t.height - 10
    inside_scene(t)


def test_a_card_given_to_the_seat_stays_in_the_middle_band(qtbot, keep):
    state = forest_at(3, until=lambda s: s.stage == PLACE and s.pending_to == 0)
    t = forest_table(keep, state)
    t.fit_height(LAPTOP)
    pending = t.pending_item().card_scene_rect()
    top = max(t.player_item(p).card_scene_rect().bottom() for p in (1, 2))
    assert top < pending.top() and pending.bottom() < t.player_item(0).card_scene_rect().top()
    assert any(s.highlighted for s in t.layout.slots.values())
    no_overlaps(forest_parts(t))
    inside_scene(t)


def test_a_new_height_keeps_the_card_chosen_the_focus_and_the_hint(qtbot, keep):
    state = forest_at(3)
    t = forest_table(keep, state)
    card = t.hand_item(0).card_id
    t.activate(t.hand_item(0))
    assert t.choosing.selected == card
    lit = sorted((s.tree, s.row) for s in t.layout.slots.values() if s.highlighted)
    assert lit
    t.fit_height(LAPTOP)
    assert t.choosing.selected == card and t.hand_item(0).selected_
    assert sorted((s.tree, s.row) for s in t.layout.slots.values() if s.highlighted) == lit
    # the hint shown is shown again
    t.cancel_selection()
    action = next(a for a in t.legal if a.kind == "play")
    t.show_hint(action)
    hinted = [type(m).__name__ for m in t._hinted]
    assert hinted
    t.fit_height(WIDE)
    assert [type(m).__name__ for m in t._hinted] == hinted and all(m.scene() is t for m in t._hinted)
    # a move spends it: the next new height shows no hint
    t.clear_hint()
    t.fit_height(LAPTOP)
    assert t._hinted == []


def test_a_card_being_dragged_keeps_its_table_until_it_is_dropped(qtbot, keep):
    state = forest_at(3)
    t = forest_table(keep, state)
    item = t.hand_item(0)
    start = item.card_scene_rect().center()
    t._drag = t.start_drag(item, start, start + QRectF(0, 0, 40, 40).bottomRight())
    assert t._drag is item
    t.fit_height(LAPTOP)
    assert t.hand_item(0) is item and item.scene() is t  # (still the card in the hand)
    t.end_drag(QRectF(0, 0, 1, 1).center())  # dropped on nothing
    assert t.hand_item(0) is not item and t.hand_item(0).card_scene_rect().width() > 180


def test_the_laptop_window_is_filled_by_the_forest(gui, qtbot):
    gui.start(["human", "easy", "easy"], game="forest", seed=3)
    table = gui.table
    gui.check_table_fills_view()
    assert table.slot_item(0, 0, 0).card_scene_rect().height() > 90  # (74 units in a 16:9 window)


# --- the shogun table ----------------------------------------------------------------------------
def test_the_shogun_geometry_at_900_units_is_todays_and_grows_into_the_rows():
    assert table_rects(0) == (TOP_PANEL, BOARD, MY_PANEL, PROMPT)
    for extra in (0, 100, 150, 160, 300):
        top, brd, mine, prompt = table_rects(extra)
        assert brd.width() == BOARD.width() and brd.height() >= BOARD.height()
        assert top.bottom() < brd.top() and brd.bottom() < mine.top() and mine.top() == prompt.top()
        assert mine.bottom() == prompt.bottom() == 900 + extra - 10
        places, groove = board_geometry(brd)
        rects = list(places.values()) + [groove]
        for a, b in itertools.combinations(rects, 2):
            assert not a.adjusted(1, 1, -1, -1).intersects(b.adjusted(1, 1, -1, -1)), (a, b)
        assert all(brd.contains(r) for r in rects)
        assert places["top0"].bottom() <= groove.top() and groove.bottom() <= places["bot0"].top()
    assert board_geometry()[0]["top0"].height() == ROW_H
    assert board_geometry(table_rects(150)[1])[0]["top0"].height() > ROW_H * 1.3
    assert board_geometry(table_rects(150)[1])[1].height() > board_geometry()[1].height()


def shogun_table(keep, state, animations=False) -> ShogunTable:
    t = ShogunTable(SHOGUN, NAMES[:2])
    keep(t)
    t.set_animations(animations)
    t.show_view(state.view(0), state.legal_actions() if state.decider() == 0 else [])
    return t


def shogun_rects(t: ShogunTable) -> dict:
    out = {("place", p): it.card_scene_rect() for p, it in t.layout.places.items()}
    out.update({("stone", p, i): s.card_scene_rect() for p, it in t.layout.places.items()
                for i, s in enumerate(c for c in it.childItems() if isinstance(c, StoneItem))})
    out.update({("button", b.text): b.card_scene_rect() for b in t.buttons()})
    out["caption"] = t.layout.caption.card_scene_rect()
    return out


def stones_in_their_places(t: ShogunTable) -> None:
    for p, it in t.layout.places.items():
        area = it.card_scene_rect()
        for s in it.childItems():
            if isinstance(s, StoneItem):
                assert area.contains(s.card_scene_rect()), (p, s.key)


def test_the_shogun_board_grows_and_comes_back(qtbot, keep):
    state = position(board=board(p1=[P] * 9, p2=[P, "monk", "geisha"], p8=[P] * 4))
    t = shogun_table(keep, state)
    assert t.stretches
    base = shogun_rects(t)
    t.fit_height(LAPTOP)
    assert t.height == 1050
    tall = shogun_rects(t)
    for p in range(12):
        b, r = base[("place", p)], tall[("place", p)]
        assert r.width() == b.width() and r.height() > b.height() * 1.3, p
    # the taller pits hold a crowd at the largest stones: nine peasants are larger than before
    assert max(r.width() for k, r in tall.items() if k[:2] == ("stone", 1)) > \
        max(r.width() for k, r in base.items() if k[:2] == ("stone", 1))
    stones_in_their_places(t)
    inside_scene(t)
    cloth_reaches_the_bottom(t)
    prompt_top = t.layout.caption.card_scene_rect().top()
    assert prompt_top > max(r.bottom() for k, r in tall.items() if k[0] == "place")
    t.fit_height(WIDE)
    assert shogun_rects(t) == base


def test_a_new_height_keeps_the_square_chosen_and_its_arrows(qtbot, keep):
    state = position(board=board(p1=[P, P, P], p8=[P]))
    t = shogun_table(keep, state)
    t.activate(t.place_item(1))
    assert t.choice.selected_square == 1 and t.arrow_item(1) is not None
    t.fit_height(LAPTOP)
    assert t.choice.selected_square == 1
    arrow = t.arrow_item(1)
    assert arrow is not None and arrow.scene() is t
    _, groove = t.layout.geometry()
    assert groove.contains(arrow.card_scene_rect().center())


def test_a_new_height_during_a_sowing_leaves_no_stone_misplaced(qtbot, keep):
    state = position(board=board(p1=[P, P, P, P], p6=[P], p8=[P]))
    t = shogun_table(keep, state, animations=True)
    action = Action.make("sow", square=1, dir=1)
    state.apply(action)
    t.show_view(state.view(0), state.legal_actions() if state.decider() == 0 else [], action)
    assert t.animating
    qtbot.waitUntil(lambda: any(t.sowing.board[p] != state.view(0)["board"][p] for p in range(12))
                    and bool(t.sowing.flying), timeout=3000)  # (a stone in flight)
    t.fit_height(LAPTOP)
    assert t.animating and t.sowing.flying == [] and t.height == 1050
    # the board shows what the steps so far left, each stone in its (taller) place
    assert [t.place_item(p).stones for p in range(12)] == t.sowing.board
    stones_in_their_places(t)
    geo, _ = t.layout.geometry()
    assert t.place_item(1).card_scene_rect().height() == geo["bot1"].height() > ROW_H
    if t.sowing.hand and t.sowing.hand[0]:  # the hand still lies in the groove
        assert sorted(h.key for h in t.hand_items()) == sorted(set(t.sowing.hand[0]))
    assert [it for it in t.items() if isinstance(it, StoneItem) and it.topLevelItem() is it
            and it.role in ("board", None)] == []
    # the sowing goes on to the end, on the new layout
    qtbot.waitUntil(lambda: not t.busy(), timeout=8000)
    assert [t.place_item(p).stones for p in range(12)] == state.view(0)["board"]
    stones_in_their_places(t)
    assert t.place_item(1).card_scene_rect().height() == geo["bot1"].height()
    # and back, in the middle of another one
    before = [t.place_item(p).stones for p in range(12)]
    nxt = state.clone()
    move = next((a for a in nxt.legal_actions() if a.kind == "sow"), None)
    if move is not None:
        nxt.apply(move)
        t.show_view(nxt.view(0), [], move)
        if t.animating:
            qtbot.wait(300)
            t.fit_height(WIDE)
            assert t.animating
            stones_in_their_places(t)
        qtbot.waitUntil(lambda: not t.busy(), timeout=8000)
        assert [t.place_item(p).stones for p in range(12)] == nxt.view(0)["board"] != before
        assert t.place_item(1).card_scene_rect().height() == ROW_H


def test_the_laptop_window_is_filled_by_the_shogun_table(gui, qtbot):
    gui.start(["human", "easy"], game="spheres-shogun", seed=3)
    table = gui.table
    gui.check_table_fills_view()
