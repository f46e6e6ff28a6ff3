"""Three Spheres TCG decks as players keep them: deck files, deck codes, the saved decks, the
deck options of a game (a save carries its decks), and the `tabletop decks` commands."""

from __future__ import annotations

import json
import os
import random

import pytest

from tabletop.cli import main
from tabletop.engine.game import OptionError
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.engine.saves import load_match, save_match
from tabletop.games.three_spheres.cards import deck_cards, deck_problems, decks
from tabletop.games.three_spheres.deck_files import (
    CODE_PREFIX, DeckFileError, DeckList, clean_name, deck_code, deck_from, deck_of, deck_text, parse_deck,
    parse_deck_code, prebuilt, read_deck, write_deck,
)
from tabletop.games.three_spheres.deck_store import (
    file_name, find_deck, folder, save, save_new, saved_decks, unique_name,
)

G = get_game("three-spheres")
FOREST = prebuilt(decks()["forest"])


# --- the file ------------------------------------------------------------------------------------
@pytest.mark.parametrize("deck_id", list(decks()))
def test_a_deck_file_gives_back_the_deck_written(tmp_path, deck_id):
    deck = prebuilt(decks()[deck_id])
    write_deck(tmp_path / "d.json", deck)
    assert read_deck(tmp_path / "d.json") == deck
    auto = DeckList("Auto", deck.cards)  # the Realm and World chosen by rule
    write_deck(tmp_path / "a.json", auto)
    data = json.loads((tmp_path / "a.json").read_text())
    assert data["realm"] == data["world"] == "automatic" and data["version"] == 1
    assert read_deck(tmp_path / "a.json") == auto


def test_the_file_is_one_field_a_line():
    lines = deck_text(FOREST).splitlines()
    assert lines[0] == "{" and lines[-1] == "}" and len(lines) == 10
    assert lines[6].startswith(' "cards": ["moss_sprout", ')


def test_a_name_is_one_trimmed_line_and_never_empty():
    assert clean_name("  My \n deck\t ") == "My deck"
    assert clean_name("") == "Untitled deck"
    assert len(clean_name("x" * 500)) == 60
    assert FOREST.renamed(" New ").name == "New"


# --- the deck rules, every problem at once ---------------------------------------------------------
def test_every_problem_of_a_deck_is_named_in_one_sentence_each():
    cards = ["grove_eternal"] * 2 + ["elder_oak"] * 4 + ["moss_sprout"] * 3
    problems = deck_problems(cards)
    assert problems[0] == "A deck has exactly 30 cards; this one has 9."
    assert any("at most 1 copy of a level-4 card; this one has 2 of" in p for p in problems)
    assert any("at most 3 copies of a card; this one has 4 of Elder Oak" in p for p in problems)
    assert any("only 3 such cards to choose" in p for p in problems)
    assert all(p.endswith(".") and "\n" not in p for p in problems)
    assert deck_problems(FOREST.cards, FOREST.realm, FOREST.world) == []
    assert DeckList("x", FOREST.cards, None, FOREST.world[:5]).problems() == [
        "A World list names exactly 9 cards; this one names 5."]


@pytest.mark.parametrize("name", ["a" + "森" * 59, "ab" + "😀" * 40, "x" * 119 + "é"])
def test_a_long_name_of_mixed_widths_comes_back_from_its_code_cut_between_letters(name):
    back = parse_deck_code(deck_code(DeckList(name, FOREST.cards, None, None))).name
    assert "\ufffd" not in back and name.startswith(back) and len(back.encode("utf-8")) <= 120


# --- the code --------------------------------------------------------------------------------------
@pytest.mark.parametrize("deck_id", list(decks()))
def test_a_deck_code_gives_back_the_deck(deck_id):
    deck = prebuilt(decks()[deck_id])
    code = deck_code(deck)
    assert code.startswith(CODE_PREFIX) and len(code) < 160 and code.isascii() and " " not in code
    back = parse_deck_code(code)
    assert (back.name, back.cards, back.realm, back.world) == (deck.name, deck.cards, deck.realm, deck.world)
    auto = DeckList("Ünïcode ☀", deck.cards[:7])
    assert parse_deck_code(deck_code(auto)) == auto
    assert parse_deck_code("  " + code[:40] + "\n" + code[40:] + " ") == back  # pasted across lines


