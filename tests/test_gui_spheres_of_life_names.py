"""The Spheres of Life table's names (docs/architecture.md, "Named zones and items"): what the
walk of every table (tests/test_gui_table_names.py) does not check -- the words a screen reader
is given for a card of the hand and a button after Tab, a back spoken as a hidden card, one item
of each kind found by its name (with and without Gods & Myths), and names that stay the same
across a move that leaves their items where they are."""

from __future__ import annotations

import pytest

from tabletop.client.zones import zone_of
from tabletop.engine.actions import Action
from tabletop.games.spheres_of_life.cards import card
from tabletop.games.spheres_of_life.steps import Move
from tabletop.games.spheres_of_life.table import SpheresTable

from spoken_view import SpokenView
from test_spheres_table import G, NAMES, dream, quiet
from test_spheres_table_expansion import dawn_state
from test_spheres_table_expansion import position as expansion_position


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


class Shown(SpokenView):
    """Spheres of Life's table in the client's own view (tests/spoken_view.py)."""

    def __init__(self, qtbot, state, seat=0):
        super().__init__(qtbot, SpheresTable(G, NAMES[: state.num_players]), state, seat)


def a_turn():
    """Ada's turn in a Dream of three: she gives, exchanges or steals."""
    state = dream(hands=[["owl1", "fire1", "snake1"], ["rabbit1"], ["deer1"]])
    quiet(state)
    assert state.step == "action" and state.decider() == 0
    return state


def test_tab_to_a_card_of_the_hand_gives_its_name_where_it_lies_and_what_it_is(qtbot):
    t = Shown(qtbot, a_turn())
    first = t.tab_to()
    assert t.table.address_of(first) == "card/owl1" and first is t.table.hand_card_item("owl1")
    assert t.heard() == ("Noble Owl", "in your hand, card 1 of 3, Noble animal")
    t.tab_to()
    assert t.heard() == ("Orb of Fire", f"in your hand, card 2 of 3, Ability: {card('fire1').text} "
                                        f"Playable: {card('fire1').playable}")


def test_tab_to_a_button_gives_its_words_in_the_prompt(qtbot):
    t = Shown(qtbot, a_turn())
    item = t.tab_to("prompt/button/steal:target=2")
    assert item is t.table.button_for(Action.make(Move.STEAL, target=2))
    assert t.heard() == ("Steal from Cleo", "in the prompt")
    # a button of the table's own: Cancel, after a card of the hand was chosen
    t.table.activate(t.table.hand_card_item("snake1"))
    assert t.tab_to("prompt/button/cancel").kind == "cancel"
    assert t.heard() == ("Cancel", "in the prompt")


def test_a_card_a_seat_may_not_see_is_a_hidden_card_by_its_place(qtbot):
    state = dream(hands=[["owl1"], ["rabbit1", "deer1", "bison1"], ["snake1"]])
    quiet(state)
    state.apply(Action.make(Move.STEAL, target=1))
    while state.step == "block":
        state.apply(Action.make("pass"))
    assert state.step == "steal_pos"
    t = Shown(qtbot, state)
    back = t.tab_to("hand/1/back/2")  # pointing at the card to steal, by keyboard
    assert back is t.table.back_item(1, 2) and t.table.find("hand/1/back/2") is back
    assert t.heard() == ("A hidden card", "in Ben's hand, card 3 of 3")
    assert not any(name.startswith(("card/rabbit1", "card/deer1", "card/bison1")) for name in t.table.named_items())
    knowing = Shown(qtbot, dream(hands=[["owl1"], ["rabbit1", "snake1"], []],
                                 order_known=[[False, True, False], [False] * 3, [False] * 3]))
    assert knowing.table.spoken(knowing.table.find("hand/1/back/1")) == (  # (what the seat knows, not more)
        "A hidden card", "in Ben's hand, card 2 of 2, you know this card: Snake")
    watched = Shown(qtbot, state, seat=None)  # a spectator: every hand is backs, Ada's too
    assert watched.table.spoken(watched.table.find("hand/0/back/0")) == ("A hidden card", "in Ada's hand, card 1 of 1")
    assert watched.table.find("card/owl1") is None


def test_the_hand_panels_piles_and_prompt_by_name(qtbot):
    t = Shown(qtbot, dream(hands=[["owl1", "snake1"], ["rabbit1"], ["deer1"]], discard=["snake2", "apple3", "rabbit2"]))
    table, find = t.table, t.table.find
    assert find("hand/0") is table.layout.hand_zone and zone_of(find("card/snake1")) is find("hand/0")
    assert zone_of(find("hand/1/back/0")) is find("hand/1") and find("hand/1") is not find("hand/2")
    assert find("panel/1") is table.opponent_item(1) and find("panel/0") is table.layout.panels[0]
    assert table.spoken(find("panel/1")) == ("Ben's area", "1 card in hand")
    assert table.spoken(find("panel/0")) == ("Your area", "deciding, holds the phase cards, 2 cards in hand")
    # a pile is named by its top card (the discard's face, the deck's back) -- by the zone when empty
    assert find("pile/discard") is table.discard_item()
    assert table.spoken(find("pile/discard")) == ("Noble Rabbit", "on top of the Discard Pile (3 cards), Noble animal")
    deck = find("pile/deck")
    assert deck.role == "deck" and zone_of(deck).top_item is deck and table.spoken(deck) == ("Main Deck", "2 cards")
    assert find("prompt").buttons == table.choice_items()
    assert t.view.rect_of("card/owl1") == t.view.mapFromScene(table.hand_card_item("owl1").card_scene_rect()).boundingRect()
    # the discard pile's list, opened: its Close button closes it
    table.activate(find("pile/discard"))
    close = find("pile/discard/list/button/cancel:close")
    assert close is not None and zone_of(close) is find("pile/discard/list")
    assert table.spoken(close)[0] == "Close"
    table.activate(close)
    assert find("pile/discard/list") is None
    empty = Shown(qtbot, dream(hands=[["owl1"], ["rabbit1"], ["deer1"]]))
    assert empty.table.find("pile/discard") is empty.table.layout.discard_pile  # (no top card)


