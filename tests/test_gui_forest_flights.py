"""The Once Upon a Forest table shows each kind of move with the client's flights: what flies
(a face, or a back showing the level), from which named place to which, and that the card where
it lands stays hidden until it lands -- for a draw (the seat's, an opponent's as a back), a play
(the seat's, an opponent's from a back of their hand), a gift and its placing, and a compost."""

from __future__ import annotations

import pytest

pytest.importorskip("pytestqt")

from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.forest.cards import card  # noqa: E402
from tabletop.games.forest.rules import DRAW, GIVE, PLACE, PLAY, SETUP  # noqa: E402
from tabletop.games.forest.steps import Move  # noqa: E402
from tabletop.games.forest.table import ForestTable  # noqa: E402

from table_harness import TableHarness  # noqa: E402

GAME = get_game("forest")
NAMES = ["Ann", "Ben", "Cleo"]


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


def reach(until, players=3, seeds=range(1, 40), limit=400):
    """The first position of the first seed where ``until(state)`` (legal actions, the first each)."""
    for seed in seeds:
        state = GAME.new_game(players, {}, seed)
        for _ in range(limit):
            if until(state):
                return state
            if not state.legal_actions():
                break
            state.apply(state.legal_actions()[0])
    raise AssertionError("position not reached")


class Shown:
    """``state`` drawn for ``seat`` with animations on, then ``action`` played and shown: the
    places named before the move (``was``), the flights started (``flights``: card, level, from,
    to) and the table."""

    def __init__(self, qtbot, state, seat, action):
        self.harness = TableHarness(qtbot, ForestTable(GAME, NAMES[: state.num_players]), state, seat, animations=True)
        self.table = self.harness.scene
        self.was = {name: self.table.scene_rect_of(it) for name, it in self.table.named_items().items()}
        self.view_before = state.view(seat)
        state.apply(action)
        self.harness.show(state, seat, last=action)
        self.flights = [(s.card_id, s.level, a.startValue(), a.endValue())
                        for s, a in zip(self.table.flights.flying, self.table._anims)]

    def now(self, name):
        return self.table.scene_rect_of(self.table.find(name))

    def lands(self, name):
        """The item named ``name`` is hidden while the card flies and shows once it has landed."""
        item = self.table.find(name)
        assert item.opacity() == 0.0
        for anim in list(self.table._anims):
            anim.setCurrentTime(anim.duration())
        assert self.table.flights.flying == [] and item.opacity() == 1.0


def first_back(view, player, cid):
    """The back of ``player``'s hand a card they play or give flies from: the first of its level."""
    return next(i for i, c in enumerate(view["hands"][player]) if c["level"] == card(cid).level)


def test_the_seats_draw_flies_face_up_from_the_pile_to_the_new_card_of_the_hand(qtbot):
    state = reach(lambda s: s.stage == DRAW and s.decider() == 0)
    action = state.legal_actions()[-1]
    shown = Shown(qtbot, state, 0, action)
    drawn = state.hands[0][-1]
    assert shown.flights == [(drawn, card(drawn).level, shown.was[f"pile/{action['pile']}"], shown.now(f"card/{drawn}"))]
    shown.lands(f"card/{drawn}")


def test_an_opponents_draw_flies_as_a_back_of_its_level_to_the_newest_back_of_their_hand(qtbot):
    def telling(s, a):  # (a level neither the Ground's nor that of the back already there)
        return s.piles[a["pile"]] and card(s.piles[a["pile"]][-1]).level not in (0, card(s.hands[1][0]).level)

    state = reach(lambda s: s.stage == SETUP and s.decider() == 1 and len(s.hands[1]) == 1
                  and any(telling(s, a) for a in s.legal_actions()))
    action = next(a for a in state.legal_actions() if telling(state, a))
    shown = Shown(qtbot, state, 0, action)
    drawn = state.hands[1][-1]
    assert shown.flights == [(None, card(drawn).level, shown.was[f"pile/{action['pile']}"], shown.now("hand/1/back/1"))]
    assert shown.now("hand/1/back/1") != shown.now("hand/1")  # (the back, not the whole hand)
    shown.lands("hand/1/back/1")


