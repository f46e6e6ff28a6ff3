"""Bots think off the GUI thread -- in a worker process, so the GUI never waits for them.

A job gets only what a seat may know -- ``state.view(seat)`` and the legal actions -- never
the state.  Each job carries the controller's *ticket*; when the game changes (a move, undo,
a new game) the controller calls :meth:`BotRunner.cancel`, a search in progress stops at its
next iteration, and the controller drops any answer whose ticket is stale.

Why a process: the bots are pure Python.  In a thread they would hold the GIL, and every
Python-drawn item of the table would wait for it when painted (hundreds of milliseconds
per frame on a busy table).  One worker process (:mod:`.bot_worker`) is shared by the whole
app and started on the first bot decision (a frozen app runs it as ``app -m MODULE`` through
its runtime hook).  Where the process cannot be started, or dies, or with
``TABLETOP_BOTS_IN_THREAD=1``, the bots run in a thread instead.
"""

from __future__ import annotations

import atexit
import itertools
import json
import os
import subprocess
import sys
import threading
import time
import weakref
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from tabletop.engine.actions import Action
from tabletop.engine.game import GameDef

SWITCH_INTERVAL = 0.005
_job_ids = itertools.count(1)


class _Bridge(QObject):
    """Carries answers from the reading and thinking threads to the GUI thread.

    Those threads never touch a runner: a runner is a Qt object of the GUI thread, and one that
    is being deleted there while another thread emits its signal crashes the process.  They emit
    this object's signals instead; it lives in the GUI thread for the whole session, so Qt
    queues the calls to its slots there, where the runner is looked up and told.
    """

    answer = Signal(object, int, str, object, str)  # runner ref, ticket, purpose, action, error
    redo = Signal(object, int, int, str, object)  # runner ref, job, ticket, purpose, message

    def __init__(self) -> None:
        super().__init__()
        self.answer.connect(self._on_answer)
        self.redo.connect(self._on_redo)

    def _on_answer(self, ref: Any, ticket: int, purpose: str, action: Any, error: str) -> None:
        runner = ref()
        if runner is not None:
            try:
                runner.finished.emit(ticket, purpose, action, error)
            except RuntimeError:  # the runner's Qt object is gone
                pass

    def _on_redo(self, ref: Any, job: int, ticket: int, purpose: str, msg: Any) -> None:
        runner = ref()
        if runner is not None:
            try:
                runner._fallback(job, ticket, purpose, msg)
            except RuntimeError:
                pass


_bridge: _Bridge | None = None  # made by the first BotRunner, in the GUI thread


class _WorkerProcess:
    """The shared bot process and the thread that reads its answers."""

    def __init__(self) -> None:
        import tabletop

        env = dict(os.environ)
        root = str(Path(tabletop.__file__).resolve().parents[1])
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        env.pop("QT_QPA_PLATFORM", None)
        flags = getattr(subprocess, "CREATE_NO_WINDOW", 0) if sys.platform == "win32" else 0
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tabletop.client.bot_worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
            env=env,
            cwd=root,
            creationflags=flags,
        )
        self.lock = threading.Lock()
        self.pending: dict[int, tuple[Any, int, str, dict[str, Any]]] = {}  # job -> (runner ref, ticket, purpose, msg)
        self.dead = False
        self.reader = threading.Thread(target=self._read, name="bot-worker-reader", daemon=True)
        self.reader.start()

    def send(self, msg: dict[str, Any]) -> None:
        line = json.dumps(msg, separators=(",", ":")) + "\n"
        with self.lock:
            self.proc.stdin.write(line)
            self.proc.stdin.flush()

    def submit(self, job: int, runner: "BotRunner", ticket: int, purpose: str, msg: dict[str, Any]) -> None:
        with self.lock:
            self.pending[job] = (weakref.ref(runner), ticket, purpose, msg)
        try:
            self.send(msg)
        except (OSError, ValueError):
            self.dead = True
            with self.lock:
                self.pending.pop(job, None)
            raise

    def cancel_below(self, job: int) -> None:
        if not self.dead:
            try:
                self.send({"cancel_below": job})
            except (OSError, ValueError):
                self.dead = True

    def _deliver(self, job: int, action: Action | None, error: str) -> None:
        with self.lock:
            entry = self.pending.pop(job, None)
        if entry is None:
            return
        ref, ticket, purpose, _ = entry
        _bridge.answer.emit(ref, ticket, purpose, action, error)

    def _read(self) -> None:
        for line in self.proc.stdout:
            try:
                msg = json.loads(line)
                if msg.get("options") is not None:  # a hint: its options, the bot's choice first
                    from tabletop.engine.bots.advice import Option

                    answer: Any = [Option.from_json(o) for o in msg["options"]] or None
                else:
                    answer = Action.from_json(msg["action"]) if msg.get("action") else None
                self._deliver(int(msg["job"]), answer, str(msg.get("error") or ""))
            except (ValueError, KeyError, TypeError):
                continue
        self.dead = True
        global _process_failures
        _process_failures += 1
        with self.lock:
            orphans, self.pending = dict(self.pending), {}
        for job, (ref, ticket, purpose, msg) in orphans.items():  # think in a thread instead
            _bridge.redo.emit(ref, job, ticket, purpose, msg)

    def busy_for(self, runner: "BotRunner") -> bool:
        with self.lock:
            return any(entry[0]() is runner for entry in self.pending.values())

    def close(self) -> None:
        self.dead = True
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(1.0)
        except subprocess.TimeoutExpired:
            self.proc.kill()


