"""Three Spheres TCG: the log's sentences, told before each action is applied -- with what the
action brings about beyond itself (:func:`aftermath`: a World deck's cards flipped, Corrupted
Wisps put into a Realm discard), so a player can read in the log where a card came from."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.actions import Action

from .cards import WISP, info
from .steps import Move, Step

if TYPE_CHECKING:
    from .rules import ThreeSpheresState


def describe(state: ThreeSpheresState, action: Action, names: list[str]) -> str:
    """The log's sentence for ``action``, told before it is applied, and what it brings about."""
    sentence = _sentence(state, action, names)
    more = aftermath(state, action, names) if action.kind != Move.BEGIN else ""
    return f"{sentence} {more}" if more else sentence


def _sentence(state: ThreeSpheresState, action: Action, names: list[str]) -> str:
    """The action itself in words."""
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


def aftermath(state: ThreeSpheresState, action: Action, names: list[str]) -> str:
    """What ``action`` brings about beyond itself, worked out on a copy of the state: the cards
    flipped from a World deck (by an ability, or at the end of a turn in which its player
    reshuffled) and where they went, a World deck found empty (the game's last round), and the
    Corrupted Wisps put into a Realm discard (Marsh Light ...) or kept out by protection;
    "" for nothing."""
    after = state.clone()
    try:
        after.apply_unchecked(action)
    except Exception:  # (an action the state refuses says nothing more)
        return ""
    told: list[str] = []
    ending = action.kind == Move.END
    for side in (0, 1):
        n = len(state.world_deck[side]) - len(after.world_deck[side])
        if n <= 0:
            continue
        flipper, owner = names[1 - side], names[side]
        cards = list(reversed(state.world_deck[side][-n:]))  # (the top card first)
        laid = [c for c in cards if c != after.flipped]
        why = "Having reshuffled this turn, " if ending and side != state.turn else ""
        if laid:
            told.append(f"{why}{flipper} flips {_names(laid)} from {owner}'s World deck onto {owner}'s side of the World.")
            why = ""
        if after.flipped in cards:
            told.append(f"{why}{flipper} flips {info(after.flipped).name} from {owner}'s World deck; {owner}'s side is "
                        f"full, so {flipper} chooses the stack it covers.")
    if after.end_triggered and not state.end_triggered:
        told.append(f"{names[1 - state.turn]}'s World deck is empty: this round is the last.")
    for p in (0, 1):
        gained = _wisps(after, p) - _wisps(state, p)
        if gained > 0:
            told.append(f"{'A Corrupted Wisp goes' if gained == 1 else f'{gained} Corrupted Wisps go'} into "
                        f"{names[p]}'s Realm discard (−1 point{'' if gained == 1 else ' each'}).")
        elif action.kind == Move.PLAY and after.protected[1 - state.turn] and _corrupts(action["card"]):
            if p == 1 - state.turn:
                told.append(f"{names[p]} is protected from corruption: no Wisp.")
    return " ".join(told)


def _names(cards: list[str]) -> str:
    names = [info(c).name for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _wisps(state: ThreeSpheresState, p: int) -> int:
    """The Corrupted Wisps ``p`` owns."""
    return sum(1 for c in state.collection(p) if c.startswith(WISP + "."))


def _corrupts(c: str) -> bool:
    """``c`` puts Wisps into the opponent's discard when played."""
    return any(e.kind == "corrupt" for a in info(c).abilities for e in a.effects)
