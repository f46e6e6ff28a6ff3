"""The kinds of action of Once Upon a Forest (an action's ``kind``), by name.
A kind is its name, a plain string (saves and logs keep strings), as the stages are (``SETUP``,
``PLAY`` ... at the top of ``rules.py``); the names are attributes of a plain class, not an
``Enum``, for the same reason as the shogun game's steps (``tabletop/games/shogun/steps.py``)."""

from __future__ import annotations


class Move:
    DRAW = "draw"  # the set-up or the end of a turn: draw the top card of this pile
    PLAY = "play"  # play this card of the hand to this tree of the player's forest
    GIVE = "give"  # give this card of the hand to this other player
    PLACE = "place"  # the receiver of a gift places it in this tree of their forest
    COMPOST = "compost"  # (alone) this card leaves the game face up instead of being given
