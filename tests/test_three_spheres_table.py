"""The Three Spheres TCG table on its own, from positions: real items clicked, dragged and keyed
in a 1366x768 view, and what the table emits."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QKeyEvent  # noqa: E402
from PySide6.QtWidgets import QGraphicsView  # noqa: E402

from tabletop.engine.actions import Action  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.three_spheres.cards import info  # noqa: E402
from tabletop.games.three_spheres.animation import places  # noqa: E402
from tabletop.games.three_spheres.steps import Move, Step  # noqa: E402
from tabletop.games.three_spheres.table import ThreeSpheresTable  # noqa: E402
from tabletop.games.three_spheres.words import n_cards, signed  # noqa: E402

from three_spheres_positions import position  # noqa: E402

G = get_game("three-spheres")
NAMES = ["Ada", "Ben"]


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


class Table:
    def __init__(self, qtbot, state, seat=0, animations=False):
        self.table = ThreeSpheresTable(G, NAMES)
        self.table.set_animations(animations)
        self.view = QGraphicsView(self.table)
        self.table.setParent(self.view)  # (the view owns the scene: see table_harness.py)
        self.view.resize(1366, 768)
        qtbot.addWidget(self.view)
        self.view.show()
        self.view.fitInView(self.table.sceneRect(), Qt.KeepAspectRatio)
        self.emitted, self.said = [], []
        self.table.action_chosen.connect(self.emitted.append)
        self.table.status.connect(self.said.append)
        self.qtbot = qtbot
        self.show(state, seat)

    def show(self, state, seat=0, last=None):
        legal = state.legal_actions() if state.decider() == seat else []
        self.table.show_view(state.view(seat), legal, last)

    def point(self, item, at=None):
        return self.view.mapFromScene(at if at is not None else item.card_scene_rect().center())

    def click(self, item, at=None):
        assert item is not None
        self.qtbot.mouseClick(self.view.viewport(), Qt.LeftButton, pos=self.point(item, at))

    def key(self, key):
        self.table.keyPressEvent(QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier))

    def texts(self):
        return " ".join(self.table.all_items_text())


SPEND = Move.SPEND


def test_a_hand_card_then_a_world_top_spends_it_there(qtbot):
    t = Table(qtbot, position())
    oak = t.table.space_item(0)
    assert oak.card_id == "elder_oak.a10" and not oak.highlighted
    t.click(oak)  # nothing chosen yet: a World card alone means nothing
    assert t.emitted == [] and "hand first" in t.said[-1]
    t.click(t.table.hand_card_item("silver_leaf.a1"))
    assert t.table.choosing.selected == "silver_leaf.a1" and t.table.hand_card_item("silver_leaf.a1").selected_
    oak = t.table.space_item(0)
    assert oak.highlighted and t.table.space_item(4).highlighted  # either side of the World
    assert t.table.card_item("first_tree.a20").highlighted  # one's own Discovery spread
    assert not t.table.card_item("grave_crow.b20").highlighted  # not the opponent's
    t.click(t.table.card_item("grave_crow.b20"))
    assert t.emitted == []
    t.click(oak)
    assert t.emitted == [Action.make(SPEND, card="silver_leaf.a1", target="elder_oak.a10")]


def test_what_was_paid_shows_on_the_target_and_in_the_prompt(qtbot):
    t = Table(qtbot, position(paid={"elder_oak.a10": 2}, discount=1))
    assert t.table.space_item(0).note == "paid 2 of 5"
    assert "2 paid toward buying Elder Oak (costs 5)" in t.texts()
    assert "Discount: the next buy costs 1 less" in t.texts()


def test_what_the_opponent_paid_into_their_discovery_card_shows_on_it(qtbot):
    state = position(turn=1, discovery=[["first_tree.a20"], ["fen_hag.b20", "grave_crow.b21"]],
                     paid={"fen_hag.b20": 2})
    t = Table(qtbot, state, seat=0)
    item = t.table.card_item("fen_hag.b20")
    assert item is not None and item.note == f"paid 2 of {info('fen_hag.b20').cost}"
    assert t.table.card_item("grave_crow.b21").note == ""


def test_a_spent_card_says_where_its_resources_went(qtbot):
    state = position()
    state.apply(Action.make(SPEND, card="silver_leaf.a1", target="old_willow.a11"))
    t = Table(qtbot, state)
    assert t.table.card_item("silver_leaf.a1").note == "spent → Old Willow"
    t.show(state, 1)  # the opponent sees it too
    assert t.table.card_item("silver_leaf.a1").note == "spent → Old Willow"


def test_a_card_under_the_top_of_a_stack_cannot_be_clicked(qtbot):
    state = position(spaces=[["elder_oak.a10"], [], [], ["old_willow.b10", "hex_doll.b11"], [], []])
    t = Table(qtbot, state)
    t.click(t.table.hand_card_item("silver_leaf.a1"))
    under = t.table.card_item("old_willow.b10")
    top = t.table.space_item(3)
    assert top.card_id == "hex_doll.b11" and top.highlighted and not under.highlighted
    assert under.card_scene_rect().top() < top.card_scene_rect().top()  # it peeks out above the top card
    assert under not in t.table.focusable_items()
    peek = QPointF(under.card_scene_rect().center().x(), under.card_scene_rect().top() + 2)
    t.click(under, peek)
    assert t.emitted == []
    assert "A stack of 2 cards: only the top one can be taken" in t.texts()
    t.click(t.table.hand_card_item("silver_leaf.a1"))  # (the click on the peek let go of nothing)
    t.click(t.table.hand_card_item("silver_leaf.a1"))
    t.click(t.table.space_item(3))
    assert t.emitted == [Action.make(SPEND, card="silver_leaf.a1", target="hex_doll.b11")]


def test_a_stacks_count_sits_low_on_its_top_card_clear_of_the_title_and_the_persist_tag(qtbot):
    state = position(spaces=[["elder_oak.a10"], [], [], ["hex_doll.b10", "cedar_mancala.b11"], [], []])
    t = Table(qtbot, state)
    top = t.table.space_item(3).card_scene_rect()
    marks = [i for i in t.table.items() if i.isVisible() and i.toolTip().startswith("A stack of 2")]
    assert len(marks) == 1
    mark = marks[0].sceneBoundingRect()
    assert top.contains(mark.adjusted(4, 4, -4, -4)), (top, mark)  # (4: the item's margin)
    assert mark.top() >= top.top() + 0.35 * top.height()  # below the title band and the Persist tag


def test_the_opponents_hand_is_backs_only_and_its_cards_are_nowhere_in_words(qtbot):
    state = position()
    t = Table(qtbot, state, seat=0)
    backs = t.table.opponent_backs()
    assert len(backs) == 2 and all(b.card_id is None for b in backs)
    assert "Hand: 2 cards" in t.texts()
    text = t.texts()
    for c in state.hand[1]:
        assert c not in text and info(c).name not in text
    assert "silver_leaf.a1" in text and "Silver Leaf" in text  # one's own hand is face up
    # the other seat sees it the other way round
    t1 = Table(qtbot, state, seat=1)
    text1 = t1.texts()
    assert "Ronin Stone" in text1 and all(c not in text1 for c in state.hand[0])
    assert all(info(c).name not in text1 for c in state.hand[0])
    t.table.show_nothing()
    assert t.table.all_items_text() == [] and t.table.items() == []


def test_play_it_is_offered_for_a_card_with_an_ability_and_plays_it(qtbot):
    t = Table(qtbot, position())
    play = Action.make(Move.PLAY, card="moss_sprout.a2")
    assert t.table.button_for(play) is None  # not before the card is chosen
    t.click(t.table.hand_card_item("silver_leaf.a1"))  # no ability: no Play button
    assert not any(b.text.startswith("Play") for b in t.table.choice_items())
    t.click(t.table.hand_card_item("moss_sprout.a2"))
    button = t.table.button_for(play)
    assert button is not None and button.text == "Play Moss Sprout"
    t.click(button)
    assert t.emitted == [play]


def test_end_turn_and_cancel(qtbot):
    t = Table(qtbot, position())
    t.click(t.table.hand_card_item("moss_sprout.a2"))
    cancel = next(b for b in t.table.layout.buttons if b.text == "Cancel")
    t.click(cancel)
    assert t.table.choosing.selected is None and t.emitted == []
    t.click(t.table.button_for(Action.make(Move.END)))
    assert t.emitted == [Action.make(Move.END)]


def test_a_free_buy_is_a_click_on_the_card(qtbot):
    t = Table(qtbot, position(discount=5))
    oak = t.table.space_item(1)  # Old Willow costs 5: free
    assert oak.note == "free: click to buy" and oak.highlighted
    t.click(oak)
    assert t.emitted == [Action.make(Move.BUY, target="old_willow.a11")]


def test_dragging_a_hand_card_onto_a_target_spends_it(qtbot):
    t = Table(qtbot, position())
    card = t.table.hand_card_item("glade_stag.a3")
    target = t.table.card_item("canopy_spirit.a21")
    start, end = t.point(card), t.point(target)
    vp = t.view.viewport()
    qtbot.mousePress(vp, Qt.LeftButton, pos=start)
    for k in range(1, 6):
        qtbot.mouseMove(vp, start + (end - start) * k / 5)
    qtbot.mouseRelease(vp, Qt.LeftButton, pos=end)
    assert t.emitted == [Action.make(SPEND, card="glade_stag.a3", target="canopy_spirit.a21")]


def test_dropping_a_card_on_the_felt_spends_nothing(qtbot):
    t = Table(qtbot, position())
    card = t.table.hand_card_item("glade_stag.a3")
    start = t.point(card)
    end = start + QPoint(0, -60)  # the felt between the hand and the cards in play
    vp = t.view.viewport()
    qtbot.mousePress(vp, Qt.LeftButton, pos=start)
    for k in range(1, 6):
        qtbot.mouseMove(vp, start + (end - start) * k / 5)
    qtbot.mouseRelease(vp, Qt.LeftButton, pos=end)
    assert t.emitted == [] and t.table.hand_card_item("glade_stag.a3") is not None


def test_resources_of_an_ability_go_where_a_lit_card_is_clicked_or_are_let_go(qtbot):
    state = position()
    state.apply(Action.make(Move.PLAY, card="glade_stag.a3"))  # draw 1, then gain 1 resource
    assert state.step == Step.RESOURCES
    t = Table(qtbot, state)
    assert "1 resource from Glade Stag" in t.texts()
    assert t.table.space_item(4).highlighted and t.table.card_item("first_tree.a20").highlighted
    t.click(t.table.space_item(4))
    assert t.emitted == [Action.make(Move.ASSIGN, target="fen_hag.b11")]
    done = t.table.button_for(Action.make(Move.DONE))
    assert done is not None and done.text == "Let them go"


def test_a_trash_from_the_discard_lays_its_cards_out_to_click(qtbot):
    state = position(hand=[["grave_crow.a1", "silver_leaf.a2"], []],
                     discard=[["moss_sprout.a8", "fern_hollow.a9", "moss_sprout.a13"], []])
    state.apply(Action.make(Move.PLAY, card="grave_crow.a1"))
    assert state.step == Step.TRASH
    t = Table(qtbot, state)
    picker = t.table.layout.picker
    # every copy laid out (two Moss Sprouts are two cards), each lit; either copy trashes a Moss Sprout
    assert sorted(p.card_id for p in picker) == ["fern_hollow.a9", "moss_sprout.a13", "moss_sprout.a8"]
    assert all(p.highlighted for p in picker)
    t.click(next(p for p in picker if p.card_id == "fern_hollow.a9"))
    assert t.emitted == [Action.make(Move.TRASH, card="fern_hollow.a9")]
    t.click(next(p for p in picker if p.card_id == "moss_sprout.a13"))
    assert t.emitted[-1].kind == Move.TRASH and t.emitted[-1]["card"].startswith("moss_sprout.")
    assert t.table.button_for(Action.make(Move.DONE)).text == "Done: trash no more"


def test_a_flipped_card_goes_on_the_stack_clicked(qtbot):
    # the Realm runs out at the turn end: the discard is shuffled, so Ada flips onto Ben's full side
    state = position(realm=[[], ["lucky_pebble.b5"]], discard=[["fern_hollow.a6", "pollen_sprite.a7"], []],
                     spaces=[["elder_oak.a10"], [], [], ["hex_doll.b10"], ["fen_hag.b11"], ["marsh_light.b13"]])
    state.apply(Action.make(Move.END))
    assert state.step == Step.FLIP_SPACE
    t = Table(qtbot, state)
    lit = [i for i in range(6) if t.table.space_item(i) is not None and t.table.space_item(i).highlighted]
    assert lit == [3, 4, 5]
    assert "Wild Hunt is flipped" in t.texts()
    t.click(t.table.space_item(0))
    assert t.emitted == []
    t.click(t.table.space_item(4))
    assert t.emitted == [Action.make(Move.SPACE, space=4)]


def test_a_copy_lights_the_other_cards_in_play_and_copies_the_one_clicked(qtbot):
    state = position(hand=[["changeling.a1", "silver_leaf.a2"], []],
                     in_play=[["glade_stag.a3", "lucky_pebble.a4", "hex_doll.a8"], []])
    state.apply(Action.make(Move.PLAY, card="changeling.a1"))
    assert state.step == Step.COPY
    t = Table(qtbot, state)
    assert "Click another card you have in play to copy its ability." in t.texts()
    lit = {c for c in ("glade_stag.a3", "lucky_pebble.a4", "hex_doll.a8", "changeling.a1")
           if t.table.card_item(c) is not None and t.table.card_item(c).highlighted}
    assert lit == {"glade_stag.a3", "lucky_pebble.a4"}  # not itself, not an activated ability
    t.click(t.table.card_item("hex_doll.a8"))
    assert t.emitted == []
    t.click(t.table.card_item("glade_stag.a3"))
    assert t.emitted == [Action.make(Move.COPY, card="glade_stag.a3")]


def test_keys_choose_a_card_by_its_digit_then_tab_and_enter_spend_it(qtbot):
    t = Table(qtbot, position())
    t.key(Qt.Key.Key_1)  # the first card of the hand: Silver Leaf
    assert t.table.choosing.selected == "silver_leaf.a1"
    focused = t.table.focused_item()
    assert focused is not None and focused.highlighted and focused.role != "hand"  # the ring went to a target
    t.key(Qt.Key.Key_Escape)
    assert t.table.choosing.selected is None and t.emitted == []
    t.key(Qt.Key.Key_1)
    target = t.table.focused_item()
    t.key(Qt.Key.Key_Return)
    assert t.emitted == [Action.make(SPEND, card="silver_leaf.a1", target=target.card_id)]


def test_while_the_opponent_decides_nothing_is_clickable(qtbot):
    t = Table(qtbot, position(turn=1), seat=0)
    assert t.table.legal == [] and "Waiting for Ben" in t.texts()
    t.click(t.table.hand_card_item("silver_leaf.a1"))
    assert t.emitted == [] and t.table.choosing.selected is None and "Ben is deciding" in t.said[-1]


def test_a_hint_outlines_the_card_of_the_hand_and_its_target(qtbot):
    t = Table(qtbot, position())
    spend = Action.make(SPEND, card="glade_stag.a3", target="first_tree.a20")
    t.table.show_hint(spend)
    assert t.table.hand_card_item("glade_stag.a3").hinted and t.table.card_item("first_tree.a20").hinted
    assert t.said[-1] == "Hint: Spend Glade Stag on The First Tree."
    t.table.show_hint(Action.make(Move.END))
    assert t.table.button_for(Action.make(Move.END)).hinted


def test_a_spectator_sees_both_hands_as_backs(qtbot):
    state = position()
    t = Table(qtbot, state, seat=None)
    text = t.texts()
    assert t.table.hand_items() == [] and all(c not in text for p in (0, 1) for c in state.hand[p])
    assert t.table.discard_pile(0) is not None and t.table.discard_pile(1) is not None


def over_state():
    """A finished game: the end was triggered and Ben's turn evens the round."""
    state = position(turn=1, first=0, turns=[3, 2], end_triggered=True,
                     hand=[["dryads_circle.a1", "elder_oak.a2", "moss_sprout.a3"], ["lord_of_wisps.b1", "seed_stone.b2"]],
                     discard=[["mossheart_badger.a4", "fern_hollow.a8"], ["wisp.1"]],
                     realm=[["whispering_sapling.a5"], ["lucky_pebble.b5"]])
    state.apply(Action.make(Move.END))
    assert state.step == Step.OVER
    return state


