"""The shogun table's choosing without Qt (tabletop/games/shogun/choosing.py): the half-made choice
-- a square chosen, ordaining, a stone picked -- the places it lights, the prompt's buttons and tray,
what a click means given the legal actions, and cancelling."""

from __future__ import annotations

import pytest

from tabletop.engine.actions import Action
from tabletop.games.shogun.choosing import Choosing, Reply
from tabletop.games.shogun.words import count_text, hint_words, is_classic, stone_name

from shogun_positions import GAME, P, S, board, position

ALL = ("scholar", "merchant", "monk", "geisha", "ghost")
SPECIALS = ["scholar", "merchant", "monk", "geisha", "ghost", "thief", "samurai", "hime"]


def chooser(state, seat=0):
    """A chooser offered ``state`` as ``seat`` sees it, as the table offers it (then the lone kind
    picked by itself)."""
    c = Choosing()
    c.offer(state.view(seat), state.legal_actions() if state.decider() == seat else [])
    c.auto_pick()
    return c


def sowing(hand, pos=0, direction=1, chosen=ALL, **places):
    return position(board=board(**places), step="drop", hand=list(hand), pos=pos, direction=direction,
                    chosen=[list(chosen), []])


def sow(square, d):
    return Action.make("sow", square=square, dir=d)


def drop(stone, to, **more):
    return Action.make("drop", stone=stone, to=to, **more)


# --- a turn: a square, then a way ---------------------------------------------------------------------
def test_a_turn_lights_the_sowable_squares_and_a_click_chooses_one_and_again_lets_it_go():
    c = chooser(position(board=board(p1=[P, P], p3=[P], p8=[P])))
    assert c.deciding and c.selection() == (None, None, False, None) and not c.may_cancel()
    assert c.lit() == {1: ("plain", ""), 3: ("plain", "")}
    assert c.arrows() == []
    assert c.click_place(1) == Reply(redraw=True, status="A2: now click ◀ or ▶ (or press ← or →).")
    assert c.selection() == (1, None, False, None) and c.may_cancel()
    assert c.arrows() == [-1, 1]
    assert c.prompt_choices() == ([("Cancel", None, "cancel", "Choose another square (Esc)")], [])
    assert c.click_place(3) == Reply(redraw=True, status="A4: now click ◀ or ▶ (or press ← or →).")
    assert c.selected_square == 3
    assert c.click_place(3) == Reply(redraw=True)  # the same square again: let go
    assert c.selected_square is None and c.arrows() == []
    # an empty square of one's own, a square of the other player's: a word, nothing chosen
    assert c.click_place(0) == Reply(status="A1 is empty: sow a square with stones.")
    assert c.click_place(8) == Reply(status="Sow one of your own squares (along the bottom).")
    assert c.click_place(5) == Reply(status="Sow one of your own squares (along the bottom).")
    assert c.selection() == (None, None, False, None)


def test_the_second_seat_sows_its_own_squares():
    c = chooser(position(board=board(p2=[P], p7=[P, P]), turn_player=1), seat=1)
    assert c.lit() == {7: ("plain", "")}
    assert c.click_place(7).redraw and c.arrows() == [-1, 1]
    assert c.click_place(6) == Reply(status="B1 is empty: sow a square with stones.")
    assert c.click_place(2) == Reply(status="Sow one of your own squares (along the bottom).")


def test_the_arrow_keys_sow_the_square_chosen_or_say_why_not():
    c = chooser(position(board=board(p1=[P, P], p3=[P], p8=[P])))
    assert c.sow_key(None, 1) == Reply(status="Choose a square first (Tab, or the digits 1-5).")
    assert c.sow_key(3, -1) == Reply(sow(3, -1))
    assert c.sow_key(1, 1) == Reply(sow(1, 1))
    assert c.sow_key(0, 1) == Reply(status="A1 cannot be sown.")
    assert c.sow_key(8, -1) == Reply(status="B3 cannot be sown.")


def test_a_seat_that_does_not_decide_lights_nothing_and_is_offered_nothing():
    st = position(board=board(p1=[P, P], p8=[P]))
    c = chooser(st, seat=1)
    assert not c.deciding and c.legal == [] and c.lit() == {}
    assert c.pickable_kinds() == [] and c.plain_drop() is None
    c.selected_square = 1  # (even with a square somehow chosen)
    assert c.lit() == {} and c.arrows() == []


def test_nothing_offered_nothing_chosen():
    c = Choosing()
    assert c.view is None and c.step is None and not c.deciding and not c.classic
    assert c.pickable_kinds() == [] and c.plain_drop() is None and c.lit() == {} and c.turn_round() is None
    c.auto_pick()
    assert c.picked is None


