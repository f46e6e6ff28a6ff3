"""Review a finished game: every decision of one seat searched again from that seat's view at
that moment, and what each choice cost against the best move found.

No hindsight: the search sees the view the seat had when it decided (what it could not know then
stays unknown, and is sampled as the bots sample it).  A decision's loss is in the search's own
figures: for the IS-MCTS bots, the estimated chance to win of the best move found less that of
the move played (0 to 1); for the shogun game's alpha-beta search, the outlook in points.  A
decision with one legal move is no choice and is left out; a game in progress is not reviewed.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from .actions import Action
from .bots.advice import figures_words
from .bots.levels import make_bot
from .game import GameError
from .match import Match


REVIEW_SECONDS = 30.0  # the search time of a whole review at most (more decisions: less for each)
MOST_A_DECISION, LEAST_A_DECISION = 1.0, 0.15  # ... and the time for one decision, within these
REFINED, REFINE_SECONDS = 6, 2.5  # then the six likeliest costliest weighed again, this long each


class Decision(NamedTuple):
    """One reviewed decision: the ``step`` it was (the state after ``step`` actions), the move
    ``played`` and the ``best`` move found, each with the search's figures, and the ``loss``
    (the best's figure less the played one's, never below 0; ``unit``: "chance" or "points")."""

    step: int
    played: Action
    played_sentence: str
    played_figures: dict[str, float]
    best: Action
    best_sentence: str
    best_figures: dict[str, float]
    loss: float
    unit: str

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "played": self.played.to_json(), "played_sentence": self.played_sentence,
                "played_figures": dict(self.played_figures), "best": self.best.to_json(),
                "best_sentence": self.best_sentence, "best_figures": dict(self.best_figures),
                "loss": self.loss, "unit": self.unit}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> "Decision":
        return cls(int(doc["step"]), Action.from_json(doc["played"]), doc["played_sentence"],
                   dict(doc["played_figures"]), Action.from_json(doc["best"]), doc["best_sentence"],
                   dict(doc["best_figures"]), float(doc["loss"]), doc["unit"])


def _figure(figures: dict[str, float]) -> tuple[float, str] | None:
    if "chance" in figures:
        return figures["chance"], "chance"
    if "margin" in figures:
        return figures["margin"], "points"
    return None


def _loss(best: dict[str, float], played: dict[str, float]) -> tuple[float, str]:
    """What the move played cost against the best, by the search's figures of each (never below
    0), and the unit ("chance" or "points"); 0 when the figures cannot be compared."""
    b, p = _figure(best), _figure(played)
    if b is not None and p is not None and b[1] == p[1]:
        return max(0.0, b[0] - p[0]), b[1]
    return 0.0, (b or p or (0.0, "chance"))[1]


def review(match: Match, seat: int, level: str = "hard", seed: int = 0,
           progress: Callable[[int, int], None] | None = None, should_stop: Callable[[], bool] | None = None,
           **search: Any) -> list[Decision]:
    """Every decision of ``seat`` in the finished ``match``, searched again from its view.
    ``progress(done, total)`` is told as the review goes; ``should_stop()`` ends it early (the
    decisions reviewed so far are returned)."""
    if not match.is_over():
        raise GameError("A game in progress is not reviewed: finish it first.")
    if not 0 <= seat < len(match.seats):
        raise GameError(f"There is no seat {seat + 1}: this game has seats 1 to {len(match.seats)}.")
    state = match.initial_state()
    names = match.names
    steps = []
    probe = state.clone()
    for step, action in enumerate(match.log):
        if probe.decider() == seat and len(probe.legal_actions()) > 1:
            steps.append(step)
        probe.apply(action)
    budget = "seconds" not in search
    if budget:
        search["seconds"] = max(LEAST_A_DECISION, min(MOST_A_DECISION, REVIEW_SECONDS / max(1, len(steps))))
        search.setdefault("iterations", 100_000)  # (the time decides)
    total = len(steps) + (REFINED if budget else 0)
    out: list[Decision] = []
    states: dict[int, Any] = {}
    for step, action in enumerate(match.log):
        if steps and step == steps[0]:
            steps.pop(0)
            if should_stop is not None and should_stop():
                return out
            states[step] = state.clone()
            out.append(_decision(match, state, step, action, seat, names, level, seed + step, **search))
            if progress is not None:
                progress(len(out), total)
        state.apply(action)
    if budget:  # the likeliest costliest weighed again, longer -- the move played against the best
        # found, alone: the three found are the search's firmest (a short search of many decisions
        # is noisy, and a poor move played gets few of its playouts)
        longer = dict(search, seconds=REFINE_SECONDS)
        for k, d in enumerate(costliest(out, REFINED)):
            if should_stop is not None and should_stop():
                break
            again = _weighed(match, states[d.step], d, seat, level, seed + d.step + 1, **longer)
            out[out.index(d)] = again
            if progress is not None:
                progress(len(out) + k + 1, total)
    return out


def _decision(match: Match, state: Any, step: int, played: Action, seat: int, names: list[str], level: str,
              seed: int, **search: Any) -> Decision:
    view, legal = state.view(seat), state.legal_actions()
    bot = make_bot(match.game, level, seed, **search)
    rank = getattr(bot, "rank", None)
    ranked = dict(rank(view, legal)) if rank is not None else {}
    best = next(iter(ranked), played)
    best_figures = ranked.get(best, {})
    played_figures = ranked.get(played)
    if played_figures is None and rank is not None:  # (a move the search did not try: weighed alone)
        played_figures = dict(rank(view, [played])).get(played, {})
    played_figures = played_figures or {}
    loss, unit = _loss(best_figures, played_figures)
    if played == best:
        loss = 0.0
    return Decision(step, played, state.describe(played, names), played_figures, best,
                    state.describe(best, names), best_figures, loss, unit)


def _weighed(match: Match, state: Any, d: Decision, seat: int, level: str, seed: int, **search: Any) -> Decision:
    """``d`` looked at again: the move played and the best one found searched against each other
    alone, each with many playouts (a bot that cannot weigh two moves alone searches the decision
    again, longer)."""
    bot = make_bot(match.game, level, seed, **search)
    weigh = getattr(bot, "weigh", None)
    if weigh is None:
        return _decision(match, state, d.step, d.played, seat, match.names, level, seed, **search)
    figures = weigh(state.view(seat), [d.best, d.played])
    if d.best not in figures or d.played not in figures:
        return d
    loss, _ = _loss(figures[d.best], figures[d.played])
    return d._replace(best_figures=figures[d.best], played_figures=figures[d.played], loss=loss)


def costliest(decisions: list[Decision], n: int = 3) -> list[Decision]:
    """The ``n`` decisions that cost the most (a loss above nothing), costliest first."""
    return sorted((d for d in decisions if d.loss > 0), key=lambda d: (-d.loss, d.step))[:n]


def loss_words(d: Decision) -> str:
    """What a decision cost, in words: "cost about 12% of the chance to win", "cost 3.5 points"."""
    if d.loss <= 0:
        return "the best move found" if d.played == d.best else "as good as the best move found"
    if d.unit == "chance":
        pct = round(100 * d.loss)
        return f"cost about {pct}% of the chance to win" if pct else "cost under 1% of the chance to win"
    return f"cost {d.loss:.1f} points of outlook"


def decision_words(d: Decision) -> str:
    """One reviewed decision in a line."""
    line = f"step {d.step + 1}: {d.played_sentence.rstrip('.')} — {loss_words(d)}"
    if d.loss > 0:
        line += f"; better: {d.best_sentence.rstrip('.')} ({figures_words(d.best_figures)})"
    return line
