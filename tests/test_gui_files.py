"""Saving, loading, resuming and the recent list, through the menus and file dialogs."""

from __future__ import annotations

import json
import random
import shutil

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tabletop.engine.game import digest
from tabletop.engine.paths import autosave_path


def play_some(gui, moves, seed=1):
    rng = random.Random(seed)
    for _ in range(moves):
        gui.wait_for_human()
        if gui.match.is_over():
            break
        gui.play(rng.choice(gui.match.legal_actions()))
    gui.wait_for_human()


def record_errors(monkeypatch):
    errors = []

    def critical(parent, title, text, *args, **kwargs):
        errors.append((title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "critical", critical)
    return errors


def test_gui_save_as_then_open_gives_the_same_game(gui, qtbot, tmp_path, monkeypatch):
    errors = record_errors(monkeypatch)
    gui.start(["human", "easy", "random"], seed=31, options={"chainsaw_penalty": 2})
    play_some(gui, 12)
    saved = gui.match
    path = tmp_path / "my game.json"
    asked = {}

    def get_save(parent, caption, directory, filter_):
        asked["directory"], asked["filter"] = directory, filter_
        return str(path), filter_

    monkeypatch.setattr(QFileDialog, "getSaveFileName", get_save)
    qtbot.keyClick(gui.window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert path.exists(), "Save As did not write the file"
    assert "*.tabletop" in asked["filter"] and "*.json" in asked["filter"]  # (a .json save loads too)
    assert asked["directory"].startswith(str(gui.window.controller.path.parent)) or "saves" in asked["directory"]
    state = (digest(saved.state), list(saved.log), saved.seed, saved.options, [s.to_json() for s in saved.seats])
    # Ctrl+S now saves to the same file without asking
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (_ for _ in ()).throw(AssertionError("asked")))
    qtbot.keyClick(gui.window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)

    gui.window.go_to_start()
    assert gui.match is None
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(path), a[-1]))
    qtbot.keyClick(gui.window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    loaded = gui.match
    assert loaded is not None and loaded is not saved
    assert (digest(loaded.state), list(loaded.log), loaded.seed, loaded.options,
            [s.to_json() for s in loaded.seats]) == state
    assert gui.window.current_screen() is gui.screen
    assert errors == []
    # and the game goes on from there
    play_some(gui, 2, seed=2)
    assert len(gui.match.log) > len(state[1])


def test_gui_broken_save_shows_the_error_and_leaves_the_file(gui, qtbot, tmp_path, monkeypatch):
    errors = record_errors(monkeypatch)
    gui.start(["human", "random"], seed=32)
    play_some(gui, 4)
    good = tmp_path / "good.json"
    gui.window.controller.save(good)
    text = good.read_text()
    broken = tmp_path / "broken.json"
    broken.write_text(text[: len(text) // 2])
    before = broken.read_bytes()
    gui.window.go_to_start()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(broken), a[-1]))
    gui.window.open_action.trigger()
    assert len(errors) == 1
    title, message = errors[0]
    assert "broken.json" in message and "truncated" in message
    assert broken.read_bytes() == before
    assert gui.match is None and gui.window.current_screen() is gui.window.start_screen
    assert message in gui.status()
    # a save edited by hand is refused with its reason too
    data = json.loads(text)
    data["actions"] = data["actions"][:-1]
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    edited_before = edited.read_bytes()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(edited), a[-1]))
    gui.window.open_action.trigger()
    assert len(errors) == 2 and "digest" in errors[1][1]
    assert edited.read_bytes() == edited_before


def test_gui_resume_continues_the_autosaved_game(qtbot, gui, tabletop_home):
    gui.start(["human", "random"], seed=33)
    play_some(gui, 6)
    expected = (digest(gui.match.state), list(gui.match.log))
    gui.controller.flush_autosave()
    assert autosave_path().exists()
    gui.window.close()  # quitting keeps the autosave

    from tabletop.client.main_window import MainWindow

    again = MainWindow()
    qtbot.addWidget(again)
    again.show()
    card = again.gallery.form
    qtbot.waitUntil(card.resumeButton.isEnabled, timeout=3000)
    assert "Once Upon a Forest" in card.resumeInfo.text()
    # the card shows the autosaved table, as its lone human sees it
    assert card.resumeThumb.isVisibleTo(again.gallery) and not card.resumeThumb.pixmap().isNull()
    qtbot.mouseClick(card.resumeButton, Qt.MouseButton.LeftButton)
    m = again.controller.match
    assert m is not None and (digest(m.state), list(m.log)) == expected
    again.controller.stop()


def test_gui_resume_is_offered_only_for_a_loadable_autosave(qtbot, tabletop_home):
    from tabletop.client.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    qtbot.waitUntil(lambda: "No game" in w.gallery.form.resumeInfo.text(), timeout=3000)
    assert not w.gallery.form.resumeButton.isEnabled() and not w.gallery.form.resumeThumb.isVisibleTo(w.gallery)
    autosave_path().write_text('{"format": "tabletop-save", "format_version": 1')
    w.refresh_start()
    assert not w.gallery.form.resumeButton.isEnabled()
    assert "cannot be resumed" in w.gallery.form.resumeInfo.text()


