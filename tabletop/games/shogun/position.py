"""Position documents for Spheres, the shogun sowing game (docs/positions.md).

A position is the state's own JSON (``ShogunState.to_json``) with ``"format": 1``.  Only the
board is needed; everything else has a default, so a hand-written document can be short::

    {"game": "spheres-shogun", "board": [["peasant"], [], ["monk", "peasant"], [], [], ["shogun"],
     [], [], ["peasant"], [], [], ["shogun"]], "chosen": [["monk"], []], "turn_player": 0}

``turns`` counts the turns each player has begun, the current one included (a shogun taken in
a player's turns 1-3 imprisons them).  A position starts at the beginning of a turn (``"step": "turn"``, the default), in the set-up,
or in the middle of a sowing (``"step": "drop"`` with ``hand``, ``pos`` and ``direction``).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.game import GameDef, GameError, short
from tabletop.engine.positions import int_field, list_field

from .rules import RELAY_LIMIT, ShogunState
from .steps import Step
from .stones import CODE, PLACES, RECTANGLES, SHOGUN, SPECIALS, squares

FORMAT = 1
STEPS = (Step.SETUP, Step.TURN, Step.DROP, Step.SKIP, Step.REFILL)  # where a document may start


class PositionError(GameError):
    """A position document that does not describe a possible position."""


def _stones(value: Any, where: str, ordered: bool = False) -> list[int]:
    """The stones ``value`` names: sorted, as a place or a store keeps them, or (``ordered``) in
    the document's order, which play gives them (the stones borrowed, the kinds chosen)."""
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of stones.")
    out = []
    for s in value:
        if not isinstance(s, str) or s not in CODE:
            raise PositionError(f"Unknown stone {short(s)} in {where} (stones: {', '.join(CODE)}).")
        out.append(CODE[s])
    return out if ordered else sorted(out)


def _pair(doc: dict, key: str, default: Any) -> list[Any]:
    value = list_field(doc, key, default, PositionError)
    if len(value) != 2:
        raise PositionError(f"'{key}' must have one entry per player (2).")
    return value


def _sowings_so_far(step: str, turns: list[int]) -> int:
    """``game_turns`` as a played game has it at ``step``: the sowings made.  ``turns`` counts
    the turns begun, the current one included, but the current turn's sowing counts only once
    it is under way (step "drop"); a turn sat out in prison is neither."""
    begun = sum(turns)
    return max(0, begun - 1) if step in (Step.TURN, Step.REFILL) else begun


def _history(doc: dict) -> tuple[int, ...]:
    """The positions at the start of each turn since the last capture, as the state numbers them
    (a third time ends the game); none in a document that does not give them."""
    history = list_field(doc, "history", [], PositionError)
    if not all(isinstance(h, int) and not isinstance(h, bool) for h in history):
        raise PositionError("'history' must list whole numbers (positions as the state numbers them).")
    return tuple(history)


def _rolls(doc: dict) -> list[dict[str, Any]]:
    """The thief's dice rolled so far: each {"player": 0 or 1, "total": 2-12, "double": true/false}."""
    rolls = list_field(doc, "rolls", [], PositionError)
    for r in rolls:
        if not (isinstance(r, dict) and set(r) == {"player", "total", "double"} and r["player"] in (0, 1)
                and not isinstance(r["player"], bool) and isinstance(r["total"], int) and 2 <= r["total"] <= 12
                and isinstance(r["double"], bool) and (not r["double"] or r["total"] % 2 == 0)):
            raise PositionError('\'rolls\' lists dice rolls: {"player": 0 or 1, "total": 2-12, "double": true or false}.')
    return [dict(r) for r in rolls]


