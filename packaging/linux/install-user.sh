#!/usr/bin/env bash
# Install tabletop for the current user -- no root needed -- or remove it again.
#
#   ./install-user.sh              install (or update) from the folder this script is in
#   ./install-user.sh --uninstall  remove the app, its menu entry, icons and file type
#
# Run it from the unpacked tabletop-<version>-linux-<arch>.tar.gz. (From a checkout,
# packaging/linux/install-user.sh installs dist/tabletop, after packaging/build.sh.)
#
# It puts:
#   the app                 ~/.local/opt/tabletop/           (replaced on update)
#   the command             ~/.local/bin/tabletop            (a link to the app)
#   the menu entry          ~/.local/share/applications/tabletop.desktop
#   the icons               ~/.local/share/icons/hicolor/<size>/apps/tabletop.png (and .svg)
#   the .tabletop file type ~/.local/share/mime/packages/tabletop.xml, opened with the app
# (~/.local/share is $XDG_DATA_HOME when that is set.)
#
# Saved games, decks and settings are not in any of these: they live in ~/.local/share/tabletop
# and ~/.config/tabletop, and --uninstall leaves them alone.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
say() { printf 'install-user: %s\n' "$*"; }
die() { printf 'install-user: error: %s\n' "$*" >&2; exit 1; }

[ -n "${HOME:-}" ] || die "HOME is not set"
DATA="${XDG_DATA_HOME:-}"
case "$DATA" in /*) ;; *) DATA="$HOME/.local/share" ;; esac
OPT="$HOME/.local/opt/tabletop"
BIN="$HOME/.local/bin"
APPS="$DATA/applications"
ICONS="$DATA/icons/hicolor"
MIME="$DATA/mime"

# the caches of the desktop: refreshed when their tools are there, quietly skipped otherwise
refresh() {
    if command -v update-mime-database >/dev/null 2>&1; then update-mime-database "$MIME" >/dev/null 2>&1 || true; fi
    if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database "$APPS" >/dev/null 2>&1 || true; fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$ICONS/index.theme" ]; then
        gtk-update-icon-cache -q -t "$ICONS" >/dev/null 2>&1 || true
    fi
    touch "$ICONS" 2>/dev/null || true   # desktops re-read a theme folder whose time changed
}

uninstall() {
    # only what this script installed: the app folder if it is tabletop's, the link if it points there
    if [ -d "$OPT" ]; then
        [ -x "$OPT/tabletop" ] && [ -d "$OPT/_internal" ] || die "$OPT does not look like tabletop's app folder; not removing it"
        rm -rf "$OPT"
        say "removed $OPT"
    fi
    if [ -L "$BIN/tabletop" ] && [ "$(readlink "$BIN/tabletop")" = "$OPT/tabletop" ]; then
        rm -f "$BIN/tabletop"
        say "removed $BIN/tabletop"
    fi
    rm -f "$APPS/tabletop.desktop" "$MIME/packages/tabletop.xml"
    rm -f "$ICONS"/*/apps/tabletop.png "$ICONS/scalable/apps/tabletop.svg"
    refresh
    say "removed the menu entry, the icons and the .tabletop file type"
    say "your saved games and settings stay in $DATA/tabletop and ${XDG_CONFIG_HOME:-$HOME/.config}/tabletop"
}

install() {
    local app icons desktop mimexml
    if [ -x "$HERE/tabletop/tabletop" ]; then          # the unpacked tarball
        app="$HERE/tabletop"; icons="$HERE/icons"
        desktop="$HERE/tabletop.desktop"; mimexml="$HERE/tabletop-mime.xml"
    else                                               # a checkout: packaging/linux/
        local root; root="$(cd "$HERE/../.." && pwd)"
        app="$root/dist/tabletop"; icons="$root/build/linux/icons"
        desktop="$HERE/tabletop.desktop"; mimexml="$HERE/tabletop-mime.xml"
        [ -x "$app/tabletop" ] || die "no app to install: $app/tabletop is missing (run packaging/build.sh)"
        local python="${PYTHON:-}"
        [ -n "$python" ] || { [ -x "$root/.venv/bin/python" ] && python="$root/.venv/bin/python" || python=python3; }
        "$python" "$root/packaging/icons.py" --hicolor "$icons" >/dev/null
    fi
    [ -x "$app/tabletop" ] || die "$app/tabletop is missing"

    if [ -e "$OPT" ]; then
        [ -x "$OPT/tabletop" ] && [ -d "$OPT/_internal" ] || die "$OPT exists and is not tabletop's app folder; not replacing it"
        rm -rf "$OPT"
    fi
    mkdir -p "$(dirname "$OPT")" "$BIN" "$APPS" "$MIME/packages"
    cp -a "$app" "$OPT"
    ln -sfn "$OPT/tabletop" "$BIN/tabletop"
    say "installed the app in $OPT and the command $BIN/tabletop"

    # the menu entry runs the app by its full path: ~/.local/bin is not on every desktop's PATH
    sed -e "s|^Exec=tabletop |Exec=\"$OPT/tabletop\" |" -e "s|^TryExec=tabletop\$|TryExec=$OPT/tabletop|" \
        "$desktop" >"$APPS/tabletop.desktop"
    chmod 644 "$APPS/tabletop.desktop"
    cp "$mimexml" "$MIME/packages/tabletop.xml"
    (cd "$icons" && find hicolor -type f -name 'tabletop.*') | while read -r rel; do
        mkdir -p "$DATA/icons/$(dirname "$rel")"
        cp "$icons/$rel" "$DATA/icons/$rel"
    done
    refresh
    if command -v xdg-mime >/dev/null 2>&1; then
        xdg-mime default tabletop.desktop application/x-tabletop-save >/dev/null 2>&1 || true
    fi
    say "added the menu entry, the icons and the .tabletop file type (double-click a save to open it)"
    case ":$PATH:" in
        *":$BIN:"*) ;;
        *) say "note: $BIN is not on your PATH; the menu entry works, or run $OPT/tabletop" ;;
    esac
}

case "${1:-}" in
    "") install ;;
    --uninstall) uninstall ;;
    -h|--help) sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown option: $1 (use --uninstall, or nothing to install)" ;;
esac
