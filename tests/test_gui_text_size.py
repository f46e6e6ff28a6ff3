"""Bigger text fits (issue 46, "Every desktop"): with the app's font at 1.25x and 1.5x of the
default (Windows' Accessibility > Text size, or Settings > Text size), at 1366x768, no button,
check box or one-line label is cut and no text lies over another widget -- the gallery's tile
buttons wrap onto more rows rather than clip.

Measured on the laid-out widgets, not on pixels: a visible, enabled push button, tool button,
check box or radio button, or a one-line label, showing text is cut when it is narrower (or
lower) than its size hint, or than its text's advance in its font (a tool button narrower than
its text draws it elided, "F…t"); a combo box when the text of its choice is wider than its
field; a word-wrapping label is cut when it is lower than its height for its width.  A view's
cells (:func:`elided_cells`: your record's game names, the deck's card names) are cut when the
view draws their words elided ("Spheres: the Shogun Sowing …").  Two laid-out widgets overlap
when their rectangles (clipped by their parents, as they show) share more than a sliver and one
of them shows text.  A widget set by hand over others (the hotseat curtain over the table
screen, a lesson's callout over the table) and what lies in it are not counted: it covers them
on purpose.
"""

from __future__ import annotations

import gc
import re

import pytest
from PySide6 import QtGui
from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QLabel,
    QLayout,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionViewItem,
    QToolButton,
    QWidget,
)

SIZES = ("1.25", "1.5")
COVER_MOST = 124  # a gallery cover's height when the tiles have room (gallery.COVER_MOST)
TEXT_BUTTONS = (QPushButton, QCheckBox, QRadioButton, QToolButton)


# --- the measure -------------------------------------------------------------------------
def shows_text(w: QWidget) -> bool:
    if isinstance(w, QToolButton) and w.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly:
        return bool(w.text().strip()) and w.icon().isNull()  # (an icon only: its text is a tooltip)
    if isinstance(w, TEXT_BUTTONS):
        return bool(w.text().strip())
    if isinstance(w, QComboBox):
        return bool(w.currentText().strip())
    return isinstance(w, QLabel) and bool(w.text().strip()) and w.pixmap().isNull()


def text_of(w: QWidget) -> str:
    return w.currentText() if isinstance(w, QComboBox) else w.text()


def shown_widgets(root: QWidget) -> list[QWidget]:
    """The visible widgets under ``root`` (itself included), in the order they were made."""
    return [w for w in [root, *root.findChildren(QWidget)] if w is root or w.isVisibleTo(root)]


def why_cut(w: QWidget) -> str:
    """Why ``w``'s text is cut ("" when it is not): the size it has against the size it needs."""
    if not shows_text(w) or not w.isEnabled():
        return ""
    size = w.size()
    if isinstance(w, QLabel) and w.wordWrap():
        need = w.heightForWidth(size.width())
        return f"{size.height()} high, needs {need} for its width {size.width()}" if size.height() < need else ""
    if isinstance(w, QComboBox) and w.isEditable():  # (the choice shown whole, unless being typed)
        edit = w.lineEdit()
        room = edit.contentsRect().width() - edit.textMargins().left() - edit.textMargins().right() - 4
        advance = edit.fontMetrics().horizontalAdvance(edit.text())
        return f"text {advance} wide in {room}" if advance > room + 1 and not edit.hasFocus() else ""
    if isinstance(w, QComboBox):  # (its text is cut where its field ends: the choice shown, not the longest)
        opt = QStyleOptionComboBox()
        opt.initFrom(w)
        opt.currentText, opt.currentIcon, opt.iconSize = w.currentText(), w.itemIcon(w.currentIndex()), w.iconSize()
        opt.frame = w.hasFrame()
        field = w.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                         QStyle.SubControl.SC_ComboBoxEditField, w)
        room = field.width() - (opt.iconSize.width() + 4 if not opt.currentIcon.isNull() else 0)
        advance = w.fontMetrics().horizontalAdvance(w.currentText())
        return f"text {advance} wide in {room}" if advance > room + 1 else ""
    hint = w.sizeHint()
    if isinstance(w, QLabel):
        room = w.contentsRect().width() - 2 * w.margin() - max(0, w.indent())
        metrics = w.fontMetrics()
        text = w.text()
        if w.buddy() is not None:  # ("&Theme": a mnemonic, drawn as an underline)
            text = re.sub(r"&(.)", r"\1", text)
        advance = max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)
        if w.textFormat() != Qt.TextFormat.PlainText and QtGui.Qt.mightBeRichText(w.text()):
            advance = 0  # (a rich text's width: its size hint's)
        if advance > room + 1:
            return f"text {advance} wide in {room}"
    if size.width() < hint.width() or size.height() < hint.height():
        return f"{size.width()}x{size.height()}, needs {hint.width()}x{hint.height()}"
    return ""


