"""What a click means on the Three Spheres TCG table, without Qt (tabletop/games/three_spheres/choosing.py):
the card chosen first, the places that light up and what a click there plays, the prompt's words
and buttons -- from real positions and their legal actions."""

from __future__ import annotations

from tabletop.engine.actions import Action
from tabletop.games.three_spheres.choosing import Choosing, action_words
from tabletop.games.three_spheres.steps import Move, Step

from three_spheres_positions import position

class Names:
    """How a table calls the players: Ada is addressed as "you"."""

    def name(self, p):
        return ["Ada", "Ben"][p]

    def possessive(self, p, capital=True):
        return ("Your" if capital else "your") if p == 0 else f"{self.name(p)}'s"


def choosing(state, seat=0):
    c = Choosing()
    c.show(state.view(seat), state.legal_actions() if state.decider() == seat else [])
    return c


def test_a_card_of_the_hand_is_chosen_by_a_click_and_let_go_by_another():
    c = choosing(position())
    assert c.selected is None and c.choosable("silver_leaf.a1")
    assert c.click_hand("silver_leaf.a1") is None and c.selected == "silver_leaf.a1"
    assert c.click_hand("silver_leaf.a1") is None and c.selected is None
    c.click_hand("moss_sprout.a2")
    assert c.click_hand("silver_leaf.a1") is None and c.selected == "silver_leaf.a1"  # another card: chosen instead


def test_a_chosen_card_lights_the_places_its_resources_may_go_and_nothing_else():
    state = position()
    c = choosing(state)
    assert c.lit(pool=[]) == []  # nothing chosen, nothing free to buy
    c.click_hand("silver_leaf.a1")
    spends = [a for a in state.legal_actions() if a.kind == Move.SPEND and a["card"] == "silver_leaf.a1"]
    lit = c.lit(pool=[])
    assert [a for _, _, a in lit] == spends
    assert all(kinds == ("in_play", "target") and key == a["target"] for kinds, key, a in lit)


def test_a_free_buy_is_lit_only_while_no_card_is_chosen():
    c = choosing(position(paid={"elder_oak.a10": 6}))
    buy = Action.make(Move.BUY, target="elder_oak.a10")
    assert (("target",), "elder_oak.a10", buy) in c.lit(pool=[])
    assert c.free_buys() == {"elder_oak.a10"} and choosing(position()).free_buys() == set()
    c.click_hand("silver_leaf.a1")
    assert buy not in [a for _, _, a in c.lit(pool=[])]


def test_a_copy_of_a_card_the_rules_name_is_the_same_choice():
    # the rules offer one card of each kind: moss_sprout.a3 is chosen as moss_sprout.a2
    c = choosing(position(hand=[["silver_leaf.a1", "moss_sprout.a2", "moss_sprout.a3"], ["ronin_stone.b1"]]))
    assert c.same("moss_sprout.a3", (Move.PLAY, Move.SPEND)) == "moss_sprout.a2"
    assert c.same("moss_sprout.a3", (Move.COPY,)) is None
    c.click_hand("moss_sprout.a3")
    assert c.selected == "moss_sprout.a2"
    assert c.play_action() == Action.make(Move.PLAY, card="moss_sprout.a2")


def test_a_card_that_can_be_neither_played_nor_spent_is_not_chosen_and_says_why():
    state = position()
    state.apply(Action.make(Move.PLAY, card="glade_stag.a3"))  # draw 1, then resources to place
    assert state.step == Step.RESOURCES
    c = choosing(state)
    assert not c.choosable("silver_leaf.a1")
    assert c.click_hand("silver_leaf.a1") == "That card is not part of the choice now." and c.selected is None
    lit = c.lit(pool=[])
    assert lit and all(a.kind == Move.ASSIGN and key == a["target"] for _, key, a in lit)


def test_a_trash_from_the_hand_lights_every_copy_of_a_kind_with_the_one_action():
    state = position(hand=[["peasant_stone.a1", "moss_sprout.a2", "moss_sprout.a3", "silver_leaf.a4"], ["ronin_stone.b1"]])
    state.apply(Action.make(Move.PLAY, card="peasant_stone.a1"))
    assert state.step == Step.TRASH
    c = choosing(state)
    assert c.picker() is None  # (the hand is there to choose from)
    pool = state.view(0)["seats"][0]["hand"]
    lit = {key: a for _, key, a in c.lit(pool)}
    assert lit["moss_sprout.a2"] == lit["moss_sprout.a3"] and lit["moss_sprout.a2"].kind == Move.TRASH
    assert lit["silver_leaf.a4"] == Action.make(Move.TRASH, card="silver_leaf.a4")
    assert c.choices() == [("Done: trash no more", Action.make(Move.DONE), "cancel")]
    assert c.lit(pool=[]) == []  # (only the cards laid out to choose from light up)


def test_a_trash_from_the_discard_is_laid_out_to_choose_from():
    state = position(hand=[["grave_crow.a1", "silver_leaf.a2"], []],
                     discard=[["moss_sprout.a8", "fern_hollow.a9", "moss_sprout.a13"], []])
    state.apply(Action.make(Move.PLAY, card="grave_crow.a1"))
    # (every copy laid out, as many cards as the title counts: a click on either Moss Sprout is one choice)
    assert sorted(choosing(state).picker()) == ["fern_hollow.a9", "moss_sprout.a13", "moss_sprout.a8"]
    c = choosing(state)
    lit = {key: a for _, key, a in c.lit(c.picker())}
    assert lit["moss_sprout.a13"] == lit["moss_sprout.a8"] and lit["moss_sprout.a8"].kind == Move.TRASH
    assert choosing(state, seat=1).picker() is None  # (not the watching seat's question)


def test_the_prompt_says_what_to_do_and_offers_its_buttons():
    state = position()
    c = choosing(state)
    title, sentence = c.prompt_words(Names())
    assert title == "Your turn" and sentence.startswith("Click a card of your hand")
    assert c.choices() == [("End turn", Action.make(Move.END), "choice")]
    c.click_hand("moss_sprout.a2")  # 1 resource and an ability to play
    title, sentence = c.prompt_words(Names())
    assert sentence == "Moss Sprout: click a lit card to spend its 1 resource there, or play it for its ability."
    assert [(words, kind) for words, _, kind in c.choices()] == [("Play Moss Sprout", "ability"), ("Cancel", "cancel"),
                                                               ("End turn", "choice")]
    waiting = choosing(state, seat=1)
    assert waiting.prompt_words(Names()) == ("Your turn", "Waiting for Ada…") and waiting.choices() == []


def test_a_click_that_does_nothing_says_why():
    c = choosing(position())
    assert c.why_not("their_discovery", "Ben") == "Only Ben buys from their Discovery spread."
    assert c.why_not("world", "Ben") == "Choose a card of your hand first, then click where its resources go."
    c.click_hand("silver_leaf.a1")
    assert c.why_not("world", "Ben") == "Silver Leaf's resources cannot go there."


def test_the_end_lights_nothing():
    c = choosing(position())
    c.view = dict(c.view, walkthrough=[])
    assert c.lit(pool=[]) == []


def test_moves_in_words():
    view = position().view(0)
    assert action_words(Action.make(Move.SPEND, card="silver_leaf.a1", target="elder_oak.a10"), view) == \
        "Spend Silver Leaf on Elder Oak"
    assert action_words(Action.make(Move.SPACE, space=0), view) == "Lay it on Elder Oak"
    assert action_words(Action.make(Move.SPACE, space=2), view) == "Lay it on space 3"