def test_a_deck_code_names_cards_by_their_place_in_the_set():
    """A code made today reads the same tomorrow: the set only grows at its end (a reordered card
    file would make this fail)."""
    assert deck_cards()[:3] == ("moss_sprout", "lantern_mushroom", "pollen_sprite")
    assert parse_deck_code("3S1-Y6xgYWBgYGRgAhGM_wGjKQ") == DeckList(
        "x", ("moss_sprout", "lantern_mushroom", "pollen_sprite", "moss_sprout"), ("lantern_mushroom",), None)


def test_the_largest_deck_a_code_holds_and_what_each_wrong_code_is_told():
    every = deck_cards()
    big = DeckList("é" * 60, tuple((every * 2)[:99]), tuple(every[:99]), tuple(reversed((every * 2)[:99])))
    assert len(big.name.encode()) == 120 and parse_deck_code(deck_code(big)) == big
    with pytest.raises(ValueError, match="at most 99 cards"):
        deck_code(DeckList("x", ("moss_sprout",) * 100))
    for text, words in (("3S2-AAAA", "made by a newer version of the app"),
                        ("AB1-AAAA", "not a Three Spheres deck code"), ("3S1x", "not a Three Spheres deck code"),
                        ("3S1-" + "A" * 1201, "far too long")):
        with pytest.raises(DeckFileError, match=words):
            parse_deck_code(text)
    assert parse_deck_code("3S1-" + deck_code(FOREST)[4:]) is not None


