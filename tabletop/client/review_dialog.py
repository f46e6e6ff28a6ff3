"""Review my game: each decision of a seat of the game just finished searched again from what the
seat could see then (:mod:`tabletop.engine.review`), in the background, with a progress bar and
Cancel; then every decision with what it cost, the costliest three marked, and a chart of the
search's estimate across the game.  Double-clicking a decision opens the replay at that moment
with the better move marked on the table.

The search runs in its own process (``tabletop review FILE --json``): it holds Python's lock
for whole seconds, and the window must keep drawing.  A review is kept with the game it was made
for, so a second look is instant: in memory for this session, and on disk in the data folder's
``reviews/`` for later ones (:mod:`tabletop.engine.review_store`).
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from PySide6.QtCore import QProcess, QProcessEnvironment, Qt, Signal
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QProgressBar,
                               QVBoxLayout, QWidget)

from tabletop.engine.match import Match
from tabletop.engine.review import Decision, costliest, decision_words
from tabletop.engine.review_store import review_key, store_review, stored_review
from tabletop.engine.saves import match_to_json

from .theme import current, look

_PROGRESS = re.compile(r"(\d+) of (\d+)")
_kept: dict[str, list[Decision]] = {}  # this session's reviews: review_key(match, seat, seconds) -> its review


def review_command(path: str, seat: int, seconds: float | None = None) -> list[str]:
    """The program and arguments that review the save ``path`` for ``seat`` (0-based);
    ``seconds``: the search time of each decision (default: the review's own budget)."""
    more = ["--seconds", str(seconds)] if seconds else []
    return [sys.executable, "-m", "tabletop", "review", path, "--seat", str(seat + 1), "--json", *more]


class ReviewDialog(QDialog):
    """The review of ``seat``'s decisions in the finished ``match``."""

    show_step = Signal(int, object)  # a decision to see on the table: its step, the better move
    reviewed = Signal(object)  # the review is ready: its decisions
    SECONDS: float | None = None  # the search time of each decision (None: the review's own budget)

    def __init__(self, match: Match, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewDialog")
        self.match, self.seat = match, seat
        self.setWindowTitle(f"Review — {match.names[seat]}'s decisions")
        self.resize(900, 620)
        lay = QVBoxLayout(self)
        self.heading = QLabel(f"Searching again each decision of {match.names[seat]}, from what they could "
                              "see then…")
        self.heading.setWordWrap(True)
        lay.addWidget(self.heading)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)
        lay.addWidget(self.bar)
        self.chart_box = QVBoxLayout()
        lay.addLayout(self.chart_box, 2)
        self.list = QListWidget()
        self.list.setObjectName("reviewList")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setToolTip("Double-click a decision to see it on the table, with the better move marked")
        self.list.itemActivated.connect(self._activated)
        lay.addWidget(self.list, 3)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.decisions: list[Decision] = []
        self.plot: Any = None
        self.error = ""
        self.process: QProcess | None = None
        self._file = ""
        self.seconds = self.SECONDS
        self.key = review_key(match, seat, self.seconds)
        kept = _kept.get(self.key)
        if kept is None:  # (not yet looked at in this session: perhaps in an earlier one)
            kept = stored_review(match, seat, self.seconds)
            if kept is not None:
                _kept[self.key] = kept
        if kept is not None:
            self._show(kept)
        else:
            self._start(json.dumps(match_to_json(match)))

    # --- the review in its process -----------------------------------------------------------
    def _start(self, text: str) -> None:
        fd, self._file = tempfile.mkstemp(prefix="tabletop-review-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        program, *args = review_command(self._file, self.seat, self.seconds)
        p = self.process = QProcess(self)
        root = str(Path(__file__).resolve().parents[2])
        env = QProcessEnvironment.systemEnvironment()
        env.insert("PYTHONPATH", root + (os.pathsep + env.value("PYTHONPATH") if env.value("PYTHONPATH") else ""))
        env.remove("QT_QPA_PLATFORM")
        p.setProcessEnvironment(env)
        p.readyReadStandardError.connect(self._progress)
        p.finished.connect(self._finished)
        p.start(program, args)

    def _progress(self) -> None:
        text = bytes(self.process.readAllStandardError()).decode("utf-8", "replace")
        found = _PROGRESS.findall(text)
        if found:
            done, total = (int(x) for x in found[-1])
            self.bar.setRange(0, total)
            self.bar.setValue(done)
            self.heading.setText(f"Searching again each decision of {self.match.names[self.seat]}, from what they "
                                 f"could see then: {done} of {total}…")

    def _finished(self, code: int, _status: Any) -> None:
        out = bytes(self.process.readAllStandardOutput()).decode("utf-8", "replace")
        self._forget_file()
        try:
            doc = json.loads(out) if code == 0 else None
        except ValueError:
            doc = None
        if doc is None:
            self.error = f"The review could not be made (its process ended with code {code})."
            self.heading.setText(self.error)
            self.bar.hide()
            return
        decisions = [Decision.from_json(d) for d in doc["decisions"]]
        _kept[self.key] = decisions
        store_review(self.match, self.seat, self.seconds, decisions)  # (not written: kept for this session only)
        self._show(decisions)

    def _forget_file(self) -> None:
        if self._file:
            try:
                os.unlink(self._file)
            except OSError:
                pass
            self._file = ""

    def reject(self) -> None:
        """Cancel (or close): a review under way stops."""
        if self.process is not None and self.process.state() != QProcess.ProcessState.NotRunning:
            self.process.finished.disconnect(self._finished)
            self.process.kill()
            self.process.waitForFinished(2000)
        self._forget_file()
        super().reject()

    # --- the review shown ---------------------------------------------------------------------
    def _show(self, decisions: list[Decision]) -> None:
        self.decisions = decisions
        worst = costliest(decisions)
        self.bar.hide()
        name = self.match.names[self.seat]
        if worst:
            self.heading.setText(f"{name}'s {len(decisions)} decisions, each searched again from what they could see "
                                 f"then. The costliest three are marked ★; double-click one to see it on the table.")
        else:
            self.heading.setText(f"{name}'s {len(decisions)} decisions: none cost anything the search could find.")
        self.list.clear()
        for d in decisions:
            rank = next((k for k, w in enumerate(worst, start=1) if w.step == d.step), None)
            item = QListWidgetItem((f"★{rank} " if rank else "") + decision_words(d))
            item.setData(Qt.ItemDataRole.UserRole, d.step)
            self.list.addItem(item)
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Close)
        self._chart(decisions, worst)
        self.reviewed.emit(decisions)

    def _chart(self, decisions: list[Decision], worst: list[Decision]) -> None:
        from .charts import chart_library, still_chart

        pg = chart_library()
        line = current()["chart_line"]
        self.charted = (decisions, worst)
        if self.plot is None:
            look.changed.connect(self._recolour)
            self.plot = still_chart("reviewChart")
            self.plot.showGrid(x=True, y=True, alpha=0.25)
            self.chart_box.addWidget(self.plot)
            self.plot.show()  # (added to a window on show: shown at once, not at the next turn of the loop)
        self.plot.clear()
        unit = decisions[0].unit if decisions else "chance"
        key = "chance" if unit == "chance" else "margin"
        scale = 100.0 if unit == "chance" else 1.0
        self.plot.setLabel("left", "Estimated chance to win (%)" if unit == "chance" else "Outlook (points)")
        self.plot.setLabel("bottom", "Step of the game")
        points = [(d.step + 1, d.played_figures[key] * scale) for d in decisions if key in d.played_figures]
        if points:
            xs, ys = zip(*points)
            self.plot.plot(list(xs), list(ys), pen=pg.mkPen(line, width=2), symbol="o", symbolSize=5,
                           symbolBrush=line)
            marks = [(d.step + 1, d.played_figures[key] * scale) for d in worst if key in d.played_figures]
            if marks:
                mx, my = zip(*marks)
                self.plot.plot(list(mx), list(my), pen=None, symbol="star", symbolSize=16,
                               symbolBrush=current()["chart_mark"])

    def _recolour(self) -> None:
        """A new theme: the chart drawn again in its colours."""
        self._chart(*self.charted)

    def _activated(self, item: QListWidgetItem) -> None:
        step = item.data(Qt.ItemDataRole.UserRole)
        d = next((d for d in self.decisions if d.step == step), None)
        if d is not None:
            self.show_step.emit(d.step, d.best)
