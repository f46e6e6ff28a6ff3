"""Spheres of Life: Mythical Forest (rules 1.5) as plain code.

Interpretations and the timing model: docs/rules/spheres-of-life.md.  In short:

* Set-up: heroes are chosen in seat order (two each with two players), then three cards each.
* Day: one open card per player (six with two players); in turn each takes one (three each, one
  at a time, with two players), then each draws one (three) from the deck.
* Night: twice the players' number of open cards (twelve); in turn each may discard up to two (six)
  cards and then take up to as many from the table; the rest is discarded.
* Dream: in turn an optional bonus action (bank one complete set per Dream), then one action:
  steal, gift or an open exchange (falling back to a steal or a forced gift).
* Quiet moments: before each turn of every phase, and again after each ability or hero has
  resolved, the players are asked in clockwise order from the player whose turn it is whether
  they use something (a hero in any phase, an ability card in the Dream).  In the Dream every
  player is asked (ability cards are hidden: asking only their holders would show who has one);
  in the Day and the Night only players with a hero they might use.  A declared ability or
  action opens a block window: every other player is asked, Apple of Life or not, in clockwise
  order from the declarer's left; a block opens its own window, and so on.
* The deck running out makes the next phase the Last Dream; after it the game is scored.

The state is assembled from its parts, one concern each: state.py (the cards, who knows what,
the deal), flow.py (turns, phases, quiet moments, block windows, the Dream's actions),
effects.py (what each ability card and hero does: effect kinds named by the card data),
scoring.py and views.py (what each seat sees, and the words for it).
"""

from __future__ import annotations

from typing import Any

from .dawn import DawnPhase
from .effects import DISCARD
from .flow import SET, TurnFlow
from .scoring import Scoring, animal_points
from .state import MASK, StateCore
from .views import Views
from .steps import DAY, DECLINE, DONE, DREAM, NIGHT, OVER, PASS, PHASE_NAMES, SETUP, SKIP, act

__all__ = [
    "DAY", "DECLINE", "DISCARD", "DONE", "DREAM", "MASK", "NIGHT", "OVER", "PASS", "PHASE_NAMES", "SET",
    "SETUP", "SKIP", "SpheresState", "act", "animal_points", "new_state",
]


class SpheresState(TurnFlow, DawnPhase, Scoring, Views, StateCore):
    """A game of Spheres of Life: Mythical Forest."""


def new_state(players: int, options: dict[str, Any], seed: int) -> SpheresState:
    return SpheresState.new(players, options, seed)
