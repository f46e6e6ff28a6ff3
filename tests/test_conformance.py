"""Checks every registered game must pass: the engine's contract, game by game."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.conformance import chance_outcome, check_step, check_views, components
from tabletop.engine.game import CHANCE, GameError, IllegalAction, digest
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import all_games
from tabletop.engine.saves import match_from_json, match_to_json

GAMES = all_games()
ids = [g.id for g in GAMES]


def player_counts(game):
    return range(game.min_players, game.max_players + 1)


def random_match(game, players, seed, steps=None, humans=True):
    seats = [Seat(f"P{i + 1}", "human") if humans else Seat(f"B{i + 1}", "bot", "random") for i in range(players)]
    match = Match(game, seats, {}, seed)
    rng = random.Random(seed)
    while not match.is_over() and (steps is None or len(match.log) < steps):
        if match.decider() == CHANCE:
            match.resolve_chance()
        else:
            match.submit(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_random_games_reach_the_end_and_always_offer_actions(game):
    for players in player_counts(game):
        for seed in range(40):
            state = game.new_game(players, {}, seed)
            rng = random.Random(seed)
            steps = 0
            while not state.is_terminal():
                legal = state.legal_actions()
                assert legal, f"no legal action in a live state (seed {seed}, step {steps})"
                assert len(set(legal)) == len(legal), "legal actions repeat"
                state.apply(rng.choice(legal))
                steps += 1
                assert steps < 10_000, "game does not end"
            assert state.legal_actions() == []
            assert len(state.scores()) == players
            for score in state.scores():
                assert score.total == sum(points for _, points in score.parts)


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_same_seed_same_game_and_different_seeds_differ(game):
    a, b, c = (game.new_game(game.min_players, {}, s) for s in (7, 7, 8))
    assert digest(a) == digest(b)
    # a dealt start depends on the seed; a fixed one (a board game's) does not
    assert (digest(a) != digest(c)) == game.dealt


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_a_game_that_hides_nothing_shows_every_seat_the_same_view(game):
    # (such a game needs no hotseat curtain; a game with hidden information must differ somewhere)
    differs = False
    players = min(max(2, game.min_players), game.max_players)
    for seed in range(3):
        match = random_match(game, players, seed, steps=30)
        views = [match.state.view(p) for p in range(players)]
        same = all({**v, "seat": None} == {**views[0], "seat": None} for v in views)
        differs |= not same
        if not game.hidden:
            assert same
    if game.hidden:
        assert differs


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_illegal_actions_are_refused_clearly_and_change_nothing(game):
    rng = random.Random(3)
    state = game.new_game(game.max_players, {}, 3)
    junk = [Action.make("no-such-kind"), Action.make("play", card="nope", tree=99), Action.make("draw", pile=-1)]
    while not state.is_terminal():
        legal = state.legal_actions()
        kinds = {a.kind for a in legal}
        # an action of a legal kind but with arguments that are not legal now
        wrong = [a for a in junk if a not in legal]
        for other in {a.kind for a in junk} - kinds:
            wrong.append(Action.make(other))
        before = digest(state)
        for bad in wrong:
            with pytest.raises(IllegalAction) as err:
                state.apply(bad)
            assert len(str(err.value)) > 10, "the refusal must explain itself"
            assert digest(state) == before
        state.apply(rng.choice(legal))
    with pytest.raises(IllegalAction):
        state.apply(Action.make("draw", pile=0))


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_actions_and_logs_are_json(game):
    match = random_match(game, game.max_players, 11)
    for action in match.log:
        text = json.dumps(action.to_json())
        assert Action.from_json(json.loads(text)) == action
    assert all(isinstance(s, str) and s for s in match.sentences)


# The games whose every step is saved and loaded.  Loading replays the log, so a game of n steps
# costs as n*n/2 steps: seed 5's shogun game is 868 steps long (the longest of the first forty
# seeds), 20 s; the games of seeds 26 and 6 (315 and 282 steps), a quarter of that, reach every
# line and branch of the code it reached (measured with coverage.py's branch coverage).
ROUND_TRIP_SEEDS = {"spheres-shogun": (26, 6)}


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_save_load_round_trips_at_every_step(game):
    for seed in ROUND_TRIP_SEEDS.get(game.id, (5,)):
        match = random_match(game, game.min_players, seed, steps=0)
        rng = random.Random(seed)
        while True:
            data = json.loads(json.dumps(match_to_json(match)))
            loaded = match_from_json(data)
            assert digest(loaded.state) == digest(match.state)
            assert loaded.log == match.log and loaded.sentences == match.sentences
            if match.is_over():
                break
            match.submit(rng.choice(match.legal_actions()))


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_replaying_the_log_gives_the_same_digest(game):
    for seed in range(5):
        match = random_match(game, game.max_players, seed)
        again = Match.replay(game, match.seats, match.options, match.seed, match.log)
        assert digest(again.state) == digest(match.state)


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_undo_restores_the_exact_earlier_state_and_redo_replays(game):
    rng = random.Random(9)
    match = random_match(game, game.min_players, 9, steps=0)
    by_length = {0: digest(match.state)}
    undone = 0
    while not match.is_over():
        match.submit(rng.choice(match.legal_actions()))
        by_length[len(match.log)] = after = digest(match.state)
        point = match.undo_point()
        if point is not None and rng.random() < 0.5:
            length = len(match.log)
            match.undo()
            undone += 1
            assert len(match.log) == point
            assert digest(match.state) == by_length[point]
            while match.can_redo():
                match.redo()
            assert len(match.log) == length
            assert digest(match.state) == after
    assert undone > 0, "the game never allowed an undo"


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_undo_never_crosses_what_was_shown_to_the_undoing_player(game):
    """Undo goes back to a seat's decision only if no move since showed that seat a card it
    could not know (``shown_to``, checked against the hidden cards before and after); one
    seat's view only counts for that seat."""
    rng = random.Random(4)
    n = max(2, game.min_players)
    match = random_match(game, n, 4, steps=0)
    last_shown = [-1] * n  # the last move that showed each seat something
    crossed_others = 0
    while not match.is_over():
        before = [match.state.hidden_from(s) for s in range(n)]
        shown = match.state.shown_to(a := rng.choice(match.legal_actions()))
        match.submit(a)
        after = [match.state.hidden_from(s) for s in range(n)]
        if before[0] is not None:
            newly = {s for s in range(n) if before[s] - after[s]}
            assert newly <= shown, f"{a}: cards shown to {newly - shown} are not counted"
        for s in shown:
            last_shown[s] = len(match.log) - 1
        point = match.undo_point()
        if point is None:
            continue
        seat = match.undo_seat()
        assert point > last_shown[seat], f"undo to step {point} crosses step {last_shown[seat]}, shown to {seat}"
        crossed_others += any(last_shown[s] >= point for s in range(n) if s != seat)
    if game.hidden:
        assert crossed_others, "no undo ever went back over a card shown only to another seat"


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_views_are_json_and_unchanged_by_resampling_hidden_information(game):
    """A view may not depend on what its seat cannot see: resample the hidden parts
    from the view itself and the view must come out the same."""
    for players in player_counts(game):
        rng = random.Random(players)
        state = game.new_game(players, {}, players)
        step = 0
        while not state.is_terminal():
            if step % 7 == 0:
                for seat in [*range(players), None]:
                    view = state.view(seat)
                    roundtrip = json.loads(json.dumps(view))
                    assert roundtrip == view, "views must be plain JSON"
                    for k in range(2):
                        sample = game.determinize(roundtrip, random.Random(k)) if seat is not None else None
                        if sample is not None:
                            assert sample.view(seat) == view
            state.apply(rng.choice(state.legal_actions()))
            step += 1


