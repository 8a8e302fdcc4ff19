#!/usr/bin/env bash
# Fails when a tracked C++ file in app/, core/, glove/ or tests/ differs from what .clang-format asks for.
# Fix with: git ls-files 'app/*.[ch]pp' 'core/*.[ch]pp' 'glove/*.[ch]pp' 'tests/*.[ch]pp' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v clang-format >/dev/null 2>&1; then
  echo "check-format: clang-format is not installed (Debian: apt-get install clang-format)" >&2
  exit 1
fi
mapfile -t files < <(git ls-files 'app/*.cpp' 'app/*.hpp' 'core/*.cpp' 'core/*.hpp' \
                                  'glove/*.cpp' 'glove/*.hpp' 'tests/*.cpp' 'tests/*.hpp')
echo "==> clang-format $(clang-format --version | grep -o '[0-9][0-9.]*' | head -1): checking ${#files[@]} files"
if ! clang-format --dry-run --Werror "${files[@]}" 2>/tmp/attnviz-format.$$; then
  grep -o '^[^:]*' /tmp/attnviz-format.$$ | sort | uniq -c | sed 's/^/  differences: /' >&2
  rm -f /tmp/attnviz-format.$$
  echo "check-format: the files above differ from .clang-format; run clang-format -i on them." >&2
  exit 1
fi
rm -f /tmp/attnviz-format.$$
echo "==> Formatting matches .clang-format."
