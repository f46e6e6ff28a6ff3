#!/usr/bin/env bash
# Pack the built Linux app (dist/tabletop/, from packaging/build.sh) into
# dist/tabletop-<version>-linux-<arch>.tar.gz, ready for players:
#
#   tabletop-<version>-linux-<arch>/
#       tabletop/                the one-folder app (run tabletop/tabletop)
#       install-user.sh          installs it for the current user (no root); --uninstall removes it
#       tabletop.desktop         the menu entry
#       tabletop-mime.xml        the .tabletop file type
#       icons/hicolor/...        the icons, 16 to 512 px and the SVG (made by packaging/icons.py)
#
#   packaging/linux/package.sh          prints the tarball's path (on stdout; the rest goes to stderr)
#
# Uses $PYTHON if set, else .venv/bin/python, else python3 (PySide6 draws the icons).
# No AppImage: the tarball plus install-user.sh gives the menu entry, icons and file type without
# the extra tool (appimagetool) and FUSE that an AppImage needs; it can be added later.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
cd "$ROOT"

if [ -z "${PYTHON:-}" ]; then
    if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
[ -x dist/tabletop/tabletop ] || { echo "package.sh: dist/tabletop/tabletop is missing: run packaging/build.sh first" >&2; exit 1; }

version="$(sed -n 's/^__version__ *= *"\([^"]*\)".*/\1/p' tabletop/__init__.py)"
[ -n "$version" ] || { echo "package.sh: no __version__ in tabletop/__init__.py" >&2; exit 1; }
arch="$(uname -m)"
name="tabletop-$version-linux-$arch"
stage="$ROOT/build/linux/$name"

rm -rf "$stage"
mkdir -p "$stage"
cp -a dist/tabletop "$stage/tabletop"
cp "$HERE/install-user.sh" "$stage/install-user.sh"
chmod +x "$stage/install-user.sh"
cp "$HERE/tabletop.desktop" "$HERE/tabletop-mime.xml" "$stage/"
"$PYTHON" packaging/icons.py --hicolor "$stage/icons" >/dev/null

tarball="$ROOT/dist/$name.tar.gz"
rm -f "$tarball"
tar -C "$ROOT/build/linux" -czf "$tarball" "$name"
echo "package.sh: made dist/$name.tar.gz ($(du -h "$tarball" | cut -f1))" >&2
echo "$tarball"
