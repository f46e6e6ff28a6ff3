"""Three Spheres TCG: the effect kinds, one function each, registered by the name the card data
uses (``cards.EFFECTS`` lists their parameters).  A card's ability is a list of effects; each is
queued with its parameters and its source card, and happens here in turn.  An effect that needs
the player's choice asks it (``state.ask``) and the answer finishes it in ``rules.py``.

Each function takes the state and the queued item ``{"kind", "params", "source"}``; the turn
player is the one the effect works for (abilities happen only in their owner's turn).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import Kind
from .steps import Step

Item = dict[str, Any]
EFFECT_KINDS: dict[str, Callable[[Any, Item], None]] = {}


def effect_kind(name: str) -> Callable[[Callable[[Any, Item], None]], Callable[[Any, Item], None]]:
    def register(fn: Callable[[Any, Item], None]) -> Callable[[Any, Item], None]:
        EFFECT_KINDS[name] = fn
        return fn
    return register


@effect_kind(Kind.DRAW)
def draw(state: Any, item: Item) -> None:
    state.draw(state.turn, item["params"]["cards"])


@effect_kind(Kind.RESOURCES)
def resources(state: Any, item: Item) -> None:
    """Resources an ability gives go to one target, named at once (decision 5); with no target
    they are lost."""
    if state.targets():
        state.ask(Step.RESOURCES, kind=Kind.RESOURCES, amount=item["params"]["amount"], source=item["source"])


@effect_kind(Kind.DISCOUNT)
def discount(state: Any, item: Item) -> None:
    """The next buy this turn costs less; discounts add up until a buy uses them (decision 21)."""
    state.discount += item["params"]["amount"]


@effect_kind(Kind.TRASH)
def trash(state: Any, item: Item) -> None:
    where = item["params"]["from"]
    pile = (state.hand if where == "hand" else state.discard)[state.turn]
    if pile:
        state.ask(Step.TRASH, kind=Kind.TRASH, left=item["params"]["up_to"], source=item["source"], **{"from": where})


@effect_kind(Kind.TAKE)
def take(state: Any, item: Item) -> None:
    """Take a card from a spread for free, into the Realm discard as a buy (decision 22); the
    player may take none."""
    params = item["params"]
    state.ask(Step.TAKE, kind=Kind.TAKE, max_level=params["max_level"], source=item["source"], **{"from": params["from"]})
    if not state.take_choices():
        state.pending = None
        state.step = Step.MAIN


@effect_kind(Kind.FLIP)
def flip(state: Any, item: Item) -> None:
    """The opponent's World deck into their World spread; an empty World deck flips nothing and
    does not end the game (only the turn end's flip does: decision 23)."""
    state.flip(item.get("side", state.opponent()), item["params"]["cards"])


@effect_kind(Kind.CORRUPT)
def corrupt(state: Any, item: Item) -> None:
    """Wisps from the supply into the opponent's Realm discard, as many as the supply has, none
    while the opponent is protected."""
    other = state.opponent()
    if state.protected[other]:
        return
    for _ in range(item["params"]["wisps"]):
        if not state.supply:
            return
        state.discard[other].append(state.supply.pop())


@effect_kind(Kind.PROTECT)
def protect(state: Any, item: Item) -> None:
    state.protected[state.turn] = True


@effect_kind(Kind.COPY)
def copy(state: Any, item: Item) -> None:
    """Copy the When-played or Turn-start ability of another card the player has in play
    (decision 19); nothing when there is none."""
    state.ask(Step.COPY, kind=Kind.COPY, source=item["source"])
    if not state.copy_choices():
        state.pending = None
        state.step = Step.MAIN
