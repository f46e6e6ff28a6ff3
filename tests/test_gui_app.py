"""The application around the games: start screen rules, menus, settings, rules pages,
rendering to PNG and the start-up smoke test."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox

from tabletop.engine.paths import autosave_path
from tabletop.games.forest import GAME

ROOT = Path(__file__).resolve().parents[1]


def test_gui_start_screen_follows_the_games_player_counts_and_options(window, qtbot):
    ss = window.start_screen
    game = ss.game()
    assert game.id == GAME.id
    assert (ss.players.minimum(), ss.players.maximum()) == (game.min_players, game.max_players)
    assert ss.players.value() == 3  # three when the game allows it
    for n in range(game.min_players, game.max_players + 1):
        ss.players.setValue(n)
        assert [r.name.isVisibleTo(ss) for r in ss.seat_rows] == [i < n for i in range(len(ss.seat_rows))]
    assert set(ss.option_boxes) == {o.name for o in game.options}
    for opt in game.options:
        box = ss.option_boxes[opt.name]
        assert [box.itemData(i) for i in range(box.count())] == list(opt.choices)
        assert box.currentData() == opt.default
    assert ss.seed.text().isdigit()  # a random seed is filled in
    # typing a name is not taken for the H (hint) shortcut
    ss.seat_rows[0].name.clear()
    qtbot.keyClicks(ss.seat_rows[0].name, "Hugh")
    assert ss.seat_rows[0].name.text() == "Hugh"
    # casual undo is offered only with exactly one human
    ss.players.setValue(2)
    ss.seat_rows[0].kind.setCurrentIndex(0)
    ss.seat_rows[1].kind.setCurrentIndex(2)
    assert ss.casual.isEnabled()
    ss.casual.setChecked(True)
    ss.seat_rows[1].kind.setCurrentIndex(0)
    assert not ss.casual.isEnabled() and not ss.casual.isChecked()


def test_gui_start_refuses_duplicate_names_with_a_message(window, qtbot, monkeypatch):
    errors = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: errors.append(text))
    ss = window.start_screen
    ss.players.setValue(2)
    ss.seat_rows[0].name.setText("Sam")
    ss.seat_rows[1].name.setText("sam")
    qtbot.mouseClick(ss.start_button, Qt.MouseButton.LeftButton)
    assert errors and "different name" in errors[0]
    assert window._controller is None or window.controller.match is None
    ss.seat_rows[1].name.setText("")
    qtbot.mouseClick(ss.start_button, Qt.MouseButton.LeftButton)
    assert len(errors) == 2 and "name" in errors[1]


def test_gui_menus_have_the_standard_shortcuts(window):
    def keys(action):
        return {s.toString() for s in action.shortcuts()}

    assert QKeySequence(QKeySequence.StandardKey.New).toString() in keys(window.new_action)
    assert QKeySequence(QKeySequence.StandardKey.Open).toString() in keys(window.open_action)
    assert QKeySequence(QKeySequence.StandardKey.Save).toString() in keys(window.save_action)
    assert "Ctrl+Shift+S" in keys(window.save_as_action)
    assert "Ctrl+Z" in keys(window.undo_action)
    assert {"Ctrl+Shift+Z", "Ctrl+Y"} <= keys(window.redo_action)
    assert {"H", "Ctrl+H"} <= keys(window.hint_action)
    assert "F1" in keys(window.rules_action)
    assert "Ctrl+Q" in keys(window.quit_action)
    menus = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert menus == ["Game", "Edit", "Help"]
    # nothing to save, undo or hint before a game starts
    assert not window.save_action.isEnabled() and not window.undo_action.isEnabled()


def test_gui_settings_persist_and_reach_the_table(gui, qtbot):
    from tabletop.client.settings import Settings
    from tabletop.client.settings_dialog import SettingsDialog

    gui.start(["human", "random"], seed=51)
    assert gui.table.animations is False  # the fixture turned them off
    dialog = SettingsDialog(gui.window.settings, gui.window)
    dialog.animations.setChecked(True)
    dialog.pace.setValue(1.5)
    dialog.accept()
    assert gui.table.animations is True
    fresh = Settings()
    assert fresh.animations is True and fresh.bot_pace == 1.5
    assert gui.controller.pace == 1.5
    fresh.animations = False
    assert Settings().animations is False


def test_gui_window_geometry_is_remembered(qtbot):
    from tabletop.client.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    w.resize(1000, 700)
    w.close()
    from tabletop.client.settings import Settings

    assert Settings().geometry == w.saveGeometry()
    again = MainWindow()
    qtbot.addWidget(again)
    # (the offscreen screen is 800x600, so restoring may clamp the width to the minimum 900)
    assert again.height() == 700 and again.width() in (900, 1000)


def write_docs(root: Path, help_text: str | None, rules_text: str | None) -> None:
    rules = root / "docs" / "rules"
    rules.mkdir(parents=True)
    if help_text is not None:
        (rules / "forest-help.md").write_text(help_text)
    if rules_text is not None:
        (rules / "once-upon-a-forest.md").write_text(rules_text)


def test_gui_rules_dialog_shows_the_pages_or_says_they_are_missing(window, qtbot, tmp_path, monkeypatch):
    from tabletop.client import rules_dialog

    write_docs(tmp_path / "a", "# How to play\n\nClick a **card**, then a glowing slot.", None)
    monkeypatch.setattr(rules_dialog, "docs_dirs", lambda: [tmp_path / "a" / "docs"])
    window.gallery.tile("forest").form.botsButton.setFocus()  # (F1 in the gallery: the focused tile's game)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    dialog = window._rules
    assert dialog is not None and dialog.isVisible()
    assert dialog.tabs.count() == 3  # (and the Glossary, from the game's package)
    help_page, rules_page, words = (b.toPlainText() for b in dialog.browsers)
    assert words.startswith("Glossary") and "Chainsaw." in words
    assert "Click a card, then a glowing slot." in help_page
    assert "once-upon-a-forest.md" in rules_page and "missing" in rules_page
    dialog.close()


def test_gui_rules_pages_are_found_beside_the_assets_of_a_bundle(tmp_path, monkeypatch):
    from tabletop.client import rules_dialog

    bundle = tmp_path / "bundle"
    (bundle / "assets").mkdir(parents=True)
    write_docs(bundle, "help", "rules")
    monkeypatch.setattr(rules_dialog, "assets_dir", lambda: bundle / "assets")
    assert rules_dialog.find_doc("forest-help.md") == bundle / "docs" / "rules" / "forest-help.md"


def test_gui_render_to_png_draws_the_table(tmp_path, qapp):
    from tabletop.client.render import render_to_png
    from tabletop.engine.match import Match, Seat
    from tabletop.engine.saves import save_match

    out = render_to_png(tmp_path / "new.png", game_id="forest", seed=3, size=(683, 384))
    image = QImage(str(out))
    assert (image.width(), image.height()) == (683, 384)
    colours = {image.pixelColor(x, y).name() for x in range(0, 683, 37) for y in range(0, 384, 23)}
    assert len(colours) > 5, "the picture is blank"
    # from a save, as seat 2 sees it
    match = Match(GAME, [Seat("Ada"), Seat("Ben")], {}, 4)
    for _ in range(5):
        match.submit(match.legal_actions()[0])
    save = tmp_path / "game.json"
    save_match(match, save)
    before = save.read_bytes()
    out2 = render_to_png(tmp_path / "saved.png", save=save, seat=1)
    assert QImage(str(out2)).width() == 1366
    assert save.read_bytes() == before
    assert QImage(str(out2)) != QImage(str(out))
    assert QColor(QImage(str(out2)).pixelColor(5, 5)).alpha() == 255


def test_gui_smoke_starts_the_window_and_prints_the_startup_time(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-m", "tabletop", "--smoke"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert re.fullmatch(r"startup \d+\.\d\d s\n", result.stdout), result.stdout
    assert not autosave_path().exists()


def test_gui_quit_keeps_the_autosave(gui, qtbot):
    gui.start(["human", "random"], seed=52)
    gui.wait_for_human()
    gui.play(gui.match.legal_actions()[0])
    qtbot.keyClick(gui.window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not gui.window.isVisible()
    assert autosave_path().exists()
    assert QApplication.instance() is not None


def test_start_screen_scrolls_instead_of_squeezing_when_short(window, qtbot):
    """In a short window the seats keep their height: the middle of the form scrolls."""
    window.go_to_start()
    ss = window.start_screen
    ss.players.setValue(ss.players.maximum())
    window.resize(1000, 600)
    qtbot.wait(50)
    name = ss.seat_rows[0].name
    assert name.height() >= name.sizeHint().height()
    assert ss.scroll.verticalScrollBar().maximum() > 0
    assert ss.start_button.isVisible() and ss.start_button.height() >= ss.start_button.sizeHint().height()


def test_start_screen_shows_only_the_options_for_the_number_of_players(window):
    ss = window.start_screen
    box_visible = {name: box.isVisibleTo(ss) for name, box in ss.option_boxes.items()}
    ss.players.setValue(1)
    solo = {name: box.isVisibleTo(ss) for name, box in ss.option_boxes.items()}
    ss.players.setValue(3)
    table = {name: box.isVisibleTo(ss) for name, box in ss.option_boxes.items()}
    assert solo == {"chainsaw_penalty": True, "variant": False, "solo_target": True}
    assert table == {"chainsaw_penalty": True, "variant": True, "solo_target": False}
    assert box_visible  # (the form was built)


def test_start_screen_shows_a_rule_sets_options_only_with_that_rule_set(window):
    ss = window.start_screen
    ss.game_box.setCurrentIndex([g.id for g in ss.games].index("spheres-shogun"))
    shown = lambda: {name for name, box in ss.option_boxes.items() if box.isVisibleTo(ss)}  # noqa: E731
    assert shown() == {"rules", "hime", "ordain", "prison", "thief_roll", "opponent_side", "capture"}
    rules = ss.option_boxes["rules"]
    rules.setCurrentIndex(rules.findData("classic"))
    assert shown() == {"rules", "mandarin", "young_mandarin"}
    assert ss.options()["rules"] == "classic"


def test_every_game_with_a_table_has_its_two_rules_pages_and_its_glossary():
    from tabletop.client.rules_dialog import rules_pages
    from tabletop.engine.glossary import glossary
    from tabletop.engine.registry import all_games

    for game in all_games():
        if not game.table_class:
            continue
        pages = rules_pages(game)
        assert [t for t, _ in pages] == ["How to play", "Rules and interpretations", "Glossary"]
        for _, text in pages:
            assert "is missing from this installation" not in text, game.id
        assert all(f"**{word}.** {meaning}" in pages[2][1] for word, meaning in glossary(game)[0].items())
        assert "**Glossary** tab" in pages[0][1]  # (the help page leads to it)


def test_the_set_up_comes_from_its_form_and_goes_back_to_the_gallery(window, qtbot):
    """A tile's Set up… shows that game's set-up (the form ui/start_screen.ui, with its seats and
    cover); "All games" and Esc go back to the gallery."""
    tile = window.gallery.tile("spheres-shogun")
    qtbot.mouseClick(tile.form.setupButton, Qt.MouseButton.LeftButton)
    ss = window.start_screen
    assert window.current_screen() is ss and ss.game().id == "spheres-shogun"
    assert ss.ui.objectName() == "StartScreen" and ss.seat_rows[0].name.isVisibleTo(ss)
    assert ss.ui.cover.path is not None and ss.ui.cover.path.name == "cover.svg"
    assert ss.ui.facts.text() == "2 players · 10–20 min"
    qtbot.mouseClick(ss.ui.backButton, Qt.MouseButton.LeftButton)
    assert window.current_screen() is window.gallery
    tile = window.gallery.tile("forest")
    qtbot.mouseClick(tile.form.setupButton, Qt.MouseButton.LeftButton)
    assert window.current_screen() is ss and ss.game().id == "forest"
    qtbot.keyClick(ss, Qt.Key.Key_Escape)
    assert window.current_screen() is window.gallery


def test_gui_every_start_deals_a_new_game_unless_the_player_typed_a_seed(gui, qtbot):
    # issue 17.1: the start screen drew one seed when it was built, so Game -> New and Start
    # dealt the very same cards again
    from tabletop.engine.game import digest

    ss = gui.window.start_screen
    ss.players.setValue(2)
    ss.seat_rows[1].kind.setCurrentIndex(1)  # a Random bot
    played = []
    for _ in range(3):
        shown = int(ss.seed.text())
        qtbot.mouseClick(ss.start_button, Qt.MouseButton.LeftButton)
        assert gui.match.seed == shown
        played.append((gui.match.seed, digest(gui.match.initial_state())))
        gui.window.new_action.trigger()
        assert int(ss.seed.text()) != shown and "new one" in ss.seed_note.text()
    assert len({seed for seed, _ in played}) == 3 and len({d for _, d in played}) == 3
    # a seed the player types is theirs: kept, and said so, until they ask for a new one
    ss.seed.clear()
    qtbot.keyClicks(ss.seed, "4242")
    assert "kept" in ss.seed_note.text()
    for _ in range(2):
        qtbot.mouseClick(ss.start_button, Qt.MouseButton.LeftButton)
        assert gui.match.seed == 4242
        gui.window.new_action.trigger()
        assert ss.seed.text() == "4242"
    ss.new_seed()
    assert ss.seed.text() != "4242" and "new one" in ss.seed_note.text()


FIT_SCRIPT = r"""
import json, os, sys
from tabletop.client.app import ensure_app
app = ensure_app(["x"])
from PySide6.QtCore import QEventLoop, QTimer
from tabletop.client.main_window import MainWindow

