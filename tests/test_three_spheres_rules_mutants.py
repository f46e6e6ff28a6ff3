"""The card game's rules (``three_spheres/rules.py``): behaviour no other test checked (issue 28,
point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

from tabletop.engine.actions import Action
from tabletop.games.three_spheres import GAME
from tabletop.games.three_spheres.cards import info
from tabletop.games.three_spheres.steps import Move, Step

A = Action.make
END = A(Move.END)


def pos(**doc):
    return GAME.from_position(doc)


def six(*stacks):
    return [list(s) for s in stacks] + [[] for _ in range(6 - len(stacks))]


def test_a_new_game_begins_with_no_discount_every_buy_costs_its_printed_cost():
    s = GAME.new_game(2, {}, 2)
    s.apply(A(Move.BEGIN, seat=0))
    assert s.discount == 0
    assert all(s.due(t) == info(t).cost for t in s.buy_targets())
    assert not [a for a in s.legal_actions() if a.kind == Move.BUY]  # nothing is free before it is paid


def test_a_reshuffle_flip_that_finds_a_card_does_not_end_the_game():
    """The World deck still had a card: it goes onto an empty space, or waits for its stack on a
    full side (decision 10); the end is not triggered (decision 12: only a flip that finds the
    World deck empty)."""
    s = pos(hand=[[], []], discard=[["silver_leaf.a2"], []], world_deck=[[], ["old_willow.b1", "elder_oak.b2"]],
            spaces=six(["glade_stag.b9"]))
    s.apply(END)
    assert s.spaces[3] == ["elder_oak.b2"] and not s.end_triggered and s.turn == 1
    s = pos(hand=[[], []], discard=[["silver_leaf.a2"], []], world_deck=[[], ["elder_oak.b2"]],
            spaces=six([], [], [], ["glade_stag.b3"], ["moss_sprout.b4"], ["old_willow.b5"]))
    s.apply(END)
    assert s.step == Step.FLIP_SPACE and not s.end_triggered
    s.apply(A(Move.SPACE, space=4))
    assert not s.end_triggered and s.turn == 1 and s.step == Step.MAIN


def test_a_trash_of_up_to_three_asks_three_times_then_stops():
    """No card of the set trashes more than 1, but the effect kind takes any number: each card
    trashed counts one of the ``up_to``, and the last one ends the question though cards are left."""
    hand = ["cursed_coin.a1", "moss_sprout.a2", "silver_leaf.a3", "wanderers_coin.a4"]
    s = pos(hand=[hand, []])
    s.queue.append({"kind": "trash", "params": {"from": "hand", "up_to": 3}, "source": ""})
    s._run()
    for c in hand[:3]:
        assert s.step == Step.TRASH
        s.apply(A(Move.TRASH, card=c))
    assert s.step == Step.MAIN and s.hand[0] == ["wanderers_coin.a4"] and s.trash == hand[:3]
