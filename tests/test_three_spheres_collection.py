"""The deck builder's model: which cards each filter keeps, adding and taking away copies with
the Realm and World following, the lists written out or chosen by rule, and the figures."""

from __future__ import annotations

import pytest

from tabletop.games.three_spheres.cards import auto_realm, card, deck_cards, decks
from tabletop.games.three_spheres.collection import (
    CardFilter, add_copy, automatic, chosen_lists, collection, copies_allowed, deck_rows, figures, keywords_of,
    remove_copy, scoring_of, set_part, written_out,
)
from tabletop.games.three_spheres.deck_files import DeckList, prebuilt

FOREST = prebuilt(decks()["forest"])


def kept(**kw):
    return collection(CardFilter(**{k: frozenset(v) if isinstance(v, (set, list)) else v for k, v in kw.items()}))


def test_no_filter_keeps_every_deck_card_in_sphere_level_name_order():
    every = collection()
    assert sorted(every) == sorted(deck_cards()) and "wisp" not in every
    assert every == collection(CardFilter())
    keys = [(("forest", "myth", "stones", "neutral").index(card(c).sphere), card(c).level, card(c).name) for c in every]
    assert keys == sorted(keys)


@pytest.mark.parametrize("field, value, test", [
    ("spheres", {"myth"}, lambda c: c.sphere == "myth"),
    ("spheres", {"forest", "neutral"}, lambda c: c.sphere in ("forest", "neutral")),
    ("levels", {0}, lambda c: c.level == 0),
    ("levels", {3, 4}, lambda c: c.level in (3, 4)),
    ("cost", (2, 4), lambda c: 2 <= c.cost <= 4),
    ("cost", (8, 8), lambda c: c.cost == 8),
    ("keywords", {"persist"}, lambda c: c.persist),
    ("keywords", {"turn_start"}, lambda c: any(a.when == "turn_start" for a in c.abilities)),
    ("keywords", {"when_played"}, lambda c: any(a.when == "play" for a in c.abilities)),
    ("keywords", {"activated"}, lambda c: any(a.when == "activated" for a in c.abilities)),
    ("keywords", {"no_ability"}, lambda c: not c.abilities),
    ("scoring", {"fixed"}, lambda c: c.points != 0),
    ("scoring", {"dynamic"}, lambda c: c.points_per is not None),
    ("scoring", {"none"}, lambda c: c.points == 0 and c.points_per is None),
])
def test_each_filter_keeps_exactly_the_cards_it_names(field, value, test):
    out = kept(**{field: value})
    expected = [c for c in collection() if test(card(c))]
    assert out == expected and 0 < len(out) < len(collection())


def test_words_must_all_appear_in_the_name_text_or_flavour_in_any_case():
    assert kept(text="ELDER oak") == [c for c in collection() if "elder" in card(c).name.lower() + card(c).text.lower()
                                      and "oak" in (card(c).name + card(c).text + card(c).flavour).lower()]
    assert "elder_oak" in kept(text="elder oak")
    draw2 = kept(text="draw 2 cards")
    assert draw2 and all("draw 2 cards" in card(c).text for c in draw2)
    assert kept(text="no such words anywhere") == []
    flavour_only = [w for w in card("elder_oak").flavour.lower().split()
                    if len(w) > 4 and w.isalpha() and w not in (card("elder_oak").name + card("elder_oak").text).lower()]
    assert flavour_only and "elder_oak" in kept(text=flavour_only[0])  # the flavour counts too


def test_filters_combine_each_one_must_pass():
    both = kept(spheres={"stones"}, keywords={"persist"}, levels={1})
    assert both == [c for c in collection() if card(c).sphere == "stones" and card(c).persist and card(c).level == 1]
    assert both and kept(spheres={"stones"}, keywords={"persist"}, levels={1}, text="draw") != both


def test_keywords_and_scoring_of_a_card():
    assert keywords_of(card("river_pebble")) == {"persist", "turn_start"}
    assert keywords_of(card("fern_hollow")) == {"no_ability"}
    assert keywords_of(card("hex_doll")) == {"activated"}
    assert scoring_of(card("stone_eyed_gorgon")) == {"fixed", "dynamic"}
    assert scoring_of(card("moss_sprout")) == {"none"}
    assert scoring_of(card("cursed_coin")) == {"fixed"}  # negative points are points


# --- building ----------------------------------------------------------------------------------
def test_adding_copies_stops_at_what_a_deck_may_hold():
    deck = DeckList("x", ())
    for _ in range(3):
        deck, why = add_copy(deck, "moss_sprout")
        assert why == ""
    same, why = add_copy(deck, "moss_sprout")
    assert same is deck and why == "A deck holds at most 3 copies of a card: it has 3 of Moss Sprout."
    deck, why = add_copy(deck, "grove_eternal")
    assert why == "" and copies_allowed("grove_eternal") == 1 and copies_allowed("moss_sprout") == 3
    _, why = add_copy(deck, "grove_eternal")
    assert why == f"A deck holds at most 1 copy of a level-4 card: it has 1 of {card('grove_eternal').name}."
    assert deck.cards == ("moss_sprout",) * 3 + ("grove_eternal",)


