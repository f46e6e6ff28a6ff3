"""The lessons' length: steps and the learner's moves per lesson (a new player takes about half a
minute a step: the target of 5 to 10 minutes is some 10 to 20 steps), and the time to replay each
headless against the rules (``tabletop lessons --check``).

    python benchmarks/lessons.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import report  # noqa: E402


def main(quick: bool = False) -> None:
    from tabletop.engine.lessons import all_lessons, check_lesson
    from tabletop.engine.registry import get_game

    for lesson in all_lessons():
        t0 = time.perf_counter()
        moves, problem = check_lesson(lesson, get_game(lesson.game))
        took = time.perf_counter() - t0
        report(f"{lesson.id}: steps", len(lesson.steps), "", "10 to 20", 10 <= len(lesson.steps) <= 20)
        report(f"{lesson.id}: the learner's moves" + (f" (FAILS: {problem})" if problem else ""), moves, "")
        report(f"{lesson.id}: replayed against the rules", took * 1000, "ms")


if __name__ == "__main__":
    main("--quick" in sys.argv)
