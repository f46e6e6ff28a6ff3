"""Three Spheres TCG decks as players keep and share them: the deck file (small versioned JSON)
and the deck code (a short text to paste).  The format is documented in ``docs/decks.md``.

A :class:`DeckList` is a deck as a player edits it: it may break the deck rules while it is
being built (:meth:`DeckList.problems` says how), and its Realm and World are either named or
chosen by rule (``None``: decision 2's automatic choice).  Reading a file or a code checks its
form only -- a broken, foreign or newer file raises :class:`DeckFileError` with one sentence and
the file is never touched; whether the deck may be played is :meth:`DeckList.problems`.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from tabletop.engine.game import GameError

from .cards import Deck, all_cards, deck_cards, deck_problems, decks

FORMAT = "tabletop deck"
GAME = "three-spheres"
VERSION = 1
CODE_PREFIX = "3S1-"  # the game (Three Spheres) and the code's version
NAME_MAX = 60  # characters of a deck's name
DESCRIPTION_MAX = 400
CARDS_MAX = 99  # a deck being built may hold more than the rules allow, not without end
AUTOMATIC = "automatic"
CODE_MAX = 1200  # characters after the prefix: a deck of the most cards in every list is far below
NAME_BYTES = 120  # of a name in a code (60 characters of two bytes each)
BODY_MAX = 1 + NAME_BYTES + 3 * (1 + 2 * CARDS_MAX)  # a code's data at most: the name, three full lists
_FIELDS = ("format", "game", "version", "name", "description", "cards", "realm", "world")


class DeckFileError(GameError, ValueError):
    """A deck file or code that cannot be read (the sentence says why)."""


@dataclass(frozen=True, slots=True)
class DeckList:
    """A deck: its name, its cards (the set's ids), its Realm and World lists (``None``: chosen
    by rule when the game is set up) and a description."""

    name: str
    cards: tuple[str, ...]
    realm: tuple[str, ...] | None = None
    world: tuple[str, ...] | None = None
    description: str = ""

    def problems(self) -> list[str]:
        """Every deck rule this deck breaks, one sentence each ([] for a deck that may be played)."""
        return deck_problems(self.cards, self.realm, self.world)

    def renamed(self, name: str) -> DeckList:
        return replace(self, name=clean_name(name))

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": GAME, "version": VERSION, "name": self.name,
                "description": self.description, "cards": list(self.cards),
                "realm": list(self.realm) if self.realm is not None else AUTOMATIC,
                "world": list(self.world) if self.world is not None else AUTOMATIC}


def prebuilt(deck: Deck) -> DeckList:
    """A pre-built deck as a deck list (to copy it, show it or export it)."""
    return DeckList(deck.name, deck.cards, deck.realm, deck.world, deck.description)


def clean_name(name: str) -> str:
    """A deck's name as kept: one line, trimmed, at most :data:`NAME_MAX` characters; an empty
    name is "Untitled deck"."""
    name = " ".join(str(name).split())[:NAME_MAX].strip()
    return name or "Untitled deck"


# ---------------------------------------------------------------- the file


def deck_text(deck: DeckList) -> str:
    """The file's text: one field a line, the card lists on one line each."""
    data = deck.to_json()
    lines = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def parse_deck(data: Any, name: str = "The deck file") -> DeckList:
    """The deck of a file's parsed JSON; :class:`DeckFileError` with one sentence starting with
    ``name`` when it is not a Three Spheres deck of a version this app reads."""
    if not isinstance(data, dict):
        raise DeckFileError(f"{name} is not a deck file (it holds no named fields).")
    if data.get("format") != FORMAT:
        saved = data.get("game") is not None and "seed" in data
        what = "a saved game, not a deck" if saved else "not a deck file of this app"
        raise DeckFileError(f"{name} is {what}.")
    if data.get("game") != GAME:
        raise DeckFileError(f"{name} is a deck for another game ({_short(data.get('game'))}), not Three Spheres TCG.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DeckFileError(f"{name} is damaged: its version is {_short(version)}.")
    if version > VERSION:
        raise DeckFileError(f"{name} was written by a newer version of the app (deck format {version}); "
                            f"this one reads format {VERSION}. Update the app to open it.")
    unknown = [k for k in data if k not in _FIELDS]
    if unknown:
        raise DeckFileError(f"{name} is damaged: it has a field this app does not know ({_short(unknown[0])}).")
    title = data.get("name")
    if not isinstance(title, str) or not title.strip():
        raise DeckFileError(f"{name} is damaged: its deck has no name.")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise DeckFileError(f"{name} is damaged: its description is not a text.")
    cards = _card_list(data.get("cards"), "cards", name, CARDS_MAX)
    realm = _card_list(data.get("realm"), "realm", name, CARDS_MAX, automatic=True)
    world = _card_list(data.get("world"), "world", name, CARDS_MAX, automatic=True)
    return DeckList(clean_name(title), cards, realm, world, " ".join(description.split())[:DESCRIPTION_MAX])


def _card_list(value: Any, field: str, name: str, most: int, automatic: bool = False) -> tuple[str, ...] | None:
    if automatic and value == AUTOMATIC:
        return None
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        also = f' or "{AUTOMATIC}"' if automatic else ""
        raise DeckFileError(f"{name} is damaged: its {field} is not a list of card ids{also}.")
    if len(value) > most:
        raise DeckFileError(f"{name} is damaged: its {field} lists {len(value)} cards (at most {most}).")
    known = deck_cards()
    for c in value:
        if c not in known:
            why = "comes from the shared supply" if c in all_cards() else "is not a card this version of the app knows"
            raise DeckFileError(f"{name} names the card {_short(c)} in its {field}, which {why}.")
    return tuple(value)


def read_deck(path: Path | str, name: str | None = None) -> DeckList:
    """The deck in the file at ``path`` (read only: a file that cannot be read is left as it is)."""
    from tabletop.engine.files import read_json

    name = name or f"The deck file {Path(path).name}"
    return parse_deck(read_json(path, name, DeckFileError), name)


def write_deck(path: Path | str, deck: DeckList) -> None:
    """Write ``deck`` to ``path`` atomically (a failed write leaves what was there)."""
    from tabletop.engine.files import write_atomic

    write_atomic(path, deck_text(deck))


# ---------------------------------------------------------------- the code


def deck_code(deck: DeckList) -> str:
    """The deck as a short text to paste: ``3S1-`` and URL-safe base64 of its compressed data
    (the name, each card as its place in the set, the Realm and World lists or "automatic")."""
    index = {c: i for i, c in enumerate(deck_cards())}
    # (cut on a letter's edge: a name of letters of several widths never ends in half a letter)
    name = deck.name.encode("utf-8")[:NAME_BYTES].decode("utf-8", "ignore").encode("utf-8")
    body = bytearray([len(name)]) + name
    body += _indices(deck.cards, index)
    for part in (deck.realm, deck.world):
        body += b"\xff" if part is None else _indices(part, index)
    packed = zlib.compress(bytes(body), 9)[2:-4]  # raw deflate: the checksum follows instead
    check = zlib.crc32(bytes(body)) & 0xFFFF
    return CODE_PREFIX + base64.urlsafe_b64encode(packed + check.to_bytes(2, "big")).decode("ascii").rstrip("=")


def _indices(cards: tuple[str, ...], index: dict[str, int]) -> bytes:
    if len(cards) > CARDS_MAX:
        raise ValueError(f"A deck code holds at most {CARDS_MAX} cards a list.")
    return bytes([len(cards)]) + b"".join(index[c].to_bytes(2, "big") for c in cards)


def parse_deck_code(text: str) -> DeckList:
    """The deck of a deck code; :class:`DeckFileError` with one sentence when it is not one."""
    code = "".join(str(text).split())
    if not code.startswith(CODE_PREFIX):
        if code[:2] == CODE_PREFIX[:2] and code[3:4] == "-":
            raise DeckFileError("That deck code was made by a newer version of the app.")
        raise DeckFileError(f"That is not a Three Spheres deck code (a code starts with {CODE_PREFIX}).")
    raw = code[len(CODE_PREFIX):]
    if len(raw) > CODE_MAX:
        raise DeckFileError(f"That is not a deck code: it is far too long ({len(code)} characters).")
    try:
        data = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4))
    except (binascii.Error, ValueError):
        raise DeckFileError("That deck code is damaged: it holds characters a code never has.") from None
    try:
        unpack = zlib.decompressobj(-15)
        body = unpack.decompress(data[:-2], BODY_MAX) if len(data) > 2 else b""
        if unpack.unconsumed_tail or unpack.unused_data or not unpack.eof:
            body = b""
    except zlib.error:
        body = b""
    if not body or (zlib.crc32(body) & 0xFFFF) != int.from_bytes(data[-2:], "big"):
        raise DeckFileError("That deck code is damaged or incomplete (was all of it copied?).")
    try:
        return _read_body(body)
    except (IndexError, ValueError) as e:
        raise DeckFileError(f"That deck code is damaged: {e}") from None


