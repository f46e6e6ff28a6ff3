"""Every desktop (issue 46): the light and the dark theme, chosen or as the system, and every text
readable in both.

A desktop in dark mode hands a Qt app a dark palette -- light text, dark bases -- and the style
sheet's light surfaces then showed white text on white.  The app sets its own palette and style
sheet from its theme (tabletop/client/theme.py) before its first window: the system's palette
never reaches a widget, and the theme is the one the settings ask for ("as the system" follows the
system's scheme).

Measured on the drawn pixels, as a person sees them: for every visible, enabled label, button and
check box that shows text, and every visible cell of a table or a list (and every section of their
headers, every item of a menu), the background is the colour most of its pixels have and the text
is the pixel that differs most from it; their contrast (WCAG 2.2's ratio of relative luminances)
must be 4.5:1 or more (1.4.3, level AA).  Disabled controls are exempt, as WCAG leaves them.  The
screens: the gallery, a game's set-up, each game's table with its side panel, the end screen, the
replay, Your record, the deck builder, the settings, the rules, the review, "What is this?", a
lesson's callout, the menus and a tooltip -- each in the light and the dark theme under the
palette of a dark system, and the gallery as the system under a dark system and under Qt's own.
"""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QModelIndex, QPoint, QRect, QSettings, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QApplication, QHeaderView, QLabel, QMenu,
                               QTextBrowser, QToolTip, QWidget)

from tabletop.client.theme import SEATS, TABLE, THEMES, look, use_look

AA = 4.5
GAMES = ("forest", "spheres-of-life", "spheres-shogun", "three-spheres")


def luminance(c: QColor) -> float:
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def dark_system_palette() -> QPalette:
    """What a dark desktop gives a Qt app (the colours of Qt's own dark Fusion palette)."""
    pal = QPalette(QColor("#3c3c3c"), QColor("#323232"))
    R = QPalette.ColorRole
    for role, colour in ((R.WindowText, "#f0f0f0"), (R.Base, "#1e1e1e"), (R.AlternateBase, "#2d2d2d"),
                         (R.Text, "#f0f0f0"), (R.ButtonText, "#f0f0f0"), (R.ToolTipBase, "#3c3c3c"),
                         (R.ToolTipText, "#f0f0f0"), (R.PlaceholderText, "#a0a0a0"), (R.Highlight, "#2f65ca"),
                         (R.HighlightedText, "#ffffff")):
        pal.setColor(role, QColor(colour))
    return pal


# --- the measure ---------------------------------------------------------------------------
def text_widgets(root: QWidget) -> list[QWidget]:
    found = []
    for w in root.findChildren(QWidget):
        shows = w.visibleRegion().boundingRect()
        if not w.isVisibleTo(root) or not w.isEnabled() or shows.width() < 4 or shows.height() < 4:
            continue
        if isinstance(w, QLabel) and w.text().strip() and w.pixmap().isNull():
            found.append(w)
        elif isinstance(w, QAbstractButton) and w.text().strip():
            found.append(w)
        elif isinstance(w, QTextBrowser) and w.toPlainText().strip():
            found.append(w.viewport())
    return found


def measured_at(image: QImage, top_left: QPoint, size: tuple[int, int]) -> tuple[float, str, str]:
    """(contrast, background, text) of the part of ``image`` at ``top_left`` (logical pixels) of
    ``size``: the background is its most common pixel, the text the pixel furthest from it."""
    ratio = image.devicePixelRatio()
    part = image.copy(round(top_left.x() * ratio), round(top_left.y() * ratio), round(size[0] * ratio),
                      round(size[1] * ratio)).convertToFormat(QImage.Format.Format_RGB32)
    pixels = Counter(part.pixel(x, y) for y in range(part.height()) for x in range(part.width()))
    background = QColor(pixels.most_common(1)[0][0])
    text = max((QColor(p) for p in pixels), key=lambda c: contrast(c, background))
    return contrast(text, background), background.name(), text.name()


def measured(image: QImage, root: QWidget, w: QWidget) -> tuple[float, str, str]:
    """The contrast of ``w`` as drawn in ``image`` (a grab of ``root``), where it shows (a widget
    scrolled partly out of view is measured where it shows)."""
    shows = w.visibleRegion().boundingRect()
    return measured_at(image, w.mapTo(root, shows.topLeft()), (shows.width(), shows.height()))


