"""The shogun table's names (docs/architecture.md, "Named zones and items"): what the walk of
every table (tests/test_gui_table_names.py) does not check -- the words a screen reader is given
after Tab (a stone of the tray and of the hand, a place, a button of the prompt and one on the
board), one item of each kind found by its name (the places by the game's own numbering, from
either seat), the focus ring going zone by zone while a stone is picked, and names that stay the
same across a move that leaves their items where they are."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tabletop.client.table_items import TableItem
from tabletop.client.zones import PromptZone, Zone, zone_of
from tabletop.engine.actions import Action
from tabletop.games.shogun.board_items import PanelItem, PlaceItem, StoneItem
from tabletop.games.shogun.words import place_address
from tabletop.games.shogun.stones import CODE, KINDS
from tabletop.games.shogun.table import ShogunTable

from shogun_positions import GAME, P, S, board, position
from spoken_view import SpokenView
from test_shogun_table import NAMES, sowing, thief_game

ROUND = "Nobody chose it: it is sown like a peasant."


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


def text(kind: str) -> str:
    return KINDS[CODE[kind]].text


class Shown(SpokenView):
    """A shogun table in the client's view, showing ``state`` to ``seat``."""

    def __init__(self, qtbot, state, seat=0):
        super().__init__(qtbot, ShogunTable(GAME, NAMES), state, seat)

    def ring(self):
        """The names of the focus ring's stops, in order, from the one it is on (or the first) and
        then by Tab (the view's words checked at each)."""
        names = []
        item = self.table.focused_item()
        for _ in range(len(self.table.focusable_items())):
            item = self.key() if item is None or names else item
            assert self.heard() == self.table.spoken(item)
            names.append(self.name(item))
        return names

    def no_name_twice(self):
        names = [self.name(it) for it in self.table.items() if isinstance(it, (TableItem, Zone))]
        named = [n for n in names if n]
        assert len(named) == len(set(named)), sorted(n for n in named if named.count(n) > 1)


def ordaining_turn():
    """Ada's turn: A2 and A3 hold a lone peasant, she captured a Monk and a Ghost."""
    return position(board=board(p1=[P], p2=[P], p3=[P, P], p8=[P]), stores=[["monk", "ghost"], []])


# --- what a screen reader hears after Tab -----------------------------------------------------
def test_tab_to_a_stone_of_the_set_up_tray_says_its_kind_where_and_what_it_does(qtbot):
    t = Shown(qtbot, GAME.new_game(2, {}, 1))
    first = t.key()
    assert t.name(first) == "tray/scholar" and first is t.table.tray_item("scholar")
    assert t.heard() == ("Scholar", f"among the special stones to choose, worth 2: {text('scholar')} {ROUND}")
    t.key()
    assert t.heard() == ("Merchant", f"among the special stones to choose, worth 2: {text('merchant')} {ROUND}")
    # Enter picks it: it says so, and the ring goes on to the squares it may go to
    square = t.key(Qt.Key.Key_Return)
    assert t.table.choice.picked == "merchant" and t.name(square) == "square/0"
    assert t.heard() == ("Square A1", "your side, 4 stones: 4 Peasants, the Merchant may go here")
    assert t.table.spoken(t.find("tray/merchant"))[1].startswith("among the special stones to choose, chosen, worth 2")


def test_tab_to_a_stone_of_the_hand_then_to_the_places_it_may_go_to(qtbot):
    # Ada sows from A1: two peasants and her Monk in hand, the next place is A2
    t = Shown(qtbot, sowing([P, P, "monk"], pos=0, chosen=("monk",), p9=[P]))
    assert t.name(t.key()) == "hand/peasant"
    assert t.heard() == ("Peasant", "in hand, 2 of them, worth 1: An ordinary stone: sown one square at a time.")
    assert t.name(t.key()) == "hand/monk"
    assert t.heard() == ("Monk", f"in hand, worth 0: {text('monk')} Ability usable by Ada (on their own side).")
    nxt = t.key(Qt.Key.Key_Return)  # the Monk picked: the next place, then where his ability reaches
    assert t.name(nxt) == "square/1" and t.heard() == ("Square A2", "your side, 0 stones, the next place")
    t.key()
    assert t.heard() == ("Square A3", "your side, 0 stones, its ability can send the stone here (Monk)")
    assert t.table.spoken(t.find("hand/monk")) == (
        "Monk", f"in hand, chosen, worth 0: {text('monk')} Ability usable by Ada (on their own side).")


def test_tab_to_a_button_of_the_prompt_and_to_one_on_the_board(qtbot):
    t = Shown(qtbot, ordaining_turn())
    assert t.ring()[-1] == "prompt/button/ordain"
    assert t.heard() == ("Ordain…", "in the prompt, Swap a lone peasant on one of your squares for a special stone "
                                    "you captured")
    t.key(Qt.Key.Key_Return)  # ordaining: the squares with a lone peasant, then Cancel
    assert t.ring() == ["square/1", "square/2", "prompt/button/cancel"]
    assert t.heard() == ("Cancel", "in the prompt, Give up ordaining (Esc)")
    # the Thief's dice: the buttons lie on the board, in the groove
    t = Shown(qtbot, thief_game())
    assert t.ring() == ["groove/button/roll", "groove/button/keep"]
    assert t.heard() == ("Keep", "Do not roll: the points stay as they are")


