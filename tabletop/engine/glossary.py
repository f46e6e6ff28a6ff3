"""A game's words: its glossary (the rules window's Glossary) and what each named place of its
table is ("What is this?" on the table).

A game has them in its package's ``glossary`` module: ``TERMS`` (each word and what it means, in
the project's own words) and ``PLACES`` (the start of a name on the table -> its word).  A game
without one has an empty glossary.
"""

from __future__ import annotations

import importlib
from typing import Any


def glossary(game: Any) -> tuple[dict[str, str], dict[str, str]]:
    """``game``'s words and what each place of its table is: (TERMS, PLACES)."""
    package = getattr(game, "package", "")
    if not package:
        return {}, {}
    try:
        module = importlib.import_module(f"{package}.glossary")
    except ModuleNotFoundError:
        return {}, {}
    return dict(getattr(module, "TERMS", {})), dict(getattr(module, "PLACES", {}))


def place_word(game: Any, address: str) -> tuple[str, str] | None:
    """The word for the place named ``address`` on ``game``'s table and what it means (the longest
    start of a name that fits), or ``None``."""
    terms, places = glossary(game)
    fits = [start for start in places if address == start.rstrip("/") or address.startswith(start)]
    if not fits:
        return None
    word = places[max(fits, key=len)]
    return word, terms.get(word, "")


def glossary_markdown(game: Any) -> str:
    """The glossary as a Markdown section (the rules window shows it after the help page)."""
    terms, _ = glossary(game)
    if not terms:
        return ""
    lines = ["## Glossary", "", f"The words of {game.name}, as this app uses them.", ""]
    for word in sorted(terms, key=str.lower):
        lines.append(f"- **{word}.** {terms[word]}")
    return "\n".join(lines) + "\n"
