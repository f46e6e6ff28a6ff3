"""Readable under any system's colours (issue 46, its first part): a desktop in dark mode hands a Qt
app a dark palette -- light text, dark bases -- and the style sheet's light surfaces then showed
white text on white.  The app sets its own palette at start (tabletop/client/theme.py), so the
system's never reaches a widget.

Measured on the drawn pixels, as a person sees them: for every visible, enabled label, button and
check box that shows text, the background is the colour most of its pixels have and the text is
the pixel that differs most from it; their contrast (WCAG 2.2's ratio of relative luminances) must
be 4.5:1 or more (1.4.3, level AA).  Disabled controls are exempt, as WCAG leaves them.  The
screens: the gallery, a game's set-up, and the settings dialog, each under the palette of a dark
system and under Qt's own.
"""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QWidget

from tabletop.client.theme import THEMES

AA = 4.5


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
    return found


def measured(image: QImage, root: QWidget, w: QWidget) -> tuple[float, str, str]:
    """(contrast, background, text) of ``w`` as drawn in ``image`` (a grab of ``root``): the part of
    it that shows (a widget scrolled partly out of view is measured where it shows)."""
    shows = w.visibleRegion().boundingRect()
    top_left = w.mapTo(root, shows.topLeft()) * image.devicePixelRatio()
    width, height = int(shows.width() * image.devicePixelRatio()), int(shows.height() * image.devicePixelRatio())
    part = image.copy(top_left.x(), top_left.y(), width, height).convertToFormat(QImage.Format.Format_RGB32)
    pixels = Counter(part.pixel(x, y) for y in range(part.height()) for x in range(part.width()))
    background = QColor(pixels.most_common(1)[0][0])
    text = max((QColor(p) for p in pixels), key=lambda c: contrast(c, background))
    return contrast(text, background), background.name(), text.name()


def unreadable(root: QWidget) -> list[str]:
    image = root.grab().toImage()
    out = []
    for w in text_widgets(root):
        ratio, background, text = measured(image, root, w)
        if ratio < AA:
            out.append(f"{type(w).__name__} {w.objectName() or ''} {w.text()[:40]!r}: {ratio:.2f} "
                       f"({text} on {background})")
    return out


@pytest.fixture(params=["dark system", "Qt's own"])
def system(request, qapp):
    """The palette the system hands the app at start; the app's start then applies its theme."""
    from tabletop.client.app import setup_app

    before, sheet = QPalette(qapp.palette()), qapp.styleSheet()
    if request.param == "dark system":
        qapp.setPalette(dark_system_palette())
    else:
        qapp.setPalette(QApplication.style().standardPalette())
    qapp.setProperty("tabletop_ready", False)  # as at start: names, fonts, the theme
    setup_app(qapp)
    yield request.param
    qapp.setPalette(before)  # (the other tests of this process see what they saw before)
    qapp.setStyleSheet(sheet)


@pytest.fixture
def shown(system, qtbot, tabletop_home):
    from conftest import open_window

    w = open_window(qtbot)
    yield w
    w.controller.stop()
    w.controller.runner.wait(5)


def test_the_theme_gives_every_text_role_aa_contrast_on_every_surface():
    for name, c in THEMES.items():
        colours = {k: QColor(v) for k, v in c.items()}
        for text in ("text", "muted", "placeholder"):
            for surface in ("window", "surface", "surface_alt", "button"):
                assert contrast(colours[text], colours[surface]) >= AA, (name, text, surface)
        assert contrast(colours["on_accent"], colours["accent"]) >= AA
        assert contrast(colours["on_tooltip"], colours["tooltip"]) >= AA
        assert contrast(colours["link"], colours["surface"]) >= AA


def test_the_systems_palette_does_not_reach_the_widgets(shown):
    pal = QApplication.palette()  # (a widget's own is the style sheet's where it sets a colour)
    light = THEMES["light"]
    assert pal.color(QPalette.ColorRole.WindowText).name() == light["text"]
    assert pal.color(QPalette.ColorRole.Base).name() == light["surface"]
    assert pal.color(QPalette.ColorRole.PlaceholderText).name() == light["placeholder"]


def test_every_text_of_the_gallery_is_readable(shown):
    assert len(text_widgets(shown)) > 20
    assert unreadable(shown) == []


def test_every_text_of_a_games_set_up_is_readable(shown, qtbot):
    qtbot.mouseClick(shown.gallery.tile("spheres-of-life").form.setupButton, Qt.MouseButton.LeftButton)
    assert shown.current_screen() is shown.start_screen
    qtbot.wait(50)
    assert len(text_widgets(shown.start_screen)) > 10
    assert unreadable(shown) == []


def test_every_text_of_the_settings_is_readable(shown, qtbot):
    from tabletop.client.settings_dialog import SettingsDialog

    dialog = SettingsDialog(shown.settings, shown)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert len(text_widgets(dialog)) > 3
    assert unreadable(dialog) == []
    dialog.reject()


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
