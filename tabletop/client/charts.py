"""The charts' library, pyqtgraph, loaded when the first chart is made (the start-up does not pay
for it) and set up once the app's way, and the still chart every screen draws on: a plot the
player reads but does not pan, zoom or open a menu on, in the colours of the theme in use
(tabletop/client/theme.py: its background, axes and their texts; a change of theme repaints
every chart's frame, and the screens draw their series again)."""

from __future__ import annotations

import weakref
from typing import Any

from .theme import colour, current, look

_configured = False
_charts: weakref.WeakSet[Any] = weakref.WeakSet()


def chart_library() -> Any:
    """pyqtgraph, once numpy's background import is done, with the app's look (antialiased, the
    theme's chart colours)."""
    global _configured
    from .warmup import wait_for_chart_library

    wait_for_chart_library()
    import pyqtgraph as pg

    if not _configured:
        pg.setConfigOptions(antialias=True, background=current()["chart"], foreground=current()["chart_text"])
        look.changed.connect(_restyle_all)
        _configured = True
    return pg


def style_chart(plot: Any) -> None:
    """``plot``'s background, axes, tick labels, axis labels and legend in the theme in use."""
    import pyqtgraph as pg

    c = current()
    pg.setConfigOptions(background=c["chart"], foreground=c["chart_text"])  # (for what is made later)
    plot.setBackground(c["chart"])
    text = colour("chart_text")
    for name in ("left", "bottom", "right", "top"):
        axis = plot.getAxis(name)
        axis.setPen(pg.mkPen(text))
        axis.setTextPen(pg.mkPen(text))  # (and the axis's label)
    legend = plot.plotItem.legend
    if legend is not None:
        legend.setLabelTextColor(text)
        legend.setBrush(pg.mkBrush(c["chart"]))
        legend.setPen(pg.mkPen(c["line"]))


def _restyle_all() -> None:
    from shiboken6 import isValid

    for plot in list(_charts):
        if isValid(plot):
            style_chart(plot)
        else:  # (its window was closed)
            _charts.discard(plot)


def still_chart(name: str = "") -> Any:
    """A new PlotWidget with no menu, no mouse panning or zooming and no auto-range button."""
    plot = chart_library().PlotWidget()
    if name:
        plot.setObjectName(name)
    plot.setMenuEnabled(False)
    plot.setMouseEnabled(x=False, y=False)
    plot.hideButtons()
    style_chart(plot)
    _charts.add(plot)
    return plot


def add_legend(plot: Any, offset: tuple[int, int]) -> Any:
    """A new legend on ``plot`` (the one before removed), in the theme's colours."""
    if plot.plotItem.legend is not None:
        plot.plotItem.legend.scene().removeItem(plot.plotItem.legend)
        plot.plotItem.legend = None
    c = current()
    return plot.addLegend(offset=offset, labelTextColor=c["chart_text"], brush=c["chart"], pen=c["line"])
