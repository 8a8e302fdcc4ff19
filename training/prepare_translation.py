#!/usr/bin/python3
"""Prepare English -> Spanish sentence pairs for the translation models.

Default data: English from WordNet 3.0 (Debian wordnet-base, /usr/share/wordnet/data.{noun,verb,adj,
adv}; Princeton WordNet licence): in each synset's gloss after '|', the quoted example sentences
(`examples`) and the definitions, split at ';' (`glosses`), cleaned and deduplicated, translated in
one batch by Apertium (Debian apertium-eng-spa, `apertium eng-spa`, GPL-2+). Pairs whose Spanish output
carries an Apertium mark are dropped: '*' unknown word, '#' generation error, '@' transfer error.
GCIDE's definitions and quotations (`gcide`, Debian dict-gcide, GPL-2+) are added the same way, and the
English example sentences of Ding's German-English dictionary (`ding`, Debian trans-de-en, GPL-2+):
everyday, often first-person sentences that the dictionaries lack.

    /usr/bin/python3 training/prepare_translation.py
    /usr/bin/python3 training/prepare_translation.py --tatoeba spa.txt   # English TAB Spanish [TAB attribution]

Writes training/data/translation/{train,val,heldout}.tsv (English TAB Spanish, untokenised),
meta.json (the count of each source) and src_train_words.txt (the words of the training splits' English,
tokenised, one per line: copy it beside a checkpoint, docs/checkpoint-format.md). Split: shuffle with seed 11; held-out 2,000, val 1,000, the rest
train (Ding's pairs are split on their own, 500 held-out, 300 val, into everyday_*.tsv, so the
dictionary splits are the same with or without them); the split is made here, before any training (the SentencePiece models of train_translation.py
are trained on train.tsv only). Only English of 3..40 tokens made of ASCII characters is kept (the
C++ tokenizer and the app's input are ASCII-only).
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


MIN_TOKENS, MAX_TOKENS = 3, 40


def wordnet_text():
    """(examples, glosses) of every synset, in file order, cleaned; duplicates are removed later."""
    examples, glosses = [], []
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
                    if s:
                        examples.append(s)
                # The definition is what is left without the quoted examples; ';' separates senses.
                for part in re.sub(r'"[^"]*"', " ", gloss).split(";"):
                    s = clean(part)
                    if s:
                        glosses.append(s)
    log(f"WordNet: {len(examples)} quoted examples, {len(glosses)} definition parts (cleaned)")
    return examples, glosses


GCIDE = "/usr/share/dictd/gcide.dict.dz"


def gcide_text():
    """Definitions and quoted usage examples of GCIDE (Debian dict-gcide, GPL-2+: Webster's 1913 and
    WordNet-derived entries). The dictionary is plain text: entries start at column 0, senses are
    indented paragraphs; [bracketed] sources and etymologies, {braces} (cross-references, kept as text)
    and "--Author." citations are removed; a sense splits at ';' (a leading "as," introduces a usage)."""
    import gzip
    if not os.path.exists(GCIDE):
        raise FileNotFoundError(f"{GCIDE}: apt-get install dict-gcide")
    out = []
    with gzip.open(GCIDE, "rt", encoding="utf-8", errors="replace") as f:
        text = f.read()
    for para in re.split(r"\n\s*\n", text):
        lines = para.split("\n")
        if not lines or not lines[0].startswith(" "):
            continue  # entry headings (pronunciation, part of speech, etymology) and the file header
        body = " ".join(line.strip() for line in lines)
        if body.startswith(("Syn:", "Syn.", "Note:")):
            if not body.startswith("Note:"):
                continue
            body = body[len("Note:"):]
        body = re.sub(r"\[[^\]]*\]", " ", body)
        body = body.replace("{", "").replace("}", "")
        body = re.sub(r"^\s*\d+\.\s*", "", body)
        body = re.sub(r"^\s*\([^)]*\)\s*", "", body)
        quotes = re.findall(r'"([^"]+)"', body)
        body = re.sub(r'"[^"]*"', ";", body)
        body = body.split("--")[0]
        for part in body.split(";") + [q.split("--")[0] for q in quotes]:
            part = part.strip()
            if part.startswith("as, "):
                part = part[4:]
            s = clean(part)
            if s:
                out.append(s)
    log(f"GCIDE: {len(out)} definition parts and quotations (cleaned)")
    return out


DING = "/usr/share/trans/de-en"


def ding_text():
    """The English example sentences of Ding's German-English dictionary (Debian trans-de-en, GPL-2+):
    everyday sentences ("I like apple juice.", "He told me a lie."), many in the first person, which
    WordNet and GCIDE lack. A line is `German :: English`; senses are separated by ' | ' and synonyms by
    '; '. A sentence is an English part that starts with a capital and ends with . ? or !; [labels],
    {grammar} and (optional words) are removed, and of alternatives `a/b` or `a / b` the first is kept."""
    if not os.path.exists(DING):
        raise FileNotFoundError(f"{DING}: apt-get install trans-de-en")
    out = []
    with open(DING, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("#") or " :: " not in line:
                continue
            english = line.rstrip("\n").split(" :: ", 1)[1]
            for part in re.split(r" \| |; ", english):
                part = part.translate(QUOTES)
                part = re.sub(r"\[[^\]]*\]|\{[^}]*\}|\([^)]*\)", " ", part).strip()
                if not part or not part[0].isupper() or part[-1] not in ".?!" or part[0] in "'\"":
                    continue
                previous = None
                while previous != part:  # "comes/arrives" -> "comes", "He / It is" -> "He is"
                    previous = part
                    part = re.sub(r"([\w'-]+)\s*/\s*[\w'-]+", r"\1", part, count=1)
                s = clean(part)
                if s:
                    out.append(s)
    log(f"Ding: {len(out)} English example sentences (cleaned)")
    return out


QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def clean(s):
    s = " ".join(s.split()).strip(" ;,")
    if not s or not s.isascii() or "--" in s or "..." in s or "_" in s:
        return None
    if any(c in s for c in "[]{}<>|/\\=+*#@`^"):
        return None
    n = len(tokenize(s))
    if n < MIN_TOKENS or n > MAX_TOKENS:
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


def split(pairs, seed, n_heldout, n_val, prefix):
    """(name, pairs) of held-out, validation and training splits: a shuffle with `seed`, then the first
    n_heldout pairs, the next n_val, and the rest."""
    pairs = list(pairs)
    random.Random(seed).shuffle(pairs)
    return [(prefix + "train", pairs[n_heldout + n_val :]), (prefix + "val", pairs[n_heldout : n_heldout + n_val]),
            (prefix + "heldout", pairs[:n_heldout])]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tatoeba", metavar="FILE", help="use a Tatoeba/Anki TSV file instead of WordNet+Apertium")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--heldout", type=int, default=2000)
    ap.add_argument("--val", type=int, default=1000)
    ap.add_argument("--sources", default="examples,glosses,gcide,ding",
                    help="comma-separated sources: examples, glosses (WordNet), gcide, ding (default all four); "
                         "ding is split on its own into everyday_{train,val,heldout}.tsv")
    ap.add_argument("--everyday-heldout", type=int, default=500)
    ap.add_argument("--everyday-val", type=int, default=300)
    args = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    if args.tatoeba:
        pairs = read_tatoeba(args.tatoeba)
        source = f"Tatoeba/Anki TSV {os.path.basename(args.tatoeba)}"
        dropped, counts = 0, {}
    else:
        examples, glosses = wordnet_text()
        wanted = args.sources.split(",")
        unknown = [w for w in wanted if w not in ("examples", "glosses", "gcide", "ding")]
        if unknown:
            raise SystemExit(f"--sources: unknown source {unknown[0]!r} (examples, glosses, gcide, ding)")
        gcide = gcide_text() if "gcide" in wanted else []
        ding = ding_text() if "ding" in wanted else []
        english, origin, seen = [], [], set()
        # Ding comes last, so the dictionary sources give the same pairs (and split) with or without it.
        for name, rows in (("examples", examples), ("glosses", glosses), ("gcide", gcide), ("ding", ding)):
            if name not in wanted:
                continue
            for e in rows:
                key = " ".join(tokenize(e))  # the same sentence up to case and spacing is one pair
                if key not in seen:
                    seen.add(key)
                    english.append(e)
                    origin.append(name)
        log(f"unique English: {len(english)}")
        spanish = apertium(english)
        pairs, everyday, dropped, counts = [], [], 0, {}
        for e, s, o in zip(english, spanish, origin):
            if not s or any(m in s for m in "*#@"):
                dropped += 1
                continue
            (everyday if o == "ding" else pairs).append((e, s[0].upper() + s[1:]))
            counts[o] = counts.get(o, 0) + 1
        log(f"kept {len(pairs)} pairs {counts}; dropped {dropped} with Apertium marks (* # @)")
        source = " + ".join(wanted) + " (WordNet 3.0, GCIDE) translated by Apertium eng-spa"
    if args.tatoeba:
        everyday = []
    splits = split(pairs, args.seed, args.heldout, args.val, "")
    if everyday:
        splits += split(everyday, args.seed, args.everyday_heldout, args.everyday_val, "everyday_")
    for name, rows in splits:
        with open(os.path.join(OUT, name + ".tsv"), "w", encoding="utf-8") as f:
            for e, s in rows:
                f.write(f"{e}\t{s}\n")
        lens = [len(tokenize(e)) for e, _ in rows]
        log(f"{name}: {len(rows)} pairs; source length <=5: {sum(n <= 5 for n in lens)}, 6-10: "
            f"{sum(5 < n <= 10 for n in lens)}, >10: {sum(n > 10 for n in lens)}")
    # The training sources' words (attn/models/training_words.hpp): copied beside a checkpoint as
    # src_train_words.txt, they let the Translation page mark source words the model never saw in training.
    train_words = sorted({w for name, rows in splits if name.endswith("train") for e, _ in rows
                          for w in tokenize(e)})
    with open(os.path.join(OUT, "src_train_words.txt"), "w", encoding="utf-8") as f:
        f.writelines(w + "\n" for w in train_words)
    log(f"src_train_words.txt: {len(train_words)} words of the training sources")
    sizes = {name: len(rows) for name, rows in splits}
    common.write_json(os.path.join(OUT, "meta.json"), {"source": source, "seed": args.seed, **sizes,
                                                       "dropped_marked": dropped,
                                                       "pairs_by_source": counts if not args.tatoeba else {}})


if __name__ == "__main__":
    main()
