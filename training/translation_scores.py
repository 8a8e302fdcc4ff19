#!/usr/bin/python3
"""heldout_scores.json for a shipped translation model: held-out chrF overall and by source length, each
with the teacher-forced perplexity of the same references beside it (forced_perplexity.py).

The Translation page reads it (attn::readHeldOutScores) to show "chrF by source length, with vs without
attention". train_translation.py writes it at export; this script rewrites it from a finished run's
training/runs/<name>/heldout_hypotheses.txt and training/data/translation/heldout.tsv:

    /usr/bin/python3 training/translation_scores.py translation-en-es translation-en-es-noattn

Source length = tokens of the attnviz tokenizer; references are tokenised the same way (training/common.py
chrf, as in the model cards). When prepare_translation.py made Ding's everyday held-out pairs, their chrF
is the set "everyday" ("sets" in the file), from the run's everyday_hypotheses.txt (train_translation.py
writes it; this script decodes the shipped model greedily, with PyTorch, when it is missing).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import tokenize  # noqa: E402

# (label, min tokens, max tokens or None)
LENGTH_BUCKETS = (("1-5", 1, 5), ("6-10", 6, 10), ("11-15", 11, 15), ("16-20", 16, 20), ("21-40", 21, None))


def references(pairs):
    """The Spanish sides as chrF compares them: tokenised by the attnviz tokenizer, joined by spaces."""
    return [" ".join(tokenize(es)) for _, es in pairs]


def scores(hyps, pairs):
    refs = references(pairs)
    lens = [len(tokenize(en)) for en, _ in pairs]
    out = {"metric": "chrF", "overall": {"pairs": len(pairs), "score": round(common.chrf(hyps, refs), 4)},
           "buckets": []}
    for label, lo, hi in LENGTH_BUCKETS:
        sel = [i for i, k in enumerate(lens) if k >= lo and (hi is None or k <= hi)]
        score = common.chrf([hyps[i] for i in sel], [refs[i] for i in sel]) if sel else 0.0
        out["buckets"].append({"label": label, "min": lo, "max": hi, "pairs": len(sel), "score": round(score, 4)})
    return out


def write_scores(name, hyps, pairs, sets=()):
    """`sets`: (id, hypotheses, pairs) of other held-out sets, scored as a whole. Each score gets the
    teacher-forced perplexity of the same references beside it (forced_perplexity.add_to_scores)."""
    from forced_perplexity import add_to_scores, pair_losses
    path = os.path.join(common.MODELS_DIR, name, "heldout_scores.json")
    data = scores(hyps, pairs)
    if sets:
        data["sets"] = [{"id": set_id, "pairs": len(p),
                         "score": round(common.chrf(h, references(p)), 4)}
                        for set_id, h, p in sets]
    add_to_scores(name, data, pair_losses(name, pairs), [(set_id, p) for set_id, _, p in sets])
    common.write_json(path, data)
    return data


def main():
    from train_translation import DATA, read_pairs
    heldout = read_pairs(os.path.join(DATA, "heldout.tsv"))
    everyday_path = os.path.join(DATA, "everyday_heldout.tsv")
    everyday = read_pairs(everyday_path) if os.path.exists(everyday_path) else []
    for name in sys.argv[1:]:
        run = os.path.join(common.TRAINING_DIR, "runs", name)
        with open(os.path.join(run, "heldout_hypotheses.txt"), encoding="utf-8") as f:
            hyps = [line.rstrip("\n") for line in f]
        if len(hyps) != len(heldout):
            raise SystemExit(f"{name}: {len(hyps)} hypotheses for {len(heldout)} held-out pairs")
        sets = []
        if everyday:
            path = os.path.join(run, "everyday_hypotheses.txt")
            if not os.path.exists(path):
                common.setup(5, 1)
                from make_decode_fixture import piece_translator
                decoded = piece_translator(name)(everyday)  # before the file exists: no partial file on failure
                with open(path, "w", encoding="utf-8") as f:
                    f.write("".join(h + "\n" for h in decoded))
            with open(path, encoding="utf-8") as f:
                everyday_hyps = [line.rstrip("\n") for line in f]
            if len(everyday_hyps) != len(everyday):
                raise SystemExit(f"{path}: {len(everyday_hyps)} hypotheses for {len(everyday)} pairs")
            sets.append(("everyday", everyday_hyps, everyday))
        data = write_scores(name, hyps, heldout, sets)
        print(name, data["overall"], [(b["label"], b["pairs"], b["score"]) for b in data["buckets"]],
              data.get("sets", []))


if __name__ == "__main__":
    main()
