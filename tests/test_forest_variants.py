"""The project's own variants of Once Upon a Forest: solo (compost) and semi-cooperative."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.game import IllegalAction
from tabletop.engine.registry import get_game
from tabletop.games.forest.bots import determinize, easy_policy
from tabletop.games.forest.cards import card
from tabletop.games.forest.rules import DRAW, GIVE, OVER, compost_action, give_action, play_action, woodland_goal

GAME = get_game("forest")


def tree(*ids):
    t = [[], [], [], []]
    for c in ids:
        t[card(c).level].append(c)
    return t


def solo(**kw):
    doc = {"players": 1, "forests": [[[["G13"], [], [], []]]], "hands": [[]], "piles": [[], [], [], [], []],
           "stage": "play", "turn": 0}
    doc.update(kw)
    return GAME.from_position(doc)


# --- solo ---------------------------------------------------------------------------------
def test_solo_setup_uses_one_start_card_and_puts_the_other_three_in_the_piles():
    state = GAME.new_game(1, {}, 5)
    assert len(state.forests) == 1 and card(state.forests[0][0][0][0]).start
    in_piles = [c for p in state.piles for c in p]
    assert len(in_piles) == 63 and sum(card(c).start for c in in_piles) == 3


def test_solo_composts_the_card_it_would_give_and_draws_back_to_three():
    state = solo(hands=[["F02", "S03", "C04"]], piles=[["G03", "G04"], [], [], [], []])
    state.apply(play_action("F02", 0))
    assert state.stage == GIVE and state.decider() == 0
    assert set(state.legal_actions()) == {compost_action("S03"), compost_action("C04")}
    with pytest.raises(IllegalAction, match="compost"):
        state.apply(give_action("S03", 0))
    state.apply(compost_action("S03"))
    assert state.compost == ["S03"] and state.hands[0] == ["C04"]
    assert state.stage == DRAW and state.decider() == 0
    # issue 17.5: the card was in its player's hand, and nobody else plays: composting shows
    # nobody anything new, so it can be undone
    assert not state.reveals(compost_action("C04"))
    # the compost is public and out of the game: it is not in the forest and never comes back
    view = state.view(0)
    assert view["compost"] == ["S03"]
    sampled = determinize(view, random.Random(1))
    assert sampled.compost == ["S03"] and "S03" not in [c for p in sampled.piles for c in p]


def test_solo_game_ends_when_everything_is_drawn_played_or_composted():
    state = GAME.new_game(1, {}, 9)
    rng = random.Random(2)
    while state.decider() is not None:
        state.apply(rng.choice(state.legal_actions()))
    placed = sum(len(s) for t in state.forests[0] for s in t)
    assert state.stage == OVER and not any(state.piles) and not state.hands[0]
    assert placed + len(state.compost) == 64


@pytest.mark.parametrize("target, wins", [(10, [0]), (15, [])])
def test_solo_wins_by_reaching_the_target(target, wins):
    # four complete trees without chainsaws: 12 points
    forest = [tree(f"G0{i}", f"F0{i}", f"S0{i}", f"C0{i}") for i in range(2, 6)]
    state = GAME.from_position({"players": 1, "forests": [forest], "options": {"solo_target": target}})
    total = state.scores()[0].total
    assert 10 <= total < 15
    assert state.winners() == wins
    assert ("reached" if wins else "missed") in state.result_note(["Ada"])
    assert state.view(0)["goal"] == {"kind": "solo", "points": target}


def test_solo_easy_bot_composts_rather_than_giving_and_finishes():
    state = GAME.new_game(1, {}, 3)
    rng = random.Random(3)
    kinds = set()
    while state.decider() is not None:
        action = easy_policy(state, rng)
        kinds.add(action.kind)
        state.apply(action)
    assert "compost" in kinds and "give" not in kinds


# --- semi-cooperative --------------------------------------------------------------------------
def finished(forests, variant):
    return GAME.from_position({"players": len(forests), "forests": forests, "options": {"variant": variant}})


def test_woodland_goal_depends_on_the_number_of_players():
    assert [woodland_goal(n) for n in (2, 3, 4)] == [6, 5, 4]


def test_semi_cooperative_everybody_loses_when_a_forest_misses_the_goal():
    strong = [tree("G13", "F14", "S14", "C14"), tree("G14", "F15", "S15", "C15")]  # 6 + balance
    weak = [tree("G15", "F13", "S16", "C16")]
    state = finished([strong, weak], "semi-cooperative")
    totals = [s.total for s in state.scores()]
    assert totals[0] >= 6 > totals[1]
    assert state.winners() == []
    assert "missed" in state.result_note(["Ada", "Ben"]) and "Ben" in state.result_note(["Ada", "Ben"])
    # the same forests in the competitive game: the better forest wins
    assert finished([strong, weak], "competitive").winners() == [0]


def test_semi_cooperative_best_forest_wins_when_every_forest_reaches_the_goal():
    a = [tree(f"G0{i}", f"F0{i}", f"S0{i}", f"C0{i}") for i in range(2, 6)]  # 12
    b = [tree(f"G{i:02d}", f"F{i:02d}", f"S{i:02d}", f"C{i:02d}") for i in (6, 8, 9)]
    state = finished([a, b], "semi-cooperative")
    totals = [s.total for s in state.scores()]
    assert min(totals) >= woodland_goal(2), totals
    best = max(totals)
    assert state.winners() == [p for p, t in enumerate(totals) if t == best]
    assert "reached" in state.result_note(["Ada", "Ben"])


def test_unknown_variant_is_refused():
    from tabletop.engine.game import OptionError

    with pytest.raises(OptionError):
        GAME.resolve_options({"variant": "cooperative"})


def test_solo_a_compost_can_be_undone_and_a_draw_says_why_it_cannot():
    from tabletop.engine.game import digest
    from tabletop.engine.match import Match, Seat

    match = Match(GAME, [Seat("Solo")], {}, 4)
    while match.state.stage != GIVE:
        match.submit(match.legal_actions()[0])
    before = digest(match.state)
    match.submit(next(a for a in match.legal_actions() if a.kind == "compost"))
    assert match.can_undo() and match.undo_blocked_by() == ""
    match.undo()
    assert digest(match.state) == before
    match.redo()
    match.submit(match.legal_actions()[0])  # a draw: a new card seen
    assert not match.can_undo()
    reason = match.undo_blocked_by()
    assert reason.startswith("Undo is not possible: you were shown a hidden card") and "draws" in reason


def test_solo_exactly_the_target_reaches_it_and_the_compost_is_told():
    # four complete trees (12) with two chainsaws (-2): exactly 10
    forest = [tree("G01", "F02", "S02", "C02"), tree("G07", "F03", "S03", "C03"),
              tree("G13", "F14", "S14", "C14"), tree("G14", "F15", "S15", "C15")]
    state = GAME.from_position({"players": 1, "forests": [forest], "options": {"solo_target": 10}})
    assert state.scores()[0].total == 10
    assert state.winners() == [0]
    assert state.result_note(["Ada"]) == "Solo target 10: Ada reached it with 10."
    assert GAME.from_position({"players": 1, "forests": [forest]}).goal() == {"kind": "solo", "points": 15}
    composting = solo(hands=[["F02", "S03"]], stage="give")
    assert composting.describe(compost_action("S03"), ["Ada"]) == f"Ada composts {card('S03').label()}."


def test_semi_cooperative_a_forest_exactly_at_the_goal_reaches_it():
    a = [tree("G13", "F14", "S14", "C14"), tree("G14", "F15", "S15", "C15")]  # 6 points
    b = [tree("G15", "F16", "S16", "C16"), tree("G16", "F02", "S02", "C02")]  # 6 points
    state = finished([a, b], "semi-cooperative")
    assert [s.total for s in state.scores()] == [6, 6] == [woodland_goal(2)] * 2
    assert state.winners() == [0, 1]
    assert state.result_note(["Ada", "Ben"]) == "Woodland goal 6 reached by every forest."
    assert finished([a, b], "competitive").goal() is None