def test_the_seats_play_flies_from_the_hand_to_the_slot_that_holds_it_now(qtbot):
    state = reach(lambda s: s.stage == PLAY and s.turn == 0)
    action = state.legal_actions()[-1]
    cid, level = action["card"], card(action["card"]).level
    shown = Shown(qtbot, state, 0, action)
    slot = f"slot/0/{action['tree']}/{level}"
    assert shown.table.find(slot).stack[-1] == cid
    assert shown.flights == [(cid, level, shown.was[f"card/{cid}"], shown.now(slot))]
    shown.lands(slot)


@pytest.mark.parametrize("seat", [0, 2])
def test_an_opponents_play_flies_face_up_from_the_first_back_of_its_level_to_their_slot(qtbot, seat):
    def later_back(s):  # (a card whose level is not that of the first back: the back is chosen)
        return s.stage == PLAY and s.turn == 1 and any(
            a.kind == Move.PLAY and first_back(s.view(seat), 1, a["card"]) > 0 for a in s.legal_actions())

    state = reach(later_back)
    action = next(a for a in state.legal_actions() if a.kind == Move.PLAY and first_back(state.view(seat), 1, a["card"]) > 0)
    cid, level = action["card"], card(action["card"]).level
    shown = Shown(qtbot, state, seat, action)
    back = f"hand/1/back/{first_back(shown.view_before, 1, cid)}"
    slot = f"slot/1/{action['tree']}/{level}"
    assert shown.flights == [(cid, level, shown.was[back], shown.now(slot))]
    shown.lands(slot)


def test_the_seats_gift_flies_from_the_hand_to_the_gift_in_the_receivers_area(qtbot):
    state = reach(lambda s: s.stage == GIVE and s.turn == 0)
    action = state.legal_actions()[-1]
    cid = action["card"]
    shown = Shown(qtbot, state, 0, action)
    assert shown.table.pending_item() is shown.table.find(f"card/{cid}")
    assert shown.flights == [(cid, card(cid).level, shown.was[f"card/{cid}"], shown.now(f"card/{cid}"))]
    assert shown.flights[0][2] != shown.flights[0][3]
    shown.lands(f"card/{cid}")


def test_an_opponents_gift_to_the_seat_flies_face_up_from_their_back_to_the_gift(qtbot):
    def later_back(s):
        return s.stage == GIVE and s.turn == 1 and any(
            a["to"] == 0 and first_back(s.view(0), 1, a["card"]) > 0 for a in s.legal_actions())

    state = reach(later_back)
    action = next(a for a in state.legal_actions() if a["to"] == 0 and first_back(state.view(0), 1, a["card"]) > 0)
    cid = action["card"]
    shown = Shown(qtbot, state, 0, action)
    back = f"hand/1/back/{first_back(shown.view_before, 1, cid)}"
    assert shown.flights == [(cid, card(cid).level, shown.was[back], shown.now(f"card/{cid}"))]
    shown.lands(f"card/{cid}")


@pytest.mark.parametrize("placer", [0, 1])
def test_a_gift_placed_flies_from_the_gift_to_the_receivers_slot(qtbot, placer):
    state = reach(lambda s: s.stage == PLACE and s.decider() == placer)
    cid = state.pending
    action = state.legal_actions()[-1]
    shown = Shown(qtbot, state, 0, action)
    slot = f"slot/{placer}/{action['tree']}/{card(cid).level}"
    assert shown.flights == [(cid, card(cid).level, shown.was[f"card/{cid}"], shown.now(slot))]
    shown.lands(slot)


@pytest.mark.parametrize("composted", [0, 12])
def test_a_card_composted_flies_from_the_hand_to_the_newest_card_of_the_compost(qtbot, composted):
    state = reach(lambda s: s.stage == GIVE and len(s.compost) == composted, players=1)
    action = state.legal_actions()[0]
    cid = action["card"]
    shown = Shown(qtbot, state, 0, action)
    newest = shown.table.layout.items_by_key[("compost", min(composted, 11))]
    assert newest is shown.table.find(f"card/{cid}")
    assert shown.flights == [(cid, card(cid).level, shown.was[f"card/{cid}"], shown.now(f"card/{cid}"))]
    shown.lands(f"card/{cid}")

