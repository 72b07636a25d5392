#!/bin/sh
# Install the built Archivist for the current user (no root needed):
#   sh dist/linux/install.sh            (after python packaging/build.py)
# Copies dist/Archivist to ~/.local/opt/Archivist, links ~/.local/bin/archivist, and adds
# the desktop entry, the AppStream metadata and the icons under ~/.local/share.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
BUNDLE=$(cd "$HERE/.." && pwd)/Archivist
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
OPT=$HOME/.local/opt/Archivist
[ -x "$BUNDLE/Archivist" ] || { echo "no bundle at $BUNDLE: run packaging/build.py" >&2; exit 1; }
rm -rf "$OPT"
mkdir -p "$HOME/.local/opt" "$HOME/.local/bin" "$DATA/applications" "$DATA/metainfo" \
  "$DATA/icons"
cp -a "$BUNDLE" "$OPT"
ln -sf "$OPT/Archivist" "$HOME/.local/bin/archivist"
sed -e "s|^Exec=.*|Exec=$OPT/Archivist|" -e "s|^TryExec=.*|TryExec=$OPT/Archivist|" \
  "$HERE/archivist.desktop" > "$DATA/applications/archivist.desktop"
cp "$HERE/io.github.archivist.Archivist.metainfo.xml" "$DATA/metainfo/"
cp -r "$HERE/icons/hicolor" "$DATA/icons/"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$DATA/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$DATA/icons/hicolor" || true
echo "Installed Archivist in $OPT; start it from the applications menu or with: archivist"
