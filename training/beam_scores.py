#!/usr/bin/python3
"""Held-out chrF of the shipped translation models decoded with beam search, beside greedy decoding.

Decodes training/data/translation/heldout.tsv with resources/models/<name> (PyTorch, Seq2SeqAttention.beam:
the rule the C++ engine's Seq2SeqModel::translate follows for a beam width above 1; the two agree on
tests/data/decode/translation-en-es-top5.json) at each width of --widths, and writes
training/runs/<name>/beam_scores.json: chrF overall and by source length (translation_scores.py's
buckets) per width, width 1 being greedy decoding; with --everyday also on Ding's everyday held-out pairs
(everyday_heldout.tsv). common_cards.py puts it in the model card. A model can also be a run's
checkpoint folder (training/runs/<run>/checkpoint: the scores go to training/runs/<run>/).

    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/beam_scores.py --everyday translation-en-es translation-en-es-noattn
    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/beam_scores.py --everyday training/runs/translation-en-es-stage1/checkpoint
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import log  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="+")
    ap.add_argument("--widths", default="1,4", help="comma-separated beam widths (1 = greedy)")
    ap.add_argument("--pairs", type=int, default=0, help="only the first N held-out pairs (0 = all)")
    ap.add_argument("--everyday", action="store_true", help="also score Ding's everyday held-out pairs")
    args = ap.parse_args()
    common.setup(5, 1)
    from make_decode_fixture import piece_translator
    from train_translation import DATA, read_pairs
    from translation_scores import scores

    heldout = read_pairs(os.path.join(DATA, "heldout.tsv"))
    everyday = read_pairs(os.path.join(DATA, "everyday_heldout.tsv")) if args.everyday else []
    if args.pairs:
        heldout, everyday = heldout[: args.pairs], everyday[: args.pairs]
    widths = [int(w) for w in args.widths.split(",")]
    for name in args.models:
        decode = piece_translator(name)
        run = os.path.basename(os.path.dirname(os.path.abspath(name))) if os.path.isdir(name) else name
        out = {"model": run, "pairs": len(heldout), "widths": {}}
        for width in widths:
            timer = common.CpuTimer()
            result = scores(decode(heldout, width), heldout)
            result["cpu_seconds"] = round(timer.minutes() * 60, 1)
            if everyday:
                result["everyday"] = scores(decode(everyday, width), everyday)
            out["widths"][str(width)] = result
            log(f"{run} width {width}: chrF {result['overall']['score']:.2f} "
                f"{[(b['label'], b['score']) for b in result['buckets']]} ({result['cpu_seconds']} s)"
                + (f"; everyday {result['everyday']['overall']['score']:.2f}" if everyday else ""))
        common.write_json(os.path.join(common.TRAINING_DIR, "runs", run, "beam_scores.json"), out)


if __name__ == "__main__":
    main()
