"""The words a player reads on the Three Spheres TCG table (tabletop/games/three_spheres/words.py),
without Qt: counts and signs, the refusals, the bands' lines, the notes and lines of what was paid,
the titles, captions and tooltips, and the walk-through's result and reasons.  The banner's
question is tested in test_three_spheres_views_mutants.py, the buttons' words and the prompt's in
test_three_spheres_choosing.py."""

from __future__ import annotations

from tabletop.games.three_spheres import cards, words
from tabletop.games.three_spheres.cards import info
from tabletop.games.three_spheres.steps import Step

from test_three_spheres_table import over_state
from three_spheres_positions import position


class Names:
    """Ada (seat 0) is the seat addressed ("you"); Ben is called by his name."""

    def name(self, p: int) -> str:
        return ["Ada", "Ben"][p]

    def possessive(self, p: int, capital: bool = True) -> str:
        return ("Your" if capital else "your") if p == 0 else f"{self.name(p)}'s"

    def addressed(self, p: int | None) -> bool:
        return p == 0


def test_counts_agree_with_their_nouns_and_points_carry_their_sign():
    assert (words.n_cards(0), words.n_cards(1), words.n_cards(2)) == ("0 cards", "1 card", "2 cards")
    assert (words.n_points(1), words.n_points(-1), words.n_points(-2), words.n_points(3)) == (
        "1 point", "−1 point", "−2 points", "3 points")  # (a true minus sign)
    assert (words.signed(3), words.signed(-2), words.signed(0)) == ("+3", "−2", "0")


def test_an_activated_ability_is_named_as_the_card_data_names_it():
    assert words.ACTIVATED == cards.ACTIVATED  # (words.py cannot import cards.py: it takes plural from here)


def test_a_card_of_the_hand_refused_says_why():
    assert words.refusal("silver_leaf.a1", Step.MAIN, info) == "Silver Leaf can be neither played nor spent."
    assert words.refusal("silver_leaf.a1", Step.TRASH, info) == words.NOT_NOW == "That card is not part of the choice now."


def test_a_click_on_a_card_not_lit_says_why_by_the_step_and_the_card_chosen():
    first = "Choose a card of your hand first, then click where its resources go."
    for role in ("world", "discovery", "in_play"):
        assert words.why_not(role, "Ben", Step.MAIN, None, info) == first
    assert words.why_not("spent", "Ben", Step.MAIN, None, info) == words.NOT_NOW  # (a spent card takes nothing)
    assert words.why_not("world", "Ben", Step.MAIN, "glade_stag.a3", info) == "Glade Stag's resources cannot go there."
    assert words.why_not("world", "Ben", Step.TRASH, None, info) == words.NOT_NOW
    assert words.why_not("their_discovery", "Ben", Step.TRASH, None, info) == "Only Ben buys from their Discovery spread."


def test_the_prompt_says_when_a_chosen_card_has_nothing_to_do_and_who_is_waited_for():
    v = position().view(0)
    assert words.prompt_words(v, Names(), info, False, "lucky_pebble.a4", False) == (
        "Your turn", "Lucky Pebble: nothing to do with it now.")  # (no resources, its play not offered)
    assert words.prompt_words(v, Names(), info, False, "silver_leaf.a1", True) == (
        "Your turn", "Silver Leaf: click a lit card to spend its 2 resources there, or play it for its ability.")
    assert words.prompt_words(position(turn=1).view(0), Names(), info, True) == ("Ben's turn", "Waiting for Ben…")
    assert words.prompt_words(dict(v, turn=None), Names(), info, False) == ("", "")


def test_a_band_says_who_decides_and_what_and_whose_turn_it_is():
    v = position().view(0)  # Ada's main phase
    assert words.status_words(v, 0) == "● deciding: main phase"
    assert words.status_words(v, 1) == ""
    assert words.status_words(dict(v, step=Step.TRASH), 0) == "● deciding: trashing"
    assert words.status_words(dict(v, decider=1), 0) == "▶ their turn"  # (Ben answers in Ada's turn)
    assert words.status_words(dict(v, step=Step.OVER), 0) == ""


def paid_view():
    """Ada's turn: 2 paid toward Elder Oak (cost 6, 1 off), 1 into Hex Doll's ability (cost 2) and
    1 into Lucky Pebble in play (no activated ability); Glade Stag's play happened."""
    return position(in_play=[["hex_doll.a38", "lucky_pebble.a34", "glade_stag.a30"], []], used=["glade_stag.a30"],
                    paid={"elder_oak.a10": 2, "hex_doll.a38": 1, "lucky_pebble.a34": 1}, discount=1).view(0)


