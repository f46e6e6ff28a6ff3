#!/usr/bin/env bash
# Smoke-test a built tabletop executable (Linux, macOS): the checks every build and every
# installed copy must pass.
#
#   packaging/ci/smoke-app.sh EXE [--no-second-launch]
#
# 1. EXE --version and EXE --smoke (the GUI on Qt's offscreen platform: it draws its first frame),
#    then EXE --smoke-settled with a plain file for its decks folder: it goes on past the first frame
#    (the autosave read, the warm-up's modules loaded), names the folder and raises nothing
# 2. EXE games lists every game (the package metadata and its entry points are in the bundle), and
#    EXE arena plays one headless game of each (its modules are there)
# 3. EXE render --end draws the end screen of the last of them, chart and all (pyqtgraph, numpy and
#    the Qt modules they open are in the bundle: a spec that left QtOpenGL out once lost every chart)
# 4. one copy at a time: a second launch reaches the first through its lock and local socket
#    (skipped with --no-second-launch)
#
# ./dev package (through packaging/ci/linux.sh) and the CI scripts run it. Bash 3.2 (macOS) is enough.
set -euo pipefail

die() { printf 'smoke-app: error: %s\n' "$*" >&2; exit 1; }

[ $# -ge 1 ] || die "usage: smoke-app.sh EXE [--no-second-launch]"
exe="$1"
second_launch=1
[ "${2:-}" = "--no-second-launch" ] && second_launch=0
[ -x "$exe" ] || die "$exe is not an executable"
export QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}"

# run with a time limit: GNU timeout (Linux), gtimeout (Homebrew's coreutils), else perl's alarm
limited() {
    local seconds="$1"; shift
    if command -v timeout >/dev/null 2>&1; then timeout "$seconds" "$@"
    elif command -v gtimeout >/dev/null 2>&1; then gtimeout "$seconds" "$@"
    else perl -e 'alarm shift; exec @ARGV or die "exec: $!"' "$seconds" "$@"
    fi
}

echo "--- smoke test of $exe ---"
limited 120 "$exe" --version || die "$exe --version failed"
limited 120 "$exe" --smoke || die "$exe --smoke failed"
settled_home="$(mktemp -d)"
mkdir -p "$settled_home/data" && printf 'not a folder' > "$settled_home/data/decks"
said="$(TABLETOP_HOME="$settled_home" limited 120 "$exe" --smoke-settled)" || die "$exe --smoke-settled failed: $said"
rm -rf "$settled_home"
case "$said" in
    *"cannot use its decks folder"*) echo "the app starts past its first frame and names a broken decks folder" ;;
    *) die "--smoke-settled did not name the broken decks folder: $said" ;;
esac

listed="$(limited 120 "$exe" games)" || die "the app could not load every game (its message is above)"
games="$(printf '%s\n' "$listed" | awk -F'\t' '$1 != "" {print $1}')"
[ -n "$games" ] || die "'$exe games' listed no game"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for game in $games; do
    limited 300 "$exe" arena --game "$game" --seats easy,random --games 1 --seed 1 --save "$work/last.tabletop" \
        >/dev/null || die "the app cannot play $game"
    echo "the app plays $game"
done
limited 120 "$exe" render "$work/last.tabletop" --end -o "$work/end.png" >/dev/null \
    || die "the app cannot draw an end screen with its chart"
[ -s "$work/end.png" ] || die "the end screen's picture is empty"
echo "the app draws an end screen and its chart"

if [ "$second_launch" = 1 ]; then
    home="$(mktemp -d)"
    TABLETOP_HOME="$home" "$exe" &
    pid=$!
    for _ in $(seq 100); do [ -f "$home/data/tabletop.lock" ] && break; sleep 0.2; done
    said="$(TABLETOP_HOME="$home" limited 60 "$exe" 2>&1 || true)"
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    rm -rf "$home"
    case "$said" in
        *"running already"*) echo "the app: a second launch hands over to the running copy" ;;
        *) die "the app's second launch did not reach the first: $said" ;;
    esac
fi
echo "--- $exe passed ---"