def cut_texts(root: QWidget) -> list[str]:
    """Every cut text under ``root``, described."""
    out = []
    for w in shown_widgets(root):
        why = why_cut(w)
        if why:
            out.append(f"{type(w).__name__} {w.objectName()!r} {text_of(w)[:40]!r}: {why}")
    return out


def elided_cells(view: QAbstractItemView, column: int | None = None) -> list[str]:
    """The cells of ``view`` in sight (of ``column``, or of every column) whose text the view
    draws elided ("Spheres: the Shogun Sowing …") or cut: each one's text against its room --
    the width its delegate asks for its text on one line, or, where the view wraps words, the
    height it asks at the cell's width."""
    model, out = view.model(), []
    area = view.viewport().rect()
    wraps = getattr(view, "wordWrap", lambda: False)()
    try:
        columns = model.columnCount(view.rootIndex())
    except TypeError:  # (a list's model: one column, its count not asked)
        columns = 1
    for row in range(model.rowCount(view.rootIndex())):
        for col in range(columns) if column is None else [column]:
            index = model.index(row, col, view.rootIndex())
            text = index.data(Qt.ItemDataRole.DisplayRole)
            rect = view.visualRect(index)
            if not isinstance(text, str) or not text.strip() or not rect.intersects(area) or view.indexWidget(index):
                continue
            opt = QStyleOptionViewItem()
            opt.initFrom(view.viewport())
            opt.font, opt.rect, opt.widget = view.font(), rect, view
            small = view.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, view)
            opt.decorationSize = view.iconSize() if view.iconSize().isValid() else QSize(small, small)
            if wraps:
                opt.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
            need = view.itemDelegateForIndex(index).sizeHint(opt, index)
            room = min(rect.right(), area.right()) - rect.left() + 1  # (a list's row: as wide as it shows)
            if need.width() > room + 1 and not wraps or wraps and need.height() > rect.height() + 1:
                out.append(f"{text[:40]!r}: {room}x{rect.height()}, needs {need.width()}x{need.height()}")
    return out


def laid_out(w: QWidget) -> bool:
    """Whether a layout of ``w``'s parent places it (not a widget set over others by hand).
    (Asked of the layouts, QObjects, never of their items: a Python wrapper of an item Qt
    deleted can stand for another object later made at its address.)"""
    parent = w.parentWidget()
    top = parent.layout() if parent is not None else None
    if top is None:
        return False
    return any(layout.indexOf(w) >= 0 for layout in [top, *top.findChildren(QLayout)])


def over_the_rest(w: QWidget, root: QWidget) -> bool:
    """Whether ``w`` is, or lies in, a widget set by hand over its laid-out siblings (the hotseat
    curtain over the table screen): what it covers is meant to be covered."""
    while w is not None and w is not root:
        parent = w.parentWidget()
        if parent is not None and parent.layout() is not None and not w.isWindow() and not laid_out(w):
            return True
        w = parent
    return False


def shown_rect(w: QWidget, root: QWidget) -> QRect:
    """Where ``w`` shows, in ``root``'s coordinates: its rectangle clipped by each parent's."""
    rect = QRect(w.mapTo(root, w.rect().topLeft()), w.size())
    parent = w.parentWidget()
    while parent is not None and parent is not root.parentWidget():
        rect = rect.intersected(QRect(parent.mapTo(root, parent.rect().topLeft()), parent.size()))
        if parent is root:
            break
        parent = parent.parentWidget()
    return rect


