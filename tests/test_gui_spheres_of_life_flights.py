"""Spheres of Life's moves, flown by the client's one mechanism (tabletop/client/flights.py;
the game's animation.py says where a card the seat had not seen comes from and where one it no
longer sees went): each kind of move flies from the place it was drawn to the place it is drawn
now, face up where the seat saw the card, a back otherwise, the landing card hidden until it lands."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QGraphicsView  # noqa: E402

from tabletop.engine.actions import Action  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.spheres_of_life.steps import Move, Step  # noqa: E402
from tabletop.games.spheres_of_life.table import SpheresTable  # noqa: E402

G = get_game("spheres-of-life")
NAMES = ["Ada", "Ben", "Cleo"]
DAWN = {"godly_heroes": True, "mythical_creatures": True, "godly_abilities": True, "dawn": True}


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


class Table:
    """Seat 0's table at 1366x768, animations on (as a player has it)."""

    def __init__(self, qtbot, state, seat=0):
        self.table = SpheresTable(G, NAMES[: state.num_players])
        self.view = QGraphicsView(self.table)
        self.table.setParent(self.view)
        self.view.resize(1366, 768)
        qtbot.addWidget(self.view)
        self.view.show()
        self.view.fitInView(self.table.sceneRect(), Qt.KeepAspectRatio)
        self.state, self.seat = state, seat
        self.table.set_animations(True)
        self.show()

    def show(self, action=None):
        s = self.state
        self.table.show_view(s.view(self.seat), s.legal_actions() if s.decider() == self.seat else [], action)

    def play(self, action):
        """``action`` played and shown: what flies, (card or None for a back, from, to)."""
        self.state.apply(action)
        self.show(action)
        return self.flights()

    def flights(self):
        flying, anims = self.table.flights.flying, self.table._anims
        assert len(flying) == len(anims)
        return [(s.card_id, a.startValue(), a.endValue()) for s, a in zip(flying, anims)]

    def at(self, name):
        """Where the item named ``name`` is drawn now."""
        item = self.table.find(name)
        assert item is not None, name
        return self.table.scene_rect_of(item)

    def hidden(self, name):
        return self.table.find(name).opacity() == 0.0

    def land(self):
        for anim in list(self.table._anims):
            anim.setCurrentTime(anim.duration())
        assert self.table.flights.flying == [] and self.table._anims == []


def dream(**kw):
    doc = {"players": 3, "phase": "dream", "leader": 0, "hands": [[], [], []], "deck": ["swan1", "swan2"]}
    doc.update(kw)
    return G.from_position(doc)


def until(t, done, action=None):
    """Everybody passes until ``done(state)``; the last pass is shown as the move."""
    while not done(t.state):
        last = action or Action.make(Move.PASS)
        t.state.apply(last)
    t.show(last)
    return t.flights()


def quiet_until_action(t, who):
    while t.state.decider() != who or t.state.step != Step.ACTION:
        t.state.apply(Action.make(Move.PASS))
    t.show()


# --- the seat's own moves ------------------------------------------------------------------------
def test_an_open_card_taken_flies_face_up_into_the_hand_and_shows_there_when_it_lands(qtbot):
    t = Table(qtbot, G.from_position({"players": 2, "phase": "day", "hands": [["owl1"], []], "table": ["rabbit1", "snake1"],
                                      "deck": ["owl2", "owl3", "swan1", "swan2", "swan3", "deer1"]}))
    was = t.at("card/rabbit1")
    assert t.play(Action.make(Move.PICK, card="rabbit1")) == [("rabbit1", was, t.at("card/rabbit1"))]
    assert t.table.find("card/rabbit1").zone.address == "hand/0" and t.hidden("card/rabbit1")
    t.land()
    assert not t.hidden("card/rabbit1")


def test_a_card_discarded_flies_face_up_onto_the_discard_pile_whose_top_shows_when_it_lands(qtbot):
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan") for i in (1, 2, 3)]
    t = Table(qtbot, G.from_position({"players": 3, "phase": "night", "leader": 0, "begin": True, "deck": deck,
                                      "hands": [["snake1", "bear1", "rabbit1"], ["wolf1"], []]}))
    was = t.at("card/bear1")
    assert t.play(Action.make(Move.DISCARD, card="bear1")) == [("bear1", was, t.at("pile/discard"))]
    assert t.table.find("pile/discard").card_id == "bear1" and t.hidden("pile/discard")


