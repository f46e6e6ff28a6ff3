"""Three Spheres TCG: small helpers for the game's words in English."""

from __future__ import annotations


def plural(n: int, word: str, many: str = "") -> str:
    """``n`` and ``word``, plural unless one ("2 cards"; "such card": "3 such cards")."""
    if not many and " " in word:
        first, rest = word.rsplit(" ", 1)
        return f"{n} {first} {rest if abs(n) == 1 else rest + 's'}"
    return f"{n} {word if abs(n) == 1 else many or word + 's'}"
