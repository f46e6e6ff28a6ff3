"""The shogun table's moves that are not a sowing, shown by the client's one way of showing a
move (tabletop/client/flights.py, tabletop/games/shogun/animation.py ``StoneFlights``): the new
view is drawn at once and each stone that changed place flies between its named places -- a
stone placed at the set-up from the tray (or the placer's area, seen by the other seat), a refill
from the player's captured stones, a stone borrowed from the lender's, an ordained stone from the
captured stones and the peasant it replaces to them, a capture taken to the captor's captured
stones; a sowing still plays stone by stone as before."""

from __future__ import annotations

import pytest

from tabletop.client.flights import Travel
from tabletop.engine.actions import Action
from tabletop.games.shogun.board_items import StoneItem

from shogun_positions import P, board, position
from test_shogun_table import Table, G


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


SHOWN: list = []  # the tables of the test running (their flights are stopped after it)


@pytest.fixture(autouse=True)
def flights_stopped():
    yield
    while SHOWN:  # (slow flights left running -- a test that failed -- stop before Qt deletes the view)
        scene = SHOWN.pop().scene
        scene.stop_animations()
        scene.flights.stop()


class Watched(Table):
    """A shogun table with its animations on, the flights slow enough to look at, and what they
    were given to fly recorded (``flown``)."""

    def __init__(self, qtbot, state, seat=0):
        super().__init__(qtbot, state, seat, animations=True)
        SHOWN.append(self)
        self.flown: list[Travel] = []
        flights = self.scene.flights
        flights.duration_ms = 10_000
        launch = flights.launch
        flights.launch = lambda moves: (self.flown.extend(moves), launch(moves))

    def rect(self, name):
        item = self.scene.find(name)
        assert item is not None, name
        return tuple(self.scene.scene_rect_of(item).getRect())

    def play(self, state, action, seat=0):
        state.apply(action)
        self.show(state, seat, last=action)

    def land(self):
        for anim in list(self.scene._anims):
            anim.setCurrentTime(anim.duration())


def test_a_stone_placed_at_the_set_up_flies_from_the_tray_to_its_square_hidden_there_until_it_lands(qtbot):
    st = G.new_game(2, {}, 1)
    t = Watched(qtbot, st, 0)
    tray = t.rect("tray/geisha")
    t.play(st, Action.make("place", stone="geisha", square=2))
    assert not t.scene.animating  # (no sowing plays it)
    landing = t.scene.find("square/2/geisha/0")
    assert landing.card_id == "geisha@2/0" and landing.parentItem() is t.scene.place_item(2)
    assert t.flown == [Travel("geisha@2/0", tray, t.rect("square/2/geisha/0"))]
    # the stand-in is a geisha in flight; the stone on the square shows once it lands
    assert [(type(s), s.key) for s in t.scene.flights.flying] == [(StoneItem, "geisha")]
    assert landing.opacity() == 0.0
    t.land()
    assert landing.opacity() == 1.0 and t.scene.flights.flying == [] and t.scene._anims == []
    assert [t.scene.place_item(p).stones for p in range(12)] == st.view(0)["board"]


def test_a_placement_seen_by_the_other_seat_flies_from_the_placers_area_as_that_seat_sees_it(qtbot):
    st = G.new_game(2, {}, 1)
    t = Watched(qtbot, st, 0)  # (drawn for Ada first: the move is shown to Ben, his way round)
    t.show(st, 1)
    area = t.rect("panel/0")
    t.play(st, Action.make("place", stone="monk", square=4), seat=1)
    assert t.flown == [Travel("monk@4/0", area, t.rect("square/4/monk/0"))]
    t.show(st.clone(), 0)  # (a new view for another seat, without a move: nothing flies)
    assert len(t.flown) == 1


def test_the_seat_changes_with_the_move_the_stone_flies_from_where_the_new_seat_sees_it(qtbot):
    st = G.new_game(2, {}, 1)
    t = Watched(qtbot, st, 0)
    t.show(st, 1)
    area_for_ben = t.rect("panel/0")
    t.show(st, 0)
    assert t.rect("panel/0") != area_for_ben
    t.play(st, Action.make("place", stone="monk", square=4), seat=1)  # (a hotseat: Ben watches)
    assert t.flown == [Travel("monk@4/0", area_for_ben, t.rect("square/4/monk/0"))]


def test_a_refill_flies_from_the_captured_stones_and_a_stone_borrowed_from_the_lenders(qtbot):
    doc = board(p7=[P])
    doc[11] = []
    st = position(board=doc, stores=[["monk", P], [P, P, "shogun"]])
    t = Watched(qtbot, st, 0)
    mine = {k: t.rect(f"captured/0/{k}") for k in ("monk", P)}
    lender = t.rect(f"captured/1/{P}")
    # the Monk on A4; the last peasant of hers goes on A1 by itself, then two are borrowed from Ben
    t.play(st, Action.make("refill", stone="monk", square=3))
    assert [e["event"] for e in st.view(0)["events"]] == ["refill", "refill", "borrow", "borrow"]
    assert sorted(t.flown) == sorted([
        Travel("monk@3/0", mine["monk"], t.rect("square/3/monk/0")),
        Travel(f"{P}@0/0", mine[P], t.rect(f"square/0/{P}/0")),
        Travel(f"{P}@1/0", lender, t.rect(f"square/1/{P}/0")),
        Travel(f"{P}@2/0", lender, t.rect(f"square/2/{P}/0")),
    ])
    assert all(t.scene.find(f"square/{sq}/{k}/0").opacity() == 0.0 for sq, k in ((3, "monk"), (0, P), (1, P), (2, P)))