def test_gui_recent_games_open_on_double_click(gui, qtbot, tmp_path, monkeypatch):
    gui.start(["human", "random"], seed=34)
    play_some(gui, 3)
    path = tmp_path / "recent.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(path), a[-1]))
    gui.window.save_as_action.trigger()
    log = list(gui.match.log)
    gui.window.go_to_gallery()
    recent = gui.window.gallery.form.recent
    assert recent.count() >= 1 and recent.item(0).data(Qt.ItemDataRole.UserRole) == str(path.resolve())
    # the list survives a restart (settings)
    from tabletop.client.settings import Settings

    assert Settings().recent_files[0] == str(path.resolve())
    rect = recent.visualItemRect(recent.item(0))
    # a real double click: press and release, then the second press (QTest sends it as one event)
    qtbot.mouseClick(recent.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert gui.match is None, "one click must not open the game"
    qtbot.mouseDClick(recent.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert gui.match is not None and list(gui.match.log) == log


def test_gui_opening_a_finished_game_shows_the_end_screen(gui, qtbot, tmp_path):
    from tabletop.engine.match import Match, Seat
    from tabletop.engine.saves import save_match
    from tabletop.games.forest import GAME

    match = Match(GAME, [Seat("Ada"), Seat("Bot", "bot", "easy")], {}, 35)
    rng = random.Random(3)
    while not match.is_over():
        match.submit(rng.choice(match.legal_actions()))
    path = tmp_path / "finished.json"
    save_match(match, path)
    assert gui.window.open_path(path)
    assert gui.window.current_screen() is gui.window.end_screen
    assert gui.match.is_over() and digest(gui.match.state) == digest(match.state)


def test_gui_opens_a_position_document_as_the_starting_point(gui, qtbot, tmp_path, monkeypatch):
    """Open… accepts a position document: the start screen keeps its game, player count and
    options, the player picks the seats, and Start begins exactly at that position."""
    from tabletop.engine.registry import get_game

    errors = record_errors(monkeypatch)
    game = get_game("forest")
    state = game.new_game(3, {"chainsaw_penalty": 2}, 12)
    rng = random.Random(3)
    for _ in range(20):
        state.apply(rng.choice(state.legal_actions()))
    doc = {"game": "forest", **game.to_position(state)}
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(doc))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(path), a[-1]))
    gui.window.open_action.trigger()
    ss = gui.window.start_screen
    assert errors == []
    assert gui.window.current_screen() is ss
    assert ss.position_row.isVisibleTo(ss) and not ss.summary.isVisibleTo(ss) and "puzzle.json" in ss.position_label.text()
    assert ss.players.value() == 3 and not ss.players.isEnabled() and not ss.game_box.isEnabled()
    ss.seat_rows[1].name.setText("Bo")
    qtbot.mouseClick(ss.start_button, Qt.MouseButton.LeftButton)
    match = gui.match
    assert match is not None and match.log == []
    assert digest(match.state) == digest(game.from_position(doc))
    assert match.options["chainsaw_penalty"] == 2
    assert match.names[1] == "Bo"
    # the saved game keeps the position, so it loads again
    saved = tmp_path / "from puzzle.json"
    gui.window.controller.save(saved)
    gui.window.go_to_start()
    ss.clear_position()
    assert ss.game_box.isEnabled() and ss.players.isEnabled() and not ss.position_row.isVisibleTo(ss)
    assert gui.window.open_path(saved)
    assert digest(gui.match.state) == digest(game.from_position(doc))


def test_gui_broken_position_document_names_its_problem(gui, tmp_path, monkeypatch):
    errors = record_errors(monkeypatch)
    path = tmp_path / "bad position.json"
    path.write_text(json.dumps({"game": "forest", "players": 2, "forests": [[], []], "hands": [["Z99"], []], "stage": "play"}))
    before = path.read_bytes()
    assert gui.window.open_path(path) is True
    assert len(errors) == 1 and "position" in errors[0][1] and "Z99" in errors[0][1]
    assert gui.match is None and gui.window.start_screen.position is None
    assert path.read_bytes() == before


def test_gui_hostile_files_give_one_error_each_and_stay_as_they_were(gui, qtbot, tmp_path, monkeypatch):
    from tabletop.engine.files import MAX_FILE_BYTES

    errors = record_errors(monkeypatch)
    deep = tmp_path / "deep.json"
    deep.write_bytes(b"[" * 100_000)
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.seek(MAX_FILE_BYTES + 1)
        f.write(b"}")
    for path, words in ((deep, "nested"), (huge, "too large")):
        before = path.read_bytes()
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, p=path: (str(p), a[-1]))
        gui.window.open_action.trigger()
        title, message = errors[-1]
        assert path.name in message and words in message and "\n" not in message
        assert path.read_bytes() == before
        assert gui.window.current_screen() is gui.window.gallery
    assert len(errors) == 2


