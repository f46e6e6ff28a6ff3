"""Spheres of Life: a player's turn in the Dream -- the bonus actions (bank a complete set, one a
Dream; put a Prolonged card in one's Field, one a Dream) and then the action: steal a card, give
one, or offer an exchange.  An action is declared first (its block window: rules.py); once it
passes it is carried out here, through the steps it may need -- pointing at the card back to
steal, the exchange's offer round, the proposer's choice among those who accept, and the steal
or gift that falls back when nobody does.

Plain functions of a state, as the effects of effects.py are: the turn flow (rules.py) finds each
of these steps' answers and handler in :data:`STEPS`; an action that passed its block window
comes back here through :func:`resolve_action`.  The action in hand is kept in ``state.effect``.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from tabletop.engine.actions import Action, act
from tabletop.engine.game import IllegalAction

from .cards import (
    CORRUPTED, DAWN, GODLY_ABILITIES, NOBLE, card, distinct, every_card, kind_of, kind_types, main_deck, mythical_species,
)
from .effects import FIELD_SIZE
from .steps import DECLINE, SKIP, Declared, Move, Step

if TYPE_CHECKING:
    from .rules import SpheresState

SET = 3  # copies of one animal that make a set to bank


# --- the bonus actions ------------------------------------------------------------------------
def bankable(state: SpheresState, p: int) -> list[str]:
    """The species ``p`` may bank now: a set of three in hand, none banked yet this Dream."""
    if p in state.banked_this_dream:
        return []
    counts: dict[str, int] = {}
    for c in state.hands[p]:
        k = kind_of()[c]
        if kind_types()[k] in (NOBLE, CORRUPTED):
            counts[k] = counts.get(k, 0) + 1
    return sorted(k for k, v in counts.items() if v >= SET)


def bonus_actions(state: SpheresState, p: int) -> list[Action]:
    """The Dream's bonus actions ``p`` may take now: bank a set (one a Dream), put a Prolonged
    card in the Field (one a Dream, two in a Field at most)."""
    out = [act(Move.BANK, species=k) for k in bankable(state, p)]
    if GODLY_ABILITIES in state.parts and p not in state.activated_this_dream and len(state.fields[p]) < FIELD_SIZE:
        out += [act(Move.ACTIVATE, card=c) for c in distinct(state.hands[p]) if every_card()[c].prolonged]
    return out


def legal_bonus(state: SpheresState) -> list[Action]:
    return bonus_actions(state, state.queue[0]) + [SKIP]


def on_bonus(state: SpheresState, action: Action) -> None:
    p = state.queue[0]
    if action.kind == Move.BANK:
        k = action["species"]
        for c in [c for c in state.hands[p] if kind_of()[c] == k][:SET]:
            state._from_hand(p, c)
            state.bank_cards[p].append(c)
        state.banked[p].append(k)
        state.banked_this_dream.append(p)
        if k in mythical_species():  # a Mythical set: its bonus for the rest of the game
            state._add_lasting(p, k, card(f"{k}1"))
        if bonus_actions(state, p):  # (the other bonus action is still to come)
            return
    elif action.kind == Move.ACTIVATE:
        state._to_field(p, action["card"])
        state.activated_this_dream.append(p)
        if bonus_actions(state, p):
            return
    state.step = Step.ACTION
    if not state.legal_actions():  # nobody holds a card: the action is skipped
        state._next_turn()


# --- the action ---------------------------------------------------------------------------------
def actions(state: SpheresState, p: int, exchange: bool = True) -> list[Action]:
    """The actions ``p`` may declare: a steal, a gift, or (``exchange``) an exchange offered."""
    n = state.num_players
    out = [act(Move.STEAL, target=q) for q in range(n) if q != p and state.hands[q] and state._stealable(p, q)]
    mine = distinct(state.hands[p])
    for c in mine:
        out += [act(Move.GIFT, card=c, to=q) for q in range(n) if q != p]
    if exchange and mine:
        kinds = _exchange_kinds(state.purist, state.parts)
        for c in mine:
            own = kind_of()[c]
            out += [act(Move.EXCHANGE, card=c, want=k) for k in kinds if k != own]
    return out


def legal_action(state: SpheresState) -> list[Action]:
    return actions(state, state.queue[0])


def on_action(state: SpheresState, action: Action) -> None:
    state._declare({"kind": Declared.ACTION, "who": state.queue[0], "action": action.to_json()})


def resolve_action(state: SpheresState, p: int, action: Action) -> None:
    """``p``'s declared action passed its block window: it is carried out."""
    kind = action.kind
    if kind in (Move.GIFT, Move.EXCHANGE) and action["card"] not in state.hands[p]:
        # the card was spent meanwhile (an Apple used to block a block): the action is lost
        state._finish_action()
        return
    if kind == Move.STEAL:
        target = action["target"]
        if not state.hands[target]:
            state._finish_action()
            return
        state.effect = {"who": p, "target": target}
        state.step = Step.STEAL_POS
    elif kind == Move.GIFT:
        c, to = action["card"], action["to"]
        state._from_hand(p, c, seen_by=(to,))
        state._to_hand(to, c, seen_by=(p,))
        state._finish_action()
    elif kind == Move.EXCHANGE:
        c, want = action["card"], action["want"]  # (everybody saw the card when it was declared)
        # every other player is asked in turn (holders are not singled out); the first to
        # accept makes the exchange, or (option exchange="choose") the proposer chooses
        # among all who accept
        left = state._clockwise_from(p)[1:]
        state.effect = {"who": p, "card": c, "want": want, "left": left, "accepted": []}
        state.step = Step.ACCEPT
        state.window_id += 1
    else:  # pragma: no cover
        raise IllegalAction(f"Unknown action {action}.")


