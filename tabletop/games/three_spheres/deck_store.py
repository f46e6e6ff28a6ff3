"""The players' own Three Spheres decks, kept as deck files (:mod:`.deck_files`) in the app's
decks folder: listing them (a file that cannot be read is listed with its reason and left as it
is), saving a new one under a file name of its own, saving over one, deleting one, and finding
the deck a command line or a seat names.

A listing reads the folder once a change, not once an action: it looks at the folder's entries
(one ``scandir``: names, times and sizes, some 40 ms for 10,000 files) and reads only the files
that changed since they were last read.  What the lists need of a file -- its deck's name, code
and first broken rule, or why it cannot be read -- is kept by the file's (modification time,
size, inode); for the app's own folder also in an index in the cache folder, so that the next
start reads none of them either.  Another copy of the app writes a new file each time (a new
inode); a change by hand changes the time or the size -- except a change of the same size
within the same tick of the file system's clock as the reading, so a file read less than
:data:`RACY` seconds after it was written is read again at the next listing."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from tabletop.engine.paths import FolderError

from .cards import deck_cards, decks
from .deck_files import DeckFileError, DeckList, deck_code, deck_from, prebuilt, read_deck, write_deck

RACY = 2.0  # seconds: the coarsest clock of a file system the app may write to (FAT's)
INDEX = "decks-index.json"  # in the cache folder
INDEX_FORMAT = "tabletop decks index"


@dataclass(frozen=True)
class SavedDeck:
    """A deck file of the folder as the lists show it: the folder (``where``) and the file's name
    (``file``), its deck's name, its code and the first deck rule it breaks ("" when it may be
    played) -- or why the file cannot be read (``error``; ``name`` is then the file's name
    without ``.json``)."""

    where: Path
    file: str
    name: str
    code: str = ""
    problem: str = ""
    error: str = ""

    @property
    def playable(self) -> bool:
        return not self.error and not self.problem

    @cached_property
    def path(self) -> Path:
        """The file's path (made when first asked: a list of ten thousand asks for few)."""
        return self.where / self.file

    @cached_property
    def deck(self) -> DeckList | None:
        """The deck itself, read from the file when first asked (a listing keeps only what the
        lists show); None when the file cannot be read."""
        if self.error:
            return None
        try:
            return read_deck(self.path)
        except DeckFileError:
            return None


def folder() -> Path:
    from tabletop.engine.paths import decks_dir

    return decks_dir()


def saved_decks(where: Path | None = None) -> list[SavedDeck]:
    """Every ``*.json`` of the folder, by deck name (then file name); the files that did not
    change since the last listing are not read again (see the module's docstring)."""
    return _Listing.of(folder() if where is None else Path(where), own=where is None).decks()


def _summary(where: Path, file: str) -> SavedDeck:
    """What the lists show of the deck file ``file`` of the folder ``where`` (the file is read)."""
    path = where / file
    try:
        deck = read_deck(path)
    except DeckFileError as e:
        return SavedDeck(where, file, path.stem, error=str(e))
    problems = deck.problems()
    return SavedDeck(where, file, deck.name, deck_code(deck), problems[0] if problems else "")


class _Listing:
    """What is known of one folder's deck files: by file name, the file's key (modification
    time, size, inode), whether that key can be trusted (see :data:`RACY`) and its summary."""

    _folders: dict[str, _Listing] = {}

    def __init__(self, where: Path, own: bool) -> None:
        self.where, self.own = where, own
        self.files: dict[str, tuple[tuple[int, int, int] | None, bool, SavedDeck]] = {}
        self.sorted: list[SavedDeck] | None = None
        if own:
            self.files = _read_index(where)

    @classmethod
    def of(cls, where: Path, own: bool) -> _Listing:
        listing = cls._folders.get(str(where))
        if listing is None or listing.own != own:
            listing = cls._folders[str(where)] = cls(where, own)
        return listing

    def decks(self) -> list[SavedDeck]:
        """The folder's decks, by name: each changed file read, the index kept up to date."""
        try:
            entries = list(os.scandir(self.where))
        except FileNotFoundError:
            entries = []
        now = time.time_ns()
        files, relist, reindex = {}, self.sorted is None, False
        for entry in entries:
            if not os.path.normcase(entry.name).endswith(".json"):
                continue
            try:
                info = entry.stat()
                key = (info.st_mtime_ns, info.st_size, info.st_ino)
            except OSError:  # (a symlink going nowhere: read, to say why)
                key = None
            known = self.files.get(entry.name)
            if known is not None and known[0] == key and known[1]:
                files[entry.name] = known
                continue
            trusted = key is not None and now - key[0] > RACY * 1e9
            summary = _summary(self.where, entry.name)
            files[entry.name] = (key, trusted, summary)
            relist = relist or known is None or known[2] != summary
            reindex = reindex or trusted or (known is not None and known[1])
        gone = [known for name, known in self.files.items() if name not in files]
        relist = relist or bool(gone)
        reindex = reindex or any(trusted for _, trusted, _ in gone)
        self.files = files
        if relist:
            self.sorted = sorted((s for _, _, s in files.values()), key=lambda s: (s.name.casefold(), s.file))
        if self.own and reindex:
            _write_index(self.where, files)
        return list(self.sorted)


