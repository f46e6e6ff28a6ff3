"""Three Spheres TCG: the rules as plain code (decisions: docs/rules/three-spheres.md).

Two players each bring a deck of 30 cards, split at the start into a Realm deck (their own
deck-building deck), a World deck in the centre and a Discovery deck.  A turn: the Turn Start
abilities of one's Persisting cards, then the main phase -- play a card of the hand for its
ability, or spend it for its resources on one target (a buy or an activated ability) -- then the
turn end: the table is cleared but for Persisting cards, the hand is discarded, five are drawn,
and a player who reshuffled their Realm this turn flips a card of the opponent's World deck into
the World spread.  When that flip finds the World deck empty the round is finished and the
collections are scored (``scoring.py``).

Card ids in a game are the set's ids with a tail (``"moss_sprout.a3"``: seat A's deck, its third
card; ``"wisp.7"``: a Wisp of the supply); :func:`~.cards.kind_of` gives the set's id back.  A
pile is a list whose last card is its top.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any

from tabletop.engine.actions import Action, act
from tabletop.engine.game import CHANCE, IllegalAction, Score, State

from .cards import ACTIVATED, PLAY, TURN_START, WISP, WISP_SUPPLY, info, kind_of, split_deck
from .deck_files import deck_of
from . import effects
from .scoring import score
from .steps import Kind, Move, Step
from .views import Views

HAND_SIZE = 5
SPACES_A_SIDE = 3  # World spaces on each player's side (decision 9)
DISCOVERY_SIZE = 5
TURN_LIMIT = 100  # a safeguard: a game where nobody can reshuffle any more ends after this many turns each
SIDES = "ab"  # the letter of each seat's cards

START, MAIN_PHASE, END_PHASE = "start", "main", "end"


DONE = Action.make(Move.DONE)
END = Action.make(Move.END)


def deal_ids(cards: list[str], side: int) -> list[str]:
    """The game's card ids of a deck list: each card's id, the seat's letter and its place."""
    return [f"{k}.{SIDES[side]}{i + 1}" for i, k in enumerate(cards)]


