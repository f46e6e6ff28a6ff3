"""What a click means on the Spheres of Life table, without Qt: the half-made choice (a card of
the hand chosen first, the menu of one card's choices, the discard pile's list open), which cards
and players are lit, which buttons the prompt offers and what each click does -- read from the
view on show and the seat's legal actions alone.

The table (:mod:`.table`) owns one :class:`SpheresChoice`, hands it each click and draws what it
says; :mod:`.layout` asks it for the buttons and the marks.  A click's outcome is an
:class:`Answer`: an action to play, words for the status bar, or that the half-made choice changed
(the table draws it again).  The words on the buttons and in the status bar are :mod:`.words`'s."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from tabletop.engine.actions import Action

from .cards import card, kind_names, kind_types
from .steps import OVER, SETUP, Move, Step
from .words import (CANCEL, NOT_IN_CHOICE, OFFER_IN_EXCHANGE, POINT_ONLY_TO_STEAL, action_label, cannot_give, cannot_play_on,
                    cannot_steal, cannot_take, use_menu_label)

HAND_KINDS = (Move.GIFT, Move.EXCHANGE, Move.DISCARD, Move.LOSE, Move.SACRIFICE)  # choices about a card of the hand
DIRECT_KINDS = (Move.DISCARD, Move.SACRIFICE)  # a click on the card of the hand does it at once
OPEN_KINDS = (Move.PICK, Move.HERO)  # a click on an open card (or a hero to choose) does it at once


def heroes_to_choose(view: dict[str, Any] | None) -> list[str]:
    """In the set-up, the heroes still to choose, one of each kind (they lie where the seat's
    hand will be; a click on one chooses it)."""
    if view is None or view["phase"] != SETUP:
        return []
    kinds: dict[str, str] = {}
    for h in view["hero_pool"]:
        kinds.setdefault(card(h).kind, h)
    return list(kinds.values())


@dataclass(frozen=True)
class Answer:
    """What a click comes to: an action to ``play``, words to ``say`` on the status bar, the
    half-made choice ``changed`` (draw it again) -- or, all empty, nothing."""

    play: Action | None = None
    say: str = ""
    changed: bool = False


NOTHING = Answer()
CHANGED = Answer(changed=True)


class Seen(Protocol):
    """What the choice reads of the table: the view on show, the seat's legal actions, the
    players' names."""

    view: dict[str, Any] | None
    legal: list[Action]

    @property
    def seat(self) -> int | None: ...

    def name(self, p: int) -> str: ...

    def addressed(self, p: int | None) -> bool: ...


