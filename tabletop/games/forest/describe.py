"""Once Upon a Forest: the log's sentences, told before each action is applied (a drawn card
is named by its level only: its face is the drawer's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.actions import Action

from .cards import LEVELS, card
from .steps import Move

if TYPE_CHECKING:
    from .rules import ForestState


def describe(state: ForestState, action: Action, names: list[str]) -> str:
    """The log's sentence for ``action``."""
    who = names[state.decider()]
    if action.kind == Move.DRAW:
        pile = state.piles[action["pile"]]
        level = LEVELS[card(pile[-1]).level] if pile else "?"
        return f"{who} draws a {level} card from pile {action['pile'] + 1}."
    if action.kind == Move.PLAY:
        return f"{who} plays {card(action['card']).label()} {where(state, state.turn, action['card'], action['tree'])}."
    if action.kind == Move.GIVE:
        return f"{who} gives {card(action['card']).label()} to {names[action['to']]}."
    if action.kind == Move.PLACE:
        return f"{who} places it {where(state, state.pending_to, state.pending, action['tree'])}."
    if action.kind == Move.COMPOST:
        return f"{who} composts {card(action['card']).label()}."
    return f"{who}: {action}"


def where(state: ForestState, player: int, card_id: str, tree: int) -> str:
    """Where ``card_id`` goes in ``player``'s forest: "to start tree 3", "in tree 1", or "in
    tree 1, covering" the card of its level it covers."""
    forest = state.forests[player]
    if tree >= len(forest):
        return f"to start tree {tree + 1}"
    stack = forest[tree][card(card_id).level]
    if stack:
        return f"in tree {tree + 1}, covering {card(stack[-1]).name}"
    return f"in tree {tree + 1}"
