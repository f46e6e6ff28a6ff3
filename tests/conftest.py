"""Shared fixtures: an offscreen Qt, a private TABLETOP_HOME, and a driver for the GUI tests."""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

# --- tests by kind ------------------------------------------------------------------------------
# ``gui``: the test builds Qt widgets or windows.  Marked here, not by hand: every test in a
# tests/test_gui_*.py file and every test that uses one of these fixtures (directly or through
# another fixture).  ``./dev test -m "not gui"`` runs the rest: the rules, engine and file tests.
QT_FIXTURES = frozenset({"qtbot", "qapp", "gui", "window", "table_fonts"})


def is_gui(item) -> bool:
    return item.path.name.startswith("test_gui_") or not QT_FIXTURES.isdisjoint(item.fixturenames)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if is_gui(item) and item.get_closest_marker("gui") is None:
            item.add_marker(pytest.mark.gui)


def _qt_application():
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.instance()


_HAD_APP = pytest.StashKey[bool]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    item.stash[_HAD_APP] = item.get_closest_marker("gui") is not None or _qt_application() is not None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """A test not marked gui that leaves a Qt application behind fails: it builds widgets, so it
    must say so (use a Qt fixture, or mark it gui), or ``-m "not gui"`` would still build them."""
    result = yield
    if not item.stash.get(_HAD_APP, True) and _qt_application() is not None:
        pytest.fail(f"{item.nodeid} made a Qt application but is not marked gui: use a Qt fixture "
                    "(qtbot, qapp, table_fonts) or mark it @pytest.mark.gui", pytrace=False)
    return result


_homes = itertools.count()


@pytest.fixture(autouse=True)
def tabletop_home(tmp_path_factory, monkeypatch):
    """Every test gets its own user directories (saves, autosave, settings): a folder of the
    session's temporary folder, not made until something is written there (a ``tmp_path`` for
    each of two thousand tests, and clearing them away a few runs later, took seconds)."""
    home = tmp_path_factory.getbasetemp() / f"tabletop-home-{next(_homes)}"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def collect_garbage_here():
    """After each test, the cyclic garbage its windows left is collected on this (the GUI) thread:
    once a main window has started, the app's automatic collector is off
    (tabletop.client.startup) and only the GUI thread's timer collects."""
    yield
    import gc

    if not gc.isenabled():
        gc.collect()


