"""The Three Spheres TCG table's card flights (tabletop/games/three_spheres/animation.py: the
client's CardFlights): each kind of move flies its cards from where the seat saw them, or where
they came from, to where they lie now -- face up when the seat may see them, as backs when not --
and the card that shows where one lands waits hidden until it does.  Places are read from the
table by name, before the move and after it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from tabletop.engine.actions import Action
from tabletop.engine.registry import get_game
from tabletop.games.three_spheres.animation import places
from tabletop.games.three_spheres.steps import Move, Step
from tabletop.games.three_spheres.table import ThreeSpheresTable

from table_harness import TableHarness
from three_spheres_positions import position

G = get_game("three-spheres")
HAND = ["silver_leaf.a1", "moss_sprout.a2", "glade_stag.a3"]
SPEND = Action.make(Move.SPEND, card="silver_leaf.a1", target="elder_oak.a10")
DRAW_FIVE = [["whispering_sapling.a5", "fern_hollow.a6", "pollen_sprite.a7", "moss_sprout.a30", "silver_leaf.a31",
              "fern_hollow.a32"], ["lucky_pebble.b5", "peasant_stone.b6"]]


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


def table(qtbot, state, seat=0):
    return TableHarness(qtbot, ThreeSpheresTable(G, ["Ada", "Ben"]), state, seat, animations=True)


def rect(t, name):
    """Where the item or zone named ``name`` lies on the table now."""
    item = t.scene.find(name)
    assert item is not None, name
    return t.scene.scene_rect_of(item)


def moved(t, state, move, seat=0):
    """``move`` played and shown to ``seat``: what flies, as (card or None for a back, from, to)."""
    state.apply(move)
    t.show(state, seat, last=move)
    return [(s.card_id, QRectF(a.startValue()), QRectF(a.endValue())) for s, a in zip(t.scene.flights.flying, t.scene._anims)]


def landing(t, card):
    """The item that shows ``card`` on the table now."""
    return next(it for it in t.scene.named_items().values() if getattr(it, "card_id", None) == card)


def land_all(t):
    for anim in list(t.scene._anims):
        anim.setCurrentTime(anim.duration())


def test_a_card_spent_flies_face_up_from_the_hand_to_the_cards_in_play_and_shows_there_once_landed(qtbot):
    state = position()
    t = table(qtbot, state)
    was = rect(t, "card/silver_leaf.a1")
    flights = moved(t, state, SPEND)
    assert state.spent[0] == ["silver_leaf.a1"]
    assert flights == [("silver_leaf.a1", was, rect(t, "card/silver_leaf.a1"))]
    assert t.scene.find("in_play/0").isAncestorOf(landing(t, "silver_leaf.a1"))
    assert landing(t, "silver_leaf.a1").opacity() == 0.0
    land_all(t)
    assert t.scene.flights.flying == [] and landing(t, "silver_leaf.a1").opacity() == 1.0


def test_the_opponent_sees_a_spent_card_come_face_up_from_the_first_back_of_the_hand(qtbot):
    state = position()
    t = table(qtbot, state, seat=1)
    first_back = rect(t, "hand/0/back/0")
    flights = moved(t, state, SPEND, seat=1)
    assert flights == [("silver_leaf.a1", first_back, rect(t, "card/silver_leaf.a1"))]


def test_a_card_bought_from_the_world_flies_from_its_space_to_the_top_of_the_buyers_discard(qtbot):
    state = position(paid={"elder_oak.a10": 4}, discard=[["fern_hollow.a40"], []])
    t = table(qtbot, state)
    space, hand = rect(t, "card/elder_oak.a10"), rect(t, "card/silver_leaf.a1")
    flights = moved(t, state, SPEND)
    assert sorted(flights, key=lambda f: f[0]) == [("elder_oak.a10", space, rect(t, "pile/discard/0")),
                                                   ("silver_leaf.a1", hand, rect(t, "card/silver_leaf.a1"))]
    top = t.scene.find("pile/discard/0")  # (the card it covers, the top before, stays where it lay)
    assert top.card_id == "elder_oak.a10" and top.opacity() == 0.0  # (hidden until the bought card lands)
    land_all(t)
    assert top.opacity() == 1.0


def test_a_discovery_buy_refills_the_spread_from_the_discovery_deck(qtbot):
    state = position(paid={"first_tree.a20": 9})
    t = table(qtbot, state)
    bought, deck = rect(t, "card/first_tree.a20"), rect(t, "pile/discovery/0")
    flights = moved(t, state, Action.make(Move.SPEND, card="silver_leaf.a1", target="first_tree.a20"))
    by_card = {c: (start, end) for c, start, end in flights}
    assert by_card["first_tree.a20"] == (bought, rect(t, "pile/discard/0"))
    assert by_card["old_willow.a22"] == (deck, rect(t, "card/old_willow.a22"))  # (the new card of the spread)
    assert t.scene.find("discovery/0").isAncestorOf(landing(t, "old_willow.a22"))
    assert "canopy_spirit.a21" not in by_card  # (it stays in the spread)


def test_the_turns_end_discards_the_hand_onto_the_discard_and_draws_five_from_the_realm_deck(qtbot):
    state = position(realm=DRAW_FIVE)
    t = table(qtbot, state)
    was = {c: rect(t, f"card/{c}") for c in HAND}
    realm = rect(t, "pile/realm/0")
    flights = moved(t, state, Action.make(Move.END))
    discard = rect(t, "pile/discard/0")
    drawn = state.hand[0]
    assert len(drawn) == 5 and not set(drawn) & set(HAND)
    assert sorted(f for f in flights if f[0] in HAND) == sorted((c, was[c], discard) for c in HAND)
    assert sorted(f for f in flights if f[0] in drawn) == sorted((c, realm, rect(t, f"card/{c}")) for c in drawn)
    assert len(flights) == 8
    assert all(landing(t, c).opacity() == 0.0 for c in drawn)
    # the top of the discard (the hand's last card) lands above the two that go under it
    top = t.scene.find("pile/discard/0").card_id
    z = {s.card_id: s.zValue() for s in t.scene.flights.flying}
    assert top == HAND[-1] and all(z[top] > z[c] for c in HAND[:-1])


def test_the_opponent_sees_a_discarded_hand_face_up_and_the_draw_as_backs_from_the_realm_deck(qtbot):
    state = position(realm=DRAW_FIVE)
    t = table(qtbot, state, seat=1)
    first_back, realm = rect(t, "hand/0/back/0"), rect(t, "pile/realm/0")
    flights = moved(t, state, Action.make(Move.END), seat=1)
    discard = rect(t, "pile/discard/0")
    faces = [f for f in flights if f[0] is not None]
    assert sorted(faces) == sorted((c, first_back, discard) for c in HAND)
    assert set(f[0] for f in faces) <= set(places(state.view(1)))  # nothing the seat cannot see shows its face
    # the hand went from three backs to five: two backs fly, to where its first back lies
    assert [f for f in flights if f[0] is None] == [(None, realm, rect(t, "hand/0/back/0"))] * 2


def test_an_opponents_hidden_draw_flies_as_a_back_and_the_card_played_face_up(qtbot):
    state = position(hand=[["whispering_sapling.a5", "moss_sprout.a2", "glade_stag.a3"], ["ronin_stone.b1", "seed_stone.b2"]],
                     realm=[["silver_leaf.a1", "fern_hollow.a6", "pollen_sprite.a7"], ["lucky_pebble.b5", "peasant_stone.b6"]])
    t = table(qtbot, state, seat=1)
    first_back, realm = rect(t, "hand/0/back/0"), rect(t, "pile/realm/0")
    flights = moved(t, state, Action.make(Move.PLAY, card="whispering_sapling.a5"), seat=1)
    assert len(state.hand[0]) == 4  # (played one, drew two)
    assert flights == [("whispering_sapling.a5", first_back, rect(t, "card/whispering_sapling.a5")),
                       (None, realm, rect(t, "hand/0/back/0"))]
    # the seat who drew sees the cards themselves come from the Realm deck
    state = position(hand=[["whispering_sapling.a5", "moss_sprout.a2", "glade_stag.a3"], ["ronin_stone.b1", "seed_stone.b2"]],
                     realm=[["silver_leaf.a1", "fern_hollow.a6", "pollen_sprite.a7"], ["lucky_pebble.b5", "peasant_stone.b6"]])
    t = table(qtbot, state)
    played, realm = rect(t, "card/whispering_sapling.a5"), rect(t, "pile/realm/0")
    flights = moved(t, state, Action.make(Move.PLAY, card="whispering_sapling.a5"))
    assert sorted(flights, key=str) == sorted([("whispering_sapling.a5", played, rect(t, "card/whispering_sapling.a5")),
                                               ("pollen_sprite.a7", realm, rect(t, "card/pollen_sprite.a7")),
                                               ("fern_hollow.a6", realm, rect(t, "card/fern_hollow.a6"))], key=str)


def test_a_reshuffle_flies_the_discard_into_the_realm_deck_and_flips_a_card_of_the_opponents_world(qtbot):
    state = position(realm=[["fern_hollow.a6"], ["lucky_pebble.b5", "peasant_stone.b6"]],
                     discard=[["pollen_sprite.a7", "whispering_sapling.a5", "moss_sprout.a30"], []])
    t = table(qtbot, state)
    pile, realm, world = rect(t, "pile/discard/0"), rect(t, "pile/realm/0"), rect(t, "pile/world/1")
    flights = moved(t, state, Action.make(Move.END))
    by_card = {c: (start, end) for c, start, end in flights}
    assert by_card["fern_hollow.a6"] == (realm, rect(t, "card/fern_hollow.a6"))  # (drawn before the reshuffle)
    for c in state.hand[0]:  # the discard shuffled in, then drawn: from the discard to the hand
        if c in ("pollen_sprite.a7", "whispering_sapling.a5", "moss_sprout.a30"):
            assert by_card[c] == (pile, rect(t, f"card/{c}"))
    for c in ("pollen_sprite.a7", "whispering_sapling.a5", "moss_sprout.a30"):
        if c in state.realm[0]:  # shuffled in, not drawn: into the Realm deck, face up as the seat saw it
            assert by_card[c] == (pile, rect(t, "pile/realm/0"))
    assert any(c in state.realm[0] for c in ("pollen_sprite.a7", "whispering_sapling.a5", "moss_sprout.a30"))
    flipped = state.spaces[5][-1]
    assert by_card[flipped] == (world, rect(t, f"card/{flipped}"))
    assert t.scene.find("world/side/1").isAncestorOf(landing(t, flipped))


def test_a_flip_onto_a_full_side_waits_in_the_prompt_then_flies_onto_the_stack_chosen(qtbot):
    state = position(realm=[["fern_hollow.a6"], ["lucky_pebble.b5", "peasant_stone.b6"]],
                     discard=[["pollen_sprite.a7", "whispering_sapling.a5", "moss_sprout.a30"], []],
                     spaces=[["elder_oak.a10"], ["old_willow.a11"], [], ["hex_doll.b10"], ["fen_hag.b11"], ["marsh_light.b23"]])
    t = table(qtbot, state)
    world = rect(t, "pile/world/1")
    flights = moved(t, state, Action.make(Move.END))
    assert state.step == Step.FLIP_SPACE and state.flipped == "wild_hunt.b12"
    assert ("wild_hunt.b12", world, rect(t, "card/wild_hunt.b12")) in flights
    assert t.scene.find("card/wild_hunt.b12").role == "flipped"
    land_all(t)
    waiting = rect(t, "card/wild_hunt.b12")
    flights = moved(t, state, Action.make(Move.SPACE, space=4))
    assert state.spaces[4] == ["fen_hag.b11", "wild_hunt.b12"]
    assert flights == [("wild_hunt.b12", waiting, rect(t, "card/wild_hunt.b12"))]
    assert t.scene.find("world/side/1").isAncestorOf(landing(t, "wild_hunt.b12"))


def test_laying_out_the_discard_to_trash_from_flies_nothing_of_it_and_a_trashed_card_just_goes(qtbot):
    state = position(turn=1, hand=[HAND, ["grave_crow.b21", "seed_stone.b2"]],
                     discard=[[], ["lucky_pebble.b7", "peasant_stone.b8"]])
    t = table(qtbot, state, seat=1)
    crow = rect(t, "card/grave_crow.b21")
    flights = moved(t, state, Action.make(Move.PLAY, card="grave_crow.b21"), seat=1)
    assert state.step == Step.TRASH and t.scene.find("discard/1") is not None  # (the discard laid out)
    assert flights == [("grave_crow.b21", crow, rect(t, "card/grave_crow.b21"))]
    land_all(t)
    flights = moved(t, state, Action.make(Move.TRASH, card="lucky_pebble.b7"), seat=1)
    assert state.trash == ["lucky_pebble.b7"] and flights == []
