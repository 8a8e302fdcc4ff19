#!/usr/bin/python3
"""Train the English -> Spanish GRU seq2seq (architecture "seq2seq_attention") and export it.

One-layer GRU encoder and decoder (hidden 128). --attention additive (Bahdanau: the decoder looks back
at every encoder state at every step) or none (the decoder only gets the encoder's last state: the
"before" model of the chapter). Same data, seed, vocabulary and schedule for both.

    /usr/bin/python3 training/prepare_translation.py
    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/train_translation.py --attention additive --export translation-en-es
    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/train_translation.py --attention none --export translation-en-es-noattn

Evaluation: greedy decoding, one unpadded sentence at a time (as the C++ engine does), on the held-out
split; chrF and BLEU (training/common.py) overall and by source length in tokens (<=5, 6-10, >10).
Model selection: the epoch with the best chrF on the first 300 validation pairs.
"""

import argparse
import copy
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import log, tokenize  # noqa: E402

DATA = os.path.join(common.DATA_DIR, "translation")
PAD, UNK, SOS, EOS = "<pad>", "<unk>", "<sos>", "<eos>"
BUCKETS = (("<=5", 0, 5), ("6-10", 6, 10), (">10", 11, 10**9))


def read_pairs(path):
    pairs = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            cols = line.rstrip("\n").split("\t")
            if len(cols) != 2:
                raise ValueError(f"{path}:{n}: expected English TAB Spanish")
            pairs.append((cols[0], cols[1]))
    return pairs


def build_vocab(token_lists, specials, max_size, min_count=2):
    counts = Counter(t for toks in token_lists for t in toks)
    words = [w for w, c in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])) if c >= min_count]
    return specials + words[: max_size - len(specials)]


def translate(model, pairs, src_index, tgt_vocab, eos_id, max_len):
    """Greedy translations of the English sides, space-joined, without eos."""
    model.eval()
    hyps = []
    for en, _ in pairs:
        ids = [src_index.get(t, 1) for t in tokenize(en)] + [src_index[EOS]]
        out, _, _ = model.greedy(ids, max_len)
        hyps.append(" ".join(tgt_vocab[i] for i in out if i != eos_id))
    model.train()
    return hyps


