"""Games played to the end: the end screen shows the winners, the scores and the chart."""

from __future__ import annotations

import random

import pytest

from PySide6.QtCore import Qt

from tabletop.client.widgets import signed


def wait_for_end(gui, qtbot, timeout=15000):
    qtbot.waitUntil(lambda: gui.window.current_screen() is gui.window._end_screen, timeout=timeout)


def check_end_screen(gui):
    m = gui.match
    assert m.is_over()
    end = gui.window.end_screen
    names = m.names
    scores = m.state.scores()
    winners = m.state.winners()
    # the title names the winners
    for w in winners:
        assert names[w] in end.title.text()
    # the score table: a column per player, the breakdown rows, the totals last
    table = end.scores
    assert table.columnCount() == len(names)
    assert table.rowCount() == len(scores[0].parts) + 1
    for col, score in enumerate(scores):
        assert table.cell_text(table.rowCount() - 1, col) == str(score.total)
        for row, (label, points) in enumerate(score.parts):
            assert table.cell_text(row, col).startswith(signed(points))
    # the chart: one curve per player, its points are the score history
    history = m.score_history()
    assert end.plot is not None and end.plot.isVisible()
    assert len(end.curves) == len(names)
    for p, curve in enumerate(end.curves):
        xs, ys = curve.getData()
        assert list(ys) == [row[p] for row in history]
        assert list(xs) == list(range(len(history)))
    assert len(history) > 3, "the chart should show the rounds"
    # its axis names what a point stands for: a turn (or a phase in Spheres of Life)
    assert end.plot.getAxis("bottom").labelText == type(m.state).CHART_STEP


def test_gui_bot_only_game_runs_to_the_end_screen(gui, qtbot):
    gui.start(["random", "easy"], seed=41)
    wait_for_end(gui, qtbot)
    check_end_screen(gui)
    # Watch the replay: the game just finished from its first move; Close comes back here
    m = gui.match
    qtbot.mouseClick(gui.window.end_screen.replay_button, Qt.MouseButton.LeftButton)
    replay = gui.window.replay_screen
    assert gui.window.current_screen() is replay and replay.step == 0 and replay.history.last == len(m.log)
    assert not gui.window.undo_action.isEnabled() and not gui.window.save_action.isEnabled()
    qtbot.keyClick(replay, Qt.Key.Key_End)
    assert replay.step == len(m.log)
    qtbot.mouseClick(replay.close_button, Qt.MouseButton.LeftButton)
    assert gui.window.current_screen() is gui.window.end_screen and gui.match is m
    # Play again: the same seats and options, a new deal
    old = gui.match
    qtbot.mouseClick(gui.window.end_screen.new_button, Qt.MouseButton.LeftButton)
    new = gui.match
    assert new is not old and not new.is_over() and new.seed != old.seed
    assert [s.to_json() for s in new.seats] == [s.to_json() for s in old.seats] and new.options == old.options
    assert gui.window.current_screen() is gui.screen
    # Back to the games (from the end screen of this game's predecessor: the button is the same)
    gui.window.end_screen.back_button.click()
    assert gui.window.current_screen() is gui.window.gallery and gui.match is None


def test_gui_human_plays_a_whole_game_by_clicking(gui, qtbot):
    gui.start(["human", "random"], seed=42)
    rng = random.Random(7)
    for _ in range(300):
        gui.wait_for_human()
        if gui.match.is_over():
            break
        gui.play(rng.choice(gui.match.legal_actions()))
    wait_for_end(gui, qtbot, timeout=3000)
    check_end_screen(gui)
    # See the table: the final forests, nothing to click
    qtbot.mouseClick(gui.window.end_screen.table_button, Qt.MouseButton.LeftButton)
    assert gui.window.current_screen() is gui.screen
    assert gui.table.view is not None and gui.table.focusable_items() == []
    assert "Game over" in gui.screen.banner.text()


@pytest.mark.parametrize("target", [10, 25])
def test_gui_solo_game_by_clicking_composts_and_ends_with_the_target_verdict(gui, qtbot, target):
    """One human alone: every turn a card goes to the compost by clicking; the end screen says
    whether the solo target was reached."""
    from tabletop.games.forest.bots import easy_policy

    gui.start(["human"], seed=2, options={"solo_target": target})
    rng = random.Random(4)
    composted = 0
    for _ in range(300):
        gui.wait_for_human()
        if gui.match.is_over():
            break
        action = easy_policy(gui.match.state, rng)
        gui.play(action)
        composted += action.kind == "compost"
    assert composted > 10 and len(gui.match.state.compost) == composted
    wait_for_end(gui, qtbot, timeout=3000)
    check_end_screen(gui)
    total = gui.match.state.scores()[0].total
    end = gui.window.end_screen
    reached = total >= target
    assert reached == (target == 10), f"the seed should give one win and one miss ({total})"
    assert ("wins" in end.title.text()) == reached and ("falls short" in end.title.text()) != reached
    assert f"Solo target {target}" in end.subtitle.text()


