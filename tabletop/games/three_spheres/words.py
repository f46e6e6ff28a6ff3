"""Three Spheres TCG: the words a player reads, in English, without Qt -- the banner's question
(:func:`banner`, what the state's ``prompt()`` returns), the prompt's title and sentence
(:func:`prompt_words`), the buttons' and the hint's words (:func:`action_words`), the refusals
in the status bar (:func:`why_not`, :func:`refusal`), and the table's titles, captions, notes
and tooltips (the layout's).  The log's sentences are in ``describe.py``; what may be chosen is
decided in ``choosing.py`` and drawn by the layout: this module only says it.

The words that name cards are given the cards' data, ``card`` (``cards.info``: a card's data by
its id): this module imports no card, for ``cards.py`` and ``effects.py`` take :func:`plural`
from it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.engine.actions import Action

from .steps import Move, Step

if TYPE_CHECKING:
    from .cards import Card
    from .rules import ThreeSpheresState

CardOf = Callable[[str], "Card"]  # a card's data by its id: cards.info
ACTIVATED = "activated"  # an activated ability's ``when`` in the card data (cards.ACTIVATED)


class Names(Protocol):
    """How the table calls the players (the table itself: ``TableScene.name``, ``possessive``,
    ``addressed``)."""

    def name(self, p: int) -> str: ...

    def possessive(self, p: int, capital: bool = True) -> str: ...

    def addressed(self, p: int | None) -> bool: ...


# --- numbers and names --------------------------------------------------------------------------
def plural(n: int, word: str, many: str = "") -> str:
    """``n`` and ``word``, plural unless one ("2 cards"; "such card": "3 such cards")."""
    if not many and " " in word:
        first, rest = word.rsplit(" ", 1)
        return f"{n} {first} {rest if abs(n) == 1 else rest + 's'}"
    return f"{n} {word if abs(n) == 1 else many or word + 's'}"


def n_cards(n: int) -> str:
    """A count of cards: "1 card", "0 cards"."""
    return plural(n, "card")


def n_points(n: int) -> str:
    """Points, a negative number with its minus sign: "1 point", "−2 points"."""
    return plural(n, "point").replace("-", "−")


def signed(n: int) -> str:
    """A number of points with its sign: "+3", "−2", "0"."""
    return f"{n:+d}".replace("-", "−") if n else "0"


def _ability_cost(c: Card) -> int | None:
    """The cost of a card's activated ability (``None``: it has none)."""
    ability = next((a for a in c.abilities if a.when == ACTIVATED), None)
    return ability.cost if ability is not None else None


# --- the banner -----------------------------------------------------------------------------------
def banner(state: ThreeSpheresState, card: CardOf) -> str:
    """What the decider is asked, for the window's banner (``State.prompt``)."""
    step = state.step
    if step == Step.MAIN:
        return "play a card, spend one for its resources, or end your turn"
    if step == Step.RESOURCES:
        n = state.pending["amount"]
        return f"choose where {n} resource{'s go' if n != 1 else ' goes'}"
    if step == Step.TRASH:
        where = "your hand" if state.pending["from"] == "hand" else "your Realm discard"
        return f"trash a card from {where}, or stop"
    if step == Step.TAKE:
        where = "the World spread" if state.pending["from"] == "world" else "your Discovery spread"
        return f"take a card of level {state.pending['max_level']} or lower from {where}, or none"
    if step == Step.COPY:
        return "choose another card in play whose ability to copy"
    if step == Step.FLIP_SPACE:
        return f"choose the stack {card(state.flipped).name} goes on"
    return "wait"


# --- the buttons and the hint ---------------------------------------------------------------------
CANCEL = "Cancel"


def action_words(a: Action, view: dict[str, Any], card: CardOf) -> str:
    """A move in the words of a button or a hint."""
    k = a.kind
    if k == Move.PLAY:
        return f"Play {card(a['card']).name}"
    if k == Move.SPEND:
        return f"Spend {card(a['card']).name} on {card(a['target']).name}"
    if k == Move.BUY:
        return f"Buy {card(a['target']).name} (free)"
    if k == Move.END:
        return "End turn"
    if k == Move.ASSIGN:
        return f"Put the resources on {card(a['target']).name}"
    if k == Move.TRASH:
        return f"Trash {card(a['card']).name}"
    if k == Move.TAKE:
        return f"Take {card(a['card']).name}"
    if k == Move.COPY:
        return f"Copy {card(a['card']).name}"
    if k == Move.SPACE:
        stack = view["spaces"][a["space"]]
        return f"Lay it on {card(stack[-1]).name}" if stack else f"Lay it on space {a['space'] % 3 + 1}"
    if k == Move.DONE:
        step = view["step"]
        return {Step.RESOURCES: "Let them go", Step.TRASH: "Done: trash no more",
                Step.TAKE: "Take nothing"}.get(step, "Done")
    return str(a)


