"""Your record (Game > Your record…): every finished game kept in the data folder's record
(:mod:`tabletop.engine.stats`), by game and by the level of the bots played against -- games,
wins, win rate, best and average score -- and, for one game, two charts (pyqtgraph): the win
rate by level and the score game after game.  The widgets are the form ``ui/stats_screen.ui``.

A record that cannot be read is named in one sentence and left as it is (never deleted).

Every game's name is whole (docs/client.md, "Bigger text"): the table is at least as wide as its
words on one line, the charts beside it taking the rest; when the two do not fit side by side (a
bigger text), the charts go under the table, side by side.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QTimer, Qt, Signal
from PySide6.QtWidgets import QBoxLayout, QFileDialog, QHeaderView, QStyle, QTableWidgetItem, QWidget

from tabletop.engine import stats
from tabletop.engine.game import BOT_LEVELS
from tabletop.engine.registry import all_games

from .forms import load_form
from .theme import current, look

# the opponents, in the order of their strength; "humans": no bot at the table
LEVEL_ORDER = ("humans", *BOT_LEVELS, "mixed")
LEVEL_NAMES = {"humans": "people only", "mixed": "bots of mixed levels",
               **{lvl: f"{lvl.capitalize()} bots" for lvl in BOT_LEVELS}}
# each level's colour: a role of the theme (tabletop/client/theme.py)
LEVEL_COLOURS = {"humans": "series_grey", "random": "series_6", "easy": "series_3", "normal": "series_5",
                 "hard": "series_2", "mixed": "series_4"}
COLUMNS = ("Game", "Against", "Played", "Won", "Win rate", "Best score", "Average", "Last")
CHARTS_LEAST = 360  # the charts' least width beside the table (at least their "Charts of" row's)
UNDER_SPACING = 24  # between the two charts side by side under the table (the body's spacing)


def level_colour(level: str) -> str:
    """The colour of a level's bars and line in the theme in use."""
    return current()[LEVEL_COLOURS.get(level, "series_grey")]


