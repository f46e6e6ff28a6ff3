"""Once Upon a Forest: build the largest, most balanced, least degraded forest.

Registering the game loads only its description: the rules, the bots and the position
documents are imported when first used (the start screen lists the game before the first frame).
"""

from __future__ import annotations

from tabletop.engine.game import Option, PackageGame

GAME = PackageGame(
    package=__name__,
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
            "semi-cooperative (a variant made for this app): the best forest wins only if every forest scores at least "
            "8 minus the number of players; otherwise everybody loses",
            players=(2, 4),
        ),
        Option(
            "solo_target",
            15,
            (10, 15, 20, 25),
            "one player (a variant made for this app): compost the card you would give, and win by scoring at least this",
            players=(1, 1),
        ),
    ),
    minutes=(15, 30),  # (docs/client.md, "The gallery": from the choices a seat makes in a game)
    cover="forest/cover.svg",
    summary="Grow the largest, most balanced and least degraded forest, one tree of four levels at a time.",
    table_class="tabletop.games.forest.table:ForestTable",
)
