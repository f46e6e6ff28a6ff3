"""Properties of Once Upon a Forest that hold in every reachable position (Hypothesis)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.registry import get_game
from tabletop.games.forest.cards import card, deck
from tabletop.games.forest.rules import HAND_SIZE, tree_complete

GAME = get_game("forest")


def every_card(state):
    cards = [c for p in state.piles for c in p] + [c for h in state.hands for c in h]
    cards += [c for f in state.forests for t in f for s in t for c in s]
    if state.pending:
        cards.append(state.pending)
    return cards


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    choices=st.lists(st.integers(0, 10**6), min_size=0, max_size=200),
)
def test_invariants_hold_along_any_line_of_play(players, seed, choices):
    state = GAME.new_game(players, {}, seed)
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[choice % len(legal)])
        # every card exists exactly once
        assert Counter(every_card(state)) == Counter(list(deck()))
        for forest in state.forests:
            # only the last tree may be incomplete, and every card lies in its level's row
            assert all(tree_complete(t) for t in forest[:-1])
            assert all(card(c).level == row for t in forest for row, s in enumerate(t) for c in s)
        assert all(len(h) <= HAND_SIZE for h in state.hands)
        # the decider's view shows their own hand and the backs of everyone else's
        seat = state.decider()
        if seat is not None:
            view = state.view(seat)
            assert [s.get("id") for s in view["hands"][seat]] == state.hands[seat]
            assert all("id" not in s for p, h in enumerate(view["hands"]) if p != seat for s in h)
