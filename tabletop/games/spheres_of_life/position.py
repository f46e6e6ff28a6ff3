"""Position documents for Spheres of Life (docs/positions.md).

A position is the state's own JSON (``SpheresState.to_json``) with ``"format": 1``; the fields a
position between two turns needs are the cards' places, and the rest has defaults, so a
hand-written document can stay short::

    {"game": "spheres-of-life", "players": 3, "phase": "dream", "leader": 0,
     "hands": [["rabbit1", "rabbit2"], ["snake1"], ["apple1"]], "deck": ["deer1"]}

An omitted ``queue`` is the whole phase still to play from the leader (``"begin": true`` starts
the phase itself, laying out its open cards from the deck); omitted knowledge means nobody knows
anything about another hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.engine.game import GameDef, GameError, short
from tabletop.engine.positions import CardLedger, int_field, list_field

from .cards import (
    DAWN_PHASE, GODLY_HEROES, card, every_card, godly_heroes, hero_cards, kind_of, main_deck, mythical_species,
    regular_heroes,
)
from .rules import DAY, DREAM, MASK, NIGHT, OVER, SpheresState
from .effects import FIELD_SIZE, LASTING
from .steps import DAWN_PHASE_NAME, Step

FORMAT = 1
PHASES = (DAY, NIGHT, DREAM, OVER, DAWN_PHASE_NAME)  # (the Dawn only in a full document, with its step)


class PositionError(GameError):
    """A position document that does not describe a possible position."""


def _list(doc: dict, key: str, default: Any) -> Any:
    return list_field(doc, key, default, PositionError)


def _seats(doc: dict, key: str, n: int) -> list[int]:
    """``doc[key]``: a list of player indexes."""
    value = _list(doc, key, [])
    if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n for p in value):
        raise PositionError(f"'{key}' must list player indexes from 0 to {n - 1}.")
    return list(value)


def _lasting(doc: dict, state: SpheresState) -> list[dict[str, Any]]:
    """The lasting effects in play: each banked Mythical set's bonus and each Field card's
    effect, as play makes them.  The document may list them (``lasting``: in the order they came,
    which is the order the rules consult them); those it leaves out follow, each player's banked
    sets then Field, in order.  A listed effect of a kind the cards make must be the very record
    of one of these; a kind no card makes (one a plugin registers) is taken as written."""
    lasting = doc.get("lasting", [])
    if not isinstance(lasting, list):
        raise PositionError("'lasting' must list the lasting effects in play.")
    for record in lasting:
        problem = LASTING.record_problem(record)
        if problem:
            raise PositionError(f"'lasting': {problem}")
    sources = [(p, k, card(f"{k}1")) for p in range(state.num_players) for k in state.banked[p]
               if k in mythical_species()]
    sources += [(p, c, every_card()[c]) for p, f in enumerate(state.fields) for c in f]
    made = []
    for p, source, c in sources:
        state._add_lasting(p, source, c)
        made.append(state.lasting.pop())
    kinds = {c.lasting for c in every_card().values() if c.lasting}
    out = []
    for record in lasting:
        if record["kind"] in kinds:
            if record not in made:
                raise PositionError(f"'lasting': {short(record)} is not the effect of a banked Mythical set or "
                                    "a Field card of its owner (or it is listed twice).")
            made.remove(record)
        out.append(dict(record))
    return out + made


def from_position(game: GameDef, doc: Any) -> SpheresState:
    if not isinstance(doc, dict):
        raise PositionError("A position document is a JSON object.")
    if doc.get("format", FORMAT) != FORMAT:
        raise PositionError(f"Unknown position format {short(doc.get('format'))} (this app reads {FORMAT}).")
    options = game.resolve_options(doc.get("options") or {})
    hands_doc = _list(doc, "hands", None)
    n = doc.get("players", len(hands_doc))
    if not isinstance(n, int) or not 2 <= n <= 7:
        raise PositionError(f"'players' must be 2 to 7, not {short(n)}.")
    if len(hands_doc) != n:
        raise PositionError(f"'hands' has {len(hands_doc)} hands for {n} players.")
    state = SpheresState(n, options)
    take = CardLedger(every_card(), PositionError, allowed=set(main_deck(state.purist, state.parts))).take
    _read_cards(doc, state, hands_doc, take)
    hero_take = _read_heroes(doc, state)
    phase = doc.get("phase", DREAM)
    if phase not in PHASES:
        raise PositionError(f"'phase' must be one of {', '.join(PHASES)}, not {short(phase)}.")
    _read_turns(doc, state, phase)
    _read_fields(doc, state, take)
    _read_dawn(doc, state, take)
    _read_knowledge(doc, state)
    state.phase = phase
    return _resume(doc, state, hero_take)


Take = Callable[[Any, str], str]  # a ledger's take: the card, once, or a PositionError naming where


def _read_cards(doc: dict, state: SpheresState, hands_doc: list, take: Take) -> None:
    """The hands, the deck, the discard pile, the table, the banked sets."""
    n = state.num_players
    for p, hand in enumerate(hands_doc):
        if not isinstance(hand, list):
            raise PositionError(f"The hand of player {p + 1} must be a list of cards.")
        state.hands[p] = [take(c, f"the hand of player {p + 1}") for c in hand]
    state.deck = [take(c, "the deck") for c in _list(doc, "deck", [])]
    state.discard = [take(c, "the discard pile") for c in _list(doc, "discard", [])]
    state.table = [take(c, "the table") for c in _list(doc, "table", [])]
    bank_cards = _list(doc, "bank_cards", [[] for _ in range(n)])
    if len(bank_cards) != n:
        raise PositionError(f"'bank_cards' has {len(bank_cards)} entries for {n} players.")
    for p, cs in enumerate(bank_cards):
        if not isinstance(cs, list):
            raise PositionError(f"The banked sets of player {p + 1} must be a list of cards.")
        state.bank_cards[p] = [take(c, f"the banked sets of player {p + 1}") for c in cs]
        kinds = [kind_of()[c] for c in state.bank_cards[p]]
        if any(kinds.count(k) % 3 for k in set(kinds)):
            raise PositionError(f"The banked cards of player {p + 1} are not whole sets of three.")
        state.banked[p] = [k for k in dict.fromkeys(kinds) for _ in range(kinds.count(k) // 3)]


def _read_heroes(doc: dict, state: SpheresState) -> Take:
    """Each player's heroes and those used; returns the take of hero cards (for the pool)."""
    n = state.num_players
    heroes = _list(doc, "heroes", [[] for _ in range(n)])
    if len(heroes) != n:
        raise PositionError(f"'heroes' has {len(heroes)} entries for {n} players.")
    pool = regular_heroes(True) + godly_heroes() if GODLY_HEROES in state.parts else hero_cards()
    heroes_seen = CardLedger({h: every_card()[h] for h in pool}, PositionError)

    def hero_take(h: Any, where: str) -> str:
        if not isinstance(h, str) or h not in heroes_seen.cards:
            raise PositionError(f"{short(h)} is not a hero card ({where}).")
        return heroes_seen.take(h, where)

    for p, hs in enumerate(heroes):
        if not isinstance(hs, list):
            raise PositionError(f"The heroes of player {p + 1} must be a list of hero cards.")
        state.heroes[p] = [hero_take(h, f"the heroes of player {p + 1}") for h in hs]
    state.used = [h for h in _list(doc, "used", []) if any(h in hs for hs in state.heroes)]
    return hero_take


