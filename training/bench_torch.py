#!/usr/bin/env python3
"""PyTorch CPU peer of tests/bench (attnviz_bench), fair by construction, and the ratio table.

    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 training/bench_torch.py \
        --bench build/release/tests/attnviz_bench [--threads 1] [--repetitions 3]

Measured, on both sides with the same thread count (default 1) and as CPU time:
  * the scaled-dot attention kernel, n = 16 ... 2048 queries = keys, d = 64, every weight kept
    (attnviz: attn::scaledDotAttention with a caller-owned workspace; here softmax(Q K^T / 8) and W V);
  * one encoder layer the size of BERT-base's (d = 768, 12 heads, ff = 3072, post-LN, GELU, random
    weights), n = 128 and 512, every head's map kept (need_weights=True, average_attn_weights=False);
  * one forward of each shipped model (resources/models: sentiment, translation-en-es greedy, and
    vit-fashion-mnist) on the same input as tests/bench/bench_models.cpp;
  * Hugging Face-sized models with random weights (tests/bench/bench_hf.cpp, training/bench_hf_models.py):
    a BERT-base encoder on 128 and 512 tokens, and a Llama-style decoder generating 128 tokens with its
    KV cache, every attention map kept.

--memory also measures the peak resident memory of each Hugging Face-sized benchmark, each side in a
fresh process (attnviz_bench filtered to that benchmark; this script in --memory-probe mode), as VmHWM
read inside that process (not the rusage of a child, which Linux seeds with the parent's peak), and
compares it with the model's weights plus the attention maps it keeps. The PyTorch figure has the peak
right after `import torch` subtracted.

Fairness checks, each printed: Debian's python3-torch calls the BLAS behind libblas.so.3. With only the
reference BLAS (libblas3) it is about 4x slower than with OpenBLAS, which would flatter attnviz. After a
matrix product this script reads /proc/self/maps, prints the libblas it resolved, and refuses to run on
anything but OpenBLAS (install it with `cmake/install-deps.sh --bench`, i.e. Debian's
libopenblas0-pthread, which switches libblas.so.3 through update-alternatives) unless
--allow-reference-blas is given. OPENBLAS_NUM_THREADS is set to --threads before torch is imported.
glibc's malloc is told (mallopt) to keep freed large blocks in the heap for the timed PyTorch side, so
its temporaries are not page-faulted afresh on every call (attnviz reuses workspaces instead).

A fair peer, by construction: the environment of these machines may set OPENBLAS_CORETYPE (and
OPENBLAS_L2_SIZE), which pin OpenBLAS to older kernels (e.g. Haswell's AVX2 ones on an AVX-512 CPU). This
script is the PyTorch process, so it removes both from its own environment before torch loads OpenBLAS
(the tests, CI and attnviz_bench keep theirs), and prints the core OpenBLAS then runs
(openblas_get_corename). --peer-kernels haswell pins the peer to OpenBLAS's Haswell (AVX2 + FMA) kernels
instead, for the same-width comparison with an attnviz_bench built by the bench-avx2 preset. attnviz_bench
reports the instruction set it was compiled for (its JSON context: attnviz_isa, attnviz_vector_floats);
when the two sides use different vector widths the script stops before the table unless
--allow-mixed-widths is given. The CPU, both instruction sets and the thread count head every table.

--bench BINARY runs attnviz_bench itself (--benchmark_format=json, --benchmark_repetitions=R, the
median aggregate) right before the PyTorch side, one after the other, so both see the same machine; --cpp
FILE reads a JSON written earlier by `attnviz_bench --benchmark_format=json --benchmark_out=FILE`. The
PyTorch figure of each benchmark is the median of R repetitions, each the median over ~0.5 s of calls.
Ratio = PyTorch CPU time / attnviz CPU time (> 1: attnviz is faster). With --threads N > 1 both sides
are timed by the wall clock instead (CPU time would add up the threads): attnviz_bench's real_time, and
time.perf_counter here; attnviz_bench runs with ATTNVIZ_THREADS=N (attn/threads.hpp). Next to each
median, `spread` is (slowest - fastest) / median of the R single runs, each side.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--repetitions", type=int, default=3)
    ap.add_argument("--bench", help="attnviz_bench executable to run first")
    ap.add_argument("--cpp", help="Google Benchmark JSON of attnviz_bench written earlier")
    ap.add_argument("--memory", action="store_true", help="also measure peak memory (Hugging Face sizes)")
    ap.add_argument("--memory-probe", help=argparse.SUPPRESS)  # internal: build + run one benchmark, exit
    ap.add_argument("--filter", default="BM_(ScaledDotAttention|EncoderLayer|Shipped|Hf)",
                    help="benchmarks to run (regular expression on the names)")
    ap.add_argument("--allow-reference-blas", action="store_true",
                    help="run even if libblas.so.3 is not OpenBLAS (the table is then not fair)")
    ap.add_argument("--json-out", help="write both sides' figures and the ratios here")
    ap.add_argument("--peer-kernels", choices=("native", "haswell"), default="native",
                    help="OpenBLAS kernels of the PyTorch peer: the CPU's own (default) or Haswell's AVX2 + FMA "
                         "ones (to compare with attnviz_bench built by the bench-avx2 preset)")
    ap.add_argument("--allow-mixed-widths", action="store_true",
                    help="print ratios even when attnviz and the peer use different vector widths")
    return ap.parse_args()


ARGS = parse_args()
# Only this (the PyTorch) process: what the environment pinned, and what the peer runs instead.
PINNED_BY_ENVIRONMENT = {k: os.environ.pop(k) for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE") if k in os.environ}
if ARGS.peer_kernels == "haswell":
    os.environ["OPENBLAS_CORETYPE"] = "Haswell"
os.environ["OPENBLAS_NUM_THREADS"] = str(ARGS.threads)  # read by OpenBLAS when torch loads it
os.environ.setdefault("OMP_NUM_THREADS", str(ARGS.threads))

import re  # noqa: E402

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
from attnviz.models import Seq2SeqAttention, TransformerClassifier, ViT  # noqa: E402
from attnviz.safetensors import load_file  # noqa: E402
import bench_hf_models as hfm  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
MODELS = os.path.join(ROOT, "resources", "models")


def blas_in_use():
    """The BLAS library(ies) this process has mapped after a float matrix product, from /proc/self/maps."""
    a = torch.rand(64, 64)
    (a @ a).sum().item()
    libs = set()
    with open("/proc/self/maps") as f:
        for line in f:
            path = line.split()[-1] if len(line.split()) >= 6 else ""
            base = os.path.basename(path)
            if "blas" in base or "lapack" in base:
                libs.add(path)
    return sorted(libs)


# OpenBLAS core names (driver/others/dynamic.c) by the widest float vectors their SGEMM kernels use.
AVX512_CORES = ("skylakex", "cooperlake", "sapphirerapids")
AVX2_CORES = ("haswell", "zen", "skylake", "alderlake")


def openblas_core(libs):
    """The core OpenBLAS chose at load time (openblas_get_corename), or None when it cannot be asked."""
    import ctypes

    for path in libs:
        if "openblas" not in os.path.basename(path):
            continue
        try:
            lib = ctypes.CDLL(path)
            lib.openblas_get_corename.restype = ctypes.c_char_p
            return lib.openblas_get_corename().decode()
        except (OSError, AttributeError):
            continue
    return None


def core_isa(core):
    """(instruction set, floats per vector) of an OpenBLAS core name."""
    name = (core or "").lower()
    if any(c in name for c in AVX512_CORES):
        return "AVX-512", 16
    if any(c in name for c in AVX2_CORES):
        return "AVX2 + FMA", 8
    if "sandybridge" in name:
        return "AVX", 8
    return (f"unknown ({core})" if core else "unknown"), None


def cpu_model():
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return "unknown CPU"


def clock():
    """Process CPU time with one thread (other jobs on a shared machine do not inflate it); the wall clock
    with more (CPU time would add up the threads)."""
    return time.process_time() if ARGS.threads == 1 else time.perf_counter()


def measure(fn, min_time=0.5):
    """Median microseconds per call (clock() above) over batches filling ~min_time seconds."""
    for _ in range(3):
        fn()
    n = 1
    while True:
        t = clock()
        for _ in range(n):
            fn()
        dt = clock() - t
        if dt > 0.05:
            break
        n *= 2
    reps = max(3, int(min_time / dt))
    samples = []
    for _ in range(reps):
        t = clock()
        for _ in range(n):
            fn()
        samples.append((clock() - t) / n * 1e6)
    samples.sort()
    return samples[len(samples) // 2]


def attention(q, k, v):
    w = torch.softmax((q * (1.0 / math.sqrt(q.shape[-1]))) @ k.transpose(0, 1), dim=-1)
    return w, w @ v


class BertSizedLayer(torch.nn.Module):
    """torch.nn.TransformerEncoderLayer(768, 12, 3072, gelu, post-LN) returning every head's map, as
    attn::layers::TransformerEncoderLayer::forward does (tests/bench/bench_layers.cpp)."""

    def __init__(self, d=768, heads=12, ff=3072):
        super().__init__()
        self.layer = torch.nn.TransformerEncoderLayer(d, heads, ff, dropout=0.0, activation="gelu",
                                                      batch_first=True, norm_first=False)

    def forward(self, x):
        l = self.layer
        a, w = l.self_attn(x, x, x, need_weights=True, average_attn_weights=False)  # w: [1, h, T, T]
        x = l.norm1(x + a)
        x = l.norm2(x + l.linear2(F.gelu(l.linear1(x))))
        return x, w


def load(cls, name):
    d = os.path.join(MODELS, name)
    with open(os.path.join(d, "config.json")) as f:
        cfg = json.load(f)
    m = cls(cfg)
    tensors, _ = load_file(os.path.join(d, "model.safetensors"))
    m.load_state_dict({k: torch.from_numpy(v) for k, v in tensors.items()})
    return m.eval(), cfg


def vocab_ids(path, words, unk):
    vocab = open(path, encoding="utf-8").read().split("\n")
    index = {w: i for i, w in enumerate(vocab)}
    return [index.get(w, unk) for w in words]


def torch_side(selected):
    results = {}
    g = torch.Generator().manual_seed(1)
    n = 16
    while n <= 2048:
        q, k, v = (torch.rand(n, 64, generator=g) * 2 - 1 for _ in range(3))
        results[f"BM_ScaledDotAttention/{n}"] = lambda q=q, k=k, v=v: attention(q, k, v)
        n *= 2
    layer = BertSizedLayer().eval()
    for n in (128, 512):
        x = torch.rand(1, n, 768, generator=g) * 2 - 1
        results[f"BM_EncoderLayer/{n}"] = lambda x=x: layer(x)
    # The same inputs as tests/bench/bench_models.cpp.
    tc, cfg = load(TransformerClassifier, "sentiment")
    ids = torch.tensor([vocab_ids(os.path.join(MODELS, "sentiment", "vocab.txt"),
                                  ["the", "film", "was", "not", "good", "."], cfg["unk_id"])])
    kpm = torch.zeros_like(ids, dtype=torch.bool)
    # Bound now: `ids` is taken again below for the Hugging Face-sized models.
    results["BM_ShippedSentiment"] = lambda ids=ids, kpm=kpm: tc(ids, key_padding_mask=kpm)
    s2s, cfg = load(Seq2SeqAttention, "translation-en-es")
    src = vocab_ids(os.path.join(MODELS, "translation-en-es", "src_vocab.txt"), ["i", "am", "cold", "."],
                    cfg["unk_id"]) + [cfg["eos_id"]]
    results["BM_ShippedTranslation"] = lambda: s2s.greedy(src)
    vit, cfg = load(ViT, "vit-fashion-mnist")
    img = torch.tensor([float(i % 7) / 7.0 for i in range(28 * 28)]).view(1, 1, 28, 28)
    mean = torch.tensor(cfg["mean"]).view(1, -1, 1, 1)
    std = torch.tensor(cfg["std"]).view(1, -1, 1, 1)
    results["BM_ShippedVit"] = lambda: vit((img - mean) / std)

    if selected("BM_HfBertBase/128") or selected("BM_HfBertBase/512"):
        bert = hfm.BertBase()
        for n in (128, 512):
            ids = hfm.token_ids(n, hfm.BERT["vocab"])
            results[f"BM_HfBertBase/{n}"] = lambda ids=ids: bert(ids)
    if selected("BM_HfLlamaDecode"):
        llama = hfm.LlamaSmall()
        prompt = hfm.token_ids(hfm.PROMPT, hfm.LLAMA["vocab"])
        results["BM_HfLlamaDecode"] = lambda: llama.generate(prompt)

    out = {}
    with torch.no_grad():
        for name, fn in results.items():
            if not selected(name):
                continue
            runs = sorted(measure(fn) for _ in range(ARGS.repetitions))
            out[name] = runs[len(runs) // 2]
            SPREAD[("torch", name)] = spread(runs)
    return out


SPREAD = {}  # (side, benchmark) -> (slowest - fastest) / median of the single runs


def spread(runs):
    runs = sorted(runs)
    mid = runs[len(runs) // 2]
    return (runs[-1] - runs[0]) / mid if mid else float("nan")


def kept_bytes(name):
    """Weights plus the attention maps the benchmark keeps, float32."""
    if name.startswith("BM_HfBertBase/"):
        n, c = int(name.split("/")[1]), hfm.BERT
        d, ff = c["hidden"], c["intermediate"]
        weights = (c["vocab"] + c["positions"] + c["types"]) * d + 2 * d + c["layers"] * (
            4 * d * d + 4 * d + 2 * d * ff + ff + d + 4 * d)
        return 4 * weights, 4 * c["layers"] * c["heads"] * n * n
    c = hfm.LLAMA
    d, hd, ff = c["hidden"], c["hidden"] // c["heads"], c["intermediate"]
    weights = 2 * c["vocab"] * d + d + c["layers"] * (
        2 * d * c["heads"] * hd + 2 * d * c["kv_heads"] * hd + 3 * d * ff + 2 * d)
    rows = hfm.PROMPT * hfm.PROMPT + sum(hfm.PROMPT + k for k in range(1, hfm.NEW_TOKENS))
    return 4 * weights, 4 * c["layers"] * c["heads"] * rows


def vm_hwm_mib():
    """This process's peak resident memory (VmHWM: per address space, so fresh after exec)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    return float("nan")