@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_determinize_reads_only_the_view(game):
    """determinize gets a JSON copy of the view (no path to the true state) and still yields a
    legal, playable state whose legal actions for the seat match the true ones."""
    rng = random.Random(2)
    state = game.new_game(game.max_players, {}, 2)
    while not state.is_terminal():
        seat = state.decider()
        view = json.loads(json.dumps(state.view(seat)))
        sample = game.determinize(view, rng)
        assert sample.decider() == seat
        assert sorted(map(str, sample.legal_actions())) == sorted(map(str, state.legal_actions()))
        # playable to the end
        clone = sample.clone()
        r = random.Random(1)
        while not clone.is_terminal():
            clone.apply(r.choice(clone.legal_actions()))
        state.apply(rng.choice(state.legal_actions()))


# Games of each player count in the soak below, three unless said here.  Spheres of Life has a soak
# of its own besides (test_gods_and_myths.py, 96 games of every combination of its parts): with it,
# two games of each count reach every line and branch that three did (coverage.py's branch
# coverage), and the third six games were a third of its time.
SOAK_ROUNDS = {"spheres-of-life": 2}


@pytest.mark.slow  # the soak benchmark's checks at every step of 30 games (~7 s)
@pytest.mark.parametrize("game", GAMES, ids=ids)
def test_no_card_or_stone_is_made_or_lost_and_views_leak_nothing_with_any_options(game):
    """The soak benchmark's checks (tabletop.engine.conformance), on a few games of every player
    count with random options: at every step the game's cards or stones are the ones it began
    with, and every few steps each seat's view survives resampling what it cannot see."""
    counts = list(player_counts(game))
    for seed in range(SOAK_ROUNDS.get(game.id, 3) * len(counts)):
        rng = random.Random(seed)
        players = counts[seed % len(counts)]
        options = {o.name: rng.choice(o.choices) for o in game.options}
        state = game.new_game(players, options, seed)
        start = components(state)
        assert start, "the game must say what cards or stones it holds"
        steps = 0
        while True:
            problems = check_step(state, players, start)
            if steps % 6 == 0:
                problems += check_views(game, state, [*range(players), None], rng)
            assert not problems, (seed, steps, options, problems)
            if state.is_terminal():
                break
            d = state.decider()
            state.apply(chance_outcome(state, rng) if d == CHANCE else rng.choice(state.legal_actions()))
            steps += 1
