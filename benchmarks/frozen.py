"""The frozen app (PyInstaller one-folder, dist/tabletop): its size on disk, its biggest parts,
its download (tar.gz and zip of the folder, measured), and its start-up -- `tabletop --smoke`
from launch to exit after the first painted frame -- against the bare PySide6 window of
benchmarks/startup.py run with the venv's python, median of several runs.

    python benchmarks/frozen.py [--quick] [--no-build] [--dist DIR]

Builds dist/tabletop with packaging/build.sh first when it is missing (not with --no-build).
Figures, not tests: the targets are printed beside them.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

from common import report
from startup import against_bare

ROOT = Path(__file__).resolve().parents[1]
MB = 2**20  # (MiB, as du -sm counts them)


def size_of(path: Path) -> int:
    """Bytes under ``path`` (files once; links not followed)."""
    if path.is_symlink() or path.is_file():
        return path.lstat().st_size
    return sum(size_of(p) for p in path.iterdir()) if path.is_dir() else 0


def parts(app: Path) -> list[tuple[str, int]]:
    internal = app / "_internal"
    qt = internal / "PySide6" / "Qt"
    glob = lambda folder, pattern: sum(size_of(p) for p in folder.glob(pattern))  # noqa: E731
    return [
        ("PySide6 (bindings, Qt, plugins)", size_of(internal / "PySide6")),
        ("  Qt libraries (PySide6/Qt/lib)", size_of(qt / "lib")),
        ("  of which ICU (libicu*)", glob(qt / "lib", "libicu*")),
        ("  Qt plugins", size_of(qt / "plugins")),
        ("  Qt translations", size_of(qt / "translations") + size_of(internal / "PySide6" / "translations")),
        ("numpy with OpenBLAS (numpy, numpy.libs)", size_of(internal / "numpy") + size_of(internal / "numpy.libs")),
        ("Python (libpython, lib-dynload, PYZ in the exe)",
         glob(internal, "libpython*") + size_of(internal / "python3.11") + size_of(app / "tabletop")
         + size_of(internal / "base_library.zip")),
        ("pyqtgraph data", size_of(internal / "pyqtgraph")),
        ("assets, forms, rules pages", size_of(internal / "assets") + size_of(internal / "ui") + size_of(internal / "docs")),
        ("system libraries (_internal/lib*.so*)", glob(internal, "lib*.so*") - glob(internal, "libpython*")),
    ]


def archive_sizes(app: Path) -> tuple[int, int]:
    """Bytes of the folder as a .tar.gz and as a .zip (deflate; links kept as links)."""
    with tempfile.TemporaryDirectory() as tmp:
        tgz, zpath = Path(tmp) / "tabletop.tar.gz", Path(tmp) / "tabletop.zip"
        with tarfile.open(tgz, "w:gz") as tar:
            tar.add(app, arcname=app.name)
        with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as z:
            for path in sorted(app.rglob("*")):
                name = str(path.relative_to(app.parent))
                if path.is_symlink():  # as `zip -y`: the link, not a second copy of its target
                    info = zipfile.ZipInfo(name)
                    info.create_system = 3
                    info.external_attr = 0o120777 << 16
                    z.writestr(info, os.readlink(path))
                elif path.is_file():
                    z.write(path, name)
        return tgz.stat().st_size, zpath.stat().st_size


def main(quick: bool = False, argv: list[str] | None = None) -> None:
    argv = list(argv or [])
    dist = Path(argv[argv.index("--dist") + 1]) if "--dist" in argv else ROOT / "dist"
    app = dist / "tabletop"
    exe = app / ("tabletop.exe" if os.name == "nt" else "tabletop")
    if not exe.exists():
        if "--no-build" in argv:
            print(f"no frozen app at {app} (build it with ./dev package, or drop --no-build)")
            return
        print("building the frozen app (packaging/build.sh) ...", flush=True)
        subprocess.run([str(ROOT / "packaging" / "build.sh"), "--distpath", str(dist)], check=True,
                       env={**os.environ, "PYTHON": sys.executable})
    total = size_of(app)
    report("one-folder app, size on disk", total / MB, "MiB", "<= 140", total / MB <= 140)
    for name, size in parts(app):
        report(name, size / MB, "MiB")
    tgz, zsize = archive_sizes(app)
    report("download: tar.gz of the folder", tgz / MB, "MiB", "<= 65", tgz / MB <= 65)
    report("download: zip of the folder", zsize / MB, "MiB", "<= 65", zsize / MB <= 65)

    against_bare([str(exe), "--smoke"], "frozen tabletop --smoke", quick)

if __name__ == "__main__":
    main("--quick" in sys.argv, sys.argv[1:])
