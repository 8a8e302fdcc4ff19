#!/usr/bin/env python3
"""Independent PyTorch reference for the engine's traced encoder layer (issue 14).

Builds tiny random transformer_classifier checkpoints whose encoder layers are stock
torch.nn.TransformerEncoderLayer modules (post-LN and pre-LN, relu and gelu), runs the STOCK layer
forward (nn.TransformerEncoderLayer.forward, not attnviz's forward_with_attention) with forward hooks on
self_attn, linear1, linear2, norm1 and norm2, and writes tests/data/parity/layer_<variant>/:
config.json, model.safetensors, vocab.txt and expected.json with every intermediate of every layer.

Per-head q, k, v, scores, weights and head outputs are recomputed from the hooked input of self_attn with
in_proj_weight / in_proj_bias (PyTorch packs [Wq; Wk; Wv]); the script asserts that these heads, concatenated
and put through out_proj, give the hooked self_attn output, and that the weights equal
self_attn(..., need_weights=True, average_attn_weights=False).

The what-ifs are computed in PyTorch with the same change made to the model, not to the engine's numbers:
  no_positions   the positional table is zeroed                    (pe buffer / pos_embedding.weight)
  shuffle        the words permuted by `order`, without positions
  no_residual_1  layer L's forward without "x +" around self-attention (stock sub-blocks _sa_block/_ff_block)
  no_residual_2  the same around the feed-forward block
  ablate_head    head H's output zeroed: the columns of layer L's out_proj.weight that multiply head H are 0
  uniform_head   head H's query rows of in_proj (weight and bias) are 0, so every score is 0 and the softmax
                 is uniform over the allowed keys
  no_mask        a padded sentence run with key_padding_mask all False (pads attended to and pooled)

The C++ tests (tests/core/test_layer_trace.cpp) compare the engine to these at 1e-5.
Run with Debian's torch:  OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/make_layer_fixture.py
The models are random (seeded); the files are this project's, under the repository's licence.
"""

import copy
import json
import math
import os
import shutil
import sys

import torch
import torch.nn.functional as F
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnviz.export import export_checkpoint  # noqa: E402
from attnviz.models import TransformerClassifier  # noqa: E402
from make_parity_fixtures import randomize  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "parity")
WORDS = ["the", "teacher", "praised", "a", "student", "because", "she", "improved", "film", "was", "good",
         "bad", "not", "."]
VOCAB = ["<pad>", "<unk>"] + WORDS
TOL = 1e-5


def rounded(t):
    """Nested lists; 9 significant digits round-trip a float32 exactly."""
    t = t.detach().double()
    if t.dim() == 0:
        return float(f"{t.item():.9g}")
    return [rounded(s) for s in t]


def positions_of(model, T):
    if model.positional == "learned":
        return model.pos_embedding.weight[:T]
    return model.pe[:T]


def heads_of(layer, x_in, kpm):
    """Per-head steps of self-attention, recomputed from its input x_in [T, d]."""
    sa = layer.self_attn
    d, h = sa.embed_dim, sa.num_heads
    dh = d // h
    qkv = F.linear(x_in, sa.in_proj_weight, sa.in_proj_bias)  # T x 3d
    q, k, v = qkv[:, :d], qkv[:, d:2 * d], qkv[:, 2 * d:]
    split = lambda m: m.reshape(-1, h, dh).transpose(0, 1)  # noqa: E731  [h, T, dh]
    q, k, v = split(q), split(k), split(v)
    scores = q @ k.transpose(1, 2)  # h x T x T
    scaled = scores / math.sqrt(dh)
    masked = scaled.masked_fill(kpm.view(1, 1, -1), float("-inf")) if kpm is not None else scaled
    weights = torch.softmax(masked, dim=-1)
    heads_out = weights @ v  # h x T x dh
    concat = heads_out.transpose(0, 1).reshape(-1, d)
    return dict(q=q, k=k, v=v, scores=scores, scaled=scaled, weights=weights, heads_out=heads_out,
                concat=concat)


