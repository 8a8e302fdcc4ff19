"""Independent numpy reference for the head metrics of core/include/attn/analysis/head_metrics.hpp.

    /usr/bin/python3 training/make_head_metrics_reference.py    # writes tests/data/analysis/head_metrics.json

Reads attention maps already committed as parity fixtures (computed by PyTorch):
  tc_pre_gelu_cls_learned  attnviz classifier, [CLS] at 0, one input padded to 9 (pads excluded)
  tc_post_gelu_mean_learned attnviz classifier, mean pooling (no [CLS]), one input padded to 9
  bert_tiny                Hugging Face BERT: [CLS] at 0, [SEP] last
  vit_tiny                 Hugging Face ViT 32 x 32, patch 8: [CLS] then a 4 x 4 patch grid
  llama_gqa                Hugging Face Llama, causal, 9 positions (also the induction formula, L = 4)
and writes, per group of inputs, the layout it used and per layer and head the sum and the number of
counted rows of every metric, and the top 3 examples (input, position, value) per metric. The C++ test
(tests/core/test_head_metrics.cpp) reads the same maps from the fixtures and compares.

The formulas are written here from the header's text, vectorised over rows, not ported from the C++.
"""

import json
import os

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data")


def load(*parts):
    with open(os.path.join(DATA, *parts), encoding="utf-8") as f:
        return json.load(f)