class StatsScreen(QWidget):
    back_requested = Signal()
    status = Signal(str)

    def __init__(self, path: Any = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = path  # the record's file (None: the data folder's)
        self.names = {g.id: g.name for g in all_games()}
        self.records: list[stats.GameRecord] = []
        self.tally: dict[tuple[str, str], stats.Tally] = {}  # (game, level) -> the humans' games
        self.rows: list[tuple[str, str]] = []  # (game, level) of each table row
        self.rate_plot: Any = None
        self.trend_plot: Any = None
        f = self.form = load_form("stats_screen", self)
        f.problem.setObjectName("error")
        f.summary.setObjectName("muted")
        for heading in (f.rateHeading, f.trendHeading):
            heading.setObjectName("heading")
        f.table.setColumnCount(len(COLUMNS))
        f.table.setHorizontalHeaderLabels(list(COLUMNS))
        f.table.verticalHeader().setVisible(False)
        header = f.table.horizontalHeader()
        header.setSectionResizeMode(header.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, header.ResizeMode.Stretch)  # (the game's name takes what is left)
        # a name wider than its column (a narrow window) goes on to another line, its row higher
        rows = f.table.verticalHeader()
        rows.setMinimumSectionSize(rows.defaultSectionSize())
        rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        f.table.setWordWrap(True)
        f.backButton.clicked.connect(self.back_requested.emit)
        f.exportButton.clicked.connect(self.export)
        f.gameBox.currentIndexChanged.connect(self._draw_charts)
        f.table.itemSelectionChanged.connect(self._row_chosen)
        look.changed.connect(self._redraw_in_new_colours)

    # --- the layout: the charts beside the table, or under it ---------------------------------
    def table_width(self) -> int:
        """The table's width with every cell's words on one line (and room for a scroll bar)."""
        table = self.form.table
        header = table.horizontalHeader()
        columns = sum(max(header.sectionSizeHint(c), table.sizeHintForColumn(c)) for c in range(table.columnCount()))
        bar = table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, table)
        return columns + 2 * table.frameWidth() + bar

    def charts_under(self) -> bool:
        """Whether the charts are under the table (not beside it)."""
        return self.form.body.direction() == QBoxLayout.Direction.TopToBottom

    def fit_layout(self) -> None:
        """The charts beside the table when the table's words on one line and the charts (at
        least CHARTS_LEAST, or their "Charts of" row) fit side by side, the table at least as
        wide as its words; else the charts under the table, side by side, the table no higher
        than its rows."""
        f = self.form
        body = f.body
        margins = f.outer.contentsMargins()
        room = self.width() - margins.left() - margins.right()
        table = self.table_width()
        charts = max(CHARTS_LEAST, f.gameRow.sizeHint().width())
        under = table + body.spacing() + charts > room
        if under:
            f.table.setMinimumWidth(0)
            rows = f.table.verticalHeader().length() + f.table.horizontalHeader().height() + 2 * f.table.frameWidth()
            bar = f.table.horizontalScrollBar()
            f.table.setMaximumHeight(rows + (bar.sizeHint().height() if bar.maximum() > 0 else 0))
        else:
            f.table.setMinimumWidth(table)
            f.table.setMaximumHeight(16777215)
        if under != self.charts_under():
            body.setDirection(QBoxLayout.Direction.TopToBottom if under else QBoxLayout.Direction.LeftToRight)
            f.chartsBox.setDirection(QBoxLayout.Direction.LeftToRight if under else QBoxLayout.Direction.TopToBottom)
            f.chartsBox.setSpacing(UNDER_SPACING if under else f.chartColumn.spacing())

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.fit_layout()

    def changeEvent(self, event: Any) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):  # (another text size)
            QTimer.singleShot(0, self, self.fit_layout)

    def keyPressEvent(self, event: Any) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.back_requested.emit()
            return
        super().keyPressEvent(event)

    # --- reading the record -------------------------------------------------------------
    def refresh(self) -> None:
        """Read the record again and show it."""
        f = self.form
        try:
            self.records = stats.games(self.path)
            f.problem.setVisible(False)
        except stats.StatsError as e:
            self.records = []
            f.problem.setText(str(e))
            f.problem.setVisible(True)
        counted = [r for r in self.records if r.human_share() is not None]
        won = sum(r.human_share() or 0 for r in counted)
        if counted:
            f.summary.setText(f"{len(counted)} finished game{'s' if len(counted) != 1 else ''} with you at the "
                              f"table, {won:g} won ({won / len(counted):.0%}). Games of bots alone are kept "
                              "but not counted here.")
        elif not f.problem.isVisible():
            f.summary.setText("No finished games yet: every game you finish is counted here, against each "
                              "level of bots.")
        else:
            f.summary.setText("")
        f.exportButton.setEnabled(bool(self.records))
        self.tally = stats.tallies(self.records)
        self._fill_table()
        chosen = self.chosen_game()
        f.gameBox.blockSignals(True)
        f.gameBox.clear()
        games = sorted({g for g, _ in self.rows}, key=lambda g: self.names.get(g, g))
        for g in games:
            f.gameBox.addItem(self.names.get(g, g), g)
        f.gameBox.setCurrentIndex(max(0, f.gameBox.findData(chosen)))
        f.gameBox.blockSignals(False)
        f.gameBox.setEnabled(bool(games))
        self._draw_charts()
        self.fit_layout()  # (the names may be longer)

    def _fill_table(self) -> None:
        table = self.form.table
        tally = self.tally
        self.rows = sorted(tally, key=lambda k: (self.names.get(k[0], k[0]), LEVEL_ORDER.index(k[1])
                                                  if k[1] in LEVEL_ORDER else len(LEVEL_ORDER)))
        table.setRowCount(len(self.rows))
        for row, key in enumerate(self.rows):
            t = tally[key]
            scores = t.scores or [0]
            cells = (self.names.get(key[0], key[0]), LEVEL_NAMES.get(key[1], key[1]), str(t.played), f"{t.won:g}",
                     f"{t.win_rate:.0%}", str(max(scores)), f"{sum(scores) / len(scores):.1f}", str(scores[-1]))
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                table.setItem(row, col, item)

    def tally_rows(self) -> list[list[str]]:
        """The table as it reads, a list of cells a row."""
        table = self.form.table
        return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]

    def chosen_game(self) -> str | None:
        return self.form.gameBox.currentData()

    def _row_chosen(self) -> None:
        rows = self.form.table.selectionModel().selectedRows()
        if rows:
            game = self.rows[rows[0].row()][0]
            i = self.form.gameBox.findData(game)
            if i >= 0:
                self.form.gameBox.setCurrentIndex(i)

    # --- the charts -----------------------------------------------------------------------
    def _plots(self) -> tuple[Any, Any]:
        if self.rate_plot is None:
            from .charts import still_chart

            self.rate_plot, self.trend_plot = still_chart("rateChart"), still_chart("trendChart")
            self.rate_plot.setLabel("left", "Won", units="%")
            self.trend_plot.setLabel("bottom", "Game")
            self.trend_plot.setLabel("left", "Your score")
            for plot in (self.rate_plot, self.trend_plot):
                plot.showGrid(x=False, y=True, alpha=0.25)
            self.rate_plot.setYRange(0, 100)
            self.form.rateBox.addWidget(self.rate_plot)
            self.form.trendBox.addWidget(self.trend_plot)
        return self.rate_plot, self.trend_plot

    def chart_data(self, game: str | None) -> tuple[list[tuple[str, float, int]], dict[str, list[int]]]:
        """What the charts of ``game`` draw: (level, win rate, games) a bar, and the human's
        scores, oldest first, by level."""
        tally = self.tally
        levels = [lvl for g, lvl in self.rows if g == game]
        bars = [(lvl, tally[(game, lvl)].win_rate, tally[(game, lvl)].played) for lvl in levels]
        trend = {lvl: list(tally[(game, lvl)].scores or []) for lvl in levels}
        return bars, trend

    def _redraw_in_new_colours(self) -> None:
        """A new theme: the charts drawn again in its colours (when there are any)."""
        if self.rate_plot is not None:
            self._draw_charts()

    def _draw_charts(self) -> None:
        game = self.chosen_game()
        has = game is not None
        for w in (self.form.rateHeading, self.form.trendHeading, self.form.rateChart, self.form.trendChart):
            w.setVisible(has)
        if not has:
            return
        rate, trend = self._plots()
        from .charts import add_legend, chart_library

        pg = chart_library()
        bars, scores = self.chart_data(game)
        rate.clear()
        xs = list(range(len(bars)))
        rate.addItem(pg.BarGraphItem(x=xs, height=[100 * r for _, r, _ in bars], width=0.6,
                                     brushes=[level_colour(lvl) for lvl, _, _ in bars], pen=None))
        rate.getAxis("bottom").setTicks([[(x, f"{LEVEL_NAMES.get(lvl, lvl)} ({n})") for x, (lvl, _, n) in zip(xs, bars)]])
        rate.setXRange(-0.6, max(0.6, len(bars) - 0.4))
        trend.clear()
        add_legend(trend, (-10, 10))
        longest = max((len(ys) for ys in scores.values()), default=0)
        trend.getAxis("bottom").setTicks([[(x, str(x)) for x in range(1, longest + 1)]] if longest <= 20 else None)
        for lvl, ys in scores.items():
            colour = level_colour(lvl)
            trend.plot(list(range(1, len(ys) + 1)), ys, pen=pg.mkPen(colour, width=2), symbol="o", symbolSize=6,
                       symbolBrush=colour, symbolPen=colour, name=LEVEL_NAMES.get(lvl, lvl))

    # --- export ---------------------------------------------------------------------------
    def export(self) -> None:
        from pathlib import Path

        from tabletop.engine.paths import dialog_folder

        target, _ = QFileDialog.getSaveFileName(self, "Export your record", str(dialog_folder() / "record.csv"),
                                                "CSV files (*.csv)")
        if not target:
            return
        try:
            n = stats.export_csv(target, self.path)
        except (stats.StatsError, OSError) as e:
            self.form.problem.setText(f"The record was not exported: {e}")
            self.form.problem.setVisible(True)
            return
        self.status.emit(f"{n} game{'s' if n != 1 else ''} written to {target}.")
