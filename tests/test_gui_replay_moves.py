"""The replay goes from move to move (issue 29, point 12): a run of passes is one line of the log
and one step forward; "Every step" shows them one by one and is remembered.  Everything shown
with four players draws one view large and the others as thumbnails to pick (point 11)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tabletop.engine.history import EVERYTHING
from test_gui_replay import choose_viewpoint, play, screen  # noqa: F401  (the fixture)
from test_log_lines import four_player_game


@pytest.fixture(scope="module")
def game():
    return four_player_game()


def test_the_replay_steps_a_move_at_a_time_and_every_step_when_asked(screen, qtbot, game):  # noqa: F811
    lines = game.log_lines()
    screen.show_match(game, 0)
    assert not screen.every_step_box.isChecked()
    assert screen.log.count() == len(lines) + 1
    run = next(i for i, line in enumerate(lines) if line.last > line.first)  # a folded run of passes
    assert screen.log.item(run + 1).text() == f"{lines[run].first}–{lines[run].last}. {lines[run].text}"
    screen.go_to(lines[run - 1].last)
    qtbot.keyClick(screen, Qt.Key.Key_Right)
    assert screen.step == lines[run].last  # over the whole run at once
    assert screen.log.currentRow() == run + 1 and lines[run].text in screen.banner.text()
    qtbot.keyClick(screen, Qt.Key.Key_Left)
    assert screen.step == lines[run - 1].last
    screen.slider.setValue(lines[run].first)  # the slider still reaches every step: inside the run
    assert screen.log.currentRow() == run + 1
    # Every step: a line a step, one at a time
    qtbot.mouseClick(screen.every_step_box, Qt.MouseButton.LeftButton)
    assert screen.every_step_box.isChecked() and screen.log.count() == len(game.log) + 1
    assert screen.log.currentRow() == lines[run].first
    qtbot.keyClick(screen, Qt.Key.Key_Right)
    assert screen.step == lines[run].first + 1
    assert screen.log.currentItem().text() == f"{screen.step}. {game.sentences[screen.step - 1]}"


def test_every_step_is_remembered(qtbot, tmp_path, monkeypatch, game):
    from tabletop.client.app import ensure_app
    from tabletop.client.replay import ReplayScreen
    from tabletop.client.settings import Settings

    ensure_app()
    settings = Settings()
    first = ReplayScreen(settings)
    qtbot.addWidget(first)
    first.show_match(game, 0)
    first.every_step_box.setChecked(True)
    again = ReplayScreen(Settings())
    qtbot.addWidget(again)
    assert again.every_step_box.isChecked()
    again.show_match(game, 0)
    assert again.log.count() == len(game.log) + 1
    again.every_step_box.setChecked(False)
    assert not ReplayScreen(Settings()).every_step() and again.log.count() == len(game.log_lines()) + 1
    first.drop_tables()
    again.drop_tables()


def test_everything_shown_with_four_players_is_one_view_large_and_thumbnails_to_pick(screen, qtbot, game):  # noqa: F811
    screen.show_match(game)
    choose_viewpoint(screen, EVERYTHING)
    qtbot.wait(50)
    assert [seat for seat, _, _ in screen.tables] == [0, 1, 2, 3]
    views = [view for _, _, view in screen.tables]
    large, thumbs = views[0], views[1:]
    assert all(large.width() > 2.5 * t.width() and large.height() > 2 * t.height() for t in thumbs)
    assert large.transform().m11() > 2 * thumbs[0].transform().m11()  # drawn larger, not only its frame
    qtbot.mouseClick(thumbs[1].viewport(), Qt.MouseButton.LeftButton)  # Cleo's
    qtbot.wait(50)
    assert screen.viewpoint == EVERYTHING and [seat for seat, _, _ in screen.tables][0] == 2
    assert sorted(seat for seat, _, _ in screen.tables) == [0, 1, 2, 3]
    new_large = screen.tables[0][2]
    assert new_large.width() > 2.5 * screen.tables[1][2].width()
    qtbot.mouseDClick(new_large.viewport(), Qt.MouseButton.LeftButton)  # Cleo's view alone
    assert screen.viewpoint == 2 and len(screen.tables) == 1


def test_everything_shown_with_three_players_stays_side_by_side(screen, qtbot):  # noqa: F811
    match = play("spheres-of-life", 3)
    screen.show_match(match)
    choose_viewpoint(screen, EVERYTHING)
    qtbot.wait(50)
    widths = [view.width() for _, _, view in screen.tables]
    assert len(widths) == 3 and max(widths) - min(widths) <= 2


def test_the_tables_log_folds_the_passes_and_a_run_grows_as_it_is_played(gui, qtbot, game):
    from tabletop.engine.match import Match, Seat

    first = next(line for line in game.log_lines() if line.last - line.first >= 2)  # a run of 3+
    people = [Seat(s.name) for s in game.seats]  # (hotseat: nothing plays on by itself)
    partial = Match.replay(game.game, people, game.options, game.seed, game.log[:first.first])
    gui.window.start_match(partial)
    qtbot.wait(30)
    log = gui.screen.log

    def texts():
        return [log.item(i).text() for i in range(log.count())]

    assert texts() == [line.text for line in partial.log_lines()]
    assert texts()[-1] == game.sentences[first.first - 1]  # one pass so far: its own sentence
    partial.submit(game.log[first.first])
    gui.screen._refresh_log()
    assert texts()[-1] == partial.state.quiet_words(game._quiet[first.first - 1],
                                                    game._deciders[first.first - 1:first.first + 1], game.names)
    assert len(texts()) == len(partial.log_lines()) < len(partial.sentences)
