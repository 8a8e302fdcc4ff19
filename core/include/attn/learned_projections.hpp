#pragma once
// Learned Wq, Wk, Wv for the Walkthrough, from one of two kinds of checkpoint:
//   * "attention_head" (core/src/attention_head_checkpoint.cpp): one trained attention head over
//     frozen GloVe 100d vectors plus the sinusoidal positional encoding — the shipped
//     resources/models/pronoun-head/, trained for pronoun resolution (training/train_pronoun_head.py);
//   * "transformer_classifier": the first attention layer of a classifier whose width equals the
//     word-vector dimension (the shipped sentiment model: d = 100), one head at a time.

#include <attn/attention.hpp>
#include <filesystem>
#include <string>
#include <vector>

namespace attn {

struct LearnedProjections {
    int dModel = 0;
    int headDim = 0;
    std::vector<Projections> heads; // [head]: wq, wk, wv are d_model x head_dim, with biases
    std::string source;             // the checkpoint directory
    std::string architecture;       // config.json "architecture"
    /// The head was trained on word vectors + sinusoidal positions: add them before projecting.
    bool positionalEncoding = false;
};

/// Reads config.json (d_model, n_heads) and `encoder.layers.0.self_attn.in_proj_{weight,bias}` of
/// model.safetensors. PyTorch computes q = x Wq^T + bq with Wq = in_proj_weight rows [0, d); head h
/// uses columns [h dh, (h+1) dh) of q. Throws attn::ConfigError or attn::SafetensorsError naming the file.
LearnedProjections readFirstLayerProjections(const std::filesystem::path& checkpointDir);

/// An "attention_head" checkpoint (docs/checkpoint-format.md):
///   config.json        {"architecture": "attention_head", "d_model": d, "head_dim": dh,
///                       "positional": "sinusoidal" | "none", ...}
///   model.safetensors  q_proj.weight [dh, d], q_proj.bias [dh], k_proj.*, v_proj.* (torch.nn.Linear:
///                      q = x Wq^T + bq), nothing else.
/// Throws std::runtime_error naming the file and the key or tensor on any mismatch or unused tensor.
LearnedProjections readAttentionHead(const std::filesystem::path& checkpointDir);

/// Either of the above, chosen by config.json's "architecture". A Hugging Face directory is refused with
/// why its heads cannot serve (they read the model's own embeddings, not word vectors).
LearnedProjections readLearnedProjections(const std::filesystem::path& checkpointDir);

} // namespace attn
