"""The rules of Spheres, the shogun stone-sowing game, and of its classic ancestor Ô ăn quan
(the option ``rules="classic"``).  Pure Python; the decisions where the text is silent are
in ``docs/rules/spheres-shogun.md``.

A game, as plain code:

* Set-up (shogun rules): each player in turn chooses special stones and places each on one of
  their squares (``place``); the first player sows first.
* A turn: an imprisoned player sits it out (``skip``).  A player whose five squares are empty
  first puts one stone of their captures on each (``refill``; they borrow from the other
  player's captures when theirs run out).  Then, once a turn, they may ordain (``ordain``: a
  square holding a lone peasant gets a captured special stone, the peasant goes to the
  captures), and they sow (``sow``: a square of theirs and a direction).
* Sowing, stone by stone (``drop``): the player chooses which stone of the hand goes next and
  whether to use its ability; a single choice is made for them.  When the hand is empty the
  next place decides: a square with stones is picked up and sown on; a rectangle ends the
  turn; an empty square followed by a place with stones captures those stones (the classic
  rules capture again while empty-then-full repeats); anything else ends the turn.
* The game ends when both shoguns (mandarins) are taken; the stones left go to the owner of
  the side they lie on.  Then each captured thief may be rolled for (``roll`` or ``keep``; the
  dice are a chance node), and the points are counted.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from tabletop.engine.actions import Action, act
from tabletop.engine.game import CHANCE, IllegalAction, Score, State

from .steps import Move, Step
from .stones import (
    CODE,
    GEISHA,
    GHOST,
    HIME,
    KEYS,
    KINDS,
    MERCHANT,
    MONK,
    PEASANT,
    PLACES,
    RECTANGLES,
    SAMURAI,
    SCHOLAR,
    SHOGUN,
    SPECIALS,
    THIEF,
    facing,
    is_rectangle,
    owner,
    rectangle,
    squares,
    step,
)

GAME_ID = "spheres-shogun"
REPEATS = 3  # a position that comes back this often at the start of a turn ends the game
RELAY_LIMIT = 100  # pick-ups in one turn before the sowing stops (a guard; play never gets near it)
SKIP = Action.make(Move.SKIP)
ROLL = Action.make(Move.ROLL)
KEEP = Action.make(Move.KEEP)


def dice_outcomes() -> list[tuple[Action, float]]:
    """Two dice, by what matters: the sum and whether it is a double."""
    counts: dict[tuple[int, bool], int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            key = (a + b, a == b)
            counts[key] = counts.get(key, 0) + 1
    return [(act(Move.DICE, total=t, double=d), n / 36) for (t, d), n in sorted(counts.items())]


def _legacy_choices() -> set[tuple[str, Any]]:
    """The options added to correct a rule reading, with the choice every game saved before them
    was played with (``Option.legacy``): a state under that choice records nothing of the option."""
    from . import GAME as DEFINITION

    return {(o.name, o.legacy) for o in DEFINITION.options if o.legacy is not None}


LEGACY_CHOICES = _legacy_choices()
TAKE, LEAVE = Action.make(Move.TAKE), Action.make(Move.LEAVE)  # a capture the shogun rules let you decline


class ShogunState(State):
    game_id = GAME_ID
    num_players = 2

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = dict(options)
        self.classic = options.get("rules", "shogun") == "classic"
        per = 5 if self.classic else 4
        self.board: list[list[int]] = [[PEASANT] * per for _ in range(PLACES)]
        self.board[5] = [SHOGUN]
        self.board[11] = [SHOGUN]
        self.stores: list[list[int]] = [[], []]  # captured stones
        self.borrowed: list[list[int]] = [[], []]  # stones borrowed from the other player
        self.doubled = [0, 0]  # Himes taken from beside a shogun (worth double)
        self.chosen: list[list[int]] = [[], []]  # the special kinds each chose (their abilities)
        self.turn_player = 0
        self.turns = [0, 0]  # turns played (sat-out turns not counted)
        self.game_turns = 0
        self.imprisoned = [False, False]
        self.ordained = False
        self.hand: list[int] = []
        self.pos = 0
        self.direction = 1
        self.relays = 0
        # option opponent_side=plain: special stones taken up from the opponent's side this turn
        # are sown as plain stones: those in hand, and those dropped since, by place
        self.plain: list[int] = []
        self.plain_on: dict[int, list[int]] = {}
        self.thieves: list[int] = []  # players still to decide on a thief, in order
        self.transfers = [0, 0]  # points moved by thief rolls
        self.rolls: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []  # what the last decision did, for the log and the table
        # the positions at the start of each turn since the last capture (see _start_turn)
        self.history: tuple[int, ...] = ()
        self.step = Step.TURN if self.classic else Step.SETUP

    # --- whose decision ---------------------------------------------------------------------
    def decider(self) -> int | None:
        if self.step == Step.OVER:
            return None
        if self.step == Step.DICE:
            return CHANCE
        if self.step == Step.THIEF:
            return self.thieves[0]
        return self.turn_player

    def legal_actions(self) -> list[Action]:
        s = self.step
        p = self.turn_player
        if s == Step.SETUP:
            return [act(Move.PLACE, stone=KEYS[k], square=sq) for k in self._placeable(p) for sq in squares(p)]
        if s == Step.SKIP:
            return [SKIP]
        if s == Step.REFILL:
            empty = [sq for sq in squares(p) if not self.board[sq]]
            return [act(Move.REFILL, stone=KEYS[k], square=sq) for k in _distinct(self.stores[p]) if k != SHOGUN
                    for sq in empty]
        if s == Step.TURN:
            out = [act(Move.SOW, square=sq, dir=d) for sq in squares(p) if self.board[sq] for d in (1, -1)]
            if not self.ordained and not self.classic:
                grants = [k for k in _distinct(self.stores[p]) if k in SPECIALS]
                for sq in self._ordain_squares(p):
                    out += [act(Move.ORDAIN, square=sq, stone=KEYS[k]) for k in grants]
            return out
        if s == Step.DROP:
            return self._drops()
        if s == Step.THIEF:
            return [ROLL, KEEP]
        if s == Step.CAPTURE:
            return [TAKE, LEAVE]
        if s == Step.DICE:
            return [a for a, _ in dice_outcomes()]
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return dice_outcomes() if self.step == Step.DICE else []

    # --- set-up -----------------------------------------------------------------------------
    def _set_size(self) -> int:
        return 6 if self.options.get("hime", "choose") == "always" else 5

    def _placeable(self, p: int) -> list[int]:
        left = [k for k in SPECIALS if k not in self.chosen[p]]
        if self.options.get("hime", "choose") == "always" and HIME not in self.chosen[p]:
            if len(self.chosen[p]) == self._set_size() - 1:
                return [HIME]  # the last stone placed is the Hime every player has
        return left

    # --- ordaining --------------------------------------------------------------------------
    def _ordain_squares(self, p: int) -> list[int]:
        places = range(PLACES) if self.options.get("ordain", "own") == "any" else squares(p)
        return [sq for sq in places if not is_rectangle(sq) and self.board[sq] == [PEASANT]]

    # --- sowing -----------------------------------------------------------------------------
    def _drops(self) -> list[Action]:
        return [act(Move.DROP, stone=KEYS[k], to=to, turn=True) if turn else act(Move.DROP, stone=KEYS[k], to=to)
                for k, to, turn in self._drop_moves()]

    def _drop_moves(self) -> list[tuple[int, int, bool]]:
        """The drops open now: (stone, place, whether the sowing turns round)."""
        p, d = self.turn_player, self.direction
        normal = step(self.pos, d)
        out = []
        for k in _distinct(self.hand):
            out.append((k, normal, False))
            if self.classic or k not in self.chosen[p] or owner(normal) != p:
                continue  # an ability works only for its chooser, on their own side
            if self.hand.count(k) <= self.plain.count(k):
                continue  # taken up from the opponent's side: a plain stone this turn
            if k == SCHOLAR:
                out.append((k, step(normal, d), False))
            elif k == MERCHANT and not is_rectangle(normal):
                out.append((k, facing(normal), False))
            elif k == MONK:
                out += [(k, step(normal, d, 1), False), (k, step(normal, d, 2), False)]
            elif k == GEISHA:
                target = next((step(normal, d, i) for i in range(PLACES) if SHOGUN in self.board[step(normal, d, i)]), None)
                if target is not None and target != normal:
                    out.append((k, target, False))
            elif k == GHOST:
                out += [(k, t, False) for t in range(PLACES) if t != normal and not self.board[t] and self.board[step(t, d)]]
            elif k == SAMURAI:
                out.append((k, normal, True))
        return out

    def _auto(self) -> None:
        """Make the decisions that have a single answer (most drops, a lone refill)."""
        while True:
            if self.step == Step.DROP:
                moves = self._drop_moves()
                if len(moves) != 1:
                    return
                self._drop(*moves[0])
            elif self.step == Step.REFILL:
                legal = self.legal_actions()
                if len(legal) != 1:
                    return
                self._apply(legal[0])
            else:
                return

    # --- applying ---------------------------------------------------------------------------
    def explain_illegal(self, action: Action) -> str:
        if self.step == Step.OVER:
            return "The game is over."
        return f"{action} is not possible now: {self.prompt()}."

    def apply_unchecked(self, action: Action) -> None:
        self.events = []
        self._apply(action)
        self._auto()

    def _apply(self, action: Action) -> None:
        kind = action.kind
        p = self.turn_player
        if kind == Move.PLACE:
            k, sq = CODE[action["stone"]], action["square"]
            self.chosen[p].append(k)
            insort(self.board[sq], k)
            self.events.append({"event": "place", "player": p, "stone": k, "place": sq})
            if len(self.chosen[p]) == self._set_size():
                if p == 0:
                    self.turn_player = 1
                else:
                    self._start_turn(0)
        elif kind == Move.SKIP:
            self.imprisoned[p] = False
            self.events.append({"event": "skip", "player": p})
            self._start_turn(1 - p)
        elif kind == Move.REFILL:
            k, sq = CODE[action["stone"]], action["square"]
            self._take_from_store(p, k)
            insort(self.board[sq], k)
            self.events.append({"event": "refill", "player": p, "stone": k, "place": sq})
            self._refill()
        elif kind == Move.ORDAIN:
            k, sq = CODE[action["stone"]], action["square"]
            self._take_from_store(p, k)
            self.board[sq] = [k]
            insort(self.stores[p], PEASANT)
            self.ordained = True
            self.events.append({"event": "ordain", "player": p, "stone": k, "place": sq})
        elif kind == Move.SOW:
            sq, d = action["square"], action["dir"]
            self.hand, self.board[sq] = self.board[sq], []
            self.pos, self.direction, self.relays = sq, d, 0
            self.game_turns += 1
            self.events.append({"event": "sow", "player": p, "place": sq, "dir": d, "stones": list(self.hand)})
            self.step = Step.DROP
        elif kind == Move.DROP:
            self._drop(CODE[action["stone"]], action["to"], bool(action.get("turn")))
        elif kind in (Move.TAKE, Move.LEAVE):
            if kind == Move.TAKE:
                self._capture(step(step(self.pos, self.direction), self.direction))
            else:
                self.events.append({"event": "leave", "player": p})
            self._end_turn()
        elif kind == Move.ROLL:
            self.step = Step.DICE
        elif kind == Move.KEEP:
            self.events.append({"event": "keep", "player": self.thieves[0]})
            self.thieves.pop(0)
            self._next_thief()
        elif kind == Move.DICE:
            roller = self.thieves.pop(0)
            total, double = action["total"], action["double"]
            gainer = 1 - roller if double else roller
            self.transfers[gainer] += total
            self.transfers[1 - gainer] -= total
            self.rolls.append({"player": roller, "total": total, "double": double})
            self.events.append({"event": "dice", "player": roller, "total": total, "double": double})
            self._next_thief()
        else:
            raise IllegalAction(f"Unknown action {action}.")

    def _drop(self, k: int, to: int, turn: bool) -> None:
        ability = turn or to != step(self.pos, self.direction)
        self.hand.remove(k)
        if not ability and k in self.plain:  # a plain drop sows a plain stone first; it stays plain
            self.plain.remove(k)
            insort(self.plain_on.setdefault(to, []), k)
        insort(self.board[to], k)
        self.pos = to
        if turn:
            self.direction = -self.direction
        self.events.append({"event": "drop", "player": self.turn_player, "stone": k, "place": to, "ability": ability,
                            Step.TURN: turn})
        if not self.hand:
            self._end_of_hand()

    def _end_of_hand(self) -> None:
        p, d = self.turn_player, self.direction
        nxt = step(self.pos, d)
        if not is_rectangle(nxt) and self.board[nxt]:
            self.relays += 1
            if self.relays > RELAY_LIMIT:
                self._end_turn()
                return
            self.hand, self.board[nxt] = self.board[nxt], []
            self.plain = self._plain_when_taken(nxt)
            self.pos = nxt
            self.events.append({"event": "pick", "player": p, "place": nxt, "stones": list(self.hand)})
            return
        if is_rectangle(nxt):
            self._end_turn()
            return
        target = step(nxt, d)
        if (not self.classic and self.board[target] and self.options.get("capture", "may") == "may"):
            self.step = Step.CAPTURE  # "the player can ... take": the turn's player decides (TAKE, LEAVE)
            return
        while self.board[target] and self._capture(target):
            if not self.classic:
                break  # the shogun rules take once, then the turn ends
            gap = step(target, d)
            target = step(gap, d)
            if is_rectangle(gap) or self.board[gap]:
                break
        self._end_turn()

    def _take_from_store(self, p: int, k: int) -> None:
        """A captured stone goes back into play (refilled, ordained or lent); a Hime worth
        double loses it only when no plain one is left to go instead."""
        self.stores[p].remove(k)
        if k == HIME:
            self.doubled[p] = min(self.doubled[p], self.stores[p].count(HIME))

    def _capture(self, place: int) -> bool:
        """The turn's player takes what lies on ``place``; returns whether anything was taken."""
        p = self.turn_player
        stones = self.board[place]
        if SHOGUN in stones:
            if self.classic:
                if self.options.get("young_mandarin", True) and len(stones) - 1 < 5:
                    self.events.append({"event": "protected", "player": p, "place": place})
                    return False
                taken = stones
            elif len(stones) > 1:
                taken = [s for s in stones if s != SHOGUN]
                self.doubled[p] += taken.count(HIME)
            else:
                taken = stones
        else:
            taken = stones
        self.board[place] = [] if taken is stones else [SHOGUN]
        for s in taken:
            insort(self.stores[p], s)
        self.history = ()  # no earlier position can come back
        self.events.append({"event": "capture", "player": p, "place": place, "stones": list(taken)})
        if SHOGUN in taken and not self.classic and self._early(p):
            self.imprisoned[p] = True
            self.events.append({"event": "imprisoned", "player": p})
        return True

    def _early(self, p: int) -> bool:
        if self.options.get("prison", "player") == "game":
            return self.game_turns <= 3
        return self.turns[p] <= 3

    # --- turns and the end ------------------------------------------------------------------
    def _plain_when_taken(self, place: int) -> list[int]:
        """The special stones of ``place``, just taken up, that are plain for the rest of the turn
        (option opponent_side=plain): all of them on the opponent's side, else those made plain
        earlier in the turn."""
        earlier = self.plain_on.pop(place, [])
        if self.options.get("opponent_side", "plain") != "plain" or self.classic:
            return []
        if owner(place) != self.turn_player:
            return sorted(k for k in self.hand if k in SPECIALS)
        return earlier

    def _end_turn(self) -> None:
        self.hand = []
        self.plain, self.plain_on = [], {}
        if not any(SHOGUN in self.board[r] for r in (5, 11)):
            self._retreat()
            return
        self._start_turn(1 - self.turn_player)

    def _start_turn(self, p: int) -> None:
        self.turn_player = p
        self.ordained = False
        here = self._position()
        if self.history.count(here) >= REPEATS - 1:
            # the same position for the third time with no capture between: the sowing goes
            # round in circles, and the game ends as when the shoguns are gone
            self.events.append({"event": "repetition", "player": p})
            self._retreat()
            return
        self.history += (here,)
        if self.imprisoned[p]:
            self.step = Step.SKIP
            return
        self.turns[p] += 1
        self.step = Step.TURN
        if not any(self.board[sq] for sq in squares(p)):
            self._refill()

    def _position(self) -> int:
        """The position at the start of a turn, as a number (for repetitions; a hash of small
        ints, the same in every run)."""
        return hash((self.turn_player, *self.imprisoned, *map(tuple, self.board), *map(tuple, self.stores),
                     *map(tuple, self.borrowed)))

    def _refill(self) -> None:
        """Fill the empty squares of the turn's player: their choice among their own captures,
        then borrowed stones (the lender's cheapest first) once theirs run out."""
        p = self.turn_player
        empty = [sq for sq in squares(p) if not self.board[sq]]
        if not empty:
            self.step = Step.TURN
            return
        own = [k for k in self.stores[p] if k != SHOGUN]
        if own:
            if set(own) == {PEASANT}:  # nothing to choose: peasants go left to right
                self.stores[p].remove(PEASANT)
                insort(self.board[empty[0]], PEASANT)
                self.events.append({"event": "refill", "player": p, "stone": PEASANT, "place": empty[0]})
                self._refill()
                return
            self.step = Step.REFILL
            return
        lender = [k for k in self.stores[1 - p] if k != SHOGUN]
        if lender:
            k = min(lender, key=lambda s: (self._value(s), s))
            self._take_from_store(1 - p, k)
            self.borrowed[p].append(k)
            insort(self.board[empty[0]], k)
            self.events.append({"event": "borrow", "player": p, "stone": k, "place": empty[0]})
            self._refill()
            return
        if len(empty) == 5:  # nothing at all to put down: the game cannot go on
            self._retreat()
            return
        self.step = Step.TURN

    def _retreat(self) -> None:
        """The shoguns are gone: the stones left go to the owner of the side they lie on."""
        for place in range(PLACES):
            if self.board[place]:
                o = owner(place)
                self.events.append({"event": "retreat", "player": o, "place": place, "stones": list(self.board[place])})
                for s in self.board[place]:
                    insort(self.stores[o], s)
                self.board[place] = []
        first = 1 - self.turn_player  # the player who did not end the game decides first
        # the dice are the Thief's ability: a player who did not choose him has no roll (option
        # thief_roll=holder: whoever holds a thief rolls, the reading of saves made before it)
        holder = self.options.get("thief_roll", "chooser") == "holder"
        self.thieves = [q for q in (first, 1 - first) if holder or THIEF in self.chosen[q]
                        for _ in range(self.stores[q].count(THIEF))]
        self._next_thief()

    def _next_thief(self) -> None:
        self.step = Step.THIEF if self.thieves else Step.OVER

    # --- results ----------------------------------------------------------------------------
    def _value(self, k: int) -> int:
        if k == SHOGUN and self.classic:
            return int(self.options.get("mandarin", 10))
        return KINDS[k].value

    def scores(self) -> list[Score]:
        return [self._score(p) for p in range(2)]

    def round(self) -> int:
        """Rounds played: turns both players have had (the end screen's chart has a point each)."""
        return min(self.turns)

    CHART_STEP = "Turn"

    def chart_step(self) -> int:
        return sum(self.turns)

    def _score(self, p: int) -> Score:
        store = self.stores[p]
        parts: list[tuple[str, int]] = []
        for k in range(len(KINDS)):
            n = store.count(k)
            if n:
                # the same label for both players (one row of the score table): the kind and
                # its value, the count being in the points
                name = "Mandarin" if (k == SHOGUN and self.classic) else KINDS[k].name
                plural = "Thieves" if k == THIEF else f"{name}s"
                parts.append((f"{plural} ({self._value(k)} each)", n * self._value(k)))
        if self.doubled[p]:
            parts.append((f"Himes beside a shogun (+{KINDS[HIME].value} each)", self.doubled[p] * KINDS[HIME].value))
        owed = sum(self._value(k) for k in self.borrowed[p])
        if owed:
            parts.append(("Borrowed, paid back", -owed))
        lent = sum(self._value(k) for k in self.borrowed[1 - p])
        if lent:
            parts.append(("Lent, paid back", lent))
        if self.transfers[p]:
            parts.append(("Thief's dice", self.transfers[p]))
        return Score(sum(v for _, v in parts), tuple(parts))

    def winners(self) -> list[int]:
        totals = [s.total for s in self.scores()]
        best = max(totals)
        return [p for p in range(2) if totals[p] == best]

    # --- views (everything is open) -----------------------------------------------------------
    def whose_turn(self) -> int | None:
        return None if self.step == Step.OVER else self.turn_player

    def hidden_from(self, seat: int | None) -> set[str]:
        return set()  # an open game: every stone is in sight

    def components(self) -> list[Any]:
        """The stones on the board, in hand and in the stores, less the special stones the
        players put down at the set-up: what is left is the board's first stones, always."""
        from collections import Counter

        stones = Counter(k for place in self.board for k in place) + Counter(self.hand)
        stones += Counter(k for store in self.stores for k in store)
        stones.subtract(k for chosen in self.chosen for k in chosen)
        return sorted(stones.elements()) + [("missing", k) for k, n in stones.items() if n < 0 for _ in range(-n)]

    def consistency_problems(self) -> list[str]:
        """The stones are the board's first ones (a peasant for each on every square, a shogun
        in each rectangle) besides the special stones chosen, each chosen once; a shogun lies only
        in a rectangle or a store; the stones sown plain are among those in hand or on their
        place."""
        from collections import Counter

        problems = []
        per = 5 if self.classic else 4
        if Counter(self.components()) != Counter({PEASANT: per * (PLACES - len(RECTANGLES)), SHOGUN: len(RECTANGLES)}):
            problems.append("its stones are not the board's first ones and the special stones chosen")
        if any(len(set(chosen)) != len(chosen) or set(chosen) - set(SPECIALS) for chosen in self.chosen):
            problems.append("a player chose a special stone twice, or a stone that is not special")
        if any(SHOGUN in self.board[place] for place in range(PLACES) if not is_rectangle(place)) or SHOGUN in self.hand:
            problems.append("a shogun has left his rectangle other than into a store")
        astray = Counter(self.plain) - Counter(self.hand)
        for place, stones in self.plain_on.items():
            astray += Counter(stones) - Counter(self.board[place])
        if astray:
            problems.append("a stone sown plain is neither in hand nor on its place")
        return problems

    def view(self, seat: int | None) -> dict[str, Any]:
        doc = self.to_json()
        doc["options"] = dict(self.options)  # all of them (to_json may leave one out)
        doc["seat"] = seat
        doc["decider"] = self.decider()
        doc["scores"] = [s.to_json() for s in self.scores()]
        return doc

    def to_json(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "players": 2,
            # (the readings of games saved before an option existed are left out: their digests
            # stay as they were)
            "options": {k: v for k, v in self.options.items() if (k, v) not in LEGACY_CHOICES},
            "step": self.step,
            "board": [[KEYS[s] for s in place] for place in self.board],
            "stores": [[KEYS[s] for s in store] for store in self.stores],
            "borrowed": [[KEYS[s] for s in b] for b in self.borrowed],
            "doubled": list(self.doubled),
            "chosen": [[KEYS[s] for s in c] for c in self.chosen],
            "turn_player": self.turn_player,
            "turns": list(self.turns),
            "game_turns": self.game_turns,
            "imprisoned": list(self.imprisoned),
            "ordained": self.ordained,
            "hand": [KEYS[s] for s in self.hand],
            "pos": self.pos,
            "direction": self.direction,
            "relays": self.relays,
            "thieves": list(self.thieves),
            "transfers": list(self.transfers),
            "rolls": [dict(r) for r in self.rolls],
            "events": [_event_json(e, KEYS) for e in self.events],
            "history": list(self.history),
            **({"plain": [KEYS[s] for s in self.plain]} if self.plain else {}),
            **({"plain_on": [[place, [KEYS[s] for s in stones]] for place, stones in sorted(self.plain_on.items())]}
               if self.plain_on else {}),
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> "ShogunState":
        """The state a :meth:`to_json` (or a view: everything is open) describes."""
        state = cls(doc.get("options") or {})
        state.step = doc["step"]
        state.board = [sorted(CODE[s] for s in place) for place in doc["board"]]
        state.stores = [sorted(CODE[s] for s in x) for x in doc["stores"]]
        state.borrowed = [[CODE[s] for s in x] for x in doc["borrowed"]]  # in the order borrowed
        state.chosen = [[CODE[s] for s in x] for x in doc["chosen"]]
        state.hand = sorted(CODE[s] for s in doc["hand"])
        for key in ("doubled", "turns", "imprisoned", "thieves", "transfers"):
            setattr(state, key, list(doc[key]))
        for key in ("turn_player", "game_turns", "ordained", "pos", "direction", "relays"):
            setattr(state, key, doc[key])
        state.rolls = [dict(r) for r in doc.get("rolls", [])]
        state.events = [_event_json(e, CODE) for e in doc.get("events", [])]
        state.history = tuple(int(h) for h in doc.get("history", ()))
        state.plain = sorted(CODE[s] for s in doc.get("plain", []))
        state.plain_on = {int(place): sorted(CODE[s] for s in stones) for place, stones in doc.get("plain_on", [])}
        return state

    def clone(self) -> "ShogunState":
        c = ShogunState.__new__(ShogunState)
        c.__dict__.update(self.__dict__)
        c.options = dict(self.options)
        c.board = [list(x) for x in self.board]
        c.stores = [list(x) for x in self.stores]
        c.borrowed = [list(x) for x in self.borrowed]
        c.doubled = list(self.doubled)
        c.chosen = [list(x) for x in self.chosen]
        c.turns = list(self.turns)
        c.imprisoned = list(self.imprisoned)
        c.hand = list(self.hand)
        c.plain = list(self.plain)
        c.plain_on = {place: list(stones) for place, stones in self.plain_on.items()}
        c.thieves = list(self.thieves)
        c.transfers = list(self.transfers)
        c.rolls = list(self.rolls)
        c.events = []
        return c

    def key(self) -> tuple:
        """Everything that decides the future (for the bots' transposition table)."""
        return (self.step, self.turn_player, tuple(map(tuple, self.board)), tuple(map(tuple, self.stores)),
                tuple(map(tuple, self.borrowed)), tuple(self.doubled), tuple(map(tuple, self.chosen)),
                tuple(self.turns), self.game_turns, tuple(self.imprisoned), self.ordained, tuple(self.hand),
                self.pos, self.direction, tuple(self.thieves), tuple(self.transfers), self.history,
                tuple(self.plain), tuple(sorted((p, tuple(s)) for p, s in self.plain_on.items())))

    # --- words -------------------------------------------------------------------------------
    def prompt(self) -> str:
        from .words import prompt

        return prompt(self)

    def describe(self, action: Action, names: list[str]) -> str:
        from .describe import describe

        return describe(self, action, names)

    def aftermath(self, names: list[str]) -> str:
        from .describe import aftermath

        return aftermath(self, names)


def _event_json(event: dict[str, Any], names: Any) -> dict[str, Any]:
    """``event`` with its stones translated by ``names`` (KEYS: codes to names, for a view;
    CODE: back)."""
    out = dict(event)
    if "stone" in out:
        out["stone"] = names[out["stone"]]
    if "stones" in out:
        out["stones"] = [names[s] for s in out["stones"]]
    return out


def _distinct(stones: list[int]) -> list[int]:
    return sorted(set(stones))


def new_state(players: int, options: dict[str, Any], seed: int) -> ShogunState:
    return ShogunState(options)
