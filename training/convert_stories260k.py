#!/usr/bin/env python3
"""Converts llama2.c's "stories260K" (a real trained Llama that writes children's stories) to the Hugging
Face Llama layout that attnviz reads, and writes a greedy-decoding fixture for the C++ test.

Source: Andrej Karpathy's llama2.c (MIT), the smallest "tinyllamas" checkpoint, trained on TinyStories;
unchanged copies of stories260K.bin and tok512.model from icppWorld/icpp_llm (MIT), commit
6c9bf2ee6c19a98a13d54e93d5d415bf20781cce, folder llama2_c/stories260K/.

llama2.c's legacy checkpoint: seven little-endian int32 (dim, hidden_dim, n_layers, n_heads, n_kv_heads,
vocab_size, seq_len; a negative vocab_size means an untied classifier), then float32 tensors: token
embedding [vocab, dim], then per kind for every layer: rms_att [dim], wq [dim, dim], wk [kv_dim, dim],
wv [kv_dim, dim], wo [dim, dim], rms_ffn [dim], w1 [hidden, dim], w2 [dim, hidden], w3 [hidden, dim];
then rms_final [dim] and two RoPE tables [seq_len, head_dim / 2] (unused: both sides compute them).

llama2.c rotates interleaved pairs (2i, 2i + 1) of each head; Hugging Face's Llama rotates the halves
(i, i + head_dim / 2). The rows of wq and wk are permuted within each head so that the converted model
computes the same attention (the permutation Hugging Face's own llama2.c conversion uses). w1 is the gate,
w3 the up projection, w2 the down projection.

Checks before writing (numpy, float64):
  1. a forward of llama2.c's own layout (interleaved rotary) and one of the converted layout (halves)
     give the same logits on a prompt (max |diff| printed);
  2. greedy decoding from BOS (id 1) with llama2.c's layout reproduces llama2.c's published text
     (doc/stories260K.md: `./run stories260K.bin -z tok512.bin -t 0.0`) — decoded with sentencepiece;
  3. the same greedy ids come out of the converted weights as stored (float16 when --dtype F16).

  /usr/bin/python3 training/convert_stories260k.py --src ../shared/real-models/stories260K \\
      --out resources/models/stories260K --fixture tests/data/hf/stories260K-greedy.json

Needs python3-numpy and python3-sentencepiece (Debian).
"""

import argparse
import hashlib
import json
import os
import shutil
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnviz.safetensors import save_file  # noqa: E402

