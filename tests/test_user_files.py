"""The files and folders a player's machine holds for the app, however odd (issue 28): only
plain files are read (a pipe never makes the app wait), a write keeps the file's permissions and
leaves a read-only file alone, a folder that cannot be had is named in one sentence, a deck code
of any length is never taken for a path, and a file name made from a deck's name is one every
system accepts."""

from __future__ import annotations

import os
import stat
import threading

import pytest

from tabletop.cli import main
from tabletop.engine import paths
from tabletop.engine.files import ReadOnlyFileError, is_plain_file, read_json, read_text, write_atomic
from tabletop.engine.paths import FolderError
from tabletop.games.three_spheres.cards import decks
from tabletop.games.three_spheres.deck_files import DeckFileError, DeckList, deck_code, deck_from, prebuilt
from tabletop.games.three_spheres.deck_store import file_name, save_new

FOREST = prebuilt(decks()["forest"])


class Bad(Exception):
    pass


# --- only plain files are read ---------------------------------------------------------------------
def _returns_within(seconds: float, call) -> tuple[bool, object]:
    """Run ``call`` on a thread: (whether it returned in time, what it returned or raised)."""
    out: list[object] = []

    def run() -> None:
        try:
            out.append(call())
        except BaseException as e:  # noqa: BLE001 - handed back to the test
            out.append(e)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    return not t.is_alive(), (out[0] if out else None)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_pipe_is_refused_at_once_not_waited_on(tmp_path):
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)
    try:
        done, result = _returns_within(5, lambda: read_json(fifo, "The deck file x.json", Bad))
        assert done, "reading a FIFO blocked"
        assert isinstance(result, Bad)
        assert str(result) == "The deck file x.json is not a plain file (it is a pipe): the app reads only files."
    finally:  # (on the old code: let the stuck reader go)
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK) if not done else None
        if fd is not None:
            os.close(fd)
    assert not is_plain_file(fifo) and is_plain_file(__file__) and not is_plain_file(tmp_path)
    assert not is_plain_file(tmp_path / "missing") and not is_plain_file("a\0b")


