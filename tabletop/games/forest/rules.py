"""Once Upon a Forest: the rules as plain code (interpretations: docs/rules/once-upon-a-forest.md).

A turn: *play* a card from your hand to your forest, *give* one of your remaining cards
to another player, who must *place* it in their forest at once, then *draw* back to three
cards, one card at a time from the top of any pile.  Before the first turn each player
draws three cards the same way.  The game ends when every card is drawn and placed.

Variants (the project's own design, docs/rules/once-upon-a-forest.md): alone, a player
*composts* the card they would give (it leaves the game face up) and wins by reaching the
solo target; in the semi-cooperative game the table wins only when every forest reaches the
woodland goal, and then the best forest wins.

A forest is a list of trees; a tree has four rows (Ground, 1st, 2nd, Canopy), each a stack
of cards whose top card counts (a card may cover another of its level).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.game import IllegalAction, Score, State

from . import describe, words
from .cards import LEVELS, card, deck
from .steps import DRAW, GIVE, OVER, PLACE, PLAY, SETUP, STAGES, Move

PILES = 5
HAND_SIZE = 3

COMPETITIVE, SEMI_COOPERATIVE = "competitive", "semi-cooperative"

Tree = list[list[str]]  # four stacks of card ids, bottom card first
Forest = list[Tree]


# Actions are cached: the bots create millions of them.
@lru_cache(maxsize=None)
def draw_action(pile: int) -> Action:
    return Action.make(Move.DRAW, pile=pile)


@lru_cache(maxsize=None)
def play_action(card_id: str, tree: int) -> Action:
    return Action.make(Move.PLAY, card=card_id, tree=tree)


@lru_cache(maxsize=None)
def give_action(card_id: str, to: int) -> Action:
    return Action.make(Move.GIVE, card=card_id, to=to)


@lru_cache(maxsize=None)
def place_action(tree: int) -> Action:
    return Action.make(Move.PLACE, tree=tree)


@lru_cache(maxsize=None)
def compost_action(card_id: str) -> Action:
    return Action.make(Move.COMPOST, card=card_id)


def woodland_goal(players: int) -> int:
    """The score every forest needs for the table to win a semi-cooperative game."""
    return 8 - players


# --- forests ----------------------------------------------------------------------------
def tree_complete(tree: Tree) -> bool:
    return all(tree)


def tree_targets(forest: Forest) -> range:
    """Trees that may take a card (any level): every existing tree, plus a new one when allowed."""
    if not forest or tree_complete(forest[-1]):
        return range(len(forest) + 1)
    return range(len(forest))


def placement_problem(forest: Forest, level: int, tree: int, row: int | None = None) -> str | None:
    """Why a card of ``level`` may not go to ``tree`` (and ``row``), or ``None`` when it may."""
    if row is not None and row != level:
        return f"A {LEVELS[level]} card goes in the {LEVELS[level]} row, not the {LEVELS[row]} row."
    if tree < 0 or tree > len(forest):
        return f"There is no tree {tree + 1}."
    if tree == len(forest) and forest and not tree_complete(forest[-1]):
        return f"You may start a new tree only when tree {len(forest)} is complete."
    return None


def forest_score(forest: Forest, chainsaw_penalty: int = 1) -> Score:
    """Score a forest: complete trees, the incomplete tree, chainsaws and animals in balance."""
    complete = [t for t in forest if tree_complete(t)]
    incomplete = sum(1 for t in forest if any(t) and not tree_complete(t))
    chainsaws = 0
    animals: dict[str, int] = {}
    for t in complete:
        for stack in t:
            c = card(stack[-1])
            chainsaws += c.chainsaw
            if c.animals:
                animals[c.species] = animals.get(c.species, 0) + c.animals
    n = len(complete)
    # (with no complete tree no animal is counted, so no species is in balance)
    balanced = sorted(s for s, count in animals.items() if count == n)
    parts = (
        (f"Complete trees ({n} × 3)", 3 * n),
        (f"Incomplete trees ({incomplete} × −1)", -incomplete),
        (f"Chainsaws ({chainsaws} × −{chainsaw_penalty})", -chainsaws * chainsaw_penalty),
        (f"Species in balance ({len(balanced)})", len(balanced)),
    )
    return Score(sum(p for _, p in parts), parts)


class ForestState(State):
    game_id = "forest"

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self.num_players = players
        self.options = dict(options)
        self.pool: list[str] = []  # every card in this game (public knowledge)
        self.piles: list[list[str]] = [[] for _ in range(PILES)]  # top card last
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.forests: list[Forest] = [[] for _ in range(players)]
        self.stage = SETUP
        self.turn = 0
        self.pending: str | None = None  # the card given, waiting to be placed
        self.pending_to: int | None = None
        self.compost: list[str] = []  # solo: the cards composted, face up, out of the game
        self.rounds = 0

    # --- set-up -------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: dict[str, Any], seed: int) -> "ForestState":
        rng = random.Random(seed)
        state = cls(players, options)
        cards = deck()
        state.pool = list(cards)
        starts = [c for c in cards if cards[c].start]
        rest = [c for c in cards if not cards[c].start]
        rng.shuffle(starts)
        for p in range(players):
            state.forests[p].append([[starts[p]], [], [], []])
        rest += starts[players:]  # leftover start cards go into the piles
        rng.shuffle(rest)
        for i, c in enumerate(rest):
            state.piles[i % PILES].append(c)
        return state

    def clone(self) -> "ForestState":
        new = ForestState.__new__(ForestState)
        new.num_players = self.num_players
        new.options = self.options
        new.pool = self.pool
        new.piles = [list(p) for p in self.piles]
        new.hands = [list(h) for h in self.hands]
        new.forests = [[[list(s) for s in t] for t in f] for f in self.forests]
        new.stage = self.stage
        new.turn = self.turn
        new.pending = self.pending
        new.pending_to = self.pending_to
        new.compost = list(self.compost)
        new.rounds = self.rounds
        return new

    # --- whose decision -----------------------------------------------------------------
    def decider(self) -> int | None:
        if self.stage == OVER:
            return None
        if self.stage == PLACE:
            return self.pending_to
        if self.stage == SETUP:
            for p in range(self.num_players):
                if len(self.hands[p]) < HAND_SIZE:
                    return p
        return self.turn

    def legal_actions(self) -> list[Action]:
        stage = self.stage
        if stage == SETUP or stage == DRAW:
            return [draw_action(i) for i, pile in enumerate(self.piles) if pile]
        if stage == PLAY:
            targets = tree_targets(self.forests[self.turn])
            return [play_action(c, t) for c in self.hands[self.turn] for t in targets]
        if stage == GIVE:
            if self.num_players == 1:
                return [compost_action(c) for c in self.hands[self.turn]]
            return [
                give_action(c, q) for c in self.hands[self.turn] for q in range(self.num_players) if q != self.turn
            ]
        if stage == PLACE:
            return [place_action(t) for t in tree_targets(self.forests[self.pending_to])]
        return []

    def explain_illegal(self, action: Action) -> str:
        expected = {SETUP: Move.DRAW, DRAW: Move.DRAW, PLAY: Move.PLAY, GIVE: Move.GIVE, PLACE: Move.PLACE}.get(self.stage)
        if expected == Move.GIVE and self.num_players == 1:
            expected = Move.COMPOST
        doing = {
            Move.DRAW: "draw a card",
            Move.PLAY: "play a card to their forest",
            Move.GIVE: "give a card to another player",
            Move.COMPOST: "compost a card (it leaves the game)",
            Move.PLACE: "place the card they were given",
        }
        if self.stage == OVER:
            return "The game is over."
        who = f"Player {self.decider() + 1}"
        if action.kind != expected:
            return f"{who} must {doing[expected]} now, not {action.kind}."
        if action.kind == Move.DRAW:
            pile = action.get("pile")
            if not isinstance(pile, int) or not 0 <= pile < PILES:
                return f"There is no pile {pile}."
            return f"Pile {pile + 1} is empty."
        if action.kind in (Move.PLAY, Move.GIVE, Move.COMPOST):
            c = action.get("card")
            if c not in self.hands[self.turn]:
                return "That card is not in your hand."
        if action.kind == Move.GIVE:
            to = action.get("to")
            if to == self.turn:
                return "You must give the card to another player."
            return f"There is no player {to}."
        if action.kind in (Move.PLAY, Move.PLACE):
            forest = self.forests[self.decider()]
            level = card(action["card"] if action.kind == Move.PLAY else self.pending).level
            tree = action.get("tree")
            if not isinstance(tree, int):
                return "Choose a tree."
            problem = placement_problem(forest, level, tree)
            if problem:
                return problem
        return f"{action} is not legal now."

    def whose_turn(self) -> int | None:
        return self.turn if self.stage not in (SETUP, OVER) else None  # (at the set-up all draw in turn)

    # --- applying -----------------------------------------------------------------------
    def apply_unchecked(self, action: Action) -> None:
        kind = action.kind
        if kind == Move.DRAW:
            p = self.decider()
            self.hands[p].append(self.piles[action["pile"]].pop())
            if self.stage == SETUP:
                if all(len(h) >= HAND_SIZE for h in self.hands) or not any(self.piles):
                    self.stage = PLAY
                    self.turn = 0
            elif len(self.hands[p]) >= HAND_SIZE or not any(self.piles):
                self._next_turn()
        elif kind == Move.PLAY:
            c = action["card"]
            self.hands[self.turn].remove(c)
            _place(self.forests[self.turn], c, action["tree"])
            self.stage = GIVE if self.hands[self.turn] else DRAW
            if self.stage == DRAW and not any(self.piles):
                self._next_turn()
        elif kind == Move.GIVE:
            c = action["card"]
            self.hands[self.turn].remove(c)
            self.pending, self.pending_to = c, action["to"]
            self.stage = PLACE
        elif kind == Move.PLACE:
            _place(self.forests[self.pending_to], self.pending, action["tree"])
            self.pending = self.pending_to = None
            self._draw_or_pass()
        elif kind == Move.COMPOST:
            c = action["card"]
            self.hands[self.turn].remove(c)
            self.compost.append(c)
            self._draw_or_pass()
        else:  # pragma: no cover - apply() checks legality first
            raise IllegalAction(f"Unknown action {action}.")

    def _draw_or_pass(self) -> None:
        if any(self.piles):  # (after a play and a gift or compost the hand is never full)
            self.stage = DRAW
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        n = self.num_players
        for step in range(n):
            p = (self.turn + 1 + step) % n
            if self.hands[p]:
                if p <= self.turn:
                    self.rounds += 1
                self.turn = p
                self.stage = PLAY
                return
        self.rounds += 1
        self.stage = OVER

    # --- results ------------------------------------------------------------------------
    def scores(self) -> list[Score]:
        penalty = self.options["chainsaw_penalty"]
        return [forest_score(f, penalty) for f in self.forests]

    def winners(self) -> list[int]:
        totals = [s.total for s in self.scores()]
        if self.num_players == 1:
            return [0] if totals[0] >= self.options["solo_target"] else []
        if self.options["variant"] == SEMI_COOPERATIVE and min(totals) < woodland_goal(self.num_players):
            return []
        return super().winners()

    def goal(self) -> dict[str, Any] | None:
        """The variant's target, public: ``{"kind": "solo"|"woodland", "points": N}`` or None."""
        if self.num_players == 1:
            return {"kind": "solo", "points": self.options["solo_target"]}
        if self.options["variant"] == SEMI_COOPERATIVE:
            return {"kind": "woodland", "points": woodland_goal(self.num_players)}
        return None

    def result_note(self, names: list[str]) -> str:
        totals = [s.total for s in self.scores()]
        if self.num_players == 1:
            target = self.options["solo_target"]
            verdict = "reached" if totals[0] >= target else "missed"
            return f"Solo target {target}: {names[0]} {verdict} it with {totals[0]}."
        if self.options["variant"] == SEMI_COOPERATIVE:
            goal = woodland_goal(self.num_players)
            short = [f"{names[p]} {t}" for p, t in enumerate(totals) if t < goal]
            if short:
                return f"Woodland goal {goal} missed: {', '.join(short)}. Everybody loses."
            return f"Woodland goal {goal} reached by every forest."
        return ""

    def round(self) -> int:
        return self.rounds

    CHART_STEP = "Turn"

    def chart_step(self) -> int:
        """Turns played (the set-up's draws are not turns)."""
        return 0 if self.stage == SETUP else self.rounds * self.num_players + self.turn + 1

    # --- views --------------------------------------------------------------------------
    CATALOGUE = "cards"  # the view lists every card of this game: which exist is public

    def hidden_from(self, seat: int | None) -> set[str]:
        """The face-down piles and every hand but the seat's own."""
        hidden = {c for pile in self.piles for c in pile}
        return hidden | {c for p, hand in enumerate(self.hands) if p != seat for c in hand}

    def components(self) -> list[Any]:
        cards = [c for pile in self.piles for c in pile] + [c for hand in self.hands for c in hand]
        cards += [c for forest in self.forests for tree in forest for stack in tree for c in stack]
        return cards + self.compost + ([self.pending] if self.pending else [])

    def consistency_problems(self) -> list[str]:
        """Every card of the game (its pool) lies in one place, a card in a forest in its level's row,
        no hand holds more than three, and a card is waiting to be placed exactly when one was
        given."""
        problems = []
        if sorted(self.components()) != sorted(self.pool):
            problems.append("its cards are not the game's, each once")
        for p, forest in enumerate(self.forests):
            for tree in forest:
                wrong = [c for level, stack in enumerate(tree) for c in stack if card(c).level != level]
                if wrong:
                    problems.append(f"{', '.join(wrong)} cannot lie in that row of player {p + 1}'s forest")
        if any(len(hand) > HAND_SIZE for hand in self.hands):
            problems.append(f"a hand holds more than {HAND_SIZE} cards")
        if (self.pending is not None) != (self.stage == PLACE):
            problems.append("a given card waits to be placed out of the place step, or none in it")
        return problems

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "seat": seat,
            "players": self.num_players,
            "options": dict(self.options),
            "cards": list(self.pool),
            "stage": self.stage,
            "turn": self.turn,
            "decider": self.decider(),
            "round": self.rounds,
            "piles": [{"size": len(p), "top_level": card(p[-1]).level if p else None} for p in self.piles],
            "hands": [
                [{"id": c, "level": card(c).level} if p == seat else {"level": card(c).level} for c in hand]
                for p, hand in enumerate(self.hands)
            ],
            "forests": [[[list(s) for s in t] for t in f] for f in self.forests],
            "pending": None if self.pending is None else {"card": self.pending, "to": self.pending_to},
            "compost": list(self.compost),
            "scores": [s.to_json() for s in self.scores()],
            "goal": self.goal(),
            "winners": self.winners() if self.stage == OVER else None,
        }

    def to_json(self) -> dict[str, Any]:
        # Options that change nothing in this game are left out, so the digests of saves written
        # before the variants existed stay the same.
        options = {
            k: v
            for k, v in self.options.items()
            if not (k == "variant" and v == COMPETITIVE) and not (k == "solo_target" and self.num_players > 1)
        }
        doc = {
            "game": self.game_id,
            "players": self.num_players,
            "options": options,
            "pool": self.pool,
            "piles": self.piles,
            "hands": self.hands,
            "forests": self.forests,
            "stage": self.stage,
            "turn": self.turn,
            "pending": self.pending,
            "pending_to": self.pending_to,
            "rounds": self.rounds,
        }
        if self.compost:  # (only solo games have one: the digests of the others stay as they were)
            doc["compost"] = self.compost
        return doc

    def prompt(self) -> str:
        return words.prompt(self.stage, self.num_players)

    def describe(self, action: Action, names: list[str]) -> str:
        return describe.describe(self, action, names)

def _place(forest: Forest, card_id: str, tree: int) -> None:
    if tree == len(forest):
        forest.append([[], [], [], []])
    forest[tree][card(card_id).level].append(card_id)


def new_state(players: int, options: dict[str, Any], seed: int) -> ForestState:
    return ForestState.new(players, options, seed)