def overlaps(root: QWidget) -> list[str]:
    """Every pair of laid-out widgets that lie over each other where one of them shows text; the
    widgets compared: those showing text or a picture, and those with nothing visible inside."""
    shown = shown_widgets(root)
    candidates = []
    for w in shown:
        if w is root or not laid_out(w) or isinstance(w.parentWidget(), QAbstractScrollArea) or over_the_rest(w, root):
            continue
        leaf = not any(c.isVisibleTo(root) for c in w.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly))
        if shows_text(w) or isinstance(w, QLabel) or leaf:
            rect = shown_rect(w, root)
            if rect.width() > 0 and rect.height() > 0:
                candidates.append((w, rect))
    out = []
    for i, (a, ra) in enumerate(candidates):
        for b, rb in candidates[i + 1:]:
            if not (shows_text(a) or shows_text(b)) or a.isAncestorOf(b) or b.isAncestorOf(a):
                continue
            common = ra.intersected(rb)
            if common.width() > 2 and common.height() > 2:
                out.append(f"{describe(a)} and {describe(b)} overlap by {common.width()}x{common.height()}")
    return out


def describe(w: QWidget) -> str:
    text = text_of(w)[:30] if shows_text(w) else ""
    return f"{type(w).__name__} {w.objectName()!r}" + (f" {text!r}" if text else "")


def problems(root: QWidget) -> list[str]:
    return cut_texts(root) + overlaps(root)


# --- the screens at a bigger text ---------------------------------------------------------
@pytest.fixture(params=SIZES)
def text_size(request, qapp):
    """The app as it starts with Settings > Text size (or the system's) at 1.25x or 1.5x: its
    font, names, style and theme, then the bigger text; the app as it was after."""
    from PySide6.QtGui import QFont, QPalette

    from tabletop.client.app import setup_app
    from tabletop.client.theme import use_look

    sheet, font, palette = qapp.styleSheet(), QFont(qapp.font()), QPalette(qapp.palette())
    setup_app(qapp)
    use_look(qapp, text=request.param)
    yield request.param
    # the test's windows (closed by qtbot) go first: Qt restyling a closed window whose deletion
    # is still pending, as the style sheet is taken away, crashed now and then
    qapp.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    gc.collect()  # (and the Python wrappers of what they held)
    use_look(qapp, text="1")
    qapp.setStyleSheet(sheet)  # (the other tests of this process see what they saw before)
    qapp.setFont(font)
    qapp.setPalette(palette)


@pytest.fixture
def shown(text_size, qtbot, tabletop_home):
    from conftest import open_window

    w = open_window(qtbot)
    yield w
    w.controller.stop()
    w.controller.runner.wait(5)


def settled(qtbot) -> None:
    """The layouts done (and what they set off on the next turn of the event loop)."""
    qtbot.wait(10)


def test_the_gallery_fits_its_tile_buttons_on_more_rows(shown, qtbot, text_size):
    gallery = shown.gallery
    settled(qtbot)
    assert problems(shown) == []
    for tile in gallery.tiles:
        f = tile.form
        assert len(tile.buttons.rows(tile.buttons.geometry().width())) >= 2
        for button in (f.learnButton, f.botsButton, f.hotseatButton, f.setupButton):
            assert button.isVisible() and button.width() >= button.sizeHint().width()
        assert f.cover.geometry().bottom() < f.tileName.geometry().top()
    # the covers alike and lower than at the default size; at 1.25x the four tiles fit on screen
    # at once (at 1.5x their words alone are higher than the screen: the tiles scroll)
    assert len({t.form.cover.height() for t in gallery.tiles}) == 1
    assert gallery.tiles[0].form.cover.height() < COVER_MOST
    if text_size == "1.25":
        assert gallery.form.tilesScroll.verticalScrollBar().maximum() == 0


