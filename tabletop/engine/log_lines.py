"""The game log as the player reads it: one line a move, the quiet moments folded.

Most steps of a many-player game are a "no" at a moment when anyone may act (Spheres of Life:
"Ben lets it pass.", "Cleo plays no card or hero now."), one line a seat.  A game marks such a
step with a *quiet key* (``State.quiet_key``); consecutive steps with the same key make one
line, worded by the game (``State.quiet_words``: "Nobody blocks it.", "Ben and Cleo play no card
or hero now.").  Every other step is a line of its own.

A line covers the steps ``first`` to ``last`` (step ``k`` is the state after the match's ``k``-th
action); the replay steps from line to line by default, so that a move is one step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence


@dataclass(frozen=True)
class LogLine:
    first: int  # the first step the line tells (1-based: the step after that action)
    last: int  # its last step
    text: str


def and_list(words: Sequence[str]) -> str:
    """'Ada', 'Ada and Ben', 'Ada, Ben and Cleo'."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def fold(
    sentences: Sequence[str],
    quiet: Sequence[str | None],
    deciders: Sequence[int],
    words: Callable[[str, list[int]], str],
) -> list[LogLine]:
    """The log's lines: each run of two or more steps with the same quiet key is one line, worded
    by ``words(key, the seats of the run in order)``; every other step is its own sentence."""
    lines: list[LogLine] = []
    i = 0
    while i < len(sentences):
        j = i + 1
        if quiet[i] is not None:
            while j < len(sentences) and quiet[j] == quiet[i]:
                j += 1
        text = sentences[i] if j == i + 1 else words(quiet[i], list(deciders[i:j]))
        lines.append(LogLine(i + 1, j, text))
        i = j
    return lines


def line_at(lines: Sequence[LogLine], step: int) -> int:
    """The index of the line that tells ``step`` (``-1``: step 0, the start)."""
    for index, line in enumerate(lines):
        if line.first <= step <= line.last:
            return index
    return -1
