"""The controller: one :class:`Match` in play, driven from the GUI.

It submits the humans' actions (an illegal one leaves everything as it was and reports the
engine's reason), runs the bots off the GUI thread at a watchable pace, resolves chance,
autosaves after every change, and decides what the table may show:

* no human seat: the spectator view ``state.view(None)``;
* one human: always that human's seat;
* two or more humans (hotseat): whenever the decision passes from one human to another a
  curtain comes up ("Pass to Ben") and the table shows nothing private until it is lifted.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from tabletop.engine.actions import Action
from tabletop.engine.bots.advice import Option, option_words
from tabletop.engine.lessons import bot_seed, taught
from tabletop.engine.game import CHANCE, GameError
from tabletop.engine.match import Match
from tabletop.engine.paths import autosave_path
from tabletop.engine.files import plain_os_error, write_atomic
from tabletop.engine.saves import match_to_json, save_match

from .bot_runner import BotRunner

HINT_LEVEL = "hard"
HINT_SECONDS = 1.5  # a hint's search at most (the Hard bot's own budget, 2.5 s, would keep the player waiting)


class AutosaveWriter:
    """Writes the autosave on a background thread (an fsync can take a while).

    The text is made on the GUI thread, so it is always a consistent snapshot; only the latest
    text waiting is written, atomically.  :meth:`flush` waits until it is on disk.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: tuple[Path, str] | None = None
        self._writing = False
        self.error: str = ""
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def submit(self, path: Path, text: str) -> None:
        with self._cond:
            self._pending = (path, text)
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None:
                    self._cond.wait()
                path, text = self._pending
                self._pending = None
                self._writing = True
            try:
                write_atomic(path, text)
                self.error = ""
            except OSError as e:
                self.error = plain_os_error(e)
            with self._cond:
                self._writing = False
                self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._writing, timeout)


_writer: AutosaveWriter | None = None


def autosave_writer() -> AutosaveWriter:
    global _writer
    if _writer is None:
        _writer = AutosaveWriter()
    return _writer


