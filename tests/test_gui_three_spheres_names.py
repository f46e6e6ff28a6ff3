"""The Three Spheres TCG table's names (docs/architecture.md, "Named zones and items"): what
the walk of every table (tests/test_gui_table_names.py) does not check -- the words a screen
reader is given for a card of the hand and a button after Tab, one item of each kind found by
its name, and names that stay the same across a move that leaves their items where they are."""

from __future__ import annotations

import pytest

from tabletop.client.zones import zone_of
from tabletop.engine.actions import Action
from tabletop.games.three_spheres.steps import Move, Step
from tabletop.games.three_spheres.table import ThreeSpheresTable

from spoken_view import SpokenView
from test_three_spheres_table import G, NAMES, over_state
from three_spheres_positions import position


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


class Shown(SpokenView):
    """The card game's table in the client's own view (tests/spoken_view.py)."""

    def __init__(self, qtbot, state, seat=0):
        super().__init__(qtbot, ThreeSpheresTable(G, NAMES), state, seat)


def test_tab_to_a_card_of_the_hand_gives_its_name_where_it_lies_level_cost_and_resources(qtbot):
    t = Shown(qtbot, position())
    first = t.tab_to()
    assert t.name(first) == "card/silver_leaf.a1"  # the first card of the hand
    assert t.heard() == ("Silver Leaf", "in your hand, level 1, cost 2, 2 resources")
    t.tab_to()
    assert t.heard() == ("Moss Sprout", "in your hand, level 0, cost 1, 1 resource")


def test_tab_to_a_button_gives_its_words_in_the_prompt(qtbot):
    t = Shown(qtbot, position())
    item = None
    for _ in range(len(t.table.focusable_items())):
        item = t.tab_to()
        if t.name(item) == "prompt/button/end":
            break
    assert t.name(item) == "prompt/button/end" and item is t.table.button_for(Action.make(Move.END))
    assert t.heard() == ("End turn", "in the prompt")


def test_a_card_a_seat_may_not_see_is_a_hidden_card_by_its_place(qtbot):
    t = Shown(qtbot, position())
    back = t.table.opponent_backs()[1]
    assert t.name(back) == "hand/1/back/1" and t.table.find("hand/1/back/1") is back
    assert t.table.spoken(back) == ("A hidden card", "in Ben's hand")
    watched = Shown(qtbot, position(), seat=None)  # a spectator: both hands are backs, Ada's too
    assert watched.table.spoken(watched.table.find("hand/0/back/0")) == ("A hidden card", "in Ada's hand")
    assert not any(name.startswith("card/silver_leaf") for name in watched.table.named_items())


def test_the_hand_panels_piles_spreads_world_and_prompt_by_name(qtbot):
    t = Shown(qtbot, position(discard=[["moss_sprout.a8", "fern_hollow.a9"], []],
                              in_play=[["lucky_pebble.a4"], []]))
    table, find = t.table, t.table.find
    assert find("hand/0") is table.layout.hand_zone
    assert find("card/glade_stag.a3") is table.hand_card_item("glade_stag.a3")
    assert zone_of(find("card/glade_stag.a3")) is find("hand/0")
    assert find("panel/0") is table.layout.panels[0] and find("panel/1") is table.layout.panels[1]
    # a pile is named by its top card (the discard's, face up; a deck's back) -- by the zone when empty
    assert find("pile/discard/0") is table.discard_pile(0).top_item
    assert table.spoken(find("pile/discard/0")) == ("Fern Hollow", "on top of your Realm discard (2 cards), "
                                                    "level 0, cost 1, 1 resource")
    assert find("pile/discard/1") is table.discard_pile(1)  # Ben's is empty
    for deck in ("realm", "discovery", "world"):
        for p in (0, 1):
            pile = zone_of(find(f"pile/{deck}/{p}"))
            assert pile in table.layout.piles and pile.top_item is find(f"pile/{deck}/{p}")
    assert zone_of(find("card/lucky_pebble.a4")) is find("in_play/0")
    assert zone_of(find("card/first_tree.a20")) is find("discovery/0")
    assert zone_of(find("card/grave_crow.b20")) is find("discovery/1")
    # the World: each side a spread, each space a place of its own under its stack
    assert zone_of(find("card/fen_hag.b11")) is find("world/side/1")
    assert table.scene_rect_of(find("world/space/4")) == table.space_item(4).card_scene_rect()
    assert table.spoken(find("world/space/4")) == ("Space 2", "in the World, on Ben's side, Fen Hag on it")
    assert table.spoken(find("world/space/2")) == ("Space 3", "in the World, on your side, empty")
    assert table.spoken(find("card/fen_hag.b11"))[1] == "in the World, on Ben's side, space 2, level 2, cost 4, 1 resource"
    assert find("prompt").buttons == table.layout.buttons
    assert t.view.rect_of("card/fen_hag.b11") == t.view.mapFromScene(table.space_item(4).card_scene_rect()).boundingRect()


