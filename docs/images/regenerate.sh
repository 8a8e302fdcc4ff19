#!/bin/sh
# Regenerates the README's picture, docs/images/walkthrough.png, from the app itself, so it never goes
# stale: the Walkthrough page on the chapter's sentences at step 4 (softmax weights), rendered without a
# display by `attnviz render`, halved and reduced to 200 colours to stay small (ImageMagick's convert).
#
#   docs/images/regenerate.sh [path/to/attnviz]      (default: build/dev/app/attnviz, then build/release)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
exe=${1:-}
if [ -z "$exe" ]; then
    for candidate in "$root/build/dev/app/attnviz" "$root/build/release/app/attnviz"; do
        if [ -x "$candidate" ]; then exe=$candidate; break; fi
    done
fi
if [ -z "$exe" ] || [ ! -x "$exe" ]; then
    echo "regenerate.sh: no attnviz executable found; build it (./run.sh) or pass its path" >&2
    exit 1
fi
command -v convert >/dev/null || { echo "regenerate.sh: needs ImageMagick's convert (apt-get install imagemagick)" >&2; exit 1; }
tmp=$(mktemp --suffix=.png)
trap 'rm -f "$tmp"' EXIT
"$exe" render --view walkthrough --scale 2 --png "$tmp"
convert "$tmp" -resize 50% +dither -colors 200 "PNG8:$root/docs/images/walkthrough.png"
echo "wrote $root/docs/images/walkthrough.png ($(wc -c < "$root/docs/images/walkthrough.png") bytes)"
