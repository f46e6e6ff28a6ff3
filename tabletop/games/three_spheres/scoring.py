"""Three Spheres TCG: a player's collection at the end and what it scores (decisions 13 and 14).

The collection is the Realm deck, the Realm discard, the hand and the cards on the table
(in play or spent this turn).  Every card scores its fixed points, then its dynamic points:
``points_per`` counts something in the owner's collection (or the opponent's Wisps), capped
by ``max``.  The end of the game walks through it: the collection sorted into three piles (no
points, fixed, dynamic), and each dynamic card counted with its reason (:func:`walkthrough`).

A score is split as the walk-through sorts the cards (decision 14, the one split a player
sees in the Scores panel, the walk-through's Total box and the end screen): the "Fixed points"
pile -- every card with fixed points and no dynamic ones, a Corrupted Wisp's −1 included --
then one part per kind of dynamic card, its fixed and dynamic points together (:func:`score`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from tabletop.engine.game import Score

from .cards import SPHERE_NAMES, WISP, Card, card, kind_of
from .words import dynamic_part, n_cards


def count_for(c: Card, mine: Iterable[str], theirs: Iterable[str]) -> tuple[int, str]:
    """What a dynamic card counts in its owner's collection ``mine`` (card ids; the opponent's
    is ``theirs``), and the reason in words: ``(7, "7 Forest cards")``."""
    p = c.points_per
    assert p is not None
    kinds = [kind_of(x) for x in mine]
    if p.per == "sphere":
        n = sum(1 for k in kinds if card(k).sphere == p.sphere)
        return n, f"{n} {SPHERE_NAMES[p.sphere]} card{'s' if n != 1 else ''}"
    if p.per == "persist":
        n = sum(1 for k in kinds if card(k).persist)
        return n, f"{n} Persisting card{'s' if n != 1 else ''}"
    if p.per == "opponent_wisps":
        n = sum(1 for x in theirs if kind_of(x) == WISP)
        return n, f"{n} Corrupted Wisp{'s' if n != 1 else ''} with the opponent"
    if p.per == "distinct_levels":
        n = len({card(k).level for k in kinds})
        return n, f"{n} different level{'s' if n != 1 else ''}"
    n = sum(1 for k in kinds if k == p.card)
    return n, f"{n} × {card(p.card).name}"


def dynamic_points(c: Card, mine: Iterable[str], theirs: Iterable[str]) -> tuple[int, str]:
    """A card's dynamic points (capped) and why."""
    p = c.points_per
    if p is None:
        return 0, ""
    n, why = count_for(c, mine, theirs)
    points = n * p.points
    if p.max and points > p.max:
        return p.max, f"{why}, at most {p.max}"
    return points, why


def _walk_order(cid: str) -> tuple[bool, int, str]:
    """Where a card comes in the walk-through: no points and fixed points first, the cards with
    more fixed points first, then by id (a kind's copies side by side)."""
    c = card(kind_of(cid))
    return c.points_per is not None, -c.points, cid


def score(mine: list[str], theirs: list[str]) -> Score:
    """The score of the collection ``mine`` against the opponent's ``theirs``, split as the
    walk-through sorts it: the "Fixed points" pile (Corrupted Wisps included), then one part per
    kind of dynamic card in the walk's order, its fixed and dynamic points together, with the
    reason said under each of its cards ("Gloom Hound (2 Corrupted Wisps with the opponent)",
    "Dryad Seedling ×2 (each +3: 3 Forest cards)")."""
    kinds = Counter(kind_of(x) for x in mine)
    fixed = [k for k in kinds if card(k).points and not card(k).points_per]
    parts: list[tuple[str, int]] = [(f"Fixed points ({n_cards(sum(kinds[k] for k in fixed))})",
                                     sum(card(k).points * kinds[k] for k in fixed))]
    for k in sorted((k for k in kinds if card(k).points_per), key=_walk_order):
        c, n = card(k), kinds[k]
        points, why = dynamic_points(c, mine, theirs)
        name, reason = dynamic_part(c.name, n, {"fixed": c.points, "points": points, "why": why})
        parts.append((f"{name} ({reason})", (c.points + points) * n))
    return Score(sum(v for _, v in parts), tuple(parts))


def walkthrough(mine: list[str], theirs: list[str]) -> dict[str, Any]:
    """The end's walk-through of one collection: ``none`` (cards worth nothing), ``fixed`` (cards
    with fixed points and no dynamic ones, with their points), ``dynamic`` (each dynamic card
    with its fixed points, its dynamic points and the reason), and the ``total``."""
    none: list[str] = []
    fixed: list[dict[str, Any]] = []
    dynamic: list[dict[str, Any]] = []
    for x in sorted(mine, key=_walk_order):
        c = card(kind_of(x))
        if c.points_per:
            pts, why = dynamic_points(c, mine, theirs)
            dynamic.append({"card": x, "fixed": c.points, "points": pts, "why": why})
        elif c.points:
            fixed.append({"card": x, "points": c.points})
        else:
            none.append(x)
    total = sum(f["points"] for f in fixed) + sum(d["fixed"] + d["points"] for d in dynamic)
    return {"none": none, "fixed": fixed, "dynamic": dynamic, "total": total}