# --- one item of each kind by its name ------------------------------------------------------------
def test_the_places_are_named_by_the_games_numbering_from_either_seat(qtbot):
    st = ordaining_turn()
    for seat in (0, 1):
        t = Shown(qtbot, st, seat)
        for place in range(12):
            assert t.find(place_address(place)) is t.table.place_item(place)
        assert [place_address(p) for p in (0, 5, 6, 11)] == ["square/0", "rectangle/5", "square/6", "rectangle/11"]
        rect = t.table.place_item(3).card_scene_rect()
        assert t.view.rect_of("square/3") == t.view.mapFromScene(rect).boundingRect()
        side = "your side" if seat else "Ben's side"
        assert t.table.spoken(t.find("square/8")) == ("Square B3", f"{side}, 1 stone: Peasant")
        assert t.table.spoken(t.find("rectangle/11"))[0] == "West rectangle"
    # the bottom row is the seat's own: square/0 is drawn at the top for the second player
    assert t.table.place_item(0).card_scene_rect().y() < t.table.place_item(6).card_scene_rect().y()


def test_the_arrows_panels_captures_and_abilities_by_name(qtbot):
    st = position(board=board(p1=[P, P], p3=[P], p8=[P]), stores=[["monk", P, P], []],
                  chosen=[["monk", "scholar"], ["ghost"]])
    t = Shown(qtbot, st)
    t.table.activate(t.table.place_item(1))  # A2 chosen: its two arrows
    assert t.find("arrow/1/clockwise") is t.table.arrow_item(-1)
    assert t.find("arrow/1/counter-clockwise") is t.table.arrow_item(1)
    assert t.table.spoken(t.find("arrow/1/clockwise")) == ("Sow A2 clockwise", "the Left arrow key")
    assert t.table.spoken(t.find("square/1"))[1] == "your side, 2 stones: 2 Peasants, chosen"
    t.no_name_twice()
    # a player's area: its board carries the name, its stones lie in it
    mine, theirs = t.find("panel/0"), t.find("panel/1")
    assert isinstance(mine, PanelItem) and mine is t.table.layout.panels[0] and theirs is t.table.layout.panels[1]
    assert t.table.spoken(mine) == ("Your area", "your turn, 2 points, captured 2 Peasants, Monk")
    assert t.table.spoken(theirs) == ("Ben's area", "0 points, nothing captured")
    monk = t.find("captured/0/monk")
    assert isinstance(monk, StoneItem) and monk.role == "store" and zone_of(monk).board is mine
    assert t.table.spoken(monk) == ("Monk", "in your area, captured 1, worth 0")
    assert t.table.spoken(t.find("captured/0/peasant")) == ("Peasant", "in your area, captured 2, worth 1 each")
    ghost = t.find("chosen/1/ghost")
    assert ghost.role == "chosen" and zone_of(ghost).board is theirs
    assert t.table.spoken(ghost) == ("Ghost", f"in Ben's area, an ability chosen, worth 2: {text('ghost')} "
                                              "Ability usable by Ben (on their own side).")
    # the prompt: its buttons are named in it
    prompt = t.find("prompt")
    assert isinstance(prompt, PromptZone) and t.find("prompt/button/cancel") in prompt.buttons


