"""Reference PyTorch modules for the three checkpoint architectures of attnviz.

The state_dict names of these modules ARE the checkpoint format: `export.export_checkpoint` saves
`model.state_dict()` as model.safetensors unchanged, and the C++ engine (core/src/models/) loads them
by name. Every forward returns the attention maps next to the outputs.

Shared semantics
----------------
* Encoder layers are `torch.nn.TransformerEncoderLayer(d, n_heads, ff_dim, batch_first=True,
  norm_first=..., activation="relu"|"gelu", layer_norm_eps=...)` (subclassed only to add
  `forward_with_attention`, which repeats the stock layer's steps and keeps the per-head softmax
  weights: self_attn(..., need_weights=True, average_attn_weights=False)). gelu is the exact (erf) one.
* Attention maps come back as a list over layers of tensors [batch, heads, T_q, T_k].
* Padding: `key_padding_mask` is True at pad positions; pads are masked as keys only (their weight is
  exactly 0); pad rows (queries) are still computed but ignored by the pooling.
* `encoder.norm` (final LayerNorm of the encoder) exists when config["final_norm"] is true; the C++
  loader applies it whenever the file has `encoder.norm.weight`.
"""

import math

import torch
from torch import nn
import torch.nn.functional as F


def sinusoidal_table(n_positions, d_model):
    """Vaswani et al. positions: pe[p, 2i] = sin(p / 10000^(2i/d)), pe[p, 2i+1] = cos(same).

    Computed in float64 then rounded to float32 (the C++ engine does the same)."""
    pos = torch.arange(n_positions, dtype=torch.float64).unsqueeze(1)
    i2 = torch.arange(0, d_model, 2, dtype=torch.float64)
    div = torch.pow(10000.0, i2 / d_model)
    pe = torch.zeros(n_positions, d_model, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(pos / div)
    pe[:, 1::2] = torch.cos(pos / div[: d_model // 2])
    return pe.float()


class EncoderLayer(nn.TransformerEncoderLayer):
    """nn.TransformerEncoderLayer (same parameters, same names) that can also return its weights."""

    def forward_with_attention(self, x, key_padding_mask=None):
        """x: [B, T, d]; key_padding_mask: [B, T] bool, True = pad. Returns (y, weights [B, h, T, T])."""

        def sa(h):
            out, w = self.self_attn(h, h, h, key_padding_mask=key_padding_mask, need_weights=True,
                                    average_attn_weights=False)
            return self.dropout1(out), w

        if self.norm_first:
            a, w = sa(self.norm1(x))
            x = x + a
            x = x + self._ff_block(self.norm2(x))
        else:
            a, w = sa(x)
            x = self.norm1(x + a)
            x = self.norm2(x + self._ff_block(x))
        return x, w


class Encoder(nn.Module):
    """`layers.{i}` encoder layers and an optional final `norm` (present when final_norm is true)."""

    def __init__(self, d_model, n_heads, n_layers, ff_dim, norm_first, activation, layer_norm_eps,
                 dropout=0.1, final_norm=False):
        super().__init__()
        self.layers = nn.ModuleList([
            EncoderLayer(d_model, n_heads, ff_dim, dropout=dropout, activation=activation,
                         layer_norm_eps=layer_norm_eps, batch_first=True, norm_first=norm_first)
            for _ in range(n_layers)
        ])
        self.norm = nn.LayerNorm(d_model, eps=layer_norm_eps) if final_norm else None

    def forward(self, x, key_padding_mask=None):
        maps = []
        for layer in self.layers:
            x, w = layer.forward_with_attention(x, key_padding_mask)
            maps.append(w)
        if self.norm is not None:
            x = self.norm(x)
        return x, maps


def _encoder_from(config):
    return Encoder(config["d_model"], config["n_heads"], config["n_layers"], config["ff_dim"],
                   bool(config.get("norm_first", False)), config.get("activation", "relu"),
                   float(config.get("layer_norm_eps", 1e-5)), float(config.get("dropout", 0.1)),
                   bool(config.get("final_norm", False)))


class TransformerClassifier(nn.Module):
    """architecture "transformer_classifier" (config keys: vocab_size, d_model, n_heads, n_layers, ff_dim,
    max_len, norm_first, activation, layer_norm_eps, pooling, positional, scale_embedding, pad_token,
    unk_token, cls_token, labels; optional dropout, final_norm).

    forward(ids, key_padding_mask=None) with ids [B, T] (long):
      x = embedding(ids) * (sqrt(d) if scale_embedding else 1) + positions[:T]
          positions = sinusoidal_table (no weights) or pos_embedding.weight (max_len x d) when "learned"
      x, maps = encoder(x, key_padding_mask)        # key_padding_mask True at pads
      pooled = mean of x over positions where key_padding_mask is False   (pooling "mean")
             = x[:, 0]                     (pooling "cls"; the tokenizer puts cls_token first)
      logits = classifier(pooled)                   # classifier.{weight,bias}: [n_labels, d]
    Returns (logits [B, n_labels], maps: list over layers of [B, heads, T, T]).
    If key_padding_mask is None and config["pad_token"] is set, it is derived as ids == pad id, where the
    pad id is config["pad_id"] (export writes it; default 0).
    """

    def __init__(self, config):
        super().__init__()
        self.config = dict(config)
        d = config["d_model"]
        self.d_model = d
        self.pooling = config.get("pooling", "mean")
        self.positional = config.get("positional", "sinusoidal")
        self.scale_embedding = bool(config.get("scale_embedding", False))
        self.pad_id = int(config.get("pad_id", 0))
        n_labels = len(config["labels"])
        self.embedding = nn.Embedding(config["vocab_size"], d)
        if self.positional == "learned":
            self.pos_embedding = nn.Embedding(config["max_len"], d)
        elif self.positional == "sinusoidal":
            self.register_buffer("pe", sinusoidal_table(config["max_len"], d), persistent=False)
        else:
            raise ValueError(f"positional must be 'learned' or 'sinusoidal', not {self.positional!r}")
        if self.pooling not in ("mean", "cls"):
            raise ValueError(f"pooling must be 'mean' or 'cls', not {self.pooling!r}")
        self.encoder = _encoder_from(config)
        self.classifier = nn.Linear(d, n_labels)

    def forward(self, ids, key_padding_mask=None):
        B, T = ids.shape
        if key_padding_mask is None:
            key_padding_mask = ids == self.pad_id
        x = self.embedding(ids)
        if self.scale_embedding:
            x = x * math.sqrt(self.d_model)
        if self.positional == "learned":
            x = x + self.pos_embedding.weight[:T].unsqueeze(0)
        else:
            x = x + self.pe[:T].unsqueeze(0)
        x, maps = self.encoder(x, key_padding_mask)
        if self.pooling == "cls":
            pooled = x[:, 0]
        else:
            keep = (~key_padding_mask).unsqueeze(-1).to(x.dtype)
            pooled = (x * keep).sum(1) / keep.sum(1).clamp(min=1.0)
        return self.classifier(pooled), maps


class BahdanauAttention(nn.Module):
    """score = Va(tanh(Wa(h) + Ua(enc_out))), softmax over source positions, context = weights . enc_out."""

    def __init__(self, hidden):
        super().__init__()
        self.Wa = nn.Linear(hidden, hidden)
        self.Ua = nn.Linear(hidden, hidden)
        self.Va = nn.Linear(hidden, 1)

    def project_keys(self, keys):
        """Ua(enc_out) [B, S, H]: the same at every decoding step, so computed once per sentence."""
        return self.Ua(keys)

    def forward(self, query, keys, src_mask=None, keys_proj=None):
        """query [B, 1, H]; keys [B, S, H]; src_mask [B, S] True = real token; keys_proj = Ua(keys) when
        already computed. -> (context [B,1,H], w [B,1,S])"""
        if keys_proj is None:
            keys_proj = self.Ua(keys)
        scores = self.Va(torch.tanh(self.Wa(query) + keys_proj)).squeeze(2).unsqueeze(1)
        if src_mask is not None:
            scores = scores.masked_fill(~src_mask.unsqueeze(1), float("-inf"))
        w = F.softmax(scores, dim=-1)
        return torch.bmm(w, keys), w


class DotAttention(nn.Module):
    """score = h . enc_out / sqrt(H); no parameters."""

    def __init__(self, hidden):
        super().__init__()
        self.hidden = hidden

    def project_keys(self, keys):
        return None

    def forward(self, query, keys, src_mask=None, keys_proj=None):
        scores = torch.bmm(query, keys.transpose(1, 2)) / math.sqrt(self.hidden)
        if src_mask is not None:
            scores = scores.masked_fill(~src_mask.unsqueeze(1), float("-inf"))
        w = F.softmax(scores, dim=-1)
        return torch.bmm(w, keys), w


class EncoderRNN(nn.Module):
    """encoder.embedding (src_vocab x H), encoder.gru (num_layers stacked layers, H -> H, batch_first;
    PyTorch's names weight_ih_l{k} ...; dropout between layers in training only)."""

    def __init__(self, vocab, hidden, dropout=0.1, num_layers=1):
        super().__init__()
        self.embedding = nn.Embedding(vocab, hidden)
        self.gru = nn.GRU(hidden, hidden, num_layers=num_layers, batch_first=True,
                          dropout=dropout if num_layers > 1 else 0.0)
        self.dropout = nn.Dropout(dropout)

    def forward(self, src, lengths=None):
        """src [B, S]; lengths [B] (optional; positions >= length are padding, skipped by the GRU and
        returned as zeros). Returns (enc_out [B, S, H] of the top layer, hidden [L, B, H] = each layer's
        state after the last real token)."""
        x = self.dropout(self.embedding(src))
        if lengths is None:
            return self.gru(x)
        packed = nn.utils.rnn.pack_padded_sequence(x, lengths.cpu(), batch_first=True, enforce_sorted=False)
        out, h = self.gru(packed)
        out, _ = nn.utils.rnn.pad_packed_sequence(out, batch_first=True, total_length=src.shape[1])
        return out, h


class AttnDecoderRNN(nn.Module):
    """decoder.embedding (tgt_vocab x H), decoder.attention (additive: Wa, Ua, Va; dot: none),
    decoder.gru (num_layers layers; the first 2H -> H with input [embedded ; context], the others H -> H),
    decoder.out (H -> tgt_vocab). The attention query is the top layer's previous state."""

    def __init__(self, vocab, hidden, kind, dropout=0.1, num_layers=1):
        super().__init__()
        self.embedding = nn.Embedding(vocab, hidden)
        self.attention = BahdanauAttention(hidden) if kind == "additive" else DotAttention(hidden)
        self.gru = nn.GRU(2 * hidden, hidden, num_layers=num_layers, batch_first=True,
                          dropout=dropout if num_layers > 1 else 0.0)
        self.out = nn.Linear(hidden, vocab)
        self.dropout = nn.Dropout(dropout)

    def prepare(self, enc_out):
        return self.attention.project_keys(enc_out)

    def step_state(self, token, hidden, enc_out, src_mask=None, keys_proj=None):
        """token [B, 1]; hidden [L, B, H] (the previous states; the top one is the attention query).
        Returns (top-layer output [B, 1, H], hidden, weights [B, 1, S])."""
        emb = self.dropout(self.embedding(token))
        context, w = self.attention(hidden[-1:].permute(1, 0, 2), enc_out, src_mask, keys_proj)
        out, hidden = self.gru(torch.cat((emb, context), dim=2), hidden)
        return out, hidden, w

    def step(self, token, hidden, enc_out, src_mask=None, keys_proj=None):
        """As step_state, with logits [B, 1, V] instead of the output state."""
        out, hidden, w = self.step_state(token, hidden, enc_out, src_mask, keys_proj)
        return self.out(out), hidden, w


class DecoderRNN(nn.Module):
    """The tutorial's plain decoder (attention "none"): relu(embedding) -> GRU(H -> H, num_layers) -> out."""

    def __init__(self, vocab, hidden, dropout=0.1, num_layers=1):
        super().__init__()
        self.embedding = nn.Embedding(vocab, hidden)
        self.gru = nn.GRU(hidden, hidden, num_layers=num_layers, batch_first=True,
                          dropout=dropout if num_layers > 1 else 0.0)
        self.out = nn.Linear(hidden, vocab)

    def prepare(self, enc_out):
        return None

    def step_state(self, token, hidden, enc_out=None, src_mask=None, keys_proj=None):
        out, hidden = self.gru(F.relu(self.embedding(token)), hidden)
        return out, hidden, None

    def step(self, token, hidden, enc_out=None, src_mask=None, keys_proj=None):
        out, hidden, _ = self.step_state(token, hidden)
        return self.out(out), hidden, None


class Seq2SeqAttention(nn.Module):
    """architecture "seq2seq_attention" (config keys: hidden_size, attention ("additive"|"dot"|"none"),
    src_vocab_size, tgt_vocab_size, max_len, sos_token, eos_token, unk_token, src_append_eos; optional
    num_layers (1), dropout, tokenizer ("words" | "sentencepiece"); export also writes sos_id / eos_id).

    Source ids must already end with the eos id when src_append_eos is true (the C++ engine appends it
    after tokenising). The decoder starts from the encoder's final hidden states (layer k from layer k)
    and sos; at each step the query of the attention is the decoder's previous top-layer state.

    forward(src, target=None, lengths=None, max_len=None):
      target given -> teacher forcing: the decoder input is [sos, target[:, :-1]] and the loop runs
      target.shape[1] steps. Otherwise greedy (argmax) decoding for max_len (default config max_len)
      steps; see `greedy` for stopping at eos. Returns (logits [B, steps, V], alignment [B, steps, S] or
      None when attention is "none"). Use F.cross_entropy on logits (the tutorial's log_softmax + NLL).
    lengths [B]: real source lengths for padded batches (pads are skipped by the encoder GRU and masked
    out of the attention). The C++ engine runs one unpadded sentence at a time.
    """

    def __init__(self, config):
        super().__init__()
        self.config = dict(config)
        H = config["hidden_size"]
        self.hidden_size = H
        self.kind = config.get("attention", "additive")
        if self.kind not in ("additive", "dot", "none"):
            raise ValueError(f"attention must be additive, dot or none, not {self.kind!r}")
        self.max_len = int(config["max_len"])
        self.sos_id = int(config.get("sos_id", 0))
        self.eos_id = int(config.get("eos_id", 1))
        layers = int(config.get("num_layers", 1))
        dropout = float(config.get("dropout", 0.1))
        self.encoder = EncoderRNN(config["src_vocab_size"], H, dropout, layers)
        if self.kind == "none":
            self.decoder = DecoderRNN(config["tgt_vocab_size"], H, dropout, layers)
        else:
            self.decoder = AttnDecoderRNN(config["tgt_vocab_size"], H, self.kind, dropout, layers)

    def forward(self, src, target=None, lengths=None, max_len=None):
        outs, aligns = self.decoder_states(src, target, lengths, max_len)
        return self.decoder.out(outs), aligns

    def decoder_states(self, src, target=None, lengths=None, max_len=None):
        """forward() without the output projection: (top-layer decoder states [B, steps, H], alignment).
        Training projects only the states at real (non-pad) target positions, which gives the same loss
        as cross-entropy over the padded logits with ignore_index = pad, for less work."""
        enc_out, hidden = self.encoder(src, lengths)
        B, S = src.shape
        src_mask = None
        if lengths is not None:
            src_mask = torch.arange(S, device=src.device).unsqueeze(0) < lengths.to(src.device).unsqueeze(1)
        keys_proj = self.decoder.prepare(enc_out)
        steps = target.shape[1] if target is not None else (max_len or self.max_len)
        token = torch.full((B, 1), self.sos_id, dtype=torch.long, device=src.device)
        outs, aligns = [], []
        for t in range(steps):
            out, hidden, w = self.decoder.step_state(token, hidden, enc_out, src_mask, keys_proj)
            outs.append(out)
            if w is not None:
                aligns.append(w)
            token = target[:, t : t + 1] if target is not None else self.decoder.out(out).argmax(-1).detach()
        return torch.cat(outs, dim=1), (torch.cat(aligns, dim=1) if aligns else None)

    @torch.no_grad()
    def greedy(self, src_ids, max_len=None, prefix=()):
        """One sentence (list of source ids, eos already appended). Greedy decoding until eos (included in
        the output) or max_len steps. Returns (output ids, logits [steps, V], alignment [steps, S] or None).
        `prefix`: target ids fed to the decoder at the first steps instead of its own choices (teacher
        forcing; the engine's Seq2SeqModel::translateForced), after which it goes on greedily."""
        src = torch.tensor([src_ids], dtype=torch.long)
        enc_out, hidden = self.encoder(src)
        keys_proj = self.decoder.prepare(enc_out)
        token = torch.tensor([[self.sos_id]], dtype=torch.long)
        ids, logits, aligns = [], [], []
        for t in range(max(max_len or self.max_len, len(prefix))):
            out, hidden, w = self.decoder.step(token, hidden, enc_out, None, keys_proj)
            logits.append(out[0, 0])
            if w is not None:
                aligns.append(w[0, 0])
            nxt = int(prefix[t]) if t < len(prefix) else int(out[0, 0].argmax())
            ids.append(nxt)
            if nxt == self.eos_id:
                break
            token = torch.tensor([[nxt]], dtype=torch.long)
        return ids, torch.stack(logits), (torch.stack(aligns) if aligns else None)

    @torch.no_grad()
    def beam(self, src_ids, width, max_len=None):
        """Beam search of `width` hypotheses (width 1 = greedy). A hypothesis ends at eos; the score is the
        sum of log-probabilities divided by the output length (eos counted), so short outputs are not
        favoured; ties keep the earlier candidate. Returns the best output ids (eos included when reached)."""
        if width <= 1:
            return self.greedy(src_ids, max_len)[0]
        src = torch.tensor([src_ids], dtype=torch.long)
        enc_out, hidden = self.encoder(src)
        keys_proj = self.decoder.prepare(enc_out)
        beams = [([], 0.0, hidden)]
        finished = []
        for _ in range(max_len or self.max_len):
            cands = []
            for ids, lp, h in beams:
                token = torch.tensor([[ids[-1] if ids else self.sos_id]], dtype=torch.long)
                out, h2, _ = self.decoder.step(token, h, enc_out, None, keys_proj)
                logp = F.log_softmax(out[0, 0], dim=-1)
                top = torch.topk(logp, width)
                for v, i in zip(top.values.tolist(), top.indices.tolist()):
                    cands.append((ids + [i], lp + v, h2))
            cands.sort(key=lambda c: -c[1])
            beams = []
            for c in cands:
                if c[0][-1] == self.eos_id:
                    finished.append((c[0], c[1] / len(c[0])))
                else:
                    beams.append(c)
                if len(beams) == width:
                    break
            if not beams or len(finished) >= width:
                break
        finished.extend((b[0], b[1] / len(b[0])) for b in beams)
        return max(finished, key=lambda f: f[1])[0]


class PatchEmbed(nn.Module):
    """patch_embed.proj: Conv2d(C, d, kernel=stride=patch); patches flattened row by row -> [B, N, d]."""

    def __init__(self, in_channels, d_model, patch_size):
        super().__init__()
        self.proj = nn.Conv2d(in_channels, d_model, kernel_size=patch_size, stride=patch_size)

    def forward(self, x):
        return self.proj(x).flatten(2).transpose(1, 2)


class ViT(nn.Module):
    """architecture "vit" (config keys: image_size, patch_size, in_channels, d_model, n_heads, n_layers,
    ff_dim, norm_first, activation, layer_norm_eps, positional, pooling ("cls"), mean, std, labels;
    optional dropout, final_norm).

    forward(images [B, C, H, W], already scaled to [0,1] and normalised with config mean/std):
      x = [cls_token ; patch_embed(images)] + pos_embed (1 x (N+1) x d, or sinusoidal_table(N+1, d))
      x, maps = encoder(x)  (no padding)
      logits = head(norm(x[:, 0]))
    Returns (logits [B, n_labels], maps: list over layers of [B, heads, N+1, N+1]).
    """

    def __init__(self, config):
        super().__init__()
        self.config = dict(config)
        d = config["d_model"]
        size, p = config["image_size"], config["patch_size"]
        if size % p:
            raise ValueError("image_size must be a multiple of patch_size")
        self.n_patches = (size // p) ** 2
        self.positional = config.get("positional", "learned")
        self.patch_embed = PatchEmbed(config["in_channels"], d, p)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, d))
        if self.positional == "learned":
            self.pos_embed = nn.Parameter(torch.zeros(1, self.n_patches + 1, d))
            nn.init.trunc_normal_(self.pos_embed, std=0.02)
        elif self.positional == "sinusoidal":
            self.register_buffer("pe", sinusoidal_table(self.n_patches + 1, d).unsqueeze(0), persistent=False)
        else:
            raise ValueError(f"positional must be 'learned' or 'sinusoidal', not {self.positional!r}")
        nn.init.trunc_normal_(self.cls_token, std=0.02)
        self.encoder = _encoder_from(config)
        self.norm = nn.LayerNorm(d, eps=float(config.get("layer_norm_eps", 1e-5)))
        self.head = nn.Linear(d, len(config["labels"]))

    def forward(self, images):
        x = self.patch_embed(images)
        x = torch.cat((self.cls_token.expand(x.shape[0], -1, -1), x), dim=1)
        x = x + (self.pos_embed if self.positional == "learned" else self.pe)
        x, maps = self.encoder(x)
        return self.head(self.norm(x[:, 0])), maps
