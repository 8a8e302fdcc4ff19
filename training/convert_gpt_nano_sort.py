#!/usr/bin/env python3
"""Converts llm-viz's minGPT sorting model to Hugging Face GPT-2 layout, and llm-viz's own reference
activations to a small fixture for the C++ parity test.

Source: bbycroft/llm-viz (MIT licence, Copyright Brendan Bycroft), commit
9da93742382f1bf36c020c38a1ace454e82c4490, public/gpt-nano-sort-model.json and
public/gpt-nano-sort-t0-partials.json. The model is Andrej Karpathy's minGPT "sort" demo: six letters of
{A, B, C} (ids 0, 1, 2) continued by the same six in sorted order.

minGPT keeps GPT-2's architecture, but stores its projections as nn.Linear [out, in]; Hugging Face's
GPT-2 stores them as Conv1D [in, out], so c_attn, c_proj, c_fc and mlp.c_proj are transposed here.
minGPT's lm_head has no bias and is not tied to wte, so config.json says tie_word_embeddings: false.
The causal-mask buffers h.N.attn.bias [1, 1, 11, 11] are kept, as GPT-2 checkpoints of older
transformers versions carry them (the loader recognises and skips them).

  /usr/bin/python3 training/convert_gpt_nano_sort.py \
      --src ../shared/real-models/gpt-nano-sort --out tests/data/hf/gpt-nano-sort resources/models/gpt-nano-sort

Writes to each --out directory: config.json, model.safetensors, LICENSE, README.md; to the first one
also reference.json (input ids, llm-viz's attention softmax of every block it recorded, logits, probs).
Before writing, a numpy forward pass of the converted weights is checked against llm-viz's activations.
"""

import argparse
import base64
import hashlib
import json
import os
import shutil
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnviz.safetensors import save_file  # noqa: E402

MODEL_SHA = "a38d5f450e0c808305973c587cdd389ca4de92bbf60fa6a4482bf9a03f0a6051"
PARTIALS_SHA = "642b29b966fc4d90e4672a54c7cfda72b5249427b2b1561c83cd536b857195e9"
SOURCE = "bbycroft/llm-viz, commit 9da93742382f1bf36c020c38a1ace454e82c4490, public/"


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def decode(entry):
    assert entry["dtype"] in ("float32", "torch.float32"), entry["dtype"]
    raw = base64.b64decode(entry["data"])
    return np.frombuffer(raw, dtype="<f4").reshape(entry["shape"]).copy()


def convert(model):
    cfg = model["config"]
    out = {}
    for name, entry in model.items():
        if name == "config":
            continue
        a = decode(entry)
        if any(name.endswith(s) for s in (".c_attn.weight", ".c_proj.weight", ".c_fc.weight")):
            a = np.ascontiguousarray(a.T)  # nn.Linear [out, in] -> Conv1D [in, out]
        out[name] = a
    config = {
        "model_type": "gpt2",
        "architectures": ["GPT2LMHeadModel"],
        "vocab_size": cfg["vocab_size"],
        "n_positions": cfg["block_size"],
        "n_ctx": cfg["block_size"],
        "n_embd": cfg["n_embd"],
        "n_layer": cfg["n_layer"],
        "n_head": cfg["n_head"],
        "n_inner": None,
        "activation_function": "gelu_new",
        "layer_norm_epsilon": 1e-5,
        "tie_word_embeddings": False,
        "scale_attn_weights": True,
        "bos_token_id": None,
        "eos_token_id": None,
        "attnviz_source": "minGPT sort demo from " + SOURCE + " (MIT); converted by training/convert_gpt_nano_sort.py",
    }
    return config, out


def layer_norm(x, w, b, eps=1e-5):
    m = x.mean(-1, keepdims=True)
    v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) / np.sqrt(v + eps) * w + b


def gelu_new(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))


def forward(t, cfg, ids):
    """numpy forward of the converted (HF layout) weights; float64. Returns (softmax per layer, logits)."""
    d, H = cfg["n_embd"], cfg["n_head"]
    hs = d // H
    T = len(ids)
    g = {k: v.astype(np.float64) for k, v in t.items()}
    x = g["transformer.wte.weight"][ids] + g["transformer.wpe.weight"][:T]
    maps = []
    for layer in range(cfg["n_layer"]):
        p = f"transformer.h.{layer}."
        a = layer_norm(x, g[p + "ln_1.weight"], g[p + "ln_1.bias"])
        qkv = a @ g[p + "attn.c_attn.weight"] + g[p + "attn.c_attn.bias"]
        q, k, v = qkv[:, :d], qkv[:, d : 2 * d], qkv[:, 2 * d :]
        y = np.zeros((T, d))
        sm = []
        for h in range(H):
            s = q[:, h * hs : (h + 1) * hs] @ k[:, h * hs : (h + 1) * hs].T / np.sqrt(hs)
            s = np.where(np.tril(np.ones((T, T))) > 0, s, -np.inf)
            e = np.exp(s - s.max(-1, keepdims=True))
            A = e / e.sum(-1, keepdims=True)
            sm.append(A)
            y[:, h * hs : (h + 1) * hs] = A @ v[:, h * hs : (h + 1) * hs]
        maps.append(np.stack(sm))
        x = x + y @ g[p + "attn.c_proj.weight"] + g[p + "attn.c_proj.bias"]
        m = gelu_new(layer_norm(x, g[p + "ln_2.weight"], g[p + "ln_2.bias"]) @ g[p + "mlp.c_fc.weight"] + g[p + "mlp.c_fc.bias"])
        x = x + m @ g[p + "mlp.c_proj.weight"] + g[p + "mlp.c_proj.bias"]
    x = layer_norm(x, g["transformer.ln_f.weight"], g["transformer.ln_f.bias"])
    return np.stack(maps), x @ g["lm_head.weight"].T


