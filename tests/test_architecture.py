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
    """Every contract of pyproject.toml is kept: the engine and the rules import no Qt, the client
    and the command line name no game, the layers import only downward."""
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    result = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    contracts = (ROOT / "pyproject.toml").read_text(encoding="utf-8").count("[[tool.importlinter.contracts]]")
    assert contracts == 3 and f"{contracts} kept, 0 broken" in result.stdout


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


STEP_NAMES = {"step", "step_", "stage", "phase"}


def _is_step(node) -> bool:
    """``x.step``, ``step``, ``view["step"]`` or ``view.get("step")`` (and the same for a stage or a phase)."""
    import ast

    if isinstance(node, ast.Attribute):
        return node.attr in STEP_NAMES
    if isinstance(node, ast.Name):
        return node.id in STEP_NAMES
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value in STEP_NAMES
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return bool(node.args) and isinstance(node.args[0], ast.Constant) and node.args[0].value in STEP_NAMES
    return False


def _has_text(node) -> bool:
    import ast

    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_has_text(e) for e in node.elts)
    return False


def bare_step_names(path: Path) -> list[str]:
    """Places in ``path`` where a step, stage or phase is compared with, set to or looked up by a
    bare string instead of a named constant."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_step(s) for s in sides) and any(_has_text(s) for s in sides):
                found.append(f"{path.name}:{node.lineno}")
        elif isinstance(node, ast.Assign) and _has_text(node.value):
            if any(_is_step(t) for t in node.targets):
                found.append(f"{path.name}:{node.lineno}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            table = node.func.value
            if isinstance(table, ast.Dict) and node.args and _is_step(node.args[0]):
                if any(_has_text(k) for k in table.keys if k is not None):
                    found.append(f"{path.name}:{node.lineno}")
    return sorted(found, key=lambda place: int(place.rsplit(":", 1)[1]))


def test_steps_are_named_constants_wherever_they_are_compared():
    """Steps (stages, phases) are named constants the rules, the describer, the bots and the table
    import: a misspelt one is an error at once, not a comparison that is silently never true."""
    modules = sorted((ROOT / "tabletop" / "games").rglob("*.py")) + sorted((ROOT / "tabletop" / "client").rglob("*.py"))
    found = [f"{path.parent.name}/{place}" for path in modules for place in bare_step_names(path)]
    assert found == []


def test_the_step_checker_sees_each_form(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('if state.step == "drop": pass\nif view["step"] in ("a", B): pass\nx.step = "over"\n'
                   'w = {"day": 1}.get(self.phase)\nif v.get("stage") != "play": pass\nok = state.step == Step.DROP\n')
    assert bare_step_names(bad) == ["bad.py:1", "bad.py:2", "bad.py:3", "bad.py:4", "bad.py:5"]


def action_kind_values() -> set[str]:
    """Every game's action kinds: the values of the ``Move`` class of its ``steps`` module."""
    import importlib

    kinds = set()
    for folder in sorted((ROOT / "tabletop" / "games").iterdir()):
        if (folder / "steps.py").is_file():
            move = getattr(importlib.import_module(f"tabletop.games.{folder.name}.steps"), "Move", None)
            kinds |= {v for k, v in vars(move or object).items() if k.isupper() and isinstance(v, str)}
    return kinds


def _is_kind(node, names: set[str] = frozenset()) -> bool:
    """``x.kind``, ``x["kind"]``, or one of ``names`` (locals set to one: ``k = action.kind``): an
    action's kind (or, alas, a card's)."""
    import ast

    if isinstance(node, ast.Attribute):
        return node.attr == "kind"
    if isinstance(node, ast.Name):
        return node.id in names
    return isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == "kind"


def _texts(node) -> set[str]:
    import ast

    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return set().union(*(_texts(e) for e in node.elts))
    return set()