def memory_probe(name):
    """Child mode: print the peak after `import torch` and after building and running the PyTorch peer of
    `name` once, as JSON on stdout."""
    idle = vm_hwm_mib()
    with torch.no_grad():
        if name.startswith("BM_HfBertBase/"):
            hfm.BertBase()(hfm.token_ids(int(name.split("/")[1]), hfm.BERT["vocab"]))
        else:
            hfm.LlamaSmall().generate(hfm.token_ids(hfm.PROMPT, hfm.LLAMA["vocab"]))
    print(json.dumps({"idle_mib": idle, "peak_mib": vm_hwm_mib()}))


def memory_table(names):
    """Each benchmark in a fresh process per side; VmHWM read inside that process (attnviz_bench: the
    counter peak_rss_MiB; PyTorch: --memory-probe, minus the peak right after `import torch`)."""
    me = [sys.executable, os.path.abspath(__file__), "--threads", str(ARGS.threads), "--memory-probe"]
    if ARGS.allow_reference_blas:
        me.insert(2, "--allow-reference-blas")
    print("\npeak resident memory, MiB (PyTorch: minus its peak right after `import torch`)")
    print(f"{'benchmark':22s} {'weights+maps':>13s} {'attnviz':>9s} {'ratio':>6s} {'torch':>9s} {'ratio':>6s}")
    rows = []
    for name in names:
        w, m = kept_bytes(name)
        need = (w + m) / 2**20
        out = subprocess.run([ARGS.bench, f"--benchmark_filter=^{name}$", "--benchmark_min_time=0.01",
                              "--benchmark_format=json"], check=True, stdout=subprocess.PIPE, text=True).stdout
        cpp = json.loads(out)["benchmarks"][0]["peak_rss_MiB"]
        probe = json.loads(subprocess.run(me + [name], check=True, stdout=subprocess.PIPE,
                                          text=True).stdout.strip().splitlines()[-1])
        py = probe["peak_mib"] - probe["idle_mib"]
        rows.append({"name": name, "weights_mib": w / 2**20, "maps_mib": m / 2**20, "attnviz_peak_mib": cpp,
                     "torch_peak_mib": py, "torch_idle_mib": probe["idle_mib"]})
        print(f"{name:22s} {need:13.0f} {cpp:9.0f} {cpp / need:6.2f} {py:9.0f} {py / need:6.2f}")
    return rows


