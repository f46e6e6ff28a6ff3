"""One way to show a move (tabletop/client/flights.py): what flies between two drawings of a
table, read from its named items -- the pure rule (``travels``) and the flights on a small table of
named zones."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QRectF

from tabletop.client.flights import CardFlights, Snapshot, Spot, Travel, travels
from tabletop.client.table_base import TableScene
from tabletop.client.table_items import TableItem
from tabletop.client.zones import HandZone, PileZone

A, B, C = (0, 0, 10, 10), (100, 0, 10, 10), (200, 0, 10, 10)
DECK, HAND1 = (0, 500, 10, 10), (300, 300, 10, 10)


def snap(cards=None, backs=None, places=None) -> Snapshot:
    return Snapshot(cards or {}, Counter(backs or {}), places or {})


# --- the rule ----------------------------------------------------------------------------------
def test_a_card_that_changed_zone_flies_face_up_and_one_that_stayed_does_not():
    before = snap({"owl": Spot("hand/0", A), "fox": Spot("hand/0", B)})
    after = snap({"owl": Spot("pile/discard", C), "fox": Spot("hand/0", A)})  # (the fox moved up the hand)
    assert travels(before, after) == [Travel("owl", A, C)]


def test_a_card_new_to_the_seat_comes_from_where_the_table_says_and_one_gone_goes_where_it_says():
    before = snap({"elk": Spot("pile/discard", A)}, places={"pile/deck/0": DECK, "hand/0": B})
    after = snap({"owl": Spot("hand/0", B)}, places={"pile/deck/0": DECK})
    said = []
    moves = travels(before, after, came_from=lambda c, s: said.append((c, s.zone)) or "pile/deck/0",
                    went_to=lambda c, s: "pile/deck/0" if s.zone == "pile/discard" else None)
    assert moves == [Travel("owl", DECK, B), Travel("elk", A, DECK)]
    assert said == [("owl", "hand/0")]
    # where the table names no place, or a place not drawn, nothing flies
    assert travels(before, after) == []
    assert travels(before, after, came_from=lambda c, s: "no/such/place") == []


def test_backs_a_zone_gained_fly_as_backs_from_the_zone_the_table_names():
    before = snap(backs={"hand/1": 2}, places={"pile/realm/1": DECK, "hand/1": HAND1})
    after = snap(backs={"hand/1": 5}, places={"pile/realm/1": DECK, "hand/1": HAND1})
    assert travels(before, after, backs_from=lambda z: "pile/realm/1" if z == "hand/1" else None) == [
        Travel(None, DECK, HAND1)] * 3
    fewer = snap(backs={"hand/1": 1}, places=after.places)
    assert travels(after, fewer, backs_from=lambda z: "pile/realm/1") == []  # (a hand that shrank gains none)
    assert travels(before, after) == []


def test_a_move_of_many_cards_flies_the_first_ones():
    before = snap({f"c{i}": Spot("hand/0", A) for i in range(30)})
    after = snap({f"c{i}": Spot("pile/discard", B) for i in range(30)})
    assert len(travels(before, after)) == 16 and len(travels(before, after, most=3)) == 3


# --- on a table ----------------------------------------------------------------------------------
class Card(TableItem):
    def __init__(self, rect: QRectF, card_id, index: int = 0) -> None:
        super().__init__(rect, "card")
        self.card_id = card_id


class Table(TableScene):
    """A hand of open cards, a discard pile and the other player's hand of backs, drawn from a
    view {"hand": [...], "discard": [...], "backs": n}."""

    def __init__(self) -> None:
        super().__init__(None, ["Ann", "Ben"])
        self.flights = Flights(self, duration_ms=10_000)

    def show_view(self, view, legal, last_action=None):
        self.view = self.view or view
        with self.drawing():  # (the base keeps what was drawn: drawn_before)
            self.view = view
            self.addItem(HandZone(QRectF(0, 600, 600, 150), view["hand"], Card).named("hand/0", "in your hand"))
            self.addItem(PileZone(QRectF(700, 300, 100, 150), len(view["discard"]), Card,
                                  top=view["discard"][-1] if view["discard"] else None).named("pile/discard"))
            self.addItem(PileZone(QRectF(900, 300, 100, 150), 10, Card).named("pile/deck/1"))
            self.addItem(HandZone(QRectF(0, 0, 600, 150), [None] * view["backs"], Card, hidden=True).named("hand/1"))
        return self.flights.fly(action=last_action) if last_action else []

    def stand_in(self, card, rect):
        return Card(rect, card)


class Flights(CardFlights):
    def backs_from(self, zone):
        return "pile/deck/1" if zone == "hand/1" else None


@pytest.fixture
def table(qtbot):
    t = Table()
    t.show_view({"hand": ["owl", "fox"], "discard": [], "backs": 2}, [])
    yield t
    t.dispose()


def test_a_card_played_flies_from_the_hand_to_the_pile_and_lands_hidden_until_then(table):
    was = table.find("card/owl").card_scene_rect()
    moves = table.show_view({"hand": ["fox"], "discard": ["owl"], "backs": 3}, [], last_action="play")
    landing = table.find("pile/discard")  # (the pile's top card shows the owl now)
    assert landing.card_id == "owl" and landing.opacity() == 0.0
    deck = table.find("pile/deck/1").card_scene_rect()
    hand1 = table.find("hand/1")
    assert moves[0] == Travel("owl", (was.x(), was.y(), was.width(), was.height()),
                              tuple(landing.card_scene_rect().getRect()))
    assert moves[1:] == [Travel(None, tuple(deck.getRect()), tuple(table.scene_rect_of(hand1).getRect()))]
    assert len(table.flights.flying) == 2 and all(s.scene() is table for s in table.flights.flying)
    assert [s.card_id for s in table.flights.flying] == ["owl", None]
    for anim in list(table._anims):  # each flight lands: the stand-ins go, the landing card shows
        anim.setCurrentTime(anim.duration())
    assert table.flights.flying == [] and table._anims == [] and landing.opacity() == 1.0
    assert not any(isinstance(it, Card) and it.zValue() == 100 for it in table.items())


def test_a_redraw_without_a_move_flies_nothing_nor_does_a_table_without_animations(table):
    assert table.show_view({"hand": ["owl", "fox"], "discard": [], "backs": 2}, [], last_action="again") == []
    assert table.flights.flying == []
    table.set_animations(False)
    table.drawn_before = None
    assert table.show_view({"hand": ["fox"], "discard": ["owl"], "backs": 3}, [], last_action="play") == []
    assert table.drawn_before is None and table.flights.flying == []


class Knowing(Flights):
    """Flights that know which card the other player had at their first back (as a game reads
    from the view before the move), and land a back on the deck's top card."""

    def seen_before(self, before):
        back = before.places["hand/1/back/0"]
        return before._replace(cards={**before.cards, "elk": Spot("hand/1", back)})

    def landing(self, travel):
        return self.table.find("pile/deck/1") if travel.card is None else super().landing(travel)


def test_a_game_adds_what_it_knew_was_there_and_says_where_a_flight_lands(table):
    table.flights = Knowing(table, duration_ms=10_000)
    back = table.find("hand/1/back/0").card_scene_rect()
    moves = table.show_view({"hand": ["owl", "fox"], "discard": ["elk"], "backs": 1}, [], last_action="play")
    landing = table.find("pile/discard")
    assert moves == [Travel("elk", tuple(back.getRect()), tuple(landing.card_scene_rect().getRect()))]
    assert landing.opacity() == 0.0  # (the card it shows, hidden until it lands)
    table.flights.moves(action="again")
    assert table.flights.action == "again"
    deck = table.find("pile/deck/1")
    table.flights.launch([Travel(None, (0, 0, 10, 10), (1, 1, 10, 10))])
    assert deck.opacity() == 0.0 and table.flights.flying[-1].card_id is None
