#!/usr/bin/env bash
# Build the one-folder app with PyInstaller: dist/tabletop/ (and dist/tabletop.app on macOS).
#
#   packaging/build.sh [PYINSTALLER OPTIONS]     e.g. --clean
#
# Uses $PYTHON if set, else the repository's .venv, else python3; PyInstaller must be installed
# there (pip install -e '.[dev]', which ./dev does). ./dev package runs this and smoke-tests the result.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [ -z "${PYTHON:-}" ]; then
    if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
"$PYTHON" -c 'import PyInstaller' 2>/dev/null \
    || { echo "build.sh: PyInstaller is not installed for $PYTHON (run ./dev package, or pip install -e '.[dev]')" >&2; exit 1; }

start=$(date +%s)
"$PYTHON" -m PyInstaller --noconfirm --log-level WARN \
    --distpath "$ROOT/dist" --workpath "$ROOT/build/pyinstaller" "$@" packaging/tabletop.spec
end=$(date +%s)

size=$(du -sh dist/tabletop | cut -f1)
echo "build.sh: built dist/tabletop ($size) in $((end - start)) s"
if [ -d dist/tabletop.app ]; then
    echo "build.sh: built dist/tabletop.app ($(du -sh dist/tabletop.app | cut -f1))"
fi