# --- the prompt -----------------------------------------------------------------------------------
def prompt_words(view: dict[str, Any], who: Names, card: CardOf, waiting: bool, selected: str | None = None,
                 playable: bool = False) -> tuple[str, str]:
    """The prompt's title (whose turn) and its sentence (what to do now): ``waiting`` -- the seat
    has nothing to choose; ``selected`` -- the card of the hand chosen first, ``playable`` --
    whether it may be played for its ability now."""
    turn, step, pending = view["turn"], view["step"], view["pending"] or {}
    if turn is None:
        return "", ""
    whose = f"{who.possessive(turn)} turn"
    if waiting:
        return whose, f"Waiting for {who.name(turn)}…"
    if step == Step.MAIN:
        if selected is not None:
            c = card(selected)
            parts = []
            if c.resources:
                parts.append(f"click a lit card to spend its {c.resources} resource{'s' if c.resources != 1 else ''} there")
            if playable:
                parts.append("play it for its ability")
            return whose, f"{c.name}: " + (", or ".join(parts) or "nothing to do with it now") + "."
        return whose, ("Click a card of your hand, then a lit card to spend it there — or play it. "
                       "Drag works too. End the turn when you are done.")
    if step == Step.RESOURCES:
        amount = pending.get("amount", 0)
        src = f" from {card(pending['source']).name}" if pending.get("source") else ""
        return whose, f"{amount} resource{'s' if amount != 1 else ''}{src}: click a lit card to put them there, or let them go."
    if step == Step.TRASH:
        left = pending.get("left", 1)
        where = "your hand" if pending.get("from") == "hand" else "your Realm discard (laid out over the World)"
        return whose, f"Trash up to {n_cards(left)} from {where}: click one, or stop."
    if step == Step.TAKE:
        where = "the World" if pending.get("from") == "world" else "your Discovery spread"
        return whose, (f"Take a card of level {pending.get('max_level', 0)} or lower from {where} for free: "
                       "click a lit card, or take nothing.")
    if step == Step.COPY:
        return whose, "Click another card you have in play to copy its ability."
    if step == Step.FLIP_SPACE:
        side = pending.get("side", 0)
        where = who.possessive(side, capital=False)
        return whose, f"{card(view['flipped']).name} is flipped and {where} side is full: click the stack it goes on."
    return whose, ""


# --- refusals, in the status bar ------------------------------------------------------------------
NOT_NOW = "That card is not part of the choice now."
MOVED_WHILE_DRAGGED = "The table changed while you moved the card; try again."
SCORING_SHOWN = "The scoring: each collection counted card by card — click the table to see it all"


def refusal(card_id: str, step: str, card: CardOf) -> str:
    """Why a card of the hand cannot be chosen at ``step``."""
    return NOT_NOW if step != Step.MAIN else f"{card(card_id).name} can be neither played nor spent."


def why_not(role: str, other: str, step: str, selected: str | None, card: CardOf) -> str:
    """Why a click on a card of ``role`` that is not lit does nothing (``other``: the name of the
    other player; ``selected``: the card of the hand chosen first)."""
    if role == "their_discovery":
        return f"Only {other} buys from their Discovery spread."
    if step == Step.MAIN and selected is None and role in ("world", "discovery", "in_play"):
        return "Choose a card of your hand first, then click where its resources go."
    if step == Step.MAIN and selected is not None:
        return f"{card(selected).name}'s resources cannot go there."
    return NOT_NOW


# --- the table's titles, captions and notes -------------------------------------------------------
STEP_WORDS = {Step.MAIN: "main phase", Step.RESOURCES: "placing resources", Step.TRASH: "trashing",
              Step.TAKE: "taking a card", Step.COPY: "copying an ability", Step.FLIP_SPACE: "laying a flipped card"}
WORLD_TITLE = "The World — anybody buys the top card of a space"
FREE_NOTE = "free: click to buy"
EMPTY_SPACE_TIP = "An empty World space: a flip fills it"


def status_words(view: dict[str, Any], p: int) -> str:
    """A player's band's line of whose turn it is ("● deciding: trashing", "▶ their turn"; "":
    not ``p``'s turn)."""
    if view["turn"] == p and view["step"] != Step.OVER:
        return ("● deciding: " + STEP_WORDS.get(view["step"], "")) if view["decider"] == p else "▶ their turn"
    return ""


def discount_words(discount: int) -> str:
    return f"Discount: the next buy costs {discount} less"


def collection_words(view: dict[str, Any], p: int) -> str:
    """How many cards ``p``'s collection holds, and its points now when the view counts them."""
    words = f"Collection: {n_cards(view['seats'][p]['collection'])}"
    score = (view.get("scores") or [None, None])[p]
    if score is not None:
        words += f" · {n_points(score['total'])} now"
    return words


def paid_note(view: dict[str, Any], cid: str, card: CardOf) -> str:
    """What a card on the table says of this turn: used, or what was paid into it."""
    paid = view["paid"].get(cid)
    if cid in view["used"]:
        return "used this turn"
    c = card(cid)
    if paid is None:
        return ""
    if cid in (view["seats"][view["turn"]]["in_play"] if view["turn"] is not None else []):
        cost = _ability_cost(c)
        return f"paid {paid} of {cost}" if cost is not None else f"paid {paid}"
    return f"paid {paid} of {max(0, c.cost - view['discount'])}"


