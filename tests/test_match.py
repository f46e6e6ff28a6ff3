"""Matches: undo goes back to a human's previous decision and never across revealed cards."""

from __future__ import annotations

import random

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.bots import make_bot
from tabletop.engine.game import CHANCE, GameError, digest
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.games.forest.rules import PLAY

GAME = get_game("forest")


def play_bots(match, seed=0):
    bots = {i: make_bot(GAME, s.level, seed + i) for i, s in enumerate(match.seats) if not s.is_human}
    while not match.is_over() and match.decider() in bots:
        p = match.decider()
        match.submit(bots[p].choose(match.state.view(p), match.legal_actions()))


def to_human_play(match, rng):
    """Advance (human moves at random, bots by their policy) to the human's play stage."""
    while not (match.state.stage == PLAY and match.decider() == 0):
        if match.seats[match.decider()].is_human:
            match.submit(rng.choice(match.legal_actions()))
        else:
            play_bots(match)


def test_undo_in_a_solo_game_goes_back_over_the_bots_to_the_human_decision():
    match = Match(GAME, [Seat("Ada"), Seat("Bot", "bot", "random")], {}, 3)
    rng = random.Random(3)
    to_human_play(match, rng)
    before = digest(match.state)
    length = len(match.log)
    match.submit(match.legal_actions()[0])  # play: reveals nothing
    assert match.can_undo()
    match.undo()
    assert len(match.log) == length and digest(match.state) == before
    assert match.can_redo()
    match.redo()
    assert len(match.log) == length + 1


def after_a_give(casual, seats):
    """Ada plays, gives a card (it becomes public: the receiver places it), the others answer."""
    match = Match(GAME, seats, {}, 5, casual_undo=casual)
    to_human_play(match, random.Random(5))
    match.submit(match.legal_actions()[0])  # play
    match.submit(match.legal_actions()[0])  # give
    play_bots(match)
    return match


def test_a_card_of_ones_own_shown_to_a_bot_does_not_stop_undo():
    match = after_a_give(False, [Seat("Ada"), Seat("Bot", "bot", "random")])
    given = next(i for i, a in enumerate(match.log) if a.kind == "give")
    assert match.state.pending is None and match._deciders[-1] == 1  # the bot placed the gift
    assert 0 not in match._shown[given] and 1 in match._shown[given]
    assert match.can_undo() and match.undo_seat() == 0, match.undo_blocked_by()
    match.undo()
    assert len(match.log) == given  # back to Ada's give, over the bot's placing


def test_a_card_shown_to_the_undoing_player_stops_undo_unless_casual_solo():
    def after_a_draw(casual, seats):
        match = after_a_give(casual, seats)
        while match.decider() != 0:
            match.submit(match.legal_actions()[0])  # (hotseat: Ben places the gift)
        match.submit(next(a for a in match.legal_actions() if a.kind == "draw"))  # Ada sees a card
        play_bots(match)
        return match

    strict = after_a_draw(False, [Seat("Ada"), Seat("Bot", "bot", "random")])
    assert not strict.can_undo()
    with pytest.raises(GameError, match="you were shown a hidden card .*draws"):
        strict.undo()
    casual = after_a_draw(True, [Seat("Ada"), Seat("Bot", "bot", "random")])
    assert casual.can_undo()
    hotseat = after_a_draw(True, [Seat("Ada"), Seat("Ben")])
    assert not hotseat.can_undo()  # casual undo is for solo games only


def test_a_new_action_after_undo_clears_redo():
    match = Match(GAME, [Seat("Ada"), Seat("Ben")], {}, 2)
    rng = random.Random(2)
    to_human_play(match, rng)
    legal = match.legal_actions()
    match.submit(legal[0])
    match.undo()
    match.submit(legal[-1])
    assert not match.can_redo()


def test_score_history_has_a_point_per_round_and_ends_with_the_final_scores():
    match = Match(GAME, [Seat("A", "bot", "easy"), Seat("B", "bot", "easy"), Seat("C", "bot", "random")], {}, 4)
    play_bots(match)
    history = match.score_history()
    assert history[-1] == [s.total for s in match.state.scores()]
    assert len(history) >= match.state.round()
    assert all(len(row) == 3 for row in history)


def test_seats_reject_bad_levels_and_kinds():
    with pytest.raises(GameError, match="Unknown bot level"):
        Seat("X", "bot", "godlike")
    with pytest.raises(GameError, match="'human' or 'bot'"):
        Seat("X", "alien")


