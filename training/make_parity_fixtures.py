#!/usr/bin/env python3
"""Build tiny random models of every architecture variant, run them on fixed inputs and write
tests/data/parity/<variant>/ (config.json, model.safetensors, vocab files, expected.json).

The C++ tests (tests/core/test_models_parity.cpp) load each directory with attn::loadModel and compare
logits, outputs and every attention map to expected.json at max abs difference <= 1e-4.
Run with Debian's torch:  OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/make_parity_fixtures.py
(`--only pieces` writes just the two-layer SentencePiece seq2seq variants; python3-sentencepiece).
"""

import json
import os
import shutil
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnviz.export import export_checkpoint  # noqa: E402
from attnviz.models import Seq2SeqAttention, TransformerClassifier, ViT  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "parity")


def flat(t):
    """Nested lists of Python floats (exact float32 values)."""
    return np.asarray(t.detach().cpu().numpy(), dtype=np.float64).tolist()


def randomize(model, seed):
    """Non-trivial LayerNorm affine and biases too (defaults are 1 and 0)."""
    g = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, p in model.named_parameters():
            p.copy_(torch.randn(p.shape, generator=g) * (0.5 if p.dim() > 1 else 0.2)
                    + (1.0 if name.endswith("norm1.weight") or name.endswith("norm2.weight")
                       or name.endswith("norm.weight") else 0.0))


WORDS = ["the", "film", "was", "good", "bad", "not", "very", "a", "plot", "acting", "and", "but", ".", "!",
         "i", "liked", "it"]


def classifier_variant(name, seed, **over):
    cfg = dict(architecture="transformer_classifier", vocab_size=len(WORDS) + 3, d_model=16, n_heads=4,
               n_layers=2, ff_dim=32, max_len=12, norm_first=False, activation="relu", layer_norm_eps=1e-5,
               pooling="mean", positional="sinusoidal", scale_embedding=False, pad_token="<pad>",
               unk_token="<unk>", cls_token="<cls>", labels=["negative", "positive", "neutral"], dropout=0.0)
    cfg.update(over)
    vocab = ["<pad>", "<unk>", "<cls>"] + WORDS
    torch.manual_seed(seed)
    model = TransformerClassifier(cfg)
    randomize(model, seed)
    model.eval()
    out = os.path.join(ROOT, name)
    shutil.rmtree(out, ignore_errors=True)
    cfg = export_checkpoint(model, cfg, out, vocab=vocab)
    cases = []
    for words, pad_to in ([["the", "film", "was", "not", "good", "."], 0],
                          [["i", "liked", "it", "!"], 9],
                          [["the", "zebra", "acting", "was", "very", "bad"], 0]):
        ids = ([2] if cfg["pooling"] == "cls" else []) + [vocab.index(w) if w in vocab else 1 for w in words]
        real = len(ids)
        ids += [0] * max(0, pad_to - len(ids))
        kpm = torch.tensor([[i >= real for i in range(len(ids))]])
        with torch.no_grad():
            logits, maps = model(torch.tensor([ids]), key_padding_mask=kpm)
        cases.append(dict(words=words, pad_to=pad_to, ids=ids, logits=flat(logits[0]),
                          attention=[flat(m[0]) for m in maps]))
    write_expected(out, dict(architecture=cfg["architecture"], cases=cases))


SRC = ["<pad>", "SOS", "EOS", "<unk>", "i", "am", "cold", "you", "are", "tall", "he", "is", "."]
TGT = ["<pad>", "SOS", "EOS", "<unk>", "yo", "tengo", "frio", "tu", "eres", "alto", "el", "es", "."]