def _code_of(body: bytes, finish: bool = True) -> str:
    """A code made by hand from its data (``finish`` False: the deflate stream is left open)."""
    import base64
    import zlib

    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = z.compress(body) + z.flush(zlib.Z_FINISH if finish else zlib.Z_SYNC_FLUSH)
    check = (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big")
    return CODE_PREFIX + base64.urlsafe_b64encode(packed + check).decode().rstrip("=")


def test_codes_made_by_hand_are_read_only_when_whole_and_naming_known_cards():
    n = len(deck_cards())
    good = bytes([1]) + b"x" + bytes([1]) + (n - 1).to_bytes(2, "big") + b"\xff\xff"
    assert parse_deck_code(_code_of(good)).cards == (deck_cards()[-1],)
    unknown = bytes([1]) + b"x" + bytes([1]) + n.to_bytes(2, "big") + b"\xff\xff"
    with pytest.raises(DeckFileError, match="names a card this version of the app does not know"):
        parse_deck_code(_code_of(unknown))
    with pytest.raises(DeckFileError, match="damaged or incomplete"):
        parse_deck_code(_code_of(good, finish=False))  # every byte there, but the stream never ends
    with pytest.raises(DeckFileError, match="holds more than a deck"):
        parse_deck_code(_code_of(good + b"\x00"))
    code = _code_of(good)
    import base64

    raw = base64.urlsafe_b64decode(code[4:] + "=" * (-len(code[4:]) % 4))
    padded = CODE_PREFIX + base64.urlsafe_b64encode(raw[:-2] + b"\x00" + raw[-2:]).decode().rstrip("=")
    with pytest.raises(DeckFileError, match="damaged or incomplete"):
        parse_deck_code(padded)  # a byte after the end of the data
    with pytest.raises(DeckFileError, match="ends too early"):
        parse_deck_code(_code_of(bytes([1]) + b"x" + bytes([2]) + (0).to_bytes(2, "big") + b"\x00"))


def test_what_is_not_a_deck_file_is_told_apart(tmp_path):
    for content, words in (({"seed": 5}, "is not a deck file of this app"),
                           ({"game": "forest"}, "is not a deck file of this app"),
                           ({"game": "forest", "seed": 5, "log": []}, "is a saved game, not a deck"),
                           ([], "is not a deck file (it holds no named fields)")):
        with pytest.raises(DeckFileError, match=words.replace("(", r"\(").replace(")", r"\)")):
            parse_deck(content)


def test_deck_from_tells_a_code_from_a_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_deck(tmp_path / "3S-best.json", FOREST.renamed("Best"))
    assert deck_from("3S-best.json").name == "Best"  # a file, though its name starts like a code
    with pytest.raises(DeckFileError, match="No deck '3S1x-abc'"):
        deck_from("3S1x-abc")
    with pytest.raises(DeckFileError, match="damaged or incomplete"):
        deck_from("3S1-abc")
    with pytest.raises(DeckFileError, match="made by a newer version"):
        deck_from("3S2-abc")
    assert deck_from("  forest ") == FOREST


def test_a_file_keeps_at_most_99_cards_a_list_and_a_description_of_400_characters(tmp_path):
    data = json.loads(deck_text(FOREST))
    for field in ("cards", "realm", "world"):
        ok = dict(data, **{field: ["moss_sprout"] * 99})
        assert len(getattr(parse_deck(ok), field)) == 99
        with pytest.raises(DeckFileError, match=f"its {field} lists 100 cards \\(at most 99\\)"):
            parse_deck(dict(data, **{field: ["moss_sprout"] * 100}))
    long = parse_deck(dict(data, description="word " * 200))
    assert len(long.description) == 400 and "  " not in long.description
    with pytest.raises(DeckFileError) as e:
        parse_deck(dict(data, game="x" * 100))
    assert "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…" in str(e.value)  # a long value is cut in the sentence


def test_every_damaged_code_gives_one_sentence():
    code = deck_code(FOREST)
    bad = ["", "hello", "3S1-", "3S2-AAAA", CODE_PREFIX + "!!!!", CODE_PREFIX + "A" * 2000]
    bad += [code[:n] for n in range(len(CODE_PREFIX), len(code) - 1, 7)]  # cut short
    rng = random.Random(4)
    for _ in range(60):  # a character changed
        i = rng.randrange(len(CODE_PREFIX), len(code))
        c = rng.choice([x for x in "ABCabc019-_" if x != code[i]])
        bad.append(code[:i] + c + code[i + 1:])
    for text in bad:
        with pytest.raises(DeckFileError) as e:
            parse_deck_code(text)
        assert "\n" not in str(e.value) and str(e.value).endswith((".", ")", "?)"))


# --- broken, foreign and newer files: one line, and the file left as it was -----------------------
def _broken_files() -> list[tuple[str, bytes]]:
    good = deck_text(FOREST)
    data = json.loads(good)
    out: list[tuple[str, bytes]] = []
    for n in range(0, len(good), max(1, len(good) // 120)):  # cut short anywhere
        out.append((f"cut at {n}", good[:n].encode()))
    for field in data:  # each field missing (but the description, which may be left out)
        if field == "description":
            continue
        out.append((f"no {field}", json.dumps({k: v for k, v in data.items() if k != field}).encode()))
    wrong = [None, 3, True, "x", [], {}, [1, 2], ["no_such_card"], ["wisp"], -1, 2.5]
    for field in data:  # each field of a wrong kind
        for value in wrong:
            if field in ("realm", "world") and value == "automatic":
                continue
            if field == "description" and isinstance(value, str):
                continue
            if field in ("cards", "realm", "world") and value == []:
                continue  # (an empty list is a deck being built: it breaks rules, not the file)
            if field == "name" and isinstance(value, str) and value.strip():
                continue
            if field == "version" and value in (1, True):
                value = None
            out.append((f"{field}={value!r}", json.dumps({**data, field: value}).encode()))
    extra = [
        ("newer", json.dumps({**data, "version": 2}).encode()),
        ("another game", json.dumps({**data, "game": "forest"}).encode()),
        ("a save", json.dumps({"game": "three-spheres", "seed": 1, "log": []}).encode()),
        ("another format", json.dumps({**data, "format": "hearthstone"}).encode()),
        ("an unknown field", json.dumps({**data, "colour": "red"}).encode()),
        ("too many cards", json.dumps({**data, "cards": ["moss_sprout"] * 500}).encode()),
        ("a list", b"[1, 2, 3]"), ("empty", b""), ("spaces", b"   \n"), ("not UTF-8", b"\xff\xfe{\x00"),
        ("NaN", good.replace('"version": 1', '"version": NaN').encode()),
        ("deep", b"[" * 100 + b"]" * 100), ("a number", b"12"), ("null", b"null"),
        ("a lone surrogate", good.replace("Heart", "\\ud800").encode()),
        ("binary", bytes(range(256))),
    ]
    return out + extra


def test_at_least_200_broken_deck_files_each_give_one_line_and_are_left_unchanged(tmp_path):
    cases = _broken_files()
    assert len(cases) >= 200
    for i, (what, content) in enumerate(cases):
        path = tmp_path / f"deck{i}.json"
        path.write_bytes(content)
        os.utime(path, (1_000_000, 1_000_000))
        with pytest.raises(DeckFileError) as e:
            read_deck(path)
        message = str(e.value)
        assert message.startswith(f"The deck file deck{i}.json") and "\n" not in message, (what, message)
        assert path.read_bytes() == content and path.stat().st_mtime == 1_000_000, what
    listed = saved_decks(tmp_path)  # the folder lists them all, each with its reason
    assert len(listed) == len(cases) and all(s.deck is None and s.error for s in listed)


def test_specific_reasons_for_newer_foreign_and_saved_files(tmp_path):
    data = json.loads(deck_text(FOREST))
    for content, words in ((dict(data, version=3), "newer version of the app"),
                           (dict(data, game="forest"), "another game ('forest')"),
                           ({"game": "three-spheres", "seed": 4}, "a saved game, not a deck"),
                           (dict(data, cards=["moss_sprout", "wisp"]), "comes from the shared supply"),
                           (dict(data, world=["dragon"]), "'dragon' in its world, which is not a card")):
        (tmp_path / "x.json").write_text(json.dumps(content))
        with pytest.raises(DeckFileError, match=words.replace("(", r"\(").replace(")", r"\)")):
            read_deck(tmp_path / "x.json")


def test_a_failed_write_leaves_the_deck_that_was_there(tmp_path, monkeypatch):
    path = tmp_path / "d.json"
    write_deck(path, FOREST)
    before = path.read_bytes()

    def broken(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(OSError):
        write_deck(path, FOREST.renamed("Other"))
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["d.json"]


# --- the saved decks ---------------------------------------------------------------------------------
def test_saving_new_decks_never_overwrites_and_names_follow_the_deck(tmp_path):
    a = save_new(FOREST.renamed("My Deck!"), tmp_path)
    b = save_new(FOREST.renamed("My Deck!"), tmp_path)
    assert (a.name, b.name) == ("my-deck.json", "my-deck-2.json")
    assert file_name("☀☀") == "deck" and file_name("Hello, World") == "hello-world"
    save(a, FOREST.renamed("Renamed"))
    assert [s.name for s in saved_decks(tmp_path)] == ["My Deck!", "Renamed"]
    assert unique_name("Renamed", tmp_path) == "Renamed (2)"
    assert unique_name("heart of the wood", tmp_path) == "heart of the wood (2)"  # a pre-built deck's name
    assert unique_name("Fresh", tmp_path) == "Fresh"


def test_the_third_deck_of_a_name_and_long_names(tmp_path):
    paths = [save_new(FOREST.renamed("Same"), tmp_path) for _ in range(3)]
    assert [p.name for p in paths] == ["same.json", "same-2.json", "same-3.json"]
    assert unique_name("Same", tmp_path) == "Same (2)"
    save_new(FOREST.renamed("Same (2)"), tmp_path)
    assert unique_name("Same", tmp_path) == "Same (3)"
    assert file_name("a" * 80) == "a" * 40 and file_name("ab " * 30) == ("ab-" * 14 + "ab")[:40].strip("-")


def test_deck_choices_give_the_code_of_a_playable_deck_and_the_first_problem_of_another(tmp_path):
    from tabletop.games.three_spheres.deck_store import deck_choices

    save_new(FOREST.renamed("Good"), tmp_path)
    save_new(DeckList("Small", ("grove_eternal", "grove_eternal")), tmp_path)
    (tmp_path / "junk.json").write_text("[]")
    choices = {name: (code, problem) for name, code, problem in deck_choices(tmp_path)}
    assert choices["Good"] == (deck_code(FOREST.renamed("Good")), "")
    small = DeckList("Small", ("grove_eternal", "grove_eternal")).problems()
    assert len(small) > 1 and choices["Small"] == ("", small[0])
    assert choices["junk.json"] == ("", "The deck file junk.json is not a deck file (it holds no named fields).")


def test_find_deck_takes_a_name_an_id_a_file_name_a_code_or_a_path(tmp_path):
    mine = FOREST.renamed("Mine")
    path = save_new(mine, folder())
    assert find_deck("forest") == FOREST and find_deck("HEART OF THE WOOD") == FOREST
    assert find_deck("mine") == mine and find_deck("mine.json") == mine and find_deck(str(path)) == mine
    assert find_deck(deck_code(mine)) == DeckList("Mine", mine.cards, mine.realm, mine.world)
    with pytest.raises(DeckFileError, match="No deck 'nothing': the decks are forest, myth, stones, crossroads, Mine"):
        find_deck("nothing")
    with pytest.raises(DeckFileError, match="does not exist"):
        deck_from(str(tmp_path / "gone.json"))
    with pytest.raises(DeckFileError, match="The deck file gone.json does not exist"):
        find_deck(str(tmp_path / "gone.json"))  # a path or a code: its own error, not the list of decks
    with pytest.raises(DeckFileError, match="damaged or incomplete"):
        find_deck("3S1-abcd")


# --- a game's decks ---------------------------------------------------------------------------------
def test_a_game_takes_a_deck_code_and_its_save_loads_without_the_deck_file(tmp_path):
    mine = prebuilt(decks()["stones"]).renamed("Pebbles")
    path = save_new(mine, folder())
    code = deck_code(mine)
    options = G.resolve_options({"deck1": code, "deck2": "myth"})
    assert options["deck1"] == code
    match = Match(G, [Seat("Ada"), Seat("Bot", "bot", "easy")], options, 3)
    state = match.state
    assert state.view(0)["seats"][0]["deck_name"] == "Pebbles"
    assert sorted(k.split(".")[0] for k in state.realm[0] + state.hand[0]) == sorted(mine.realm)
    save_match(match, tmp_path / "game.json")
    path.unlink()  # the deck file goes: the save still has the deck
    back = load_match(tmp_path / "game.json")
    assert back.options["deck1"] == code and back.state.view(1)["seats"][0]["deck_name"] == "Pebbles"
    assert deck_of(code).cards == mine.cards


def test_a_deck_option_refuses_what_is_not_a_playable_deck():
    for value, words in (("nope", "No deck 'nope': a deck is one of the pre-built decks (forest, myth"),
                         (7, "A deck is a pre-built deck's name or a deck code, not 7."),
                         (CODE_PREFIX + "AAAA", "damaged"),
                         (deck_code(DeckList("Tiny", ("moss_sprout",))), "The deck 'Tiny' cannot be played: A deck has exactly 30")):
        with pytest.raises(OptionError, match=words.replace("(", r"\(")):
            G.resolve_options({"deck1": value})
    assert G.resolve_options({"deck2": "Stones"})["deck2"] == "stones"  # a pre-built deck, any case


# --- the command line -------------------------------------------------------------------------------
def test_decks_list_show_export_import_and_check(tmp_path, capsys):
    assert main(["decks", "list"]) == 0
    assert "forest\tHeart of the Wood\tpre-built\tplayable" in capsys.readouterr().out
    out_file = tmp_path / "shared.json"
    assert main(["decks", "export", "stones", "-o", str(out_file)]) == 0
    code = capsys.readouterr().out.strip()
    assert code == deck_code(prebuilt(decks()["stones"])) and read_deck(out_file).name == "The Shogun's Garden"
    assert main(["decks", "import", str(out_file)]) == 0
    assert "Imported \"The Shogun's Garden (2)\"" in capsys.readouterr().out
    assert main(["decks", "import", deck_code(FOREST.renamed("Pasted"))]) == 0
    (folder() / "broken.json").write_text("{")
    assert main(["decks", "list"]) == 0
    out = capsys.readouterr().out
    assert "The Shogun's Garden (2)\tsaved\tplayable" in out and "Pasted\tsaved\tplayable" in out
    assert "broken.json\t-\tsaved\tcannot be read: The deck file broken.json is truncated" in out
    assert main(["decks", "show", "pasted"]) == 0
    out = capsys.readouterr().out
    assert "2 x Moss Sprout (level 0, cost 1, forest)" in out and "Problems: none" in out
    write_deck(tmp_path / "small.json", DeckList("Small", ("moss_sprout",) * 4))
    assert main(["decks", "check", str(tmp_path / "small.json")]) == 1
    out = capsys.readouterr().out
    assert "A deck has exactly 30 cards; this one has 4." in out and "at most 3 copies" in out
    assert main(["decks", "check", str(out_file)]) == 0
    assert main(["decks", "check", str(tmp_path / "none.json")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_arena_plays_saved_decks_and_codes(capsys):
    save_new(prebuilt(decks()["myth"]).renamed("Moon"), folder())
    argv = ["arena", "--game", "three-spheres", "--seats", "easy,random", "--games", "2", "--json"]
    assert main(argv + ["--decks", f"moon,{deck_code(FOREST.renamed('Wood'))}"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    for decks_arg, words in (("moon", "two decks"), ("moon,nothing", "No deck 'nothing'")):
        assert main(argv + ["--decks", decks_arg]) == 2
        assert words in capsys.readouterr().err
    assert main(["arena", "--game", "forest", "--seats", "easy,easy", "--decks", "a,b"]) == 2
    assert "--decks is for Three Spheres TCG" in capsys.readouterr().err