def paid_lines(view: dict[str, Any], card: CardOf) -> list[str]:
    """The prompt's lines of what was paid into what this turn, and the discount."""
    if view["turn"] is None or view["step"] == Step.OVER:
        return []
    in_play = view["seats"][view["turn"]]["in_play"]
    out = []
    for cid, amount in view["paid"].items():
        c = card(cid)
        if cid in in_play:
            cost = _ability_cost(c)
            out.append(f"◆ {amount} paid into {c.name}'s ability" + (f" (costs {cost})" if cost is not None else ""))
        else:
            out.append(f"◆ {amount} paid toward buying {c.name} (costs {max(0, c.cost - view['discount'])})")
    if view["discount"]:
        out.append(discount_words(view["discount"]))
    if not out and view["step"] == Step.MAIN:
        out.append("Nothing paid yet this turn.")
    return out


def in_play_title(seat: dict[str, Any]) -> str:
    """The title over a player's cards in play (and spent)."""
    return f"In play ({len(seat['in_play'])})" + (f" · spent this turn ({len(seat['spent'])})" if seat["spent"] else "")


def spent_note(view: dict[str, Any], cid: str, card: CardOf) -> str:
    """What a spent card says: where its resources went (the card bought may have left the table)."""
    target = view.get("spent_on", {}).get(cid)
    return f"spent → {card(target).name}" if target else "spent"


def discovery_title(who: Names, p: int) -> str:
    """The title over a player's Discovery spread."""
    if who.addressed(p):
        return "Your Discovery — only you buy here"
    return f"{who.name(p)}'s Discovery — only {who.name(p)} buys here"


def hand_caption(whose: str, size: int, choosing: bool) -> str:
    """The words over the seated player's hand (``choosing``: a card of it may be chosen now -- an
    empty hand has none to click)."""
    return f"{whose} hand ({size})" + (" — click a card, then where it goes (or drag it there)" if choosing and size else "")


def picker_title(n: int) -> str:
    """The title over a Realm discard laid out to trash from."""
    return f"Your Realm discard — click a card to trash it ({n_cards(n)} to choose from)"


def discard_tip(whose: str, discard: list[str], card: CardOf) -> str:
    """A Realm discard's tooltip."""
    top = f", the top one {card(discard[-1]).name} — click to see them all" if discard else ""
    return f"{whose} Realm discard: {n_cards(len(discard))}" + top


def realm_tip(whose: str, size: int, unseen: list[str], card: CardOf) -> str:
    """A Realm deck's tooltip (``unseen``: the kinds one knows it holds, named in it)."""
    return f"{whose} Realm deck: {n_cards(size)}" + (
        ", in an unknown order: " + ", ".join(card(k).name for k in unseen) if unseen else "")


def world_deck_tip(whose: str, size: int) -> str:
    """A World deck's tooltip."""
    return (f"{whose} World deck: {n_cards(size)}. When a player must flip from an empty World deck, "
            "the round is finished and the game ends.")


# --- the end: the scoring walk-through ------------------------------------------------------------
WALK_TITLE = "The scoring — each collection sorted into three piles"
WALK_FOOT = "Click a pile to list its cards. A dynamic card counts what its owner has at the end."


def result_words(view: dict[str, Any], who: Names) -> str:
    """Who won, and by how much."""
    winners = view.get("winners") or []
    totals = [str(w["total"]).replace("-", "−") for w in view["walkthrough"]]  # (as the Total boxes say them)
    if len(winners) == 1:
        w = winners[0]
        return f"{'You win' if who.addressed(w) else who.name(w) + ' wins'}, {totals[w]} to {totals[1 - w]}"
    return f"A shared win, {totals[0]} each"


def dynamic_reason(entry: dict[str, Any]) -> str:
    """Why a dynamic card scores what it does at the end (its fixed points too): "5 Forest cards,
    at most 3", "+3 fixed, +2 for 1 Corrupted Wisp with the opponent"."""
    if not entry["fixed"]:
        return entry["why"]
    return f"{signed(entry['fixed'])} fixed, {signed(entry['points'])} for {entry['why']}"


def dynamic_part(name: str, n: int, entry: dict[str, Any]) -> tuple[str, str]:
    """A kind of dynamic card as a part of the score: its name (with its copies: "Dryad Seedling
    ×2") and why it scores what it does ("each +3: 5 Forest cards, at most 3"); ``entry``: one
    copy's points and reason, as the walk-through gives them."""
    if n > 1:
        return f"{name} ×{n}", f"each {signed(entry['fixed'] + entry['points'])}: {dynamic_reason(entry)}"
    return name, dynamic_reason(entry)


def dynamic_words(entry: dict[str, Any]) -> str:
    """A dynamic card's points at the end -- its fixed and dynamic points together, as the Total
    box and the Scores panel count it -- and their reason: "+3: 5 Forest cards, at most 3", "+5:
    +3 fixed, +2 for 1 Corrupted Wisp with the opponent"."""
    return f"{signed(entry['fixed'] + entry['points'])}: {dynamic_reason(entry)}"
