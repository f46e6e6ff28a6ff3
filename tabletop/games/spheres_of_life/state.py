"""Spheres of Life: the state itself -- the cards and where they lie, who knows what, the deal,
moving cards between hands, arranging one's hand, and the state's document.

Hands are ordered.  A card entering a hand goes to a position drawn from the state's own
pseudo-random sequence (seeded by the game's seed), as a player slots a new card among the
others; the owner may rearrange their hand unless it is locked (Druid, Mirror of Fate).

Knowledge: ``known[o][p]`` is the set of cards player ``o`` knows to be in ``p``'s hand (from
gifts, exchanges, open picks, Paladin, Druid, Mirror ...); ``order_known[o][p]`` says ``o``
knows that hand's exact order (after arranging it).  A card leaving a hand unseen makes the
others forget what they knew of that hand.  Views and the bots read only this.

``lasting`` holds the lasting effects in play (effects.py's :data:`~.effects.LASTING`); the base
game has none, and a state without any writes no ``lasting`` field, as before there were any.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.game import State

from .cards import (
    DAWN, DAWN_PHASE, GODLY_ABILITIES, GODLY_HEROES, HERO, PARTS, card, every_card, godly_heroes, hero_cards, main_deck,
    regular_heroes,
)
from .dawn import CYCLE
from .steps import DAY, OVER, SETUP, Move, Step

MASK = (1 << 64) - 1
DAWN_OPTIONS = ("dawn_count", "dawn_round")  # the options that matter only with the Dawn


class StateCore(State):
    """The cards, the seats' knowledge and the deal; the turn flow (flow.py), the score
    (scoring.py) and the views (views.py) are the other parts of :class:`~.rules.SpheresState`."""

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
        # the Dawn (dawn.py): cards set aside (waiting for the phase's end), out of play, the
        # round of the last one set aside, the sacrifices, the total, where play resumes
        self.dawn_aside: list[str] = []
        self.dawn_out: list[str] = []
        self.dawn_round = -1
        self.sacrificed: list[list[str]] = [[] for _ in range(n)]
        self.dawn_heroes: list[str] = []
        self.dawn_spent: list[str] = []  # heroes sacrificed at any Dawn of the game: turned over for good
        self.dawn_total: int | None = None
        self.dawn_resume: dict[str, Any] = {}
        self.dawn_ended = False  # the Dawn ended the game
        self.dawn_news: list[str] = []  # Dawn cards that came up during the last action (for the log)
        self.dawn_counted: list[str] | None = None  # the Dawn's sacrifices, when the last action showed them (for the log)

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
        self.dawn_aside, self.dawn_out, self.dawn_round, self.dawn_ended = [], [], -1, False
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
        new = type(self).__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.options = self.options
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.table = list(self.table)
        new.hands = [list(h) for h in self.hands]
        new.banked = [list(b) for b in self.banked]
        new.bank_cards = [list(b) for b in self.bank_cards]
        new.heroes = [list(h) for h in self.heroes]
        new.used = list(self.used)
        new.hero_pool = list(self.hero_pool)
        new.hero_queue = list(self.hero_queue)
        new.queue = list(self.queue)
        new.prio = list(self.prio)
        new.chain = [dict(c) for c in self.chain]
        new.block_queue = list(self.block_queue)
        new.effect = {k: (list(v) if isinstance(v, list) else v) for k, v in self.effect.items()}
        new.banked_this_dream = list(self.banked_this_dream)
        new.locked = list(self.locked)
        new.known = [[set(s) for s in row] for row in self.known]
        new.order_known = [list(row) for row in self.order_known]
        new.carried = list(self.carried)
        new.lasting = [dict(r) for r in self.lasting]
        new.fields = [list(f) for f in self.fields]
        new.activated_this_dream = list(self.activated_this_dream)
        new.discard_picked = list(self.discard_picked)
        new.dawn_aside = list(self.dawn_aside)
        new.dawn_out = list(self.dawn_out)
        new.sacrificed = [list(cs) for cs in self.sacrificed]
        new.dawn_heroes = list(self.dawn_heroes)
        new.dawn_spent = list(self.dawn_spent)
        new.dawn_resume = dict(self.dawn_resume)
        new.dawn_news = []
        new.dawn_counted = None
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

    # --- what the rules allow -------------------------------------------------------------------
    def consistency_problems(self) -> list[str]:
        """The game's cards are the main deck's and the heroes' of these options, and each lies
        where its type may: a Dawn card only in the main deck, set aside or out of play (never
        in a hand, a sacrifice or any open pile); a hero only in the choice or with its owner;
        banked cards are animals, a Field's Prolonged abilities; and what a player knows to be
        in a hand is there."""
        from collections import Counter

        heroes = () if self.purist else (regular_heroes(True) + godly_heroes() if GODLY_HEROES in self.parts
                                         else hero_cards())
        have, made = Counter(self.components()), Counter(main_deck(self.purist, self.parts) + heroes)
        problems = [f"its cards are not the game's: {dict(have - made)} too many, {dict(made - have)} missing"
                    ] if have != made else []
        cards = every_card()
        n = self.num_players
        places: list[tuple[str, list[str], Any]] = [
            ("the main deck", self.deck, lambda c: c.type != HERO),
            ("the Dawn cards set aside", self.dawn_aside, lambda c: c.type == DAWN),
            ("the Dawn cards out of play", self.dawn_out, lambda c: c.type == DAWN),
            ("the discard pile", self.discard, lambda c: c.type not in (HERO, DAWN)),
            ("the table", self.table, lambda c: c.type not in (HERO, DAWN)),
            ("the heroes to choose from", self.hero_pool, lambda c: c.type == HERO),
            ("the cards being played", [i["card"] for i in self.chain if "card" in i], lambda c: c.type not in (HERO, DAWN)),
        ]
        for p in range(n):
            places += [(f"the hand of player {p + 1}", self.hands[p], lambda c: c.type not in (HERO, DAWN)),
                       (f"the sacrifice of player {p + 1}", self.sacrificed[p], lambda c: c.type not in (HERO, DAWN)),
                       (f"the banked sets of player {p + 1}", self.bank_cards[p], lambda c: c.is_animal),
                       (f"the Field of player {p + 1}", self.fields[p], lambda c: c.prolonged),
                       (f"the heroes of player {p + 1}", self.heroes[p], lambda c: c.type == HERO)]
        for where, pile, may in places:
            wrong = [c for c in pile if not may(cards[c])]
            if wrong:
                problems.append(f"{', '.join(wrong)} cannot lie in {where}")
        for o in range(n):
            for p in range(n):
                if not self.known[o][p] <= set(self.hands[p]):
                    problems.append(f"player {o + 1} knows of cards in the hand of player {p + 1} that are not there")
        return problems

    def written_options(self) -> dict[str, Any]:
        """The options as the state's document writes them: an expansion part that is off is left
        out, so a base game's document (and its digest) is what it was before the expansion; so
        are the Dawn's own options without the Dawn, and ``dawn_round`` at the reading every game
        saved before it was played with (its legacy choice)."""
        return {k: v for k, v in self.options.items()
                if (v or k not in PARTS) and not (k in DAWN_OPTIONS and DAWN_PHASE not in self.parts)
                and (k, v) != ("dawn_round", CYCLE)}

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "players": self.num_players,
            "options": self.written_options(),
            "deck": self.deck,
            "discard": self.discard,
            "table": self.table,
            "hands": self.hands,
            "banked": self.banked,
            "bank_cards": self.bank_cards,
            "heroes": self.heroes,
            "used": self.used,
            "hero_pool": self.hero_pool,
            "hero_queue": self.hero_queue,
            "phase": self.phase,
            "last_dream": self.last_dream,
            "leader": self.leader,
            "wind_lead": self.wind_lead,
            "queue": self.queue,
            "step": self.step,
            "prio": self.prio,
            "chain": self.chain,
            "block_queue": self.block_queue,
            "effect": self.effect,
            "banked_this_dream": self.banked_this_dream,
            "locked": self.locked,
            "known": [[sorted(s) for s in row] for row in self.known],
            "order_known": self.order_known,
            "phases_done": self.phases_done,
            "slot_seed": self.slot_seed,
            "match_round": self.match_round,
            "carried": self.carried,
            "window_id": self.window_id,
            "closing": self.closing,
            **({"lasting": self.lasting} if self.lasting else {}),
            **({"fields": self.fields, "activated_this_dream": self.activated_this_dream,
                "discard_picked": self.discard_picked} if GODLY_ABILITIES in self.parts else {}),
            **({"dawn_aside": self.dawn_aside, "dawn_out": self.dawn_out, "dawn_round": self.dawn_round,
                "sacrificed": self.sacrificed, "dawn_heroes": self.dawn_heroes, "dawn_total": self.dawn_total,
                "dawn_resume": self.dawn_resume, "dawn_ended": self.dawn_ended,
                **({"dawn_spent": self.dawn_spent} if self.dawn_spent else {})} if DAWN_PHASE in self.parts else {}),
        }
