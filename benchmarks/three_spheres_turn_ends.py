"""Three Spheres TCG: how often a bot ends its turn with a card left to use.

    python benchmarks/three_spheres_turn_ends.py [--quick] [--positions N] [--games N] [--levels easy,normal,hard]
                                                 [positions|games ...]

A card in the hand is *usable* at a main-phase decision when

* playing it gains something now: it Persists (it stays in play and works again at each turn
  start or whenever paid), or its When-played ability would draw a card (the Realm deck or the
  discard is not empty, and the draw does not bring on a reshuffle that the turn end's draw of
  five would not make: a reshuffle flips a card into the opponent's World spread), give resources
  (there is a target to give them to), take a card for free (a card of the allowed level lies in
  that spread) or copy such an ability of another card in play (``bots.free_play``); or
* spending it gains something this turn: the resources of the whole hand, with what was paid
  already, complete a buy of a card of no negative points (the top card of a World space or a
  card of one's Discovery spread) or an activated ability of a card in play that draws, gives
  resources or takes a card.

A buy already paid for (the Buy move) counts as a usable card too.  Trashing, flipping,
corrupting, protecting and discounts are not counted as gains: they are a matter of judgement.

``positions`` asks each level once at each of ``--positions`` main-phase decisions (from seeded
games of two Easy bots, the four pre-built decks going round) where at least one card is usable,
and counts the answers "End turn"; Normal and Hard search a fixed number of iterations (their
levels' caps: 300 and 1200), so the figures do not depend on the machine's load.  ``games``
plays ``--games`` games of each level against Easy and counts the turns the level ended with a
usable card, out of its turns.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

from common import report, run_sections

from tabletop.engine.bots import make_bot
from tabletop.engine.bots.levels import LEVEL_BUDGETS
from tabletop.engine.game import CHANCE
from tabletop.games.three_spheres import DECK_CHOICES, GAME
from tabletop.games.three_spheres.bots import free_play, gains_now
from tabletop.games.three_spheres.cards import info
from tabletop.games.three_spheres.rules import activated
from tabletop.games.three_spheres.steps import Move, Step


def usable(state: Any) -> list[str]:
    """The turn player's usable cards at a main-phase decision (see the module's docstring); a
    buy already paid for is listed as ``"buy"``."""
    if state.step != Step.MAIN:
        return []
    p = state.turn
    hand = state.hand[p]
    money = sum(info(c).resources for c in hand)
    reachable = False
    if money > 0:
        for t in state.buy_targets():
            if info(t).points >= 0 and state.due(t) <= money:
                reachable = True
        for t in state.ability_targets():
            ab = activated(t)
            if ab.cost - state.paid.get(t, 0) <= money and gains_now(state, ab.effects):
                reachable = True
    out = []
    for c in hand:
        if free_play(state, c) or (reachable and info(c).resources > 0):
            out.append(c)
    if any(a.kind == Move.BUY and info(a["target"]).points >= 0 for a in state.legal_actions()):
        out.append("buy")
    return out


def _level_bot(level: str, seed: int) -> Any:
    fixed = {"iterations": LEVEL_BUDGETS[level][1], "seconds": 1e9} if level in LEVEL_BUDGETS else {}
    return make_bot(GAME, level, seed, **fixed)


def _arg(name: str, default: str) -> str:
    argv = sys.argv[1:]
    return argv[argv.index(name) + 1] if name in argv and argv.index(name) + 1 < len(argv) else default


def _levels() -> list[str]:
    return _arg("--levels", "easy,normal,hard").split(",")


def sample_positions(count: int, seed: int = 29) -> list[Any]:
    """``count`` main-phase decisions with a usable card, from seeded games of two Easy bots: at
    most one a turn, each turn's taken with a chance of one in four (spread over whole games)."""
    rng = random.Random(seed)
    out: list[Any] = []
    g = 0
    while len(out) < count:
        decks = (DECK_CHOICES[g % 4], DECK_CHOICES[g // 4 % 4])
        state = GAME.new_game(2, {"deck1": decks[0], "deck2": decks[1]}, seed * 1000 + g)
        bots = [_level_bot("easy", g * 2 + i) for i in range(2)]
        taken_turn = None
        while not state.is_terminal() and len(out) < count:
            p = state.decider()
            if p == CHANCE:
                state.apply(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            turn = (p, state.turns[p])
            if (state.step == Step.MAIN and turn != taken_turn and usable(state) and rng.random() < 0.25):
                out.append(state.clone())
                taken_turn = turn
            state.apply(bots[p].choose(json.loads(json.dumps(state.view(p))), legal))
        g += 1
    return out


def positions(quick: bool) -> None:
    n = int(_arg("--positions", "12" if quick else "80"))
    states = sample_positions(n)
    print(f"    {n} positions (main phase, at least one usable card), one answer each")
    for level in _levels():
        t = time.perf_counter()
        ends, plays, cards = 0, 0, 0
        for i, state in enumerate(states):
            p = state.turn
            bot = _level_bot(level, 100 + i)
            action = bot.choose(json.loads(json.dumps(state.view(p))), state.legal_actions())
            if action.kind == Move.END:
                ends += 1
                plays += any(free_play(state, c) for c in state.hand[p])
                cards += len(usable(state))
        report(f"{level}: answers End turn with a usable card", 100 * ends / n, "%")
        print(f"    {ends} of {n} positions ({plays} with a card whose play gains), {cards} usable cards left in all; "
              f"{time.perf_counter() - t:.0f} s", flush=True)


def games(quick: bool) -> None:
    n = int(_arg("--games", "1" if quick else "4"))
    for level in _levels():
        t = time.perf_counter()
        turns = ends = plays = cards = 0
        wins = 0.0
        for g in range(n):
            me = g % 2
            decks = (DECK_CHOICES[g % 4], DECK_CHOICES[(g + 1 + g // 4) % 4])
            state = GAME.new_game(2, {"deck1": decks[0], "deck2": decks[1]}, 4000 + g)
            bots = [_level_bot(level if p == me else "easy", 31 * g + p) for p in range(2)]
            rng = random.Random(g)
            while not state.is_terminal():
                p = state.decider()
                if p == CHANCE:
                    state.apply(rng.choice([a for a, _ in state.chance_outcomes()]))
                    continue
                action = bots[p].choose(json.loads(json.dumps(state.view(p))), state.legal_actions())
                if p == me and action.kind == Move.END:
                    turns += 1
                    left = usable(state)
                    ends += bool(left)
                    plays += any(free_play(state, c) for c in state.hand[p])
                    cards += len(left)
                state.apply(action)
            w = state.winners()
            wins += (1.0 / len(w)) if me in w else 0.0
        report(f"{level} vs Easy: turns ended with a usable card", 100 * ends / max(1, turns), "%")
        print(f"    {ends} of {turns} turns ({plays} with a card whose play gains), {cards} usable cards left in all; "
              f"{level} won {wins:g} of {n} games; "
              f"{time.perf_counter() - t:.0f} s", flush=True)


SECTIONS = {"positions": ("Answers End turn with a usable card, fixed positions", positions),
            "games": ("Turns ended with a usable card, games against Easy", games)}


def main(argv: list[str]) -> int:
    valued = ("--positions", "--games", "--levels")
    argv = [a for i, a in enumerate(argv) if not (i > 0 and argv[i - 1] in valued) and a not in valued]
    return run_sections(argv, SECTIONS, "Three Spheres TCG, turns ended with cards left to use:")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
