"""The names of Once Upon a Forest: the stages of a turn (``SETUP``, ``PLAY`` ...) and the kinds
of action (an action's ``kind``).  A stage or a kind is its name, a plain string (saves and logs
keep strings); the kinds are attributes of a plain class, not an ``Enum``, for the same reason
as the shogun game's steps (``tabletop/games/shogun/steps.py``).  The rules (:mod:`.rules`) and
the words (:mod:`.words`) both read them here."""

from __future__ import annotations

SETUP, PLAY, GIVE, PLACE, DRAW, OVER = "setup", "play", "give", "place", "draw", "over"
STAGES = (SETUP, PLAY, GIVE, PLACE, DRAW, OVER)


class Move:
    DRAW = "draw"  # the set-up or the end of a turn: draw the top card of this pile
    PLAY = "play"  # play this card of the hand to this tree of the player's forest
    GIVE = "give"  # give this card of the hand to this other player
    PLACE = "place"  # the receiver of a gift places it in this tree of their forest
    COMPOST = "compost"  # (alone) this card leaves the game face up instead of being given