class Gui:
    """Drives the real main window the way a player does: widgets, clicks and keys."""

    def __init__(self, qtbot, window) -> None:
        self.qtbot = qtbot
        self.window = window

    # --- the parts --------------------------------------------------------------------
    @property
    def controller(self):
        return self.window.controller

    @property
    def match(self):
        return self.window.controller.match

    @property
    def screen(self):
        return self.window.table_screen

    @property
    def table(self):
        return self.window.table_screen.table

    @property
    def view(self):
        return self.window.table_screen.view

    def status(self) -> str:
        return self.window.statusBar().currentMessage()

    def check_table_fills_view(self) -> None:
        """A stretching table has grown to the view's shape: no empty band above or below (within
        a height step of 10 units) nor beside it."""
        table, view = self.table, self.view
        self.qtbot.waitUntil(lambda: table.height > 900)
        vp = view.viewport()
        shown = view.mapFromScene(table.sceneRect()).boundingRect()
        assert vp.height() - 7 <= shown.height() <= vp.height() + 1
        assert abs(shown.width() - vp.width()) <= 1

    # --- the start screen -------------------------------------------------------------
    def start(self, kinds, names=None, seed=7, options=None, casual=False, game=None):
        """Set up the start screen (``game``: its id, else the one chosen; kinds: 'human' or a
        bot level per seat) and click Start."""
        from PySide6.QtCore import Qt

        from tabletop.client.start_screen import KINDS

        ss = self.window.start_screen
        self.window.go_to_start()
        if game is not None:
            ss.game_box.setCurrentIndex(ss.game_box.findData(game))
            assert ss.game_box.currentData() == game
        ss.players.setValue(len(kinds))
        for i, kind in enumerate(kinds):
            row = ss.seat_rows[i]
            wanted = ("human", None) if kind == "human" else ("bot", kind)
            row.kind.setCurrentIndex([(k, lvl) for _, k, lvl in KINDS].index(wanted))
            row.name.setText(names[i] if names else ["Ada", "Ben", "Cleo", "Dara"][i])
        for name, value in (options or {}).items():
            box = ss.option_boxes[name]
            box.setCurrentIndex(box.findData(value))
        ss.seed.setText(str(seed))
        if casual:
            ss.casual.setChecked(True)
        self.qtbot.mouseClick(ss.start_button, Qt.MouseButton.LeftButton)
        assert self.match is not None, "Start did not start a game"
        return self.match

    # --- the table --------------------------------------------------------------------
    def click_item(self, item) -> None:
        from PySide6.QtCore import Qt

        assert item is not None
        pos = self.view.mapFromScene(item.sceneBoundingRect().center())
        self.qtbot.mouseClick(self.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)

    def lift_curtain(self) -> None:
        from PySide6.QtCore import Qt

        curtain = self.screen.curtain
        assert curtain.isVisible()
        self.qtbot.mouseClick(curtain.button, Qt.MouseButton.LeftButton)

    def play(self, action) -> None:
        """Play ``action`` for the seated human by clicking the table; checks it was played."""
        from tabletop.games.forest.cards import card

        c = self.controller
        assert c.human_to_act(), "it is not the seated human's decision"
        seat = c.seat_shown
        before = len(self.match.log)
        view = self.match.state.view(seat)
        hand = [h["id"] for h in view["hands"][seat]]
        if action.kind == "draw":
            self.click_item(self.table.pile_item(action["pile"]))
        elif action.kind == "play":
            self.click_item(self.table.hand_item(hand.index(action["card"])))
            self.click_item(self.table.slot_item(seat, action["tree"], card(action["card"]).level))
        elif action.kind == "give":
            self.click_item(self.table.hand_item(hand.index(action["card"])))
            self.click_item(self.table.player_item(action["to"]))
        elif action.kind == "compost":
            self.click_item(self.table.hand_item(hand.index(action["card"])))
            self.click_item(self.table.compost_item())
        elif action.kind == "place":
            level = card(view["pending"]["card"]).level
            self.click_item(self.table.slot_item(seat, action["tree"], level))
        else:  # pragma: no cover
            raise AssertionError(f"unknown action {action}")
        assert len(self.match.log) > before and self.match.log[before] == action, (
            f"clicking did not play {action}; status: {self.status()!r}"
        )

    def wait_for_human(self, timeout=5000) -> None:
        """Wait until the seated human may act, or the game is over (or a lesson's last words
        are on show over a table that no longer plays)."""
        c = self.controller
        self.qtbot.waitUntil(lambda: c.match.is_over() or c.human_to_act() or c.curtain_up()
                             or (c.lesson_done() and c.thinking is None), timeout=timeout)

    def scene_texts(self) -> list[str]:
        """Every text drawn on the table scene, tooltips included."""
        from PySide6.QtWidgets import QGraphicsSimpleTextItem, QGraphicsTextItem

        texts = []
        for item in self.table.items():
            if isinstance(item, QGraphicsSimpleTextItem):
                texts.append(item.text())
            elif isinstance(item, QGraphicsTextItem):
                texts.append(item.toPlainText())
            if item.toolTip():
                texts.append(item.toolTip())
            for attr in ("card_id", "card"):
                value = getattr(item, attr, None)
                if isinstance(value, str):
                    texts.append(value)
        return texts


def load_script(path, name: str):
    """A script of the repository (packaging/icons.py, packaging/windows/windows_python.py...) as a
    module: they are scripts, not part of the package."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def open_window(qtbot):
    """A main window, shown at 1366x768 and active, bots at full speed and no animations."""
    import tabletop.client  # noqa: F401  (applies the Qt binding guard first)
    from tabletop.client.main_window import MainWindow

    w = MainWindow()
    w.settings.bot_pace = 0
    w.settings.animations = False
    w.settings.show_results = False  # (hotseat hand-overs go straight to the curtain; their own tests turn it on)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    # offscreen the window is active at once; a real X server without a window manager (Xvfb)
    # activates it only when asked, and keyboard shortcuts need an active window
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=3000)
    return w


@pytest.fixture
def window(qtbot, tabletop_home):
    w = open_window(qtbot)
    yield w
    w.controller.stop()
    w.controller.runner.wait(5)


@pytest.fixture
def gui(qtbot, window):
    return Gui(qtbot, window)


@pytest.fixture(scope="module")
def table_fonts():
    """A QApplication with the bundled fonts, for tests of a table on its own."""
    from PySide6.QtWidgets import QApplication

    from tabletop.client.app import register_fonts

    app = QApplication.instance() or QApplication([])
    register_fonts()
    return app
