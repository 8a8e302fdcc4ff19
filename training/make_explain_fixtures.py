#!/usr/bin/env python3
"""Reference numbers for the explanation methods of issue 17 (tests/core/test_explain_*.cpp).

Writes tests/data/explain/:
  flow_graphs.json   small random attention stacks (some with a padding column) with, per stack, the
                     all-pairs maximum flow from networkx (Debian python3-networkx,
                     networkx.maximum_flow_value on the layer graph of Abnar & Zuidema 2020) and the
                     rollout computed with numpy, both on (mean_h A + I) / row sum.
  models.json        for the shipped sentiment model and a parity classifier: the PyTorch attention for
                     one sentence, networkx flow and numpy rollout on it, value-weighted norms
                     (Kobayashi et al. 2020) per head and summed per layer, the predicted-class
                     probability with each head zeroed (out_proj columns of the head set to zero, i.e.
                     its output zeroed before Wo) and the deletion curve for a fixed order (word replaced
                     by the pad id and masked as padding; the last word is never removed).
Run: OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/make_explain_fixtures.py
Everything is generated from seeds and from the committed models; the output is CC0 like the models'
test fixtures.
"""

import json
import os
import sys

import networkx as nx
import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from attnviz.models import TransformerClassifier  # noqa: E402
from attnviz.safetensors import load_file  # noqa: E402

ROOT = os.path.join(HERE, "..")
OUT = os.path.join(ROOT, "tests", "data", "explain")


def mixed(stack):
    """stack: [L][H][T][T] -> [L][T][T] (mean_h A + I) / row sum."""
    out = []
    for heads in stack:
        a = np.mean(np.asarray(heads, dtype=np.float64), axis=0) + np.eye(len(heads[0]))
        out.append(a / a.sum(axis=1, keepdims=True))
    return out


def nx_flow(layers):
    """All-pairs max flow: F[i][j] = flow from input j to output i through the layer graph."""
    L, T = len(layers), layers[0].shape[0]
    g = nx.DiGraph()
    for l in range(L):
        for i in range(T):
            for j in range(T):
                if layers[l][i, j] > 0:
                    g.add_edge((l, j), (l + 1, i), capacity=float(layers[l][i, j]))
    f = np.zeros((T, T))
    for i in range(T):
        for j in range(T):
            if g.has_node((0, j)) and g.has_node((L, i)):
                f[i, j] = nx.maximum_flow_value(g, (0, j), (L, i))
    return f


def np_rollout(layers):
    r = layers[0]
    for a in layers[1:]:
        r = a @ r
    return r


def random_stack(rng, L, H, T, pad=0):
    stack = []
    for _ in range(L):
        heads = []
        for _ in range(H):
            s = rng.normal(size=(T, T)) * 2.0
            if pad:
                s[:, T - pad:] = -np.inf
            w = np.exp(s - s.max(axis=1, keepdims=True))
            heads.append((w / w.sum(axis=1, keepdims=True)).astype(np.float32).astype(np.float64).tolist())
        stack.append(heads)
    return stack


def graphs():
    rng = np.random.default_rng(17)
    out = []
    for L, H, T, pad in ((1, 1, 3, 0), (2, 2, 4, 0), (3, 4, 6, 0), (4, 2, 7, 2), (6, 3, 5, 1)):
        stack = random_stack(rng, L, H, T, pad)
        lay = mixed(stack)
        out.append(dict(layers=L, heads=H, positions=T, pad=pad, attention=stack,
                        flow=nx_flow(lay).tolist(), rollout=np_rollout(lay).tolist()))
    return out


def load_model(d):
    with open(os.path.join(d, "config.json")) as f:
        cfg = json.load(f)
    with open(os.path.join(d, "vocab.txt")) as f:
        vocab = [line.rstrip("\n") for line in f]
    model = TransformerClassifier(cfg)
    tensors, _ = load_file(os.path.join(d, "model.safetensors"))
    missing, unexpected = model.load_state_dict({k: torch.from_numpy(np.array(v)) for k, v in tensors.items()},
                                                strict=False)
    if missing or unexpected:
        raise ValueError(f"{d}: missing {missing}, unexpected {unexpected}")
    model.eval()
    return model, cfg, vocab


def run(model, ids, kpm, layer_inputs=None):
    originals = []
    if layer_inputs is not None:  # the encoder calls forward_with_attention directly (no module hooks)
        for layer in model.encoder.layers:
            orig = layer.forward_with_attention
            originals.append((layer, orig))

            def wrapped(x, key_padding_mask=None, _orig=orig):
                layer_inputs.append(x.detach())
                return _orig(x, key_padding_mask)
            layer.forward_with_attention = wrapped
    with torch.no_grad():
        logits, maps = model(ids, kpm)
    for layer, orig in originals:
        layer.forward_with_attention = orig
    return torch.softmax(logits, -1)[0].double(), [m[0].double() for m in maps]


