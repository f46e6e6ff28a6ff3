"""Spheres of Life with all four parts of Gods & Myths, in the app: switched on at the start
screen, played in hotseat by clicking, through a Dawn Phase, with a curtain check at every step."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from test_gui_spheres import play

from tabletop.games.spheres_of_life.cards import card, kind_names
from tabletop.games.spheres_of_life.steps import Step

PARTS = {"godly_heroes": True, "mythical_creatures": True, "godly_abilities": True, "dawn": True}
def hidden_names(state, seat) -> set[str]:
    """The names of the cards ``seat`` may not see now and of which no copy is in sight: the
    deck, what it does not know of the other hands, and the others' face-down sacrifices."""
    view = state.view(seat)
    hidden = set(state.deck)
    for p, hand in enumerate(state.hands):
        if p != seat:
            hidden |= set(hand) - set(view["hands"][p]["known"]) - set(view["hands"][p]["cards"] or [])
    if state.step == Step.SACRIFICE:
        hidden |= {c for p, cs in enumerate(state.dawn.sacrificed) if p != seat for c in cs}
    visible = set(view["hands"][seat]["cards"]) | set(view["discard"]) | set(view["table"])
    visible |= {x for b in view["bank_cards"] for x in b} | {i["card"] for i in view["chain"] if "card" in i}
    visible |= {x for h in view["hands"] for x in h["known"] + (h["cards"] or [])}
    visible |= {x for f in view.get("fields", []) for x in f}
    visible |= {x for cs in view["dawn"]["sacrificed"] for x in (cs or [])}
    visible |= set(view["dawn"]["aside"]) | set(view["dawn"]["out"])
    visible |= {view["effect"]["card"]} if view["effect"].get("card") else set()
    seen = {card(x).name for x in visible}
    if view["effect"].get("want"):
        seen.add(kind_names()[view["effect"]["want"]])
    seen |= {kind_names()[i["action"]["want"]] for i in view["chain"] if i.get("action", {}).get("kind") == "exchange"}
    return {card(x).name for x in hidden} - seen


def test_gui_hotseat_with_every_part_passes_a_dawn_phase_behind_curtains(gui, qtbot):
    gui.start(["human"] * 3, seed=3, options=PARTS, game="spheres-of-life")
    m = gui.match
    assert all(m.options[k] is True for k in PARTS), "the start screen did not switch the parts on"
    c = gui.controller
    rng = random.Random(6)
    curtains = sacrifice_curtains = reveals = 0
    dawn_steps = set()
    for _ in range(3000):
        gui.wait_for_human(timeout=30000)
        if m.is_over():
            break
        state = m.state
        in_dawn = state.step in (Step.SACRIFICE, Step.DAWN_HERO)
        if c.question is not None:
            buttons = gui.screen.curtain.answer_buttons
            shown = " ".join(gui.table.all_items_text())
            assert not any(card(x).name in shown for h in state.hands for x in h if x not in state.discard)
            qtbot.mouseClick(rng.choice(buttons), Qt.MouseButton.LeftButton)
            continue
        if c.curtain_for is not None:
            curtains += 1
            shown = " ".join(gui.table.all_items_text())
            private = {x for h in state.hands for x in h}
            if state.step == Step.SACRIFICE:
                sacrifice_curtains += 1
                private |= {x for cs in state.dawn.sacrificed for x in cs}
            assert not any(card(x).name in shown for x in private), "a private card behind the curtain"
            gui.lift_curtain()
            continue
        assert c.human_to_act()
        seat = c.seat_shown
        shown = " ".join(gui.table.all_items_text())
        for name in hidden_names(state, seat):
            assert name not in shown, f"{name} is on {m.names[seat]}'s screen at {state.step}"
        if in_dawn:
            dawn_steps.add(state.step)
            counts = state.view(seat)["dawn"]["sacrificed_count"]
            assert "THE DAWN" in shown
            for p, n in enumerate(counts):  # everybody sees how many each has laid
                if p != seat and state.step == Step.SACRIFICE and n:
                    assert f"{n} card{'s' if n != 1 else ''} face down" in shown
            if state.step == Step.DAWN_HERO:
                reveals += 1
                assert f"Total {state.dawn.total} of 10" in shown
        legal = m.legal_actions()
        keep = [a for a in legal if not (a.kind == "use" and card(a["card"]).type == "hero")]
        legal = keep or legal  # heroes kept for the Dawn's offers
        if state.step == Step.SACRIFICE and len(state.dawn.sacrificed[seat]) < 2 and len(legal) > 1:
            legal = [a for a in legal if a.kind == "sacrifice"]  # lay a few, so the reveal has cards
        play(gui, rng.choice(legal))
        if dawn_steps == {Step.SACRIFICE, Step.DAWN_HERO} and state.step not in (Step.SACRIFICE, Step.DAWN_HERO):
            break
    assert Step.SACRIFICE in dawn_steps, "no Dawn Phase in the game"
    assert sacrifice_curtains >= 2, "the players did not lay their sacrifices behind the curtain"
    assert curtains > 10
    assert any("The sacrifices are shown" in s for s in m.sentences)  # the log tells the reveal
    assert reveals >= 1  # the reveal was on screen, with the total against 10


def test_the_start_screen_offers_the_four_parts_and_the_dawn_count_only_with_the_dawn(gui):
    ss = gui.window.start_screen
    gui.window.go_to_start()
    ss.game_box.setCurrentIndex(ss.game_box.findData("spheres-of-life"))
    ss.players.setValue(7)
    form = ss.options_form
    for part in PARTS:
        box = ss.option_boxes[part]
        assert form.isRowVisible(box) and box.currentData() is False  # offered, off by default
    assert not form.isRowVisible(ss.option_boxes["dawn_count"])
    ss.option_boxes["dawn"].setCurrentIndex(ss.option_boxes["dawn"].findData(True))
    assert form.isRowVisible(ss.option_boxes["dawn_count"])
    # Purist rules have no heroes and no ability cards: their two parts are not offered then
    ss.option_boxes["purist"].setCurrentIndex(ss.option_boxes["purist"].findData(True))
    assert not form.isRowVisible(ss.option_boxes["godly_heroes"])
    assert not form.isRowVisible(ss.option_boxes["godly_abilities"])
    assert form.isRowVisible(ss.option_boxes["mythical_creatures"])