def test_the_end_walks_through_each_collection_in_three_piles_with_the_reasons(qtbot):
    state = over_state()
    walk = state.view(0)["walkthrough"]
    t = Table(qtbot, state)
    text = t.texts()
    assert "The scoring" in text
    for p in (0, 1):
        w = walk[p]
        assert "No points" in text and n_cards(len(w["none"])) in text
        assert f"Fixed points {signed(sum(e['points'] for e in w['fixed']))}" in text and n_cards(len(w["fixed"])) in text
        assert str(w["total"]) in text
    reasons = [e["why"] for p in (0, 1) for e in walk[p]["dynamic"]]
    assert reasons and all(why in text for why in reasons)
    assert any("Forest card" in why for why in reasons)
    # the piles are listed on a click
    pile = t.table.walkthrough.piles[0]
    t.click(pile.top_item)
    assert pile.browser is not None
    assert not t.table.busy()  # without animations it is all there at once


def test_the_walk_through_counts_the_dynamic_cards_one_by_one_and_a_click_shows_the_rest(qtbot):
    state = over_state()
    t = Table(qtbot, state, animations=True)
    steps = t.table.walkthrough.steps
    assert len(steps) >= 3 and t.table.busy()
    assert not any(it.isVisible() for group in steps for it in group)  # the dynamic cards and the totals wait
    qtbot.waitUntil(lambda: steps[0][0].isVisible(), timeout=3000)
    assert not steps[-1][0].isVisible()
    with qtbot.waitSignal(t.table.settled, timeout=1000):
        t.click(t.table.walkthrough.piles[0].top_item)  # a click finishes the walk
    assert all(it.isVisible() for group in steps for it in group) and not t.table.busy()
    # shown again (a redraw of the same end), it is not walked again
    t.show(state)
    assert not t.table.busy()


