"""The steps of a shogun game: what the decider is being asked, by name; and the kinds of
answer (:class:`Move`, an action's ``kind``).
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


class Move:
    """The kinds of action (an action's ``kind``): what a player answers, and the dice's outcome."""

    PLACE = "place"  # the set-up: this special stone goes on this square of the player's
    SKIP = "skip"  # an imprisoned player sits out the turn
    REFILL = "refill"  # this captured stone goes on this empty square of an empty side
    ORDAIN = "ordain"  # this captured special stone takes the place of the lone peasant on this square
    SOW = "sow"  # take up this square's stones and sow them this way (``dir`` 1 or -1)
    DROP = "drop"  # this stone of the hand goes here (``to``; ``turn``: a Samurai turns the sowing round)
    TAKE = "take"  # option capture=may: capture the stones beyond the empty square
    LEAVE = "leave"  # leave them where they are; the turn ends
    ROLL = "roll"  # roll the dice for a captured Thief
    KEEP = "keep"  # keep the Thief and do not roll
    DICE = "dice"  # the dice's outcome (chance): their ``total`` and whether a ``double``
