"""Where the app's colours live: every colour of the widgets, panels, banners, charts and texts,
named by role, one set per theme (light and dark); the tables' own colours (one set: the tables
keep their art in both themes); and the text size.

Everything that colours a widget takes its colour from here:

- the Qt palette (:func:`palette`), set on the application before its first window, so a dark
  system's palette never reaches a widget (under a dark system it made texts white on the style
  sheet's light surfaces);
- the style sheet ``ui/theme.qss``, whose colours are ``@role`` tokens filled in from the theme by
  :func:`fill_sheet` (its ``pt`` font sizes are scaled with the text size there too);
- the painters, charts and rich texts, which ask :func:`colour` (or :func:`current`) while they
  draw, and redraw on :data:`look` ``.changed``.

A game's card art keeps its own palette in its own folder (tabletop/games/<game>/); the felt, the
cards and the highlights on a table are the same in both themes.

The theme in use follows the Settings' choice, "as the system" (the default), "light" or "dark"
(:func:`use_look`): "as the system" asks Qt's style hints for the system's colour scheme, and,
where a platform does not say, the palette the system handed the app at start.  Every text role
keeps 4.5:1 or more against the surfaces it is drawn on (tests/test_gui_contrast.py checks the
roles and measures the drawn pixels).  docs/architecture.md, "Colours", tells how a new screen
or game takes its colours.  (A Python module rather than a data file: the start-up reads no file
before its first frame for it.)
"""

from __future__ import annotations

import re
import sys
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QPalette

DEFAULT_THEME = "light"
FONT_POINT_SIZE = 10  # the app font's size at the usual text size (its family: app.FONT_FAMILY)
THEME_CHOICES = ("system", "light", "dark")  # the Settings' choice; "system": as the system
TEXT_SIZES = ("system", "1", "1.25", "1.5")  # the Settings' text size: as the system, or × the default

