"""README names every registered game, every shortcut of the main window's menus, every rules
document and every `tabletop` subcommand (issue 29, point 11: it had left out the card game,
Decks, replays and the record)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.engine.registry import all_games

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_readme_names_every_game(game):
    assert f"**{game.name}**" in README, f"README's game list leaves out {game.name}"


def keyboard_table() -> str:
    start = README.index("## Keyboard")
    return README[start:README.index("\n## ", start + 1)]


def test_readme_names_every_shortcut_of_the_main_window(window):
    from PySide6.QtGui import QAction, QKeySequence

    table = keyboard_table()
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| key")]
    shortcuts = {}
    for action in window.findChildren(QAction):
        for key in action.shortcuts():
            shortcuts[key.toString(QKeySequence.SequenceFormat.PortableText)] = action.text().replace("&", "")
    assert {"Ctrl+D", "Ctrl+R", "Ctrl+T", "F1", "H"} <= set(shortcuts)
    for key, what in shortcuts.items():
        assert any(re.search(rf"(^|[ (|/]){re.escape(key)}([ )|/]|$)", row.split("|")[1]) for row in rows), \
            f"README's keyboard table leaves out {key} ({what})"


def test_readme_links_every_rules_document_and_the_other_docs():
    for page in sorted((ROOT / "docs" / "rules").glob("*.md")):
        if page.name.endswith("-help.md"):
            continue
        assert f"(docs/rules/{page.name})" in README, f"README does not link docs/rules/{page.name}"
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"(docs/{page.name})" in README, f"README does not link docs/{page.name}"


def test_readme_names_every_tabletop_subcommand():
    from tabletop.commands import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name in sub.choices:
        assert f"tabletop {name}" in README, f"README's command list leaves out `tabletop {name}`"
