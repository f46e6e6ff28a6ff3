"""What the ability cards and heroes of Spheres of Life do, one effect kind each.

The card data (``assets/spheres_of_life/cards.json``) names each ability's and hero's effect kind
and its parameters: the Orb of Fire and the Orb of Earth are both ``draw`` (one card, two cards),
the Druid and the Mirror of Fate both ``look_and_order`` (the Druid keeps up to two cards first and
locks the order until the phase ends).  The turn flow (rules.py) never names a card: at a quiet
moment it asks each effect what it offers (:meth:`uses`), and a used card's effect resolves
(:meth:`resolve`), asking its own steps (:attr:`steps`, :meth:`legal`, :meth:`apply`) until it
calls ``state._finish_effect()``.  A hero's effect also says whether its owner may be asked on
public facts (:meth:`askable`).

Lasting effects (the expansion's Field cards and banked Mythical sets) are records in
``state.lasting`` whose kinds are registered with :data:`LASTING`; the rules consult them at the
:class:`Point` names (see tabletop/engine/effects.py).  The base game has none.

An effect class reaches into the state's own moves (``_to_hand``, ``_from_hand`` ...): it is a
part of the rules, kept apart so that a new card is data plus, at most, one new class here.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from tabletop.engine.actions import Action, act
from tabletop.engine.effects import EffectKinds, Lasting

from .cards import CORRUPTED, GODLY_ABILITIES, NOBLE, distinct, every_card, kind_names, kind_of, kind_types, main_deck
from .steps import DONE, Move, Step

if TYPE_CHECKING:
    from .rules import SpheresState

DISCARD = -1  # a Warrior's card going to the discard pile instead of to a player
FIELD_SIZE = 2  # Prolonged cards one Field holds at most

EFFECTS = EffectKinds("Spheres of Life")


class Point:
    """Where the rules consult lasting effects (:data:`LASTING`)."""

    DAY_DRAWS = "day_draws"  # (record, count, player) -> the cards a player draws at the end of a Day
    NIGHT_LIMIT = "night_limit"  # (record, limit, player) -> the cards a player may discard in the Night
    STEALABLE = "stealable"  # (record, allowed, thief, victim) -> whether the thief may steal from the victim
    SCORE = "score"  # (record, parts, player) -> the player's score parts, (label, points) pairs, more added
    DISCARD_PICKS = "discard_picks"  # (record, count, player) -> cards a player may take from the discard in a Day
    MAY_PLAY = "may_play"  # (record, allowed, player, turn) -> whether a player may play an ability card now


LASTING = Lasting("Spheres of Life", (Point.DAY_DRAWS, Point.NIGHT_LIMIT, Point.STEALABLE, Point.SCORE,
                                      Point.DISCARD_PICKS, Point.MAY_PLAY))


def source_name(record: dict[str, Any]) -> str:
    """The card a lasting effect comes from, in words: "Pegasus (banked)", "Laurel Crown (in Field)"."""
    c = record["card"]
    if c in every_card():
        return f"{every_card()[c].name} (in Field)"
    return f"{kind_names()[c].partition(' ')[2]} (banked)"


# --- the lasting kinds: what a banked Mythical set or a Prolonged card in a Field changes -------
@LASTING.register("day_draws")
class MoreDraws:
    """Its owner draws ``by`` more cards at the end of every Day."""

    def day_draws(self, record: dict[str, Any], count: int, player: int) -> int:
        return count + record["by"] if player == record["owner"] else count


@LASTING.register("others_day_draws")
class OthersDraws:
    """Every other player draws ``by`` more (fewer, if negative) at the end of every Day."""

    def day_draws(self, record: dict[str, Any], count: int, player: int) -> int:
        return count + record["by"] if player != record["owner"] else count


@LASTING.register("night_limit")
class NightLimit:
    """Its owner may discard (and take back) ``by`` more cards in every Night."""

    def night_limit(self, record: dict[str, Any], limit: int, player: int) -> int:
        return limit + record["by"] if player == record["owner"] else limit


@LASTING.register("others_night_limit")
class OthersNightLimit:
    """Every other player may discard ``by`` more (fewer, if negative) cards in every Night."""

    def night_limit(self, record: dict[str, Any], limit: int, player: int) -> int:
        return limit + record["by"] if player != record["owner"] else limit


@LASTING.register("untouchable")
class Untouchable:
    """Nobody may steal from its owner or take cards from the owner's hand blind."""

    def stealable(self, record: dict[str, Any], allowed: bool, thief: int, victim: int) -> bool:
        return allowed and victim != record["owner"]


