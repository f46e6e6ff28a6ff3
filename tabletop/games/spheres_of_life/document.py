"""Spheres of Life: a state written down -- the document that saves, digests and position
documents are made of (``SpheresState.to_json``) -- and the check of what a state may hold
(``SpheresState.consistency_problems``).  Both name every field of the state: a new field is
written here, read back in position.py, copied in ``SpheresState.clone`` and shown in views.py.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .cards import (
    DAWN, DAWN_PHASE, GODLY_ABILITIES, GODLY_HEROES, HERO, PARTS, every_card, godly_heroes, hero_cards, main_deck,
    regular_heroes,
)
from .dawn import CYCLE

if TYPE_CHECKING:
    from .rules import SpheresState

DAWN_OPTIONS = ("dawn_count", "dawn_round")  # the options that matter only with the Dawn


def consistency_problems(state: SpheresState) -> list[str]:
    """The game's cards are the main deck's and the heroes' of these options, and each lies
    where its type may: a Dawn card only in the main deck, set aside or out of play (never
    in a hand, a sacrifice or any open pile); a hero only in the choice or with its owner;
    banked cards are animals, a Field's Prolonged abilities; and what a player knows to be
    in a hand is there."""
    heroes = () if state.purist else (regular_heroes(True) + godly_heroes() if GODLY_HEROES in state.parts
                                     else hero_cards())
    have, made = Counter(state.components()), Counter(main_deck(state.purist, state.parts) + heroes)
    problems = [f"its cards are not the game's: {dict(have - made)} too many, {dict(made - have)} missing"
                ] if have != made else []
    cards = every_card()
    n = state.num_players
    places: list[tuple[str, list[str], Any]] = [
        ("the main deck", state.deck, lambda c: c.type != HERO),
        ("the Dawn cards set aside", state.dawn.aside, lambda c: c.type == DAWN),
        ("the Dawn cards out of play", state.dawn.out, lambda c: c.type == DAWN),
        ("the discard pile", state.discard, lambda c: c.type not in (HERO, DAWN)),
        ("the table", state.table, lambda c: c.type not in (HERO, DAWN)),
        ("the heroes to choose from", state.hero_pool, lambda c: c.type == HERO),
        ("the cards being played", [i["card"] for i in state.chain if "card" in i], lambda c: c.type not in (HERO, DAWN)),
    ]
    for p in range(n):
        places += [(f"the hand of player {p + 1}", state.hands[p], lambda c: c.type not in (HERO, DAWN)),
                   (f"the sacrifice of player {p + 1}", state.dawn.sacrificed[p], lambda c: c.type not in (HERO, DAWN)),
                   (f"the banked sets of player {p + 1}", state.bank_cards[p], lambda c: c.is_animal),
                   (f"the Field of player {p + 1}", state.fields[p], lambda c: c.prolonged),
                   (f"the heroes of player {p + 1}", state.heroes[p], lambda c: c.type == HERO)]
    for where, pile, may in places:
        wrong = [c for c in pile if not may(cards[c])]
        if wrong:
            problems.append(f"{', '.join(wrong)} cannot lie in {where}")
    for o in range(n):
        for p in range(n):
            if not state.known[o][p] <= set(state.hands[p]):
                problems.append(f"player {o + 1} knows of cards in the hand of player {p + 1} that are not there")
    return problems


def written_options(state: SpheresState) -> dict[str, Any]:
    """The options as the state's document writes them: an expansion part that is off is left
    out, so a base game's document (and its digest) is what it was before the expansion; so
    are the Dawn's own options without the Dawn, and ``dawn_round`` at the reading every game
    saved before it was played with (its legacy choice)."""
    return {k: v for k, v in state.options.items()
            if (v or k not in PARTS) and not (k in DAWN_OPTIONS and DAWN_PHASE not in state.parts)
            and (k, v) != ("dawn_round", CYCLE)}


def document(state: SpheresState) -> dict[str, Any]:
    return {
        "game": state.game_id,
        "players": state.num_players,
        "options": written_options(state),
        "deck": state.deck,
        "discard": state.discard,
        "table": state.table,
        "hands": state.hands,
        "banked": state.banked,
        "bank_cards": state.bank_cards,
        "heroes": state.heroes,
        "used": state.used,
        "hero_pool": state.hero_pool,
        "hero_queue": state.hero_queue,
        "phase": state.phase,
        "last_dream": state.last_dream,
        "leader": state.leader,
        "wind_lead": state.wind_lead,
        "queue": state.queue,
        "step": state.step,
        "prio": state.prio,
        "chain": state.chain,
        "block_queue": state.block_queue,
        "effect": state.effect,
        "banked_this_dream": state.banked_this_dream,
        "locked": state.locked,
        "known": [[sorted(s) for s in row] for row in state.known],
        "order_known": state.order_known,
        "phases_done": state.phases_done,
        "slot_seed": state.slot_seed,
        "match_round": state.match_round,
        "carried": state.carried,
        "window_id": state.window_id,
        "closing": state.closing,
        **({"lasting": state.lasting} if state.lasting else {}),
        **({"fields": state.fields, "activated_this_dream": state.activated_this_dream,
            "discard_picked": state.discard_picked} if GODLY_ABILITIES in state.parts else {}),
        **(state.dawn.document() if DAWN_PHASE in state.parts else {}),
    }
