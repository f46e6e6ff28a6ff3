"""Three Spheres TCG: engine speed, bot decision times, strength, and the balance of the
pre-built decks.

    python benchmarks/three_spheres.py [--quick] [--games N] [--level L] [--iterations I] [--jobs J] [--first-hand 5|6]
                                       [--duels hard:easy,...] [--first-game G]
                                       [engine|decisions|strength|balance|deckbuilder ...]

``balance`` plays every pre-built deck against every other (and itself) with bots of ``--level``
(hard by default) on both sides, each deck in each seat; it prints the table of win rates and
the first player's share over all pairings.  ``--iterations`` gives the search bots a fixed number
of iterations a decision instead of their time budget (the same games on any machine, however
loaded); ``--jobs`` plays that many games at once; ``--first-game G`` deals each pairing's games
from its G-th deal on (a run that adds new deals to an earlier one's).
"""

from __future__ import annotations

import itertools
import json
import random
import sys
import time
from typing import Any

from common import median, report, run_sections
from strength import interval

from tabletop.engine.bots import make_bot
from tabletop.engine.game import CHANCE
from tabletop.games.three_spheres import DECK_CHOICES, GAME


def _arg(name: str, default: str) -> str:
    argv = sys.argv[1:]
    return argv[argv.index(name) + 1] if name in argv and argv.index(name) + 1 < len(argv) else default


