"""Spheres of Life: the score -- animals in hand, ability cards in hand, banked sets, the points
of a match's earlier rounds, and what lasting effects add (effects.Point.SCORE); the winners."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.game import Score

from .cards import ABILITY, CORRUPTED, NOBLE, every_card, kind_of, kind_types, mythical_species
from .effects import CORRUPTED_IN_HAND, LASTING, Point

if TYPE_CHECKING:
    from .rules import SpheresState


def animal_points(count: int) -> int:
    """Points of ``count`` copies of one animal in hand: 1, 4, 9, then 9 + ... for more decks."""
    return 9 * (count // 3) + (0, 1, 4)[count % 3]


def scores(state: SpheresState) -> list[Score]:
    return [score(state, p) for p in range(state.num_players)]


def score(state: SpheresState, p: int) -> Score:
    """``p``'s points if the game ended now, part by part."""
    counts: dict[str, int] = {}
    abilities = 0
    for c in state.hands[p]:
        k = kind_of()[c]
        t = kind_types()[k]
        if t == ABILITY:
            abilities += not every_card()[c].prolonged  # (a Prolonged card in hand costs nothing)
        else:
            counts[k] = counts.get(k, 0) + 1
    noble = sum(animal_points(v) for k, v in counts.items() if kind_types()[k] == NOBLE)
    corrupted = sum(animal_points(v) for k, v in counts.items() if kind_types()[k] == CORRUPTED)
    sets = [k for k in state.banked[p] if k not in mythical_species()]  # (a Mythical set gives its bonus instead)
    banked_noble = sum(1 for k in sets if kind_types()[k] == NOBLE)
    banked_corrupted = len(sets) - banked_noble
    earlier = (("Earlier rounds", state.carried[p]),) if state.options["rounds"] > 1 else ()
    parts = earlier + (
        ("Noble animals in hand", noble),
        (CORRUPTED_IN_HAND, -corrupted),
        ("Ability cards in hand", -abilities),
        (f"Banked noble sets ({banked_noble} × 6)", 6 * banked_noble),
        (f"Banked corrupted sets ({banked_corrupted} × 3)", 3 * banked_corrupted),
    )
    if state.lasting:
        parts = tuple(LASTING.consult(Point.SCORE, parts, state.lasting, p))
    return Score(sum(v for _, v in parts), parts)


def winners(state: SpheresState) -> list[int]:
    """The best total; between those tied, the fewest cards in hand."""
    totals = [s.total for s in scores(state)]
    best = max(totals)
    tied = [p for p, t in enumerate(totals) if t == best]
    fewest = min(len(state.hands[p]) for p in tied)
    return [p for p in tied if len(state.hands[p]) == fewest]
