#!/usr/bin/env python3
"""Reference tokenizers and the tokenizer fixtures the C++ tests read (tests/data/hf/tokenizers/).

  OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/make_tokenizer_fixtures.py --out tests/data/hf/tokenizers

Needs Debian's python3-sentencepiece and python3-regex (Hugging Face transformers/tokenizers are not
installable here). Everything is trained on TRAINING_TEXT below, written for this project (CC0).
Writes, under --out:
  gpt2-bpe/            vocab.json + merges.txt + tokenizer_config.json: a tiny GPT-2 byte-level BPE
                       trained by byte_level_bpe_train() below; expected.json from gpt2_encode(), the
                       encoder GPT-2 published (openai/gpt-2 src/encoder.py: bytes_to_unicode, the
                       pre-tokenisation regex, merges by rank), written again here from its description
  gpt2-tokenizer-json/ the same vocabulary and merges as a tokenizer.json (ByteLevel pre-tokenizer and
                       decoder, merges as [a, b] pairs); same expected ids
  sp-llama/            tokenizer.model: SentencePiece BPE with byte fallback, Llama's layout (unk 0,
                       <s> 1, </s> 2, identity normaliser, no whitespace collapsing) trained by
                       python3-sentencepiece; tokenizer_config.json add_bos_token true; expected.json
                       from sentencepiece's own encode (+ BOS)
  sp-unigram/          tokenizer.model: SentencePiece unigram with the default nmt_nfkc normaliser
                       (collapses repeated spaces); tokenizer_config.json add_bos_token false
  sp-llama-json/       sp-llama's model as a Llama 2 tokenizer.json (BPE with byte_fallback, fuse_unk,
                       Prepend("▁") + Replace(" ", "▁") normaliser, TemplateProcessing <s> $A), converted
                       the way transformers' LlamaConverter does (merges ordered by the merged piece's
                       score); expected ids are sentencepiece's
  sp-llama-metaspace-json/  the same with the newer Metaspace pre-tokenizer (prepend_scheme "first")
  wordpiece-json/      tests/data/hf/bert-tiny's vocabulary as a tokenizer.json (BertNormalizer,
                       BertPreTokenizer, WordPiece, BertProcessing); expected ids from hf_reference.py's
                       BERT tokenizer (special tokens typed in the text split out first, added_split())
  wordpiece-never-split/  the same vocabulary as vocab.txt + tokenizer_config.json with never_split;
                       expected ids from bert_encode_slow() (BertTokenizer: special tokens split out of
                       the raw text, never_split words kept whole)
  llama3-split-json/   gpt2-bpe's vocabulary and merges in Llama 3's tokenizer.json layout:
                       Sequence[Split(Llama 3's regex, Isolated), ByteLevel(use_regex false)],
                       ignore_merges, <|begin_of_text|> $A, and added tokens with every flag; expected
                       ids from split_llama3_encode() below
  split-cases.json     Split pre-tokenizer cases (every behaviour, invert, String and Regex patterns,
                       a GPT-4-style possessive pattern) with the pieces hf_split() gives
Deterministic: a rerun writes byte-identical files.
"""

import argparse
import io
import json
import os
import sys

import regex
import sentencepiece as spm

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hf_reference  # noqa: E402  (read only: its BERT tokenizer is the WordPiece reference)

TRAINING_TEXT = """\
Attention lets every word look at every other word and decide how much each one matters.
The teacher praised a student because she improved; the student thanked the teacher.
A query is compared with each key, the scores are scaled and turned into weights by a softmax.
The weighted values are added together: that mix is the new vector of the word.
It's what we've seen, they're sure, I'm glad, you'll see, he'd agree, don't worry.
Café, naïve, résumé, déjà vu, Søren, Zürich, façade, jalapeño, coöperate.
注意力机制让每个词都能看到其他词。学生和老师都很好。
日本語の文章も少しあります。한국어 문장도 있습니다.
Numbers like 12, 345, 2024 and 3.14 appear; so do symbols: (a), [b], {c}, #, %, &, *, +, =.
Emoji appear too 🙂 👍 🚀 and so do   repeated   spaces and tabs\tand new lines.
""" * 3

