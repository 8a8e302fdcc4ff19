#!/usr/bin/env python3
"""Reference numbers for the explanation methods on Hugging Face encoders (issue 17; read by
tests/core/test_hf_explain.cpp).

Regenerate (after training/hf_reference.py has written the fixtures it reads):

  OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/make_hf_explain_fixtures.py

Reads the committed fixtures tests/data/hf/bert-tiny (BertForSequenceClassification) and
tests/data/hf/vit-tiny (ViTForImageClassification, its image.png) and writes
tests/data/explain/hf-bert-tiny.json and tests/data/explain/hf-vit-tiny.json with, for one input each
(bert: hf_reference.BERT_TEXTS[1] tokenised by hf_reference.bert_encode; vit: image.png through
hf_reference.hf_image_preprocess):
  ids / tokens, input_positions   the sequence and the positions the explanation treats as inputs
                                  (bert: every token between [CLS] and the closing [SEP]; vit: the patches)
  logits, probabilities, predicted, attention [layer][head][T][T]
  gradients [layer][head][T][T]   d logit_c / d A_h by PyTorch autograd (c = the predicted class)
  relevance_map [T][T], relevance Chefer et al. 2021 as make_gradient_fixtures.chefer (the [CLS] row)
  rollout [T][T]                  make_explain_fixtures.np_rollout of (mean_h A + I) / row sum
  value_norms [layer][T][T]       ‖Σ_h α^h_ij f^h(x_j)‖ (Kobayashi et al. 2020) from what each layer's
                                  attention reads (bert: the layer input; vit: layernorm_before of it)
  ablated / uniform / permuted [layer][head]   p_c with the head's output zeroed, its weights uniform
                                  over the real keys, or its rows permuted (make_gradient_fixtures'
                                  std::mt19937 Fisher-Yates, seed PERMUTE_SEED)
  deletion_order, deletion_curve  p_c after removing the inputs in a fixed order, one at a time, the
                                  last never (bert: the token becomes [PAD] and is masked as a key;
                                  vit: the patch's pixel values become 0 after normalisation)
The forward is written out per head (so that every A_h is a node of the autograd graph) and is checked
against hf_reference.bert_forward / vit_forward (maps and logits to 1e-5) before anything is written.
Single-threaded float32 torch: the files are byte-identical on a rerun. CC0 like the other fixtures.
"""

import json
import math
import os
import sys

import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from attnviz.safetensors import load_file  # noqa: E402
from hf_reference import (BERT_TEXTS, bert_encode, bert_forward, hf_act, hf_image_preprocess,  # noqa: E402
                          layer_norm, linear, r6, vit_forward)
from make_explain_fixtures import mixed, np_rollout  # noqa: E402
from make_gradient_fixtures import PERMUTE_SEED, check_mt, chefer, permuted_rows  # noqa: E402

ROOT = os.path.join(HERE, "..")
HF = os.path.join(ROOT, "tests", "data", "hf")
OUT = os.path.join(ROOT, "tests", "data", "explain")


def read_dir(d):
    with open(os.path.join(d, "config.json")) as f:
        cfg = json.load(f)
    tensors, _ = load_file(os.path.join(d, "model.safetensors"))
    # The weights require grad so that autograd records the graph (only d logit / d A_h is asked for).
    return cfg, {k: torch.from_numpy(np.array(v, dtype=np.float32)).requires_grad_() for k, v in tensors.items()}


def self_attention(x, sd, a, H, allowed, switch, li, maps):
    """HF self-attention (query/key/value under prefix `a`) on x (T x d) with every head's A_h kept in
    `maps`. Returns the heads side by side (T x d), the value vectors (T x d, double) and the A_h."""
    T, d = x.shape
    hs = d // H
    q, k, v = linear(x, sd, a + "query"), linear(x, sd, a + "key"), linear(x, sd, a + "value")
    key_ok = torch.tensor(allowed, dtype=torch.bool)
    heads, outs = [], []
    for h in range(H):
        sl = slice(h * hs, (h + 1) * hs)
        s = (q[:, sl] @ k[:, sl].T) / math.sqrt(hs)
        s = s.masked_fill(~key_ok.unsqueeze(0), float("-inf"))  # transformers: + finfo.min, exp = 0
        w = torch.softmax(s, dim=-1)
        kind = switch[2] if switch and switch[0] == li and switch[1] == h else None
        if kind == "uniform":
            w = key_ok.to(w.dtype).expand_as(w) / key_ok.sum()
        elif kind == "permute":
            w = permuted_rows(w, allowed, PERMUTE_SEED)
        heads.append(w)
        o = w @ v[:, sl]
        outs.append(torch.zeros_like(o) if kind == "ablate" else o)
    maps.append(heads)
    return torch.cat(outs, dim=1), v.detach().double(), heads