# --- ordaining ---------------------------------------------------------------------------------------
def test_ordaining_lights_the_lone_peasants_then_the_square_then_a_captured_special_ordains():
    st = position(board=board(p1=[P], p2=[P], p3=[P, P], p8=[P]), stores=[["ghost", "monk", P], []])
    c = chooser(st)
    ordain = ("Ordain…", None, "ordain", "Swap a lone peasant on one of your squares for a special stone you captured")
    assert c.prompt_choices() == ([ordain], [])
    c.click_place(3)  # a square chosen first: ordaining lets it go
    assert c.start_ordaining() == Reply(redraw=True)
    assert c.selection() == (None, None, True, None) and c.may_cancel() and c.arrows() == []
    assert c.lit() == {1: ("plain", ""), 2: ("plain", "")}
    assert c.prompt_choices() == ([("Cancel", None, "cancel", "Give up ordaining (Esc)")], [])
    assert c.click_place(3) == Reply(status="Ordain a square of yours that holds a single peasant.")
    assert c.click_place(8) == Reply(status="Ordain a square of yours that holds a single peasant.")
    assert c.ordain_square is None
    assert c.click_stone("monk").action is None  # (no square yet: a stone ordains nothing)
    c.picked = None
    assert c.click_place(2) == Reply(redraw=True)
    assert c.selection() == (None, None, True, 2)
    assert c.lit() == {2: ("plain", "ordain")}
    # the tray: the captured specials, in the stones' order, with how many
    assert c.prompt_choices() == ([("Cancel", None, "cancel", "Give up ordaining (Esc)")], [("monk", 1), ("ghost", 1)])
    assert c.click_place(1) == Reply(status="Ordain a square of yours that holds a single peasant.")
    assert c.click_place(2) == Reply(redraw=True)  # the same square again: let go
    assert c.ordain_square is None and c.ordaining
    c.click_place(1)
    assert c.click_stone("ghost") == Reply(Action.make("ordain", square=1, stone="ghost"))
    c.clear()
    assert c.selection() == (None, None, False, None) and not c.may_cancel()


def test_no_ordain_button_without_a_captured_special():
    c = chooser(position(board=board(p1=[P], p8=[P])))
    assert c.prompt_choices() == ([], [])


# --- the set-up and a refill: a stone of the tray, then a square -----------------------------------------
def test_the_set_up_picks_a_stone_then_a_square_of_ones_own():
    c = chooser(GAME.new_game(2, {}, 1))
    assert c.step == "setup" and c.pickable_kinds() == SPECIALS
    assert c.picked is None and c.lit() == {} and not c.may_cancel()  # (eight kinds: none picked by itself)
    assert c.prompt_choices() == ([], [(k, 1) for k in SPECIALS])
    assert c.click_place(2) == Reply(status="First choose a stone from the tray.")
    assert c.click_stone("geisha") == Reply(redraw=True, status="Geisha chosen: now click a highlighted place.")
    assert c.picked == "geisha" and c.may_cancel()
    assert c.lit() == {sq: ("plain", "") for sq in range(5)}
    another = ("Choose another stone", None, "cancel", "Put the stone back and choose again (Esc)")
    assert c.prompt_choices() == ([another], [(k, 1) for k in SPECIALS])
    assert c.click_place(8) == Reply(status="Place the stone on one of your own squares (along the bottom).")
    assert c.click_place(2) == Reply(Action.make("place", stone="geisha", square=2))
    assert c.click_stone("geisha") == Reply(redraw=True)  # picked again: put back
    assert c.picked is None
    c.click_stone("monk")
    assert c.click_stone("hime") == Reply(redraw=True, status="Hime chosen: now click a highlighted place.")
    assert c.picked == "hime"


def test_a_refill_offers_the_captured_stones_with_their_counts():
    doc = board(p7=[P])
    doc[11] = []
    c = chooser(position(board=doc, stores=[["monk", P, P], [P, P, S]]))
    assert c.step == "refill" and c.pickable_kinds() == [P, "monk"]
    assert c.prompt_choices() == ([], [(P, 2), ("monk", 1)])
    assert c.click_place(3) == Reply(status="First choose a stone from the tray.")
    c.click_stone("monk")
    assert c.lit() == {sq: ("plain", "") for sq in range(5)}
    assert c.click_place(3) == Reply(Action.make("refill", stone="monk", square=3))
    assert c.click_place(7) == Reply(status="Refill an empty square of yours.")


