#!/usr/bin/env bash
# The Linux packaging run: what `./dev package` does and what CI does on Linux.
#
#   packaging/ci/linux.sh [PYINSTALLER OPTIONS]      e.g. --clean
#
# 1. build dist/tabletop/ with PyInstaller (packaging/build.sh)
# 2. smoke-test it (packaging/ci/smoke-app.sh: --version, --smoke, a game of each, one copy at a time)
# 3. pack dist/tabletop-<version>-linux-<arch>.tar.gz (packaging/linux/package.sh)
# 4. unpack that tarball, run its install-user.sh for a throw-away HOME, and check what it
#    installed: the app runs from ~/.local/bin/tabletop (--smoke and a game of each), the menu
#    entry, the icons and the file type are there; then --uninstall removes them and leaves the
#    player's saves alone
#
# Uses $PYTHON if set, else .venv/bin/python, else python3, with tabletop's dev dependencies
# installed (./dev does that). Needs no display: Qt runs offscreen.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
die() { printf 'linux.sh: error: %s\n' "$*" >&2; exit 1; }
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"

"$ROOT/packaging/build.sh" "$@"
"$ROOT/packaging/ci/smoke-app.sh" "$ROOT/dist/tabletop/tabletop"

tarball="$("$ROOT/packaging/linux/package.sh")"
[ -f "$tarball" ] || die "package.sh made no tarball"

echo "--- the tarball, installed for a throw-away user ---"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar -C "$work" -xzf "$tarball"
unpacked="$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -n 1)"
[ -x "$unpacked/install-user.sh" ] || die "the tarball has no install-user.sh"
home="$work/home"
mkdir -p "$home"
# a clean user: every per-user folder inside the throw-away HOME, and no TABLETOP_HOME
user_env=(env -u TABLETOP_HOME -u XDG_DATA_HOME -u XDG_CONFIG_HOME -u XDG_CACHE_HOME -u XDG_DATA_DIRS
          HOME="$home" PATH="$home/.local/bin:$PATH")
"${user_env[@]}" "$unpacked/install-user.sh"

share="$home/.local/share"
for f in "$home/.local/opt/tabletop/tabletop" "$share/applications/tabletop.desktop" \
         "$share/mime/packages/tabletop.xml" "$share/icons/hicolor/48x48/apps/tabletop.png" \
         "$share/icons/hicolor/256x256/apps/tabletop.png" "$share/icons/hicolor/scalable/apps/tabletop.svg"; do
    [ -e "$f" ] || die "install-user.sh did not install $f"
done
[ -L "$home/.local/bin/tabletop" ] || die "install-user.sh did not link ~/.local/bin/tabletop"
grep -q "^Exec=\"$home/.local/opt/tabletop/tabletop\" %f\$" "$share/applications/tabletop.desktop" \
    || die "the installed menu entry does not run the installed app: $(grep '^Exec=' "$share/applications/tabletop.desktop")"
if command -v update-mime-database >/dev/null 2>&1; then
    grep -q "application/x-tabletop-save" "$share/mime/globs2" 2>/dev/null \
        || die "the MIME database does not know *.tabletop after update-mime-database"
fi
# the installed command, found on PATH as a player would run it
"${user_env[@]}" "$home/.local/bin/tabletop" --version
"${user_env[@]}" "$ROOT/packaging/ci/smoke-app.sh" "$home/.local/bin/tabletop" --no-second-launch

# a save of the player's, which --uninstall must leave alone
mkdir -p "$share/tabletop/saves"
echo '{}' >"$share/tabletop/saves/keep-me.tabletop"
"${user_env[@]}" "$unpacked/install-user.sh" --uninstall
for f in "$home/.local/opt/tabletop" "$home/.local/bin/tabletop" "$share/applications/tabletop.desktop" \
         "$share/mime/packages/tabletop.xml" "$share/icons/hicolor/48x48/apps/tabletop.png"; do
    [ ! -e "$f" ] && [ ! -L "$f" ] || die "install-user.sh --uninstall left $f"
done
[ -f "$share/tabletop/saves/keep-me.tabletop" ] || die "install-user.sh --uninstall removed the player's saves"
echo "linux.sh: the tarball installs, runs and uninstalls for a user; saves stay"
echo "linux.sh: done: dist/tabletop/ and $(basename "$tarball")"