def cpp_side():
    """attnviz microseconds per benchmark (CPU time with one thread, wall clock with more): the median of
    the repetitions."""
    if ARGS.bench:
        cmd = [ARGS.bench, "--benchmark_format=json", f"--benchmark_filter={ARGS.filter}",
               f"--benchmark_repetitions={ARGS.repetitions}"]
        env = dict(os.environ, ATTNVIZ_THREADS=str(ARGS.threads))
        print(f"running: ATTNVIZ_THREADS={ARGS.threads}", " ".join(cmd), flush=True)
        doc = json.loads(subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True, env=env).stdout)
    elif ARGS.cpp:
        with open(ARGS.cpp) as f:
            doc = json.load(f)
    else:
        return {}, {}
    field = "cpu_time" if ARGS.threads == 1 else "real_time"
    plain, median, runs = {}, {}, {}
    for b in doc["benchmarks"]:
        scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}[b.get("time_unit", "ns")]
        t = b[field] * scale
        name = b.get("run_name", b["name"])
        if b.get("run_type", "iteration") == "iteration":
            plain.setdefault(name, t)
            runs.setdefault(name, []).append(t)
        elif b.get("aggregate_name") == "median":
            median[name] = t
    for name, r in runs.items():
        SPREAD[("attnviz", name)] = spread(r)
    return {**plain, **median}, doc.get("context", {})


