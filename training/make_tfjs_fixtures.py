"""Writes tests/data/tfjs/tiny/: a small TensorFlow.js weights folder (model.json + shards) with every
kind of tensor attn::tfjs::Weights reads, and expected.json with the values each must read as.

The layout is tfjs-converter's (tfjs-core src/io/types.ts, WeightsManifestConfig; io_utils.ts
decodeWeights): each weightsManifest group's shards, concatenated in "paths" order, hold its weights back
to back in "weights" order, little-endian. Quantised values are q * scale + min, computed in double (as
JavaScript does) and stored as float32; an int32 tensor quantised that way is rounded half up
(Math.round).

Group 0 has two shards split inside a tensor ("dense/kernel" starts in shard 1 and ends in shard 2);
group 1 has one shard.

    /usr/bin/python3 training/make_tfjs_fixtures.py [--out tests/data/tfjs/tiny]
"""

import argparse
import json
import math
import pathlib

import numpy as np


def js_round(x):
    return int(math.floor(x + 0.5))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="tests/data/tfjs/tiny")
    out = pathlib.Path(ap.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(55)

    kernel = rng.standard_normal((2, 3)).astype("<f4")
    shape_const = np.array([-1, 4], dtype="<i4")
    eps = np.array(1e-6, dtype="<f4")
    q8 = np.array([0, 1, 128, 255], dtype="u1")
    q8_scale, q8_min = 0.0123, -0.7
    q16 = np.array([0, 300, 65535], dtype="<u2")
    q16_scale, q16_min = 3.0517578125e-05, 1.25
    qint = np.array([0, 5, 255], dtype="u1")
    qint_scale, qint_min = 0.5, -3.0  # 0 -> -3, 5 -> -0.5 -> 0 (halves up), 255 -> 124.5 -> 125
    bias = rng.standard_normal(3).astype("<f4")

    group0 = [
        ("eps", [], "float32", None, eps.tobytes()),
        ("dense/kernel", [2, 3], "float32", None, kernel.tobytes()),
        ("shape/const", [2], "int32", None, shape_const.tobytes()),
        ("q8", [4], "float32", {"dtype": "uint8", "scale": q8_scale, "min": q8_min}, q8.tobytes()),
        ("q16", [3], "float32", {"dtype": "uint16", "scale": q16_scale, "min": q16_min}, q16.tobytes()),
        ("qint", [3], "int32", {"dtype": "uint8", "scale": qint_scale, "min": qint_min}, qint.tobytes()),
    ]
    group1 = [("bias", [3], "float32", None, bias.tobytes())]

    def entries(group):
        result = []
        for name, shape, dtype, quant, _ in group:
            e = {"name": name, "shape": shape, "dtype": dtype}
            if quant:
                e["quantization"] = quant
            result.append(e)
        return result

    blob0 = b"".join(g[4] for g in group0)
    cut = 4 + 12  # inside dense/kernel (eps is 4 bytes, the kernel 24)
    (out / "group1-shard1of2").write_bytes(blob0[:cut])
    (out / "group1-shard2of2").write_bytes(blob0[cut:])
    (out / "group2-shard1of1").write_bytes(b"".join(g[4] for g in group1))

    model = {
        "format": "graph-model",
        "generatedBy": "training/make_tfjs_fixtures.py",
        "convertedBy": None,
        "modelTopology": {"node": [{"name": "x", "op": "Placeholder"}]},
        "weightsManifest": [
            {"paths": ["group1-shard1of2", "group1-shard2of2"], "weights": entries(group0)},
            {"paths": ["group2-shard1of1"], "weights": entries(group1)},
        ],
    }
    (out / "model.json").write_text(json.dumps(model, indent=1) + "\n")

    def f32(values):
        return [float(np.float32(v)) for v in values]

    expected = {
        "eps": f32([eps]),
        "dense/kernel": f32(kernel.reshape(-1)),
        "shape/const": [int(v) for v in shape_const],
        "q8": f32([float(q) * q8_scale + q8_min for q in q8]),
        "q16": f32([float(q) * q16_scale + q16_min for q in q16]),
        "qint": [js_round(float(q) * qint_scale + qint_min) for q in qint],
        "bias": f32(bias),
        "shard_sizes": [cut, len(blob0) - cut, len(group1[0][4])],
    }
    (out / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(f"wrote {out}: {len(blob0)} + {len(group1[0][4])} bytes of weights")


if __name__ == "__main__":
    main()