def traced_layer(layer, x, kpm):
    """Runs the stock nn.TransformerEncoderLayer.forward on x [T, d] with hooks; returns (y, record)."""
    seen = {}

    def keep(name):
        def hook(module, args, out):
            seen[name + ".in"] = args[0]
            seen[name + ".out"] = out[0] if isinstance(out, tuple) else out
        return hook

    handles = [getattr(layer, n).register_forward_hook(keep(n))
               for n in ("self_attn", "linear1", "linear2", "norm1", "norm2")]
    # Grad enabled and parameters requiring grad: the stock forward takes its Python path (no fused
    # fast path), so the hooks fire.
    y = nn.TransformerEncoderLayer.forward(layer, x.unsqueeze(0),
                                           src_key_padding_mask=None if kpm is None else kpm.unsqueeze(0))[0]
    for hd in handles:
        hd.remove()
    s = {k: v[0] for k, v in seen.items()}  # drop the batch dimension
    hs = heads_of(layer, s["self_attn.in"], kpm)
    attn_out = F.linear(hs["concat"], layer.self_attn.out_proj.weight, layer.self_attn.out_proj.bias)
    assert torch.allclose(attn_out, s["self_attn.out"], atol=1e-6), "heads do not rebuild self_attn output"
    _, w = layer.self_attn(s["self_attn.in"].unsqueeze(0), s["self_attn.in"].unsqueeze(0),
                           s["self_attn.in"].unsqueeze(0), need_weights=True, average_attn_weights=False,
                           key_padding_mask=None if kpm is None else kpm.unsqueeze(0))
    assert torch.allclose(w[0], hs["weights"], atol=1e-6), "recomputed weights differ from nn.MultiheadAttention"
    var_mean = lambda m: torch.var_mean(m, dim=-1, unbiased=False)  # noqa: E731
    v1, m1 = var_mean(s["norm1.in"])
    v2, m2 = var_mean(s["norm2.in"])
    if layer.norm_first:
        residual1, residual2 = s["norm2.in"], y
    else:
        residual1, residual2 = s["norm1.in"], s["norm2.in"]
    rec = dict(input=x, attn_input=s["self_attn.in"], attn_out=s["self_attn.out"], residual1=residual1,
               norm1=s["norm1.out"], norm1_mean=m1, norm1_var=v1, ff_input=s["linear1.in"], ff_pre=s["linear1.out"],
               ff_hidden=s["linear2.in"], ff_out=s["linear2.out"], residual2=residual2, norm2=s["norm2.out"],
               norm2_mean=m2, norm2_var=v2, output=y, **hs)
    return y, rec


def no_residual_forward(layer, which):
    """The stock layer's steps (its _sa_block / _ff_block) with residual `which` (1 or 2) left out."""

    def forward(src, src_mask=None, src_key_padding_mask=None, **_):
        x = src
        if layer.norm_first:
            a = layer._sa_block(layer.norm1(x), src_mask, src_key_padding_mask)
            x = a if which == 1 else x + a
            f = layer._ff_block(layer.norm2(x))
            return f if which == 2 else x + f
        a = layer._sa_block(x, src_mask, src_key_padding_mask)
        x = layer.norm1(a if which == 1 else x + a)
        f = layer._ff_block(x)
        return layer.norm2(f if which == 2 else x + f)

    return forward


def run_model(model, ids, kpm, use_positions=True, trace=False):
    """Embeddings + positions, each layer (traced or with any patched forward), pooling, classifier."""
    T = len(ids)
    ids_t = torch.tensor(ids)
    emb = model.embedding(ids_t) * (math.sqrt(model.d_model) if model.scale_embedding else 1.0)
    pos = positions_of(model, T) if use_positions else torch.zeros(T, model.d_model)
    x = emb + pos
    out = dict(embeddings=emb, positions=pos, input=x, layers=[], weights=[])
    for layer in model.encoder.layers:
        if trace:
            x, rec = traced_layer(layer, x, kpm)
            out["layers"].append(rec)
            out["weights"].append(rec["weights"])
        else:
            xin = x
            x = layer(xin.unsqueeze(0), src_key_padding_mask=None if kpm is None else kpm.unsqueeze(0))[0]
            a_in = (layer.norm1(xin) if layer.norm_first else xin).unsqueeze(0)
            _, w = layer.self_attn(a_in, a_in, a_in, need_weights=True,
                                   average_attn_weights=False,
                                   key_padding_mask=None if kpm is None else kpm.unsqueeze(0))
            out["weights"].append(w[0])
    if model.encoder.norm is not None:
        x = model.encoder.norm(x)
    keep = torch.ones(T) if kpm is None else (~kpm).float()
    pooled = x[0] if model.pooling == "cls" else (x * keep.unsqueeze(1)).sum(0) / keep.sum().clamp(min=1.0)
    out["logits"] = model.classifier(pooled)
    out["final"] = x
    return out


def check_against_model(model, ids, kpm, result):
    """The traced run must give the model's own forward (attnviz.models) logits."""
    logits, _ = model(torch.tensor([ids]), key_padding_mask=torch.zeros(1, len(ids), dtype=torch.bool)
                      if kpm is None else kpm.unsqueeze(0))
    assert torch.allclose(logits[0], result["logits"], atol=1e-5), "traced run differs from the model forward"


