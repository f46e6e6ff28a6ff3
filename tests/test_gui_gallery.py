"""The gallery (the first screen): a tile per game with its cover, the quick starts, the set-up;
the forms of ui/ load, and a missing one is named; the theme comes from ui/theme.qss."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from tabletop.client.forms import FormError, load_form
from tabletop.engine.game import BOT_LEVELS
from tabletop.engine.paths import assets_dir, ui_dir
from tabletop.engine.registry import all_games

GAMES = [g for g in all_games() if g.table_class]


def test_the_gallery_is_the_first_screen_with_a_tile_per_game(window):
    gallery = window.gallery
    assert window.current_screen() is gallery
    assert [t.game.id for t in gallery.tiles] == [g.id for g in GAMES]
    for tile in gallery.tiles:
        g = tile.game
        f = tile.form
        assert f.tileName.text() == g.name and f.pitch.text() == g.summary
        lo, hi = g.minutes
        assert f"{g.min_players}" in f.facts.text() and f"{lo}–{hi} min" in f.facts.text()
        # its own cover, drawn (the picture at the widget's size, device pixels and all)
        assert f.cover.path == assets_dir() / g.cover and f.cover.path.is_file()
        assert f.cover.picture is not None and f.cover.picture.width() == round(f.cover.width() * f.cover.devicePixelRatioF())
        for button in (f.botsButton, f.hotseatButton, f.setupButton):
            assert button.isVisible() and button.isEnabled()


def test_a_cover_drawn_once_is_kept_and_shown_again_without_drawing_the_svg(window, qtbot, monkeypatch):
    from PySide6 import QtSvg

    from tabletop.client.gallery import CoverArt
    from tabletop.engine.paths import cache_dir

    cover = window.gallery.tiles[0].form.cover
    kept = list((cache_dir() / "covers").glob(f"{cover.path.parent.name}-*.png"))
    assert len(kept) == 1 and f"{cover.width()}x{cover.height()}" in kept[0].name

    def no_svg(*args):
        raise AssertionError("the SVG was drawn again")

    monkeypatch.setattr(QtSvg, "QSvgRenderer", no_svg)
    again = CoverArt()
    qtbot.addWidget(again)
    again.set_cover(cover.path)
    again.resize(cover.size())
    again.grab()
    assert again.picture is not None and not again.picture.isNull()
    # another size is drawn again (and replaces the kept one)
    monkeypatch.undo()
    again.resize(cover.width() + 10, cover.height())
    again.grab()
    assert [p.name for p in (cache_dir() / "covers").glob(f"{cover.path.parent.name}-*.png")] != [kept[0].name]


def test_quick_start_against_bots_seats_you_against_easy_bots_with_the_usual_options(gui, qtbot):
    tile = gui.window.gallery.tile("forest")
    qtbot.mouseClick(tile.form.botsButton, Qt.MouseButton.LeftButton)
    m = gui.match
    assert m is not None and m.game.id == "forest" and gui.window.current_screen() is gui.screen
    assert [(s.kind, s.level) for s in m.seats] == [("human", None), ("bot", "easy"), ("bot", "easy")]
    assert m.options == m.game.resolve_options({})
    assert len(set(m.names)) == 3


def test_quick_start_takes_the_names_and_the_bot_level_of_the_last_set_up(gui, qtbot):
    gui.window.settings.last_setup = {"game": "forest", "players": 2, "seats": [
        {"name": "Zoe", "kind": "human", "level": None}, {"name": "Max", "kind": "bot", "level": "hard"}]}
    gui.window.go_to_gallery()
    qtbot.mouseClick(gui.window.gallery.tile("spheres-shogun").form.botsButton, Qt.MouseButton.LeftButton)
    m = gui.match
    assert m.game.id == "spheres-shogun" and m.names == ["Zoe", "Max"]
    assert [(s.kind, s.level) for s in m.seats] == [("human", None), ("bot", "hard")]
    assert "hard" in BOT_LEVELS


def test_quick_pass_and_play_seats_everybody_at_this_computer_behind_the_curtain(gui, qtbot):
    tile = gui.window.gallery.tile("spheres-of-life")
    qtbot.mouseClick(tile.form.hotseatButton, Qt.MouseButton.LeftButton)
    m = gui.match
    assert m.game.id == "spheres-of-life" and len(m.seats) == 3
    assert all(s.kind == "human" for s in m.seats)
    qtbot.waitUntil(lambda: gui.screen.curtain.isVisible(), timeout=3000)  # nobody's hand shown yet


def test_set_up_from_a_tile_and_back(window, qtbot):
    qtbot.mouseClick(window.gallery.tile("three-spheres").form.setupButton, Qt.MouseButton.LeftButton)
    ss = window.start_screen
    assert window.current_screen() is ss and ss.game().id == "three-spheres"
    assert ss.screen_buttons  # (the deck options' game)
    qtbot.mouseClick(ss.ui.backButton, Qt.MouseButton.LeftButton)
    assert window.current_screen() is window.gallery


@pytest.mark.parametrize("name", sorted(p.stem for p in ui_dir().glob("*.ui")))
def test_every_form_of_ui_loads(name, qtbot):
    host = QWidget()
    qtbot.addWidget(host)
    form = load_form(name, host)
    assert form.parent() is host and form.objectName()
    assert host.layout().indexOf(form) == 0


def test_a_missing_form_is_named(qtbot, monkeypatch, tmp_path):
    import tabletop.client.forms as forms

    monkeypatch.setattr(forms, "ui_dir", lambda: tmp_path)
    host = QWidget()
    qtbot.addWidget(host)
    with pytest.raises(FormError, match="gallery.ui is missing"):
        forms.load_form("gallery", host)
    (tmp_path / "gallery.ui").write_text("<ui><widget class=")
    with pytest.raises(FormError, match="gallery.ui cannot be read"):
        forms.load_form("gallery", host)


def test_the_theme_is_the_style_sheet_of_ui_with_the_themes_colours(qtbot):
    import re

    from tabletop.client.app import apply_style
    from tabletop.client.theme import current, fill_sheet

    app = QApplication.instance()
    before = app.styleSheet()
    try:
        app.setStyleSheet("")
        apply_style(app)
        sheet = app.styleSheet()
        raw = (ui_dir() / "theme.qss").read_text(encoding="utf-8")
        assert sheet == fill_sheet(raw, {**current(), "ui_dir": ui_dir().as_posix()})
        assert "QFrame#gameTile" in sheet and "QPushButton#primary" in sheet
        assert "@" not in sheet and current()["window"] in sheet
        assert not re.findall(r"#[0-9a-fA-F]{3,6}\b", re.sub(r"/\*.*?\*/", "", raw, flags=re.S))  # (only roles)
    finally:
        app.setStyleSheet(before)


def test_an_unknown_colour_role_in_the_style_sheet_is_named():
    from tabletop.client.theme import SheetError, fill_sheet

    with pytest.raises(SheetError, match="@purple"):
        fill_sheet("QLabel { color: @purple; }", {"text": "#000000"})
    assert fill_sheet("/* @nothing */ QLabel { color: @text; font-size: 10pt; }", {"text": "#010203"}, 1.5) \
        == " QLabel { color: #010203; font-size: 15pt; }"


def test_a_new_players_first_card_game_against_bots_takes_the_gentlest_decks_then_the_usual_ones(gui, qtbot):
    """The card game's defaults put Heart of the Wood against Whispers of the Hollow Moon, which
    Easy bots win 95% of the time: a first game gets the gentlest pairing (FIRST_GAME), measured
    with the balance benchmark at Easy; once a game is in the record, the usual decks."""
    from tabletop.engine import stats
    from tabletop.games.three_spheres import FIRST_GAME

    tile = gui.window.gallery.tile("three-spheres")
    # (said once the first frame is drawn: naming the decks reads them)
    qtbot.waitUntil(lambda: "your first game" in tile.form.botsButton.toolTip())
    assert "your first game: Seat 1's deck The Shogun's Garden, Seat 2's deck Heart of the Wood" in \
        tile.form.botsButton.toolTip()
    qtbot.mouseClick(tile.form.botsButton, Qt.MouseButton.LeftButton)
    m = gui.match
    assert m.game.id == "three-spheres" and m.seats[0].is_human
    assert (m.options["deck1"], m.options["deck2"]) == (FIRST_GAME["deck1"], FIRST_GAME["deck2"]) == ("stones", "forest")
    assert m.options == m.game.resolve_options(FIRST_GAME)
    # pass and play is not a first game against bots: the usual decks
    gui.window.go_to_gallery()
    qtbot.mouseClick(tile.form.hotseatButton, Qt.MouseButton.LeftButton)
    assert gui.match.options == gui.match.game.resolve_options({})
    # a card game in the record: the next quick game against bots has the usual decks
    finished = gui.match
    stats.add(stats.GameRecord("2026-11-28T10:00:00", "three-spheres", dict(finished.options), [], [1, 0], [0], 10, 1), "k1")
    gui.window.go_to_gallery()
    qtbot.mouseClick(tile.form.botsButton, Qt.MouseButton.LeftButton)
    assert gui.match.options == gui.match.game.resolve_options({})


def test_the_set_up_says_what_each_chosen_deck_does_and_shows_the_deck_builder_under_the_decks(window, qtbot):
    from tabletop.games.three_spheres.cards import decks

    qtbot.mouseClick(window.gallery.tile("three-spheres").form.setupButton, Qt.MouseButton.LeftButton)
    ss = window.start_screen
    qtbot.wait(20)
    opt, widgets = ss.option_rows["deck2"]
    about = widgets[-1]
    assert about.text() == decks()["myth"].description
    box = ss.option_boxes["deck2"]
    box.setCurrentIndex(box.findData("stones"))
    assert about.text() == decks()["stones"].description
    assert "deck code" in box.toolTip() and "Decks…" in box.toolTip()
    # the deck builder's button is seen whole without scrolling at 1366 x 768
    button = ss.screen_buttons[0]
    top_left = button.mapTo(ss.scroll.viewport(), button.rect().topLeft())
    assert 0 <= top_left.y() and top_left.y() + button.height() <= ss.scroll.viewport().height()


def test_f1_in_the_gallery_opens_the_rules_of_the_focused_tile_or_asks_which_game(window, qtbot):
    gallery = window.gallery
    tile = gallery.tile("spheres-shogun")
    tile.form.setupButton.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tile.form.setupButton)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert window._rules is not None and window._rules.isVisible()
    assert window._rules.windowTitle() == f"Rules — {tile.game.name}"
    window._rules.close()
    # no tile focused: a menu of every game; choosing one opens its rules
    gallery.form.loadButton.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is gallery.form.loadButton)
    window._rules = None
    qtbot.keyClick(window, Qt.Key.Key_F1)
    menu = window.rules_menu
    qtbot.waitUntil(menu.isVisible)
    assert window._rules is None
    games = [a for a in menu.actions() if not a.isSeparator()]
    assert [a.text() for a in games] == [g.name for g in GAMES]
    next(a for a in games if a.text() == "Three Spheres TCG").trigger()
    assert window._rules.windowTitle() == "Rules — Three Spheres TCG"
    window._rules.close()
    menu.close()