def value_norm(v, heads, wo):
    """‖Σ_h α^h_ij f^h(x_j)‖, f^h(x_j) = v_j^h Wo^h^T (v: T x d with its bias, wo: d x d)."""
    hs = v.shape[1] // len(heads)
    total = 0
    for h, w in enumerate(heads):
        f = v[:, h * hs:(h + 1) * hs] @ wo[:, h * hs:(h + 1) * hs].T  # T x d
        total = total + w.detach().double().unsqueeze(-1) * f.unsqueeze(0)
    return total.norm(dim=-1)


def bert_case(d, text):
    cfg, sd = read_dir(d)
    with open(os.path.join(d, "vocab.txt"), encoding="utf-8") as f:
        vocab = [line.rstrip("\n") for line in f]
    ids = bert_encode(text, vocab)
    T, H, eps = len(ids), cfg["num_attention_heads"], cfg["layer_norm_eps"]
    pad = cfg.get("pad_token_id", 0)
    positions = list(range(1, T - 1))  # neither [CLS] nor the closing [SEP]
    p = "bert."

    def forward(switch, maps, removed=(), norms=None):
        ids_k, allowed = list(ids), [1] * T
        for k in removed:
            ids_k[positions[k]] = pad
            allowed[positions[k]] = 0
        ids_t = torch.tensor(ids_k)
        x = (sd[p + "embeddings.word_embeddings.weight"][ids_t]
             + sd[p + "embeddings.position_embeddings.weight"][torch.arange(T)]
             + sd[p + "embeddings.token_type_embeddings.weight"][torch.zeros(T, dtype=torch.long)])
        x = layer_norm(x, sd[p + "embeddings.LayerNorm.weight"], sd[p + "embeddings.LayerNorm.bias"], eps)
        for li in range(cfg["num_hidden_layers"]):
            q = f"{p}encoder.layer.{li}."
            ctx, v, heads = self_attention(x, sd, q + "attention.self.", H, allowed, switch, li, maps)
            if norms is not None:
                norms.append(value_norm(v, heads, sd[q + "attention.output.dense.weight"].double()))
            a = layer_norm(linear(ctx, sd, q + "attention.output.dense") + x,
                           sd[q + "attention.output.LayerNorm.weight"], sd[q + "attention.output.LayerNorm.bias"],
                           eps)
            hdn = hf_act(cfg["hidden_act"])(linear(a, sd, q + "intermediate.dense"))
            x = layer_norm(linear(hdn, sd, q + "output.dense") + a, sd[q + "output.LayerNorm.weight"],
                           sd[q + "output.LayerNorm.bias"], eps)
        pooled = torch.tanh(linear(x[0:1], sd, p + "pooler.dense"))
        return linear(pooled, sd, "classifier")[0]

    ref_maps, ref_logits = bert_forward(sd, cfg, ids)
    extra = dict(text=text, ids=ids, tokens=[vocab[i] for i in ids])
    return case(forward, T, positions, ref_maps, ref_logits, extra)


