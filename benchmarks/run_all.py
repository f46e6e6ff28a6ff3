"""Every benchmark of the project, printed as figures with their targets: Once Upon a Forest
(with the app's start-up and event-loop figures), then Spheres of Life, then the shogun sowing
game.

    python benchmarks/run_all.py [--quick] [engine|decisions|startup|stall|memory|strength|soak ...]
    python benchmarks/run_all.py [--quick] [--no-build] frozen
    python benchmarks/run_all.py [--quick] decks
    python benchmarks/run_all.py [--quick] redraw
    python benchmarks/run_all.py [--quick] hints

A section a game does not have (start-up, stall and memory are measured once, with the forest,
memory over games of every kind) is skipped for it.  The frozen app (benchmarks/frozen.py: the
PyInstaller one-folder's size, download and start-up) is an optional group, run only when named:
it builds dist/tabletop first if it is missing (unless --no-build).  So is ``decks``
(benchmarks/many_decks.py: the deck builder, the set-up and ``decks list`` with 10,000 saved
decks; 1,000 with --quick), ``redraw`` (benchmarks/redraw.py: every table's redraw after a
move at 1366 x 768) and ``hints`` (benchmarks/hints.py: a hint with its reasons, every game).
"""

from __future__ import annotations

import sys

import decision_time
import engine_speed
import frozen
import hints
import many_decks
import memory
import redraw
import shogun
import soak
import spheres_of_life
import stall
import startup
import strength
from common import run_sections

FOREST = {
    "engine": ("Engine speed", engine_speed.main),
    "decisions": ("Bot decision times", decision_time.main),
    "startup": ("Start-up", startup.main),
    "stall": ("Event loop while a bot thinks", stall.main),
    "memory": ("Memory over an evening of short games", memory.main),
    "strength": ("Bot strength", strength.main),
}
GAMES = [
    (FOREST, "Once Upon a Forest"),
    (spheres_of_life.SECTIONS, "Spheres of Life"),
    (shogun.SECTIONS, "Spheres (shogun sowing game)"),
]


def soak_section(game_id: str) -> tuple:
    """A short soak (benchmarks/soak.py) of one game: 200 games, 20 with --quick."""
    return ("Soak: whole games through every invariant",
            lambda quick: soak.main(["--game", game_id, "--games", "20" if quick else "200"]))


for _sections, _game in zip((FOREST, spheres_of_life.SECTIONS, shogun.SECTIONS),
                            ("forest", "spheres-of-life", "spheres-shogun")):
    _sections["soak"] = soak_section(_game)


def optional(no_build: bool) -> list[tuple[dict, str]]:
    """The groups run only when named: the frozen app needs a PyInstaller build (about a minute
    the first time), which ``no_build`` does not make."""
    frozen_args = ["--no-build"] if no_build else []
    return [({"frozen": ("Frozen app: size, download, start-up", lambda quick: frozen.main(quick, frozen_args))},
             "The frozen app (PyInstaller one-folder)"),
            ({"decks": ("Ten thousand saved decks", lambda quick: many_decks.main(["--quick"] if quick else []))},
             "Three Spheres TCG saved decks"),
            ({"redraw": ("The table's redraw after a move, every game", lambda quick: redraw.main(quick))},
             "Every table"),
            ({"hints": ("A hint with its reasons, every game", lambda quick: hints.main(quick))},
             "Every game's hints")]


def main(argv: list[str]) -> int:
    optional_groups = optional("--no-build" in argv)
    argv = [a for a in argv if a != "--no-build"]
    flags = [a for a in argv if a.startswith("-")]
    named = [a for a in argv if not a.startswith("-")]
    known = set().union(*(sections for sections, _ in GAMES + optional_groups))
    unknown = [n for n in named if n not in known]
    if unknown:
        print(f"unknown section {unknown[0]!r}; sections: {', '.join(sorted(known))}", file=sys.stderr)
        return 2
    groups = [(sections, title, False) for sections, title in GAMES]
    groups += [(sections, title, True) for sections, title in optional_groups]
    for sections, title, only_when_named in groups:
        mine = [n for n in named if n in sections]
        if not mine and (named or only_when_named):
            continue
        rc = run_sections(flags + mine, sections, title)
        if rc:
            return rc
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