def test_an_ordination_flies_the_special_from_the_captured_stones_and_the_peasant_to_them(qtbot):
    st = position(board=board(p1=[P], p2=[P], p3=[P, P], p8=[P]), stores=[["monk", "ghost"], []])
    t = Watched(qtbot, st, 0)
    ghost, peasant = t.rect("captured/0/ghost"), t.rect(f"square/2/{P}/0")
    assert t.scene.find(f"captured/0/{P}") is None  # (she has no peasant captured yet)
    t.play(st, Action.make("ordain", square=2, stone="ghost"))
    assert sorted(t.flown) == sorted([Travel("ghost@2/0", ghost, t.rect("square/2/ghost/0")),
                                      Travel(f"{P}@2/0", peasant, t.rect(f"captured/0/{P}"))])


def test_a_capture_taken_flies_each_stone_from_its_place_to_the_captors_captured_stones(qtbot):
    st = position(board=board(p0=[P, P], p4=[P, "monk", P], p7=[P]), options={"capture": "may"})
    st.apply(Action.make("sow", square=0, dir=1))
    assert st.step == "capture"
    t = Watched(qtbot, st, 0)
    taken = {name: t.rect(name) for name in (f"square/4/{P}/0", f"square/4/{P}/1", "square/4/monk/0")}
    t.play(st, Action.make("take"))
    assert not t.scene.animating and st.view(0)["board"][4] == []
    assert sorted(t.flown) == sorted([
        Travel(f"{P}@4/0", taken[f"square/4/{P}/0"], t.rect(f"captured/0/{P}")),
        Travel(f"{P}@4/1", taken[f"square/4/{P}/1"], t.rect(f"captured/0/{P}")),
        Travel("monk@4/0", taken["square/4/monk/0"], t.rect("captured/0/monk")),
    ])
    assert {s.key for s in t.scene.flights.flying} == {P, "monk"}


def test_a_sowing_still_plays_stone_by_stone_and_nothing_flies_by_the_flights(qtbot):
    st = position(board=board(p1=[P, P, P], p8=[P]))
    t = Watched(qtbot, st, 0)
    t.play(st, Action.make("sow", square=1, dir=1))
    assert t.scene.animating and t.scene.sowing.flying
    assert t.scene.place_item(1).stones == [] and t.scene.place_item(2).stones == []  # (the old view, lifted)
    assert t.flown == [] and t.scene.flights.flying == []
    t.scene.skip_animation()
    assert [t.scene.place_item(p).stones for p in range(12)] == st.view(0)["board"] and t.flown == []


def test_without_animations_a_placement_is_drawn_at_once(qtbot):
    st = G.new_game(2, {}, 1)
    t = Watched(qtbot, st, 0)
    t.scene.set_animations(False)
    t.play(st, Action.make("place", stone="geisha", square=2))
    assert t.flown == [] and t.scene.flights.flying == []
    assert t.scene.find("square/2/geisha/0").opacity() == 1.0


def test_a_place_captured_and_refilled_in_one_move_flies_the_stone_taken_and_the_one_come(qtbot):
    # (the drawings before and after both hold a peasant on B1; the move's events say it was
    # taken by Ada and another came from Ben's captured stones)
    from tabletop.client.flights import snapshot

    t = Watched(qtbot, position(board=board(p1=[P], p6=[P]), stores=[[], [P]]), 0)
    before = snapshot(t.scene)
    t.show(position(board=board(p1=[P], p6=[P]), stores=[[P], []]), 0)
    t.scene.view = dict(t.scene.view, events=[{"event": "capture", "player": 0, "place": 6, "stones": [P]},
                                              {"event": "refill", "player": 1, "stone": P, "place": 6}])
    assert sorted(t.scene.flights.moves(before)) == sorted([
        Travel(f"{P}@6/0/taken", before.places[f"square/6/{P}/0"], t.rect(f"captured/0/{P}")),
        Travel(f"{P}@6/0", before.places[f"captured/1/{P}"], t.rect(f"square/6/{P}/0"))])
    t.scene.view = dict(t.scene.view, events=[])  # (without them: the same stone stayed put)
    assert t.scene.flights.moves(before) == []


def test_the_last_shogun_taken_and_the_retreat_fly_each_stone_to_its_takers_captured_stones(qtbot):
    b = board(p2=[P], p7=[P, P])
    b[11] = []
    # (the tenth sowing of the game: a shogun taken now imprisons nobody)
    st = position(board=b, options={"capture": "may", "prison": "game"}, stores=[[], ["shogun"]], game_turns=9)
    st.apply(Action.make("sow", square=2, dir=1))  # (A4 empty: the east rectangle's lone shogun may be taken)
    t = Watched(qtbot, st, 0)
    was = {name: t.rect(name) for name in ("rectangle/5/shogun/0", f"square/3/{P}/0", f"square/7/{P}/0",
                                           f"square/7/{P}/1")}
    t.play(st, Action.make("take"))
    assert [e["event"] for e in st.view(0)["events"]] == ["capture", "retreat", "retreat"] and st.step == "over"
    assert sorted(t.flown) == sorted([
        Travel("shogun@5/0", was["rectangle/5/shogun/0"], t.rect("captured/0/shogun")),
        Travel(f"{P}@3/0", was[f"square/3/{P}/0"], t.rect(f"captured/0/{P}")),
        Travel(f"{P}@7/0", was[f"square/7/{P}/0"], t.rect(f"captured/1/{P}")),
        Travel(f"{P}@7/1", was[f"square/7/{P}/1"], t.rect(f"captured/1/{P}")),
    ])
