"""Spheres of Life: Mythical Forest (rules 1.5) as plain code.

Interpretations and the timing model: docs/rules/spheres-of-life.md.  In short:

* Set-up: heroes are chosen in seat order (two each with two players), then three cards each.
* Day: one open card per player (six with two players); in turn each takes one (three each, one
  at a time, with two players), then each draws one (three) from the deck.
* Night: twice the players' number of open cards (twelve); in turn each may discard up to two (six)
  cards and then take up to as many from the table; the rest is discarded.
* Dream: in turn an optional bonus action (bank one complete set per Dream), then one action:
  steal, gift or an open exchange (falling back to a steal or a forced gift).
* Quiet moments: before each turn of every phase, and again after each ability or hero has
  resolved, the players are asked in clockwise order from the player whose turn it is whether
  they use something (a hero in any phase, an ability card in the Dream).  In the Dream every
  player is asked (ability cards are hidden: asking only their holders would show who has one);
  in the Day and the Night only players with a hero they might use.  A declared ability or
  action opens a block window: every other player is asked, Apple of Life or not, in clockwise
  order from the declarer's left; a block opens its own window, and so on.
* The deck running out makes the next phase the Last Dream; after it the game is scored.

:class:`SpheresState` holds the cards, who knows what, and the turn flow as plain code: the
set-up, the phases and turns, the quiet moments and block windows, the Day's and the Night's
steps.  The other parts each own what they hold or are plain functions of a state:

* dream.py -- a Dream turn's bonus actions and its action (steal, gift, exchange);
* effects.py -- what each ability card and hero does (effect kinds named by the card data), and
  the lasting effects the rules consult;
* dawn.py -- the Dawn (Gods & Myths): :class:`~.dawn.Dawn`, the part of the state that holds the
  Dawn cards and the sacrifices and plays the Dawn Phase;
* scoring.py, views.py, describe.py -- the score; what each seat sees and the words for it;
* document.py -- the state's document (saves, digests, positions) and its consistency check.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.actions import Action, act
from tabletop.engine.game import IllegalAction, Score, State

from . import describe as log, document, dream, scoring, views, words
from .cards import (
    ABILITY, GODLY_ABILITIES, GODLY_HEROES, PARTS, card, distinct, every_card, godly_heroes, hero_cards, kind_of, kind_types,
    main_deck, regular_heroes,
)
from .dawn import Dawn, dawn_cards
from .dream import SET
from .effects import DISCARD, LASTING, Point, blocking_cards, effect_of, effect_steps
from .scoring import animal_points
from .steps import DAY, DECLINE, DONE, DREAM, NIGHT, OVER, PASS, PHASE_NAMES, SETUP, SKIP, Declared, Move, Step

__all__ = [
    "DAY", "DECLINE", "DISCARD", "DONE", "DREAM", "MASK", "NIGHT", "OVER", "PASS", "PHASE_NAMES", "SET",
    "SETUP", "SKIP", "SpheresState", "act", "animal_points", "new_state",
]

MASK = (1 << 64) - 1

# the steps of an action whose decider is the one carrying it out
_ACTION_DECIDES = frozenset((Step.STEAL_POS, Step.FALLBACK, Step.PARTNER))


class SpheresState(State):
    """A game of Spheres of Life: Mythical Forest.

    Hands are ordered.  A card entering a hand goes to a position drawn from the state's own
    pseudo-random sequence (``slot_seed``, from the game's seed), as a player slots a new card
    among the others; the owner may rearrange their hand unless it is locked (Druid, Mirror).

    Knowledge: ``known[o][p]`` is the set of cards player ``o`` knows to be in ``p``'s hand (from
    gifts, exchanges, open picks, Paladin, Druid, Mirror ...); ``order_known[o][p]`` says ``o``
    knows that hand's exact order (after arranging it).  A card leaving a hand unseen makes the
    others forget what they knew of that hand.  Views and the bots read only this.

    ``lasting`` holds the lasting effects in play (effects.py's :data:`~.effects.LASTING`); the
    base game has none, and a state without any writes no ``lasting`` field.

    Each step is answered by a method here (``_legal_*``, ``_on_*``), by dream.py's functions, by
    the Dawn, or by the effect being carried out (:data:`_LEGAL`, :data:`_MOVES`)."""

    game_id = "spheres-of-life"

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        n = self.num_players = players
        self.options = dict(options)
        self.purist = bool(options["purist"])
        # the Gods & Myths parts in play (Purist: no heroes and no ability cards, so never those two)
        self.parts = tuple(part for part in PARTS if options.get(part)
                           and not (self.purist and part in (GODLY_HEROES, GODLY_ABILITIES)))
        self.deck: list[str] = []  # top card last
        self.discard: list[str] = []  # top card last, open
        self.table: list[str] = []  # open cards of the Day or the Night
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.banked: list[list[str]] = [[] for _ in range(n)]  # banked species, one entry per set
        self.bank_cards: list[list[str]] = [[] for _ in range(n)]  # the banked cards themselves
        self.heroes: list[list[str]] = [[] for _ in range(n)]
        self.used: list[str] = []  # heroes turned over
        self.hero_pool: list[str] = []
        self.hero_queue: list[int] = []
        self.phase = SETUP
        self.last_dream = False
        self.leader = 0  # holds the phase cards
        self.wind_lead = 0  # phases the Windmaster's owner still leads at the start
        self.queue: list[int] = []  # turns left in this phase, the current one first
        self.step = Step.HERO
        self.prio: list[int] = []  # quiet moment: who is still to be asked
        self.chain: list[dict[str, Any]] = []  # declared item, then the Apples blocking it
        self.block_queue: list[int] = []
        self.effect: dict[str, Any] = {}  # the multi-step effect being resolved
        self.banked_this_dream: list[int] = []
        self.locked: list[str | None] = [None] * n  # "druid" (until the phase ends) or "mirror"
        self.known: list[list[set[str]]] = [[set() for _ in range(n)] for _ in range(n)]
        self.order_known: list[list[bool]] = [[False] * n for _ in range(n)]
        self.phases_done = 0
        self.game_began = 0  # phases done when this game began (a later round of a match: more than 0)
        # the pseudo-random sequence for positions of new cards, set by whoever makes the state
        # (a new game from its seed, a position document, a bot's sampled view)
        self.slot_seed: int
        self.window_id = 0  # counts the rounds of asking everybody (quiet moments, windows, offers)
        self.closing = False  # the last quiet moment of a Dream, after its last turn
        self.match_round = 1  # option "rounds": a match of several games, points added up
        self.carried: list[int] = [0] * n  # points of the earlier rounds
        self.lasting: list[dict[str, Any]] = []  # lasting effects in play (effects.LASTING)
        self.fields: list[list[str]] = [[] for _ in range(n)]  # Prolonged cards in each Field (public)
        self.activated_this_dream: list[int] = []  # who has put a Prolonged card in their Field
        self.discard_picked: list[int] = []  # who has taken from the discard pile this Day (Orb of Hades)
        self.dawn = Dawn(n)  # the Dawn (Gods & Myths): its cards, the sacrifices, where play resumes

    # --- set-up ---------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: dict[str, Any], seed: int) -> Any:
        state = cls(players, options)
        state.slot_seed = random.Random(seed).getrandbits(64)
        state._begin_game()
        return state

    def _begin_game(self) -> None:
        """Shuffle the main deck, then the heroes are chosen (or, Purist, the cards dealt)."""
        rng = random.Random(self.slot_seed)
        deck = list(main_deck(self.purist, self.parts))
        rng.shuffle(deck)
        self.deck = deck
        self.slot_seed = rng.getrandbits(64)
        self.phase = SETUP
        if self.purist:
            self._deal()
        else:
            seats = list(range(self.num_players))
            if GODLY_HEROES in self.parts:
                # a regular hero each in seat order, then a Godly Hero each in the reverse order
                self.hero_pool = list(regular_heroes(True)) + list(godly_heroes())
                self.hero_queue = seats + seats[::-1]
            else:
                self.hero_pool = list(hero_cards())
                self.hero_queue = seats * (2 if self.num_players == 2 else 1)
            self.step = Step.HERO

    def _next_match_round(self) -> None:
        """A match of several rounds: the points so far are kept and a new game is dealt."""
        n = self.num_players
        self.carried = [s.total for s in self.scores()]
        self.match_round += 1
        self.game_began = self.phases_done
        self.discard, self.table = [], []
        self.hands = [[] for _ in range(n)]
        self.banked = [[] for _ in range(n)]
        self.bank_cards = [[] for _ in range(n)]
        self.heroes = [[] for _ in range(n)]
        self.used = []
        self.lasting = []
        self.fields = [[] for _ in range(n)]
        self.dawn.new_game()
        self.last_dream = False
        self.known = [[set() for _ in range(n)] for _ in range(n)]
        self.order_known = [[False] * n for _ in range(n)]
        self._begin_game()

    def _deal(self) -> None:
        for _ in range(3):
            for p in range(self.num_players):
                c = self._from_deck()
                if c is not None:
                    self._to_hand(p, c)
        # the Windmaster (or the God of Wind): its owner leads the first three phases
        w = next((p for p in range(self.num_players) if any(card(h).effect == "lead_phase" for h in self.heroes[p])), None)
        # each round of a match starts one seat further on (the first game with seat 1)
        self.leader = (self.match_round - 1) % self.num_players if w is None else w
        self.wind_lead = 0 if w is None else 3
        self._start_phase(DAY)

    def clone(self) -> Any:
        # (slices and copy() are faster than list(), set() and dict(): the bots clone states all the time)
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.options = self.options
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.table = self.table[:]
        new.hands = [h[:] for h in self.hands]
        new.banked = [b[:] for b in self.banked]
        new.bank_cards = [b[:] for b in self.bank_cards]
        new.heroes = [h[:] for h in self.heroes]
        new.used = self.used[:]
        new.hero_pool = self.hero_pool[:]
        new.hero_queue = self.hero_queue[:]
        new.queue = self.queue[:]
        new.prio = self.prio[:]
        new.chain = [c.copy() for c in self.chain]
        new.block_queue = self.block_queue[:]
        new.effect = {k: (list(v) if isinstance(v, list) else v) for k, v in self.effect.items()}
        new.banked_this_dream = self.banked_this_dream[:]
        new.locked = self.locked[:]
        new.known = [[s.copy() for s in row] for row in self.known]
        new.order_known = [row[:] for row in self.order_known]
        new.carried = self.carried[:]
        new.lasting = [r.copy() for r in self.lasting]
        new.fields = [f[:] for f in self.fields]
        new.activated_this_dream = self.activated_this_dream[:]
        new.discard_picked = self.discard_picked[:]
        new.dawn = self.dawn.clone()
        return new

    # --- moving cards, and who knows what ---------------------------------------------------
    def _slot(self, size: int) -> int:
        self.slot_seed = (self.slot_seed * 6364136223846793005 + 1442695040888963407) & MASK
        return (self.slot_seed >> 33) % (size + 1)

    def _to_hand(self, p: int, c: str, seen_by: tuple[int, ...] | None = ()) -> None:
        """``c`` enters ``p``'s hand.  ``seen_by``: the players who see which card it is
        (``None``: everybody)."""
        hand = self.hands[p]
        hand.insert(self._slot(len(hand)), c)
        for o in range(self.num_players):
            if o == p:
                continue
            self.order_known[o][p] = False
            if seen_by is None or o in seen_by:
                self.known[o][p].add(c)

    def _from_hand(self, p: int, c: str, seen_by: tuple[int, ...] | None = None) -> None:
        """``c`` leaves ``p``'s hand; those who do not see which card forget what they knew."""
        hand = self.hands[p]
        i = hand.index(c)
        del hand[i]
        for o in range(self.num_players):
            if o == p:
                continue
            if seen_by is None or o in seen_by:
                self.known[o][p].discard(c)
                # a known order stays known without the card
            else:
                self.known[o][p].clear()
                self.order_known[o][p] = False
        if self.locked[p] and not hand:
            self.locked[p] = None

    def _draw(self, p: int) -> None:
        c = self._from_deck()  # (an empty deck gives nothing: the phase's end makes it the Last Dream)
        if c is not None:
            self._to_hand(p, c)

    def _from_deck(self) -> str | None:
        """The next card of the main deck that can be taken (``None``: the deck is empty); a Dawn
        card that comes up on the way is the Dawn's (it never reaches a hand or the table)."""
        while self.deck:
            c = self.deck.pop()
            if c not in dawn_cards():
                return c
            self.dawn.comes_up(self, c)
        return None

    def _to_discard(self, c: str) -> None:
        self.discard.append(c)

    # --- arranging one's own hand -------------------------------------------------------------
    def free_action_seat(self, action: Action) -> int | None:
        seat = action.get("seat") if action.kind == Move.ARRANGE else None
        return seat if isinstance(seat, int) and not isinstance(seat, bool) else None

    def _arranger(self, action: Action) -> int | None:
        """Who arranges: the seat the action names (any player, at any moment of play), or
        the decider (saves made before hands could be arranged out of turn)."""
        seat = self.free_action_seat(action)
        if seat is None and action.get("seat") is None:
            seat = self.decider()
        return seat

    def _arrange_problem(self, action: Action) -> str | None:
        p = self._arranger(action)
        if p is None or p < 0 or p >= self.num_players or self.phase == OVER:
            return "Nobody may arrange a hand now."
        if self.locked[p]:
            return "Your hand's order is locked until the phase ends or your action."
        if self.step in (Step.STEAL_POS, Step.RAVEN_POS, Step.DRUID_KEEP, Step.ORDER) and self.effect.get("target") == p:
            return "Your hand is in another player's hands now: arrange it when they are done."
        try:
            order = [int(x) for x in str(action.get("order", "")).split(",") if x != ""]
        except ValueError:
            return "An order is a list of positions such as '2,0,1'."
        if sorted(order) != list(range(len(self.hands[p]))):
            return f"An order must name each of your {len(self.hands[p])} cards once."
        return None

    def _arrange(self, action: Action) -> None:
        p = self._arranger(action)
        order = [int(x) for x in str(action["order"]).split(",") if x != ""]
        self.hands[p] = [self.hands[p][i] for i in order]
        for o in range(self.num_players):
            self.order_known[o][p] = False

    # --- whose decision ---------------------------------------------------------------------
    def decider(self) -> int | None:
        step = self.step
        if step == Step.OVER:
            return None
        if step == Step.HERO:
            return self.hero_queue[0]
        if step == Step.PRIO:
            return self.prio[0]
        if step == Step.BLOCK:
            return self.block_queue[0]
        if step == Step.ACCEPT:
            return self.effect["left"][0]
        if step in _ACTION_DECIDES:
            return self.effect["who"]
        if step in effect_steps():
            return effect_of(kind_of()[self.effect["card"]]).decider(self)
        return self.queue[0]  # pick, night_discard, night_take, bonus, action

    @property
    def turn(self) -> int | None:
        return self.queue[0] if self.queue else None

    def whose_turn(self) -> int | None:
        return self.turn

    def _clockwise_from(self, start: int) -> list[int]:
        n = self.num_players
        return [(start + k) % n for k in range(n)]

    # --- the Fields and the lasting effects ---------------------------------------------------
    def _add_lasting(self, p: int, source: str, c: Any) -> None:
        """``p`` gains the lasting effect of ``c`` (a Mythical set banked: ``source`` is its
        species; a Prolonged card: ``source`` is the card)."""
        self.lasting.append({"kind": c.lasting, **dict(c.lasting_params), "owner": p, "card": source})

    def _to_field(self, p: int, c: str) -> None:
        """The Prolonged card ``c`` goes from ``p``'s hand, in the open, into ``p``'s Field."""
        self._from_hand(p, c, seen_by=None)
        self.fields[p].append(c)
        self._add_lasting(p, c, every_card()[c])

    def _field_owner(self, c: str) -> int | None:
        return next((q for q, field in enumerate(self.fields) if c in field), None)

    def _leave_field(self, c: str, to: int | None = None) -> None:
        """The Prolonged card ``c`` leaves its Field: to ``to``'s Field (a Sky Hook), or to the
        discard pile, its lasting effect with it."""
        self.fields[self._field_owner(c)].remove(c)
        record = next(r for r in self.lasting if r["card"] == c)
        if to is None:
            self.lasting.remove(record)
            self._to_discard(c)
        else:
            self.fields[to].append(c)
            record["owner"] = to

    # --- what may be used at a quiet moment ------------------------------------------------
    def _usable(self, p: int) -> list[Action]:
        out: list[Action] = []
        # (heroes: any phase, once a game; of two copies of one hero, one is offered: they are alike)
        for h in distinct([h for h in self.heroes[p] if h not in self.used]):
            out += effect_of(kind_of()[h]).uses(self, p, h)
        if self.phase != DREAM:
            return out
        may_play = self._may_play(p)
        for c in distinct(self.hands[p]):  # (ability cards: in the Dream)
            effect = effect_of(kind_of()[c])
            if effect is not None and (may_play or effect.unsilenced):  # (animals have no effect)
                out += effect.uses(self, p, c)
        return out

    def _hero_askable(self, p: int) -> bool:
        """Whether ``p`` has a hero that may be usable now, judged on public facts only."""
        return any(effect_of(kind_of()[h]).askable(self, p) for h in self.heroes[p] if h not in self.used)

    # --- what may be answered ------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        step = self.step
        if step == Step.OVER:
            return []
        legal = _LEGAL.get(step)
        if legal is not None:
            return legal(self)
        if step in effect_steps():
            return effect_of(kind_of()[self.effect["card"]]).legal(self)
        return []  # pragma: no cover

    def _legal_hero(self) -> list[Action]:
        pool = self.hero_pool
        if GODLY_HEROES in self.parts:  # the first choice a regular hero, the second a Godly one
            second = bool(self.heroes[self.hero_queue[0]])
            pool = [h for h in pool if (card(h).godly and not card(h).replaces) == second]
        seen: dict[str, str] = {}
        for h in pool:
            seen.setdefault(kind_of()[h], h)
        return [act(Move.HERO, card=h) for h in seen.values()]

    def _legal_prio(self) -> list[Action]:
        return self._usable(self.prio[0]) + [PASS]

    def _legal_pick(self) -> list[Action]:
        return [act(Move.PICK, card=c) for c in distinct(self.table)]

    def _legal_night_discard(self) -> list[Action]:
        p = self.queue[0]
        acts = [DONE]
        if self.effect["discarded"] < self._night_limit(p):
            acts += [act(Move.DISCARD, card=c) for c in distinct(self.hands[p])]
        return acts

    def _legal_night_take(self) -> list[Action]:
        return [DONE] + [act(Move.PICK, card=c) for c in distinct(self.table)]

    def _legal_discard_pick(self) -> list[Action]:
        return [DONE] + [act(Move.TAKE, card=c) for c in distinct(self.discard)]

    # --- limits, consulting the lasting effects --------------------------------------------------
    def _night_limit(self, p: int) -> int:
        limit = 6 if self.num_players == 2 else 2
        return max(0, LASTING.consult(Point.NIGHT_LIMIT, limit, self.lasting, p)) if self.lasting else limit

    def _day_draw_count(self, p: int) -> int:
        per = 3 if self.num_players == 2 else 1
        return max(0, LASTING.consult(Point.DAY_DRAWS, per, self.lasting, p)) if self.lasting else per

    def _stealable(self, thief: int, victim: int) -> bool:
        return not self.lasting or LASTING.consult(Point.STEALABLE, True, self.lasting, thief, victim)

    def _discard_picks(self, p: int) -> int:
        return LASTING.consult(Point.DISCARD_PICKS, 0, self.lasting, p)  # (asked only with lasting effects)

    def _may_play(self, p: int) -> bool:
        """Whether ``p`` may play an ability card at this quiet moment (a Seal of Silence may say not)."""
        return not self.lasting or LASTING.consult(Point.MAY_PLAY, True, self.lasting, p, self.turn)

    # --- applying -------------------------------------------------------------------------
    def free_action_problem(self, action: Action) -> str | None:
        if action.kind == Move.ARRANGE:
            return self._arrange_problem(action)
        return self.explain_illegal(action)

    def apply_unchecked(self, action: Action) -> None:
        self.dawn.news = []
        self.dawn.counted = None
        if action.kind == Move.ARRANGE:
            self._arrange(action)
            return
        handler = _MOVES.get(self.step)
        if handler is not None:
            handler(self, action)
        elif self.step in effect_steps():
            effect_of(kind_of()[self.effect["card"]]).apply(self, action)
        else:  # pragma: no cover
            raise IllegalAction(f"Unknown action {action}.")

    def _on_hero(self, action: Action) -> None:
        p = self.hero_queue.pop(0)
        self.heroes[p].append(action["card"])
        self.hero_pool.remove(action["card"])
        if not self.hero_queue:
            self._deal()

    def _on_prio(self, action: Action) -> None:
        if action.kind != Move.PASS:
            self._use(self.prio[0], action)
            return
        self.prio.pop(0)
        if not self.prio:
            if self.closing:
                self._end_phase()
            else:
                self._main_step()

    def _on_pick(self, action: Action) -> None:
        p = self.queue[0]
        self.table.remove(action["card"])
        self._to_hand(p, action["card"], seen_by=None)
        if self.lasting and p not in self.discard_picked and self.discard and self._discard_picks(p) > 0:
            self.discard_picked.append(p)  # (an Orb of Hades: once a Day, after a pick)
            self.effect = {"who": p, "left": self._discard_picks(p)}
            self.step = Step.DISCARD_PICK
            return
        self._next_turn()

    def _on_discard_pick(self, action: Action) -> None:
        if action.kind == Move.TAKE:
            self.discard.remove(action["card"])
            self._to_hand(self.effect["who"], action["card"], seen_by=None)
            self.effect["left"] -= 1
            if self.effect["left"] > 0 and self.discard:
                return
        self._next_turn()

    def _on_night_discard(self, action: Action) -> None:
        if action.kind == Move.DONE:
            if self.effect["discarded"] and self.table:
                self.step = Step.NIGHT_TAKE
                self.effect["taken"] = 0
            else:
                self._next_turn()
            return
        self._from_hand(self.queue[0], action["card"])
        self._to_discard(action["card"])
        self.effect["discarded"] += 1

    def _on_night_take(self, action: Action) -> None:
        if action.kind == Move.DONE:
            self._next_turn()
            return
        self.table.remove(action["card"])
        self._to_hand(self.queue[0], action["card"], seen_by=None)
        self.effect["taken"] += 1
        if self.effect["taken"] >= self.effect["discarded"] or not self.table:
            self._next_turn()

    # --- quiet moments, turns and phases ------------------------------------------------------
    def _start_turn(self) -> None:
        """A quiet moment before (or during) the current turn: ask who uses something."""
        if not self.queue:
            if self.phase == DREAM:
                # after the last turn of a Dream, one more quiet moment (the last chance for a
                # hero or an Orb of Time before the next phase, or before the score is counted)
                self.closing = True
                self.prio = self._clockwise_from(self.leader)
                self.window_id += 1
                self.step = Step.PRIO
                return
            self._end_phase()
            return
        # In the Dream everybody is asked (ability cards are hidden: asking only their holders
        # would tell who holds one); in the Day and the Night only players with a hero they can
        # use now (heroes are public).
        order = self._clockwise_from(self.queue[0])
        self.prio = order if self.phase == DREAM else [q for q in order if self._hero_askable(q)]
        self.window_id += 1
        if self.prio:
            self.step = Step.PRIO
        else:
            self._main_step()

    def _main_step(self) -> None:
        p = self.queue[0]
        self.prio = []
        if self.phase == DAY:
            if not self.table:
                self._next_turn()
                return
            self.step = Step.PICK
        elif self.phase == NIGHT:
            self.step = Step.NIGHT_DISCARD
            self.effect = {"discarded": 0}
        else:
            self.step = Step.BONUS if dream.bonus_actions(self, p) else Step.ACTION
            if self.step == Step.ACTION and not dream.actions(self, p):
                self._next_turn()

    def _next_turn(self) -> None:
        self.queue.pop(0)
        self.effect = {}
        self._lift_mirror()
        if self.phase == DAY and not self.queue:
            self._day_draws()
        self._start_turn()

    def _lift_mirror(self) -> None:
        """A Mirror of Fate's order holds until the locked player's turn begins (the next turn, or
        a Dream restarted by an Orb of Time that begins with them)."""
        if self.phase == DREAM and self.queue and self.locked[self.queue[0]] == "mirror":
            self.locked[self.queue[0]] = None

    def _day_draws(self) -> None:
        """The Day's draws, one card a player at a time, clockwise from the leader."""
        order = self._clockwise_from(self.leader)
        counts = [self._day_draw_count(p) for p in order]
        for i in range(max(counts)):
            for p, count in zip(order, counts):
                if i < count:
                    self._draw(p)

    def _start_phase(self, phase: str) -> None:
        n = self.num_players
        self.phase = phase
        self.effect = {}
        order = self._clockwise_from(self.leader)
        if phase == DAY:
            self.discard_picked = []
            k = 6 if n == 2 else n
            self.table = self._lay_out(k)
            self.queue = order * 3 if n == 2 else order
        elif phase == NIGHT:
            k = 12 if n == 2 else 2 * n
            self.table = self._lay_out(k)
            self.queue = list(order)
        else:
            self.table = []
            self.queue = list(order)
            self.banked_this_dream = []
            self.activated_this_dream = []
        self._start_turn()

    def _lay_out(self, k: int) -> list[str]:
        """Up to ``k`` open cards from the deck (fewer when it runs out)."""
        out = []
        for _ in range(k):
            c = self._from_deck()
            if c is None:
                break
            out.append(c)
        return out

    def _end_phase(self, forced: str | None = None, by: int | None = None) -> None:
        """The current phase ends (``forced``: a Windmaster's Day or Night led by ``by``)."""
        for c in self.table:
            self._to_discard(c)
        self.table = []
        self.queue = []
        self.prio = []
        self.chain = []
        self.block_queue = []
        self.locked = [None] * self.num_players
        self.closing = False
        self.phases_done += 1
        if self.phase == DREAM and self.last_dream:
            self._game_ends()
            return
        if self.dawn.aside:  # a Dawn card came up: the Dawn Phase, before the phase cards pass on
            self.dawn.start(self, forced, by)
            return
        self._after_phase(forced, by)

    def _game_ends(self) -> None:
        """The game is over: it is scored (a match of several rounds: the next game is dealt)."""
        if self.match_round < self.options["rounds"]:
            self._next_match_round()
            return
        self.phase = OVER
        self.step = Step.OVER

    def _after_phase(self, forced: str | None, by: int | None) -> None:
        """The phase cards pass on (or a Windmaster takes them) and the next phase begins."""
        if forced is not None:
            self.leader = by
            self.wind_lead = 0
            self._start_phase(forced)
            return
        if self.wind_lead > 0:
            self.wind_lead -= 1
        if self.wind_lead == 0:
            self.leader = (self.leader + 1) % self.num_players
        if not self.deck:
            self.last_dream = True
            self._start_phase(DREAM)
            return
        self._start_phase({DAY: NIGHT, NIGHT: DREAM, DREAM: DAY}[self.phase])

    # --- using heroes and abilities, and the block windows -----------------------------------------
    def _use(self, p: int, action: Action) -> None:
        """``p`` uses a hero (it resolves at once: heroes are never blocked) or declares an ability
        card (its block window opens first)."""
        c = action["card"]
        if kind_types()[kind_of()[c]] != ABILITY:
            self.used.append(c)
            self._resolve_effect(p, action, c)
            return
        self._from_hand(p, c)
        self._declare({"kind": Declared.ABILITY, "who": p, "card": c, "action": action.to_json()})

    def _resolve_effect(self, p: int, action: Action, c: str) -> None:
        """The hero or the ability card ``c`` (unblocked) does what its effect says."""
        self.effect = {"who": p, "card": c}
        effect_of(kind_of()[c]).resolve(self, p, action, c)

    def _declare(self, item: dict[str, Any]) -> None:
        """Put ``item`` on the chain and open its block window."""
        self.chain.append(item)
        who = item["who"]
        action = item.get("action") or {}
        if action.get("kind") == Move.EXCHANGE:
            # an exchange is declared in the open, naming the card offered
            for o in range(self.num_players):
                if o != who:
                    self.known[o][who].add(action["card"])
        # every other player is asked, Apple or not (asking only holders would show who has one)
        self.block_queue = self._clockwise_from(who)[1:]
        self.step = Step.BLOCK
        self.window_id += 1

    def _resolve_chain(self) -> None:
        chain, self.chain = self.chain, []
        self.block_queue = []
        base, blocks = chain[0], chain[1:]
        for b in blocks:
            self._to_discard(b["card"])
        blocked = len(blocks) % 2 == 1
        if base["kind"] == Declared.ABILITY:
            if blocked:
                self._to_discard(base["card"])
                self._start_turn()
                return
            self._resolve_effect(base["who"], Action.from_json(base["action"]), base["card"])
        else:
            if blocked:
                self._finish_action()
                return
            dream.resolve_action(self, base["who"], Action.from_json(base["action"]))

    def _legal_block(self) -> list[Action]:
        blockers = blocking_cards()
        apples = [c for c in self.hands[self.block_queue[0]] if c in blockers]
        return ([act(Move.BLOCK, card=min(apples))] if apples else []) + [PASS]

    def _on_block(self, action: Action) -> None:
        p = self.block_queue[0]
        if action.kind == Move.PASS:
            self.block_queue.pop(0)
            if not self.block_queue:
                self._resolve_chain()
            return
        c = action["card"]
        self._from_hand(p, c)
        self._declare({"kind": Declared.BLOCK, "who": p, "card": c})

    def _finish_action(self) -> None:
        """The turn's action is over (done, blocked or fallen back): the next turn."""
        self.effect = {}
        self._next_turn()

    def _finish_effect(self) -> None:
        """An ability or hero has resolved: a new quiet moment in the same turn."""
        card_id = self.effect.get("card")
        if card_id is not None and kind_types()[kind_of()[card_id]] == ABILITY:
            self._to_discard(card_id)
        self.effect = {}
        self._start_turn()

    # --- the score, the views and the words: scoring.py, views.py, describe.py ------------------
    def scores(self) -> list[Score]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def round(self) -> int:
        return self.phases_done // 3

    CHART_STEP = "Phase"

    def chart_step(self) -> int:
        return self.phases_done

    def hidden_from(self, seat: int | None) -> set[str]:
        return views.hidden_from(self, seat)

    def components(self) -> list[Any]:
        return views.components(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def shown_between(self, after: Any) -> set[int]:
        return views.shown_between(self, after)

    def prompt(self) -> str:
        return words.prompt(self)

    def formality(self, hotseat: bool = False) -> bool:
        return views.formality(self, hotseat)

    def open_invitation(self) -> bool:
        return views.open_invitation(self)

    def window(self, names: list[str] | None = None) -> tuple[str, int] | None:
        return views.window(self, names)

    def window_order(self) -> list[int]:
        return views.window_order(self)

    def no_answer(self) -> Action | None:
        return views.no_answer(self)

    def quiet_key(self, action: Action) -> str | None:
        return views.quiet_key(self, action)

    def quiet_words(self, key: str, seats: list[int], names: list[str]) -> str:
        return log.quiet_words(key, seats, names, self.num_players)

    def describe(self, action: Action, names: list[str]) -> str:
        return log.describe(self, action, names)

    def aftermath(self, names: list[str]) -> str:
        return views.aftermath(self)

    def result_note(self, names: list[str]) -> str:
        return views.result_note(self)

    # --- the state's document, and what it may hold: document.py ---------------------------------
    def to_json(self) -> dict[str, Any]:
        return document.document(self)

    def written_options(self) -> dict[str, Any]:
        return document.written_options(self)

    def consistency_problems(self) -> list[str]:
        return document.consistency_problems(self)


# each step's answers and what an answer does: the turn flow's own steps, a Dream turn's
# (dream.py) and the Dawn Phase's; an effect's own steps are the effect's (effects.py)
_STEPS = {
    Step.HERO: (SpheresState._legal_hero, SpheresState._on_hero),
    Step.PRIO: (SpheresState._legal_prio, SpheresState._on_prio),
    Step.PICK: (SpheresState._legal_pick, SpheresState._on_pick),
    Step.DISCARD_PICK: (SpheresState._legal_discard_pick, SpheresState._on_discard_pick),
    Step.NIGHT_DISCARD: (SpheresState._legal_night_discard, SpheresState._on_night_discard),
    Step.NIGHT_TAKE: (SpheresState._legal_night_take, SpheresState._on_night_take),
    Step.BLOCK: (SpheresState._legal_block, SpheresState._on_block),
    **dream.STEPS,
    Step.SACRIFICE: (lambda s: s.dawn.legal_sacrifice(s), lambda s, a: s.dawn.on_sacrifice(s, a)),
    Step.DAWN_HERO: (lambda s: s.dawn.legal_hero(s), lambda s, a: s.dawn.on_hero(s, a)),
}
_LEGAL = {step: legal for step, (legal, _) in _STEPS.items()}
_MOVES = {step: move for step, (_, move) in _STEPS.items()}


def new_state(players: int, options: dict[str, Any], seed: int) -> SpheresState:
    return SpheresState.new(players, options, seed)
