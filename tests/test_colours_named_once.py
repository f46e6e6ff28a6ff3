"""One home for colours (issue 46): the colours of the widgets, panels, banners, charts and texts
are named once, by role, in tabletop/client/theme.py (one set per theme, and the tables' own
set); the style sheet and the client's painters take theirs from there.  A game's card art keeps
its own palette in the game's folder (tabletop/games/<game>/)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITERAL = re.compile(r"""["']#[0-9a-fA-F]{3,8}["']|QColor\(\s*\d|GlobalColor\.(?:white|black|gray|darkGray|lightGray|"""
                     r"""red|green|blue|yellow)\b|\b(?:color|background)\s*:\s*#""")
COMMENT = re.compile(r"/\*.*?\*/", re.S)


def literals(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if LITERAL.search(line) and not line.lstrip().startswith("#")]


def test_the_client_names_no_colour_outside_the_theme():
    found = {}
    for path in sorted((ROOT / "tabletop" / "client").rglob("*.py")):
        if path.name == "theme.py":
            continue
        hits = literals(path.read_text(encoding="utf-8"))
        if hits:
            found[str(path.relative_to(ROOT))] = hits
    assert found == {}


def test_the_style_sheet_names_roles_not_colours():
    sheet = COMMENT.sub("", (ROOT / "ui" / "theme.qss").read_text(encoding="utf-8"))
    assert re.findall(r"#[0-9a-fA-F]{3,8}\b|\bwhite\b|\bblack\b|rgba?\(", sheet) == []
    assert len(re.findall(r"@[a-z_]+", sheet)) > 60
    for form in (ROOT / "ui").glob("*.ui"):  # (and no form sets a colour of its own)
        text = form.read_text(encoding="utf-8")
        assert not re.search(r"styleSheet|#[0-9a-fA-F]{6}\b|<color", text), form.name


def test_the_measure_sees_a_colour_written_out():
    assert literals('BUBBLE = QColor("#fff6dc")') and literals("x = QColor(10, 20, 30)")
    assert literals("return Qt.GlobalColor.gray") and literals('label.setStyleSheet("color: #123456")')
    assert literals("<td style='padding:3px; color:#0072B2'>")
    assert not literals('colour("muted")') and not literals("# a comment naming #ffffff")
