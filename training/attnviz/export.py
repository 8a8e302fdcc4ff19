"""Write an attnviz checkpoint directory: config.json + model.safetensors + vocabulary files.

    export_checkpoint(model, config, out_dir, vocab=None, src_vocab=None, tgt_vocab=None, metadata=None)

* model.safetensors = model.state_dict() (float32, names unchanged; non-persistent buffers such as the
  sinusoidal table are not saved).
* config.json = `config` plus derived ids when the vocabulary is given: pad_id / unk_id / cls_id for
  transformer_classifier, sos_id / eos_id / unk_id for seq2seq_attention (the C++ engine reads the
  token strings and looks them up in the vocabulary; the ids are a convenience and are cross-checked).
* vocab.txt (transformer_classifier) or src_vocab.txt + tgt_vocab.txt (seq2seq_attention): one token per
  line, line number = id. A vocabulary may be a list of tokens (index = id) or a {token: id} dict
  with ids 0..n-1. Tokens may not contain newlines.
"""

import json
import os

from .safetensors import save_file


def _as_list(vocab):
    if vocab is None:
        return None
    if isinstance(vocab, dict):
        items = sorted(vocab.items(), key=lambda kv: kv[1])
        if [i for _, i in items] != list(range(len(items))):
            raise ValueError("vocabulary ids must be 0..n-1 without gaps")
        return [t for t, _ in items]
    return [str(t) for t in vocab]


def _write_vocab(path, tokens):
    for t in tokens:
        if "\n" in t or "\r" in t:
            raise ValueError(f"token {t!r} contains a line break")
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(t + "\n" for t in tokens))


def _lookup(tokens, token, key, config=None):
    """Id of a special token; if the config already holds the id (e.g. sos_id, which the model used in
    training) it must agree with the vocabulary, since the C++ engine looks the token up by name."""
    if token is None:
        return None
    try:
        idx = tokens.index(token)
    except ValueError:
        raise ValueError(f"config {key} {token!r} is not in the vocabulary") from None
    id_key = key.replace("_token", "_id")
    if config is not None and config.get(id_key) is not None and int(config[id_key]) != idx:
        raise ValueError(f"config {id_key}={config[id_key]} but {token!r} has id {idx} in the vocabulary")
    return idx


def export_checkpoint(model, config, out_dir, vocab=None, src_vocab=None, tgt_vocab=None, metadata=None):
    """Writes the checkpoint directory `out_dir` (created if needed). Returns the config written."""
    os.makedirs(out_dir, exist_ok=True)
    cfg = dict(config)
    arch = cfg.get("architecture")
    if arch not in ("transformer_classifier", "seq2seq_attention", "vit", "attention_head"):
        raise ValueError(f"unknown architecture {arch!r}")
    if arch == "transformer_classifier":
        tokens = _as_list(vocab)
        if tokens is None:
            raise ValueError("transformer_classifier needs vocab=")
        if len(tokens) != cfg["vocab_size"]:
            raise ValueError(f"vocab has {len(tokens)} tokens, config vocab_size is {cfg['vocab_size']}")
        for key in ("pad_token", "unk_token", "cls_token"):
            idx = _lookup(tokens, cfg.get(key), key, config)
            if idx is not None:
                cfg[key.replace("_token", "_id")] = idx
        _write_vocab(os.path.join(out_dir, "vocab.txt"), tokens)
    elif arch == "seq2seq_attention":
        src, tgt = _as_list(src_vocab), _as_list(tgt_vocab)
        if src is None or tgt is None:
            raise ValueError("seq2seq_attention needs src_vocab= and tgt_vocab=")
        if len(src) != cfg["src_vocab_size"] or len(tgt) != cfg["tgt_vocab_size"]:
            raise ValueError("vocabulary sizes do not match src_vocab_size / tgt_vocab_size")
        for key in ("sos_token", "eos_token"):
            idx = _lookup(tgt, cfg.get(key), key, config)
            if idx is not None:
                cfg[key.replace("_token", "_id")] = idx
        if cfg.get("unk_token") is not None:
            cfg["unk_id"] = _lookup(src, cfg["unk_token"], "unk_token")
        if cfg.get("src_append_eos", True) and cfg.get("eos_token") not in src:
            raise ValueError("src_append_eos is true but eos_token is not in the source vocabulary")
        _write_vocab(os.path.join(out_dir, "src_vocab.txt"), src)
        _write_vocab(os.path.join(out_dir, "tgt_vocab.txt"), tgt)
    state = {k: v.detach().float().contiguous() for k, v in model.state_dict().items()}
    save_file(state, os.path.join(out_dir, "model.safetensors"),
              metadata={"format": "pt", **{str(k): str(v) for k, v in (metadata or {}).items()}})
    with open(os.path.join(out_dir, "config.json"), "w", encoding="utf-8") as f:
        json.dump(cfg, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return cfg
