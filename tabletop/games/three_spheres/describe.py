"""Three Spheres TCG: the log's sentences, told before each action is applied."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.actions import Action

from .cards import info
from .steps import Move, Step

if TYPE_CHECKING:
    from .rules import ThreeSpheresState


def describe(state: ThreeSpheresState, action: Action, names: list[str]) -> str:
    """The log's sentence for ``action``, told before it is applied."""
    kind = action.kind
    if kind == Move.BEGIN:
        return f"{names[action['seat']]} begins."
    who = names[state.turn]
    c = action.get("card")
    target = action.get("target")
    if kind == Move.PLAY:
        return f"{who} plays {info(c).name}."
    if kind == Move.SPEND:
        n = info(c).resources
        return f"{who} spends {info(c).name} ({n}) {_resources_to(state, who, target, n)}."
    if kind == Move.ASSIGN:
        n = state.pending["amount"]
        return f"{who} puts {n} resource{'s' if n != 1 else ''} {_resources_to(state, who, target, n)}."
    if kind == Move.BUY:
        return f"{who} buys {info(target).name} ({_paid_words(state, target, 0)}); it goes to {who}'s Realm discard."
    if kind == Move.END:
        return f"{who} ends the turn."
    if kind == Move.TRASH:
        return f"{who} trashes {info(c).name}."
    if kind == Move.TAKE:
        return f"{who} takes {info(c).name} for free."
    if kind == Move.COPY:
        return f"{who} copies the ability of {info(c).name}."
    if kind == Move.SPACE:
        below = state.spaces[action["space"]]
        onto = f" onto {info(below[-1]).name}" if below else ""
        return f"{who} lays {info(state.flipped).name} in the World spread{onto}."
    if kind == Move.DONE:
        return {Step.RESOURCES: f"{who} lets the resources go.", Step.TRASH: f"{who} trashes no more.",
                Step.TAKE: f"{who} takes nothing."}.get(state.step, f"{who} is done.")
    return f"{who}: {action}"


def _resources_to(state: ThreeSpheresState, who: str, target: str, amount: int) -> str:
    """Where ``amount`` resources go: an ability in play, or a card to buy -- whether they buy
    it, and where it goes then."""
    name = info(target).name
    if target in state.in_play[state.turn]:
        return f"on the ability of {name}"
    if state.due(target) - amount > 0:
        return f"toward {name}: {_paid_words(state, target, amount)}"
    return f"and buys {name} ({_paid_words(state, target, amount)}); it goes to {who}'s Realm discard"


def _paid_words(state: ThreeSpheresState, target: str, amount: int) -> str:
    """"3 of 4 paid" -- what is paid toward a buy after ``amount`` more, out of its price (less
    the discount); what goes past the price is lost (decision 4)."""
    price = max(0, info(target).cost - state.discount)
    paid = state.paid.get(target, 0) + amount
    words = f"paid {min(paid, price)} of {price}"
    if state.discount:
        words += f", {min(state.discount, info(target).cost)} off"
    if paid > price:
        words += f", {paid - price} lost"
    return words
