"""Check a built tabletop app as a player and a script would use it, every subcommand included.

    python packaging/check_frozen.py EXE [--wine] [--out DIR]

EXE is the frozen app (dist/windows/tabletop/tabletop.exe, dist/tabletop/tabletop...). With
--wine it is run through Wine (the Windows build on Linux: packaging/windows/package-under-wine.sh),
its paths given as Wine's Z: paths. Each run's output is read through a pipe -- redirected, as a
script or an installer reads it -- and must be UTF-8 (a Windows code page such as cp1252 cannot
print the "ă" of "Ô ăn quan": the app runs in Python's UTF-8 mode, see packaging/tabletop.spec).

What it checks, printing one line a check with its time:
  --version, --smoke, --smoke-settled; games (the games' names, "Ô ăn quan" whole); one headless
  game of each game (arena ... --save), its replay, a review of one, the lessons and their check;
  a table, a saved game's step and its end screen (with the chart) drawn to PNGs; score and legal
  on the position files of docs/positions; the card game's decks (list, show, export, check,
  import); an unknown game refused in one line with status 2; and the second-launch hand-over
  (a running copy receives the save a second launch names, and the second exits).

Everything runs with TABLETOP_HOME in a fresh folder. The drawn PNGs are kept in --out (default:
a temporary folder). Exit status 0 when everything passed, 1 at the first failure (said on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = {  # docs/positions: a position of each game that has one, for score and legal
    "spheres-of-life": ROOT / "docs" / "positions" / "spheres-of-life-gods-and-myths.json",
    "three-spheres": ROOT / "docs" / "positions" / "three-spheres-main-phase.json",
}
NAMED = "Ô ăn quan"  # a game's name the Windows code pages cannot encode


class Failed(Exception):
    pass


class App:
    """The app, run through Wine or not, with its files in ``home``."""

    def __init__(self, exe: Path, wine: bool, home: Path) -> None:
        self.exe, self.wine, self.home = exe, wine, home
        self.env = dict(os.environ, TABLETOP_HOME=self.path(home))
        if not wine:
            self.env.setdefault("QT_QPA_PLATFORM", "offscreen")  # (Wine takes it from the prefix)

    def path(self, p: Path) -> str:
        """``p`` as the app sees it."""
        return "Z:" + str(p.resolve()).replace("/", "\\") if self.wine else str(p)

    def command(self, args: list[str]) -> list[str]:
        return (["wine", str(self.exe)] if self.wine else [str(self.exe)]) + args

    def run(self, args: list[str], status: int = 0, timeout: float = 120) -> tuple[str, str]:
        """Run the app with ``args``; its output and errors as text. It must exit with ``status``
        and print UTF-8 only."""
        try:
            done = subprocess.run(self.command(args), stdin=subprocess.DEVNULL, capture_output=True,
                                  env=self.env, timeout=timeout)
        except subprocess.TimeoutExpired:
            hint = " (a windowed exe that raised waits on its 'Unhandled exception' box)" if self.wine else ""
            raise Failed(f"tabletop {' '.join(args)} did not finish within {timeout:.0f} s{hint}") from None
        out, err = (self.text(b, args) for b in (done.stdout, done.stderr))
        if done.returncode != status:
            raise Failed(f"tabletop {' '.join(args)} exited with {done.returncode}, not {status}:\n{out}\n{err}")
        return out, err

    def text(self, data: bytes, args: list[str]) -> str:
        if self.wine:  # Wine's own messages ("fixme:", "err:") may come on stderr, in its own encoding
            data = b"\n".join(line for line in data.split(b"\n") if not line.startswith((b"fixme:", b"err:", b"wine:")))
        try:
            return data.decode("utf-8").replace("\r\n", "\n")
        except UnicodeDecodeError as error:
            raise Failed(f"tabletop {' '.join(args)} printed text that is not UTF-8 ({error})") from None


def check(name: str, action) -> None:  # noqa: ANN001
    started = time.monotonic()
    said = action()
    print(f"check_frozen: ok {name} ({time.monotonic() - started:.1f} s){': ' + said if said else ''}", flush=True)


def png(path: Path) -> str:
    data = path.read_bytes() if path.is_file() else b""
    if not data.startswith(b"\x89PNG\r\n\x1a\n") or len(data) < 5000:
        raise Failed(f"{path} is not a drawn PNG ({len(data)} bytes)")
    return f"{path.name} {len(data) // 1024} KB"


def run_checks(app: App, out: Path) -> None:
    version = (ROOT / "tabletop" / "__init__.py").read_text(encoding="utf-8").split('__version__ = "')[1].split('"')[0]

    def first_line(args: list[str], must: str) -> str:
        text = app.run(args)[0].strip()
        if must not in text:
            raise Failed(f"tabletop {' '.join(args)} printed {text!r}, without {must!r}")
        return text.splitlines()[-1]

    check("--version", lambda: first_line(["--version"], f"tabletop {version}"))
    check("--smoke", lambda: first_line(["--smoke"], "startup "))
    check("--smoke-settled", lambda: first_line(["--smoke-settled"], "settled "))

    games: list[str] = []

    def list_games() -> str:
        text = app.run(["games"])[0]
        games.extend(line.split("\t")[0] for line in text.splitlines() if line and not line[0].isspace())
        if NAMED not in text or len(games) < 4:
            raise Failed(f"tabletop games printed {len(games)} games, and {NAMED!r} {'whole' if NAMED in text else 'not whole'}")
        return ", ".join(games)

    check("games", list_games)
    saves = {}
    for game in games:
        saves[game] = out / f"{game}.tabletop"
        check(f"arena {game}", lambda g=game: app.run(
            ["arena", "--game", g, "--seats", "easy,random", "--games", "1", "--seed", "1", "--save", app.path(saves[g])]
        )[0].strip().splitlines()[-2].strip())
        check(f"replay {game}", lambda g=game: f"{len(app.run(['replay', app.path(saves[g])])[0].splitlines())} lines")
    shogun = next(g for g in games if "shogun" in g)

    def review() -> str:
        report = json.loads(app.run(["review", app.path(saves[shogun]), "--seconds", "0.05", "--json"])[0])
        return f"{len(report['decisions'])} decisions of {shogun} reviewed"

    check("review", review)
    check("lessons", lambda: first_line(["lessons"], NAMED).split()[0] + " ...")
    check("lessons --check", lambda: first_line(["lessons", "--check"], "OK"))
    for game in games:
        picture = out / f"table-{game}.png"
        check(f"render --game {game}", lambda g=game, p=picture: (
            app.run(["render", "--game", g, "--seed", "2", "-o", app.path(p)]), png(p))[1])
    step = out / f"step-{shogun}.png"
    check("render FILE --step 3", lambda: (app.run(["render", app.path(saves[shogun]), "--step", "3", "-o", app.path(step)]), png(step))[1])
    end = out / "end-screen.png"
    check("render FILE --end", lambda: (app.run(["render", app.path(saves[shogun]), "--end", "-o", app.path(end)]), png(end))[1])
    for game, position in POSITIONS.items():
        if game in games:
            check(f"score {game}", lambda g=game, p=position: app.run(["score", "--game", g, app.path(p)])[0].strip().splitlines()[-1])
            check(f"legal {game}", lambda g=game, p=position: f"{len(app.run(['legal', '--game', g, app.path(p)])[0].splitlines())} lines")
    if "three-spheres" in games:
        deck_file = out / "deck.json"

        def decks() -> str:
            listed = app.run(["decks", "list"])[0].split()
            deck = listed[0]
            app.run(["decks", "show", deck])
            app.run(["decks", "export", deck, "-o", app.path(deck_file)])
            app.run(["decks", "check", app.path(deck_file)])
            app.run(["decks", "import", app.path(deck_file)])
            return f"{deck}: listed, shown, exported, checked, imported"

        check("decks", decks)

    def refused() -> str:
        err = app.run(["arena", "--game", "no-such-game", "--seats", "easy,easy"], status=2)[1].strip()
        if len(err.splitlines()) != 1 or "error" not in err:
            raise Failed(f"an unknown game gave {err!r}, not one error line")
        return err

    check("an unknown game refused", refused)
    check("a second launch hands over", lambda: hand_over(app, saves[shogun]))


def hand_over(app: App, save: Path) -> str:
    """A running copy, then a second launch naming ``save``: the second hands the save over (the
    running copy answers only once it has the message) and exits 0."""
    lock = app.home / "data" / "tabletop.lock"
    first = subprocess.Popen(app.command([]), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=app.env)
    try:
        deadline = time.monotonic() + 60
        while not lock.exists():
            if first.poll() is not None or time.monotonic() > deadline:
                raise Failed(f"the first copy did not start (no {lock})")
            time.sleep(0.2)
        time.sleep(2)  # its socket listens once its first frame is drawn
        err = app.run([app.path(save)])[1]
        if "is running already: it opens" not in err:
            raise Failed(f"a second launch did not hand the save over: {err!r}")
        if first.poll() is not None:
            raise Failed("the first copy stopped")
        return err.strip()
    finally:
        if app.wine:  # ended as Windows ends a program: killing Wine's loader may leave it half-gone
            subprocess.run(["wine", "taskkill", "/F", "/IM", app.exe.name], capture_output=True)
        first.kill()
        first.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("exe", type=Path)
    parser.add_argument("--wine", action="store_true", help="run the app through Wine")
    parser.add_argument("--out", type=Path, help="where the drawn PNGs and saves are kept")
    args = parser.parse_args(argv)
    if not args.exe.is_file():
        print(f"check_frozen: error: no {args.exe}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="tabletop-frozen-") as tmp:
        out = args.out or Path(tmp) / "out"
        out.mkdir(parents=True, exist_ok=True)
        home = Path(tmp) / "home"
        home.mkdir()
        try:
            run_checks(App(args.exe, args.wine, home), out)
        except (Failed, OSError, ValueError, KeyError, StopIteration) as error:
            print(f"check_frozen: FAILED: {error}", file=sys.stderr)
            return 1
    print("check_frozen: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
