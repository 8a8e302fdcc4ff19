#!/usr/bin/python3
"""Train the shipped ViT on Fashion-MNIST (default) or CIFAR-10 (--cifar10 DIR) and export it.

Fashion-MNIST: 28x28 grey, patch 7 -> 16 patches + CLS, d=64, 4 layers, 4 heads, pre-norm.
CIFAR-10:     32x32 RGB, patch 4 -> 64 patches + CLS (same width/depth).
--cutmix P: with probability P per batch, paste a random box of a shuffled partner image into each
image and mix the labels by the pasted area (Yun et al. 2019, "CutMix").

    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/train_vit.py                 # plain
    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/train_vit.py --cutmix 0.5    # with CutMix
Writes training/runs/<run>/ (metrics.json, checkpoint) and with --export NAME resources/models/NAME/.
The held-out set is the official test set, never trained on; validation = last 5,000 training images.
"""

import argparse
import gzip
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from common import log  # noqa: E402

FASHION_DIR = "/usr/share/datasets/fashion-mnist"
FASHION_LABELS = ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker",
                  "Bag", "Ankle boot"]
CIFAR_LABELS = ["airplane", "automobile", "bird", "cat", "deer", "dog", "frog", "horse", "ship", "truck"]


def read_idx(path):
    """IDX (optionally .gz): magic 0,0,0x08,ndim; big-endian uint32 dims; unsigned bytes."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        data = f.read()
    if len(data) < 4 or data[0] != 0 or data[1] != 0 or data[2] != 8:
        raise ValueError(f"{path}: not an unsigned-byte IDX file")
    ndim = data[3]
    dims = [int.from_bytes(data[4 + 4 * i : 8 + 4 * i], "big") for i in range(ndim)]
    off = 4 + 4 * ndim
    n = int(np.prod(dims))
    if len(data) - off != n:
        raise ValueError(f"{path}: expected {n} data bytes after the header, found {len(data) - off}")
    return np.frombuffer(data, dtype=np.uint8, offset=off).reshape(dims)


def find_fashion(name):
    for cand in (os.path.join(FASHION_DIR, name + ".gz"), os.path.join(FASHION_DIR, name)):
        if os.path.exists(cand):
            return cand
    raise FileNotFoundError(f"{FASHION_DIR}/{name}(.gz) not found: apt-get install dataset-fashion-mnist")


def load_fashion():
    xtr = read_idx(find_fashion("train-images-idx3-ubyte"))[:, None]
    ytr = read_idx(find_fashion("train-labels-idx1-ubyte"))
    xte = read_idx(find_fashion("t10k-images-idx3-ubyte"))[:, None]
    yte = read_idx(find_fashion("t10k-labels-idx1-ubyte"))
    return xtr, ytr, xte, yte


def read_cifar_batch(path):
    data = np.fromfile(path, dtype=np.uint8)
    if data.size % 3073:
        raise ValueError(f"{path}: size {data.size} is not a multiple of 3073-byte records")
    rec = data.reshape(-1, 3073)
    if rec[:, 0].max() > 9:
        raise ValueError(f"{path}: label outside 0..9")
    return rec[:, 1:].reshape(-1, 3, 32, 32), rec[:, 0].copy()


def load_cifar(d):
    parts = [read_cifar_batch(os.path.join(d, f"data_batch_{i}.bin")) for i in range(1, 6)]
    xtr = np.concatenate([p[0] for p in parts])
    ytr = np.concatenate([p[1] for p in parts])
    xte, yte = read_cifar_batch(os.path.join(d, "test_batch.bin"))
    return xtr, ytr, xte, yte


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cifar10", metavar="DIR", help="train on CIFAR-10 binary batches in DIR")
    ap.add_argument("--cutmix", type=float, default=0.0, help="probability of CutMix per batch (0 = off)")
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=0,
                    help="wall-clock training budget: stop when reached; the LR schedule follows the larger of "
                         "step/total and elapsed/budget (0 = no budget)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--run", default=None, help="run name under training/runs/")
    ap.add_argument("--export", default=None, help="export to resources/models/NAME")
    ap.add_argument("--heldout-sample", type=int, default=500,
                    help="write the first N test images to tests/data/heldout/ (with --export)")
    args = ap.parse_args()
    torch = common.setup(args.seed, args.threads)
    import torch.nn.functional as F
    from attnviz.models import ViT
    from attnviz.export import export_checkpoint

    timer = common.Timer()
    if args.cifar10:
        xtr, ytr, xte, yte = load_cifar(args.cifar10)
        labels, patch, dataset = CIFAR_LABELS, 4, "cifar10"
    else:
        xtr, ytr, xte, yte = load_fashion()
        labels, patch, dataset = FASHION_LABELS, 7, "fashion-mnist"
    C, size = xtr.shape[1], xtr.shape[2]
    # Validation: the last 5,000 training images (fixed, not shuffled in); the test set is held out.
    xva, yva = xtr[-5000:], ytr[-5000:]
    xtr, ytr = xtr[:-5000], ytr[:-5000]
    mean = [float(v) for v in (xtr.astype(np.float64) / 255.0).mean(axis=(0, 2, 3))]
    std = [float(v) for v in (xtr.astype(np.float64) / 255.0).std(axis=(0, 2, 3))]
    mean = [round(v, 4) for v in mean]
    std = [round(v, 4) for v in std]
    log(f"{dataset}: train {len(xtr)} val {len(xva)} test {len(xte)}; mean {mean} std {std}")

    def to_tensor(x):
        t = torch.from_numpy(x.astype(np.float32) / 255.0)
        m = torch.tensor(mean).view(1, -1, 1, 1)
        s = torch.tensor(std).view(1, -1, 1, 1)
        return (t - m) / s

    Xtr, Ytr = to_tensor(xtr), torch.from_numpy(ytr.astype(np.int64))
    Xva, Yva = to_tensor(xva), torch.from_numpy(yva.astype(np.int64))
    Xte, Yte = to_tensor(xte), torch.from_numpy(yte.astype(np.int64))

    config = {
        "architecture": "vit", "image_size": size, "patch_size": patch, "in_channels": C,
        "d_model": 64, "n_heads": 4, "n_layers": 4, "ff_dim": 128, "norm_first": True,
        "activation": "gelu", "layer_norm_eps": 1e-5, "positional": "learned", "pooling": "cls",
        "mean": mean, "std": std, "labels": labels, "dropout": 0.0, "final_norm": False,
    }
    model = ViT(config)
    n_params = sum(p.numel() for p in model.parameters())
    log(f"ViT parameters: {n_params}")
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.05)
    steps_per_epoch = (len(Xtr) + args.batch - 1) // args.batch
    total = steps_per_epoch * args.epochs
    warm = steps_per_epoch // 2

    budget = common.Budget(timer, args.minutes, total)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / warm) * 0.5 * (1 + np.cos(np.pi * budget.progress(s))))
    out_of_time = False
    steps_done = 0
    gen = torch.Generator().manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)

    def evaluate(X, Y):
        model.eval()
        correct = 0
        with torch.no_grad():
            for i in range(0, len(X), 1000):
                correct += int((model(X[i : i + 1000])[0].argmax(1) == Y[i : i + 1000]).sum())
        model.train()
        return correct / len(X)

    def augment(x):
        # Horizontal flip (both datasets are left/right symmetric in meaning). With the short schedule
        # (2 epochs) random crops cost more accuracy than they gain, so they are left out.
        B = x.shape[0]
        flip = torch.from_numpy(rng.random(B) < 0.5)
        x = torch.where(flip.view(-1, 1, 1, 1), x.flip(3), x)
        return x

    history = []
    for epoch in range(args.epochs):
        perm = torch.randperm(len(Xtr), generator=gen)
        loss_sum = 0.0
        for b in range(steps_per_epoch):
            idx = perm[b * args.batch : (b + 1) * args.batch]
            x, y = augment(Xtr[idx]), Ytr[idx]
            if args.cutmix > 0 and rng.random() < args.cutmix:
                lam = rng.beta(1.0, 1.0)
                cut = np.sqrt(1.0 - lam)
                h, w = int(size * cut), int(size * cut)
                cy, cx = rng.integers(0, size), rng.integers(0, size)
                y0, y1 = max(cy - h // 2, 0), min(cy + h // 2, size)
                x0, x1 = max(cx - w // 2, 0), min(cx + w // 2, size)
                partner = torch.randperm(x.shape[0], generator=gen)
                x = x.clone()
                x[:, :, y0:y1, x0:x1] = x[partner, :, y0:y1, x0:x1]
                area = (y1 - y0) * (x1 - x0) / (size * size)  # label weight of the partner
                logits, _ = model(x)
                loss = (1 - area) * F.cross_entropy(logits, y) + area * F.cross_entropy(logits, y[partner])
            else:
                logits, _ = model(x)
                loss = F.cross_entropy(logits, y)
            loss_sum += common.optimizer_step(model, opt, sched, loss)
            steps_done += 1
            if budget.exhausted():
                out_of_time = True
                log(f"  time budget of {args.minutes} min reached at epoch {epoch + 1}, step {b + 1}")
                break
            if b % 100 == 99:
                log(f"  step {b + 1}/{steps_per_epoch} loss {loss_sum / (b + 1):.4f} ({timer.minutes():.2f} min)")
        va = evaluate(Xva, Yva)
        history.append({"epoch": epoch + 1, "loss": loss_sum / max(1, b + 1), "val_acc": va,
                        "minutes": timer.minutes(), "steps": steps_done})
        log(f"epoch {epoch + 1}/{args.epochs} loss {loss_sum / max(1, b + 1):.4f} val {va:.4f} "
            f"({timer.minutes():.1f} min)")
        if out_of_time:
            break

    test_acc = evaluate(Xte, Yte)
    n_sample = min(args.heldout_sample, len(Xte))
    sample_acc_correct = 0
    model.eval()
    with torch.no_grad():
        sample_pred = model(Xte[:n_sample])[0].argmax(1)
        sample_acc_correct = int((sample_pred == Yte[:n_sample]).sum())
    minutes = timer.minutes()
    log(f"TEST accuracy {test_acc:.4f} ({len(Xte)} images); first {n_sample}: {sample_acc_correct}/{n_sample}; "
        f"{minutes:.1f} min")
    run = args.run or f"vit-{dataset}{'-cutmix' if args.cutmix else ''}"
    metrics = {
        "dataset": dataset, "cutmix": args.cutmix, "epochs": args.epochs, "minutes_budget": args.minutes,
        "steps_done": steps_done, "epochs_done": steps_done / steps_per_epoch, "seed": args.seed,
        "parameters": n_params, "test_accuracy": test_acc, "test_images": int(len(Xte)),
        "heldout_sample": {"images": n_sample, "correct": sample_acc_correct,
                           "accuracy": sample_acc_correct / n_sample},
        "train_minutes": minutes, "history": history, "command": " ".join(sys.argv),
    }
    run_dir = os.path.join(common.TRAINING_DIR, "runs", run)
    common.write_json(os.path.join(run_dir, "metrics.json"), metrics)
    export_checkpoint(model, config, run_dir, metadata={"dataset": dataset})
    if args.export:
        out = os.path.join(common.MODELS_DIR, args.export)
        export_checkpoint(model, config, out, metadata={"dataset": dataset})
        log(f"exported to {out}")
        if dataset == "fashion-mnist" and n_sample:
            write_heldout_fashion(xte[:n_sample], yte[:n_sample], sample_pred.numpy(), metrics, args.export)


def write_heldout_fashion(images, labels, preds, metrics, name):
    """tests/data/heldout/fashion-mnist-test-<N>-{images,labels}.idx (uncompressed IDX) + expected JSON."""
    os.makedirs(common.HELDOUT_DIR, exist_ok=True)
    n = len(images)
    base = os.path.join(common.HELDOUT_DIR, f"fashion-mnist-test-{n}")
    with open(base + "-images.idx", "wb") as f:
        f.write(bytes([0, 0, 8, 3]) + b"".join(v.to_bytes(4, "big") for v in (n, 28, 28)))
        f.write(images.reshape(n, 28, 28).astype(np.uint8).tobytes())
    with open(base + "-labels.idx", "wb") as f:
        f.write(bytes([0, 0, 8, 1]) + n.to_bytes(4, "big") + labels.astype(np.uint8).tobytes())
    common.write_json(os.path.join(common.HELDOUT_DIR, f"{name}.expected.json"), {
        "model": name, "sample": os.path.basename(base) + "-{images,labels}.idx",
        "description": f"first {n} images of the Fashion-MNIST test set (t10k), in file order",
        "metric": "accuracy", "correct": metrics["heldout_sample"]["correct"], "total": n,
        "accuracy": metrics["heldout_sample"]["accuracy"],
        "predictions": [int(p) for p in preds],
        "full_test_accuracy": metrics["test_accuracy"],
    })


if __name__ == "__main__":
    main()