def value_norms(model, layer_inputs, maps):
    """Per layer: per head ‖α f(x)‖ [H][T][T] and summed ‖Σ_h α f(x)‖ [T][T] (Kobayashi et al. 2020)."""
    out = []
    for layer, x, w in zip(model.encoder.layers, layer_inputs, maps):
        x = x[0].double()
        if layer.norm_first:
            x = torch.nn.functional.layer_norm(x, (x.shape[-1],), layer.norm1.weight.double(),
                                               layer.norm1.bias.double(), layer.norm1.eps)
        mha = layer.self_attn
        d, H = mha.embed_dim, mha.num_heads
        dh = d // H
        wv = mha.in_proj_weight[2 * d:].double()
        bv = mha.in_proj_bias[2 * d:].double()
        wo = mha.out_proj.weight.double()
        v = x @ wv.T + bv  # T x d
        per_head, total = [], 0
        for h in range(H):
            f = v[:, h * dh:(h + 1) * dh] @ wo[:, h * dh:(h + 1) * dh].T  # T x d: f^h(x_j)
            contrib = w[h].unsqueeze(-1) * f.unsqueeze(0)  # T x T x d
            per_head.append(contrib.norm(dim=-1).tolist())
            total = total + contrib
        out.append(dict(per_head=per_head, summed=total.norm(dim=-1).tolist()))
    return out


def model_case(name, d, text, words, removal_order):
    model, cfg, vocab = load_model(d)
    index = {t: i for i, t in enumerate(vocab)}
    toks = ([cfg["cls_token"]] if cfg["pooling"] == "cls" else []) + words
    ids = [index.get(t, index[cfg["unk_token"]]) for t in toks]
    first = 1 if cfg["pooling"] == "cls" else 0
    ids_t = torch.tensor([ids])
    kpm = torch.zeros(1, len(ids), dtype=torch.bool)
    inputs = []
    probs, maps = run(model, ids_t, kpm, inputs)
    c = int(torch.argmax(probs))
    stack = [m.tolist() for m in maps]
    lay = mixed(stack)
    ablation = []
    for layer in model.encoder.layers:
        H = layer.self_attn.num_heads
        dh = layer.self_attn.embed_dim // H
        row = []
        for h in range(H):
            saved = layer.self_attn.out_proj.weight.detach().clone()
            with torch.no_grad():
                layer.self_attn.out_proj.weight[:, h * dh:(h + 1) * dh] = 0
            p, _ = run(model, ids_t, kpm)
            with torch.no_grad():
                layer.self_attn.out_proj.weight.copy_(saved)
            row.append(float(p[c]))
        ablation.append(row)
    curve = [float(probs[c])]
    ids_k, kpm_k = list(ids), kpm.clone()
    for k in removal_order[:-1]:  # the last input is never removed (an all-padding input has no softmax)
        ids_k[first + k] = index[cfg["pad_token"]]
        kpm_k[0, first + k] = True
        p, _ = run(model, torch.tensor([ids_k]), kpm_k)
        curve.append(float(p[c]))
    return dict(name=name, model=os.path.relpath(d, ROOT), text=text, words=words, tokens=toks,
                predicted=c, probabilities=probs.tolist(), attention=stack, flow=nx_flow(lay).tolist(),
                rollout=np_rollout(lay).tolist(), value_norms=value_norms(model, inputs, maps),
                ablated_probability=ablation, deletion_order=removal_order, deletion_curve=curve)


def main():
    torch.set_num_threads(1)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "flow_graphs.json"), "w") as f:
        json.dump(graphs(), f)
    words = "the food was not good but the service was great .".split()
    cases = [model_case("sentiment", os.path.join(ROOT, "resources", "models", "sentiment"),
                        " ".join(words), words, [3, 9, 4, 1, 7, 0, 10, 2, 5, 6, 8])]
    pw = "i liked it but the plot was bad".split()
    cases.append(model_case("tc_pre_gelu_cls_learned",
                            os.path.join(ROOT, "tests", "data", "parity", "tc_pre_gelu_cls_learned"),
                            " ".join(pw), pw, [7, 1, 3, 0, 2, 4, 5, 6]))
    with open(os.path.join(OUT, "models.json"), "w") as f:
        json.dump(cases, f)


if __name__ == "__main__":
    main()