def test_a_folder_and_a_link_loop_are_named_for_what_they_are(tmp_path):
    (tmp_path / "x.json").mkdir()
    with pytest.raises(Bad, match=r"^The file is a folder, not a file\.$"):
        read_text(tmp_path / "x.json", "The file", Bad)
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    with pytest.raises(Bad, match=r"^The file cannot be read: .+\.$"):
        read_text(loop, "The file", Bad)
    with pytest.raises(Bad, match=r"^The file cannot be read: .*NUL|null"):
        read_text("a\0b.json", "The file", Bad)
    target = tmp_path / "real.json"
    target.write_text('{"a": 1}')
    (tmp_path / "link.json").symlink_to(target)  # a link to a plain file is that file
    assert read_json(tmp_path / "link.json", "The file", Bad) == {"a": 1}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_the_deck_commands_pass_over_a_pipe_among_the_decks(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    save_new(FOREST.renamed("Kept"))
    os.mkfifo(paths.decks_dir() / "x.json")
    done, rc = _returns_within(20, lambda: main(["decks", "list"]))
    assert done and rc == 0
    out = capsys.readouterr().out
    assert "kept.json\tKept\tsaved\tplayable" in out
    assert "x.json\t-\tsaved\tcannot be read: The deck file x.json is not a plain file (it is a pipe)" in out
    done, rc = _returns_within(20, lambda: main(["decks", "check", str(paths.decks_dir() / "x.json")]))
    assert done and rc == 2
    assert "is not a plain file" in capsys.readouterr().err


# --- a write keeps what the user set ---------------------------------------------------------------
def test_a_file_written_over_keeps_its_permissions(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text("old")
    path.chmod(0o640)
    write_atomic(path, "new")
    assert path.read_text() == "new" and stat.S_IMODE(path.stat().st_mode) == 0o640
    fresh = tmp_path / "fresh.json"
    write_atomic(fresh, "x")  # a new file gets the private default
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600


def test_a_read_only_file_is_not_written(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text("mine")
    path.chmod(0o444)
    with pytest.raises(ReadOnlyFileError, match="deck.json is read-only") as caught:
        write_atomic(path, "other")
    assert isinstance(caught.value, PermissionError)
    assert path.read_text() == "mine" and stat.S_IMODE(path.stat().st_mode) == 0o444
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.json"]  # no temporary left


# --- folders the app cannot have -------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["data", "config", "cache"])
def test_a_file_where_a_folder_should_be_is_named_in_one_sentence(tmp_path, monkeypatch, kind):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    (tmp_path / kind).write_text("not a folder")
    with pytest.raises(FolderError) as caught:
        paths.user_folder(kind)
    assert str(caught.value) == f"The app cannot use its {kind} folder {tmp_path / kind}: a file has that name."
    assert (tmp_path / kind).read_text() == "not a folder"


@pytest.mark.parametrize("kind", ["saves", "decks"])
def test_a_file_named_saves_or_decks_breaks_only_that_folder(tmp_path, monkeypatch, kind):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / kind).write_text("")
    get = {"saves": paths.saves_dir, "decks": paths.decks_dir}
    with pytest.raises(FolderError, match=f"^The app cannot use its {kind} folder .*{kind}: a file has that name.$"):
        get[kind]()
    other = get["decks" if kind == "saves" else "saves"]()
    assert other.is_dir()
    # the stale temporaries are cleared where they can be, the rest passed over
    stale = paths.data_dir() / ".autosave.json.abcd1234.tmp"
    stale.write_text("")
    os.utime(stale, (0, 0))
    assert paths.remove_stale_temps() == [stale]


def test_a_link_loop_or_an_unusable_folder_is_named(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    (tmp_path / "cache").symlink_to(tmp_path / "cache")
    with pytest.raises(FolderError, match=r"^The app cannot use its cache folder .*cache: a file has that name\.$"):
        paths.cache_dir()
    monkeypatch.setattr(os, "access", lambda path, mode: False)  # (root may read any folder)
    with pytest.raises(FolderError, match=r"^The app cannot use its config folder .*: the app may not read and "
                                          r"write there \(permission denied\)\.$"):
        paths.config_dir()


def test_the_deck_commands_name_the_decks_folder_they_cannot_have(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "decks").write_text("")
    assert main(["decks", "import", deck_code(FOREST.renamed("Pasted"))]) == 2
    err = capsys.readouterr().err
    assert err == f"tabletop: error: The app cannot use its decks folder {tmp_path / 'data' / 'decks'}: a file has that name.\n"


# --- a deck code is never taken for a path ---------------------------------------------------------
def _long_code() -> tuple[DeckList, str]:
    """A playable deck whose code is longer than a file name may be: a 40-character Chinese
    name, its Realm and World chosen by hand."""
    name = "".join(chr(0x4E00 + 389 * i) for i in range(40))  # (no repeats: it does not compress)
    deck = DeckList(name, FOREST.cards, FOREST.realm, FOREST.world)
    assert FOREST.realm is not None and not deck.problems()
    return deck, deck_code(deck)


def test_a_deck_code_longer_than_a_file_name_gives_its_deck(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    deck, code = _long_code()
    assert len(code) > 255
    assert deck_from(code) == deck
    assert main(["decks", "show", code]) == 0
    assert capsys.readouterr().out.startswith(deck.name)
    assert main(["decks", "import", code]) == 0
    assert (paths.decks_dir() / f"{file_name(deck.name)}.json").exists()
    assert main(["arena", "--game", "three-spheres", "--seats", "random,random", "--games", "1",
                 "--decks", f"{code},forest"]) == 0


def test_any_long_text_gets_a_deck_or_one_sentence(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    for text in ["x" * 300, "3S1-" + "A" * 300, "a/" * 200, "3S1-" + "é" * 300]:
        with pytest.raises(DeckFileError):
            deck_from(text)
        assert main(["decks", "show", text]) == 2
        err = capsys.readouterr().err
        assert err.startswith("tabletop: error: ") and err.count("\n") == 1 and "Traceback" not in err


# --- file names every system takes -----------------------------------------------------------------
WINDOWS_DEVICES = ["CON", "con", "Prn", "AUX", "NUL", "nul.txt", "COM1", "com9", "LPT1", "lpt3.json", "COM²", "Aux.tar.gz"]
WINDOWS_FORBIDDEN = '<>:"/\\|?*'


@pytest.mark.parametrize("name", WINDOWS_DEVICES + ["end.", "end ", "a<b>c", 'say "hi"', "a/b\\c", "what?*",
                                                    "  ", "...", "\x00\x1f", "森林之灵", "Café", "Cafe\u0301"])
def test_a_deck_name_gives_a_file_name_every_system_accepts(name):
    slug = file_name(name)
    stem = slug.split(".")[0].casefold()
    assert stem not in {"con", "prn", "aux", "nul"} and not (stem[:3] in ("com", "lpt") and len(stem) == 4)
    assert not set(slug) & set(WINDOWS_FORBIDDEN) and all(ord(c) >= 32 for c in slug)
    assert slug and slug[-1] not in ". " and slug[0] not in ". -"
    assert len(slug) <= 40 and len(f"{slug}.json".encode()) <= 255


def test_a_file_name_keeps_the_letters_of_any_script():
    assert file_name("森林之灵 deck") == "森林之灵-deck"
    assert file_name("Café") == file_name("Cafe\u0301") == "café"  # composed, as macOS keeps names
    assert file_name("CON") == "con-deck" and file_name("Lpt1") == "lpt1-deck" and file_name("con.txt") == "con-txt"
    assert file_name("Conifers") == "conifers" and file_name("COM10") == "com10"
    assert file_name("***") == "deck"


def test_saving_a_deck_named_like_a_device_keeps_its_name(tmp_path):
    path = save_new(FOREST.renamed("NUL"), tmp_path)
    assert path.name == "nul-deck.json"
    from tabletop.games.three_spheres.deck_files import read_deck

    assert read_deck(path).name == "NUL"
