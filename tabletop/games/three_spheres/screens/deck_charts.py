"""The deck builder's charts (pyqtgraph): the level curve, the cost curve, the resources a card
gives when spent, and the points by kind and sphere.  pyqtgraph is imported when the first
chart is made (the start-up does not pay for it)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget

from tabletop.client.theme import current

from ..cards import SPHERE_NAMES, SPHERES
from ..collection import DeckFigures

CHARTS = ("Levels", "Buy costs", "Resources when spent", "Points by sphere")
# the bars in this game's own colours (named in the captions); the chart's frame is the theme's
SPHERE_BRUSH = {"forest": "#2f6b2a", "myth": "#5b2a86", "stones": "#9a6508", "neutral": "#5a606b"}
BARS = {"blue": "#3b6ea5", "gold": "#b8860b", "teal": "#1f7f86", "violet": "#7a4bb0"}  # (readable on both themes' charts)


class DeckCharts(QWidget):
    """One chart at a time, chosen in a box above it; :meth:`show_figures` redraws it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.choice = QComboBox()
        self.choice.addItems(CHARTS)
        self.choice.setToolTip("Which figure of the deck the chart shows")
        layout.addWidget(self.choice)
        self.plot: Any = None
        self.caption = QLabel("")
        self.caption.setObjectName("muted")
        self.caption.setWordWrap(True)
        self._layout = layout
        self.figures = DeckFigures()
        self.bars: list[tuple[list[float], list[float]]] = []  # what is drawn: (x, heights) per series
        self.choice.currentIndexChanged.connect(lambda _: self.redraw())

    def show_figures(self, figures: DeckFigures) -> None:
        self.figures = figures
        self.redraw()

    def _ensure_plot(self) -> Any:
        if self.plot is None:
            from tabletop.client.charts import still_chart

            self.plot = still_chart()
            self.plot.setMinimumHeight(110)
            self._layout.addWidget(self.plot, 1)
            self._layout.addWidget(self.caption)
        return self.plot

    def redraw(self) -> None:
        from tabletop.client.charts import chart_library

        plot = self._ensure_plot()
        pg = chart_library()
        plot.clear()
        self.bars = []
        f = self.figures
        which = self.choice.currentText()
        counts = {"Levels": (dict(enumerate(f.levels)), BARS["blue"],
                             "Cards of each level (0 to 4). A Realm is drawn from levels 0 and 1."),
                  "Buy costs": (f.costs, BARS["gold"], "Cards by buy cost."),
                  "Resources when spent": (f.resources, BARS["teal"], "Cards by the resources they give when spent: "
                                           f"{f.mean_resources:.2f} a card on average.")}
        if which in counts:  # cards counted by a number: a bar a number
            by, colour, caption = counts[which]
            xs = sorted(by)
            self._bars(plot, xs, [float(by[x]) for x in xs], colour)
            ticks = [(x, str(x)) for x in xs]
        else:
            spheres = [s for s in SPHERES if f.spheres.get(s)]
            xs = list(range(len(spheres)))
            fixed = [float(f.fixed_points.get(s, 0)) for s in spheres]
            dynamic = [float(f.dynamic_cards.get(s, 0)) for s in spheres]
            self._bars(plot, [x - 0.2 for x in xs], fixed, BARS["gold"], width=0.38)
            self._bars(plot, [x + 0.2 for x in xs], dynamic, BARS["violet"], width=0.38)
            ticks = [(x, SPHERE_NAMES[s]) for x, s in zip(xs, spheres)]
            caption = ("Gold: the fixed points of each sphere's cards. Violet: how many cards score dynamic "
                       f"points (together at most {f.dynamic_most}).")
        plot.getAxis("bottom").setTicks([ticks])
        plot.getAxis("left").setLabel("cards" if which != "Points by sphere" else "")
        plot.addItem(pg.InfiniteLine(pos=0, angle=0, pen=pg.mkPen(current()["chart_zero"])))
        self.caption.setText(caption)

    def _bars(self, plot: Any, xs: list[float], ys: list[float], colour: str, width: float = 0.7) -> None:
        from tabletop.client.charts import chart_library

        pg = chart_library()
        self.bars.append((list(xs), list(ys)))
        if xs:
            plot.addItem(pg.BarGraphItem(x=xs, height=ys, width=width, brush=colour, pen=pg.mkPen(colour)))