def _read_turns(doc: dict, state: SpheresState, phase: str) -> None:
    """Who leads, how far the game and the match are, the counters, the locks."""
    n = state.num_players
    leader = doc.get("leader", 0)
    if not isinstance(leader, int) or not 0 <= leader < n:
        raise PositionError(f"'leader' must be a player index from 0 to {n - 1}.")
    state.leader = leader
    state.last_dream = bool(doc.get("last_dream", phase == DREAM and not state.deck))
    state.wind_lead = int_field(doc, "wind_lead", 0, PositionError, 0, 3)
    state.phases_done = int_field(doc, "phases_done", 0, PositionError)
    state.game_began = int_field(doc, "game_began", 0, PositionError, 0, state.phases_done)
    state.match_round = int_field(doc, "match_round", 1, PositionError, 1, state.options["rounds"])
    state.window_id = int_field(doc, "window_id", 0, PositionError)
    state.closing = bool(doc.get("closing", False))
    carried = doc.get("carried", [0] * n)
    if not isinstance(carried, list) or len(carried) != n or not all(isinstance(x, int) for x in carried):
        raise PositionError("'carried' must give each player's points of the earlier rounds.")
    state.carried = list(carried)
    state.slot_seed = int_field(doc, "slot_seed", 12345, PositionError, 0, MASK)
    state.banked_this_dream = _seats(doc, "banked_this_dream", n)
    locked = doc.get("locked", [None] * n)
    if not isinstance(locked, list) or len(locked) != n or any(x not in (None, "druid", "mirror") for x in locked):
        raise PositionError("'locked' must list null, 'druid' or 'mirror' for each player.")
    state.locked = list(locked)


def _read_fields(doc: dict, state: SpheresState, take: Take) -> None:
    """(Gods & Myths) The Fields, the lasting effects in play, who has used what this Day or Dream."""
    n = state.num_players
    fields = _list(doc, "fields", [[] for _ in range(n)])
    if len(fields) != n or not all(isinstance(f, list) and len(f) <= FIELD_SIZE for f in fields):
        raise PositionError(f"'fields' must list, for each player, the Prolonged cards in their Field (at most {FIELD_SIZE}).")
    for p, f in enumerate(fields):
        state.fields[p] = [take(c, f"the Field of player {p + 1}") for c in f]
        if not all(every_card()[c].prolonged for c in state.fields[p]):
            raise PositionError(f"Only Prolonged cards lie in a Field (player {p + 1}).")
    state.lasting = _lasting(doc, state)
    state.activated_this_dream = _seats(doc, "activated_this_dream", n)
    state.discard_picked = _seats(doc, "discard_picked", n)


