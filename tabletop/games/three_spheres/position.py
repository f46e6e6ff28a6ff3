"""Position documents for Three Spheres TCG (format: docs/positions.md).

A document names the cards of each place by their game ids (``"moss_sprout.a3"``: a Moss
Sprout; any tail after the dot tells copies apart) and may leave out what is empty::

    {"game": "three-spheres", "turn": 0, "hand": [["seed_stone.a1", "silver_leaf.a2"], []],
     "spaces": [["elder_oak.b1"], [], [], [], [], []], "discovery": [["old_willow.a9"], []]}

Fields, each per player ``[first, second]`` unless said: ``realm`` (top last), ``discard``,
``hand``, ``in_play``, ``spent``, ``world_deck``, ``discovery_deck``, ``discovery``; and
``spaces`` (six stacks, top last: spaces 1-3 are player 1's side), ``trash``, ``turn`` (0 or 1),
``first``, ``turns``, ``paid`` ({card: resources}), ``discount``, ``protected``,
``end_triggered``, ``options``; what the turn has done so far: ``spent_on`` ({spent card: the
card it paid into}), ``used`` (one-shot abilities that happened), ``reshuffled``; and ``seed``,
``shuffles``, ``dealt`` (the cards are the two decks' as dealt: the stricter checks apply).  The
Wisps not placed are in the supply.  A document starts in the main phase of ``turn``'s player
(``step`` may say so, and nothing else).
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.game import GameError, short
from tabletop.engine.positions import int_field, list_field

from .cards import WISP, WISP_SUPPLY, all_cards
from .rules import SPACES_A_SIDE, ThreeSpheresState
from .steps import Step

POSITION_FORMAT = 1
PER_PLAYER = ("realm", "discard", "hand", "in_play", "spent", "world_deck", "discovery_deck", "discovery")
_WHERE = {"realm": "Realm deck", "discard": "Realm discard", "hand": "hand", "in_play": "cards in play",
          "spent": "spent cards", "world_deck": "World deck", "discovery_deck": "Discovery deck",
          "discovery": "Discovery spread"}


class PositionError(GameError):
    """A position document that does not describe a possible position."""


def from_position(game: Any, doc: Any) -> ThreeSpheresState:
    if not isinstance(doc, dict):
        raise PositionError("A position document is a JSON object.")
    if doc.get("format", POSITION_FORMAT) != POSITION_FORMAT:
        raise PositionError(f"Unknown position format {short(doc.get('format'))} (this app reads {POSITION_FORMAT}).")
    state = ThreeSpheresState(game.resolve_options(doc.get("options") or {}))
    seen: dict[str, str] = {}

    def take(c: Any, where: str) -> str:
        if not isinstance(c, str) or c.split(".", 1)[0] not in all_cards() or "." not in c:
            raise PositionError(f"Unknown card {short(c)} in {where} (a card is written as its id, a dot and a tail: "
                                "'moss_sprout.a1').")
        if c.split(".", 1)[0] == WISP and c not in {f"{WISP}.{i + 1}" for i in range(WISP_SUPPLY)}:
            raise PositionError(f"There are {WISP_SUPPLY} Wisps, wisp.1 to wisp.{WISP_SUPPLY}; {c} is not one ({where}).")
        if c in seen:
            raise PositionError(f"Card {c} appears twice: in {seen[c]} and in {where}.")
        seen[c] = where
        return c

    for field in PER_PLAYER:
        value = list_field(doc, field, [[], []], PositionError)
        if len(value) != 2 or not all(isinstance(x, list) for x in value):
            raise PositionError(f"'{field}' must be two lists of cards, one for each player.")
        getattr(state, field)[:] = [[take(c, f"the {_WHERE[field]} of player {p + 1}") for c in value[p]]
                                    for p in range(2)]
    spaces = list_field(doc, "spaces", [[] for _ in range(2 * SPACES_A_SIDE)], PositionError)
    if len(spaces) != 2 * SPACES_A_SIDE or not all(isinstance(s, list) for s in spaces):
        raise PositionError(f"'spaces' must be {2 * SPACES_A_SIDE} lists of cards (World spaces, top last).")
    state.spaces = [[take(c, f"World space {i + 1}") for c in s] for i, s in enumerate(spaces)]
    state.trash = [take(c, "the trash") for c in list_field(doc, "trash", [], PositionError)]
    state.supply = [f"{WISP}.{i + 1}" for i in range(WISP_SUPPLY) if f"{WISP}.{i + 1}" not in seen]

    state.turn = int_field(doc, "turn", 0, PositionError, 0, 1)
    state.first = int_field(doc, "first", state.turn, PositionError, 0, 1)
    turns = list_field(doc, "turns", [0, 0], PositionError)
    if len(turns) != 2 or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in turns):
        raise PositionError("'turns' must be two whole numbers: the turns each player has finished.")
    state.turns = list(turns)
    state.discount = int_field(doc, "discount", 0, PositionError)
    paid = doc.get("paid", {})
    if not isinstance(paid, dict) or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                                             for v in paid.values()):
        raise PositionError("'paid' must map cards to the resources paid into them this turn.")
    for target in paid:
        if target not in seen:
            raise PositionError(f"'paid' names {short(target)}, which is not on the table.")
    state.paid = dict(paid)
    protected = doc.get("protected", [False, False])
    if not (isinstance(protected, list) and len(protected) == 2 and all(isinstance(x, bool) for x in protected)):
        raise PositionError("'protected' must be two true/false values.")
    state.protected = list(protected)
    for key in ("end_triggered", "reshuffled", "dealt"):
        value = doc.get(key, False)
        if not isinstance(value, bool):
            raise PositionError(f"'{key}' must be true or false.")
        setattr(state, key, value)
    spent_on = doc.get("spent_on", {})
    if not isinstance(spent_on, dict) or not all(c in state.spent[state.turn] and t in seen for c, t in spent_on.items()):
        raise PositionError("'spent_on' must map each card spent this turn to the card it paid into.")
    state.spent_on = dict(spent_on)
    used = list_field(doc, "used", [], PositionError)
    if not all(c in seen for c in used):
        raise PositionError("'used' must list cards on the table whose one-shot ability happened this turn.")
    state.used = list(used)
    step = doc.get("step", Step.MAIN)
    if step != Step.MAIN:
        raise PositionError(f"A document starts in the main phase of a turn ('step' main), not {short(step)}.")
    state.step, state.phase = Step.MAIN, "main"
    state.seed = int_field(doc, "seed", 1, PositionError)
    state.shuffles = int_field(doc, "shuffles", 0, PositionError)
    if state.dealt and state.consistency_problems():
        raise PositionError(f"'dealt' says the cards are the two decks' as dealt, but {state.consistency_problems()[0]}.")
    return state


def to_position(state: ThreeSpheresState) -> dict[str, Any]:
    doc: dict[str, Any] = {"game": state.game_id, "format": POSITION_FORMAT, "options": dict(state.options)}
    for field in PER_PLAYER:
        doc[field] = [list(x) for x in getattr(state, field)]
    doc.update(spaces=[list(s) for s in state.spaces], trash=list(state.trash), turn=state.turn,
               first=state.first if state.first is not None else state.turn, turns=list(state.turns),
               paid=dict(state.paid), discount=state.discount, protected=list(state.protected),
               end_triggered=state.end_triggered, seed=state.seed, step=state.step, spent_on=dict(state.spent_on),
               used=list(state.used), reshuffled=state.reshuffled, shuffles=state.shuffles, dealt=state.dealt)
    return doc