# --- the base table's defaults: a table made only of zones ---------------------------------------
def test_by_default_a_table_hands_clicks_and_the_focus_ring_to_its_zones(qtbot):
    from PySide6.QtCore import QRectF

    from tabletop.client.table_base import TableScene
    from tabletop.client.zones import PromptZone, SpreadZone
    from tabletop.games.three_spheres.card_items import SpheresTCGCard

    class Bare(TableScene):
        """Writes no choosing at all: the base hands clicks and the focus ring to the zones."""

        def show_view(self, view, legal, last_action=None):
            self.clear()
            self.view = view
            self.set_legal(legal)
            self._focus_index = None
            self.spread = SpreadZone(QRectF(100, 100, 600, 200), ["moss_sprout.a1", ["elder_oak.a2", "old_willow.a3"]],
                                     lambda r, c, i: SpheresTCGCard(r, c, "world"),
                                     action_for=lambda c: Action.make(Move.TAKE, card=c))
            self.prompt = PromptZone(QRectF(900, 100, 400, 300), "Choose", [("Done", Action.make(Move.DONE), "choice")])
            self.addItem(self.spread)
            self.addItem(self.prompt)

    table = Bare(G, NAMES)
    take = Action.make(Move.TAKE, card="old_willow.a3")
    table.show_view({"seat": 0}, [Action.make(Move.TAKE, card="moss_sprout.a1"), take, Action.make(Move.DONE)])
    got = []
    table.action_chosen.connect(got.append)
    tops = table.spread.top_items()
    assert table.focusable_items() == tops + table.prompt.buttons
    table.activate(tops[1])
    assert got == [take]
    table.activate(table.spread.under[0])  # a card under a stack: nothing
    assert got == [take]
    table.keyPressEvent(QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Backtab, Qt.KeyboardModifier.NoModifier))
    table.keyPressEvent(QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier))
    assert got[-1] == Action.make(Move.DONE)
    table.dispose()


