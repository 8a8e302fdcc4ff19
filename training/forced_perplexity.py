#!/usr/bin/python3
"""How well each translation model expects Apertium's translations: teacher-forced perplexity.

Every reference (the Spanish side, cut by the attnviz tokenizer, its words joined by spaces and cut into
the model's target pieces, then eos) is fed to the decoder piece by piece (Seq2SeqAttention.greedy with
the reference as its prefix: teacher forcing, the engine's Seq2SeqModel::translateForced), and the
log-probabilities the decoder gave the reference's pieces are summed over the corpus:
perplexity = exp(-sum log p / pieces). 1 would be certainty; lower is better. By source length as the
model cards bucket it (source tokens: <= 5, 6-10, > 10).

Unlike chrF this scores the reference, not the model's own output: no decoding error compounds, and
the model without attention cannot skip the part of a long sentence it lost.

    # the committed sample (tests/data/heldout/translation-en-es-heldout-200.tsv) -> tests/data/heldout/forced-perplexity.json
    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/forced_perplexity.py
    # the whole held-out split (after prepare_translation.py) -> printed, and training/runs/<name>/forced_perplexity.json
    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/forced_perplexity.py --heldout

tests/core/test_shipped_models.cpp recomputes the sample's figures with the C++ engine.
"""

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import log, tokenize  # noqa: E402

MODELS = ("translation-en-es", "translation-en-es-noattn")
SAMPLE = "translation-en-es-heldout-200.tsv"
HELDOUT_DIR = os.path.join(common.TRAINING_DIR, "..", "tests", "data", "heldout")


def bucket(words):
    """The model cards' source-length bucket (train_translation.BUCKETS) of a source of `words` tokens."""
    from train_translation import BUCKETS
    return next(label for label, lo, hi in BUCKETS if lo <= words <= hi)


def perplexity(name, pairs):
    """{"pairs", "pieces", "perplexity", "by_length": {bucket: {"pairs", "pieces", "perplexity"}}}."""
    import sentencepiece as spm
    import torch
    from make_decode_fixture import load, model_dir, source_ids

    model, cfg, src, _ = load(name)
    encode = source_ids(name, cfg, src)
    eos_src = src.index(cfg["eos_token"])
    tgt_sp = spm.SentencePieceProcessor(model_file=os.path.join(model_dir(name), "tgt_spm.model"))
    sums = {}  # bucket -> [pairs, pieces, negative log-likelihood]
    with torch.no_grad():
        for en, es in pairs:
            ids = encode(tokenize(en)) + [eos_src]
            target = tgt_sp.encode(" ".join(tokenize(es))) + [model.eos_id]
            _, logits, _ = model.greedy(ids, max_len=len(target), prefix=target)
            log_probs = torch.log_softmax(logits.double(), dim=-1)
            nll = -float(sum(log_probs[t, token] for t, token in enumerate(target)))
            for key in ("overall", bucket(len(tokenize(en)))):
                s = sums.setdefault(key, [0, 0, 0.0])
                s[0] += 1
                s[1] += len(target)
                s[2] += nll

    def entry(s):
        return {"pairs": s[0], "pieces": s[1], "perplexity": math.exp(s[2] / s[1])}

    out = entry(sums["overall"])
    from train_translation import BUCKETS
    out["by_length"] = {label: entry(sums[label]) for label, _, _ in BUCKETS if label in sums}
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="*", default=list(MODELS))
    ap.add_argument("--heldout", action="store_true",
                    help="the whole held-out split (training/data/translation/heldout.tsv) instead of the sample")
    args = ap.parse_args()
    common.setup(5, 1)
    from train_translation import DATA, read_pairs

    if args.heldout:
        pairs = read_pairs(os.path.join(DATA, "heldout.tsv"))
    else:
        pairs = read_pairs(os.path.join(HELDOUT_DIR, SAMPLE))
    results = {}
    for name in args.models:
        results[name] = perplexity(name, pairs)
        r = results[name]
        log(f"{name}: {r['pairs']} pairs, {r['pieces']} pieces, perplexity {r['perplexity']:.3f} "
            + str({k: round(v["perplexity"], 3) for k, v in r["by_length"].items()}))
        if args.heldout:
            common.write_json(os.path.join(common.TRAINING_DIR, "runs", name, "forced_perplexity.json"), r)
    if not args.heldout:
        common.write_json(os.path.join(HELDOUT_DIR, "forced-perplexity.json"),
                          {"sample": SAMPLE,
                           "description": "teacher-forced perplexity of the sample's references "
                                          "(training/forced_perplexity.py)",
                           "models": results})


if __name__ == "__main__":
    main()
