"""Learning to play, for the main window: a lesson played (Help > Learn to play, a tile's Learn to
play) with its Back, Skip, Leave and its real game at the end, and Review my game (the end
screen's, the replay's) with its marks in the replay."""

from __future__ import annotations

from typing import Any


class Learning:
    """What the window does for lessons and reviews (the window has one)."""

    def __init__(self, window: Any) -> None:
        self.window = window

    def fill_menu(self, learn: Any) -> None:
        """Help > Learn to play (``learn``), once: every lesson, by game and in teaching order
        (read once, by the gallery)."""
        from tabletop.engine.registry import get_game

        from .gallery import menu_words

        if learn.actions():
            return
        gallery = self.window.gallery
        game = None
        for lesson in gallery.read_lessons():
            if game is not None and lesson.game != game:
                learn.addSeparator()
            game = lesson.game
            action = learn.addAction(menu_words(f"{get_game(lesson.game).name}: {lesson.title}"))
            action.setToolTip(lesson.about)
            action.triggered.connect(lambda _=False, i=lesson.id: self.learn(i))
        learn.setToolTipsVisible(True)
        if gallery.lessons_problem:  # (a broken lesson file: said, the app goes on)
            learn.addAction(f"The lessons cannot be read: {gallery.lessons_problem}").setEnabled(False)

    def review_game(self, match: Any = None, seat: int | None = None) -> Any:
        """Review my game (the end screen's, or the replay's Review this game…): ``seat``'s
        decisions (default: the first human seat's; a game of bots: the first seat's) searched
        again in the background; the costliest three are marked in the replay's log, and a
        decision double-clicked opens the replay there, the better move marked."""
        from .review_dialog import ReviewDialog

        if match is None:
            c = self.window._controller
            match = c.match if c is not None else None
        if match is None or not match.is_over():
            return None
        if seat is None:
            humans = match.human_seats()
            seat = humans[0] if humans else 0
        dialog = ReviewDialog(match, seat, self.window)
        dialog.show_step.connect(lambda step, better: self._review_step(match, seat, step, better, dialog))
        dialog.reviewed.connect(lambda decisions: self._mark_replay(match, decisions, seat))
        dialog.show()
        if dialog.decisions:  # (kept from a first look: ready at once)
            self._mark_replay(match, dialog.decisions, seat)
        return dialog

    def _mark_replay(self, match: Any, decisions: list[Any], seat: int) -> None:
        if self.window._replay_screen is not None and getattr(self.window._replay_screen, "match", None) is match:
            self.window._replay_screen.mark_review(decisions, seat)

    def _review_step(self, match: Any, seat: int, step: int, better: Any, dialog: Any) -> None:
        if self.window.current_screen() is not self.window._replay_screen:
            self.window._replay_from = self.window.current_screen()
        self.window.replay_screen.show_match(match, step)
        self.window._show_replay(match.game.name)
        self.window.replay_screen.mark_review(dialog.decisions, seat)
        self.window.replay_screen.point_out(seat, better)

    def learn(self, lesson_id: str, step: int | None = None) -> None:
        """Play the lesson ``lesson_id`` from ``step`` (default: where it was left, else its start)
        -- Help > Learn to play."""
        from tabletop.engine.game import GameError
        from tabletop.engine.lessons import LessonRun, all_lessons, play_others, saved_progress
        from tabletop.engine.registry import get_game

        try:
            lesson = next(x for x in all_lessons() if x.id == lesson_id)
        except (StopIteration, GameError) as e:
            self.window.show_error("Cannot start the lesson", str(e) or f"There is no lesson {lesson_id!r}.")
            return
        if step is None:
            step = saved_progress().get(lesson.id, 0)
            kept = self._free_play_kept(lesson, step)
            if kept is not None:  # (left in free play: on with the moves played there)
                self.window.start_match(kept, lesson=LessonRun(lesson, step))
                self.window.show_status(f"Lesson: {lesson.title} — at step {step + 1}, the game as you left it")
                return
        match = lesson.new_match(get_game(lesson.game))
        run = LessonRun(lesson)
        play_others(match)
        # the lesson's own way there; the others' moves after the learner's last move (the last
        # step before ``step`` that teaches one: steps of words only may follow it) are left to
        # the table, which shows them as they happen (marked, their log lines lit)
        last = max((i for i in range(min(step, len(lesson.steps))) if lesson.steps[i].teaches), default=-1)
        while run.step < step and run.current is not None and run.current.expect is not None:
            if run.take_step(match, others=run.step != last):
                break
        self.window.start_match(match, lesson=run)
        self.window.show_status(f"Lesson: {lesson.title}" + (f" — at step {run.step + 1}" if run.step else ""))

    def lesson_back(self) -> None:
        """Back: the step before, the lesson replayed to it -- always one step back, since nothing
        is answered for the learner in a step that teaches a move (``Controller.lesson_asks``)."""
        run = self.window.controller.lesson
        if run is not None:
            self.learn(run.lesson.id, max(0, run.step - 1))

    def lesson_skip(self) -> None:
        """The step's move played for the learner; in free play (a step that lasts to the game's
        end), Skip to the end: the bots finish the game, the learner's seat an Easy one."""
        from tabletop.engine.lessons import finish_for_learner, taught

        run, m = self.window.controller.lesson, self.window.controller.match
        if run is None or m is None or run.current is None or run.current.expect is None:
            return
        if run.current.reading:  # (words only: Skip is Next)
            self.window.controller.lesson_read_on()
            return
        if run.current.until_over:
            finish_for_learner(m)
            run.followed(m)
            self.window.start_match(m, lesson=run)
            self.window.show_status("The bots played the game to its end.")
            return
        moves = taught(m.legal_actions(), run.current.expect) if self.window.controller.human_to_act() else []
        if moves:
            self.window.controller.submit_human(moves[0])

    def lesson_leave(self) -> None:
        """Leave the lesson where it stands (Learn to play goes on from there; in free play with
        the game as it is, its moves kept)."""
        from tabletop.engine.lessons import save_progress

        run, m = self.window.controller.lesson, self.window.controller.match
        if run is not None:
            save_progress(run.lesson.id, None if run.finished else run.step)
            self._keep_free_play(run, m)
        self.window.go_to_gallery()

    @staticmethod
    def free_play_path(lesson_id: str) -> Any:
        """Where a lesson left in free play keeps its game (the data folder's ``lessons/``)."""
        from tabletop.engine.paths import data_dir

        return data_dir() / "lessons" / f"{lesson_id}.tabletop"

    def _keep_free_play(self, run: Any, match: Any) -> None:
        """In free play (a step to the game's end), the game is kept to go on with; otherwise
        what was kept is let go (the lesson's own way leads back to its step)."""
        from tabletop.engine.files import write_atomic
        from tabletop.engine.paths import FolderError
        from tabletop.engine.saves import match_to_json

        try:
            path = self.free_play_path(run.lesson.id)
            if run.current is not None and run.current.until_over and match is not None and not match.is_over():
                import json

                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, json.dumps(match_to_json(match)))
            else:
                path.unlink(missing_ok=True)
        except (OSError, FolderError) as e:
            self.window.show_status(f"The lesson's game could not be kept: {e}")

    def _free_play_kept(self, lesson: Any, step: int) -> Any:
        """The game kept when ``lesson`` was left in free play at ``step``, or ``None``."""
        from tabletop.engine.paths import FolderError
        from tabletop.engine.saves import SaveError, load_match

        if not 0 <= step < len(lesson.steps) or not lesson.steps[step].until_over:
            return None
        try:
            path = self.free_play_path(lesson.id)
            if not path.is_file():
                return None
            match = load_match(path)
        except (SaveError, OSError, FolderError):
            return None
        return match if match.game.id == lesson.game and not match.is_over() else None

    def lesson_play_real(self) -> None:
        """The lesson is done: a real game with the same seats, the others Easy bots."""
        import random

        from tabletop.engine.lessons import save_progress
        from tabletop.engine.match import Seat
        from tabletop.engine.registry import get_game

        run = self.window.controller.lesson
        if run is None:
            return
        lesson = run.lesson
        save_progress(lesson.id, None)
        game = get_game(lesson.game)
        seats = [Seat(lesson.names[0])] + [Seat(n, "bot", "easy") for n in lesson.names[1:]]
        # the options a new player's quick game against bots has (the card game: its gentlest
        # pairing of decks), the lesson's own where it teaches other rules (the classic ones)
        options = dict(lesson.options) if lesson.options else self.window.gallery.quick_options(game, bots=True)
        self.window.start_new(game, seats, options, random.randint(1, 999_999), False)

    def lesson_next(self) -> None:
        """The lesson is done: the one it names as next, from its start."""
        from tabletop.engine.lessons import save_progress

        run = self.window.controller.lesson
        if run is None or not run.lesson.next:
            return
        save_progress(run.lesson.id, None)
        self.learn(run.lesson.next, 0)
