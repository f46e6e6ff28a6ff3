"""Once Upon a Forest bots: sampling hidden cards from a view, and heuristic move choice.

* :func:`determinize` builds a full state from one seat's view: the cards the seat cannot
  see are shuffled into the hidden places, respecting the levels shown on their backs.
* :func:`easy_policy` knows the scoring: it plays where its forest gains most, gives each
  card where it helps the receiver least, and draws the levels its open tree needs.
* :func:`rollout_policy` is a cheap version used inside the search bots' playouts.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.actions import Action

from .cards import card
from .rules import (
    DRAW,
    GIVE,
    OVER,
    PLACE,
    SEMI_COOPERATIVE,
    PLAY,
    SETUP,
    Forest,
    ForestState,
    forest_score,
    place_action,
    play_action,
    tree_complete,
    tree_targets,
    woodland_goal,
)


# --- determinization ---------------------------------------------------------------------
def determinize(view: dict[str, Any], rng: random.Random) -> ForestState:
    """A full state consistent with ``view``, reading nothing but the view."""
    seat = view["seat"]
    state = ForestState(view["players"], view["options"])
    state.pool = list(view["cards"])
    state.forests = [[[list(s) for s in t] for t in f] for f in view["forests"]]
    state.stage, state.turn, state.rounds = view["stage"], view["turn"], view["round"]
    pending = view["pending"]
    state.pending = pending["card"] if pending else None
    state.pending_to = pending["to"] if pending else None
    state.compost = list(view.get("compost", []))

    seen = {c for f in state.forests for t in f for s in t for c in s} | set(state.compost)
    if state.pending:
        seen.add(state.pending)
    for slot in view["hands"][seat] if seat is not None else []:
        seen.add(slot["id"])
    unknown_by_level: dict[int, list[str]] = {}
    for c in state.pool:
        if c not in seen:
            unknown_by_level.setdefault(card(c).level, []).append(c)
    for cards in unknown_by_level.values():
        rng.shuffle(cards)

    # Places whose back (level) is visible are filled first from that level ...
    hands: list[list[str | None]] = []
    for p, hand in enumerate(view["hands"]):
        hands.append([s["id"] if p == seat else unknown_by_level[s["level"]].pop() for s in hand])
    tops = [unknown_by_level[p["top_level"]].pop() if p["size"] else None for p in view["piles"]]
    # ... then every other hidden place takes what is left, in random order.
    rest = [c for cards in unknown_by_level.values() for c in cards]
    rng.shuffle(rest)
    piles = []
    for size, top in zip((p["size"] for p in view["piles"]), tops):
        pile = [rest.pop() for _ in range(size - 1)] if size else []
        if top is not None:
            pile.append(top)
        piles.append(pile)
    state.hands = hands  # type: ignore[assignment]
    state.piles = piles
    return state


# --- evaluation --------------------------------------------------------------------------
def forest_value(forest: Forest, penalty: int = 1) -> float:
    """The forest's score if the game ended now, plus credit for progress on the open tree."""
    value = float(forest_score(forest, penalty).total)
    if forest and not tree_complete(forest[-1]):
        last = forest[-1]
        filled = sum(1 for s in last if s)
        value += 1.0 + 0.8 * filled  # the -1 would become +3 once the tree is done
        for s in last:
            if s and card(s[-1]).chainsaw:
                value -= 0.7 * penalty
    return value


def _value_after(forest: Forest, card_id: str, tree: int, penalty: int) -> float:
    level = card(card_id).level
    if tree == len(forest):
        trial = forest + [[[], [], [], []]]
    else:
        trial = list(forest)
    new_tree = [list(s) for s in trial[tree]]
    new_tree[level].append(card_id)
    trial[tree] = new_tree
    return forest_value(trial, penalty)


def _best(options: list[tuple[float, Action]], rng: random.Random) -> Action:
    best = max(v for v, _ in options)
    return rng.choice([a for v, a in options if v >= best - 1e-9])


def _needed_levels(forest: Forest) -> set[int]:
    if forest and not tree_complete(forest[-1]):
        return {i for i, s in enumerate(forest[-1]) if not s}
    return {0, 1, 2, 3}


