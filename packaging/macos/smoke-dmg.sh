#!/usr/bin/env bash
# Smoke-test the macOS disk image as a player would use it:
#
#   packaging/macos/smoke-dmg.sh [DMG]          (default: the newest dist/tabletop-*.dmg)
#
# mounts it (hdiutil attach -nobrowse: not shown in the Finder), checks it holds the app and the
# Applications link, copies the app into a throw-away Applications folder (as the drag does),
# detaches the image, then runs the copied app's Contents/MacOS/tabletop through
# packaging/ci/smoke-app.sh (--version, --smoke offscreen, a game of each, one copy at a time)
# and prints the bundle's identity (Info.plist).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
die() { printf 'smoke-dmg.sh: error: %s\n' "$*" >&2; exit 1; }
[ "$(uname -s)" = Darwin ] || die "hdiutil needs macOS"

dmg="${1:-}"
if [ -z "$dmg" ]; then
    dmg="$(ls -t "$ROOT"/dist/tabletop-*.dmg 2>/dev/null | head -n 1 || true)"
fi
[ -n "$dmg" ] && [ -f "$dmg" ] || die "no .dmg to test (run packaging/macos/make-dmg.sh)"

work="$(mktemp -d)"
mnt="$work/mnt"
mkdir -p "$mnt" "$work/Applications"
detach() { hdiutil detach "$mnt" -quiet 2>/dev/null || hdiutil detach "$mnt" -force -quiet 2>/dev/null || true; }
trap 'detach; rm -rf "$work"' EXIT

hdiutil attach "$dmg" -nobrowse -readonly -noautoopen -mountpoint "$mnt" >/dev/null
[ -L "$mnt/Applications" ] || die "the image has no Applications link"
[ "$(readlink "$mnt/Applications")" = /Applications ] || die "the image's Applications link does not point to /Applications"
app_in_dmg="$(find "$mnt" -mindepth 1 -maxdepth 1 -name '*.app' -type d | head -n 1)"
[ -n "$app_in_dmg" ] || die "the image holds no .app"
app="$work/Applications/$(basename "$app_in_dmg")"
ditto "$app_in_dmg" "$app"
detach

plist="$app/Contents/Info.plist"
[ -f "$plist" ] || die "$app has no Info.plist"
for key in CFBundleIdentifier CFBundleShortVersionString CFBundleExecutable NSHighResolutionCapable; do
    printf '%s = %s\n' "$key" "$(/usr/libexec/PlistBuddy -c "Print :$key" "$plist" 2>/dev/null || echo '(missing)')"
done
/usr/libexec/PlistBuddy -c "Print :CFBundleDocumentTypes" "$plist" 2>/dev/null \
    || echo "note: Info.plist declares no document types (.tabletop)"
version="$(sed -n 's/^__version__ *= *"\([^"]*\)".*/\1/p' "$ROOT/tabletop/__init__.py")"
[ "$(/usr/libexec/PlistBuddy -c 'Print :CFBundleShortVersionString' "$plist")" = "$version" ] \
    || die "the bundle's version is not $version"
codesign --verify --verbose=1 "$app" || echo "note: codesign --verify does not accept the app's signature"

"$ROOT/packaging/ci/smoke-app.sh" "$app/Contents/MacOS/tabletop"
echo "smoke-dmg.sh: $(basename "$dmg") mounts, installs and runs"