def test_undo_skips_decisions_that_had_no_choice():
    """A forced answer (one legal action, e.g. "no Apple: let it pass") is not a decision to
    go back to: undo returns to the last real choice."""
    from tabletop.engine.registry import get_game as game_of

    sol = game_of("spheres-of-life")
    doc = {"game": "spheres-of-life", "players": 2, "phase": "dream", "leader": 0,
           "hands": [["fire1", "owl1"], ["rabbit1"]], "deck": ["deer1", "deer2"]}
    match = Match(sol, [Seat("Ada"), Seat("Ben")], None, 0, position=doc)
    assert len(match.legal_actions()) == 2  # Ada: play the Orb of Fire, or pass
    match.submit(Action.make("pass"))
    assert match.legal_actions() == [Action.make("pass")]  # Ben holds nothing to use
    match.submit(Action.make("pass"))
    assert match.undo_point() == 0
    match.undo()
    assert match.log == [] and len(match.legal_actions()) == 2


def test_the_score_chart_of_a_sowing_game_has_a_point_a_round():
    """The end screen's chart follows the game round by round, not a line from 0 to the end."""
    m = Match(get_game("spheres-shogun"), [Seat("Ada"), Seat("Ben")], {}, 5)
    rng = random.Random(5)
    while not m.is_over():
        if m.decider() is not None and m.decider() < 0:
            m.resolve_chance()
            continue
        m.submit(rng.choice(m.legal_actions()))
    history = m.score_history()
    assert len(history) >= min(m.state.turns) + 1 > 2
    assert history[-1] == [s.total for s in m.state.scores()]
    assert len({tuple(h) for h in history}) > 2  # the scores moved during the game


@pytest.mark.parametrize("game_id, step_name", [("forest", "Turn"), ("spheres-of-life", "Phase"),
                                                 ("spheres-shogun", "Turn"), ("three-spheres", "Turn")])
def test_the_end_chart_has_a_point_after_every_turn_or_phase(game_id, step_name):
    """The end screen's chart: a point at the start, one each time the game's turn (or phase, in
    Spheres of Life) moves on, and the final scores."""
    from tabletop.engine.registry import get_game as game_of

    game = game_of(game_id)
    m = Match(game, [Seat("Ada", "bot", "random"), Seat("Ben", "bot", "random")], {}, 11)
    steps = [m.state.chart_step()]
    rng = random.Random(11)
    while not m.is_over():
        if m.decider() is not None and m.decider() < 0:
            m.resolve_chance()
        else:
            m.submit(rng.choice(m.legal_actions()))
        if m.state.chart_step() != steps[-1]:
            steps.append(m.state.chart_step())
    history = m.score_history()
    assert type(m.state).CHART_STEP == step_name
    assert len(history) in (len(steps), len(steps) + 1)  # (+ the final scores when the last step left them out)
    assert len(steps) > m.state.round() + 1  # finer than rounds
    assert history[-1] == [s.total for s in m.state.scores()]
    if game_id == "spheres-of-life":
        assert steps[-1] == m.state.phases_done
    elif game_id != "forest":
        assert steps[-1] == sum(m.state.turns)


def test_in_the_card_game_a_card_spent_in_ones_own_turn_can_be_taken_back_but_not_the_turns_end():
    """A spend that only part-pays shows the bot the card spent, which the player knew: Undo takes
    it back. Ending the turn draws a new hand: that is final."""
    game = get_game("three-spheres")
    match = Match(game, [Seat("Ada"), Seat("Bot", "bot", "easy")], {}, 3)
    bot = make_bot(game, "easy", 0)
    match.resolve_chance()
    while match.decider() != 0:
        match.submit(bot.choose(match.state.view(1), match.legal_actions()))
        match.resolve_chance()
    spend = next(a for a in match.legal_actions() if a.kind == "spend" and 0 not in match.state.shown_to(a))
    assert 1 in match.state.shown_to(spend)  # (the bot sees a card of Ada's hand)
    before = digest(match.state)
    match.submit(spend)
    assert match.can_undo(), match.undo_blocked_by()
    match.undo()
    assert digest(match.state) == before
    end = next(a for a in match.legal_actions() if a.kind == "end")
    assert 0 in match.state.shown_to(end)
    match.submit(end)
    assert not match.can_undo() and "you were shown a hidden card" in match.undo_blocked_by()


def test_others_moved_says_where_the_others_moves_since_a_seats_own_began():
    match = Match(get_game("spheres-of-life"), [Seat("Ada"), Seat("Bot", "bot", "random")], {}, 3)
    assert match.others_moved(0) is None and match.others_moved(None) is None  # (nothing played yet)
    rng = random.Random(4)
    for _ in range(60):
        if match.is_over():
            break
        d = match.decider()
        if d == CHANCE:
            match.resolve_chance()
        else:
            match.submit(rng.choice(match.legal_actions()))
        deciders = match._deciders
        assert match.others_moved(None) == len(match.log)  # (nobody's seat: the last move)
        for seat in (0, 1):
            mine = max((i for i, x in enumerate(deciders) if x == seat), default=-1)
            later = [x for x in deciders[mine + 1:] if x != CHANCE]
            assert match.others_moved(seat) == (mine + 2 if later else None), (seat, deciders)
