"""The Spheres of Life table with Gods & Myths: heroes, Fields, banked Mythical sets, the marks
on the cards, the Dawn card's arrival and the Dawn Phase, drawn from one seat's view and played by
clicks."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from test_spheres_table import Table  # noqa: E402

from tabletop.engine.actions import Action  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.spheres_of_life.cards import card  # noqa: E402
from tabletop.games.spheres_of_life.words import mythical_bonus  # noqa: E402
from tabletop.games.spheres_of_life.steps import Move, Step  # noqa: E402

G = get_game("spheres-of-life")
ALL = {"godly_heroes": True, "mythical_creatures": True, "godly_abilities": True, "dawn": True}


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


def position(**kw):
    doc = {"players": 3, "phase": "dream", "leader": 0, "hands": [[], [], []], "options": dict(ALL),
           "deck": ["swan1", "swan2", "swan3"]}
    doc.update(kw)
    return G.from_position(doc)


def words(t: Table) -> str:
    return " ".join(t.table.all_items_text())


def dawn_state(**kw):
    """A Night with a Dawn card set aside from its open cards; the phase then ends."""
    doc = dict(phase="night", begin=True, hands=[["owl1", "owl2", "owl3", "bat1"], ["deer1", "fire1"], ["rat1"]],
               deck=["swan1", "swan2", "swan3", "dawn1", "lynx1", "lynx2"], phases_done=4,
               heroes=[["druid1", "god_of_war"], ["warrior1"], ["paladin1"]])
    doc.update(kw)
    return position(**doc)


def test_heroes_fields_and_banked_mythical_sets_are_drawn_for_every_seat(qtbot):
    state = position(heroes=[["druid1", "god_of_war"], ["warrior1", "goddess_of_mercy"], ["paladin1"]],
                     used=["god_of_war"], fields=[["hades1"], ["laurel1", "shield2"], []],
                     bank_cards=[["phoenix1", "phoenix2", "phoenix3"],
                                              ["kraken1", "kraken2", "kraken3", "deer1", "deer2", "deer3"], []], hands=[["owl1"], ["bat1"], ["rat1"]])
    t = Table(qtbot, state, 0)
    shown = words(t)
    for hero in ("Druid", "God of War (used)", "Warrior", "Goddess of Mercy", "Paladin"):
        assert hero in shown, hero
    for c in ("hades1", "laurel1", "shield2"):
        assert f"In the Field: {card(c).name}" in shown
    assert f"Noble Phoenix ◉ {mythical_bonus('phoenix')}" in shown and "+1 card every Day" in shown
    assert f"Kraken ◉ {mythical_bonus('kraken')}" in shown and "others -2 points" in shown
    assert mythical_bonus("deer") == ""  # a base species has no bonus
    # the rows of a panel do not overlap: heroes, Field, hand
    panel = t.table.opponent_item(1).card_scene_rect()
    back = t.table.back_item(1, 0).card_scene_rect()
    assert panel.contains(back)


@pytest.mark.parametrize("players", [6, 7])
def test_with_many_players_two_heroes_fit_their_panel_without_overlapping(qtbot, players):
    heroes = [["druid1", "god_of_war"], ["warrior1", "goddess_of_mercy"], ["paladin1", "god_of_plenty"],
              ["druid2", "god_of_hunt"], ["warrior2", "god_of_thunder"], ["paladin2", "goddess_of_night"],
              ["god_of_wind", "goddess_of_forest"]][:players]
    hands = [["owl1"], ["bat1", "bat2"], ["rat1"], ["deer1"], ["lynx1"], ["wolf1"], ["toad1"]][:players]
    state = position(players=players, heroes=heroes, hands=hands, fields=[["hades1"]] + [[]] * (players - 1))
    t = Table(qtbot, state, 0)
    chips = [it for it in t.table.items() if it.toolTip().startswith(("God", "Druid", "Warrior", "Paladin"))]
    for p in range(1, players):
        panel = t.table.opponent_item(p).card_scene_rect()
        mine = [c for c in chips if panel.contains(c.card_scene_rect().center())]
        assert len(mine) == 2
        a, b = sorted((c.card_scene_rect() for c in mine), key=lambda r: (r.y(), r.x()))
        assert panel.contains(a) and panel.contains(b) and not a.adjusted(1, 1, -1, -1).intersects(b)
        if players == 7:  # (narrow panels: one under the other)
            assert b.y() >= a.bottom() - 1
        assert panel.contains(t.table.back_item(p, 0).card_scene_rect())


def test_creatures_prolonged_cards_and_godly_heroes_carry_their_marks(qtbot):
    state = position(hands=[["phoenix1", "hades1", "owl1"], [], []])
    t = Table(qtbot, state, 0)
    t.view.viewport().repaint()
    t.view.grab()  # (painted: the items note what they drew)
    items = {h.card_id: h for h in t.table.hand_items()}
    assert "Mythical" in items["phoenix1"].texts() and "Banked: you draw one card more" in items["phoenix1"].toolTip()
    assert "Prolonged" in items["hades1"].texts()
    assert "Mythical" not in items["owl1"].texts() and "Noble" in items["owl1"].texts()


def test_a_prolonged_card_goes_into_the_field_by_a_button(qtbot):
    state = position(hands=[["hades1", "owl1"], ["bat1"], ["rat1"]])
    while state.step != Step.BONUS:
        state.apply(Action.make("pass"))
    t = Table(qtbot, state, 0)
    button = t.table.button_for(Action.make(Move.ACTIVATE, card="hades1"))
    assert button is not None and button.text == "Put Orb of Hades in your Field"
    t.click(button)
    assert t.emitted == [Action.make(Move.ACTIVATE, card="hades1")]


def test_an_apple_against_a_field_card_names_the_card_and_its_owner(qtbot):
    state = position(hands=[["apple1"], ["bat1"], ["rat1"]], fields=[[], ["laurel1"], ["shield1"]])
    t = Table(qtbot, state, 0)
    t.click(next(b for b in t.table.layout.buttons if b.kind == "menu:use:apple1"))
    texts = [b.text for b in t.table.choice_items()]
    assert "Apple of Life: remove Laurel Crown from Ben's Field" in texts
    assert "Apple of Life: remove Shield of Faith from Cleo's Field" in texts


def test_the_dawn_card_coming_up_is_noticed_and_waits_beside_the_phase(qtbot):
    before = dawn_state(deck=["swan1", "swan2", "swan3", "lynx1", "lynx2", "lynx3"])  # no Dawn card yet
    state = dawn_state()
    t = Table(qtbot, before, 0)
    said = []
    t.table.status.connect(said.append)
    t.table.show_view(state.view(0), state.legal_actions() if state.decider() == 0 else [])
    assert any("A Dawn card came up" in s for s in said)
    assert "Dawn after this phase" in words(t)
    assert "dawn1" in [it.card_id for it in t.table.items() if getattr(it, "role", None) == "dawn"]
    said.clear()
    t.table.show_view(state.view(0), [])  # the same Dawn card again: no second notice
    assert not said


def test_the_dawn_phase_shows_counts_face_down_then_the_reveal_and_the_total(qtbot):
    state = dawn_state()
    state._end_phase()
    leader = state.leader
    other = (leader + 1) % 3
    state.apply(Action.make(Move.SACRIFICE, card=state.hands[leader][0]))
    laid = state.dawn.sacrificed[leader][0]
    t = Table(qtbot, state, other)
    shown = words(t)
    assert "THE DAWN" in shown and "1 card face down" in shown and "hidden until everybody" in shown
    assert "(yours" not in shown  # nobody else's cards are named while they are laid
    assert laid not in [it.card_id for it in t.table.items() if getattr(it, "role", None) == "sacrifice"]
    # the one who laid it sees it, named
    t2 = Table(qtbot, state, leader)
    assert f"(yours: {card(laid).name})" in words(t2)
    # a sacrifice is one click on a card of the hand
    while state.decider() != other:
        state.apply(Action.make(Move.DONE))
    t3 = Table(qtbot, state, other)
    c = state.hands[other][0]
    t3.click(t3.table.hand_card_item(c))
    assert t3.emitted == [Action.make(Move.SACRIFICE, card=c)]


def test_after_the_reveal_every_card_and_the_total_are_shown_and_a_hero_may_be_added(qtbot):
    state = dawn_state(hands=[["owl1", "owl2", "bat1"], ["deer1"], ["rat1"]], leader=0)
    state._end_phase()
    for c in ("owl1", "owl2"):
        state.apply(Action.make(Move.SACRIFICE, card=c))
    while state.step == Step.SACRIFICE:
        state.apply(Action.make(Move.DONE))
    assert state.step == Step.DAWN_HERO and state.decider() == 0 and state.dawn.total == 4
    t = Table(qtbot, state, 0)
    shown = words(t)
    assert "Noble Owl, Noble Owl" in shown and "Total 4 of 10 — 6 short" in shown
    # a row the board cuts short still tells its whole list when pointed at
    assert any(it.toolTip() == "Noble Owl, Noble Owl" for it in t.table.items())
    add = t.table.button_for(Action.make(Move.SACRIFICE, card="god_of_war"))
    assert add is not None and add.text == "Add God of War (+5)"
    t.click(add)
    assert t.emitted == [Action.make(Move.SACRIFICE, card="god_of_war")]


def test_each_dawn_row_says_whether_its_player_is_laying_still_to_lay_or_done(qtbot):
    """Issue 29 (9): a player who laid nothing reads "nothing", not "none yet"; "laying…" is
    only the row of the player choosing now, and the players after them are still to lay."""
    state = dawn_state()
    state._end_phase()
    first, second, third = [(state.leader + k) % 3 for k in range(3)]
    state.apply(Action.make(Move.DONE))  # the first to lay sacrifices nothing
    t = Table(qtbot, state, third)
    assert "none yet" not in words(t)
    assert dawn_rows(t) == {first: "nothing", second: "laying…", third: "still to lay"}
    state.apply(Action.make(Move.SACRIFICE, card=state.hands[second][0]))
    assert dawn_rows(Table(qtbot, state, third)) == {first: "nothing", second: "1 card face down, laying…",
                                                     third: "still to lay"}


def dawn_rows(t: Table) -> dict[int, str]:
    """Each player's words on the Dawn board, by seat."""
    return {it.dawn_row: it.toolTip() for it in t.table.items() if hasattr(it, "dawn_row")}