# --- the cards that move, animated -----------------------------------------------------------------
def _near(a, b):
    return (a.center() - b.center()).manhattanLength() < 40


def test_a_spent_card_flies_from_the_hand_to_the_cards_in_play(qtbot):
    state = position()
    t = Table(qtbot, state, animations=True)
    was = t.table.hand_card_item("silver_leaf.a1").card_scene_rect()
    spend = Action.make(SPEND, card="silver_leaf.a1", target="elder_oak.a10")
    state.apply(spend)
    t.show(state, 0, last=spend)
    assert [f.card_id for f in t.table.flights.flying] == ["silver_leaf.a1"]
    landing = t.table.card_item("silver_leaf.a1")
    assert _near(t.table.flights.flying[0].card_scene_rect(), was) and landing.opacity() == 0.0
    t.qtbot.waitUntil(lambda: not t.table.flights.flying, timeout=2000)
    assert landing.opacity() == 1.0


def test_a_bought_card_flies_to_the_buyers_discard(qtbot):
    state = position(paid={"elder_oak.a10": 4})
    t = Table(qtbot, state, animations=True)
    space = t.table.space_item(0).card_scene_rect()
    spend = Action.make(SPEND, card="silver_leaf.a1", target="elder_oak.a10")
    state.apply(spend)
    assert "elder_oak.a10" in state.discard[0]
    t.show(state, 0, last=spend)
    flights = {f.card_id: f for f in t.table.flights.flying}
    assert set(flights) == {"silver_leaf.a1", "elder_oak.a10"}
    assert _near(flights["elder_oak.a10"].card_scene_rect(), space)
    assert any(_near(a.endValue(), t.table.layout.spots[("discard", 0)]) for a in t.table._anims)
    t.qtbot.waitUntil(lambda: not t.table.flights.flying, timeout=2000)
    assert t.table._anims == []