def bare_action_kinds(path: Path, kinds: set[str]) -> list[str]:
    """Places in ``path`` where an action is made (``Action.make``, ``act``) with a bare string for
    its kind, or a kind is compared with a bare string that is one of ``kinds`` (only those: a card's
    ``kind`` is compared with card kinds, which are not action kinds)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {n.targets[0].id for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
             and isinstance(n.targets[0], ast.Name) and _is_kind(n.value)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and _texts(node.args[0]):
            f = node.func
            if (isinstance(f, ast.Name) and f.id == "act") or (
                    isinstance(f, ast.Attribute) and f.attr == "make" and isinstance(f.value, ast.Name)
                    and f.value.id == "Action"):
                found.append(f"{path.name}:{node.lineno}")
        elif isinstance(node, ast.Compare) and all(isinstance(o, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for o in node.ops):
            sides = [node.left, *node.comparators]
            if any(_is_kind(s, names) for s in sides) and any(_texts(s) & kinds for s in sides):
                found.append(f"{path.name}:{node.lineno}")
    return sorted(found, key=lambda place: int(place.rsplit(":", 1)[1]))


# the table engineer's modules, converted in a later pass (with the other games and the client)
def test_action_kinds_are_named_constants_wherever_they_are_compared():
    """Action kinds are named constants (each game's ``Move``) wherever an action is made or its
    kind compared: a misspelt one is an error at once, not a comparison that is never true."""
    kinds = action_kind_values()
    assert {"sow", "drop", "dice", "compost", "give", "steal", "arrange"} <= kinds and "windmaster" not in kinds
    modules = sorted((ROOT / "tabletop" / "games").rglob("*.py")) + sorted((ROOT / "tabletop" / "client").rglob("*.py"))
    assert len(modules) >= 40
    found = [f"{path.parent.name}/{place}" for path in modules for place in bare_action_kinds(path, kinds)]
    assert found == []


def test_the_action_kind_checker_sees_each_form(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('a = Action.make("sow", square=1)\nb = act("drop", to=2)\nif a.kind == "sow": pass\n'
                   'if view["kind"] != "drop": pass\nif a.kind in ("take", Move.LEAVE): pass\n'
                   'if x.kind not in {"roll"}: pass\nk = a.kind\nif k == "keep": pass\n'
                   'ok = a.kind == Move.SOW\nok = c.kind == "windmaster"\nok = Action.make(Move.SOW)\n'
                   'ok = other("sow")\nok = a.name == "sow"\nok = kind == "sow"\n')
    assert bare_action_kinds(bad, {"sow", "drop", "take", "leave", "roll", "keep"}) == [
        "bad.py:1", "bad.py:2", "bad.py:3", "bad.py:4", "bad.py:5", "bad.py:6", "bad.py:8"]


def test_every_named_action_kind_is_one_the_game_plays():
    """Each game's ``Move`` names exactly the kinds its rules make: random games (played until
    every kind has been offered, a few hundred at most) offer every constant and no other kind,
    and ``rules.py`` names each constant."""
    import ast
    import importlib
    import random

    from tabletop.engine.registry import get_game

    for game_id, folder, seats in (("spheres-shogun", "shogun", (2,)), ("forest", "forest", (1, 2, 3, 4))):
        move = importlib.import_module(f"tabletop.games.{folder}.steps").Move
        named = {k: v for k, v in vars(move).items() if k.isupper()}
        assert len(set(named.values())) == len(named), folder  # no kind named twice
        game, offered = get_game(game_id), set()
        for seed in range(300):
            state, rng = game.new_game(seats[seed % len(seats)], {}, seed), random.Random(seed)
            while state.decider() is not None:
                legal = state.legal_actions()
                offered |= {a.kind for a in legal}
                state.apply(rng.choice(legal))
            if offered >= set(named.values()):
                break
        assert offered == set(named.values()), folder
        rules = ast.parse((ROOT / "tabletop" / "games" / folder / "rules.py").read_text(encoding="utf-8"))
        used = {n.attr for n in ast.walk(rules)
                if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "Move"}
        assert used == set(named), folder
