"""Your record: a game finished in the window is recorded; the screen tallies the games by game
and bot level, draws the win rate and the score trend, exports CSV, and names a broken record
without touching it."""

from __future__ import annotations

import csv
import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from tabletop.engine import stats
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game

SHOGUN = get_game("spheres-shogun")


def finished(seed: int, level: str = "easy", human: bool = True) -> Match:
    seats = [Seat("Ada") if human else Seat("Cy", "bot", "random"), Seat("Bot", "bot", level)]
    m = Match(SHOGUN, seats, {}, seed)
    rng = random.Random(seed)
    while not m.is_over():
        if m.decider() is not None and m.decider() < 0:
            m.resolve_chance()
            continue
        m.submit(rng.choice(m.legal_actions()))
    return m


def test_a_game_finished_in_the_window_is_in_your_record(gui, qtbot):
    gui.start(["human", "random"], seed=5, game="spheres-shogun")
    m = gui.match
    rng = random.Random(1)
    while not m.is_over():
        gui.wait_for_human(timeout=10000)
        if not m.is_over():
            assert gui.controller.submit_human(rng.choice(m.legal_actions()))
    qtbot.waitUntil(lambda: gui.window.current_screen() is gui.window._end_screen, timeout=15000)
    [record] = stats.games()
    assert record.game == "spheres-shogun" and record.seed == 5 and record.moves == len(m.log)
    assert record.scores == [s.total for s in m.state.scores()]
    gui.window.stats_action.trigger()
    screen = gui.window.stats_screen
    assert gui.window.current_screen() is screen
    [row] = screen.tally_rows()
    share = record.human_share()
    assert row[:5] == [SHOGUN.name, "Random bots", "1", f"{share:g}", f"{share:.0%}"]


def test_the_record_screen_tallies_by_game_and_level_and_draws_both_charts(window, qtbot):
    games = [finished(1), finished(2), finished(3, "hard"), finished(4, human=False)]
    for m in games:
        stats.record_match(m)
    window.gallery.form.statsButton.click()
    screen = window.stats_screen
    assert window.current_screen() is screen and not screen.form.problem.isVisible()
    rows = screen.tally_rows()
    assert [r[1] for r in rows] == ["Easy bots", "Hard bots"]  # the bots-only game is not counted
    easy = stats.tallies(stats.games())[("spheres-shogun", "easy")]
    assert rows[0][2:5] == ["2", f"{easy.won:g}", f"{easy.win_rate:.0%}"]
    assert rows[0][5] == str(max(easy.scores)) and rows[0][7] == str(easy.scores[-1])
    assert "3 finished games with you" in screen.form.summary.text()
    # the charts: a bar a level, a line a level with the human's scores in order
    assert screen.chosen_game() == "spheres-shogun"
    bars, trend = screen.chart_data("spheres-shogun")
    assert [(lvl, n) for lvl, _, n in bars] == [("easy", 2), ("hard", 1)]
    assert trend["easy"] == easy.scores
    assert screen.rate_plot.isVisible() and screen.trend_plot.isVisible()
    curves = screen.trend_plot.plotItem.listDataItems()
    assert [list(c.getData()[1]) for c in curves] == [trend["easy"], trend["hard"]]
    # Esc goes back to the games
    qtbot.keyClick(screen, Qt.Key.Key_Escape)
    assert window.current_screen() is window.gallery


def test_the_record_exports_as_csv(window, tmp_path, monkeypatch):
    for seed in (1, 2):
        stats.record_match(finished(seed))
    target = tmp_path / "mine.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "CSV files (*.csv)"))
    window.show_stats()
    window.stats_screen.form.exportButton.click()
    with open(target, newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0][:2] == ["ended", "game"] and [r[7] for r in rows[1:]] == ["1", "2"]
    assert "2 games written" in window.statusBar().currentMessage()


def test_an_empty_record_says_so_and_a_broken_one_is_named_and_left_alone(window):
    window.show_stats()
    screen = window.stats_screen
    assert screen.tally_rows() == [] and "No finished games yet" in screen.form.summary.text()
    assert not screen.form.exportButton.isEnabled() and not screen.form.rateChart.isVisible()
    broken = stats.default_path()
    broken.write_bytes(b"this is no database" * 100)
    before = broken.read_bytes()
    window.go_to_gallery()
    window.show_stats()
    assert screen.form.problem.isVisible() and broken.name in screen.form.problem.text()
    assert "left as it is" in screen.form.problem.text()
    assert broken.read_bytes() == before and screen.tally_rows() == []
