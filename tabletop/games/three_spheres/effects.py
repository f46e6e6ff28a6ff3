"""Three Spheres TCG: the effect kinds, one class each, registered with the engine's effect
registry (:class:`tabletop.engine.effects.EffectKinds`) by the name the card data uses.  A kind
is the whole of an effect: the parameters the card data gives it (its ``__init__``; ``from`` is
written ``from_``), what their values must be (``checks``), its words on the card
(:meth:`words`) and what it does (:meth:`happen`).  A new kind of effect is one class here; a
new card is data (``assets/three_spheres/cards.json``).

A card's ability is a list of effects; each is queued with its parameters and its source card
(``{"kind", "params", "source"}``, kept in a save), and happens here in turn
(:func:`happen`).  An effect that needs the player's choice asks it (``state.ask``) and the
answer finishes it in ``rules.py``.  The turn player is the one an effect works for (abilities
happen only in their owner's turn).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.engine.effects import EffectKinds

from .steps import Kind, Step
from .words import plural

Item = dict[str, Any]
EFFECTS = EffectKinds("Three Spheres TCG")


# --- what a parameter's value must be: "" when it is right ---------------------------------------
def is_whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def count(v: Any) -> str:
    return "" if is_whole(v) and v >= 1 else "a whole number of at least 1"


def level(v: Any) -> str:
    return "" if is_whole(v) and 0 <= v <= 4 else "a level from 0 to 4"  # (cards.LEVELS)


def one_of(*choices: str):
    def check(v: Any) -> str:
        return "" if v in choices else "one of " + ", ".join(repr(c) for c in choices)
    return check


@cache
def effect(kind: str, params: tuple[tuple[str, Any], ...]) -> Any:
    """The effect ``kind`` with ``params`` (pairs), made once for each (card data is checked when
    read, so this does not fail on the game's own cards)."""
    return EFFECTS.make(kind, dict(params))


def happen(state: Any, item: Item) -> None:
    """The queued ``item`` happens in ``state``."""
    effect(item["kind"], tuple(item["params"].items())).happen(state, item)


# --- the kinds -------------------------------------------------------------------------------------
@EFFECTS.register(Kind.DRAW)
class Draw:
    checks = {"cards": count}

    def __init__(self, cards: int) -> None:
        self.cards = cards

    def words(self) -> str:
        return f"draw {plural(self.cards, 'card')}"

    def happen(self, state: Any, item: Item) -> None:
        state.draw(state.turn, self.cards)


@EFFECTS.register(Kind.RESOURCES)
class Resources:
    """Resources an ability gives go to one target, named at once (decision 5); with no target
    they are lost."""

    checks = {"amount": count}

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def words(self) -> str:
        return f"gain {plural(self.amount, 'resource')}"

    def happen(self, state: Any, item: Item) -> None:
        if state.targets():
            state.ask(Step.RESOURCES, kind=Kind.RESOURCES, amount=self.amount, source=item["source"])


@EFFECTS.register(Kind.DISCOUNT)
class Discount:
    """The next buy this turn costs less; discounts add up until a buy uses them (decision 21)."""

    checks = {"amount": count}

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def words(self) -> str:
        return f"your next buy this turn costs {self.amount} less"

    def happen(self, state: Any, item: Item) -> None:
        state.discount += self.amount


@EFFECTS.register(Kind.TRASH)
class Trash:
    checks = {"from": one_of("hand", "discard"), "up_to": count}

    def __init__(self, from_: str, up_to: int) -> None:
        self.where, self.up_to = from_, up_to

    def words(self) -> str:
        where = "your hand" if self.where == "hand" else "your Realm discard"
        return f"trash up to {plural(self.up_to, 'card')} from {where}"

    def happen(self, state: Any, item: Item) -> None:
        pile = (state.hand if self.where == "hand" else state.discard)[state.turn]
        if pile:
            state.ask(Step.TRASH, kind=Kind.TRASH, left=self.up_to, source=item["source"], **{"from": self.where})


@EFFECTS.register(Kind.TAKE)
class Take:
    """Take a card from a spread for free, into the Realm discard as a buy (decision 22); the
    player may take none."""

    checks = {"from": one_of("world", "discovery"), "max_level": level}

    def __init__(self, from_: str, max_level: int) -> None:
        self.where, self.max_level = from_, max_level

    def words(self) -> str:
        where = "the World spread" if self.where == "world" else "your Discovery spread"
        top = "a card of level 0" if self.max_level == 0 else f"a card of level {self.max_level} or lower"
        return f"take {top} from {where} for free"

    def happen(self, state: Any, item: Item) -> None:
        state.ask(Step.TAKE, kind=Kind.TAKE, max_level=self.max_level, source=item["source"], **{"from": self.where})
        if not state.take_choices():
            state.pending = None
            state.step = Step.MAIN


@EFFECTS.register(Kind.FLIP)
class Flip:
    """The opponent's World deck into their World spread; an empty World deck flips nothing and
    does not end the game (only the turn end's flip does: decision 23)."""

    checks = {"cards": count}

    def __init__(self, cards: int) -> None:
        self.cards = cards

    def words(self) -> str:
        top = "the top card" if self.cards == 1 else f"the top {self.cards} cards"
        return f"flip {top} of your opponent's World deck into their World spread"

    def happen(self, state: Any, item: Item) -> None:
        state.flip(item.get("side", state.opponent()), self.cards)


@EFFECTS.register(Kind.CORRUPT)
class Corrupt:
    """Wisps from the supply into the opponent's Realm discard, as many as the supply has, none
    while the opponent is protected."""

    checks = {"wisps": count}

    def __init__(self, wisps: int) -> None:
        self.wisps = wisps

    def words(self) -> str:
        return f"put {plural(self.wisps, 'Corrupted Wisp')} into your opponent's Realm discard"

    def happen(self, state: Any, item: Item) -> None:
        other = state.opponent()
        if state.protected[other]:
            return
        for _ in range(self.wisps):
            if not state.supply:
                return
            state.discard[other].append(state.supply.pop())


@EFFECTS.register(Kind.PROTECT)
class Protect:
    def words(self) -> str:
        return "you are protected from corruption until your next turn"

    def happen(self, state: Any, item: Item) -> None:
        state.protected[state.turn] = True


@EFFECTS.register(Kind.COPY)
class Copy:
    """Copy the When-played or Turn-start ability of another card the player has in play
    (decision 19); nothing when there is none."""

    def words(self) -> str:
        return "copy the ability of another card you have in play"

    def happen(self, state: Any, item: Item) -> None:
        state.ask(Step.COPY, kind=Kind.COPY, source=item["source"])
        if not state.copy_choices():
            state.pending = None
            state.step = Step.MAIN