def test_gui_bots_thinking_in_threads_also_reach_the_end(gui, qtbot, monkeypatch):
    """Without the worker process (TABLETOP_BOTS_IN_THREAD=1, or after it failed twice) the bots
    think in threads of the app; their answers still reach the game."""
    monkeypatch.setenv("TABLETOP_BOTS_IN_THREAD", "1")
    gui.start(["random", "easy"], seed=43)
    wait_for_end(gui, qtbot)
    assert gui.match.is_over()


def test_gui_seven_players_scores_fit_at_1366x768(gui, qtbot):
    # issue 17.6: the score tables clipped their rows and cells with 7 players
    import random

    from PySide6.QtGui import QFontMetrics

    from tabletop.engine.match import Match, Seat
    from tabletop.engine.registry import get_game

    names = ["Annabelle", "Benedict", "Cleopatra", "Dara", "Emil", "Fay", "Gus"]
    game = get_game("spheres-of-life")
    match = Match(game, [Seat(n, "bot", "random") for n in names], {}, 5)
    rng = random.Random(2)
    while len(match.log) < 150:
        match.submit(rng.choice(match.legal_actions()))
    gui.window.start_match(match)
    qtbot.wait(50)

    def fits(table):
        assert not table.horizontalScrollBar().isVisible()
        rows = table.horizontalHeader().height() + sum(table.rowHeight(r) for r in range(table.rowCount()))
        assert table.height() >= rows  # no row cut off
        fm = QFontMetrics(table.font())
        for r in range(table.rowCount()):
            for c in range(table.columnCount()):
                text = table.cell_text(r, c)
                assert fm.horizontalAdvance(text) <= table.columnWidth(c), (text, table.columnWidth(c))

    side = gui.screen.scores
    fits(side)
    assert side.rowCount() == 7  # a row per player
    while not match.is_over():
        match.submit(rng.choice(match.legal_actions()))
    gui.window.start_match(match)  # a finished game: the end screen
    qtbot.waitUntil(lambda: gui.window.current_screen() is gui.window.end_screen, timeout=5000)
    end = gui.window.end_screen
    table = next(t for t in end.findChildren(type(side)))
    fits(table)
    assert table.columnCount() == 7


def test_long_row_labels_are_shortened_so_every_players_column_stays_in_view(qtbot):
    """A Three Spheres card's scoring row ("Dryad Seedling: 9 Forest cards, at most 3") in the
    side panel's width: the label ends in "…" (whole in its tooltip), the columns stay whole."""
    from PySide6.QtGui import QFontMetrics

    from tabletop.client.widgets import ScoreTable

    table = ScoreTable()
    qtbot.addWidget(table)
    table.resize(310, 200)
    table.show()
    long = "Dryad Seedling: 9 Forest cards in the collection, at most 3 points"
    table.show_scores(["Ada", "Ben"], [{"total": 3, "parts": [{"label": "Fixed points", "points": 0},
                                                              {"label": long, "points": 3}]},
                                       {"total": -2, "parts": [{"label": "Fixed points", "points": -2}]}])
    header = table.verticalHeader()
    assert header.width() <= 0.6 * table.width() + 1
    # (cut to the width: on two lines, the second ending in "…", every line inside the labels' width)
    cut = table.verticalHeaderItem(1).text()
    assert cut.endswith("…") and all(QFontMetrics(header.font()).horizontalAdvance(x) <= header.width() for x in cut.split("\n"))
    assert table.verticalHeaderItem(1).toolTip() == long and table.verticalHeaderItem(2).text() == "Total"
    assert not table.horizontalScrollBar().isVisible()
    assert header.width() + table.columnWidth(0) + table.columnWidth(1) <= table.width()
    assert min(table.columnWidth(0), table.columnWidth(1)) >= QFontMetrics(table.font()).horizontalAdvance("Ben  +3")
    table.resize(500, 200)  # wider: the labels may take more
    qtbot.waitUntil(lambda: header.maximumWidth() == 300)


