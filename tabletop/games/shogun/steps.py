"""The steps of a shogun game: what the decider is being asked, by name.
A step is its name, a plain string (saves and views keep strings); the names are attributes of a plain
class, not an ``Enum``: a step is compared at every move, and an ``Enum`` member costs about
100 ns a lookup on Python 3.11, a class attribute about 35 ns."""

from __future__ import annotations


class Step:
    SETUP = "setup"  # the players choose and place their special stones
    TURN = "turn"  # a turn begins: sow from a square (or ordain first)
    DROP = "drop"  # a sowing under way: the next stone and where it goes
    SKIP = "skip"  # an imprisoned player's lost turn
    REFILL = "refill"  # an empty side is refilled from the player's captures
    CAPTURE = "capture"  # option capture=may: take the stones the sowing reached, or leave them
    THIEF = "thief"  # a captured Thief's optional roll
    DICE = "dice"  # the dice of that roll (a chance node)
    OVER = "over"
