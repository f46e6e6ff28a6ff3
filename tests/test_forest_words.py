"""The words on the Once Upon a Forest table (tabletop/games/forest/words.py), without Qt: the
information board's lines for each stage and each end, the mark of the player deciding, the
instruction of a solo game, the captions, the hint's words -- whom they address as "you", and
their numbers."""

from __future__ import annotations

import pytest

from tabletop.engine.actions import Action
from tabletop.games.forest import words
from tabletop.games.forest.cards import LEVELS, card
from tabletop.games.forest.rules import compost_action, draw_action, give_action, place_action, play_action
from tabletop.games.forest.steps import DRAW, GIVE, OVER, PLACE, PLAY, SETUP


class Table:
    """How a table calls the players: Ann, Ben and Cleo, seen from ``seat`` (``None``: watched)."""

    def __init__(self, seat: int | None = 0) -> None:
        self.seat = seat

    def name(self, p: int) -> str:
        return ["Ann", "Ben", "Cleo"][p]

    def addressed(self, p: int | None) -> bool:
        return p is not None and p == self.seat


def view(stage=PLAY, decider=0, turn=0, players=3, piles=(10, 10, 10, 10, 10), hands=None, **more):
    """A view with what the words read (the piles by their sizes)."""
    v = {"stage": stage, "decider": decider, "turn": turn, "players": players, "seat": 0, "round": 0,
         "piles": [{"size": n, "top_level": 0} for n in piles], "hands": hands or [[{}] * 3] * players,
         "pending": None, "scores": None, "winners": None, "goal": None}
    v.update(more)
    return v


def scores(*totals):
    return [{"total": t, "parts": []} for t in totals]


def test_the_state_prompt_for_each_stage():
    assert words.prompt(SETUP, 3) == words.prompt(DRAW, 3) == "draw a card from a pile"
    assert words.prompt(PLAY, 1) == "play a card to your forest"
    assert words.prompt(GIVE, 2) == "give a card to another player"
    assert words.prompt(GIVE, 1) == "compost a card"
    assert words.prompt(PLACE, 4) == "place the card you were given"
    assert words.prompt(OVER, 2) == "wait"


def test_the_board_counts_the_cards_left_and_the_round_from_one():
    title, detail = words.info_lines(view(piles=(3, 0, 4, 2, 1), round=1), Table())
    assert detail == "Round 2  ·  10 cards left in the piles"
    assert words.info_lines(view(piles=(0, 0, 1, 0, 0)), Table())[1] == "Round 1  ·  1 card left in the piles"
    assert words.info_lines(view(piles=(0,) * 5), Table())[1] == "Round 1  ·  0 cards left in the piles"


@pytest.mark.parametrize("stage, players, yours, theirs", [
    (PLAY, 3, "You play a card to your forest", "Ann plays a card to their forest"),
    (GIVE, 3, "You give a card to another player", "Ann gives a card to another player"),
    (GIVE, 1, "You compost a card", "Ann composts a card"),
])
def test_the_board_says_what_the_decider_does_to_them_and_to_the_others(stage, players, yours, theirs):
    v = view(stage, players=players, piles=(1, 1, 1, 1, 1))
    assert words.info_lines(v, Table(0)) == (yours, "Round 1  ·  5 cards left in the piles")
    assert words.info_lines(v, Table(1))[0] == theirs
    assert words.info_lines(v, Table(None))[0] == theirs  # (watched: nobody is "you")


def test_the_board_counts_the_cards_still_to_draw():
    hands = [[{}], [{}, {}], []]
    start = view(SETUP, decider=1, hands=hands, piles=(2, 0, 0, 0, 0))
    assert words.info_lines(start, Table(1)) == ("You draw starting cards",
                                                 "1 more to draw. Round 1  ·  2 cards left in the piles")
    assert words.info_lines(start, Table(0))[0] == "Ben draws starting cards"
    back = view(DRAW, decider=0, hands=hands, piles=(2, 0, 0, 0, 0))
    assert words.info_lines(back, Table(0)) == ("You draw back to 3 cards",
                                                "2 more to draw. Round 1  ·  2 cards left in the piles")
    assert words.info_lines(back, Table(2))[0] == "Ann draws back to 3 cards"


def test_the_board_of_a_gift_names_the_card_to_its_receiver_only():
    gift = view(PLACE, decider=1, turn=0, pending={"card": "F01", "to": 1}, piles=(1, 0, 0, 0, 0))
    detail = "Round 1  ·  1 card left in the piles"
    assert words.info_lines(gift, Table(1)) == ("Place the card you were given",
                                                f"Ann gave you {card('F01').name}. {detail}")
    assert words.info_lines(gift, Table(0)) == ("Ben places the card you gave", detail)
    assert words.info_lines(gift, Table(2)) == ("Ben places the card Ann gave", detail)


def test_the_board_at_the_end_names_the_winners_and_their_score():
    over = view(OVER, decider=None, scores=scores(7, 9, 9), winners=[1, 2], goal={"kind": "woodland", "points": 5})
    assert words.info_lines(over, Table()) == ("Game over — Ben and Cleo win with 9 points",
                                               "Final scores are shown beside each name.")
    one = dict(over, winners=[0])
    assert words.info_lines(one, Table())[0] == "Game over — Ann wins with 7 points"
    # a view made before the variants has no winners: the best totals win
    old = dict(over, winners=None, goal=None, scores=scores(4, 8, 6))
    assert words.info_lines(old, Table())[0] == "Game over — Ben wins with 8 points"