@pytest.mark.parametrize("text_size", ["1"], indirect=True)
def test_the_gallery_at_the_default_size_is_as_it_was_and_follows_a_size_chosen_while_it_shows(shown, qtbot, qapp):
    from tabletop.client.theme import use_look

    gallery = shown.gallery

    def faults(rows: int, whole: bool) -> list[str]:
        out = list(problems(shown))
        for tile in gallery.tiles:
            wraps = hasattr(tile.buttons, "rows")  # (the form's own row while the buttons fit)
            shown_rows = len(tile.buttons.rows(tile.buttons.geometry().width())) if wraps else 1
            if not (shown_rows == 1 if rows == 1 else shown_rows >= rows):
                out.append(f"{tile.game.id}: {shown_rows} rows of buttons")
            if (tile.form.cover.height() == COVER_MOST) != whole:
                out.append(f"{tile.game.id}: cover {tile.form.cover.height()} high")
        return out

    def looks(rows: int, covers: str) -> None:
        whole = covers == "whole"
        try:  # (a size chosen while it shows: the layouts follow over a few turns of the event loop)
            qtbot.waitUntil(lambda: not faults(rows, whole), timeout=3000)
        except qtbot.TimeoutError:
            pass
        assert faults(rows, whole) == []

    looks(1, "whole")  # (one row of buttons, the whole band of each cover: the gallery as it was)
    assert gallery.form.tilesScroll.verticalScrollBar().maximum() == 0
    use_look(qapp, text="1.25")  # (Settings > Text size)
    looks(2, "lower")
    use_look(qapp, text="1")
    looks(1, "whole")


def test_a_games_set_up_fits(shown, qtbot):
    qtbot.mouseClick(shown.gallery.tile("spheres-of-life").form.setupButton, Qt.MouseButton.LeftButton)
    assert shown.current_screen() is shown.start_screen
    settled(qtbot)
    assert problems(shown) == []


GAMES = {"forest": 3, "spheres-of-life": 3, "spheres-shogun": 2, "three-spheres": 2}


@pytest.mark.parametrize("game", list(GAMES))
def test_each_games_table_fits(shown, qtbot, game):
    from tabletop.engine.match import Match, Seat
    from tabletop.engine.registry import get_game

    seats = [Seat("Ada", "human")] + [Seat(n, "bot", "easy") for n in ("Ben", "Cleo")[: GAMES[game] - 1]]
    shown.start_match(Match(get_game(game), seats, {}, 5))
    c = shown.controller
    qtbot.waitUntil(lambda: c.match.is_over() or c.human_to_act(), timeout=10000)
    settled(qtbot)
    screen = shown.table_screen
    if game == "spheres-of-life":  # (playing alone against bots: the setting of the quiet moments)
        assert screen.questions.isVisible()
    assert problems(shown) == []


def finished(game_id: str):
    """A game of random bots played to the end (no window)."""
    from tabletop.engine.bots.levels import make_bot
    from tabletop.engine.game import CHANCE
    from tabletop.engine.match import Match, Seat
    from tabletop.engine.registry import get_game

    game, n = get_game(game_id), GAMES[game_id]
    match = Match(game, [Seat("Ada")] + [Seat(x, "bot", "random") for x in ("Ben", "Cleo")[: n - 1]], {}, 5)
    bots = [make_bot(game, "random", 31 * 5 + i) for i in range(n)]
    while not match.is_over():
        p = match.decider()
        match.submit(match.chance_action() if p == CHANCE else bots[p].choose(match.state.view(p), match.legal_actions()))
    return match


def test_the_end_screen_the_replay_and_the_record_fit(shown, qtbot):
    for game in ("spheres-of-life", "forest"):
        m = finished(game)
        shown.start_match(m)
        shown._record(m)
        qtbot.waitUntil(lambda: shown.current_screen() is shown._end_screen or not shown.table_screen.table.busy())
        if shown.current_screen() is not shown._end_screen:
            shown._show_end(m)
        settled(qtbot)
        assert problems(shown) == [], f"the end of {game}"
    shown.replay_game()
    assert shown.current_screen() is shown.replay_screen
    settled(qtbot)
    assert problems(shown) == []
    shown.show_stats()
    settled(qtbot)
    assert shown.current_screen() is shown.stats_screen
    assert problems(shown) == []


def open_the_deck_builder(shown, qtbot):
    shown.gallery.screen_buttons[0].click()  # (the gallery's Decks…)
    screen = shown.current_screen()
    assert type(screen).__name__ == "DeckScreen"
    settled(qtbot)
    return screen


