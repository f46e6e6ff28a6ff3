"""The shogun table's sowing (tabletop/games/shogun/animation.py) and the views that arrive while it
plays: one that follows from a move waits and is played after; one that does not (an undo, a load)
stops the moves and is drawn at once."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

pytest.importorskip("pytestqt")

from tabletop.engine.actions import Action  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.shogun.table import ShogunTable  # noqa: E402

from shogun_positions import P, board, position  # noqa: E402
from table_harness import TableHarness  # noqa: E402

G = get_game("spheres-shogun")


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


def table(qtbot, state):
    return TableHarness(qtbot, ShogunTable(G, ["Ada", "Ben"]), state, 0, animations=True)


def boards(scene):
    return [scene.place_item(p).stones for p in range(12)]


def test_a_view_that_follows_a_move_waits_for_the_moves_then_is_played_in_turn(qtbot):
    st = position(board=board(p1=[P, P, P], p8=[P]))
    t = table(qtbot, st)
    sow = Action.make("sow", square=1, dir=1)
    st.apply(sow)  # Ada's sowing; then Ben sows
    t.show(st, 0, last=sow)
    assert t.scene.animating
    nxt = st.clone()
    answer = next(a for a in nxt.legal_actions() if a.kind == "sow")
    nxt.apply(answer)
    t.show(nxt, 0, last=answer)
    t.show(nxt, 0, last=answer)  # (the same view again is not queued twice)
    assert t.scene.animating and t.scene.view["board"] != nxt.view(0)["board"] and t.scene.busy()
    settled = []
    t.scene.settled.connect(lambda: settled.append(t.scene.view))
    # Ada's moves end on her view, then Ben's are played from it, then the table settles once
    qtbot.waitUntil(lambda: t.scene.view == st.view(0) or not t.scene.busy(), timeout=8000)
    assert t.scene.view == st.view(0)
    qtbot.waitUntil(lambda: t.scene.animating, timeout=2000)
    assert settled == []
    qtbot.waitUntil(lambda: not t.scene.busy(), timeout=8000)
    assert t.scene.view == nxt.view(0) and boards(t.scene) == nxt.view(0)["board"]
    assert settled == [nxt.view(0)] and t.actions == []


def test_a_view_that_follows_no_move_stops_the_moves_and_is_drawn_at_once(qtbot):
    before = position(board=board(p1=[P, P, P], p8=[P]))
    st = before.clone()
    t = table(qtbot, st)
    sow = Action.make("sow", square=1, dir=1)
    st.apply(sow)
    t.show(st, 0, last=sow)
    assert t.scene.animating and t.scene.sowing.flying
    t.show(before, 0)  # an undo: the position before the move
    assert not t.scene.animating and not t.scene.busy() and t.scene.sowing.flying == []
    assert t.scene.view == before.view(0) and boards(t.scene) == before.view(0)["board"]
    assert t.scene.highlighted_places() == {1: "plain"}  # Ada may sow again
