#!/usr/bin/python3
"""Held-out chrF of the shipped translation models decoded with beam search, beside greedy decoding.

Decodes training/data/translation/heldout.tsv with resources/models/<name> (PyTorch, Seq2SeqAttention.beam:
the rule the C++ engine's Seq2SeqModel::translate follows for a beam width above 1; the two agree on
tests/data/decode/translation-en-es-top5.json) at each width of --widths, and writes
training/runs/<name>/beam_scores.json: chrF overall and by source length (translation_scores.py's
buckets) per width, width 1 being greedy decoding. common_cards.py puts it in the model card.

    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/beam_scores.py translation-en-es translation-en-es-noattn
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import log, tokenize  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="+")
    ap.add_argument("--widths", default="1,4", help="comma-separated beam widths (1 = greedy)")
    ap.add_argument("--pairs", type=int, default=0, help="only the first N held-out pairs (0 = all)")
    args = ap.parse_args()
    torch = common.setup(5, 1)
    from make_decode_fixture import load, source_ids
    from train_translation import DATA, read_pairs
    from translation_scores import scores
    import sentencepiece as spm

    heldout = read_pairs(os.path.join(DATA, "heldout.tsv"))
    if args.pairs:
        heldout = heldout[: args.pairs]
    widths = [int(w) for w in args.widths.split(",")]
    for name in args.models:
        model, cfg, src, tgt = load(name)
        encode = source_ids(name, cfg, src)
        eos_src = src.index(cfg["eos_token"])
        tgt_sp = spm.SentencePieceProcessor(model_file=os.path.join(common.MODELS_DIR, name, "tgt_spm.model"))
        out = {"model": name, "pairs": len(heldout), "widths": {}}
        for width in widths:
            timer = common.CpuTimer()
            hyps = []
            with torch.no_grad():
                for en, _ in heldout:
                    ids = encode(tokenize(en)) + [eos_src]
                    got = model.beam(ids, width) if width > 1 else model.greedy(ids)[0]
                    hyps.append(tgt_sp.decode([i for i in got if i != model.eos_id]))
            result = scores(hyps, heldout)
            result["cpu_seconds"] = round(timer.minutes() * 60, 1)
            out["widths"][str(width)] = result
            log(f"{name} width {width}: chrF {result['overall']['score']:.2f} "
                f"{[(b['label'], b['score']) for b in result['buckets']]} ({result['cpu_seconds']} s)")
        common.write_json(os.path.join(common.TRAINING_DIR, "runs", name, "beam_scores.json"), out)


if __name__ == "__main__":
    main()
