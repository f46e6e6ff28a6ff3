"""Deck files and deck codes (``three_spheres/deck_files.py``): behaviour no other test checked
(issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import base64
import zlib

import pytest
from test_three_spheres_decks import _code_of

from tabletop.engine.game import OptionError
from tabletop.engine.registry import get_game
from tabletop.games.three_spheres.cards import deck_cards
from tabletop.games.three_spheres.deck_files import (
    CODE_MAX, CODE_PREFIX, DeckFileError, DeckList, deck_code, parse_deck, parse_deck_code,
)

G = get_game("three-spheres")


@pytest.mark.parametrize("letter", ["é", "森", "🌲"])
def test_a_long_name_in_a_code_keeps_whole_letters_of_any_width(letter):
    """A code keeps as much of a 60-letter name as fits: a name of two-byte letters whole, one of
    wider letters cut to fewer whole letters, never with a broken letter at the end.  (A name
    mixing widths can still be cut inside a letter: not checked here.)"""
    back = parse_deck_code(deck_code(DeckList(letter * 60, ("moss_sprout",)))).name
    assert "\ufffd" not in back and back == letter * len(back)
    assert len(back) == 60 if len(letter.encode()) == 2 else 0 < len(back) < 60


def test_a_code_is_refused_as_too_long_only_past_its_longest():
    """The length check refuses only what is longer than a code may be: a code of exactly the
    longest length is read (and here told damaged), one letter more is far too long."""
    with pytest.raises(DeckFileError, match="damaged") as longest:
        parse_deck_code(CODE_PREFIX + "A" * CODE_MAX)
    assert "far too long" not in str(longest.value)
    with pytest.raises(DeckFileError, match="far too long"):
        parse_deck_code(CODE_PREFIX + "A" * (CODE_MAX + 1))


def test_a_code_that_unpacks_to_more_than_any_deck_is_refused_unread():
    """The unpacking stops at the most a deck's data can be (the longest name and three full
    lists): a code holding more is damaged before its contents are looked at."""
    every = deck_cards()
    biggest = DeckList("é" * 60, *[tuple((every * 2)[:99])] * 3)
    raw = deck_code(biggest)[len(CODE_PREFIX):]
    data = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4))
    most = len(zlib.decompress(data[:-2], -15))
    assert parse_deck_code(deck_code(biggest)) == biggest
    with pytest.raises(DeckFileError, match="damaged or incomplete"):
        parse_deck_code(_code_of(bytes(most + 1)))
    with pytest.raises(DeckFileError, match="holds more than a deck"):
        parse_deck_code(_code_of(bytes(most)))  # (within the limit: read, and found too long)


def test_a_deck_option_with_a_newer_code_says_the_code_is_newer():
    newer = "3S2-" + deck_code(DeckList("x", ("moss_sprout",)))[4:]
    with pytest.raises(OptionError, match="made by a newer version of the app"):
        G.resolve_options({"deck1": newer})


def test_a_value_quoted_in_an_error_is_whole_up_to_40_characters_and_cut_after():
    def quoted(game):
        with pytest.raises(DeckFileError) as e:
            parse_deck({"format": "tabletop deck", "game": game})
        return str(e.value).split("(", 1)[1].rsplit(")", 1)[0]

    forty = "g" * 38  # its repr, with the quotes, is 40 characters
    assert quoted(forty) == repr(forty)
    assert quoted(forty + "h") == repr(forty + "h")[:37] + "…"