@lru_cache(maxsize=16)
def deck_piles(deck_id: str, world_size: int) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The kinds a deck puts into its Realm, World and Discovery decks at the set-up (decision 2)."""
    deck = deck_of(deck_id)
    realm, world, discovery = split_deck(deck.cards, deck.realm, deck.world, world_size)
    return tuple(realm), tuple(world), tuple(discovery)


def activated(cid: str) -> Any:
    """The activated ability of a card, or ``None``."""
    return next((a for a in info(cid).abilities if a.when == ACTIVATED), None)


def copyable(cid: str) -> Any:
    """The ability a copy effect may copy from this card: its When-played or Turn-start ability
    without a copy of its own (decision 19); ``None`` when it has none."""
    for a in info(cid).abilities:
        if a.when in (PLAY, TURN_START) and not any(e.kind == Kind.COPY for e in a.effects):
            return a
    return None


class ThreeSpheresState(Views, State):
    game_id = "three-spheres"
    num_players = 2

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = dict(options)
        self.deck_ids = [options["deck1"], options["deck2"]]
        self.realm: list[list[str]] = [[], []]  # each Realm deck, top last (hidden order)
        self.discard: list[list[str]] = [[], []]  # each Realm discard (open)
        self.hand: list[list[str]] = [[], []]
        self.in_play: list[list[str]] = [[], []]  # played for their ability, in order; Persisting ones stay
        self.spent: list[list[str]] = [[], []]  # spent this turn (they leave at the turn end)
        self.spent_on: dict[str, str] = {}  # this turn: each spent card's target
        self.world_deck: list[list[str]] = [[], []]
        self.spaces: list[list[str]] = [[] for _ in range(2 * SPACES_A_SIDE)]  # stacks, top last
        self.discovery_deck: list[list[str]] = [[], []]
        self.discovery: list[list[str]] = [[], []]  # each Discovery spread
        self.supply: list[str] = []  # the Corrupted Wisps nobody holds
        self.trash: list[str] = []  # trashed cards: out of the game, open
        self.turn = 0
        self.first: int | None = None  # who began (chance decides)
        self.turns = [0, 0]  # turns finished by each player
        self.step = Step.BEGIN
        self.phase = START
        self.paid: dict[str, int] = {}  # what was paid this turn into each target (decision 4)
        self.discount = 0  # taken off the next buy this turn
        self.used: list[str] = []  # one-shot activated abilities that happened this turn
        self.reshuffled = False  # the turn player reshuffled their Realm this turn
        self.protected = [False, False]  # protected from corruption until their next turn
        self.queue: list[dict[str, Any]] = []  # effects waiting to happen, first first
        self.pending: dict[str, Any] | None = None  # the effect asking now
        self.flipped: str | None = None  # a card turned over, waiting for its World space
        self.end_triggered = False
        self.seed = 0  # the next shuffle's randomness
        self.shuffles = 0
        self.dealt = False  # set up from the two decks (not from a position document)

    # --- set-up -------------------------------------------------------------------------
    @classmethod
    def new(cls, options: dict[str, Any], seed: int) -> "ThreeSpheresState":
        rng = random.Random(seed)
        state = cls(options)
        for p, deck_id in enumerate(state.deck_ids):
            ids = deal_ids(list(deck_of(deck_id).cards), p)
            realm, world, discovery = deck_piles(deck_id, options["world_size"])
            pool = list(ids)

            def take(kinds: list[str]) -> list[str]:
                out = []
                for k in kinds:
                    x = next(c for c in pool if kind_of(c) == k)
                    pool.remove(x)
                    out.append(x)
                return out

            state.realm[p], state.world_deck[p], state.discovery_deck[p] = take(realm), take(world), take(discovery)
            for pile in (state.realm[p], state.world_deck[p], state.discovery_deck[p]):
                rng.shuffle(pile)
            for i in range(SPACES_A_SIDE):
                state.spaces[p * SPACES_A_SIDE + i].append(state.world_deck[p].pop())
            for _ in range(DISCOVERY_SIZE):
                if state.discovery_deck[p]:
                    state.discovery[p].append(state.discovery_deck[p].pop())
            for _ in range(HAND_SIZE):
                state.hand[p].append(state.realm[p].pop())
        state.supply = [f"{WISP}.{i + 1}" for i in range(WISP_SUPPLY)]
        state.seed = rng.getrandbits(64)
        state.dealt = True
        return state

    def clone(self) -> "ThreeSpheresState":
        new = ThreeSpheresState.__new__(ThreeSpheresState)
        d = new.__dict__
        for k, v in self.__dict__.items():
            if isinstance(v, list):
                d[k] = [list(x) if isinstance(x, list) else (dict(x) if isinstance(x, dict) else x) for x in v]
            elif isinstance(v, dict):
                d[k] = dict(v)
            else:
                d[k] = v
        return new

    # --- whose decision -----------------------------------------------------------------
    def decider(self) -> int | None:
        if self.step == Step.OVER:
            return None
        if self.step == Step.BEGIN:
            return CHANCE
        return self.turn

    def whose_turn(self) -> int | None:
        return None if self.step in (Step.BEGIN, Step.OVER) else self.turn

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.step != Step.BEGIN:
            return []
        return [(act(Move.BEGIN, seat=0), 0.5), (act(Move.BEGIN, seat=1), 0.5)]

    def opponent(self, p: int | None = None) -> int:
        return 1 - (self.turn if p is None else p)

    # --- targets ------------------------------------------------------------------------
    def buy_targets(self) -> list[str]:
        """What the turn player can pay into to buy: the top card of each World space and the
        cards of their own Discovery spread."""
        return [s[-1] for s in self.spaces if s] + list(self.discovery[self.turn])

    def ability_targets(self) -> list[str]:
        """The turn player's cards in play whose activated ability can still happen this turn."""
        return [c for c in self.in_play[self.turn] if activated(c) is not None and c not in self.used]

    def targets(self) -> list[str]:
        return self.buy_targets() + self.ability_targets()

    def due(self, target: str) -> int:
        """What a buy still needs this turn (after the discount and what was paid)."""
        return max(0, info(target).cost - self.discount) - self.paid.get(target, 0)

    # --- legal actions ------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        step = self.step
        if step == Step.MAIN:
            return self._main_actions()
        if step == Step.RESOURCES:
            return [DONE] + [act(Move.ASSIGN, target=t) for t in self.targets()]
        if step == Step.TRASH:
            where = self.hand if self.pending["from"] == "hand" else self.discard
            return [DONE] + [act(Move.TRASH, card=c) for c in _distinct(where[self.turn])]
        if step == Step.TAKE:
            return [DONE] + [act(Move.TAKE, card=c) for c in self.take_choices()]
        if step == Step.COPY:
            return [act(Move.COPY, card=c) for c in self.copy_choices()]
        if step == Step.BEGIN:
            return [a for a, _ in self.chance_outcomes()]
        if step == Step.FLIP_SPACE:
            side = self.pending["side"]
            return [act(Move.SPACE, space=i) for i in range(side * SPACES_A_SIDE, (side + 1) * SPACES_A_SIDE)]
        return []

    def _main_actions(self) -> list[Action]:
        p = self.turn
        out: list[Action] = []
        cards = _distinct(self.hand[p])
        for c in cards:
            if info(c).abilities:
                out.append(act(Move.PLAY, card=c))
        targets = self.targets()
        for c in cards:
            if info(c).resources > 0:
                out += [act(Move.SPEND, card=c, target=t) for t in targets]
        out += [act(Move.BUY, target=t) for t in self.buy_targets() if self.due(t) <= 0]
        out.append(END)
        return out

    def take_choices(self) -> list[str]:
        most = self.pending["max_level"]
        where = [s[-1] for s in self.spaces if s] if self.pending["from"] == "world" else self.discovery[self.turn]
        return [c for c in where if info(c).level <= most]

    def copy_choices(self) -> list[str]:
        source = self.pending["source"]
        return [c for c in self.in_play[self.turn] if c != source and copyable(c) is not None]

    def explain_illegal(self, action: Action) -> str:
        if self.step == Step.OVER:
            return "The game is over."
        kind = action.kind
        wanted = {Step.MAIN: (Move.PLAY, Move.SPEND, Move.BUY, Move.END), Step.RESOURCES: (Move.ASSIGN, Move.DONE),
                  Step.TRASH: (Move.TRASH, Move.DONE), Step.TAKE: (Move.TAKE, Move.DONE), Step.COPY: (Move.COPY,),
                  Step.FLIP_SPACE: (Move.SPACE,), Step.BEGIN: (Move.BEGIN,)}[self.step]
        who = f"Player {self.turn + 1}"
        if kind not in wanted:
            return f"{who} must {self.prompt()} now, not {kind}."
        c, target = action.get("card"), action.get("target")
        if kind in (Move.PLAY, Move.SPEND):
            if c not in self.hand[self.turn]:
                return "That card is not in your hand."
            if kind == Move.PLAY:
                return f"{info(c).name} has no ability to play it for: spend it for its resources."
            if info(c).resources == 0:
                return f"{info(c).name} gives no resources to spend."
        if kind in (Move.SPEND, Move.ASSIGN, Move.BUY):
            if target not in self.targets():
                return "Resources go to the top card of a World space, a card of your Discovery spread, or an activated ability of your card in play that can still happen this turn."
            if kind == Move.BUY:
                return f"{info(target).name} needs {self.due(target)} more resources before it can be bought."
        if kind == Move.TRASH:
            return "That card is not where this trash takes cards from."
        if kind == Move.TAKE:
            return "That card cannot be taken by this effect (where it lies, or its level)."
        if kind == Move.COPY:
            return "Copy the When-played or Turn-start ability of another card you have in play."
        if kind == Move.SPACE:
            return "The card goes on a World space of the opponent's side."
        return f"{action} is not legal now."

    # --- applying -----------------------------------------------------------------------
    def apply_unchecked(self, action: Action) -> None:
        kind = action.kind
        p = self.turn
        if kind == Move.BEGIN:
            self.turn = self.first = action["seat"]
            self.draw(self.first, self.options["first_hand"] - HAND_SIZE)  # (decision 29)
            self._start_turn()
            return
        if kind == Move.PLAY:
            c = action["card"]
            self.hand[p].remove(c)
            self.in_play[p].append(c)
            for a in info(c).abilities:
                if a.when == PLAY:
                    self.queue[0:0] = [self._queued(e, c) for e in a.effects]
        elif kind == Move.SPEND:
            c = action["card"]
            self.hand[p].remove(c)
            self.spent[p].append(c)
            self.spent_on[c] = action["target"]
            self._pay(action["target"], info(c).resources)
        elif kind == Move.BUY:
            self._buy(action["target"])
        elif kind == Move.END:
            self._end_turn()
            return
        elif kind == Move.ASSIGN:
            amount = self.pending["amount"]
            self.pending = None
            self._pay(action["target"], amount)
        elif kind == Move.DONE:
            self.pending = None
        elif kind == Move.TRASH:
            c = action["card"]
            (self.hand if self.pending["from"] == "hand" else self.discard)[p].remove(c)
            self._trash(c)
            self.pending["left"] -= 1
            if self.pending["left"] <= 0 or not (self.hand if self.pending["from"] == "hand" else self.discard)[p]:
                self.pending = None
        elif kind == Move.TAKE:
            self._gain(action["card"])
            self.pending = None
        elif kind == Move.COPY:
            source = self.pending["source"]
            self.pending = None
            self.queue[0:0] = [self._queued(e, source) for e in copyable(action["card"]).effects]
        elif kind == Move.SPACE:
            self.spaces[action["space"]].append(self.flipped)
            self.flipped = None
            left = self.pending["left"] - 1
            side = self.pending["side"]
            self.pending = None
            if left > 0:
                self.queue.insert(0, {"kind": Kind.FLIP, "params": {"cards": left}, "source": "", "side": side})
        else:  # pragma: no cover - apply() checks legality first
            raise IllegalAction(f"Unknown action {action}.")
        self._run()

    @staticmethod
    def _queued(effect: Any, source: str) -> dict[str, Any]:
        return {"kind": effect.kind, "params": dict(effect.params), "source": source}

    def _run(self) -> None:
        """Let queued effects happen until one asks a question or none is left; then the phase
        goes on (the main phase asks again, a finished turn end passes the turn)."""
        while self.pending is None and self.queue:
            item = self.queue.pop(0)
            effects.happen(self, item)
        if self.pending is not None:
            return
        if self.phase == END_PHASE:
            self._next_turn()
        else:
            self.phase = MAIN_PHASE
            self.step = Step.MAIN

    def ask(self, step: str, **pending: Any) -> None:
        """An effect asks the turn player a question (``pending`` is its context, public)."""
        self.step = step
        self.pending = pending

    # --- paying, buying, gaining -----------------------------------------------------------
    def _pay(self, target: str, amount: int) -> None:
        """``amount`` resources go to ``target`` (decision 4): a buy happens when what was paid
        reaches its cost (less the discount), its surplus lost; an activated ability happens each
        time the sum reaches its cost (a one-shot one once, its surplus lost)."""
        self.paid[target] = self.paid.get(target, 0) + amount
        ability = activated(target) if target in self.in_play[self.turn] else None
        if ability is None:
            if self.due(target) <= 0:
                self._buy(target)
            return
        effects: list[dict[str, Any]] = []
        while self.paid[target] >= ability.cost:
            self.paid[target] -= ability.cost
            effects += [self._queued(e, target) for e in ability.effects]
            if not ability.repeatable:
                self.used.append(target)
                self.paid.pop(target)
                break
        self.queue[0:0] = effects

    def _buy(self, target: str) -> None:
        self.discount = 0
        self._gain(target)

    def _gain(self, c: str) -> None:
        """The turn player gets ``c`` from a spread into their Realm discard (decision 8); their
        Discovery spread is refilled at once.  Bought or taken for free, nothing is paid toward it
        any more."""
        p = self.turn
        self.paid.pop(c, None)
        if c in self.discovery[p]:
            i = self.discovery[p].index(c)
            self.discovery[p].pop(i)
            if self.discovery_deck[p]:
                self.discovery[p].insert(i, self.discovery_deck[p].pop())
        else:
            space = next(s for s in self.spaces if s and s[-1] == c)
            space.pop()
        self.discard[p].append(c)

    def _trash(self, c: str) -> None:
        """A trashed card leaves the game; a Wisp goes back to the supply (decision 20)."""
        if c.startswith(WISP + "."):
            self.supply.append(c)
        else:
            self.trash.append(c)

    # --- drawing and flipping ---------------------------------------------------------------
    def draw(self, p: int, n: int) -> None:
        """``p`` draws ``n`` cards; an empty Realm deck is refilled by shuffling the discard."""
        for _ in range(n):
            if not self.realm[p]:
                if not self.discard[p]:
                    return
                self.realm[p], self.discard[p] = self.discard[p], []
                # a card bought this turn, shuffled in, is no longer in sight where it was bought
                self.spent_on = {c: t for c, t in self.spent_on.items() if t not in self.realm[p]}
                rng = random.Random(self.seed)
                rng.shuffle(self.realm[p])
                self.seed = rng.getrandbits(64)
                self.shuffles += 1
                if p == self.turn:
                    self.reshuffled = True
            self.hand[p].append(self.realm[p].pop())

    def flip(self, side: int, left: int) -> bool:
        """The turn player flips the top card of ``side``'s World deck into that side's World
        spread: onto an empty space, or, when none is empty, onto a stack they choose (decision
        10).  ``False`` when the World deck is empty."""
        if not self.world_deck[side]:
            return False
        c = self.world_deck[side].pop()
        spaces = range(side * SPACES_A_SIDE, (side + 1) * SPACES_A_SIDE)
        empty = next((i for i in spaces if not self.spaces[i]), None)
        if empty is not None:
            self.spaces[empty].append(c)
            if left > 1:
                self.queue.insert(0, {"kind": Kind.FLIP, "params": {"cards": left - 1}, "source": "", "side": side})
            return True
        self.flipped = c
        self.ask(Step.FLIP_SPACE, kind=Kind.FLIP, side=side, left=left)
        return True

    # --- the turn ---------------------------------------------------------------------------
    def _start_turn(self) -> None:
        p = self.turn
        self.phase = START
        self.protected[p] = False  # (protection lasts until its owner's next turn)
        for c in self.in_play[p]:
            for a in info(c).abilities:
                if a.when == TURN_START:
                    self.queue += [self._queued(e, c) for e in a.effects]
        self._run()

    def _end_turn(self) -> None:
        """The turn end: the table cleared (Persisting cards stay), what was paid toward targets
        lost (decision 4), the hand discarded, five drawn, then the reshuffle flip (decision 11),
        which may trigger the end (decision 12)."""
        p = self.turn
        self.phase = END_PHASE
        self.queue.clear()
        stay = [c for c in self.in_play[p] if info(c).persist]
        self.discard[p] += [c for c in self.in_play[p] if not info(c).persist] + self.spent[p] + self.hand[p]
        self.in_play[p], self.spent[p], self.hand[p], self.spent_on, self.paid = stay, [], [], {}, {}
        self.draw(p, HAND_SIZE)
        if self.reshuffled:
            if not self.flip(self.opponent(), 1):
                self.end_triggered = True
        self._run()

    def _next_turn(self) -> None:
        p = self.turn
        self.turns[p] += 1
        self.discount, self.used, self.reshuffled = 0, [], False  # (what was paid went at the turn end)
        if (self.end_triggered or min(self.turns) >= TURN_LIMIT) and self.turns[0] == self.turns[1]:
            self.step = Step.OVER
            self.pending = None
            return
        self.turn = self.opponent()
        self._start_turn()

    # --- results ------------------------------------------------------------------------
    def collection(self, p: int) -> list[str]:
        """What ``p`` owns (decision 13): Realm deck, discard, hand and the cards on the table."""
        return self.realm[p] + self.discard[p] + self.hand[p] + self.in_play[p] + self.spent[p]

    def scores(self) -> list[Score]:
        mine, theirs = self.collection(0), self.collection(1)
        return [score(mine, theirs), score(theirs, mine)]

    def winners(self) -> list[int]:
        """The higher total; a tie goes to the larger collection, then is shared (decision 14)."""
        key = [(s.total, len(self.collection(p))) for p, s in enumerate(self.scores())]
        best = max(key)
        return [p for p in range(2) if key[p] == best]

    def round(self) -> int:
        return min(self.turns)

    CHART_STEP = "Turn"

    def chart_step(self) -> int:
        return sum(self.turns)

    def components(self) -> list[Any]:
        cards = [c for p in range(2) for zone in (self.realm, self.discard, self.hand, self.in_play, self.spent,
                                                  self.world_deck, self.discovery_deck, self.discovery) for c in zone[p]]
        cards += [c for s in self.spaces for c in s] + self.supply + self.trash
        return cards + ([self.flipped] if self.flipped else [])

    def consistency_problems(self) -> list[str]:
        """Each card id lies in one place (an id is a label: a card is its kind); in a game dealt
        from the two decks, the cards are the decks' and the Wisp supply's, and a World or
        Discovery pile holds only cards its deck put there at the set-up (the World spread's side,
        the card being flipped included) -- a position document may hold any cards; the supply
        holds only Wisps, the trash none; and what was paid or spent this turn names no card in a
        deck or a hand."""
        cards = self.components()
        problems = [] if len(set(cards)) == len(cards) else ["a card id lies in two places"]
        if self.dealt:
            made = Counter(k for deck_id in self.deck_ids for k in deck_of(deck_id).cards) + Counter({WISP: WISP_SUPPLY})
            if Counter(map(kind_of, cards)) != made:
                problems.append("its cards are not the two decks' and the Wisp supply's")
            for p in range(2):
                _, world, discovery = deck_piles(self.deck_ids[p], self.options["world_size"])
                spread = [c for s in self.spaces[p * SPACES_A_SIDE:(p + 1) * SPACES_A_SIDE] for c in s]
                flipped = [self.flipped] if self.flipped and self.pending and self.pending.get("side") == p else []
                for where, pile, allowed in (("World", self.world_deck[p] + spread + flipped, world),
                                             ("Discovery", self.discovery_deck[p] + self.discovery[p], discovery)):
                    if Counter(map(kind_of, pile)) - Counter(allowed):
                        problems.append(f"the {where} of player {p + 1} holds cards their deck did not put there")
        if any(kind_of(c) != WISP for c in self.supply) or any(kind_of(c) == WISP for c in self.trash):
            problems.append("a card other than a Wisp lies in the supply, or a Wisp in the trash")
        unseen = {c for p in range(2) for zone in (self.realm, self.hand, self.world_deck, self.discovery_deck)
                  for c in zone[p]}
        named = unseen & ({*self.paid, *self.spent_on, *self.spent_on.values()})
        if named:
            problems.append(f"what was paid or spent this turn names {', '.join(sorted(named))}, in a deck or a hand")
        return problems


def _distinct(cards: list[str]) -> list[str]:
    """One card of each kind, the first of each (copies are the same choice)."""
    seen: set[str] = set()
    out = []
    for c in cards:
        k = kind_of(c)
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


def new_state(players: int, options: dict[str, Any], seed: int) -> ThreeSpheresState:
    return ThreeSpheresState.new(options, seed)
