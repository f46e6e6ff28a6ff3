"""The card game's description (``three_spheres/__init__.py``): behaviour no other test checked
(issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import pytest

from tabletop.engine.game import GameError
from tabletop.games.three_spheres import GAME
from tabletop.games.three_spheres.cards import WORLD_SIZE, WORLD_SIZES


def test_the_game_is_for_two_players_exactly():
    assert (GAME.min_players, GAME.max_players) == (2, 2)
    for players in (1, 3):
        with pytest.raises(GameError, match="2 to 2 players"):
            GAME.new_game(players, {}, 1)


def test_a_world_deck_holds_eight_cards_unless_the_set_up_says_seven_or_nine():
    """docs/rules/three-spheres.md, decision 2: the World takes the first 7, 8 or 9 of its list,
    8 by default -- the option offers what the rules take, and a game set up without it deals 8."""
    option = next(o for o in GAME.options if o.name == "world_size")
    assert (option.default, tuple(option.choices)) == (WORLD_SIZE, WORLD_SIZES) == (8, (7, 8, 9))
    s = GAME.new_game(2, {}, 3)
    for p in range(2):
        assert len(s.world_deck[p]) + sum(len(x) for x in s.spaces[3 * p:3 * p + 3]) == 8


def test_the_gallery_gives_the_usual_length_as_a_rough_range_in_five_minute_steps():
    """The gallery's "15–30 min" is an estimate (docs/client.md, "The gallery"), not a measure:
    both ends in whole five minutes, the short game shorter than the long one."""
    lo, hi = GAME.minutes
    assert 0 < lo < hi and lo % 5 == 0 and hi % 5 == 0


def test_each_deck_options_help_names_its_own_seat_and_where_deck_codes_go():
    from tabletop.games.three_spheres import GAME

    by_name = {o.name: o for o in GAME.options}
    for seat in (1, 2):
        help_text = by_name[f"deck{seat}"].help
        assert f"the deck of player {seat}:" in help_text and "Decks…" in help_text and "deck code" in help_text