def legal_steal_pos(state: SpheresState) -> list[Action]:
    return [act(Move.POSITION, index=i) for i in range(len(state.hands[state.effect["target"]]))]


def on_steal_pos(state: SpheresState, action: Action) -> None:
    thief, victim = state.effect["who"], state.effect["target"]
    c = state.hands[victim][action["index"]]
    state._from_hand(victim, c, seen_by=(thief,))
    state._to_hand(thief, c, seen_by=(victim,))
    state._finish_action()


# --- an exchange offered ---------------------------------------------------------------------------
def legal_accept(state: SpheresState) -> list[Action]:
    p = state.effect["left"][0]
    copies = [c for c in state.hands[p] if kind_of()[c] == state.effect["want"]]
    return [act(Move.ACCEPT, card=min(copies)), DECLINE] if copies else [DECLINE]


def on_accept(state: SpheresState, action: Action) -> None:
    p = state.effect["left"].pop(0)
    if action.kind == Move.ACCEPT and state.options["exchange"] == "first":
        swap(state, p, action["card"])
        return
    if action.kind == Move.ACCEPT:
        # the proposer will choose among those who accept: the card is shown now
        state.effect.setdefault("accepted", []).append([p, action["card"]])
        for o in range(state.num_players):
            if o != p:
                state.known[o][p].add(action["card"])
    if state.effect["left"]:
        return
    accepted = state.effect.get("accepted", [])
    if len(accepted) == 1:
        swap(state, *accepted[0])
    elif accepted:
        state.step = Step.PARTNER
    else:
        state.effect = {"who": state.effect["who"]}
        state.step = Step.FALLBACK


def legal_partner(state: SpheresState) -> list[Action]:
    return [act(Move.PARTNER, seat=o) for o, _ in state.effect["accepted"]]


def on_partner(state: SpheresState, action: Action) -> None:
    o = action["seat"]
    swap(state, o, next(c for q, c in state.effect["accepted"] if q == o))


def swap(state: SpheresState, p: int, theirs: str) -> None:
    """The exchange is made with ``p``, who gives ``theirs``; both cards are seen by all."""
    who, mine = state.effect["who"], state.effect["card"]
    state._from_hand(who, mine)
    state._from_hand(p, theirs)
    state._to_hand(p, mine, seen_by=None)
    state._to_hand(who, theirs, seen_by=None)
    state._finish_action()


def legal_fallback(state: SpheresState) -> list[Action]:
    return actions(state, state.effect["who"], exchange=False)


def on_fallback(state: SpheresState, action: Action) -> None:
    resolve_action(state, state.effect["who"], action)


@cache
def _exchange_kinds(purist: bool, parts: tuple[str, ...]) -> tuple[str, ...]:
    """What an exchange may ask for: any kind of card of the main deck (never a Dawn card)."""
    return tuple(sorted({kind_of()[c] for c in main_deck(purist, parts) if kind_types()[kind_of()[c]] != DAWN}))


# each step of the Dream's turn: its answers, and what an answer does
STEPS = {
    Step.BONUS: (legal_bonus, on_bonus),
    Step.ACTION: (legal_action, on_action),
    Step.FALLBACK: (legal_fallback, on_fallback),
    Step.ACCEPT: (legal_accept, on_accept),
    Step.PARTNER: (legal_partner, on_partner),
    Step.STEAL_POS: (legal_steal_pos, on_steal_pos),
}
