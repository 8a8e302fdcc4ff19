"""Shared helpers of the attnviz training scripts (prepare_*.py, train_*.py).

* paths (TRAINING_DIR, DATA_DIR, REPO_DIR, MODELS_DIR, HELDOUT_DIR), `setup(seed, threads)`
* `tokenize(text)`: the tokenizer the C++ engine uses (attn::tokenize), mirrored rule by rule
* `chrf` / `bleu`: small, documented implementations of the translation metrics
* `Timer`, `write_json`
"""

import json
import os
import random
import re
import sys
import time

TRAINING_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(TRAINING_DIR)
DATA_DIR = os.path.join(TRAINING_DIR, "data")
MODELS_DIR = os.path.join(REPO_DIR, "resources", "models")
HELDOUT_DIR = os.path.join(REPO_DIR, "tests", "data", "heldout")

if TRAINING_DIR not in sys.path:
    sys.path.insert(0, TRAINING_DIR)


def setup(seed, threads=2):
    """Fixed seeds for python, numpy and torch; pinned thread count (2 cores on these machines)."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    random.seed(seed)
    try:
        import numpy as np
        np.random.seed(seed)
    except ImportError:
        pass
    import torch
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    keep_freed_memory_in_heap()
    return torch


def keep_freed_memory_in_heap():
    """glibc serves blocks above 128 KiB (its M_MMAP_THRESHOLD) with fresh mmap pages and returns them on
    free, so every PyTorch call that makes a large temporary (the benchmark's n = 2048 score matrix, a
    training batch's logits) pays page faults in system time, 4-10x its arithmetic on a virtual machine
    (a translation training step: 1.98 s without this, 0.48 s with it). attnviz avoids that with
    caller-owned workspaces; the benchmark's peer and the training scripts get the equivalent: mallopt
    turns mmap off and trimming down for the process, so freed temporaries are reused. Returns what it
    did, for the printout."""
    import ctypes
    libc = ctypes.CDLL("libc.so.6")
    m_trim_threshold, m_mmap_max = -1, -4  # glibc's mallopt parameters (malloc.h)
    ok = libc.mallopt(m_mmap_max, 0) == 1 and libc.mallopt(m_trim_threshold, 2**31 - 1) == 1
    return "glibc malloc: no mmap for large blocks, no trimming" if ok else "mallopt refused (not glibc?)"


# --------------------------------------------------------------------------------------------------
# Tokenizer: a line-by-line port of attn::tokenize (core/src/tokenizers/glove_tokenizer.cpp), so that PyTorch and the C++
# engine see the same ids. GloVe 6B style: ASCII letters lower-cased, other characters kept; whitespace
# separates; edge punctuation split off ("..." and "--" stay whole); clitics 's 're 've 'll 'd 'm n't
# split ("she's" -> she 's, "don't" -> do n't, "cannot" -> can not); abbreviations keep their final
# period (u.s., mr.); 3.5 / 1,000 / 10:30 / well-known / and/or stay whole. The held-out expected.json
# files record the tokens so the C++ tests can check this parity.
_RQ, _LQ, _LDQ, _RDQ, _ELL = "\u2019", "\u2018", "\u201c", "\u201d", "\u2026"
_UNI_PUNCT = (_RQ, _LQ, _LDQ, _RDQ, _ELL)
_SPACE = " \t\n\r\f\v"
_EDGE = set(".,;:!?\"'`()[]{}<>*$%#@+=|~^&/\\-_")
_ABBREV = {"mr", "mrs", "ms", "dr", "st", "jr", "sr", "vs", "prof", "gen", "sen", "rep", "gov", "lt", "col",
           "sgt", "capt", "inc", "corp", "ltd", "co", "no", "jan", "feb", "aug", "sept", "oct", "nov", "dec",
           "mt", "ft", "etc", "rev", "univ"}


def _is_digit(c):
    return "0" <= c <= "9"


def _is_alnum(c):
    return _is_digit(c) or ("a" <= c <= "z") or ord(c) >= 0x80


def _uni_at(s, i):
    for p in _UNI_PUNCT:
        if s.startswith(p, i):
            return len(p)
    return 0


def _uni_before(s, end):
    for p in _UNI_PUNCT:
        if end >= len(p) and s[end - len(p) : end] == p:
            return len(p)
    return 0


def _keeps_period(w):
    return w in _ABBREV or ("." in w and len(w) >= 3)


def _push_with_clitics(w, out):
    w = w.replace(_RQ, "'")
    if w == "cannot":
        out += ["can", "not"]
        return
    if len(w) > 3 and w.endswith("n't"):
        out += [w[:-3], "n't"]
        return
    for c in ("'s", "'re", "'ve", "'ll", "'d", "'m"):
        if len(w) > len(c) and w.endswith(c):
            out += [w[: -len(c)], c]
            return
    out.append(w)


def _split_inner(w, out):
    cur = ""
    for i, c in enumerate(w):
        prev = w[i - 1] if i > 0 else "\0"
        nxt = w[i + 1] if i + 1 < len(w) else "\0"
        joins = True
        if c in ".,:":
            joins = (_is_digit(prev) and _is_digit(nxt)) or (c == "." and _is_alnum(prev) and _is_alnum(nxt))
        elif c in "-/&'_":
            joins = _is_alnum(prev) or _is_alnum(nxt) or c == "'"
        elif c in ";!?\"()[]{}":
            joins = False
        if joins:
            cur += c
            continue
        if cur:
            _push_with_clitics(cur, out)
        cur = ""
        out.append(c)
    if cur:
        _push_with_clitics(cur, out)


def _tokenize_piece(s, out):
    b, e = 0, len(s)
    while b < e:
        u = _uni_at(s, b)
        if u:
            if s[b : b + u] == _RQ and b + u < e and _is_alnum(s[b + u]):
                break
            out.append(s[b : b + u])
            b += u
            continue
        c = s[b]
        if c not in _EDGE:
            break
        if c == "'" and b + 1 < e and _is_alnum(s[b + 1]):
            break
        if c == "." and s[b : b + 3] == "...":
            out.append("...")
            b += 3
            continue
        if c == "-" and s[b : b + 2] == "--":
            out.append("--")
            b += 2
            continue
        if c in "-+." and b + 1 < e and _is_digit(s[b + 1]):
            break
        out.append(c)
        b += 1
    tail = []
    while e > b:
        u = _uni_before(s, e)
        if u:
            tail.append(s[e - u : e])
            e -= u
            continue
        c = s[e - 1]
        if c not in _EDGE:
            break
        if c == "." and e - b >= 3 and s[e - 3 : e] == "...":
            tail.append("...")
            e -= 3
            continue
        if c == "-" and e - b >= 2 and s[e - 2 : e] == "--":
            tail.append("--")
            e -= 2
            continue
        if c == "." and e - 1 > b and _keeps_period(s[b : e - 1]):
            before = len(out)
            _split_inner(s[b : e - 1], out)
            if len(out) > before:
                out[-1] += "."
            out.extend(reversed(tail))
            return
        if c == "%" and e - 1 > b and _is_digit(s[e - 2]):
            tail.append("%")
            e -= 1
            continue
        tail.append(c)
        e -= 1
    if e > b:
        _split_inner(s[b:e], out)
    out.extend(reversed(tail))


def tokenize(text):
    out = []
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] in _SPACE:
            i += 1
        j = i
        while j < n and text[j] not in _SPACE:
            j += 1
        if j > i:
            piece = "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text[i:j])
            _tokenize_piece(piece, out)
        i = j
    return out


# --------------------------------------------------------------------------------------------------
# Translation metrics. Both work on whitespace-separated token strings and are corpus-level.
#
# chrF (Popovic 2015, "chrF: character n-gram F-score for automatic MT evaluation"): character n-grams
# n = 1..6 computed on each sentence with spaces removed; per n, corpus-level precision and recall from
# clipped n-gram matches summed over all sentences; the per-n P and R are averaged over n, and
# chrF = (1 + beta^2) P R / (beta^2 P + R) with beta = 2, reported x 100.
# BLEU (Papineni et al. 2002): clipped word n-gram precisions n = 1..4 summed over the corpus, geometric
# mean, brevity penalty exp(1 - r/c) when the candidate corpus is shorter; no smoothing; x 100.
from collections import Counter
import math


def _ngrams(seq, n):
    return Counter(tuple(seq[i : i + n]) for i in range(len(seq) - n + 1))


def chrf(hypotheses, references, max_n=6, beta=2.0):
    match = [0] * max_n
    hyp_total = [0] * max_n
    ref_total = [0] * max_n
    for h, r in zip(hypotheses, references):
        hc = h.replace(" ", "")
        rc = r.replace(" ", "")
        for n in range(1, max_n + 1):
            hg, rg = _ngrams(hc, n), _ngrams(rc, n)
            match[n - 1] += sum(min(c, rg[g]) for g, c in hg.items())
            hyp_total[n - 1] += sum(hg.values())
            ref_total[n - 1] += sum(rg.values())
    ps = [match[i] / hyp_total[i] if hyp_total[i] else 0.0 for i in range(max_n)]
    rs = [match[i] / ref_total[i] if ref_total[i] else 0.0 for i in range(max_n)]
    p, r = sum(ps) / max_n, sum(rs) / max_n
    if p + r == 0:
        return 0.0
    b2 = beta * beta
    return 100.0 * (1 + b2) * p * r / (b2 * p + r)


def bleu(hypotheses, references, max_n=4):
    match = [0] * max_n
    total = [0] * max_n
    hyp_len = ref_len = 0
    for h, r in zip(hypotheses, references):
        hw, rw = h.split(), r.split()
        hyp_len += len(hw)
        ref_len += len(rw)
        for n in range(1, max_n + 1):
            hg, rg = _ngrams(hw, n), _ngrams(rw, n)
            match[n - 1] += sum(min(c, rg[g]) for g, c in hg.items())
            total[n - 1] += sum(hg.values())
    if hyp_len == 0 or any(m == 0 for m in match):
        return 0.0
    log_p = sum(math.log(match[i] / total[i]) for i in range(max_n)) / max_n
    bp = 1.0 if hyp_len > ref_len else math.exp(1 - ref_len / hyp_len)
    return 100.0 * bp * math.exp(log_p)


# --------------------------------------------------------------------------------------------------
class Timer:
    def __init__(self):
        self.start = time.time()

    def minutes(self):
        return (time.time() - self.start) / 60.0


class CpuTimer:
    """Minutes of this process's CPU time: a budget of "N minutes of one core" that does not shrink
    when other work shares the machine (a one-thread run uses one core at most)."""

    def __init__(self):
        self.start = time.process_time()

    def minutes(self):
        return (time.process_time() - self.start) / 60.0


class Budget:
    """Training progress in [0, 1] for the learning-rate schedule, with an optional wall-clock budget.

    progress(step) is step / total_steps, or, with `minutes` > 0, the larger of that and the elapsed
    fraction of the budget, so a run on a busy machine still completes its schedule. Without a budget
    the schedule is purely step-based (reproducible)."""

    def __init__(self, timer, minutes, total_steps):
        self.timer, self.minutes, self.total_steps = timer, minutes, total_steps

    def progress(self, step):
        frac = step / self.total_steps
        if self.minutes > 0:
            frac = max(frac, self.timer.minutes() / self.minutes)
        return min(1.0, frac)

    def exhausted(self):
        return self.minutes > 0 and self.timer.minutes() >= self.minutes


def optimizer_step(model, opt, sched, loss, clip=1.0):
    """Backward, clip the gradient norm, step the optimiser and the schedule; returns the loss value."""
    import torch

    opt.zero_grad()
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
    opt.step()
    sched.step()
    return float(loss)


def write_json(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=2, ensure_ascii=False)
        f.write("\n")


def log(*args):
    print(*args, flush=True)
