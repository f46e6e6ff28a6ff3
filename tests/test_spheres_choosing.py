"""The Spheres of Life table's choosing without Qt (tabletop/games/spheres_of_life/choosing.py):
what a click on a card, a back, a player or a menu button means, given the view on show and the
seat's legal actions, and what is lit meanwhile."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tabletop.engine.actions import Action
from tabletop.games.spheres_of_life.choosing import CHANGED, NOTHING, Answer, SpheresChoice, heroes_to_choose
from tabletop.games.spheres_of_life.steps import Move, Step

NAMES = ["Ada", "Ben", "Cleo"]
A = Action.make


class Seen(SimpleNamespace):
    """The table as the choice reads it: seat 0 of three, played here (not watched)."""

    seat = 0
    watching = False

    def name(self, p):
        return NAMES[p]

    def addressed(self, p):
        return p is not None and p == self.seat and not self.watching


def choice(legal, hand=("snake1", "owl1", "fire1"), phase="dream", step=Step.ACTION, effect=None, locked=False, **extra):
    view = {"players": 3, "phase": phase, "step": step, "effect": effect or {}, "locked": [locked, False, False],
            "hands": [{"cards": list(hand)}, {"cards": None}, {"cards": None}], **extra}
    return SpheresChoice(Seen(view=view, legal=list(legal)))


DREAM_ACTION = [A(Move.STEAL, target=1), A(Move.STEAL, target=2), A(Move.GIFT, card="snake1", to=1),
                A(Move.GIFT, card="snake1", to=2), A(Move.EXCHANGE, card="snake1", want="fire"),
                A(Move.EXCHANGE, card="snake1", want="rat"), A(Move.EXCHANGE, card="snake1", want="deer")]


def test_a_card_given_is_chosen_first_then_its_buttons_and_targets_say_what_to_do():
    c = choice(DREAM_ACTION)
    assert c.lit_players() == {1, 2}  # nothing chosen: the players one may steal from
    assert c.hand_lit("snake1") and not c.hand_lit("owl1")
    assert c.click_hand("snake1") == CHANGED and c.selected == "snake1"
    assert not c.hand_lit("snake1") and c.hand_marked("snake1")  # a choice half made: the card is marked, not lit
    assert [(text, kind) for text, _, kind in c.buttons()] == [
        ("Give it to Ben", "choice"), ("Give it to Cleo", "choice"), ("Offer it in exchange…", "menu:exchange"),
        ("Cancel", "cancel")]
    assert c.lit_players() == {1, 2}  # now: whom it may be given to
    assert c.click_player(2) == Answer(play=A(Move.GIFT, card="snake1", to=2))
    assert c.click_hand("snake1") == CHANGED and c.selected is None  # a second click lets it go


def test_a_copy_of_the_card_the_rules_name_is_the_same_card_in_play():
    c = choice([A(Move.GIFT, card="snake2", to=1)])
    assert c.hand_choosable("snake1")
    c.click_hand("snake1")
    assert c.selected == "snake2"


def test_a_card_outside_the_choice_is_refused_in_words():
    c = choice(DREAM_ACTION)
    assert c.click_hand("owl1") == Answer(say="That card is not part of the choice now.")
    assert c.selected is None


@pytest.mark.parametrize("kind", [Move.DISCARD, Move.SACRIFICE])
def test_a_discard_or_a_sacrifice_is_one_click_on_the_card(kind):
    c = choice([A(kind, card="owl1"), A(Move.DONE)])
    assert c.click_hand("owl1") == Answer(play=A(kind, card="owl1"))
    assert c.selected is None


def test_the_exchange_menu_lists_the_kinds_noble_first_then_corrupted_then_abilities():
    c = choice(DREAM_ACTION)
    c.click_hand("snake1")
    assert c.press_menu("menu:exchange") == CHANGED
    assert c.menu == (Move.EXCHANGE, "snake1") and c.selected is None
    assert c.hand_marked("snake1")
    assert [a["want"] if a else kind for _, a, kind in c.buttons()] == ["deer", "rat", "fire", "cancel"]
    assert c.lit_players() == set()  # (an exchange is offered to everybody: no panel is the target)


def test_a_card_with_several_targets_opens_a_menu_and_then_a_player_is_its_target():
    legal = [A(Move.USE, card="fire1", target=1), A(Move.USE, card="fire1", target=2), A(Move.PASS)]
    c = choice(legal, phase="night", step=Step.PRIO)
    assert [(text, kind) for text, _, kind in c.buttons()] == [("Play Orb of Fire…", "menu:use:fire1"), ("Pass", "choice")]
    c.press_menu("menu:use:fire1")
    assert c.menu == (Move.USE, "fire1")
    assert c.lit_players() == {1, 2}
    assert [text for text, _, _ in c.buttons()] == ["Play Orb of Fire on Ben", "Play Orb of Fire on Cleo", "Cancel"]
    assert c.click_player(0) == Answer(say="Orb of Fire cannot be played on Ada.")
    assert c.click_player(1) == Answer(play=legal[0])


def test_a_click_on_a_player_steals_in_the_dream_and_says_why_not_otherwise():
    assert choice(DREAM_ACTION).click_player(1) == Answer(play=A(Move.STEAL, target=1))
    assert choice([A(Move.PASS)]).click_player(1) == Answer(say="You cannot steal from Ben now.")
    assert choice([A(Move.PASS)], phase="day").click_player(2) == Answer(say="Stealing is a Dream action.")
    assert choice([A(Move.PASS)]).click_player(0) == NOTHING  # one's own panel, with nothing to do on it


def test_a_back_is_pointed_at_only_in_the_hand_being_stolen_from():
    legal = [A(Move.POSITION, index=0), A(Move.POSITION, index=2)]
    c = choice(legal, step=Step.STEAL_POS, effect={"who": 0, "target": 1})
    assert [(p, i) for p in (1, 2) for i in range(3) if c.back_lit(p, i)] == [(1, 0), (1, 2)]
    assert c.click_back(1, 2) == Answer(play=A(Move.POSITION, index=2))
    assert c.click_back(2, 0) == Answer(say="Point at a card only when you steal or raid.")
    assert not choice([], step=Step.STEAL_POS, effect={"target": 1}).back_lit(1, 0)  # not deciding


def test_open_cards_are_clicked_themselves_and_not_offered_as_buttons():
    legal = [A(Move.PICK, card="deer2"), A(Move.PICK, card="bat1")]
    c = choice(legal, phase="day", step=Step.PICK, table=["deer2", "bat1"])
    assert c.open_lit("deer2") and c.click_open("deer1") == Answer(play=A(Move.PICK, card="deer2"))  # (a copy)
    assert c.buttons(laid={"deer2", "bat1"}) == []
    assert [text for text, _, _ in c.buttons()] == ["Take Noble Deer", "Take Corrupted Bat"]  # (not laid: buttons)
    assert choice([A(Move.PASS)], phase="day").click_open("deer2") == Answer(say="You cannot take that card now.")
    assert choice([], phase="setup").click_open("druid1") == Answer(say="Choose a hero when it is your turn to choose.")


def test_a_choice_half_made_lights_nothing_else():
    legal = DREAM_ACTION + [A(Move.PICK, card="deer2")]
    c = choice(legal)
    assert c.open_lit("deer2")
    c.click_hand("snake1")
    assert c.busy and not c.open_lit("deer2")
    c.clear()
    assert c.selection() == (None, None, False) and not c.busy


def test_the_heroes_to_choose_are_one_of_each_kind():
    view = {"phase": "setup", "hero_pool": ["druid1", "druid2", "warrior1", "windmaster"]}
    assert heroes_to_choose(view) == ["druid1", "warrior1", "windmaster"]
    assert heroes_to_choose({**view, "phase": "day"}) == [] and heroes_to_choose(None) == []
    c = choice([A(Move.HERO, card="warrior1")], phase="setup", step=Step.HERO, hero_pool=view["hero_pool"])
    assert c.buttons() == []  # the hero itself is clicked
    assert c.click_open("warrior2") == Answer(play=A(Move.HERO, card="warrior1"))


def test_the_hand_may_be_arranged_unless_locked_held_watched_or_over():
    assert choice([]).may_arrange()
    assert not choice([], locked=True).may_arrange()
    assert not choice([], phase="over").may_arrange()
    assert not choice([], step=Step.STEAL_POS, effect={"target": 0}).may_arrange()  # another points at it
    assert choice([], step=Step.STEAL_POS, effect={"target": 1}).may_arrange()
    watched = choice([])
    watched.seen.watching = True
    assert not watched.may_arrange()


def test_the_hint_opens_the_menu_or_chooses_the_card_it_is_about():
    c = choice(DREAM_ACTION)
    assert c.prepare(A(Move.EXCHANGE, card="snake1", want="rat"), on_show=False)
    assert c.menu == (Move.EXCHANGE, "snake1")
    c.clear()
    assert c.prepare(A(Move.GIFT, card="snake1", to=1), on_show=False) and c.selected == "snake1"
    c.clear()
    use = A(Move.USE, card="fire1", target=1)
    assert not c.prepare(use, on_show=True) and c.selection() == (None, None, False)  # its button is on show
    assert c.prepare(use, on_show=False) and c.menu == (Move.USE, "fire1")
    assert not c.prepare(A(Move.STEAL, target=1), on_show=True)


def test_the_discard_pile_opens_its_list_and_any_click_closes_it():
    c = choice(DREAM_ACTION)
    assert c.close_discard() == NOTHING  # (closed: the click goes on to what it is on)
    assert c.click_discard() == CHANGED and c.discard_open
    assert c.close_discard() == CHANGED and not c.discard_open
    c.click_discard()
    assert c.click_discard() == CHANGED and not c.discard_open  # the pile clicked again