def test_a_row_label_too_long_for_one_line_takes_two_whole(qtbot):
    """Spheres of Life's "Corrupted animals in hand" read "Corrupted animals in h…" in the side
    panel at 1366x768: a label the row labels' width cannot hold breaks between words onto two
    lines, each whole; the rows grow to hold them; a label that fits keeps one line."""
    from PySide6.QtGui import QFontMetrics

    from tabletop.client.widgets import ScoreTable, two_lines

    assert two_lines("Corrupted animals in hand", lambda s: len(s) <= 20) == "Corrupted animals in\nhand"
    assert two_lines("Total", lambda s: len(s) <= 3) == "Total"
    table = ScoreTable()
    qtbot.addWidget(table)
    fm = QFontMetrics(table.verticalHeader().font())
    table.show()
    labels = ["Noble animals in hand", "Corrupted animals in hand", "Banked noble sets"]
    table.show_scores(["Robin", "Bramble"], [{"total": 8, "parts": [{"label": x, "points": 0} for x in labels]}] * 2)
    header = table.verticalHeader()

    def texts() -> list[str]:
        return [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]

    # (as narrow as leaves the longer label too long for one line, the shorter whole: whatever
    # the style's padding, some width between these does)
    for width in range(200, 700, 4):
        table.resize(width, 200)
        if texts()[0] == "Noble animals in hand" and "\n" in texts()[1]:
            break
    else:
        raise AssertionError(f"no width wraps one label and not the other: {texts()}")
    texts = texts()
    assert texts[1] == "Corrupted animals in\nhand" and texts[-1] == "Total"
    assert not any("…" in x for x in texts) and header.textElideMode() == Qt.TextElideMode.ElideNone
    assert all(fm.horizontalAdvance(line) <= header.width() for x in texts for line in x.split("\n"))
    assert table.verticalHeaderItem(1).toolTip() == "Corrupted animals in hand"
    assert table.rowHeight(1) > table.rowHeight(0)  # (two lines)


def test_gui_review_my_game_finds_each_decision_marks_the_costliest_and_shows_one_on_the_table(gui, qtbot,
                                                                                                monkeypatch):
    from tabletop.client.review_dialog import ReviewDialog

    monkeypatch.setattr(ReviewDialog, "SECONDS", 0.02)
    gui.start(["random", "easy"], seed=41)
    wait_for_end(gui, qtbot)
    m = gui.match
    marked = []
    qtbot.mouseClick(gui.window.end_screen.review_button, Qt.MouseButton.LeftButton)
    dialog = gui.window.findChild(ReviewDialog)
    assert dialog is not None and dialog.isVisible() and dialog.process is not None  # (in its own process)
    qtbot.waitUntil(lambda: dialog.list.count() > 0 or bool(dialog.error), timeout=60000)
    assert not dialog.error
    state, choices = m.initial_state(), []  # every choice seat 1 had, and no other step
    for k, action in enumerate(m.log):
        if state.decider() == 0 and len(state.legal_actions()) > 1:
            choices.append(k)
        state.apply(action)
    assert [d.step for d in dialog.decisions] == choices
    assert all(m.log[d.step] == d.played for d in dialog.decisions)
    lines = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    assert len(lines) == len(dialog.decisions) and all("step" in line for line in lines)
    starred = [line for line in lines if line.startswith("★")]
    assert 1 <= len(starred) <= 3 and starred[0].startswith(("★1", "★2", "★3"))
    assert dialog.plot is not None and dialog.plot.isVisible()
    # a decision double-clicked: the replay at that step, from that seat, the better move marked
    monkeypatch.setattr(type(gui.window.replay_screen), "point_out", lambda self, seat, a: marked.append((seat, a)))
    worst = next(i for i in range(dialog.list.count()) if dialog.list.item(i).text().startswith("★1"))
    dialog.list.itemActivated.emit(dialog.list.item(worst))
    replay = gui.window.replay_screen
    step = dialog.list.item(worst).data(Qt.ItemDataRole.UserRole)
    assert gui.window.current_screen() is replay and replay.step == step
    assert marked == [(0, next(d.best for d in dialog.decisions if d.step == step))]
    # the costliest three marked in the replay's log (★1 ...), and said on its slider
    logged = [replay.log.item(i).text() for i in range(replay.log.count())]
    assert sum(1 for line in logged if line.startswith("★")) == len(starred)
    assert "★1 step" in replay.slider.toolTip()
    dialog.close()
    # the replay's Review this game… gives the same review, at once (it was kept)
    assert replay.review_button.isEnabled()
    qtbot.mouseClick(replay.review_button, Qt.MouseButton.LeftButton)
    from_replay = [w for w in gui.window.findChildren(ReviewDialog) if w.isVisible()][-1]
    assert from_replay.process is None and [d.step for d in from_replay.decisions] == [d.step for d in dialog.decisions]
    from_replay.close()
    # a second look is instant: the review is kept with the game
    again = gui.window.learning.review_game()
    assert again.process is None and [d.step for d in again.decisions] == [d.step for d in dialog.decisions]
    again.close()


