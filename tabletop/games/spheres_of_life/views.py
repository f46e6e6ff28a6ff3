"""Spheres of Life: what each seat sees -- the view, the hidden cards, the open questions put to
everybody at once, the banner's words and the log's sentences."""

from __future__ import annotations

from typing import Any

from tabletop.engine.actions import Action

from .cards import ABILITY, DAWN_PHASE, GODLY_ABILITIES, card, kind_names, kind_of, kind_types
from .describe import quiet_words
from .effects import CORRUPTED_IN_HAND
from .steps import DREAM, OVER, Declared, Move, Step


class Views:
    """The views and words of :class:`~.rules.SpheresState`."""

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
            if self.step == Step.SACRIFICE:  # (laid face down, shown together)
                hidden.update(self.sacrificed[p])
        return hidden

    def components(self) -> list[Any]:
        cards = [*self.deck, *self.discard, *self.table, *self.hero_pool, *self.dawn_aside, *self.dawn_out]
        for p in range(self.num_players):
            cards += [*self.hands[p], *self.bank_cards[p], *self.heroes[p], *self.fields[p], *self.sacrificed[p]]
            # (used heroes, sacrificed ones too, stay with their owner)
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
            "game_began": self.game_began,
            "match_round": self.match_round,
            "carried": list(self.carried),
            "window_id": self.window_id,
            "closing": self.closing,
            "scores": self._visible_scores(seat),
            **({"lasting": [dict(r) for r in self.lasting]} if self.lasting else {}),  # (public)
            **({"fields": [list(f) for f in self.fields], "activated_this_dream": list(self.activated_this_dream),
                "discard_picked": list(self.discard_picked)} if GODLY_ABILITIES in self.parts else {}),
            **({"dawn": self._dawn_view(seat)} if DAWN_PHASE in self.parts else {}),
        }

    @staticmethod
    def _chain_item_seen(item: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """A declared item as ``seat`` sees it: a gift passes face down, so its card is known
        to the giver only (the receiver learns it when it arrives)."""
        action = item.get("action") or {}
        if item["kind"] == Declared.ACTION and action.get("kind") == Move.GIFT and seat != item["who"]:
            return {**item, "action": {**action, "card": None}}
        return dict(item)

    def _visible_scores(self, seat: int | None) -> list[dict[str, Any]]:
        """Scores as ``seat`` may see them: its own in full; of the others only what is public
        (banked sets, earlier rounds) -- their hands count as unknown (``None``) until the end."""
        out = []
        for p, score in enumerate(self.scores()):
            doc = score.to_json()
            if p != seat and self.phase != OVER:
                hidden = ("Noble animals in hand", CORRUPTED_IN_HAND, "Ability cards in hand")
                for part in doc["parts"]:
                    if part["label"].startswith(hidden):  # (and what a lasting effect makes of them)
                        part["points"] = None
                doc["total"] = None
            out.append(doc)
        return out

    def shown_between(self, after: Any) -> set[int]:
        """Who a move shows a card they could not know (``State.shown_to``).  Besides the cards
        that leave a seat's hidden set: a sacrifice is final for everybody (laid face down, all
        turned up together), and the game's end shows everybody the scores of all hands."""
        if self.step == Step.SACRIFICE or after.phase == OVER:
            return set(range(self.num_players))
        return super().shown_between(after)

    def quiet_key(self, action: Action) -> str | None:
        """A "no" at a block window ("block"), at a quiet moment ("now"), or to banking ("bank")."""
        if action.kind == Move.PASS:
            return "block" if self.step == Step.BLOCK else "now"
        return "bank" if action.kind == Move.SKIP else None

    def quiet_words(self, key: str, seats: list[int], names: list[str]) -> str:
        return quiet_words(key, seats, names, self.num_players)

    def formality(self, hotseat: bool = False) -> bool:
        if hotseat and not self.options["quick_answers"]:
            return False
        legal = self.legal_actions()
        return len(legal) == 1 and legal[0].kind in (Move.PASS, Move.DECLINE, Move.DONE, Move.SKIP)

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

    def no_answer(self) -> Action | None:
        return next((a for a in self.legal_actions() if a.kind in (Move.PASS, Move.DECLINE, Move.SKIP)), None)

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
            if top["kind"] == Declared.BLOCK:
                return f"{who} blocked it with an Apple of Life. Does anyone block the block?"
            if top["kind"] == Declared.ABILITY:
                return f"{who} plays {card(top['card']).name}. Does anyone block it?"
            a = Action.from_json(top["action"])  # (a steal, a gift or an exchange: the actions declared)
            if a.kind == Move.STEAL:
                what = f"a steal from {names[a['target']]}"
            elif a.kind == Move.GIFT:
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
        if step == Step.SACRIFICE:
            return (f"the Dawn: lay up to five cards face down (you have laid {len(self.sacrificed[self.queue[0]])}), "
                    "then say done; at 10 points or more together the game ends")
        if step == Step.DAWN_HERO:
            return f"the sacrifice is worth {self.dawn_total}: add an unused hero for 5 more, or pass"
        if step == Step.NIGHT_DISCARD:
            limit = self._night_limit(self.queue[0])
            return f"discard up to {limit} cards, then say done: you then take as many from the table"
        return {
            Step.HERO: "choose your hero",
            Step.PRIO: "use an ability card or your hero now, or pass" if self.phase == DREAM
            else "use your hero now, or pass",
            Step.BLOCK: "block it with an Apple of Life, or let it pass",
            Step.PICK: "take a card from the table",
            Step.NIGHT_TAKE: "take a card from the table for each card you discarded, or stop",
            Step.BONUS: "bank a complete set, or bank nothing" if GODLY_ABILITIES not in self.parts
            else "bank a complete set or put a Prolonged card in your Field, or do neither",
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
            Step.TRIBUTE: "give a card of your choice to the Goddess of Mercy's owner",
            Step.DISCARD_PICK: "take a card from the discard pile (Orb of Hades), or stop",
        }.get(step, "wait")

    # --- the log -------------------------------------------------------------------------------
    def describe(self, action: Action, names: list[str]) -> str:
        from .describe import describe

        return describe(self, action, names)

    def result_note(self, names: list[str]) -> str:
        """(Gods & Myths) A game the Dawn ended says so on the end screen."""
        if self.dawn_ended and self.phase == OVER:
            return f"The Dawn ended the game early: the sacrifices were worth {self.dawn_total}."
        return ""

    def aftermath(self, names: list[str]) -> str:
        """A Dawn card that came up is shown to everybody at once; so are the Dawn's sacrifices,
        with what they are worth."""
        if self.dawn_counted is not None:
            cards = ", ".join(card(c).name for c in self.dawn_counted) or "nothing"
            worth = f"The sacrifices are shown ({cards}): worth {self.dawn_total}."
            if self.dawn_total >= 10:
                return f"{worth} That is 10 or more: the game ends."
            if self.step == Step.DAWN_HERO:
                return f"{worth} Below 10: each may add an unused hero for 5 more."
            return f"{worth} Below 10, and nobody has a hero left to add: the game goes on."
        if not self.dawn_news:
            return ""
        if self.dawn_aside and self.dawn_aside[-1] in self.dawn_news:
            return "A Dawn card comes up: the Dawn Phase follows this phase."
        if self.last_dream:
            return "A Dawn card comes up: in the Last Dream it is left out."
        return "A Dawn card comes up and goes back into the deck (no Dawn now)."