# The roles the same in both themes: they carry their own background and text (the accent's
# buttons, the banners, the hint, the hotseat's curtain and Done button).
BOTH: dict[str, str] = {
    "accent_hover": "#356130",
    "on_accent": "#ffffff",
    "banner_you": "#2e7d32",
    "banner_curtain": "#6a4c93",
    "banner_over": "#8a6508",
    "on_banner": "#ffffff",
    "hint": "#ffae00",
    "curtain": "#2b2540",
    "curtain_title": "#ffffff",
    "curtain_text": "#e4def5",
    "curtain_button": "#f3e9ff",
    "on_curtain_button": "#2b2540",
    "curtain_button_border": "#cdb8f0",
    "done": "#ffe9a8",
    "on_done": "#3a2e00",
    "done_border": "#d9b443",
}
THEMES: dict[str, dict[str, str]] = {
    "light": {
        # surfaces
        "window": "#f6f4ee",        # the screens' background
        "surface": "#fffdf8",       # what lists, tables, logs and fields are drawn on
        "surface_alt": "#f5f2e8",   # every other row
        "raised": "#fffdf7",        # a game's tile, the resume card
        "group": "#fbfaf6",         # a group box
        "side_panel": "#efece2",    # the table's side panel
        "header": "#e6e2d4",        # a table's column headers
        "status_bar": "#e9e5d8",
        "button": "#fffdf7",
        "button_hover": "#f0ecdf",
        # texts
        "text": "#1b1f18",          # text on any of the above
        "heading": "#2f4a2a",       # titles and headings
        "muted": "#5b5b55",         # secondary text (facts, notes)
        "placeholder": "#5b5b55",   # an empty list's or field's hint
        "danger": "#a12622",        # problems, errors
        "ok": "#2e6b2a",            # all is well
        "link": "#2b5b86",
        "link_visited": "#5e4287",
        # lines
        "border": "#9c9886",        # a button's edge
        "line": "#d2cdbd",          # a panel's or a tile's edge
        "line_soft": "#e6e1d3",     # grid lines, between log lines
        # the main buttons, the selection
        "accent": "#3c6e35",
        "accent_border": "#2f5829",
        # tooltips, disabled controls (WCAG asks no contrast of those)
        "tooltip": "#fff8dc",
        "on_tooltip": "#1b1f18",
        "disabled_text": "#8f8c82",
        "disabled_surface": "#f3f1ea",
        "disabled_border": "#d5d1c4",
        "banner_wait": "#5b6b7a",   # the banner while the others play (its other kinds: BOTH)
        "note": "#fff6dc",          # a review's note and a lesson's callout, on_note their words
        "played_line": "#f6dcfa",   # a log line of the others' moves since yours (their pieces: TABLE "played")
        "on_note": "#2b1a00",
        # charts: background, axes and their texts, the line of a single series and its marks
        "chart": "#fffdf8",
        "chart_text": "#33332f",
        "chart_line": "#3b6db3",
        "chart_mark": "#c2410c",
        "chart_zero": "#8f8c82",
        # seats and series (Okabe-Ito's colours, darkened until a name in them reads 4.5:1 on
        # the surfaces): one per seat in a ranking, one per level in Your record
        "series_1": "#0072b2",
        "series_2": "#b34e00",
        "series_3": "#007a5a",
        "series_4": "#a8507f",
        "series_5": "#8a6100",
        "series_6": "#2a6f9e",
        "series_7": "#222222",
        "series_grey": "#5b5b55",
    },
    "dark": {
        "window": "#1e211d",
        "surface": "#262a25",
        "surface_alt": "#2c312b",
        "raised": "#2a2f29",
        "group": "#232722",
        "side_panel": "#232722",
        "header": "#343a32",
        "status_bar": "#191c18",
        "button": "#343a32",
        "button_hover": "#3e463c",
        "text": "#ecebe4",
        "heading": "#b9d7a8",
        "muted": "#b8b8ad",
        "placeholder": "#b8b8ad",
        "danger": "#ff9a90",
        "ok": "#8fd18a",
        "link": "#8cc4ff",
        "link_visited": "#c7a8ff",
        "border": "#72786d",
        "line": "#454b43",
        "line_soft": "#363c34",
        "accent": "#3f7a37",
        "accent_border": "#5d9853",
        "tooltip": "#383d34",
        "on_tooltip": "#f0efe8",
        "disabled_text": "#7d8077",
        "disabled_surface": "#272a26",
        "disabled_border": "#3a3e38",
        "banner_wait": "#4e5d6b",
        "note": "#3a2f12",
        "played_line": "#4d3155",
        "on_note": "#ffe7b0",
        "chart": "#262a25",
        "chart_text": "#dcdbd3",
        "chart_line": "#7fb0ff",
        "chart_mark": "#ff7a45",
        "chart_zero": "#8a8d84",
        "series_1": "#56b4e9",
        "series_2": "#e69f00",
        "series_3": "#3cc49a",
        "series_4": "#e89ac7",
        "series_5": "#f0c040",
        "series_6": "#9ad4f5",
        "series_7": "#dddddd",
        "series_grey": "#b8b8ad",
    },
}
for _own in THEMES.values():
    _own.update(BOTH)
ROLES = tuple(THEMES[DEFAULT_THEME])
SEATS = tuple(f"series_{n}" for n in range(1, 8))  # one per seat, in order (seven players at most)

# The tables' own colours, the same in both themes (the tables are dark felts with light cards):
# the highlights a player acts on, and the texts drawn on the felt.
TABLE: dict[str, str] = {
    "target": "#c8f56a",        # a legal target
    "select": "#ffd23f",        # the selected card
    "hint": BOTH["hint"],       # the suggested move (the same as off the table)
    "focus": "#6fd6ff",         # keyboard focus
    "played": "#f08cff",        # where the others' last moves landed (their log lines: "note")
    "on_felt": "#f4f1e6",       # text on the felt
    "on_felt_muted": "#c3cdb8",
    "gold": "#ffe58a",          # a count's badge, the discard's frame
    "ink": "#2b2112",           # text on a light badge or button
    "tag_ink": "#2b1a00",       # text on the hint's colour
    "shadow": "#000000",
    "panel_fill": "#0a141e",    # a panel drawn on the felt (with its alpha)
    "panel_edge": "#ffffff",
    "panel_gold": "#ffe68c",
    "board_fill": "#0c0c14",    # the discard's board
    "picture": "#dcd6c4",       # behind a game's cover picture
    "choice": "#fff6d8", "choice_edge": "#7a5b12",
    "cancel": "#e3e0d6", "cancel_edge": "#6b6b6b",
    "ability": "#ecd4ff", "ability_edge": "#5b2a86", "ability_ink": "#2a0f40",
    "pass_ink": "#1d0f2a",      # text on a sown pit's pass-by label
}


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


