#!/usr/bin/env bash
# Builds every libFuzzer harness (in build/check, the tree ./test.sh builds and tests: clang-14, ASan +
# UBSan; nothing to build when ./test.sh ran first) and runs each for SECONDS, one after the other.
# Exits non-zero on any finding. Per harness it prints executions, coverage (cov = edges, ft =
# features) and findings (the crash/leak/timeout/oom input is kept under build/check/fuzz/findings/).
#
#   tests/fuzz/run.sh SECONDS [HARNESS ...]      e.g. tests/fuzz/run.sh 60 config wink
#
# Limits (a breach is a finding): -timeout=10 s per input, -rss_limit_mb=2048, -malloc_limit_mb=512.
set -uo pipefail

if [ $# -lt 1 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
  echo "usage: tests/fuzz/run.sh SECONDS [HARNESS ...]" >&2
  exit 2
fi
seconds=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build="$root/build/check"
work_root="$build/fuzz"
cd "$root"

if [ $# -gt 0 ]; then
  names=("$@")
else
  names=()
  for f in "$here"/fuzz_*.cpp; do
    n=$(basename "$f" .cpp)
    names+=("${n#fuzz_}")
  done
fi

start=$(date +%s)
# ccache: share objects across clones in other folders (see test.sh).
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1
# Files compiled with a precompiled header (cmake/precompiled_headers.cmake) are cached only with
# these sloppinesses, and only while their .gch stays: GCC writes a different .gch on every build,
# even in the same folder, so a fresh clone compiles those files again (CI is always cold for them).
export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
# Room for a few builds' objects and their precompiled headers (~1.5 GB per build).
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-12G}
if [ ! -f "$build/build.ninja" ]; then
  launcher=()
  command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake --preset check "${launcher[@]}" >/dev/null || { echo "fuzz: configure failed" >&2; exit 1; }
fi
targets=()
for n in "${names[@]}"; do targets+=("fuzz_$n"); done
mkdir -p "$work_root"
if ! cmake --build "$build" --target "${targets[@]}" >"$work_root/build.log" 2>&1; then
  tail -40 "$work_root/build.log" >&2
  echo "fuzz: build failed (log: $work_root/build.log)" >&2
  exit 1
fi
echo "fuzz: built ${#names[@]} harness(es) in $(($(date +%s) - start)) s; ${seconds} s each"

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
failed=0
printf '%-14s %12s %8s %8s %9s  %s\n' harness executions cov ft findings result
for n in "${names[@]}"; do
  exe="$build/tests/fuzz/fuzz_$n"
  work="$work_root/corpus/$n"      # grows across local runs; the committed seeds stay untouched
  found="$work_root/findings/$n"
  log="$work_root/logs/$n.log"
  # The harnesses' work files (the wink importer fsyncs its output): on tmpfs when there is one.
  tmpbase="$work_root/tmp"
  [ -d /dev/shm ] && [ -w /dev/shm ] && tmpbase="/dev/shm/attnviz-fuzz-$$"
  tmp="$tmpbase/$n"
  mkdir -p "$work" "$found" "$(dirname "$log")" "$tmp"
  touch "$found/.start"
  dict=()
  [ -f "$here/dict/$n.dict" ] && dict=(-dict="$here/dict/$n.dict")
  TMPDIR="$tmp" "$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 \
    -print_final_stats=1 -artifact_prefix="$found/" "${dict[@]}" "$work" "$here/corpus/$n" >"$log" 2>&1
  rc=$?
  rm -rf "$tmp"
  rmdir "$tmpbase" 2>/dev/null
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  covft=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
  cov=$(echo "$covft" | awk '{print $2}')
  ft=$(echo "$covft" | awk '{print $4}')
  nfound=$(find "$found" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) \
    -newer "$found/.start" | wc -l)
  [ "$nfound" -eq 0 ] && [ "$rc" -ne 0 ] && nfound=1
  result=ok
  if [ "$rc" -ne 0 ]; then
    result="FINDING (log: $log)"
    failed=1
  fi
  printf '%-14s %12s %8s %8s %9s  %s\n' "$n" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$nfound" "$result"
  if [ "$rc" -ne 0 ]; then
    grep -E '==attnviz-fuzz==|ERROR: |SUMMARY: |terminate called|what\(\)|runtime error' "$log" | head -8 | sed 's/^/    /'
  fi
done
echo "fuzz: total $(($(date +%s) - start)) s"
exit $failed
