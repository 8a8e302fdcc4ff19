#!/usr/bin/env python3
"""Per-step top-5 of greedy decoding with the shipped translation checkpoints, as PyTorch computes it.

For a few English sentences (one with words outside the source vocabulary) this runs
resources/models/translation-en-es (additive attention) and translation-en-es-noattn in PyTorch
(training/attnviz/models.py Seq2SeqAttention.greedy) and records, at every decoding step, the five most
probable target tokens (softmax of decoder.out) with their probabilities, the chosen token, and for the
model without attention the encoder's final hidden state (the one context vector the decoder starts from).
It also records the output ids beam search (Seq2SeqAttention.beam) chooses at widths 2, 4 and 8 for
these sentences and the Translation page's presets, and teacher forcing (greedy with a prefix): the
chapter's sentence with Apertium's translation fed to the decoder (per step the forced token's
probability, the top 5 and the attention weights, and the perplexity of the whole translation), and with
the model's first three pieces then its third candidate at step 4 forced, the output it goes on to.

The C++ test tests/core/test_seq2seq_decode.cpp reads tests/data/decode/translation-en-es-top5.json and
compares Seq2SeqModel's per-step candidates with it at 1e-5.

Run with Debian's torch:  OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/make_decode_fixture.py
"""

import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnviz.models import Seq2SeqAttention  # noqa: E402
from attnviz.safetensors import load_file  # noqa: E402
from common import tokenize  # noqa: E402  (the engine's tokeniser, mirrored)

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = os.path.join(HERE, "..", "resources", "models")
OUT = os.path.join(HERE, "..", "tests", "data", "decode", "translation-en-es-top5.json")

SENTENCES = [
    "The book that I bought is very interesting",
    "She is reading a book in the garden",
    # Rare letter strings: <unk> for a word model, cut into small pieces by a SentencePiece model.
    "My zyxwv friend went to the qwertyuiop market",
]
TOP_K = 5
# Teacher forcing: the chapter's sentence and Apertium's translation of it (the Translation page's preset).
FORCED = ("The book that I bought is very interesting", "El libro que compré es muy interesante.")
FORCED_PREFIX_STEPS = 3  # the model's own first pieces kept ...
FORCED_RANK = 2  # ... then its third most probable candidate at the next step forced
BEAM_WIDTHS = (2, 4, 8)
# Beam search's outputs are also recorded for the Translation page's presets (app/pages/translation/translation_page.cpp).
BEAM_SENTENCES = SENTENCES + [
    "The cat is sleeping on the bed",
    "The weather is very cold today",
    "My sister and her friend went to the market to buy bread and fresh fruit",
    "The small dog ran quickly across the green field to find its owner",
]


def source_words(text, cfg):
    """The engine's Seq2SeqModel::sourceWords: the tokenised text, then the config's src_sentence_end when
    the text's last character is not ".", "!" or "?" (prepare_translation.clean's rule for every training
    source)."""
    words = tokenize(text)
    if words and not text.rstrip().endswith((".", "!", "?")) and cfg.get("src_sentence_end"):
        words.append(cfg["src_sentence_end"])
    return words


def model_dir(name):
    """resources/models/<name>, or `name` itself when it is a checkpoint directory (a run's checkpoint/)."""
    return name if os.path.isdir(name) else os.path.join(MODELS, name)


def load_with_metadata(name):
    """(model, config, source vocabulary, target vocabulary, safetensors metadata) of a seq2seq checkpoint:
    resources/models/<name> or a checkpoint directory."""
    d = model_dir(name)
    with open(os.path.join(d, "config.json")) as f:
        cfg = json.load(f)
    model = Seq2SeqAttention(cfg)
    tensors, metadata = load_file(os.path.join(d, "model.safetensors"))
    missing, unexpected = model.load_state_dict({k: torch.from_numpy(np.array(v)) for k, v in tensors.items()},
                                                strict=True)
    assert not missing and not unexpected, (missing, unexpected)
    model.eval()
    with open(os.path.join(d, "src_vocab.txt")) as f:
        src = [line.rstrip("\n") for line in f]
    with open(os.path.join(d, "tgt_vocab.txt")) as f:
        tgt = [line.rstrip("\n") for line in f]
    return model, cfg, src, tgt, metadata or {}


def load(name):
    return load_with_metadata(name)[:4]


def source_ids(name, cfg, src):
    """The encoder's ids for a list of words: SentencePiece pieces of the words joined by spaces
    (src_spm.model, python3-sentencepiece), or the word vocabulary with unknown words -> unk_token."""
    if cfg.get("tokenizer", "words") == "sentencepiece":
        import sentencepiece as spm
        sp = spm.SentencePieceProcessor(model_file=os.path.join(model_dir(name), "src_spm.model"))
        return lambda words: sp.encode(" ".join(words))
    index = {w: i for i, w in enumerate(src)}
    unk = index[cfg["unk_token"]]
    return lambda words: [index.get(w, unk) for w in words]