def metrics_of(a, real, cls=None, sep=(), grid=None):
    """a: T x T map (float32 as the engine holds it), real: T booleans. Returns {metric: (values, rows)}
    with values the per-counted-row figures and rows their query positions."""
    a = np.asarray(a, dtype=np.float32).astype(np.float64)
    T = a.shape[0]
    real = np.asarray(real, dtype=bool)
    q = np.arange(T)
    counted = (q >= 1) & real
    rows = q[counted]
    out = {}
    out["sink"] = (a[rows, 0], rows)
    out["previous"] = (a[rows, rows - 1], rows)
    out["self"] = (a[rows, rows], rows)
    if cls is not None and real[cls]:
        out["cls"] = (a[rows, cls], rows)
    sep = [s for s in sep if real[s]]
    if sep:
        out["sep"] = (a[np.ix_(rows, sep)].sum(axis=1), rows)
    keys = a[np.ix_(rows, np.flatnonzero(real))]
    with np.errstate(divide="ignore", invalid="ignore"):
        plogp = np.where(keys > 0, keys * np.log(np.where(keys > 0, keys, 1.0)), 0.0)
    out["entropy"] = (-plogp.sum(axis=1), rows)
    if grid is None:
        dist = np.abs(rows[:, None] - np.flatnonzero(real)[None, :])
        out["distance"] = ((keys * dist).sum(axis=1), rows)
    else:
        width, start = grid
        patch_rows = rows[rows >= start]
        patch_keys = np.flatnonzero(real & (q >= start))
        pq = patch_rows - start
        pk = patch_keys - start
        dy = (pq // width)[:, None] - (pk // width)[None, :]
        dx = (pq % width)[:, None] - (pk % width)[None, :]
        d = np.sqrt(dy * dy + dx * dx)
        w = a[np.ix_(patch_rows, patch_keys)]
        out["distance"] = ((w * d).sum(axis=1) / w.sum(axis=1), patch_rows)
    return out


def induction_rows(a, L):
    a = np.asarray(a, dtype=np.float32).astype(np.float64)
    i = np.arange(L + 1, 2 * L + 1)
    return a[i, i - L + 1]


EXAMPLE_METRICS = ["sink", "previous", "self", "cls", "sep", "distance"]
ALL_METRICS = ["sink", "previous", "self", "cls", "sep", "entropy", "distance", "induction"]


def survey(inputs, induction=None, top=3):
    """inputs: list of (stack [layer][head] T x T, layout dict). Returns per layer, per head, per metric
    {sum, rows, mean, top}."""
    layers = len(inputs[0][0])
    heads = len(inputs[0][0][0])
    result = []
    for l in range(layers):
        per_head = []
        for h in range(heads):
            acc = {m: {"sum": 0.0, "rows": 0, "best": []} for m in ALL_METRICS}
            for n, (stack, layout) in enumerate(inputs):
                grid = (layout["grid_width"], layout["grid_start"]) if layout.get("grid_width") else None
                figs = metrics_of(stack[l][h], layout["real"], layout.get("cls"), layout.get("sep", []), grid)
                for m, (vals, rows) in figs.items():
                    acc[m]["sum"] += float(vals.sum())
                    acc[m]["rows"] += int(len(vals))
                    if m in EXAMPLE_METRICS and len(vals):
                        # the input's strongest row; ties: the lower position
                        k = int(np.lexsort((rows, -vals))[0])
                        acc[m]["best"].append((float(vals[k]), n, int(rows[k])))
            if induction is not None:
                stack, L = induction
                vals = induction_rows(stack[l][h], L)
                acc["induction"]["sum"] += float(vals.sum())
                acc["induction"]["rows"] += L
            cell = {}
            for m in ALL_METRICS:
                s, r = acc[m]["sum"], acc[m]["rows"]
                best = sorted(acc[m]["best"], key=lambda e: (-e[0], e[1], e[2]))[:top]
                cell[m] = {"sum": s, "rows": r, "mean": (s / r if r else None),
                           "top": [{"input": e[1], "position": e[2], "value": e[0]} for e in best]}
            per_head.append(cell)
        result.append(per_head)
    return result


def tc_group(name, cls):
    exp = load("parity", name, "expected.json")
    cfg = load("parity", name, "config.json")
    inputs = []
    for case in exp["cases"]:
        ids = case["ids"]
        real = [i != cfg["pad_id"] for i in ids] if case["pad_to"] else [True] * len(ids)
        layout = {"real": real, "cls": 0 if cls else None, "sep": []}
        inputs.append((case["attention"], layout))
    return {"fixture": "parity/%s/expected.json" % name, "maps": "cases[*].attention",
            "layouts": [lay for _, lay in inputs], "heads": survey(inputs)}


def bert_group():
    exp = load("hf", "bert-tiny", "expected.json")
    sep_id, cls_id = 38, 39  # vocab.txt lines [SEP], [CLS]
    inputs = []
    for case in exp["cases"]:
        ids = case["ids"]
        layout = {"real": [True] * len(ids), "cls": ids.index(cls_id),
                  "sep": [i for i, t in enumerate(ids) if t == sep_id]}
        inputs.append((case["attention"], layout))
    return {"fixture": "hf/bert-tiny/expected.json", "maps": "cases[*].attention",
            "layouts": [lay for _, lay in inputs], "heads": survey(inputs)}


def vit_group():
    exp = load("hf", "vit-tiny", "expected.json")
    cfg = load("hf", "vit-tiny", "config.json")
    side = cfg["image_size"] // cfg["patch_size"]
    T = 1 + side * side
    layout = {"real": [True] * T, "cls": 0, "sep": [], "grid_width": side, "grid_start": 1}
    return {"fixture": "hf/vit-tiny/expected.json", "maps": "attention",
            "layouts": [layout], "heads": survey([(exp["attention"], layout)])}


def llama_group():
    exp = load("hf", "llama-gqa", "expected.json")
    T = len(exp["ids"])
    layout = {"real": [True] * T, "cls": None, "sep": []}
    L = (T - 1) // 2
    return {"fixture": "hf/llama-gqa/expected.json", "maps": "attention", "induction_run": L,
            "layouts": [layout], "heads": survey([(exp["attention"], layout)], induction=(exp["attention"], L))}


def main():
    out = {
        "about": "numpy reference for core/include/attn/analysis/head_metrics.hpp, written by "
                 "training/make_head_metrics_reference.py from the maps of the named fixtures",
        "groups": {
            "tc_pre_gelu_cls_learned": tc_group("tc_pre_gelu_cls_learned", cls=True),
            "tc_post_gelu_mean_learned": tc_group("tc_post_gelu_mean_learned", cls=False),
            "bert_tiny": bert_group(),
            "vit_tiny": vit_group(),
            "llama_gqa": llama_group(),
        },
    }
    path = os.path.join(DATA, "analysis", "head_metrics.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print("wrote", os.path.relpath(path, ROOT))


if __name__ == "__main__":
    main()
