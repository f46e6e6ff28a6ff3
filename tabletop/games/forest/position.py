"""Position documents for Once Upon a Forest (format: docs/positions.md)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.game import GameError, short
from tabletop.engine.positions import CardLedger, list_field

from .cards import LEVELS, deck
from .rules import HAND_SIZE, OVER, PILES, PLACE, STAGES, ForestState, tree_complete

POSITION_FORMAT = 1


class PositionError(GameError):
    """A position document that does not describe a possible position."""


def _list(doc: dict, key: str, default: Any) -> Any:
    return list_field(doc, key, default, PositionError)


def _read_forests(forests_doc: list, take: Any, cards: Any) -> list:
    """Each player's forest from the document, its cards taken from the ledger (a tree is four
    rows of the right levels; only the last tree of a forest may be incomplete)."""
    out = []
    for p, forest in enumerate(forests_doc):
        if not isinstance(forest, list):
            raise PositionError(f"The forest of player {p + 1} must be a list of trees.")
        for t, tree in enumerate(forest):
            where = f"tree {t + 1} of player {p + 1}"
            if not isinstance(tree, list) or len(tree) != 4 or not all(isinstance(s, list) for s in tree):
                raise PositionError(f"{where} must be four lists (Ground, 1st, 2nd, Canopy).")
            for row, stack in enumerate(tree):
                for c in stack:
                    take(c, where)
                    if cards[c].level != row:
                        raise PositionError(
                            f"Card {c} is a {LEVELS[cards[c].level]} card but lies in the {LEVELS[row]} row of {where}."
                        )
            if not any(tree):
                raise PositionError(f"{where} is empty.")
            if t < len(forest) - 1 and not tree_complete(tree):
                raise PositionError(f"{where} is incomplete, but only the last tree may be incomplete.")
        out.append([[list(s) for s in t] for t in forest])
    return out


def from_position(game: Any, doc: Any) -> ForestState:
    if not isinstance(doc, dict):
        raise PositionError("A position document is a JSON object.")
    options = game.resolve_options(doc.get("options") or {})
    if doc.get("format", POSITION_FORMAT) != POSITION_FORMAT:
        raise PositionError(f"Unknown position format {short(doc.get('format'))} (this app reads {POSITION_FORMAT}).")
    forests_doc = _list(doc, "forests", None)
    players = doc.get("players", len(forests_doc))
    if not isinstance(players, int) or not 1 <= players <= 4:
        raise PositionError(f"'players' must be 1, 2, 3 or 4, not {short(players)}.")
    if len(forests_doc) != players:
        raise PositionError(f"'forests' has {len(forests_doc)} forests for {players} players.")
    state = ForestState(players, options)
    cards = deck()
    ledger = CardLedger(cards, PositionError)
    take, seen = ledger.take, ledger.seen

    state.forests = _read_forests(forests_doc, take, cards)

    hands = _list(doc, "hands", [[] for _ in range(players)])
    if len(hands) != players:
        raise PositionError(f"'hands' has {len(hands)} hands for {players} players.")
    for p, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) > HAND_SIZE:
            raise PositionError(f"The hand of player {p + 1} must be a list of at most {HAND_SIZE} cards.")
        state.hands[p] = [take(c, f"the hand of player {p + 1}") for c in hand]
    piles = _list(doc, "piles", [[] for _ in range(PILES)])
    if len(piles) != PILES or not all(isinstance(p, list) for p in piles):
        raise PositionError(f"'piles' must be {PILES} lists of cards (bottom card first).")
    state.piles = [[take(c, f"pile {i + 1}") for c in pile] for i, pile in enumerate(piles)]

    compost = _list(doc, "compost", [])
    if compost and players != 1:
        raise PositionError("Only a one-player game has a compost.")
    state.compost = [take(c, "the compost") for c in compost]

    pending = doc.get("pending")
    if pending is not None:
        if not isinstance(pending, dict) or not isinstance(pending.get("to"), int) or not 0 <= pending["to"] < players:
            raise PositionError("'pending' must be {\"card\": ID, \"to\": PLAYER} or null.")
        state.pending = take(pending.get("card"), "the pending gift")
        state.pending_to = pending["to"]

    if players == 1 and state.pending is not None:
        raise PositionError("A one-player game has no gifts: 'pending' must be null.")
    everything_placed = not any(state.piles) and not any(state.hands) and state.pending is None
    stage = doc.get("stage", OVER if everything_placed else None)
    if stage not in STAGES:
        raise PositionError(f"'stage' must be one of {', '.join(STAGES)}, not {short(stage)}.")
    if (stage == PLACE) != (state.pending is not None):
        raise PositionError("A pending gift goes with the 'place' stage, and only with it.")
    if stage == OVER and not everything_placed:
        raise PositionError("The stage 'over' needs every card drawn and placed.")
    turn = doc.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < players:
        raise PositionError(f"'turn' must be a player index from 0 to {players - 1}.")
    rounds = doc.get("round", 0)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0:
        raise PositionError(f"'round' must be a whole number of rounds played, 0 or more, not {short(rounds)}.")
    state.stage, state.turn, state.rounds = stage, turn, rounds
    state.pool = [c for c in cards if c in seen]
    if stage != OVER and not state.legal_actions():
        raise PositionError(f"In stage {stage!r} player {state.decider() + 1} has nothing to do.")
    return state


def to_position(state: ForestState) -> dict[str, Any]:
    return {
        "game": "forest",
        "format": POSITION_FORMAT,
        "players": state.num_players,
        "options": dict(state.options),
        "stage": state.stage,
        "turn": state.turn,
        "round": state.rounds,
        "piles": [list(p) for p in state.piles],
        "hands": [list(h) for h in state.hands],
        "forests": [[[list(s) for s in t] for t in f] for f in state.forests],
        "pending": None if state.pending is None else {"card": state.pending, "to": state.pending_to},
        "compost": list(state.compost),
    }
