"""Sentences for the game log, told before the action is applied (everything is open)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from tabletop.engine.actions import Action

from .steps import Move, Step
from .stones import CODE, KEYS, KINDS, SHOGUN, square_label, step
from .words import count_text, place_words, stones_words

if TYPE_CHECKING:
    from .rules import ShogunState

WAYS = {1: "counter-clockwise", -1: "clockwise"}


def stone_name(key: str) -> str:
    """A stone's kind as a sentence of the log says it: "the Scholar", but "a peasant", a plain
    stone (as the lessons and the rules' words call them)."""
    name = KINDS[CODE[key]].name
    return name.lower() if key == "peasant" else name


def count_words(stones: list[int]) -> str:
    n = len(stones)
    return "1 stone" if n == 1 else f"{n} stones"


def describe(state: ShogunState, action: Action, names: list[str]) -> str:
    p = state.decider()
    who = names[p] if p is not None and 0 <= p < len(names) else "?"
    k = action.kind
    if k == Move.PLACE:
        return f"{who} places the {stone_name(action['stone'])} on {square_label(action['square'])}."
    if k == Move.SKIP:
        return f"{who} is imprisoned and sits out this turn."
    if k == Move.REFILL:
        return f"{who} puts a captured {stone_name(action['stone'])} on {square_label(action['square'])}."
    if k == Move.ORDAIN:
        return f"{who} ordains the peasant on {square_label(action['square'])}: a {stone_name(action['stone'])} takes its place."
    if k == Move.SOW:
        sq = action["square"]
        return (f"{who} sows {square_label(sq)} ({count_words(state.board[sq])}) {WAYS[action['dir']]}.")
    if k == Move.DROP:
        name = stone_name(action["stone"])
        if action.get("turn"):
            return f"{who} uses the Samurai's ability: the sowing turns round."  # (a stone has no owner)
        if action["to"] != step(state.pos, state.direction):
            return f"{who} uses the {name}'s ability: it lands on {square_label(action['to'])}."
        to = place_words(action["to"], state.classic, lambda q: names[q] if 0 <= q < len(names) else "?")
        return f"{who} drops the {name} on {to}."
    if k == Move.TAKE:
        return f"{who} takes the stones beyond the empty square."
    if k == Move.LEAVE:
        return f"{who} leaves the stones beyond the empty square where they are."
    if k == Move.ROLL:
        return f"{who} rolls the dice for a captured Thief."
    if k == Move.KEEP:
        return f"{who} keeps the Thief and does not roll."
    if k == Move.DICE:
        roller = state.thieves[0] if state.thieves else 0
        r = names[roller] if roller < len(names) else "?"
        o = names[1 - roller] if 1 - roller < len(names) else "?"
        if action["double"]:
            return f"The dice show a double ({action['total']}): {o} gains {action['total']} points from {r}."
        return f"The dice show {action['total']}: {r} steals {action['total']} points from {o}."
    return f"{who}: {action}"


def aftermath(state: ShogunState, names: list[str]) -> str:
    """What a sowing (or a refill) brought about, from the state's ``events``: the squares picked
    up and sown on (where the sowing went on to), captures,
    protection, imprisonment, the empty squares refilled and the stones borrowed, the end.  (In
    the classic rules a rectangle is its owner's house.)"""
    def who(p: int) -> str:
        return names[p] if 0 <= p < len(names) else "?"

    classic = state.classic
    out: list[str] = []
    retreat = [0, 0]
    refilled: list[dict] = []  # (a run of one player's refills and borrowings, said in one sentence)
    for i, e in enumerate(state.events):
        kind = e["event"]
        if kind in ("refill", "borrow"):
            if not (i == 0 and kind == "refill"):  # (the decision's own refill: told already)
                refilled.append(e)
            continue
        if refilled:
            out.append(refill_sentence(refilled, state.events, classic, who))
            refilled = []
        if kind == "capture":
            stones = e["stones"]
            lord = "the Mandarin" if classic else "the Shogun"
            where = place_words(e["place"], classic, who)
            if stones == [SHOGUN]:
                out.append(f"{who(e['player'])} captures {lord} from {where}.")
            else:
                among = f", {lord} among them" if SHOGUN in stones else ""
                out.append(f"{who(e['player'])} captures {count_words(stones)} from {where}{among}.")
        elif kind == "pick":
            out.append(pick_sentence(e, state.events[i + 1:], classic, who))
        elif kind == "protected":
            out.append(f"The young mandarin {'in' if classic else 'on'} {place_words(e['place'], classic, who)} "
                       "cannot be taken.")
        elif kind == "imprisoned" and state.step not in (Step.THIEF, Step.DICE, Step.OVER):
            out.append(f"{who(e['player'])} took a shogun early and is imprisoned for the next turn.")
        elif kind == "repetition":
            out.append("The same position has come back a third time: the game ends.")
        elif kind == "retreat":
            retreat[e["player"]] += len(e["stones"])
    if refilled:
        out.append(refill_sentence(refilled, state.events, classic, who))
    if any(retreat):
        out.append("The stones left go to their side's owner: "
                   + ", ".join(f"{who(p)} {retreat[p]}" for p in range(2)) + ".")
    return " ".join(out)


def refill_sentence(run: list[dict], events: list[dict], classic: bool, who: Callable[[int], str]) -> str:
    """A player's empty squares refilled, in one sentence: their own captured stones put back, one
    on each, and the stones borrowed from the other player's captures when theirs ran short
    ("Ann's squares are all empty: Ann puts 2 captured stones back, one on each, and borrows 3
    stones for the rest from Ben's captures, to pay back at the end.").  After a refill the player
    chose (the decision's own, ``events[0]``), the rest is told as its sequel."""
    p = run[0]["player"]
    me, other = who(p), who(1 - p)
    own = sum(1 for e in run if e["event"] == "refill")
    lent = [e["stone"] for e in run if e["event"] == "borrow"]
    if classic:
        what = stones_words(len(lent))
    else:
        what = ("a " if len(lent) == 1 else "") + count_text([KEYS[k] for k in lent])
    back = f"puts {own} captured stone{'s' if own != 1 else ''} back, one on each"
    if own and lent:
        said = f"{me} {back}, and borrows {what} for the rest from {other}'s captures, to pay back at the end"
    elif own:
        said = f"{me} {back}"
    else:
        each = ", one for each" if len(lent) > 1 else ""
        said = f"{me} borrows {what} from {other}'s captures{each}, to pay back at the end"
    sequel = bool(events) and events[0]["event"] == "refill" and events[0]["player"] == p
    return f"{said}." if sequel else f"{me}'s squares are all empty: {said}."


def pick_sentence(pick: dict, after: list[dict], classic: bool, who: Callable[[int], str]) -> str:
    """A square picked up after the last stone and sown on, with the place its last stone reached
    ("Ann picks up B3 (4 stones) and sows on to A5."); the place is left out while the hand is
    still to be dropped (a choice the next decision makes)."""
    said = f"{who(pick['player'])} picks up {square_label(pick['place'])} ({count_words(pick['stones'])}) and sows on"
    drops = []
    for e in after:
        if e["event"] == "pick":
            break
        if e["event"] == "drop":
            drops.append(e)
    if len(drops) == len(pick["stones"]):
        return f"{said} to {place_words(drops[-1]['place'], classic, who)}."
    return f"{said}."
