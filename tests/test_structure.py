"""Small parts a newcomer can read: no class of the package, counted with the project's own bases
and mixins it carries (the shared table base and the engine's State aside: one object's worth of
reading for every game), is over 800 lines, and no function of a game's pure modules is over 80
lines (docs/architecture.md, "The tree")."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tabletop"
SHARED = (PACKAGE / "client" / "table_base.py", PACKAGE / "engine" / "game.py")
QT_MODULES = {"table", "art", "board_items", "card_items", "layout", "animation"}  # (and screens/)
CLASS_LINES, FUNCTION_LINES = 800, 80


def classes(root: Path) -> dict[str, tuple[Path, int, list[str]]]:
    """Every class under ``root``: its file, its lines and the names of its bases."""
    out: dict[str, tuple[Path, int, list[str]]] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
                key = node.name if node.name not in out else f"{node.name}@{path}"
                out[key] = (path, node.end_lineno - node.lineno + 1, bases)
    return out


def counted(name: str, known: dict[str, tuple[Path, int, list[str]]], seen: set[str] | None = None) -> int:
    """The lines of class ``name`` with the project's own bases it carries, shared ones aside."""
    seen = set() if seen is None else seen
    if name in seen or name not in known or known[name][0] in SHARED:
        return 0
    seen.add(name)
    path, lines, bases = known[name]
    return lines + sum(counted(b, known, seen) for b in bases)


def long_functions(root: Path, limit: int) -> list[str]:
    """Functions of the games' pure modules under ``root`` longer than ``limit`` lines, as
    "path:name (lines)"."""
    out = []
    for path in sorted(root.rglob("*.py")):
        if path.stem in QT_MODULES or "screens" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > limit:
                    out.append(f"{path.relative_to(root).as_posix()}:{node.name} ({lines})")
    return out


def test_no_class_counted_with_its_own_bases_and_mixins_is_over_800_lines():
    known = classes(PACKAGE)
    sizes = {name: counted(name, known) for name in known}
    assert len(sizes) > 100 and sizes["ShogunTable"] > 100
    assert sorted(f"{n} ({s})" for n, s in sizes.items() if s > CLASS_LINES) == []


def test_no_function_of_a_games_pure_modules_is_over_80_lines():
    assert long_functions(PACKAGE / "games", FUNCTION_LINES) == []


def test_the_counts_see_a_mixin_and_a_long_function(tmp_path):
    """A class is counted with the mixins it carries, and a long pure function is found while the
    same function in a table is not."""
    game = tmp_path / "games" / "g"
    game.mkdir(parents=True)
    body = "\n".join(f"        x = {i}" for i in range(500))
    (game / "layout.py").write_text(f"class Layout:\n    def draw(self):\n{body}\n")
    (game / "table.py").write_text("from .layout import Layout\nclass Table(Layout):\n    pass\n")
    long = "\n".join(f"    y = {i}" for i in range(81))
    (game / "rules.py").write_text(f"def play():\n{long}\n")
    known = classes(tmp_path)
    assert counted("Table", known) == 502 + 2 and counted("Layout", known) == 502
    assert long_functions(tmp_path / "games", 80) == ["g/rules.py:play (82)"]
    assert long_functions(tmp_path / "games", 82) == []
