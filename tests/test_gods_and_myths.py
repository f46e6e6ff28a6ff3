"""Spheres of Life: Gods & Myths -- the expansion's parts, each an option (docs/rules/spheres-of-life.md,
"Gods & Myths").  Random games of every combination of parts, and the rules of each new card from
position documents."""

from __future__ import annotations

import itertools
import random

import pytest

from tabletop.engine.conformance import check_step, check_views, components
from tabletop.engine.registry import get_game
from tabletop.games.spheres_of_life.cards import DAWN_PHASE, GODLY_ABILITIES, GODLY_HEROES, MYTHICAL

GAME = get_game("spheres-of-life")
PARTS = (GODLY_HEROES, MYTHICAL, GODLY_ABILITIES, DAWN_PHASE)
COMBINATIONS = [dict(zip(PARTS, on)) for on in itertools.product((False, True), repeat=len(PARTS))]


@pytest.mark.parametrize("options", COMBINATIONS, ids=lambda o: "+".join(k for k, v in o.items() if v) or "base")
@pytest.mark.parametrize("players", (2, 4, 7))
def test_random_games_of_every_combination_keep_every_card_and_leak_nothing(options, players):
    for seed in range(2):
        rng = random.Random(seed)
        state = GAME.new_game(players, options, seed)
        start = components(state)
        steps = 0
        while True:
            problems = check_step(state, players, start)
            if steps % 9 == 0:
                problems += check_views(GAME, state, [*range(players), None], rng)
            assert not problems, (seed, steps, problems)
            if state.is_terminal():
                break
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            state.apply(rng.choice(legal))
            steps += 1
            assert steps < 5000
        for score in state.scores():
            assert score.total == sum(points for _, points in score.parts)