def test_the_turns_end_flies_the_draw_from_the_realm_deck_and_the_opponent_sees_backs(qtbot):
    state = position(realm=[["whispering_sapling.a5", "fern_hollow.a6", "pollen_sprite.a7", "moss_sprout.a30",
                             "silver_leaf.a31", "fern_hollow.a32"], ["lucky_pebble.b5", "peasant_stone.b6"]])
    t0 = Table(qtbot, state, seat=0, animations=True)
    t1 = Table(qtbot, state, seat=1, animations=True)
    end = Action.make(Move.END)
    state.apply(end)
    assert state.decider() != -1  # (no reshuffle: the Realm deck holds the five drawn)
    t0.show(state, 0, last=end)
    realm = t0.table.layout.spots[("realm", 0)]
    drawn = [f for f in t0.table.flights.flying if f.card_id in state.hand[0] and f.card_id not in ("silver_leaf.a1", "moss_sprout.a2", "glade_stag.a3")]
    assert drawn and all(_near(f.card_scene_rect(), realm) for f in drawn)
    t1.show(state, 1, last=end)
    faces = [f.card_id for f in t1.table.flights.flying if f.card_id is not None]
    assert {"silver_leaf.a1", "moss_sprout.a2", "glade_stag.a3"} <= set(faces)  # the hand discarded
    assert set(faces) <= set(places(state.view(1)))  # nothing the seat cannot see shows its face
    backs = [f for f in t1.table.flights.flying if f.card_id is None]
    assert len(backs) == state.view(1)["seats"][0]["hand_size"] - 3
    assert all(_near(f.card_scene_rect(), t1.table.layout.spots[("realm", 0)]) for f in backs)


