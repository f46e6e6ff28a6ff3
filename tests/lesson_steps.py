"""Find a lesson's step by its words, not its number: a lesson that gains a step of words only
(or loses one) leaves the tests that look at a step by what it says standing."""

from __future__ import annotations

import re


def step_of(lesson_id: str, pattern: str) -> int:
    """The step (counted from 1, as the side panel counts) whose words first match ``pattern``."""
    from tabletop.engine.lessons import all_lessons

    lesson = next(x for x in all_lessons() if x.id == lesson_id)
    found = [n for n, s in enumerate(lesson.steps, 1) if re.search(pattern, s.say)]
    assert found, f"no step of {lesson_id} says {pattern!r}"
    return found[0]
