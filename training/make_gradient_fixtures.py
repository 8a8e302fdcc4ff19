#!/usr/bin/env python3
"""Reference numbers for the encoder backward pass, Chefer et al.'s gradient relevance and the
Jain & Wallace head tests (issue 17; read by tests/core/test_backward.cpp).

Writes tests/data/explain/gradients.json: for the shipped sentiment model (mean pooling, post-LN, relu;
once as is and once padded to 14 positions with the pads masked), the parity classifiers
tc_pre_gelu_cls_learned (cls pooling, pre-LN, gelu, final encoder norm) and tc_post_gelu_mean_learned,
and the shipped ViT on image 0 of tests/data/heldout/fashion-mnist-test-500-images.idx:
  gradients [layer][head][T][T]  d logit_c / d A_h by PyTorch autograd (c = the predicted class)
  relevance_map [T][T], relevance [inputs]   Chefer, Gur & Wolf 2021 ("Generic Attention-model
      Explainability for Interpreting Bi-Modal and Encoder-Decoder Transformers", ICCV, eq. 5-6, as in
      their code: cam = (grad * A).clamp(min=0).mean over heads; R = R + cam @ R, R starting at I);
      token relevance = the [CLS] row, or the mean of the real rows (mean pooling)
  ablated / uniform / permuted [layer][head]   p_c with the head's output zeroed, its weights made
      uniform over the real keys, or each row's weights over the real keys permuted (seed PERMUTE_SEED;
      rows in order, each a Fisher-Yates shuffle drawing gen() % i from one std::mt19937, re-implemented
      below and checked against the value the C++ standard fixes for the 10000th draw).
The attention is recomputed explicitly from each layer's parameters so that A_h is a node of the graph;
the script checks that this forward equals the modules' own forward (logits and maps to 1e-5).
Run: OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/make_gradient_fixtures.py
Generated from committed models and a committed image; CC0 like the other test fixtures.
"""

import json
import math
import os
import sys

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from attnviz.models import TransformerClassifier, ViT  # noqa: E402
from attnviz.safetensors import load_file  # noqa: E402

ROOT = os.path.join(HERE, "..")
OUT = os.path.join(ROOT, "tests", "data", "explain", "gradients.json")
PERMUTE_SEED = 17


class MT19937:
    """The 32-bit Mersenne Twister of Matsumoto & Nishimura 1998 (std::mt19937, seeded by init_genrand)."""

    def __init__(self, seed):
        self.mt = [seed & 0xFFFFFFFF]
        for i in range(1, 624):
            self.mt.append((1812433253 * (self.mt[-1] ^ (self.mt[-1] >> 30)) + i) & 0xFFFFFFFF)
        self.i = 624

    def __call__(self):
        if self.i >= 624:
            for k in range(624):
                y = (self.mt[k] & 0x80000000) | (self.mt[(k + 1) % 624] & 0x7FFFFFFF)
                self.mt[k] = self.mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.i = 0
        y = self.mt[self.i]
        self.i += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y & 0xFFFFFFFF


def check_mt():
    g = MT19937(5489)
    for _ in range(9999):
        g()
    assert g() == 4123659995, "MT19937 does not match std::mt19937 ([rand.predef])"


def permuted_rows(a, allowed, seed):
    """a: T x T weights; each row's allowed-key weights permuted (see the docstring)."""
    gen = MT19937(seed)
    keys = [j for j in range(a.shape[1]) if allowed[j]]
    rows = []
    for i in range(a.shape[0]):
        order = list(range(len(keys)))
        for n in range(len(keys), 1, -1):
            j = gen() % n
            order[n - 1], order[j] = order[j], order[n - 1]
        src = torch.tensor([keys[o] for o in order], dtype=torch.long)
        row = a[i].clone()
        row[torch.tensor(keys, dtype=torch.long)] = a[i][src]
        rows.append(row)
    return torch.stack(rows)


