"""The ``tabletop`` subcommands and options other than starting the GUI (see :mod:`tabletop.cli`).

Loaded only when the command line asks for something other than the app itself, so that
starting the GUI does not pay for argparse, json and the engine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from typing import Any

from tabletop import __version__


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line, exit 2
        raise UsageError(message)


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    options = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise UsageError(f"--option takes NAME=VALUE, not {pair!r}")
        name, value = pair.split("=", 1)
        number = value.strip().lstrip("-").isdigit() and len(value.strip()) <= 20  # (longer: no option's value)
        options[name.strip()] = int(value) if number else value.strip()
    return options


def build_parser() -> Parser:
    p = Parser(prog="tabletop", description="A desktop client for the Spheres family of tabletop games.")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    p.add_argument("--smoke", action="store_true", help="start the GUI, draw one frame, print the start-up time, exit")
    sub = p.add_subparsers(dest="command", parser_class=Parser)

    sub.add_parser("games", help="list the games")

    a = sub.add_parser("arena", help="bot-versus-bot games without a window")
    a.add_argument("--game", required=True)
    a.add_argument("--seats", required=True, help="bot levels by seat, e.g. hard,random,random")
    a.add_argument("--games", type=int, default=10)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)")
    a.add_argument("--iterations", type=int, help="search iterations per decision for normal/hard bots")
    a.add_argument("--json", action="store_true", help="print the results as JSON")
    a.add_argument("--save", metavar="FILE", help="save the last game played, to replay or open in the app")

    r = sub.add_parser("replay", help="check a save and print its log")
    r.add_argument("file")

    le = sub.add_parser("lessons", help="list the guided first games (--check: replay each against the rules)")
    le.add_argument("--check", action="store_true",
                    help="replay every lesson headless; exit 1 naming the first lesson and step that fails")

    v = sub.add_parser("review", help="review a finished game: what each decision of a seat cost")
    v.add_argument("file")
    v.add_argument("--seat", type=int, help="the seat reviewed (1-based; by default the first human's, else 1)")
    v.add_argument("--seconds", type=float, help="search time for each decision (by default 30 s over all of "
                   "them, then 2.5 s for each of the six likeliest costliest)")
    v.add_argument("--seed", type=int, default=1)
    v.add_argument("--json", action="store_true", help="print the decisions and the costliest three as JSON")

    d = sub.add_parser("render", help="draw a table to a PNG without a window")
    d.add_argument("file", nargs="?", help="a save to draw")
    d.add_argument("--game")
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--players", type=int)
    d.add_argument("--seat", type=int, default=1, help="the seat whose view is drawn (1-based)")
    d.add_argument("--step", type=int, help="draw the save at this step: the state after N actions (0: the start)")
    d.add_argument("--end", action="store_true",
                   help="draw the end screen of a finished save (the result, the scores and the chart)")
    d.add_argument("--size", default="1366x768", help="image size, WIDTHxHEIGHT")
    d.add_argument("-o", "--output", required=True)

    for name, helptext in (("score", "score a position"), ("legal", "list the legal actions in a position")):
        s = sub.add_parser(name, help=helptext)
        s.add_argument("--game", required=True)
        s.add_argument("position")
    return p


def game_commands(parser: Parser) -> dict[str, Any]:
    """The games' own subcommands (``GameDef.commands``: the card game's ``decks``), added to
    ``parser``, with what runs each: the registry is asked, no game is named here."""
    import importlib

    from tabletop.engine.registry import all_games

    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    arena = sub.choices["arena"]
    runs: dict[str, Any] = {}
    for game in all_games():
        if game.commands:
            runs.update(importlib.import_module(game.commands).add_commands(sub, arena))
    return runs


def _games_arena_options(game: Any, args: argparse.Namespace) -> dict[str, Any]:
    """The options the games' own ``tabletop arena`` arguments choose (the card game's ``--decks``)."""
    import importlib

    from tabletop.engine.registry import all_games

    chosen: dict[str, Any] = {}
    for g in all_games():
        hook = getattr(importlib.import_module(g.commands), "arena_options", None) if g.commands else None
        if hook is not None:
            chosen.update(hook(game, args))
    return chosen


def cmd_games() -> int:
    """Every registered game and its options; a game plug-in that could not be loaded is named on
    standard error (exit status 1), the others are listed all the same."""
    from tabletop.engine.registry import all_games, load_problems

    for g in all_games():
        print(f"{g.id}\t{g.name}\t{g.players_text()}")
        for o in g.options:
            print(f"\toption {o.describe()}")
    problems = load_problems()
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def cmd_arena(args: argparse.Namespace) -> int:
    from tabletop.engine.arena import parse_seats, play_games
    from tabletop.engine.registry import get_game

    game = get_game(args.game)
    levels = parse_seats(game, args.seats)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    chosen = _parse_options(args.option)
    chosen.update(_games_arena_options(game, args))
    options = game.resolve_options(chosen)
    search = {"iterations": args.iterations} if args.iterations else {}
    last: dict[str, Any] = {}  # (--save: the last game played; the others are let go)

    def keep(match: Any) -> None:
        last["match"] = match

    results = play_games(game, levels, args.games, args.seed, options, on_finished=keep if args.save else None,
                         **search)
    if args.save:
        from tabletop.engine.files import plain_os_error
        from tabletop.engine.saves import save_match

        try:
            save_match(last["match"], args.save)
        except OSError as e:
            raise UsageError(f"Cannot write the save {args.save}: {plain_os_error(e)}") from None
    if args.json:
        print(json.dumps({"game": game.id, "games": args.games, "seed": args.seed,
                          "seats": [r.to_json(args.games) for r in results]}, indent=1))
        return 0
    print(f"{game.name}: {args.games} games, seeds {args.seed}..{args.seed + args.games - 1}")
    print(f"{'seat':<5}{'level':<8}{'wins':>7}{'win %':>8}{'mean score':>12}{'decisions/s':>14}{'median ms':>11}")
    for i, r in enumerate(results, start=1):
        j = r.to_json(args.games)
        dps = f"{j['decisions_per_second']:.0f}" if j["decisions_per_second"] else "-"
        med = f"{statistics.median(r.decision_times) * 1000:.1f}" if r.decision_times else "-"
        print(f"{i:<5}{r.level:<8}{r.wins:>7.1f}{100 * j['win_rate']:>7.0f}%{j['mean_score']:>12.2f}{dps:>14}{med:>11}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from tabletop.engine.saves import load_match

    match = load_match(args.file)
    print(f"{match.game.name}, seed {match.seed}, options {json.dumps(match.options)}")
    print("Seats: " + ", ".join(
        f"{s.name} ({'human' if s.is_human else s.level + ' bot'})" for s in match.seats))
    for i, sentence in enumerate(match.sentences, start=1):
        print(f"{i:4}. {sentence}")
    if match.is_over():
        for seat, score in zip(match.seats, match.state.scores()):
            parts = ", ".join(f"{label} {points:+d}" for label, points in score.parts)
            print(f"{seat.name}: {score.total} ({parts})")
    else:
        who = match.decider()
        print(f"The game goes on: {match.names[who]} decides next." if who is not None and who >= 0 else "")
    print(f"OK: {len(match.log)} actions replayed, digest verified.")
    return 0


def cmd_lessons(args: argparse.Namespace) -> int:
    from tabletop.engine.lessons import all_lessons, check_lesson
    from tabletop.engine.registry import get_game

    lessons = all_lessons()
    for lesson in lessons:
        game = get_game(lesson.game)
        moves = sum(1 for s in lesson.steps if s.teaches)
        line = f"{lesson.id:<28}{game.name} — {lesson.title} ({len(lesson.steps)} steps, {moves} moves)"
        if args.check:
            played, problem = check_lesson(lesson, game)
            if problem:
                print(f"{lesson.id}: step {played}: {problem}", file=sys.stderr)
                return 1
            line += ": OK"
        print(line)
    if not lessons:
        print("No lessons are installed.")
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from tabletop.engine.review import costliest, decision_words, review
    from tabletop.engine.saves import load_match

    match = load_match(args.file)
    if args.seat is not None:
        seat = args.seat - 1
    else:
        humans = match.human_seats()
        seat = humans[0] if humans else 0
    if not 0 <= seat < len(match.seats):
        raise UsageError(f"--seat takes 1 to {len(match.seats)}, not {args.seat}")
    search = {"seconds": args.seconds} if args.seconds else {}

    def progress(done: int, total: int) -> None:
        if not args.json:
            print(f"\rreviewing {match.names[seat]}'s decisions: {done} of {total}", end="", file=sys.stderr,
                  flush=True)

    decisions = review(match, seat, seed=args.seed, progress=progress, **search)
    worst = costliest(decisions)
    if args.json:
        print(json.dumps({"game": match.game.id, "seat": seat + 1, "name": match.names[seat],
                          "decisions": [d.to_json() for d in decisions],
                          "costliest": [d.step for d in worst]}, indent=1, ensure_ascii=False))
        return 0
    print(file=sys.stderr)
    print(f"{match.game.name}: {match.names[seat]}'s {len(decisions)} decisions, each searched again from what "
          f"they could see then")
    for d in decisions:
        print(("! " if d in worst else "  ") + decision_words(d))
    print("The costliest three:" if worst else "No decision cost anything the search could find.")
    for k, d in enumerate(worst, start=1):
        print(f"{k}. {decision_words(d)}")
    return 0


def cmd_position(args: argparse.Namespace) -> int:
    from tabletop.engine.positions import load_position
    from tabletop.engine.registry import get_game

    game = get_game(args.game)
    state = load_position(game, args.position)
    if args.command == "score":
        print(json.dumps({"players": [s.to_json() for s in state.scores()], "winners": state.winners(),
                          "final": state.is_terminal()}, indent=1, ensure_ascii=False))
    else:
        print(json.dumps({"decider": state.decider(),
                          "actions": [a.to_json() for a in state.legal_actions()]}, indent=1))
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    if not args.file and not args.game:
        raise UsageError("render needs a save FILE or --game ID")
    try:
        width, height = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size takes WIDTHxHEIGHT, not {args.size!r}") from None
    from tabletop.client.render import render_to_png

    if args.step is not None and not args.file:
        raise UsageError("--step needs a save FILE")
    if args.end:
        if not args.file or args.step is not None or args.game:
            raise UsageError("--end draws a save FILE as it ended (no --game, no --step)")
        from tabletop.client.render import render_end_to_png

        render_end_to_png(args.output, args.file, (width, height))
    else:
        render_to_png(args.output, save=args.file, game_id=args.game, seed=args.seed, players=args.players,
                      seat=args.seat - 1, size=(width, height), step=args.step)
    print(f"Wrote {args.output}")
    return 0


def run_command(argv: list[str], start_time: float) -> int:
    """Parse ``argv`` and run it; user errors print one line on stderr and return 2."""
    from tabletop.engine.game import GameError
    from tabletop.engine.paths import FolderError

    try:
        parser = build_parser()
        runs = game_commands(parser)
        args = parser.parse_args(argv)
        if args.version:
            print(f"tabletop {__version__}")
            return 0
        if args.smoke:
            from tabletop.client.app import smoke

            return smoke(start_time)
        if args.command is None:
            from tabletop.client.app import run

            return run()
        if args.command == "games":
            return cmd_games()
        if args.command == "arena":
            return cmd_arena(args)
        if args.command == "replay":
            return cmd_replay(args)
        if args.command == "review":
            return cmd_review(args)
        if args.command == "lessons":
            return cmd_lessons(args)
        if args.command in runs:
            return runs[args.command](args)
        if args.command == "render":
            return cmd_render(args)
        return cmd_position(args)
    except (UsageError, GameError, FolderError) as e:  # (FolderError: a folder of the app's is unusable)
        print(f"tabletop: error: {e}", file=sys.stderr)
        return 2