@LASTING.register("points")
class Points:
    """Its owner scores ``points`` at the end."""

    def score(self, record: dict[str, Any], parts: tuple, player: int) -> tuple:
        return parts + ((source_name(record), record["points"]),) if player == record["owner"] else parts


@LASTING.register("others_points")
class OthersPoints:
    """Every other player scores ``points`` (loses, if negative) at the end."""

    def score(self, record: dict[str, Any], parts: tuple, player: int) -> tuple:
        return parts + ((source_name(record), record["points"]),) if player != record["owner"] else parts


@LASTING.register("corrupted_free")
class CorruptedFree:
    """The corrupted animals in its owner's hand cost nothing at the end."""

    def score(self, record: dict[str, Any], parts: tuple, player: int) -> tuple:
        if player != record["owner"]:
            return parts
        cost = sum(points for label, points in parts if label == CORRUPTED_IN_HAND)
        # (labelled as a part of the hand: hidden from the others until the end, like the hand)
        return parts + ((f"{CORRUPTED_IN_HAND}, free: {source_name(record)}", -cost),)


@LASTING.register("discard_pick")
class DiscardPick:
    """On each Day, after a pick, its owner may take ``cards`` cards from the discard pile."""

    def discard_picks(self, record: dict[str, Any], count: int, player: int) -> int:
        return count + record["cards"] if player == record["owner"] else count


@LASTING.register("silence")
class Silence:
    """At the quiet moments before and during its owner's turns, nobody else plays ability cards
    (blocks and an Apple of Life against a Field are not played at quiet moments: still allowed)."""

    def may_play(self, record: dict[str, Any], allowed: bool, player: int, turn: int | None) -> bool:
        return allowed and not (turn == record["owner"] and player != record["owner"])


CORRUPTED_IN_HAND = "Corrupted animals in hand"


@cache
def effect_of(kind: str) -> Any:
    """The effect of the card kind ``kind`` (``None``: an animal, which has none)."""
    c = next(c for c in every_card().values() if c.kind == kind)
    return EFFECTS.make(c.effect, dict(c.params), c.name) if c.effect else None


@cache
def blocking_cards() -> frozenset[str]:
    """The ids of the cards that block a declared item (the Apples of Life)."""
    return frozenset(cid for cid, c in every_card().items() if c.effect == "block")


def _others(state: SpheresState, p: int) -> list[int]:
    return [q for q in range(state.num_players) if q != p]


class Effect:
    """What every effect kind answers; the defaults are those of an effect with no steps."""

    kind: str  # set by the registry
    steps: tuple[str, ...] = ()  # the steps this effect asks while it resolves
    unsilenced = False  # may be played even where a lasting effect forbids ability cards

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        """The ways ``p`` may use ``card`` at a quiet moment now."""
        return [act(Move.USE, card=card)]

    def decider(self, state: SpheresState) -> int:
        """Who answers at the effect's steps: its user, unless the effect says otherwise."""
        return state.effect["who"]

    def askable(self, state: SpheresState, p: int) -> bool:
        """(Heroes) whether ``p`` may have a use for it now, judged on public facts only."""
        return False

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        """The effect happens (``state.effect`` is ``{"who": p, "card": card}``)."""
        raise NotImplementedError

    def legal(self, state: SpheresState) -> list[Action]:
        """The answers at one of :attr:`steps`."""
        raise NotImplementedError

    def apply(self, state: SpheresState, action: Action) -> None:
        """An answer at one of :attr:`steps`."""
        raise NotImplementedError


# --- ability cards ------------------------------------------------------------------------
@EFFECTS.register("block")
class Block(Effect):
    """Apple of Life: answers a declared item in its block window (rules.py); at a quiet moment of
    the Dream it is played only against a Prolonged card in a Field, which it sends to the
    discard pile (even where ability cards are forbidden)."""

    unsilenced = True

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        if GODLY_ABILITIES not in state.parts:
            return []
        return [act(Move.USE, card=card, field=c) for field in state.fields for c in field]

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        if state._field_owner(action["field"]) is not None:  # (still there)
            state._leave_field(action["field"])
        state._finish_effect()


@EFFECTS.register("take_from_field")
class TakeFromField(Effect):
    """Sky Hook: a Prolonged card of another player's Field comes into the user's Field (or, when
    that Field is full, goes to the discard pile)."""

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        return [act(Move.USE, card=card, field=c) for q in _others(state, p) for c in state.fields[q]]

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        c = action["field"]
        owner = state._field_owner(c)
        if owner is not None and owner != p:
            state._leave_field(c, to=p if len(state.fields[p]) < FIELD_SIZE else None)
        state._finish_effect()