def test_the_open_cards_left_at_the_nights_end_all_fly_onto_the_discard_pile(qtbot):
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan") for i in (1, 2, 3)]
    t = Table(qtbot, G.from_position({"players": 3, "phase": "night", "leader": 0, "begin": True, "deck": deck,
                                      "hands": [["snake1", "bear1", "rabbit1"], ["wolf1"], []]}))
    left = list(t.state.table)
    was = {c: t.at(f"card/{c}") for c in left}
    flown = until(t, lambda s: s.phase != "night", Action.make(Move.DONE))
    assert sorted(t.state.discard) == sorted(left)
    top = t.state.discard[-1]
    # the top one lands on the pile's top card, hidden until then; the ones under it fly there too
    assert sorted(flown, key=str) == sorted(((c, was[c], t.at("pile/discard")) for c in left), key=str)
    assert t.table.find("pile/discard").card_id == top and t.hidden("pile/discard")


def test_a_card_taken_back_from_under_the_top_of_the_discard_pile_flies_from_the_pile(qtbot):
    t = Table(qtbot, dream(hands=[["root1", "owl1"], ["wolf1"], []], discard=["bear1", "rabbit1"]))
    t.state.apply(Action.make(Move.USE, card="root1"))
    while t.state.decider() != 0:
        t.state.apply(Action.make(Move.PASS))
    t.show()
    pile = t.at("pile/discard")
    assert t.table.find("pile/discard").card_id == "rabbit1"  # (the bear lies under it: not drawn)
    deck = t.at("pile/deck")
    flown = t.play(Action.make(Move.TAKE, card="bear1"))
    assert ("bear1", pile, t.at("card/bear1")) in flown and t.hidden("card/bear1")
    # (and the Root, out of sight since it was declared, onto the pile from the deck, as the table showed it before)
    assert sorted(flown, key=str) == sorted([("bear1", pile, t.at("card/bear1")), ("root1", deck, t.at("pile/discard"))], key=str)


def test_a_card_given_flies_face_up_to_the_newest_back_of_the_hand_it_went_to(qtbot):
    t = Table(qtbot, dream(hands=[["owl1", "bear1"], ["snake1"], ["wolf1"]], deck=["owl2", "owl3"]))
    quiet_until_action(t, 0)
    was = t.at("card/bear1")
    t.state.apply(Action.make(Move.GIFT, card="bear1", to=1))
    t.show()
    assert until(t, lambda s: "bear1" in s.hands[1]) == [("bear1", was, t.at("hand/1/back/1"))]
    assert t.at("hand/1/back/1") != t.at("hand/1") and t.hidden("hand/1/back/1") and not t.hidden("hand/1/back/0")
    t.land()
    assert not t.hidden("hand/1/back/1")


def test_a_card_stolen_flies_face_up_from_the_newest_back_of_the_hand_it_left(qtbot):
    t = Table(qtbot, dream(hands=[["owl1"], ["snake1", "bear1"], []]))
    quiet_until_action(t, 0)
    ben = t.at("hand/1/back/1")
    t.state.apply(Action.make(Move.STEAL, target=1))
    t.show()
    while t.state.step != Step.STEAL_POS:
        t.state.apply(Action.make(Move.PASS))
    t.show()
    assert t.play(Action.make(Move.POSITION, index=0)) == [("snake1", ben, t.at("card/snake1"))]
    assert t.hidden("card/snake1")


