"""The shogun game's description (``shogun/__init__.py``): behaviour no other test checked
(issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import pytest

from tabletop.engine.game import GameError
from tabletop.engine.registry import get_game

GAME = get_game("spheres-shogun")


def test_the_game_is_for_two_players_exactly_one_per_side_of_the_ring():
    """The ring has two sides, each with its five squares and its shogun: no third player sits."""
    state = GAME.new_game(2, {}, 1)
    assert GAME.max_players == len(state.stores) == len(state.chosen) == 2
    with pytest.raises(GameError, match="2 to 2 players"):
        GAME.new_game(3, {}, 1)


def test_the_gallery_gives_the_usual_length_as_a_rough_range_in_five_minute_steps():
    """The gallery's "10–20 min" is an estimate (docs/client.md, "The gallery"), not a measure:
    both ends in whole five minutes, the short game shorter than the long one."""
    lo, hi = GAME.minutes
    assert 0 < lo < hi and lo % 5 == 0 and hi % 5 == 0
