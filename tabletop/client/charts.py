"""The charts' library, pyqtgraph, loaded when the first chart is made (the start-up does not pay
for it) and set up once the app's way, and the still chart every screen draws on: a plot the
player reads but does not pan, zoom or open a menu on."""

from __future__ import annotations

from typing import Any

_configured = False


def chart_library() -> Any:
    """pyqtgraph, once numpy's background import is done, with the app's look (antialiased, dark
    text on white)."""
    global _configured
    from .warmup import wait_for_chart_library

    wait_for_chart_library()
    import pyqtgraph as pg

    if not _configured:
        pg.setConfigOptions(antialias=True, background="w", foreground="#333")
        _configured = True
    return pg


def still_chart(name: str = "") -> Any:
    """A new PlotWidget with no menu, no mouse panning or zooming and no auto-range button."""
    plot = chart_library().PlotWidget()
    if name:
        plot.setObjectName(name)
    plot.setMenuEnabled(False)
    plot.setMouseEnabled(x=False, y=False)
    plot.hideButtons()
    return plot