TEXTS = [
    "Hello, world! It's a test.",
    "The café's naïve résumé — déjà vu.",
    "注意力机制很有用",
    "emoji 🙂👍🏽 time",
    "I'll they're we've he'd I'm don't",
    "UPPER CASE IT'S THEY'RE",
    "  multiple   spaces\tand\nnewlines  ",
    "Unknown: xylophone qwzx Ωmega",
    "numbers 12345 and 3.14!!",
    "a<|endoftext|>b",
    "",
    " ",
]


# ------------------------------------------------------- GPT-2 byte-level BPE (encoder.py) --------

def bytes_to_unicode():
    """GPT-2's reversible byte -> character map: printable Latin-1 bytes map to themselves, the other
    68 bytes to U+0100, U+0101, ... in byte order."""
    keep = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + \
        list(range(ord("®"), ord("ÿ") + 1))
    chars = keep[:]
    n = 0
    for b in range(256):
        if b not in keep:
            keep.append(b)
            chars.append(256 + n)
            n += 1
    return dict(zip(keep, [chr(c) for c in chars]))


BYTE_ENCODER = bytes_to_unicode()
BYTE_DECODER = {v: k for k, v in BYTE_ENCODER.items()}
GPT2_PATTERN = regex.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")
EOT = "<|endoftext|>"


def get_pairs(word):
    return {(word[i], word[i + 1]) for i in range(len(word) - 1)}


def bpe(token, ranks):
    word = tuple(token)
    pairs = get_pairs(word)
    while pairs:
        best = min(pairs, key=lambda p: ranks.get(p, float("inf")))
        if best not in ranks:
            break
        first, second = best
        out, i = [], 0
        while i < len(word):
            try:
                j = word.index(first, i)
            except ValueError:
                out.extend(word[i:])
                break
            out.extend(word[i:j])
            i = j
            if i < len(word) - 1 and word[i] == first and word[i + 1] == second:
                out.append(first + second)
                i += 2
            else:
                out.append(word[i])
                i += 1
        word = tuple(out)
        if len(word) == 1:
            break
        pairs = get_pairs(word)
    return list(word)


def gpt2_encode(text, vocab, ranks, specials=(EOT,)):
    """Ids as GPT2Tokenizer gives them: special tokens split out first, then regex, bytes, BPE."""
    ids = []
    parts = regex.split("(" + "|".join(regex.escape(s) for s in specials) + ")", text) if specials else [text]
    for part in parts:
        if part in specials:
            ids.append(vocab[part])
            continue
        for tok in GPT2_PATTERN.findall(part):
            mapped = "".join(BYTE_ENCODER[b] for b in tok.encode("utf-8"))
            ids.extend(vocab[p] for p in bpe(mapped, ranks))
    return ids


def gpt2_decode(ids, inv, specials=(EOT,)):
    text = "".join(inv[i] for i in ids if inv[i] not in specials)
    return bytearray(BYTE_DECODER[c] for c in text).decode("utf-8", errors="replace")


def byte_level_bpe_train(text, n_merges):
    """Most frequent adjacent pair first (ties: the smaller pair), within GPT-2 pre-tokens."""
    counts = {}
    for tok in GPT2_PATTERN.findall(text):
        w = tuple(BYTE_ENCODER[b] for b in tok.encode("utf-8"))
        counts[w] = counts.get(w, 0) + 1
    merges = []
    for _ in range(n_merges):
        pc = {}
        for w, c in counts.items():
            for p in zip(w, w[1:]):
                pc[p] = pc.get(p, 0) + c
        if not pc:
            break
        best = min(pc, key=lambda p: (-pc[p], p))
        merges.append(best)
        new = {}
        for w, c in counts.items():
            out, i = [], 0
            while i < len(w):
                if i < len(w) - 1 and (w[i], w[i + 1]) == best:
                    out.append(w[i] + w[i + 1])
                    i += 2
                else:
                    out.append(w[i])
                    i += 1
            new[tuple(out)] = new.get(tuple(out), 0) + c
        counts = new
    vocab = {}
    for ch in BYTE_ENCODER.values():
        vocab[ch] = len(vocab)
    for a, b in merges:
        if a + b not in vocab:
            vocab[a + b] = len(vocab)
    vocab[EOT] = len(vocab)
    return vocab, merges