def test_the_open_cards_and_the_heroes_to_choose_by_name(qtbot):
    day = G.from_position({"players": 2, "phase": "day", "hands": [["owl1"], ["bat1"]], "table": ["rabbit1", "snake1"],
                           "deck": ["owl2", "owl3", "swan1", "swan2", "swan3", "lynx1"]})
    t = Shown(qtbot, day)
    assert t.table.find("card/rabbit1") is t.table.table_card_item("rabbit1")
    assert zone_of(t.table.find("card/rabbit1")) is t.table.find("open")
    assert t.tab_to() is t.table.find("card/rabbit1")
    assert t.heard() == ("Noble Rabbit", "open on the table, Noble animal")
    setup = G.new_game(3, {}, 11)
    s = Shown(qtbot, setup, setup.decider())
    heroes = [a["card"] for a in setup.legal_actions()]
    assert heroes and s.table.find("heroes") is not None
    for h in heroes:
        assert s.table.find(f"card/{h}") is s.table.table_card_item(h)
        assert zone_of(s.table.find(f"card/{h}")) is s.table.find("heroes")
    assert s.table.find("open") is None


def test_heroes_fields_the_dawn_card_and_sacrifices_by_name(qtbot):
    state = expansion_position(heroes=[["druid1", "god_of_war"], ["warrior1"], ["paladin1"]], used=["god_of_war"],
                               fields=[["hades1"], ["laurel1", "shield2"], []], hands=[["owl1"], ["bat1"], ["rat1"]])
    t = Shown(qtbot, state)
    table, find = t.table, t.table.find
    assert zone_of(find("card/god_of_war")) is zone_of(find("panel/0"))  # a hero's chip, on its player's panel
    assert table.spoken(find("card/god_of_war")) == ("God of War", f"in your area, used, Godly Hero: {card('god_of_war').text}")
    assert table.spoken(find("card/warrior1")) == ("Warrior", f"in Ben's area, Hero: {card('warrior1').text}")
    assert zone_of(find("card/shield2")) is zone_of(find("panel/1"))  # a card in Ben's Field
    assert table.spoken(find("card/shield2"))[1].startswith("in Ben's area, in the Field, Prolonged ability: ")
    # the Dawn card, set aside beside the phase
    night = dawn_state()
    aside = Shown(qtbot, night)
    assert aside.table.find("card/dawn1").role == "dawn"
    # the Dawn: a card laid face down is a back by its place, to all but the one who laid it
    night._end_phase()
    leader = night.leader
    other = (leader + 1) % 3
    laid = night.hands[leader][0]
    night.apply(Action.make(Move.SACRIFICE, card=laid))
    theirs_shown = Shown(qtbot, night, other)  # (the view owns its table: keep it)
    theirs = theirs_shown.table
    back = theirs.find(f"sacrifice/{leader}/0")
    assert back is not None and back.card_id is None and theirs.find(f"card/{laid}") is None
    assert theirs.spoken(back) == ("A hidden card", f"sacrificed by {NAMES[leader]}")
    mine_shown = Shown(qtbot, night, leader)
    mine = mine_shown.table
    assert mine.find(f"card/{laid}").role == "sacrifice" and mine.find(f"sacrifice/{leader}/0") is None


def test_names_stay_the_same_across_a_move_that_leaves_their_items_where_they_are(qtbot):
    day = G.from_position({"players": 2, "phase": "day", "hands": [["owl1"], ["bat1"]], "table": ["rabbit1", "snake1"],
                           "deck": ["owl2", "owl3", "swan1", "swan2", "swan3", "lynx1"]})
    t = Shown(qtbot, day)
    stay = ("panel/0", "panel/1", "hand/1/back/0", "pile/deck")
    before = {name: t.table.scene_rect_of(t.table.find(name)) for name in stay}
    t.play(Action.make(Move.PICK, card="rabbit1"))  # Ada takes the Rabbit; the Snake stays on the table
    for name in stay:  # the same name, the item where it was
        assert t.table.scene_rect_of(t.table.find(name)) == before[name], name
    # the cards keep their names where they lie: the Snake open on the table, the Owl in the hand,
    # and the Rabbit, moved, in the hand now
    assert zone_of(t.table.find("card/snake1")) is t.table.find("open")
    assert zone_of(t.table.find("card/owl1")) is t.table.find("hand/0")
    assert zone_of(t.table.find("card/rabbit1")) is t.table.find("hand/0")
