"""How the shogun table names things, without Qt: the stones (a mandarin in the classic rules),
the contents of a place, the two ways of sowing, the tag an ability puts on the place it reaches,
a hint's words, and a place's stable name on the table (:func:`place_address`).  The table's Qt
modules and the choosing (:mod:`.choosing`) share them."""

from __future__ import annotations

from typing import Any

from tabletop.engine.actions import Action

from .steps import Move
from .stones import CODE, KINDS, is_rectangle, square_label

ABILITY_TAG = {"scholar": "Scholar jumps", "merchant": "Merchant crosses", "monk": "Monk",
               "geisha": "Geisha: to the shogun", "ghost": "Ghost", "samurai": "Samurai"}
WAYS = {1: "counter-clockwise", -1: "clockwise"}


def is_classic(view: dict[str, Any] | None) -> bool:
    """Whether ``view`` is of a game by the classic rules (Ô ăn quan)."""
    return bool(view) and (view.get("options") or {}).get("rules", "shogun") == "classic"


def place_address(place: int) -> str:
    """A place's stable name on the table, by the game's own numbering (:mod:`.stones`):
    ``square/<n>`` for a square, ``rectangle/5`` (east) and ``rectangle/11`` (west)."""
    return f"{'rectangle' if is_rectangle(place) else 'square'}/{place}"


def place_name(place: int) -> str:
    """A place as a screen reader calls it: "Square A3", "East rectangle"."""
    label = square_label(place)
    return label.removeprefix("the ").capitalize() if is_rectangle(place) else f"Square {label}"


def stone_name(key: str, classic: bool = False) -> str:
    if key == "shogun" and classic:
        return "Mandarin"
    return KINDS[CODE[key]].name


def count_text(stones: list[str], classic: bool = False) -> str:
    """"3 Peasants, Monk" -- the contents of a place or a hand in words."""
    if not stones:
        return "empty"
    parts = []
    for k in sorted(set(stones), key=lambda s: CODE.get(s, 99)):
        n = stones.count(k)
        name = stone_name(k, classic)
        parts.append(f"{n} {name[:-1] + 'ves' if name.endswith('f') else name + 's'}" if n > 1 else name)
    return ", ".join(parts)


def hint_words(action: Action, classic: bool = False) -> str:
    """A hint's words for ``action`` ("sow A2 clockwise")."""
    kind = action.kind
    if kind == Move.SOW:
        return f"sow {square_label(action['square'])} {WAYS[action['dir']]}"
    if kind in (Move.PLACE, Move.REFILL):
        return f"put the {stone_name(action['stone'])} on {square_label(action['square'])}"
    if kind == Move.DROP:
        if action.get("turn"):
            return "drop the Samurai and turn the sowing round"
        return f"drop the {stone_name(action['stone'], classic)} on {square_label(action['to'])}"
    if kind == Move.ORDAIN:
        return f"ordain {square_label(action['square'])} with the {stone_name(action['stone'])}"
    return {"skip": "sit out the turn", "roll": "roll the dice", "keep": "keep the Thief"}.get(kind, str(action))
