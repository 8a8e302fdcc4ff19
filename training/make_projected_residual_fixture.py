#!/usr/bin/env python3
"""A float64 numpy reference for an encoder layer that widens its input (d_in -> d_out with a dense
projection on the residual), as the Universal Sentence Encoder's first layer is (256 -> 512), for
tests/core/test_projected_residual.cpp. Written from the equations in core/include/attn/layers/encoder_layer.hpp,
independently of the C++ code:

  pre-LN:  y = P(x) + SA(LN1(x));  out = y + FF(LN2(y))
  post-LN: y = LN1(P(x) + SA(x));  out = LN2(y + FF(y))
  SA(x) = concat_h(softmax(Q_h K_h^T / sqrt(dh)) V_h) Wo^T + bo,  [Q|K|V] = x W_in^T + b_in,  Wo: d_out x d_in
  FF(x) = relu(x W1^T + b1) W2^T + b2,  P(x) = x Wp^T + bp,  LN biased variance, eps 1e-5

  /usr/bin/python3 training/make_projected_residual_fixture.py --out tests/data/layers/projected_residual.json
"""

import argparse
import json
import os

import numpy as np


def layer_norm(x, w, b, eps=1e-5):
    m = x.mean(-1, keepdims=True)
    v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / np.sqrt(v + eps) * w + b


def attention(x, p, heads, allowed):
    d = x.shape[1]
    dh = d // heads
    qkv = x @ p["in_w"].T + p["in_b"]
    q, k, v = qkv[:, :d], qkv[:, d : 2 * d], qkv[:, 2 * d :]
    outs, maps = [], []
    for h in range(heads):
        s = q[:, h * dh : (h + 1) * dh] @ k[:, h * dh : (h + 1) * dh].T / np.sqrt(dh)
        s = np.where(allowed[None, :], s, -np.inf)
        e = np.exp(s - s.max(-1, keepdims=True))
        a = e / e.sum(-1, keepdims=True)
        maps.append(a)
        outs.append(a @ v[:, h * dh : (h + 1) * dh])
    return np.concatenate(outs, 1) @ p["out_w"].T + p["out_b"], maps


def layer(x, p, heads, norm_first, allowed):
    residual = x @ p["proj_w"].T + p["proj_b"]
    ff = lambda z: np.maximum(z @ p["w1"].T + p["b1"], 0) @ p["w2"].T + p["b2"]  # noqa: E731
    if norm_first:
        sa, maps = attention(layer_norm(x, p["n1_w"], p["n1_b"]), p, heads, allowed)
        y = residual + sa
        return y + ff(layer_norm(y, p["n2_w"], p["n2_b"])), maps
    sa, maps = attention(x, p, heads, allowed)
    y = layer_norm(residual + sa, p["n1_w"], p["n1_b"])
    return layer_norm(y + ff(y), p["n2_w"], p["n2_b"]), maps


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rng = np.random.default_rng(46)
    d_in, d_out, heads, ff_dim, T = 8, 12, 2, 16, 5
    cases = []
    for norm_first in (True, False):
        n1 = d_in if norm_first else d_out
        r = lambda *s: rng.normal(0, 0.4, s).astype(np.float32).astype(np.float64)  # noqa: E731
        p = {
            "in_w": r(3 * d_in, d_in), "in_b": r(3 * d_in),
            "out_w": r(d_out, d_in), "out_b": r(d_out),
            "proj_w": r(d_out, d_in), "proj_b": r(d_out),
            "w1": r(ff_dim, d_out), "b1": r(ff_dim),
            "w2": r(d_out, ff_dim), "b2": r(d_out),
            "n1_w": 1 + r(n1), "n1_b": r(n1),
            "n2_w": 1 + r(d_out), "n2_b": r(d_out),
        }
        x = r(T, d_in)
        allowed = np.array([True, True, True, True, False])  # the last position is padding
        out, maps = layer(x, p, heads, norm_first, allowed)
        cases.append({
            "norm_first": norm_first, "d_in": d_in, "d_out": d_out, "heads": heads, "ff": ff_dim,
            "key_allowed": [int(a) for a in allowed],
            "weights": {k: v.tolist() for k, v in p.items()},
            "x": x.tolist(), "output": out.tolist(), "attention": [m.tolist() for m in maps],
        })
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump({"source": "training/make_projected_residual_fixture.py (float64 numpy, seed 46)",
                   "cases": cases}, f)
        f.write("\n")


if __name__ == "__main__":
    main()