def cells(root: QWidget) -> list[tuple[QWidget, QRect, str]]:
    """Every visible cell showing text of the tables and lists in ``root``, and every section of
    their headers: (the widget it is drawn on, its rectangle there, its text)."""
    out = []
    views = ([root] if isinstance(root, QAbstractItemView) else []) + root.findChildren(QAbstractItemView)
    for view in views:
        if not view.isVisibleTo(root) or not view.isEnabled():
            continue
        vp = view.viewport()
        shows = vp.visibleRegion().boundingRect()
        model = view.model()
        if model is None or shows.isEmpty():
            continue
        if isinstance(view, QHeaderView):
            horizontal = view.orientation() == Qt.Orientation.Horizontal
            for i in range(view.count()):
                if view.isSectionHidden(i):
                    continue
                at, size = view.sectionViewportPosition(i), view.sectionSize(i)
                r = (QRect(at, 0, size, vp.height()) if horizontal else QRect(0, at, vp.width(), size)).intersected(shows)
                text = model.headerData(i, view.orientation())
                if r.width() >= 4 and r.height() >= 4 and str(text or "").strip():
                    out.append((vp, r, str(text)))
            continue
        try:
            columns = model.columnCount(QModelIndex())
        except TypeError:  # (a list's model keeps its one column to itself)
            columns = 1
        for row in range(min(model.rowCount(QModelIndex()), 400)):
            for col in range(columns):
                index = model.index(row, col)
                text = index.data()
                r = view.visualRect(index).intersected(shows)
                if r.width() >= 4 and r.height() >= 4 and str(text or "").strip():
                    out.append((vp, r, str(text)))
    return out


def unreadable(root: QWidget) -> list[str]:
    """Every text of ``root`` under 4.5:1, with what was measured."""
    image = root.grab().toImage()
    out = []
    for w in text_widgets(root):
        ratio, background, text = measured(image, root, w)
        if ratio < AA:
            name = w.text()[:40] if hasattr(w, "text") else "(its text)"
            out.append(f"{type(w).__name__} {w.objectName() or ''} {name!r}: {ratio:.2f} ({text} on {background})")
    for vp, r, words in cells(root):
        ratio, background, text = measured_at(image, vp.mapTo(root, r.topLeft()), (r.width(), r.height()))
        if ratio < AA:
            out.append(f"cell of {vp.parentWidget().objectName() or type(vp.parentWidget()).__name__} {words[:40]!r}: "
                       f"{ratio:.2f} ({text} on {background})")
    return out


def readable(root: QWidget, least: int = 1) -> None:
    """Every text of ``root`` reads 4.5:1 or more; ``least``: how many texts there must be at
    the least (the measure found the screen's texts)."""
    assert len(text_widgets(root)) + len(cells(root)) >= least
    assert unreadable(root) == []


# --- the looks -----------------------------------------------------------------------------------
@contextmanager
def started_as(qapp, theme: str, system_dark: bool):
    """The app started as a player's would: the system's palette (dark, or Qt's own), the
    settings file asking for ``theme``, and the app's start (names, fonts, the look)."""
    from tabletop.client.app import setup_app
    from tabletop.engine.paths import folder_path

    def start(choice: str, palette: QPalette) -> None:
        path = folder_path("config") / "settings.ini"
        path.parent.mkdir(parents=True, exist_ok=True)
        q = QSettings(str(path), QSettings.Format.IniFormat)
        q.setValue("look/theme", choice)
        q.sync()
        qapp.setPalette(palette)
        qapp.setProperty("tabletop_ready", False)  # as at start
        setup_app(qapp)

    start(theme, dark_system_palette() if system_dark else QApplication.style().standardPalette())
    try:
        yield
    finally:  # (the other tests of this process see the light theme, as they did)
        start("system", QApplication.style().standardPalette())
        assert look.name == "light"


@pytest.fixture(params=["light", "dark"])
def theme(request, qapp, tabletop_home):
    """Each theme, chosen in the settings, under the palette of a dark system."""
    with started_as(qapp, request.param, system_dark=True):
        assert look.name == request.param
        yield request.param


@pytest.fixture
def shown(theme, window):
    """The main window (conftest's), built once the theme is in place."""
    return window


@pytest.fixture
def gui(shown, qtbot):
    from conftest import Gui

    return Gui(qtbot, shown)