def _read_body(body: bytes) -> DeckList:
    known = deck_cards()
    at = body[0] + 1
    name = body[1:at].decode("utf-8", errors="replace")
    lists: list[tuple[str, ...] | None] = []
    for _ in range(3):
        n = body[at]
        at += 1
        if n == 0xFF:
            lists.append(None)
            continue
        ids = []
        for _ in range(n):
            i = int.from_bytes(body[at:at + 2], "big")
            if len(body[at:at + 2]) < 2:
                raise ValueError("it ends too early.")
            if i >= len(known):
                raise ValueError("it names a card this version of the app does not know.")
            ids.append(known[i])
            at += 2
        lists.append(tuple(ids))
    if at != len(body):
        raise ValueError("it holds more than a deck.")
    cards, realm, world = lists
    if cards is None:
        raise ValueError("it has no list of cards.")
    return DeckList(clean_name(name), cards, realm, world)


# ---------------------------------------------------------------- a deck named on a command line or in options


def deck_option(value: Any) -> str:
    """A deck option's value that is not a pre-built deck: a deck code, checked -- the code as
    kept, or :class:`~tabletop.engine.game.OptionError` saying why it cannot be played."""
    from tabletop.engine.game import OptionError

    if not isinstance(value, str):
        raise OptionError(f"A deck is a pre-built deck's name or a deck code, not {_short(value)}.")
    if not value.strip().startswith(CODE_PREFIX[:2]):
        names = ", ".join(decks())
        raise OptionError(f"No deck {_short(value)}: a deck is one of the pre-built decks ({names}) or a deck code.")
    try:
        deck = parse_deck_code(value)
    except DeckFileError as e:
        raise OptionError(str(e)) from None
    problems = deck.problems()
    if problems:
        raise OptionError(f"The deck {deck.name!r} cannot be played: {problems[0]}")
    return deck_code(deck)


@lru_cache(maxsize=64)
def deck_of(value: str) -> DeckList:
    """The deck a game's deck option names (a pre-built deck's id or a deck code)."""
    built = decks()
    return prebuilt(built[value]) if value in built else parse_deck_code(value)



def deck_from(text: str) -> DeckList:
    """The deck ``text`` names: a pre-built deck's id, a deck code, or a deck file's path."""
    text = str(text).strip()
    built = decks()
    if text in built:
        return prebuilt(built[text])
    if text.lower().endswith(".json") or _is_file(text):
        return read_deck(text)
    if text.startswith(CODE_PREFIX[:2]) and "-" in text[:4]:
        return parse_deck_code(text)
    names = ", ".join(built)
    raise DeckFileError(f"No deck {_short(text)}: name a pre-built deck ({names}), a deck code or a deck file.")


def _is_file(text: str) -> bool:
    """Whether ``text`` names something on disk; never raises (a deck code is far longer than
    a file name may be, and may hold characters no path can)."""
    try:
        return Path(text).exists()
    except (OSError, ValueError):
        return False


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"