def test_gui_a_review_is_kept_beside_the_game_and_a_later_session_shows_it_at_once(gui, qtbot, monkeypatch,
                                                                                    tmp_path):
    """A finished review is stored in the data folder's reviews/: with this session's memory of it
    cleared (a new session), the review opened again, from the end screen or from the replay of
    the game's save file, is shown at once, no process started.  A review cancelled or failed
    stores nothing."""
    import sys

    from tabletop.client import review_dialog
    from tabletop.client.review_dialog import ReviewDialog
    from tabletop.engine.review_store import review_path, reviews_dir
    from tabletop.engine.saves import save_match

    monkeypatch.setattr(ReviewDialog, "SECONDS", 0.02)
    monkeypatch.setattr(review_dialog, "_kept", {})  # (this session's memory: none yet)
    gui.start(["random", "easy"], seed=41)
    wait_for_end(gui, qtbot)
    m = gui.match
    stored = review_path(m, 0, 0.02)

    def stored_names():
        folder = reviews_dir()
        return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []

    # Cancel: nothing stored, nothing kept
    cancelled = gui.window.learning.review_game()
    assert cancelled.process is not None
    cancelled.reject()
    assert stored_names() == [] and cancelled.key not in review_dialog._kept
    # a review whose process fails: nothing stored
    real_command = review_dialog.review_command
    monkeypatch.setattr(review_dialog, "review_command",
                        lambda *a: [sys.executable, "-c", "import sys; sys.exit(3)"])
    failed = gui.window.learning.review_game()
    qtbot.waitUntil(lambda: bool(failed.error), timeout=20000)
    failed.close()
    assert stored_names() == [] and failed.key not in review_dialog._kept
    monkeypatch.setattr(review_dialog, "review_command", real_command)
    # the review made: stored beside the game
    first = gui.window.learning.review_game()
    assert first.process is not None
    qtbot.waitUntil(lambda: first.list.count() > 0 or bool(first.error), timeout=60000)
    assert not first.error and first.decisions
    assert stored_names() == [stored.name]
    first.close()
    lines = [first.list.item(i).text() for i in range(first.list.count())]
    save_match(m, tmp_path / "game.json")

    def looks_again(dialog):
        assert dialog.isVisible() and dialog.process is None and started == []
        assert [d.to_json() for d in dialog.decisions] == [d.to_json() for d in first.decisions]
        assert [dialog.list.item(i).text() for i in range(dialog.list.count())] == lines
        assert dialog.bar.isHidden() and dialog.plot is not None
        dialog.close()

    # a new session: nothing in memory, no process may start
    started = []
    monkeypatch.setattr(ReviewDialog, "_start", lambda self, text: started.append(text))
    review_dialog._kept.clear()
    looks_again(gui.window.learning.review_game())
    # ... and another, where the game's save file is replayed and reviewed
    review_dialog._kept.clear()
    assert gui.window.replay_file(tmp_path / "game.json")
    replay = gui.window.replay_screen
    assert replay.match is not m and replay.review_button.isEnabled()
    qtbot.mouseClick(replay.review_button, Qt.MouseButton.LeftButton)
    looks_again([w for w in gui.window.findChildren(ReviewDialog) if w.isVisible()][-1])
    assert sum(1 for i in range(replay.log.count()) if replay.log.item(i).text().startswith("★")) >= 1
    assert stored_names() == [stored.name]


def test_gui_the_replays_review_is_of_the_seat_on_show(gui, qtbot, monkeypatch):
    """In a hotseat game each player reviews their own play: the replay's Review this game…
    reviews the seat whose view is on show (the end screen's, the first human's)."""
    from test_gui_replay import play

    from tabletop.client.review_dialog import ReviewDialog

    started = []
    monkeypatch.setattr(ReviewDialog, "_start", lambda self, text: started.append(self.seat))
    match = play("forest", 2, seed=9, humans=2)
    replay = gui.window.replay_screen
    replay.show_match(match)
    replay.set_viewpoint(1)
    qtbot.mouseClick(replay.review_button, Qt.MouseButton.LeftButton)
    dialog = [w for w in gui.window.findChildren(ReviewDialog) if w.isVisible()][-1]
    assert dialog.seat == 1 and started == [1] and "Ben's decisions" in dialog.windowTitle()
    dialog.close()
    replay.set_viewpoint(0)
    qtbot.mouseClick(replay.review_button, Qt.MouseButton.LeftButton)
    assert started == [1, 0]