def test_a_lone_kind_is_picked_by_itself_and_is_no_choice_to_cancel():
    doc = board(p7=[P])
    doc[11] = []
    c = chooser(position(board=doc, stores=[["monk", "monk"], [P, P, S]]))
    assert c.picked == "monk" and not c.may_cancel()
    assert c.lit() == {sq: ("plain", "") for sq in range(5)}
    assert c.prompt_choices() == ([], [("monk", 2)])  # no "Choose another stone"
    assert c.click_stone("monk") == Reply(redraw=True, status="Monk chosen: now click a highlighted place.")
    assert c.picked == "monk"  # (a lone kind stays picked)
    c = chooser(sowing(["monk", "monk"], pos=1, chosen=("monk",), p9=[P]))
    assert c.picked == "monk" and set(c.lit()) == {2, 3, 4}


def test_a_lone_kind_is_not_picked_for_a_seat_that_does_not_decide_or_in_a_turn():
    c = chooser(sowing(["monk", "monk"], pos=1, chosen=("monk",), p9=[P]), seat=1)
    assert c.picked is None
    c = Choosing()
    c.offer(position(board=board(p1=[P], p8=[P])).view(0), [sow(1, 1)])
    c.auto_pick()
    assert c.picked is None and c.pickable_kinds() == []


# --- a sowing: the next place plainly, or a stone of the hand and its destinations ----------------------
def test_a_sowing_lights_the_next_place_and_one_click_there_drops_plainly():
    c = chooser(sowing([P, "monk"], pos=0, chosen=("monk",), p9=[P]))
    assert c.picked is None and c.plain_drop() == drop(P, 1)
    assert c.lit() == {1: ("plain", "next")}
    assert c.click_place(1) == Reply(drop(P, 1))
    assert c.click_place(2) == Reply(status="Click the next place to drop a plain stone there, or choose a stone "
                                            "in the hand to use its ability.")
    rest = ("Sow the rest plainly", None, "plain_rest",
            "Drop every stone left on the next place, one after the other, with no ability")
    assert c.prompt_choices() == ([rest], [])
    # the last stone in hand: nothing left to sow plainly, and a lone kind picked already
    c = chooser(sowing([P], pos=3))
    assert c.picked == P and c.prompt_choices() == ([], []) and c.lit() == {4: ("plain", "next")}


@pytest.mark.parametrize("stone", ALL)
def test_a_picked_stone_lights_its_next_place_and_its_abilitys_places(stone):
    st = sowing([stone, P], p3=[P], p8=[P], p9=[P])  # (from A1 counter-clockwise)
    c = chooser(st)
    assert c.click_stone(stone).redraw and c.picked == stone
    normal = 1
    tos = {a["to"] for a in st.legal_actions() if a["stone"] == stone}
    tag = "✦ " + {"scholar": "Scholar jumps", "merchant": "Merchant crosses", "monk": "Monk",
                  "geisha": "Geisha: to the shogun", "ghost": "Ghost"}[stone]
    expected = {to: ("ability", tag) for to in tos - {normal}}
    if normal in tos:
        expected[normal] = ("plain", "next")
    assert len(expected) >= 2 and c.lit() == expected
    for to in tos:
        assert c.click_place(to) == Reply(drop(stone, to))
        assert c.is_ability(drop(stone, to)) == (to != normal)
    nowhere = next(p for p in range(12) if p not in tos)
    assert c.click_place(nowhere).status.startswith(f"The {stone_name(stone)} cannot go to ")


def test_a_stone_of_the_hand_picked_again_is_put_back_and_the_words_say_it_cannot_go():
    c = chooser(sowing([P, "monk"], pos=0, chosen=("monk",), p9=[P]))
    c.click_stone("monk")
    another = ("Choose another stone", None, "cancel", "Put the stone back and choose again (Esc)")
    assert another in c.prompt_choices()[0] and c.may_cancel()
    assert c.click_place(5) == Reply(status="The Monk cannot go to the east rectangle.")
    assert c.click_stone("monk") == Reply(redraw=True)
    assert c.picked is None and c.lit() == {1: ("plain", "next")}
    c.click_stone(P)
    assert c.lit() == {1: ("plain", "next")}


def test_the_plain_drop_prefers_a_peasant_then_a_stone_whose_ability_is_not_on_offer():
    assert chooser(sowing(["monk", P, "geisha"], pos=0)).plain_drop() == drop(P, 1)
    # the Thief has no ability to keep: he goes before the Monk, whose ability is on offer
    assert chooser(sowing(["monk", "thief"], pos=0)).plain_drop() == drop("thief", 1)
    # both abilities on offer: the first in the stones' order
    assert chooser(sowing(["geisha", "monk"], pos=0)).plain_drop() == drop("monk", 1)
    # clockwise from A1 the next place is the west rectangle
    c = chooser(sowing(["monk", P], pos=0, direction=-1))
    assert c.plain_drop() == drop(P, 11) and c.lit() == {11: ("plain", "next")}
    # no drop legal to the next place: nothing plain
    c = chooser(sowing(["monk", P], pos=0))
    c.offer(c.view, [drop("monk", 2)])
    assert c.plain_drop() is None and c.lit() == {}


