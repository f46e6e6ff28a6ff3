"""Once Upon a Forest: build the largest, most balanced, least degraded forest.

Registering the game loads only its description: the rules, the bots and the position
documents are imported when first used (the start screen lists the game before the first frame).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine.game import GameDef, Option, State
from tabletop.engine.registry import register

if TYPE_CHECKING:
    import random


class ForestGame(GameDef):
    def create(self, players: int, options: dict[str, Any], seed: int) -> State:
        from .rules import ForestState

        return ForestState.new(players, options, seed)

    def determinize(self, view: dict[str, Any], rng: random.Random) -> State:
        from .bots import determinize

        return determinize(view, rng)

    def heuristic_policy(self):
        from .bots import easy_policy

        return easy_policy

    def rollout_policy(self):
        from .bots import rollout_policy

        return rollout_policy

    def from_position(self, doc: dict[str, Any]) -> State:
        from . import position

        if not isinstance(doc, dict):
            raise position.PositionError("A position document is a JSON object.")
        options = self.resolve_options(doc.get("options") or {})
        return position.from_position(doc, options)

    def to_position(self, state: State) -> dict[str, Any]:
        from . import position

        return position.to_position(state)


GAME = register(
    ForestGame(
        id="forest",
        name="Once Upon a Forest",
        min_players=1,
        max_players=4,
        options=(
            Option(
                "chainsaw_penalty",
                1,
                (1, 2),
                "points lost per chainsaw in a complete tree (the rule text says 1; some tables play 2)",
            ),
            Option(
                "variant",
                "competitive",
                ("competitive", "semi-cooperative"),
                "semi-cooperative (our design): the best forest wins only if every forest scores at least "
                "8 minus the number of players; otherwise everybody loses",
                players=(2, 4),
            ),
            Option(
                "solo_target",
                15,
                (10, 15, 20, 25),
                "one player (our design): compost the card you would give, and win by scoring at least this",
                players=(1, 1),
            ),
        ),
        summary="Grow the largest, most balanced and least degraded forest, one tree of four levels at a time.",
        table_class="tabletop.games.forest.table:ForestTable",
    )
)
