#!/usr/bin/env python3
"""PyTorch reference implementations of Hugging Face model families and tokenizers, written from
transformers' modeling_bert.py / modeling_llama.py / modeling_vit.py, tokenization_bert.py and
image_processing_vit.py (transformers itself is not installable here), and a writer of small
random-weight fixtures in exact Hugging Face layout.

  OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/hf_reference.py --out tests/data/hf

writes, under --out:
  bert-tiny/        BertForSequenceClassification ("bert." prefix, classifier, id2label with string keys),
                    vocab.txt (special tokens deliberately not at BERT-base's 100/101/102),
                    tokenizer_config.json, model.safetensors (F32), expected.json
  bert-tiny-f16/    the same weights stored as F16 (expected.json from the F16-rounded weights)
  bert-tiny-bf16/   the same weights stored as BF16
  llama-gqa/        LlamaForCausalLM, 4 query heads on 2 key/value heads, untied lm_head, rope_theta 500000
  llama-tied/       LlamaForCausalLM, no GQA, tie_word_embeddings true, explicit head_dim
  vit-tiny/         ViTForImageClassification ("vit." prefix, classifier, id2label), 32x32 RGB, patch 8,
                    preprocessor_config.json (size {height, width}, resample 2 = bilinear, ImageNet
                    mean/std), image.png (24 wide x 45 high: resized down in y, up in x), expected.json
  vit-tiny-base/    ViTModel (no prefix, pooler kept, no head), qkv_bias false, gelu_new, patch 16,
                    preprocessor_config.json (size as an int, mean/std 0.5), image.png (grey, 20 x 28)
The ViT expected.json holds the decoded test image (its bytes, H x W x C), the bytes Pillow's resize
gives (the preprocessor's resample), the pixel values after HF's preprocessing, every attention map and,
with a head, the logits and probabilities. The preprocessing reference is Pillow itself (Debian
python3-pil), called the way transformers' image_transforms.resize calls it.
Each expected.json holds the input ids and every attention map [layer][head][T][T] plus the logits.
bert-tiny/expected.json also holds WordPiece reference ids for texts with punctuation, accents, CJK,
emoji, zero-width and no-break spaces, and unknown / over-long words.
Seeds are fixed; the files are byte-identical on a rerun.
"""

import argparse
import json
import math
import os
import sys
import unicodedata

import numpy as np
import torch
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnviz.safetensors import save_file  # noqa: E402

torch.set_num_threads(1)


# ---------------------------------------------------------------- BERT (modeling_bert.py) ----------


def layer_norm(x, w, b, eps):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b, eps)


def linear(x, sd, name):
    """nn.Linear: x W^T + b, W stored [out, in]."""
    b = sd.get(name + ".bias")
    return torch.nn.functional.linear(x, sd[name + ".weight"], b)


def bert_forward(sd, cfg, ids, prefix="bert."):
    """BertForSequenceClassification on one sequence (no padding, token type 0). Returns maps, logits."""
    p = prefix
    eps = cfg.get("layer_norm_eps", 1e-12)
    H = cfg["num_attention_heads"]
    d = cfg["hidden_size"]
    hs = d // H
    T = len(ids)
    ids_t = torch.tensor(ids)
    x = (
        sd[p + "embeddings.word_embeddings.weight"][ids_t]
        + sd[p + "embeddings.position_embeddings.weight"][torch.arange(T)]
        + sd[p + "embeddings.token_type_embeddings.weight"][torch.zeros(T, dtype=torch.long)]
    )
    x = layer_norm(x, sd[p + "embeddings.LayerNorm.weight"], sd[p + "embeddings.LayerNorm.bias"], eps)
    maps = []
    for layer in range(cfg["num_hidden_layers"]):
        q = f"{p}encoder.layer.{layer}."
        Q = linear(x, sd, q + "attention.self.query").view(T, H, hs).transpose(0, 1)
        K = linear(x, sd, q + "attention.self.key").view(T, H, hs).transpose(0, 1)
        V = linear(x, sd, q + "attention.self.value").view(T, H, hs).transpose(0, 1)
        A = torch.softmax(Q @ K.transpose(-1, -2) / math.sqrt(hs), dim=-1)  # H x T x T
        maps.append(A)
        ctx = (A @ V).transpose(0, 1).reshape(T, d)
        a = layer_norm(linear(ctx, sd, q + "attention.output.dense") + x, sd[q + "attention.output.LayerNorm.weight"],
                       sd[q + "attention.output.LayerNorm.bias"], eps)
        h = torch.nn.functional.gelu(linear(a, sd, q + "intermediate.dense"))  # exact erf GELU
        x = layer_norm(linear(h, sd, q + "output.dense") + a, sd[q + "output.LayerNorm.weight"],
                       sd[q + "output.LayerNorm.bias"], eps)
    pooled = torch.tanh(linear(x[0:1], sd, p + "pooler.dense"))
    logits = linear(pooled, sd, "classifier")[0] if "classifier.weight" in sd else None
    return torch.stack(maps), logits


