"""The shogun game's bots (``shogun/bots.py``): behaviour no other test checked (issue 28,
point 9: each test is what a surviving mutant broke)."""

from __future__ import annotations

import random

from tabletop.engine.actions import Action
from tabletop.engine.bots import make_bot
from tabletop.engine.game import CHANCE
from tabletop.games.shogun.bots import SearchBot, _turn_gain, easy_policy, evaluate, settled, setup_choice
from tabletop.games.shogun.rules import KEEP, ROLL
from tabletop.games.shogun.stones import CODE, PEASANT, squares

from shogun_positions import GAME, P, S, board, position
from test_shogun_bots import before_the_thief

INF = float("inf")


def midgame(rules, seed, steps):
    """A game of ``rules`` after ``steps`` random decisions (seeded: always the same position)."""
    state = GAME.new_game(2, {"rules": rules}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_terminal() and state.decider() not in (None, CHANCE) and len(state.legal_actions()) >= 3
    return state


# positions with a choice of three or more, whose values change with the depth searched
POSITIONS = [("shogun", 22), ("shogun", 42), ("shogun", 52), ("shogun", 57), ("shogun", 67),
             ("classic", 2), ("classic", 3), ("classic", 11)]


def expectimax(state, depth, me):
    """The value the search stands for, without its pruning or its table: each player's best,
    the dice's average, a position ``depth`` choices ahead judged by ``evaluate`` once settled."""
    d = state.decider()
    if d is None:
        return evaluate(state, me)
    if depth <= 0:
        return evaluate(settled(state), me)
    values = []
    for action, prob in state.chance_outcomes() if d == CHANCE else [(a, None) for a in state.legal_actions()]:
        child = state.clone()
        child.apply_unchecked(action)
        values.append((prob, expectimax(child, depth if d == CHANCE else depth - 1, me)))
    if d == CHANCE:
        return sum(p * v for p, v in values)
    return (max if d == me else min)(v for _, v in values)


def unhurried(seed=1, **kw):
    bot = SearchBot(GAME, seed, seconds=1e9, **kw)
    bot.deadline = INF  # (search() sets it; _value alone needs one)
    return bot


def test_the_search_finds_the_expectimax_value_exactly_within_its_window_and_a_bound_outside():
    """Alpha-beta with its transposition table changes how much is searched, not the answer: the
    value is the expectimax value when it lies inside the window, else a bound on the right side
    of the window (fail-soft) -- for several windows in turn on one table."""
    for rules, steps in POSITIONS:
        state = midgame(rules, steps, steps)
        me = state.decider()
        for depth in (1, 2, 3):
            exact = expectimax(state, depth, me)
            bot = unhurried()
            for lo, hi in ((exact + 1, exact + 10), (exact - 10, exact - 1), (exact - 0.5, exact + 0.5), (-INF, INF)):
                value = bot._value(state, depth, lo, hi, me)[0]
                where = (rules, steps, depth, lo, hi, value, exact)
                if exact <= lo:
                    assert exact - 1e-9 <= value <= lo + 1e-9, where
                elif exact >= hi:
                    assert hi - 1e-9 <= value <= exact + 1e-9, where
                else:
                    assert abs(value - exact) < 1e-9, where


def test_a_position_is_judged_by_the_points_a_share_of_each_sides_stones_and_who_is_in_prison():
    """evaluate: the points difference, plus 0.3 of the stones' worth on one's own side less the
    other's (a shogun is not counted: he never leaves his rectangle), plus 3 for an opponent in
    prison (3 less for oneself) -- the same judgement from either seat, turned round."""
    state = position(board=board(p0=[P, P], p7=[P, "scholar"], p11=["shogun", "hime"]),
                     stores=[[P] * 4, [P]], chosen=[[], ["scholar"]], imprisoned=[False, True])
    margin = 4 - 1
    side = 2 - (1 + 2 + 15)  # two peasants on A1; a peasant and a Scholar on B2, a Hime beside the west shogun
    assert evaluate(state, 0) == margin + 0.3 * side + 3
    assert evaluate(state, 1) == -evaluate(state, 0)


def test_a_finished_game_is_a_win_or_a_loss_above_any_margin_and_a_draw_is_worth_nothing():
    def over(stores):
        state = position(board=board(p0=[P], p5=[], p11=[]), stores=stores)
        state.step = "over"  # (the game is over: the points are all in the stores)
        return state

    ahead = over([["shogun", P, P], ["shogun"]])
    assert evaluate(ahead, 0) == 1000 + 2 and evaluate(ahead, 1) == -1000 - 2
    level = over([["shogun", P], ["shogun", P]])
    assert evaluate(level, 0) == evaluate(level, 1) == 0
    close = over([["shogun", P], ["shogun"]])  # one point is a win all the same
    assert evaluate(close, 0) == 1001 and evaluate(close, 1) == -1001


def test_a_sowing_under_way_is_settled_plainly_and_a_capture_offered_is_taken():
    # the first player's Scholar could jump, but a settled sowing drops each stone on the next place:
    # the peasant on A2, the Scholar on A3, then the peasant of A4 picked up and dropped on A5
    mid = position(board=board(p3=[P], p8=[P]), step="drop", hand=["scholar", P], pos=0, direction=1,
                   chosen=[["scholar"], []])
    assert Action.make("drop", stone="scholar", to=2) in mid.legal_actions()
    done = settled(mid)
    assert mid.step == "drop" and mid.hand == [0, 2]  # the position judged is left as it was
    assert done.step == "turn" and done.turn_player == 1 and done.hand == []
    assert done.board == position(board=board(p1=[P], p2=["scholar"], p4=[P], p8=[P])).board
    offer = position(board=board(p0=[P, P], p4=[P, P, P], p7=[P]), options={"capture": "may"})
    offer.apply_unchecked(Action.make("sow", square=0, dir=1))
    assert offer.step == "capture"
    taken = settled(offer)
    assert taken.step == "turn" and taken.board[4] == [] and taken.stores[0] == [0, 0, 0]
    start = position(board=board(p0=[P]))
    assert settled(start) is start  # a turn not begun needs nothing settled


def test_with_time_enough_the_search_goes_exactly_as_deep_as_its_limit_and_chooses_a_best_move():
    """Iterative deepening runs depth 1, 2, ... up to ``max_depth`` when the clock allows (and the
    outcome is not settled), and the move it returns is one of the best at that depth.  (100
    seconds: these searches take a fraction of one, far from the 40 after which a next, longer
    iteration is not begun.)"""
    for rules, steps in POSITIONS[:6]:
        state = midgame(rules, steps, steps)
        me, legal = state.decider(), state.legal_actions()
        for limit in (1, 2, 3):
            bot = SearchBot(GAME, 1, seconds=100, max_depth=limit)
            choice = bot.search(state, legal)
            assert bot.depth_reached == limit, (rules, steps, limit)
            values = {}
            for action in legal:
                child = state.clone()
                child.apply_unchecked(action)
                values[action] = expectimax(child, limit - 1, me)
            assert abs(values[choice] - max(values.values())) < 1e-9, (rules, steps, limit)


def test_easy_weighs_the_points_the_turn_gives_the_opponent_too():
    """Easy's gain is the margin: taking the last shogun ends the game and the stones left on
    the opponent's side go to them, so here it captures eight stones instead -- the better of
    its only two moves (the second of them), whether the capture is compulsory or offered."""
    places = board(p4=[P] * 5, p6=[P] * 8, p7=[P] * 3, p8=[P] * 8, p9=[P] * 8)
    places[5] = []  # the east shogun is the first player's already
    for capture in ("must", "may"):
        state = position(board=places, stores=[[S], []], options={"capture": capture})
        ending, capturing = state.legal_actions()
        assert (ending, capturing) == (Action.make("sow", square=4, dir=1), Action.make("sow", square=4, dir=-1))
        ends = state.clone()
        ends.apply_unchecked(ending)
        settled_end = settled(ends)
        assert settled_end.step == "over" and [s.total for s in settled_end.scores()] == [31, 31]
        for seed in range(6):
            assert easy_policy(state, random.Random(seed)) == capturing, (capture, seed)


def test_the_levels_normal_looks_three_choices_ahead_and_hard_as_deep_as_its_time_allows():
    normal, hard = make_bot(GAME, "normal", 1), make_bot(GAME, "hard", 1)
    assert isinstance(normal, SearchBot) and isinstance(hard, SearchBot)
    assert normal.max_depth == 3 and normal.seconds <= 0.8
    assert hard.max_depth > 12 and hard.seconds <= 1.5  # (its clock, not a depth, ends its search)


def test_a_forced_move_is_answered_without_a_search():
    state = position(board=board(p0=[P]), step="drop", hand=[P], pos=3, direction=1)
    bot = SearchBot(GAME, 1)
    legal = [Action.make("drop", stone=P, to=4)]
    assert bot.choose(state.view(0), legal) == legal[0]
    assert bot.nodes == 0 and bot.depth_reached == 0


def test_a_stop_asked_for_is_noticed_at_the_next_look_after_256_positions():
    """The clock and the stop are read only every 256th position (each read costs): a stop
    asked at once lets the search see 256 positions, then it answers with a legal move; left
    alone, the same search goes on past them to its depth."""
    state = midgame("classic", 3, 3)
    legal = state.legal_actions()
    seen = []
    bot = SearchBot(GAME, 1, seconds=1e9, max_depth=12, should_stop=lambda: True)
    value = bot._value
    bot._value = lambda *args: seen.append(1) or value(*args)
    assert bot.search(state, legal) in legal
    assert len(seen) == 256
    free = SearchBot(GAME, 1, seconds=1e9, max_depth=5)
    free.search(state, legal)
    assert free.nodes > 256 and free.depth_reached == 5


def test_the_search_bots_set_up_takes_the_order_of_abilities_one_stone_to_a_square():
    """setup_choice: the first kinds of SETUP_ORDER (the Ghost, the Monk, the Scholar, the Samurai,
    the Geisha), each on a square with the fewest special stones -- so the five go on five
    different squares -- and with hime=always the Hime last, beside one of them."""
    for seed in range(4):
        state = GAME.new_game(2, {"hime": "always"}, seed)
        rng = random.Random(seed)
        placed = []
        while state.step == "setup" and state.decider() == 0:
            action = setup_choice(state, rng)
            assert action in state.legal_actions()
            placed.append(action["stone"])
            state.apply(action)
        assert placed == ["ghost", "monk", "scholar", "samurai", "geisha", "hime"]
        specials = sorted(sum(1 for k in state.board[sq] if k != PEASANT) for sq in squares(0))
        assert specials == [1, 1, 1, 1, 2]
        assert all(state.board[sq].count(PEASANT) == 4 for sq in squares(0))  # (each beside its square's peasants)
        assert CODE["hime"] in state.chosen[0]


def test_the_search_stops_deepening_once_its_choice_has_held_for_three_deeper_looks_from_depth_6():
    """With time enough, the iterations go on until, at depth 6 or more, the best move has been the
    same for three iterations in a row (the greedy choice counting as the one before the first).
    The best move of each iteration is that of a search limited to that depth (the same seed
    searches the same way up to there)."""
    for rules, steps in (("shogun", 42), ("classic", 3)):
        state = midgame(rules, steps, steps)
        legal = state.legal_actions()
        bot = SearchBot(GAME, 1, seconds=1e9, max_depth=12)
        bot.search(state, legal)
        previous, held, expected = easy_policy(state, random.Random(1)), 0, None
        for depth in range(1, 13):
            best = SearchBot(GAME, 1, seconds=1e9, max_depth=depth).search(state, legal)
            held = held + 1 if best == previous else 0
            previous = best
            if depth >= 6 and held >= 3:
                expected = depth
                break
        assert bot.depth_reached == expected, (rules, steps)
    # (the two positions: the choice changes at depth 3 and holds from there, stopping at 6;
    # it changes at depth 1 and 4, so it holds for three looks only at 7)


def test_easy_plays_a_forced_move_and_rolls_for_a_thief_because_it_pays_on_average():

    forced = position(board=board(p0=[P, P]), step="drop", hand=["scholar"], pos=0, direction=1)
    assert forced.legal_actions() == [Action.make("drop", stone="scholar", to=1)]  # (not chosen: no jump)
    assert easy_policy(forced, random.Random(1)) == forced.legal_actions()[0]
    thief = before_the_thief([["thief"], [S, P]])
    assert thief.legal_actions() == [ROLL, KEEP]
    assert all(easy_policy(thief, random.Random(seed)) == ROLL for seed in range(4))


def test_the_search_stops_deepening_when_the_outcome_is_all_but_settled_and_not_before():
    """A value of half a win or more (a win three times as likely as a loss) ends the deepening:
    behind by 7 with a thief to roll, the dice win often enough (about 558) and the search stops
    at depth 2, where it first averages them; behind by 9 (about 445) it goes on to its limit.
    Rolling is the only way not to lose, and it rolls."""
    for behind, stones, depth in ((7, 9, 2), (9, 11, 4)):
        state = before_the_thief([["thief"], [S] + [P] * stones])
        s0, s1 = (x.total for x in state.scores())
        assert s1 - s0 == behind
        rolled = state.clone()
        rolled.apply_unchecked(ROLL)
        assert (expectimax(rolled, 3, 0) >= 500) == (behind == 7)
        bot = SearchBot(GAME, 1, seconds=1e9, max_depth=4)
        assert bot.search(state, state.legal_actions()) == ROLL
        assert bot.depth_reached == depth, behind


def test_the_table_answers_for_a_position_searched_as_deep_before_a_bound_only_when_it_settles_the_window():
    """A transposition-table entry (depth, value, kind) for the position itself: an exact value from
    a search as deep or deeper is the answer at once; a lower bound only when it is at or above
    the window's top, an upper bound only when it is at or below its bottom; anything else is
    searched again.  (Each entry planted here is false, so an answer taken from it shows.)"""
    state = midgame("shogun", 42, 42)
    me, depth = state.decider(), 2
    exact = expectimax(state, depth, me)
    lo, hi = exact - 5, exact + 5
    key = state.key()

    def answer(entry):
        bot = unhurried()
        bot.table[key] = entry
        return bot._value(state, depth, lo, hi, me)[0]

    assert answer((depth, exact + 100, 0, None)) == exact + 100  # exact, as deep
    assert answer((depth + 1, exact - 100, 0, None)) == exact - 100  # exact, deeper
    assert abs(answer((depth - 1, exact + 100, 0, None)) - exact) < 1e-9  # too shallow: searched
    assert answer((depth, hi, 1, None)) == hi  # at least the top: settled high
    assert answer((depth, hi + 50, 1, None)) == hi + 50
    assert abs(answer((depth, lo + 1, 1, None)) - exact) < 1e-9  # at least something inside: searched
    assert answer((depth, lo, -1, None)) == lo  # at most the bottom: settled low
    assert answer((depth, lo - 50, -1, None)) == lo - 50
    assert abs(answer((depth, hi - 1, -1, None)) - exact) < 1e-9  # at most something inside: searched


def test_the_table_records_a_value_inside_the_window_as_exact_and_one_outside_as_a_bound():
    """... one at the window's edge too: the search there stopped at the edge, so the value is
    only known to be at most the bottom (or at least the top)."""
    state = midgame("shogun", 42, 42)
    me, depth = state.decider(), 2
    exact = expectimax(state, depth, me)
    for lo, hi, kind in ((exact - 5, exact + 5, 0), (exact + 1, exact + 10, -1), (exact - 10, exact - 1, 1),
                         (exact, exact + 10, -1), (exact - 10, exact, 1)):
        bot = unhurried()
        value = bot._value(state, depth, lo, hi, me)[0]
        stored_depth, stored, flag, _ = bot.table[state.key()]
        assert (stored_depth, stored) == (depth, value)
        assert (flag > 0) - (flag < 0) == kind, (lo, hi, flag)


def test_easy_explores_the_sowing_choices_while_its_budget_lasts_then_takes_them_first_come():
    """_turn_gain: with one look left the Scholar is dropped first-come (plainly on A2: nothing to
    take); with two, both drops are looked at and the jump to A3, which takes the three stones of
    A5, is found."""
    state = position(board=board(p0=["scholar"], p4=[P, P, P], p8=[P]), chosen=[["scholar"], []])
    sow = Action.make("sow", square=0, dir=1)
    s = state.clone()
    s.apply_unchecked(sow)
    assert [a["to"] for a in s.legal_actions()] == [1, 2]  # first-come: the plain drop
    assert _turn_gain(state, sow, 0, [1]) == 0
    assert _turn_gain(state, sow, 0, [2]) == 3
    assert _turn_gain(state, sow, 0, [400]) == 3
