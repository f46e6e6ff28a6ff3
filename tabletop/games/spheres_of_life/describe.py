"""Sentences for the game log.  Told before the action is applied; hidden cards stay hidden
("Ada steals a card from Ben"), public ones are named."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.actions import Action
from tabletop.engine.log_lines import and_list

from .cards import HERO, card, kind_names
from .steps import DAY, DREAM, NIGHT, Move, Step

if TYPE_CHECKING:
    from .rules import SpheresState

PHASES = {DAY: "Day", NIGHT: "Night", DREAM: "Dream"}
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _sacrificed(who: str, n: int) -> str:
    if n == 0:
        return f"{who} sacrifices nothing."
    return f"{who} sacrifices {n} card{'s' if n != 1 else ''} in all."


def quiet_words(key: str, seats: list[int], names: list[str], players: int) -> str:
    """One line for two or more quiet steps in a row (``SpheresState.quiet_key``): "Nobody blocks
    it." when all the others let a card pass, "Nobody plays a card or hero now." when every seat
    was asked and said no; otherwise who said no."""
    who = and_list([names[s] for s in seats])
    everybody = len(set(seats))
    if key == "block":
        return "Nobody blocks it." if everybody >= players - 1 else f"{who} let it pass."
    if key == "bank":
        return "Nobody banks a set." if everybody >= players else f"{who} bank nothing."
    return "Nobody plays a card or hero now." if everybody >= players else f"{who} play no card or hero now."


def describe(state: SpheresState, action: Action, names: list[str]) -> str:
    p = state.decider()
    who = names[p] if p is not None and p >= 0 else "?"
    k = action.kind
    step = state.step
    if k == Move.ARRANGE:
        seat = state.free_action_seat(action)
        return f"{names[seat] if seat is not None and 0 <= seat < len(names) else who} rearranges their hand."
    if step == Step.HERO:
        return f"{who} chooses the {card(action['card']).name}."
    if k == Move.PASS:
        return f"{who} lets it pass." if step == Step.BLOCK else f"{who} plays no card or hero now."
    if k == Move.USE:
        return _use_words(state, action, who, names)
    if k == Move.SACRIFICE:
        if step == Step.DAWN_HERO:
            total = (state.dawn.total or 0) + 5
            ends = ": 10 or more, the game ends" if total >= 10 else ""
            return f"{who} sacrifices the {card(action['card']).name} (5 more, {total} in all{ends})."
        return f"{who} lays a card face down for the Dawn."
    if k == Move.ACTIVATE:
        return f"{who} puts {card(action['card']).name} in their Field."
    if k == Move.BLOCK:
        return f"{who} blocks it with an Apple of Life."
    if k == Move.PICK:
        return f"{who} takes {card(action['card']).name} from the table."
    if k == Move.DISCARD:
        return f"{who} discards {card(action['card']).name}."
    if k == Move.DONE:
        return _done_words(state, who, p)
    if k == Move.BANK:
        return f"{who} banks a set of three {kind_names()[action['species']]}."
    if k == Move.SKIP:
        return f"{who} banks nothing."
    if k == Move.STEAL:
        return f"{who} will steal a card from {names[action['target']]}."
    if k == Move.GIFT:
        return f"{who} gives a card to {names[action['to']]}."
    if k == Move.EXCHANGE:
        return (f"{who} offers {card(action['card']).name} in exchange for a {kind_names()[action['want']]}.")
    if k == Move.ACCEPT:
        return f"{who} accepts the exchange, giving {card(action['card']).name}."
    if k == Move.PARTNER:
        return f"{who} exchanges with {names[action['seat']]}."
    if k == Move.DECLINE:
        return f"{who} declines."
    if k == Move.POSITION:
        target = state.effect.get("target")
        return f"{who} takes a card from {names[target]}'s hand (card {action['index'] + 1} from the left)."
    if k == Move.TAKE:
        if step in (Step.ROOT, Step.DISCARD_PICK):
            return f"{who} takes {card(action['card']).name} from the discard pile."
        return f"{who} keeps a card from {names[state.effect['target']]}'s hand."
    if k == Move.ORDER:
        return f"{who} puts a card in place."
    if k == Move.LOSE:
        if action["to"] < 0:
            return f"{who} discards {card(action['card']).name}."
        return f"{who} gives a card to {names[action['to']]}."
    return f"{who}: {action}"


def _use_words(state: SpheresState, action: Action, who: str, names: list[str]) -> str:
    """An ability card played or a hero used: what it does, when its effect kind says it plainly."""
    c = card(action["card"])
    target = action.get("target")
    if action.get("field") is not None:
        owner = state._field_owner(action["field"])
        whose = f"{names[owner]}'s Field" if owner is not None else "a Field"
        verb = "takes" if c.effect == "take_from_field" else "removes"
        return f"{who} plays {c.name}: {verb} {card(action['field']).name} from {whose}."
    if action.get("hero") is not None:
        return f"{who} plays {c.name}: the {card(action['hero']).name} may be used again."
    if c.type == HERO:  # (told by what the hero does: its effect kind)
        if c.effect == "lead_phase":
            return f"{who} calls the wind with the {c.name}: a {PHASES[action['phase']]} begins, led by {who}."
        if c.effect == "look_and_order":
            return f"{who} sends the {c.name} to look at {names[target]}'s hand."
        if c.effect == "lose_cards":
            return f"{who} calls the {c.name} to get rid of up to {NUMBERS[dict(c.params)['cards']]} cards."
        if c.effect == "gather_species":
            shows = "names" if dict(c.params).get("any") else "shows a"
            return (f"{who} calls the {c.name} and {shows} {kind_names()[action['species']]}: everybody else shows "
                    f"their hand and hands over every {kind_names()[action['species']]}.")
    extra = f" on {names[target]}" if target is not None else ""
    return f"{who} {'uses' if c.type == HERO else 'plays'} {c.name}{extra}."


def _done_words(state: SpheresState, who: str, p: int | None) -> str:
    """A "done" at a step: no more of what the step asks."""
    step = state.step
    done = state.effect.get("discarded" if step == Step.NIGHT_DISCARD else "taken", 1)  # (none yet: "nothing")
    return {
        Step.NIGHT_DISCARD: f"{who} discards {'no more' if done else 'nothing'}.",
        Step.NIGHT_TAKE: f"{who} takes no more cards." if done else f"{who} takes nothing.",
        Step.DRUID_KEEP: f"{who} keeps no more cards.",
        Step.WARRIOR: f"{who} keeps the rest.",
        Step.WIND: f"{who} discards no more.",
        Step.SACRIFICE: _sacrificed(who, len(state.dawn.sacrificed[p]) if p is not None and p >= 0 else 0),
        Step.DISCARD_PICK: f"{who} takes no more from the discard pile.",
    }.get(step, f"{who} is done.")
