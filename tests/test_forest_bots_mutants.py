"""Once Upon a Forest's bots (``forest/bots.py``): the Easy bot's clearly best choices at each step,
the value it gives a forest, the cheap playout policy when it follows its rule of thumb, and the
worlds a search bot samples from a view (issue 28, point 9: each test is what a surviving
mutant broke)."""

from __future__ import annotations

import random

from test_forest_rules import position, tree

from tabletop.games.forest.bots import determinize, easy_policy, forest_value, rollout_policy
from tabletop.games.forest.cards import card
from tabletop.games.forest.rules import (
    DRAW,
    GIVE,
    PLACE,
    compost_action,
    draw_action,
    forest_score,
    give_action,
    place_action,
    play_action,
)

SEEDS = range(12)


def easy_choices(state) -> set:
    """What the Easy bot chooses for the decider, over a few random generators (ties are broken at random)."""
    return {easy_policy(state.clone(), random.Random(seed)) for seed in SEEDS}


class Fixed(random.Random):
    """A generator whose ``random()`` is always ``VALUE``; its choices stay random (they come from
    ``getrandbits``, kept as it is: a subclass overriding ``random()`` alone would choose by it)."""

    VALUE = 0.0

    def random(self) -> float:
        return self.VALUE

    def getrandbits(self, k: int) -> int:
        return super().getrandbits(k)


class RuleOfThumb(Fixed):
    """The playout policy always follows its rule of thumb (it explores when ``random()`` is
    above a threshold)."""


class Explore(Fixed):
    VALUE = 0.99


def rollout_choices(state) -> set:
    return {rollout_policy(state.clone(), RuleOfThumb(seed)) for seed in SEEDS}


# --- the value of a forest --------------------------------------------------------------------------
def test_a_forest_of_complete_trees_is_worth_its_score():
    for forest in ([tree("G13", "F14", "S14", "C14")], [tree("G13", "F01", "S14", "C14"), tree("G02", "F02", "S02", "C02")]):
        for penalty in (1, 2):
            assert forest_value(forest, penalty) == forest_score(forest, penalty).total
    assert forest_value([]) == 0


def test_the_open_tree_counts_as_progress_each_row_more_but_less_than_complete():
    """The open tree's -1 is not held against it and each row filled adds to it, but a tree is
    worth most once complete."""
    rows = ["G13", "F14", "S14", "C14"]
    values = [forest_value([tree(*rows[:n])]) for n in range(1, 5)]
    assert values == sorted(values) and len(set(values)) == 4
    assert values[0] > forest_score([tree("G13")]).total


def test_a_chainsaw_on_top_of_the_open_tree_lowers_its_value_by_the_penalty():
    plain, saw = [tree("G13", "F14")], [tree("G13", "F13")]
    assert forest_value(saw) < forest_value(plain)
    assert forest_value(saw, 2) < forest_value(saw, 1) == forest_value(saw)  # (the rule text's 1 by default)
    assert forest_value(plain, 2) == forest_value(plain, 1)
    covered = [tree("G13", "F13", "F14")]  # (a covered chainsaw does not count)
    assert forest_value(covered) == forest_value(plain)


# --- the Easy bot at each step ------------------------------------------------------------------------
def test_the_easy_bot_completes_its_tree_with_the_card_without_a_chainsaw():
    forests = [[tree("G13", "F14", "S14")], [tree("G14")]]
    state = position(forests=forests, hands=[["C13", "C14", "G02"], ["F02"]], piles=[["F03"], [], [], [], []])
    assert len(state.legal_actions()) == 3
    assert easy_choices(state) == {play_action("C14", 0)}


def test_the_easy_bot_places_a_gift_where_it_completes_a_tree():
    forests = [[tree("G13")], [tree("G14", "F14", "S14", "C14"), tree("G15", "F15", "S15")]]
    state = position(forests=forests, hands=[["F02"], ["G02"]], stage=PLACE, pending={"card": "C15", "to": 1})
    assert set(state.legal_actions()) == {place_action(0), place_action(1)}
    assert easy_choices(state) == {place_action(1)}


def test_the_easy_bot_gives_the_card_that_helps_the_receiver_least():
    """Competitive: the Canopy would complete the other player's tree; the Ground card only covers."""
    forests = [[tree("G13")], [tree("G14", "F14", "S14")]]
    state = position(forests=forests, hands=[["C15", "G02"], ["F02"]], stage=GIVE)
    assert easy_choices(state) == {give_action("G02", 1)}


