"""Spheres of Life bots: sampling hidden cards from a view, and a heuristic that knows the scoring.

* :func:`determinize` builds a full state from one seat's view, reading nothing else: the seat's
  own hand, the cards it knows to be in other hands (gifts, exchanges, open picks, Paladin,
  Druid, Mirror), exact orders it set itself, and the open cards (discard pile, table, banks,
  the cards being played).  Every other card is dealt at random into the hidden places where
  its kind may lie: the Dawn cards not in sight into the main deck only (a Dawn card never
  reaches a hand or a sacrifice), the rest into the other hands, the face-down sacrifices and
  the deck.
* :func:`easy_policy` keeps pairs and triples of noble animals, pushes corrupted ones away by
  gift, banks corrupted sets at once and noble ones when a steal threatens, plays its ability
  cards (each is worth -1 if still held at the end) and blocks what hurts it.
* :func:`rollout_policy` is a cheap version for the search bots' playouts.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.actions import Action

from .cards import ABILITY, CORRUPTED, NOBLE, card, kind_of, kind_types, main_deck
from .dawn import Dawn, dawn_cards
from .effects import (
    DiscardOwn, Draw, EndPhase, GatherSpecies, LeadPhase, LookAndOrder, LoseCards, RestartDream, TakeBlind,
    TakeFromDiscard, TakeFromField, RefreshHero, Tribute, effect_of,
)
from .rules import DISCARD, DONE, PASS, SpheresState, animal_points
from .steps import Declared, Move, Step

# --- determinization -----------------------------------------------------------------------


def determinize(view: dict[str, Any], rng: random.Random) -> SpheresState:
    seat = view["seat"]
    state = SpheresState(view["players"], view["options"])
    effect = {k: (list(v) if isinstance(v, list) else v) for k, v in view["effect"].items()}
    seen = _seen(view, effect)
    hidden = [c for c in main_deck(state.purist, state.parts) if c not in seen]
    # a Dawn card never reaches a hand or a sacrifice: those not in sight are all in the deck
    pool = [c for c in hidden if c not in dawn_cards()]
    dawn_left = [c for c in hidden if c in dawn_cards()]
    rng.shuffle(pool)
    hands: list[list[str]] = []
    for p, h in enumerate(view["hands"]):
        if h["cards"] is not None:
            hands.append(list(h["cards"]))
            continue
        cards = list(h["known"]) + [pool.pop() for _ in range(h["size"] - len(h["known"]))]
        rng.shuffle(cards)
        hands.append(cards)
    state.hands = hands
    dawn = view.get("dawn")
    if dawn is not None:
        _sample_dawn(state.dawn, dawn, pool)
    # (a position document may hold fewer cards than the game: the deck takes only what it shows)
    rng.shuffle(dawn_left)
    dawn_in_deck = dawn_left[:view["deck"]]
    state.deck = [pool.pop() for _ in range(view["deck"] - len(dawn_in_deck))]
    for c in dawn_in_deck:  # each at a random place (without Dawn cards: the sample of old)
        state.deck.insert(rng.randint(0, len(state.deck)), c)
    _copy_public(state, view)
    for i, item in enumerate(state.chain):
        action = item.get("action") or {}
        if action.get("kind") == Move.GIFT and action.get("card") is None:
            # a gift passing face down between others: some card of the giver's (sampled) hand
            state.chain[i] = {**item, "action": {**action, "card": rng.choice(hands[item["who"]])}}
    if state.step == Step.ORDER and "left" not in effect:
        # another player is ordering a hand: which cards are placed so far is theirs to know
        effect.update(left=list(hands[effect["target"]]), placed=[])
    state.effect = effect
    if seat is not None:
        for p, h in enumerate(view["hands"]):
            if p != seat:
                state.known[seat][p] = set(h["known"])
                state.order_known[seat][p] = h["cards"] is not None
    state.slot_seed = rng.getrandbits(64)
    return state


def _seen(view: dict[str, Any], effect: dict[str, Any]) -> set[str]:
    """The cards the view shows where they lie: the open ones (discard pile, table, banks, Fields,
    the Dawn's, the cards being played) and those of the hands it knows."""
    seen: set[str] = set(view["discard"]) | set(view["table"])
    for b in view["bank_cards"]:
        seen.update(b)
    for f in view.get("fields", []):  # (Prolonged cards in a Field are public)
        seen.update(f)
    dawn = view.get("dawn")
    if dawn is not None:  # (Dawn cards shown; sacrifices shown, or one's own)
        seen.update(dawn["aside"])
        seen.update(dawn["out"])
        for cs in dawn["sacrificed"]:
            seen.update(cs or [])
    for item in view["chain"]:
        if "card" in item:
            seen.add(item["card"])
    if effect.get("card") and kind_types()[kind_of()[effect["card"]]] == ABILITY:
        seen.add(effect["card"])
    for h in view["hands"]:
        if h["cards"] is not None:
            seen.update(h["cards"])
        seen.update(h["known"])
    return seen


def _sample_dawn(dawn: Dawn, seen: dict[str, Any], pool: list[str]) -> None:
    """The Dawn as its view shows it, the sacrifices laid face down dealt from ``pool``."""
    dawn.sacrificed = [list(cs) if cs is not None else [pool.pop() for _ in range(count)]
                       for cs, count in zip(seen["sacrificed"], seen["sacrificed_count"])]
    dawn.aside, dawn.out = list(seen["aside"]), list(seen["out"])
    dawn.round, dawn.total, dawn.ended = seen["round"], seen["total"], seen["ended_game"]
    dawn.heroes = list(seen["heroes"])
    dawn.spent = list(seen["spent"])
    dawn.resume = dict(seen["resume"])


def _copy_public(state: SpheresState, view: dict[str, Any]) -> None:
    """What every seat sees alike, as the view has it."""
    state.discard = list(view["discard"])
    state.table = list(view["table"])
    state.banked = [list(b) for b in view["banked"]]
    state.bank_cards = [list(b) for b in view["bank_cards"]]
    state.heroes = [list(h) for h in view["heroes"]]
    state.used = list(view["used"])
    state.hero_pool = list(view["hero_pool"])
    state.hero_queue = list(view["hero_queue"])
    state.phase = view["phase"]
    state.last_dream = view["last_dream"]
    state.leader = view["leader"]
    state.wind_lead = view["wind_lead"]
    state.queue = list(view["queue"])
    state.step = view["step"]
    state.prio = list(view["prio"])
    state.chain = [dict(c) for c in view["chain"]]
    state.block_queue = list(view["block_queue"])
    state.banked_this_dream = list(view["banked_this_dream"])
    state.locked = list(view["locked"])
    state.phases_done = view["phases_done"]
    state.game_began = view["game_began"]
    state.match_round = view["match_round"]
    state.carried = list(view["carried"])
    state.window_id = view["window_id"]
    state.closing = view["closing"]
    state.lasting = [dict(r) for r in view.get("lasting", [])]  # (public: absent when none)
    state.fields = [list(f) for f in view.get("fields", state.fields)]  # (public: Gods & Myths only)
    state.activated_this_dream = list(view.get("activated_this_dream", []))
    state.discard_picked = list(view.get("discard_picked", []))


# --- evaluation ------------------------------------------------------------------------------


def hand_value(cards: list[str], late: bool = False) -> float:
    """The hand's points if the game ended now (abilities count a little less early on: they
    can still be played)."""
    counts: dict[str, int] = {}
    value = 0.0
    for c in cards:
        k = kind_of()[c]
        if kind_types()[k] == ABILITY:
            value -= 1.0 if late else 0.3
        else:
            counts[k] = counts.get(k, 0) + 1
    for k, v in counts.items():
        pts = animal_points(v)
        value += pts if kind_types()[k] == NOBLE else -pts
    return value


def card_gain(hand: list[str], c: str, late: bool = False) -> float:
    """How much ``c`` adds to ``hand``."""
    return hand_value(hand + [c], late) - hand_value(hand, late)


def card_loss(hand: list[str], c: str, late: bool = False) -> float:
    """How much the hand loses without ``c`` (negative: better off without it)."""
    rest = list(hand)
    rest.remove(c)
    return hand_value(hand, late) - hand_value(rest, late)


def _late(state: SpheresState) -> bool:
    return state.last_dream or len(state.deck) < 3 * state.num_players


# heroes by what they do (effects.py), the Easy bot's favourite first; a hero of another kind last
HERO_PREFERENCE = ("gather_species", "look_and_order", "lose_cards", "lead_phase")


def _hero_rank(hero: str) -> int:
    what = card(hero).effect
    return HERO_PREFERENCE.index(what) if what in HERO_PREFERENCE else len(HERO_PREFERENCE)


def easy_policy(state: SpheresState, rng: random.Random) -> Action:
    """A one-step heuristic that knows the scoring.  Reads only what the decider may know in
    the state it is given (the search bots give it determinized states)."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    step = state.step
    p = state.decider()
    hand = state.hands[p]
    late = _late(state)
    if step == Step.HERO:
        return min(actions, key=lambda a: _hero_rank(a["card"]))
    if step == Step.PICK or step == Step.NIGHT_TAKE:
        scored = [(card_gain(hand, a["card"], late) if a.kind == Move.PICK else 0.0, a) for a in actions]
        return _best(scored, rng)
    if step == Step.NIGHT_DISCARD:
        scored = [(-card_loss(hand, a["card"], late) - 0.2 if a.kind == Move.DISCARD else 0.0, a) for a in actions]
        return _best(scored, rng)
    if step == Step.BONUS:
        return _easy_bonus(state, p, actions, rng)
    if step in (Step.ACTION, Step.FALLBACK):
        return _easy_action(state, p, actions, late, rng)
    if step == Step.BLOCK:
        return _easy_block(state, p, actions)
    if step == Step.ACCEPT:
        return _easy_accept(state, hand, actions, late)
    if step in (Step.STEAL_POS, Step.RAVEN_POS):
        return rng.choice(actions)
    if step == Step.DRUID_KEEP:
        scored = [(card_gain(hand, a["card"], late) if a.kind == Move.TAKE else 0.5, a) for a in actions]
        return _best(scored, rng)
    if step == Step.ORDER:
        return rng.choice(actions)
    if step in (Step.WARRIOR, Step.WIND):
        scored = [(0.0 if a.kind == Move.DONE else -card_loss(hand, a["card"], True) - 0.1, a) for a in actions]
        return _best(scored, rng)
    if step == Step.ROOT:
        return _best([(card_gain(hand, a["card"], late), a) for a in actions], rng)
    if step == Step.PRIO:
        return _easy_use(state, p, actions, late, rng)
    if step == Step.SACRIFICE:
        # lay down what the hand is better without (corrupted animals, ability cards): it also keeps
        # the sacrifice's total low, so the game goes on
        scored = [(-card_loss(hand, a["card"], True), a) for a in actions if a.kind == Move.SACRIFICE]
        good = [(v, a) for v, a in scored if v > 0.05]
        return _best(good, rng) if good else DONE
    if step == Step.DAWN_HERO:
        return PASS
    if step == Step.TRIBUTE:
        return _best([(-card_loss(hand, a["card"], True), a) for a in actions], rng)
    if step == Step.DISCARD_PICK:
        return _best([(card_gain(hand, a["card"], late) if a.kind == Move.TAKE else 0.0, a) for a in actions], rng)
    if step == Step.PARTNER:
        # the offered card goes to the visible leader (the most banked sets)
        return max(actions, key=lambda a: (len(state.banked[a["seat"]]), rng.random()))
    return rng.choice(actions)


def _best(scored: list[tuple[float, Action]], rng: random.Random) -> Action:
    """One of the best scored actions, at random."""
    top = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= top - 1e-9])


def _easy_bonus(state: SpheresState, p: int, actions: list[Action], rng: random.Random) -> Action:
    for a in actions:  # a Prolonged card works only in the Field (and costs nothing in hand anyway)
        if a.kind == Move.ACTIVATE:
            return a
    for a in actions:
        if a.kind == Move.BANK and kind_types()[a["species"]] == CORRUPTED:
            return a
    threat = len(state.queue) > 1 or any(len(state.hands[q]) for q in range(state.num_players) if q != p)
    nobles = [a for a in actions if a.kind == Move.BANK]
    if nobles and threat and rng.random() < 0.6:
        return nobles[0]
    return next(a for a in actions if a.kind == Move.SKIP)


def _easy_accept(state: SpheresState, hand: list[str], actions: list[Action], late: bool) -> Action:
    if actions[0].kind == Move.ACCEPT:
        mine = actions[0]["card"]
        offered = state.effect["card"]
        rest = list(hand)
        rest.remove(mine)
        if hand_value(rest + [offered], late) > hand_value(hand, late):
            return actions[0]
    return next(a for a in actions if a.kind == Move.DECLINE)


def _easy_action(state: SpheresState, p: int, actions: list[Action], late: bool, rng: random.Random) -> Action:
    hand = state.hands[p]
    gifts = [a for a in actions if a.kind == Move.GIFT]
    steals = [a for a in actions if a.kind == Move.STEAL]
    if gifts:
        worst = min(gifts, key=lambda a: card_loss(hand, a["card"], late))
        if card_loss(hand, worst["card"], late) < -0.5:
            # push it onto the player with the most banked sets (the visible leader)
            targets = [a for a in gifts if a["card"] == worst["card"]]
            return max(targets, key=lambda a: (len(state.banked[a["to"]]), rng.random()))
    if steals:
        return max(steals, key=lambda a: (len(state.hands[a["target"]]), rng.random()))
    return rng.choice(actions)


def _targets_me(state: SpheresState, p: int) -> bool:
    base = state.chain[0]
    a = base["action"]
    if base["kind"] == Declared.ACTION:
        return a.get("target") == p or a.get("to") == p
    return a.get("target") == p


def _easy_block(state: SpheresState, p: int, actions: list[Action]) -> Action:
    block = next((a for a in actions if a.kind == Move.BLOCK), None)
    if block is None:
        return PASS
    top = state.chain[-1]
    base = state.chain[0]
    if top["kind"] == Declared.BLOCK:
        # someone blocked: block back when the blocked item is mine or helps me
        mine = base["who"] == p
        return block if mine else PASS
    if _targets_me(state, p):
        return block
    return PASS


def _easy_use(state: SpheresState, p: int, actions: list[Action], late: bool, rng: random.Random) -> Action:
    hand = state.hands[p]
    scored: list[tuple[float, Action]] = [(0.0, PASS)]
    corrupted = sum(1 for c in hand if kind_types()[kind_of()[c]] == CORRUPTED)
    for a in actions:
        if a.kind != Move.USE:
            continue
        effect = effect_of(kind_of()[a["card"]])  # (valued by what the card does)
        if isinstance(effect, GatherSpecies):
            have = sum(1 for c in hand if kind_of()[c] == a["species"])
            v = 2.5 * have - 1.0 if kind_types()[a["species"]] == NOBLE else -5.0
        elif isinstance(effect, LoseCards):
            v = 2.0 * corrupted - 1.0
        elif isinstance(effect, LookAndOrder) and effect.keep:  # (the Druid)
            v = 0.3 * len(state.hands[a["target"]])
        elif isinstance(effect, LeadPhase):
            v = -1.0
        elif isinstance(effect, Draw):
            v = 1.0 if not late else 0.8
        elif isinstance(effect, TakeBlind):
            v = 1.2
        elif isinstance(effect, LookAndOrder):  # (the Mirror of Fate)
            v = 0.6
        elif isinstance(effect, DiscardOwn):
            v = 1.0 + 1.5 * min(2, corrupted) - 0.5
        elif isinstance(effect, TakeFromDiscard):
            v = 1.0 + max(card_gain(hand, c, late) for c in state.discard)
        elif isinstance(effect, RestartDream):
            v = 0.5 if late else 0.1
        elif isinstance(effect, EndPhase):
            v = 0.2
        elif a.get("field") is not None:  # an Apple or a Sky Hook against a Field: a rival's only
            owner = state._field_owner(a["field"])
            v = -1.0 if owner == p else (1.0 if isinstance(effect, TakeFromField) else 0.6)
        elif isinstance(effect, RefreshHero):
            v = 0.8
        elif isinstance(effect, Tribute):
            v = 1.5
        else:
            v = 0.0
        scored.append((v + rng.random() * 0.1, a))
    return max(scored, key=lambda t: t[0])[1]


# the small decisions: "use something now?", "block?", "accept?", the steps of an effect
SMALL_STEPS = {Step.PRIO: 0.25, Step.BLOCK: 0.3, Step.ACCEPT: 0.3, Step.NIGHT_TAKE: 0.5, Step.NIGHT_DISCARD: 0.5,
               Step.ORDER: 0.15, Step.STEAL_POS: 0.15, Step.RAVEN_POS: 0.15, Step.DRUID_KEEP: 0.5, Step.WARRIOR: 0.5,
               Step.WIND: 0.4, Step.ROOT: 0.5, Step.PICK: 0.6}


def search_share(view: dict[str, Any]) -> float:
    """The share of a search bot's budget a decision gets: the turn's action and the hero
    choice get the whole budget, the many small questions much less."""
    return SMALL_STEPS.get(view["step"], 1.0)


def evaluate(state: SpheresState) -> list[float]:
    """Each player's reward in [0, 1] for a playout cut short: the score the player would have
    if the game ended now (abilities counted as still playable), against the best rival's."""
    import math

    late = _late(state)
    totals = []
    for p in range(state.num_players):
        banked = sum(6 if kind_types()[k] == NOBLE else 3 for k in state.banked[p])
        totals.append(state.carried[p] + banked + hand_value(state.hands[p], late))
    out = []
    for p, t in enumerate(totals):
        best_other = max(x for q, x in enumerate(totals) if q != p)
        out.append(1.0 / (1.0 + math.exp(-(t - best_other) / 4.0)))
    return out


# search playouts stop after this many actions (a whole game is several hundred) and are judged
PLAYOUT_CUTOFF = (80, evaluate)


EASY_IN_PLAYOUTS = 0.7


def rollout_policy(state: SpheresState, rng: random.Random) -> Action:
    """Cheap and not silly: mostly pass in quiet moments and block windows, otherwise the
    Easy choice a third of the time and a random one the rest."""
    step = state.step
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if step in (Step.PRIO, Step.BLOCK) and rng.random() < 0.75:
        return PASS
    if step == Step.ACCEPT and rng.random() < 0.7:
        return actions[-1]
    if rng.random() < EASY_IN_PLAYOUTS:
        return easy_policy(state, rng)
    if step == Step.WARRIOR:
        return rng.choice([a for a in actions if a.kind != Move.LOSE or a["to"] == DISCARD])
    return rng.choice(actions)
