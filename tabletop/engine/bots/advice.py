"""A hint with its reasons: the search's choice and the best few other moves, each with the
search's own figures and what the move does at once.

Like the bots, the advice sees only the seat's view: the search samples what the seat cannot see,
and what a move does at once is worked out by playing it on a state sampled from the view (the
points it scores now come from the seat's own cards, board and stones, which the view shows).
No words are made up: a move is said in the game's own log sentence, and its points in the
labels of the game's scoring.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from ..actions import Action
from ..game import CHANCE, GameDef
from .levels import make_bot


class Option(NamedTuple):
    """One move of a hint.  ``figures``: the search's own (``chance`` -- its estimated chance to
    win, 0 to 1 -- with ``playouts``; or ``margin`` -- the outlook in points -- with ``depth`` and
    ``positions``); empty when the bot does not search.  ``points``: what the move scores for the
    seat at once, and ``parts`` where those points come from (a label of the game's score and
    its change)."""

    action: Action
    sentence: str
    figures: dict[str, float]
    points: int
    parts: tuple[tuple[str, int], ...]

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "sentence": self.sentence, "figures": dict(self.figures),
                "points": self.points, "parts": [list(p) for p in self.parts]}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> "Option":
        return cls(Action.from_json(doc["action"]), str(doc["sentence"]), dict(doc.get("figures") or {}),
                   int(doc["points"]), tuple((str(k), int(v)) for k, v in doc.get("parts") or []))


def at_once(game: GameDef, view: dict[str, Any], action: Action, names: list[str],
            seed: int = 0) -> tuple[str, int, tuple[tuple[str, int], ...]]:
    """What ``action`` does at once for the seat deciding in ``view``: the game's sentence for it,
    the points it scores the seat now, and the parts of the score that changed (label, change)."""
    state = game.determinize(view, random.Random(seed))
    seat = state.decider()
    sentence = state.describe(action, names)
    if seat is None or seat == CHANCE:
        return sentence, 0, ()
    before = state.scores()[seat]
    state.apply(action)
    after = state.scores()[seat]
    was = dict(before.parts)
    now = dict(after.parts)
    parts = tuple((label, now.get(label, 0) - was.get(label, 0)) for label in dict.fromkeys([*was, *now])
                  if now.get(label, 0) != was.get(label, 0))
    return sentence, after.total - before.total, parts


def advise(game: GameDef, view: dict[str, Any], legal: list[Action], names: list[str], level: str = "hard",
           seed: int = 0, top: int = 3, **search: Any) -> list[Option]:
    """The ``level`` bot's choice first, then the best other moves its search found, ``top`` in
    all, each with its figures and what it does at once."""
    bot = make_bot(game, level, seed, **search)
    rank = getattr(bot, "rank", None)
    if rank is not None and len(legal) > 1:
        ranked = rank(view, legal)[:top]
    else:
        ranked = [(bot.choose(view, legal), {})]
    out = []
    for action, figures in ranked:
        sentence, points, parts = at_once(game, view, action, names, seed)
        out.append(Option(action, sentence, figures, points, parts))
    return out


def figures_words(figures: dict[str, float]) -> str:
    """The search's figures in a few words: "wins about 62% of 840 playouts", "outlook +3.5
    points, 4 choices ahead"."""
    if "chance" in figures:
        n = int(figures.get("playouts", 0))
        return f"wins about {round(100 * figures['chance'])}% of {n} playout{'s' if n != 1 else ''}"
    if "margin" in figures:
        m = figures["margin"]
        if abs(m) >= 500:
            return "wins, whatever the others do" if m > 0 else "loses, whatever it does next"
        depth = int(figures.get("depth", 0))
        return f"outlook {m:+.1f} points, {depth} choice{'s' if depth != 1 else ''} ahead"
    return ""


def points_words(points: int, parts: tuple[tuple[str, int], ...]) -> str:
    """What a move scores at once: "+3 points now (Trees +2, Gift +1)", "no points now"."""
    if not points and not parts:
        return "no points now"
    head = f"{points:+d} point{'s' if abs(points) != 1 else ''} now"
    return f"{head} ({', '.join(f'{k} {v:+d}' for k, v in parts)})" if parts else head


def option_words(option: Option) -> str:
    """One move of a hint in a line: the sentence, the search's figures, the points now."""
    bits = [option.sentence.rstrip(".")]
    figures = figures_words(option.figures)
    if figures:
        bits.append(figures)
    bits.append(points_words(option.points, option.parts))
    return " — ".join(bits)