# --- the themes' roles -----------------------------------------------------------------------------
def test_every_text_role_reads_aa_on_every_surface_it_is_drawn_on_in_both_themes():
    surfaces = ("window", "surface", "surface_alt", "raised", "group", "side_panel", "button", "button_hover",
                "header", "status_bar", "chart")
    for name, c in THEMES.items():
        colours = {k: QColor(v) for k, v in c.items()}
        for text in ("text", "muted", "placeholder", "heading", "danger", "ok", "link", "link_visited"):
            for surface in surfaces:
                assert contrast(colours[text], colours[surface]) >= AA, (name, text, surface)
        for seat in SEATS:  # (a name in its seat's colour on the end screen, a series on a chart)
            for surface in ("window", "surface", "raised", "chart"):
                assert contrast(colours[seat], colours[surface]) >= AA, (name, seat, surface)
        for text, surface in (("on_accent", "accent"), ("on_accent", "accent_hover"), ("on_tooltip", "tooltip"),
                              ("on_note", "note"), ("on_done", "done"), ("curtain_title", "curtain"),
                              ("curtain_text", "curtain"), ("on_curtain_button", "curtain_button"),
                              ("chart_text", "chart"), ("on_banner", "banner_you"), ("on_banner", "banner_wait"),
                              ("on_banner", "banner_curtain"), ("on_banner", "banner_over")):
            assert contrast(colours[text], colours[surface]) >= AA, (name, text, surface)
        assert contrast(colours["series_grey"], colours["chart"]) >= 3  # (bars and lines: 3:1, WCAG 1.4.11)


def test_both_themes_name_the_same_roles_and_the_dark_one_is_dark():
    assert set(THEMES["light"]) == set(THEMES["dark"])
    dark, light = THEMES["dark"], THEMES["light"]
    assert luminance(QColor(dark["window"])) < 0.05 < luminance(QColor(light["window"]))
    assert luminance(QColor(dark["text"])) > 0.6 > luminance(QColor(light["text"]))
    assert TABLE["hint"] == light["hint"] == dark["hint"]  # (the hint's colour is the same on the table and off)


# --- which theme, when ---------------------------------------------------------------------------------
@pytest.mark.parametrize("system_dark, expected", [(True, "dark"), (False, "light")])
def test_as_the_system_the_theme_follows_the_systems_palette_and_the_gallery_reads(qapp, qtbot, tabletop_home,
                                                                                 system_dark, expected):
    from conftest import open_window

    with started_as(qapp, "system", system_dark):
        assert look.theme_choice == "system" and look.name == expected
        assert QApplication.palette().color(QPalette.ColorRole.Window).name() == THEMES[expected]["window"]
        w = open_window(qtbot)
        readable(w, 20)
        w.close()


def test_the_theme_is_set_before_the_first_window_is_built(qapp, tabletop_home):
    """No flash of the other theme: the start sets the palette and the look from the settings file
    before any window exists; the window's first frame is drawn in the dark theme."""
    with started_as(qapp, "dark", system_dark=False):
        assert look.name == "dark"
        assert QApplication.palette().color(QPalette.ColorRole.Window).name() == THEMES["dark"]["window"]
        assert QApplication.palette().color(QPalette.ColorRole.WindowText).name() == THEMES["dark"]["text"]


def test_a_change_of_the_systems_scheme_is_followed_as_the_system_and_not_when_chosen(qapp, qtbot, tabletop_home):
    from conftest import open_window

    with started_as(qapp, "system", system_dark=False):
        w = open_window(qtbot)
        hints = qapp.styleHints()
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)  # (the system turned dark while the app runs)
        assert look.name == "dark"
        assert QApplication.palette().color(QPalette.ColorRole.Window).name() == THEMES["dark"]["window"]
        assert THEMES["dark"]["window"] in qapp.styleSheet()
        readable(w.gallery, 20)
        use_look(qapp, "light")  # chosen: the system's scheme no longer matters
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert look.name == "light"
        use_look(qapp, "system")
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert look.name == "light"
        w.close()


# --- the settings ------------------------------------------------------------------------------------
def test_settings_theme_is_applied_at_once_saved_and_cancel_puts_back(qapp, qtbot, tabletop_home):
    from conftest import open_window

    from tabletop.client.settings import Settings
    from tabletop.client.settings_dialog import SettingsDialog

    with started_as(qapp, "system", system_dark=False):
        w = open_window(qtbot)
        dialog = SettingsDialog(w.settings, w)
        qtbot.addWidget(dialog)
        dialog.show()
        assert dialog.theme.currentData() == "system"
        dialog.theme.setCurrentIndex(dialog.theme.findData("dark"))  # shown at once, on every window
        assert look.name == "dark" and THEMES["dark"]["window"] in qapp.styleSheet()
        background = w.gallery.grab().toImage().pixelColor(3, 3).name()
        assert background == THEMES["dark"]["window"]
        dialog.reject()  # Cancel: the look there was
        assert look.name == "light" and Settings().theme == "system"
        dialog = SettingsDialog(w.settings, w)
        qtbot.addWidget(dialog)
        dialog.theme.setCurrentIndex(dialog.theme.findData("dark"))
        dialog.accept()
        assert look.name == "dark" and Settings().theme == "dark"
        assert QSettings(str(w.settings.path), QSettings.Format.IniFormat).value("look/theme") == "dark"
        w.close()


