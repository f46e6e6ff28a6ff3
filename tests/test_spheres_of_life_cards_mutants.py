"""Spheres of Life's cards (``spheres_of_life/cards.py``): the Gods & Myths cards as
docs/rules/spheres-of-life.md lists them, what each card is, the heroes to choose from and what
each part puts in the deck (issue 28, point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

from collections import Counter

from tabletop.games.spheres_of_life.cards import (
    ABILITY, DAWN, DAWN_PHASE, GODLY_ABILITIES, GODLY_HEROES, HERO, MYTHICAL, all_cards, card, expansion_cards,
    godly_heroes, hero_cards, main_deck, regular_heroes,
)

CREATURES = {"phoenix": "noble", "unicorn": "noble", "griffin": "noble", "pegasus": "noble",
             "hydra": "corrupted", "basilisk": "corrupted", "chimera": "corrupted", "kraken": "corrupted"}
REGULAR_GODLY = ("skyhook", "fountain")
PROLONGED = ("hades", "shield", "horn", "chalice", "laurel", "seal")
GODLY_HERO_KINDS = ("god_of_wind", "goddess_of_forest", "god_of_war", "god_of_hunt", "god_of_plenty",
                    "goddess_of_night", "god_of_thunder", "goddess_of_mercy")


def test_the_expansion_has_the_published_cards_each_copy_numbered_from_one():
    """Mythical Creatures 8 species x 3; Godly Abilities 18 (Sky Hook and Fountain of Youth x 3,
    six Prolonged x 2); five Dawn cards; eight Godly Heroes, one of each."""
    ids = set(expansion_cards())
    expected = ({f"{k}{i}" for k in CREATURES for i in (1, 2, 3)} | {f"{k}{i}" for k in REGULAR_GODLY for i in (1, 2, 3)}
                | {f"{k}{i}" for k in PROLONGED for i in (1, 2)} | {f"dawn{i}" for i in range(1, 6)} | set(GODLY_HERO_KINDS))
    assert ids == expected
    parts = Counter(c.part for c in expansion_cards().values())
    assert parts == {MYTHICAL: 24, GODLY_ABILITIES: 18, DAWN_PHASE: 5, GODLY_HEROES: 8}


def test_each_card_is_prolonged_mythical_or_godly_only_when_it_is_one():
    for cid, c in {**all_cards(), **expansion_cards()}.items():
        assert c.prolonged == (c.kind in PROLONGED), cid
        assert c.mythical == (c.kind in CREATURES), cid
        assert c.godly == (c.kind in GODLY_HERO_KINDS), cid
    assert card("dawn1").type == DAWN and card("skyhook1").type == ABILITY and card("goddess_of_mercy").type == HERO


def test_a_mythical_creature_is_named_for_its_side():
    for kind, side in CREATURES.items():
        c = card(f"{kind}1")
        assert c.type == side and c.name.split()[0] == ("Noble" if side == "noble" else "Corrupted"), kind


def test_every_expansion_card_is_the_projects_design_but_the_orb_of_hades():
    """docs/rules/spheres-of-life.md: "Every card below is designed for this app, except the power
    of the Orb of Hades, which is public"."""
    assert {c.kind for c in expansion_cards().values() if not c.own_design} == {"hades"}


def test_the_heroes_to_choose_the_god_of_wind_in_the_windmasters_place_and_seven_godly_ones():
    assert "windmaster" in hero_cards() and regular_heroes(False) == hero_cards()
    assert regular_heroes(True) == tuple("god_of_wind" if h == "windmaster" else h for h in hero_cards())
    assert set(godly_heroes()) == set(GODLY_HERO_KINDS) - {"god_of_wind"}


def test_each_part_adds_its_own_cards_to_the_deck_and_purist_leaves_out_the_abilities():
    """A part that is off adds nothing; Godly Heroes add none (they are kept out of the deck);
    Purist with the expansion leaves out the Godly Abilities (expansion interpretation 18)."""
    base = main_deck()
    assert not set(base) & set(expansion_cards())
    for part, count in ((MYTHICAL, 24), (GODLY_ABILITIES, 18), (DAWN_PHASE, 5), (GODLY_HEROES, 0)):
        deck = main_deck(False, (part,))
        assert deck[:len(base)] == base and len(deck) == len(base) + count, part
        assert all(card(c).part == part for c in deck[len(base):]), part
    purist = main_deck(True)
    assert main_deck(True, (GODLY_ABILITIES,)) == purist
    assert len(main_deck(True, (MYTHICAL, DAWN_PHASE))) == len(purist) + 29
