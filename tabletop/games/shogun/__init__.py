"""Spheres, the shogun stone-sowing game -- and, as an option, the classic Ô ăn quan.

Registering the game loads only its description; the rules and bots load when first used.
"""

from __future__ import annotations

from tabletop.engine.game import Option, PackageGame

GAME = PackageGame(
    package=__name__,
    id="spheres-shogun",
    name="Spheres: the Shogun Sowing Game",
    min_players=2,
    max_players=2,
    options=(
        Option("rules", "shogun", ("shogun", "classic"),
               "shogun: special stones, ordaining, the thief's dice; classic: Ô ăn quan (mandarins, chained captures)"),
        Option("hime", "choose", ("choose", "always"),
               "shogun rules: the Hime is one of the eight stones to choose 5 from (choose), or every player "
               "has her besides 5 of the other seven (always)", only_with=("rules", "shogun")),
        Option("ordain", "own", ("own", "any"),
               "shogun rules: ordain a lone peasant on your own squares only (own), or on any square (any)",
               only_with=("rules", "shogun")),
        Option("prison", "player", ("player", "game"),
               "shogun rules: a shogun taken in the taker's own first 3 turns (player), or in the game's first "
               "3 turns (game), costs the taker their next turn", only_with=("rules", "shogun")),
        Option("thief_roll", "chooser", ("chooser", "holder"),
               "shogun rules: a captured thief's dice are rolled only by a player who chose the Thief "
               "(chooser), or by whoever holds him (holder)", only_with=("rules", "shogun"), legacy="holder"),
        Option("opponent_side", "plain", ("plain", "ability"),
               "shogun rules: a special stone taken up from the opponent's side is sown as a plain stone for "
               "the rest of the turn (plain), or may use its ability again on your side (ability)",
               only_with=("rules", "shogun"), legacy="ability"),
        Option("capture", "may", ("may", "must"),
               "shogun rules: the stones beyond an empty square may be taken or left (may), or must be taken "
               "(must, as in Ô ăn quan)", only_with=("rules", "shogun"), legacy="must"),
        Option("mandarin", 10, (10, 5), "classic rules: what a mandarin is worth", only_with=("rules", "classic")),
        Option("young_mandarin", True, (True, False),
               "classic rules: a mandarin with fewer than 5 stones beside him cannot be captured",
               only_with=("rules", "classic")),
    ),
    minutes=(10, 20),  # (docs/client.md, "The gallery": from the choices a seat makes in a game)
    cover="shogun/cover.svg",
    summary="Two shoguns sow stones round a ring of squares; special stones bend every sowing. "
            "With the classic Ô ăn quan rules as an option.",
    table_class="tabletop.games.shogun.table:ShogunTable",
    dealt=False,
    hidden=False,
)
