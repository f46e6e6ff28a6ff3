"""The end screen: winners, final scores with their breakdown, and the score chart by turn or phase.

pyqtgraph is imported only when the first chart is drawn, to keep the start-up fast -- or
ahead of that on a background thread, while the start screen waits (:mod:`.warmup`).
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from tabletop.engine.match import Match

from .forms import load_form
from .theme import SEATS, current, look



def seat_colour(p: int) -> str:
    """Seat ``p``'s colour in the theme in use: readable as text on the screens' surfaces and
    distinct for the common colour blindnesses (the theme's series, 7 players at most)."""
    return current()[SEATS[p % len(SEATS)]]


def ranking_html(names: list[str], totals: list[int], winners: list[int]) -> str:
    """Places with ties shared: ``1. Ben 8 points``, ``2. Ada 3``, ``2. Cleo 3``."""
    order = sorted(range(len(names)), key=lambda p: (p not in winners, -totals[p], p))
    rows, place = [], 0
    for i, p in enumerate(order):
        if i == 0 or totals[p] != totals[order[i - 1]] or (p in winners) != (order[i - 1] in winners):
            place = i + 1
        colour = seat_colour(p)
        star = " ★" if p in winners else ""
        rows.append(
            f"<tr><td style='padding:3px 10px 3px 0'><b>{place}.</b></td>"
            f"<td style='padding:3px 14px 3px 0; color:{colour}'><b>{html.escape(names[p])}{star}</b></td>"
            f"<td align='right' style='padding:3px 0'>{totals[p]} point{'' if abs(totals[p]) == 1 else 's'}</td></tr>"
        )
    return "<table style='font-size:13pt'>" + "".join(rows) + "</table>"


class EndScreen(QWidget):
    """The form ``ui/end_screen.ui``, filled in for the game just finished."""

    new_game = Signal()
    back_to_start = Signal()
    show_table = Signal()
    replay = Signal()
    review = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot: Any = None
        self.curves: list[Any] = []
        self.match: Match | None = None  # the game shown
        look.changed.connect(self._recolour)
        f = self.form = load_form("end_screen", self)
        self.title, self.subtitle, self.scores, self.ranking = f.screenTitle, f.subtitle, f.scores, f.ranking
        self.subtitle.setObjectName("muted")
        self.scores.details = True
        self.ranking.setObjectName("ranking")
        for heading in (f.scoresHeading, f.rankingHeading, f.chartHeading):
            heading.setObjectName("heading")
        self.chart_box = f.chartBox
        self.table_button, self.replay_button = f.tableButton, f.replayButton
        self.back_button, self.new_button = f.backButton, f.newButton
        self.new_button.setObjectName("primary")
        self.new_button.setDefault(True)
        self.table_button.clicked.connect(self.show_table.emit)
        self.replay_button.clicked.connect(self.replay.emit)
        self.review_button = f.reviewButton
        self.review_button.clicked.connect(self.review.emit)
        self.back_button.clicked.connect(self.back_to_start.emit)
        self.new_button.clicked.connect(self.new_game.emit)

    def _recolour(self) -> None:
        """A new theme: the ranking and the chart again in its colours."""
        if self.match is not None:
            self.show_match(self.match)

    def prepare_chart(self) -> None:
        """Make the chart widget now (it takes ~25 ms), not when the game ends."""
        self._ensure_plot()

    def _ensure_plot(self) -> Any:
        if self.plot is None:
            from .charts import still_chart

            self.plot = still_chart("scoreChart")
            self.plot.showGrid(x=True, y=True, alpha=0.25)
            self.plot.setLabel("left", "Score")
            self.chart_box.addWidget(self.plot, 1)
        return self.plot

    def show_match(self, match: Match) -> None:
        from .charts import add_legend, chart_library

        pg = chart_library()
        self.match = match
        state = match.state
        names = match.names
        winners = state.winners()
        scores = [s.to_json() for s in state.scores()]
        win_names = [names[w] for w in winners]
        if not winners:
            self.title.setText("Nobody wins" if len(names) > 1 else f"{names[0]} falls short")
        elif len(winners) == 1:
            self.title.setText(f"{win_names[0]} wins!")
        else:
            self.title.setText(f"{' and '.join(win_names)} share the win!")
        totals = ", ".join(f"{n} {s['total']}" for n, s in zip(names, scores))
        note = state.result_note(names)
        self.subtitle.setText(f"{match.game.name} — seed {match.seed} — {totals}" + (f"\n{note}" if note else ""))
        self.scores.show_scores(names, scores, winners)
        self.ranking.setText(ranking_html(names, [s["total"] for s in scores], winners))

        plot = self._ensure_plot()
        plot.clear()
        add_legend(plot, (10, 10))
        history = match.score_history()
        plot.setLabel("bottom", state.CHART_STEP)
        self.form.chartHeading.setText(f"Score after each {state.CHART_STEP.lower()}")
        xs = list(range(len(history)))
        self.curves = []
        for p, name in enumerate(names):
            colour = seat_colour(p)
            ys = [row[p] for row in history]
            curve = plot.plot(
                xs,
                ys,
                pen=pg.mkPen(colour, width=3),
                symbol="o",
                symbolSize=7,
                symbolBrush=colour,
                symbolPen=colour,
                name=f"{'★ ' if p in winners else ''}{name} ({ys[-1]})",
            )
            self.curves.append(curve)
        plot.getAxis("bottom").setTicks([[(x, str(x)) for x in xs]] if len(xs) <= 20 else None)
