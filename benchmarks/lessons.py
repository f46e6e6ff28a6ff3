"""The lessons' length: steps, the learner's moves, and an estimate of a new player's time per
lesson against the target of 5 to 10 minutes; and the time to replay each headless against the
rules (``tabletop lessons --check``).

The estimate: the words read at 180 words a minute, and 6 s for each move the learner makes (the
moves the headless replay plays for the learner, a sowing's drops and free play to the end
counted one by one).

    python benchmarks/lessons.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import report  # noqa: E402

WORDS_A_MINUTE = 180
SECONDS_A_MOVE = 6


def main(quick: bool = False) -> None:
    from tabletop.engine.lessons import all_lessons, replay_lesson
    from tabletop.engine.registry import get_game

    for lesson in all_lessons():
        game = get_game(lesson.game)
        t0 = time.perf_counter()
        match, _, problem = replay_lesson(lesson, game)
        took = time.perf_counter() - t0
        moves = sum(1 for d in match._deciders if d == 0)  # (the learner's, in the replay)
        words = sum(len(s.say.split()) for s in lesson.steps)
        minutes = words / WORDS_A_MINUTE + moves * SECONDS_A_MOVE / 60
        report(f"{lesson.id}: steps", len(lesson.steps), "")
        report(f"{lesson.id}: the learner's moves" + (f" (FAILS: {problem})" if problem else ""), moves, "")
        report(f"{lesson.id}: words", words, "")
        report(f"{lesson.id}: a new player's time (estimate)", minutes, "min", "5 to 10", 5 <= minutes <= 10)
        report(f"{lesson.id}: replayed against the rules", took * 1000, "ms")


if __name__ == "__main__":
    main("--quick" in sys.argv)
