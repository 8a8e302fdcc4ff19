#!/usr/bin/env python3
"""Writes a random-weight Llama-style Hugging Face directory for long-context measurements (issue 56).

    /usr/bin/python3 training/make_long_context_llama.py OUT_DIR [--seed 56] [--layers 8] [--heads 8]
        [--hidden 512] [--intermediate 1376] [--vocab 512] [--max-positions 32768]

OUT_DIR receives config.json and model.safetensors (F32) in the layout core's Hugging Face loader reads
(attn/hf/load.hpp, attn/hf/llama.hpp: model.embed_tokens.weight, model.layers.N.self_attn.{q,k,v,o}_proj,
mlp.{gate,up,down}_proj, input_layernorm / post_attention_layernorm, model.norm, lm_head; the names of
transformers' LlamaForCausalLM). Defaults: 8 layers x 8 heads, hidden 512 (head width 64), vocabulary 512,
rotary positions (rope_theta 10000), max_position_embeddings 32,768, untied head.

The default model is about 100 MB of F32 weights: it is NOT committed. Generate it where you measure
(`attnviz inspect --model OUT_DIR --long-context ...`). The benchmarks (tests/bench/bench_long_context.cpp)
build the same shapes in memory and the tests use tiny models built in C++, so neither needs this file.

Weights: normal with standard deviation 0.05 (embeddings 1.0, norm weights 1), from numpy's
default_rng(seed), so a seed gives the same directory on any machine. No tokenizer: prompts are token ids.
"""

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnviz.safetensors import save_file  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="directory to write (created if missing)")
    ap.add_argument("--seed", type=int, default=56)
    ap.add_argument("--layers", type=int, default=8)
    ap.add_argument("--heads", type=int, default=8)
    ap.add_argument("--hidden", type=int, default=512)
    ap.add_argument("--intermediate", type=int, default=1376)
    ap.add_argument("--vocab", type=int, default=512)
    ap.add_argument("--max-positions", type=int, default=32768)
    a = ap.parse_args()
    if a.hidden % a.heads != 0 or (a.hidden // a.heads) % 2 != 0:
        ap.error(f"--hidden {a.hidden} must split into --heads {a.heads} heads of an even width (rotary)")

    cfg = {
        "model_type": "llama",
        "architectures": ["LlamaForCausalLM"],
        "vocab_size": a.vocab,
        "hidden_size": a.hidden,
        "intermediate_size": a.intermediate,
        "num_hidden_layers": a.layers,
        "num_attention_heads": a.heads,
        "num_key_value_heads": a.heads,
        "max_position_embeddings": a.max_positions,
        "rms_norm_eps": 1e-6,
        "rope_theta": 10000.0,
        "rope_scaling": None,
        "hidden_act": "silu",
        "attention_bias": False,
        "mlp_bias": False,
        "tie_word_embeddings": False,
        "bos_token_id": 1,
        "eos_token_id": 2,
        "torch_dtype": "float32",
    }
    rng = np.random.default_rng(a.seed)
    d, inner, vocab = a.hidden, a.intermediate, a.vocab

    def normal(*shape, std=0.05):
        return (rng.standard_normal(shape) * std).astype(np.float32)

    sd = {"model.embed_tokens.weight": normal(vocab, d, std=1.0)}
    for layer in range(a.layers):
        p = f"model.layers.{layer}."
        for n in ("q_proj", "k_proj", "v_proj", "o_proj"):
            sd[p + "self_attn." + n + ".weight"] = normal(d, d)
        sd[p + "mlp.gate_proj.weight"] = normal(inner, d)
        sd[p + "mlp.up_proj.weight"] = normal(inner, d)
        sd[p + "mlp.down_proj.weight"] = normal(d, inner)
        sd[p + "input_layernorm.weight"] = np.ones(d, np.float32)
        sd[p + "post_attention_layernorm.weight"] = np.ones(d, np.float32)
    sd["model.norm.weight"] = np.ones(d, np.float32)
    sd["lm_head.weight"] = normal(vocab, d)

    os.makedirs(a.out, exist_ok=True)
    save_file(sd, os.path.join(a.out, "model.safetensors"), metadata={"format": "pt"})
    with open(os.path.join(a.out, "config.json"), "w") as f:
        json.dump(cfg, f, indent=1)
        f.write("\n")
    size = sum(t.nbytes for t in sd.values())
    print(f"wrote {a.out}: {len(sd)} tensors, {size / 1e6:.1f} MB of F32 weights")


if __name__ == "__main__":
    main()
