"""Spheres, the shogun sowing game (and the classic Ô ăn quan): engine speed, search speed,
bot decision times and strength.

    python benchmarks/shogun.py [--quick] [engine|decisions|strength ...]
"""

from __future__ import annotations

import random
import sys
import time

from common import report, report_decision_times, run_sections
from strength import interval

from tabletop.engine.arena import play_games
from tabletop.engine.registry import get_game
from tabletop.games.shogun.bots import SearchBot

GAME = get_game("spheres-shogun")
RULES = ("shogun", "classic")


def random_games_per_second(rules: str, seconds: float) -> float:
    rng = random.Random(1)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GAME.new_game(2, {"rules": rules}, games)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        games += 1
    return games / (time.perf_counter() - start)


def positions(rules: str, count: int, seed: int) -> list:
    """Decision points with a real choice, from seeded games between Easy bots (random games
    empty the board too fast to be typical)."""
    rng = random.Random(seed)
    easy = GAME.heuristic_policy()
    out = []
    while len(out) < count:
        state = GAME.new_game(2, {"rules": rules}, rng.randrange(10**6))
        stop = rng.randrange(4, 60 if rules == "shogun" else 20)
        for _ in range(stop):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            if state.decider() == -1 or rng.random() < 0.3:
                state.apply(rng.choice(legal))
            else:
                state.apply(easy(state, rng))
        if not state.is_terminal() and state.decider() != -1 and len(state.legal_actions()) > 1 \
                and state.step != "setup":
            out.append(state)
    return out


def engine(quick: bool) -> None:
    for rules in RULES:
        report(f"random full games per second ({rules} rules)", random_games_per_second(rules, 1 if quick else 3),
               "games/s")
    for rules in RULES:
        nodes, seconds = 0, 0.0
        for i, state in enumerate(positions(rules, 3 if quick else 8, seed=5)):
            bot = SearchBot(GAME, i, seconds=1.0, max_depth=40)
            t = time.perf_counter()
            bot.search(state, state.legal_actions())
            seconds += time.perf_counter() - t
            nodes += bot.nodes
        report(f"search nodes per second ({rules} rules)", nodes / seconds, "nodes/s")


def decisions(quick: bool) -> None:
    targets = {"normal": 1.0, "hard": 3.0}
    for rules in RULES:
        states = positions(rules, 6 if quick else 20, seed=11)
        for level in ("easy", "normal", "hard"):
            report_decision_times(GAME, level, states, f"{level}, {rules} rules", targets.get(level))


def openings(rules: str, count: int, seed: int) -> list[dict] | None:
    """Classic rules: ``count`` starting positions after one random sowing by each player. The
    classic start is fixed and its sowings have no choices, so between two search bots every
    game from it would be nearly the same game. (The shogun rules vary enough by themselves:
    the set-up and the choices within each sowing.)"""
    if rules != "classic":
        return None
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = GAME.new_game(2, {"rules": rules}, 0)
        for _ in range(2):
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            out.append(GAME.to_position(state))
    return out


def duel(first: str, second: str, games: int, rules: str, target: float, seed: int) -> None:
    """``first`` against ``second``, each playing first in half of the games (in the classic
    rules each opening is played once from either side)."""
    t = time.perf_counter()
    half = games // 2
    starts = openings(rules, half, seed)
    a = play_games(GAME, [first, second], half, seed, {"rules": rules}, openings=starts)
    b = play_games(GAME, [second, first], games - half, seed + 500, {"rules": rules}, openings=starts)
    wins = a[0].wins + b[1].wins
    rate = wins / games
    report(f"{first.title()} wins vs {second.title()} ({rules} rules)", 100 * rate, "%", f">= {100 * target:.0f}%",
           rate >= target)
    mean = (a[0].score_sum + b[1].score_sum) / games, (a[1].score_sum + b[0].score_sum) / games
    print(f"    {interval(wins, games)}; mean scores {first} {mean[0]:.1f}, {second} {mean[1]:.1f}; "
          f"{time.perf_counter() - t:.0f} s", flush=True)


def strength(quick: bool) -> None:
    n = 4 if quick else 20
    games = {"shogun": n, "classic": 2 * n}  # classic games are short: twice as many
    for rules in RULES:
        duel("hard", "random", games[rules], rules, 0.95, seed=1000)
        duel("hard", "easy", games[rules], rules, 0.75, seed=2000)
    duel("hard", "normal", games["shogun"], "shogun", 0.60, seed=3000)
    duel("hard", "normal", games["classic"], "classic", 0.60, seed=4000)
    duel("easy", "random", 2 * n, "shogun", 0.5, seed=5000)


SECTIONS = {"engine": ("Engine and search speed", engine), "decisions": ("Bot decision times", decisions),
            "strength": ("Bot strength", strength)}


def main(argv: list[str]) -> int:
    return run_sections(argv, SECTIONS, "Spheres (shogun sowing game)")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
