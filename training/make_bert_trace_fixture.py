#!/usr/bin/env python3
"""Every intermediate of Hugging Face BERT's forward on the bert-tiny fixture, in float64 numpy, for the
Transformer page's BERT trace (issue 49 point 1): attn::hf::BertModel::trace against it.

Written from transformers' modeling_bert.py (BertEmbeddings, BertSelfAttention, BertSelfOutput,
BertIntermediate, BertOutput, BertPooler) and BertForSequenceClassification; post-LN, exact erf GELU,
token type 0 everywhere, no padding.

  /usr/bin/python3 training/make_bert_trace_fixture.py

reads tests/data/hf/bert-tiny/{config.json,model.safetensors} and the ids of the first case of its
expected.json ("The film was unaffable... not good!"), and writes tests/data/hf/bert-tiny-trace.json:
  ids, word, position, token_type, sum, emb_mean, emb_var, input   (T x d, T)
  layers[l]: q ([head] T x hs), scores, weights ([head] T x T), concat, attn_out, residual1,
             norm1, ff_pre, ff_hidden, ff_out, residual2, output, norm1_mean, norm1_var
  cls, pooled (d), logits, probabilities
and tests/data/hf/bert-tiny-headless/: the same encoder as a BertModel without pooler and head (names
without the "bert." prefix, config.json without id2label), the same vocab.txt and tokenizer_config.json,
for an encoder the page shows without pooling.
"""

import json
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnviz.safetensors import load_file, save_file  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
FIXTURE = os.path.join(ROOT, "tests", "data", "hf", "bert-tiny")
OUT = os.path.join(ROOT, "tests", "data", "hf", "bert-tiny-trace.json")
HEADLESS = os.path.join(ROOT, "tests", "data", "hf", "bert-tiny-headless")


def layer_norm(x, w, b, eps):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)  # biased, as PyTorch
    return (x - mean) / np.sqrt(var + eps) * w + b, mean[:, 0], var[:, 0]


def gelu(x):
    erf = np.vectorize(math.erf)
    return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))


def rows(m):
    return [[float(v) for v in r] for r in np.atleast_2d(m)]


def main():
    cfg = json.load(open(os.path.join(FIXTURE, "config.json")))
    sd = {k: np.asarray(v, dtype=np.float64) for k, v in load_file(os.path.join(FIXTURE, "model.safetensors"))[0].items()}
    ids = json.load(open(os.path.join(FIXTURE, "expected.json")))["cases"][0]["ids"]
    eps = cfg["layer_norm_eps"]
    H = cfg["num_attention_heads"]
    d = cfg["hidden_size"]
    hs = d // H
    T = len(ids)
    p = "bert."

    def lin(x, name):
        return x @ sd[name + ".weight"].T + sd[name + ".bias"]

    out = {"text": "The film was unaffable... not good!", "ids": ids}
    word = sd[p + "embeddings.word_embeddings.weight"][ids]
    pos = sd[p + "embeddings.position_embeddings.weight"][:T]
    tt = np.repeat(sd[p + "embeddings.token_type_embeddings.weight"][0:1], T, axis=0)
    s = word + pos + tt
    x, m, v = layer_norm(s, sd[p + "embeddings.LayerNorm.weight"], sd[p + "embeddings.LayerNorm.bias"], eps)
    out.update(word=rows(word), position=rows(pos), token_type=rows(tt), sum=rows(s), emb_mean=list(m),
               emb_var=list(v), input=rows(x))
    layers = []
    for layer in range(cfg["num_hidden_layers"]):
        q = f"{p}encoder.layer.{layer}."
        Q = lin(x, q + "attention.self.query")
        K = lin(x, q + "attention.self.key")
        V = lin(x, q + "attention.self.value")
        rec = {"q": [], "scores": [], "weights": []}
        heads = []
        for h in range(H):
            qh, kh, vh = (M[:, h * hs:(h + 1) * hs] for M in (Q, K, V))
            sc = qh @ kh.T
            a = np.exp(sc / math.sqrt(hs) - (sc / math.sqrt(hs)).max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            rec["q"].append(rows(qh))
            rec["scores"].append(rows(sc))
            rec["weights"].append(rows(a))
            heads.append(a @ vh)
        concat = np.concatenate(heads, axis=1)
        attn_out = lin(concat, q + "attention.output.dense")
        r1 = attn_out + x
        n1, m1, v1 = layer_norm(r1, sd[q + "attention.output.LayerNorm.weight"],
                                sd[q + "attention.output.LayerNorm.bias"], eps)
        ff_pre = lin(n1, q + "intermediate.dense")
        ff_hidden = gelu(ff_pre)
        ff_out = lin(ff_hidden, q + "output.dense")
        r2 = ff_out + n1
        x, m2, v2 = layer_norm(r2, sd[q + "output.LayerNorm.weight"], sd[q + "output.LayerNorm.bias"], eps)
        rec.update(concat=rows(concat), attn_out=rows(attn_out), residual1=rows(r1), norm1=rows(n1),
                   norm1_mean=list(m1), norm1_var=list(v1), ff_pre=rows(ff_pre), ff_hidden=rows(ff_hidden),
                   ff_out=rows(ff_out), residual2=rows(r2), output=rows(x), norm2_mean=list(m2),
                   norm2_var=list(v2))
        layers.append(rec)
    out["layers"] = layers
    cls = x[0:1]
    pooled = np.tanh(lin(cls, p + "pooler.dense"))
    logits = lin(pooled, "classifier")[0]
    e = np.exp(logits - logits.max())
    out.update(cls=list(cls[0]), pooled=list(pooled[0]), logits=list(logits), probabilities=list(e / e.sum()))
    with open(OUT, "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    print(OUT, T, "tokens")
    write_headless()


def write_headless():
    tensors, _ = load_file(os.path.join(FIXTURE, "model.safetensors"))
    kept = {k[len("bert."):]: v for k, v in tensors.items() if k.startswith("bert.") and ".pooler." not in "." + k}
    kept = {k: v for k, v in kept.items() if not k.startswith("pooler.")}
    os.makedirs(HEADLESS, exist_ok=True)
    save_file(kept, os.path.join(HEADLESS, "model.safetensors"))
    cfg = json.load(open(os.path.join(FIXTURE, "config.json")))
    for k in ("id2label", "label2id"):
        cfg.pop(k, None)
    cfg["architectures"] = ["BertModel"]
    with open(os.path.join(HEADLESS, "config.json"), "w") as f:
        json.dump(cfg, f, indent=1)
        f.write("\n")
    for name in ("vocab.txt", "tokenizer_config.json"):
        with open(os.path.join(FIXTURE, name), "rb") as src, open(os.path.join(HEADLESS, name), "wb") as dst:
            dst.write(src.read())
    print(HEADLESS, len(kept), "tensors")


if __name__ == "__main__":
    main()
