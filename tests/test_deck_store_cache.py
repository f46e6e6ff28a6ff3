"""How the saved decks' listing trusts what it read before (issue 28, point 5; tests from the
mutation run of deck_store.py): a file is known by its (modification time, size, inode); a
file changed within RACY seconds of a listing may change again within the clock's step without
its key changing, so it is read again at each listing and never kept in the index; a folder
given by path is listed without the index."""

from __future__ import annotations

import json
import os
import time

import pytest

from tabletop.engine.paths import cache_dir
from tabletop.games.three_spheres import deck_store
from tabletop.games.three_spheres.cards import decks
from tabletop.games.three_spheres.deck_files import deck_text, prebuilt

FOREST = prebuilt(decks()["forest"])


@pytest.fixture
def reads(monkeypatch):
    seen: list[str] = []
    real = deck_store.read_deck
    monkeypatch.setattr(deck_store, "read_deck", lambda path, *a, **k: seen.append(os.path.basename(path)) or real(path, *a, **k))
    monkeypatch.setattr(deck_store._Listing, "_folders", {})
    return seen


def write(path, name, back=None):
    """A deck file named ``name``; its time set ``back`` seconds before now (None: just written)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(deck_text(FOREST.renamed(name)), encoding="utf-8")
    if back is not None:
        then = time.time() - back
        os.utime(path, (then, then))


def same_key_other_name(path, name):
    """The file's deck renamed, its size, time and inode as they were: what a second write within
    the clock's step looks like to the listing."""
    info = os.stat(path)
    text = deck_text(FOREST.renamed(name))
    assert len(text.encode()) == info.st_size
    with open(path, "r+", encoding="utf-8") as f:
        f.write(text)
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert (os.stat(path).st_mtime_ns, os.stat(path).st_ino) == (info.st_mtime_ns, info.st_ino)


def index_files():
    return json.loads((cache_dir() / deck_store.INDEX).read_text(encoding="utf-8"))["files"]


def test_a_file_just_written_is_read_again_at_each_listing_and_kept_out_of_the_index(reads):
    folder = deck_store.folder()
    write(folder / "a.json", "Deck A1")  # just now: its key may not show a second change
    write(folder / "b.json", "Deck B1", back=86_400)
    assert [s.name for s in deck_store.saved_decks()] == ["Deck A1", "Deck B1"]
    assert sorted(index_files()) == ["b.json"]  # only what can be trusted is kept
    same_key_other_name(folder / "a.json", "Deck A2")
    reads.clear()
    assert [s.name for s in deck_store.saved_decks()] == ["Deck A2", "Deck B1"] and reads == ["a.json"]
    deck_store._Listing._folders.clear()  # a new process: the index does not vouch for a.json
    same_key_other_name(folder / "a.json", "Deck A3")
    reads.clear()
    assert [s.name for s in deck_store.saved_decks()] == ["Deck A3", "Deck B1"] and reads == ["a.json"]


def test_a_file_older_than_the_clock_step_is_trusted_and_not_read_again(reads):
    folder = deck_store.folder()
    write(folder / "b.json", "Deck B1", back=deck_store.RACY + 1)
    deck_store.saved_decks()
    same_key_other_name(folder / "b.json", "Deck B2")  # (a change no real clock would hide)
    reads.clear()
    assert [s.name for s in deck_store.saved_decks()] == ["Deck B1"] and reads == []


def test_a_listing_where_nothing_changed_does_not_write_the_index_again(reads, monkeypatch):
    folder = deck_store.folder()
    write(folder / "a.json", "Deck A1")
    write(folder / "b.json", "Deck B1", back=86_400)
    deck_store.saved_decks()
    written = []
    monkeypatch.setattr(deck_store, "_write_index", lambda where, files: written.append(sorted(files)))
    deck_store.saved_decks()  # a.json read again (racy), the same: nothing new to keep
    assert written == []
    (folder / "b.json").unlink()  # a trusted file gone: the index drops it
    deck_store.saved_decks()
    assert written == [["a.json"]]


def test_a_folder_given_by_path_is_listed_once_without_the_index(reads, tmp_path):
    where = tmp_path / "elsewhere"
    write(where / "c.json", "Deck C", back=86_400)
    assert [s.name for s in deck_store.saved_decks(where)] == ["Deck C"]
    assert not (cache_dir() / deck_store.INDEX).exists()
    reads.clear()
    assert [s.name for s in deck_store.saved_decks(where)] == ["Deck C"] and reads == []


def test_every_deck_deleted_leaves_an_empty_listing(reads):
    folder = deck_store.folder()
    write(folder / "a.json", "Deck A", back=86_400)
    write(folder / "b.json", "Deck B", back=86_400)
    assert len(deck_store.saved_decks()) == 2
    (folder / "a.json").unlink()
    assert [s.name for s in deck_store.saved_decks()] == ["Deck B"]
    (folder / "b.json").unlink()
    assert deck_store.saved_decks() == []


def test_an_index_entry_of_the_wrong_kind_makes_the_index_damaged(reads):
    folder = deck_store.folder()
    write(folder / "b.json", "Deck B", back=86_400)
    deck_store.saved_decks()
    index = cache_dir() / deck_store.INDEX
    data = json.loads(index.read_text(encoding="utf-8"))
    mtime, size, inode, name, code, problem, error = data["files"]["b.json"]
    for wrong in ([mtime, size, inode, 5, code, problem, error], [str(mtime), size, inode, name, code, problem, error]):
        data["files"]["b.json"] = wrong
        index.write_text(json.dumps(data), encoding="utf-8")
        deck_store._Listing._folders.clear()
        reads.clear()
        assert [s.name for s in deck_store.saved_decks()] == ["Deck B"] and reads == ["b.json"]


def test_a_saved_deck_is_found_by_its_name_its_file_name_or_its_file_name_without_json(reads):
    folder = deck_store.folder()
    write(folder / "my-stones.json", "The Heavy Ones", back=86_400)
    for text in ("The Heavy Ones", "the heavy ones", "my-stones", "MY-STONES.json"):
        assert deck_store.find_deck(text).name == "The Heavy Ones", text
