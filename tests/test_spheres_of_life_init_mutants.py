"""Spheres of Life's description (``spheres_of_life/__init__.py``): the players and the match
option the rules give (issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import pytest

from tabletop.engine.game import GameError
from tabletop.engine.registry import get_game

GAME = get_game("spheres-of-life")


def test_the_game_is_for_two_to_seven_players():
    """docs/rules/spheres-of-life.md: 2 to 7 players (a position document says the same)."""
    for n in (2, 7):
        assert GAME.new_game(n, {}, 1).num_players == n
    for n in (1, 8):
        with pytest.raises(GameError, match="is for 2 to 7 players"):
            GAME.new_game(n, {}, 1)


def test_a_match_is_one_game_unless_asked_and_may_be_of_one_two_three_or_five():
    """docs/rules/spheres-of-life.md, "Match of several rounds" (`rounds`: 1, 2, 3 or 5)."""
    assert GAME.resolve_options({})["rounds"] == 1
    for rounds in (1, 2, 3, 5):
        assert GAME.new_game(3, {"rounds": rounds}, 1).options["rounds"] == rounds
    for rounds in (4, 6):
        with pytest.raises(GameError, match="allowed: 1, 2, 3, 5"):
            GAME.new_game(3, {"rounds": rounds}, 1)
