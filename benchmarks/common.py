"""Shared bits of the benchmarks: a seeded mid-game position and a target line printer."""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.engine.registry import get_game  # noqa: E402

GAME = get_game("forest")


def positions(players: int, count: int, seed: int = 1, game=None, longest: int = 120, options=None):
    """Decision points of seeded random games (of ``game``, the forest by default, with
    ``options``), spread over the first ``longest`` actions."""
    game = game or GAME
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_game(players, options or {}, rng.randrange(10**6))
        stop = rng.randrange(0, longest)
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


def report_decision_times(game, level: str, states: list, label: str, target: float | None) -> None:
    """Time one decision of a ``level`` bot at each of ``states`` and report the median (and,
    with a target, the slowest)."""
    import time

    from tabletop.engine.bots import make_bot

    times = []
    for i, state in enumerate(states):
        bot = make_bot(game, level, i)
        t = time.perf_counter()
        bot.choose(state.view(state.decider()), state.legal_actions())
        times.append(time.perf_counter() - t)
    report(f"median decision time, {label}", median(times), "s",
           f"<= {target} s" if target else "", median(times) <= target if target else None)
    if target:
        report(f"  slowest of {len(times)} decisions", max(times), "s")


def run_sections(argv: list[str], sections: dict, title: str) -> int:
    """Run the sections named in ``argv`` (all by default; ``--quick`` for short runs)."""
    import time

    quick = "--quick" in argv
    chosen = [a for a in argv if not a.startswith("-")] or list(sections)
    for name in chosen:
        if name not in sections:
            print(f"unknown section {name!r}; sections: {', '.join(sections)}", file=sys.stderr)
            return 2
    print(f"{title} benchmarks{' (quick)' if quick else ''}")
    for name in chosen:
        heading, run = sections[name]
        print(f"\n== {heading} ==", flush=True)
        t = time.perf_counter()
        run(quick)
        print(f"   ({time.perf_counter() - t:.0f} s)", flush=True)
    return 0


def quick_and_game(doc: str):
    """The command line of a benchmark run for every game or one: ``[--quick] [--game ID]``
    (``doc``: the benchmark's docstring, its first paragraph the description)."""
    import argparse

    args = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    args.add_argument("--quick", action="store_true")
    args.add_argument("--game", help="one game only (its id)")
    return args.parse_args()
