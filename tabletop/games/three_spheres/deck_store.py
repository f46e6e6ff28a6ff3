"""The players' own Three Spheres decks, kept as deck files (:mod:`.deck_files`) in the app's
decks folder: listing them (a file that cannot be read is listed with its reason and left as it
is), saving a new one under a file name of its own, saving over one, deleting one, and finding
the deck a command line or a seat names."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .cards import decks
from .deck_files import DeckFileError, DeckList, deck_code, deck_from, prebuilt, read_deck, write_deck


@dataclass(frozen=True)
class SavedDeck:
    """A deck file of the folder: its deck, or why it cannot be read (``deck`` is then None)."""

    path: Path
    deck: DeckList | None
    error: str = ""

    @property
    def name(self) -> str:
        return self.deck.name if self.deck is not None else self.path.stem


def folder() -> Path:
    from tabletop.engine.paths import decks_dir

    return decks_dir()


def saved_decks(where: Path | None = None) -> list[SavedDeck]:
    """Every ``*.json`` of the folder, by deck name (then file name)."""
    where = folder() if where is None else Path(where)
    out = []
    for path in sorted(where.glob("*.json")):
        try:
            out.append(SavedDeck(path, read_deck(path)))
        except DeckFileError as e:
            out.append(SavedDeck(path, None, str(e)))
    return sorted(out, key=lambda s: (s.name.casefold(), s.path.name))


# Names Windows keeps for devices, whatever the case and whatever follows a dot ("con.json")
_RESERVED = {"con", "prn", "aux", "nul",
             *(f"{dev}{n}" for dev in ("com", "lpt") for n in "0123456789\u00b9\u00b2\u00b3")}


def file_name(name: str) -> str:
    """A file name (without ``.json``) for a deck's name that Windows, macOS and Linux all
    accept: its letters and digits (any script) joined by hyphens, at most 40 characters,
    composed (NFC) as macOS keeps them, never a name Windows keeps for a device (``CON``,
    ``LPT1``...) -- those get ``-deck`` after them; "deck" when nothing is left."""
    import unicodedata

    text = unicodedata.normalize("NFC", name).casefold()
    slug = "-".join("".join(c if c.isalnum() else " " for c in text).split())[:40].strip("-")
    if not slug:
        return "deck"
    return f"{slug}-deck" if slug in _RESERVED else slug


def save_new(deck: DeckList, where: Path | None = None) -> Path:
    """Save ``deck`` under a file name no other file of the folder has; returns the path."""
    where = folder() if where is None else Path(where)
    base = file_name(deck.name)
    path, n = where / f"{base}.json", 2
    while path.exists():
        path, n = where / f"{base}-{n}.json", n + 1
    write_deck(path, deck)
    return path


def save(path: Path, deck: DeckList) -> None:
    """Save ``deck`` over the file at ``path`` (atomically: a failed write leaves the old file)."""
    write_deck(path, deck)


def delete(path: Path) -> None:
    Path(path).unlink()


def unique_name(name: str, where: Path | None = None) -> str:
    """``name``, or "name (2)" ... when a saved or pre-built deck is called that already."""
    taken = {s.name.casefold() for s in saved_decks(where)} | {d.name.casefold() for d in decks().values()}
    if name.casefold() not in taken:
        return name
    n = 2
    while f"{name} ({n})".casefold() in taken:
        n += 1
    return f"{name} ({n})"


def find_deck(text: str, where: Path | None = None) -> DeckList:
    """The deck ``text`` names: a pre-built deck (its id or name), a saved deck (its name or
    file name), a deck code or a deck file's path; :class:`DeckFileError` saying which exist
    when none is."""
    key = str(text).strip().casefold()
    for deck_id, d in decks().items():
        if key in (deck_id, d.name.casefold()):
            return prebuilt(d)
    saved = saved_decks(where)
    for s in saved:
        if s.deck is not None and key in (s.name.casefold(), s.path.stem.casefold(), s.path.name.casefold()):
            return s.deck
    try:
        return deck_from(text)
    except DeckFileError as e:
        if Path(str(text).strip()).suffix.lower() == ".json" or str(text).strip().startswith("3S"):
            raise
        names = ", ".join(list(decks()) + [s.name for s in saved if s.deck is not None])
        raise DeckFileError(f"No deck {str(text).strip()!r}: the decks are {names} (or give a deck code or file).") from e


def deck_choices(where: Path | None = None) -> list[tuple[str, str, str]]:
    """The saved decks as choices for a seat: (name, deck code, "") for each deck that may be
    played, (name, "", the reason) for each that may not (a rule it breaks, or why its file
    cannot be read)."""
    out = []
    for s in saved_decks(where):
        if s.deck is None:
            out.append((s.path.name, "", s.error))
            continue
        problems = s.deck.problems()
        out.append((s.deck.name, "" if problems else deck_code(s.deck), problems[0] if problems else ""))
    return out