_worker: _WorkerProcess | None = None
_process_failures = 0
MAX_PROCESS_FAILURES = 2  # then the bots think in threads for the rest of the session


def _use_process() -> bool:
    return os.environ.get("TABLETOP_BOTS_IN_THREAD") != "1" and _process_failures < MAX_PROCESS_FAILURES


def _get_worker() -> _WorkerProcess | None:
    global _worker
    if not _use_process():
        return None
    if _worker is None or _worker.dead or _worker.proc.poll() is not None:
        try:
            _worker = _WorkerProcess()
        except OSError:
            _worker = None
    return _worker


@atexit.register
def _shutdown() -> None:
    if _worker is not None:
        _worker.close()


class BotRunner(QObject):
    """Runs bot decisions off the GUI thread; results come back as :attr:`finished`."""

    # ticket, purpose ("move" or "hint"), the action (or None on failure), error text
    finished = Signal(int, str, object, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        global _bridge
        if _bridge is None:
            _bridge = _Bridge()
        self._threads: list[threading.Thread] = []
        self._cancel_below = 0

    def warm_up(self) -> None:
        """Start the worker process now, so the first bot move is not late."""
        _get_worker()

    def cancel(self) -> None:
        """Every job started so far is stale: searches stop early, answers are ignored."""
        self._cancel_below = next(_job_ids)
        worker = _worker
        if worker is not None:
            worker.cancel_below(self._cancel_below)

    def think(
        self,
        ticket: int,
        purpose: str,
        game: GameDef,
        level: str,
        seed: int,
        view: dict[str, Any],
        legal: list[Action],
        search: dict[str, Any] | None = None,
        names: list[str] | None = None,
    ) -> None:
        """Start a bot of ``level`` on ``view``; ``finished`` fires on the GUI thread.

        ``search`` overrides a search bot's budget (``seconds``, ``iterations``).  Given the
        players' ``names``, it is a hint with its reasons: ``finished`` carries the list of
        :class:`~tabletop.engine.bots.advice.Option` (the bot's choice first) in place of an
        action."""
        job = next(_job_ids)
        search = dict(search or {})
        worker = _get_worker()
        if worker is not None:
            msg = {"job": job, "game": game.id, "level": level, "seed": seed, "view": view,
                   "legal": [a.to_json() for a in legal], "search": search}
            if names is not None:
                msg["names"] = list(names)
            try:
                worker.submit(job, self, ticket, purpose, msg)
                return
            except (OSError, ValueError):
                pass  # the process is gone: think in a thread this time
        self._think_in_thread(job, ticket, purpose, game, level, seed, view, legal, search, names)

    def _fallback(self, job: int, ticket: int, purpose: str, msg: dict[str, Any]) -> None:
        """A job the worker process could not finish: do it in a thread."""
        from tabletop.engine.registry import get_game

        try:
            game = get_game(msg["game"])
            legal = [Action.from_json(a) for a in msg["legal"]]
        except Exception as e:  # pragma: no cover - the message was made by think()
            self.finished.emit(ticket, purpose, None, f"The bot could not think: {e}")
            return
        self._think_in_thread(job, ticket, purpose, game, msg["level"], msg["seed"], msg["view"], legal,
                              msg.get("search") or {}, msg.get("names"))

    def _think_in_thread(self, job: int, ticket: int, purpose: str, game: GameDef, level: str, seed: int,
                         view: dict[str, Any], legal: list[Action], search: dict[str, Any],
                         names: list[str] | None = None) -> None:
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)
        legal = list(legal)

        def work() -> None:
            action, error = None, ""
            try:
                from tabletop.engine.bots.levels import make_bot

                extra = dict(search, should_stop=lambda: job < self._cancel_below) if level in ("normal", "hard") else {}
                if names is not None:  # a hint, with its reasons
                    from tabletop.engine.bots.advice import advise

                    action = advise(game, view, legal, names, level, seed, **extra) or None
                else:
                    action = make_bot(game, level, seed, **extra).choose(view, legal)
            except Exception as e:  # a bot bug must not kill the app: report it
                error = f"The {level} bot failed: {type(e).__name__}: {e}"
            _bridge.answer.emit(ref, ticket, purpose, action, error)

        ref = weakref.ref(self)

        thread = threading.Thread(target=work, name=f"bot-{purpose}-{job}", daemon=True)
        self._threads = [t for t in self._threads if t.is_alive()]
        self._threads.append(thread)
        thread.start()

    def busy(self) -> bool:
        worker = _worker
        return any(t.is_alive() for t in self._threads) or (worker is not None and worker.busy_for(self))

    def wait(self, timeout: float = 5.0) -> bool:
        """Wait for this runner's jobs to end (tests, quitting); True when all ended."""
        deadline = time.monotonic() + timeout
        while self.busy() and time.monotonic() < deadline:
            time.sleep(0.01)
        return not self.busy()