def _draw_choice(state: ForestState, actions: list[Action], rng: random.Random) -> Action:
    p = state.decider()
    needed = _needed_levels(state.forests[p]) - {card(c).level for c in state.hands[p]}
    good = [a for a in actions if card(state.piles[a["pile"]][-1]).level in needed]
    return rng.choice(good or actions)


def easy_policy(state: ForestState, rng: random.Random) -> Action:
    """A one-step lookahead that knows the scoring.  Reads only what the decider may see."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    penalty = state.options.get("chainsaw_penalty", 1)
    stage = state.stage
    if stage in (SETUP, DRAW):
        return _draw_choice(state, actions, rng)
    if stage == PLAY:
        forest = state.forests[state.turn]
        return _best([(_value_after(forest, a["card"], a["tree"], penalty), a) for a in actions], rng)
    if stage == PLACE:
        forest = state.forests[state.pending_to]
        return _best([(_value_after(forest, state.pending, a["tree"], penalty), a) for a in actions], rng)
    if stage == GIVE:
        scored = []
        if state.num_players == 1:
            # compost the card worth least to the own forest, keeping the levels that run short
            forest = state.forests[state.turn]
            left = [0, 0, 0, 0]  # cards of each level still to come (the piles' contents are
            for pile in state.piles:  # hidden, but which cards are left is public knowledge)
                for c in pile:
                    left[card(c).level] += 1
            needed = _needed_levels(forest)
            for a in actions:
                cd = card(a["card"])
                best = max(_value_after(forest, a["card"], t, penalty) for t in tree_targets(forest))
                keep = (1.5 if cd.level in needed else 0.0) + 4.0 / (1 + left[cd.level])
                scored.append((-(best + keep), a))
            return _best(scored, rng)
        cooperative = state.options.get("variant") == SEMI_COOPERATIVE
        goal = woodland_goal(state.num_players)
        for a in actions:
            to, c = a["to"], a["card"]
            forest = state.forests[to]
            before = forest_value(forest, penalty)
            gain = max(_value_after(forest, c, t, penalty) for t in tree_targets(forest)) - before
            # semi-cooperative: help a forest that is behind the goal, hinder the others
            helps = cooperative and before < goal + 2
            scored.append((gain if helps else -gain, a))
        return _best(scored, rng)
    return rng.choice(actions)


def rollout_policy(state: ForestState, rng: random.Random) -> Action:
    """Fast and sensible: fill the open tree, cover chainsaws, draw what is needed."""
    stage = state.stage
    if stage in (SETUP, DRAW):
        actions = state.legal_actions()
        return _draw_choice(state, actions, rng) if rng.random() < 0.8 else rng.choice(actions)
    if stage == PLAY or stage == PLACE:
        p = state.turn if stage == PLAY else state.pending_to
        forest = state.forests[p]
        cards = state.hands[p] if stage == PLAY else [state.pending]
        open_tree = forest and not tree_complete(forest[-1])
        moves = []
        for c in cards:
            cd = card(c)
            if open_tree:
                if not forest[-1][cd.level]:
                    moves.append((3 - cd.chainsaw, c, len(forest) - 1))
                    continue
            else:
                moves.append((2 - cd.chainsaw, c, len(forest)))
            for t, tree in enumerate(forest):
                top = tree[cd.level]
                if top and card(top[-1]).chainsaw and not cd.chainsaw:
                    moves.append((2, c, t))
                    break
        if moves and rng.random() < 0.85:
            best = max(m[0] for m in moves)
            _, c, t = rng.choice([m for m in moves if m[0] == best])
            return play_action(c, t) if stage == PLAY else place_action(t)
        return rng.choice(state.legal_actions())
    if stage == GIVE:
        actions = state.legal_actions()
        if state.options.get("variant") == SEMI_COOPERATIVE and rng.random() < 0.5:
            return rng.choice(actions)
        saws = [a for a in actions if card(a["card"]).chainsaw]
        return rng.choice(saws) if saws and rng.random() < 0.7 else rng.choice(actions)
    if stage == OVER:  # pragma: no cover
        raise ValueError("no move in a finished game")
    return rng.choice(state.legal_actions())
