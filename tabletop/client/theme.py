"""The app's colours by role, one set per theme, and the Qt palette made from them.

A desktop in dark mode (Windows, macOS, KDE...) hands every Qt app a dark palette: light text,
dark bases.  The style sheet paints light surfaces and leaves most text to the palette, so under
a dark system the text came out white on white.  The app therefore sets its own palette, made
from its theme's roles, before its first window is built (:func:`apply_theme`, called by
``setup_app``): the system's palette never reaches a widget, and every text drawn with the
palette keeps its contrast (tests/test_gui_contrast.py measures it on the drawn pixels).

This module is where colours live: the roles are named once here (a Python module rather than a
data file, so that the start-up reads no JSON before its first frame).  Only the light theme
exists so far; a dark one is a second set of the same names.  Every text role keeps 4.5:1 or
more against the surfaces it is drawn on.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QColor, QPalette

DEFAULT_THEME = "light"
THEMES: dict[str, dict[str, str]] = {
    "light": {
        "window": "#f6f4ee",        # the screens' background
        "surface": "#fffdf8",       # what lists, tables and fields are drawn on
        "surface_alt": "#f5f2e8",   # every other row
        "button": "#fffdf7",
        "text": "#1b1f18",          # text on any of the above
        "muted": "#5b5b55",         # secondary text (facts, notes)
        "placeholder": "#5b5b55",   # an empty list's or field's hint
        "accent": "#3c6e35",        # the main buttons, the selection
        "on_accent": "#ffffff",
        "link": "#2b5b86",
        "link_visited": "#5e4287",
        "tooltip": "#fff8dc",
        "on_tooltip": "#1b1f18",
        "border": "#9c9886",
        "disabled_text": "#8f8c82",  # (disabled controls: WCAG asks no contrast of them)
    },
}
ROLES = tuple(THEMES[DEFAULT_THEME])


def roles(theme: str = DEFAULT_THEME) -> dict[str, str]:
    """The colours of ``theme`` by role; an unknown theme is the default one."""
    return dict(THEMES.get(theme, THEMES[DEFAULT_THEME]))


def palette(colours: dict[str, str]) -> QPalette:
    """The Qt palette of a theme's roles: the window, the bases text is typed or listed on, the
    buttons, and the texts on each; tooltips; the selection; links; and, for disabled widgets, the
    disabled text colour (WCAG asks no contrast of those)."""
    c = {role: QColor(value) for role, value in colours.items()}
    pal = QPalette(c["button"], c["window"])  # (Qt derives the bevel shades from these two)
    R = QPalette.ColorRole
    for role, name in ((R.Window, "window"), (R.WindowText, "text"), (R.Base, "surface"),
                       (R.AlternateBase, "surface_alt"), (R.Text, "text"), (R.Button, "button"),
                       (R.ButtonText, "text"), (R.ToolTipBase, "tooltip"), (R.ToolTipText, "on_tooltip"),
                       (R.PlaceholderText, "placeholder"), (R.Highlight, "accent"),
                       (R.HighlightedText, "on_accent"), (R.Link, "link"), (R.LinkVisited, "link_visited"),
                       (R.BrightText, "on_accent")):
        pal.setColor(role, c[name])
    for role in (R.WindowText, R.Text, R.ButtonText, R.PlaceholderText):
        pal.setColor(QPalette.ColorGroup.Disabled, role, c["disabled_text"])
    return pal


def apply_theme(app: Any, theme: str = DEFAULT_THEME) -> None:
    """Give ``app`` the theme's palette (before its windows are built: a palette set later is
    sent to every widget)."""
    app.setPalette(palette(roles(theme)))