@EFFECTS.register("refresh_hero")
class RefreshHero(Effect):
    """Fountain of Youth: one of the user's used heroes is turned face up again."""

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        return [act(Move.USE, card=card, hero=h) for h in state.heroes[p] if h in state.used and h not in state.dawn.spent]

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        if action["hero"] in state.used:
            state.used.remove(action["hero"])
        state._finish_effect()


@EFFECTS.register("end_phase")
class EndPhase(Effect):
    """Orb of Water: the phase ends at once (not in the Last Dream)."""

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        return [] if state.last_dream else [act(Move.USE, card=card)]

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        state._to_discard(card)
        state._end_phase()


@EFFECTS.register("restart_dream")
class RestartDream(Effect):
    """Orb of Time: the Dream starts again from its leader; sets may be banked again."""

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        state._to_discard(card)
        state.effect = {}
        state.queue = state._clockwise_from(state.leader)
        state.banked_this_dream = []
        state.activated_this_dream = []
        state.closing = False
        state._lift_mirror()
        state._start_turn()


@EFFECTS.register("draw")
class Draw(Effect):
    """Orb of Fire, Orb of Earth: draw ``cards`` cards (the deck must hold them)."""

    def __init__(self, cards: int) -> None:
        self.cards = cards

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        return [act(Move.USE, card=card)] if len(state.deck) >= self.cards else []

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        for _ in range(self.cards):
            state._draw(p)
        state._finish_effect()


@EFFECTS.register("take_blind")
class TakeBlind(Effect):
    """Raven's Raid: take ``cards`` cards from another hand, pointing at card backs one by one
    (the target must hold as many)."""

    steps = (Step.RAVEN_POS,)

    def __init__(self, cards: int) -> None:
        self.cards = cards

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        return [act(Move.USE, card=card, target=q) for q in _others(state, p)
                if len(state.hands[q]) >= self.cards and state._stealable(p, q)]

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        target = action["target"]
        if not state.hands[target]:
            state._finish_effect()
            return
        state.effect.update(target=target, taken=0)
        state.step = Step.RAVEN_POS

    def legal(self, state: SpheresState) -> list[Action]:
        return [act(Move.POSITION, index=i) for i in range(len(state.hands[state.effect["target"]]))]

    def apply(self, state: SpheresState, action: Action) -> None:
        thief, victim = state.effect["who"], state.effect["target"]
        c = state.hands[victim][action["index"]]
        state._from_hand(victim, c, seen_by=(thief,))
        state._to_hand(thief, c, seen_by=(victim,))
        state.effect["taken"] += 1
        if state.effect["taken"] >= self.cards or not state.hands[victim]:
            state._finish_effect()


@EFFECTS.register("discard_own")
class DiscardOwn(Effect):
    """Autumn Wind: discard up to ``cards`` of one's own cards (another card must be in hand)."""

    steps = (Step.WIND,)

    def __init__(self, cards: int) -> None:
        self.cards = cards

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        return [act(Move.USE, card=card)] if len(state.hands[p]) >= 2 else []

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        state.effect["lost"] = 0
        if state.hands[p]:
            state.step = Step.WIND
        else:
            state._finish_effect()

    def legal(self, state: SpheresState) -> list[Action]:
        # (the last card discarded ends the step)
        return [DONE] + [act(Move.DISCARD, card=c) for c in distinct(state.hands[state.effect["who"]])]

    def apply(self, state: SpheresState, action: Action) -> None:
        p = state.effect["who"]
        if action.kind == Move.DONE:
            state._finish_effect()
            return
        state._from_hand(p, action["card"])
        state._to_discard(action["card"])
        state.effect["lost"] += 1
        if state.effect["lost"] >= self.cards or not state.hands[p]:
            state._finish_effect()


def _animal_discarded(state: SpheresState) -> bool:
    return any(every_card()[x].is_animal for x in state.discard)


