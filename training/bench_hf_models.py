"""PyTorch peers of tests/bench/bench_hf.cpp: a BERT-base-sized encoder and a Llama-style decoder with
random weights, written out in plain torch (the shapes and arithmetic of transformers' modeling_bert.py
and modeling_llama.py; that package is not needed). Both keep every attention map, as attnviz does.

Used by training/bench_torch.py (timing) and by its --memory-probe mode (peak resident memory).
"""

import math

import torch
import torch.nn.functional as F

BERT = dict(vocab=30522, hidden=768, layers=12, heads=12, intermediate=3072, positions=512, types=2)
LLAMA = dict(vocab=32000, hidden=512, layers=8, heads=8, kv_heads=4, intermediate=1376, theta=10000.0,
             eps=1e-6)
PROMPT, NEW_TOKENS = 16, 128


def token_ids(n, vocab):
    """The same ids as tests/bench/bench_hf.cpp."""
    return torch.tensor([(i * 7919 + 17) % vocab for i in range(n)])


def _uniform(g, *shape):
    return (torch.rand(*shape, generator=g) * 2 - 1) * 0.05


class BertBase:
    """BertModel forward (post-LN, exact GELU), every layer's [heads, T, T] probabilities returned."""

    def __init__(self, seed=11):
        g = torch.Generator().manual_seed(seed)
        c = BERT
        d, ff = c["hidden"], c["intermediate"]
        self.word = _uniform(g, c["vocab"], d)
        self.position = _uniform(g, c["positions"], d)
        self.token_type = _uniform(g, c["types"], d)
        self.layers = []
        for _ in range(c["layers"]):
            self.layers.append({name: _uniform(g, *shape) for name, shape in {
                "wq": (d, d), "wk": (d, d), "wv": (d, d), "wo": (d, d), "bq": (d,), "bk": (d,), "bv": (d,),
                "bo": (d,), "wi": (ff, d), "bi": (ff,), "wout": (d, ff), "bout": (d,)}.items()})
        self.ones, self.zeros = torch.ones(d), torch.zeros(d)

    def weight_bytes(self):
        n = self.word.numel() + self.position.numel() + self.token_type.numel() + 2 * self.ones.numel()
        n += sum(t.numel() for layer in self.layers for t in layer.values()) + 4 * self.ones.numel() * len(
            self.layers)
        return 4 * n

    def _ln(self, x):
        return F.layer_norm(x, x.shape[-1:], self.ones, self.zeros, 1e-12)

    def __call__(self, ids):
        T, h = ids.shape[0], BERT["heads"]
        x = self._ln(self.word[ids] + self.position[:T] + self.token_type[0])  # T x d
        maps = []
        for L in self.layers:
            def heads(y):
                return y.view(T, h, -1).transpose(0, 1)  # h x T x hs
            q, k, v = (heads(F.linear(x, L[w], L[b])) for w, b in (("wq", "bq"), ("wk", "bk"), ("wv", "bv")))
            probs = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(q.shape[-1]), dim=-1)  # h x T x T
            maps.append(probs)
            ctx = (probs @ v).transpose(0, 1).reshape(T, -1)
            a = self._ln(F.linear(ctx, L["wo"], L["bo"]) + x)
            x = self._ln(F.linear(F.gelu(F.linear(a, L["wi"], L["bi"])), L["wout"], L["bout"]) + a)
        return x, maps


class LlamaSmall:
    """LlamaForCausalLM greedy decoding with a KV cache (RMSNorm, rotate-half rotary, grouped-query
    attention, SwiGLU), every generated position's attention rows kept."""

    def __init__(self, seed=12):
        g = torch.Generator().manual_seed(seed)
        c = LLAMA
        d, hd, ff = c["hidden"], c["hidden"] // c["heads"], c["intermediate"]
        self.hd = hd
        self.embed = _uniform(g, c["vocab"], d)
        self.layers = [{name: _uniform(g, *shape) for name, shape in {
            "wq": (c["heads"] * hd, d), "wk": (c["kv_heads"] * hd, d), "wv": (c["kv_heads"] * hd, d),
            "wo": (d, c["heads"] * hd), "gate": (ff, d), "up": (ff, d), "down": (d, ff)}.items()}
            for _ in range(c["layers"])]
        self.head = _uniform(g, c["vocab"], d)
        self.inv_freq = 1.0 / (c["theta"] ** (torch.arange(0, hd, 2, dtype=torch.float32) / hd))

    def weight_bytes(self):
        return 4 * (self.embed.numel() + self.head.numel() + sum(t.numel() for L in self.layers for t in
                                                                    L.values()))

    def _rms(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + LLAMA["eps"])

    def _rotate(self, x, past):  # x: heads x n x hd
        n = x.shape[1]
        freqs = torch.outer(torch.arange(past, past + n, dtype=torch.float32), self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        half = x.shape[-1] // 2
        rotated = torch.cat((-x[..., half:], x[..., :half]), dim=-1)
        return x * emb.cos() + rotated * emb.sin()

    def _extend(self, cache, ids):
        c = LLAMA
        n, past = ids.shape[0], cache["length"]
        x = self.embed[ids]  # n x d
        rows = []
        group = c["heads"] // c["kv_heads"]
        for l, L in enumerate(self.layers):
            y = self._rms(x)
            q = self._rotate(F.linear(y, L["wq"]).view(n, c["heads"], self.hd).transpose(0, 1), past)
            k = self._rotate(F.linear(y, L["wk"]).view(n, c["kv_heads"], self.hd).transpose(0, 1), past)
            v = F.linear(y, L["wv"]).view(n, c["kv_heads"], self.hd).transpose(0, 1)
            if l < len(cache["k"]):
                cache["k"][l] = torch.cat((cache["k"][l], k), dim=1)
                cache["v"][l] = torch.cat((cache["v"][l], v), dim=1)
            else:
                cache["k"].append(k)
                cache["v"].append(v)
            keys = cache["k"][l].repeat_interleave(group, dim=0)  # heads x (past+n) x hd
            values = cache["v"][l].repeat_interleave(group, dim=0)
            scores = q @ keys.transpose(1, 2) / math.sqrt(self.hd)
            if n > 1:
                future = torch.ones(n, past + n, dtype=torch.bool).triu(past + 1)
                scores = scores.masked_fill(future, float("-inf"))
            probs = torch.softmax(scores, dim=-1)
            rows.append(probs)
            x = x + F.linear((probs @ values).transpose(0, 1).reshape(n, -1), L["wo"])
            y = self._rms(x)
            x = x + F.linear(F.silu(F.linear(y, L["gate"])) * F.linear(y, L["up"]), L["down"])
        cache["length"] += n
        return F.linear(self._rms(x), self.head), rows

    def generate(self, prompt, new_tokens=NEW_TOKENS):
        cache = {"k": [], "v": [], "length": 0}
        logits, rows = self._extend(cache, prompt)
        kept, out = [rows], []
        for _ in range(new_tokens):
            nxt = int(torch.argmax(torch.softmax(logits[-1], dim=-1)))  # attnviz keeps the probabilities
            out.append(nxt)
            if len(out) == new_tokens:
                break
            logits, rows = self._extend(cache, torch.tensor([nxt]))
            kept.append(rows)
        return out, kept
