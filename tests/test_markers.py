"""Tests by kind: ``gui`` marks every test that builds Qt widgets or windows (tests/conftest.py),
so that ``./dev test -m "not gui"`` runs the rules, engine and file tests alone."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from conftest import QT_FIXTURES

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
# what a test that builds widgets imports: Qt's widget classes, the table harness
WIDGET_MODULES = ("PySide6.QtWidgets", "PySide6.QtGui", "PySide6.QtTest", "table_harness")


def pytest_run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", *args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


@cache
def not_gui() -> tuple[frozenset[str], str]:
    """The ids of the tests ``-m "not gui"`` selects, and pytest's summary line."""
    done = pytest_run("--collect-only", "-q", "-m", "not gui", str(TESTS))
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    return frozenset(line for line in lines if "::" in line), next(x for x in lines if "collected" in x)


def function_name(test_id: str) -> str:
    """``tests/test_x.py::Class::test_y[param]`` -> ``test_y``."""
    return test_id.split("::")[-1].split("[")[0]


def widget_imports(node: ast.AST) -> list[str]:
    names = []
    for n in ast.walk(node):
        if isinstance(n, ast.Import):
            names += [a.name for a in n.names]
        elif isinstance(n, ast.ImportFrom) and n.module:
            names.append(n.module)
    return [name for name in names if name.startswith(WIDGET_MODULES)]


def test_every_test_of_a_test_gui_file_is_gui_and_the_rest_is_most_of_the_suite():
    rest, summary = not_gui()
    assert sorted(TESTS.glob("test_gui_*.py"))
    assert [t for t in rest if t.startswith("tests/test_gui_")] == []
    selected, deselected = re.fullmatch(r"(\d+)/\d+ tests collected \((\d+) deselected\) in .*", summary).groups()
    assert int(selected) == len(rest) > 1000 and int(deselected) > 300


def test_no_test_left_out_of_gui_takes_a_qt_fixture_or_imports_widgets():
    """Read from the sources: the tests ``-m "not gui"`` runs neither name a Qt fixture nor import
    Qt's widgets or the table harness, in their own body or at the top of their file."""
    by_file: dict[str, set[str]] = {}
    for test_id in not_gui()[0]:
        by_file.setdefault(test_id.split("::")[0], set()).add(function_name(test_id))
    wrong = []
    for path, names in sorted(by_file.items()):
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        wrong += [f"{path} imports {m} at its top" for m in widget_imports(ast.Module(body=top, type_ignores=[]))]
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and fn.name in names:
                args = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
                wrong += [f"{path}::{fn.name} takes {a}" for a in sorted(args & QT_FIXTURES)]
                wrong += [f"{path}::{fn.name} imports {m}" for m in widget_imports(fn)]
    assert wrong == []


@pytest.mark.gui  # (it builds a widget, in a pytest run of its own)
def test_a_test_that_makes_a_qt_application_unmarked_fails(tmp_path):
    """The guard of tests/conftest.py, on a suite of its own: a test not marked gui that builds a
    widget fails at its teardown, the same test marked gui passes, and the tests after it run."""
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    gui: builds widgets\n")
    (tmp_path / "test_made.py").write_text(
        "import pytest\n\n"
        "def build():\n"
        "    from PySide6.QtWidgets import QApplication, QLabel\n"
        "    return QApplication.instance() or QApplication([]), QLabel('a widget')\n\n"
        "@pytest.mark.gui\n"
        "def test_marked():\n"
        "    build()\n\n"
        "def test_plain():\n"
        "    build()\n\n"
        "def test_after():\n"
        "    pass\n"
    )
    marked = pytest_run("-q", "-k", "marked or after", str(tmp_path), cwd=tmp_path)
    assert marked.returncode == 0 and "2 passed" in marked.stdout, marked.stdout
    plain = pytest_run("-q", "-k", "plain or after", str(tmp_path), cwd=tmp_path)
    assert plain.returncode == 1, plain.stdout
    assert "2 passed, 1 deselected, 1 error" in plain.stdout
    assert "test_plain made a Qt application but is not marked gui" in plain.stdout


def test_readme_and_dev_say_how_to_run_each_kind():
    import tomllib

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### Tests by kind"):]
    section = section[:section.index("\n## ")]
    usage = (ROOT / "dev").read_text(encoding="utf-8").split("\nset -euo pipefail")[0]
    ini = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    kinds = [m.split(":")[0] for m in ini["markers"]]
    assert sorted(kinds) == ["gui", "slow"] and "--strict-markers" in ini["addopts"]
    for kind in kinds:
        assert f'./dev test -m "not {kind}"' in section and f'./dev test -m "not {kind}"' in usage
    assert "what CI runs" in section and "what CI runs" in usage