def test_taking_a_copy_away_takes_it_from_the_named_lists_when_they_would_hold_too_many():
    deck = written_out(FOREST)
    assert deck.realm.count("moss_sprout") == 2
    less = remove_copy(deck, "moss_sprout")
    assert less.cards.count("moss_sprout") == 1 and less.realm.count("moss_sprout") == 1
    assert remove_copy(less, "moss_sprout").realm.count("moss_sprout") == 0
    # a card in the World list and the deck: the World gives it up first
    both = set_part(set_part(deck, "realm", "elder_oak", 0), "world", "elder_oak", 2)
    one = remove_copy(both, "elder_oak")
    assert one.world.count("elder_oak") == 1 and one.cards.count("elder_oak") == 1
    # in the Realm and the World at once: the World's goes first
    mixed = DeckList("m", ("glade_stag", "glade_stag"), ("glade_stag",), ("glade_stag",))
    after = remove_copy(mixed, "glade_stag")
    assert after.realm == ("glade_stag",) and after.world == ()
    assert remove_copy(after, "glade_stag") == DeckList("m", (), (), ())
    # lists chosen by rule stay chosen by rule; a card the deck lacks changes nothing
    auto = remove_copy(FOREST.renamed("a"), "elder_oak")
    assert remove_copy(automatic(auto), "elder_oak").realm is None
    assert remove_copy(deck, "seed_stone") is deck
    # the last copy listed goes, from the deck and from a list
    listed = DeckList("l", ("glade_stag", "glade_stag", "moss_sprout"), ("glade_stag", "moss_sprout", "glade_stag"), ())
    assert remove_copy(listed, "glade_stag").realm == ("glade_stag", "moss_sprout")
    order = DeckList("o", ("moss_sprout", "fern_hollow", "moss_sprout"))
    assert remove_copy(order, "moss_sprout").cards == ("moss_sprout", "fern_hollow")


def test_the_realm_and_world_chosen_by_rule_written_out_and_edited():
    realm, world = chosen_lists(automatic(FOREST))
    assert realm == auto_realm(FOREST.cards) and len(world) == 9
    named = written_out(automatic(FOREST))
    assert list(named.realm) == realm and list(named.world) == world
    assert chosen_lists(FOREST) == (list(FOREST.realm), list(FOREST.world))
    edited = set_part(automatic(FOREST), "realm", "moss_sprout", 0)
    assert edited.realm.count("moss_sprout") == 0 and len(edited.realm) == len(realm) - 2
    assert list(edited.world) == world  # the other list is written out as it was chosen
    more = set_part(FOREST, "world", "moss_sprout", 1)
    levels = [(-card(c).level, -card(c).cost, card(c).name) for c in more.world]
    assert levels == sorted(levels) and more.world.count("moss_sprout") == 1
    assert automatic(more).realm is None and automatic(more).world is None and automatic(more).cards == FOREST.cards


def test_deck_rows_count_copies_realm_and_world_by_level_then_name():
    rows = deck_rows(FOREST)
    assert sum(n for _, n, _, _ in rows) == 30
    assert sum(r for _, _, r, _ in rows) == 10 and sum(w for _, _, _, w in rows) == 9
    keys = [(card(c).level, card(c).name) for c, *_ in rows]
    assert keys == sorted(keys)
    assert ("moss_sprout", 2, 2, 0) in rows and ("elder_oak", 2, 0, 1) in rows


def test_figures_of_a_deck():
    f = figures(FOREST.cards)
    assert sum(f.levels) == 30 and f.levels == [sum(card(c).level == lv for c in FOREST.cards) for lv in range(5)]
    assert f.costs == {k: sum(card(c).cost == k for c in FOREST.cards) for k in f.costs} and sum(f.costs.values()) == 30
    assert sum(f.resources.values()) == 30
    assert f.mean_resources == pytest.approx(sum(card(c).resources for c in FOREST.cards) / 30)
    assert f.spheres == {"forest": 27, "neutral": 3}
    assert f.fixed_points == {"forest": sum(card(c).points for c in FOREST.cards if card(c).sphere == "forest")}
    dyn = [c for c in FOREST.cards if card(c).points_per is not None]
    assert sum(f.dynamic_cards.values()) == len(dyn) and f.dynamic_most == sum(card(c).points_per.max for c in dyn)
    empty = figures(())
    assert empty.levels == [0] * 5 and empty.mean_resources == 0.0 and empty.costs == {}