def attention(layer, x, allowed, switch, li, maps):
    """Self-attention of `layer` on x (T x d) with every head's A_h kept in `maps`."""
    m = layer.self_attn
    d, H = m.embed_dim, m.num_heads
    dh = d // H
    qkv = F.linear(x, m.in_proj_weight, m.in_proj_bias)
    q, k, v = qkv[:, :d], qkv[:, d:2 * d], qkv[:, 2 * d:]
    key_ok = torch.tensor(allowed, dtype=torch.bool)
    outs, heads = [], []
    for h in range(H):
        sl = slice(h * dh, (h + 1) * dh)
        s = (q[:, sl] @ k[:, sl].T) / math.sqrt(dh)
        s = s.masked_fill(~key_ok.unsqueeze(0), float("-inf"))
        a = torch.softmax(s, dim=-1)
        kind = switch[2] if switch and switch[0] == li and switch[1] == h else None
        if kind == "uniform":
            a = key_ok.to(a.dtype).expand_as(a) / key_ok.sum()
        elif kind == "permute":
            a = permuted_rows(a, allowed, PERMUTE_SEED)
        heads.append(a)
        o = a @ v[:, sl]
        outs.append(torch.zeros_like(o) if kind == "ablate" else o)
    maps.append(heads)
    return F.linear(torch.cat(outs, dim=1), m.out_proj.weight, m.out_proj.bias)


def encoder(enc, x, allowed, switch, maps):
    for li, layer in enumerate(enc.layers):
        def ff(h):
            return layer.linear2(layer.activation(layer.linear1(h)))
        if layer.norm_first:
            x = x + attention(layer, layer.norm1(x), allowed, switch, li, maps)
            x = x + ff(layer.norm2(x))
        else:
            x = layer.norm1(x + attention(layer, x, allowed, switch, li, maps))
            x = layer.norm2(x + ff(x))
    return enc.norm(x) if enc.norm is not None else x


def load(d, cls):
    with open(os.path.join(d, "config.json")) as f:
        cfg = json.load(f)
    model = cls(cfg)
    tensors, _ = load_file(os.path.join(d, "model.safetensors"))
    missing, unexpected = model.load_state_dict({k: torch.from_numpy(np.array(v)) for k, v in tensors.items()},
                                                strict=False)
    if missing or unexpected:
        raise ValueError(f"{d}: missing {missing}, unexpected {unexpected}")
    model.eval()
    return model, cfg


def chefer(maps, grads, rows, positions):
    T = maps[0][0].shape[0]
    r = torch.eye(T, dtype=torch.float64)
    for heads, gs in zip(maps, grads):
        cam = torch.stack([(g.double() * a.double()).clamp(min=0) for a, g in zip(heads, gs)]).mean(0)
        r = r + cam @ r
    tok = r[rows].mean(0)
    return r, [float(tok[p]) for p in positions]


def case(name, model_dir, forward, allowed, positions, cls_pooled, reference, extra):
    """forward(switch, maps) -> logits (n_labels); reference() -> (logits, maps) of the modules."""
    maps = []
    logits = forward(None, maps)
    ref_logits, ref_maps = reference()
    assert torch.allclose(logits, ref_logits, atol=1e-5), (name, logits, ref_logits)
    for mine, theirs in zip(maps, ref_maps):
        for h, a in enumerate(mine):
            assert torch.allclose(a, theirs[0, h], atol=1e-5), name
    c = int(torch.argmax(logits))
    flat = [a for heads in maps for a in heads]
    g = torch.autograd.grad(logits[c], flat)
    H = len(maps[0])
    grads = [list(g[l * H:(l + 1) * H]) for l in range(len(maps))]
    rows = [0] if cls_pooled else [i for i, ok in enumerate(allowed) if ok]
    rmap, rel = chefer(maps, grads, rows, positions)
    probs = torch.softmax(logits.detach().double(), -1)
    effects = {}
    with torch.no_grad():
        for kind in ("ablate", "uniform", "permute"):
            effects[kind] = [[float(torch.softmax(forward((l, h, kind), []).double(), -1)[c])
                              for h in range(H)] for l in range(len(maps))]
    out = dict(name=name, model=os.path.relpath(model_dir, ROOT), predicted=c, probabilities=probs.tolist(),
               logits=logits.detach().double().tolist(), key_allowed=allowed, input_positions=positions,
               gradients=[[t.double().tolist() for t in gs] for gs in grads], relevance_map=rmap.tolist(),
               relevance=rel, ablated=effects["ablate"], uniform=effects["uniform"],
               permuted=effects["permute"], permute_seed=PERMUTE_SEED)
    out.update(extra)
    return out


