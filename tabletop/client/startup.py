"""The end of the start-up: the command line pauses Python's cyclic garbage collector while the
first window is built (tabletop.cli); after the first frame it runs again."""

from __future__ import annotations


def startup_done() -> None:
    """After the first frame: the objects of the start-up (modules, classes, the start screen)
    stay for good, so the cyclic garbage collector stops looking at them; it runs again if the
    command line had paused it."""
    import gc

    if not gc.isenabled():
        gc.freeze()
        gc.enable()