def _index_stamp() -> str:
    """What the index's summaries depend on besides the files: the app's version (its rules)
    and its cards."""
    import zlib

    from tabletop import __version__

    return f"{__version__} {zlib.crc32(' '.join(deck_cards()).encode()):08x}"


def _read_index(where: Path) -> dict[str, tuple[tuple[int, int, int] | None, bool, SavedDeck]]:
    """The summaries the index keeps for the folder ``where`` ({} when there is none, or it is
    of another folder or another version of the app, or damaged: the files are read then).

    The index is the app's own file, checked here field by field, so it is parsed without the
    general reader's walk over every value (30 ms of processor time for 10,000 decks); what that
    walk is for -- a lone half of a UTF-16 pair, which no widget can show -- the app never
    writes (non-ASCII is written as it is), so an escape naming one makes the index damaged."""
    import json
    import re

    from tabletop.engine.files import read_text
    from tabletop.engine.paths import cache_dir

    class _Unreadable(Exception):
        pass

    try:
        text = read_text(cache_dir() / INDEX, "The decks index", _Unreadable)
        if re.search(r"\\u[dD][89a-fA-F]", text):
            return {}
        data = json.loads(text)
        if not (isinstance(data, dict) and data.get("format") == INDEX_FORMAT and data.get("stamp") == _index_stamp()
                and data.get("folder") == str(where) and isinstance(data.get("files"), dict)):
            return {}
        out = {}
        for file, (mtime, size, inode, name, code, problem, error) in data["files"].items():
            if not (type(mtime) is type(size) is type(inode) is int
                    and type(file) is type(name) is type(code) is type(problem) is type(error) is str):
                return {}
            out[file] = ((mtime, size, inode), True, SavedDeck(where, file, name, code, problem, error))
        return out
    except (OSError, _Unreadable, TypeError, ValueError, RecursionError):
        return {}


def _write_index(where: Path, files: dict[str, tuple[tuple[int, int, int] | None, bool, SavedDeck]]) -> None:
    """Keep the trusted summaries in the index (a folder the app cannot write to: no index)."""
    import json

    from tabletop.engine.files import write_atomic
    from tabletop.engine.paths import cache_dir

    kept = {file: [*key, s.name, s.code, s.problem, s.error]
            for file, (key, trusted, s) in files.items() if trusted and key is not None}
    data = {"format": INDEX_FORMAT, "stamp": _index_stamp(), "folder": str(where), "files": kept}
    try:
        write_atomic(cache_dir() / INDEX, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    except OSError:
        pass


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


def unique_name(name: str, where: Path | None = None, saved: list[SavedDeck] | None = None) -> str:
    """``name``, or "name (2)" ... when a saved or pre-built deck is called that already: the
    saved decks of ``where`` (its folder by default) or, given, of a listing just made
    (``saved``); only the pre-built ones when the folder cannot be used (nothing can be saved
    there anyway)."""
    if saved is None:
        try:
            saved = saved_decks(where)
        except FolderError:
            saved = []
    taken = {s.name.casefold() for s in saved} | {d.name.casefold() for d in decks().values()}
    if name.casefold() not in taken:
        return name
    n = 2
    while f"{name} ({n})".casefold() in taken:
        n += 1
    return f"{name} ({n})"


def find_deck(text: str, where: Path | None = None) -> DeckList:
    """The deck ``text`` names: a pre-built deck (its id or name), a saved deck (its name or
    file name), a deck code or a deck file's path; :class:`DeckFileError` saying which exist
    when none is.  A decks folder that cannot be used (:class:`FolderError`) leaves the
    pre-built decks, codes and paths; when none of them is meant, the error says why the saved
    decks are missing."""
    key = str(text).strip().casefold()
    for deck_id, d in decks().items():
        if key in (deck_id, d.name.casefold()):
            return prebuilt(d)
    try:
        saved, unusable = saved_decks(where), ""
    except FolderError as e:
        saved, unusable = [], f" {e}"
    for s in saved:
        if not s.error and key in (s.name.casefold(), os.path.splitext(s.file)[0].casefold(), s.file.casefold()) and s.deck:
            return s.deck
    try:
        return deck_from(text)
    except DeckFileError as e:
        if Path(str(text).strip()).suffix.lower() == ".json" or str(text).strip().startswith("3S"):
            raise
        names = ", ".join(list(decks()) + [s.name for s in saved if not s.error])
        raise DeckFileError(f"No deck {str(text).strip()!r}: the decks are {names} (or give a deck code or file)."
                            + unusable) from e


def deck_choices(where: Path | None = None) -> list[tuple[str, str, str]]:
    """The saved decks as choices for a seat: (name, deck code, "") for each deck that may be
    played, (name, "", the reason) for each that may not (a rule it breaks, or why its file
    cannot be read)."""
    return [(s.file, "", s.error) if s.error else (s.name, s.code if s.playable else "", s.problem)
            for s in saved_decks(where)]
