"""Soak: many whole games of every game through the engine, every invariant checked on the way.

Each game gets a random player count, random options and, seat by seat, a Random or an Easy bot
(each seat Easy with the chance ``--easy``).  The bots choose from their seat's view, as in the
app; chance nodes are drawn by their odds.  Along the way (tabletop.engine.conformance):

* at every step: distinct legal actions in a live state, chance odds adding up to one, no card
  or stone made or lost, scores adding up their parts;
* every ``--views``-th step, for every seat and a spectator: views are plain JSON and leak
  nothing (resampling what the seat cannot see gives the same view, and the seat deciding the
  same legal actions);
* at the end: a finished game offers nothing, and replaying its actions on a new game from the
  same seed gives the same state (digest).

A *fault* is a game in which any check failed or anything raised; the first few are printed
with their seed, so each can be replayed.  Run::

    .venv/bin/python benchmarks/soak.py [--games N] [--game ID ...] [--easy P] [--views K] [--seed S]

The figures of the last long run are in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.engine.bots import make_bot  # noqa: E402
from tabletop.engine.conformance import chance_outcome, check_step, check_views, components  # noqa: E402
from tabletop.engine.game import CHANCE, GameDef, OptionError, digest  # noqa: E402
from tabletop.engine.registry import all_games, get_game  # noqa: E402

MAX_STEPS = 20_000  # a game longer than this does not end: a fault


def random_options(game: GameDef, rng: random.Random) -> dict:
    chosen = {o.name: rng.choice(o.choices) for o in game.options}
    try:
        return game.resolve_options(chosen)
    except OptionError:  # pragma: no cover - every choice of every option is valid today
        return game.resolve_options({})


def play_one(game: GameDef, seed: int, easy: float, views_every: int) -> tuple[list[str], int, list[str]]:
    """One soaked game: (problems, steps, seat kinds)."""
    rng = random.Random(seed)
    players = rng.randint(game.min_players, game.max_players)
    options = random_options(game, rng)
    kinds = ["easy" if rng.random() < easy else "random" for _ in range(players)]
    bots = [make_bot(game, kind, seed * 10 + p) for p, kind in enumerate(kinds)]
    state = game.new_game(players, options, seed)
    start = components(state)
    log = []
    problems = check_step(state, players, start)
    steps = 0
    while not state.is_terminal() and not problems:
        if views_every and steps % views_every == 0:
            problems += check_views(game, state, [*range(players), None], rng)
        d = state.decider()
        if d == CHANCE:
            action = chance_outcome(state, rng)
        else:
            legal = state.legal_actions()
            action = bots[d].choose(state.view(d), legal)
            if action not in legal:
                problems.append(f"seat {d}'s {kinds[d]} bot chose an illegal {action}")
                break
        state.apply(action)
        log.append(action)
        steps += 1
        problems += check_step(state, players, start)
        if steps >= MAX_STEPS:
            problems.append(f"the game did not end in {MAX_STEPS} steps")
    if not problems:
        again = game.new_game(players, options, seed)
        for action in log:
            again.apply(action)
        if digest(again) != digest(state):
            problems.append("replaying the game's actions gives another state")
    context = [f"{players} players", f"options {options}", f"seats {kinds}"]
    return [f"{p} (step {steps}; {', '.join(context)})" for p in problems], steps, kinds


def soak(game: GameDef, games: int, seed: int, easy: float, views_every: int, show: int = 5) -> dict:
    began = time.perf_counter()
    faults = steps = easy_seats = seats = 0
    for i in range(games):
        game_seed = seed + i
        try:
            problems, n, kinds = play_one(game, game_seed, easy, views_every)
        except Exception:  # anything raised is a fault too
            problems, n, kinds = [traceback.format_exc(limit=4).strip().replace("\n", " | ")], 0, []
        steps += n
        seats += len(kinds)
        easy_seats += kinds.count("easy")
        if problems:
            faults += 1
            if faults <= show:
                print(f"  FAULT {game.id} seed {game_seed}: {problems[0]}", flush=True)
        if (i + 1) % max(1, games // 10) == 0:
            print(f"  {game.id}: {i + 1} games, {faults} faults, {time.perf_counter() - began:.0f} s", flush=True)
    elapsed = time.perf_counter() - began
    return {"game": game.id, "games": games, "faults": faults, "steps": steps, "seconds": elapsed,
            "easy_share": easy_seats / max(1, seats)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per game (default 200)")
    ap.add_argument("--game", action="append", help="a game id (default: every game)")
    ap.add_argument("--easy", type=float, default=0.5, help="the chance that a seat is an Easy bot")
    ap.add_argument("--views", type=int, default=10, help="check the views every K steps (0: never)")
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed")
    args = ap.parse_args(argv)
    games = [get_game(g) for g in args.game] if args.game else all_games()
    print(f"soak: {args.games} games of each of {len(games)} games, Easy seats {args.easy:.0%}, "
          f"views every {args.views} steps, seeds from {args.seed}", flush=True)
    total = 0
    for game in games:
        r = soak(game, args.games, args.seed, args.easy, args.views)
        total += r["faults"]
        print(f"{r['game']:<18} games {r['games']:>6}  faults {r['faults']:>4}  steps {r['steps']:>9}  "
              f"Easy seats {r['easy_share']:.0%}  {r['seconds']:.0f} s", flush=True)
    print(f"faults in all: {total}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
