"""Three Spheres TCG bots: the resampling of what a seat cannot see (:func:`determinize`) for the
engine's information-set search (Normal, Hard), and the Easy heuristic (:func:`easy_policy`):
resources and abilities early, victory points late, the best card it can afford bought (from the
World spread too, so that the opponent cannot have it).

A bot sees its seat's view only.  What lies in each hidden pile is in the view as sorted kinds
(every move that changes a collection is public); :func:`determinize` shuffles them into piles
and the opponent's hand with ids of its own, and gives the state a new shuffle seed, so a search
never learns an order it could not know.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from tabletop.engine.actions import Action

from .cards import ACTIVATED, PLAY, TURN_START, WISP, WISP_SUPPLY, card, info, kind_of
from .rules import HAND_SIZE, ThreeSpheresState, activated, copyable
from .steps import Kind, Move, Step


# --- resampling ------------------------------------------------------------------------------
def determinize(view: dict[str, Any], rng: random.Random) -> ThreeSpheresState:
    seat = view["seat"]
    state = ThreeSpheresState(view["options"])
    made = [0]

    def fresh(kind: str) -> str:
        made[0] += 1
        return f"{kind}.z{made[0]}"

    seen_wisps: set[str] = set()

    def keep(cards: list[str]) -> list[str]:
        seen_wisps.update(c for c in cards if kind_of(c) == WISP)
        return list(cards)

    for p, s in enumerate(view["seats"]):
        state.discard[p] = keep(s["discard"])
        state.in_play[p] = keep(s["in_play"])
        state.spent[p] = keep(s["spent"])
        state.discovery[p] = list(s["discovery"])
        unseen = list(s["unseen"])
        rng.shuffle(unseen)
        if p == seat:
            state.hand[p] = keep(s["hand"])
        else:
            state.hand[p] = [fresh(k) for k in unseen[:s["hand_size"]]]
            unseen = unseen[s["hand_size"]:]
        state.realm[p] = [fresh(k) for k in unseen]
        for key, pile in (("world_unseen", state.world_deck), ("discovery_unseen", state.discovery_deck)):
            ks = list(s[key])
            rng.shuffle(ks)
            pile[p] = [fresh(k) for k in ks]
        state.turns[p] = s["turns"]
        state.protected[p] = s["protected"]
    state.spaces = [list(x) for x in view["spaces"]]
    state.trash = keep(view["trash"])
    if view["flipped"]:
        keep([view["flipped"]])
    # the Wisps: those in sight keep their ids; the hidden ones and the supply share the rest
    free = [f"{WISP}.{i + 1}" for i in range(WISP_SUPPLY) if f"{WISP}.{i + 1}" not in seen_wisps]
    for p in range(2):
        for zone in (state.hand, state.realm):
            zone[p] = [free.pop() if c.startswith(WISP + ".z") else c for c in zone[p]]
    state.supply = free[:view["supply"]]
    assert len(free) == view["supply"], "the Wisps do not add up"
    state.turn, state.first, state.step, state.phase = view["turn"], view["first"], view["step"], view["phase"]
    state.paid, state.discount, state.used = dict(view["paid"]), view["discount"], list(view["used"])
    state.spent_on = dict(view["spent_on"])
    state.dealt = view["dealt"]
    state.reshuffled, state.end_triggered = view["reshuffled"], view["end_triggered"]
    state.queue = [dict(q) for q in view["queue"]]
    state.pending = dict(view["pending"]) if view["pending"] else None
    state.flipped = view["flipped"]
    state.seed = rng.getrandbits(64)
    return state


# --- what a card is worth to the Easy bot ------------------------------------------------------
_EFFECT_WORTH = {Kind.DRAW: 1.0, Kind.RESOURCES: 1.0, Kind.DISCOUNT: 0.7, Kind.TRASH: 0.4, Kind.CORRUPT: 0.8,
                 Kind.FLIP: 0.3, Kind.PROTECT: 0.3, Kind.COPY: 1.0}


def _effects_worth(effects: Any) -> float:
    total = 0.0
    for e in effects:
        p = dict(e.params)
        n = p.get("cards", p.get("amount", p.get("wisps", p.get("up_to", 1))))
        if e.kind == Kind.TAKE:
            total += 1.0 + 0.8 * p["max_level"]
        else:
            total += _EFFECT_WORTH[e.kind] * n
    return total


@lru_cache(maxsize=None)
def economy(kind: str) -> float:
    """What a card does for its owner's turns: its resources, or what its abilities give."""
    c = card(kind)
    worth = 0.0
    for a in c.abilities:
        if a.when == PLAY:
            worth += _effects_worth(a.effects)
        elif a.when == TURN_START:
            worth += 2.0 * _effects_worth(a.effects)
        elif a.when == ACTIVATED:
            worth += (1.5 if a.repeatable else 0.8) * _effects_worth(a.effects) / max(1, a.cost) * 2
    return max(worth, 0.8 * c.resources)


