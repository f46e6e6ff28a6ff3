"""Lessons: a guided first game, as data.

A lesson is one JSON file in ``assets/lessons/`` (no code): the game, the seed, the seats (the
learner is seat 1, the others bots of a level), then its steps.  A step says something
(``say``), points at places of the table by name (``point``: ``hand/0``, ``pile/2`` ...),
expects the learner's next move (``expect``: ``"any"`` legal move, one move -- a kind and the
arguments that matter -- or a list of such; or ``"next"``: words only, read, then Next), and may
check the game after it (``check``).  The
other seats play as the seats' bots do in the app (the same seeds), chance by the match's seed,
so a lesson plays the same every time.

``tabletop lessons --check`` replays every lesson against the rules (:func:`check_lesson`).
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any, NamedTuple

from .actions import Action
from .bots.levels import make_bot
from .game import CHANCE, GameDef, GameError
from .match import Match, Seat
from .paths import assets_dir


LONGEST_STEP = 5000  # a step's moves at most, replayed headless (more: the step never ends)
NEXT = "next"  # a step's expect: words only, in the middle of a lesson; the learner reads, then clicks Next


def bot_seed(match_seed: int, actions: int, seat: int, purpose: str = "move") -> int:
    """The seed of a bot's decision: from the match's seed, the actions played so far and the
    seat (the app's and a lesson's bots decide alike)."""
    return zlib.crc32(f"{match_seed}/{actions}/{seat}/{purpose}".encode())


class Step(NamedTuple):
    """One step of a lesson."""

    say: str
    point: tuple[str, ...]
    expect: Any  # "any", a dict (kind and the arguments that matter), a list of dicts, or NEXT (words only)
    check: dict[str, Any]
    not_now: str  # what the learner is told when they play another legal move
    repeat: bool = False  # the step lasts while the learner's every legal move is one it expects (a sowing's drops)
    until_over: bool = False  # the step lasts until the game is over (the learner plays on: "any" moves, say)

    @property
    def reading(self) -> bool:
        """Words only, in the middle of a lesson: no move, the learner goes on with Next."""
        return self.expect == NEXT

    @property
    def teaches(self) -> bool:
        """The step expects a move of the learner's."""
        return self.expect is not None and self.expect != NEXT


class Lesson(NamedTuple):
    id: str
    game: str
    title: str
    about: str
    seed: int
    names: tuple[str, ...]
    bots: tuple[str, ...]  # the other seats' levels
    options: dict[str, Any]
    steps: tuple[Step, ...]
    position: dict[str, Any] | None = None  # a position document to start from (docs/positions.md); None: the seed's deal
    next: str = ""  # the lesson to take after this one (its id), offered at its end; "" none

    def new_match(self, game: GameDef) -> Match:
        seats = [Seat(self.names[0])] + [Seat(n, "bot", lvl) for n, lvl in zip(self.names[1:], self.bots)]
        return Match(game, seats, dict(self.options), seed=self.seed, position=self.position)


def lessons_dir() -> Path:
    return assets_dir() / "lessons"