def test_no_flight_without_a_move_with_animations_off_or_for_the_same_view_again(qtbot):
    state = position()
    t = Table(qtbot, state, animations=False)
    spend = Action.make(SPEND, card="silver_leaf.a1", target="elder_oak.a10")
    state.apply(spend)
    t.show(state, 0, last=spend)
    assert t.table.flights.flying == []
    t.table.set_animations(True)
    t.show(state, 0, last=spend)
    assert t.table.flights.flying == []  # nothing moved since
    t.show(position(), 0)  # a new game, no move
    assert t.table.flights.flying == []


def test_a_cards_note_is_painted_over_its_face_which_keeps_one_sprite_whatever_was_paid(qtbot):
    t = Table(qtbot, position(paid={"elder_oak.a10": 2}))
    item = t.table.space_item(0)
    cost = info("elder_oak.a10").cost
    t.view.viewport().grab()
    faces = {k for k in t.table.sprites.entries if k[0][0] == "SpheresTCGCard" and k[0][1][0] == item.kind}
    assert item.note == f"paid 2 of {cost}" and f"paid 2 of {cost}" in item.texts()  # (painted over the face)
    t.show(position(paid={"elder_oak.a10": 3}))
    item = t.table.space_item(0)
    t.view.viewport().grab()
    assert item.note == f"paid 3 of {cost}" and f"paid 3 of {cost}" in item.texts()
    assert f"paid 2 of {cost}" not in item.texts()
    assert {k for k in t.table.sprites.entries if k[0][0] == "SpheresTCGCard" and k[0][1][0] == item.kind} == faces