def whole_cards_on_a_row(grid) -> None:
    """The collection's grid shows whole cards: as many as its width holds, none cut."""
    per_row = grid.viewport().width() // grid.gridSize().width()
    assert per_row >= 3
    assert grid.visualItemRect(grid.item(per_row - 1)).right() <= grid.viewport().width()


def test_the_deck_builder_fits(shown, qtbot, text_size):
    from tabletop.games.three_spheres.cards import card
    from tabletop.games.three_spheres.collection import collection

    screen = open_the_deck_builder(shown, qtbot)
    assert problems(shown) == []
    assert elided_cells(screen.table, 0) == []  # (the deck's card names: whole, on two lines if need be)
    for b in [*screen.sphere_buttons.values(), *screen.level_buttons.values(), screen.play_button]:
        assert b.width() >= b.sizeHint().width()
    # the card shown large lies above its words, smaller than at the default size if need be
    assert screen.preview.geometry().bottom() < screen.preview_text.geometry().top()
    whole_cards_on_a_row(screen.collection)
    # a card of the longest words, in a deck breaking two rules: still nothing cut, nothing over
    longest = max(collection(), key=lambda c: len(card(c).text or ""))
    screen.new_deck()
    screen.add_card(longest)
    settled(qtbot)
    assert screen.preview_card == longest and screen.problems.text().count("⚠") >= 2
    assert problems(shown) == []
    # the collection as a list (Ctrl+L)
    screen.view_button.click()
    settled(qtbot)
    assert screen.card_list.isVisible() and problems(shown) == []
    screen.view_button.click()


@pytest.mark.parametrize("text_size", ["1"], indirect=True)
def test_the_deck_builder_at_the_default_size_is_as_it_was_and_follows_a_size_chosen_while_it_shows(
        shown, qtbot, qapp):
    from tabletop.client.theme import use_look
    from tabletop.games.three_spheres.screens.deck_layout import PREVIEW

    screen = open_the_deck_builder(shown, qtbot)
    assert problems(shown) == []
    # as before the bigger text: the columns' widths, the card shown large whole, the filters on
    # two rows (the spheres and the levels; the cost and its boxes), the play row on one
    assert screen.deck_list.width() == 250 and screen.table.width() == 400
    assert screen.charts.size().toTuple() == (400, 200)
    assert screen.preview.height() == PREVIEW.height() and screen.preview.shown_rect().size() == PREVIEW
    spheres, level0, cost = screen.sphere_buttons["forest"], screen.level_buttons[0], screen.cost_min
    assert spheres.y() == level0.y() and cost.y() > level0.y() + level0.height()
    assert abs(screen.play_button.geometry().center().y() - screen.opponent.geometry().center().y()) <= 1
    assert screen.back_button.y() > screen.play_button.y() + screen.play_button.height()
    assert screen.collection.viewport().width() // screen.collection.gridSize().width() >= 4
    # Settings > Text size while it shows: the columns follow over a turn or two of the event loop
    for size in ("1.5", "1"):
        use_look(qapp, text=size)
        try:
            qtbot.waitUntil(lambda: (screen.deck_list.width() > 250) == (size == "1.5") and not problems(shown)
                            and not elided_cells(screen.table, 0), timeout=3000)
        except qtbot.TimeoutError:
            pass
        assert problems(shown) == [] and elided_cells(screen.table, 0) == []
        whole_cards_on_a_row(screen.collection)
    assert screen.deck_list.width() == 250 and screen.table.width() == 400


@pytest.mark.parametrize("text_size", ["1", *SIZES], indirect=True)
def test_your_records_game_names_are_whole(shown, qtbot, text_size):
    from tabletop.engine import stats

    for game in GAMES:  # (the longest names: "Spheres of Life: Mythical Forest", "Spheres: the Shogun Sowing Game")
        stats.record_match(finished(game))
    shown.show_stats()
    screen = shown.stats_screen
    settled(qtbot)
    table = screen.form.table
    assert table.rowCount() == len(GAMES)
    assert elided_cells(table) == [] and problems(shown) == []
    assert table.horizontalScrollBar().maximum() == 0  # (it does not scroll sideways)
    # at the default size the charts are beside the table, as before; at 1.25x and 1.5x under it, side by side
    assert screen.charts_under() == (text_size != "1")
    rate, trend = screen.form.rateChart, screen.form.trendChart
    if screen.charts_under():
        assert rate.y() == trend.y() and rate.x() + rate.width() < trend.x()
        assert table.geometry().bottom() < screen.form.gameBox.geometry().top()
    else:
        assert rate.x() == trend.x() and rate.y() + rate.height() < trend.y()
        assert table.geometry().right() < screen.form.gameBox.geometry().left()


