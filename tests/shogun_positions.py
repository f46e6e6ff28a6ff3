"""Built positions of the shogun sowing game, shared by its rules, bot and table tests."""

from __future__ import annotations

from tabletop.engine.registry import get_game

GAME = get_game("spheres-shogun")
P, S = "peasant", "shogun"


def board(**places):
    """12 places, empty but for the shoguns in their rectangles and ``places`` (``p3=[...]``)."""
    b = [[] for _ in range(12)]
    b[5], b[11] = [S], [S]
    for key, stones in places.items():
        b[int(key[1:])] = list(stones)
    return b


def position(rules="shogun", **doc):
    """(capture=must unless said: most tests are about what a capture takes, not the choice)"""
    doc.setdefault("board", board())
    doc["options"] = {"capture": "must", **doc.get("options", {}), "rules": rules}
    return GAME.from_position(doc)