def test_gui_a_deeply_nested_autosave_is_not_offered_for_resume(qtbot, tabletop_home):
    from conftest import open_window

    autosave_path().write_bytes(b'{"format": "tabletop-save", "seats": ' + b"[" * 50_000)
    window = open_window(qtbot)
    card = window.gallery.form
    qtbot.waitUntil(lambda: "cannot be resumed" in card.resumeInfo.text(), timeout=5000)
    assert "nested" in card.resumeInfo.text() and not card.resumeButton.isEnabled()
    window.close()


def test_gui_damaged_settings_start_with_defaults_and_lose_nothing(qtbot, tabletop_home):
    from conftest import open_window
    from tabletop.client.settings import DEFAULT_PACE, MAX_SETTINGS_BYTES, Settings
    from tabletop.engine.paths import config_dir

    # a setting holding deeply nested JSON: the recent list is empty, the rest is kept
    ini = config_dir() / "settings.ini"
    ini.write_text("[files]\nrecent=\"" + "[" * 100_000 + "\"\n[bots]\npace=0.25\n")
    settings = Settings()
    assert settings.recent_files == [] and settings.last_setup == {} and settings.bot_pace == 0.25
    assert settings.problem == ""
    # a settings file that is not one (far too large) is set aside, not read and not deleted
    ini.write_bytes(b"[bots]\npace=0.5\n" + b"x" * (MAX_SETTINGS_BYTES + 1))
    size = ini.stat().st_size
    settings = Settings()
    aside = config_dir() / "settings.ini.broken"
    assert aside.stat().st_size == size and "set aside" in settings.problem
    assert settings.bot_pace == DEFAULT_PACE
    # and the window says so
    ini.write_bytes(b"\xff" * 10)  # not text at all
    window = open_window(qtbot)
    assert "settings.ini.broken-2" in window.statusBar().currentMessage()
    assert (config_dir() / "settings.ini.broken-2").read_bytes() == b"\xff" * 10
    assert aside.stat().st_size == size  # the first one set aside is still there
    window.close()


def test_gui_a_full_disk_is_said_in_plain_words_and_the_autosave_kept(gui, qtbot, monkeypatch):
    import errno

    from tabletop.client import controller as controller_module

    gui.start(["human", "random"], seed=3)
    assert "Welcome" not in gui.status()  # the start screen's greeting is not for the game
    gui.controller.flush_autosave()
    kept = autosave_path().read_bytes()

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(controller_module, "write_atomic", full)
    said = []
    gui.controller.message.connect(said.append)
    play_some(gui, 3)
    gui.controller.flush_autosave()
    warnings = [s for s in said if s.startswith("Could not autosave")]
    assert warnings and "the disk is full" in warnings[0] and "last autosave is kept" in warnings[0]
    assert "Errno" not in warnings[0]
    assert autosave_path().read_bytes() == kept


def test_gui_watch_a_replay_of_a_saved_game_and_a_broken_file_is_named(gui, qtbot, tmp_path, monkeypatch):
    errors = record_errors(monkeypatch)
    gui.start(["human", "random"], seed=9)
    gui.wait_for_human()
    path = tmp_path / "to watch.json"
    gui.window.controller.save(path)
    moves = len(gui.match.log)
    gui.window.go_to_gallery()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(path), a[-1]))
    gui.window.replay_action.trigger()
    replay = gui.window.replay_screen
    assert gui.window.current_screen() is replay and replay.history.last == moves
    # a game not finished: no "everything shown", and only the lone human's view or the table's
    from tabletop.engine.history import EVERYTHING

    assert EVERYTHING not in replay.viewpoints() and set(replay.viewpoints()) <= {0, None}
    qtbot.keyClick(replay, Qt.Key.Key_Escape)
    assert gui.window.current_screen() is gui.window.gallery
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(broken), a[-1]))
    gui.window.replay_action.trigger()
    assert len(errors) == 1 and "broken.json" in errors[0][1] and broken.read_text() == "{"
    assert gui.window.current_screen() is gui.window.gallery


def test_gui_no_data_folder_a_game_is_still_played_and_the_autosave_says_why(gui, qtbot, tabletop_home):
    """Issue 28: with a plain file where the data folder should be, a game still runs; each
    autosave names the folder in one sentence instead of raising."""
    gui.start(["human", "random"], seed=3)
    gui.controller.flush_autosave()  # (the start's autosave written, not still on its way when the folder goes)
    data = tabletop_home / "data"
    shutil.rmtree(data)
    data.write_text("not a folder")
    said = []
    gui.controller.message.connect(said.append)
    play_some(gui, 2)
    warnings = [s for s in said if s.startswith("Could not autosave")]
    assert warnings and warnings[0] == (f"Could not autosave: The app cannot use its data folder {data}: a file has that "
                                        "name. Save the game elsewhere with Save as… (Ctrl+Shift+S).")
    assert data.read_text() == "not a folder"