def test_a_chosen_card_names_its_cancel_and_lights_its_places_zone_by_zone(qtbot):
    t = Shown(qtbot, position())
    t.table.activate(t.table.hand_card_item("silver_leaf.a1"))
    assert t.table.find("prompt/button/cancel") is next(b for b in t.table.layout.buttons if b.kind == "cancel")
    zones = [t.table.address_of(zone_of(it)) for it in t.table.focusable_items()]
    # the hand, then where its resources may go: the World's sides in the order of its spaces, then
    # Ada's Discovery spread; the prompt's Cancel and End turn last
    assert zones == ["hand/0"] * 3 + ["world/side/0"] * 2 + ["world/side/1"] * 2 + ["discovery/0"] * 2 + ["prompt"] * 2


def test_a_trash_from_the_discard_names_the_cards_laid_out_and_a_flipped_card_is_a_card(qtbot):
    state = position(hand=[["grave_crow.a1", "silver_leaf.a2"], []],
                     discard=[["moss_sprout.a8", "fern_hollow.a9", "moss_sprout.a13"], []])
    state.apply(Action.make(Move.PLAY, card="grave_crow.a1"))
    t = Shown(qtbot, state)
    fern = t.table.find("card/fern_hollow.a9")
    assert fern in t.table.layout.picker and zone_of(fern) is t.table.find("discard/0")
    assert t.table.spoken(fern) == ("Fern Hollow", "in your Realm discard, laid out to trash from, level 0, cost 1, 1 resource")
    assert t.table.find("prompt/button/done").text == "Done: trash no more"
    flip = position(realm=[[], ["lucky_pebble.b5"]], discard=[["fern_hollow.a6", "pollen_sprite.a7"], []],
                    spaces=[["elder_oak.a10"], [], [], ["hex_doll.b10"], ["fen_hag.b11"], ["marsh_light.b13"]])
    flip.apply(Action.make(Move.END))
    assert flip.step == Step.FLIP_SPACE
    t = Shown(qtbot, flip)
    flipped = t.table.find("card/wild_hunt.b12")
    assert flipped is not None and flipped.role == "flipped"
    assert t.table.spoken(flipped) == ("The Wild Hunt", "flipped, level 3, cost 7, 1 resource")


def test_a_piles_opened_list_is_named_after_the_pile(qtbot):
    t = Shown(qtbot, position(discard=[["moss_sprout.a8", "fern_hollow.a9"], []]))
    t.table.activate(t.table.find("pile/discard/0"))
    close = t.table.find("pile/discard/0/list/button/cancel:close")
    assert close is not None and close is t.table.discard_pile(0).browser.close_button
    assert t.table.spoken(close) == ("Close", "Your Realm discard — 2 cards, oldest first")


def test_the_scorings_piles_and_dynamic_cards_by_name(qtbot):
    state = over_state()
    t = Shown(qtbot, state)
    walk = state.view(0)["walkthrough"]
    for p in (0, 1):
        none, fixed = (t.table.find(f"pile/{kind}/{p}") for kind in ("no-points", "fixed-points"))
        assert none is not None and zone_of(none) in t.table.walkthrough.piles and zone_of(none).count == len(walk[p]["none"])
        assert fixed is not None and zone_of(fixed).count == len(walk[p]["fixed"])
        for e in walk[p]["dynamic"]:
            card = t.table.find(f"card/{e['card']}")
            assert zone_of(card) is t.table.find(f"dynamic/{p}") and e["why"] in t.table.spoken(card)[1]
    stops = [t.name(t.tab_to()) for _ in t.table.focusable_items()]
    assert stops == [n for p in (1, 0) for n in (f"pile/no-points/{p}", f"pile/fixed-points/{p}")
                     if t.table.find(n) in t.table.focusable_items()]


def test_a_name_stays_with_what_a_move_leaves_where_it_is(qtbot):
    t = Shown(qtbot, position())
    before = {name: t.table.scene_rect_of(item) for name, item in t.table.named_items().items()}
    t.play(Action.make(Move.SPEND, card="silver_leaf.a1", target="elder_oak.a10"))
    after = t.table.named_items()
    # what stayed keeps its name and its place: the World, the spreads, the piles, Ben's hand
    for name in ("card/elder_oak.a10", "card/fen_hag.b11", "card/first_tree.a20", "world/space/0", "pile/realm/0",
                 "pile/world/1", "panel/1", "hand/1/back/0"):
        assert name in after and t.table.scene_rect_of(after[name]) == before[name], name
    # the rest of Ada's hand closes up: its cards keep their names
    assert [t.name(h) for h in t.table.hand_items()] == ["card/moss_sprout.a2", "card/glade_stag.a3"]
    assert all(zone_of(h) is after["hand/0"] for h in t.table.hand_items())
    assert zone_of(after["card/elder_oak.a10"]) is after["world/side/0"]
    assert "paid 2 of 6" in t.table.spoken(after["card/elder_oak.a10"])[1]
    # the card spent keeps its name where it went: in play on Ada's side
    assert zone_of(after["card/silver_leaf.a1"]) is after["in_play/0"]
    assert t.table.spoken(after["card/silver_leaf.a1"])[1].startswith("in play on your side")
