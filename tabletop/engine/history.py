"""A match's history, step by step, for replays: the state after any number of its actions and
which seats' views a replay may show.

Step 0 is the starting state; step ``k`` is the state after the match's first ``k`` actions
(chance outcomes are in the log as actions, so the steps are exact).  The history works on
copies: the match it was made from is never changed, and a match that goes on afterwards does
not change the history.

Who may be watched (:meth:`History.viewpoints`):

* a finished game: every seat's view as that seat saw it at each step, the table's public
  view, and :data:`EVERYTHING` (every seat's view at once) -- the game is over, nothing is
  secret any more;
* a game in progress (a save of an unfinished game): never :data:`EVERYTHING`.  With one human,
  that human's view and the public view; with two or more humans (hotseat) only the public view,
  so that a replay cannot show one player another's hand; with no human (bots only) every seat;
* a game that hides nothing (``GameDef.hidden`` false): every seat, finished or not (their
  views differ only in which way round the table is drawn), and no :data:`EVERYTHING`.
"""

from __future__ import annotations

import copy
from typing import Any

from .actions import Action
from .game import GameError, State
from .log_lines import LogLine
from .match import Match

EVERYTHING = "everything"  # the viewpoint "every seat's view at once" (finished games only)
CHECKPOINT_EVERY = 32  # steps between the kept copies of the state


class History:
    """The steps of a match.  :meth:`state_at` walks there from the nearest kept copy."""

    def __init__(self, match: Match) -> None:
        self.game = match.game
        self.names: list[str] = list(match.names)
        self.humans: list[int] = match.human_seats()
        self.actions: list[Action] = list(match.log)
        self.sentences: list[str] = list(match.sentences)
        self.lines: list[LogLine] = match.log_lines()  # one a move: a run of quiet steps is one
        self.finished = match.is_over()
        start = match.initial_state()  # (a fresh state: new_game, or a copy of the position's)
        self._kept: dict[int, State] = {0: copy.deepcopy(start)}
        self._step = 0
        self._state = start

    @property
    def last(self) -> int:
        """The last step (the number of actions)."""
        return len(self.actions)

    def check_step(self, step: int) -> int:
        if not isinstance(step, int) or not 0 <= step <= self.last:
            raise GameError(f"There is no step {step}: this game has steps 0 (the start) to {self.last}.")
        return step

    def state_at(self, step: int) -> State:
        """The state after ``step`` actions.  It is the history's own: read it, do not change it."""
        self.check_step(step)
        base = max(k for k in self._kept if k <= step)  # the nearest kept copy at or before it
        if self._step > step or base > self._step:
            self._state, self._step = copy.deepcopy(self._kept[base]), base
        while self._step < step:
            self._state.apply_unchecked(self.actions[self._step])
            self._step += 1
            if self._step % CHECKPOINT_EVERY == 0 and self._step not in self._kept:
                self._kept[self._step] = copy.deepcopy(self._state)
        return self._state

    def view_at(self, step: int, seat: int | None) -> dict[str, Any]:
        """What ``seat`` saw after ``step`` actions (``None``: the table's public view)."""
        return self.state_at(step).view(seat)

    def action_before(self, step: int) -> Action | None:
        """The action that led to ``step`` (``None`` at the start)."""
        return self.actions[step - 1] if step > 0 else None

    # --- who may be watched ---------------------------------------------------------------
    def viewpoints(self) -> list[int | str | None]:
        """The viewpoints a replay offers, in order: seats, ``None`` (the public view) and
        :data:`EVERYTHING` (see the module's documentation for why)."""
        seats = list(range(len(self.names)))
        if not self.game.hidden:
            return seats
        if self.finished:
            return [EVERYTHING, *seats, None]
        if not self.humans:
            return [*seats, None]
        if len(self.humans) == 1:
            return [self.humans[0], None]
        return [None]

    def default_viewpoint(self) -> int | str | None:
        """The lone human's seat when there is one; otherwise everything for a finished game,
        or the first viewpoint offered."""
        offered = self.viewpoints()
        if len(self.humans) == 1 and self.humans[0] in offered:
            return self.humans[0]
        return offered[0]

    def viewpoint_name(self, viewpoint: int | str | None) -> str:
        if viewpoint == EVERYTHING:
            return "Everything shown (every player's view)"
        if viewpoint is None:
            return "The table (public cards only)"
        return f"{self.names[viewpoint]}'s view"
