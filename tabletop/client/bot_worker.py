"""The bot worker process: ``python -m tabletop.client.bot_worker``.  No Qt here.

It reads JSON lines on stdin and answers JSON lines on stdout:

* ``{"job": 7, "game": "forest", "level": "hard", "seed": 1, "view": {...}, "legal": [...]}``
  -> ``{"job": 7, "action": {...}, "error": ""}`` (``action`` is ``null`` on failure);
  with ``"names": [...]`` it is a hint: the answer adds ``"options"``, the bot's choice and the
  best other moves with their reasons (:mod:`tabletop.engine.bots.advice`);
* ``{"cancel_below": 8}``: every job numbered below 8 is stale -- a search in progress stops
  at its next iteration and its answer is ignored by the client.

A bot gets only the view and the legal actions, never the state.  Running the bots in their
own process keeps the GUI's interpreter free: a bot thread would hold the GIL, and every
Python-drawn item on the table would wait for it.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
from typing import Any


def choose(game_id: str, level: str, seed: int, view: dict[str, Any], legal_json: list[Any],
           should_stop: Any = None, search: dict[str, Any] | None = None) -> dict[str, Any]:
    """One decision: the chosen action as JSON."""
    from tabletop.engine.actions import Action
    from tabletop.engine.bots.levels import make_bot
    from tabletop.engine.registry import get_game

    legal = [Action.from_json(a) for a in legal_json]
    extra: dict[str, Any] = {}
    if level in ("normal", "hard"):
        extra = {k: v for k, v in (search or {}).items() if k in ("seconds", "iterations")}
        if should_stop is not None:
            extra["should_stop"] = should_stop
    bot = make_bot(get_game(game_id), level, seed, **extra)
    return bot.choose(view, legal).to_json()


def advise(game_id: str, level: str, seed: int, view: dict[str, Any], legal_json: list[Any], names: list[str],
           should_stop: Any = None, search: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """A hint with its reasons: the bot's choice and the best other moves, as JSON
    (:mod:`tabletop.engine.bots.advice`)."""
    from tabletop.engine.actions import Action
    from tabletop.engine.bots.advice import advise as advice
    from tabletop.engine.registry import get_game

    legal = [Action.from_json(a) for a in legal_json]
    extra = {k: v for k, v in (search or {}).items() if k in ("seconds", "iterations")}
    if should_stop is not None and level in ("normal", "hard"):
        extra["should_stop"] = should_stop
    return [o.to_json() for o in advice(get_game(game_id), view, legal, names, level, seed, **extra)]


def serve(stdin: Any = None, stdout: Any = None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    jobs: queue.Queue = queue.Queue()
    cancel_below = [0]

    def read() -> None:
        for line in stdin:
            line = line.strip()
            if not line:
                continue
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if "cancel_below" in msg:
                cancel_below[0] = max(cancel_below[0], int(msg["cancel_below"]))
            elif "job" in msg:
                jobs.put(msg)
        jobs.put(None)  # stdin closed: the client is gone

    threading.Thread(target=read, name="bot-worker-stdin", daemon=True).start()
    # warm up: the imports take most of a first decision's time
    from tabletop.engine.bots import levels  # noqa: F401
    from tabletop.engine.registry import all_games

    all_games()
    while True:
        msg = jobs.get()
        if msg is None:
            return 0
        job = int(msg["job"])
        reply: dict[str, Any] = {"job": job, "action": None, "error": ""}
        if job < cancel_below[0]:
            reply["error"] = "cancelled"
        else:
            try:
                if msg.get("names") is not None:  # a hint, with its reasons
                    reply["options"] = advise(
                        msg["game"], msg["level"], int(msg["seed"]), msg["view"], msg["legal"], msg["names"],
                        should_stop=lambda: job < cancel_below[0], search=msg.get("search"))
                    reply["action"] = reply["options"][0]["action"] if reply["options"] else None
                else:
                    reply["action"] = choose(
                        msg["game"], msg["level"], int(msg["seed"]), msg["view"], msg["legal"],
                        should_stop=lambda: job < cancel_below[0], search=msg.get("search"),
                    )
            except Exception as e:  # report, keep serving
                reply["error"] = f"The {msg.get('level')} bot failed: {type(e).__name__}: {e}"
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()


if __name__ == "__main__":
    sys.exit(serve())
