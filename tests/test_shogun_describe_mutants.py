"""The shogun game's log sentences: the capture choice, the Thief's dice, a drop by an ability, and
a player beyond the names given (issue 28, point 9: tests from the mutation run of
shogun/describe.py)."""

from __future__ import annotations

from tabletop.engine.actions import Action
from tabletop.engine.registry import get_game
from tabletop.games.shogun.describe import describe
from tabletop.games.shogun.steps import Move
from test_shogun_rules import drops, sowing

GAME = get_game("spheres-shogun")
NAMES = ["Ann", "Ben"]
A = Action.make


def test_the_capture_choice_and_the_thiefs_roll_are_told_for_whoever_decides():
    state = GAME.new_game(2, {}, 3)
    assert state.decider() == 0
    assert describe(state, A(Move.TAKE), NAMES) == "Ann takes the stones beyond the empty square."
    assert describe(state, A(Move.LEAVE), NAMES) == "Ann leaves the stones beyond the empty square where they are."
    assert describe(state, A(Move.ROLL), NAMES) == "Ann rolls the dice for a captured Thief."
    assert describe(state, A(Move.KEEP), NAMES) == "Ann keeps the Thief and does not roll."


def test_the_dice_say_who_steals_from_whom_and_a_double_turns_it_round():
    state = GAME.new_game(2, {}, 3)
    state.thieves = [1]  # Ben rolls for his Thief
    assert describe(state, A(Move.DICE, total=5, double=False), NAMES) == "The dice show 5: Ben steals 5 points from Ann."
    assert describe(state, A(Move.DICE, total=8, double=True), NAMES) == (
        "The dice show a double (8): Ann gains 8 points from Ben.")


def test_a_decision_of_nobody_in_the_names_is_told_as_a_question_mark():
    class Chance:
        def decider(self):
            return -1  # (a chance node: no player decides)

    assert describe(Chance(), A(Move.TAKE), NAMES) == "? takes the stones beyond the empty square."


def test_the_aftermath_names_the_shogun_among_a_capture_and_whose_captures_are_borrowed():
    from tabletop.games.shogun.describe import aftermath
    from tabletop.games.shogun.stones import KINDS, PEASANT, SHOGUN, square_label

    state = GAME.new_game(2, {}, 3)
    state.events = [{"event": "capture", "player": 0, "place": 3, "stones": [PEASANT, SHOGUN]}]
    assert aftermath(state, NAMES) == f"Ann captures 2 stones from {square_label(3)}, the Shogun among them."
    state.events = [{"event": "capture", "player": 0, "place": 3, "stones": [PEASANT, PEASANT]}]
    assert aftermath(state, NAMES) == f"Ann captures 2 stones from {square_label(3)}."
    state.events = [{"event": "borrow", "player": 1, "stone": PEASANT, "place": 2}]
    assert aftermath(state, NAMES) == (f"Ben's squares are all empty: Ben borrows a {KINDS[PEASANT].name} from Ann's "
                                       "captures, to pay back at the end.")


def test_a_drop_on_the_next_place_is_plain_and_one_sent_elsewhere_is_told_as_the_ability():
    state = sowing(["scholar"], pos=0)  # the first player chose the Scholar: A2 plainly, or A3 by a jump
    assert drops(state) == {("scholar", 1, False), ("scholar", 2, False)}
    assert describe(state, A(Move.DROP, stone="scholar", to=1), NAMES) == "Ann drops the Scholar on A2."
    assert describe(state, A(Move.DROP, stone="scholar", to=2), NAMES) == (
        "Ann uses the Scholar's ability: it lands on A3.")  # (not "Ann's Scholar": a stone has no owner)


def test_a_decider_beyond_the_names_given_is_told_as_a_question_mark():
    state = GAME.new_game(2, {}, 3)
    state.turn_player = 1  # Ben decides, but only one name is given
    assert state.decider() == 1
    assert describe(state, A(Move.TAKE), ["Ann"]) == "? takes the stones beyond the empty square."


def test_the_dice_with_no_thief_recorded_take_the_first_player_as_the_roller():
    state = GAME.new_game(2, {}, 3)
    assert state.thieves == []
    assert describe(state, A(Move.DICE, total=7, double=False), NAMES) == "The dice show 7: Ann steals 7 points from Ben."


def test_the_first_players_roll_steals_from_the_second():
    state = GAME.new_game(2, {}, 3)
    state.thieves = [0]
    assert describe(state, A(Move.DICE, total=6, double=False), NAMES) == "The dice show 6: Ann steals 6 points from Ben."


def test_the_dice_name_a_roller_or_a_victim_beyond_the_names_given_as_a_question_mark():
    state = GAME.new_game(2, {}, 3)
    state.thieves = [1]  # Ben rolls, but only Ann's name is given
    assert describe(state, A(Move.DICE, total=4, double=False), ["Ann"]) == "The dice show 4: ? steals 4 points from Ann."
    state.thieves = [0]  # Ann rolls against a nameless second player
    assert describe(state, A(Move.DICE, total=4, double=False), ["Ann"]) == "The dice show 4: Ann steals 4 points from ?."


def test_the_aftermath_names_a_player_beyond_the_names_given_as_a_question_mark():
    from tabletop.games.shogun.describe import aftermath
    from tabletop.games.shogun.stones import PEASANT, square_label

    state = GAME.new_game(2, {}, 3)
    state.events = [{"event": "capture", "player": 1, "place": 3, "stones": [PEASANT]}]
    assert aftermath(state, ["Ann"]) == f"? captures 1 stone from {square_label(3)}."


def test_the_samurais_turn_is_told_as_the_players_use_of_it():
    """Stones have no owner (decision 2): the log says the player uses the Samurai's ability,
    not "Ann's Samurai"."""
    state = sowing(["samurai"], pos=0, chosen=("samurai",))
    turn = [a for a in state.legal_actions() if a.kind == Move.DROP and a.get("turn")]
    assert turn and describe(state, turn[0], NAMES) == "Ann uses the Samurai's ability: the sowing turns round."


def test_a_peasant_is_a_plain_stone_in_the_log_in_lower_case():
    """"Robin puts a captured Peasant on A1" read as a name among "peasants" everywhere else."""
    from tabletop.games.shogun.describe import stone_name

    assert stone_name("peasant") == "peasant" and stone_name("scholar") == "Scholar"