def test_cards_drawn_fly_face_up_from_the_deck_to_their_places_in_the_hand(qtbot):
    t = Table(qtbot, dream(hands=[["owl1", "fire1"], ["rabbit1"], []], deck=["swan1", "swan2", "swan3", "deer1"]))
    deck = t.at("pile/deck")
    assert t.play(Action.make(Move.USE, card="fire1")) == []  # (declared: it lies on the chain, not drawn)
    flown = until(t, lambda s: "fire1" in s.discard)
    assert t.state.hands[0] == ["deer1", "owl1"]  # (the owl moved along the hand: it does not fly)
    assert ("deer1", deck, t.at("card/deer1")) in flown and t.hidden("card/deer1") and not t.hidden("card/owl1")
    # the card used, out of sight since it was declared, comes onto the discard pile from the deck
    # (as the table showed it before the client's mechanism)
    assert sorted(flown, key=str) == sorted([("deer1", deck, t.at("card/deer1")), ("fire1", deck, t.at("pile/discard"))], key=str)


def test_the_deal_after_the_last_hero_flies_every_hand_and_the_open_cards_from_the_deck(qtbot):
    state = G.new_game(3, {}, 11)
    t = Table(qtbot, state)
    while state.step == Step.HERO and state.decider() != 2:
        state.apply(state.legal_actions()[0])
    t.show()
    deck = t.at("pile/deck")
    flown = t.play(state.legal_actions()[0])
    assert state.phase == "day" and all(len(h) == 3 for h in state.hands)
    faces = [(c, deck, t.at(f"card/{c}")) for c in state.hands[0] + state.table]
    backs = [(None, deck, t.at(f"hand/{p}/back/2")) for p in (1, 2) for _ in range(3)]
    assert sorted(flown, key=str) == sorted(faces + backs, key=str)
    assert all(t.hidden(f"card/{c}") for c in state.hands[0] + state.table)


# --- the others' moves ----------------------------------------------------------------------------
def test_an_open_card_another_takes_flies_face_up_to_the_newest_back_of_their_hand(qtbot):
    t = Table(qtbot, G.from_position({"players": 3, "phase": "day", "leader": 1, "hands": [["owl1"], [], ["wolf1"]],
                                      "table": ["rabbit1", "snake1", "bison1"], "deck": ["owl2", "owl3", "swan1", "deer1"]}))
    while t.state.step != Step.PICK:
        t.state.apply(Action.make(Move.PASS))
    t.show()
    assert t.state.decider() == 1
    was = t.at("card/snake1")
    assert t.play(Action.make(Move.PICK, card="snake1")) == [("snake1", was, t.at("hand/1/back/0"))]
    assert t.hidden("hand/1/back/0")


def test_the_days_last_pick_by_another_flies_face_up_and_the_days_draws_as_backs_and_faces_from_the_deck(qtbot):
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan", "lynx") for i in (1, 2, 3)]
    t = Table(qtbot, G.from_position({"players": 3, "phase": "day", "leader": 2, "hands": [["bear1"], [], ["wolf1"]],
                                      "table": ["rabbit1", "snake1", "bison1"], "deck": deck}))
    while t.state.decider() != 1 or t.state.step != Step.PICK:  # (Cleo and Ada take the others)
        step = t.state.step
        t.state.apply(Action.make(Move.PICK, card=t.state.table[-1]) if step == Step.PICK else Action.make(Move.PASS))
    last, = t.state.table
    t.show()
    was, deck_at, ada = t.at(f"card/{last}"), t.at("pile/deck"), [c for c in t.state.hands[0]]
    sizes = [len(h) for h in t.state.hands]
    flown = t.play(Action.make(Move.PICK, card=last))
    gained = [len(h) - k for h, k in zip(t.state.hands, sizes)]
    assert gained[1] >= 2 and gained[2] >= 1  # (Ben: the card picked and the Day's draw)
    ben, cleo = (f"hand/{p}/back/{len(t.state.hands[p]) - 1}" for p in (1, 2))
    # the card picked lands on Ben's newest back; his other new cards and Cleo's fly as backs from the deck
    assert flown.count((last, was, t.at(ben))) == 1
    assert flown.count((None, deck_at, t.at(ben))) == gained[1] - 1
    assert flown.count((None, deck_at, t.at(cleo))) == gained[2]
    drawn = [c for c in t.state.hands[0] if c not in ada]
    assert drawn and all((c, deck_at, t.at(f"card/{c}")) in flown for c in drawn)


