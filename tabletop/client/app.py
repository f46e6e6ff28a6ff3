"""Creating the QApplication, and the two ways the command line starts the GUI.

Start-up is kept lean: only QtCore/QtGui/QtWidgets and the start screen are loaded before
the first frame; the table, the end screen (pyqtgraph) and the bots load after it, while the
start screen waits (:mod:`.warmup`), or when first needed.  docs/client.md has the details.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any, Callable

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import QApplication

from tabletop import APP_NAME, __version__
from tabletop.engine.paths import assets_dir

from .startup import startup_done
from .theme import FONT_POINT_SIZE

ORG_NAME = "Spheres"
FONT_FAMILY = "DejaVu Sans"
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")


def use_offscreen_without_display() -> None:
    """On a Linux without a display, draw offscreen instead of failing (render, smoke)."""
    if (
        sys.platform.startswith("linux")
        and not os.environ.get("QT_QPA_PLATFORM")
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"


def register_fonts() -> list[str]:
    """Register the bundled DejaVu fonts; returns the families registered."""
    families: list[str] = []
    fonts = assets_dir() / "fonts"
    for name in FONT_FILES:
        path = fonts / name
        if path.is_file():
            font_id = QFontDatabase.addApplicationFont(str(path))
            if font_id >= 0:
                families += QFontDatabase.applicationFontFamilies(font_id)
    return families


def setup_app(app: QApplication, style: bool = True) -> QApplication:
    """Names (for QSettings), fonts and (unless ``style`` is false) the style sheet.  Safe to
    call more than once.  The window icon is set after the first frame (:func:`set_icon`)."""
    if not app.property("tabletop_ready"):
        app.setApplicationName(APP_NAME)
        app.setOrganizationName(ORG_NAME)
        app.setApplicationDisplayName("Tabletop")
        app.setApplicationVersion(__version__)
        from .settings import look_at_start
        from .theme import note_system, use_look

        note_system(app)  # (whether the system is dark, how big its text is: before the app's own)
        families = register_fonts()
        if FONT_FAMILY in families or FONT_FAMILY in QFontDatabase.families():
            app.setFont(QFont(FONT_FAMILY, FONT_POINT_SIZE))
        # one style on every system: Fusion draws every control with the app's palette (Windows'
        # own styles draw some controls light whatever the palette, unreadable in the dark theme);
        # the app made by ensure_app has it from its arguments (setStyle wraps a QStyle: ~6 ms)
        if not app.property("tabletop_fusion"):
            app.setStyle("Fusion")
        # the app's own colours, not the system's (a dark system's palette made text white on
        # the style sheet's light surfaces), in the theme and text size the settings ask for:
        # tabletop/client/theme.py.  Known before the first window is built: no flash of another.
        theme, text = look_at_start()
        use_look(app, theme, text, sheet=False, force=True)  # (Qt's style hints: after the first frame)
        app.setProperty("tabletop_ready", True)
    if style:
        apply_style(app)
    return app


def set_icon(app: QApplication) -> None:
    """The app's icon on its windows (from ``assets/icon.svg``).  Set once the first frame is
    painted, and not by ``--smoke``: reading the SVG takes ~1.5 ms, and the system shows the
    icon of the program file (or bundle) until then."""
    from PySide6.QtGui import QIcon

    app.setWindowIcon(QIcon(str(assets_dir() / "icon.svg")))


def apply_style(app: QApplication) -> None:
    """The app's style sheet.  With a style sheet in place every widget is restyled each time
    it gets a parent or an object name, so the main window is built first and styled once:
    its first frame comes some 10 ms sooner, and looks the same."""
    from .theme import apply_sheet

    apply_sheet(app)


class TabletopApplication(QApplication):
    """The app's QApplication: it passes on the files the system asks it to open while it runs
    (on macOS a double-clicked save reaches the running app as a QFileOpenEvent, not as an
    argument).  Only events sent to the application object itself come through here."""

    file_opened = Signal(str)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen:
            path = event.file()
            if path:
                self.file_opened.emit(path)
                return True
        return super().event(event)


def ensure_app(argv: list[str] | None = None, style: bool = True) -> QApplication:
    """The running QApplication, created (a :class:`TabletopApplication`) and set up when there
    is none."""
    app = QApplication.instance()
    if app is None:
        app = TabletopApplication((argv if argv is not None else sys.argv[:1]) + ["-style", "Fusion"])
        app.setProperty("tabletop_fusion", True)
    return setup_app(app, style)


def run(open_path: str | None = None, settle: bool = False) -> int:
    """Start the GUI (opening the saved game or position document ``open_path``, if given) and
    return its exit code.  ``settle`` (``--smoke-settled``): start as a player does, wait past the
    first frame until the start-up's later work is done (see :func:`_settle`), then quit."""
    app = ensure_app(sys.argv[:1], style=False)
    from tabletop.engine.paths import FolderError

    from .single_instance import SingleInstance

    try:
        instance: Any = SingleInstance()
    except FolderError:  # no data folder: nothing to share with a second copy (the window says why)
        instance = None
    if instance is not None and not instance.acquire():
        # another copy runs: it shows its window and opens the file, and this one goes
        if instance.hand_over(open_path):
            what = f"it opens {open_path}" if open_path else "its window is brought to the front"
            print(f"tabletop is running already: {what}.", file=sys.stderr)
            return 0
        print("tabletop: error: another copy of tabletop is running but does not answer; close it and "
              "try again.", file=sys.stderr)
        return 2
    from .main_window import MainWindow

    window = MainWindow()
    if instance is not None and instance.problem:
        window.start_problems.append(instance.problem)
    apply_style(app)
    FirstPaint(window, lambda: set_icon(app))
    window.show_fitted()
    if instance is not None:
        instance.opened.connect(window.open_from_another_launch)
    if isinstance(app, TabletopApplication):  # (a save double-clicked on macOS)
        app.file_opened.connect(window.open_from_another_launch)
    if instance is not None:
        QTimer.singleShot(0, window, instance.listen)  # after the first frame
    if open_path is not None:
        QTimer.singleShot(0, window, lambda: window.open_path(open_path))
    QTimer.singleShot(5000, startup_done)  # the GC runs again even if the window is never painted
    faults = _settle(app, window) if settle else []
    try:
        code = app.exec()
    finally:
        if instance is not None:
            instance.release()
    return 1 if faults else code


