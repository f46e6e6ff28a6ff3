"""Spheres of Life: Mythical Forest -- gather noble animals, get rid of corrupted ones.

Registering the game loads only its description; the rules and bots load when first used.
"""

from __future__ import annotations

from tabletop.engine.game import Option, PackageGame

GAME = PackageGame(
    package=__name__,
    id="spheres-of-life",
    name="Spheres of Life: Mythical Forest",
    min_players=2,
    max_players=7,
    options=(
        Option("purist", False, (False, True), "Purist rules: no ability cards and no heroes"),
        Option(
            "exchange",
            "first",
            ("first", "choose"),
            "an exchange offer goes round the table: the first to accept makes it (first), or everyone "
            "answers and the proposer chooses among those who accept (choose)",
        ),
        Option("rounds", 1, (1, 2, 3, 5), "a match of this many games, the points of each added up"),
        Option("godly_heroes", False, (False, True),
               "Gods & Myths: each player has a regular hero and a Godly Hero (the God of Wind replaces the Windmaster)",
               only_with=("purist", False)),
        Option("mythical_creatures", False, (False, True),
               "Gods & Myths: eight Mythical species in the deck; a banked set gives a lasting bonus instead of points"),
        Option("godly_abilities", False, (False, True),
               "Gods & Myths: two new ability cards and six Prolonged ones, played into a Field where they keep working",
               only_with=("purist", False)),
        Option("dawn", False, (False, True),
               "Gods & Myths: five Dawn cards in the deck; a Dawn Phase of sacrifices may end the game early"),
        Option("dawn_count", "together", ("together", "each"),
               "the Dawn's count: noble animals make sets across everybody's sacrifice (together), or only "
               "within each player's own (each)", only_with=("dawn", True)),
        Option("dawn_round", "phase", ("phase", "cycle"),
               "the Dawn: a Dawn card that comes up in the same round as another goes back into the deck -- a "
               "round is one phase (phase), or a whole Day, Night and Dream (cycle)",
               only_with=("dawn", True), legacy="cycle"),
        Option(
            "quick_answers",
            False,
            (False, True),
            "hotseat: ask only players who can answer a block, an offer or a quiet moment (faster, "
            "but shows who holds what); off: the table is asked once who answers",
        ),
    ),
    minutes=(20, 40),  # (docs/client.md, "The gallery": from the choices a seat makes in a game)
    cover="spheres_of_life/cover.svg",
    summary="Gather noble animals and push the corrupted ones onto your rivals, through Day, Night and Dream.",
    table_class="tabletop.games.spheres_of_life.table:SpheresTable",
)
