#!/usr/bin/python3
"""The Translation page's "ladder" (issue 51 point 3): the chapter's sentence "The book that I bought is very
interesting", grown clause by clause, translated by both shipped models and scored against Apertium.

    /usr/bin/python3 training/make_translation_ladder.py
    (Debian packages: apertium, apertium-en-es, python3-torch, python3-sentencepiece)

What is fixed before anything is measured (this file, committed before its first output):

* CANDIDATES: six growth paths. Every path starts from the chapter's sentence (rung 1) and adds one clause
  per rung up to rung 5, each rung keeping the previous rung's words. 25 distinct sentences.
* RULE (choose_ladder): the ladder is the path whose gap (chrF with attention minus chrF without, rungs
  2-5) is closest, in summed squared difference, to the mean gap of all six paths at each rung: the
  typical path, not the most flattering one. Ties go to the lower path number.

Then, for every candidate: the reference is Apertium's eng-spa translation (`apertium -u eng-spa`: a
rule-based system, independent of both models and of their training data; its Spanish is not always
right, which limits every score the same way); both shipped models translate greedily (PyTorch, the
same decoding as the C++ engine's default, training/make_decode_fixture.py piece_translator); chrF is
training/common.py chrf, the definition of attn::chrF and of the model cards: the reference is cut by
the attnviz tokenizer and joined by spaces, as attn::translationChrF does.

Writes resources/models/translation-ladder.json: every candidate with its reference, both outputs and
both scores, the rule, the chosen path and its rungs, and the versions used (provenance).
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import tokenize  # noqa: E402

CHAPTER = "The book that I bought is very interesting"
MODELS = ("translation-en-es", "translation-en-es-noattn")
OUT = os.path.join(common.MODELS_DIR, "translation-ladder.json")

# Each path: the four sentences that follow the chapter's, one clause more each time.
CANDIDATES = [
    [  # 1: a time clause, a contrast, a result, a condition
        "The book that I bought when I was in London is very interesting",
        "The book that I bought when I was in London is very interesting, but it is very long",
        "The book that I bought when I was in London is very interesting, but it is very long, so I read it "
        "slowly",
        "The book that I bought when I was in London is very interesting, but it is very long, so I read it "
        "slowly when I have time",
    ],
    [  # 2: relative clauses inside relative clauses
        "The book that I bought in the shop that my brother likes is very interesting",
        "The book that I bought in the shop that my brother likes is very interesting because it tells a story",
        "The book that I bought in the shop that my brother likes is very interesting because it tells a story "
        "that happened in Spain",
        "The book that I bought in the shop that my brother likes is very interesting because it tells a story "
        "that happened in Spain when my father was young",
    ],
    [  # 3: reported speech
        "My teacher says that the book that I bought is very interesting",
        "My teacher says that the book that I bought is very interesting and that I should read it",
        "My teacher says that the book that I bought is very interesting and that I should read it before the "
        "school year ends",
        "My teacher says that the book that I bought is very interesting and that I should read it before the "
        "school year ends, because she read it when she was a student",
    ],
    [  # 4: coordination
        "The book that I bought is very interesting, and my sister wants to read it",
        "The book that I bought is very interesting, and my sister wants to read it after I finish it",
        "The book that I bought is very interesting, and my sister wants to read it after I finish it, but she "
        "has to wait",
        "The book that I bought is very interesting, and my sister wants to read it after I finish it, but she "
        "has to wait because I read very slowly",
    ],
    [  # 5: an opinion and a concession
        "I think that the book that I bought is very interesting",
        "I think that the book that I bought is very interesting, although my friends do not like it",
        "I think that the book that I bought is very interesting, although my friends do not like it because "
        "they think it is boring",
        "I think that the book that I bought is very interesting, although my friends do not like it because "
        "they think it is boring and that it is too expensive",
    ],
    [  # 6: time, result, time, condition
        "The book that I bought after I left work is very interesting",
        "The book that I bought after I left work is very interesting, so I will give it to my mother",
        "The book that I bought after I left work is very interesting, so I will give it to my mother when she "
        "comes to visit us",
        "The book that I bought after I left work is very interesting, so I will give it to my mother when she "
        "comes to visit us, if she has time",
    ],
]
RULE = ("The path whose gap (chrF with attention minus chrF without, rungs 2-5) is closest, in summed squared "
        "difference, to the mean gap of all six paths at each rung: the typical path, not the most flattering "
        "one; ties go to the lower path number. Fixed, with the candidates, before the first measurement.")


def paths():
    return [[CHAPTER] + p for p in CANDIDATES]


def choose_ladder(scores):
    """RULE. `scores[sentence][model]` = chrF. Returns the 0-based index of the chosen path."""
    gaps = [[scores[s][MODELS[0]] - scores[s][MODELS[1]] for s in p[1:]] for p in paths()]
    mean = [sum(g[r] for g in gaps) / len(gaps) for r in range(len(gaps[0]))]
    dist = [sum((g[r] - mean[r]) ** 2 for r in range(len(mean))) for g in gaps]
    return min(range(len(dist)), key=lambda i: (dist[i], i))


def apertium(sentences):
    out = subprocess.run(["apertium", "-u", "eng-spa"], input="\n".join(sentences) + "\n", capture_output=True,
                         text=True, check=True).stdout
    lines = [" ".join(line.split()) for line in out.rstrip("\n").split("\n")]
    if len(lines) != len(sentences):
        raise SystemExit(f"apertium gave {len(lines)} lines for {len(sentences)} sentences")
    return lines


def package_version(name):
    try:
        return subprocess.run(["dpkg-query", "-W", "-f=${Version}", name], capture_output=True, text=True,
                              check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main():
    for p in CANDIDATES:
        assert len(p) == 4 and all(p[i + 1].startswith(p[i][:20]) for i in range(3)), p
    torch = common.setup(5, 1)
    from make_decode_fixture import piece_translator
    sentences = list(dict.fromkeys(s for p in paths() for s in p))
    refs = apertium(sentences)
    outputs = {m: piece_translator(m)([(s, "") for s in sentences]) for m in MODELS}
    scores, candidates = {}, []
    for i, s in enumerate(sentences):
        ref_tok = " ".join(tokenize(refs[i]))
        scores[s] = {m: round(common.chrf([outputs[m][i]], [ref_tok]), 4) for m in MODELS}
        candidates.append({"source": s, "source_tokens": len(tokenize(s)), "reference": refs[i],
                           "outputs": {m: outputs[m][i] for m in MODELS}, "chrF": scores[s]})
    chosen = choose_ladder(scores)
    ladder = paths()[chosen]
    data = {
        "about": "The Translation page's ladder (issue 51 point 3): the chapter's sentence grown clause by clause; "
                 "chrF of both shipped models' greedy translations against Apertium's, every candidate. "
                 "Written by training/make_translation_ladder.py.",
        "metric": "chrF",
        "reference": "Apertium eng-spa (apertium -u), a rule-based translator independent of both models",
        "models": list(MODELS),
        "rule": RULE,
        "paths": [[sentences.index(s) for s in p] for p in paths()],
        "chosen_path": chosen + 1,
        "ladder": [{"rung": r + 1, "source": s, "reference": refs[sentences.index(s)],
                    "chrF": scores[s], "outputs": {m: outputs[m][sentences.index(s)] for m in MODELS}}
                   for r, s in enumerate(ladder)],
        "candidates": candidates,
        "provenance": {"command": "/usr/bin/python3 training/make_translation_ladder.py",
                       "apertium": package_version("apertium"), "apertium-eng-spa": package_version("apertium-eng-spa"),
                       "torch": torch.__version__, "decoding": "greedy",
                       "chrF": "training/common.py chrf = attn::chrF (n = 1..6, beta = 2, spaces removed); "
                               "reference tokenised and joined by spaces as attn::translationChrF",
                       "licence": "the sentences, outputs and scores: this repository's licence; the references are "
                                  "the output of Apertium (GPL-2+) with apertium-eng-spa (GPL-2), Debian packages"},
    }
    common.write_json(OUT, data)
    for r in data["ladder"]:
        print(r["rung"], r["chrF"], r["source"])
    print("chosen path", chosen + 1)


if __name__ == "__main__":
    main()
