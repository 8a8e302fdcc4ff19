#!/usr/bin/env python3
"""PyTorch CPU peer of tests/bench (attnviz_bench): the same scaled-dot attention sizes (n = 16 ... 2048,
d = 64, weights kept) and one forward per architecture on the parity fixtures, same thread count.

    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/bench_torch.py [--threads 1] [--cpp bench.json]

With --cpp (the output of `attnviz_bench --benchmark_format=json --benchmark_out=bench.json`) it prints a
comparison table: ratio = PyTorch CPU time / attnviz CPU time (> 1 means attnviz is faster).
"""

import argparse
import json
import math
import os
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnviz.models import Seq2SeqAttention, TransformerClassifier, ViT  # noqa: E402
from attnviz.safetensors import load_file  # noqa: E402

PARITY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "parity")


def measure(fn, min_time=0.5):
    """Median CPU microseconds per call (process time: robust to other jobs on a shared machine; with one
    thread it equals the thread's CPU time) over batches filling ~min_time seconds."""
    for _ in range(3):
        fn()
    n = 1
    while True:
        t = time.process_time()
        for _ in range(n):
            fn()
        dt = time.process_time() - t
        if dt > 0.05:
            break
        n *= 2
    reps = max(3, int(min_time / dt))
    samples = []
    for _ in range(reps):
        t = time.process_time()
        for _ in range(n):
            fn()
        samples.append((time.process_time() - t) / n * 1e6)
    samples.sort()
    return samples[len(samples) // 2]


def attention(q, k, v):
    w = torch.softmax((q * (1.0 / math.sqrt(q.shape[-1]))) @ k.transpose(0, 1), dim=-1)
    return w, w @ v


def load(cls, name):
    d = os.path.join(PARITY, name)
    with open(os.path.join(d, "config.json")) as f:
        cfg = json.load(f)
    m = cls(cfg)
    tensors, _ = load_file(os.path.join(d, "model.safetensors"))
    m.load_state_dict({k: torch.from_numpy(v) for k, v in tensors.items()})
    return m.eval(), cfg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--cpp", help="Google Benchmark JSON of attnviz_bench")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    results = {}
    with torch.no_grad():
        g = torch.Generator().manual_seed(1)
        n = 16
        while n <= 2048:
            q, k, v = (torch.rand(n, 64, generator=g) * 2 - 1 for _ in range(3))
            results[f"BM_ScaledDotAttention/{n}"] = measure(lambda: attention(q, k, v))
            n *= 2
        tc, _ = load(TransformerClassifier, "tc_pre_gelu_cls_learned")
        vocab = open(os.path.join(PARITY, "tc_pre_gelu_cls_learned", "vocab.txt")).read().split("\n")
        ids = torch.tensor([[2] + [vocab.index(w) for w in ["the", "film", "was", "not", "good", "."]]])
        kpm = torch.zeros_like(ids, dtype=torch.bool)
        results["BM_TransformerClassifier"] = measure(lambda: tc(ids, key_padding_mask=kpm))
        s2s, _ = load(Seq2SeqAttention, "s2s_additive")
        src = [4, 5, 6, 12, 2]
        results["BM_Seq2SeqAdditive"] = measure(lambda: s2s.greedy(src))
        vit, cfg = load(ViT, "vit_pre_gelu_learned_gray")
        img = torch.rand(1, 1, 8, 8, generator=g)
        mean = torch.tensor(cfg["mean"]).view(1, -1, 1, 1)
        std = torch.tensor(cfg["std"]).view(1, -1, 1, 1)
        results["BM_Vit"] = measure(lambda: vit((img - mean) / std))

    cpp = {}
    if args.cpp:
        with open(args.cpp) as f:
            for b in json.load(f)["benchmarks"]:
                if b.get("run_type", "iteration") != "iteration":
                    continue
                scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}[b.get("time_unit", "ns")]
                cpp[b["name"]] = b["cpu_time"] * scale
    print(f"threads: torch {torch.get_num_threads()}  (torch {torch.__version__})")
    print(f"{'benchmark':34s} {'torch us':>12s} {'attnviz us':>12s} {'torch/attnviz':>14s}")
    for name, t in results.items():
        c = cpp.get(name)
        print(f"{name:34s} {t:12.2f} {c if c is not None else float('nan'):12.2f} "
              f"{(t / c) if c else float('nan'):14.2f}")


if __name__ == "__main__":
    main()
