"""Hints that give reasons (tabletop/engine/bots/advice.py): the Hard bot's choice first, then the
best other moves its search found, each with the search's own figures and what it does at once
-- worked out from the seat's view only, for every game."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.bots.advice import Option, advise, at_once, figures_words, option_words, points_words
from tabletop.engine.bots.levels import make_bot
from tabletop.engine.game import CHANCE
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import all_games

GAMES = all_games()
BUDGET = {"seconds": 60.0, "iterations": 80}  # (bounded by iterations: a loaded machine must not cut one search shorter than another)


def positions(game, seed: int, every: int = 7, count: int = 4):
    """``count`` positions of a seeded random game where a player decides among several moves."""
    match = Match(game, [Seat("Ada"), Seat("Ben")], {}, seed=seed)
    rng = random.Random(seed)
    found, step = [], 0
    while len(found) < count and not match.is_over():
        if match.decider() == CHANCE:
            match.resolve_chance()
            continue
        step += 1
        if step % every == 0 and len(match.legal_actions()) > 1:
            found.append(match.state.clone())
        match.submit(rng.choice(match.legal_actions()))
    return match, found


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_hint_is_the_bots_choice_then_other_moves_each_with_figures_and_its_points_now(game):
    match, states = positions(game, 21)
    assert states
    for state in states:
        seat = state.decider()
        view, legal = state.view(seat), state.legal_actions()
        options = advise(game, view, legal, match.names, "hard", seed=3, **BUDGET)
        assert 1 <= len(options) <= 3 and len({o.action for o in options}) == len(options)
        assert all(o.action in legal for o in options)
        # the first is what the Hard bot plays from that view with that seed
        assert options[0].action == make_bot(game, "hard", 3, **BUDGET).choose(view, legal)
        for o in options:
            # what it scores now is the score change of playing it, in the game's own parts
            after = state.clone()
            before_score = after.scores()[seat]
            after.apply(o.action)
            assert o.points == after.scores()[seat].total - before_score.total
            assert sum(v for _, v in o.parts) == o.points or o.parts == ()
            assert o.sentence == state.describe(o.action, match.names)
            f = o.figures
            assert ("chance" in f and 0.0 <= f["chance"] <= 1.0 and f["playouts"] >= 1) or (
                "margin" in f and f["depth"] >= 1) or f == {}
            assert Option.from_json(o.to_json()) == o


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_hint_reads_only_the_seats_view(game):
    """Two positions the seat cannot tell apart (its view the same, what it cannot see sampled
    anew) get the same hint."""
    match, states = positions(game, 8, count=2)
    state = states[-1]
    seat = state.decider()
    view = state.view(seat)
    other = game.determinize(view, random.Random(99))
    assert other.view(seat) == view
    # the iterations bound the search, not the clock: under load, 0.4 s ran fewer playouts on
    # one side than on the other and the two hints differed for that alone
    budget = dict(BUDGET, seconds=60)
    a = advise(game, view, state.legal_actions(), match.names, "hard", seed=5, **budget)
    b = advise(game, other.view(seat), other.legal_actions(), match.names, "hard", seed=5, **budget)
    assert a == b


def test_at_once_names_the_parts_of_the_score_a_move_changes():
    forest = next(g for g in GAMES if g.id == "forest")
    match, states = positions(forest, 5, every=3, count=30)
    scoring = []
    for state in states:
        seat = state.decider()
        for action in state.legal_actions():
            sentence, points, parts = at_once(forest, state.view(seat), action, match.names)
            after = state.clone()
            after.apply(action)
            was, now = dict(state.scores()[seat].parts), dict(after.scores()[seat].parts)
            assert dict(parts) == {k: now.get(k, 0) - was.get(k, 0) for k in {*was, *now} if now.get(k, 0) != was.get(k, 0)}
            if points:
                scoring.append((points, parts))
    assert scoring, "no move scored points at once in these positions"


def test_the_words_of_a_hint():
    assert figures_words({"chance": 0.624, "playouts": 840}) == "wins about 62% of 840 playouts"
    assert figures_words({"chance": 1.0, "playouts": 1}) == "wins about 100% of 1 playout"
    assert figures_words({"margin": 3.46, "depth": 4, "positions": 9000}) == "outlook +3.5 points, 4 choices ahead"
    assert figures_words({"margin": -1.0, "depth": 1}) == "outlook -1.0 points, 1 choice ahead"
    assert figures_words({"margin": 1003.0, "depth": 6}) == "wins, whatever the others do"
    assert figures_words({"margin": -1000.0, "depth": 6}) == "loses, whatever it does next"
    assert figures_words({}) == ""
    assert points_words(0, ()) == "no points now"
    assert points_words(3, (("Trees", 2), ("Gift", 1))) == "+3 points now (Trees +2, Gift +1)"
    assert points_words(-1, (("Penalty", -1),)) == "-1 point now (Penalty -1)"
    assert points_words(0, (("Trees", 2), ("Gift", -2))) == "+0 points now (Trees +2, Gift -2)"
    from tabletop.engine.actions import Action

    o = Option(Action("pass"), "Ada passes.", {"chance": 0.5, "playouts": 10}, 2, (("Bank", 2),))
    assert option_words(o) == "Ada passes — wins about 50% of 10 playouts — +2 points now (Bank +2)"


def test_the_bot_process_answers_a_hint_with_its_options_and_a_move_with_an_action():
    import io
    import json

    from tabletop.client.bot_worker import serve

    game = next(g for g in GAMES if g.id == "spheres-shogun")
    match, states = positions(game, 4, count=1)
    state = states[0]
    seat = state.decider()
    common = {"game": game.id, "level": "hard", "seed": 2, "view": state.view(seat),
              "legal": [a.to_json() for a in state.legal_actions()], "search": {"seconds": 0.3}}
    jobs = [dict(common, job=1, names=match.names), dict(common, job=2)]
    out = io.StringIO()
    assert serve(io.StringIO("".join(json.dumps(j) + "\n" for j in jobs)), out) == 0
    hint, move = [json.loads(line) for line in out.getvalue().splitlines()]
    options = [Option.from_json(o) for o in hint["options"]]
    assert hint["job"] == 1 and hint["error"] == "" and options
    assert hint["action"] == options[0].action.to_json() == move["action"]  # the same bot, the same seed
    assert "options" not in move and move["job"] == 2
    assert options == advise(game, state.view(seat), state.legal_actions(), match.names, "hard", 2, seconds=0.3)


def test_a_hint_thought_in_a_thread_comes_back_as_its_options(qtbot, monkeypatch):
    from tabletop.client.bot_runner import BotRunner

    monkeypatch.setenv("TABLETOP_BOTS_IN_THREAD", "1")
    game = next(g for g in GAMES if g.id == "forest")
    match, states = positions(game, 6, count=1)
    state = states[0]
    runner = BotRunner()
    got = []
    runner.finished.connect(lambda *args: got.append(args))
    runner.think(7, "hint", game, "hard", 1, state.view(state.decider()), state.legal_actions(), BUDGET,
                 names=match.names)
    qtbot.waitUntil(lambda: bool(got), timeout=10000)
    ticket, purpose, options, error = got[0]
    assert (ticket, purpose, error) == (7, "hint", "")
    assert isinstance(options, list) and all(isinstance(o, Option) for o in options)
    assert options[0].action in state.legal_actions()


def test_a_hint_with_one_legal_move_is_that_move_without_a_search():
    game = next(g for g in GAMES if g.id == "forest")
    match, states = positions(game, 21, every=1, count=40)
    state = next(s for s in states if len(s.legal_actions()) > 1)
    only = state.legal_actions()[:1]
    options = advise(game, state.view(state.decider()), only, match.names, "hard", seed=3, **BUDGET)
    assert [o.action for o in options] == only and options[0].figures == {}


def test_the_edges_of_a_hints_words():
    assert figures_words({"margin": 500.0, "depth": 3}) == "wins, whatever the others do"
    assert figures_words({"margin": 499.9, "depth": 3}) == "outlook +499.9 points, 3 choices ahead"
    assert figures_words({"margin": -500.0, "depth": 3}) == "loses, whatever it does next"
    assert figures_words({"chance": 0.5}) == "wins about 50% of 0 playouts"