def main():
    if ARGS.memory_probe:
        memory_probe(ARGS.memory_probe)
        return
    libs = blas_in_use()
    openblas = any("openblas" in p for p in libs)
    print(f"torch {torch.__version__}, threads: torch {torch.get_num_threads()}, "
          f"OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']}")
    print("BLAS mapped after a matmul:", ", ".join(libs) if libs else "(none found)")
    if not openblas:
        msg = ("libblas.so.3 is not OpenBLAS: PyTorch runs on the reference BLAS, ~4x slower, and the "
               "table would flatter attnviz. Install it: cmake/install-deps.sh --bench "
               "(Debian libopenblas0-pthread).")
        if not ARGS.allow_reference_blas:
            sys.exit("bench_torch: " + msg)
        print("WARNING:", msg)
    core = openblas_core(libs)
    peer_isa, peer_floats = core_isa(core)
    pinned = ", ".join(f"{k}={v}" for k, v in PINNED_BY_ENVIRONMENT.items()) or "nothing"
    print(f"PyTorch peer: OpenBLAS core {core or 'unknown'} ({peer_isa}); removed from its environment: {pinned}"
          + ("; pinned to Haswell by --peer-kernels" if ARGS.peer_kernels == "haswell" else ""))
    pattern = re.compile(ARGS.filter)
    cpp, context = cpp_side()
    cpp_isa = context.get("attnviz_isa", "unknown (attnviz_bench without bench_isa.cpp)")
    cpp_floats = int(context["attnviz_vector_floats"]) if "attnviz_vector_floats" in context else None
    header = (f"CPU: {cpu_model()}; attnviz: {cpp_isa}; PyTorch {torch.__version__}: OpenBLAS {core or '?'} "
              f"({peer_isa}); threads: {ARGS.threads} each")
    if context:
        print(f"attnviz_bench: {context.get('num_cpus')} cpus at {context.get('mhz_per_cpu')} MHz, "
              f"{cpp_isa}, assertions {context.get('attnviz_assertions', '?')} "
              f"(Google Benchmark's own library: {context.get('library_build_type')})")
        if cpp_floats is None or peer_floats is None or cpp_floats != peer_floats:
            msg = (f"attnviz uses {cpp_isa} and the peer {peer_isa}: different (or unknown) vector widths. "
                   "Compare like with like: build attnviz_bench with the bench-avx2 preset and pass "
                   "--peer-kernels haswell, or use the bench preset (native) with the native peer.")
            if not ARGS.allow_mixed_widths:
                sys.exit("bench_torch: " + msg + " (--allow-mixed-widths prints the table anyway)")
            print("WARNING:", msg)
    print("PyTorch temporaries:", common.keep_freed_memory_in_heap())
    torch_us = torch_side(lambda name: bool(pattern.search(name)))

    rows = []
    print("\n" + header)
    print(f"{'benchmark':28s} {'torch us':>12s} {'spread':>7s} {'attnviz us':>12s} {'spread':>7s} "
          f"{'torch/attnviz':>14s}")
    nan = float("nan")
    for name, t in torch_us.items():
        c = cpp.get(name)
        ratio = t / c if c else nan
        ts, cs = SPREAD.get(("torch", name), nan), SPREAD.get(("attnviz", name), nan)
        rows.append({"name": name, "torch_us": t, "attnviz_us": c, "ratio": ratio, "torch_spread": ts,
                     "attnviz_spread": cs})
        print(f"{name:28s} {t:12.2f} {ts:7.1%} {c if c is not None else nan:12.2f} {cs:7.1%} {ratio:14.2f}")
    kernel = [r for r in rows if r["name"].startswith("BM_ScaledDotAttention/")]
    if kernel:
        print("\n| n | " + " | ".join(r["name"].split("/")[1] for r in kernel) + " |")
        print("|---|" + "---|" * len(kernel))
        print("| PyTorch / attnviz | " + " | ".join(f"{r['ratio']:.2f}" for r in kernel) + " |")
    memory = []
    if ARGS.memory:
        if not ARGS.bench:
            sys.exit("bench_torch: --memory needs --bench (the attnviz_bench executable)")
        memory = memory_table([n for n in ("BM_HfBertBase/128", "BM_HfBertBase/512", "BM_HfLlamaDecode")
                               if pattern.search(n)])
    if ARGS.json_out:
        with open(ARGS.json_out, "w") as f:
            json.dump({"blas": libs, "openblas_core": core, "peer_isa": peer_isa, "attnviz_isa": cpp_isa,
                       "cpu": cpu_model(), "removed_from_peer_environment": PINNED_BY_ENVIRONMENT,
                       "threads": ARGS.threads, "rows": rows, "memory": memory}, f, indent=1)


if __name__ == "__main__":
    main()