def from_position(game: GameDef, doc: Any) -> ShogunState:
    if not isinstance(doc, dict):
        raise PositionError("A position document is a JSON object.")
    if doc.get("format", FORMAT) != FORMAT:
        raise PositionError(f"Unknown position format {short(doc.get('format'))} (this app reads {FORMAT}).")
    if doc.get("players", 2) != 2:
        raise PositionError("Spheres is a game for 2 players.")
    state = ShogunState(game.resolve_options(doc.get("options") or {}))
    board = list_field(doc, "board", None, PositionError)
    if len(board) != PLACES:
        raise PositionError(f"'board' must list the {PLACES} places (squares 0-4, east rectangle 5, squares 6-10, "
                            "west rectangle 11).")
    state.board = [_stones(b, f"place {i}") for i, b in enumerate(board)]
    for i, place in enumerate(state.board):
        if SHOGUN in place and i not in RECTANGLES:
            raise PositionError(f"A shogun stands only in a rectangle, not on place {i}.")
        if place.count(SHOGUN) > 1:
            raise PositionError(f"Place {i} holds two shoguns.")
    state.stores = [_stones(s, f"stores[{p}]") for p, s in enumerate(_pair(doc, "stores", [[], []]))]
    state.borrowed = [_stones(s, f"borrowed[{p}]", True) for p, s in enumerate(_pair(doc, "borrowed", [[], []]))]
    chosen = [_stones(s, f"chosen[{p}]", True) for p, s in enumerate(_pair(doc, "chosen", [[], []]))]
    for p, c in enumerate(chosen):
        if any(k not in SPECIALS for k in c) or len(set(c)) != len(c):
            raise PositionError(f"chosen[{p}] must name different special stones.")
    state.chosen = chosen
    shoguns = sum(x.count(SHOGUN) for x in state.board + state.stores)
    if shoguns != 2:
        raise PositionError(f"There must be 2 shoguns, on the board or captured ({shoguns} found).")
    tp = doc.get("turn_player", 0)
    if tp not in (0, 1):
        raise PositionError("'turn_player' must be 0 or 1.")
    state.turn_player = tp
    step = doc.get("step", Step.SETUP if doc.get("setup") else Step.TURN)
    if step not in STEPS:
        raise PositionError(f"'step' must be one of {', '.join(STEPS)}, not {short(step)}.")
    if state.classic and step == Step.SETUP:
        raise PositionError("The classic rules have no set-up.")
    state.step = step
    for key in ("turns", "imprisoned", "doubled", "transfers"):
        kind = bool if key == "imprisoned" else int
        value = _pair(doc, key, getattr(state, key))
        if not all(type(v) is kind for v in value):
            raise PositionError(f"'{key}' must hold a {'true or false' if kind is bool else 'whole number'} per player.")
        setattr(state, key, list(value))
    state.game_turns = int_field(doc, "game_turns", _sowings_so_far(step, state.turns), PositionError)
    state.ordained = bool(doc.get("ordained", False))
    state.history = _history(doc)
    state.rolls = _rolls(doc)
    # where the last sowing went (a sowing under way goes on from there)
    drop = step == Step.DROP
    state.pos, state.direction = doc.get("pos", None if drop else 0), doc.get("direction", None if drop else 1)
    if not (type(state.pos) is int and 0 <= state.pos < PLACES and type(state.direction) is int
            and state.direction in (1, -1)):
        raise PositionError("A sowing under way needs 'pos' (0-11) and 'direction' (1 or -1)." if drop
                            else "'pos' must be a place (0-11) and 'direction' 1 or -1.")
    state.relays = int_field(doc, "relays", 0, PositionError, 0, RELAY_LIMIT)
    if step == Step.DROP:
        state.hand = _stones(doc.get("hand"), "hand")
        if not state.hand:
            raise PositionError("A sowing under way needs stones in the hand.")
        # (option opponent_side=plain) the special stones of the hand, and those dropped this turn
        # by place, that were taken up from the opponent's side
        state.plain = _stones(doc.get("plain", []), "plain")
        if any(state.plain.count(k) > state.hand.count(k) for k in state.plain):
            raise PositionError("'plain' names stones that are not in the hand.")
        plain_on = list_field(doc, "plain_on", [], PositionError)
        for entry in plain_on:
            if not (isinstance(entry, list) and len(entry) == 2 and entry[0] in range(PLACES)):
                raise PositionError("'plain_on' lists [place, [stones]] pairs.")
            stones = _stones(entry[1], f"plain_on at place {entry[0]}")
            if any(stones.count(k) > state.board[entry[0]].count(k) for k in stones):
                raise PositionError(f"'plain_on' names stones that are not on place {entry[0]}.")
            state.plain_on[entry[0]] = stones
    elif step == Step.TURN and not any(state.board[sq] for sq in squares(tp)):
        state._refill()
    return state


def to_position(state: ShogunState) -> dict[str, Any]:
    doc = state.to_json()
    doc["format"] = FORMAT
    doc["options"] = dict(state.options)  # (to_json leaves out the readings of old saves: a document names them)
    doc.pop("events", None)  # (what the last decision did, for the log)
    return doc
