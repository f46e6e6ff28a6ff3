"""Three Spheres TCG: a two-player deck-building card game (rules a1.0), with a card set and
pre-built decks of the project's own design (docs/rules/three-spheres.md).

Registering the game loads only its description; the rules, bots and positions are imported
when first used.
"""

from __future__ import annotations

from tabletop.engine.game import GameScreen, Option, PackageGame

# the pre-built decks (assets/three_spheres/decks.json; a test checks this list against the file)
DECK_CHOICES = ("forest", "myth", "stones", "crossroads")
DECK_HELP = ("the deck of player {seat}: a pre-built deck or one of your saved decks (a deck code is "
             "pasted in Decks…, Ctrl+D, and saved there)")
# A new player's first quick game against an Easy bot: the gentlest pairing measured at Easy
# (benchmarks/three_spheres.py balance --level easy: The Shogun's Garden won 98% against Heart
# of the Wood, where the default Heart of the Wood won 5% against Whispers of the Hollow Moon).
FIRST_GAME = {"deck1": "stones", "deck2": "forest"}
# the deck builder, the game's own screen beside its table (its words: docs/decks.md)
DECKS_SCREEN = GameScreen(
    name="Decks",
    menu="&Decks…",
    widget_class="tabletop.games.three_spheres.screens.decks:DeckScreen",
    shortcut="Ctrl+D",
    tip="Build, share and check your Three Spheres decks",
    button="Decks… (build a deck, paste a deck code)",
    status="Build a deck: click or drag cards from the collection; every change is saved at once.",
)


def _deck_name(deck_id: str) -> str:
    """A pre-built deck's name, for the set-up ("forest" -> "Heart of the Wood")."""
    from .cards import decks

    return decks()[deck_id].name


def _deck_about(value: object) -> str:
    """What a deck does, for the set-up: its description ("" for one without)."""
    from .deck_files import DeckFileError, deck_of

    try:
        deck = deck_of(str(value))
    except DeckFileError:
        return ""
    return deck.description


def _any_deck(value: object) -> str:
    """A deck option's value beyond the pre-built decks: a deck code of a deck that may be played
    (a player's own deck; the save keeps the code, so it loads whatever becomes of the file)."""
    from .deck_files import deck_option

    return deck_option(value)


def _saved_decks() -> list[tuple[str, str, str]]:
    """The player's saved decks as deck choices: (name, deck code, why it is not offered or "")."""
    from .deck_store import deck_choices

    return deck_choices()


GAME = PackageGame(
    package=__name__,
    id="three-spheres",
    name="Three Spheres TCG",
    min_players=2,
    max_players=2,
    options=(
        Option("deck1", "forest", DECK_CHOICES, DECK_HELP.format(seat=1), accepts=_any_deck, more=_saved_decks,
               title="Seat 1's deck", choice_words=_deck_name, about=_deck_about),
        Option("deck2", "myth", DECK_CHOICES, DECK_HELP.format(seat=2), accepts=_any_deck, more=_saved_decks,
               title="Seat 2's deck", choice_words=_deck_name, about=_deck_about),
        Option("world_size", 8, (7, 8, 9), "cards in each World deck: fewer make a shorter game"),
        Option("first_hand", 6, (6, 5), "the first player's opening hand: 6 evens out the last turn, 5 as printed",
               legacy=5),
    ),
    minutes=(15, 30),  # (docs/client.md, "The gallery": from the choices a seat makes in a game)
    cover="three_spheres/cover.svg",
    first_game=FIRST_GAME,
    screens=(DECKS_SCREEN,),
    commands="tabletop.games.three_spheres.commands",
    summary="Build your Realm from a shared World and your own Discovery, and own the best collection when a World runs out.",
    table_class="tabletop.games.three_spheres.table:ThreeSpheresTable",
)