def seq2seq_variant(name, kind, seed):
    cfg = dict(architecture="seq2seq_attention", hidden_size=12, attention=kind, src_vocab_size=len(SRC),
               tgt_vocab_size=len(TGT), max_len=7, sos_token="SOS", eos_token="EOS", unk_token="<unk>",
               src_append_eos=True, dropout=0.0, sos_id=1, eos_id=2)
    for attempt in range(50):
        torch.manual_seed(seed + attempt)
        model = Seq2SeqAttention(cfg)
        randomize(model, seed + attempt)
        model.eval()
        cases = []
        ok = True
        for words in (["i", "am", "cold", "."], ["you", "are", "very", "tall"]):
            ids = [SRC.index(w) if w in SRC else 3 for w in words] + [2]
            out_ids, logits, align = model.greedy(ids)
            top2 = torch.topk(logits, 2, dim=1).values
            if float((top2[:, 0] - top2[:, 1]).min()) < 1e-2:  # keep argmax robust to rounding
                ok = False
            cases.append(dict(words=words, src_ids=ids, output_ids=out_ids, logits=flat(logits),
                              alignment=flat(align) if align is not None else None))
        if ok and any(len(c["output_ids"]) > 2 for c in cases):
            break
    out = os.path.join(ROOT, name)
    shutil.rmtree(out, ignore_errors=True)
    cfg = export_checkpoint(model, cfg, out, src_vocab=SRC, tgt_vocab=TGT)
    write_expected(out, dict(architecture=cfg["architecture"], cases=cases))


EN_TEXT = ["i am cold .", "you are tall .", "he is tall .", "the book that i bought is very interesting .",
           "i like cats .", "she improved her grades .", "the teacher praised a student .", "they are cold ."]
ES_TEXT = ["yo tengo frío .", "tú eres alto .", "él es alto .", "el libro que compré es muy interesante .",
           "me gustan los gatos .", "ella mejoró sus notas .", "el profesor alabó a un estudiante .",
           "ellos tienen frío ."]


