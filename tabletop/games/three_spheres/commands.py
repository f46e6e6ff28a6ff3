"""The card game's own ``tabletop`` subcommands (``GameDef.commands``): ``tabletop decks`` lists,
shows, checks, exports and imports decks, and ``tabletop arena --decks A,B`` chooses the seats'
decks.  Pure Python: :mod:`tabletop.commands` asks the registry for this module and names no game.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from typing import Any, Callable

from tabletop.engine.game import GameError

GAME_ID = "three-spheres"


def add_commands(sub: Any, arena: argparse.ArgumentParser) -> dict[str, Callable[[argparse.Namespace], int]]:
    """Add ``decks`` to the subcommands ``sub`` and ``--decks`` to ``arena``; what runs each."""
    arena.add_argument("--decks", metavar="A,B", help="(Three Spheres TCG) the seats' decks: pre-built or saved deck "
                       "names, deck codes or deck files")
    k = sub.add_parser("decks", help="Three Spheres TCG decks: list, show, check, export, import")
    ks = k.add_subparsers(dest="deck_command", parser_class=type(k), required=True)
    ks.add_parser("list", help="the pre-built decks and the saved ones, and whether each may be played")
    ks.add_parser("show", help="a deck's cards, Realm, World, problems and code").add_argument(
        "deck", help="a pre-built or saved deck's name, a deck code or a deck file")
    ks.add_parser("check", help="whether a deck file may be played (exit status 1 if not)").add_argument("file")
    e = ks.add_parser("export", help="write a deck to a deck file and print its code")
    e.add_argument("deck", help="a pre-built or saved deck's name, a deck code or a deck file")
    e.add_argument("-o", "--output", help="the deck file to write (none: print the code only)")
    i = ks.add_parser("import", help="add a deck file or a deck code to the saved decks")
    i.add_argument("deck", help="a deck file or a deck code")
    return {"decks": run_decks}


def arena_options(game: Any, args: argparse.Namespace) -> dict[str, str]:
    """``tabletop arena --decks A,B``: each seat's deck as the game's deck option (a deck code,
    or the id of a pre-built deck); {} without ``--decks``."""
    if not getattr(args, "decks", None):
        return {}
    if game.id != GAME_ID:
        raise GameError(f"--decks is for Three Spheres TCG; {game.name} has no decks to choose")
    from .cards import decks
    from .deck_files import deck_code
    from .deck_store import find_deck

    names = [t.strip() for t in args.decks.split(",")]
    if len(names) != 2 or not all(names):
        raise GameError(f"--decks names two decks, one a seat, separated by a comma (not {args.decks!r})")
    out = {}
    for seat, name in enumerate(names, start=1):
        deck = find_deck(name)
        built = next((i for i, d in decks().items() if (d.name, d.cards, d.realm, d.world)
                      == (deck.name, deck.cards, deck.realm, deck.world)), None)
        out[f"deck{seat}"] = built or deck_code(deck)
    return out


def run_decks(args: argparse.Namespace) -> int:
    """``tabletop decks list|show|check|export|import``."""
    from .deck_files import deck_from, read_deck
    from .deck_store import find_deck, save_new, unique_name

    what = args.deck_command
    if what == "list":
        return _list_decks()
    if what == "check":
        deck = read_deck(args.file)
        problems = deck.problems()
        for p in problems:
            print(p)
        print(f"{deck.name}: " + ("may be played." if not problems else f"{len(problems)} problem(s)."))
        return 1 if problems else 0
    if what == "import":
        deck = deck_from(args.deck)  # (a file or a code: told apart as everywhere else)
        deck = deck.renamed(unique_name(deck.name))
        path = save_new(deck)
        print(f"Imported {deck.name!r} to {path}")
        return 0
    deck = find_deck(args.deck)
    if what == "export":
        return _export(deck, args.output)
    return _show(deck)


def _list_decks() -> int:
    from .cards import decks
    from .deck_store import saved_decks

    for deck_id, d in decks().items():
        print(f"{deck_id}\t{d.name}\tpre-built\tplayable")
    for s in saved_decks():  # (each file read only when it changed: see deck_store)
        if s.error:
            print(f"{s.file}\t-\tsaved\tcannot be read: {s.error}")
            continue
        state = f"not playable: {s.problem}" if s.problem else "playable"
        print(f"{s.file}\t{s.name}\tsaved\t{state}")
    return 0


def _export(deck: Any, output: str | None) -> int:
    from .deck_files import deck_code, write_deck

    if output:
        write_deck(output, deck)
        print(f"Wrote {deck.name!r} to {output}", file=sys.stderr)
    print(deck_code(deck))
    return 0


def _show(deck: Any) -> int:
    from tabletop.engine.paths import FolderError

    from .cards import info
    from .deck_files import deck_code
    from .deck_store import folder

    print(deck.name + (f" -- {deck.description}" if deck.description else ""))
    for cid, n in sorted(Counter(deck.cards).items(), key=lambda x: (info(x[0]).level, info(x[0]).name)):
        c = info(cid)
        print(f"  {n} x {c.name} (level {c.level}, cost {c.cost}, {c.sphere})")
    for part, cards in (("Realm", deck.realm), ("World", deck.world)):
        names = ", ".join(info(c).name for c in cards) if cards is not None else "chosen by rule"
        print(f"{part}: {names}")
    problems = deck.problems()
    print("Problems: " + (" ".join(problems) if problems else "none: it may be played."))
    print(f"Code: {deck_code(deck)}")
    try:
        print(f"(saved decks: {folder()})")
    except FolderError as e:  # (the deck was found without it: a pre-built one, a code, a path)
        print(f"({e})")
    return 0
