"""The engine's chance nodes, on a tiny dice game built here for the purpose.

Race to 10: on their turn a player rolls a die (a chance action) and then either banks the
roll or doubles it at the risk of losing it on an odd second roll.  It has a chance node and
a decision that follows it, which is what the forest game does not exercise.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.bots import make_bot
from tabletop.engine.game import CHANCE, GameDef, Score, State, digest
from tabletop.engine.match import Match, Seat

ROLL = {n: Action.make("roll", value=n) for n in range(1, 7)}
BANK, RISK = Action.make("bank"), Action.make("risk")


class RaceState(State):
    game_id = "race"

    def __init__(self, players: int) -> None:
        self.num_players = players
        self.points = [0] * players
        self.turn = 0
        self.rolled: int | None = None
        self.risking = False

    def decider(self):
        if max(self.points) >= 10:
            return None
        return self.turn if self.rolled is not None and not self.risking else CHANCE

    def chance_outcomes(self):
        return [(ROLL[n], 1 / 6) for n in range(1, 7)]

    def legal_actions(self):
        d = self.decider()
        if d is None:
            return []
        return list(ROLL.values()) if d == CHANCE else [BANK, RISK]

    def apply_unchecked(self, action: Action) -> None:
        if action.kind == "roll":
            if self.risking:
                if action["value"] % 2 == 0:
                    self.points[self.turn] += 2 * self.rolled
                self._end_turn()
            else:
                self.rolled = action["value"]
        elif action.kind == "bank":
            self.points[self.turn] += self.rolled
            self._end_turn()
        else:
            self.risking = True

    def _end_turn(self):
        self.rolled, self.risking = None, False
        self.turn = (self.turn + 1) % self.num_players

    def scores(self):
        return [Score(p, (("Points", p),)) for p in self.points]

    def view(self, seat):
        return {"points": list(self.points), "turn": self.turn, "rolled": self.rolled, "risking": self.risking,
                "players": self.num_players}

    def to_json(self):
        return self.view(None)


class RaceGame(GameDef):
    def create(self, players: int, options: dict[str, Any], seed: int) -> State:
        return RaceState(players)

    def determinize(self, view, rng):
        s = RaceState(view["players"])
        s.points, s.turn, s.rolled, s.risking = list(view["points"]), view["turn"], view["rolled"], view["risking"]
        return s

    def from_position(self, doc):
        return self.determinize(doc, random.Random())

    def to_position(self, state):
        return state.view(None)


GAME = RaceGame(id="race", name="Race to 10", min_players=2, max_players=3)


def bot_match(seed: int) -> Match:
    match = Match(GAME, [Seat("A", "bot", "random"), Seat("B", "bot", "hard")], {}, seed)
    bots = [make_bot(GAME, "random", 1), make_bot(GAME, "hard", 2, iterations=50)]
    while not match.is_over():
        match.resolve_chance()
        if match.is_over():
            break
        p = match.decider()
        match.submit(bots[p].choose(match.state.view(p), match.legal_actions()))
    return match


def test_chance_outcomes_come_from_the_seed_and_are_logged():
    a, b = bot_match(5), bot_match(5)
    assert [x for x in a.log] == [x for x in b.log]
    assert any(x.kind == "roll" for x in a.log)
    assert digest(Match.replay(GAME, a.seats, {}, 5, a.log).state) == digest(a.state)
    rolls = {tuple(x for x in bot_match(s).log if x.kind == "roll") for s in range(6)}
    assert len(rolls) > 1  # different seeds, different dice


def test_a_roll_of_the_dice_is_final_for_undo_but_a_decision_before_any_roll_is_not():
    """A chance outcome shows everybody what nobody knew (undo would let a player see the die and
    choose again, and the same step rolls the same): undo never goes back over one, except with
    casual undo in a solo game; a decision with no roll since can be taken back."""
    match = Match(GAME, [Seat("A"), Seat("B")], {}, 3)
    match.resolve_chance()
    before = digest(match.state)
    match.submit(RISK)
    assert match.undo_point() == 1  # (nothing rolled since the decision)
    match.undo()
    assert digest(match.state) == before
    match.submit(BANK)
    match.resolve_chance()
    assert match.undo_point() is None and match.undo_blocked_by().startswith("Undo is not possible: you were shown")
    casual = Match(GAME, [Seat("A"), Seat("B", "bot", "random")], {}, 3, casual_undo=True)
    casual.resolve_chance()
    casual.submit(BANK)
    casual.resolve_chance()
    assert casual.undo_point() == 1
    casual.undo()
    assert digest(casual.state) == before


def test_search_bots_handle_chance_nodes():
    bot = make_bot(GAME, "hard", 0, iterations=200)
    state = RaceState(2)
    state.points = [8, 8]
    state.rolled = 1
    # banking 1 cannot win now; risking wins on an even roll: the search must see that
    assert bot.choose(state.view(0), state.legal_actions()) == RISK
