"""Once Upon a Forest: the words a player reads on the table -- the state's prompt, the
information board's two lines, the instruction under the hand, the status bar's sentence when a
click plays nothing, the captions and titles of the table, the hint's words.  Pure Python, no Qt.

It only says things: what a click means is decided by :mod:`.choosing` and where the words are
drawn by :mod:`.layout`, which both ask here for the words.  The log's sentences are in
:mod:`.describe`; a screen reader's words for an item stay with the layout and the table.
"""

from __future__ import annotations

from typing import Any, Protocol

from tabletop.engine.actions import Action

from .cards import LEVELS, card
from .steps import DRAW, GIVE, OVER, PLACE, PLAY, SETUP, Move

TITLE = "Once Upon a Forest"  # (the empty table's)
CANCELLED = "Selection cancelled."  # (Escape)


class Names(Protocol):
    """How the table calls the players (the table itself: ``TableScene.name``)."""

    def name(self, p: int) -> str: ...


class Speaker(Names, Protocol):
    """... and whom it speaks to as "you" (``TableScene.addressed``)."""

    def addressed(self, p: int | None) -> bool: ...


# --- the state's prompt -------------------------------------------------------------------------
def prompt(stage: str, players: int) -> str:
    """What the decider does now, for the state's :meth:`~.rules.ForestState.prompt`."""
    return {
        SETUP: "draw a card from a pile",
        DRAW: "draw a card from a pile",
        PLAY: "play a card to your forest",
        GIVE: "compost a card" if players == 1 else "give a card to another player",
        PLACE: "place the card you were given",
    }.get(stage, "wait")


# --- the choosing: the status bar's sentences and the instruction under the hand ---------------
NO_CARD_CHOSEN = "Choose a card from your hand first."
NOT_YOUR_FOREST = "You play cards to your own forest."
CANNOT_PLAY_THERE = "That card cannot go there now."
PLACE_IN_YOUR_FOREST = "Place the card in your own forest."
CANNOT_PLACE_THERE = "The card cannot go there now."
NO_CARD_TO_GIVE = "Choose the card to give first."
GIVE_TO_ANOTHER = "Give the card to another player."


def chosen(card_id: str, stage: str, players: int) -> str:
    """A card of the hand chosen: what it is and where to click next."""
    what = "play" if stage == PLAY else "compost" if players == 1 else "give"
    where = "click the compost" if what == "compost" else f"choose where to {what} it"
    return f"{card(card_id).label()} — {where}."


def empty_pile(index: int) -> str:
    return f"Pile {index + 1} is empty."


def place_it(card_id: str) -> str:
    """A click on the card given, waiting to be placed."""
    return f"Place {card(card_id).name} in a highlighted {LEVELS[card(card_id).level]} slot."


def stage_reminder(stage: str) -> str:
    """What to do first, for a click on something not to be played now."""
    return {
        PLAY: "First play a card from your hand to your forest.",
        GIVE: "Now give one of your remaining cards to another player.",
        PLACE: "First place the card you were given in your forest.",
        SETUP: "Draw your starting cards from the piles.",
        DRAW: "Draw back to three cards from the piles.",
    }.get(stage, "")


def instruction(view: dict[str, Any], acting: bool, selected: str | None, who: Names) -> str:
    """How to act, under the hand: ``acting`` when the seat has legal actions, ``selected`` the
    card of the hand chosen first."""
    v = view
    if v.get("seat") is None:
        return "Watching the game."
    if not acting:
        if v["stage"] == OVER:
            return "The game is over."
        return f"Waiting for {who.name(v['decider'])}…"
    stage = v["stage"]
    if stage == PLAY:
        if selected:
            row = LEVELS[card(selected).level]
            return f"Click a highlighted slot in the {row} row (or drag the card there). Esc cancels."
        return "Click a card in your hand, then a highlighted slot — or drag the card onto your forest."
    if stage == GIVE and v["players"] == 1:
        if selected:
            return "Click the compost (above) to put this card out of the game. Esc cancels."
        return "Choose the card to compost, then click the compost — or drag the card onto it."
    if stage == GIVE:
        if selected:
            return "Click the player who gets this card (highlighted above). Esc cancels."
        return "Choose the card to give away, then click the player who gets it."
    if stage == PLACE:
        return "Click a highlighted slot to place the card you were given."
    if stage in (SETUP, DRAW):
        return "Click a pile to draw its top card (the back shows its level)."
    return ""


# --- the layout: the information board, captions and titles -------------------------------------
STAGE_VERB = {SETUP: "drawing", PLAY: "playing", GIVE: "giving", PLACE: "placing", DRAW: "drawing"}


def deciding(stage: str, players: int) -> str | None:
    """The mark by the name of the player deciding ("giving")."""
    if stage == GIVE and players == 1:
        return "composting"
    return STAGE_VERB.get(stage)