@EFFECTS.register("take_from_discard")
class TakeFromDiscard(Effect):
    """Root of Memory, Goddess of the Night: take ``cards`` animals back from the discard pile, one
    after the other (animals only: taking ability cards back could go round for ever)."""

    steps = (Step.ROOT,)

    def __init__(self, cards: int = 1) -> None:
        self.cards = cards

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        return [act(Move.USE, card=card)] if _animal_discarded(state) else []

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        if _animal_discarded(state):
            state.step = Step.ROOT
        else:
            state._finish_effect()

    def legal(self, state: SpheresState) -> list[Action]:
        return [act(Move.TAKE, card=c) for c in distinct([x for x in state.discard if every_card()[x].is_animal])]

    def apply(self, state: SpheresState, action: Action) -> None:
        c = action["card"]
        state.discard.remove(c)
        state._to_hand(state.effect["who"], c, seen_by=None)
        if self.cards > 1:  # (the effect's document counts only past the first card)
            state.effect["taken"] = state.effect.get("taken", 0) + 1
            if state.effect["taken"] < self.cards and _animal_discarded(state):
                return
        state._finish_effect()


# --- abilities and heroes alike ----------------------------------------------------------------
@EFFECTS.register("look_and_order")
class LookAndOrder(Effect):
    """Druid, Mirror of Fate: look at another hand of at least ``least`` cards, keep up to ``keep``
    of them, and put the rest in an order that stays locked (``lock``: "druid" until the phase
    ends, "mirror" until the owner's next turn begins)."""

    steps = (Step.DRUID_KEEP, Step.ORDER)

    def __init__(self, keep: int, lock: str, least: int) -> None:
        self.keep, self.lock, self.least = keep, lock, least

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        return [act(Move.USE, card=card, target=q) for q in _others(state, p) if len(state.hands[q]) >= self.least]

    def askable(self, state: SpheresState, p: int) -> bool:
        return any(len(state.hands[q]) >= self.least for q in _others(state, p))

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        target = action["target"]
        for c in state.hands[target]:
            state.known[p][target].add(c)
        if not self.keep:
            state.effect["kept"] = 0
            self._start_ordering(state, p, target)
            return
        state.effect.update(target=target, kept=0)
        state.step = Step.DRUID_KEEP
        if not state.hands[target]:
            state._finish_effect()

    def legal(self, state: SpheresState) -> list[Action]:
        if state.step == Step.ORDER:
            return [act(Move.ORDER, card=c) for c in state.effect["left"]]
        # (the last card kept, or the hand emptied, ends the step: fewer are kept here)
        return [DONE] + [act(Move.TAKE, card=c) for c in distinct(state.hands[state.effect["target"]])]

    def apply(self, state: SpheresState, action: Action) -> None:
        e = state.effect
        if state.step == Step.ORDER:
            e["left"].remove(action["card"])
            e["placed"].append(action["card"])
            if len(e["left"]) <= 1:
                v, d = e["target"], e["who"]
                state.hands[v] = e["placed"] + e["left"]
                state.locked[v] = e["lock"]
                for o in range(state.num_players):
                    if o != v:
                        state.order_known[o][v] = o == d
                state._finish_effect()
            return
        d, v = e["who"], e["target"]
        if action.kind == Move.DONE:
            self._start_ordering(state, d, v)
            return
        c = action["card"]
        state._from_hand(v, c, seen_by=(d,))
        state._to_hand(d, c, seen_by=(v,))
        e["kept"] += 1
        if e["kept"] >= self.keep or not state.hands[v]:
            self._start_ordering(state, d, v)

    def _start_ordering(self, state: SpheresState, d: int, v: int) -> None:
        hand = state.hands[v]
        for c in hand:
            state.known[d][v].add(c)
        if len(hand) <= 1:
            state.locked[v] = self.lock if hand else None
            state.order_known[d][v] = True
            state._finish_effect()
            return
        state.effect.update(target=v, left=list(hand), placed=[], lock=self.lock)
        state.step = Step.ORDER


# --- heroes ---------------------------------------------------------------------------------
@EFFECTS.register("lead_phase")
class LeadPhase(Effect):
    """Windmaster: the phase ends and one of ``phases`` begins at once, led by the owner (not in
    the Last Dream, and only while the deck holds cards)."""

    def __init__(self, phases: tuple[str, ...]) -> None:
        self.phases = tuple(phases)

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        if state.last_dream or not state.deck:
            return []
        return [act(Move.USE, card=card, phase=ph) for ph in self.phases]

    def askable(self, state: SpheresState, p: int) -> bool:
        return not state.last_dream and bool(state.deck)

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        state.effect = {}
        state._end_phase(forced=action["phase"], by=p)


