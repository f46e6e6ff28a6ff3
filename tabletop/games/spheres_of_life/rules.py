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

Hands are ordered.  A card entering a hand goes to a position drawn from the state's own
pseudo-random sequence (seeded by the game's seed), as a player slots a new card among the
others; the owner may rearrange their hand unless it is locked (Druid, Mirror of Fate).  A steal
points at a position among the backs.

Knowledge: ``known[o][p]`` is the set of cards player ``o`` knows to be in ``p``'s hand (from
gifts, exchanges, open picks, Paladin, Druid, Mirror ...); ``order_known[o][p]`` says ``o``
knows that hand's exact order (after arranging it).  A card leaving a hand unseen makes the
others forget what they knew of that hand.  Views and the bots read only this.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.game import IllegalAction, Score, State

from .cards import ABILITY, CORRUPTED, NOBLE, all_cards, card, hero_cards, kind_names, kind_of, kind_types, main_deck
from .steps import Step

SETUP, DAY, NIGHT, DREAM, OVER = "setup", "day", "night", "dream", "over"
PHASE_NAMES = {DAY: "Day", NIGHT: "Night", DREAM: "Dream"}

DISCARD = -1  # a Warrior's card going to the discard pile instead of to a player
MASK = (1 << 64) - 1
SET = 3  # copies of one animal that make a set to bank


# --- actions (cached: the bots make many) ------------------------------------------------
@lru_cache(maxsize=None)
def act(kind: str, **args: Any) -> Action:
    return Action.make(kind, **args)


PASS = Action.make("pass")
DONE = Action.make("done")
SKIP = Action.make("skip")
DECLINE = Action.make("decline")


