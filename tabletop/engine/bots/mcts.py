"""Information-set Monte Carlo tree search (single observer, Cowling et al. 2012).

Each iteration samples a full state from the bot's view with the game's ``determinize``,
walks down one shared tree of the bot's information set choosing by UCB among the actions
available in that sample (or among the moves the game says are worth searching), adds a
node, plays the rest of the game with the game's rollout policy, and backs up each player's
reward.  The tree is keyed by actions, so knowledge the
view does not contain never enters the search.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

from ..actions import Action
from ..game import CHANCE, GameDef, State
from .base import Bot


class Node:
    __slots__ = ("children", "visits", "available", "reward", "wins")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # summed reward of the player who chose this node's action
        self.wins = 0.0  # ... and their summed share of the win (a cut playout: the game's estimate)


def win_shares(state: State) -> list[float]:
    """Each player's share of the win of a finished game (1, or 1/n on an n-way tie; 0)."""
    winners = state.winners()
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(state.num_players)]


def rewards(state: State) -> list[float]:
    """1 for a win (shared on ties), plus a small term for the score margin."""
    totals = [s.total for s in state.scores()]
    winners = state.winners()
    out = []
    for p, t in enumerate(totals):
        others = max((x for q, x in enumerate(totals) if q != p), default=t)
        margin = max(-10.0, min(10.0, t - others)) / 10.0
        out.append((1.0 / len(winners) if p in winners else 0.0) + 0.15 * margin)
    return out


def _best_first(stats: dict[Action, Node], legal: list[Action]) -> list[Action]:
    """The legal actions the search tried, the most visited first (then the best rewarded; a tie
    keeps the search's order)."""
    legal_set = set(legal)
    return sorted((a for a in stats if a in legal_set), key=lambda a: (stats[a].visits, stats[a].reward), reverse=True)


def _figures(node: Node) -> dict[str, float]:
    """A move's figures, as a hint and a review say them: its estimated chance to win and its playouts."""
    return {"chance": node.wins / node.visits, "playouts": node.visits}


class MctsBot(Bot):
    def __init__(
        self,
        game: GameDef,
        seed: int = 0,
        level: str = "hard",
        seconds: float = 2.5,
        iterations: int = 1000,
        exploration: float = 0.7,
        should_stop: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(game, seed)
        self.level = level
        self.seconds = seconds
        self.iterations = iterations
        self.exploration = exploration
        self.should_stop = should_stop or (lambda: False)
        self.last_iterations = 0

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        ranked = _best_first(self.search(view), legal)
        return ranked[0] if ranked else self.rng.choice(legal)

    def rank(self, view: dict[str, Any], legal: list[Action]) -> list[tuple[Action, dict[str, float]]]:
        """The legal actions the search tried, best first (the one :meth:`choose` plays), each with
        the search's figures: ``chance`` (its estimated chance to win: finished playouts by who won,
        cut ones by the game's estimate) and ``playouts``."""
        stats = self.search(view)
        return [(a, _figures(stats[a])) for a in _best_first(stats, legal) if stats[a].visits]

    def weigh(self, view: dict[str, Any], moves: list[Action]) -> dict[Action, dict[str, float]]:
        """The search's figures for ``moves`` alone, its playouts shared among them only (a
        review's second look: the move played against the best one found, each with many
        playouts)."""
        stats = self.search(view, only=frozenset(moves))
        return {a: _figures(stats[a]) for a in moves if a in stats and stats[a].visits}

    def search(self, view: dict[str, Any], only: frozenset[Action] | None = None) -> dict[Action, Node]:
        """Run the search; returns the root's children (action -> statistics).  ``only``: the
        root's moves are these alone (those of them legal in each sampled world)."""
        rng = self.rng
        game = self.game
        rollout = game.rollout_policy()
        moves = game.search_moves() or (lambda s: s.legal_actions())
        root = Node()
        share = game.search_share(view)
        cutoff = game.playout_cutoff()
        limit, evaluate = cutoff if cutoff is not None else (None, None)
        deadline = time.perf_counter() + self.seconds * share
        iterations = max(1, int(self.iterations * share))
        c = self.exploration
        done = 0
        while done < iterations and not self.should_stop():
            if done and time.perf_counter() > deadline:
                break
            done += 1
            state = game.determinize(view, rng)
            node = root
            path: list[tuple[Node, int]] = []
            # selection and expansion
            while True:
                player = state.decider()
                if player is None:
                    break
                if player == CHANCE:
                    outcomes = state.chance_outcomes()
                    acts, weights = zip(*outcomes)
                    state.apply_unchecked(rng.choices(acts, weights)[0])
                    continue
                legal = moves(state)
                if only is not None and node is root:
                    legal = [a for a in legal if a in only] or legal
                untried = []
                best, best_value = None, -math.inf
                for a in legal:
                    child = node.children.get(a)
                    if child is None:
                        untried.append(a)
                        continue
                    child.available += 1
                    if not untried:
                        value = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                        if value > best_value:
                            best, best_value = a, value
                if untried:
                    a = rng.choice(untried)
                    child = Node()
                    child.available = 1
                    node.children[a] = child
                    state.apply_unchecked(a)
                    path.append((child, player))
                    break
                node = node.children[best]
                state.apply_unchecked(best)
                path.append((node, player))
            # playout
            steps = 0
            while True:
                player = state.decider()
                if player is None:
                    break
                if limit is not None and steps >= limit:
                    break
                steps += 1
                if player == CHANCE:
                    acts, weights = zip(*state.chance_outcomes())
                    state.apply_unchecked(rng.choices(acts, weights)[0])
                elif rollout is not None:
                    state.apply_unchecked(rollout(state, rng))
                else:
                    state.apply_unchecked(rng.choice(state.legal_actions()))
            if evaluate is None or state.decider() is None:
                result, won = rewards(state), win_shares(state)
            else:
                result = won = evaluate(state)
            for node_, player in path:
                node_.visits += 1
                node_.reward += result[player]
                node_.wins += won[player]
        self.last_iterations = done
        return root.children