def test_the_semi_cooperative_easy_bot_helps_a_forest_short_of_the_goal_and_hinders_the_others():
    short = [tree("G14", "F14", "S14")]
    state = position(forests=[[tree("G13")], short], hands=[["C15", "G02"], ["F02"]], stage=GIVE,
                     options={"variant": "semi-cooperative"})
    assert easy_choices(state) == {give_action("C15", 1)}
    just_short = [tree("G14", "F14", "S14", "C14"), tree("G15", "F15", "S15")]
    assert 4 < forest_value(just_short) < 6  # (under the goal of two players, 6)
    state = position(forests=[[tree("G13")], just_short], hands=[["C15", "G16"], ["F02"]], stage=GIVE,
                     options={"variant": "semi-cooperative"})
    assert easy_choices(state) == {give_action("C15", 1)}
    well_ahead = [tree("G14", "F14", "S14", "C14"), tree("G02", "F15", "S15", "C16"),
                  tree("G03", "F16", "S16", "C02"), tree("G04", "F03", "S03")]
    assert forest_value(well_ahead) > 6 + 2  # (the goal of two players, 6, with more than 2 to spare)
    state = position(forests=[[tree("G13")], well_ahead], hands=[["C15", "G05"], ["F02"]], stage=GIVE,
                     options={"variant": "semi-cooperative"})
    assert easy_choices(state) == {give_action("G05", 1)}


def test_alone_the_easy_bot_composts_the_card_its_open_tree_does_not_need():
    state = position(players=1, forests=[[tree("G13", "F14", "S14")]], hands=[["C15", "G02"]], stage=GIVE,
                     piles=[["F03"], [], [], [], []])
    assert easy_choices(state) == {compost_action("G02")}


def test_alone_the_easy_bot_keeps_a_card_of_a_level_that_has_run_out():
    """Two plain cards, equally good in the forest (its last tree is complete: every level is
    needed for the next): the one whose level no pile holds any more is kept."""
    plain = {0: ("G15", "G16"), 1: ("F15", "F16"), 2: ("S15", "S16"), 3: ("C15", "C16")}
    for scarce in range(4):
        plenty = (scarce + 1) % 4
        kept, composted, coming = plain[scarce][0], plain[plenty][0], plain[plenty][1]
        state = position(players=1, forests=[[tree("G13", "F14", "S14", "C14")]], hands=[[kept, composted]],
                         stage=GIVE, piles=[[coming], [], [], [], []])
        assert easy_choices(state) == {compost_action(composted)}, scarce


def test_the_easy_bot_draws_a_level_its_open_tree_needs_and_its_hand_lacks():
    piles = [["G03"], ["F03"], ["S03"], [], ["C03"]]
    state = position(forests=[[tree("G13")], [tree("G14")]], hands=[["G02", "F02"], ["F04"]], piles=piles, stage=DRAW)
    assert easy_choices(state) == {draw_action(2), draw_action(4)}
    # a complete last tree: the next one needs every level, and the hand has Ground and 1st level
    done = position(forests=[[tree("G13", "F14", "S14", "C14")], [tree("G14")]], hands=[["G02", "F02"], ["F04"]],
                    piles=piles, stage=DRAW)
    assert easy_choices(done) == {draw_action(2), draw_action(4)}
    canopy_only = position(forests=[[tree("G13", "F14", "S14", "C14")], [tree("G14")]], hands=[["C02"], ["F04"]],
                           piles=[["G03"], ["F03"], ["S03"], ["C03"], []], stage=DRAW)
    assert easy_choices(canopy_only) == {draw_action(0), draw_action(1), draw_action(2)}


def test_with_one_legal_move_the_easy_bot_takes_it():
    state = position(forests=[[tree("G13")], [tree("G14")]], hands=[["F02"], ["G02"]], stage=PLACE,
                     pending={"card": "C15", "to": 1})
    assert state.legal_actions() == [place_action(0)]
    assert easy_choices(state) == {place_action(0)}


def test_the_easy_bot_gives_to_the_player_it_helps_least():
    """Three players: the plain trunk covers a trunk in the second player's forest (nothing gained)
    but fills a row of the third player's open tree."""
    forests = [[tree("G13")], [tree("G14", "F14", "S14", "C14"), tree("G16", "F15")], [tree("G15")]]
    state = position(players=3, forests=forests, hands=[["F16"], ["F02"], ["F03"]], stage=GIVE)
    assert easy_choices(state) == {give_action("F16", 1)}


# --- the playout policy -------------------------------------------------------------------------------
def test_the_playout_fills_the_open_tree_and_avoids_a_chainsaw():
    forests = [[tree("G13", "F14", "S14")], [tree("G14")]]
    state = position(forests=forests, hands=[["C13", "C14", "G02"], ["F02"]], piles=[["F03"], [], [], [], []])
    assert rollout_choices(state) == {play_action("C14", 0)}


def test_the_playout_covers_a_chainsaw_with_a_card_its_open_tree_has_no_room_for():
    forests = [[tree("G13", "F14", "S14", "C14"), tree("G16", "F13", "S15", "C15"), tree("G15", "F15")], [tree("G14")]]
    state = position(forests=forests, hands=[["F16"], ["F02"]], piles=[["F03"], [], [], [], []])
    assert set(state.legal_actions()) == {play_action("F16", 0), play_action("F16", 1), play_action("F16", 2)}
    assert rollout_choices(state) == {play_action("F16", 1)}