def test_the_board_when_the_woodland_goal_is_missed_lists_the_forests_short_of_it():
    missed = view(OVER, decider=None, scores=scores(4, 5, 6), winners=[], goal={"kind": "woodland", "points": 5})
    assert words.info_lines(missed, Table()) == ("Game over — the woodland goal (5 each) was missed",
                                                 "Everybody loses. Short: Ann 4.")  # (Ben's 5 reaches it)


def test_the_board_of_a_solo_game_says_the_target():
    goal = {"kind": "solo", "points": 15}
    won = view(OVER, decider=None, players=1, scores=scores(17), winners=[0], goal=goal)
    assert words.info_lines(won, Table()) == ("Game over — Ann wins with 17 points", "The target was 15.")
    lost = dict(won, scores=scores(12), winners=[])
    assert words.info_lines(lost, Table()) == ("Game over — 12 points, short of the target 15",
                                               "Final score beside your name.")
    assert words.info_sentence(lost, Table()) == ("Game over — 12 points, short of the target 15. "
                                                  "Final score beside your name.")


def test_the_mark_of_the_player_deciding():
    assert [words.deciding(s, 3) for s in (SETUP, PLAY, GIVE, PLACE, DRAW, OVER)] == [
        "drawing", "playing", "giving", "placing", "drawing", None]
    assert words.deciding(GIVE, 1) == "composting" and words.deciding(PLAY, 1) == "playing"


def test_the_instruction_of_a_solo_game_and_of_a_card_to_play_or_place():
    who = Table()
    solo = view(GIVE, players=1)
    assert words.instruction(solo, True, None, who) == (
        "Choose the card to compost, then click the compost — or drag the card onto it.")
    assert words.instruction(solo, True, "F01", who) == (
        "Click the compost (above) to put this card out of the game. Esc cancels.")
    assert words.instruction(view(GIVE), True, None, who) == (
        "Choose the card to give away, then click the player who gets it.")
    row = LEVELS[card("F01").level]
    assert words.instruction(view(PLAY), True, "F01", who) == (
        f"Click a highlighted slot in the {row} row (or drag the card there). Esc cancels.")
    assert words.instruction(view(PLACE), True, None, who) == "Click a highlighted slot to place the card you were given."
    assert words.instruction(view(SETUP), True, None, who) == words.instruction(view(DRAW), True, None, who)
    assert words.instruction(view(PLAY, decider=2), False, None, who) == "Waiting for Cleo…"


def test_a_card_chosen_says_where_it_goes_next():
    label = card("F01").label()
    assert words.chosen("F01", PLAY, 1) == f"{label} — choose where to play it."
    assert words.chosen("F01", GIVE, 3) == f"{label} — choose where to give it."
    assert words.chosen("F01", GIVE, 1) == f"{label} — click the compost."
    assert words.place_it("F01") == f"Place {card('F01').name} in a highlighted {LEVELS[card('F01').level]} slot."
    assert words.empty_pile(0) == "Pile 1 is empty."
    assert words.stage_reminder(OVER) == "" and words.stage_reminder(DRAW) == "Draw back to three cards from the piles."


def test_the_captions_number_from_one():
    assert words.tree_label(0, False, False) == "Tree 1"
    assert words.tree_label(2, False, True) == "Tree 3 ✓"
    assert words.tree_label(3, True, False) == "new tree"
    assert words.hand_caption(2) == "Hand (2)" and words.hand_title("Ben's") == "Ben's hand"
    assert words.earlier_in_compost(4) == "and 4 earlier (the newest are shown)"
    assert words.solo_goal({"points": 20}) == "Solo game: play a card, compost one, draw back to 3. Score 20 or more to win."
    assert words.solo_goal({}).endswith("Score ? or more to win.")
    parts = {"parts": [{"label": "Complete trees (2 × 3)", "points": 6}, {"label": "Chainsaws (1 × −1)", "points": -1},
                       {"label": "Species in balance (0)", "points": 0}]}
    assert words.score_parts(parts) == (
        "Complete trees (2 × 3) +6   ·   Chainsaws (1 × −1) -1   ·   Species in balance (0) +0")


def test_a_card_given_is_titled_by_whom_and_to_whom():
    assert words.gift_title("you", "Ben") == "Given to you by Ben"
    assert words.gift_title("Cleo") == "Given to Cleo"
    assert words.gift_under(True) == "— place it in a highlighted slot"
    assert words.gift_under(False) == words.TO_PLACE == "— to place"


def test_the_hint_says_each_kind_of_move():
    assert words.hint(draw_action(2)) == "draw from the marked pile"
    assert words.hint(play_action("F01", 0)) == "play the marked card to the marked place"
    assert words.hint(give_action("F01", 1)) == "give the marked card to the marked player"
    assert words.hint(place_action(0)) == "place the card in the marked slot"
    assert words.hint(compost_action("F01")) == "compost the marked card"
    odd = Action.make("shuffle")
    assert words.hint(odd) == str(odd)