@lru_cache(maxsize=None)
def points_worth(kind: str) -> float:
    c = card(kind)
    p = c.points_per
    dynamic = 0.0 if p is None else (0.6 * p.max if p.max else 3.0 * p.points)
    return c.points + dynamic


def worth(kind: str, progress: float) -> float:
    """A card's worth to own, ``progress`` from 0 (the start) to 1 (the World decks empty)."""
    if kind == WISP:
        return -2.0
    return (1.0 - progress) * economy(kind) + (0.3 + progress) * 1.2 * points_worth(kind)


def progress(state: ThreeSpheresState) -> float:
    full = 2 * max(1, state.options["world_size"] - 3)
    return min(1.0, 1.0 - (len(state.world_deck[0]) + len(state.world_deck[1])) / full)


def easy_policy(state: ThreeSpheresState, rng: random.Random) -> Action:
    legal = state.legal_actions()
    step = state.step
    if len(legal) == 1:
        return legal[0]
    t = progress(state)
    if step == Step.MAIN:
        return _main(state, legal, t)
    if step == Step.RESOURCES:
        amount = state.pending["amount"]
        return _pay_choice(state, legal, Move.ASSIGN, amount, t) or legal[0]
    if step == Step.TRASH:
        bad = [a for a in legal if a.kind == Move.TRASH and worth(kind_of(a["card"]), t) < 0.9]
        return min(bad, key=lambda a: worth(kind_of(a["card"]), t)) if bad else legal[0]
    if step == Step.TAKE:
        takes = [a for a in legal if a.kind == Move.TAKE]
        return max(takes, key=lambda a: worth(kind_of(a["card"]), t)) if takes else legal[0]
    if step == Step.COPY:
        return max(legal, key=lambda a: economy(kind_of(a["card"])))
    if step == Step.FLIP_SPACE:  # cover the card the opponent would like most
        return max(legal, key=lambda a: worth(kind_of(state.spaces[a["space"]][-1]), t))
    return rng.choice(legal)


def _main(state: ThreeSpheresState, legal: list[Action], t: float) -> Action:
    p = state.turn
    plays = [a for a in legal if a.kind == Move.PLAY]
    # play the cards whose abilities do more than their resources would (draws first)
    good = []
    for a in plays:
        c = info(a["card"])
        now = [ab for ab in c.abilities if ab.when == PLAY]
        if c.persist or (now and _effects_worth(now[0].effects) >= 0.8 * c.resources):
            good.append(a)
    if good:
        return max(good, key=lambda a: (any(e.kind == Kind.DRAW for ab in info(a["card"]).abilities for e in ab.effects),
                                        economy(kind_of(a["card"]))))
    free = [a for a in legal if a.kind == Move.BUY]
    if free:
        return max(free, key=lambda a: worth(kind_of(a["target"]), t))
    money = sum(info(c).resources for c in state.hand[p])
    choice = _pay_choice(state, legal, Move.SPEND, money, t)
    return choice or next(a for a in legal if a.kind == Move.END)