def test_the_playout_completes_its_open_tree_before_it_covers_a_chainsaw():
    """Completing the tree is worth 4 points (its -1 becomes +3), covering a chainsaw 1; the trunk
    can cover the chainsaw later."""
    forests = [[tree("G16", "F13", "S15", "C15"), tree("G13", "F14", "S14")], [tree("G14")]]
    state = position(forests=forests, hands=[["C14", "F16"], ["F02"]], piles=[["F03"], [], [], [], []])
    assert rollout_choices(state) == {play_action("C14", 1)}


def test_with_its_last_card_the_playout_may_cover_a_chainsaw_rather_than_start_a_tree():
    """The last card of the game: covering the chainsaw gains a point, a new tree of one card
    loses one (an incomplete tree)."""
    forests = [[tree("G16", "F13", "S15", "C15")], [tree("G14")]]
    state = position(forests=forests, hands=[["F16"], []])
    assert set(state.legal_actions()) == {play_action("F16", 0), play_action("F16", 1)}
    assert play_action("F16", 0) in rollout_choices(state)


def test_the_playout_starts_a_new_tree_with_a_card_without_a_chainsaw():
    forests = [[tree("G13", "F14", "S14", "C14")], [tree("G14")]]
    state = position(forests=forests, hands=[["C13", "S15"], ["F02"]], piles=[["F03"], [], [], [], []])
    assert rollout_choices(state) == {play_action("S15", 1)}


def test_with_nothing_useful_to_do_the_playout_plays_any_legal_move():
    """Every card would only cover a card of the open tree (no chainsaw anywhere)."""
    forests = [[tree("G13", "F14")], [tree("G14")]]
    state = position(forests=forests, hands=[["G02", "F15"], ["F02"]], piles=[["F03"], [], [], [], []])
    assert rollout_choices(state) == set(state.legal_actions())


def test_the_playout_places_a_gift_in_the_open_tree_s_empty_row():
    forests = [[tree("G13")], [tree("G14", "F14", "S14", "C14"), tree("G15", "F15")]]
    state = position(forests=forests, hands=[["F02"], ["G02"]], stage=PLACE, pending={"card": "S15", "to": 1})
    assert rollout_choices(state) == {place_action(1)}


def test_the_playout_gives_a_chainsaw_card_away():
    state = position(forests=[[tree("G13")], [tree("G14")]], hands=[["C13", "G02"], ["F02"]], stage=GIVE)
    assert rollout_choices(state) == {give_action("C13", 1)}
    no_saw = position(forests=[[tree("G13")], [tree("G14")]], hands=[["C14", "G02"], ["F02"]], stage=GIVE)
    assert rollout_choices(no_saw) == set(no_saw.legal_actions())


def test_the_semi_cooperative_playout_gives_any_card_half_the_time():
    """(Its rule of thumb, a chainsaw card, is skipped when ``random()`` is below one half: here always.)"""
    state = position(forests=[[tree("G13")], [tree("G14")]], hands=[["C13", "G02"], ["F02"]], stage=GIVE,
                     options={"variant": "semi-cooperative"})
    assert rollout_choices(state) == set(state.legal_actions())


def test_the_playout_draws_a_level_its_open_tree_needs():
    piles = [["G03"], ["F03"], ["S03"], [], ["C03"]]
    state = position(forests=[[tree("G13")], [tree("G14")]], hands=[["G02", "F02"], ["F04"]], piles=piles, stage=DRAW)
    assert rollout_choices(state) == {draw_action(2), draw_action(4)}


def test_when_the_playout_explores_it_may_take_any_legal_move():
    forests = [[tree("G13", "F14", "S14")], [tree("G14")]]
    state = position(forests=forests, hands=[["C13", "C14", "G02"], ["F02"]], piles=[["F03"], [], [], [], []])
    chosen = {rollout_policy(state.clone(), Explore(seed)) for seed in range(40)}
    assert chosen == set(state.legal_actions())


# --- the worlds a search bot samples ------------------------------------------------------------------
def test_a_sampled_world_is_one_the_view_allows():
    """Whatever the seat (a player or a spectator), the world sampled from its view looks the same
    from that seat, holds every card once, and puts each hidden card where its back's level is shown."""
    from tabletop.engine.registry import get_game

    game = get_game("forest")
    for players in (1, 2, 3, 4):
        state = game.new_game(players, {}, players)
        rng = random.Random(players)
        for _ in range(25 * players):
            state.apply(rng.choice(state.legal_actions()))
        for seat in [*range(players), None]:
            view = state.view(seat)
            for s in range(3):
                world = determinize(view, random.Random(s))
                assert world.view(seat) == view and world.consistency_problems() == []
                assert [[card(c).level for c in h] for h in world.hands] == [[card(c).level for c in h] for h in state.hands]
                if seat is not None:
                    assert world.hands[seat] == state.hands[seat]


def test_the_playout_has_no_move_in_a_finished_game():
    import pytest

    over = position(forests=[[tree("G13")], [tree("G14")]], stage="over")
    assert over.stage == "over"
    with pytest.raises(ValueError, match="no move in a finished game"):
        rollout_policy(over, random.Random(1))