class Controller(QObject):
    changed = Signal()  # the match, the seat shown or the curtain changed: redraw everything
    message = Signal(str)  # a sentence for the status bar
    hint_ready = Signal(object)  # the Action the hint bot suggests
    hint_reasons = Signal(object)  # ... and its reasons: the Options of the hint, that one first
    game_over = Signal()
    started = Signal()  # a new match was attached (new game, load, resume)
    lesson_changed = Signal()  # a lesson began, moved to another step, or ended

    def __init__(self, settings: Any = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.match: Match | None = None
        self.path: Path | None = None  # where the match was last saved or loaded from
        self.seat_shown: int | None = None
        self.curtain_for: int | None = None
        # hotseat: the next human, while the one at the screen looks at what their move did
        self.review_for: int | None = None
        # the lone human, playing with fewer questions, asked to be offered the next quiet moment
        self.wants_moment = False
        # hotseat questions to the whole table ("does anyone block it?"), see _ask_table
        self.question: str | None = None  # the question on screen, if any
        self.question_seats: list[int] = []  # the humans who may still answer it
        self._window: int | None = None  # the id of the round of asking being answered
        self._answerer: int | None = None  # the human who said they answer it
        self._nobody = False  # the humans said nobody answers it
        self.last_action: Action | None = None
        self.thinking: int | None = None  # the bot seat whose move is being computed
        self.bot_ready: Action | None = None  # a bot's answer waiting for the pace
        self.hinting = False
        self.ticket = 0
        self.hint_level = HINT_LEVEL
        self.lesson: Any = None  # the lesson being played (a LessonRun), if any
        self.search_budgets: dict[str, dict[str, Any]] = {}  # level -> {"seconds", "iterations"} overrides
        self.autosave_enabled = True
        self._bot_started = 0.0
        self.runner = BotRunner(self)
        self.runner.finished.connect(self._on_bot_finished)

    # --- settings -------------------------------------------------------------------
    @property
    def pace(self) -> float:
        return self.settings.bot_pace if self.settings is not None else 0.0

    # --- attaching a match ------------------------------------------------------------
    def start(self, match: Match, path: Path | str | None = None, lesson: Any = None) -> None:
        """Play ``match`` (new, loaded or resumed) from where it stands; ``lesson``: a
        :class:`~tabletop.engine.lessons.LessonRun` that guides its learner (seat 1)."""
        self._bump()
        had_lesson = self.lesson is not None
        self.lesson = lesson
        self.match = match
        self.path = Path(path) if path else None
        self.last_action = None
        self.thinking = None
        self.hinting = False
        self.curtain_for = None
        self.review_for = None
        self.wants_moment = False
        self._reset_question()
        humans = match.human_seats()
        self.seat_shown = humans[0] if len(humans) == 1 else None
        if len(humans) < len(match.seats):
            self.runner.warm_up()
        self.started.emit()
        if lesson is not None or had_lesson:
            self.lesson_changed.emit()
        self._autosave()
        self._advance()

    def stop(self) -> None:
        """Forget the match (back to the start screen); running bots are cancelled."""
        self._bump()
        self.match = None
        self.thinking = None
        self.hinting = False
        self.curtain_for = None
        self.review_for = None
        self._reset_question()
        if self.lesson is not None:
            self.lesson = None
            self.lesson_changed.emit()

    def _bump(self) -> None:
        """The game changed: every bot decision under way is stale."""
        self.ticket += 1
        self.bot_ready = None
        self.runner.cancel()

    # --- what the table shows ---------------------------------------------------------
    @property
    def hotseat(self) -> bool:
        return self.match is not None and len(self.match.human_seats()) >= 2

    def curtain_up(self) -> bool:
        return self.curtain_for is not None or self.question is not None

    def reviewing(self) -> bool:
        """Hotseat: the player at the screen is looking at what their move did, before they
        pass the computer on (``done_review``)."""
        return self.review_for is not None

    def done_review(self) -> None:
        """"Done — pass to NAME": the curtain for the next player comes down."""
        if self.review_for is None:
            return
        self.curtain_for, self.review_for = self.review_for, None
        self.changed.emit()

    # --- questions to the whole table (hotseat) -------------------------------------------
    def _reset_question(self) -> None:
        self.question, self.question_seats = None, []
        self._window, self._answerer, self._nobody = None, None, False

    def _ask_table(self, d: int) -> bool:
        """Hotseat: everybody in turn is asked whether to answer something out of turn. Instead
        of passing the screen to each human, the table is asked once who answers (anyone may
        say so, holding a card or not: it tells nothing).  Returns whether ``d``'s decision was
        taken care of here (answered "no" for them, or the question is on screen)."""
        m = self.match
        window = m.state.window(m.names)
        if window is None:
            return False
        text, wid = window
        if wid != self._window:
            self._reset_question()
            self._window = wid
        no = m.state.no_answer()
        if no is not None and (self._nobody or (self._answerer is not None and self._answerer != d)):
            self._after_move(no, self._submit_for(d, no))
            return True
        if self._answerer == d:
            return False
        self.question = text
        humans = set(m.human_seats())
        self.question_seats = [p for p in m.state.window_order() if p in humans]
        self.curtain_for = None
        self.changed.emit()
        return True

    def answer_question(self, seat: int | None) -> None:
        """The table's answer: ``seat`` answers the question (``None``: nobody does)."""
        if self.question is None:
            return
        self.question = None
        if seat is None:
            self._nobody = True
        else:
            self._answerer = seat
        self._advance()

    def human_to_act(self) -> bool:
        """Whether the seat on the table is the one deciding now (so it may click) -- never under
        a lesson's last words (:meth:`lesson_done`)."""
        m = self.match
        if m is None or m.is_over() or self.curtain_up() or self.review_for is not None or self.lesson_done():
            return False
        d = m.decider()
        return d is not None and d >= 0 and m.seats[d].is_human and d == self.seat_shown

    def table_view(self) -> tuple[dict[str, Any] | None, list[Action]]:
        """The view to draw and the actions the seated player may take (``None``: draw nothing)."""
        m = self.match
        if m is None or self.curtain_up():
            return None, []
        if m.is_over():
            seat = self.seat_shown if not self.hotseat else None
            return m.state.view(seat), []
        legal = m.legal_actions() if self.human_to_act() else []
        return m.state.view(self.seat_shown), legal

    def lift_curtain(self) -> None:
        if self.curtain_for is None:
            return
        self.seat_shown = self.curtain_for
        self.curtain_for = None
        self.changed.emit()

    # --- playing ----------------------------------------------------------------------
    def _refuse(self, words: str) -> bool:
        """A move chosen on the table is not played: the table is drawn again as it stands (the
        table spent its half-made choice and its outlines on the move: a choice left half made
        there would offer buttons with nothing behind them, and a lesson's places go dark), then
        the status bar says why.  Returns False (nothing was played)."""
        self.last_action = None  # (the same position drawn again: nothing flies)
        self.changed.emit()
        self.message.emit(words)
        return False

    def submit_human(self, action: Action) -> bool:
        """The seated human chose ``action``; returns whether it was played."""
        m = self.match
        if m is None:
            return False
        if m.is_over():
            return self._refuse("The game is over.")
        if self.curtain_up():
            if self.curtain_for is not None:
                return self._refuse(f"Pass the computer to {m.names[self.curtain_for]} first.")
            return self._refuse("Answer the question on the screen first.")
        deciding = self.human_to_act()
        free_seat = m.state.free_action_seat(action)
        out_of_turn = (not deciding and free_seat is not None and free_seat == self.seat_shown
                       and m.seats[free_seat].is_human)
        if not deciding and not out_of_turn:
            d = m.decider()
            who = m.names[d] if d is not None and d >= 0 else "chance"
            return self._refuse(f"It is {who}'s decision now, not yours.")
        if deciding:
            self.wants_moment = False  # (asked, answered)
        if deciding and self.lesson is not None and action in m.legal_actions() and not self.lesson.allows(action):
            return self._refuse(self.lesson.refusal())  # (a legal move the lesson does not teach here)
        seat = m.decider()
        try:
            sentence = m.submit(action)
        except GameError as e:
            return self._refuse(str(e))
        if deciding:
            self._lesson_follows(seat, action)
        if out_of_turn:
            # a free action out of turn (rearranging one's hand) changes nothing in play: a bot
            # thinking now goes on, and its move stays legal
            self.message.emit(sentence)
            self._autosave()
            self.changed.emit()
            return True
        self._after_move(action, sentence)
        return True

    def _after_move(self, action: Action | None, sentence: str) -> None:
        self._bump()
        self.review_for = None
        self.hinting = False
        self.last_action = action
        if sentence:
            self.message.emit(sentence)
        self._autosave()
        self._advance()

    def _advance(self) -> None:
        """Resolve chance, start a bot if one decides, set the seat shown, redraw."""
        m = self.match
        if m is None:
            return
        if m.decider() == CHANCE:
            m.resolve_chance()
            self._autosave()
        if m.is_over():
            self.thinking = None
            self.curtain_for = None
            if self.lesson is not None:  # (a step that lasts to the game's end ends with it)
                self.lesson.followed(m)
                self.lesson_changed.emit()
            self.changed.emit()
            self.game_over.emit()
            return
        d = m.decider()
        humans = m.human_seats()
        if m.seats[d].is_human and self.lesson_done():
            # the lesson's last words: the table stays as they speak of it, nothing is played on
            # (Play a real game, Next lesson or Leave go on)
            self.thinking = None
            self.changed.emit()
            return
        if m.seats[d].is_human and m.state.formality(hotseat=len(humans) >= 2) and not self.lesson_asks():
            # a human is not asked a question with one answer ("no Apple: let it pass") -- but a
            # lesson's learner is asked everything its step teaches
            action = m.legal_actions()[0]
            self._after_move(action, self._submit_for(d, action))
            return
        no = m.state.no_answer() if m.seats[d].is_human else None
        if no is not None and self._skips_invitation():
            self._after_move(no, self._submit_for(d, no))
            return
        if m.seats[d].is_human and len(humans) >= 2 and self._ask_table(d):
            return
        if m.seats[d].is_human:
            self.thinking = None
            if len(humans) >= 2 and d != self.seat_shown and m.game.hidden:
                if self._shows_results() and self.seat_shown is not None and m.log:
                    self.review_for = d  # first the player at the screen sees what their move did
                else:
                    self.curtain_for = d
            elif len(humans) >= 2:
                # the same seat again, or a game with nothing hidden: no curtain, the screen
                # simply turns to the player deciding
                self.curtain_for = None
                self.seat_shown = d
        else:
            self._start_bot(d)
        if not humans:
            self.seat_shown = None
        elif len(humans) == 1:
            self.seat_shown = humans[0]
        self.changed.emit()

    def _shows_results(self) -> bool:
        return self.settings is not None and self.settings.show_results

    def asks_fewer(self) -> bool:
        """A lone human playing with fewer questions (the setting, on by default) -- not in a
        lesson's step that teaches a move (:meth:`lesson_asks`)."""
        m = self.match
        return (m is not None and self.settings is not None and self.settings.fewer_questions
                and len(m.human_seats()) == 1 and not self.lesson_asks())

    def lesson_done(self) -> bool:
        """A lesson is on and every step that teaches a move is done: its last words are on show
        over a table that no longer plays (issue 41: Pass there started a new Day under them)."""
        return self.lesson is not None and self.lesson.finished and self.match is not None and not self.match.is_over()

    def lesson_asks(self) -> bool:
        """A lesson's step that teaches a move is on: its learner is asked every question (one
        with one answer, a quiet moment), whatever the settings, so every step is shown -- as
        ``tabletop lessons --check`` replays it.  Its free play to the game's end and its last
        words leave the table to the settings, as in a game."""
        run = self.lesson
        step = run.current if run is not None else None
        return step is not None and step.expect is not None and not step.until_over

    def has_quiet_moments(self) -> bool:
        """The game on the table invites plays out of turn (its states say so)."""
        from tabletop.engine.game import State

        m = self.match
        return m is not None and type(m.state).open_invitation is not State.open_invitation

    def _skips_invitation(self) -> bool:
        """A lone human who asked for fewer questions is not offered plays out of turn at the
        quiet moments before the others' turns (the controller says "no" for them) -- unless they
        asked to play at the next one (:meth:`request_moment`)."""
        m = self.match
        return self.asks_fewer() and not self.wants_moment and m.state.open_invitation()

    def request_moment(self) -> None:
        """The lone human clicked a hero or a card to use it while it was not their decision:
        the next quiet moment is offered to them instead of being passed over."""
        m = self.match
        if m is None or m.is_over() or not self.asks_fewer() or self.human_to_act():
            return
        self.wants_moment = True
        self.message.emit("You will be asked at the next moment you may play out of turn.")

    def _seed(self, purpose: str, seat: int) -> int:
        m = self.match
        return bot_seed(m.seed, len(m.log), seat, purpose)

    def _start_bot(self, seat: int) -> None:
        m = self.match
        self.thinking = seat
        self._bot_started = time.monotonic()
        self.runner.think(
            self.ticket,
            "move",
            m.game,
            m.seats[seat].level or "random",
            self._seed("move", seat),
            m.state.view(seat),
            m.legal_actions(),
            self.search_budgets.get(m.seats[seat].level or "random"),
        )

    def _on_bot_finished(self, ticket: int, purpose: str, action: Action | None, error: str) -> None:
        if ticket != self.ticket or self.match is None:
            return  # stale: the game changed while the bot thought
        if purpose == "hint":
            self.hinting = False
            if not action:
                self.message.emit(error or "No hint is available.")
                return
            options = action if isinstance(action, list) else [Option(action, str(action), {}, 0, ())]
            self.hint_ready.emit(options[0].action)
            self.hint_reasons.emit(options)
            self.message.emit(f"Hint: {option_words(options[0])}")
            return
        if action is None:
            self.message.emit(error)
            return
        wait = self.pace - (time.monotonic() - self._bot_started)
        self.bot_ready = action
        if wait > 0.001:
            QTimer.singleShot(int(wait * 1000), self, lambda: self._play_bot(ticket, action))
        else:
            self._play_bot(ticket, action)

    def _submit_for(self, seat: int, action: Action) -> str:
        """Play ``action`` for the human of ``seat`` (a question with one answer, an invitation
        passed over); a lesson counts it as the learner's move."""
        sentence = self.match.submit(action)
        self._lesson_follows(seat, action)
        return sentence

    def lesson_read_on(self) -> None:
        """Next, on a lesson's step of words only: on to the step after it."""
        if self.lesson is not None and self.lesson.read_on():
            self.lesson_changed.emit()
            self.changed.emit()  # (the banner and what may be clicked: the lesson may now be over)

    def _lesson_follows(self, seat: int, action: Action) -> None:
        """``seat`` played ``action``: a lesson counts it when it is the learner's (seat 1)."""
        if self.lesson is not None and seat == 0:
            self.lesson.played(action, self.match)
            self.lesson_changed.emit()

    def _play_bot(self, ticket: int, action: Action) -> None:
        m = self.match
        self.bot_ready = None
        if ticket != self.ticket or m is None or self.thinking is None:
            return
        try:
            sentence = m.submit(action)
        except GameError as e:  # a bot must only choose legal actions; say so rather than hang
            self.thinking = None
            self.message.emit(f"{m.names[m.decider()]} chose an illegal move: {e}")
            self.changed.emit()
            return
        self.thinking = None
        self._after_move(action, sentence)

    # --- undo, redo, hint -------------------------------------------------------------
    def can_undo(self) -> bool:
        # (a lesson steps back with its own Back: an undo would leave its step behind)
        return (self.match is not None and self.lesson is None and not self.curtain_up() and self.match.can_undo()
                and not self._not_yours())

    def _not_yours(self) -> bool:
        """Hotseat: undo takes back only the moves of the player at the screen, made since the
        computer came to them (pass-and-play: what was handed on stays played)."""
        m = self.match
        return self.hotseat and m.undo_seat() != self.seat_shown

    def undo_note(self) -> str:
        """What Undo does now, or why it cannot (for its tooltip and the status line)."""
        m = self.match
        if m is None:
            return "No game in play."
        if self.curtain_up():
            return "Undo waits until the curtain is lifted."
        blocked = m.undo_blocked_by()
        if blocked:
            return blocked
        seat = m.undo_seat()
        if self._not_yours():
            return (f"Undo takes back only your own moves before the computer is passed on: "
                    f"the last decision was {m.names[seat]}'s.")
        return f"Take back {m.names[seat]}'s last decision (Ctrl+Z)"

    def can_redo(self) -> bool:
        return self.match is not None and self.lesson is None and not self.curtain_up() and self.match.can_redo()

    def can_hint(self) -> bool:
        return self.human_to_act() and not self.hinting and not self._lesson_hint_off()

    def lesson_move(self) -> Action | None:
        """In a lesson's step that teaches a move (not any move): the move taught, as Skip would
        play it (``None``: every move is the lesson's, or none is now)."""
        run, m = self.lesson, self.match
        step = run.current if run is not None else None
        if m is None or step is None or step.expect in (None, "any") or not self.human_to_act():
            return None
        moves = taught(m.legal_actions(), step.expect)
        return moves[0] if moves else None

    def _lesson_teaches(self) -> bool:
        """A lesson's step expects one move of some (not "any" move, not only words)."""
        step = self.lesson.current if self.lesson is not None else None
        return step is not None and step.expect not in (None, "any")

    def _lesson_hint_off(self) -> bool:
        return self._lesson_teaches() and self.human_to_act() and self.lesson_move() is None

    def hint_note(self) -> str:
        """What the Hint button does now (its tooltip): in a lesson's step that teaches a move,
        it shows that move; otherwise the Hard bot's choice and its reasons."""
        if self._lesson_teaches():
            if self._lesson_hint_off():
                return "In a lesson the hint shows the step's move, and none can be played now."
            return "In a lesson the hint shows the move the step teaches (H)"
        return "What would the Hard bot do, and why? (H)"

    def undo(self) -> None:
        m = self.match
        if m is None:
            return
        if self.lesson is not None:
            self.message.emit("In a lesson, the lesson's Back button steps back.")
            return
        if self.curtain_up():
            self.message.emit("Lift the curtain before undoing.")
            return
        if self._not_yours():
            self.message.emit(self.undo_note())
            return
        try:
            m.undo()
            while self._skips_invitation() and m.can_undo():
                m.undo()  # (a "no" said for the player is not a decision to go back to)
        except GameError as e:
            self.message.emit(str(e))
            return
        self._bump()
        self.thinking = None
        self.hinting = False
        self.review_for = None
        self.last_action = None
        self.message.emit("Undone.")
        self._autosave()
        self._advance()

    def redo(self) -> None:
        m = self.match
        if m is None or self.lesson is not None:
            return
        if self.curtain_up():
            self.message.emit("Lift the curtain before redoing.")
            return
        if self.thinking is not None:
            self._bump()  # the bot's pending move gives way to the redone one
            self.thinking = None
        try:
            action = m.redo_stack[-1] if m.redo_stack else None
            sentence = m.redo()
        except GameError as e:
            self.message.emit(str(e))
            return
        self._after_move(action, sentence)

    def hint(self) -> None:
        m = self.match
        if m is None:
            return
        if not self.human_to_act():
            self.message.emit("A hint is for the player whose decision it is, on their turn.")
            return
        if self.hinting:
            return
        if self._lesson_teaches():
            # a lesson's hint is its step's move (the Hard bot's might be another: "Not now")
            move = self.lesson_move()
            if move is None:
                self.message.emit(self.hint_note())
            else:
                self.hint_ready.emit(move)
            return
        self.hinting = True
        d = m.decider()
        self.message.emit(f"The {self.hint_level} bot is thinking about a hint…")
        self.runner.think(
            self.ticket,
            "hint",
            m.game,
            self.hint_level,
            self._seed("hint", d),
            m.state.view(d),
            m.legal_actions(),
            self.search_budgets.get(self.hint_level) or {"seconds": HINT_SECONDS},
            names=m.names,
        )
        self.changed.emit()

    # --- files ------------------------------------------------------------------------
    def _autosave(self) -> None:
        if self.match is None or not self.autosave_enabled:
            return
        writer = autosave_writer()
        if writer.error:
            self.message.emit(f"Could not autosave: {writer.error}. The last autosave is kept; "
                              "save the game elsewhere with Save as… (Ctrl+Shift+S).")
        try:
            path = autosave_path()
        except OSError as e:  # (FolderError: no data folder; its sentence names it)
            self.message.emit(f"Could not autosave: {e} Save the game elsewhere with Save as… (Ctrl+Shift+S).")
            return
        text = json.dumps(match_to_json(self.match), indent=1) + "\n"
        writer.submit(path, text)

    @staticmethod
    def flush_autosave() -> None:
        """Wait until the last autosave is on disk."""
        if _writer is not None:
            _writer.flush()

    def save(self, path: Path | str) -> None:
        """Save the match to ``path`` (atomic); raises OSError on failure."""
        save_match(self.match, path)
        self.path = Path(path)

    # --- words for the panels ---------------------------------------------------------
    def decision_text(self) -> str:
        """Whose decision it is, in words, for the banner above the table."""
        m = self.match
        if m is None:
            return ""
        if m.is_over():
            names = [m.names[w] for w in m.state.winners()]
            if not names:
                return "Game over — " + (m.state.result_note(m.names) or "nobody wins")
            return f"Game over — {' and '.join(names)} {'wins' if len(names) == 1 else 'share the win'}"
        d = m.decider()
        if self.question is not None:
            return "A question for the whole table"
        if self.review_for is not None:
            return (f"{m.names[self.seat_shown]}, this is what your move did — press Done to pass to "
                    f"{m.names[self.review_for]}")
        if self.curtain_up():
            return f"Pass to {m.names[d]}"
        if self.lesson_done():  # (the table stands still under the lesson's last words)
            return f"Lesson over — {self.lesson.lesson.title}"
        seat = m.seats[d]
        doing = m.state.prompt()
        turn = m.state.whose_turn()
        if seat.is_human and turn is not None and 0 <= turn != d:
            # out of turn: a block, an answer, a gift to place -- say whose turn it is
            you = "you" if len(m.human_seats()) == 1 else f"{seat.name}, you"
            # (a question one may say no to: "may"; a move one must make, the forest's gift to place: "must")
            must = "may" if m.state.no_answer() is not None else "must"
            # (whose turn it is, not "Waiting for": the table waits for this seat now)
            return f"{m.names[turn]}'s turn — {you} {must} {doing}"
        if seat.is_human:
            if len(m.human_seats()) == 1:
                return f"Your turn, {seat.name}: {doing}"
            return f"{seat.name}, your turn: {doing}"
        return f"{seat.name} ({seat.level} bot) is thinking…"

