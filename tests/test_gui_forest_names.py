"""The Once Upon a Forest table's names and words (docs/architecture.md, "Named zones and
items"): what tests/test_gui_table_names.py's walk does not check -- the words a screen reader
is given after Tab (a card of the hand, a pile, a slot, a player's area), the name of one item
of each kind (a lesson finds it by its name and clicks where the view says it is), that a name
stays with its thing across a move that does not move it, and that a back names no card."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tabletop.engine.game import CHANCE
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.games.forest.card_items import CardItem, PileItem, SlotItem
from tabletop.games.forest.cards import LEVELS, animals_text, card
from tabletop.games.forest.rules import DRAW, GIVE, PLACE, PLAY, play_action
from tabletop.games.forest.table import ForestTable

from table_harness import TableHarness

GAME = get_game("forest")
NAMES = ["Ada", "Ben", "Cleo", "Dara"]


def reach(gui, qtbot, players: int, until, seed: int = 3, first=lambda m: m.legal_actions()[0]) -> Match:
    """A match with Ada (a human) in seat 0 and random bots, played on (``first`` chooses each
    move) until Ada decides in a position where ``until(state)``; shown in the window."""
    seats = [Seat("Ada")] + [Seat(name, "bot", "random") for name in NAMES[1:players]]
    m = Match(GAME, seats, {}, seed=seed)
    for _ in range(600):
        if m.decider() == CHANCE:
            m.resolve_chance()
        elif m.decider() == 0 and until(m.state):
            break
        else:
            m.submit(first(m))
    else:  # pragma: no cover
        raise AssertionError("position not reached")
    gui.window.start_match(m)
    qtbot.waitUntil(lambda: gui.table.view is not None and bool(gui.table.legal), timeout=5000)
    gui.view.setFocus()
    return m


def harness(qtbot, players: int, until, seed: int = 3, chooser=lambda s, legal: legal[0]) -> TableHarness:
    """The table alone (no window), showing seat 0 where ``until(state)`` first holds (the state
    is the harness's ``state``)."""
    state = GAME.new_game(players, {}, seed)
    for _ in range(600):
        if until(state):
            break
        state.apply(chooser(state, state.legal_actions()))
    else:  # pragma: no cover
        raise AssertionError("position not reached")
    t = TableHarness(qtbot, ForestTable(GAME, NAMES[:players]), state, 0)
    t.state = state
    return t


def heard(gui) -> tuple[str, str]:
    return gui.view.accessibleName(), gui.view.accessibleDescription()


def slot_words(player_words: str, slot: SlotItem) -> tuple[str, str]:
    """What a slot should be called and where it lies, worked out from what it holds."""
    where = f"in {player_words} forest, tree {slot.tree + 1}, {LEVELS[slot.row]}"
    if slot.stack:
        return card(slot.stack[-1]).name, where
    return ("New tree" if slot.new_tree else "Empty slot"), where


# --- what a screen reader hears after Tab -----------------------------------------------------
def test_tab_to_a_card_of_the_hand_says_its_name_then_your_hand_its_level_and_animals(gui, qtbot):
    reach(gui, qtbot, 2, lambda s: s.stage == PLAY)
    qtbot.keyClick(gui.view, Qt.Key.Key_Tab)
    item = gui.table.focused_item()
    assert isinstance(item, CardItem) and item.role == "hand"
    c = card(item.card_id)
    name, about = heard(gui)
    assert name == c.name
    assert about.startswith(f"in your hand, {LEVELS[c.level]}")
    if c.animals:
        assert animals_text(c.species, c.animals) in about
    assert ("chainsaw" in about) == c.chainsaw
    # the next card is said in its turn
    qtbot.keyClick(gui.view, Qt.Key.Key_Tab)
    second = gui.table.focused_item()
    assert second is not item and heard(gui)[0] == card(second.card_id).name


def test_tab_to_a_pile_says_its_number_its_size_and_the_level_on_top(gui, qtbot):
    m = reach(gui, qtbot, 2, lambda s: s.stage == DRAW)
    qtbot.keyClick(gui.view, Qt.Key.Key_Tab)
    qtbot.keyClick(gui.view, Qt.Key.Key_Tab)
    item = gui.table.focused_item()
    assert isinstance(item, PileItem)
    pile = m.state.view(0)["piles"][item.index]
    assert heard(gui) == (f"Pile {item.index + 1}",
                          f"{pile['size']} cards; the top card is a {LEVELS[pile['top_level']]} card")


def test_a_card_chosen_by_enter_moves_the_ring_to_a_slot_that_is_said_by_tree_and_row(gui, qtbot):
    reach(gui, qtbot, 2, lambda s: s.stage == PLAY)
    qtbot.keyClick(gui.view, Qt.Key.Key_Tab)
    chosen = gui.table.focused_item().card_id
    qtbot.keyClick(gui.view, Qt.Key.Key_Return)
    slot = gui.table.focused_item()
    assert isinstance(slot, SlotItem) and slot.row == card(chosen).level and slot.player == 0
    name, about = heard(gui)
    words, where = slot_words("your", slot)
    assert name == words and about.startswith(where)


def test_a_card_to_give_moves_the_ring_to_the_players_forests_said_with_their_score(gui, qtbot):
    reach(gui, qtbot, 3, lambda s: s.stage == GIVE)
    qtbot.keyClick(gui.view, Qt.Key.Key_Tab)
    qtbot.keyClick(gui.view, Qt.Key.Key_Return)
    panel = gui.table.focused_item()
    assert panel is gui.table.player_item(1)
    total = gui.table.view["scores"][1]["total"]
    assert heard(gui) == ("Ben's forest", f"score {total:+d}" if total else "score 0")
    qtbot.keyClick(gui.view, Qt.Key.Key_Tab)
    assert heard(gui)[0] == "Cleo's forest"


# --- a name for each kind of thing --------------------------------------------------------------
def test_each_kind_of_thing_on_the_table_is_found_by_its_name(qtbot):
    t = harness(qtbot, 3, lambda s: s.stage == PLAY and s.turn == 0)
    table = t.scene
    hand = table.hand_items()
    assert table.find("hand/0") is table.layout.hand_zone
    for item in hand:
        assert table.find(f"card/{item.card_id}") is item
    back = table.find("hand/1/back/0")
    assert back is not None and back.card_id is None and table.layout.owner_of_back(back) == 1
    assert table.find("hand/2") in table.layout.panel_zones[2].members()
    assert table.find("slot/0/0/2") is table.slot_item(0, 0, 2)
    assert table.find("slot/2/0/3") is table.slot_item(2, 0, 3)
    assert table.find("pile/4") is table.pile_item(4)
    assert table.find("panel/0") is table.player_item(0) and table.find("panel/2") is table.player_item(2)
    assert table.find("instruction") is table.layout.instruction
    assert table.find("pile/5") is None and table.find("slot/3/0/0") is None


def test_the_card_given_and_waiting_to_be_placed_is_named_by_its_card_and_says_who_gave_it(qtbot):
    def chooser(s, legal):
        if s.stage == GIVE and s.turn != 0:
            return next(a for a in legal if a["to"] == 0)
        return legal[0]

    t = harness(qtbot, 3, lambda s: s.stage == PLACE and s.pending_to == 0, seed=4, chooser=chooser)
    table = t.scene
    gift = table.pending_item()
    assert table.find(f"card/{gift.card_id}") is gift
    name, about = table.spoken(gift)
    giver = NAMES[table.view["turn"]]
    assert name == card(gift.card_id).name and about.startswith(f"given to you by {giver}, to place, ")


def test_the_solo_compost_and_its_cards_are_named(qtbot):
    t = harness(qtbot, 1, lambda s: len(s.compost) >= 2 and s.stage == PLAY)
    table = t.scene
    assert table.find("compost") is table.compost_item()
    assert table.spoken(table.compost_item()) == ("Compost", f"{len(t.scene.view['compost'])} cards, out of the game")
    for cid in table.view["compost"]:
        item = table.find(f"card/{cid}")
        assert item is not None and item.role == "compost"
        assert table.spoken(item)[1].startswith(f"in the compost, {LEVELS[card(cid).level]}")


def test_a_lesson_clicks_where_the_view_says_a_named_card_and_slot_are(gui, qtbot):
    m = reach(gui, qtbot, 2, lambda s: s.stage == PLAY)
    cid = m.state.hands[0][1]
    tree = 0
    before = len(m.log)
    for name in (f"card/{cid}", f"slot/0/{tree}/{card(cid).level}"):
        qtbot.mouseClick(gui.view.viewport(), Qt.MouseButton.LeftButton, pos=gui.view.rect_of(name).center())
    assert m.log[before] == play_action(cid, tree)


# --- names are stable --------------------------------------------------------------------------
def test_names_stay_with_their_things_across_a_move_that_does_not_move_them(gui, qtbot):
    m = reach(gui, qtbot, 3, lambda s: s.stage == PLAY)
    table = gui.table

    def what(item):
        if isinstance(item, SlotItem):
            return ("slot", item.player, item.tree, item.row)
        return (type(item).__name__, getattr(item, "card_id", None), getattr(item, "index", None),
                getattr(item, "player", None))

    before = {name: what(item) for name, item in table.named_items().items()}
    places = {name: table.scene_rect_of(table.find(name)) for name in before if name.startswith(("slot/", "pile/"))}
    played = m.state.hands[0][0]
    gui.play(play_action(played, 0))
    qtbot.waitUntil(lambda: table.view is not None and table.view["stage"] == GIVE and bool(table.legal), timeout=5000)
    after = {name: what(item) for name, item in table.named_items().items()}
    moved = f"card/{played}"
    assert moved in before and moved not in after  # (it went to a slot: the slot names it now)
    assert table.find(f"slot/0/0/{card(played).level}").stack[-1] == played
    for name, thing in before.items():
        if name != moved:
            assert after.get(name) == thing, name
    for name, rect in places.items():  # the places stay where they are
        assert table.scene_rect_of(table.find(name)) == rect, name


# --- what a seat may not see ------------------------------------------------------------------
def test_a_back_is_a_hidden_card_of_a_level_and_never_its_name(qtbot):
    t = harness(qtbot, 3, lambda s: s.stage == PLAY and s.turn == 0)
    table = t.scene
    secret = {card(c).name for p in (1, 2) for c in t.state.hands[p]}
    backs = [item for item in table.named_items().values() if isinstance(item, CardItem) and item.card_id is None]
    assert len(backs) == len(t.state.hands[1]) + len(t.state.hands[2])
    for item in backs:
        words, about = table.spoken(item)
        assert words == "A hidden card"
        assert about == f"in {NAMES[table.layout.owner_of_back(item)]}'s hand, {LEVELS[item.level]}"
        assert not any(name in words or name in about for name in secret)


@pytest.mark.parametrize("watching", [False, True])
def test_a_watched_seat_is_called_by_its_name_and_a_played_one_you(qtbot, watching):
    t = harness(qtbot, 2, lambda s: s.stage == PLAY and s.turn == 0)
    table = t.scene
    table.watching = watching
    table.show_view(table.view, table.legal)
    assert table.spoken(table.player_item(0))[0] == ("Ada's forest" if watching else "Your forest")
    whose = "Ada's" if watching else "your"
    assert table.spoken(table.hand_item(0))[1].startswith(f"in {whose} hand, ")
    assert table.spoken(table.slot_item(0, 0, 0))[1].startswith(f"in {whose} forest, tree 1, Ground")
    assert table.spoken(table.player_item(1))[0] == "Ben's forest"
