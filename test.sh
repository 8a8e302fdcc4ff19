#!/usr/bin/env bash
# Builds attnviz with its tests and runs the whole suite (no display needed).
# Installs missing build and test dependencies first. Safe to run again.
#   ./test.sh          the suite under AddressSanitizer + UndefinedBehaviorSanitizer (preset "check":
#                      clang-14, warnings are errors; it also builds the libFuzzer harnesses that
#                      tests/fuzz/run.sh runs). This is what CI runs.
#   ./test.sh dev      the same suite on the optimised g++ build (quicker to run while developing)
set -euo pipefail
cd "$(dirname "$0")"
preset="${1:-check}"
case "$preset" in check|dev) ;; *) echo "test.sh: unknown preset '$preset' (check or dev)" >&2; exit 2 ;; esac

echo "==> Checking build and test dependencies"
bash cmake/install-deps.sh --test
# The real pretrained Transformer (Universal Sentence Encoder lite) for its fidelity tests; without it
# (no network, checksum mismatch) the suite still runs and those tests skip.
bash cmake/install-use-model.sh || echo "==> Going on without the Universal Sentence Encoder (its tests skip)"

# ccache, when installed, makes rebuilds after a fresh clone cheap; it is not required. Paths under the
# checkout are hashed relative to it and the build folder is left out of the debug-info hash, so a clone in
# another folder reuses the objects (only the files that name the checkout's path are compiled again).
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  # Files compiled with a precompiled header (cmake/precompiled_headers.cmake) are cached only with
  # these sloppinesses, and only while their .gch stays: GCC writes a different .gch on every build,
  # even in the same folder, so a fresh clone compiles those files again (CI is always cold for them).
  export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
  # Room for a few builds' objects and their precompiled headers (~1.5 GB per build).
  export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-12G}
fi

if [ "$preset" = check ]; then
  echo "==> Configuring (build/check: clang-14, ASan + UBSan; the engine at -O1, the app and tests at -O0)"
else
  echo "==> Configuring (build/dev: g++ -O2)"
fi
cmake --preset "$preset" "${launcher[@]}" >/dev/null
echo "==> Building"
cmake --build --preset "$preset"

echo "==> Running the test suite"
ctest --preset "$preset" -j2