@EFFECTS.register("lose_cards")
class LoseCards(Effect):
    """Warrior: get rid of up to ``cards`` of one's cards, each discarded or given to a player."""

    steps = (Step.WARRIOR,)

    def __init__(self, cards: int) -> None:
        self.cards = cards

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        return [act(Move.USE, card=card)] if state.hands[p] else []

    def askable(self, state: SpheresState, p: int) -> bool:
        return bool(state.hands[p])

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        state.effect["lost"] = 0
        state.step = Step.WARRIOR

    def legal(self, state: SpheresState) -> list[Action]:
        p = state.effect["who"]
        acts = [DONE]  # (the last card lost ends the step)
        for c in distinct(state.hands[p]):
            acts.append(act(Move.LOSE, card=c, to=DISCARD))
            acts += [act(Move.LOSE, card=c, to=q) for q in _others(state, p)]
        return acts

    def apply(self, state: SpheresState, action: Action) -> None:
        p = state.effect["who"]
        if action.kind == Move.DONE:
            state._finish_effect()
            return
        c, to = action["card"], action["to"]
        if to == DISCARD:
            state._from_hand(p, c)
            state._to_discard(c)
        else:
            state._from_hand(p, c, seen_by=(to,))
            state._to_hand(to, c, seen_by=(p,))
        state.effect["lost"] += 1
        if state.effect["lost"] >= self.cards or not state.hands[p]:
            state._finish_effect()


@EFFECTS.register("gather_species")
class GatherSpecies(Effect):
    """Paladin: name a species one holds (``any``, the God of the Hunt: any species of the deck);
    every other hand is shown to all and hands over its animals of that species, one of which
    the owner shows."""

    def __init__(self, any: bool = False) -> None:  # noqa: A002  (the card data's word)
        self.any = any

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        if self.any:
            kinds = sorted(state_species(state))
        else:
            kinds = sorted({kind_of()[c] for c in state.hands[p] if kind_types()[kind_of()[c]] in (NOBLE, CORRUPTED)})
        return [act(Move.USE, card=card, species=k) for k in kinds]

    def askable(self, state: SpheresState, p: int) -> bool:
        return bool(state.hands[p])

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        k = action["species"]
        n = state.num_players
        for q in _others(state, p):
            for o in range(n):  # every other hand is shown to everybody
                if o != q:
                    state.known[o][q] = set(state.hands[q])
            for c in [c for c in state.hands[q] if kind_of()[c] == k]:
                state._from_hand(q, c)
                state._to_hand(p, c, seen_by=None)
        shown = next((c for c in state.hands[p] if kind_of()[c] == k), None)
        for o in range(n):
            if o != p and shown is not None:
                state.known[o][p].add(shown)
        state._finish_effect()


def state_species(state: SpheresState) -> set[str]:
    """Every animal species of the game's deck."""
    return {kind_of()[c] for c in main_deck(state.purist, state.parts) if kind_types()[kind_of()[c]] in (NOBLE, CORRUPTED)}


@EFFECTS.register("tribute")
class Tribute(Effect):
    """Goddess of Mercy: every other player with a card, in turn from the user's left, gives the
    user one card of their choice (only the two of them see which)."""

    steps = (Step.TRIBUTE,)

    def uses(self, state: SpheresState, p: int, card: str) -> list[Action]:
        return [act(Move.USE, card=card)] if any(state.hands[q] for q in _others(state, p)) else []

    def askable(self, state: SpheresState, p: int) -> bool:
        return any(state.hands[q] for q in _others(state, p))

    def resolve(self, state: SpheresState, p: int, action: Action, card: str) -> None:
        state.effect["left"] = [q for q in state._clockwise_from(p)[1:] if state.hands[q]]
        if state.effect["left"]:
            state.step = Step.TRIBUTE
        else:
            state._finish_effect()

    def decider(self, state: SpheresState) -> int:
        return state.effect["left"][0]

    def legal(self, state: SpheresState) -> list[Action]:
        return [act(Move.GIFT, card=c, to=state.effect["who"]) for c in distinct(state.hands[state.effect["left"][0]])]

    def apply(self, state: SpheresState, action: Action) -> None:
        giver, taker = state.effect["left"].pop(0), state.effect["who"]
        state._from_hand(giver, action["card"], seen_by=(taker,))
        state._to_hand(taker, action["card"], seen_by=(giver,))
        state.effect["left"] = [q for q in state.effect["left"] if state.hands[q]]
        if not state.effect["left"]:
            state._finish_effect()


@cache
def effect_steps() -> dict[str, type]:
    """Each step an effect asks, with the effect kind that asks it."""
    return {step: cls for cls in EFFECTS.kinds() for step in cls.steps}
