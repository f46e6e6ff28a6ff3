#!/usr/bin/env bash
# Build the macOS app and its disk image: dist/tabletop-<version>-macos-<arch>.dmg
#
#   packaging/macos/make-dmg.sh [PYINSTALLER OPTIONS]
#
# prints the .dmg's path on stdout; everything else (the build's and hdiutil's output) goes to stderr
#
# 1. packaging/build.sh makes dist/tabletop.app (PyInstaller's BUNDLE step, on macOS only)
# 2. a staging folder gets the app, as Tabletop.app, and an `Applications` link to /Applications,
#    so the opened image shows "drag Tabletop onto Applications"
# 3. hdiutil makes a compressed (UDZO) read-only image of it
#
# One image per architecture: built on an Apple-silicon Mac (CI: macos-14) it is arm64, on an
# Intel Mac x86_64 -- no universal2 build (docs/install.md says why); the name carries it.
#
# Signing (not done yet): with MACOS_SIGN_IDENTITY set (a "Developer ID Application: ..."
# certificate in the keychain) the app is signed with the hardened runtime before it is packed,
# and with MACOS_NOTARY_PROFILE set as well (a `xcrun notarytool store-credentials` profile) the
# image is notarised and the ticket stapled. Without them the app keeps PyInstaller's ad-hoc
# signature, and players open it the first time with right-click > Open.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
die() { printf 'make-dmg.sh: error: %s\n' "$*" >&2; exit 1; }
[ "$(uname -s)" = Darwin ] || die "hdiutil and the .app bundle need macOS"

"$ROOT/packaging/build.sh" "$@" >&2
[ -x dist/tabletop.app/Contents/MacOS/tabletop ] || die "the build made no dist/tabletop.app"

version="$(sed -n 's/^__version__ *= *"\([^"]*\)".*/\1/p' tabletop/__init__.py)"
[ -n "$version" ] || die "no __version__ in tabletop/__init__.py"
arch="$(uname -m)"
dmg="$ROOT/dist/tabletop-$version-macos-$arch.dmg"
stage="$ROOT/build/dmg"

rm -rf "$stage"
mkdir -p "$stage"
ditto dist/tabletop.app "$stage/Tabletop.app"     # ditto keeps the bundle's links and attributes
ln -s /Applications "$stage/Applications"

if [ -n "${MACOS_SIGN_IDENTITY:-}" ]; then
    codesign --force --deep --timestamp --options runtime --sign "$MACOS_SIGN_IDENTITY" "$stage/Tabletop.app" >&2
    codesign --verify --deep --strict --verbose=2 "$stage/Tabletop.app" >&2
fi

rm -f "$dmg"
hdiutil create -volname Tabletop -srcfolder "$stage" -ov -format UDZO "$dmg" >&2

if [ -n "${MACOS_SIGN_IDENTITY:-}" ] && [ -n "${MACOS_NOTARY_PROFILE:-}" ]; then
    codesign --force --timestamp --sign "$MACOS_SIGN_IDENTITY" "$dmg" >&2
    xcrun notarytool submit "$dmg" --keychain-profile "$MACOS_NOTARY_PROFILE" --wait >&2
    xcrun stapler staple "$dmg" >&2
fi

echo "make-dmg.sh: made dist/$(basename "$dmg") ($(du -h "$dmg" | cut -f1))" >&2
echo "$dmg"