def test_a_gift_between_two_others_is_a_back_from_the_givers_newest_back_to_the_takers(qtbot):
    t = Table(qtbot, dream(leader=1, hands=[["owl1"], ["snake1", "bear1"], ["wolf1"]], deck=["owl2", "owl3"]))
    quiet_until_action(t, 1)
    ben = t.at("hand/1/back/1")
    t.state.apply(Action.make(Move.GIFT, card="bear1", to=2))
    t.show()
    assert until(t, lambda s: len(s.hands[1]) == 1) == [(None, ben, t.at("hand/2/back/1"))]
    assert t.at("hand/2/back/1") != t.at("hand/2")
    assert "bear1" not in str(t.table.all_items_text())


def test_another_drawing_is_a_back_from_the_deck_to_their_newest_back(qtbot):
    t = Table(qtbot, dream(hands=[["owl1"], ["fire1", "rabbit1"], []], deck=["swan1", "swan2", "swan3", "deer1"]))
    while t.state.decider() != 1:
        t.state.apply(Action.make(Move.PASS))
    t.show()
    t.state.apply(Action.make(Move.USE, card="fire1"))
    t.show()  # (declared: Ben's hand has one card)
    deck = t.at("pile/deck")
    flown = until(t, lambda s: "fire1" in s.discard)
    assert t.state.hands[1] == ["deer1", "rabbit1"]
    # the card used, which Ada had not seen in Ben's hand, flies from the deck as the old table did
    assert flown == [("fire1", deck, t.at("pile/discard")), (None, deck, t.at("hand/1/back/1"))]
    assert not t.hidden("hand/1/back/1")  # (a back landing is not hidden: the new back shows at once)


def test_the_open_cards_of_a_new_phase_are_dealt_face_up_from_the_deck(qtbot):
    t = Table(qtbot, G.from_position({"players": 2, "phase": "day", "hands": [["owl1"], []], "table": ["rabbit1", "snake1"],
                                      "deck": ["owl2", "owl3", "swan1", "swan2", "swan3", "deer1", "deer2", "deer3",
                                               "bear1", "bear2"]}))
    t.state.apply(Action.make(Move.PICK, card="rabbit1"))
    t.show()
    deck = t.at("pile/deck")
    flown = t.play(Action.make(Move.PICK, card="snake1"))
    assert t.state.phase == "night" and t.state.table
    dealt = [f for f in flown if f[0] in t.state.table]
    assert dealt == [(c, deck, t.at(f"card/{c}")) for c in t.state.table]
    assert all(t.hidden(f"card/{c}") for c in t.state.table)


def test_the_dawn_card_coming_up_flies_alone_from_the_deck_to_its_place_beside_the_phase(qtbot):
    def night(deck):
        return G.from_position({"players": 3, "phase": "night", "leader": 0, "begin": True, "options": dict(DAWN),
                                "hands": [["owl1", "owl2", "owl3", "bat1"], ["deer1", "fire1"], ["rat1"]],
                                "deck": deck, "phases_done": 4,
                                "heroes": [["druid1", "god_of_war"], ["warrior1"], ["paladin1"]]})

    t = Table(qtbot, night(["swan1", "swan2", "swan3", "lynx1", "lynx2", "lynx3"]))
    deck = t.at("pile/deck")
    t.state = night(["swan1", "swan2", "swan3", "dawn1", "lynx1", "lynx2"])
    t.show()  # (no move to show: the Dawn card flies all the same)
    assert t.flights() == [("dawn1", deck, t.at("card/dawn1"))]
    assert t.table._anims[0].duration() == 600 and t.hidden("card/dawn1")
    t.land()
    assert not t.hidden("card/dawn1")


def test_nothing_flies_for_a_view_drawn_again_nor_for_another_seats_view(qtbot):
    t = Table(qtbot, G.from_position({"players": 2, "phase": "day", "hands": [["owl1"], []], "table": ["rabbit1", "snake1"],
                                      "deck": ["owl2", "owl3", "swan1", "swan2", "swan3", "deer1"]}))
    t.show(Action.make(Move.PASS))
    assert t.flights() == []
    t.state.apply(Action.make(Move.PICK, card="rabbit1"))
    t.seat = 1  # (another seat: not a move between two views of one seat)
    t.show(Action.make(Move.PICK, card="rabbit1"))
    assert t.flights() == []

