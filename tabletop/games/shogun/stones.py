"""The stones of Spheres, the shogun stone-sowing game, and the board they lie on.

The board is a ring of 12 places, numbered in the counter-clockwise direction of the table as
the first player sees it: their five squares 0-4 (left to right), the east rectangle 5, the
second player's squares 6-10 (right to left as the first player sees them), the west rectangle
11.  Square ``i`` faces square ``10 - i``.  Each player owns their five squares and the
rectangle at their right hand (the first player the east one, 5; the second the west one, 11).

Stones are small ints (the kinds below); a place holds a sorted list of them.  Texts here are
the project's own words.
"""

from __future__ import annotations

from typing import NamedTuple

PEASANT, SHOGUN, SCHOLAR, MERCHANT, MONK, GEISHA, GHOST, THIEF, SAMURAI, HIME = range(10)
SPECIALS = (SCHOLAR, MERCHANT, MONK, GEISHA, GHOST, THIEF, SAMURAI, HIME)

PLACES = 12
RECTANGLES = (5, 11)


class Kind(NamedTuple):
    key: str
    name: str
    value: int
    text: str


KINDS = (
    Kind("peasant", "Peasant", 1, "An ordinary stone: sown one square at a time."),
    Kind("shogun", "Shogun", 15, "Never leaves his rectangle. He can be captured only when he stands alone there; "
         "stones beside him are taken instead and he stays."),
    Kind("scholar", "Scholar", 2, "May jump over the next square or rectangle and land on the one after."),
    Kind("merchant", "Merchant", 2, "May cross the board to the square facing the one he would land on."),
    Kind("monk", "Monk", 0, "May land on any of the next three places, not only the next one."),
    Kind("geisha", "Geisha", 2, "May go straight to the next rectangle that holds a shogun."),
    Kind("ghost", "Ghost", 2, "May land on any empty square or rectangle that is followed by a place with stones."),
    Kind("thief", "Thief", 2, "Sown like a peasant. At the end, a captured Thief lets the player who chose him roll "
         "two dice, if that player holds him, to steal the sum from the other player; a double gives the sum away."),
    Kind("samurai", "Samurai", 5, "When dropped, may turn the sowing round: it goes on the other way."),
    Kind("hime", "Hime", 15, "Sown like a peasant. Worth 30 to whoever takes her from a rectangle where a "
         "shogun stands."),
)
KEYS = tuple(k.key for k in KINDS)
CODE = {k.key: i for i, k in enumerate(KINDS)}


def owner(place: int) -> int:
    """Whose side a place is on (squares 0-4 and rectangle 5: the first player's)."""
    return 0 if place <= 5 else 1


def is_rectangle(place: int) -> bool:
    return place in RECTANGLES


def squares(player: int) -> range:
    return range(0, 5) if player == 0 else range(6, 11)


def rectangle(player: int) -> int:
    return 5 if player == 0 else 11


def facing(square: int) -> int:
    return 10 - square


def step(place: int, direction: int, n: int = 1) -> int:
    return (place + direction * n) % PLACES


def square_label(place: int) -> str:
    """How players name a place: "A1".."A5" for the first player's squares, "B1".."B5" for the
    second's (each numbered from their own left), "east" and "west" for the rectangles."""
    if place == 5:
        return "the east rectangle"
    if place == 11:
        return "the west rectangle"
    return f"A{place + 1}" if place in squares(0) else f"B{place - 5}"