def settle():
    loop = QEventLoop(); QTimer.singleShot(150, loop.quit); loop.exec()

def rect(r):
    return [r.x(), r.y(), r.width(), r.height()]

out = {}
w = MainWindow(); w.show_fitted(); settle()
out["area"] = rect(w.screen().availableGeometry())
out["first"] = rect(w.frameGeometry())
# a geometry saved on a larger monitor: too big and partly off this screen
w.setGeometry(900, 500, 1700, 1000); settle()
w.settings.geometry = w.saveGeometry(); w.settings.sync(); w.close()
again = MainWindow(); again.show_fitted(); settle()
out["restored"] = rect(again.frameGeometry())
print(json.dumps(out))
"""


def test_gui_the_window_fits_the_screen_it_opens_on(tmp_path):
    # issue 17.6: a 1366x768 client area plus the frame was larger than a 1366x768 screen
    import json

    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"windowFrameMargins": True, "screens": [
        {"name": "s", "x": 0, "y": 0, "width": 1366, "height": 768, "logicalDpi": 96, "logicalBaseDpi": 96,
         "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "TABLETOP_HOME": str(tmp_path / "h")}
    out = subprocess.run([sys.executable, "-c", FIT_SCRIPT], capture_output=True, text=True, env=env, cwd=ROOT,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    ax, ay, aw, ah = result["area"]
    for name in ("first", "restored"):
        x, y, w, h = result[name]
        assert ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah, (name, result)
    assert result["first"][2] >= aw - 8 and result["first"][3] >= ah - 8  # and it uses the screen


def test_gui_a_status_message_stays_with_the_screen_it_was_shown_on(gui):
    """Issue 29 (11): "Welcome!…" stayed over a replay and "Hint: …" over the gallery. A message
    is cleared when its screen is left; the end screen keeps the game's last word."""
    w = gui.window
    assert w.current_screen() is w.gallery and gui.status().startswith("Welcome!")
    w.show_stats()
    assert gui.status() == ""
    gui.start(["human", "random"], seed=3)
    w.show_status("Hint: the Hard bot would draw a card.")
    w.go_to_gallery()
    assert w.current_screen() is w.gallery and gui.status() == ""
    w.show_status("Said on the gallery.")
    w.game_screens.open("three-spheres", "Decks")
    assert gui.status().startswith("Build a deck")  # (what the new screen says is kept)
