"""The screens' and dialogs' forms: Qt Designer files in ``ui/``, loaded when a screen is made.

A form holds the widgets and their layout; the Python class that loads it keeps only behaviour
(signals, filling lists, reacting).  Loading at run time was measured against compiling the forms
with ``pyside6-uic``: equal start-up (docs/architecture.md, "Forms"), and one file to edit.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PySide6.QtWidgets import QVBoxLayout, QWidget

from tabletop.engine.paths import ui_dir


class FormError(RuntimeError):
    """A form that cannot be read (a broken install): named with its file and Qt's reason."""


@lru_cache(maxsize=1)
def _loader() -> Any:
    """The one loader.  It is made with Qt's plug-in folders hidden: it would otherwise load Qt
    Designer's plug-ins (Python, Quick, WebEngine widgets; ~8 ms of start-up) that no form uses."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtUiTools import QUiLoader

    paths = QCoreApplication.libraryPaths()
    QCoreApplication.setLibraryPaths([])
    try:
        return QUiLoader()
    finally:
        QCoreApplication.setLibraryPaths(paths)


def register_widget(cls: type) -> None:
    """Let forms name ``cls``, a widget class of the app (a form's ``<customwidget>``)."""
    loader = _loader()
    if cls.__name__ not in loader.availableWidgets():
        loader.registerCustomWidget(cls)


def load_form(name: str, host: QWidget) -> Any:
    """Build ``ui/<name>.ui`` inside ``host`` (filling it, no margins) and return the form's top
    widget; each named widget of the form is an attribute of it (``form.startButton``)."""
    path = ui_dir() / f"{name}.ui"
    if not path.is_file():
        raise FormError(f"The app's form {path.name} is missing from {path.parent} (reinstall the app).")
    try:
        form = _loader().load(str(path), host)
    except RuntimeError as e:  # (PySide's words for a file Qt could not parse)
        raise FormError(f"The app's form {path.name} cannot be read: {e}") from None
    if form is None:
        raise FormError(f"The app's form {path.name} cannot be read: {_loader().errorString()}")
    layout = host.layout() or QVBoxLayout(host)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(form)
    return form


def theme() -> str:
    """The theme's style sheet (``ui/theme.qss``); empty when it cannot be read, so the app still
    starts with Qt's own look."""
    try:
        return (ui_dir() / "theme.qss").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