def test_the_samurai_turn_is_a_button_not_a_lit_place():
    st = sowing(["samurai", P, P], pos=1, chosen=("samurai",), p8=[P])
    c = chooser(st)
    assert c.turn_round() is None  # (not picked yet)
    c.click_stone("samurai")
    turn = drop("samurai", 2, turn=True)
    assert turn in st.legal_actions() and c.turn_round() == turn
    assert c.lit() == {2: ("plain", "next")}
    assert c.is_ability(turn) and not c.is_ability(drop("samurai", 2))
    c.click_stone(P)
    assert c.turn_round() is None
    # not chosen at the set-up: no turn
    c = chooser(sowing(["samurai", P, P], pos=1, chosen=("monk",), p8=[P]))
    c.click_stone("samurai")
    assert c.turn_round() is None and c.lit() == {2: ("plain", "next")}


# --- the other steps --------------------------------------------------------------------------------
def test_a_capture_offers_leave_and_take_and_the_places_say_nothing():
    st = position(board=board(p0=[P, P], p4=[P, P, P], p7=[P]), options={"capture": "may"})
    st.apply(sow(0, 1))
    c = chooser(st)
    assert c.step == "capture"
    assert c.prompt_choices() == ([("Leave them", Action.make("leave"), "choice", "End the turn without taking them"),
                                   ("Take the 3 stones", Action.make("take"), "choice",
                                    "Capture what lies beyond the empty square")], [])
    assert c.lit() == {} and c.click_place(3) == Reply(status="")


def test_imprisoned_and_the_thief_say_where_the_buttons_are():
    doc = board(p0=[P, P], p2=[P, P], p8=[P])
    doc[11] = []
    c = chooser(position(board=doc, stores=[[S], []], turns=[2, 2], imprisoned=[True, False], step="skip"))
    assert c.click_place(0) == Reply(status="You are imprisoned: click “Sit out this turn”.")
    assert c.prompt_choices() == ([], [])
    doc = board(p2=[P], p8=[P])
    doc[11] = []
    st = position(board=doc, stores=[["thief", "thief"], [S]], turns=[9, 9], chosen=[["thief"], []])
    st.apply(sow(2, 1))
    c = chooser(st)
    assert c.click_place(4) == Reply(status="Roll the dice or keep: the buttons on the board.")


# --- a hint's half-made choice ---------------------------------------------------------------------------
def test_a_hint_takes_up_the_choice_that_leads_to_its_action():
    c = chooser(position(board=board(p1=[P, P], p3=[P], p8=[P])))
    c.take_up(sow(3, -1))
    assert c.selection() == (3, None, False, None)
    c.take_up(Action.make("ordain", square=2, stone="monk"))
    assert c.selection() == (None, None, True, 2)
    for action in (Action.make("place", stone="monk", square=1), Action.make("refill", stone="monk", square=1),
                   drop("monk", 3)):
        c.take_up(action)
        assert c.selection() == (None, "monk", False, None)
    c.take_up(Action.make("skip"))
    assert c.selection() == (None, None, False, None)


def test_the_rest_plainly_stands_when_the_choice_is_cleared():
    c = chooser(sowing([P, P, "monk"]))
    c.plainly = True
    c.click_stone("monk")
    c.clear()
    assert c.plainly and c.picked is None


# --- the names ---------------------------------------------------------------------------------------------
def test_the_names_of_stones_places_and_hints():
    assert stone_name("shogun") == "Shogun" and stone_name("shogun", True) == "Mandarin"
    assert count_text([]) == "empty" and count_text([P, "monk", P]) == "2 Peasants, Monk"
    assert count_text([S, S], True) == "2 Mandarins" and count_text(["thief", "thief"]) == "2 Thieves"
    assert is_classic({"options": {"rules": "classic"}}) and not is_classic({"options": {}}) and not is_classic(None)
    assert hint_words(sow(1, -1)) == "sow A2 clockwise"
    assert hint_words(Action.make("place", stone="monk", square=5)) == "put the Monk on the east rectangle"
    assert hint_words(drop(S, 11), True) == "drop the Mandarin on the west rectangle"
    assert hint_words(drop("samurai", 2, turn=True)) == "drop the Samurai and turn the sowing round"
    assert hint_words(Action.make("ordain", square=7, stone="ghost")) == "ordain B2 with the Ghost"
    assert hint_words(Action.make("roll")) == "roll the dice" and hint_words(Action.make("keep")) == "keep the Thief"
    assert hint_words(Action.make("skip")) == "sit out the turn"
    assert hint_words(Action.make("take")) == "take the stones beyond the empty square"
    assert hint_words(Action.make("leave")) == "leave the stones beyond the empty square where they are"
