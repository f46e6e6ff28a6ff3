"""Spheres of Life: what each seat sees -- the view, the hidden cards, the open questions put to
everybody at once (their words and the banner's are :mod:`.words`'s) and the words at the end of
a move or a game.

Plain functions of a state: the state's hooks of the same names (``view``, ``hidden_from``,
``window`` ...) hand over to them; they read the state and change nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine.actions import Action
from tabletop.engine.game import State

from . import words
from .cards import ABILITY, DAWN_PHASE, GODLY_ABILITIES, card, kind_of, kind_types
from .effects import CORRUPTED_IN_HAND
from .steps import DREAM, OVER, Declared, Move, Step

if TYPE_CHECKING:
    from .rules import SpheresState


def hidden_from(state: SpheresState, seat: int | None) -> set[str]:
    """The deck, and the cards of the other hands that the seat has not seen there (all of
    a hand whose order it knows is seen); a spectator knows what was shown to everybody.  At the
    end every hand is shown (counted)."""
    hidden = set(state.deck)
    for p in range(state.num_players):
        if p == seat or state.phase == OVER:
            continue
        if seat is None:
            others = [o for o in range(state.num_players) if o != p]
            hidden.update(c for c in state.hands[p] if not all(c in state.known[o][p] for o in others))
        elif not state.order_known[seat][p]:
            hidden.update(c for c in state.hands[p] if c not in state.known[seat][p])
        if state.step == Step.SACRIFICE:  # (laid face down, shown together)
            hidden.update(state.dawn.sacrificed[p])
    return hidden


def components(state: SpheresState) -> list[Any]:
    cards = [*state.deck, *state.discard, *state.table, *state.hero_pool, *state.dawn.aside, *state.dawn.out]
    for p in range(state.num_players):
        cards += [*state.hands[p], *state.bank_cards[p], *state.heroes[p], *state.fields[p], *state.dawn.sacrificed[p]]
        # (used heroes, sacrificed ones too, stay with their owner)
    cards += [item["card"] for item in state.chain if "card" in item]  # declared, not yet resolved
    c = state.effect.get("card")
    if c and kind_types()[kind_of()[c]] == ABILITY and "want" not in state.effect:
        cards.append(c)  # an ability being carried out (an offered card stays in its hand)
    return cards


def view(state: SpheresState, seat: int | None) -> dict[str, Any]:
    n = state.num_players
    hands = []
    for p in range(n):
        if p == seat:
            hands.append({"cards": list(state.hands[p]), "size": len(state.hands[p]), "known": []})
        else:
            known = sorted(state.known[seat][p]) if seat is not None else []
            # (at the end every hand is shown: it is counted, and the Scores say its points)
            exact = state.phase == OVER or (seat is not None and state.order_known[seat][p])
            hands.append({
                "cards": list(state.hands[p]) if exact else None,
                "size": len(state.hands[p]),
                "known": known,
            })
    effect = {k: (list(v) if isinstance(v, list) else v) for k, v in state.effect.items()}
    if state.step == Step.ORDER and seat != state.effect.get("who"):
        effect.pop("left", None)
        effect.pop("placed", None)
    return {
        "game": state.game_id,
        "seat": seat,
        "players": n,
        "options": dict(state.options),
        "phase": state.phase,
        "last_dream": state.last_dream,
        "step": state.step,
        "decider": state.decider(),
        "turn": state.turn,
        "leader": state.leader,
        "wind_lead": state.wind_lead,
        "queue": list(state.queue),
        "prio": list(state.prio),
        "block_queue": list(state.block_queue),
        "chain": [chain_item_seen(c, seat) for c in state.chain],
        "effect": effect,
        "deck": len(state.deck),
        "discard": list(state.discard),
        "table": list(state.table),
        "hands": hands,
        "locked": list(state.locked),
        "banked": [list(b) for b in state.banked],
        "bank_cards": [list(b) for b in state.bank_cards],
        "banked_this_dream": list(state.banked_this_dream),
        "heroes": [list(h) for h in state.heroes],
        "used": list(state.used),
        "hero_pool": list(state.hero_pool),
        "hero_queue": list(state.hero_queue),
        "phases_done": state.phases_done,
        "game_began": state.game_began,
        "match_round": state.match_round,
        "carried": list(state.carried),
        "window_id": state.window_id,
        "closing": state.closing,
        "scores": visible_scores(state, seat),
        **({"lasting": [dict(r) for r in state.lasting]} if state.lasting else {}),  # (public)
        **({"fields": [list(f) for f in state.fields], "activated_this_dream": list(state.activated_this_dream),
            "discard_picked": list(state.discard_picked)} if GODLY_ABILITIES in state.parts else {}),
        **({"dawn": state.dawn.view(seat, shown=state.step != Step.SACRIFICE)} if DAWN_PHASE in state.parts else {}),
    }


def chain_item_seen(item: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A declared item as ``seat`` sees it: a gift passes face down, so its card is known
    to the giver only (the receiver learns it when it arrives)."""
    action = item.get("action") or {}
    if item["kind"] == Declared.ACTION and action.get("kind") == Move.GIFT and seat != item["who"]:
        return {**item, "action": {**action, "card": None}}
    return dict(item)