class SpheresChoice:
    """The half-made choice on a Spheres of Life table and what each click means.

    ``selected``: a card of the hand chosen first (its buttons show what to do with it);
    ``menu``: ``(kind, card)``, the choices of one card on show (an exchange's kinds, a card's
    targets); ``discard_open``: the list of the discard pile is open."""

    def __init__(self, seen: Seen) -> None:
        self.seen = seen
        self.selected: str | None = None
        self.menu: tuple[str, str] | None = None
        self.discard_open = False

    # --- the half-made choice -----------------------------------------------------------------
    def selection(self) -> tuple[Any, ...]:
        return (self.selected, self.menu, self.discard_open)

    def clear(self) -> None:
        self.selected, self.menu, self.discard_open = None, None, False

    @property
    def busy(self) -> bool:
        """A choice is half made (a card chosen, a menu open): nothing else is lit."""
        return self.selected is not None or self.menu is not None

    # --- reading the view ---------------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any]:
        return self.seen.view

    @property
    def legal(self) -> list[Action]:
        return self.seen.legal

    def names(self) -> list[str]:
        return [self.seen.name(p) for p in range(self.view["players"])]

    def my_cards(self) -> list[str]:
        """The seat's hand as the view shows it ([] for a spectator)."""
        if self.view is None or self.seen.seat is None:
            return []
        return list(self.view["hands"][self.seen.seat]["cards"] or [])

    def same(self, card_id: str | None, kinds: tuple[str, ...]) -> str | None:
        """The card of a legal action of one of ``kinds`` that is a copy of ``card_id`` (copies
        are alike in play, and the rules name one of them)."""
        if card_id is None:
            return None
        if any(a.kind in kinds and a.get("card") == card_id for a in self.legal):
            return card_id
        kind = card(card_id).kind
        for a in self.legal:
            if a.kind in kinds and isinstance(a.get("card"), str) and card(a["card"]).kind == kind:
                return a["card"]
        return None

    def hand_choosable(self, card_id: str | None) -> bool:
        """A card of the hand is part of a choice now."""
        return self.same(card_id, HAND_KINDS) is not None

    def open_action(self, card_id: str | None) -> Action | None:
        """What a click on an open card (or a hero to choose) plays, if anything."""
        same = self.same(card_id, OPEN_KINDS)
        if same is None:
            return None
        for kind in OPEN_KINDS:
            a = Action.make(kind, card=same)
            if a in self.legal:
                return a
        return None

    def may_arrange(self) -> bool:
        """The seated player may rearrange their hand at any moment of play, unless its order is
        locked or another player holds it (pointing at a card, or a Druid or Mirror at work)."""
        v, seat = self.view, self.seen.seat
        if not v or not self.seen.addressed(seat) or v["phase"] == OVER or v["locked"][seat]:
            return False
        held = v["step"] in (Step.STEAL_POS, Step.RAVEN_POS, Step.DRUID_KEEP, Step.ORDER) and v["effect"].get("target") == seat
        return not held

    # --- the marks ----------------------------------------------------------------------------
    def hand_lit(self, card_id: str | None) -> bool:
        return self.hand_choosable(card_id) and not self.busy

    def hand_marked(self, card_id: str | None) -> bool:
        """The card of the hand the half-made choice is about."""
        return card_id == self.selected or (self.menu is not None and self.menu == (Move.EXCHANGE, card_id))

    def open_lit(self, card_id: str | None) -> bool:
        return self.open_action(card_id) is not None and not self.busy

    def lit_players(self) -> set[int]:
        """The players a click on whose panel does something now: the targets of a card chosen
        or of a card's menu, else those one may steal from."""
        if self.selected is not None:  # a card chosen: the players it may be given to
            return {a.get("to") for a in self.legal if a.kind == Move.GIFT and a.get("card") == self.selected}
        if self.menu is not None and self.menu[0] == Move.USE:
            return {a.get("target") for a in self.legal if a.kind == Move.USE and a.get("card") == self.menu[1]}
        return {a.get("target") for a in self.legal if a.kind == Move.STEAL} if not self.busy else set()

    def back_lit(self, p: int, i: int) -> bool:
        """The ``i``-th back of player ``p``'s hand may be pointed at (a steal, a raid)."""
        target = self.view["effect"].get("target") if self.legal else None
        return p == target and any(a.kind == Move.POSITION and a["index"] == i for a in self.legal)

    # --- the prompt ---------------------------------------------------------------------------
    def buttons(self, laid: Any = ()) -> list[tuple[str, Action | None, str]]:
        """The prompt's buttons: (text, action -- or None for a menu or cancel --, kind).  Choices
        about a card of the hand come after clicking that card; a card or hero with several
        targets opens a small menu of them; an open card ``laid`` on the table is clicked itself."""
        names = self.names()
        v = self.view
        out: list[tuple[str, Action | None, str]] = []
        if self.menu is not None:
            kind, cid = self.menu
            acts = [a for a in self.legal if a.kind == kind and a.get("card") == cid]
            if kind == Move.EXCHANGE:  # noble kinds first, then corrupted, then abilities
                order = {"noble": 0, "corrupted": 1, "ability": 2}
                acts.sort(key=lambda a: (order.get(kind_types()[a["want"]], 3), kind_names()[a["want"]]))
            out += [(action_label(a, names, v), a, "choice") for a in acts]
            out.append((CANCEL, None, "cancel"))
            return out
        if self.selected:
            mine = [a for a in self.legal if a.kind in HAND_KINDS and a.get("card") == self.selected]
            out += [(action_label(a, names, v), a, "choice") for a in mine if a.kind != Move.EXCHANGE]
            if any(a.kind == Move.EXCHANGE for a in mine):
                out.append((OFFER_IN_EXCHANGE, None, "menu:exchange"))
            out.append((CANCEL, None, "cancel"))
            return out
        groups: dict[tuple[str, Any], list[Action]] = {}
        heroes = heroes_to_choose(v)
        for a in self.legal:
            if a.kind in OPEN_KINDS and (a["card"] in laid or a["card"] in heroes):
                continue  # the card itself is clicked
            if a.kind not in HAND_KINDS or a.get("card") not in self.my_cards():  # (a hero added in the Dawn)
                groups.setdefault((a.kind, a.get("card") if a.kind == Move.USE else id(a)), []).append(a)
        for (kind, cid), acts in groups.items():
            if kind == Move.USE and len(acts) > 1:
                out.append((use_menu_label(cid), None, f"menu:use:{cid}"))
            else:
                out += [(action_label(a, names, v), a, "choice") for a in acts]
        return out

    def prepare(self, action: Action, on_show: bool) -> bool:
        """Make ready to show ``action`` as the hint (``on_show``: its button is on show now):
        open its card's menu, or choose its card of the hand.  Returns whether the choice changed."""
        if action.kind == Move.EXCHANGE:
            self.menu = (Move.EXCHANGE, action["card"])
        elif action.kind in HAND_KINDS and action.get("card") in self.my_cards():
            self.selected = action["card"]
        elif action.kind == Move.USE and not on_show:
            self.menu = (Move.USE, action["card"])
        else:
            return False
        return True

    # --- clicks -------------------------------------------------------------------------------
    def click_discard(self) -> Answer:
        """The discard pile: its list opens, or closes."""
        self.discard_open = not self.discard_open
        return CHANGED

    def close_discard(self) -> Answer:
        """A click anywhere while the discard pile's list is open (but on its Close button): the
        list closes, and the click does nothing else."""
        if not self.discard_open:
            return NOTHING
        self.discard_open = False
        return CHANGED

    def press_menu(self, kind: str) -> Answer:
        """A button that opens a menu: ``menu:exchange`` (the card chosen, offered in exchange)
        or ``menu:use:<card>`` (the targets of a card or hero)."""
        rest = kind[len("menu:"):]
        self.menu = (Move.EXCHANGE, self.selected) if rest == "exchange" else (Move.USE, rest.split(":", 1)[1])
        self.selected = None
        return CHANGED

    def click_hand(self, card_id: str) -> Answer:
        """A card of the seat's hand: played at once (a discard, a sacrifice), else chosen (or
        unchosen) so that the buttons say what to do with it."""
        if not self.hand_choosable(card_id):
            return Answer(say=NOT_IN_CHOICE)
        same = self.same(card_id, HAND_KINDS)
        for kind in DIRECT_KINDS:
            direct = Action.make(kind, card=same)
            if direct in self.legal:
                return Answer(play=direct)
        self.selected = None if self.selected == same else same
        self.menu = None
        return CHANGED

    def click_open(self, card_id: str) -> Answer:
        """An open card of the table (or a hero to choose)."""
        a = self.open_action(card_id)
        if a is not None:
            return Answer(play=a)
        return Answer(say=cannot_take(self.view["phase"]))

    def click_back(self, p: int, i: int) -> Answer:
        """The ``i``-th back of player ``p``'s hand."""
        a = Action.make(Move.POSITION, index=i)
        if a in self.legal and self.view["effect"].get("target") == p:
            return Answer(play=a)
        return Answer(say=POINT_ONLY_TO_STEAL)

    def click_player(self, p: int) -> Answer:
        """A player's panel: the target of the card whose menu is open, the player to give the
        card chosen to, or the player to steal from."""
        name = self.seen.name
        if self.menu is not None and self.menu[0] == Move.USE:
            for a in self.legal:
                if a.kind == Move.USE and a.get("card") == self.menu[1] and a.get("target") == p:
                    return Answer(play=a)
            return Answer(say=cannot_play_on(self.menu[1], name(p)))
        if self.selected:
            for a in self.legal:
                if a.kind in (Move.GIFT, Move.LOSE) and a.get("card") == self.selected and a.get("to") == p:
                    return Answer(play=a)
            return Answer(say=cannot_give(self.selected, name(p)))
        a = Action.make(Move.STEAL, target=p)
        if a in self.legal:
            return Answer(play=a)
        if p != self.seen.seat:
            return Answer(say=cannot_steal(name(p), self.view["phase"]))
        return NOTHING
