"""The board of Spheres, the shogun game (``shogun/stones.py``): behaviour no other test checked
(issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

from tabletop.games.shogun.stones import is_rectangle, owner, rectangle, square_label, squares, step


def test_each_player_owns_the_rectangle_at_their_right_hand():
    """The first player's rectangle is the east one (5), the second's the west one (11): the place
    that follows their five squares counter-clockwise, on their own side of the board."""
    assert rectangle(0) == 5 and rectangle(1) == 11
    for player in (0, 1):
        place = rectangle(player)
        assert is_rectangle(place) and owner(place) == player
        assert place == step(squares(player)[-1], 1)
    assert square_label(rectangle(0)) == "the east rectangle"
    assert square_label(rectangle(1)) == "the west rectangle"
