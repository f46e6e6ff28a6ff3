"""What the card game's Easy bot values and chooses (issue 28, point 9: tests from the mutation
run of three_spheres/bots.py)."""

from __future__ import annotations

import random

from tabletop.engine.actions import Action
from tabletop.games.three_spheres import GAME
from tabletop.games.three_spheres.bots import easy_policy, economy, points_worth, progress, worth
from tabletop.games.three_spheres.cards import WISP, all_cards, card, kind_of
from tabletop.games.three_spheres.steps import Move

A = Action.make
KINDS = [k for k in all_cards() if k != WISP]


def pos(**doc):
    return GAME.from_position(doc)


def six(*stacks):
    return [list(s) for s in stacks] + [[] for _ in range(6 - len(stacks))]


def test_dynamic_points_add_to_a_cards_fixed_points():
    dynamic = [k for k in KINDS if card(k).points_per]
    assert dynamic and all(points_worth(k) > card(k).points for k in dynamic)
    assert all(points_worth(k) == card(k).points for k in KINDS if not card(k).points_per)


def test_a_wisp_is_worth_less_than_any_other_card_at_any_time():
    for t in (0.0, 0.5, 1.0):
        assert worth(WISP, t) < 0
        assert all(worth(k, t) > worth(WISP, t) for k in KINDS)


def test_an_engine_card_is_worth_less_and_a_scoring_card_more_as_the_world_runs_out():
    engine = max((k for k in KINDS if points_worth(k) == 0), key=economy)
    scoring = max((k for k in KINDS if economy(k) == 0), key=points_worth)
    assert worth(engine, 0.0) > worth(scoring, 0.0)  # early: what a card does for the turns to come
    assert worth(engine, 1.0) < worth(scoring, 1.0)  # late: what it scores
    assert worth(engine, 1.0) < worth(engine, 0.5) < worth(engine, 0.0)
    assert worth(scoring, 0.0) < worth(scoring, 0.5) < worth(scoring, 1.0)


def test_the_easy_bot_takes_the_card_it_values_most_rather_than_nothing():
    s = pos(hand=[["grove_keeper.a1"], []], spaces=six(["glade_stag.b1"], ["elder_oak.b2"], ["old_willow.b3"]))
    s.apply(A(Move.PLAY, card="grove_keeper.a1"))
    choice = easy_policy(s, random.Random(1))
    takes = [a for a in s.legal_actions() if a.kind == Move.TAKE]
    assert len(s.legal_actions()) > 1 and choice.kind == Move.TAKE
    t = progress(s)
    assert worth(kind_of(choice["card"]), t) == max(worth(kind_of(a["card"]), t) for a in takes)
