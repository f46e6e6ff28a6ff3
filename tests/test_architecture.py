"""The layers check themselves: the import-linter contracts of pyproject.toml (the engine and every
game's pure modules never import Qt or the client; engine < games < client < command line),
and no import circles anywhere in the package."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_and_rules_never_import_qt():
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    result = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout


def test_the_engine_runs_without_qt_loaded():
    code = (
        "import sys; from tabletop.engine.registry import all_games; from tabletop.engine.arena import play_games;"
        "g = all_games()[0]; play_games(g, ['easy'] * g.min_players, 1, 1);"
        "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt was imported'"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def import_circles(package: str = "tabletop") -> list[list[str]]:
    """The package's import circles: groups of modules that import each other, directly or round a
    loop, counting imports made inside functions (those made only for type checking do not run)."""
    import grimp

    graph = grimp.build_graph(package, exclude_type_checking_imports=True, cache_dir=None)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(m: str) -> None:  # Tarjan's strongly connected components
        index[m] = low[m] = len(index)
        stack.append(m)
        on_stack.add(m)
        for n in edges[m]:
            if n not in index:
                visit(n)
                low[m] = min(low[m], low[n])
            elif n in on_stack:
                low[m] = min(low[m], index[n])
        if low[m] == index[m]:
            group = []
            while True:
                n = stack.pop()
                on_stack.discard(n)
                group.append(n)
                if n == m:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for m in sorted(edges):
        if m not in index:
            visit(m)
    return circles


def test_no_module_imports_one_that_imports_it_back():
    assert import_circles() == []


def test_the_circle_finder_finds_a_circle(tmp_path, monkeypatch):
    pkg = tmp_path / "loop"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from . import c\n")
    (pkg / "c.py").write_text("import loop.a\n")
    (pkg / "d.py").write_text("from . import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_circles("loop") == [["loop.a", "loop.b", "loop.c"]]


def tree_entries() -> list[str]:
    """The files and folders of docs/architecture.md's tree, as paths from the repository's root."""
    import re

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("## The tree")[1].split("```")[1]
    paths, folders = [], {}  # indent -> folder path
    for line in block.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if indent > 8:
            continue  # a description carried onto the next line
        names = re.split(r"\s{2,}", line.strip())[0]
        parent = folders.get(indent - 2, "")
        for name in names.split(", "):
            path = f"{parent}{name}"
            paths.append(path)
            if name.endswith("/"):
                folders[indent] = path
    return paths


def test_the_architecture_document_names_only_files_that_exist_and_every_game():
    import re

    entries = tree_entries()
    assert "tabletop/engine/bots/levels.py" in entries and "tabletop/games/shogun/stones.py" in entries
    missing = [p for p in entries if not (ROOT / p).exists()]
    assert not missing, f"docs/architecture.md names files that do not exist: {missing}"
    games = sorted(p.name for p in (ROOT / "tabletop" / "games").iterdir() if (p / "__init__.py").is_file())
    undescribed = [g for g in games if f"tabletop/games/{g}/" not in entries]
    assert not undescribed, f"docs/architecture.md does not describe the games {undescribed}"
    for g in games:  # every module of a game is in its part of the tree
        modules = sorted(p.name for p in (ROOT / "tabletop" / "games" / g).glob("*.py"))
        assert [m for m in modules if f"tabletop/games/{g}/{m}" not in entries] == [], g
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:docs|tests|benchmarks|packaging|assets|tabletop)/[\w./-]+)`", text))
    assert [p for p in named if "<" not in p and not (ROOT / p).exists()] == []