# --- the style sheet ---------------------------------------------------------------------
TOKEN = re.compile(r"@([a-z_0-9]+)")
POINTS = re.compile(r"(\d+(?:\.\d+)?)pt\b")
COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


class SheetError(ValueError):
    """The style sheet names a colour role no theme has."""


def fill_sheet(sheet: str, colours: dict[str, str], scale: float = 1.0) -> str:
    """``sheet`` with each ``@role`` replaced by the theme's colour and each ``Npt`` font size
    multiplied by ``scale`` (the text size); its comments left out.  An unknown role raises :class:`SheetError`."""
    def fill(m: re.Match[str]) -> str:
        try:
            return colours[m.group(1)]
        except KeyError:
            raise SheetError(f"The style sheet names the colour role @{m.group(1)}, which no theme has.") from None

    sheet = TOKEN.sub(fill, COMMENT.sub("", sheet))
    if scale != 1.0:
        sheet = POINTS.sub(lambda m: f"{float(m.group(1)) * scale:g}pt", sheet)
    return sheet


# --- the look in use: theme and text size -------------------------------------------------
class Look(QObject):
    """The theme and text size in use.  ``changed`` fires after they change while the app runs
    (the painters that keep colours redraw then)."""

    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.theme_choice = "system"  # what Settings say: "system", "light" or "dark"
        self.text_choice = "system"   # "system" or a factor ("1.25")
        self.name = DEFAULT_THEME     # the theme in use: "light" or "dark"
        self.scale = 1.0              # the text size in use, × the default
        self.system_dark = False      # the system's palette at start was dark (where Qt's hints are silent)
        self.system_scale = 1.0       # the system's text size, × its platform's usual
        self.hints = False            # Qt's style hints are asked (after the first frame: see follow_the_system)


look = Look()


def current() -> dict[str, str]:
    """The colours of the theme in use, by role."""
    return THEMES[look.name]


def colour(role: str, alpha: int = 255) -> QColor:
    """The colour of ``role`` in the theme in use (with ``alpha``)."""
    c = QColor(THEMES[look.name][role])
    c.setAlpha(alpha)
    return c


def table_colour(role: str, alpha: int = 255) -> QColor:
    """A colour of the tables' own (the same in both themes), with ``alpha``."""
    c = QColor(TABLE[role])
    c.setAlpha(alpha)
    return c


def theme_choice(value: Any) -> str:
    """A stored theme choice, or "system" when it is not one of :data:`THEME_CHOICES`."""
    return value if isinstance(value, str) and value in THEME_CHOICES else "system"


def text_choice(value: Any) -> str:
    """A stored text size, or "system" when it is not one of :data:`TEXT_SIZES`."""
    value = str(value) if isinstance(value, (str, float, int)) and not isinstance(value, bool) else ""
    return value if value in TEXT_SIZES else "system"


def _scheme_is_dark(app: Any) -> bool | None:
    """What the system's colour scheme is, by Qt's style hints: True (dark), False (light), or
    None where the platform does not say."""
    from PySide6.QtCore import Qt

    scheme = app.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    return None


def resolve(choice: str, app: Any) -> str:
    """The theme a choice means now: "light" or "dark" as chosen; "system" as the system is --
    by the palette it handed the app at start until the first frame is drawn, then by Qt's
    style hints where the platform says (:func:`follow_the_system`)."""
    if choice in THEMES:
        return choice
    dark = _scheme_is_dark(app) if look.hints else None
    return "dark" if (look.system_dark if dark is None else dark) else "light"


PLATFORM_POINTS = {"win32": 9.0, "darwin": 13.0}  # the system font's usual size (else 10)