def piece_translator(name):
    """translate(pairs, width) -> the English sides decoded by the SentencePiece checkpoint `name`
    (greedy for width 1, else Seq2SeqAttention.beam), words joined by spaces, without eos."""
    import sentencepiece as spm
    model, cfg, src, _ = load(name)
    encode = source_ids(name, cfg, src)
    eos_src = src.index(cfg["eos_token"])
    tgt_sp = spm.SentencePieceProcessor(model_file=os.path.join(model_dir(name), "tgt_spm.model"))

    def translate(pairs, width=1):
        hyps = []
        with torch.no_grad():
            for en, _ in pairs:
                ids = encode(source_words(en, cfg)) + [eos_src]
                got = model.beam(ids, width) if width > 1 else model.greedy(ids)[0]
                hyps.append(tgt_sp.decode([i for i in got if i != model.eos_id]))
        return hyps

    return translate


def run(name):
    model, cfg, src, tgt = load(name)
    index = {w: i for i, w in enumerate(src)}
    encode = source_ids(name, cfg, src)
    cases = []
    for text in SENTENCES:
        words = source_words(text, cfg)
        ids = encode(words)
        if cfg.get("src_append_eos", False):
            ids.append(index[cfg["eos_token"]])
        out_ids, logits, _ = model.greedy(ids)
        probs = torch.softmax(logits, dim=-1)  # [steps, V]
        top = torch.topk(probs, TOP_K, dim=-1)
        with torch.no_grad():
            _, hidden = model.encoder(torch.tensor([ids], dtype=torch.long))
        steps = []
        for t in range(len(out_ids)):
            steps.append(dict(chosen=out_ids[t], ids=[int(i) for i in top.indices[t]],
                              tokens=[tgt[int(i)] for i in top.indices[t]],
                              probabilities=[float(p) for p in top.values[t]]))
        cases.append(dict(text=text, words=words, source_ids=ids, output_ids=out_ids,
                          output_tokens=[tgt[i] for i in out_ids], steps=steps,
                          final_encoder_state=[float(x) for x in hidden[-1, 0]]))
    beams = []
    for text in BEAM_SENTENCES:
        ids = encode(source_words(text, cfg))
        if cfg.get("src_append_eos", False):
            ids.append(index[cfg["eos_token"]])
        beams.append(dict(text=text, outputs={str(w): model.beam(ids, w) for w in BEAM_WIDTHS}))
    return dict(model=name, attention=cfg["attention"], top_k=TOP_K, cases=cases, beam=beams,
                forced=forced_cases(name, model, cfg, encode, index))


def forced_cases(name, model, cfg, encode, index):
    """Teacher forcing on FORCED: the whole reference (the decoder stops after it), and a prefix of the
    model's own output plus one of its candidates (the decoder goes on greedily)."""
    import sentencepiece as spm
    text, reference = FORCED
    ids = encode(source_words(text, cfg))
    if cfg.get("src_append_eos", False):
        ids.append(index[cfg["eos_token"]])
    tgt_sp = spm.SentencePieceProcessor(model_file=os.path.join(model_dir(name), "tgt_spm.model"))
    # The engine's targetIds: tokenised like the held-out references, pieces of the words, then eos.
    target = tgt_sp.encode(" ".join(tokenize(reference))) + [model.eos_id]
    out_ids, logits, aligns = model.greedy(ids, max_len=len(target), prefix=target)
    assert out_ids == target, (out_ids, target)
    log_probs = torch.log_softmax(logits, dim=-1)  # [steps, V]
    top = torch.topk(log_probs.exp(), TOP_K, dim=-1)
    steps = []
    for t, token in enumerate(target):
        steps.append(dict(forced=token, probability=float(log_probs[t, token].exp()),
                          ids=[int(i) for i in top.indices[t]],
                          probabilities=[float(p) for p in top.values[t]],
                          attention=[float(x) for x in aligns[t]] if aligns is not None else None))
    mean = float(torch.stack([log_probs[t, token] for t, token in enumerate(target)]).mean())
    own, own_logits, _ = model.greedy(ids)
    choice = int(torch.topk(own_logits[FORCED_PREFIX_STEPS], TOP_K).indices[FORCED_RANK])
    prefix = own[:FORCED_PREFIX_STEPS] + [choice]
    continued, _, _ = model.greedy(ids, prefix=prefix)
    return dict(text=text, reference=reference, target_ids=target, steps=steps,
                perplexity=float(np.exp(-mean)), prefix=prefix, continued_ids=continued)


def main():
    torch.set_num_threads(1)
    data = dict(
        note="Generated by training/make_decode_fixture.py from the shipped checkpoints (PyTorch "
             + torch.__version__ + "); softmax over decoder.out, top 5 per greedy step.",
        models=[run("translation-en-es"), run("translation-en-es-noattn")])
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    for m in data["models"]:
        for c in m["cases"]:
            print(m["model"], "|", c["text"], "->", " ".join(c["output_tokens"]))
        f = m["forced"]
        print(m["model"], "| forced", f["reference"], "perplexity", round(f["perplexity"], 3),
              "| prefix", f["prefix"], "->", f["continued_ids"])


if __name__ == "__main__":
    main()
