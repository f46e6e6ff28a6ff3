"""Shared bits of the benchmarks: a seeded mid-game position and a target line printer."""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.engine.registry import get_game  # noqa: E402

GAME = get_game("forest")


def positions(players: int, count: int, seed: int = 1):
    """Decision points of seeded random games, spread over the whole game."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = GAME.new_game(players, {}, rng.randrange(10**6))
        stop = rng.randrange(0, 120)
        for _ in range(stop):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def report(name: str, value: float, unit: str, target: str = "", ok: bool | None = None) -> None:
    mark = "" if ok is None else ("  [meets target]" if ok else "  [MISSES target]")
    tgt = f"  (target {target})" if target else ""
    print(f"{name:<52}{value:>12.3f} {unit}{tgt}{mark}", flush=True)


def median(xs):
    return statistics.median(xs) if xs else float("nan")
