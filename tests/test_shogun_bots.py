"""The shogun sowing game's bots: greedy Easy, the search bot's thief decision, legal moves on
any budget."""

from __future__ import annotations

import random

from tabletop.engine.actions import Action
from tabletop.engine.bots import make_bot
from tabletop.games.shogun.bots import SearchBot, easy_policy
from tabletop.games.shogun.rules import KEEP, ROLL

from shogun_positions import GAME, P, S, board


def test_easy_takes_the_biggest_capture_of_the_turn():
    # some sowings capture the five stones of A4, others less
    doc = {"board": board(p0=[P, P], p3=[P] * 5, p4=[], p2=[P], p6=[P], p9=[P])}
    state = GAME.from_position(doc)  # (a capture offered is the player's to take: Easy takes it)
    gains = {}
    for action in state.legal_actions():
        s = state.clone()
        s.apply(action)
        if s.step == "capture":
            s.apply(Action.make("take"))
        gains[action] = s.scores()[0].total
    best = max(gains.values())
    assert best >= 5
    assert gains[easy_policy(state, random.Random(1))] == best


def before_the_thief(margin_stores):
    """A position where the first player takes the last shogun and then holds a thief."""
    doc = board(p2=[P], p8=[P])
    doc[11] = []
    state = GAME.from_position({"board": doc, "stores": margin_stores, "turns": [9, 9], "chosen": [["thief"], []],
                                "options": {"capture": "must"}})
    state.apply(Action.make("sow", square=2, dir=1))
    assert state.step == "thief" and state.decider() == 0
    return state


def test_the_search_bot_rolls_the_thief_to_win_not_for_points():
    ahead = before_the_thief([["thief"], [S, P]])  # 2 + 15 against 16: one point ahead
    s0, s1 = (x.total for x in ahead.scores())
    assert s0 - s1 == 1
    bot = SearchBot(GAME, 1, seconds=2.0)
    # rolling gains 4.7 points on average but loses the game on a double: keep
    assert bot.choose(ahead.view(0), ahead.legal_actions()) == KEEP
    behind = before_the_thief([["thief"], [S, P, P, P, P, P, P]])  # 17 against 21
    assert bot.choose(behind.view(0), behind.legal_actions()) == ROLL


def test_every_level_plays_a_legal_move_even_with_almost_no_time():
    rng = random.Random(3)
    for rules in ("shogun", "classic"):
        state = GAME.new_game(2, {"rules": rules}, 1)
        for step in range(60):
            if state.is_terminal():
                break
            if state.decider() == -1:
                state.apply(rng.choice(state.legal_actions()))
                continue
            level = ("random", "easy", "normal", "hard")[step % 4]
            bot = make_bot(GAME, level, step, seconds=0.02) if level in ("normal", "hard") else make_bot(GAME, level, step)
            action = bot.choose(state.view(state.decider()), state.legal_actions())
            assert action in state.legal_actions()
            state.apply(action)