# ------------------------------------------------------------------------------ writing --------

def dump(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, indent=1)
        f.write("\n")


def write_gpt2(out):
    vocab, merges = byte_level_bpe_train(TRAINING_TEXT, 300)
    ranks = {m: i for i, m in enumerate(merges)}
    inv = {i: t for t, i in vocab.items()}
    d = os.path.join(out, "gpt2-bpe")
    os.makedirs(d, exist_ok=True)
    dump(os.path.join(d, "vocab.json"), vocab)
    with open(os.path.join(d, "merges.txt"), "w", encoding="utf-8") as f:
        f.write("#version: 0.2\n")
        for a, b in merges:
            f.write(f"{a} {b}\n")
    dump(os.path.join(d, "tokenizer_config.json"),
         {"add_prefix_space": False, "bos_token": EOT, "eos_token": EOT, "unk_token": EOT,
          "model_max_length": 1024, "tokenizer_class": "GPT2Tokenizer"})
    cases = []
    for t in TEXTS:
        ids = gpt2_encode(t, vocab, ranks)
        cases.append({"text": t, "ids": ids, "pieces": [inv[i] for i in ids],
                      "decoded": gpt2_decode(ids, inv)})
    dump(os.path.join(d, "expected.json"), {"cases": cases})

    dj = os.path.join(out, "gpt2-tokenizer-json")
    os.makedirs(dj, exist_ok=True)
    tj = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [{"id": vocab[EOT], "content": EOT, "single_word": False, "lstrip": False,
                          "rstrip": False, "normalized": True, "special": True}],
        "normalizer": None,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
                          "use_regex": True},
        "post_processor": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": False,
                           "use_regex": True},
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": "",
                  "end_of_word_suffix": "", "fuse_unk": False, "byte_fallback": False,
                  "ignore_merges": False, "vocab": vocab, "merges": [[a, b] for a, b in merges]},
    }
    dump(os.path.join(dj, "tokenizer.json"), tj)
    dump(os.path.join(dj, "expected.json"), {"cases": cases})


def train_sp(model_type, vocab_size, **extra):
    buf = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(TRAINING_TEXT.splitlines()), model_writer=buf, model_type=model_type,
        vocab_size=vocab_size, num_threads=1, character_coverage=1.0, minloglevel=2, **extra)
    return buf.getvalue()


def sp_cases(sp, bos):
    cases = []
    for t in TEXTS:
        ids = ([sp.bos_id()] if bos else []) + sp.encode(t)
        cases.append({"text": t, "ids": ids, "pieces": [sp.id_to_piece(i) for i in ids],
                      "decoded": sp.decode(ids)})
    return cases


