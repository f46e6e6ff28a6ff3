"""Every mutant of a module, not a sample: the mutation points and mutations of the shared tool
``mutants.py`` (a comparison swapped, an integer + 1, and/or swapped, a ``not`` dropped, + and -
swapped, a returned bool flipped), each one tried against test sets run in order until one fails.

    .venv/bin/python benchmarks/mutants_all.py tabletop/games/forest/rules.py \\
        "tests/test_forest_rules.py tests/test_interpretations_forest.py" \\
        "tests --ignore-glob=tests/test_gui_*" [--tool ../shared/tools/mutants.py] [--workers 2] [--only 3,17]

Test sets are separate arguments, the quick ones first; a mutant that passes every set
SURVIVES.  The working tree is copied once per worker (without .git and .venv), so the
checkout is never touched; the tests import the copy's package (PYTHONPATH names the copy, so
an editable install pointing at the checkout, or a test's own ``python -m tabletop``, never
picks up the unmutated module).  ``--only`` tries the mutants of those indices (the survivors
of an earlier run, after tests were added); ``--timeout`` is how long a set may run before the
mutant counts as caught (one that hangs the tests; 15 minutes unless given).  Prints one line
per mutant (the set that caught it, or SURVIVED) and ``K/N mutants caught (P%)`` with the
survivors' indices.  Used for the mutation figures of docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import os
import queue
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_tool(path: Path):
    spec = importlib.util.spec_from_file_location("mutants", path)
    if spec is None or spec.loader is None or not path.is_file():
        sys.exit(f"mutants_all: the shared tool is not at {path} (give --tool)")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("module")
    ap.add_argument("sets", nargs="+", help="pytest arguments, tried in order")
    ap.add_argument("--tool", type=Path, default=ROOT.parent / "shared" / "tools" / "mutants.py")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", default="", help="comma-separated mutant indices to try (default: all)")
    ap.add_argument("--timeout", type=int, default=900,
                    help="seconds a set may take before the mutant counts as caught (it hangs the tests)")
    a = ap.parse_args()
    tool = load_tool(a.tool)
    src = (ROOT / a.module).read_text(encoding="utf-8")
    lines = src.splitlines()
    count = len(tool.points(ast.parse(src)))
    indices = [int(i) for i in a.only.split(",") if i.strip()] or list(range(count))
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONDONTWRITEBYTECODE": "1"}
    free: queue.Queue[Path] = queue.Queue()
    results: list[tuple[int, str, int, str]] = []
    t0 = time.time()
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        def copy_tree(tree: Path) -> None:
            shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", "build", "dist"))

        for w in range(a.workers):
            tree = Path(tmp) / f"tree{w}"
            copy_tree(tree)
            free.put(tree)

        def env_for(tree: Path) -> dict[str, str]:
            # The copy's package first: an editable install of tabletop points at the checkout, and
            # a test's own subprocess (python -m tabletop) would otherwise import the unmutated one.
            return {**env, "PYTHONPATH": os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH", "")]))}

        def run(index: int) -> None:
            tree = free.get()
            path = tree / a.module
            try:
                mutated, kind, line = tool.mutate(src, index)
                path.write_text(mutated, encoding="utf-8")
                caught = "SURVIVED"
                for n, args in enumerate(a.sets, 1):
                    # (no shell between: on a timeout the test run itself is killed, not a shell above it)
                    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *shlex.split(args)]
                    try:
                        failed = subprocess.run(cmd, cwd=tree, env=env_for(tree), capture_output=True,
                                                timeout=a.timeout).returncode != 0
                        how = f"set {n}"
                    except subprocess.TimeoutExpired:
                        # a mutant that hangs the tests is caught, but said apart: on a busy machine
                        # a slow set can time out too, and such a mutant is worth trying again alone
                        failed, how = True, f"set {n} timeout"
                    if failed:
                        caught = how
                        break
                results.append((index, caught, line, kind))
                print(f"{index}\t{caught}\t{a.module}:{line} ({kind}): {lines[line - 1].strip()[:100]}", flush=True)
            finally:
                try:
                    path.write_text(src, encoding="utf-8")
                except OSError:
                    # the copy went (a clean-up of the temporary folder): make a new one, and never
                    # keep the tree from the queue, which would leave the other mutants waiting for ever
                    shutil.rmtree(tree, ignore_errors=True)
                    copy_tree(tree)
                free.put(tree)

        with ThreadPoolExecutor(a.workers) as pool:
            list(pool.map(run, indices))
    caught = sum(1 for r in results if r[1] != "SURVIVED")
    tried = len(indices)
    survivors = ",".join(str(r[0]) for r in sorted(results) if r[1] == "SURVIVED")
    print(f"{a.module}: {caught}/{tried} mutants caught ({caught / max(tried, 1):.1%}) in {time.time() - t0:.0f} s"
          + (f"; survivors: --only {survivors}" if survivors else ""))
    return 0 if caught == tried else 1


if __name__ == "__main__":
    sys.exit(main())
