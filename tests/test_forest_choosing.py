"""What a click means on the Once Upon a Forest table, without Qt (tabletop/games/forest/choosing.py):
the card chosen first, the slots, piles and players that light up, and what a click on each
plays or says -- from real games and their legal actions."""

from __future__ import annotations

from tabletop.engine.registry import get_game
from tabletop.games.forest.cards import LEVELS, card
from tabletop.games.forest.choosing import Choosing
from tabletop.games.forest.rules import (DRAW, GIVE, OVER, PLACE, PLAY, SETUP, compost_action, draw_action, give_action,
                                         place_action, play_action, tree_targets)

GAME = get_game("forest")


class Names:
    def name(self, p):
        return ["Ann", "Ben", "Cleo"][p]


def advance(state, until, limit=2000):
    for _ in range(limit):
        if until(state):
            return state
        state.apply(state.legal_actions()[0])
    raise AssertionError("position not reached")


def choosing(state, seat=0):
    c = Choosing()
    c.show(state.view(seat), state.legal_actions() if state.decider() == seat else [], seat)
    return c


def play_stage(players=3):
    return advance(GAME.new_game(players, {}, 3), lambda s: s.stage == PLAY and s.turn == 0)


def test_a_pile_click_draws_in_the_setup_and_says_why_not_otherwise():
    state = GAME.new_game(3, {}, 1)
    assert state.stage == SETUP
    c = choosing(state)
    assert c.pile_legal(2) and c.click_pile(2) == (draw_action(2), None)
    other = choosing(play_stage())
    assert other.click_pile(0) == (None, "First play a card from your hand to your forest.")


def test_a_card_chosen_lights_the_slots_of_its_level_only_and_a_click_there_plays_it():
    state = play_stage()
    c = choosing(state)
    cid = state.hands[0][0]
    level = card(cid).level
    assert c.hand_choosable(cid) and not c.slot_legal(0, 0, level)  # nothing chosen yet
    assert c.click_slot(0, 0, level) == (None, "Choose a card from your hand first.")
    assert c.click_hand(cid) == f"{card(cid).label()} — choose where to play it."
    tree = max(tree_targets(state.forests[0]))
    assert c.slot_legal(0, tree, level) and not c.slot_legal(0, tree, (level + 1) % 4)
    assert not c.slot_legal(1, tree, level)  # (another's forest)
    assert c.click_slot(0, tree, level) == (play_action(cid, tree), None)
    assert c.click_slot(1, 0, level) == (None, "You play cards to your own forest.")
    problem = c.click_slot(0, tree, (level + 1) % 4)
    assert problem[0] is None and problem[1]  # (the rules' sentence)
    assert c.click_hand(cid) is None and c.selected is None  # a second click lets it go


def test_a_card_dropped_on_a_slot_plays_without_being_chosen_first():
    state = play_stage()
    c = choosing(state)
    cid = state.hands[0][1]
    tree = max(tree_targets(state.forests[0]))
    assert c.click_slot(0, tree, card(cid).level, card_id=cid) == (play_action(cid, tree), None)


def test_giving_lights_the_other_players_and_a_click_on_one_gives():
    state = advance(play_stage(), lambda s: s.stage == GIVE and s.turn == 0)
    c = choosing(state)
    assert not c.panel_legal(1)  # nothing chosen
    assert c.click_panel(1) == (None, "Choose the card to give first.")
    cid = state.hands[0][0]
    assert c.click_hand(cid) == f"{card(cid).label()} — choose where to give it."
    assert c.panel_legal(1) and c.panel_legal(2) and not c.panel_legal(0) and not c.panel_legal(None)
    assert c.click_panel(2) == (give_action(cid, 2), None)
    assert c.click_panel(0) == (None, "Give the card to another player.")
    assert c.click_slot(1, 0, 0) == (give_action(cid, 1), None)  # a click on another's forest gives to them
    assert c.click_slot(0, 0, 0) == (None, "Now give one of your remaining cards to another player.")  # one's own
    assert c.instruction(Names()) == "Click the player who gets this card (highlighted above). Esc cancels."


def test_a_solo_game_composts_instead_of_giving():
    state = advance(GAME.new_game(1, {}, 2), lambda s: s.stage == GIVE)
    c = choosing(state)
    cid = state.hands[0][0]
    assert c.click_hand(cid) == f"{card(cid).label()} — click the compost."
    assert c.panel_legal(None) and c.click_panel(None) == (compost_action(cid), None)


def test_the_gift_is_placed_in_a_slot_of_its_level_in_the_receivers_forest():
    state = advance(play_stage(), lambda s: s.stage == PLACE and s.pending_to == 1)
    c = choosing(state, seat=1)
    level = card(state.pending).level
    tree = max(tree_targets(state.forests[1]))
    assert c.slot_legal(1, tree, level) and not c.slot_legal(0, tree, level)
    assert c.click_slot(1, tree, level) == (place_action(tree), None)
    assert c.click_slot(0, tree, level) == (None, "Place the card in your own forest.")
    assert c.click_pending(1, state.pending) == \
        f"Place {card(state.pending).name} in a highlighted {LEVELS[level]} slot."
    assert c.click_pending(0, state.pending) is None  # (not the receiver)
    assert not c.hand_choosable(state.hands[1][0])  # (the hand waits)


def test_the_instruction_says_what_to_do_now():
    state = play_stage()
    assert choosing(state).instruction(Names()).startswith("Click a card in your hand")
    assert choosing(state, seat=1).instruction(Names()) == "Waiting for Ann…"
    watching = Choosing()
    watching.show(state.view(None), [], 0)
    assert watching.instruction(Names()) == "Watching the game."
    drawing = advance(state, lambda s: s.stage == DRAW and s.decider() == 0)
    assert choosing(drawing).instruction(Names()) == "Click a pile to draw its top card (the back shows its level)."
    over = advance(GAME.new_game(3, {}, 3), lambda s: s.stage == OVER)
    assert choosing(over).instruction(Names()) == "The game is over."