BIN_SHA = "b0a507e7ad0f626624f17112325e66691f9076d622e1d3274d103d00299f2696"
SOURCE = (
    "Karpathy's llama2.c stories260K (MIT), copies from icppWorld/icpp_llm commit "
    "6c9bf2ee6c19a98a13d54e93d5d415bf20781cce, llama2_c/stories260K/"
)
# llama2.c's doc/stories260K.md, the start of the greedy sample from BOS.
PUBLISHED = (
    "Once upon a time, there was a little girl named Lily. She loved to play outside in the park. "
    "One day, she saw a big, red ball. She wanted to play with it, but it was too high."
)
BOS = 1
# The Generate page's presets for this model (config.json "attnviz_example_prompts").
EXAMPLE_PROMPTS = [
    "Once upon a time",
    "Lily and her dog",
    "One day, Tom went to the park",
    "The little bird was sad because",
    "Once upon a time, there was a big",
]
RMS_EPS = 1e-5  # llama2.c's rmsnorm
GREEDY_STEPS = 64


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def read_llama2c(path):
    raw = open(path, "rb").read()
    dim, hidden, n_layers, n_heads, n_kv, vocab, seq_len = struct.unpack("<7i", raw[:28])
    shared = vocab > 0
    vocab = abs(vocab)
    cfg = dict(dim=dim, hidden=hidden, layers=n_layers, heads=n_heads, kv_heads=n_kv, vocab=vocab, seq_len=seq_len)
    hd = dim // n_heads
    kv_dim = n_kv * hd
    data = np.frombuffer(raw, dtype="<f4", offset=28)
    pos = 0

    def take(*shape):
        nonlocal pos
        n = int(np.prod(shape))
        if pos + n > data.size:
            sys.exit(f"{path}: ends at float {data.size}, a tensor of {shape} needs up to {pos + n}")
        a = data[pos : pos + n].reshape(shape).astype(np.float32)
        pos += n
        return a

    w = {"tok": take(vocab, dim)}
    w["rms_att"] = take(n_layers, dim)
    w["wq"] = take(n_layers, dim, dim)
    w["wk"] = take(n_layers, kv_dim, dim)
    w["wv"] = take(n_layers, kv_dim, dim)
    w["wo"] = take(n_layers, dim, dim)
    w["rms_ffn"] = take(n_layers, dim)
    w["w1"] = take(n_layers, hidden, dim)
    w["w2"] = take(n_layers, dim, hidden)
    w["w3"] = take(n_layers, hidden, dim)
    w["rms_final"] = take(dim)
    take(seq_len, hd // 2)  # freq_cis_real (legacy format; unused)
    take(seq_len, hd // 2)  # freq_cis_imag
    w["cls"] = w["tok"] if shared else take(vocab, dim)
    if pos != data.size:
        sys.exit(f"{path}: {data.size - pos} floats left over after the last tensor")
    return cfg, w, shared


def halves_permutation(n_heads, hd):
    """Row order that turns llama2.c's interleaved pairs into Hugging Face's halves, per head."""
    per_head = np.concatenate([np.arange(0, hd, 2), np.arange(1, hd, 2)])
    return np.concatenate([h * hd + per_head for h in range(n_heads)])


def to_hf(cfg, w):
    hd = cfg["dim"] // cfg["heads"]
    pq = halves_permutation(cfg["heads"], hd)
    pk = halves_permutation(cfg["kv_heads"], hd)
    t = {"model.embed_tokens.weight": w["tok"], "model.norm.weight": w["rms_final"]}
    for layer in range(cfg["layers"]):
        p = f"model.layers.{layer}."
        t[p + "input_layernorm.weight"] = w["rms_att"][layer]
        t[p + "post_attention_layernorm.weight"] = w["rms_ffn"][layer]
        t[p + "self_attn.q_proj.weight"] = w["wq"][layer][pq]
        t[p + "self_attn.k_proj.weight"] = w["wk"][layer][pk]
        t[p + "self_attn.v_proj.weight"] = w["wv"][layer]
        t[p + "self_attn.o_proj.weight"] = w["wo"][layer]
        t[p + "mlp.gate_proj.weight"] = w["w1"][layer]
        t[p + "mlp.up_proj.weight"] = w["w3"][layer]
        t[p + "mlp.down_proj.weight"] = w["w2"][layer]
    return {k: np.ascontiguousarray(v) for k, v in t.items()}


def rmsnorm(x, g):
    return x / np.sqrt((x * x).mean(-1, keepdims=True) + RMS_EPS) * g


def rotate(x, n_heads, hd, interleaved):
    """x: T x (n_heads * hd), rotary of position t with theta 10000 (llama2.c and HF alike)."""
    T = x.shape[0]
    inv = 1.0 / 10000.0 ** (np.arange(0, hd, 2) / hd)  # hd/2
    ang = np.arange(T)[:, None] * inv[None, :]  # T x hd/2
    c, s = np.cos(ang), np.sin(ang)
    y = x.reshape(T, n_heads, hd).copy()
    if interleaved:
        a, b = y[:, :, 0::2].copy(), y[:, :, 1::2].copy()
        y[:, :, 0::2] = a * c[:, None, :] - b * s[:, None, :]
        y[:, :, 1::2] = a * s[:, None, :] + b * c[:, None, :]
    else:
        half = hd // 2
        a, b = y[:, :, :half].copy(), y[:, :, half:].copy()
        y[:, :, :half] = a * c[:, None, :] - b * s[:, None, :]
        y[:, :, half:] = b * c[:, None, :] + a * s[:, None, :]
    return y.reshape(T, n_heads * hd)


def forward(cfg, layers, ids, interleaved):
    """layers: dict of float64 arrays in either layout (see forward_llama2c / forward_hf). Logits T x V."""
    H, KV = cfg["heads"], cfg["kv_heads"]
    hd = cfg["dim"] // H
    T = len(ids)
    x = layers["tok"][ids]
    mask = np.tril(np.ones((T, T))) > 0
    for layer in range(cfg["layers"]):
        h = rmsnorm(x, layers["rms_att"][layer])
        q = rotate(h @ layers["wq"][layer].T, H, hd, interleaved)
        k = rotate(h @ layers["wk"][layer].T, KV, hd, interleaved)
        v = h @ layers["wv"][layer].T
        y = np.zeros((T, H * hd))
        for head in range(H):
            g = head // (H // KV)  # grouped-query: heads share their group's key/value head
            s = q[:, head * hd : (head + 1) * hd] @ k[:, g * hd : (g + 1) * hd].T / np.sqrt(hd)
            s = np.where(mask, s, -np.inf)
            e = np.exp(s - s.max(-1, keepdims=True))
            y[:, head * hd : (head + 1) * hd] = (e / e.sum(-1, keepdims=True)) @ v[:, g * hd : (g + 1) * hd]
        x = x + y @ layers["wo"][layer].T
        h2 = rmsnorm(x, layers["rms_ffn"][layer])
        a = h2 @ layers["w1"][layer].T
        x = x + ((a / (1 + np.exp(-a))) * (h2 @ layers["w3"][layer].T)) @ layers["w2"][layer].T
    return rmsnorm(x, layers["rms_final"]) @ layers["cls"].T


def hf_as_layers(cfg, t):
    L = range(cfg["layers"])

    def stack(name):
        return np.stack([t[f"model.layers.{i}.{name}"] for i in L]).astype(np.float64)

    return {
        "tok": t["model.embed_tokens.weight"].astype(np.float64),
        "cls": t["model.embed_tokens.weight"].astype(np.float64),
        "rms_final": t["model.norm.weight"].astype(np.float64),
        "rms_att": stack("input_layernorm.weight"),
        "rms_ffn": stack("post_attention_layernorm.weight"),
        "wq": stack("self_attn.q_proj.weight"),
        "wk": stack("self_attn.k_proj.weight"),
        "wv": stack("self_attn.v_proj.weight"),
        "wo": stack("self_attn.o_proj.weight"),
        "w1": stack("mlp.gate_proj.weight"),
        "w3": stack("mlp.up_proj.weight"),
        "w2": stack("mlp.down_proj.weight"),
    }


def greedy(cfg, layers, interleaved, steps):
    ids = [BOS]
    for _ in range(steps):
        ids.append(int(np.argmax(forward(cfg, layers, ids, interleaved)[-1])))
    return ids


CARD = """# stories260K — a real trained Llama that writes children's stories

**Source and licence.** Andrej Karpathy's llama2.c "stories260K", the smallest of its "tinyllamas",
trained on the TinyStories data set (validation loss 1.297, llama2.c's doc/stories260K.md). The weights
are the unchanged values of `stories260K.bin` (sha256 {sha}), converted to Hugging Face's Llama layout;
copies taken from icppWorld/icpp_llm, commit 6c9bf2ee6c19a98a13d54e93d5d415bf20781cce, folder
llama2_c/stories260K/. MIT licence: `LICENSE` (llama2.c, Andrej Karpathy) and `LICENSE.icpp_llm` (the
copies), kept with the files wherever they are shipped. `tokenizer.model` is its SentencePiece model
(`tok512.model`, 512 pieces), unchanged.

**What it is.** A Llama decoder: hidden size 64, 5 layers, 8 query heads sharing 4 key/value heads
(grouped-query attention), head size 8, SwiGLU feed-forward of 172, RMSNorm (eps 1e-5), rotary positions
(theta 10,000), context 512, vocabulary 512, classifier tied to the token embedding; 260,032 parameters.

**What it does.** It continues a story. Greedy decoding from BOS alone gives llama2.c's published text,
token for token (a test in attnviz checks the first {steps} tokens):

> {text}

A story ends where the model writes BOS (id 1) again — that is how its training data separated stories,
and where llama2.c stops — so `eos_token_id` is 1 here. Prompts such as "Once upon a time" or "Lily and her
dog" are cut into pieces by its tokenizer, with BOS in front.

**Conversion** (reproducible): `/usr/bin/python3 training/convert_stories260k.py --src
../shared/real-models/stories260K --out resources/models/stories260K --fixture
tests/data/hf/stories260K-greedy.json`. llama2.c rotates interleaved pairs of each head, Hugging Face the
two halves: the rows of q_proj and k_proj are permuted within each head (as Hugging Face's own llama2.c
conversion does). The script checks, in float64 numpy, that llama2.c's layout and the converted one give
the same logits (max |diff| {diff:.1e}), that greedy decoding in llama2.c's layout reproduces the
published text, and that the stored weights ({dtype}) give the same greedy tokens.
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--fixture", required=True)
    ap.add_argument("--dtype", choices=("F16", "F32"), default="F16")
    args = ap.parse_args()
    bin_path = os.path.join(args.src, "stories260K.bin")
    got = sha256(bin_path)
    if got != BIN_SHA:
        sys.exit(f"{bin_path}: sha256 {got}, expected {BIN_SHA}")
    import sentencepiece as spm

    sp = spm.SentencePieceProcessor(model_file=os.path.join(args.src, "tok512.model"))

    cfg, w, shared = read_llama2c(bin_path)
    if not shared:
        sys.exit("expected a classifier tied to the token embedding")
    w64 = {k: v.astype(np.float64) for k, v in w.items()}
    tensors = to_hf(cfg, w)

    probe = [BOS] + sp.encode("Once upon a time, Lily and her dog")
    diff = float(np.abs(forward(cfg, w64, probe, True) - forward(cfg, hf_as_layers(cfg, tensors), probe, False)).max())
    print(f"check 1: llama2.c layout vs converted layout, logits max |diff| {diff:.2e}")
    if diff > 1e-9:
        sys.exit("the converted layout does not compute llama2.c's model")

    ids = greedy(cfg, w64, True, GREEDY_STEPS)
    text = sp.decode(ids[1:])
    print(f"check 2: greedy from BOS, {GREEDY_STEPS} tokens: {text!r}")
    if not (PUBLISHED.startswith(text) or text.startswith(PUBLISHED)):
        sys.exit("greedy decoding does not reproduce llama2.c's published text")

    stored = {k: v.astype(np.float16 if args.dtype == "F16" else np.float32) for k, v in tensors.items()}
    ids_stored = greedy(cfg, hf_as_layers(cfg, stored), False, GREEDY_STEPS)
    print(f"check 3: the stored {args.dtype} weights give the same greedy ids: {ids_stored == ids}")
    if ids_stored != ids:
        sys.exit(f"{args.dtype} weights change the greedy output; use --dtype F32")

    os.makedirs(args.out, exist_ok=True)
    config = {
        "model_type": "llama",
        "architectures": ["LlamaForCausalLM"],
        "vocab_size": cfg["vocab"],
        "hidden_size": cfg["dim"],
        "intermediate_size": cfg["hidden"],
        "num_hidden_layers": cfg["layers"],
        "num_attention_heads": cfg["heads"],
        "num_key_value_heads": cfg["kv_heads"],
        "max_position_embeddings": cfg["seq_len"],
        "rms_norm_eps": RMS_EPS,
        "rope_theta": 10000.0,
        "hidden_act": "silu",
        "tie_word_embeddings": True,
        "bos_token_id": BOS,
        "eos_token_id": BOS,
        "attnviz_example_prompts": EXAMPLE_PROMPTS,
        "attnviz_source": SOURCE + "; converted by training/convert_stories260k.py",
    }
    with open(os.path.join(args.out, "config.json"), "w") as f:
        json.dump(config, f, indent=2)
        f.write("\n")
    save_file(stored, os.path.join(args.out, "model.safetensors"), metadata={"format": "pt"})
    shutil.copyfile(os.path.join(args.src, "tok512.model"), os.path.join(args.out, "tokenizer.model"))
    shutil.copyfile(os.path.join(args.src, "LICENSE.llama2c"), os.path.join(args.out, "LICENSE"))
    shutil.copyfile(os.path.join(args.src, "LICENSE.icpp_llm"), os.path.join(args.out, "LICENSE.icpp_llm"))
    with open(os.path.join(args.out, "MODEL_CARD.md"), "w") as f:
        f.write(CARD.format(sha=BIN_SHA, steps=GREEDY_STEPS, text=text, diff=diff, dtype=args.dtype))

    # The fixture: greedy ids from llama2.c's own layout (float64 numpy) and the published text, and the
    # logits of the last position of a prompt for a parity check of the engine's forward.
    last = forward(cfg, hf_as_layers(cfg, stored), probe, False)[-1]
    fixture = {
        "source": SOURCE + "; made by training/convert_stories260k.py (float64 numpy, llama2.c's layout)",
        "published_text": PUBLISHED,
        "greedy_ids": ids,
        "greedy_text": text,
        "prompt_ids": probe,
        "prompt_last_logits": [round(float(v), 6) for v in last],
        "weights_dtype": args.dtype,
    }
    os.makedirs(os.path.dirname(args.fixture), exist_ok=True)
    with open(args.fixture, "w") as f:
        json.dump(fixture, f)
        f.write("\n")
    print(f"wrote {args.out} and {args.fixture}")


if __name__ == "__main__":
    main()