@pytest.mark.parametrize("written", ["purple", "", "1", "true", "DARK"])
def test_an_unknown_theme_in_the_settings_file_is_as_the_system(qapp, tabletop_home, written):
    from tabletop.client.settings import Settings, look_at_start

    settings = Settings()
    settings.q.setValue("look/theme", written)
    settings.q.setValue("look/text_size", "huge")
    settings.sync()
    assert Settings().theme == "system" and Settings().text_size == "system"
    assert look_at_start() == ("system", "system")


def test_a_damaged_settings_file_starts_as_the_system_with_no_crash(qapp, tabletop_home):
    from tabletop.client.settings import Settings, look_at_start
    from tabletop.engine.paths import folder_path

    path = folder_path("config") / "settings.ini"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00\xff[look]\ntheme=dark\x00\x9c" * 50)
    assert look_at_start() == ("system", "system") or look_at_start()[0] in ("system", "dark")
    settings = Settings()  # (sets the damaged file aside)
    assert settings.theme == "system" and "set aside" in settings.problem


# --- the screens -------------------------------------------------------------------------------------
def test_every_text_of_the_gallery_is_readable(shown):
    readable(shown, 20)


def test_every_text_of_a_games_set_up_is_readable(shown, qtbot):
    qtbot.mouseClick(shown.gallery.tile("spheres-of-life").form.setupButton, Qt.MouseButton.LeftButton)
    assert shown.current_screen() is shown.start_screen
    qtbot.wait(50)
    readable(shown.start_screen, 10)


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_a_tables_side_panel_and_banner_is_readable(gui, qtbot, game):
    gui.start(["human", "random"], game=game)
    gui.wait_for_human()
    qtbot.wait(50)
    panel = gui.window.findChild(QWidget, "sidePanel")
    assert panel is not None and panel.isVisible()
    readable(panel, 8)  # the score table's cells, the log's lines, the buttons
    readable(gui.window.table_screen, 10)


def test_every_text_of_the_end_screen_the_replay_and_the_record_is_readable(gui, qtbot):
    from test_gui_end import wait_for_end
    from test_gui_stats import finished

    from tabletop.engine import stats

    gui.start(["random", "easy"], seed=41)
    wait_for_end(gui, qtbot)
    end = gui.window.end_screen
    readable(end, 8)
    qtbot.mouseClick(end.replay_button, Qt.MouseButton.LeftButton)
    replay = gui.window.replay_screen
    qtbot.keyClick(replay, Qt.Key.Key_End)
    readable(replay, 8)
    qtbot.mouseClick(replay.close_button, Qt.MouseButton.LeftButton)
    for seed in (1, 2):
        stats.record_match(finished(seed))
    end.back_button.click()
    gui.window.gallery.form.statsButton.click()
    record = gui.window.stats_screen
    assert gui.window.current_screen() is record
    qtbot.wait(50)
    readable(record, 12)


def test_the_charts_are_drawn_on_the_themes_own_chart_colour(gui, qtbot, theme):
    from test_gui_stats import finished

    from tabletop.engine import stats

    for seed in (1, 2):
        stats.record_match(finished(seed))
    gui.window.gallery.form.statsButton.click()
    record = gui.window.stats_screen
    qtbot.waitUntil(lambda: record.rate_plot is not None and record.rate_plot.isVisible())
    image = record.rate_plot.grab().toImage()
    corner = image.pixelColor(2, 2).name()
    assert corner == THEMES[theme]["chart"]


def test_every_text_of_the_deck_builder_is_readable(shown, qtbot):
    shown.gallery.screen_buttons[0].click()  # Decks…
    qtbot.wait(100)
    screen = shown.current_screen()
    assert screen is not shown.gallery
    readable(screen, 10)


def test_every_text_of_the_settings_and_the_rules_is_readable(shown, qtbot):
    from tabletop.client.settings_dialog import SettingsDialog
    from tabletop.engine.registry import get_game

    dialog = SettingsDialog(shown.settings, shown)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    readable(dialog, 6)
    dialog.reject()
    shown.show_rules_of(get_game("spheres-of-life"))
    rules = shown._rules
    qtbot.waitExposed(rules)
    readable(rules, 2)
    rules.close()


