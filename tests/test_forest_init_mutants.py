"""Once Upon a Forest's description (``forest/__init__.py``): behaviour no other quick test checked
(issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import pytest

from tabletop.engine.game import GameError, OptionError
from tabletop.engine.registry import get_game
from tabletop.games.forest.cards import deck

GAME = get_game("forest")


def test_the_game_seats_one_to_four_players_one_per_start_card():
    """Interpretation 2: each player takes one of the four start cards, so a fifth cannot sit."""
    starts = sum(1 for c in deck().values() if c.start)
    assert (GAME.min_players, GAME.max_players) == (1, starts) == (1, 4)
    GAME.new_game(4, {}, 1)
    with pytest.raises(GameError, match="1 to 4 players"):
        GAME.new_game(5, {}, 1)


def test_the_solo_target_offers_exactly_10_15_20_and_25():
    """Interpretation 19: the solo target is 10, 15 (the default), 20 or 25."""
    for target in (10, 15, 20, 25):
        assert GAME.resolve_options({"solo_target": target})["solo_target"] == target
    assert GAME.resolve_options({})["solo_target"] == 15
    for wrong in (5, 26, 30):
        with pytest.raises(OptionError):
            GAME.resolve_options({"solo_target": wrong})


def test_the_variant_matters_with_two_to_four_players_and_the_solo_target_alone():
    """The set-up offers an option only for the player counts it matters for: the
    semi-cooperative variant with 2-4 players (interpretation 20), the solo target alone
    (interpretation 19); the chainsaw penalty always.  ``tabletop games`` says so too."""
    options = {o.name: o for o in GAME.options}
    for players in range(1, 5):
        shown = {name for name, o in options.items() if o.applies_to(players)}
        expected = {"chainsaw_penalty", "solo_target"} if players == 1 else {"chainsaw_penalty", "variant"}
        assert shown == expected, players
    assert options["variant"].describe().endswith("[2 to 4 players]")
    assert options["solo_target"].describe().endswith("[only with 1 player]")