# --------------------------------------------------------------- Llama (modeling_llama.py) ---------


def rms_norm(x, w, eps):
    var = x.pow(2).mean(-1, keepdim=True)
    return w * (x * torch.rsqrt(var + eps))


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def llama_forward(sd, cfg, ids):
    d = cfg["hidden_size"]
    H = cfg["num_attention_heads"]
    KV = cfg.get("num_key_value_heads") or H
    hd = cfg.get("head_dim") or d // H
    eps = cfg["rms_norm_eps"]
    theta = cfg.get("rope_theta", 10000.0)
    T = len(ids)
    x = sd["model.embed_tokens.weight"][torch.tensor(ids)]
    inv_freq = 1.0 / (theta ** (torch.arange(0, hd, 2, dtype=torch.int64).float() / hd))
    freqs = torch.arange(T).float()[:, None] * inv_freq[None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos(), emb.sin()  # T x hd
    mask = torch.full((T, T), float("-inf")).triu(1)
    maps = []
    for layer in range(cfg["num_hidden_layers"]):
        p = f"model.layers.{layer}."
        h = rms_norm(x, sd[p + "input_layernorm.weight"], eps)
        q = linear(h, sd, p + "self_attn.q_proj").view(T, H, hd).transpose(0, 1)
        k = linear(h, sd, p + "self_attn.k_proj").view(T, KV, hd).transpose(0, 1)
        v = linear(h, sd, p + "self_attn.v_proj").view(T, KV, hd).transpose(0, 1)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        k = k.repeat_interleave(H // KV, dim=0)  # query head h uses key/value head h // (H / KV)
        v = v.repeat_interleave(H // KV, dim=0)
        A = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(hd) + mask, dim=-1)
        maps.append(A)
        o = (A @ v).transpose(0, 1).reshape(T, H * hd)
        x = x + linear(o, sd, p + "self_attn.o_proj")
        h = rms_norm(x, sd[p + "post_attention_layernorm.weight"], eps)
        gate = torch.nn.functional.silu(linear(h, sd, p + "mlp.gate_proj"))
        x = x + linear(gate * linear(h, sd, p + "mlp.up_proj"), sd, p + "mlp.down_proj")
    x = rms_norm(x, sd["model.norm.weight"], eps)
    head = sd["lm_head.weight"] if "lm_head.weight" in sd else sd["model.embed_tokens.weight"]
    return torch.stack(maps), x @ head.T


# ------------------------------------------------------------------ ViT (modeling_vit.py) ----------


def hf_act(name):
    if name == "gelu":
        return torch.nn.functional.gelu  # exact erf form
    if name in ("gelu_new", "gelu_pytorch_tanh"):
        return lambda x: torch.nn.functional.gelu(x, approximate="tanh")
    if name == "relu":
        return torch.relu
    raise ValueError(name)


def vit_forward(sd, cfg, pixels):
    """ViTModel / ViTForImageClassification on one image (C x H x W float32). Returns maps, logits."""
    p = "vit." if "vit.embeddings.cls_token" in sd else ""
    d, H = cfg["hidden_size"], cfg["num_attention_heads"]
    hs = d // H
    eps = cfg.get("layer_norm_eps", 1e-12)
    act = hf_act(cfg.get("hidden_act", "gelu"))
    ps = cfg["patch_size"]
    e = p + "embeddings."
    x = torch.nn.functional.conv2d(pixels[None], sd[e + "patch_embeddings.projection.weight"],
                                   sd[e + "patch_embeddings.projection.bias"], stride=ps)  # 1 x d x h x w
    x = x.flatten(2).transpose(1, 2)[0]  # N x d, patches row by row
    x = torch.cat([sd[e + "cls_token"][0], x], 0) + sd[e + "position_embeddings"][0]  # T x d
    T = x.shape[0]
    maps = []
    for layer in range(cfg["num_hidden_layers"]):
        q = f"{p}encoder.layer.{layer}."
        h = layer_norm(x, sd[q + "layernorm_before.weight"], sd[q + "layernorm_before.bias"], eps)
        Q = linear(h, sd, q + "attention.attention.query").view(T, H, hs).transpose(0, 1)
        K = linear(h, sd, q + "attention.attention.key").view(T, H, hs).transpose(0, 1)
        V = linear(h, sd, q + "attention.attention.value").view(T, H, hs).transpose(0, 1)
        A = torch.softmax((Q @ K.transpose(-1, -2)) * hs ** -0.5, dim=-1)  # H x T x T
        maps.append(A)
        ctx = (A @ V).transpose(0, 1).reshape(T, d)
        x = linear(ctx, sd, q + "attention.output.dense") + x  # first residual
        h = layer_norm(x, sd[q + "layernorm_after.weight"], sd[q + "layernorm_after.bias"], eps)
        x = linear(act(linear(h, sd, q + "intermediate.dense")), sd, q + "output.dense") + x
    x = layer_norm(x, sd[p + "layernorm.weight"], sd[p + "layernorm.bias"], eps)
    logits = linear(x[0:1], sd, "classifier")[0] if "classifier.weight" in sd else None  # [CLS], no pooler
    return torch.stack(maps), logits


def hf_image_preprocess(img, pp, channels):
    """ViTImageProcessor.preprocess on one PIL image: RGB conversion, resize through PIL (as
    image_transforms.resize: uint8 array -> PIL image -> Image.resize((w, h), resample) -> uint8 array),
    rescale (float64 product, then float32), normalize (float32). Returns resized uint8 H x W x C and the
    pixel values C x H x W."""
    if channels == 3 and img.mode != "RGB":
        img = img.convert("RGB")  # grey planes repeated, alpha dropped
    arr = np.array(img)
    if arr.ndim == 2:
        arr = arr[:, :, None]
    if pp.get("do_resize", True):
        size = pp.get("size", {"height": 224, "width": 224})
        if isinstance(size, int):
            size = {"height": size, "width": size}
        im = Image.fromarray(arr[:, :, 0] if arr.shape[2] == 1 else arr)
        arr = np.array(im.resize((size["width"], size["height"]), resample=pp.get("resample", 2)))
        if arr.ndim == 2:
            arr = arr[:, :, None]
    resized = arr.copy()
    x = arr
    if pp.get("do_rescale", True):
        x = (x.astype(np.float64) * pp.get("rescale_factor", 1 / 255)).astype(np.float32)
    if pp.get("do_normalize", True):
        mean = np.array(pp.get("image_mean", [0.5, 0.5, 0.5]), dtype=np.float32)
        std = np.array(pp.get("image_std", [0.5, 0.5, 0.5]), dtype=np.float32)
        x = ((x.astype(np.float32) - mean) / std).astype(np.float32)
    return resized, x.astype(np.float32).transpose(2, 0, 1).copy()


# ------------------------------------------------------ WordPiece (tokenization_bert.py) -----------


def _is_whitespace(c):
    return c in (" ", "\t", "\n", "\r") or unicodedata.category(c) == "Zs"


def _is_control(c):
    if c in ("\t", "\n", "\r"):
        return False
    return unicodedata.category(c).startswith("C")


def _is_punctuation(c):
    cp = ord(c)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(c).startswith("P")


def _is_cjk(cp):
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
            or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF
            or 0x2F800 <= cp <= 0x2FA1F)


def basic_tokenize(text, lower=True, strip_accents=None):
    text = "".join(" " if _is_whitespace(c) else c for c in text if not (ord(c) in (0, 0xFFFD) or _is_control(c)))
    text = "".join(f" {c} " if _is_cjk(ord(c)) else c for c in text)
    text = unicodedata.normalize("NFC", text)
    out = []
    for tok in text.split():
        if lower:
            tok = tok.lower()
            if strip_accents is not False:
                tok = "".join(c for c in unicodedata.normalize("NFD", tok) if unicodedata.category(c) != "Mn")
        elif strip_accents:
            tok = "".join(c for c in unicodedata.normalize("NFD", tok) if unicodedata.category(c) != "Mn")
        cur = ""
        for c in tok:
            if _is_punctuation(c):
                if cur:
                    out.append(cur)
                out.append(c)
                cur = ""
            else:
                cur += c
        if cur:
            out.append(cur)
    return out


def wordpiece(tokens, vocab, unk="[UNK]", max_chars=100):
    out = []
    for tok in tokens:
        if len(tok) > max_chars:
            out.append(unk)
            continue
        start, pieces = 0, []
        while start < len(tok):
            end, found = len(tok), None
            while start < end:
                s = tok[start:end] if start == 0 else "##" + tok[start:end]
                if s in vocab:
                    found = s
                    break
                end -= 1
            if found is None:
                pieces = None
                break
            pieces.append(found)
            start = end
        out.extend(pieces if pieces is not None else [unk])
    return out


def bert_encode(text, vocab_list, lower=True):
    vocab = {t: i for i, t in enumerate(vocab_list)}
    toks = ["[CLS]"] + wordpiece(basic_tokenize(text, lower), vocab) + ["[SEP]"]
    return [vocab[t] for t in toks]


# ------------------------------------------------------------------------- fixtures --------------

BERT_WORDS = [
    "the", "a", "film", "was", "good", "bad", "hello", "world", "un", "##aff", "##able", "cafe", "naive",
    "s", "##ø", "##ren", "##s", "##ing", "play", "is", "it", "not", "don", "t", "i", "love", "##ly", "new",
    "york", "中", "文", "字", "x", "##x", "ab", "##c", "##world", "ecole", ".", ",", "!", "?", "'", "-", "(", ")", "\"", "¿", "«", "»",
    "…", "—",
]


def bert_vocab():
    # Special tokens in unusual places: the ids must come from vocab.txt, not BERT-base's 0/100/101/102.
    v = ["[PAD]", "the", "[unused0]"] + BERT_WORDS[1:20] + ["[UNK]"] + BERT_WORDS[20:35] + ["[SEP]", "[CLS]"]
    v += BERT_WORDS[35:] + ["[MASK]"]
    return v


BERT_TEXTS = [
    "Hello, world!",
    "The film was unaffable... not good!",
    "Café naïve Søren",
    "ÉCOLE",
    "中文字 film",
    "I don't love it 😀",
    "hello\u200bworld",
    "a\u00a0film",
    "¿is it «new york»?",
    "x" * 101,
    "xxxxx",
    "ab abc abcd",
    "good—bad…",
    "   ",
]


def rand(g, *shape, std=0.2):
    return (torch.randn(*shape, generator=g) * std).float()


def bert_weights(cfg, seed):
    g = torch.Generator().manual_seed(seed)
    d, I = cfg["hidden_size"], cfg["intermediate_size"]
    sd = {}
    p = "bert."
    sd[p + "embeddings.word_embeddings.weight"] = rand(g, cfg["vocab_size"], d, std=0.5)
    sd[p + "embeddings.position_embeddings.weight"] = rand(g, cfg["max_position_embeddings"], d, std=0.5)
    sd[p + "embeddings.token_type_embeddings.weight"] = rand(g, cfg["type_vocab_size"], d, std=0.5)
    for n in ("embeddings.LayerNorm",):
        sd[p + n + ".weight"] = 1 + rand(g, d, std=0.1)
        sd[p + n + ".bias"] = rand(g, d, std=0.1)
    for layer in range(cfg["num_hidden_layers"]):
        q = f"{p}encoder.layer.{layer}."
        for n in ("attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense"):
            sd[q + n + ".weight"] = rand(g, d, d, std=0.4)
            sd[q + n + ".bias"] = rand(g, d, std=0.1)
        sd[q + "intermediate.dense.weight"] = rand(g, I, d)
        sd[q + "intermediate.dense.bias"] = rand(g, I, std=0.1)
        sd[q + "output.dense.weight"] = rand(g, d, I)
        sd[q + "output.dense.bias"] = rand(g, d, std=0.1)
        for n in ("attention.output.LayerNorm", "output.LayerNorm"):
            sd[q + n + ".weight"] = 1 + rand(g, d, std=0.1)
            sd[q + n + ".bias"] = rand(g, d, std=0.1)
    sd[p + "pooler.dense.weight"] = rand(g, d, d)
    sd[p + "pooler.dense.bias"] = rand(g, d, std=0.1)
    sd["classifier.weight"] = rand(g, cfg["num_labels"], d, std=1.0)
    sd["classifier.bias"] = rand(g, cfg["num_labels"], std=0.1)
    return sd


def llama_weights(cfg, seed):
    g = torch.Generator().manual_seed(seed)
    d, I, V = cfg["hidden_size"], cfg["intermediate_size"], cfg["vocab_size"]
    H = cfg["num_attention_heads"]
    KV = cfg.get("num_key_value_heads") or H
    hd = cfg.get("head_dim") or d // H
    sd = {"model.embed_tokens.weight": rand(g, V, d, std=0.5)}
    for layer in range(cfg["num_hidden_layers"]):
        p = f"model.layers.{layer}."
        sd[p + "self_attn.q_proj.weight"] = rand(g, H * hd, d, std=0.4)
        sd[p + "self_attn.k_proj.weight"] = rand(g, KV * hd, d, std=0.4)
        sd[p + "self_attn.v_proj.weight"] = rand(g, KV * hd, d, std=0.4)
        sd[p + "self_attn.o_proj.weight"] = rand(g, d, H * hd)
        sd[p + "mlp.gate_proj.weight"] = rand(g, I, d)
        sd[p + "mlp.up_proj.weight"] = rand(g, I, d)
        sd[p + "mlp.down_proj.weight"] = rand(g, d, I)
        sd[p + "input_layernorm.weight"] = 1 + rand(g, d, std=0.1)
        sd[p + "post_attention_layernorm.weight"] = 1 + rand(g, d, std=0.1)
    sd["model.norm.weight"] = 1 + rand(g, d, std=0.1)
    if not cfg.get("tie_word_embeddings", False):
        sd["lm_head.weight"] = rand(g, V, d, std=0.5)
    return sd


def dump(path, obj):
    with open(path, "w") as f:
        json.dump(obj, f, indent=1 if "config" in os.path.basename(path) else None)
        f.write("\n")


def r6(t):
    """Tensors to nested lists of floats rounded to 7 significant digits (keeps the fixtures small)."""
    return np.vectorize(lambda v: float(f"{v:.7g}"))(t.detach().double().numpy()).tolist()


def write_bert(out):
    vocab = bert_vocab()
    cfg = {
        "model_type": "bert", "architectures": ["BertForSequenceClassification"], "vocab_size": len(vocab),
        "hidden_size": 32, "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 48,
        "hidden_act": "gelu", "max_position_embeddings": 64, "type_vocab_size": 2, "layer_norm_eps": 1e-12,
        "position_embedding_type": "absolute", "pad_token_id": 0,
        "id2label": {"0": "negative", "1": "neutral", "2": "positive"},
        "label2id": {"negative": 0, "neutral": 1, "positive": 2},
    }
    cfg["num_labels"] = 3
    sd = bert_weights(cfg, 1501)
    tok_cfg = {"do_lower_case": True, "tokenize_chinese_chars": True, "strip_accents": None,
               "unk_token": "[UNK]", "sep_token": "[SEP]", "pad_token": "[PAD]", "cls_token": "[CLS]",
               "mask_token": "[MASK]", "model_max_length": 64, "tokenizer_class": "BertTokenizer"}
    texts = [{"text": t, "ids": bert_encode(t, vocab)} for t in BERT_TEXTS]
    inputs = [texts[1]["ids"], texts[4]["ids"]]
    cfg_file = {k: v for k, v in cfg.items() if k != "num_labels"}
    for name, dtype in (("bert-tiny", None), ("bert-tiny-f16", torch.float16), ("bert-tiny-bf16", torch.bfloat16)):
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        stored = {k: (v.to(dtype) if dtype else v) for k, v in sd.items()}
        used = {k: v.float() for k, v in stored.items()}  # what a float32 loader sees
        save_file(stored, os.path.join(d, "model.safetensors"), metadata={"format": "pt"})
        dump(os.path.join(d, "config.json"), cfg_file)
        dump(os.path.join(d, "tokenizer_config.json"), tok_cfg)
        with open(os.path.join(d, "vocab.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(vocab) + "\n")
        cases = []
        for ids in inputs:
            maps, logits = bert_forward(used, cfg, ids)
            cases.append({"ids": ids, "attention": r6(maps), "logits": r6(logits),
                          "probabilities": r6(torch.softmax(logits, -1))})
        exp = {"cases": cases}
        if dtype is None:
            exp["tokenizer"] = texts
        dump(os.path.join(d, "expected.json"), exp)
        print("wrote", d)


def write_llama(out):
    base = {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "vocab_size": 40, "hidden_size": 32,
            "intermediate_size": 40, "num_hidden_layers": 2, "rms_norm_eps": 1e-5, "hidden_act": "silu",
            "max_position_embeddings": 64, "bos_token_id": 1, "eos_token_id": 2, "rope_scaling": None,
            "attention_bias": False, "mlp_bias": False, "pretraining_tp": 1}
    variants = {
        "llama-gqa": dict(base, num_attention_heads=4, num_key_value_heads=2, rope_theta=500000.0,
                          tie_word_embeddings=False),
        "llama-tied": dict(base, num_attention_heads=2, head_dim=8, rope_theta=10000.0, tie_word_embeddings=True),
    }
    ids = [1, 7, 30, 12, 5, 5, 19, 33, 8]
    for i, (name, cfg) in enumerate(variants.items()):
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        sd = llama_weights(cfg, 2000 + i)
        save_file(sd, os.path.join(d, "model.safetensors"), metadata={"format": "pt"})
        dump(os.path.join(d, "config.json"), cfg)
        maps, logits = llama_forward(sd, cfg, ids)
        # greedy continuation (full recompute each step) as a reference for the KV-cache path
        seq = list(ids)
        for _ in range(6):
            seq.append(int(llama_forward(sd, cfg, seq)[1][-1].argmax()))
        dump(os.path.join(d, "expected.json"), {"ids": ids, "attention": r6(maps), "logits": r6(logits),
                                                 "greedy": seq[len(ids):]})
        print("wrote", d)


def vit_weights(cfg, seed, prefix, head, pooler):
    g = torch.Generator().manual_seed(seed)
    d, I, C, ps = cfg["hidden_size"], cfg["intermediate_size"], cfg["num_channels"], cfg["patch_size"]
    n = (cfg["image_size"] // ps) ** 2
    p = prefix
    sd = {
        p + "embeddings.cls_token": rand(g, 1, 1, d, std=0.5),
        p + "embeddings.position_embeddings": rand(g, 1, n + 1, d, std=0.5),
        p + "embeddings.patch_embeddings.projection.weight": rand(g, d, C, ps, ps, std=0.3),
        p + "embeddings.patch_embeddings.projection.bias": rand(g, d, std=0.1),
    }
    for layer in range(cfg["num_hidden_layers"]):
        q = f"{p}encoder.layer.{layer}."
        for n_ in ("layernorm_before", "layernorm_after"):
            sd[q + n_ + ".weight"] = 1 + rand(g, d, std=0.1)
            sd[q + n_ + ".bias"] = rand(g, d, std=0.1)
        for n_ in ("attention.attention.query", "attention.attention.key", "attention.attention.value"):
            sd[q + n_ + ".weight"] = rand(g, d, d, std=0.5)
            if cfg.get("qkv_bias", True):
                sd[q + n_ + ".bias"] = rand(g, d, std=0.1)
        sd[q + "attention.output.dense.weight"] = rand(g, d, d, std=0.4)
        sd[q + "attention.output.dense.bias"] = rand(g, d, std=0.1)
        sd[q + "intermediate.dense.weight"] = rand(g, I, d, std=0.4)
        sd[q + "intermediate.dense.bias"] = rand(g, I, std=0.1)
        sd[q + "output.dense.weight"] = rand(g, d, I, std=0.4)
        sd[q + "output.dense.bias"] = rand(g, d, std=0.1)
    sd[p + "layernorm.weight"] = 1 + rand(g, d, std=0.1)
    sd[p + "layernorm.bias"] = rand(g, d, std=0.1)
    if pooler:
        sd[p + "pooler.dense.weight"] = rand(g, d, d)
        sd[p + "pooler.dense.bias"] = rand(g, d, std=0.1)
    if head:
        sd["classifier.weight"] = rand(g, head, d, std=0.4)
        sd["classifier.bias"] = rand(g, head, std=0.1)
    return sd


def test_image(seed, height, width, grey):
    """A smooth pattern plus noise, 8-bit, so that resizing has something to interpolate."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float64)
    planes = []
    for c in range(1 if grey else 3):
        base = 127 + 90 * np.sin(xx / (2.5 + c) + yy / (4.0 + 2 * c)) + 30 * np.cos(yy / 3.0 - c)
        planes.append(base + rng.normal(0, 12, size=(height, width)))
    a = np.clip(np.rint(np.stack(planes, -1)), 0, 255).astype(np.uint8)
    return Image.fromarray(a[:, :, 0] if grey else a, "L" if grey else "RGB")


def write_vit(out):
    common = {"model_type": "vit", "image_size": 32, "num_channels": 3, "num_hidden_layers": 2,
              "num_attention_heads": 2, "hidden_size": 16, "intermediate_size": 24,
              "hidden_dropout_prob": 0.0, "attention_probs_dropout_prob": 0.0, "initializer_range": 0.02,
              "encoder_stride": 8}
    variants = {
        "vit-tiny": dict(
            cfg=dict(common, architectures=["ViTForImageClassification"], patch_size=8, hidden_act="gelu",
                     layer_norm_eps=1e-12, qkv_bias=True,
                     id2label={"0": "cat", "1": "dog", "2": "bird", "3": "fish"},
                     label2id={"cat": 0, "dog": 1, "bird": 2, "fish": 3}),
            pp={"do_normalize": True, "do_rescale": True, "do_resize": True,
                "image_mean": [0.485, 0.456, 0.406], "image_std": [0.229, 0.224, 0.225],
                "image_processor_type": "ViTImageProcessor", "resample": 2,
                "rescale_factor": 0.00392156862745098, "size": {"height": 32, "width": 32}},
            prefix="vit.", head=4, pooler=False, image=(45, 24, False), seed=3101),
        "vit-tiny-base": dict(
            cfg=dict(common, architectures=["ViTModel"], patch_size=16, hidden_act="gelu_new",
                     layer_norm_eps=1e-6, qkv_bias=False),
            pp={"do_normalize": True, "do_rescale": True, "do_resize": True, "image_mean": [0.5, 0.5, 0.5],
                "image_std": [0.5, 0.5, 0.5], "feature_extractor_type": "ViTFeatureExtractor", "resample": 2,
                "rescale_factor": 0.00392156862745098, "size": 32},
            prefix="", head=0, pooler=True, image=(28, 20, True), seed=3102),
    }
    for name, v in variants.items():
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        cfg = v["cfg"]
        sd = vit_weights(cfg, v["seed"], v["prefix"], v["head"], v["pooler"])
        save_file(sd, os.path.join(d, "model.safetensors"), metadata={"format": "pt"})
        dump(os.path.join(d, "config.json"), cfg)
        dump(os.path.join(d, "preprocessor_config.json"), v["pp"])
        h, w, grey = v["image"]
        test_image(v["seed"], h, w, grey).save(os.path.join(d, "image.png"))
        img = Image.open(os.path.join(d, "image.png"))  # what a reader of the file gets
        raw = np.array(img)
        resized, pixels = hf_image_preprocess(img, v["pp"], cfg["num_channels"])
        maps, logits = vit_forward(sd, cfg, torch.from_numpy(pixels))
        exp = {
            "image": {"height": h, "width": w, "channels": 1 if grey else 3,
                      "bytes": raw.reshape(h, w, -1).tolist()},
            "resized_bytes": resized.tolist(),
            "pixel_values": r6(torch.from_numpy(pixels)),
            "attention": r6(maps),
        }
        if name == "vit-tiny":  # Pillow's bicubic (resample 3) on the same image, for the resize test
            bicubic, _ = hf_image_preprocess(img, dict(v["pp"], resample=3), cfg["num_channels"])
            exp["resized_bytes_bicubic"] = bicubic.tolist()
        if logits is not None:
            exp["logits"] = r6(logits)
            exp["probabilities"] = r6(torch.softmax(logits, -1))
        dump(os.path.join(d, "expected.json"), exp)
        print("wrote", d)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="tests/data/hf")
    ap.add_argument("--only", choices=["bert", "llama", "vit"], help="write one family's fixtures only")
    args = ap.parse_args()
    writers = {"bert": write_bert, "llama": write_llama, "vit": write_vit}
    for name, write in writers.items():
        if args.only in (None, name):
            write(args.out)


if __name__ == "__main__":
    main()