def vit_case(d):
    cfg, sd = read_dir(d)
    with open(os.path.join(d, "preprocessor_config.json")) as f:
        pp = json.load(f)
    _, pixels = hf_image_preprocess(Image.open(os.path.join(d, "image.png")), pp, cfg["num_channels"])
    pixels = torch.from_numpy(pixels)  # C x H x W
    H, eps, ps = cfg["num_attention_heads"], cfg["layer_norm_eps"], cfg["patch_size"]
    side = cfg["image_size"] // ps
    T = side * side + 1
    positions = list(range(1, T))
    p = "vit."
    e = p + "embeddings."

    def forward(switch, maps, removed=(), norms=None):
        px = pixels.clone()
        for k in removed:
            r, c = divmod(k, side)
            px[:, r * ps:(r + 1) * ps, c * ps:(c + 1) * ps] = 0  # the mean pixel after normalisation
        x = F.conv2d(px[None], sd[e + "patch_embeddings.projection.weight"],
                     sd[e + "patch_embeddings.projection.bias"], stride=ps).flatten(2).transpose(1, 2)[0]
        x = torch.cat([sd[e + "cls_token"][0], x], 0) + sd[e + "position_embeddings"][0]  # T x d
        for li in range(cfg["num_hidden_layers"]):
            q = f"{p}encoder.layer.{li}."
            h = layer_norm(x, sd[q + "layernorm_before.weight"], sd[q + "layernorm_before.bias"], eps)
            ctx, v, heads = self_attention(h, sd, q + "attention.attention.", H, [1] * T, switch, li, maps)
            if norms is not None:
                norms.append(value_norm(v, heads, sd[q + "attention.output.dense.weight"].double()))
            x = linear(ctx, sd, q + "attention.output.dense") + x
            h = layer_norm(x, sd[q + "layernorm_after.weight"], sd[q + "layernorm_after.bias"], eps)
            x = linear(hf_act(cfg["hidden_act"])(linear(h, sd, q + "intermediate.dense")), sd,
                       q + "output.dense") + x
        x = layer_norm(x[0:1], sd[p + "layernorm.weight"], sd[p + "layernorm.bias"], eps)
        return linear(x, sd, "classifier")[0]

    ref_maps, ref_logits = vit_forward(sd, cfg, pixels)
    return case(forward, T, positions, ref_maps, ref_logits, dict(image="tests/data/hf/vit-tiny/image.png"))


def case(forward, T, positions, ref_maps, ref_logits, extra):
    maps, norms = [], []
    logits = forward(None, maps, norms=norms)
    assert torch.allclose(logits, ref_logits, atol=1e-5), (logits, ref_logits)
    for li, heads in enumerate(maps):
        for h, a in enumerate(heads):
            assert torch.allclose(a, ref_maps[li][h], atol=1e-5), (li, h)
    c = int(torch.argmax(logits))
    H = len(maps[0])
    g = torch.autograd.grad(logits[c], [a for heads in maps for a in heads])
    grads = [list(g[li * H:(li + 1) * H]) for li in range(len(maps))]
    rmap, rel = chefer(maps, grads, [0], positions)
    stack = [[a.detach().double().numpy() for a in heads] for heads in maps]
    probs = torch.softmax(logits.detach().double(), -1)
    effects = {}
    with torch.no_grad():
        def p_c(switch=None, removed=()):
            return float(torch.softmax(forward(switch, [], removed).double(), -1)[c])

        for kind in ("ablate", "uniform", "permute"):
            effects[kind] = [[p_c((li, h, kind)) for h in range(H)] for li in range(len(maps))]
        n = len(positions)
        order = [(5 * k + 3) % n for k in range(n)] if math.gcd(5, n) == 1 else list(range(n))[::-1]
        curve = [p_c(removed=order[:k]) for k in range(n)]
    out = dict(extra)
    out.update(input_positions=positions, predicted=c, logits=r6(logits), probabilities=r6(probs),
               attention=r6(torch.tensor(np.array(stack))), gradients=r6(torch.stack([torch.stack(x) for x in grads])),
               relevance_map=r6(rmap), relevance=r6(torch.tensor(rel)),
               rollout=r6(torch.tensor(np_rollout(mixed(stack)))), value_norms=r6(torch.stack(norms)),
               ablated=r6(torch.tensor(effects["ablate"])), uniform=r6(torch.tensor(effects["uniform"])),
               permuted=r6(torch.tensor(effects["permute"])), permute_seed=PERMUTE_SEED,
               deletion_order=order, deletion_curve=r6(torch.tensor(curve)))
    return out


def main():
    torch.set_num_threads(1)
    check_mt()
    os.makedirs(OUT, exist_ok=True)
    for name, data in (("hf-bert-tiny.json", bert_case(os.path.join(HF, "bert-tiny"), BERT_TEXTS[1])),
                       ("hf-vit-tiny.json", vit_case(os.path.join(HF, "vit-tiny")))):
        with open(os.path.join(OUT, name), "w") as f:
            json.dump(data, f)
            f.write("\n")
        print("wrote", os.path.join("tests", "data", "explain", name))


if __name__ == "__main__":
    main()
