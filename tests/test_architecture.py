"""The engine and the rules stay pure Python: the import-linter contract in pyproject.toml."""

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
    assert "1 kept, 0 broken" in result.stdout


def test_the_engine_runs_without_qt_loaded():
    code = (
        "import sys; from tabletop.engine.registry import all_games; from tabletop.engine.arena import play_games;"
        "g = all_games()[0]; play_games(g, ['easy'] * g.min_players, 1, 1);"
        "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt was imported'"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