def ability_use(state: ThreeSpheresState, effects: Any, t: float) -> float:
    """What an ability would do now for the turn player: nothing for a take with nothing to
    take, a trash with nothing worth trashing, a draw from empty piles, a corruption that cannot
    land."""
    p, other = state.turn, 1 - state.turn
    total = 0.0
    for e in effects:
        params = dict(e.params)
        if e.kind == Kind.TAKE:
            where = [x[-1] for x in state.spaces if x] if params["from"] == "world" else state.discovery[p]
            total += max((worth(kind_of(c), t) for c in where if info(c).level <= params["max_level"]), default=0.0)
        elif e.kind == Kind.TRASH:
            pile = state.hand[p] if params["from"] == "hand" else state.discard[p]
            total += 0.8 if any(worth(kind_of(c), t) < 0.5 for c in pile) else 0.0
        elif e.kind == Kind.DRAW:
            total += float(min(params["cards"], len(state.realm[p]) + len(state.discard[p])))
        elif e.kind == Kind.CORRUPT:
            total += 0.0 if state.protected[other] else 0.8 * min(params["wisps"], len(state.supply))
        else:
            total += _effects_worth([e])
    return total


def _pay_choice(state: ThreeSpheresState, legal: list[Action], kind: str, money: int, t: float) -> Action | None:
    """The payment toward the best target ``money`` can reach, or None: a buy by what the card is
    worth (a little more from the World spread, which the opponent could buy too), an ability by
    what it would do now."""
    options = [a for a in legal if a.kind == kind]
    if not options:
        return None
    best_target, best = None, 0.2
    for target in dict.fromkeys(a["target"] for a in options):  # (in order: a set would make the bots differ from run to run)
        need = _need(state, target)
        if target in state.in_play[state.turn]:
            ab = activated(target)
            value = 0.8 * ability_use(state, ab.effects, t)
        else:
            value = worth(kind_of(target), t) + (0.0 if target in state.discovery[state.turn] else 0.15)
        if need <= money and value > best:
            best_target, best = target, value
    if best_target is None:
        return None
    mine = [a for a in options if a["target"] == best_target]
    if kind == Move.ASSIGN:
        return mine[0]
    need = _need(state, best_target)
    # the smallest card that completes it, else the largest
    enough = [a for a in mine if info(a["card"]).resources >= need]
    if enough:
        return min(enough, key=lambda a: info(a["card"]).resources)
    return max(mine, key=lambda a: info(a["card"]).resources)


def rollout_policy(state: ThreeSpheresState, rng: random.Random) -> Action:
    """The Easy choice, now and then a random one (playouts that vary)."""
    if rng.random() < 0.05:
        return rng.choice(state.legal_actions())
    return easy_policy(state, rng)


def _need(state: ThreeSpheresState, target: str) -> int:
    """What ``target`` still needs this turn: a buy's due, or an ability's cost less what was paid."""
    if target in state.in_play[state.turn]:
        ab = activated(target)
        return ab.cost - state.paid.get(target, 0)
    return state.due(target)


def gains_now(state: ThreeSpheresState, effects: Any, copying: bool = True) -> bool:
    """Whether ``effects`` would gain the turn player something now at no cost: a draw from a
    Realm deck or discard that is not empty, and that does not reshuffle where the turn end's draw
    would not (a reshuffle flips a card into the opponent's World spread); resources, with a
    target to give them to; a take, with a card of its level in its spread; a copy of such an
    ability of another card in play."""
    p = state.turn
    realm = len(state.realm[p])
    for e in effects:
        params = dict(e.params)
        if e.kind == Kind.DRAW and (realm or state.discard[p]):
            if state.reshuffled or realm < HAND_SIZE or realm - params["cards"] >= HAND_SIZE:
                return True
        elif e.kind == Kind.RESOURCES and state.targets():
            return True
        elif e.kind == Kind.TAKE:
            where = [x[-1] for x in state.spaces if x] if params["from"] == "world" else state.discovery[p]
            if any(info(c).level <= params["max_level"] for c in where):
                return True
        elif e.kind == Kind.COPY and copying:
            if any(gains_now(state, copyable(c).effects, False) for c in state.in_play[p] if copyable(c) is not None):
                return True
    return False


