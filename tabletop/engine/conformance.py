"""The invariants every game keeps at every step, as plain checks.

The conformance tests and the soak benchmark (``benchmarks/soak.py``) share them; each check
returns the problems it found as sentences (an empty list: all is well), so a long run can
count faults instead of stopping at the first.

* ``check_step``: the decision is well formed (a live state offers distinct legal actions, a
  chance node lists outcomes whose chances add up to one), no card or stone is made or lost
  (:meth:`State.components`), the state passes its own consistency check
  (:meth:`State.consistency_problems`), and the scores add up.
* ``check_views``: a seat's view is plain JSON and leaks nothing -- it names no card the state's
  own record says the seat cannot know (``State.hidden_from``), and resampling what the seat
  cannot see (``GameDef.determinize``, given a JSON copy of the view and nothing else) gives a
  world the rules allow: it passes the state's own consistency check (the game's cards, each
  where its kind may lie), its view is the very same (every count the view shows), and the
  seat deciding has the same legal actions.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from .game import CHANCE, GameDef, State


def components(state: State) -> Counter | None:
    """The multiset of the state's cards and stones, or ``None`` when the game does not say."""
    parts = state.components()
    return None if parts is None else Counter(parts)


def check_step(state: State, players: int, start: Counter | None) -> list[str]:
    """The problems of ``state`` as a position (see the module doc); ``start`` is
    :func:`components` of the game's first state."""
    problems: list[str] = []
    if state.is_terminal():
        if state.legal_actions():
            problems.append("a finished game still offers actions")
    elif state.decider() == CHANCE:
        outcomes = state.chance_outcomes()
        total = sum(p for _, p in outcomes)
        if not outcomes or abs(total - 1.0) > 1e-9:
            problems.append(f"a chance node's outcomes add up to {total}, not 1")
    else:
        legal = state.legal_actions()
        if not legal:
            problems.append("no legal action in a live state")
        elif len(set(legal)) != len(legal):
            problems.append("legal actions repeat")
    if start is not None:
        now = components(state)
        if now != start:
            problems.append(f"cards or stones changed: lost {dict(start - now)}, made {dict(now - start)}")
    problems += state.consistency_problems()
    scores = state.scores()
    if len(scores) != players:
        problems.append(f"{len(scores)} scores for {players} players")
    for score in scores:
        if score.total != sum(points for _, points in score.parts):
            problems.append(f"a score of {score.total} does not add up its parts {score.parts}")
    return problems


def check_views(game: GameDef, state: State, seats: list[int | None], rng: random.Random) -> list[str]:
    """The problems of the views of ``seats`` (``None``: a spectator) in ``state``."""
    problems: list[str] = []
    decider = state.decider()
    for seat in seats:
        view = state.view(seat)
        copy = json.loads(json.dumps(view))
        if copy != view:
            problems.append(f"the view of seat {seat} is not plain JSON")
            continue
        hidden = state.hidden_from(seat)
        if hidden:
            leaked = sorted(strings(view, skip=state.CATALOGUE) & hidden)
            if leaked:
                problems.append(f"seat {seat}'s view names cards it cannot know: {', '.join(leaked[:5])}")
        if seat is None or state.is_terminal():
            continue
        sample = game.determinize(copy, rng)
        problems += [f"a world sampled for seat {seat} cannot be: {p}" for p in sample.consistency_problems()]
        if sample.view(seat) != view:
            problems.append(f"seat {seat}'s view changes when what it cannot see is resampled")
        if seat == decider and sorted(map(str, sample.legal_actions())) != sorted(map(str, state.legal_actions())):
            problems.append(f"a resampled state offers seat {seat} other actions than the true one")
    return problems


def strings(doc: Any, skip: str | None = None) -> set[str]:
    """Every string in a JSON document, keys included, but for the entries named ``skip``."""
    out: set[str] = set()
    todo = [doc]
    while todo:
        x = todo.pop()
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                if k != skip:
                    out.add(k)
                    todo.append(v)
        elif isinstance(x, list):
            todo += x
    return out


def chance_outcome(state: State, rng: random.Random) -> Any:
    """An outcome of the chance node ``state``, drawn by its chances."""
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