def load_lesson(path: Path | str) -> Lesson:
    """The lesson in ``path`` (a clear error naming the file and what is wrong)."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        steps = tuple(Step(str(s["say"]), tuple(s.get("point", ())), s.get("expect", "any"),
                           dict(s.get("check", {})), str(s.get("not_now", "")), bool(s.get("repeat", False)),
                           _until(s.get("until")))
                      for s in doc["steps"])
        names = tuple(doc["names"])
        lesson = Lesson(str(doc["id"]), str(doc["game"]), str(doc["title"]), str(doc.get("about", "")),
                        int(doc["seed"]), names, tuple(doc.get("bots", ["easy"] * (len(names) - 1))),
                        dict(doc.get("options", {})), steps, doc.get("position"), str(doc.get("next", "")))
        if lesson.position is not None and not isinstance(lesson.position, dict):
            raise TypeError("its position is not a position document")
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise GameError(f"The lesson {path.name} cannot be read: {type(e).__name__}: {e}.") from None
    if not steps:
        raise GameError(f"The lesson {path.name} has no steps.")
    return lesson


def _until(value: Any) -> bool:
    if value not in (None, "over"):
        raise ValueError(f"a step lasts until \"over\" or its move, not until {value!r}")
    return value == "over"


def all_lessons() -> list[Lesson]:
    """Every lesson in ``assets/lessons/`` of a game installed, in teaching order
    (:func:`teaching_order`)."""
    from .registry import all_games

    folder = lessons_dir()
    games = [g.id for g in all_games()]
    lessons = [load_lesson(p) for p in sorted(folder.glob("*.json"))] if folder.is_dir() else []
    return teaching_order([x for x in lessons if x.game in games], games)


def teaching_order(lessons: list[Lesson], games: list[str]) -> list[Lesson]:
    """``lessons`` by game (in ``games``' order), and within a game in the order they teach: its
    first lesson (:func:`first_of`), then each lesson's ``next``, then any other by id."""
    out: list[Lesson] = []
    for game in games:
        mine = sorted((x for x in lessons if x.game == game), key=lambda x: x.id)
        by_id = {x.id: x for x in mine}
        lesson = first_of(mine)
        while lesson is not None and lesson not in out:
            out.append(lesson)
            lesson = by_id.get(lesson.next)
        out += [x for x in mine if x not in out]
    return out


def first_of(lessons: list[Lesson]) -> Lesson | None:
    """The first lesson of a game's ``lessons``: of its ``...-first-game`` ones, the one with the
    default options (the shogun game's, not its classic rules'), else one no other names as its
    next, else the first -- or ``None``."""
    firsts = [x for x in lessons if x.id.endswith("first-game")]
    named = {x.next for x in lessons}
    firsts = firsts or [x for x in lessons if x.id not in named] or lessons
    return next((x for x in firsts if not x.options), firsts[0] if firsts else None)


def finish_for_learner(match: Match, level: str = "easy") -> None:
    """Free play skipped: the learner's seat is played by a bot of ``level``, the others by
    theirs, chance by the match, to the game's end."""
    while not match.is_over():
        d = match.decider()
        if d == CHANCE:
            match.resolve_chance()
            continue
        bot_level = level if d == 0 else (match.seats[d].level or "easy")
        bot = make_bot(match.game, bot_level, bot_seed(match.seed, len(match.log), d))
        match.submit(bot.choose(match.state.view(d), match.legal_actions()))


def matches(action: Action, expect: Any) -> bool:
    """Whether ``action`` is what a step expects (no move is, while the learner reads)."""
    if expect == "any":
        return True
    if expect == NEXT:
        return False
    if isinstance(expect, list):
        return any(matches(action, e) for e in expect)
    if action.kind != expect.get("kind"):
        return False
    args = dict(action.args)
    return all(args.get(k) == v for k, v in expect.get("args", {}).items())


def taught(legal: list[Action], expect: Any) -> list[Action]:
    """The legal moves a step expects."""
    return [a for a in legal if matches(a, expect)]


def lasts(step: Step, match: Match) -> bool:
    """Whether a repeated step goes on: the learner still decides, and only as it expects."""
    if step.until_over:
        return not match.is_over()
    legal = match.legal_actions() if not match.is_over() and match.decider() == 0 else []
    return step.repeat and bool(legal) and all(matches(a, step.expect) for a in legal)


def check_holds(match: Match, check: dict[str, Any]) -> str:
    """"" when ``check`` holds after a step, else what does not.  Checks: ``decider`` (the seat
    deciding, 0 for the learner), ``over`` (true or false), ``score_at_least`` ([seat, points]),
    ``logged`` (a kind of action played last by the learner)."""
    for key, want in check.items():
        if key == "decider":
            if match.decider() != want:
                return f"seat {want + 1} should decide, not {match.decider()}"
        elif key == "over":
            if match.is_over() != bool(want):
                return "the game should be over" if want else "the game should go on"
        elif key == "score_at_least":
            seat, points = want
            if match.state.scores()[seat].total < points:
                return f"seat {seat + 1} should have at least {points} points"
        elif key == "logged":
            mine = [a for a, d in zip(match.log, match._deciders) if d == 0]
            if not mine or mine[-1].kind != want:
                return f"the learner's last move should be a {want}"
        else:
            return f"unknown check {key!r}"
    return ""


def play_others(match: Match) -> None:
    """Chance and the bots play until the learner decides (or the game ends), as in the app."""
    while not match.is_over():
        d = match.decider()
        if d == CHANCE:
            match.resolve_chance()
        elif d == 0:
            return
        else:
            level = match.seats[d].level or "easy"
            bot = make_bot(match.game, level, bot_seed(match.seed, len(match.log), d))
            match.submit(bot.choose(match.state.view(d), match.legal_actions()))


def replay_lesson(lesson: Lesson, game: GameDef) -> tuple[Match, int, str]:
    """Play ``lesson`` headless as it teaches, checking each step: the match it leaves, and
    (0, "") or (the step that fails, counted from 1, and what is wrong)."""
    match = lesson.new_match(game)
    play_others(match)
    run = LessonRun(lesson)
    while run.current is not None:
        n, step = run.step + 1, run.current
        if step.expect is None:  # (a step that only says something: the next one acts)
            run.step += 1
            continue
        problem = run.take_step(match) or check_holds(match, step.check)
        if problem:
            return match, n, problem
    return match, 0, ""


def check_lesson(lesson: Lesson, game: GameDef) -> tuple[int, str]:
    """Replay ``lesson`` headless: every taught move legal where it is taught, every check true.
    Returns (the number of moves the learner plays, "") or (the step, what is wrong) -- steps
    counted from 1."""
    _, n, problem = replay_lesson(lesson, game)
    return (n, problem) if problem else (sum(1 for s in lesson.steps if s.teaches), "")


class LessonRun:
    """A lesson being played on a match: the step the learner is at, whether a move is the one
    taught, and what the learner is told otherwise.  The match is played by the app (or a test):
    the run only follows it."""

    def __init__(self, lesson: Lesson, step: int = 0) -> None:
        self.lesson = lesson
        self.step = step
        self.lasted = 0  # the learner's moves in the step so far (a step that lasts)

    @property
    def current(self) -> Step | None:
        return self.lesson.steps[self.step] if self.step < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        """Every step that expects a move is done (the last words may be on show)."""
        return all(s.expect is None for s in self.lesson.steps[self.step:])

    def allows(self, action: Action) -> bool:
        step = self.current
        return step is None or step.expect is None or matches(action, step.expect)

    def refusal(self) -> str:
        """What the learner is told of a legal move that is not the one taught."""
        step = self.current
        if step is not None and step.reading:
            return "Not now: read the words, then click Next."
        why = step.not_now if step is not None and step.not_now else "follow the lesson's step"
        return f"Not now: {why}."

    def take_step(self, match: Match, others: bool = True) -> str:
        """Play the step for the learner as the lesson teaches it (its first taught move; a
        repeated step's, to its end), then chance and the bots (``others`` false: not after the
        step's last move -- the app shows them as they happen): "" or why it cannot be played."""
        step, at = self.current, self.step
        if self.read_on():  # (words only: no move)
            return ""
        if match.is_over() or match.decider() != 0:
            return "the learner does not decide here"
        for _ in range(LONGEST_STEP):
            moves = taught(match.legal_actions(), step.expect)
            if not moves:
                return f"no legal move is what the step expects ({json.dumps(step.expect)})"
            match.submit(moves[0])
            self.played(moves[0], match)
            if self.step == at:  # (a step that lasts to the game's end: the others play, then on)
                play_others(match)
                self.followed(match)
            if self.step != at:
                if others:
                    play_others(match)
                return ""
        return f"the step did not end in {LONGEST_STEP} moves"

    def read_on(self) -> bool:
        """Next, on a step of words only: on to the step after it (whether it was one)."""
        if self.current is None or not self.current.reading:
            return False
        self.step += 1
        self.lasted = 0
        return True

    def followed(self, match: Match) -> None:
        """The game moved on (the others played): a step that lasts to the game's end ends with it."""
        step = self.current
        if step is not None and step.until_over and match.is_over():
            self.step += 1
            self.lasted = 0

    def played(self, action: Action, match: Match | None = None) -> None:
        """The learner played ``action`` (a taught one) on ``match``: on to the next step (a
        repeated step lasts while it can, :func:`lasts`)."""
        step = self.current
        if step is not None and step.expect is not None and matches(action, step.expect):
            if match is not None and lasts(step, match):
                self.lasted += 1
            else:
                self.step += 1
                self.lasted = 0


def progress_path() -> Path:
    from .paths import data_dir

    return data_dir() / "lessons.json"


def saved_progress() -> dict[str, int]:
    """The step each lesson left unfinished was at (``tabletop`` keeps it to resume)."""
    try:
        doc = json.loads(progress_path().read_text(encoding="utf-8"))
        return {str(k): int(v) for k, v in doc.items()}
    except (OSError, ValueError, TypeError, AttributeError):
        return {}


def save_progress(lesson_id: str, step: int | None) -> None:
    """Keep where ``lesson_id`` was left (``None``: finished, forget it)."""
    from .files import write_atomic

    progress = saved_progress()
    if step is None:
        progress.pop(lesson_id, None)
    else:
        progress[lesson_id] = step
    write_atomic(progress_path(), json.dumps(progress, indent=1) + "\n")
