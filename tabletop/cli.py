"""The ``tabletop`` command: the GUI by default, and headless tools as subcommands.

    tabletop                      start the app
    tabletop FILE.tabletop        start the app and open a saved game (.tabletop, or .json) or a position document
    tabletop --version
    tabletop --smoke              start the GUI, draw the first frame, print the start-up time, exit
    tabletop --smoke-settled      start as a player does and go on past the first frame until the
                                  autosave is read and the warm-up done; print what the window said,
                                  exit (1 when anything raised)
    tabletop games                the registered games, player counts and options
    tabletop arena --game ID --seats random,easy,hard --games N --seed S [--json]
    tabletop replay FILE          check a save and print its log
    tabletop render (FILE | --game ID --seed S) [--seat N] -o OUT.png
    tabletop score --game ID POSITION.json
    tabletop legal --game ID POSITION.json
    tabletop decks ...            and any other subcommand a game adds of its own (GameDef.commands:
                                  the card game's decks, and its ``arena --decks A,B``)

User errors print one line on stderr and exit with status 2.

Starting the app (no arguments, or exactly ``--smoke``) goes straight to the GUI: argparse,
json and the engine are not loaded before the first frame.  Everything else is parsed and run
by :mod:`tabletop.commands`.
"""

from __future__ import annotations

import sys
import time

START = time.perf_counter()


def _start_gui(smoke: bool, open_path: str | None = None, settle: bool = False) -> int:
    # Nothing made before the first frame is garbage worth a cyclic collection, and the
    # collector, run every few hundred allocations, would walk every module and Qt type already
    # loaded; the app freezes those objects and turns it back on once the first frame is painted
    # (tabletop.client.startup.startup_done).
    import gc

    gc.disable()
    try:
        if smoke:
            from tabletop.client.app import smoke as smoke_test

            return smoke_test(START)
        from tabletop.client.app import run

        return run(open_path, settle)
    except Exception as e:
        # the same one-line report as the commands give for a GameError
        game = sys.modules.get("tabletop.engine.game")
        if game is not None and isinstance(e, game.GameError):
            print(f"tabletop: error: {e}", file=sys.stderr)
            return 2
        raise


def printable_output() -> None:
    """Let the commands print every game's text whatever the output's encoding: on a Windows
    whose code page is cp1252 (or cp437...), output redirected to a file or a pipe is written in
    that code page, which has no "ă" (the game "Ô ăn quan"), and a print would stop the command
    with a UnicodeEncodeError.  There, what the code page lacks is printed as "?".  (The frozen
    app runs in Python's UTF-8 mode, packaging/tabletop.spec, and prints every letter; errors
    on stderr are already printed with backslash escapes.)"""
    import codecs

    stream = sys.stdout
    encoding = getattr(stream, "encoding", None)
    if encoding and codecs.lookup(encoding).name != "utf-8" and hasattr(stream, "reconfigure"):
        stream.reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv == ["--smoke"]:
        return _start_gui(smoke=bool(argv))
    if argv == ["--smoke-settled"]:
        return _start_gui(smoke=False, settle=True)
    if len(argv) == 1 and argv[0].lower().endswith((".tabletop", ".json")) and not argv[0].startswith("-"):
        return _start_gui(smoke=False, open_path=argv[0])
    printable_output()
    from tabletop.commands import run_command

    return run_command(argv, START)


if __name__ == "__main__":
    sys.exit(main())