def visible_scores(state: SpheresState, seat: int | None) -> list[dict[str, Any]]:
    """Scores as ``seat`` may see them: its own in full; of the others only what is public
    (banked sets, earlier rounds) -- their hands count as unknown (``None``) until the end."""
    out = []
    for p, score in enumerate(state.scores()):
        doc = score.to_json()
        if p != seat and state.phase != OVER:
            hidden = ("Noble animals in hand", CORRUPTED_IN_HAND, "Ability cards in hand")
            for part in doc["parts"]:
                if part["label"].startswith(hidden):  # (and what a lasting effect makes of them)
                    part["points"] = None
            doc["total"] = None
        out.append(doc)
    return out


def shown_between(state: SpheresState, after: Any) -> set[int]:
    """Who a move shows a card they could not know (``State.shown_to``).  Besides the cards
    that leave a seat's hidden set: a sacrifice is final for everybody (laid face down, all
    turned up together), and the game's end shows everybody the scores of all hands."""
    if state.step == Step.SACRIFICE or after.phase == OVER:
        return set(range(state.num_players))
    return State.shown_between(state, after)


def quiet_key(state: SpheresState, action: Action) -> str | None:
    """A "no" at a block window ("block"), at a quiet moment ("now"), or to banking ("bank")."""
    if action.kind == Move.PASS:
        return "block" if state.step == Step.BLOCK else "now"
    return "bank" if action.kind == Move.SKIP else None


def formality(state: SpheresState, hotseat: bool = False) -> bool:
    if hotseat and not state.options["quick_answers"]:
        return False
    legal = state.legal_actions()
    return len(legal) == 1 and legal[0].kind in (Move.PASS, Move.DECLINE, Move.DONE, Move.SKIP)


def open_invitation(state: SpheresState) -> bool:
    # the quiet moments before others' turns; the one before one's own turn, the closing
    # one of a Dream (the last chance for an Orb of Time or a hero) and every block window
    # or exchange offer are always asked
    return state.step == Step.PRIO and not state.closing and bool(state.queue) and state.queue[0] != state.decider()


def window(state: SpheresState, names: list[str] | None = None) -> tuple[str, int] | None:
    if state.step not in (Step.PRIO, Step.BLOCK, Step.ACCEPT) or state.options["quick_answers"]:
        return None
    if state.step == Step.PRIO and state.phase != DREAM:
        return None  # heroes are public: only their owners are asked, one by one
    return words.question(state, names or [f"Player {p + 1}" for p in range(state.num_players)]), state.window_id


def no_answer(state: SpheresState) -> Action | None:
    return next((a for a in state.legal_actions() if a.kind in (Move.PASS, Move.DECLINE, Move.SKIP)), None)


def window_order(state: SpheresState) -> list[int]:
    if state.step == Step.PRIO:
        return list(state.prio)
    if state.step == Step.BLOCK:
        return list(state.block_queue)
    if state.step == Step.ACCEPT:
        return list(state.effect["left"])
    return []


# --- the end of a game, and of a move ---------------------------------------------------------
def result_note(state: SpheresState) -> str:
    """(Gods & Myths) A game the Dawn ended says so on the end screen."""
    if state.dawn.ended and state.phase == OVER:
        return f"The Dawn ended the game early: the sacrifices were worth {state.dawn.total}."
    return ""


def aftermath(state: SpheresState) -> str:
    """A Dawn card that came up is shown to everybody at once; so are the Dawn's sacrifices,
    with what they are worth."""
    if state.dawn.counted is not None:
        cards = ", ".join(card(c).name for c in state.dawn.counted) or "nothing"
        worth = f"The sacrifices are shown ({cards}): worth {state.dawn.total}."
        if state.dawn.total >= 10:
            return f"{worth} That is 10 or more: the game ends."
        if state.step == Step.DAWN_HERO:
            return f"{worth} Below 10: each may add an unused hero for 5 more."
        return f"{worth} Below 10, and nobody has a hero left to add: the game goes on."
    if not state.dawn.news:
        return ""
    if state.dawn.aside and state.dawn.aside[-1] in state.dawn.news:
        return "A Dawn card comes up: the Dawn Phase follows this phase."
    if state.last_dream:
        return "A Dawn card comes up: in the Last Dream it is left out."
    return "A Dawn card comes up and goes back into the deck (no Dawn now)."