def free_play(state: ThreeSpheresState, c: str) -> bool:
    """Whether playing ``c`` from the hand gains something for nothing: it Persists (it stays in
    play and works at every turn start, or whenever paid, instead of going to the discard with
    the hand), or its When-played ability gains now (:func:`gains_now`).  Ending the turn with
    such a card in the hand throws that away: the hand is discarded either way."""
    c_info = info(c)
    return c_info.persist or any(gains_now(state, a.effects) for a in c_info.abilities if a.when == PLAY)


def search_moves(state: ThreeSpheresState) -> list[Action]:
    """The moves worth searching.  In the main phase, while a card of the hand is a free play
    (:func:`free_play`), those plays only (and a buy already paid for): a free play is never
    worse made than not, nor before the spending (a draw first shows more to spend), and a search
    offered End turn or a spend beside them valued its own turn, whose many orders of moves it had
    not sorted yet, below a plain End turn -- it ended the turn holding Glade Stags.  Then: a
    payment only toward a target the hand can still complete this turn, and for each target one
    way to pay (the smallest card that completes it, else the largest); no End turn while the hand
    can complete a payment already begun (what was paid is lost at the turn end, and the hand is
    discarded either way); every other choice as it is."""
    legal = state.legal_actions()
    step = state.step
    if step not in (Step.MAIN, Step.RESOURCES):
        return legal
    hand = state.hand[state.turn]
    if step == Step.MAIN:
        free = [a for a in legal if a.kind == Move.PLAY and free_play(state, a["card"])]
        if free:
            return free + [a for a in legal if a.kind == Move.BUY]
    money = sum(info(c).resources for c in hand)
    begun = any(state.paid.get(t) and _need(state, t) <= money for t in state.targets())
    out: list[Action] = []
    by_target: dict[str, list[Action]] = {}
    for a in legal:
        if a.kind == Move.END and begun:
            continue
        if a.kind == Move.SPEND:
            by_target.setdefault(a["target"], []).append(a)
        elif a.kind == Move.ASSIGN:
            if _need(state, a["target"]) <= money + state.pending["amount"]:
                out.append(a)
        else:
            out.append(a)
    for target, pays in by_target.items():
        need = _need(state, target)
        if need > money:
            continue
        enough = [a for a in pays if info(a["card"]).resources >= need]
        out.append(min(enough, key=lambda a: info(a["card"]).resources) if enough
                   else max(pays, key=lambda a: info(a["card"]).resources))
    return out


# the small questions inside a turn get a smaller share of a search's budget
SMALL_STEPS = {Step.RESOURCES: 0.4, Step.TRASH: 0.3, Step.TAKE: 0.4, Step.COPY: 0.3, Step.FLIP_SPACE: 0.3}


def search_share(view: dict[str, Any]) -> float:
    return SMALL_STEPS.get(view["step"], 1.0)


def evaluate(state: ThreeSpheresState) -> list[float]:
    """Each player's reward in [0, 1] for a playout cut short: the points the collection scores
    now, plus, while the World decks last, what its cards can still buy."""
    import math

    t = progress(state)
    totals = []
    for p, s in enumerate(state.scores()):
        mine = state.collection(p)
        engine = sum(economy(kind_of(c)) for c in mine) / max(1, len(mine))
        totals.append(s.total + (1.0 - t) * 6.0 * engine)
    d = totals[0] - totals[1]
    r0 = 1.0 / (1.0 + math.exp(-d / 3.0))
    return [r0, 1.0 - r0]


PLAYOUT_CUTOFF = (40, evaluate)