def gauge_words(t: Table) -> str:
    t.view.viewport().grab()  # (painted as on screen: the drawing kept for the gauge is used)
    gauge = next(it for it in t.table.items() if "dawn-gauge" in str(getattr(it, "key", "")))
    return " ".join(gauge.texts())


def test_the_dawn_gauge_is_drawn_again_when_its_total_changes_on_the_same_table(qtbot):
    """Issue 29 (1): the gauge's drawing was kept by its size alone, so the table went on showing
    "hidden until everybody has laid" after the reveal. One table, walked through a Dawn Phase:
    at each step the gauge says what that step's view holds."""
    state = dawn_state()
    state._end_phase()
    seat = state.leader
    t = Table(qtbot, state, seat)
    seen = []
    while state.step in (Step.SACRIFICE, Step.DAWN_HERO):
        t.table.show_view(state.view(seat), state.legal_actions() if state.decider() == seat else [])
        total = state.view(seat)["dawn"]["total"]
        said = gauge_words(t)
        if total is None:
            assert "hidden until everybody" in said and "Total " not in said
        else:
            assert f"Total {total} of 10" in said and "hidden" not in said
        seen.append(total)
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.kind == Move.SACRIFICE), legal[0]))
    assert None in seen and any(s is not None for s in seen)  # (both sides of the reveal were drawn)
