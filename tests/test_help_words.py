"""The "How to play" pages (F1) call each option by the words the set-up shows for it."""

from __future__ import annotations

import pytest

from tabletop.client.rules_dialog import rules_pages
from tabletop.engine.registry import all_games

GAMES = [g for g in all_games() if g.table_class]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_help_names_options_by_the_set_ups_words_not_their_inner_names(game):
    """Issue 29 (11): the card game's help said "Deck1/Deck2" where the set-up says "Seat 1's deck"."""
    page = dict(rules_pages(game))["How to play"]
    for option in game.options:
        inner = option.name[0].upper() + option.name[1:]
        if option.title and inner != option.title:
            assert f"**{inner}**" not in page, f"{game.id}'s help calls an option {inner!r}"


def test_the_card_games_help_names_both_seats_decks_as_the_set_up_does():
    game = next(g for g in GAMES if g.id == "three-spheres")
    page = dict(rules_pages(game))["How to play"]
    for option in game.options:
        if option.name in ("deck1", "deck2"):
            assert option.title in page
