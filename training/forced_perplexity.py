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
    # the whole held-out split (after prepare_translation.py) -> printed, training/runs/<name>/forced_perplexity.json
    # when the run is there, and "reference_perplexity" in resources/models/<name>/heldout_scores.json
    # (overall, by its buckets, and Ding's everyday set): the Translation page's held-out table
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


def pair_losses(name, pairs):
    """[(source tokens, reference pieces, negative log-likelihood)] of each pair, teacher-forced."""
    import sentencepiece as spm
    import torch
    from make_decode_fixture import load, model_dir, source_ids, source_words

    model, cfg, src, _ = load(name)
    encode = source_ids(name, cfg, src)
    eos_src = src.index(cfg["eos_token"])
    tgt_sp = spm.SentencePieceProcessor(model_file=os.path.join(model_dir(name), "tgt_spm.model"))
    losses = []
    with torch.no_grad():
        for en, es in pairs:
            ids = encode(source_words(en, cfg)) + [eos_src]  # as the engine reads it
            target = tgt_sp.encode(" ".join(tokenize(es))) + [model.eos_id]
            _, logits, _ = model.greedy(ids, max_len=len(target), prefix=target)
            log_probs = torch.log_softmax(logits.double(), dim=-1)
            nll = -float(sum(log_probs[t, token] for t, token in enumerate(target)))
            losses.append((len(tokenize(en)), len(target), nll))
    return losses


def entry(losses):
    """{"pairs", "pieces", "perplexity"} of a list of pair_losses."""
    pieces = sum(p for _, p, _ in losses)
    return {"pairs": len(losses), "pieces": pieces, "perplexity": math.exp(sum(n for _, _, n in losses) / pieces)}


def perplexity(losses):
    """{"pairs", "pieces", "perplexity", "by_length": {bucket: {"pairs", "pieces", "perplexity"}}} of a list
    of pair_losses, bucketed as the model cards are (train_translation.BUCKETS)."""
    from train_translation import BUCKETS
    out = entry(losses)
    out["by_length"] = {}
    for label, lo, hi in BUCKETS:
        sel = [x for x in losses if lo <= x[0] <= hi]
        if sel:
            out["by_length"][label] = entry(sel)
    return out


def add_to_scores(name, scores, losses, sets=()):
    """Adds "reference_perplexity" to `scores` (a heldout_scores.json of translation_scores.py for the pairs
    whose pair_losses are `losses`): overall, each bucket (by its "min" and "max" source tokens) and each
    set of `sets` ((id, pairs)). Rounded to 4 decimals like the chrF beside it."""
    scores["overall"]["reference_perplexity"] = round(entry(losses)["perplexity"], 4)
    for b in scores["buckets"]:
        sel = [x for x in losses if x[0] >= b["min"] and (b["max"] is None or x[0] <= b["max"])]
        if len(sel) != b["pairs"]:
            raise SystemExit(f"{name}: bucket {b['label']} holds {b['pairs']} pairs, the held-out split {len(sel)}")
        if sel:
            b["reference_perplexity"] = round(entry(sel)["perplexity"], 4)
    for set_id, set_pairs in sets:
        for e in scores.get("sets", []):
            if e["id"] == set_id and set_pairs:
                e["reference_perplexity"] = round(entry(pair_losses(name, set_pairs))["perplexity"], 4)
    return scores


def update_scores(name, losses, everyday):
    """Adds the reference perplexity to the shipped resources/models/<name>/heldout_scores.json."""
    import json
    path = os.path.join(common.MODELS_DIR, name, "heldout_scores.json")
    with open(path, encoding="utf-8") as f:
        scores = json.load(f)
    if scores["overall"]["pairs"] != len(losses):
        raise SystemExit(f"{path}: scores {scores['overall']['pairs']} pairs, the held-out split has {len(losses)}")
    common.write_json(path, add_to_scores(name, scores, losses, [("everyday", everyday)] if everyday else []))
    log(f"{path}: reference perplexity added")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="*", default=list(MODELS))
    ap.add_argument("--heldout", action="store_true",
                    help="the whole held-out split (training/data/translation/heldout.tsv) instead of the sample")
    args = ap.parse_args()
    common.setup(5, 1)
    from train_translation import DATA, read_pairs

    everyday = []
    if args.heldout:
        pairs = read_pairs(os.path.join(DATA, "heldout.tsv"))
        everyday_path = os.path.join(DATA, "everyday_heldout.tsv")
        everyday = read_pairs(everyday_path) if os.path.exists(everyday_path) else []
    else:
        pairs = read_pairs(os.path.join(HELDOUT_DIR, SAMPLE))
    results = {}
    for name in args.models:
        losses = pair_losses(name, pairs)  # the slow part: once per model, for both outputs
        results[name] = r = perplexity(losses)
        log(f"{name}: {r['pairs']} pairs, {r['pieces']} pieces, perplexity {r['perplexity']:.3f} "
            + str({k: round(v["perplexity"], 3) for k, v in r["by_length"].items()}))
        if args.heldout:
            run = os.path.join(common.TRAINING_DIR, "runs", name)
            if os.path.isdir(run):
                common.write_json(os.path.join(run, "forced_perplexity.json"), r)
            update_scores(name, losses, everyday)
    if not args.heldout:
        common.write_json(os.path.join(HELDOUT_DIR, "forced-perplexity.json"),
                          {"sample": SAMPLE,
                           "description": "teacher-forced perplexity of the sample's references "
                                          "(training/forced_perplexity.py)",
                           "models": results})


if __name__ == "__main__":
    main()