def test_a_card_notes_what_was_paid_into_it_out_of_its_price_less_the_discount_or_its_ability():
    v = paid_view()
    assert words.paid_note(v, "elder_oak.a10", info) == "paid 2 of 5"
    assert words.paid_note(v, "hex_doll.a38", info) == "paid 1 of 2"
    assert words.paid_note(v, "lucky_pebble.a34", info) == "paid 1"
    assert words.paid_note(v, "glade_stag.a30", info) == "used this turn"
    assert words.paid_note(v, "old_willow.a11", info) == ""
    assert words.paid_note(dict(v, discount=7), "elder_oak.a10", info) == "paid 2 of 0"  # (never below nothing)


def test_the_prompt_lists_what_was_paid_and_the_discount_or_that_nothing_was():
    assert words.paid_lines(paid_view(), info) == ["◆ 2 paid toward buying Elder Oak (costs 5)",
                                             "◆ 1 paid into Hex Doll's ability (costs 2)",
                                             "◆ 1 paid into Lucky Pebble's ability",
                                             "Discount: the next buy costs 1 less"]
    v = position().view(0)
    assert words.paid_lines(v, info) == ["Nothing paid yet this turn."]
    assert words.paid_lines(dict(v, step=Step.TRASH), info) == []
    assert words.paid_lines(dict(v, discount=2), info) == ["Discount: the next buy costs 2 less"]
    assert words.paid_lines(dict(v, step=Step.OVER), info) == words.paid_lines(dict(v, turn=None), info) == []


def test_a_band_counts_the_collection_and_its_points_now():
    v = position().view(0)
    seats = [dict(v["seats"][0], collection=1), v["seats"][1]]
    assert words.collection_words(dict(v, seats=seats, scores=[{"total": -1}, {"total": 2}]), 0) == (
        "Collection: 1 card · −1 point now")
    assert words.collection_words(dict(v, seats=seats, scores=None), 0) == "Collection: 1 card"
    ben = dict(v, scores=[{"total": 0}, {"total": 2}])  # (Ben's collection: his hand of 2 and Realm deck of 2)
    assert words.collection_words(ben, 1) == "Collection: 4 cards · 2 points now"


def test_the_titles_and_captions_of_the_cards_in_play_the_discovery_and_the_hand():
    s = paid_view()["seats"][0]
    assert words.in_play_title(s) == "In play (3)"
    assert words.in_play_title(dict(s, spent=["silver_leaf.a1"])) == "In play (3) · spent this turn (1)"
    assert words.discovery_title(Names(), 0) == "Your Discovery — only you buy here"
    assert words.discovery_title(Names(), 1) == "Ben's Discovery — only Ben buys here"
    assert words.hand_caption("Your", 3, True) == "Your hand (3) — click a card, then where it goes (or drag it there)"
    assert words.hand_caption("Ben's", 1, False) == "Ben's hand (1)"
    assert words.picker_title(1) == "Your Realm discard — click a card to trash it (1 card to choose from)"


def test_a_spent_card_names_where_its_resources_went():
    v = position(spent=[["lucky_pebble.a34", "silver_leaf.a35"], []], spent_on={"silver_leaf.a35": "elder_oak.a10"}).view(0)
    assert words.spent_note(v, "silver_leaf.a35", info) == "spent → Elder Oak"
    assert words.spent_note(v, "lucky_pebble.a34", info) == "spent"


def test_the_piles_tooltips_count_their_cards_and_name_what_one_knows():
    assert words.discard_tip("Ben's", [], info) == "Ben's Realm discard: 0 cards"
    assert words.discard_tip("Your", ["moss_sprout.a8", "fern_hollow.a9"], info) == (
        "Your Realm discard: 2 cards, the top one Fern Hollow — click to see them all")
    assert words.realm_tip("Ben's", 1, [], info) == "Ben's Realm deck: 1 card"
    assert words.realm_tip("Your", 2, ["fern_hollow", "pollen_sprite"], info) == (
        "Your Realm deck: 2 cards, in an unknown order: Fern Hollow, Pollen Sprite")
    assert words.world_deck_tip("Your", 1) == ("Your World deck: 1 card. When a player must flip from an empty "
                                               "World deck, the round is finished and the game ends.")


def test_the_walk_through_says_who_won_by_how_much_and_each_dynamic_cards_reason():
    v = over_state().view(0)
    ada, ben = (w["total"] for w in v["walkthrough"])
    assert v["winners"] == [0] and ada > ben
    assert words.result_words(v, Names()) == f"You win, {ada} to {ben}"
    assert words.result_words(dict(v, winners=[1]), Names()) == f"Ben wins, {ben} to {ada}"
    assert words.result_words(dict(v, winners=[0, 1]), Names()) == f"A shared win, {ada} each"
    assert words.dynamic_words({"points": 4, "why": "6 Forest cards, at most 4", "fixed": 0}) == "+4: 6 Forest cards, at most 4"
    assert words.dynamic_words({"points": 0, "why": "0 Corrupted Wisps with the opponent", "fixed": 3}) == (
        "+3: +3 fixed, 0 for 0 Corrupted Wisps with the opponent")  # (the card's points, as its Total row says)
