#!/usr/bin/env bash
# The macOS packaging run, for CI (and `./dev package` on a Mac):
#
#   packaging/ci/macos.sh [PYINSTALLER OPTIONS]
#
# 1. build dist/tabletop.app and dist/tabletop-<version>-macos-<arch>.dmg (packaging/macos/make-dmg.sh)
# 2. smoke-test the plain build (packaging/ci/smoke-app.sh on dist/tabletop.app)
# 3. smoke-test the image: mount, copy the app out, run it (packaging/macos/smoke-dmg.sh)
#
# Uses $PYTHON if set, else .venv/bin/python, else python3, with tabletop's dev dependencies.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"

dmg="$("$ROOT/packaging/macos/make-dmg.sh" "$@")"
"$ROOT/packaging/ci/smoke-app.sh" "$ROOT/dist/tabletop.app/Contents/MacOS/tabletop"
"$ROOT/packaging/macos/smoke-dmg.sh" "$dmg"
echo "macos.sh: done: dist/tabletop.app and $(basename "$dmg")"
