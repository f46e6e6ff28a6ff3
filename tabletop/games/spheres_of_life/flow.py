"""Spheres of Life: the turn flow -- whose decision it is, what may be answered, and what an
answer does, step by step; the quiet moments, the turns and the phases; the declared items and
their block windows; the Dream's actions.

:meth:`TurnFlow.apply_unchecked` is a dispatch: each step has one handler here (the ``_on_*``
methods in :data:`STEP_MOVES`), or belongs to the effect of the ability or hero being carried out
(effects.py), which answers for its own steps.  No card is named here: what a card does is its
effect's business, and lasting effects are consulted at the points named in effects.Point.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.engine.actions import Action
from tabletop.engine.game import IllegalAction

from .cards import (
    ABILITY, CORRUPTED, DAWN, GODLY_ABILITIES, GODLY_HEROES, NOBLE, card, distinct, every_card, kind_of, kind_types, main_deck,
    mythical_species,
)
from .dawn import DawnPhase
from .effects import FIELD_SIZE, LASTING, Point, blocking_cards, effect_of, effect_steps
from .steps import DAY, DECLINE, DONE, DREAM, NIGHT, OVER, PASS, SKIP, Declared, Move, Step, act

SET = 3  # copies of one animal that make a set to bank

# the steps of an action whose decider is the one carrying it out
_ACTION_DECIDES = frozenset((Step.STEAL_POS, Step.FALLBACK, Step.PARTNER))


class TurnFlow:
    """The turn flow of :class:`~.rules.SpheresState` (its fields are set in state.py)."""

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
        for h in self.heroes[p]:  # (heroes: any phase, once a game)
            if h not in self.used:
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
        legal = _STEP_LEGAL.get(step)
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

    def _legal_bonus(self) -> list[Action]:
        return self._bonus_actions(self.queue[0]) + [SKIP]

    def _bonus_actions(self, p: int) -> list[Action]:
        """The Dream's bonus actions ``p`` may take now: bank a set (one a Dream), put a Prolonged
        card in the Field (one a Dream, two in a Field at most)."""
        out = [act(Move.BANK, species=k) for k in self._bankable(p)]
        if GODLY_ABILITIES in self.parts and p not in self.activated_this_dream and len(self.fields[p]) < FIELD_SIZE:
            out += [act(Move.ACTIVATE, card=c) for c in distinct(self.hands[p]) if every_card()[c].prolonged]
        return out

    def _legal_action(self) -> list[Action]:
        return self._actions(self.queue[0])

    def _legal_fallback(self) -> list[Action]:
        return self._actions(self.effect["who"], exchange=False)

    def _legal_block(self) -> list[Action]:
        blockers = blocking_cards()
        apples = [c for c in self.hands[self.block_queue[0]] if c in blockers]
        return ([act(Move.BLOCK, card=min(apples))] if apples else []) + [PASS]

    def _legal_accept(self) -> list[Action]:
        p = self.effect["left"][0]
        copies = [c for c in self.hands[p] if kind_of()[c] == self.effect["want"]]
        return [act(Move.ACCEPT, card=min(copies)), DECLINE] if copies else [DECLINE]

    def _legal_partner(self) -> list[Action]:
        return [act(Move.PARTNER, seat=o) for o, _ in self.effect["accepted"]]

    def _legal_steal_pos(self) -> list[Action]:
        return [act(Move.POSITION, index=i) for i in range(len(self.hands[self.effect["target"]]))]

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
        return LASTING.consult(Point.DISCARD_PICKS, 0, self.lasting, p) if self.lasting else 0

    def _may_play(self, p: int) -> bool:
        """Whether ``p`` may play an ability card at this quiet moment (a Seal of Silence may say not)."""
        return not self.lasting or LASTING.consult(Point.MAY_PLAY, True, self.lasting, p, self.turn)

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
        out = [act(Move.STEAL, target=q) for q in range(n) if q != p and self.hands[q] and self._stealable(p, q)]
        mine = distinct(self.hands[p])
        for c in mine:
            out += [act(Move.GIFT, card=c, to=q) for q in range(n) if q != p]
        if exchange and mine:
            kinds = _exchange_kinds(self.purist, self.parts)
            for c in mine:
                own = kind_of()[c]
                out += [act(Move.EXCHANGE, card=c, want=k) for k in kinds if k != own]
        return out

    # --- applying -------------------------------------------------------------------------
    def free_action_problem(self, action: Action) -> str | None:
        if action.kind == Move.ARRANGE:
            return self._arrange_problem(action)
        return self.explain_illegal(action)

    def apply_unchecked(self, action: Action) -> None:
        self.dawn_news = []
        self.dawn_counted = None
        if action.kind == Move.ARRANGE:
            self._arrange(action)
            return
        handler = STEP_MOVES.get(self.step)
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

    def _legal_discard_pick(self) -> list[Action]:
        return [DONE] + [act(Move.TAKE, card=c) for c in distinct(self.discard)]

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

    def _on_bonus(self, action: Action) -> None:
        p = self.queue[0]
        if action.kind == Move.BANK:
            k = action["species"]
            for c in [c for c in self.hands[p] if kind_of()[c] == k][:SET]:
                self._from_hand(p, c)
                self.bank_cards[p].append(c)
            self.banked[p].append(k)
            self.banked_this_dream.append(p)
            if k in mythical_species():  # a Mythical set: its bonus for the rest of the game
                self._add_lasting(p, k, card(f"{k}1"))
            if self._bonus_actions(p):  # (the other bonus action is still to come)
                return
        elif action.kind == Move.ACTIVATE:
            self._to_field(p, action["card"])
            self.activated_this_dream.append(p)
            if self._bonus_actions(p):
                return
        self.step = Step.ACTION
        if not self.legal_actions():  # nobody holds a card: the action is skipped
            self._next_turn()

    def _on_action(self, action: Action) -> None:
        self._declare({"kind": Declared.ACTION, "who": self.queue[0], "action": action.to_json()})

    def _on_fallback(self, action: Action) -> None:
        self._resolve_action(self.effect["who"], action)

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

    def _on_accept(self, action: Action) -> None:
        p = self.effect["left"].pop(0)
        if action.kind == Move.ACCEPT and self.options["exchange"] == "first":
            self._swap(p, action["card"])
            return
        if action.kind == Move.ACCEPT:
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

    def _on_partner(self, action: Action) -> None:
        o = action["seat"]
        self._swap(o, next(c for q, c in self.effect["accepted"] if q == o))

    def _on_steal_pos(self, action: Action) -> None:
        thief, victim = self.effect["who"], self.effect["target"]
        c = self.hands[victim][action["index"]]
        self._from_hand(victim, c, seen_by=(thief,))
        self._to_hand(thief, c, seen_by=(victim,))
        self._finish_action()

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
            self.step = Step.BONUS if self._bonus_actions(p) else Step.ACTION
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
            if self.match_round < self.options["rounds"]:
                self._next_match_round()
                return
            self.phase = OVER
            self.step = Step.OVER
            return
        if self.dawn_aside:  # a Dawn card came up: the Dawn Phase, before the phase cards pass on
            self._start_dawn(forced, by)
            return
        self._after_phase(forced, by)

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

    # --- using heroes and abilities ------------------------------------------------------------
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
            self._resolve_action(base["who"], Action.from_json(base["action"]))

    def _resolve_action(self, p: int, action: Action) -> None:
        kind = action.kind
        if kind in (Move.GIFT, Move.EXCHANGE) and action["card"] not in self.hands[p]:
            # the card was spent meanwhile (an Apple used to block a block): the action is lost
            self._finish_action()
            return
        if kind == Move.STEAL:
            target = action["target"]
            if not self.hands[target]:
                self._finish_action()
                return
            self.effect = {"who": p, "target": target}
            self.step = Step.STEAL_POS
        elif kind == Move.GIFT:
            c, to = action["card"], action["to"]
            self._from_hand(p, c, seen_by=(to,))
            self._to_hand(to, c, seen_by=(p,))
            self._finish_action()
        elif kind == Move.EXCHANGE:
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


_STEP_LEGAL = {
    Step.HERO: TurnFlow._legal_hero,
    Step.PRIO: TurnFlow._legal_prio,
    Step.PICK: TurnFlow._legal_pick,
    Step.NIGHT_DISCARD: TurnFlow._legal_night_discard,
    Step.NIGHT_TAKE: TurnFlow._legal_night_take,
    Step.BONUS: TurnFlow._legal_bonus,
    Step.ACTION: TurnFlow._legal_action,
    Step.FALLBACK: TurnFlow._legal_fallback,
    Step.BLOCK: TurnFlow._legal_block,
    Step.ACCEPT: TurnFlow._legal_accept,
    Step.PARTNER: TurnFlow._legal_partner,
    Step.STEAL_POS: TurnFlow._legal_steal_pos,
    Step.DISCARD_PICK: TurnFlow._legal_discard_pick,
    Step.SACRIFICE: DawnPhase._legal_sacrifice,
    Step.DAWN_HERO: DawnPhase._legal_dawn_hero,
}

# what an answer does at each step of the turn flow (the effects' own steps are theirs)
STEP_MOVES = {
    Step.HERO: TurnFlow._on_hero,
    Step.PRIO: TurnFlow._on_prio,
    Step.PICK: TurnFlow._on_pick,
    Step.NIGHT_DISCARD: TurnFlow._on_night_discard,
    Step.NIGHT_TAKE: TurnFlow._on_night_take,
    Step.BONUS: TurnFlow._on_bonus,
    Step.ACTION: TurnFlow._on_action,
    Step.FALLBACK: TurnFlow._on_fallback,
    Step.BLOCK: TurnFlow._on_block,
    Step.ACCEPT: TurnFlow._on_accept,
    Step.PARTNER: TurnFlow._on_partner,
    Step.STEAL_POS: TurnFlow._on_steal_pos,
    Step.DISCARD_PICK: TurnFlow._on_discard_pick,
    Step.SACRIFICE: DawnPhase._on_sacrifice,
    Step.DAWN_HERO: DawnPhase._on_dawn_hero,
}


@cache
def _exchange_kinds(purist: bool, parts: tuple[str, ...]) -> tuple[str, ...]:
    """What an exchange may ask for: any kind of card of the main deck (never a Dawn card)."""
    return tuple(sorted({kind_of()[c] for c in main_deck(purist, parts) if kind_types()[kind_of()[c]] != DAWN}))