def _a_move_leaving_my_side_as_it_was(qtbot):
    """A table of a seeded game just after a move of the opponent that left the seated player's
    side showing what it did: (the table, the match)."""
    import random

    from tabletop.engine.game import CHANCE
    from tabletop.engine.match import Match, Seat

    match = Match(G, [Seat(n) for n in NAMES], {}, seed=3)
    rng = random.Random(3)
    t = Table(qtbot, match.state)
    for _ in range(300):
        if match.decider() == CHANCE:
            match.resolve_chance()
            t.show(match.state)
            continue
        mover = match.decider()
        before = t.table.layout._mine_key()
        match.submit(rng.choice(match.legal_actions()))
        t.show(match.state, last=match.log[-1])
        if mover == 1 and t.table.layout._mine_key() == before:
            return t, match
    pytest.fail("no move of the opponent left the seated player's side as it was")


def test_a_side_showing_the_same_is_kept_whole_with_what_the_layout_finds_in_it(qtbot, monkeypatch):
    t, match = _a_move_leaving_my_side_as_it_was(qtbot)
    lay = t.table.layout
    mine = [lay.panels[0], lay.discards[0], *lay.hand, *lay.targets.values()]
    spots = {k: v for k, v in lay.spots.items() if k[1] == 0}
    built = []
    monkeypatch.setattr(type(lay), "_my_side", lambda self, side: built.append(side))
    t.show(match.state, last=match.log[-1])  # (the same view again: both sides the same)
    assert built == []  # nothing of the side made again ...
    again = [lay.panels[0], lay.discards[0], *lay.hand, *lay.targets.values()]
    assert len(again) == len(mine) and all(a is b for a, b in zip(again, mine))  # ... and all found again
    assert {k: v for k, v in lay.spots.items() if k[1] == 0} == spots
    assert t.table.find("pile/discard/0") is lay.discards[0].top_item or lay.discards[0].top_item is None
    assert all(h in t.table.items() for h in lay.hand)


def test_a_piles_open_list_closes_on_a_move_even_when_its_side_is_kept_whole(qtbot):
    t, match = _a_move_leaving_my_side_as_it_was(qtbot)
    pile = t.table.layout.discards[1] if t.table.layout.discards[1].browsable else t.table.layout.discards[0]
    pile.open_browser()
    assert pile.browser is not None and pile.browser.scene() is t.table
    t.show(match.state, last=match.log[-1])  # (a move: here the same view, every side kept)
    pile = [p for p in t.table.layout.piles if p.address == pile.address][0]
    assert pile.browser is None
    assert pile.open_browser().scene() is t.table  # and it opens again
