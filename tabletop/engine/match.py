"""A match: the game being played, its seats, its action log, undo and redo.

The state is always the starting state -- ``new_game(options, seed)``, or the state of a
position document (docs/positions.md) -- followed by the actions of :attr:`Match.log`;
undo truncates the log and replays it, so an undone state is exactly the earlier one.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any

from .actions import Action
from .game import BOT_LEVELS, CHANCE, GameDef, GameError, IllegalAction, State, one_line, short
from .log_lines import LogLine, fold


@dataclass
class Seat:
    name: str
    kind: str = "human"  # "human" or "bot"
    level: str | None = None  # for bots: one of BOT_LEVELS

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise GameError(f"A seat's name is text, not {short(self.name)}.")
        if self.kind not in ("human", "bot"):
            raise GameError(f"A seat is 'human' or 'bot', not {short(self.kind)}.")
        if self.kind == "bot" and self.level not in BOT_LEVELS:
            raise GameError(f"Unknown bot level {short(self.level)} (levels: {', '.join(BOT_LEVELS)}).")
        if not self.name.strip():
            raise GameError("Every seat needs a name.")

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Match:
    """A game in progress with its history.  Pure Python: the client drives it."""

    def __init__(
        self,
        game: GameDef,
        seats: list[Seat],
        options: dict[str, Any] | None = None,
        seed: int = 0,
        casual_undo: bool = False,
        position: dict[str, Any] | None = None,
        saved: bool = False,
    ) -> None:
        """``saved``: the options come from a save, where one missing predates the save and takes
        its legacy choice (see ``Option.legacy``)."""
        self.game = game
        self.position = position
        self.seats = list(seats)
        self.seed = int(seed)
        self.casual_undo = casual_undo
        if position is not None:
            self.options = game.resolve_options(position.get("options") or options, saved)
        else:
            self.options = game.resolve_options(options, saved)
        self._start: State | None = None  # the state the position document describes
        self.state: State = self.initial_state()
        if self.state.num_players != len(self.seats):
            raise GameError(f"The position is for {self.state.num_players} players, not {len(self.seats)}.")
        self.log: list[Action] = []
        self.sentences: list[str] = []
        self._shown: list[set[int]] = []  # the seats each move showed something they could not know
        self._quiet: list[str | None] = []  # each step's quiet key (the log folds runs of them)
        self._deciders: list[int] = []
        self._forced: list[bool] = []  # the decider had no choice (one legal action)
        self.redo_stack: list[Action] = []

    def initial_state(self) -> State:
        if self.position is not None:
            if self._start is None:  # read and tried out once; undo and replays copy it
                self._start = self.game.from_position({**self.position, "options": self.options})
            import copy

            return copy.deepcopy(self._start)  # (an exact copy: the games' clones are the bots' light ones)
        return self.game.new_game(len(self.seats), self.options, self.seed)

    # --- who and what ---------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def decider(self) -> int | None:
        return self.state.decider()

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def others_moved(self, seat: int | None) -> int | None:
        """The first step (1-based, as the log's lines count them) of the moves the other seats
        made since ``seat``'s last one, or ``None`` when none did (``seat`` moved last, chance
        aside).  ``seat`` ``None`` (nobody's seat on show): the last move's step."""
        if not self.log:
            return None
        if seat is None:
            return len(self.log)
        mine = next((i for i in range(len(self.log) - 1, -1, -1) if self._deciders[i] == seat), -1)
        if all(d == CHANCE for d in self._deciders[mine + 1:]):
            return None
        return mine + 2

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    # --- playing ----------------------------------------------------------------------
    def submit(self, action: Action) -> str:
        """Apply ``action`` for the current decider (or a free action for the seat the game
        names); returns its log sentence.

        An illegal action raises :class:`IllegalAction` and changes nothing.
        """
        decider = self.state.decider()
        if decider is None:
            raise IllegalAction("The game is over: no more actions can be taken.")
        legal = self.state.legal_actions()
        free = action not in legal
        if free:
            problem = self.state.free_action_problem(action)
            if problem:
                raise IllegalAction(problem)
            actor = self.state.free_action_seat(action)
            decider = decider if actor is None else actor
        sentence = self.state.describe(action, self.names)
        shown = self.state.shown_to(action)
        quiet = self.state.quiet_key(action)
        self.state.apply_unchecked(action)
        extra = self.state.aftermath(self.names)
        if extra:
            sentence = f"{sentence} {extra}"
        self.log.append(action)
        self.sentences.append(sentence)
        self._shown.append(shown)
        self._quiet.append(quiet)
        self._deciders.append(decider)
        self._forced.append(not free and len(legal) == 1)
        if self.redo_stack and self.redo_stack[-1] == action:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()
        return sentence

    def chance_action(self) -> Action:
        """The outcome of the current chance node, drawn from the seed and the step number."""
        outcomes = self.state.chance_outcomes()
        rng = random.Random(f"{self.seed}/{len(self.log)}")
        actions, weights = zip(*outcomes)
        return rng.choices(actions, weights)[0]

    def resolve_chance(self) -> list[str]:
        """Play chance nodes until a player must decide."""
        told = []
        while self.state.decider() == CHANCE:
            told.append(self.submit(self.chance_action()))
        return told

    def log_lines(self) -> list[LogLine]:
        """The log as read: one line a move, a run of quiet steps folded into one."""
        return fold(self.sentences, self._quiet, self._deciders,
                    lambda key, seats: self.state.quiet_words(key, seats, self.names))

    # --- undo and redo ----------------------------------------------------------------
    def _casual(self) -> bool:
        return self.casual_undo and len(self.human_seats()) == 1

    def _undo_scan(self) -> tuple[int | None, int | None]:
        """Back through the log to the humans' last decision (one with a choice): ``(its index,
        None)``; or ``(None, the index of a later move that showed the deciding seat something it
        could not know)``; or ``(None, None)`` when no human has decided yet.

        Only what the undoing player was shown makes a move final: the bots keep nothing between
        decisions, so a card of one's own that a bot saw does not stop undo.  Casual undo (one
        human) ignores what was shown."""
        humans = set(self.human_seats())
        point = next((i for i in range(len(self.log) - 1, -1, -1)
                      if self._deciders[i] in humans and not self._forced[i]), None)
        if point is None or self._casual():
            return point, None
        seat = self._deciders[point]
        shown = next((i for i in range(len(self.log) - 1, point - 1, -1) if seat in self._shown[i]), None)
        return (point, None) if shown is None else (None, shown)

    def undo_point(self) -> int | None:
        """The log length that undo would go back to, or ``None`` when nothing can be undone."""
        return self._undo_scan()[0]

    def can_undo(self) -> bool:
        return self.undo_point() is not None

    def undo_seat(self) -> int | None:
        """The seat whose decision undo would take back (``None``: nothing to undo)."""
        point = self.undo_point()
        return None if point is None else self._deciders[point]

    def undo_blocked_by(self) -> str:
        """Why there is nothing to undo, in a sentence ("" when there is): the move that showed
        hidden information since the humans' last decision, or that they have not decided yet."""
        point, revealed = self._undo_scan()
        if point is not None:
            return ""
        if revealed is not None:
            what = self.sentences[revealed].rstrip(".")
            return f"Undo is not possible: you were shown a hidden card since your last decision ({what})."
        return "Nothing to undo yet: no decision of yours has been made."

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> None:
        point = self.undo_point()
        if point is None:
            raise GameError(self.undo_blocked_by())
        undone = self.log[point:]
        self._rebuild(self.log[:point])
        self.redo_stack.extend(reversed(undone))

    def redo(self) -> str:
        if not self.redo_stack:
            raise GameError("Nothing to redo.")
        return self.submit(self.redo_stack[-1])

    def _rebuild(self, actions: list[Action]) -> None:
        self.state = self.initial_state()
        self.log, self.sentences, self._shown, self._quiet, self._deciders, self._forced = [], [], [], [], [], []
        redo = self.redo_stack
        self.redo_stack = []
        for a in actions:
            self.submit(a)
        self.redo_stack = redo

    @classmethod
    def replay(
        cls,
        game: GameDef,
        seats: list[Seat],
        options: dict[str, Any] | None,
        seed: int,
        actions: list[Action],
        casual_undo: bool = False,
        position: dict[str, Any] | None = None,
        saved: bool = False,
    ) -> "Match":
        """Rebuild a match from its log; an illegal action raises ``GameError`` naming its step."""
        match = cls(game, seats, options, seed, casual_undo, position, saved)
        for step, action in enumerate(actions, start=1):
            try:
                match.submit(action)
            except GameError as e:
                raise GameError(f"Step {step} ({one_line(action, 60)}) is illegal: {one_line(e)}") from None
        return match

    # --- history for the end screen ---------------------------------------------------
    def score_history(self) -> list[list[int]]:
        """Each player's score at the start and after each turn, phase or round (the state's
        ``chart_step``), and at the end."""
        state = self.initial_state()
        history = [[s.total for s in state.scores()]]
        last_step = state.chart_step()
        for action in self.log:
            state.apply_unchecked(action)
            step = state.chart_step()
            if step != last_step:
                last_step = step
                history.append([s.total for s in state.scores()])
        final = [s.total for s in state.scores()]
        if history[-1] != final or len(history) == 1:
            history.append(final)
        return history