def test_every_text_of_the_review_and_of_what_is_this_is_readable(gui, qtbot):
    import random

    from test_gui_play import play_until
    from test_gui_what_is import right_click

    from tabletop.client import review_dialog
    from tabletop.client.zones import zone_of
    from tabletop.engine.review import Decision
    from tabletop.engine.review_store import review_key

    gui.start(["human", "random"], seed=5, game="forest")
    play_until(gui, lambda: gui.match.state.stage == "play", random.Random(4))
    table, view = gui.table, gui.view
    card = next(it for it in table.items() if getattr(it, "card_id", None) and zone_of(it) is not None
                and zone_of(it).address == "hand/0")
    box = right_click(view, card)
    qtbot.waitExposed(box)
    readable(box, 1)
    box.close()
    # a review (kept from an earlier look: no search is run)
    m = gui.match
    made = [Decision(k, a, "played it", {"chance": 0.4 + k / 100}, a, "the same", {"chance": 0.4 + k / 100},
                     0.0 if k % 2 else 0.1, "chance") for k, a in enumerate(m.log[:6])]
    review_dialog._kept[review_key(m, 0, review_dialog.ReviewDialog.SECONDS)] = made
    dialog = review_dialog.ReviewDialog(m, 0, gui.window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.list.count() == len(made)
    readable(dialog, 6)
    dialog.close()


def test_every_text_of_a_lessons_callout_is_readable(gui, qtbot, tmp_path, monkeypatch):
    from tabletop.engine import lessons

    monkeypatch.setattr(lessons, "progress_path", lambda: tmp_path / "lessons.json")
    gui.window.learning.learn("forest-first-game")
    gui.wait_for_human()
    callout = gui.window.table_screen.callout
    qtbot.waitUntil(callout.isVisible)
    readable(callout, 1)
    readable(gui.window.table_screen.lesson_box, 2)


def test_every_item_of_the_menus_and_a_tooltip_is_readable(shown, qtbot):
    seen = 0
    for action in shown.menuBar().actions():
        menu = action.menu()
        if not isinstance(menu, QMenu):
            continue
        menu.popup(shown.mapToGlobal(QPoint(40, 40)))
        qtbot.waitExposed(menu)
        image = menu.grab().toImage()
        items = [a for a in menu.actions() if a.isVisible() and a.isEnabled() and not a.isSeparator() and a.text()]
        seen += len(items)  # (the Edit menu's Undo and Redo are disabled in the gallery)
        for item in items:
            r = menu.actionGeometry(item)
            ratio, background, text = measured_at(image, r.topLeft(), (r.width(), r.height()))
            assert ratio >= AA, (menu.title(), item.text(), ratio, text, background)
        menu.close()
    assert seen > 8
    QToolTip.showText(shown.mapToGlobal(QPoint(200, 200)), "Choose the seats, the bots' levels and the options",
                      shown)
    tip = next(w for w in QApplication.topLevelWidgets() if w.inherits("QTipLabel") and w.isVisible())
    ratio, background, text = measured(tip.grab().toImage(), tip, tip)
    assert ratio >= AA, (ratio, text, background)
    QToolTip.hideText()


def test_the_measure_finds_white_on_white(qtbot):
    """The measure itself: a label whose text is the colour of its background fails it."""
    label = QLabel("Pass and play")
    label.setStyleSheet("background: #fffdf7; color: #fffdf7; padding: 6px;")
    qtbot.addWidget(label)
    label.show()
    qtbot.waitExposed(label)
    ratio, _, _ = measured(label.grab().toImage(), label, label)
    assert ratio < 1.1
    label.setStyleSheet("background: #fffdf7; color: #5b5b55; padding: 6px;")
    ratio, _, _ = measured(label.grab().toImage(), label, label)
    assert 4.5 <= ratio <= 7.5


def test_the_measure_finds_a_cell_the_colour_of_its_row(qtbot):
    """...and a table cell whose text is its background's colour."""
    from PySide6.QtWidgets import QTableWidget, QTableWidgetItem

    table = QTableWidget(2, 2)
    qtbot.addWidget(table)
    for r in range(2):
        for c in range(2):
            table.setItem(r, c, QTableWidgetItem(f"cell {r}{c}"))
    table.item(1, 1).setForeground(QColor("#fffdf8"))
    table.setStyleSheet("QTableWidget { background: #fffdf8; color: #1b1f18; }")
    table.show()
    qtbot.waitExposed(table)
    found = unreadable(table)
    assert len(found) == 1 and "'cell 11'" in found[0]