README = """# gpt-nano-sort — minGPT's sorting model, in Hugging Face GPT-2 layout

**Source and licence.** The weights are those of the demo model that bbycroft/llm-viz (the 3-D "LLM
Visualization") runs: Andrej Karpathy's minGPT trained to sort six letters from {{A, B, C}}. Taken unchanged
from {source} (`gpt-nano-sort-model.json`, sha256 {msha}); MIT licence, Copyright Brendan Bycroft — see
`LICENSE` (kept with the files wherever they are shipped).{ref}

**What it does.** Input: six token ids from {{0, 1, 2}} (A, B, C). Greedy continuation: the same six ids in
sorted order. 3 layers, 3 heads, n_embd 48, vocabulary 3, 11 positions (6 + 5 fed back), 85,728
parameters. No tokenizer files: the model takes token ids only
(`attnviz generate --model DIR --token-ids 2,0,1,1,0,2 --max-new 6`).

**Conversion** (reproducible): `/usr/bin/python3 training/convert_gpt_nano_sort.py --src
../shared/real-models/gpt-nano-sort --out tests/data/hf/gpt-nano-sort resources/models/gpt-nano-sort`.
minGPT's nn.Linear weights [out, in] become GPT-2's Conv1D [in, out] (transposed); `lm_head.weight` is kept
(untied, `tie_word_embeddings: false`); the causal-mask buffers `h.N.attn.bias` are kept as older GPT-2
checkpoints have them. The script checks a numpy forward pass of the converted weights against llm-viz's
recorded activations before writing.
"""

REF_NOTE = """

`reference.json` holds llm-viz's own recorded activations for its three inputs (from
`gpt-nano-sort-t0-partials.json`, sha256 {psha}, same source and licence): `idx` (input ids, 3 x 11),
`attention` (the softmaxed attention maps it recorded, [input][head][T][T], `attention_block` says which
block), `logits` (lm_head output, [input][T][vocab]) and `probs`."""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--out", nargs="+", required=True)
    args = ap.parse_args()
    mpath = os.path.join(args.src, "gpt-nano-sort-model.json")
    ppath = os.path.join(args.src, "gpt-nano-sort-t0-partials.json")
    for p, want in ((mpath, MODEL_SHA), (ppath, PARTIALS_SHA)):
        got = sha256(p)
        if got != want:
            sys.exit(f"{p}: sha256 {got}, expected {want}")
    with open(mpath) as f:
        model = json.load(f)
    with open(ppath) as f:
        partials = json.load(f)
    config, tensors = convert(model)
    cfg = model["config"]

    idx = decode(partials["idx"]).astype(np.int64)  # [B, T]
    att_ref = decode(partials["attSm"])  # [B, H, T, T]
    logits_ref = decode(partials["lm_head"])  # [B, T, V]
    probs_ref = decode(partials["probs"])
    block = None
    worst = 0.0
    for b in range(idx.shape[0]):
        maps, logits = forward(tensors, cfg, list(idx[b]))
        worst = max(worst, float(np.abs(logits - logits_ref[b]).max()))
        matches = [layer for layer in range(cfg["n_layer"]) if np.abs(maps[layer] - att_ref[b]).max() < 1e-5]
        if not matches:
            sys.exit(f"input {b}: llm-viz's attSm matches no block of the converted model")
        block = matches[0] if block is None else block
        assert block in matches
    if worst > 1e-4:
        sys.exit(f"converted logits differ from llm-viz's by {worst}")
    print(f"check: llm-viz attSm is block {block}; logits max |diff| {worst:.2e} (float64 numpy vs llm-viz)")

    for i, out in enumerate(args.out):
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "config.json"), "w") as f:
            json.dump(config, f, indent=2)
            f.write("\n")
        save_file(tensors, os.path.join(out, "model.safetensors"), metadata={"format": "pt"})
        shutil.copyfile(os.path.join(args.src, "LICENSE"), os.path.join(out, "LICENSE"))
        ref = REF_NOTE.format(psha=PARTIALS_SHA) if i == 0 else ""
        with open(os.path.join(out, "README.md"), "w") as f:
            f.write(README.format(source=SOURCE, msha=MODEL_SHA, ref=ref))
        if i == 0:
            fixture = {
                "source": SOURCE + "gpt-nano-sort-t0-partials.json (MIT, Copyright Brendan Bycroft)",
                "idx": idx.tolist(),
                "attention_block": block,
                "attention": att_ref.astype(float).tolist(),
                "logits": logits_ref.astype(float).tolist(),
                "probs": probs_ref.astype(float).tolist(),
            }
            with open(os.path.join(out, "reference.json"), "w") as f:
                json.dump(fixture, f)
                f.write("\n")
        print("wrote", out)


if __name__ == "__main__":
    main()