def test_the_tray_the_hand_the_board_buttons_and_the_dice_by_name(qtbot):
    # ordaining A3 (a lone peasant) with a captured Monk or Ghost: the tray, a zone in the prompt
    t = Shown(qtbot, ordaining_turn())
    t.table.activate(t.table.button_kind("ordain"))
    t.table.activate(t.table.place_item(2))
    tray = t.find("tray")
    ghost = t.find("tray/ghost")
    assert ghost is t.table.tray_item("ghost") and zone_of(ghost) is tray and tray.parentItem() is t.find("prompt")
    assert t.table.spoken(ghost) == ("Ghost", f"among your captured special stones, to ordain A3 with, worth 2: "
                                              f"{text('ghost')} {ROUND}")
    assert t.table.spoken(t.find("square/2"))[1] == "your side, 1 stone: Peasant, chosen"
    # a refill: Ada's side is empty, her captures are the tray
    doc = board(p7=[P])
    doc[11] = []
    t = Shown(qtbot, position(board=doc, stores=[["monk", P], [P, P, S]]))
    assert t.table.spoken(t.find("tray/peasant")) == (
        "Peasant", "among your captures, to refill with, worth 1: An ordinary stone: sown one square at a time.")
    # the stones in hand and a Samurai's "Turn round", in the groove
    t = Shown(qtbot, sowing(["samurai", P, P], pos=1, chosen=("samurai",), p8=[P]))
    assert t.find("hand/samurai") is t.table.hand_item("samurai") and t.find("hand/peasant") is t.table.hand_item(P)
    t.table.activate(t.table.hand_item("samurai"))
    turn = Action.make("drop", stone="samurai", to=2, turn=True)
    assert t.find("groove/button/drop:stone=samurai,to=2,turn=True") is t.table.button_for(turn)
    t.no_name_twice()
    # a lost turn's button, the Thief's roll and the dice it showed
    doc = board(p0=[P, P], p2=[P, P], p8=[P])
    doc[11] = []
    t = Shown(qtbot, position(board=doc, stores=[[S], []], turns=[2, 2], imprisoned=[True, False], step="skip"))
    assert t.find("groove/button/skip") is t.table.button_for(Action.make("skip"))
    assert t.table.spoken(t.find("panel/0")) == ("Your area", "your turn, imprisoned, 15 points, captured Shogun")
    st = thief_game()
    t = Shown(qtbot, st)
    assert t.find("groove/button/roll") is t.table.button_for(Action.make("roll"))
    st.apply(Action.make("roll"))
    st.apply(Action.make("dice", total=8, double=True))
    t = Shown(qtbot, st)
    assert [t.find(f"dice/{i}").value for i in (0, 1)] == [4, 4]
    assert t.table.spoken(t.find("dice/1")) == ("Die", "shows 4, the last roll of the Thief's dice")


def test_the_classic_rules_name_the_mandarin(qtbot):
    t = Shown(qtbot, position("classic", board=board(p1=[P, P], p8=[P], p11=[]), stores=[[S, P], []]))
    # (a rectangle is its owner's house, the classic rules' word)
    assert t.table.spoken(t.find("rectangle/5")) == ("Ada's house", "your side, 1 stone: Mandarin")
    assert t.table.spoken(t.find("captured/0/shogun")) == ("Mandarin", "in your area, captured 1, worth 10")
    assert t.find("square/1") is t.table.place_item(1) and t.find("tray") is None


# --- the focus ring goes zone by zone -----------------------------------------------------------
def test_with_a_stone_picked_the_ring_goes_tray_places_buttons_zone_by_zone(qtbot):
    t = Shown(qtbot, GAME.new_game(2, {}, 1))
    t.table.activate(t.table.tray_item("geisha"))
    stops = t.ring()
    trays = [f"tray/{k}" for k in ("scholar", "merchant", "monk", "geisha", "ghost", "thief", "samurai", "hime")]
    assert stops == trays + [f"square/{n}" for n in range(5)] + ["prompt/button/cancel:choose-another-stone"]
    zones = [zone_of(it) for it in t.table.focusable_items()]
    assert zones == [t.find("tray")] * 8 + [None] * 5 + [t.find("prompt")]
    t.no_name_twice()
    # a sowing: the hand, the places, the prompt's buttons, then the groove's "Turn round"
    t = Shown(qtbot, sowing(["samurai", P, P], pos=1, chosen=("samurai",), p8=[P]))
    t.table.activate(t.table.hand_item("samurai"))
    assert t.ring() == ["hand/peasant", "hand/samurai", "square/2", "prompt/button/plain_rest:sow-the-rest-plainly",
                        "prompt/button/cancel:choose-another-stone", "groove/button/drop:stone=samurai,to=2,turn=True"]


# --- names stay with their things ----------------------------------------------------------------
def test_names_stay_the_same_across_a_move_that_leaves_their_items_where_they_are(qtbot):
    st = position(board=board(p1=[P, P], p3=[P], p8=[P, P, P]), stores=[["monk"], [P]], chosen=[["monk"], ["ghost"]])
    t = Shown(qtbot, st, seat=1)  # (Ben watches Ada sow A2 clockwise: A1 and the west rectangle get a stone)
    before = {n: (type(it), t.table.scene_rect_of(it)) for n, it in t.table.named_items().items()}
    t.play(Action.make("sow", square=1, dir=-1))
    after = {n: (type(it), t.table.scene_rect_of(it)) for n, it in t.table.named_items().items()}
    kept = ["square/3", "square/4", "rectangle/5", "square/8", "panel/0", "panel/1", "captured/0/monk",
            "captured/1/peasant", "chosen/0/monk", "chosen/1/ghost", "prompt"]
    for name in kept:
        assert after[name] == before[name], name
    # the places that changed keep their names, and say what they hold now (Ben decides: his squares light)
    assert after["square/0"] == before["square/0"] and after["rectangle/11"] == before["rectangle/11"]
    assert t.table.spoken(t.find("square/0"))[1] == "Ada's side, 1 stone: Peasant"
    assert t.table.spoken(t.find("rectangle/11"))[1] == "your side, 2 stones: Peasant, Shogun"
    assert t.table.spoken(t.find("square/8"))[1] == "your side, 3 stones: 3 Peasants, may be sown"
    assert t.find("square/1").stones == []
