"""Ten thousand saved Three Spheres decks (issue 28): the deck builder, the card game's set-up and
``tabletop decks list`` with that many deck files in the decks folder.

    python benchmarks/many_decks.py [--quick] [--decks N]

Makes N deck files (10,000; 1,000 with --quick; 0 shows what does not depend on them) in a temporary TABLETOP_HOME -- the four
pre-built decks under other names, one deck in ten breaking a deck rule, their times set a day
back as for decks saved over time -- then times, offscreen at 1366 x 768:

* ``tabletop decks list`` as a command (a process of its own, the interpreter's start included):
  the first listing ever (the folder read whole, its index made) and the next one;
* opening the deck builder (a process's first look at the folder; the chart library already
  loaded, as the app's warm-up loads it a second after the start), New deck, a rename, a card
  added, a delete, and finding a deck among them by typing in the builder's deck search;
* the card game's set-up: its options built (both seats' deck choices), then a seat's deck found
  by typing in its choice.

Figures only, no assertion on time (target: each at most 0.5 s with 10,000 decks).  Each figure
is followed by the processor time it used (the interpreter's and a command's): on a machine busy
with other work the time taken grows, the processor time hardly.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import report

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.5


def make_decks(folder: Path, count: int) -> None:
    """``count`` deck files in ``folder``, written as the app writes them, dated a day back."""
    from tabletop.games.three_spheres.cards import decks
    from tabletop.games.three_spheres.deck_files import DeckList, deck_text, prebuilt

    base = [prebuilt(d) for d in decks().values()]
    folder.mkdir(parents=True, exist_ok=True)
    then = time.time() - 86400
    for i in range(count):
        deck = base[i % len(base)].renamed(f"Deck {i:05d} {base[i % len(base)].name}")
        if i % 10 == 9:  # one in ten may not be played (too few cards)
            deck = DeckList(deck.name, deck.cards[:20], None, None)
        path = folder / f"deck-{i:05d}.json"
        path.write_text(deck_text(deck), encoding="utf-8")
        os.utime(path, (then, then))


def timed(what: str, run, target: float | None = TARGET) -> float:
    """Time ``run``: the time it took, then the processor time it used (this process's and its
    children's: on a machine busy with other work the first grows, the second hardly)."""
    cpu = _cpu()
    t = time.perf_counter()
    run()
    took = time.perf_counter() - t
    report(what, took, "s", f"<= {target} s" if target else "", took <= target if target else None)
    print(f"    (processor time: {_cpu() - cpu:.3f} s)")
    return took


def _cpu() -> float:
    import resource

    return sum(r.ru_utime + r.ru_stime for r in (resource.getrusage(resource.RUSAGE_SELF),
                                                   resource.getrusage(resource.RUSAGE_CHILDREN)))


def decks_list(home: Path) -> None:
    env = dict(os.environ, TABLETOP_HOME=str(home), QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-m", "tabletop", "decks", "list"], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True).stdout
    assert out.count("\n") >= 4, out[:200]  # (the pre-built decks, then the saved ones)


def main(argv: list[str]) -> int:
    count = int(argv[argv.index("--decks") + 1]) if "--decks" in argv else (1000 if "--quick" in argv else 10_000)
    home = Path(tempfile.mkdtemp(prefix="tabletop-many-decks-"))
    os.environ["TABLETOP_HOME"] = str(home)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        t = time.perf_counter()
        make_decks(home / "data" / "decks", count)
        print(f"    ({count} deck files made in {time.perf_counter() - t:.1f} s)")
        env = dict(os.environ, TABLETOP_HOME=str(home))
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tabletop", "--version"], cwd=ROOT, env=env, capture_output=True, check=True)
        print(f"    (the interpreter's start and `tabletop --version`: {time.perf_counter() - t:.2f} s)")
        timed(f"decks list, the first time ({count} decks)", lambda: decks_list(home), None)
        timed(f"decks list ({count} decks)", lambda: decks_list(home))
        gui(count)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return 0


def gui(count: int) -> None:
    from PySide6.QtWidgets import QInputDialog

    from tabletop.client.app import apply_style, ensure_app

    app = ensure_app(["bench"], style=False)
    apply_style(app)
    from tabletop.client.startup import startup_done

    startup_done()  # (as after the app's first frame: the collector runs from a timer, not mid-action)
    t = time.perf_counter()
    import pyqtgraph  # noqa: F401  (the app's warm-up imports it a second after the start)

    print(f"    (the chart library, loaded first as by the warm-up: {time.perf_counter() - t:.2f} s)")
    from tabletop.games.three_spheres.screens.decks import DeckScreen
    from tabletop.client.start_screen import StartScreen

    screens = []

    def open_builder() -> None:  # (as the window shows it: made, listed, shown)
        screen = DeckScreen()
        screen.refresh_decks()
        screen.resize(1366, 768)
        screen.show()
        app.processEvents()
        screens.append(screen)

    timed(f"opening the deck builder ({count} decks)", open_builder)
    screen = screens[0]
    timed("New deck", lambda: (screen.new_deck(), app.processEvents()))
    QInputDialog.getText = staticmethod(lambda *a, **k: ("A deck renamed", True))
    timed("Rename…", lambda: (screen.rename(), app.processEvents()))
    assert screen.deck.name == "A deck renamed", screen.deck.name
    timed("a card added", lambda: (screen.add_card("moss_sprout"), app.processEvents()))
    assert screen.deck.cards == ("moss_sprout",), screen.deck.cards
    timed("Delete", lambda: (screen.delete(), app.processEvents()))
    if hasattr(screen, "deck_search"):
        def find() -> None:
            screen.deck_search.setText("Deck 07777")
            app.processEvents()
        timed("finding a deck by typing in the builder's search", find)
    screen.close()

    ss = StartScreen()
    ss.resize(1366, 768)
    ss.show()
    app.processEvents()

    def set_up() -> None:
        ss.choose_game("three-spheres")
        app.processEvents()

    timed("the card game's set-up: its options (both seats' decks)", set_up)
    box = ss.option_boxes["deck1"]
    print(f"    ({box.count()} choices for a seat)")
    if box.completer() is not None:
        def find_seat_deck() -> None:
            box.completer().setCompletionPrefix("Deck 07776")
            box.completer().completionCount()
            app.processEvents()
        timed("finding a seat's deck by typing", find_seat_deck)
    ss.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
