#!/usr/bin/env bash
# The Windows installer's script, compiled and its installer run on Linux, under Wine:
#
#   packaging/windows/check-under-wine.sh
#
# What runs on a Windows machine (packaging/windows/build-installer.ps1, smoke-installed.ps1) needs
# the app built there: PyInstaller does not cross-build. What does not need it is checked here, on
# every `./dev package`, around a stand-in tabletop.exe (stand-in.c, which writes down the
# arguments it is given):
#
# 1. Inno Setup's compiler (ISCC.exe 6.4.1, from the npm registry's `innosetup` package, checked
#    against its pinned SHA-512; or $ISCC) compiles tabletop.iss with the version of
#    tabletop/__init__.py, with no warning
# 2. in a new Wine prefix (Windows 10), the installer runs silently for the current user
#    (/VERYSILENT /CURRENTUSER): the app lands in %LOCALAPPDATA%\Programs\Tabletop, the Start-menu
#    entry, the uninstaller's entry (version, icon) and the .tabletop file type are in HKCU, and
#    nothing is written for all users (HKLM)
# 3. a double-click on a save, as Explorer does it (start "<file>", i.e. ShellExecute's "open"),
#    runs the installed tabletop.exe with the save's path as its one argument, spaces and all
# 4. installing again (an update) keeps one uninstaller
# 5. the silent uninstall removes the app, the Start-menu entry and every registry key it made,
#    and keeps the player's data folder (%LOCALAPPDATA%\tabletop) and the save in it
#
# Two things differ from Windows, both Wine 8's limits and both said where they happen: Wine
# cannot expand {autopf} per user (the folder is passed as {localappdata}\Programs instead, which
# is what {autopf} is per user), and Wine's HKEY_CLASSES_ROOT does not include the user's
# HKCU\Software\Classes, so step 3 copies the two file-type keys the installer wrote there to HKLM
# first (Windows merges them itself).
#
# Needs Wine with 32-bit support (ISCC and the installer are 32-bit programs), Xvfb (Inno Setup's
# forms need a display even when silent), the MinGW-w64 C compiler and Python 3. With --install
# (what ./dev package passes in CI or with TABLETOP_WINE=1), on Debian/Ubuntu as root or with sudo,
# the missing ones are installed; else it says what to install and exits 3.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
say() { printf 'check-under-wine: %s\n' "$*" >&2; }
die() { printf 'check-under-wine: error: %s\n' "$*" >&2; exit 1; }

INNO_VERSION="6.4.1"             # Inno Setup's version, and its npm package's
INNO_URL="https://registry.npmjs.org/innosetup/-/innosetup-$INNO_VERSION.tgz"
INNO_SHA512="Bh/dNlyyFsFKBGoTf19n1msPnm4Njfb0CWVirw2CV1MSJXYy0ajRI+xjo/Yr9DtZFLLafhnwm1ZsxTu309F8lQ=="  # (npm's "integrity")
APP_ID='{6EF532C6-56E4-46BC-A44C-38BCC5D58777}_is1'   # tabletop.iss's AppId, as Inno Setup keys it
WORK="$ROOT/build/wine"

# --- tools ----------------------------------------------------------------------------------------

DEBS=(wine wine32:i386 wine64 gcc-mingw-w64-x86-64-win32 xvfb xauth)

have_tools() {
    command -v wine >/dev/null 2>&1 && command -v xvfb-run >/dev/null 2>&1 \
        && command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1 || return 1
    # Debian splits Wine's 32-bit half into wine32:i386 (elsewhere: trusted to be there)
    if command -v dpkg-query >/dev/null 2>&1 && dpkg-query -W wine64 >/dev/null 2>&1; then
        dpkg-query -W -f='${Status}\n' wine32:i386 2>/dev/null | grep -qx "install ok installed"
    fi
}

