"""Random full games per second and MCTS iterations per second (Once Upon a Forest)."""

from __future__ import annotations

import random
import time

from common import GAME, positions, report

from tabletop.engine.bots.mcts import MctsBot


def random_games_per_second(players: int = 3, seconds: float = 3.0, game=None) -> float:
    game = game or GAME
    rng = random.Random(1)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(players, {}, games)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        games += 1
    return games / (time.perf_counter() - start)


def mcts_iterations_per_second(players: int = 3, count: int = 8) -> float:
    total_iters, total_time = 0, 0.0
    for state in positions(players, count, seed=5):
        bot = MctsBot(GAME, 1, seconds=1.0, iterations=10**9)
        t = time.perf_counter()
        bot.search(state.view(state.decider()))
        total_time += time.perf_counter() - t
        total_iters += bot.last_iterations
    return total_iters / total_time


def main(quick: bool = False) -> None:
    for players in (2, 3, 4):
        report(f"random full games per second ({players} players)", random_games_per_second(players, 1 if quick else 3), "games/s")
    report("MCTS iterations per second (3 players)", mcts_iterations_per_second(3, 3 if quick else 8), "it/s")


if __name__ == "__main__":
    main()
