"""The rules (F1): the game's help page and the project's interpretations, as Markdown.

The pages live in ``docs/rules/``: ``<game id>-help.md`` (how to play in this app) and
``<game id>.md`` or ``<game name as a slug>.md`` (the rules and their interpretations).  A page's
section "## For developers" (paths of the code and the tests) is left out.  A checkout has them beside
the package; a frozen app has them beside (or inside) its bundled ``assets/``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from PySide6.QtWidgets import QDialog, QTextBrowser, QWidget

from tabletop.engine.game import GameDef
from tabletop.engine.paths import assets_dir

from .forms import load_form


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def docs_dirs() -> list[Path]:
    """Where ``docs/`` may be, best first."""
    dirs = [assets_dir().parent / "docs", assets_dir() / "docs", Path(__file__).resolve().parents[2] / "docs"]
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        dirs.insert(0, Path(bundle) / "docs")
    out: list[Path] = []
    for d in dirs:
        if d not in out:
            out.append(d)
    return out


def find_doc(name: str) -> Path | None:
    """The first ``docs/rules/<name>`` that exists, or ``None``."""
    for d in docs_dirs():
        path = d / "rules" / name
        if path.is_file():
            return path
    return None


def rules_pages(game: GameDef) -> list[tuple[str, str]]:
    """``[(tab title, markdown)]`` for ``game``; a missing page becomes a clear message."""
    pages = []
    interpretations = f"{game.id}.md" if find_doc(f"{game.id}.md") else f"{slug(game.name)}.md"
    for title, name in (("How to play", f"{game.id}-help.md"), ("Rules and interpretations", interpretations)):
        path = find_doc(name)
        if path is None:
            looked = ", ".join(str(d / "rules") for d in docs_dirs())
            text = (
                f"# {game.name}\n\n**The page `{name}` is missing from this installation.**\n\n"
                f"It was looked for in: {looked}."
            )
        else:
            from tabletop.engine.files import read_text

            try:
                text = read_text(path, f"The page {name}", ValueError)
            except ValueError as e:
                text = f"# {game.name}\n\n**{e}**"
        pages.append((title, text.split("\n## For developers")[0].rstrip() + "\n"))
    from tabletop.engine.glossary import glossary_markdown

    words = glossary_markdown(game)
    if words:
        pages.append(("Glossary", words))
    return pages


class RulesDialog(QDialog):
    """The form ``ui/rules.ui``: a tab a page of ``game``."""

    def __init__(self, game: GameDef, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rules — {game.name}")
        self.resize(820, 640)
        f = self.form = load_form("rules", self)
        self.tabs = f.tabs
        self.browsers: list[QTextBrowser] = []
        for title, text in rules_pages(game):
            browser = QTextBrowser()
            browser.setOpenExternalLinks(True)
            browser.setMarkdown(text)
            self.tabs.addTab(browser, title)
            self.browsers.append(browser)
        f.buttons.rejected.connect(self.reject)
        f.buttons.accepted.connect(self.accept)