def animal_points(count: int) -> int:
    """Points of ``count`` copies of one animal in hand: 1, 4, 9, then 9 + ... for more decks."""
    return 9 * (count // 3) + (0, 1, 4)[count % 3]


class SpheresState(State):
    game_id = "spheres-of-life"

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        n = self.num_players = players
        self.options = dict(options)
        self.purist = bool(options["purist"])
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
        # the pseudo-random sequence for positions of new cards, set by whoever makes the state
        # (a new game from its seed, a position document, a bot's sampled view)
        self.slot_seed: int
        self.window_id = 0  # counts the rounds of asking everybody (quiet moments, windows, offers)
        self.closing = False  # the last quiet moment of a Dream, after its last turn
        self.match_round = 1  # option "rounds": a match of several games, points added up
        self.carried: list[int] = [0] * n  # points of the earlier rounds

    # --- set-up ---------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, options: dict[str, Any], seed: int) -> "SpheresState":
        state = cls(players, options)
        state.slot_seed = random.Random(seed).getrandbits(64)
        state._begin_game()
        return state

    def _begin_game(self) -> None:
        """Shuffle the main deck, then the heroes are chosen (or, Purist, the cards dealt)."""
        rng = random.Random(self.slot_seed)
        deck = list(main_deck(self.purist))
        rng.shuffle(deck)
        self.deck = deck
        self.slot_seed = rng.getrandbits(64)
        self.phase = SETUP
        if self.purist:
            self._deal()
        else:
            self.hero_pool = list(hero_cards())
            per = 2 if self.num_players == 2 else 1
            self.hero_queue = [p for _ in range(per) for p in range(self.num_players)]
            self.step = Step.HERO

    def _next_match_round(self) -> None:
        """A match of several rounds: the points so far are kept and a new game is dealt."""
        n = self.num_players
        self.carried = [s.total for s in self.scores()]
        self.match_round += 1
        self.discard, self.table = [], []
        self.hands = [[] for _ in range(n)]
        self.banked = [[] for _ in range(n)]
        self.bank_cards = [[] for _ in range(n)]
        self.heroes = [[] for _ in range(n)]
        self.used = []
        self.last_dream = False
        self.known = [[set() for _ in range(n)] for _ in range(n)]
        self.order_known = [[False] * n for _ in range(n)]
        self._begin_game()

    def _deal(self) -> None:
        for _ in range(3):
            for p in range(self.num_players):
                if self.deck:
                    self._to_hand(p, self.deck.pop())
        w = next((p for p in range(self.num_players) if "windmaster" in self.heroes[p]), None)
        # each round of a match starts one seat further on (the first game with seat 1)
        self.leader = (self.match_round - 1) % self.num_players if w is None else w
        self.wind_lead = 0 if w is None else 3
        self._start_phase(DAY)

    def clone(self) -> "SpheresState":
        new = SpheresState.__new__(SpheresState)
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
        if self.deck:  # (an empty deck gives nothing: the phase's end makes it the Last Dream)
            self._to_hand(p, self.deck.pop())

    def _to_discard(self, c: str) -> None:
        self.discard.append(c)

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
        if step in (Step.STEAL_POS, Step.RAVEN_POS, Step.DRUID_KEEP, Step.ORDER, Step.WARRIOR, Step.WIND, Step.ROOT, Step.FALLBACK, Step.PARTNER):
            return self.effect["who"]
        return self.queue[0]  # pick, night_discard, night_take, bonus, action

    @property
    def turn(self) -> int | None:
        return self.queue[0] if self.queue else None

    def whose_turn(self) -> int | None:
        return self.turn

    def _clockwise_from(self, start: int) -> list[int]:
        n = self.num_players
        return [(start + k) % n for k in range(n)]

    # --- what may be used at a quiet moment ------------------------------------------------
    def _usable(self, p: int) -> list[Action]:
        out: list[Action] = []
        n = self.num_players
        deck = len(self.deck)
        others = [q for q in range(n) if q != p]
        for h in self.heroes[p]:
            if h in self.used:
                continue
            kind = kind_of()[h]
            if kind == "windmaster":
                if not self.last_dream and deck:
                    out += [act("use", card=h, phase=DAY), act("use", card=h, phase=NIGHT)]
            elif kind == "druid":
                out += [act("use", card=h, target=q) for q in others if self.hands[q]]
            elif kind == "warrior":
                if self.hands[p]:
                    out.append(act("use", card=h))
            elif kind == "paladin":
                kinds = sorted({kind_of()[c] for c in self.hands[p] if kind_types()[kind_of()[c]] in (NOBLE, CORRUPTED)})
                out += [act("use", card=h, species=k) for k in kinds]
        if self.phase != DREAM:
            return out
        hand = self.hands[p]
        for c in _distinct(hand):  # (animals and Apples of Life are never "used": no branch below)
            kind = kind_of()[c]
            if kind == "water":
                if not self.last_dream:
                    out.append(act("use", card=c))
            elif kind == "time":
                out.append(act("use", card=c))
            elif kind == "fire":
                if deck >= 1:
                    out.append(act("use", card=c))
            elif kind == "earth":
                if deck >= 2:
                    out.append(act("use", card=c))
            elif kind in ("raven", "mirror"):
                out += [act("use", card=c, target=q) for q in others if len(self.hands[q]) >= 2]
            elif kind == "wind":
                if len(hand) >= 2:
                    out.append(act("use", card=c))
            elif kind == "root":
                if any(all_cards()[x].is_animal for x in self.discard):
                    out.append(act("use", card=c))
        return out

    def _hero_askable(self, p: int) -> bool:
        """Whether ``p`` has a hero that may be usable now, judged on public facts only."""
        for h in self.heroes[p]:
            if h in self.used:
                continue
            kind = kind_of()[h]
            if kind == "windmaster" and not self.last_dream and self.deck:
                return True
            if kind == "druid" and any(self.hands[q] for q in range(self.num_players) if q != p):
                return True
            if kind in ("warrior", "paladin") and self.hands[p]:
                return True
        return False

    def legal_actions(self) -> list[Action]:
        step = self.step
        if step == Step.OVER:
            return []
        if step == Step.HERO:
            seen: dict[str, str] = {}
            for h in self.hero_pool:
                seen.setdefault(kind_of()[h], h)
            return [act("hero", card=h) for h in seen.values()]
        if step == Step.PRIO:
            return self._usable(self.prio[0]) + [PASS]
        if step == Step.PICK:
            return [act("pick", card=c) for c in _distinct(self.table)]
        if step == Step.NIGHT_DISCARD:
            p = self.queue[0]
            acts = [DONE]
            if self.effect["discarded"] < self._night_limit():
                acts += [act("discard", card=c) for c in _distinct(self.hands[p])]
            return acts
        if step == Step.NIGHT_TAKE:
            return [DONE] + [act("pick", card=c) for c in _distinct(self.table)]
        if step == Step.BONUS:
            p = self.queue[0]
            return [act("bank", species=k) for k in self._bankable(p)] + [SKIP]
        if step == Step.ACTION:
            return self._actions(self.queue[0])
        if step == Step.FALLBACK:
            return self._actions(self.effect["who"], exchange=False)
        if step == Step.BLOCK:
            p = self.block_queue[0]
            apples = [c for c in self.hands[p] if kind_of()[c] == "apple"]
            return ([act("block", card=min(apples))] if apples else []) + [PASS]
        if step == Step.ACCEPT:
            p = self.effect["left"][0]
            copies = [c for c in self.hands[p] if kind_of()[c] == self.effect["want"]]
            return [act("accept", card=min(copies)), DECLINE] if copies else [DECLINE]
        if step == Step.PARTNER:
            return [act("partner", seat=o) for o, _ in self.effect["accepted"]]
        if step in (Step.STEAL_POS, Step.RAVEN_POS):
            return [act("position", index=i) for i in range(len(self.hands[self.effect["target"]]))]
        if step == Step.DRUID_KEEP:
            # (the second card kept, or the hand emptied, ends the step: fewer than two are kept here)
            return [DONE] + [act("take", card=c) for c in _distinct(self.hands[self.effect["target"]])]
        if step == Step.ORDER:
            return [act("order", card=c) for c in self.effect["left"]]
        if step == Step.WARRIOR:
            p = self.effect["who"]
            acts = [DONE]  # (the third card lost ends the step)
            for c in _distinct(self.hands[p]):
                acts.append(act("lose", card=c, to=DISCARD))
                acts += [act("lose", card=c, to=q) for q in range(self.num_players) if q != p]
            return acts
        if step == Step.WIND:
            p = self.effect["who"]
            # (the second card discarded ends the step)
            return [DONE] + [act("discard", card=c) for c in _distinct(self.hands[p])]
        if step == Step.ROOT:  # animals only: taking ability cards back could go round for ever
            return [act("take", card=c) for c in _distinct([x for x in self.discard if all_cards()[x].is_animal])]
        return []  # pragma: no cover

    def _night_limit(self) -> int:
        return 6 if self.num_players == 2 else 2

    def _bankable(self, p: int) -> list[str]:
        if p in self.banked_this_dream:
            return []
        counts: dict[str, int] = {}
        for c in self.hands[p]:
            k = kind_of()[c]
            if kind_types()[k] in (NOBLE, CORRUPTED):
                counts[k] = counts.get(k, 0) + 1
        return sorted(k for k, v in counts.items() if v >= SET)

    def _actions(self, p: int, exchange: bool = True) -> list[Action]:
        n = self.num_players
        out = [act("steal", target=q) for q in range(n) if q != p and self.hands[q]]
        mine = _distinct(self.hands[p])
        for c in mine:
            out += [act("gift", card=c, to=q) for q in range(n) if q != p]
        if exchange and mine:
            kinds = _exchange_kinds(self.purist)
            for c in mine:
                own = kind_of()[c]
                out += [act("exchange", card=c, want=k) for k in kinds if k != own]
        return out

    # --- applying -------------------------------------------------------------------------
    def free_action_problem(self, action: Action) -> str | None:
        if action.kind == "arrange":
            return self._arrange_problem(action)
        return self.explain_illegal(action)

    def apply_unchecked(self, action: Action) -> None:
        kind = action.kind
        step = self.step
        if kind == "arrange":
            self._arrange(action)
        elif step == Step.HERO:
            p = self.hero_queue.pop(0)
            self.heroes[p].append(action["card"])
            self.hero_pool.remove(action["card"])
            if not self.hero_queue:
                self._deal()
        elif step == Step.PRIO:
            if kind == "pass":
                self.prio.pop(0)
                if not self.prio:
                    if self.closing:
                        self._end_phase()
                    else:
                        self._main_step()
            else:
                self._use(self.prio[0], action)
        elif step == Step.PICK:
            p = self.queue[0]
            self.table.remove(action["card"])
            self._to_hand(p, action["card"], seen_by=None)
            self._next_turn()
        elif step == Step.NIGHT_DISCARD:
            p = self.queue[0]
            if kind == "done":
                if self.effect["discarded"] and self.table:
                    self.step = Step.NIGHT_TAKE
                    self.effect["taken"] = 0
                else:
                    self._next_turn()
            else:
                self._from_hand(p, action["card"])
                self._to_discard(action["card"])
                self.effect["discarded"] += 1
        elif step == Step.NIGHT_TAKE:
            p = self.queue[0]
            if kind == "done":
                self._next_turn()
            else:
                self.table.remove(action["card"])
                self._to_hand(p, action["card"], seen_by=None)
                self.effect["taken"] += 1
                if self.effect["taken"] >= self.effect["discarded"] or not self.table:
                    self._next_turn()
        elif step == Step.BONUS:
            p = self.queue[0]
            if kind == "bank":
                k = action["species"]
                for c in [c for c in self.hands[p] if kind_of()[c] == k][:SET]:
                    self._from_hand(p, c)
                    self.bank_cards[p].append(c)
                self.banked[p].append(k)
                self.banked_this_dream.append(p)
            self.step = Step.ACTION
            if not self.legal_actions():  # nobody holds a card: the action is skipped
                self._next_turn()
        elif step in (Step.ACTION, Step.FALLBACK):
            p = self.decider()
            if step == Step.FALLBACK:
                self._resolve_action(p, action)
            else:
                self._declare({"kind": "action", "who": p, "action": action.to_json()})
        elif step == Step.BLOCK:
            p = self.block_queue[0]
            if kind == "pass":
                self.block_queue.pop(0)
                if not self.block_queue:
                    self._resolve_chain()
            else:
                c = action["card"]
                self._from_hand(p, c)
                self._declare({"kind": "block", "who": p, "card": c})
        elif step == Step.ACCEPT:
            p = self.effect["left"].pop(0)
            if kind == "accept" and self.options["exchange"] == "first":
                self._swap(p, action["card"])
                return
            if kind == "accept":
                # the proposer will choose among those who accept: the card is shown now
                self.effect.setdefault("accepted", []).append([p, action["card"]])
                for o in range(self.num_players):
                    if o != p:
                        self.known[o][p].add(action["card"])
            if self.effect["left"]:
                return
            accepted = self.effect.get("accepted", [])
            if len(accepted) == 1:
                self._swap(*accepted[0])
            elif accepted:
                self.step = Step.PARTNER
            else:
                self.effect = {"who": self.effect["who"]}
                self.step = Step.FALLBACK
        elif step == Step.PARTNER:
            o = action["seat"]
            self._swap(o, next(c for q, c in self.effect["accepted"] if q == o))
        elif step == Step.STEAL_POS:
            thief, victim = self.effect["who"], self.effect["target"]
            c = self.hands[victim][action["index"]]
            self._from_hand(victim, c, seen_by=(thief,))
            self._to_hand(thief, c, seen_by=(victim,))
            self._finish_action()
        elif step == Step.RAVEN_POS:
            thief, victim = self.effect["who"], self.effect["target"]
            c = self.hands[victim][action["index"]]
            self._from_hand(victim, c, seen_by=(thief,))
            self._to_hand(thief, c, seen_by=(victim,))
            self.effect["taken"] += 1
            if self.effect["taken"] >= 2 or not self.hands[victim]:
                self._finish_effect()
        elif step == Step.DRUID_KEEP:
            d, v = self.effect["who"], self.effect["target"]
            if kind == "done":
                self._start_ordering(d, v)
            else:
                c = action["card"]
                self._from_hand(v, c, seen_by=(d,))
                self._to_hand(d, c, seen_by=(v,))
                self.effect["kept"] += 1
                if self.effect["kept"] >= 2 or not self.hands[v]:
                    self._start_ordering(d, v)
        elif step == Step.ORDER:
            self.effect["left"].remove(action["card"])
            self.effect["placed"].append(action["card"])
            if len(self.effect["left"]) <= 1:
                order = self.effect["placed"] + self.effect["left"]
                v, d = self.effect["target"], self.effect["who"]
                self.hands[v] = order
                self.locked[v] = self.effect["lock"]
                for o in range(self.num_players):
                    if o != v:
                        self.order_known[o][v] = o == d
                self._finish_effect()
        elif step == Step.WARRIOR:
            p = self.effect["who"]
            if kind == "done":
                self._finish_effect()
                return
            c, to = action["card"], action["to"]
            if to == DISCARD:
                self._from_hand(p, c)
                self._to_discard(c)
            else:
                self._from_hand(p, c, seen_by=(to,))
                self._to_hand(to, c, seen_by=(p,))
            self.effect["lost"] += 1
            if self.effect["lost"] >= 3 or not self.hands[p]:
                self._finish_effect()
        elif step == Step.WIND:
            p = self.effect["who"]
            if kind == "done":
                self._finish_effect()
                return
            self._from_hand(p, action["card"])
            self._to_discard(action["card"])
            self.effect["lost"] += 1
            if self.effect["lost"] >= 2 or not self.hands[p]:
                self._finish_effect()
        elif step == Step.ROOT:
            p = self.effect["who"]
            c = action["card"]
            self.discard.remove(c)
            self._to_hand(p, c, seen_by=None)
            self._finish_effect()
        else:  # pragma: no cover
            raise IllegalAction(f"Unknown action {action}.")

    # --- arranging one's own hand -------------------------------------------------------------
    def free_action_seat(self, action: Action) -> int | None:
        seat = action.get("seat") if action.kind == "arrange" else None
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
            self.step = Step.BONUS if self._bankable(p) else Step.ACTION
            if self.step == Step.ACTION and not self._actions(p):
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
        per = 3 if self.num_players == 2 else 1
        for _ in range(per):
            for p in self._clockwise_from(self.leader):
                self._draw(p)

    def _start_phase(self, phase: str) -> None:
        n = self.num_players
        self.phase = phase
        self.effect = {}
        order = self._clockwise_from(self.leader)
        if phase == DAY:
            k = 6 if n == 2 else n
            self.table = [self.deck.pop() for _ in range(min(k, len(self.deck)))]
            self.queue = order * 3 if n == 2 else order
        elif phase == NIGHT:
            k = 12 if n == 2 else 2 * n
            self.table = [self.deck.pop() for _ in range(min(k, len(self.deck)))]
            self.queue = list(order)
        else:
            self.table = []
            self.queue = list(order)
            self.banked_this_dream = []
        self._start_turn()

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
            if self.match_round < self.options["rounds"]:
                self._next_match_round()
                return
            self.phase = OVER
            self.step = Step.OVER
            return
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

    # --- using heroes and abilities ------------------------------------------------------------
    def _use(self, p: int, action: Action) -> None:
        c = action["card"]
        kind = kind_of()[c]
        if kind_types()[kind] != ABILITY:
            self.used.append(c)
            self._hero(p, kind, action)
            return
        self._from_hand(p, c)
        self._declare({"kind": "ability", "who": p, "card": c, "action": action.to_json()})

    def _declare(self, item: dict[str, Any]) -> None:
        """Put ``item`` on the chain and open its block window."""
        self.chain.append(item)
        who = item["who"]
        action = item.get("action") or {}
        if action.get("kind") == "exchange":
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
        if base["kind"] == "ability":
            if blocked:
                self._to_discard(base["card"])
                self._start_turn()
                return
            self._ability(base["who"], Action.from_json(base["action"]), base["card"])
        else:
            if blocked:
                self._finish_action()
                return
            self._resolve_action(base["who"], Action.from_json(base["action"]))

    def _resolve_action(self, p: int, action: Action) -> None:
        kind = action.kind
        if kind in ("gift", "exchange") and action["card"] not in self.hands[p]:
            # the card was spent meanwhile (an Apple used to block a block): the action is lost
            self._finish_action()
            return
        if kind == "steal":
            target = action["target"]
            if not self.hands[target]:
                self._finish_action()
                return
            self.effect = {"who": p, "target": target}
            self.step = Step.STEAL_POS
        elif kind == "gift":
            c, to = action["card"], action["to"]
            self._from_hand(p, c, seen_by=(to,))
            self._to_hand(to, c, seen_by=(p,))
            self._finish_action()
        elif kind == "exchange":
            c, want = action["card"], action["want"]  # (everybody saw the card when it was declared)
            # every other player is asked in turn (holders are not singled out); the first to
            # accept makes the exchange, or (option exchange="choose") the proposer chooses
            # among all who accept
            left = self._clockwise_from(p)[1:]
            self.effect = {"who": p, "card": c, "want": want, "left": left, "accepted": []}
            self.step = Step.ACCEPT
            self.window_id += 1
        else:  # pragma: no cover
            raise IllegalAction(f"Unknown action {action}.")

    def _swap(self, p: int, theirs: str) -> None:
        """The exchange is made with ``p``, who gives ``theirs``; both cards are seen by all."""
        who, mine = self.effect["who"], self.effect["card"]
        self._from_hand(who, mine)
        self._from_hand(p, theirs)
        self._to_hand(p, mine, seen_by=None)
        self._to_hand(who, theirs, seen_by=None)
        self._finish_action()

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

    def _ability(self, p: int, action: Action, c: str) -> None:
        kind = kind_of()[c]
        self.effect = {"who": p, "card": c}
        if kind == "water":
            self._to_discard(c)
            self._end_phase()
        elif kind == "time":
            self._to_discard(c)
            self.effect = {}
            self.queue = self._clockwise_from(self.leader)
            self.banked_this_dream = []
            self.closing = False
            self._lift_mirror()
            self._start_turn()
        elif kind == "fire":
            self._draw(p)
            self._finish_effect()
        elif kind == "earth":
            self._draw(p)
            self._draw(p)
            self._finish_effect()
        elif kind == "raven":
            target = action["target"]
            if not self.hands[target]:
                self._finish_effect()
                return
            self.effect.update(target=target, taken=0)
            self.step = Step.RAVEN_POS
        elif kind == "mirror":
            target = action["target"]
            for c2 in self.hands[target]:
                self.known[p][target].add(c2)
            self.effect["kept"] = 0
            self._start_ordering(p, target)
        elif kind == "wind":
            self.effect["lost"] = 0
            if self.hands[p]:
                self.step = Step.WIND
            else:
                self._finish_effect()
        elif kind == "root":
            if any(all_cards()[x].is_animal for x in self.discard):
                self.step = Step.ROOT
            else:
                self._finish_effect()

    def _hero(self, p: int, kind: str, action: Action) -> None:
        self.effect = {"who": p, "card": action["card"]}
        if kind == "windmaster":
            self.effect = {}
            self._end_phase(forced=action["phase"], by=p)
        elif kind == "druid":
            target = action["target"]
            for c in self.hands[target]:
                self.known[p][target].add(c)
            self.effect.update(target=target, kept=0)
            self.step = Step.DRUID_KEEP
            if not self.hands[target]:
                self._finish_effect()
        elif kind == "warrior":
            self.effect["lost"] = 0
            self.step = Step.WARRIOR
        elif kind == "paladin":
            k = action["species"]
            n = self.num_players
            for q in range(n):
                if q == p:
                    continue
                for o in range(n):  # every other hand is shown to everybody
                    if o != q:
                        self.known[o][q] = set(self.hands[q])
                for c in [c for c in self.hands[q] if kind_of()[c] == k]:
                    self._from_hand(q, c)
                    self._to_hand(p, c, seen_by=None)
            shown = next(c for c in self.hands[p] if kind_of()[c] == k)
            for o in range(n):
                if o != p:
                    self.known[o][p].add(shown)
            self._finish_effect()

    def _start_ordering(self, d: int, v: int) -> None:
        hand = self.hands[v]
        for c in hand:
            self.known[d][v].add(c)
        lock = "druid" if kind_of()[self.effect["card"]] == "druid" else "mirror"
        if len(hand) <= 1:
            self.locked[v] = lock if hand else None
            self.order_known[d][v] = True
            self._finish_effect()
            return
        self.effect.update(target=v, left=list(hand), placed=[], lock=lock)
        self.step = Step.ORDER

    # --- results -------------------------------------------------------------------------------
    def scores(self) -> list[Score]:
        return [self._score(p) for p in range(self.num_players)]

    def _score(self, p: int) -> Score:
        counts: dict[str, int] = {}
        abilities = 0
        for c in self.hands[p]:
            k = kind_of()[c]
            t = kind_types()[k]
            if t == ABILITY:
                abilities += 1
            else:
                counts[k] = counts.get(k, 0) + 1
        noble = sum(animal_points(v) for k, v in counts.items() if kind_types()[k] == NOBLE)
        corrupted = sum(animal_points(v) for k, v in counts.items() if kind_types()[k] == CORRUPTED)
        banked_noble = sum(1 for k in self.banked[p] if kind_types()[k] == NOBLE)
        banked_corrupted = len(self.banked[p]) - banked_noble
        earlier = (("Earlier rounds", self.carried[p]),) if self.options["rounds"] > 1 else ()
        parts = earlier + (
            ("Noble animals in hand", noble),
            ("Corrupted animals in hand", -corrupted),
            ("Ability cards in hand", -abilities),
            (f"Banked noble sets ({banked_noble} × 6)", 6 * banked_noble),
            (f"Banked corrupted sets ({banked_corrupted} × 3)", 3 * banked_corrupted),
        )
        return Score(sum(v for _, v in parts), parts)

    def winners(self) -> list[int]:
        totals = [s.total for s in self.scores()]
        best = max(totals)
        tied = [p for p, t in enumerate(totals) if t == best]
        fewest = min(len(self.hands[p]) for p in tied)
        return [p for p in tied if len(self.hands[p]) == fewest]

    def round(self) -> int:
        return self.phases_done // 3

    # --- views ---------------------------------------------------------------------------------
    def hidden_from(self, seat: int | None) -> set[str]:
        """The deck, and the cards of the other hands that the seat has not seen there (all of
        a hand whose order it knows is seen); a spectator knows what was shown to everybody."""
        hidden = set(self.deck)
        for p in range(self.num_players):
            if p == seat:
                continue
            if seat is None:
                others = [o for o in range(self.num_players) if o != p]
                hidden.update(c for c in self.hands[p] if not all(c in self.known[o][p] for o in others))
            elif not self.order_known[seat][p]:
                hidden.update(c for c in self.hands[p] if c not in self.known[seat][p])
        return hidden

    def components(self) -> list[Any]:
        cards = [*self.deck, *self.discard, *self.table, *self.hero_pool]
        for p in range(self.num_players):
            cards += [*self.hands[p], *self.bank_cards[p], *self.heroes[p]]  # (used heroes stay with their owner)
        cards += [item["card"] for item in self.chain if "card" in item]  # declared, not yet resolved
        c = self.effect.get("card")
        if c and kind_types()[kind_of()[c]] == ABILITY and "want" not in self.effect:
            cards.append(c)  # an ability being carried out (an offered card stays in its hand)
        return cards

    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        hands = []
        for p in range(n):
            if p == seat:
                hands.append({"cards": list(self.hands[p]), "size": len(self.hands[p]), "known": []})
            else:
                known = sorted(self.known[seat][p]) if seat is not None else []
                exact = seat is not None and self.order_known[seat][p]
                hands.append({
                    "cards": list(self.hands[p]) if exact else None,
                    "size": len(self.hands[p]),
                    "known": known,
                })
        effect = {k: (list(v) if isinstance(v, list) else v) for k, v in self.effect.items()}
        if self.step == Step.ORDER and seat != self.effect.get("who"):
            effect.pop("left", None)
            effect.pop("placed", None)
        return {
            "game": self.game_id,
            "seat": seat,
            "players": n,
            "options": dict(self.options),
            "phase": self.phase,
            "last_dream": self.last_dream,
            "step": self.step,
            "decider": self.decider(),
            "turn": self.turn,
            "leader": self.leader,
            "wind_lead": self.wind_lead,
            "queue": list(self.queue),
            "prio": list(self.prio),
            "block_queue": list(self.block_queue),
            "chain": [self._chain_item_seen(c, seat) for c in self.chain],
            "effect": effect,
            "deck": len(self.deck),
            "discard": list(self.discard),
            "table": list(self.table),
            "hands": hands,
            "locked": list(self.locked),
            "banked": [list(b) for b in self.banked],
            "bank_cards": [list(b) for b in self.bank_cards],
            "banked_this_dream": list(self.banked_this_dream),
            "heroes": [list(h) for h in self.heroes],
            "used": list(self.used),
            "hero_pool": list(self.hero_pool),
            "hero_queue": list(self.hero_queue),
            "phases_done": self.phases_done,
            "match_round": self.match_round,
            "carried": list(self.carried),
            "window_id": self.window_id,
            "closing": self.closing,
            "scores": self._visible_scores(seat),
        }

    @staticmethod
    def _chain_item_seen(item: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """A declared item as ``seat`` sees it: a gift passes face down, so its card is known
        to the giver only (the receiver learns it when it arrives)."""
        action = item.get("action") or {}
        if item["kind"] == "action" and action.get("kind") == "gift" and seat != item["who"]:
            return {**item, "action": {**action, "card": None}}
        return dict(item)

    def _visible_scores(self, seat: int | None) -> list[dict[str, Any]]:
        """Scores as ``seat`` may see them: its own in full; of the others only what is public
        (banked sets, earlier rounds) -- their hands count as unknown (``None``) until the end."""
        out = []
        for p, score in enumerate(self.scores()):
            doc = score.to_json()
            if p != seat and self.phase != OVER:
                hidden = {"Noble animals in hand", "Corrupted animals in hand", "Ability cards in hand"}
                for part in doc["parts"]:
                    if part["label"] in hidden:
                        part["points"] = None
                doc["total"] = None
            out.append(doc)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "players": self.num_players,
            "options": self.options,
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
        }

    def reveals(self, action: Action) -> bool:
        if action.kind in ("arrange", "order"):
            return False
        if action.kind not in ("pass", "skip", "decline", "done", "bank"):
            return True
        after = self.clone()
        after.apply_unchecked(action)
        # a quiet "no" can still end a phase, and a new phase shows new cards
        return after.phase != self.phase or len(after.deck) != len(self.deck) or after.table != self.table

    def formality(self, hotseat: bool = False) -> bool:
        if hotseat and not self.options["quick_answers"]:
            return False
        legal = self.legal_actions()
        return len(legal) == 1 and legal[0].kind in ("pass", "decline", "done", "skip")

    def open_invitation(self) -> bool:
        # the quiet moments before others' turns; the one before one's own turn, the closing
        # one of a Dream (the last chance for an Orb of Time or a hero) and every block window
        # or exchange offer are always asked
        return self.step == Step.PRIO and not self.closing and bool(self.queue) and self.queue[0] != self.decider()

    def window(self, names: list[str] | None = None) -> tuple[str, int] | None:
        if self.step not in (Step.PRIO, Step.BLOCK, Step.ACCEPT) or self.options["quick_answers"]:
            return None
        if self.step == Step.PRIO and self.phase != DREAM:
            return None  # heroes are public: only their owners are asked, one by one
        return self._question(names or [f"Player {p + 1}" for p in range(self.num_players)]), self.window_id

    def window_order(self) -> list[int]:
        if self.step == Step.PRIO:
            return list(self.prio)
        if self.step == Step.BLOCK:
            return list(self.block_queue)
        if self.step == Step.ACCEPT:
            return list(self.effect["left"])
        return []

    def _question(self, names: list[str]) -> str:
        if self.step == Step.PRIO:
            if self.closing:
                end = "the game is scored" if self.last_dream else "the Dream ends"
                return f"Before {end}: does anyone play an ability card or a hero now?"
            return f"Before {names[self.queue[0]]}'s turn: does anyone play an ability card or a hero now?"
        if self.step == Step.BLOCK:
            top = self.chain[-1]
            who = names[top["who"]]
            if top["kind"] == "block":
                return f"{who} blocked it with an Apple of Life. Does anyone block the block?"
            if top["kind"] == "ability":
                return f"{who} plays {card(top['card']).name}. Does anyone block it?"
            a = Action.from_json(top["action"])  # (a steal, a gift or an exchange: the actions declared)
            if a.kind == "steal":
                what = f"a steal from {names[a['target']]}"
            elif a.kind == "gift":
                what = f"a gift to {names[a['to']]}"
            else:
                what = "an exchange"
            return f"{who} declares {what}. Does anyone block it?"
        e = self.effect
        return (f"{names[e['who']]} offers {card(e['card']).name} for a {kind_names()[e['want']]}. "
                "Does anyone accept?")

    # --- words for the banner ------------------------------------------------------------------
    def prompt(self) -> str:
        step = self.step
        limit = self._night_limit()
        return {
            Step.HERO: "choose your hero",
            Step.PRIO: "use an ability card or your hero now, or pass" if self.phase == DREAM
            else "use your hero now, or pass",
            Step.BLOCK: "block it with an Apple of Life, or let it pass",
            Step.PICK: "take a card from the table",
            Step.NIGHT_DISCARD: f"discard up to {limit} cards, then say done: you then take as many from the table",
            Step.NIGHT_TAKE: "take a card from the table for each card you discarded, or stop",
            Step.BONUS: "bank a complete set, or bank nothing",
            Step.ACTION: "steal, give a card, or offer an exchange",
            Step.FALLBACK: "nobody accepted: steal or give a card",
            Step.ACCEPT: "accept the exchange, or decline",
            Step.PARTNER: "several players accept: choose whom to exchange with",
            Step.STEAL_POS: "point at the card to steal",
            Step.RAVEN_POS: "point at a card to take",
            Step.DRUID_KEEP: "keep up to two of the cards, then say done",
            Step.ORDER: "put the cards in the order you choose",
            Step.WARRIOR: "discard or give up to three cards, then say done",
            Step.WIND: "discard up to two cards, then say done",
            Step.ROOT: "take a card from the discard pile",
        }.get(step, "wait")

    # --- the log -------------------------------------------------------------------------------
    def describe(self, action: Action, names: list[str]) -> str:
        from .describe import describe

        return describe(self, action, names)


def _distinct(cards: list[str]) -> list[str]:
    """One card per kind (copies are alike in play): the lowest id of each, whatever the order
    of the hand (so the choices do not depend on an order others may not know)."""
    first: dict[str, str] = {}
    for c in cards:
        k = kind_of()[c]
        first[k] = min(first.get(k, c), c)
    return sorted(first.values())


@cache
def _exchange_kinds(purist: bool) -> tuple[str, ...]:
    """What an exchange may ask for: any kind of card of the main deck."""
    return tuple(sorted({kind_of()[c] for c in main_deck(purist)}))


def new_state(players: int, options: dict[str, Any], seed: int) -> SpheresState:
    return SpheresState.new(players, options, seed)
