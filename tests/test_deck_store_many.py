"""The saved decks with many of them, and with a decks folder the app cannot use (issue 28, points
2 and 5): a listing reads only the deck files that changed, a new process reads none (the index),
and the pre-built decks and deck codes are found whatever the folder is."""

from __future__ import annotations

import os

import pytest

from tabletop.cli import main
from tabletop.games.three_spheres import deck_store
from tabletop.games.three_spheres.cards import decks
from tabletop.games.three_spheres.deck_files import DeckFileError, DeckList, deck_code, deck_text, prebuilt

FOREST = prebuilt(decks()["forest"])
DAY = 86_400


def make_decks(folder, count):
    """``count`` deck files (one in ten may not be played), dated a day back as decks saved over
    time (a file changed within the last two seconds is read again at each listing)."""
    folder.mkdir(parents=True, exist_ok=True)
    base = [prebuilt(d) for d in decks().values()]
    then = os.path.getmtime(folder) - DAY
    for i in range(count):
        deck = base[i % len(base)].renamed(f"Deck {i:05d}")
        if i % 10 == 9:
            deck = DeckList(deck.name, deck.cards[:20], None, None)
        path = folder / f"deck-{i:05d}.json"
        path.write_text(deck_text(deck), encoding="utf-8")
        os.utime(path, (then, then))


@pytest.fixture
def reads(monkeypatch):
    """The deck files the store reads, by name."""
    seen: list[str] = []
    real = deck_store.read_deck
    monkeypatch.setattr(deck_store, "read_deck", lambda path, *a, **k: seen.append(os.path.basename(path)) or real(path, *a, **k))
    return seen


@pytest.fixture
def fresh_process(monkeypatch):
    """What the store knows of the folders, forgotten as by a new process."""
    monkeypatch.setattr(deck_store._Listing, "_folders", {})
    return lambda: deck_store._Listing._folders.clear()


def test_a_listing_reads_only_the_deck_files_that_changed(reads, fresh_process):
    folder = deck_store.folder()
    make_decks(folder, 300)
    first = deck_store.saved_decks()
    assert len(first) == 300 and len(reads) == 300
    assert [s.name for s in first[:3]] == ["Deck 00000", "Deck 00001", "Deck 00002"]
    assert first[9].problem.startswith("A deck has exactly 30 cards") and first[8].playable
    assert first[0].code == deck_code(FOREST.renamed("Deck 00000"))
    reads.clear()
    assert deck_store.saved_decks() == first and reads == []  # nothing changed: nothing read
    # one file changed by hand, one new, one gone: only the two are read
    (folder / "deck-00005.json").write_text(deck_text(FOREST.renamed("Renamed by hand")), encoding="utf-8")
    deck_store.save_new(FOREST.renamed("Another one"))
    (folder / "deck-00007.json").unlink()
    names = [s.name for s in deck_store.saved_decks()]
    assert sorted(reads) == ["another-one.json", "deck-00005.json"]
    assert "Renamed by hand" in names and "Another one" in names and "Deck 00007" not in names and len(names) == 300


def test_a_new_process_reads_no_deck_file_that_did_not_change(reads, fresh_process):
    folder = deck_store.folder()
    make_decks(folder, 300)
    listed = deck_store.saved_decks()
    fresh_process()
    reads.clear()
    assert deck_store.saved_decks() == listed and reads == []  # from the index in the cache folder
    # an index another version of the app wrote is not trusted: every file is read again
    from tabletop.engine.paths import cache_dir

    index = cache_dir() / deck_store.INDEX
    index.write_text(index.read_text(encoding="utf-8").replace(deck_store._index_stamp(), "0.0 other"), encoding="utf-8")
    fresh_process()
    assert deck_store.saved_decks() == listed and len(reads) == 300


def test_a_damaged_index_is_passed_over_and_made_again(reads, fresh_process):
    from tabletop.engine.paths import cache_dir

    make_decks(deck_store.folder(), 20)
    listed = deck_store.saved_decks()
    index = cache_dir() / deck_store.INDEX
    good = index.read_text(encoding="utf-8")
    for damaged in (good[: len(good) // 2], good.replace('"Deck 00003"', '"\\ud800 lone half"'), "[" * 100_000, "{}"):
        index.write_text(damaged, encoding="utf-8")
        fresh_process()
        reads.clear()
        assert deck_store.saved_decks() == listed and len(reads) == 20, damaged[:40]
    assert index.read_text(encoding="utf-8") == good  # (made again by the last listing)


# --- a decks folder the app cannot use (a plain file named decks) ------------------------------------
@pytest.fixture
def broken_folder(tabletop_home):
    (tabletop_home / "data").mkdir(parents=True)
    (tabletop_home / "data" / "decks").write_text("")
    return tabletop_home / "data" / "decks"


def test_find_deck_finds_pre_built_decks_codes_and_files_without_the_folder(broken_folder, tmp_path):
    from tabletop.engine.paths import FolderError

    with pytest.raises(FolderError):
        deck_store.saved_decks()
    assert deck_store.find_deck("forest") == FOREST
    assert deck_store.find_deck("Heart of the Wood") == FOREST
    mine = DeckList("Pasted", FOREST.cards, FOREST.realm, FOREST.world)  # (a code keeps no description)
    assert deck_store.find_deck(deck_code(mine)) == mine
    path = tmp_path / "sent.json"
    path.write_text(deck_text(mine), encoding="utf-8")
    assert deck_store.find_deck(str(path)) == mine
    with pytest.raises(DeckFileError) as e:
        deck_store.find_deck("My own deck")
    assert str(e.value) == ("No deck 'My own deck': the decks are forest, myth, stones, crossroads (or give a deck "
                            f"code or file). The app cannot use its decks folder {broken_folder}: a file has that name.")
    assert deck_store.unique_name("Heart of the Wood") == "Heart of the Wood (2)"  # (the pre-built names only)


def test_the_deck_commands_without_the_folder(broken_folder, capsys):
    assert main(["decks", "list"]) == 2
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"{i}\t{d.name}\tpre-built\tplayable" for i, d in decks().items()]
    assert err == f"tabletop: error: The app cannot use its decks folder {broken_folder}: a file has that name.\n"
    assert main(["decks", "show", "forest"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Heart of the Wood") and f"Code: {deck_code(FOREST)}" in out
    assert out.endswith(f"(The app cannot use its decks folder {broken_folder}: a file has that name.)\n")
    mine = FOREST.renamed("Pasted")
    assert main(["decks", "show", deck_code(mine)]) == 0
    assert capsys.readouterr().out.startswith("Pasted")
    assert main(["decks", "export", "myth"]) == 0
    assert capsys.readouterr().out.strip() == deck_code(prebuilt(decks()["myth"]))