def tiny_spm(prefix, lines, size):
    """A small BPE model as train_translation.py trains them (ids 0 pad, 1 unk, 2 <s>, 3 </s>)."""
    import sentencepiece as spm
    with open(prefix + ".txt", "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in lines))
    spm.SentencePieceTrainer.train(input=prefix + ".txt", model_prefix=prefix, vocab_size=size, model_type="bpe",
                                   character_coverage=1.0, pad_id=0, unk_id=1, bos_id=2, eos_id=3,
                                   pad_piece="<pad>", unk_piece="<unk>", bos_piece="<s>", eos_piece="</s>",
                                   normalization_rule_name="identity",  # no NFKC table: 1 KB, not 240 KB
                                   num_threads=1, minloglevel=2)
    os.remove(prefix + ".txt")
    return spm.SentencePieceProcessor(model_file=prefix + ".model")


def seq2seq_pieces_variant(name, kind, seed):
    """Two GRU layers per side and SentencePiece pieces (config tokenizer "sentencepiece")."""
    import tempfile
    tmp = tempfile.mkdtemp()
    src_sp = tiny_spm(os.path.join(tmp, "src"), EN_TEXT, 60)
    tgt_sp = tiny_spm(os.path.join(tmp, "tgt"), ES_TEXT, 70)
    src_vocab = [src_sp.id_to_piece(i) for i in range(src_sp.get_piece_size())]
    tgt_vocab = [tgt_sp.id_to_piece(i) for i in range(tgt_sp.get_piece_size())]
    cfg = dict(architecture="seq2seq_attention", hidden_size=12, num_layers=2, attention=kind,
               src_vocab_size=len(src_vocab), tgt_vocab_size=len(tgt_vocab), max_len=9, sos_token="<s>",
               eos_token="</s>", unk_token="<unk>", src_append_eos=True, dropout=0.0, sos_id=2, eos_id=3,
               tokenizer="sentencepiece")
    for attempt in range(50):
        torch.manual_seed(seed + attempt)
        model = Seq2SeqAttention(cfg)
        randomize(model, seed + attempt)
        model.eval()
        cases = []
        ok = True
        # Known words, a word cut into pieces, a word with a letter the source model never saw (<unk>).
        for words in (["the", "book", "that", "i", "bought", "."], ["cats", "improved", "grades"],
                      ["you", "are", "zebra", "!"]):
            ids = src_sp.encode(" ".join(words)) + [3]
            out_ids, logits, align = model.greedy(ids)
            top2 = torch.topk(logits, 2, dim=1).values
            if float((top2[:, 0] - top2[:, 1]).min()) < 1e-2:  # keep argmax robust to rounding
                ok = False
            cases.append(dict(words=words, src_ids=ids, output_ids=out_ids, logits=flat(logits),
                              alignment=flat(align) if align is not None else None,
                              output_text=tgt_sp.decode([i for i in out_ids if i != 3]),
                              source_pieces=[src_sp.id_to_piece(i) for i in ids]))
        if ok and any(len(c["output_ids"]) > 3 for c in cases):
            break
    out = os.path.join(ROOT, name)
    shutil.rmtree(out, ignore_errors=True)
    cfg = export_checkpoint(model, cfg, out, src_vocab=src_vocab, tgt_vocab=tgt_vocab)
    shutil.copyfile(os.path.join(tmp, "src.model"), os.path.join(out, "src_spm.model"))
    shutil.copyfile(os.path.join(tmp, "tgt.model"), os.path.join(out, "tgt_spm.model"))
    shutil.rmtree(tmp)
    write_expected(out, dict(architecture=cfg["architecture"], cases=cases))


def vit_variant(name, seed, channels, **over):
    cfg = dict(architecture="vit", image_size=8, patch_size=4, in_channels=channels, d_model=16, n_heads=2,
               n_layers=2, ff_dim=32, norm_first=True, activation="gelu", layer_norm_eps=1e-6,
               positional="learned", pooling="cls", mean=[0.5, 0.4, 0.3][:channels],
               std=[0.25, 0.2, 0.3][:channels], labels=[f"class{i}" for i in range(4)], dropout=0.0)
    cfg.update(over)
    torch.manual_seed(seed)
    model = ViT(cfg)
    randomize(model, seed)
    model.eval()
    out = os.path.join(ROOT, name)
    shutil.rmtree(out, ignore_errors=True)
    cfg = export_checkpoint(model, cfg, out)
    rng = np.random.default_rng(seed)
    cases = []
    for _ in range(2):
        raw = rng.integers(0, 256, size=(channels, 8, 8), dtype=np.uint8)  # planar C x H x W
        x = torch.tensor(raw, dtype=torch.float32) / 255.0
        mean = torch.tensor(cfg["mean"]).view(-1, 1, 1)
        std = torch.tensor(cfg["std"]).view(-1, 1, 1)
        x = (x - mean) / std
        with torch.no_grad():
            logits, maps = model(x.unsqueeze(0))
        cases.append(dict(pixels=raw.reshape(-1).tolist(), logits=flat(logits[0]),
                          attention=[flat(m[0]) for m in maps]))
    write_expected(out, dict(architecture=cfg["architecture"], cases=cases))


def write_expected(out, data):
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(data, f, separators=(",", ":"))
        f.write("\n")


def main():
    torch.set_num_threads(1)
    os.makedirs(ROOT, exist_ok=True)
    if sys.argv[1:] == ["--only", "pieces"]:  # the SentencePiece variants alone (python3-sentencepiece)
        seq2seq_pieces_variant("s2s_pieces_2layer_additive", "additive", 50)
        seq2seq_pieces_variant("s2s_pieces_2layer_none", "none", 60)
        return
    classifier_variant("tc_post_relu_mean_sinusoidal", 1)
    classifier_variant("tc_pre_gelu_cls_learned", 2, norm_first=True, activation="gelu", pooling="cls",
                       positional="learned", scale_embedding=True, final_norm=True)
    classifier_variant("tc_post_gelu_mean_learned", 3, activation="gelu", positional="learned", n_heads=2)
    classifier_variant("tc_pre_relu_cls_sinusoidal", 4, norm_first=True, pooling="cls", scale_embedding=True)
    seq2seq_variant("s2s_additive", "additive", 10)
    seq2seq_variant("s2s_dot", "dot", 20)
    seq2seq_variant("s2s_none", "none", 30)
    seq2seq_pieces_variant("s2s_pieces_2layer_additive", "additive", 50)
    seq2seq_pieces_variant("s2s_pieces_2layer_none", "none", 60)
    vit_variant("vit_pre_gelu_learned_gray", 40, 1)
    vit_variant("vit_post_relu_sinusoidal_rgb", 41, 3, norm_first=False, activation="relu", positional="sinusoidal",
                final_norm=True)
    total = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(ROOT) for f in fs)
    print(f"wrote {ROOT} ({total} bytes)")


if __name__ == "__main__":
    main()