def encode(words, pad_to=0):
    ids = [VOCAB.index(w) if w in VOCAB else 1 for w in words]
    real = len(ids)
    ids += [0] * max(0, pad_to - len(ids))
    kpm = torch.tensor([i >= real for i in range(len(ids))]) if pad_to > real else None
    return ids, kpm


def trace_json(res):
    layers = []
    for rec in res["layers"]:
        layers.append({k: rounded(v) for k, v in rec.items()})
    return dict(embeddings=rounded(res["embeddings"]), positions=rounded(res["positions"]),
                input=rounded(res["input"]), logits=rounded(res["logits"]), layers=layers)


def whatif_json(res):
    return dict(logits=rounded(res["logits"]), weights=[rounded(w) for w in res["weights"]],
                output=rounded(res["final"]))


def variant(name, seed, layer_index, head, **over):
    cfg = dict(architecture="transformer_classifier", vocab_size=len(VOCAB), d_model=8, n_heads=2, n_layers=2,
               ff_dim=16, max_len=16, norm_first=False, activation="relu", layer_norm_eps=1e-5, pooling="mean",
               positional="sinusoidal", scale_embedding=False, pad_token="<pad>", unk_token="<unk>",
               labels=["negative", "positive"], dropout=0.0)
    cfg.update(over)
    torch.manual_seed(seed)
    model = TransformerClassifier(cfg)
    randomize(model, seed)
    model.eval()
    out_dir = os.path.join(ROOT, name)
    shutil.rmtree(out_dir, ignore_errors=True)
    cfg = export_checkpoint(model, cfg, out_dir, vocab=VOCAB)

    sentence = ["the", "teacher", "praised", "a", "student", "because", "she", "improved"]
    padded = ["the", "film", "was", "not", "good", "."]
    pad_to = 9
    cases = []
    for words, pt in ((sentence, 0), (padded, pad_to)):
        ids, kpm = encode(words, pt)
        res = run_model(model, ids, kpm, trace=True)
        check_against_model(model, ids, kpm, res)
        cases.append(dict(words=words, pad_to=pt, ids=ids, **trace_json(res)))

    ids, kpm = encode(sentence)
    whatifs = {}
    whatifs["no_positions"] = whatif_json(run_model(model, ids, kpm, use_positions=False))
    order = [6, 0, 3, 7, 1, 5, 2, 4]  # shuffled word i = sentence[order[i]]
    sids, skpm = encode([sentence[i] for i in order])
    whatifs["shuffle"] = dict(order=order, **whatif_json(run_model(model, sids, skpm, use_positions=False)))
    for which in (1, 2):
        m = copy.deepcopy(model)
        m.encoder.layers[layer_index].forward = no_residual_forward(m.encoder.layers[layer_index], which)
        whatifs[f"no_residual_{which}"] = whatif_json(run_model(m, ids, kpm))
    d, dh = cfg["d_model"], cfg["d_model"] // cfg["n_heads"]
    m = copy.deepcopy(model)
    with torch.no_grad():
        m.encoder.layers[layer_index].self_attn.out_proj.weight[:, head * dh:(head + 1) * dh] = 0
    whatifs["ablate_head"] = whatif_json(run_model(m, ids, kpm))
    m = copy.deepcopy(model)
    with torch.no_grad():
        m.encoder.layers[layer_index].self_attn.in_proj_weight[head * dh:(head + 1) * dh] = 0
        m.encoder.layers[layer_index].self_attn.in_proj_bias[head * dh:(head + 1) * dh] = 0
    whatifs["uniform_head"] = whatif_json(run_model(m, ids, kpm))
    pids, _ = encode(padded, pad_to)
    whatifs["no_mask"] = dict(words=padded, pad_to=pad_to,
                              **whatif_json(run_model(model, pids, torch.zeros(len(pids), dtype=torch.bool))))
    data = dict(variant=name, norm_first=cfg["norm_first"], activation=cfg["activation"], layer=layer_index,
                head=head, cases=cases, whatifs=whatifs)
    with open(os.path.join(out_dir, "expected.json"), "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")


def main():
    torch.set_num_threads(1)
    variant("layer_post_relu", 101, 0, 1)
    variant("layer_pre_gelu", 102, 1, 0, norm_first=True, activation="gelu", positional="learned")
    variant("layer_post_gelu", 103, 1, 1, activation="gelu", scale_embedding=True)
    variant("layer_pre_relu", 104, 0, 0, norm_first=True, positional="learned")
    total = sum(os.path.getsize(os.path.join(ROOT, d, f)) for d in os.listdir(ROOT) if d.startswith("layer_")
                for f in os.listdir(os.path.join(ROOT, d)))
    print(f"wrote {ROOT}/layer_* ({total} bytes)")


if __name__ == "__main__":
    main()