def test_the_settings_fit(shown, qtbot):
    from tabletop.client.settings_dialog import SettingsDialog

    dialog = SettingsDialog(shown.settings, shown)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert problems(dialog) == []
    dialog.reject()


# --- the measure, measured -----------------------------------------------------------------
def test_the_measure_finds_a_cut_button_and_words_over_a_picture(qtbot):
    from PySide6.QtWidgets import QGridLayout, QVBoxLayout

    host = QWidget()
    qtbot.addWidget(host)
    column = QVBoxLayout(host)
    cut = QPushButton("Learn to play")
    cut.setFixedWidth(40)
    whole = QPushButton("Against bots")
    column.addWidget(cut)
    column.addWidget(whole)
    grid = QGridLayout()
    picture, name = QWidget(), QLabel("Spheres of Life: Mythical Forest")
    picture.setMinimumSize(200, 40)
    grid.addWidget(picture, 0, 0)
    grid.addWidget(name, 0, 0)  # (the name over the picture)
    column.addLayout(grid)
    host.show()
    qtbot.waitExposed(host)
    found = cut_texts(host)
    assert len(found) == 1 and "'Learn to play': 40x" in found[0]
    over = overlaps(host)
    assert len(over) == 1 and "'Spheres of Life: Mythical Fore'" in over[0]
    # a word-wrapping label lower than its words, and a one-line label narrower than its text
    short = QLabel("Grow the largest, most balanced and least degraded forest, one tree at a time.")
    short.setWordWrap(True)
    short.setFixedSize(120, 20)
    narrow = QLabel("Recent games (double-click to open)")
    narrow.setFixedWidth(60)
    column.addWidget(short)
    column.addWidget(narrow)
    qtbot.wait(10)
    assert len(cut_texts(host)) == 3


def test_the_measure_finds_elided_texts(qtbot):
    """A tool button narrower than its words draws them elided ("N…l"), a combo box cuts its
    choice at its field's end, a view elides a cell's words: each one is found, and the same
    with room is not."""
    from PySide6.QtWidgets import QHBoxLayout, QTableWidget, QTableWidgetItem

    host = QWidget()
    qtbot.addWidget(host)
    row = QHBoxLayout(host)
    elided, whole = QToolButton(), QToolButton()
    for b in (elided, whole):
        b.setText("Neutral")
        row.addWidget(b)
    elided.setFixedWidth(elided.sizeHint().width() // 2)
    narrow_box, box = QComboBox(), QComboBox()
    for b in (narrow_box, box):
        b.addItems(["Any ability", "Persist"])
        row.addWidget(b)
    narrow_box.setFixedWidth(narrow_box.sizeHint().width() // 2)
    table = QTableWidget(2, 2)
    table.setItem(0, 0, QTableWidgetItem("Spheres: the Shogun Sowing Game"))
    table.setItem(1, 0, QTableWidgetItem("Go"))
    table.setColumnWidth(0, 80)
    table.setFixedSize(300, 150)
    row.addWidget(table)
    host.show()
    qtbot.waitExposed(host)
    # (the tool button does draw "N…l": its label elided to its width)
    shown_words = elided.fontMetrics().elidedText("Neutral", Qt.TextElideMode.ElideRight, elided.width() - 8)
    assert shown_words != "Neutral"
    found = cut_texts(host)
    assert len(found) == 2, found
    assert found[0].startswith("QToolButton '' 'Neutral'") and found[1].startswith("QComboBox '' 'Any ability'")
    [cell] = elided_cells(table)
    assert cell.startswith("'Spheres: the Shogun Sowing Game'")
    table.setColumnWidth(0, 280)
    assert elided_cells(table) == []