def info_lines(view: dict[str, Any], who: Speaker) -> tuple[str, str]:
    """The information board: what is happening (its title) and the detail under it."""
    v = view
    stage, decider, turn = v["stage"], v["decider"], v["turn"]
    you = who.addressed(decider)
    name = "You" if you else who.name(decider) if decider is not None else ""
    in_piles = sum(p["size"] for p in v["piles"])
    detail = f"Round {v['round'] + 1}  ·  {in_piles} card{'s' if in_piles != 1 else ''} left in the piles"
    if stage == OVER:
        totals = [s["total"] for s in v["scores"]]
        winners = v.get("winners")
        if winners is None:  # (a view made before the variants)
            winners = [p for p, t in enumerate(totals) if t == max(totals)]
        goal = v.get("goal") or {}
        if not winners:
            if goal.get("kind") == "solo":
                return (f"Game over — {totals[0]} points, short of the target {goal['points']}",
                        "Final score beside your name.")
            short = ", ".join(f"{who.name(p)} {t}" for p, t in enumerate(totals) if t < goal.get("points", 0))
            return (f"Game over — the woodland goal ({goal.get('points')} each) was missed",
                    f"Everybody loses. Short: {short}.")
        names = [who.name(p) for p in winners]
        best = totals[winners[0]]
        title = f"Game over — {' and '.join(names)} win{'s' if len(names) == 1 else ''} with {best} points"
        if goal.get("kind") == "solo":
            return title, f"The target was {goal['points']}."
        return title, "Final scores are shown beside each name."
    if stage == SETUP:
        need = 3 - len(v["hands"][decider])
        title = f"{name} draw{'' if you else 's'} starting cards"
        return title, f"{need} more to draw. " + detail
    if stage == PLAY:
        return (f"{name} play{'' if you else 's'} a card to {'your' if you else 'their'} forest", detail)
    if stage == GIVE and v["players"] == 1:
        return (f"{name} compost{'' if you else 's'} a card", detail)
    if stage == GIVE:
        return (f"{name} give{'' if you else 's'} a card to another player", detail)
    if stage == PLACE:
        pend = v["pending"]
        giver = "you" if who.addressed(turn) else who.name(turn)
        if you:
            return ("Place the card you were given", f"{who.name(turn)} gave you {card(pend['card']).name}. " + detail)
        return (f"{name} places the card {giver} gave", detail)
    if stage == DRAW:
        need = 3 - len(v["hands"][decider])
        return (f"{name} draw{'' if you else 's'} back to 3 cards", f"{need} more to draw. " + detail)
    return stage, detail


def info_sentence(view: dict[str, Any], who: Speaker) -> str:
    """The information board in one sentence."""
    title, detail = info_lines(view, who)
    return f"{title}. {detail}"


def solo_goal(goal: dict[str, Any]) -> str:
    """The caption of a solo game's compost."""
    return f"Solo game: play a card, compost one, draw back to 3. Score {goal.get('points', '?')} or more to win."


def earlier_in_compost(n: int) -> str:
    """Under the compost's newest cards: how many more it holds."""
    return f"and {n} earlier (the newest are shown)"


def hand_caption(n: int) -> str:
    """Over another player's hand of ``n`` cards."""
    return f"Hand ({n})"


def hand_title(whose: str) -> str:
    """Over the seated player's hand: ``whose`` is "Your" or "Ada's"."""
    return f"{whose} hand"


def tree_label(tree: int, new: bool, complete: bool) -> str:
    """Under a tree of the seated player's forest (``tree`` from 0)."""
    if new:
        return "new tree"
    return f"Tree {tree + 1} ✓" if complete else f"Tree {tree + 1}"


def score_parts(score: dict[str, Any]) -> str:
    """A score's parts in one line, under the seated player's name."""
    return "   ·   ".join(f"{part['label']} {part['points']:+d}" for part in score["parts"])


LEGEND_TITLE = "A species scores when its count = your complete trees"
EMPTY_HAND_PLACE = "An empty place\nYou draw back up to three cards at the end of your turn."
TO_PLACE = "— to place"  # (under a card given, waiting to be placed)


def gift_title(to: str, giver: str | None = None) -> str:
    """Over a card given: to whom ("you", "Ben") and, for the seated player's, by whom."""
    return f"Given to {to} by {giver}" if giver is not None else f"Given to {to}"


def gift_under(to_place_now: bool) -> str:
    """Under the card given to the seated player: ``to_place_now`` when they place it now."""
    return "— place it in a highlighted slot" if to_place_now else TO_PLACE


# --- the hint ----------------------------------------------------------------------------------
HINTS = {Move.DRAW: "draw from the marked pile", Move.PLAY: "play the marked card to the marked place",
         Move.GIVE: "give the marked card to the marked player", Move.PLACE: "place the card in the marked slot",
         Move.COMPOST: "compost the marked card"}


def hint(action: Action) -> str:
    """The hint's words for ``action`` (its marks are the table's)."""
    return HINTS.get(action.kind, str(action))