def score(hyps, pairs):
    """chrF/BLEU overall and per source-length bucket."""
    refs = [" ".join(tokenize(es)) for _, es in pairs]
    lens = [len(tokenize(en)) for en, _ in pairs]
    result = {"overall": {"pairs": len(pairs), "chrF": common.chrf(hyps, refs), "BLEU": common.bleu(hyps, refs)}}
    for name, lo, hi in BUCKETS:
        sel = [i for i, k in enumerate(lens) if lo <= k <= hi]
        h = [hyps[i] for i in sel]
        r = [refs[i] for i in sel]
        result[name] = {"pairs": len(sel), "chrF": common.chrf(h, r) if sel else 0.0,
                        "BLEU": common.bleu(h, r) if sel else 0.0}
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--attention", choices=["additive", "dot", "none"], default="additive")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--vocab", type=int, default=4000, help="max source / target vocabulary size")
    ap.add_argument("--max-len", type=int, default=32, help="max decoding steps (config max_len)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--minutes", type=float, default=0,
                    help="wall-clock training budget: stop when reached; the LR decay follows the larger of "
                         "step/total and elapsed/budget (0 = no budget). Without a budget the best epoch by "
                         "validation chrF is kept; with one, the final state")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--export", default=None, help="export to resources/models/NAME")
    ap.add_argument("--heldout-sample", type=int, default=200)
    args = ap.parse_args()
    torch = common.setup(args.seed, args.threads)
    import torch.nn.functional as F
    from attnviz.models import Seq2SeqAttention
    from attnviz.export import export_checkpoint

    timer = common.Timer()
    train = read_pairs(os.path.join(DATA, "train.tsv"))
    val = read_pairs(os.path.join(DATA, "val.tsv"))
    heldout = read_pairs(os.path.join(DATA, "heldout.tsv"))
    tok_train = [(tokenize(e), tokenize(s)) for e, s in train]
    tok_train = [(e, s) for e, s in tok_train if len(s) + 1 <= args.max_len]
    src_vocab = build_vocab([e for e, _ in tok_train], [PAD, UNK, EOS], args.vocab)
    tgt_vocab = build_vocab([s for _, s in tok_train], [PAD, UNK, SOS, EOS], args.vocab)
    src_index = {w: i for i, w in enumerate(src_vocab)}
    tgt_index = {w: i for i, w in enumerate(tgt_vocab)}
    log(f"train pairs {len(tok_train)}; src vocab {len(src_vocab)}; tgt vocab {len(tgt_vocab)}")

    config = {
        "architecture": "seq2seq_attention", "hidden_size": args.hidden, "attention": args.attention,
        "src_vocab_size": len(src_vocab), "tgt_vocab_size": len(tgt_vocab), "max_len": args.max_len,
        "sos_token": SOS, "eos_token": EOS, "unk_token": UNK, "src_append_eos": True,
        "sos_id": tgt_index[SOS], "eos_id": tgt_index[EOS], "dropout": 0.1,
    }
    model = Seq2SeqAttention(config)
    eos_id = tgt_index[EOS]
    data = []
    for e, s in tok_train:
        src = [src_index.get(t, 1) for t in e] + [src_index[EOS]]
        tgt = [tgt_index.get(t, 1) for t in s] + [eos_id]
        data.append((src, tgt))
    # Batches of similar source length (less padding); order of batches shuffled every epoch.
    order = sorted(range(len(data)), key=lambda i: (len(data[i][0]), len(data[i][1])))
    chunks = [order[i : i + args.batch] for i in range(0, len(order), args.batch)]
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    total_steps = args.epochs * len(chunks)

    budget = common.Budget(timer, args.minutes, total_steps)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: max(0.1, 1.0 - budget.progress(s)))
    out_of_time = False
    steps_done = 0
    gen = torch.Generator().manual_seed(args.seed)
    best = (-1.0, 0, None)
    history = []
    for epoch in range(args.epochs):
        perm = torch.randperm(len(chunks), generator=gen).tolist()
        loss_sum = 0.0
        for step, ci in enumerate(perm):
            batch = [data[i] for i in chunks[ci]]
            S = max(len(s) for s, _ in batch)
            T = max(len(t) for _, t in batch)
            src = torch.zeros(len(batch), S, dtype=torch.long)
            tgt = torch.zeros(len(batch), T, dtype=torch.long)
            for i, (s, t) in enumerate(batch):
                src[i, : len(s)] = torch.tensor(s)
                tgt[i, : len(t)] = torch.tensor(t)
            lengths = torch.tensor([len(s) for s, _ in batch])
            logits, _ = model(src, target=tgt, lengths=lengths)
            loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), tgt.reshape(-1), ignore_index=0)
            loss_sum += common.optimizer_step(model, opt, sched, loss)
            steps_done += 1
            if budget.exhausted():
                out_of_time = True
                log(f"  time budget of {args.minutes} min reached at epoch {epoch + 1}, step {step + 1}")
                break
            if step % 100 == 99:
                log(f"  step {step + 1}/{len(chunks)} loss {loss_sum / (step + 1):.3f} ({timer.minutes():.1f} min)")
        if out_of_time:
            best = (-1.0, epoch + 1, copy.deepcopy(model.state_dict()))
            history.append({"epoch": epoch + 1, "loss": loss_sum / max(1, step + 1), "steps": steps_done,
                            "minutes": timer.minutes(), "stopped": "time budget"})
            break
        with torch.no_grad():
            va = score(translate(model, val[:300], src_index, tgt_vocab, eos_id, args.max_len), val[:300])
        history.append({"epoch": epoch + 1, "loss": loss_sum / len(chunks), "val": va, "minutes": timer.minutes()})
        log(f"epoch {epoch + 1}/{args.epochs} loss {loss_sum / len(chunks):.3f} val chrF {va['overall']['chrF']:.2f} "
            f"BLEU {va['overall']['BLEU']:.2f} long chrF {va['>10']['chrF']:.2f} ({timer.minutes():.1f} min)")
        if va["overall"]["chrF"] > best[0]:
            best = (va["overall"]["chrF"], epoch + 1, copy.deepcopy(model.state_dict()))
    model.load_state_dict(best[2])
    n = min(args.heldout_sample, len(heldout))
    with torch.no_grad():
        # The committed sample is the first n held-out pairs: both are scored from the same greedy outputs
        # (one sentence at a time, so the split does not change them).
        hyps = translate(model, heldout, src_index, tgt_vocab, eos_id, args.max_len)
        sample_hyps = hyps[:n]
        sample_result = score(sample_hyps, heldout[:n])
        result = score(hyps, heldout)
    minutes = timer.minutes()
    log(f"best epoch {best[1]}; HELD-OUT ({len(heldout)} pairs) by source length:")
    for key in ("overall", "<=5", "6-10", ">10"):
        r = result[key]
        log(f"  {key:8s} pairs {r['pairs']:4d}  chrF {r['chrF']:6.2f}  BLEU {r['BLEU']:6.2f}")
    log(f"sample (first {n}): chrF {sample_result['overall']['chrF']:.2f} BLEU {sample_result['overall']['BLEU']:.2f}; "
        f"{minutes:.1f} min")
    name = args.export or f"translation-{args.attention}"
    metrics = {"attention": args.attention, "best_epoch": best[1], "steps_done": steps_done,
               "epochs_done": steps_done / len(chunks), "minutes_budget": args.minutes, "heldout": result, "heldout_sample": sample_result,
               "train_minutes": minutes, "history": history, "command": " ".join(sys.argv),
               "src_vocab": len(src_vocab), "tgt_vocab": len(tgt_vocab), "train_pairs": len(tok_train)}
    run_dir = os.path.join(common.TRAINING_DIR, "runs", name)
    common.write_json(os.path.join(run_dir, "metrics.json"), metrics)
    with open(os.path.join(run_dir, "heldout_hypotheses.txt"), "w", encoding="utf-8") as f:
        f.write("".join(h + "\n" for h in hyps))
    if args.export:
        out = os.path.join(common.MODELS_DIR, args.export)
        export_checkpoint(model, config, out, src_vocab=src_vocab, tgt_vocab=tgt_vocab,
                          metadata={"dataset": "WordNet examples + Apertium eng-spa"})
        log(f"exported to {out}")
        os.makedirs(common.HELDOUT_DIR, exist_ok=True)
        sample = f"translation-en-es-heldout-{n}.tsv"
        with open(os.path.join(common.HELDOUT_DIR, sample), "w", encoding="utf-8") as f:
            for en, es in heldout[:n]:
                f.write(f"{en}\t{es}\n")
        common.write_json(os.path.join(common.HELDOUT_DIR, f"{args.export}.expected.json"), {
            "model": args.export, "sample": sample,
            "description": "first pairs of the held-out split (English TAB Apertium Spanish); references are "
                           "tokenised with the attnviz tokenizer and hypotheses are greedy outputs without eos",
            "metric": "chrF", "chrF": sample_result["overall"]["chrF"], "BLEU": sample_result["overall"]["BLEU"],
            "by_length": {k: sample_result[k] for k in ("<=5", "6-10", ">10")},
            "hypotheses": sample_hyps})


if __name__ == "__main__":
    main()
