#!/usr/bin/env python3
"""Mean AOPC per explanation method over the committed held-out samples (issue 17), by running
`attnviz explain` once per sample:
  sentiment: tests/data/heldout/sentiment-heldout-300.tsv (label TAB sentence)
  vit:       tests/data/heldout/fashion-mnist-test-500-images.idx (--index 0..499)
Run: /usr/bin/python3 training/explain_heldout.py BUILD/app/attnviz [N_SENTENCES] [N_IMAGES]
"""

import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
METHODS = "raw,rollout,flow,valuenorm,gradient"


def explain(exe, args):
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        subprocess.run([exe, "explain", *args, "--method", METHODS, "--json", f.name], check=True,
                       stdout=subprocess.DEVNULL)
        return json.load(open(f.name))


def summarise(name, results):
    methods = sorted(results[0]["aopc"])
    means = {m: sum(r["aopc"][m] for r in results) / len(results) for m in methods}
    wins = {m: sum(1 for r in results if max(r["aopc"], key=r["aopc"].get) == m) for m in methods}
    best = max(means, key=means.get)
    print(f"{name}: {len(results)} samples; mean AOPC " +
          ", ".join(f"{m} {means[m]:.4f}" for m in methods) + f"; most faithful: {best}; "
          "best on a sample: " + ", ".join(f"{m} {wins[m]}" for m in methods))


def main():
    exe = sys.argv[1]
    n_text = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    n_img = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    rows = [line.rstrip("\n").split("\t", 1) for line in
            open(os.path.join(ROOT, "tests", "data", "heldout", "sentiment-heldout-300.tsv"))]
    text = [explain(exe, ["--model", os.path.join(ROOT, "resources", "models", "sentiment"), "--text", s])
            for _, s in rows[:n_text]]
    summarise("sentiment", text)
    idx = os.path.join(ROOT, "tests", "data", "heldout", "fashion-mnist-test-500-images.idx")
    imgs = [explain(exe, ["--model", os.path.join(ROOT, "resources", "models", "vit-fashion-mnist"),
                          "--image", idx, "--index", str(i)]) for i in range(n_img)]
    summarise("vit-fashion-mnist", imgs)


if __name__ == "__main__":
    main()