def _settle(app: QApplication, window: Any) -> list[str]:
    """``--smoke-settled``: quit once the window has read the autosave and warmed up (or after
    20 s), printing the start-up time, what the status bar and the resume card said; every
    exception that reached the event loop is counted (the exit status is then 1)."""
    faults: list[str] = []
    hook = sys.excepthook

    def fault(kind: Any, value: Any, tb: Any) -> None:
        faults.append(f"{kind.__name__}: {value}")
        hook(kind, value, tb)

    sys.excepthook = fault
    started = time.perf_counter()

    def done() -> None:
        if timer.isActive():
            timer.stop()
        print(f"settled {time.perf_counter() - started:.2f} s", flush=True)
        print(f"status: {window.statusBar().currentMessage()}", flush=True)
        print(f"resume: {window.gallery.form.resumeInfo.text()}", flush=True)
        if faults:
            print(f"faults: {len(faults)}: {faults[0]}", flush=True)
        window.close()
        app.quit()

    def gave_up() -> None:
        faults.append("the start-up did not settle within 20 s")
        done()

    timer = QTimer(window)
    timer.setSingleShot(True)
    timer.timeout.connect(gave_up)
    timer.start(20_000)
    window.warmed_up.connect(lambda: QTimer.singleShot(0, window, done))
    return faults


class FirstPaint(QObject):
    """Notes the first paint of ``window`` and calls ``then`` a turn of the event loop later,
    once; then it stops watching.

    It watches the window itself (a top-level window is painted with its first frame), as the
    bare-window benchmark does: an application-wide filter would make PySide6 build the Python
    class of every event type that reaches any object, which costs more than it measures.
    """

    def __init__(self, window: Any, then: Callable[[], Any]) -> None:
        super().__init__(window)
        self.window = window
        self.then = then
        self.painted_at: float | None = None
        window.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if self.painted_at is None and obj is self.window and event.type() == QEvent.Type.Paint:
            self.painted_at = time.perf_counter()
            QTimer.singleShot(0, self, self._done)
        return False

    def _done(self) -> None:
        self.window.removeEventFilter(self)
        self.then()


def smoke(start_time: float) -> int:
    """Start the GUI, wait for the first painted frame, print the start-up time, exit 0."""
    use_offscreen_without_display()
    app = ensure_app(sys.argv[:1], style=False)
    from .main_window import MainWindow

    window = MainWindow()
    apply_style(app)
    watcher = FirstPaint(window, app.quit)
    window.show()
    QTimer.singleShot(10_000, app.quit)  # never hang: give up after 10 s
    app.exec()
    startup_done()
    if watcher.painted_at is None:
        print("startup failed: the window was not painted within 10 s", file=sys.stderr)
        window.close()
        return 1
    print(f"startup {watcher.painted_at - start_time:.2f} s", flush=True)
    window.close()
    return 0
