"""The choosing on the shogun table, without Qt: the half-made choice -- a square chosen to sow,
ordaining (and the square to ordain), a stone picked from the tray or from the hand -- the places
it lights, the prompt's buttons and tray, and what a click on a place, a stone or an arrow means,
given the view on show and the seat's legal actions.  It decides what is offered; the words of
its buttons and sentences are :mod:`.words`'.

The table (:mod:`.table`) offers it each view with its legal actions (none while the seat does
not decide, or moves are being played), asks it, and draws; a click's answer is a
:class:`Reply`: an action to play, the choice to draw again, a sentence for the status bar."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.actions import Action

from .steps import Move, Step
from .stones import CODE, squares, step
from .words import (BUTTONS, BUTTONS_DECIDE, DROP_HOW, NEXT_TAG, ORDAIN_TAG, ORDAIN_WHERE, PLACE_WHERE, REFILL_WHERE,
                    SOW_WHERE, SQUARE_FIRST, STONE_FIRST, ability_tag, cannot_go, cannot_sow, capture_stones, is_classic,
                    picked_words, square_chosen, square_empty, take_button)

# a prompt's button: its text, the action it plays (None: a step of the table's own -- "ordain",
# "plain_rest", "cancel", by its kind), its kind, its tooltip
Button = tuple[str, Action | None, str, str]
# what a stone of the tray or hand picks from, at each step: the kind of action and its field
PICKS = {Step.SETUP: Move.PLACE, Step.REFILL: Move.REFILL, Step.DROP: Move.DROP}


def button(words: str, action: Action | None, kind: str = "choice") -> Button:
    """A prompt's button with its words and tooltip (:data:`.words.BUTTONS`, by ``words``)."""
    text, tip = BUTTONS[words]
    return text, action, kind, tip


@dataclass(frozen=True)
class Reply:
    """What a click comes to: ``action`` to play (the table emits it), the half-made choice
    changed (``redraw``), ``status`` for the status bar (``None``: nothing said)."""

    action: Action | None = None
    redraw: bool = False
    status: str | None = None


