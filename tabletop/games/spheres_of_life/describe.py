"""Sentences for the game log.  Told before the action is applied; hidden cards stay hidden
("Ada steals a card from Ben"), public ones are named."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine.actions import Action

from .cards import card, kind_names
from .steps import Step

if TYPE_CHECKING:
    from .rules import SpheresState

PHASES = {"day": "Day", "night": "Night"}


def describe(state: SpheresState, action: Action, names: list[str]) -> str:
    p = state.decider()
    who = names[p] if p is not None and p >= 0 else "?"
    k = action.kind
    step = state.step
    if k == "arrange":
        seat = state.free_action_seat(action)
        return f"{names[seat] if seat is not None and 0 <= seat < len(names) else who} rearranges their hand."
    if step == Step.HERO:
        return f"{who} chooses the {card(action['card']).name}."
    if k == "pass":
        return f"{who} lets it pass." if step == Step.BLOCK else f"{who} plays no card or hero now."
    if k == "use":
        c = card(action["card"])
        target = action.get("target")
        if c.type == "hero":
            if c.kind == "windmaster":
                return f"{who} calls the wind with the Windmaster: a {PHASES[action['phase']]} begins, led by {who}."
            if c.kind == "druid":
                return f"{who} sends the Druid to look at {names[target]}'s hand."
            if c.kind == "warrior":
                return f"{who} calls the Warrior to get rid of up to three cards."
            if c.kind == "paladin":
                return (f"{who} calls the Paladin and shows a {kind_names()[action['species']]}: everybody else shows "
                        f"their hand and hands over every {kind_names()[action['species']]}.")
        extra = f" on {names[target]}" if target is not None else ""
        return f"{who} plays {c.name}{extra}."
    if k == "block":
        return f"{who} blocks it with an Apple of Life."
    if k == "pick":
        return f"{who} takes {card(action['card']).name} from the table."
    if k == "discard":
        return f"{who} discards {card(action['card']).name}."
    if k == "done":
        return {
            Step.NIGHT_DISCARD: f"{who} discards no more.",
            Step.NIGHT_TAKE: f"{who} takes no more cards.",
            Step.DRUID_KEEP: f"{who} keeps no more cards.",
            Step.WARRIOR: f"{who} keeps the rest.",
            Step.WIND: f"{who} discards no more.",
        }.get(step, f"{who} is done.")
    if k == "bank":
        return f"{who} banks a set of three {kind_names()[action['species']]}."
    if k == "skip":
        return f"{who} banks nothing."
    if k == "steal":
        return f"{who} will steal a card from {names[action['target']]}."
    if k == "gift":
        return f"{who} gives a card to {names[action['to']]}."
    if k == "exchange":
        return (f"{who} offers {card(action['card']).name} in exchange for a {kind_names()[action['want']]}.")
    if k == "accept":
        return f"{who} accepts the exchange, giving {card(action['card']).name}."
    if k == "partner":
        return f"{who} exchanges with {names[action['seat']]}."
    if k == "decline":
        return f"{who} declines."
    if k == "position":
        target = state.effect.get("target")
        return f"{who} takes a card from {names[target]}'s hand (card {action['index'] + 1} from the left)."
    if k == "take":
        where = "the discard pile" if step == Step.ROOT else f"{names[state.effect['target']]}'s hand"
        if step == Step.ROOT:
            return f"{who} takes {card(action['card']).name} from {where}."
        return f"{who} keeps a card from {where}."
    if k == "order":
        return f"{who} puts a card in place."
    if k == "lose":
        if action["to"] < 0:
            return f"{who} discards {card(action['card']).name}."
        return f"{who} gives a card to {names[action['to']]}."
    return f"{who}: {action}"