def text_case(name, model_dir, words, pad_to=0):
    model, cfg = load(model_dir, TransformerClassifier)
    with open(os.path.join(model_dir, "vocab.txt")) as f:
        index = {line.rstrip("\n"): i for i, line in enumerate(f)}
    cls_pooled = cfg["pooling"] == "cls"
    toks = ([cfg["cls_token"]] if cls_pooled else []) + words
    ids = [index.get(t, index[cfg["unk_token"]]) for t in toks]
    real = len(ids)
    ids += [index[cfg["pad_token"]]] * max(0, pad_to - real)
    allowed = [1] * real + [0] * (len(ids) - real)
    ids_t = torch.tensor([ids])
    kpm = torch.tensor([[not a for a in allowed]])
    T = len(ids)

    def forward(switch, maps):
        x = model.embedding(ids_t)[0]
        if model.scale_embedding:
            x = x * math.sqrt(model.d_model)
        x = x + (model.pos_embedding.weight[:T] if model.positional == "learned" else model.pe[:T])
        x = encoder(model.encoder, x, allowed, switch, maps)
        if cls_pooled:
            pooled = x[0]
        else:
            keep = torch.tensor(allowed, dtype=x.dtype).unsqueeze(-1)
            pooled = (x * keep).sum(0) / keep.sum()
        return model.classifier(pooled)

    def reference():
        with torch.no_grad():
            logits, maps = model(ids_t, kpm)
        return logits[0], maps

    first = 1 if cls_pooled else 0
    return case(name, model_dir, forward, allowed, list(range(first, real)), cls_pooled, reference,
                dict(words=words, tokens=toks + [cfg["pad_token"]] * (len(ids) - real), pad_to=pad_to))


def read_idx_image(path, index):
    with open(path, "rb") as f:
        data = f.read()
    assert data[2] == 8 and data[3] == 3
    n, rows, cols = (int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(3))
    assert index < n
    off = 16 + index * rows * cols
    return np.frombuffer(data[off:off + rows * cols], dtype=np.uint8).reshape(rows, cols)


def vit_case(name, model_dir, image_file, index):
    model, cfg = load(model_dir, ViT)
    pixels = read_idx_image(image_file, index).astype(np.float32) / 255.0
    assert cfg["in_channels"] == 1 and pixels.shape[0] == cfg["image_size"]
    img = torch.from_numpy((pixels - cfg["mean"][0]) / cfg["std"][0]).reshape(1, 1, *pixels.shape)
    T = model.n_patches + 1
    allowed = [1] * T

    def forward(switch, maps):
        x = model.patch_embed(img)
        x = torch.cat((model.cls_token.expand(1, -1, -1), x), dim=1)
        x = (x + (model.pos_embed if model.positional == "learned" else model.pe))[0]
        x = encoder(model.encoder, x, allowed, switch, maps)
        return model.head(model.norm(x[0]))

    def reference():
        with torch.no_grad():
            logits, maps = model(img)
        return logits[0], maps

    return case(name, model_dir, forward, allowed, list(range(1, T)), True, reference,
                dict(image=os.path.relpath(image_file, ROOT), index=index))


def main():
    torch.set_num_threads(1)
    check_mt()
    words = "the food was not good but the service was great .".split()
    sentiment = os.path.join(ROOT, "resources", "models", "sentiment")
    parity = os.path.join(ROOT, "tests", "data", "parity")
    cases = [
        text_case("sentiment", sentiment, words),
        text_case("sentiment_padded", sentiment, words, pad_to=14),
        text_case("tc_pre_gelu_cls_learned", os.path.join(parity, "tc_pre_gelu_cls_learned"),
                  "i liked it but the plot was bad".split()),
        text_case("tc_post_gelu_mean_learned", os.path.join(parity, "tc_post_gelu_mean_learned"),
                  "a truly wonderful film".split(), pad_to=6),
        vit_case("vit-fashion-mnist", os.path.join(ROOT, "resources", "models", "vit-fashion-mnist"),
                 os.path.join(ROOT, "tests", "data", "heldout", "fashion-mnist-test-500-images.idx"), 0),
    ]
    with open(OUT, "w") as f:
        json.dump(cases, f)


if __name__ == "__main__":
    main()
