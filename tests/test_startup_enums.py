"""The start-up builds no more of PySide6's enum classes than it needs before its first frame
(issue 46 kept it so): the first use of any Qt-namespace enum (``Qt.ColorScheme``, ``Qt.Orientation``
...) builds all 93 of them, ~15 ms, and wrapping a QStyle (``app.setStyle``) its ~11, ~6 ms.  So
the theme asks Qt's style hints only after the first frame, Fusion comes from the app's
arguments, and the gallery's wrapping rows do not say how they grow."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = r"""
import enum, sys
made = []
orig = enum.EnumType.__new__
def new(mcls, cls, bases, classdict, **kw):
    e = orig(mcls, cls, bases, classdict, **kw)
    made.append(cls)
    return e
enum.EnumType.__new__ = new
from tabletop.client import app as app_module
first = {}
class Watch(app_module.FirstPaint):
    def eventFilter(self, obj, event):
        painted = self.painted_at is not None
        result = super().eventFilter(obj, event)
        if not painted and self.painted_at is not None:
            first["enums"] = list(made)
            first["modules"] = sorted(sys.modules)
        return result
app_module.FirstPaint = Watch
import time
code = app_module.smoke(time.perf_counter())
print("ENUMS", ",".join(first.get("enums", ["(no first frame)"])))
print("MODULES", ",".join(first.get("modules", [])))
sys.exit(code)
"""


def before_the_first_frame(tmp_path) -> tuple[set[str], set[str]]:
    """The enum classes and the modules there are when the first frame is painted."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", TABLETOP_HOME=str(tmp_path),
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    enums = next(x for x in lines if x.startswith("ENUMS "))[len("ENUMS "):]
    modules = next(x for x in lines if x.startswith("MODULES "))[len("MODULES "):]
    return set(enums.split(",")), set(modules.split(","))


def test_the_first_frame_builds_no_qt_namespace_or_style_enum(tmp_path):
    made, _ = before_the_first_frame(tmp_path)
    assert "ColorRole" in made  # (the probe sees the enums the start does build: the palette's)
    assert not made & {"Key", "WidgetAttribute", "Orientation", "ColorScheme", "AlignmentFlag"}
    assert not made & {"PixelMetric", "StandardPixmap", "SubElement"}


def test_the_first_frame_is_as_lean_in_the_dark_theme(tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.ini").write_text("[look]\ntheme=dark\ntext_size=1.5\n")
    made, _ = before_the_first_frame(tmp_path)
    assert not made & {"Key", "WidgetAttribute", "Orientation", "ColorScheme", "PixelMetric"}


def test_the_first_frame_reads_no_lesson_record_or_deck(tmp_path):
    """Issue 41's start-up regression: the lessons (and the bots they import), the record's
    SQLite and the card game's decks (named in a tile's tooltip) were read before the first
    frame; now after it (a new player's tiles know their lessons from the files' names of games)."""
    _, modules = before_the_first_frame(tmp_path)
    assert "tabletop.client.gallery" in modules  # (the probe sees the first frame's modules)
    assert not modules & {"tabletop.engine.lessons", "sqlite3", "tabletop.engine.stats",
                          "tabletop.engine.bots", "tabletop.games.three_spheres.cards"}