missing_tools() {
    printf 'check-under-wine: Wine (with its 32-bit part), Xvfb, MinGW-w64 or Python 3 is missing.\n' >&2
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
    say "installing Wine (64- and 32-bit), Xvfb and MinGW-w64"
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

if ! have_tools; then
    [ "${1:-}" = --install ] || missing_tools
    install_tools
    have_tools || die "Wine, Xvfb or MinGW-w64 is still missing after the install"
fi

# Inno Setup's forms need a display, even for a silent install: the whole check runs on one Xvfb
# display, so that every Wine program (and Wine's own desktop process) is started with it.
if [ -z "${DISPLAY:-}" ]; then
    exec xvfb-run -a -s "-screen 0 1024x768x24" "$0"
fi

version="$(sed -n 's/^__version__ *= *"\([^"]*\)".*/\1/p' tabletop/__init__.py)"
[ -n "$version" ] || die "no __version__ in tabletop/__init__.py"

rm -rf "$WORK/app" "$WORK/out" "$WORK/prefix"
mkdir -p "$WORK/app/_internal/assets" "$WORK/out"

iscc="${ISCC:-}"
if [ -z "$iscc" ]; then
    iscc="$WORK/innosetup-$INNO_VERSION/bin/ISCC.exe"
    if [ ! -f "$iscc" ]; then
        say "fetching Inno Setup $INNO_VERSION ($INNO_URL)"
        rm -rf "$WORK/innosetup-$INNO_VERSION"
        mkdir -p "$WORK/innosetup-$INNO_VERSION"
        python3 - "$INNO_URL" "$INNO_SHA512" "$WORK/innosetup.tgz" <<'PY' || die "could not fetch Inno Setup $INNO_VERSION"
import base64, hashlib, sys, urllib.request
url, sha512, out = sys.argv[1:]
data = urllib.request.urlopen(url, timeout=120).read()
if base64.b64encode(hashlib.sha512(data).digest()).decode() != sha512:
    sys.exit(f"{url} is not the file expected (SHA-512 differs)")
open(out, "wb").write(data)
PY
        tar -xzf "$WORK/innosetup.tgz" -C "$WORK/innosetup-$INNO_VERSION" --strip-components=1
        rm -f "$WORK/innosetup.tgz"
        [ -f "$iscc" ] || die "the innosetup package has no bin/ISCC.exe"
    fi
fi

export WINEPREFIX="$WORK/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
# Wine prints CRLF; its programs' output is read without the CR
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

# --- 1. the installer ------------------------------------------------------------------------------

say "building the stand-in tabletop.exe"
x86_64-w64-mingw32-gcc -municode -O2 -s -o "$WORK/app/tabletop.exe" packaging/windows/stand-in.c
cp assets/icon.ico "$WORK/app/_internal/assets/icon.ico"   # (a nested folder, as PyInstaller's)

say "a new Wine prefix (Windows 10)"
w wineboot --init >/dev/null || die "wineboot failed"
w winecfg -v win10 >/dev/null || die "could not make the Wine prefix Windows 10"

say "compiling packaging/windows/tabletop.iss with Inno Setup $INNO_VERSION"
iscc_log="$WORK/out/iscc.log"
if ! wine "$iscc" "/DVersion=$version" "/DAppDir=$(winpath "$WORK/app")" "/DOutputDir=$(winpath "$WORK/out")" \
        '/DProgramsDir={localappdata}\Programs' "$(winpath "$ROOT/packaging/windows/tabletop.iss")" > "$iscc_log" 2>&1; then
    tr -d '\r' < "$iscc_log" >&2
    die "ISCC failed"
fi
if tr -d '\r' < "$iscc_log" | grep -E "^ *Warning" >&2; then die "ISCC warned (above)"; fi
installer="$WORK/out/tabletop-$version-setup.exe"
[ -f "$installer" ] || die "ISCC made no tabletop-$version-setup.exe"
say "made tabletop-$version-setup.exe"

# --- 2. installed for the user ---------------------------------------------------------------------

local_app_data="$(w cmd /c echo %LOCALAPPDATA%)"
case "$local_app_data" in ""|*%*) die "no %LOCALAPPDATA% in the Wine prefix" ;; esac
install_dir="$local_app_data\\Programs\\Tabletop"
exe="$install_dir\\tabletop.exe"
uninstaller="$install_dir\\unins000.exe"
data_dir="$local_app_data\\tabletop"           # platformdirs' user data folder of the app
start_menu_entry="$(w cmd /c echo %APPDATA%)\\Microsoft\\Windows\\Start Menu\\Programs\\Tabletop.lnk"

run_installer() {
    local log="$WORK/out/setup-$1.log"
    if ! w "$installer" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART /CURRENTUSER "/LOG=$(winpath "$log")" >/dev/null; then
        tail -n 30 "$log" >&2 || true
        die "the installer failed ($1)"
    fi
    finish_wine
}

say "installing silently for the current user"
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
say "installed in $install_dir: Start-menu entry, uninstaller entry ($version) and the .tabletop type in HKCU, nothing in HKLM"

# --- 3. a double-click on a save ---------------------------------------------------------------------

documents="$(w cmd /c echo %USERPROFILE%)\\Documents"
save="$documents\\my game 1.tabletop"
mkdir -p "$(unixpath "$documents")"
printf '{}\n' > "$(unixpath "$save")"
for key in .tabletop Tabletop.Save; do        # Wine's HKCR lacks HKCU's classes (see the top)
    w reg copy "HKCU\\Software\\Classes\\$key" "HKLM\\Software\\Classes\\$key" /s /f >/dev/null \
        || die "could not copy $key to HKLM"
done
[ "$(w cmd /c assoc .tabletop)" = ".tabletop=Tabletop.Save" ] || die "Windows does not see .tabletop as Tabletop.Save"
opened="$WORK/out/opened.txt"
rm -f "$opened"
TABLETOP_STAND_IN_LOG="$(winpath "$opened")" w start /wait "$save" >/dev/null || die "opening $save failed"
finish_wine
[ -f "$opened" ] || die "double-clicking a save did not start tabletop.exe"
[ "$(cat "$opened")" = "$save" ] || die "double-clicking a save gave tabletop.exe '$(tr '\n' '|' < "$opened")', not '$save'"
for key in .tabletop Tabletop.Save; do
    w reg delete "HKLM\\Software\\Classes\\$key" /f >/dev/null || die "could not remove the copy of $key"
done
say "a double-click on '$save' runs tabletop.exe with that path"

# --- 4. an update ----------------------------------------------------------------------------------

say "installing again over it (an update)"
run_installer again
[ ! -e "$(unixpath "$install_dir\\unins001.exe")" ] || die "installing again made a second uninstaller"

# --- 5. uninstalled --------------------------------------------------------------------------------

keep="$data_dir\\saves\\keep me.tabletop"
mkdir -p "$(unixpath "$data_dir\\saves")"
printf '{}\n' > "$(unixpath "$keep")"
say "uninstalling silently"
w "$uninstaller" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART >/dev/null || die "the uninstaller failed"
finish_wine
for path in "$exe" "$uninstaller" "$install_dir" "$start_menu_entry"; do
    [ ! -e "$(unixpath "$path")" ] || die "the uninstaller left $path"
done
for key in 'HKCU\Software\Classes\.tabletop' 'HKCU\Software\Classes\Tabletop.Save' \
           'HKCU\Software\Classes\Applications\tabletop.exe' "$uninstall_key"; do
    no_key "$key" || die "the uninstaller left $key"
done
[ -f "$(unixpath "$keep")" ] || die "the uninstaller removed the player's save $keep"
say "uninstalled: app, Start-menu entry and registry keys gone; the player's save stayed"
say "passed"
