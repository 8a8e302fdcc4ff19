#!/usr/bin/python3
"""Prepare English -> Spanish sentence pairs for the translation models.

Default data: the quoted example sentences of WordNet 3.0 (Debian wordnet-base, /usr/share/wordnet/
data.{noun,verb,adj,adv}; in each synset's gloss after '|', examples are between double quotes),
cleaned and deduplicated, translated in one batch by Apertium (Debian apertium-eng-spa, `apertium
eng-spa`). Pairs whose Spanish output carries an Apertium mark are dropped: '*' unknown word,
'#' generation error, '@' transfer error.

    /usr/bin/python3 training/prepare_translation.py
    /usr/bin/python3 training/prepare_translation.py --tatoeba spa.txt   # English TAB Spanish [TAB attribution]

Writes training/data/translation/{train,val,heldout}.tsv (English TAB Spanish, untokenised) and
meta.json. Split: shuffle with seed 11; held-out 1,000, val 500, the rest train. Only English sentences
of 3..20 tokens made of ASCII characters are kept (the C++ tokenizer and the app's input are ASCII-only).
"""

import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import log, tokenize  # noqa: E402

OUT = os.path.join(common.DATA_DIR, "translation")
WORDNET = "/usr/share/wordnet"


def wordnet_examples():
    seen = set()
    out = []
    for pos in ("noun", "verb", "adj", "adv"):
        path = os.path.join(WORDNET, "data." + pos)
        if not os.path.exists(path):
            raise FileNotFoundError(f"{path}: apt-get install wordnet-base")
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("  "):  # licence header lines
                    continue
                _, bar, gloss = line.partition("|")
                if not bar:
                    continue
                for ex in re.findall(r'"([^"]+)"', gloss):
                    s = clean(ex)
                    if s and s.lower() not in seen:
                        seen.add(s.lower())
                        out.append(s)
    log(f"WordNet quoted examples (cleaned, unique): {len(out)}")
    return out


def clean(s):
    s = " ".join(s.split()).strip(" ;,")
    if not s or not s.isascii() or "--" in s or "..." in s or "_" in s:
        return None
    if any(c in s for c in "[]{}<>|/\\=+*#@"):
        return None
    n = len(tokenize(s))
    if n < 3 or n > 20:
        return None
    s = s[0].upper() + s[1:]
    if s[-1] not in ".!?":
        s += "."
    return s


def apertium(sentences, chunk=4000):
    """Translates one sentence per line; Apertium keeps the line structure. Checked per chunk."""
    out = []
    for i in range(0, len(sentences), chunk):
        part = sentences[i : i + chunk]
        res = subprocess.run(["apertium", "eng-spa"], input="\n".join(part) + "\n", text=True,
                             capture_output=True, check=True)
        lines = res.stdout.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if len(lines) != len(part):
            raise RuntimeError(f"apertium returned {len(lines)} lines for {len(part)} (chunk at {i})")
        out.extend(" ".join(line.split()) for line in lines)
        log(f"  translated {min(i + chunk, len(sentences))}/{len(sentences)}")
    return out


def read_tatoeba(path):
    pairs = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\r\n")
            if not line:
                continue
            cols = line.split("\t")
            if len(cols) not in (2, 3) or not cols[0] or not cols[1]:
                raise ValueError(f"{path}:{n}: expected 2 or 3 tab-separated columns, found {len(cols)}")
            pairs.append((cols[0], cols[1]))
    return pairs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tatoeba", metavar="FILE", help="use a Tatoeba/Anki TSV file instead of WordNet+Apertium")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--heldout", type=int, default=1000)
    ap.add_argument("--val", type=int, default=500)
    args = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    if args.tatoeba:
        pairs = read_tatoeba(args.tatoeba)
        source = f"Tatoeba/Anki TSV {os.path.basename(args.tatoeba)}"
        dropped = 0
    else:
        english = wordnet_examples()
        spanish = apertium(english)
        pairs, dropped = [], 0
        for e, s in zip(english, spanish):
            if not s or any(m in s for m in "*#@"):
                dropped += 1
                continue
            pairs.append((e, s[0].upper() + s[1:]))
        log(f"kept {len(pairs)} pairs; dropped {dropped} with Apertium marks (* # @)")
        source = "WordNet 3.0 examples + Apertium eng-spa"
    rng = random.Random(args.seed)
    rng.shuffle(pairs)
    heldout, val, train = pairs[: args.heldout], pairs[args.heldout : args.heldout + args.val], \
        pairs[args.heldout + args.val :]
    for name, rows in (("train", train), ("val", val), ("heldout", heldout)):
        with open(os.path.join(OUT, name + ".tsv"), "w", encoding="utf-8") as f:
            for e, s in rows:
                f.write(f"{e}\t{s}\n")
        lens = [len(tokenize(e)) for e, _ in rows]
        log(f"{name}: {len(rows)} pairs; source length <=5: {sum(n <= 5 for n in lens)}, 6-10: "
            f"{sum(5 < n <= 10 for n in lens)}, >10: {sum(n > 10 for n in lens)}")
    common.write_json(os.path.join(OUT, "meta.json"), {"source": source, "seed": args.seed, "train": len(train),
                                                       "val": len(val), "heldout": len(heldout),
                                                       "dropped_marked": dropped})


if __name__ == "__main__":
    main()