class Choosing:
    """The half-made choice on a shogun table and what the clicks mean."""

    def __init__(self) -> None:
        self.view: dict[str, Any] | None = None
        self.legal: list[Action] = []
        self.legal_set: set[Action] = set()
        self.plainly = False  # "Sow the rest plainly": each drop of this sowing is the plain one
        self.clear()

    def offer(self, view: dict[str, Any] | None, legal: list[Action]) -> None:
        """The view on show and what the seat may do now (nothing: it does not decide)."""
        self.view = view
        self.legal = list(legal)
        self.legal_set = set(self.legal)

    def clear(self) -> None:
        """Forget the half-made choice ("Sow the rest plainly" stands)."""
        self.selected_square: int | None = None  # a turn: the square to sow
        self.picked: str | None = None  # set-up, refill, sowing: the stone kind chosen
        self.ordaining = False
        self.ordain_square: int | None = None

    # --- what is on offer ----------------------------------------------------------------------
    @property
    def deciding(self) -> bool:
        return bool(self.legal)

    @property
    def step(self) -> str | None:
        return self.view["step"] if self.view else None

    @property
    def classic(self) -> bool:
        return is_classic(self.view)

    def selection(self) -> tuple[Any, ...]:
        return (self.selected_square, self.picked, self.ordaining, self.ordain_square)

    def may_cancel(self) -> bool:
        """Whether there is a choice to cancel (a stone chosen because it is the only kind is none)."""
        return self.selected_square is not None or self.ordaining or (
            self.picked is not None and len(self.pickable_kinds()) > 1)

    def pickable_kinds(self) -> list[str]:
        """The kinds of stone the tray or the hand offers now, in the stones' order."""
        kind = PICKS.get(self.step)
        if kind is None:
            return []
        return sorted({a["stone"] for a in self.legal if a.kind == kind}, key=lambda k: CODE[k])

    def auto_pick(self) -> None:
        """A tray with one kind to choose from needs no click: that kind is chosen."""
        if not self.deciding:
            return
        kinds = self.pickable_kinds()
        if len(kinds) == 1 and self.step in PICKS:
            self.picked = kinds[0]

    def is_ability(self, a: Action) -> bool:
        """Whether the drop ``a`` uses the stone's ability (it turns round, or skips the next place)."""
        v = self.view
        return bool(a.get("turn")) or a["to"] != step(v["pos"], v["direction"])

    def plain_drop(self) -> Action | None:
        """The drop of the next stone to the next place, without an ability: a peasant when there
        is one, else a stone whose ability is not on offer, else any."""
        if self.view is None or self.view.get("step") != Step.DROP:
            return None
        normal = step(self.view["pos"], self.view["direction"])
        options = [a for a in self.legal if a.kind == Move.DROP and a["to"] == normal and not a.get("turn")]
        able = {a["stone"] for a in self.legal if a.kind == Move.DROP and self.is_ability(a)}
        return min(options, key=lambda a: (a["stone"] != "peasant", a["stone"] in able, CODE[a["stone"]]), default=None)

    # --- what it lights ----------------------------------------------------------------------------
    def lit(self) -> dict[int, tuple[str, str]]:
        """The places lit now: place -> ("plain" or "ability", the tag written on it)."""
        if not self.deciding:
            return {}
        step_ = self.step
        lit: dict[int, tuple[str, str]] = {}
        if step_ == Step.TURN:
            if self.ordaining and self.ordain_square is not None:
                lit[self.ordain_square] = ("plain", ORDAIN_TAG)
            else:
                kind = Move.ORDAIN if self.ordaining else Move.SOW
                lit = {a["square"]: ("plain", "") for a in self.legal if a.kind == kind}
        elif step_ in (Step.SETUP, Step.REFILL) and self.picked is not None:
            lit = {a["square"]: ("plain", "") for a in self.legal
                   if a.kind == PICKS[step_] and a["stone"] == self.picked}
        elif step_ == Step.DROP and self.picked is not None:
            for a in self.legal:
                if a.kind != Move.DROP or a["stone"] != self.picked or a.get("turn"):
                    continue
                if self.is_ability(a):
                    lit[a["to"]] = ("ability", ability_tag(self.picked))
                else:
                    lit.setdefault(a["to"], ("plain", NEXT_TAG))
        elif step_ == Step.DROP:
            plain = self.plain_drop()  # one click on the next place drops the next stone plainly
            if plain is not None:
                lit[plain["to"]] = ("plain", NEXT_TAG)
        return lit

    def arrows(self) -> list[int]:
        """The ways (-1 clockwise, 1 counter-clockwise) the chosen square may be sown."""
        sq = self.selected_square  # (none while ordaining; sowing is legal only in a turn)
        if sq is None:
            return []
        return [d for d in (-1, 1) if Action.make(Move.SOW, square=sq, dir=d) in self.legal_set]

    def turn_round(self) -> Action | None:
        """The picked Samurai's drop that turns the sowing round, when it is on offer."""
        if self.step != Step.DROP or self.picked != "samurai":
            return None
        return next((a for a in self.legal if a.kind == Move.DROP and a["stone"] == "samurai" and a.get("turn")), None)

    def prompt_choices(self) -> tuple[list[Button], list[tuple[str, int]]]:
        """The prompt's buttons and its tray (stone kind, how many), when the seat decides."""
        v = self.view
        step_ = v["step"]
        buttons: list[Button] = []
        tray: list[tuple[str, int]] = []
        if step_ == Step.SETUP:
            tray = [(k, 1) for k in self.pickable_kinds()]
        elif step_ == Step.REFILL:
            tray = [(k, v["stores"][v.get("seat")].count(k)) for k in self.pickable_kinds()]
        elif step_ == Step.TURN:
            if self.ordaining:
                if self.ordain_square is not None:
                    kinds = sorted({a["stone"] for a in self.legal if a.kind == Move.ORDAIN and a["square"] == self.ordain_square},
                                   key=lambda k: CODE[k])
                    tray = [(k, v["stores"][v.get("seat")].count(k)) for k in kinds]
                buttons.append(button("cancel_ordaining", None, "cancel"))
            elif self.selected_square is not None:
                buttons.append(button("cancel_square", None, "cancel"))
            elif any(a.kind == Move.ORDAIN for a in self.legal):
                buttons.append(button("ordain", None, Move.ORDAIN))
        if step_ == Step.DROP and len(v["hand"]) > 1:
            buttons.append(button("plain_rest", None, "plain_rest"))
        if step_ == Step.CAPTURE:
            text, tip = take_button(capture_stones(v), is_classic(v))
            buttons += [button(Move.LEAVE, Action.make(Move.LEAVE)), (text, Action.make(Move.TAKE), "choice", tip)]
        if step_ in PICKS and self.picked is not None and len(self.pickable_kinds()) > 1:
            buttons.append(button("another_stone", None, "cancel"))
        return buttons, tray

    # --- what a click means --------------------------------------------------------------------
    def start_ordaining(self) -> Reply:
        """The "Ordain…" button: the squares with a lone peasant light up."""
        self.ordaining, self.ordain_square, self.selected_square = True, None, None
        return Reply(redraw=True)

    def click_stone(self, key: str) -> Reply:
        """A stone of the tray or of the hand: ordain with it, or pick it (again: put it back)."""
        if self.step == Step.TURN and self.ordaining and self.ordain_square is not None:
            return Reply(Action.make(Move.ORDAIN, square=self.ordain_square, stone=key))
        self.picked = None if self.picked == key and len(self.pickable_kinds()) > 1 else key
        if self.picked:
            return Reply(redraw=True, status=picked_words(self.picked, self.classic))
        return Reply(redraw=True)

    def click_place(self, sq: int) -> Reply:
        """A place of the board (a square or a rectangle)."""
        step_ = self.step
        if step_ == Step.TURN:
            return self._turn_place(sq)
        if step_ in (Step.SETUP, Step.REFILL):
            if self.picked is None:
                return Reply(status=STONE_FIRST)
            a = Action.make(PICKS[step_], stone=self.picked, square=sq)
            if a in self.legal_set:
                return Reply(a)
            if step_ == Step.REFILL:
                return Reply(status=REFILL_WHERE)
            return Reply(status=PLACE_WHERE)
        if step_ == Step.DROP:
            if self.picked is None:
                plain = self.plain_drop()
                if plain is not None and plain["to"] == sq:
                    return Reply(plain)  # the common case in one click: the next stone, plainly
                return Reply(status=DROP_HOW)
            a = Action.make(Move.DROP, stone=self.picked, to=sq)
            if a in self.legal_set:
                return Reply(a)
            return Reply(status=cannot_go(self.picked, sq, self.classic))
        return Reply(status=BUTTONS_DECIDE.get(step_, ""))

    def _turn_place(self, sq: int) -> Reply:
        if self.ordaining:
            if self.ordain_square is None and any(a.kind == Move.ORDAIN and a["square"] == sq for a in self.legal):
                self.ordain_square = sq
                return Reply(redraw=True)
            if self.ordain_square == sq:
                self.ordain_square = None
                return Reply(redraw=True)
            return Reply(status=ORDAIN_WHERE)
        if any(a.kind == Move.SOW and a["square"] == sq for a in self.legal):
            self.selected_square = None if self.selected_square == sq else sq
            if self.selected_square is not None:
                return Reply(redraw=True, status=square_chosen(sq))
            return Reply(redraw=True)
        if sq in squares(self.view.get("seat")):
            return Reply(status=square_empty(sq))
        return Reply(status=SOW_WHERE)

    def sow_key(self, sq: int | None, direction: int) -> Reply:
        """Left or Right (``direction`` -1 or 1) with the square ``sq`` chosen or focused."""
        if sq is None:
            return Reply(status=SQUARE_FIRST)
        a = Action.make(Move.SOW, square=sq, dir=direction)
        if a in self.legal_set:
            return Reply(a)
        return Reply(status=cannot_sow(sq))

    def take_up(self, action: Action) -> None:
        """The half-made choice that leads to ``action`` (a hint shows it): its square chosen,
        its stone picked, or its square to ordain."""
        self.clear()
        if action.kind == Move.SOW:
            self.selected_square = action["square"]
        elif action.kind in (Move.PLACE, Move.REFILL, Move.DROP):
            self.picked = action["stone"]
        elif action.kind == Move.ORDAIN:
            self.ordaining, self.ordain_square = True, action["square"]