def play(levels: list[str], decks: tuple[str, str], seed: int, times: dict | None = None,
         iterations: int = 0, first_hand: int | None = None) -> tuple[object, list[int]]:
    """One game between bots of ``levels`` playing ``decks``; returns the final state and each
    seat's winner share (1, 0.5 or 0).  ``iterations``: a search bot's fixed budget (0: its own);
    ``first_hand``: the game option (the first player's opening hand; None: its default)."""
    options = {"deck1": decks[0], "deck2": decks[1]} | ({} if first_hand is None else {"first_hand": first_hand})
    state = GAME.new_game(2, options, seed)
    fixed = {"iterations": iterations, "seconds": 1e9} if iterations else {}
    bots = [make_bot(GAME, level, seed * 31 + i, **(fixed if level in ("normal", "hard") else {}))
            for i, level in enumerate(levels)]
    rng = random.Random(seed)
    while not state.is_terminal():
        p = state.decider()
        if p == CHANCE:
            state.apply(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        view = json.loads(json.dumps(state.view(p)))
        legal = state.legal_actions()
        t = time.perf_counter()
        action = bots[p].choose(view, legal)
        if times is not None and len(legal) > 1:
            times.setdefault(levels[p], []).append(time.perf_counter() - t)
        state.apply(action)
    w = state.winners()
    return state, [1.0 / len(w) if p in w else 0.0 for p in range(2)]


def engine(quick: bool) -> None:
    rng = random.Random(1)
    games, steps, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < (1 if quick else 3):
        decks = (DECK_CHOICES[games % 4], DECK_CHOICES[games // 4 % 4])
        state = GAME.new_game(2, {"deck1": decks[0], "deck2": decks[1]}, games)
        while not state.is_terminal():
            legal = state.legal_actions() if state.decider() != CHANCE else [a for a, _ in state.chance_outcomes()]
            state.apply(rng.choice(legal))
            steps += 1
        games += 1
    seconds = time.perf_counter() - start
    report("random full games per second", games / seconds, "games/s")
    report("random moves per second", steps / seconds, "moves/s")


def decisions(quick: bool) -> None:
    targets = {"normal": 1.0, "hard": 3.0}
    times: dict[str, list[float]] = {}
    for g in range(1 if quick else 4):
        decks = (DECK_CHOICES[g % 4], DECK_CHOICES[(g + 1) % 4])
        play(["normal", "hard"] if g % 2 == 0 else ["hard", "normal"], decks, 700 + g, times)
    for level, target in targets.items():
        xs = times.get(level, [])
        report(f"median decision time, {level} ({len(xs)} decisions)", median(xs), "s", f"<= {target} s",
               median(xs) <= target)
        report("  slowest", max(xs) if xs else float("nan"), "s")


def _play_all(game: Any, work: list[Any]) -> list[Any]:
    """``game`` played for each job of ``work``, ``--jobs`` of them at once."""
    jobs = int(_arg("--jobs", "1"))
    if jobs <= 1:
        return [game(w) for w in work]
    from multiprocessing import Pool

    with Pool(jobs) as pool:
        return pool.map(game, work, chunksize=1)


def _duel_game(job: tuple[list[str], tuple[str, str], int, int]) -> tuple[float, list[int]]:
    """One game of a duel: the share and the points of the bot under test (seat ``me``), then its
    opponent's."""
    levels, decks, seed, me = job
    state, share = play(levels, decks, seed)
    totals = [s.total for s in state.scores()]
    return share[me], [totals[me], totals[1 - me]]


def duel(first: str, second: str, games: int, target: float, seed: int) -> None:
    """``first`` against ``second``; the decks go round (every pairing), each bot in each seat.
    ``--jobs`` plays that many games at once (each search keeps its time budget: give each job a
    core of its own)."""
    t = time.perf_counter()
    pairs = list(itertools.product(DECK_CHOICES, DECK_CHOICES))
    work = [([first, second] if g % 2 == 0 else [second, first], pairs[g % len(pairs)], seed + g, g % 2)
            for g in range(games)]
    results = _play_all(_duel_game, work)
    wins = sum(share for share, _ in results)
    points = [sum(p[0] for _, p in results), sum(p[1] for _, p in results)]
    rate = wins / games
    report(f"{first.title()} wins vs {second.title()}", 100 * rate, "%", f">= {100 * target:.0f}%", rate >= target)
    print(f"    {interval(round(wins), games)}; mean points {first} {points[0] / games:.1f}, {second} "
          f"{points[1] / games:.1f}; {time.perf_counter() - t:.0f} s", flush=True)


DUELS = {"easy:random": (0.9, 1000), "hard:random": (0.95, 2000), "hard:easy": (0.75, 3000)}


def strength(quick: bool) -> None:
    n = int(_arg("--games", "4" if quick else "32"))
    for pair in _arg("--duels", ",".join(DUELS)).split(","):
        target, seed = DUELS[pair]
        first, second = pair.split(":")
        duel(first, second, n, target, seed=seed)


def _balance_game(job: tuple[str, int, int, str, str, int]) -> tuple[str, str, list[float], int, list[int], int]:
    level, iterations, seed, a, b, first_hand = job
    state, share = play([level, level], (a, b), seed, iterations=iterations, first_hand=first_hand)
    return a, b, share, state.first, [s.total for s in state.scores()], max(state.turns)


def balance(quick: bool) -> None:
    level = _arg("--level", "hard")
    iterations = int(_arg("--iterations", "0"))
    n = int(_arg("--games", "2" if quick else "8"))  # games per ordered pairing (each deck in each seat)
    first_hand = int(_arg("--first-hand", str(GAME.resolve_options({})["first_hand"])))
    skip = int(_arg("--first-game", "0"))
    t = time.perf_counter()
    work = [(level, iterations, 5000 + 100 * i + g, a, b, first_hand)
            for i, (a, b) in enumerate(itertools.product(DECK_CHOICES, DECK_CHOICES)) for g in range(skip, skip + n)]
    results = _play_all(_balance_game, work)
    wins: dict[tuple[str, str], float] = {}
    points: dict[str, list[int]] = {d: [] for d in DECK_CHOICES}
    first_share, turns = 0.0, []
    for a, b, share, first, totals, most in results:
        wins[(a, b)] = wins.get((a, b), 0.0) + share[0]
        first_share += share[first]
        points[a].append(totals[0])
        points[b].append(totals[1])
        turns.append(most)
    budget = f"{iterations} iterations a decision" if iterations else "their own budget"
    print(f"\n    win rate of the row's deck against the column's ({level} bots both sides, {budget}, "
          f"{2 * n} games a pairing, each deck in each seat, the first player's opening hand {first_hand}):")
    print("    " + " " * 12 + "".join(f"{d:>12}" for d in DECK_CHOICES) + "   mean points")
    worst = 0.0
    for a in DECK_CHOICES:
        cells = []
        for b in DECK_CHOICES:
            rate = (wins[(a, b)] + (n - wins[(b, a)])) / (2 * n)
            cells.append(f"{100 * rate:>11.0f}%")
            if a != b:
                worst = max(worst, rate)
        print(f"    {a:<12}" + "".join(cells) + f"   {sum(points[a]) / len(points[a]):>8.1f}")
    report("highest win rate of a deck against another", 100 * worst, "%", "<= 65%", worst <= 0.65)
    rate = first_share / len(results)
    report("the first player's share of wins", 100 * rate, "%", "45-55%", 0.45 <= rate <= 0.55)
    print(f"    {interval(round(first_share), len(results))}; {len(results)} games, "
          f"{sum(turns) / len(turns):.1f} turns a player, {time.perf_counter() - t:.0f} s")


def deck_builder(quick: bool) -> None:
    """The deck builder's collection (offscreen, 1366 x 768): opening the screen, then each filter
    change -- the cards hidden or shown and the grid repainted -- with a collection of 100 cards
    (the set's deck cards, the first ones again to make 100)."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from tabletop.client.app import apply_style, ensure_app

    app = ensure_app(["bench"], style=False)
    from tabletop.games.three_spheres.screens.decks import DeckScreen
    from tabletop.games.three_spheres.collection import collection

    t = time.perf_counter()
    screen = DeckScreen()
    screen.resize(1366, 740)
    apply_style(app)
    screen.show()
    app.processEvents()
    report("opening the deck builder (first time, pictures drawn)", time.perf_counter() - t, "s")
    ids = collection()
    screen.collection.set_cards((ids * 2)[:100])
    screen.apply_filter()
    app.processEvents()

    def change(step: int) -> None:
        k = step % 6
        if k == 0:
            screen.sphere_buttons["forest"].toggle()
        elif k == 1:
            screen.level_buttons[step % 5].toggle()
        elif k == 2:
            screen.search.setText(("draw", "wisp", "point", "")[step % 4])
        elif k == 3:
            screen.keyword_box.setCurrentIndex(step % screen.keyword_box.count())
        elif k == 4:
            screen.cost_max.setValue(9 - step % 7)
        else:
            screen.clear_filters()

    times = []
    for step in range(30 if quick else 200):
        t = time.perf_counter()
        change(step)
        screen.collection.viewport().repaint()
        times.append(time.perf_counter() - t)
    shown = sum(not screen.collection.item(i).isHidden() for i in range(screen.collection.count()))
    report(f"filter change and redraw, 100 cards (median of {len(times)})", 1000 * median(times), "ms", "<= 50 ms",
           median(times) <= 0.05)
    report("  slowest", 1000 * max(times), "ms", "<= 50 ms", max(times) <= 0.05)
    print(f"    ({shown} cards shown after the last change)")
    screen.close()


SECTIONS = {"engine": ("Engine speed", engine), "decisions": ("Bot decision times", decisions),
            "strength": ("Bot strength", strength), "balance": ("Balance of the pre-built decks", balance),
            "deckbuilder": ("Deck builder", deck_builder)}


def main(argv: list[str]) -> int:
    valued = ("--games", "--level", "--iterations", "--jobs", "--first-hand", "--duels", "--first-game")
    argv = [a for i, a in enumerate(argv) if not (i > 0 and argv[i - 1] in valued) and a not in valued]
    return run_sections(argv, SECTIONS, "Three Spheres TCG")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