def _read_dawn(doc: dict, state: SpheresState, take: Take) -> None:
    """(Gods & Myths) The Dawn: its cards set aside and out of play, the sacrifices, the rest."""
    dawn, n = state.dawn, state.num_players
    dawn.aside = [take(c, "the Dawn cards set aside") for c in _list(doc, "dawn_aside", [])]
    dawn.out = [take(c, "the Dawn cards out of play") for c in _list(doc, "dawn_out", [])]
    if not all(every_card()[c].type == "dawn" for c in dawn.aside + dawn.out):
        raise PositionError("Only Dawn cards are set aside or out of play.")
    sacrificed = _list(doc, "sacrificed", [[] for _ in range(n)])
    if len(sacrificed) != n or not all(isinstance(cs, list) for cs in sacrificed):
        raise PositionError("'sacrificed' must list, for each player, the cards they laid for the Dawn.")
    dawn.sacrificed = [[take(c, f"the sacrifice of player {p + 1}") for c in cs] for p, cs in enumerate(sacrificed)]
    dawn.round = int_field(doc, "dawn_round", -1, PositionError, -1)
    total = doc.get("dawn_total")
    if total is not None and (not isinstance(total, int) or isinstance(total, bool)):
        raise PositionError("'dawn_total' must be the sacrifice's worth, a whole number, or null.")
    dawn.total = total
    dawn.heroes = [h for h in _list(doc, "dawn_heroes", []) if isinstance(h, str)]
    dawn.spent = _list(doc, "dawn_spent", [])
    if not all(isinstance(h, str) and h in state.used for h in dawn.spent):
        raise PositionError("'dawn_spent' lists the heroes sacrificed at a Dawn; each must be a used hero.")
    resume = doc.get("dawn_resume", {})
    if not isinstance(resume, dict):
        raise PositionError("'dawn_resume' must be an object.")
    dawn.resume = dict(resume)
    dawn.ended = bool(doc.get("dawn_ended", False))


def _read_knowledge(doc: dict, state: SpheresState) -> None:
    """What each player knows of the other hands (omitted: nothing)."""
    n = state.num_players
    known = doc.get("known")
    if known is not None:
        try:
            state.known = [[set(known[o][p]) if o != p else set() for p in range(n)] for o in range(n)]
        except (TypeError, IndexError, KeyError):
            raise PositionError("'known' must be, for each player, a list per player of the cards they know.") from None
        for o in range(n):
            for p in range(n):
                if not state.known[o][p] <= set(state.hands[p]):
                    raise PositionError(f"Player {o + 1} cannot know a card that is not in player {p + 1}'s hand.")
    order_known = doc.get("order_known")
    if order_known is not None:
        if not (isinstance(order_known, list) and len(order_known) == n
                and all(isinstance(row, list) and len(row) == n for row in order_known)):
            raise PositionError("'order_known' must be, for each player, a list of true or false per player.")
        state.order_known = [[bool(order_known[o][p]) and o != p for p in range(n)] for o in range(n)]


def _resume(doc: dict, state: SpheresState, hero_take: Take) -> SpheresState:
    """Where play goes on: the step a full document names, the end, the phase beginning now,
    or (between turns) the phase started again from its leader."""
    phase, n = state.phase, state.num_players
    if phase == OVER and "step" not in doc:
        state.step = Step.OVER
        return state
    if "step" in doc:
        # a full state document (to_position): every field as written
        if not isinstance(doc["step"], str):
            raise PositionError("'step' must be the name of a step.")
        state.step = doc["step"]
        for key in ("queue", "prio", "block_queue", "hero_queue"):
            setattr(state, key, _seats(doc, key, n))
        state.hero_pool = [hero_take(h, "the hero pool") for h in _list(doc, "hero_pool", [])]
        state.chain = _list(doc, "chain", [])
        if not all(isinstance(item, dict) for item in state.chain):
            raise PositionError("'chain' must list the declared items as objects.")
        state.effect = doc.get("effect", {})
        if not isinstance(state.effect, dict):
            raise PositionError("'effect' must be an object.")
        try:
            state.legal_actions()
            state.decider()
        except (KeyError, IndexError, TypeError) as e:
            raise PositionError(f"The document's step {short(doc['step'])} does not fit its other fields ({short(str(e))}).") from None
        return state
    if phase == DAWN_PHASE_NAME:
        raise PositionError("A position in the Dawn Phase must give its step and the sacrifices (a full document).")
    if doc.get("begin"):
        # the phase begins now: its open cards are laid out from the deck
        state._start_phase(phase)
        return state
    # between turns: the phase starts (again) from its leader
    order = [(state.leader + k) % n for k in range(n)]
    state.queue = order * 3 if phase == DAY and n == 2 else order
    state._start_turn()
    return state


def to_position(state: SpheresState) -> dict[str, Any]:
    doc = state.to_json()
    doc["format"] = FORMAT
    if DAWN_PHASE in state.parts:  # (the state's document leaves out the reading of saves made before the option)
        doc["options"] = {**doc["options"], "dawn_round": state.options["dawn_round"]}
    if state.game_began:  # (not in to_json: a save's digest stays what it was before this field)
        doc["game_began"] = state.game_began
    return doc