def write_sp(out):
    llama = train_sp("bpe", 400, byte_fallback=True, unk_id=0, bos_id=1, eos_id=2, pad_id=-1,
                     normalization_rule_name="identity", remove_extra_whitespaces=False,
                     add_dummy_prefix=True, split_digits=True, allow_whitespace_only_pieces=True)
    uni = train_sp("unigram", 200, unk_id=0, bos_id=1, eos_id=2, pad_id=-1)
    for name, blob, bos in (("sp-llama", llama, True), ("sp-unigram", uni, False)):
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "tokenizer.model"), "wb") as f:
            f.write(blob)
        dump(os.path.join(d, "tokenizer_config.json"),
             {"add_bos_token": bos, "add_eos_token": False, "bos_token": "<s>", "eos_token": "</s>",
              "unk_token": "<unk>", "tokenizer_class": "LlamaTokenizer"})
        sp = spm.SentencePieceProcessor(model_proto=blob)
        dump(os.path.join(d, "expected.json"), {"cases": sp_cases(sp, bos)})

    # sp-llama as a tokenizer.json, as transformers' LlamaConverter writes one.
    sp = spm.SentencePieceProcessor(model_proto=llama)
    n = sp.get_piece_size()
    pieces = [sp.id_to_piece(i) for i in range(n)]
    vocab = {p: i for i, p in enumerate(pieces)}
    merges = []  # every (a, b) whose concatenation is a piece, ordered by that piece's score (then ids)
    for i, p in enumerate(pieces):
        if sp.is_control(i) or sp.is_unknown(i) or sp.is_byte(i):
            continue
        for k in range(1, len(p)):
            a, b = p[:k], p[k:]
            if a in vocab and b in vocab and not sp.is_byte(vocab[a]) and not sp.is_byte(vocab[b]):
                merges.append((-sp.get_score(i), vocab[a], vocab[b], a, b))
    merges.sort()
    specials = [{"id": i, "content": pieces[i], "single_word": False, "lstrip": False, "rstrip": False,
                 "normalized": False, "special": True} for i in range(3)]
    template = {
        "type": "TemplateProcessing",
        "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
        "pair": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                 {"SpecialToken": {"id": "<s>", "type_id": 1}}, {"Sequence": {"id": "B", "type_id": 1}}],
        "special_tokens": {"<s>": {"id": "<s>", "ids": [1], "tokens": ["<s>"]}}}
    model = {"type": "BPE", "dropout": None, "unk_token": "<unk>", "continuing_subword_prefix": None,
             "end_of_word_suffix": None, "fuse_unk": True, "byte_fallback": True, "ignore_merges": False,
             "vocab": vocab, "merges": [[a, b] for _, _, _, a, b in merges]}
    # Llama 2's layout (legacy): Prepend + Replace normaliser, no pre-tokenizer, Llama decoder.
    legacy = {
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": specials,
        "normalizer": {"type": "Sequence", "normalizers": [
            {"type": "Prepend", "prepend": "▁"},
            {"type": "Replace", "pattern": {"String": " "}, "content": "▁"}]},
        "pre_tokenizer": None,
        "post_processor": template,
        "decoder": {"type": "Sequence", "decoders": [
            {"type": "Replace", "pattern": {"String": "▁"}, "content": " "},
            {"type": "ByteFallback"}, {"type": "Fuse"},
            {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
        "model": model,
    }
    d = os.path.join(out, "sp-llama-json")
    os.makedirs(d, exist_ok=True)
    dump(os.path.join(d, "tokenizer.json"), legacy)
    dump(os.path.join(d, "expected.json"), {"cases": sp_cases(sp, True)})
    # The newer layout: Metaspace pre-tokenizer (prepend_scheme "first", split false). It prepends "▁"
    # only when the text does not start with one, where sentencepiece always adds its dummy prefix, so
    # its reference cases are the texts that do not start with a space.
    meta = dict(legacy)
    meta["normalizer"] = None
    meta["pre_tokenizer"] = {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first", "split": False}
    meta["decoder"] = {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first", "split": False}
    d = os.path.join(out, "sp-llama-metaspace-json")
    os.makedirs(d, exist_ok=True)
    dump(os.path.join(d, "tokenizer.json"), meta)
    dump(os.path.join(d, "expected.json"),
         {"cases": [c for c in sp_cases(sp, True) if not c["text"].startswith(" ")]})


def write_wordpiece_json(out):
    vocab_list = hf_reference.bert_vocab()
    vocab = {t: i for i, t in enumerate(vocab_list)}
    tj = {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [{"id": vocab[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True}
                         for t in ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {"type": "BertProcessing", "sep": ["[SEP]", vocab["[SEP]"]],
                           "cls": ["[CLS]", vocab["[CLS]"]]},
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": vocab},
    }
    d = os.path.join(out, "wordpiece-json")
    os.makedirs(d, exist_ok=True)
    dump(os.path.join(d, "tokenizer.json"), tj)
    texts = hf_reference.BERT_TEXTS + ["Hello, world! It's a test.", "注意力 film"]
    cases = [{"text": t, "ids": hf_reference.bert_encode(t, vocab_list)} for t in texts]
    dump(os.path.join(d, "expected.json"), {"cases": cases})


# ------------------------------------- tokenizers-library semantics (written from its documentation) ---

LLAMA3_PATTERN = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|"
                  r"\s*[\r\n]+|\s+(?!\S)|\s+")
# A GPT-4 (o200k)-style pattern with possessive quantifiers and letter-case classes.
GPT4_STYLE_PATTERN = (r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|"
                      r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|"
                      r"\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+|'[a-z]++")


def hf_split(text, pattern, is_regex, behavior, invert=False):
    """The Split pre-tokenizer: alternating (span, is_match) stretches, then the behaviour."""
    if not text:
        return []
    rx = regex.compile(pattern if is_regex else regex.escape(pattern))
    stretches, prev = [], 0
    for m in rx.finditer(text):
        if prev != m.start():
            stretches.append(((prev, m.start()), False))
        stretches.append(((m.start(), m.end()), True))
        prev = m.end()
    if prev != len(text):
        stretches.append(((prev, len(text)), False))
    if invert:
        stretches = [(o, not f) for o, f in stretches]
    keep = []  # [start, end, remove]
    if behavior == "Isolated":
        keep = [[a, b, False] for (a, b), _ in stretches]
    elif behavior == "Removed":
        keep = [[a, b, f] for (a, b), f in stretches]
    elif behavior == "Contiguous":
        prev_match = False
        for (a, b), f in stretches:
            if keep and f == prev_match:
                keep[-1][1] = b
            else:
                keep.append([a, b, False])
            prev_match = f
    elif behavior == "MergedWithPrevious":
        prev_match = False
        for (a, b), f in stretches:
            if keep and f and not prev_match:
                keep[-1][1] = b
            else:
                keep.append([a, b, False])
            prev_match = f
    elif behavior == "MergedWithNext":
        prev_match = False
        for (a, b), f in reversed(stretches):
            if keep and f and not prev_match:
                keep[-1][0] = a
            else:
                keep.append([a, b, False])
            prev_match = f
        keep.reverse()
    return [text[a:b] for a, b, rm in keep if not rm and b > a]


def _word_char(c):
    return regex.match(r"\w", c) is not None


def added_split(text, tokens, normalize=None):
    """AddedVocabulary: pass 1 with non-normalized tokens on the raw text, pass 2 with normalized ones
    on each remaining (normalised) piece. tokens: dicts with id, content and the AddedToken flags.
    Returns [(text, id or None)]."""
    def one_pass(t, toks):
        out, done, pos = [], 0, 0
        while pos < len(t):
            best = None
            for tok in toks:
                c = tok["match"]
                if t.startswith(c, pos) and (best is None or len(c) > len(best["match"])):
                    best = tok
            if best is None:
                pos += 1
                continue
            start, stop = pos, pos + len(best["match"])
            pos = stop
            if best.get("single_word"):
                if (start > 0 and _word_char(t[start - 1])) or (stop < len(t) and _word_char(t[stop])):
                    continue
            if best.get("lstrip"):
                while start > done and t[start - 1].isspace() and regex.match(r"\s", t[start - 1]):
                    start -= 1
            if best.get("rstrip"):
                while stop < len(t) and regex.match(r"\s", t[stop]):
                    stop += 1
                pos = stop
            if start > done:
                out.append((t[done:start], None))
            out.append((t[start:stop], best["id"]))
            done = stop
        if done < len(t):
            out.append((t[done:], None))
        return out
    norm = normalize or (lambda x: x)
    raw = [dict(t, match=t["content"]) for t in tokens if not t.get("normalized", True)]
    nrm = [dict(t, match=norm(t["content"])) for t in tokens if t.get("normalized", True)]
    out = []
    for piece, tid in one_pass(text, raw):
        if tid is not None:
            out.append((piece, tid))
        else:
            out.extend(one_pass(norm(piece), nrm))
    return out


LLAMA3_ADDED = [
    {"content": "<|begin_of_text|>", "special": True, "normalized": False},
    {"content": "<|eot_id|>", "special": True, "normalized": False},
    {"content": "attnviz", "special": False, "single_word": True, "normalized": False},
    {"content": "<mask>", "special": True, "lstrip": True, "rstrip": True, "normalized": False},
    {"content": "[note]", "special": False, "normalized": True},
]

LLAMA3_TEXTS = TEXTS + [
    "attnviz shows attention; myattnviz and attnviz_x do not match, (attnviz) does",
    "a <mask> b and x<mask>y and <mask>",
    "<|begin_of_text|>Hi there<|eot_id|>",
    "numbers 1234567 and 3.14159, 12 345",
    "Hello\n\n\nworld\r\n  indented\n",
    "a [note] here[note]",
    "CAPS IT'S and it's and IT'S",
]


def split_llama3_encode(text, vocab, ranks, added, prefix_ids):
    ids = list(prefix_ids)
    for piece, tid in added_split(text, added):
        if tid is not None:
            ids.append(tid)
            continue
        for w in hf_split(piece, LLAMA3_PATTERN, True, "Isolated"):
            mapped = "".join(BYTE_ENCODER[b] for b in w.encode("utf-8"))
            if mapped in vocab:  # ignore_merges
                ids.append(vocab[mapped])
            else:
                ids.extend(vocab[p] for p in bpe(mapped, ranks))
    return ids


def write_llama3_split(out):
    vocab, merges = byte_level_bpe_train(TRAINING_TEXT, 300)
    ranks = {m: i for i, m in enumerate(merges)}
    vocab = dict(vocab)
    added = []
    for t in LLAMA3_ADDED:
        tok = {"id": len(vocab), "content": t["content"], "single_word": t.get("single_word", False),
               "lstrip": t.get("lstrip", False), "rstrip": t.get("rstrip", False),
               "normalized": t["normalized"], "special": t["special"]}
        vocab[t["content"]] = tok["id"]
        added.append(tok)
    bos = vocab["<|begin_of_text|>"]
    inv = {i: t for t, i in vocab.items()}
    tj = {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": added,
        "normalizer": None,
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": LLAMA3_PATTERN}, "behavior": "Isolated", "invert": False},
            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}]},
        "post_processor": {"type": "Sequence", "processors": [
            {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": False, "use_regex": True},
            {"type": "TemplateProcessing",
             "single": [{"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 0}},
                        {"Sequence": {"id": "A", "type_id": 0}}],
             "pair": [{"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 0}},
                      {"Sequence": {"id": "A", "type_id": 0}},
                      {"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 1}},
                      {"Sequence": {"id": "B", "type_id": 1}}],
             "special_tokens": {"<|begin_of_text|>": {"id": "<|begin_of_text|>", "ids": [bos],
                                                       "tokens": ["<|begin_of_text|>"]}}}]},
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False,
                  "ignore_merges": True, "vocab": vocab, "merges": [f"{a} {b}" for a, b in merges]},
    }
    d = os.path.join(out, "llama3-split-json")
    os.makedirs(d, exist_ok=True)
    dump(os.path.join(d, "tokenizer.json"), tj)
    specials = {t["id"] for t in added if t["special"]}
    plain = {t["id"] for t in added if not t["special"]}
    cases = []
    for t in LLAMA3_TEXTS:
        ids = split_llama3_encode(t, vocab, ranks, added, [bos])
        raw = b"".join(inv[i].encode("utf-8") if i in plain else bytes(BYTE_DECODER[c] for c in inv[i])
                       for i in ids if i not in specials)
        cases.append({"text": t, "ids": ids, "pieces": [inv[i] for i in ids],
                      "decoded": raw.decode("utf-8", errors="replace")})
    dump(os.path.join(d, "expected.json"), {"cases": cases})


def write_split_cases(out):
    texts = ["the-final--word-", "Hello, world!  It's 2024...", "a--b", "-lead and trail-", "",
             "CamelCase HTTPServer don't I'M x'y", "日本語 テキスト 123456"]
    specs = [("-", False), (r"\s+", True), (r"-+", True), (r"\p{N}{1,3}", True),
             (GPT4_STYLE_PATTERN, True), (r"(?i:'s|'t|'m)", True), (r"[^\s\p{L}\p{N}]++", True)]
    cases = []
    for pattern, is_regex in specs:
        for behavior in ("Removed", "Isolated", "MergedWithPrevious", "MergedWithNext", "Contiguous"):
            for invert in (False, True):
                for t in texts:
                    cases.append({"pattern": {"Regex" if is_regex else "String": pattern},
                                  "behavior": behavior, "invert": invert, "text": t,
                                  "pieces": hf_split(t, pattern, is_regex, behavior, invert)})
    dump(os.path.join(out, "split-cases.json"), {"cases": cases})


BERT_SPECIALS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
BERT_SPECIAL_TEXTS = ["[CLS] hello [SEP]", "hello[MASK]world", "[cls] is not special", "a [UNK] b",
                      "[SEP][SEP] film [PAD]", "the [unused0] film"]


def bert_encode_slow(text, vocab_list, never_split=(), specials=BERT_SPECIALS):
    """transformers' BertTokenizer: special tokens split out of the raw text (case-sensitive), the rest
    through BasicTokenizer (never_split words kept whole) and WordPiece, then [CLS] ... [SEP]."""
    vocab = {t: i for i, t in enumerate(vocab_list)}
    ids = [vocab["[CLS]"]]
    toks = [{"id": vocab[s], "content": s, "normalized": False} for s in specials if s in vocab]
    # PreTrainedTokenizer.tokenize with do_lower_case: everything but the special tokens lower-cased
    # first, so a never_split word only matches in lower case.
    pattern = "(" + "|".join(regex.escape(t["content"]) for t in toks) + ")|(.+?)"
    text = regex.sub(pattern, lambda m: m.group(1) or m.group(2).lower(), text)
    for piece, tid in added_split(text, toks):
        if tid is not None:
            ids.append(tid)
            continue
        # BasicTokenizer with never_split: whole whitespace-split words in the list are kept as they are.
        cleaned = "".join(" " if hf_reference._is_whitespace(c) else c for c in piece
                          if not (ord(c) in (0, 0xFFFD) or hf_reference._is_control(c)))
        cleaned = "".join(f" {c} " if hf_reference._is_cjk(ord(c)) else c for c in cleaned)
        for w in cleaned.split():
            if w in never_split:
                ids.append(vocab.get(w, vocab["[UNK]"]))
            else:
                ids.extend(vocab[t] for t in hf_reference.wordpiece(hf_reference.basic_tokenize(w), vocab))
    ids.append(vocab["[SEP]"])
    return ids


def write_wordpiece_specials(out):
    vocab_list = hf_reference.bert_vocab()
    d = os.path.join(out, "wordpiece-json")
    exp = json.load(open(os.path.join(d, "expected.json"), encoding="utf-8"))
    cases = [c for c in exp["cases"] if c["text"] not in BERT_SPECIAL_TEXTS]
    cases += [{"text": t, "ids": bert_encode_slow(t, vocab_list)} for t in BERT_SPECIAL_TEXTS]
    dump(os.path.join(d, "expected.json"), {"cases": cases})
    d = os.path.join(out, "wordpiece-never-split")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "vocab.txt"), "w", encoding="utf-8") as f:
        f.write("".join(t + "\n" for t in vocab_list))
    never = ["[unused0]", "Hello", "don't", "c++"]
    dump(os.path.join(d, "tokenizer_config.json"),
         {"do_lower_case": True, "never_split": never, "tokenizer_class": "BertTokenizer"})
    texts = BERT_SPECIAL_TEXTS + ["Hello hello HELLO", "I don't know, don't!", "x[unused0] [unused0].",
                                  "I love C++ and c++", "[UNUSED0] is lower-cased first"]
    dump(os.path.join(d, "expected.json"),
         {"cases": [{"text": t, "ids": bert_encode_slow(t, vocab_list, never)} for t in texts]})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="tests/data/hf/tokenizers")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    write_gpt2(args.out)
    write_sp(args.out)
    write_wordpiece_json(args.out)
    write_wordpiece_specials(args.out)
    write_llama3_split(args.out)
    write_split_cases(args.out)


if __name__ == "__main__":
    main()
