"""Python's cyclic collector runs on the GUI thread only once the app is up (a Qt object
collected on a worker thread can crash the app): tabletop.client.startup."""

from __future__ import annotations

import gc
import threading

from tabletop.client import startup


def test_after_start_up_the_collector_runs_only_from_the_gui_threads_timer(qapp, qtbot, monkeypatch):
    was, thresholds = gc.isenabled(), gc.get_threshold()
    monkeypatch.setattr(startup, "_timer", None)
    try:
        gc.enable()
        startup.collect_on_gui_thread()
        assert not gc.isenabled() and startup._timer is not None and startup._timer.isActive()
        assert startup._timer.interval() == startup.COLLECT_EVERY_MS
        assert startup._timer.thread() is qapp.thread()
        first = startup._timer
        startup.collect_on_gui_thread()  # once per app
        assert startup._timer is first
        # garbage made on a worker thread waits for the GUI thread
        collected_in: list[str] = []

        class Cycle:
            def __init__(self):
                self.me = self

            def __del__(self):
                collected_in.append(threading.current_thread().name)

        def make():
            for _ in range(3):
                Cycle()
            [object() for _ in range(gc.get_threshold()[0] * 3)]  # (past the automatic threshold)
            _ = [[] for _ in range(gc.get_threshold()[0] * 3)]

        worker = threading.Thread(target=make, name="worker")
        worker.start()
        worker.join()
        assert collected_in == []
        gc.set_threshold(1, *gc.get_threshold()[1:])
        qtbot.waitUntil(lambda: len(collected_in) == 3, timeout=3000)
        assert set(collected_in) == {threading.main_thread().name}
    finally:
        gc.set_threshold(*thresholds)
        if startup._timer is not None:
            startup._timer.stop()
        (gc.enable if was else gc.disable)()


def test_collect_due_follows_the_collectors_thresholds(monkeypatch):
    calls = []
    monkeypatch.setattr(gc, "collect", lambda generation=2: calls.append(generation) or 0)
    for counts, expected in (((5, 0, 0), -1), ((800, 0, 0), 0), ((800, 11, 0), 1), ((800, 11, 11), 2)):
        monkeypatch.setattr(gc, "get_count", lambda c=counts: c)
        monkeypatch.setattr(gc, "get_threshold", lambda: (700, 10, 10))
        assert startup.collect_due() == expected
    assert calls == [0, 1, 2]
