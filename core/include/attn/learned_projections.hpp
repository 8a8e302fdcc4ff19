#pragma once
// Learned Wq, Wk, Wv for the Walkthrough: the first attention layer of a transformer_classifier
// checkpoint whose width equals the word-vector dimension (the shipped sentiment model: d = 100,
// embeddings frozen to GloVe 100d), one head at a time.

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
};

/// Reads config.json (d_model, n_heads) and `encoder.layers.0.self_attn.in_proj_{weight,bias}` of
/// model.safetensors. PyTorch computes q = x Wq^T + bq with Wq = in_proj_weight rows [0, d); head h
/// uses columns [h dh, (h+1) dh) of q. Throws attn::ConfigError or attn::SafetensorsError naming the file.
LearnedProjections readFirstLayerProjections(const std::filesystem::path& checkpointDir);

} // namespace attn
