#!/usr/bin/env bash
# Builds attnviz (release, optimised for this CPU) and opens it on its embedded defaults.
# Installs missing build dependencies first. Safe to run again: it only rebuilds what changed.
# Extra arguments go to attnviz (e.g. ./run.sh walkthrough --help).
set -euo pipefail
cd "$(dirname "$0")"

echo "==> Checking build dependencies"
bash cmake/install-deps.sh --run
# The real pretrained Transformer (Universal Sentence Encoder lite); the app works without it.
bash cmake/install-use-model.sh || echo "==> Going on without the Universal Sentence Encoder"

# ccache, when installed, makes rebuilds after a fresh clone cheap; it is not required.
launcher=()
if command -v ccache >/dev/null 2>&1; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi

echo "==> Configuring (build/release)"
cmake --preset release "${launcher[@]}" >/dev/null
echo "==> Building attnviz"
cmake --build --preset release --target attnviz

echo "==> Starting build/release/app/attnviz $*"
exec ./build/release/app/attnviz "$@"
