"""A game's words: its glossary (the rules window's Glossary) and what each named place of its
table is ("What is this?" on the table).

A game has them in its package's ``glossary`` module: ``TERMS`` (each word and what it means, in
the project's own words) and ``PLACES`` (the start of a name on the table -> its word).  A game
without one has an empty glossary.  What a thing on the table is may take more than its place:
a card lying in a tree is not the empty row it fills, a stone in a player's captures is a
Scholar as well as a capture.  The module's ``terms_for(table, item)``, when it has one, gives
the words for such an item (most telling first), or none to leave it to its place.
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


def term(game: Any, word: str) -> tuple[str, str] | None:
    """``word`` of ``game``'s glossary and what it means, or ``None`` (not a word of it)."""
    terms, _ = glossary(game)
    return (word, terms[word]) if word in terms else None


def item_terms(game: Any, table: Any, item: Any, addresses: list[str]) -> list[tuple[str, str]]:
    """The words of ``game``'s glossary for ``item`` on ``table`` and what they mean: those the
    game's ``terms_for`` gives (the thing itself), else the word of the first of its
    ``addresses`` (its zone's name, its own ...) that names a place."""
    package = getattr(game, "package", "")
    hook = None
    if package:
        try:
            hook = getattr(importlib.import_module(f"{package}.glossary"), "terms_for", None)
        except ModuleNotFoundError:
            hook = None
    words = list(hook(table, item) or []) if hook is not None else []
    found = [t for t in (term(game, w) for w in dict.fromkeys(words)) if t is not None]
    if found:
        return found
    for address in addresses:
        place = place_word(game, address) if address else None
        if place is not None:
            return [place]
    return []


def glossary_markdown(game: Any) -> str:
    """The glossary as a Markdown section (the rules window shows it after the help page)."""
    terms, _ = glossary(game)
    if not terms:
        return ""
    lines = ["## Glossary", "", f"The words of {game.name}, as this app uses them.", ""]
    for word in sorted(terms, key=str.lower):
        lines.append(f"- **{word}.** {terms[word]}")
    return "\n".join(lines) + "\n"
