"""The deck builder's model (``three_spheres/collection.py``): behaviour no other test checked
(issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

from tabletop.games.three_spheres.collection import chosen_lists, deck_rows
from tabletop.games.three_spheres.deck_files import DeckList


def test_the_world_chosen_by_rule_leaves_out_the_cards_of_a_named_realm():
    """Decision 2: the World is chosen from the deck's cards outside its Realm -- a card whose
    copies are all in the Realm is not in it, even when the World has room."""
    deck = DeckList("small", ("moss_sprout",) * 3 + ("elder_oak", "glade_stag"), realm=("moss_sprout",) * 3)
    realm, world = chosen_lists(deck)
    assert realm == ["moss_sprout"] * 3 and sorted(world) == ["elder_oak", "glade_stag"]
    assert ("moss_sprout", 3, 3, 0) in deck_rows(deck)