def note_system(app: Any) -> None:
    """Before the app's own palette and font are set: whether the system's palette is dark (for
    platforms whose style hints do not say) and how much bigger than usual the system's text is."""
    pal = app.palette()
    R = QPalette.ColorRole
    look.system_dark = pal.color(R.Window).lightness() < pal.color(R.WindowText).lightness()
    points = app.font().pointSizeF()
    usual = PLATFORM_POINTS.get(sys.platform, 10.0)
    look.system_scale = min(2.0, max(1.0, points / usual)) if points > 0 else 1.0


def use_look(app: Any, theme: str | None = None, text: str | None = None, sheet: bool = True,
             force: bool = False) -> bool:
    """Use the theme and text size chosen (None: as before) on ``app``: its palette, its font's
    size, and, unless ``sheet`` is false (the start-up sets the style sheet once its first window
    is built), its style sheet.  ``force``: set the palette and font even if the look is the same.
    Returns whether anything changed; ``look.changed`` fires if so."""
    if theme is not None:
        look.theme_choice = theme_choice(theme)
        if look.hints:
            _tell_the_system(app, look.theme_choice)  # (before asking Qt what the system's scheme is)
    if text is not None:
        look.text_choice = text_choice(text)
    name = resolve(look.theme_choice, app)
    scale = look.system_scale if look.text_choice == "system" else float(look.text_choice)
    changed = (name, scale) != (look.name, look.scale)
    look.name, look.scale = name, scale
    if changed or force:
        app.setPalette(palette(THEMES[name]))
        font = app.font()
        font.setPointSizeF(FONT_POINT_SIZE * scale)
        app.setFont(font)
    if sheet:
        changed = apply_sheet(app) or changed
    if changed:
        look.changed.emit()
    return changed


def apply_sheet(app: Any) -> bool:
    """Set the style sheet of the look in use (read from ``ui/theme.qss``); whether it changed."""
    from tabletop.engine.paths import ui_dir

    from .forms import theme_sheet

    # (and "@ui_dir": where the sheet's pictures are -- the check mark, the arrows)
    text = fill_sheet(theme_sheet(), {**current(), "ui_dir": ui_dir().as_posix()}, look.scale)
    if app.styleSheet() == text:
        return False
    app.setStyleSheet(text)
    return True


def _tell_the_system(app: Any, choice: str) -> None:
    """A chosen theme is told to Qt (6.8+), so the window's frame (Windows' title bar) matches it;
    "as the system" lets the system's scheme through again."""
    from PySide6.QtCore import Qt

    hints = app.styleHints()
    if not hasattr(hints, "setColorScheme"):
        return
    if choice == "dark":
        hints.setColorScheme(Qt.ColorScheme.Dark)
    elif choice == "light":
        hints.setColorScheme(Qt.ColorScheme.Light)
    elif hints.colorScheme() != Qt.ColorScheme.Unknown and hasattr(hints, "unsetColorScheme"):
        hints.unsetColorScheme()


def follow_the_system(app: Any) -> None:
    """Once the first frame is drawn (MainWindow's first refresh): ask Qt's style hints what the
    system's colour scheme is (the theme changes if the palette at start misled), tell Qt a
    chosen theme (Windows draws the title bar to match), and while the app runs follow a change
    of the system's scheme when the choice is "as the system".  Not before the first frame: the
    first use of a Qt-namespace enum (the scheme is one) builds all 93 of them, ~15 ms.  (Once
    per application.)"""
    if app.property("tabletop_follows"):
        return
    app.setProperty("tabletop_follows", True)
    look.hints = True

    def changed(scheme: Any = None) -> None:
        from PySide6.QtCore import Qt

        if scheme in (Qt.ColorScheme.Dark, Qt.ColorScheme.Light):  # (what a platform whose hints say
            look.system_dark = scheme == Qt.ColorScheme.Dark    # nothing else still reports)
        if look.theme_choice == "system":
            use_look(app)

    app.styleHints().colorSchemeChanged.connect(changed)
    _tell_the_system(app, look.theme_choice)
    use_look(app)
