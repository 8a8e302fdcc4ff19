#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz harnesses (tests/fuzz/corpus/<harness>/): small valid files,
some copied from the test fixtures under tests/data (their provenance is documented there), the rest
written here from the formats' specifications. Deterministic: rerunning gives the same bytes.
Files named regression-* are inputs a fuzz run found (committed with their fix); they are kept.

    /usr/bin/python3 tests/fuzz/make_seeds.py
"""
import gzip
import json
import pathlib
import shutil
import struct

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DATA = ROOT / "tests" / "data"
CORPUS = HERE / "corpus"
SEP = b"\n%%attnviz-fuzz-file%%\n"  # fuzz::kSeparator (harness.hpp)


def put(harness, name, data):
    d = CORPUS / harness
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_bytes(data if isinstance(data, bytes) else data.encode())


def safetensors(tensors, metadata=None):
    """tensors: list of (name, dtype, shape, raw bytes), stored in order (safetensors 'Format')."""
    header, off, blob = {}, 0, b""
    for name, dtype, shape, raw in tensors:
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [off, off + len(raw)]}
        off += len(raw)
        blob += raw
    if metadata:
        header["__metadata__"] = metadata
    h = json.dumps(header, separators=(",", ":")).encode()
    return struct.pack("<Q", len(h)) + h + blob


def glove_binary(words, dim, rows, meta=b""):
    """glove/FORMAT.md, version 1."""
    blob = b"".join(w.encode() + b"\n" for w in words)
    matrix = 64 + len(blob) + len(meta)
    matrix += (64 - matrix % 64) % 64
    head = b"ATTNGLOV" + struct.pack("<IIQQQQQQ", 1, 64, len(words), dim, 64, len(blob), len(meta), matrix)
    body = head + blob + meta
    body += b"\0" * (matrix - len(body))
    return body + b"".join(struct.pack("<%df" % dim, *r) for r in rows)


def idx(dims, payload):
    """IDX unsigned byte (http://yann.lecun.com/exdb/mnist/): 0 0 0x08 ndims, big-endian sizes, data."""
    return bytes([0, 0, 8, len(dims)]) + b"".join(struct.pack(">I", d) for d in dims) + bytes(payload)


def clear_corpus():
    """Removes every generated seed; the regression-* findings stay."""
    if not CORPUS.exists():
        return
    for d in CORPUS.iterdir():
        if not d.is_dir():
            continue
        for f in d.iterdir():
            if f.name.startswith("regression-"):
                continue
            shutil.rmtree(f) if f.is_dir() else f.unlink()


def main():
    clear_corpus()
    parity = sorted(p for p in (DATA / "parity").iterdir() if p.is_dir())

    # safetensors: every dtype the reader converts, metadata, an empty tensor; plus two real files.
    put("safetensors", "dtypes.safetensors", safetensors([
        ("a", "F32", [2], struct.pack("<2f", 1.5, -2)),
        ("b", "F16", [1, 2], struct.pack("<2H", 0x3C00, 0x0001)),
        ("c", "BF16", [1], struct.pack("<H", 0x3F80)),
        ("d", "F64", [1], struct.pack("<d", 0.25)),
        ("e", "I32", [1], struct.pack("<i", 7)),
        ("z", "F32", [0, 3], b""),
    ], {"format": "pt"}))
    for name in ("s2s_none", "vit_pre_gelu_learned_gray"):
        put("safetensors", name + ".safetensors", (DATA / "parity" / name / "model.safetensors").read_bytes())

    # config.json of every architecture and variant (parity fixtures and the shipped models).
    for p in parity:
        put("config", p.name + ".json", (p / "config.json").read_bytes())
    for p in sorted((ROOT / "resources" / "models").iterdir()):
        if (p / "config.json").exists():
            put("config", "shipped_" + p.name + ".json", (p / "config.json").read_bytes())

    # checkpoint directories: config.json, model.safetensors, vocab.txt, src_vocab.txt, tgt_vocab.txt,
    # src_spm.model, tgt_spm.model.
    for p in parity:
        names = ["config.json", "model.safetensors", "vocab.txt", "src_vocab.txt", "tgt_vocab.txt",
                 "src_spm.model", "tgt_spm.model"]
        parts = [(p / n).read_bytes() if (p / n).exists() else b"" for n in names]
        while parts and not parts[-1]:
            parts.pop()
        put("checkpoint", p.name, SEP.join(parts))

    # GloVe text: the fixtures (word2vec header, BOM + CRLF, words with spaces) and the head of wink.
    for p in sorted((DATA / "glove").glob("*.txt")):
        data = p.read_bytes()
        if len(data) > 4096:
            data = b"".join(data.splitlines(keepends=True)[:5])
        put("glove_text", p.name, data)

    # GloVe binary + cache: binaries (with metadata, and one with a vector of zeros) and text files.
    put("glove_binary", "three.bin", glove_binary(["cat", "dog", "fish"], 2, [[1, 0], [0.5, 0.5], [0, 0]],
                                                  b"name=seed\n"))
    put("glove_binary", "cafe.bin", glove_binary(["caf\u00e9"], 1, [[2]]))
    put("glove_binary", "word2vec_header.txt", (DATA / "glove" / "word2vec_header.txt").read_bytes())
    put("glove_binary", "bom_crlf.txt", (DATA / "glove" / "bom_crlf.txt").read_bytes())

    # wink-embeddings package layout (glove/include/attn/glove/wink_import.hpp).
    put("wink", "package.json", json.dumps({
        "precision": 8, "l2NormIndex": 2, "wordIndex": 3, "size": 3, "dimensions": 2,
        "words": ["the", "caf\u00e9", "\"q\""],
        "vectors": {"the": [0.5, -1.25, 1.4, 0], "caf\u00e9": [1e-3, 2, 2.1, 1], "\"q\"": [3, 4, 5, 2]},
        "unkVector": [0, 0, 0, -1]}))
    put("wink", "escapes.json", '{"dimensions":1,"words":["a\\u00e9\\ud83d\\ude00","b\\n"],'
                                '"vectors":{"a\\u00e9\\ud83d\\ude00":[1e-2]}}')
    put("wink", "minimal.json", '{"dimensions":1,"words":["x"],"vectors":{"x":[-0.5]}}')

    # IDX images (2 of 3x2) and labels, plain and gzip (mtime 0: deterministic bytes).
    images = idx([2, 3, 2], range(12))
    labels = idx([2], [7, 1])
    for name, data in (("images.idx", images), ("labels.idx", labels)):
        put("idx", name, data)
        put("idx", name + ".gz", gzip.compress(data, mtime=0))
        put("idx_gz", name, data)  # compressed by the harness

    # CIFAR-10: two records (label byte + 3072 planar pixels).
    put("cifar10", "test_batch.bin", bytes([3]) + bytes(i % 256 for i in range(3072)) +
        bytes([9]) + bytes(255 - i % 256 for i in range(3072)))

    # aclImdb: "<relative path>\n<contents>" sections.
    put("aclimdb", "layout", SEP.join([
        b"train/pos/0_9.txt\nA great film.<br /><br />Loved it.",
        b"train/neg/1_2.txt\nDull.",
        b"test/pos/2_10.txt\nWonderful",
        b"test/neg/3_1.txt\nBad<br/>really",
        b"train/unsup/4_0.txt\nignored",
        b"train/pos/odd-name.txt\nno rating in the name",
    ]))

    # Tatoeba / Anki pairs: 2 and 3 columns, CRLF, a BOM, an empty line.
    put("tatoeba", "spa.txt", "\ufeffGo.\tVe.\tCC-BY 2.0 (France) Attribution: tatoeba.org\r\n"
                              "Hi.\tHola.\n\nI am cold.\tTengo fr\u00edo.\n")

    # Vocabulary files and tokenizer sentences (attn/tokenizer.hpp's examples).
    put("vocabulary", "vocab.txt", (DATA / "parity" / "tc_post_relu_mean_sinusoidal" / "vocab.txt").read_bytes())
    put("vocabulary", "sentences.txt", "She's improved. Don't, can't \u2019s cannot 3.5 well-known U.S. (x) "
                                       "1,000 10:30 and/or at&t \u201cquoted\u201d \u2026 e.g. Mr. Smith...\n")

    # Hugging Face tokenizers (tests/data/hf/tokenizers, training/make_tokenizer_fixtures.py).
    tok = DATA / "hf" / "tokenizers"
    put("hf_bpe", "gpt2-bpe", SEP.join((tok / "gpt2-bpe" / n).read_bytes()
                                       for n in ("vocab.json", "merges.txt", "tokenizer_config.json")))
    put("hf_bpe", "tiny", SEP.join([b'{"a": 0, "b": 1, "ab": 2, "\\u0120": 3}', b"#version: 0.2\na b\n",
                                    b'{"add_prefix_space": true, "unk_token": "a"}']))
    for name in ("gpt2-tokenizer-json", "sp-llama-json", "sp-llama-metaspace-json", "wordpiece-json",
                 "llama3-split-json"):
        put("hf_tokenizer_json", name, (tok / name / "tokenizer.json").read_bytes())
    put("hf_tokenizer_json", "sp-llama-json-no-bos", (tok / "sp-llama-json" / "tokenizer.json").read_bytes() + SEP +
        b'{"add_bos_token": false, "add_eos_token": true}')

    # Hugging Face config.json of every model_type (the parity fixtures of tests/data/hf).
    hf = DATA / "hf"
    for p in sorted(hf.iterdir()):
        if (p / "config.json").exists():
            put("hf_config", p.name + ".json", (p / "config.json").read_bytes())
    put("hf_config", "vit-pairs.json", json.dumps({
        "model_type": "vit", "hidden_size": 8, "num_hidden_layers": 1, "num_attention_heads": 2,
        "intermediate_size": 16, "image_size": [8, 12], "patch_size": [4, 4], "num_channels": 3,
        "id2label": {"0": "a", "1": "b"}, "qkv_bias": False, "hidden_act": "gelu"}))

    # model.safetensors.index.json + two shards (tensor_store.hpp), and an index with metadata only.
    a = safetensors([("embed.weight", "F32", [2, 2], struct.pack("<4f", 1, 2, 3, 4)),
                     ("norm.weight", "BF16", [2], struct.pack("<2H", 0x3F80, 0x4000))])
    b = safetensors([("head.weight", "F16", [1, 2], struct.pack("<2H", 0x3C00, 0xBC00))], {"format": "pt"})
    s1, s2 = "model-00001-of-00002.safetensors", "model-00002-of-00002.safetensors"
    put("hf_shard_index", "two-shards", SEP.join([json.dumps({
        "metadata": {"total_size": 28},
        "weight_map": {"embed.weight": s1, "norm.weight": s1, "head.weight": s2}}, indent=1).encode(), a, b]))
    put("hf_shard_index", "one-shard", SEP.join([json.dumps({"weight_map": {"head.weight": s1}}).encode(), b]))

    # SentencePiece models (tests/data/hf/tokenizers/sp-llama: BPE with byte fallback) with and without
    # tokenizer_config.json.
    put("hf_sentencepiece", "sp-llama", (tok / "sp-llama" / "tokenizer.model").read_bytes() + SEP +
        (tok / "sp-llama" / "tokenizer_config.json").read_bytes())
    put("hf_sentencepiece", "sp-llama-eos", (tok / "sp-llama" / "tokenizer.model").read_bytes() + SEP +
        b'{"add_bos_token": false, "add_eos_token": true}')

    # heldout_scores.json of the shipped translation models, and the smallest valid file.
    for p in sorted((ROOT / "resources" / "models").iterdir()):
        if (p / "heldout_scores.json").exists():
            put("heldout_scores", p.name + ".json", (p / "heldout_scores.json").read_bytes())
    put("heldout_scores", "minimal.json", json.dumps({"metric": "chrF", "overall": {"pairs": 0, "score": 0},
                                                      "buckets": []}))

    # ViT preprocessor_config.json (the fixtures, and the other accepted forms of size and resample).
    for name in ("vit-tiny", "vit-tiny-base"):
        put("hf_preprocessor", name + ".json", (hf / name / "preprocessor_config.json").read_bytes())
    put("hf_preprocessor", "int-size-bicubic.json", json.dumps({
        "do_resize": True, "size": 4, "resample": 3, "do_rescale": True, "rescale_factor": 0.5,
        "do_normalize": True, "image_mean": 0.5, "image_std": [0.5, 0.25, 1.0]}))
    put("hf_preprocessor", "no-resize.json", json.dumps({"do_resize": False, "do_normalize": False,
                                                          "feature_extractor_type": "ViTFeatureExtractor"}))

    # Head survey corpora (attn/analysis/text_corpus.hpp): the shipped corpus's first lines, and one input
    # per line with a BOM, CRLF, blank lines, tabs and characters of 2, 3 and 4 bytes.
    shipped = (ROOT / "resources" / "corpora" / "english-sentences.txt").read_bytes()
    put("corpus", "english-sentences-head.txt", b"".join(shipped.splitlines(keepends=True)[:60]))
    put("corpus", "mixed.txt", "\ufeffThe caf\u00e9 was lovely.\r\n\n \t\n\u4eca\u5929\u5929\u6c14\u5f88\u597d\u3002\n"
                               "A smile \U0001F600 at the end\tand a tab\nno final newline")

    session_seeds()
    lesson_seeds()
    tfjs_seeds()
    unigram_vocab_seeds()


def tfjs_seeds():
    """TensorFlow.js model.json + shards (fuzz_tfjs.cpp): the tiny fixture of training/make_tfjs_fixtures.py
    (two groups, a tensor across two shards, uint8 / uint16 quantisation), and one group in one shard."""
    tiny = DATA / "tfjs" / "tiny"
    put("tfjs", "tiny", SEP.join((tiny / n).read_bytes() for n in
                                 ("model.json", "group1-shard1of2", "group1-shard2of2", "group2-shard1of1")))
    put("tfjs", "one-shard", SEP.join([json.dumps({"weightsManifest": [{
        "paths": ["group1-shard1of2"],
        "weights": [{"name": "w", "shape": [2], "dtype": "float32"},
                    {"name": "c", "shape": [], "dtype": "int32"},
                    {"name": "q", "shape": [2], "dtype": "float32",
                     "quantization": {"dtype": "uint16", "scale": 0.5, "min": -1}}]}]}).encode(),
        struct.pack("<2fi2H", 1.5, -2, 7, 3, 65535)]))


def session_seeds():
    """Session files (.attnviz, docs/session-format.md): valid ones and one of each refusal."""
    def session(**members):
        return json.dumps({"format": "attnviz-session", "version": 1, **members}, ensure_ascii=False, indent=2)
    put("session", "minimal.attnviz", session())
    put("session", "full.attnviz", session(
        front="transformer", teaching=True, zoom=175, paragraphs=False, language="zh_CN",
        wordVectors={"path": "vectors/glove.6B.100d.txt"},
        pages={
            "walkthrough": {"query": "老师表扬了学生，因为她进步了", "keys": "A student asked the teacher",
                            "selfAttention": False, "toy": False, "scoring": "additive", "projection": "learned",
                            "seed": 4294967295, "head": 3, "learnedFrom": {"shipped": "pronoun-head"},
                            "step": "outputs", "selectedQuery": 7},
            "translation": {"text": "The book that I bought", "reference": "El libro que compré",
                            "autoReference": "El libro que compré", "beam": 4, "unit": "pieces",
                            "decoder": "baseline", "step": 2, "forcing": "choice", "given": "",
                            "chosenBy": "attention", "prefix": [3, 17, 9], "model": {"shipped": "translation-en-es"},
                            "baseline": {"shipped": "translation-en-es-noattn"}},
            "sentiment": {"text": "a good film", "padTo": 12, "maskPadding": False, "layer": 1, "head": 2,
                          "row": -1, "tab": 1, "model": None},
            "vision": {"model": {"path": "models/vit"}, "image": {"path": "../shared/shoe.png"},
                       "dataset": {"path": "/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz"},
                       "browsed": 12, "tab": 0},
            "transformer": {"text": "the cat sat", "step": "whatif", "layer": 0, "head": 1, "token": 2,
                            "part": "masked", "switches": {"noPositions": True, "shuffle": True, "noResidual1": False,
                                                           "noResidual2": True, "noMask": False, "seedEnabled": True,
                                                           "seed": 7, "padTo": 0, "ablate": 2, "uniform": 0},
                            "model": {"shipped": "sentiment"}},
            "generate": {"prompt": "Once upon a time", "temperature": 0.7, "topK": 40,
                         "seed": 18446744073709551615, "keepTop": 10, "tokens": 20, "selectedStep": -1,
                         "layer": 0, "head": 0, "model": {"shipped": "stories260K"}}}))
    put("session", "paths.attnviz", session(pages={"vision": {
        "model": {"path": "./models//vit/"}, "image": {"path": "/abs/../img.png"}, "dataset": {"path": ".."}}}))
    put("session", "unknown-key.attnviz", session(pages={"walkthrough": {"qery": "she"}}))
    put("session", "unknown-page.attnviz", session(pages={"walkthru": {}}))
    put("session", "newer-version.attnviz", json.dumps({"format": "attnviz-session", "version": 2}))
    put("session", "wrong-type.attnviz", session(pages={"translation": {"beam": "3"}}))
    put("session", "both-keys.attnviz", session(pages={"vision": {"image": {"shipped": "x", "path": "y"}}}))
    put("session", "duplicate-key.attnviz",
        '{"format": "attnviz-session", "version": 1, "zoom": 120, "zoom": 130}')


def lesson_seeds():
    """Lesson files (.attnviz-lesson, docs/lesson-format.md): valid ones and one of each refusal."""
    def lesson(stops, **members):
        return json.dumps({"format": "attnviz-lesson", "version": 1, "title": {"en": "A lesson", "zh": "一堂课"},
                           "stops": stops, **members}, ensure_ascii=False, indent=2)

    def stop(page, state=None, question=None, **members):
        s = {"title": {"en": "Stop on " + page, "zh": "一站：" + page},
             "narration": {"en": "What does the page show?", "zh": "这一页显示了什么？"},
             "page": page, "state": state or {}, **members}
        if question is not None:
            s["question"] = question
        return s

    def ask(kind, **members):
        return {"kind": kind, "prompt": {"en": "Question: " + kind, "zh": "问题：" + kind},
                "why": {"en": "Because of the numbers.", "zh": "因为这些数字。"}, **members}

    put("lesson", "minimal.attnviz-lesson", json.dumps({"format": "attnviz-lesson", "version": 1,
                                                         "title": {"en": "x"}, "stops": [
                                                             {"title": {"en": "a"}, "narration": {"en": "b"},
                                                              "page": "vision", "state": {}}]}))
    put("lesson", "full.attnviz-lesson", lesson([
        stop("walkthrough", {"query": "she", "keys": "improve the", "toy": True, "scoring": "dot", "step": "weights",
                             "selectedQuery": 0}, ask("top_key", query="she")),
        stop("translation", {"text": "The book that I bought is very interesting",
                             "reference": "El libro que compré es muy interesante.",
                             "model": {"shipped": "translation-en-es"}}, ask("better_model"), teaching=False),
        stop("sentiment", {"text": "a moving and beautiful film", "layer": 1},
             ask("top_head", query="beautiful", metric="attention_to")),
        stop("sentiment", {"text": "a moving and beautiful film", "padTo": 12, "maskPadding": False},
             ask("prediction")),
        stop("transformer", {"text": "the cat sat", "step": "whatif", "token": 2,
                             "switches": {"noMask": True, "padTo": 16}}, ask("changes_prediction")),
        stop("transformer", {"text": "the cat sat", "step": "heads"}, ask("top_head", metric="entropy")),
        stop("vision", {"dataset": {"path": "fashion-mnist-sample-images-idx3-ubyte"}, "browsed": 0},
             ask("prediction")),
        stop("generate", {"prompt": "Once upon a time", "tokens": 12}, None),
    ]))
    put("lesson", "paths.attnviz-lesson", lesson([stop("vision", {
        "model": {"path": "./models//vit/"}, "image": {"path": "/abs/../img.png"}, "dataset": {"path": ".."}})]))
    put("lesson", "unknown-key-in-stop.attnviz-lesson", lesson([stop("walkthrough", colour="blue")]))
    put("lesson", "unknown-page.attnviz-lesson", lesson([stop("walkthru")]))
    put("lesson", "wrong-state.attnviz-lesson", lesson([stop("walkthrough", {"beam": 4})]))
    put("lesson", "bad-kind.attnviz-lesson", lesson([stop("sentiment", None, ask("top_word"))]))
    put("lesson", "metric-on-prediction.attnviz-lesson",
        lesson([stop("sentiment", None, ask("prediction", metric="entropy"))]))
    put("lesson", "missing-prompt.attnviz-lesson",
        lesson([stop("walkthrough", None, {"kind": "top_key", "query": "she"})]))
    put("lesson", "missing-en.attnviz-lesson", lesson([stop("vision", None, None, narration={"zh": "只有中文"})]))
    put("lesson", "zero-stops.attnviz-lesson", lesson([]))
    put("lesson", "newer-version.attnviz-lesson",
        json.dumps({"format": "attnviz-lesson", "version": 2, "title": {"en": "x"}, "stops": []}))
    put("lesson", "duplicate-key.attnviz-lesson",
        '{"format": "attnviz-lesson", "version": 1, "title": {"en": "x"}, "title": {"en": "y"}, "stops": []}')


def unigram_vocab_seeds():
    """USE lite's SentencePiece-unigram vocab.json (fuzz_unigram_vocab.cpp): the hand-made fixture of
    training/use_reference.py (null scores, a duplicate, ties), and a small one that spells the
    harness's texts (the real 8,000-piece file is not in the repository)."""
    put("unigram_vocab", "tiny.json", (DATA / "use" / "tiny" / "vocab.json").read_bytes())
    reserved = [["\ufffd", 0], ["<s>", 0], ["</s>", 0], ["extra_token_id_1", 0], ["extra_token_id_2", 0],
                ["extra_token_id_3", 0]]
    pieces = ["\u2581", "\u2581Hello", "\u2581world", "\u2581a", "\u2581b", "\u2581x", "\u2581abc", ":30",
              "\u2581:)", "H", "e", "l", "o", "w", "r", "d", "a", "b", "c", "x", ":", ")", "3", "0"]
    put("unigram_vocab", "spelling.json", json.dumps(
        reserved + [[p, None if p == ":30" else -1.0 - 0.25 * i] for i, p in enumerate(pieces)],
        ensure_ascii=False))


if __name__ == "__main__":
    main()
