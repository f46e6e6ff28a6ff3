"""The words of the shogun table, without Qt: how it names the stones (a mandarin in the classic
rules), what a stone is worth and does, the contents of a place, the two ways of sowing, the tag
an ability puts on the place it reaches, a hint's words, a place's stable name on the table
(:func:`place_address`) and the words a screen reader is given for a stone, a player's captures
and the tray.  The table's Qt modules and the choosing (:mod:`.choosing`) take their words from
here."""

from __future__ import annotations

from typing import Any, Callable

from tabletop.engine.actions import Action

from .steps import Move, Step
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


def stone_value(key: str, view: dict[str, Any]) -> int:
    """What a stone is worth in the game of ``view`` (a mandarin's worth is an option)."""
    if key == "shogun" and is_classic(view):
        return int((view.get("options") or {}).get("mandarin", 10))
    return KINDS[CODE[key]].value


def stone_text(key: str, view: dict[str, Any], name: Callable[[int], str]) -> str:
    """What a stone does in the game of ``view``, and who may use its ability (``name``: a seat's
    player's name) -- the lines of its tooltip under its name and worth."""
    if is_classic(view):
        if key == "shogun":
            text = "The lord of a house. Captured with the stones beside him"
            if (view.get("options") or {}).get("young_mandarin"):
                text += ", but not while fewer than 5 stones stand with him"
            return f"{text}."
        return "An ordinary stone: sown one square at a time."
    text = KINDS[CODE[key]].text
    if key in ABILITY_TAG:  # (the Thief's dice and the Hime's worth are anybody's)
        who = [name(p) for p in range(2) if key in view["chosen"][p]]
        if who:
            text += f"\nAbility usable by {' and '.join(who)} (on their own side)."
        else:
            text += "\nNobody chose it: it is sown like a peasant."
    return text


def stone_about(key: str, view: dict[str, Any], name: Callable[[int], str], count: int = 1, chosen: bool = False) -> str:
    """A stone of a tray, the hand or a panel as a screen reader says it after its kind:
    "chosen, 3 of them, worth 2: May jump over ..." (its tooltip's lines)."""
    parts = ["chosen"] if chosen else []
    if count > 1:
        parts.append(f"{count} of them")
    parts.append(f"worth {stone_value(key, view)}: " + stone_text(key, view, name).replace("\n", " "))
    return ", ".join(parts)


def captured_words(view: dict[str, Any], p: int, name: Callable[[int], str]) -> str:
    """What player ``p`` captured, owes and lent, as a screen reader says their area."""
    store, owed, lent = view["stores"][p], view["borrowed"][p], view["borrowed"][1 - p]
    parts = [f"captured {count_text(store, is_classic(view))}" if store else "nothing captured"]
    if owed:
        parts.append(f"owes {sum(stone_value(k, view) for k in owed)}")
    if lent:
        parts.append(f"lent {sum(stone_value(k, view) for k in lent)} to {name(1 - p)}")
    return ", ".join(parts)


def tray_where(step: str | None, ordain_square: int | None) -> str:
    """Where the stones of the prompt's tray are, as a screen reader says it: what they are for."""
    if step == Step.SETUP:
        return "among the special stones to choose"
    if step == Step.REFILL:
        return "among your captures, to refill with"
    return f"among your captured special stones, to ordain {square_label(ordain_square)} with"


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
