"""The end of the start-up: the command line pauses Python's cyclic garbage collector while the
first window is built (tabletop.cli); after the first frame it runs again -- on the GUI thread
only.

Why the GUI thread: the app has worker threads (the autosave writer, the bot runner's reader),
and Python's collector runs in whichever thread happens to allocate when its thresholds are
passed. Garbage that holds a Qt object (a window of a finished game, a widget in a reference
cycle) collected on a worker thread deletes that object off the GUI thread, which can crash the
app (it did once in a test run: a segmentation fault in the reader thread, "Garbage-collecting").
So the automatic collector stays off and a timer of the GUI thread collects, by the collector's
own thresholds -- the way pyqtgraph's GarbageCollector does it.
"""

from __future__ import annotations

import gc

COLLECT_EVERY_MS = 1000
_timer = None


def startup_done() -> None:
    """After the first frame: the objects of the start-up (modules, classes, the start screen)
    stay for good, so the cyclic garbage collector stops looking at them; from now on it runs
    on the GUI thread (:func:`collect_on_gui_thread`)."""
    if not gc.isenabled() and _timer is None:
        gc.freeze()
    collect_on_gui_thread()


def collect_on_gui_thread() -> None:
    """Turn the automatic collector off and collect from a timer of the GUI thread instead (once
    per app; without a QApplication the collector is left as it is)."""
    global _timer
    from PySide6.QtCore import QCoreApplication, QTimer

    app = QCoreApplication.instance()
    if app is None or _timer is not None:
        return
    gc.disable()
    _timer = QTimer(app)
    _timer.setInterval(COLLECT_EVERY_MS)
    _timer.timeout.connect(collect_due)
    _timer.start()


def collect_due() -> int:
    """Collect the generations whose thresholds are passed (as the automatic collector would);
    returns the generation collected, or -1."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    if counts[0] <= thresholds[0]:
        return -1
    generation = 2 if counts[2] > thresholds[2] else 1 if counts[1] > thresholds[1] else 0
    gc.collect(generation)
    return generation
