#pragma once
// Opening a Hugging Face model directory (config.json with `model_type`, model.safetensors or a sharded
// index, tokenizer files). attnviz's own checkpoint layout (config.json with `architecture`) stays with
// attn::loadModel; isHfDirectory tells the two apart.
//
//   auto model = attn::hf::loadModel(dir);
//   if (auto* lm = dynamic_cast<const attn::hf::CausalLm*>(model.get())) lm->forward(ids);

#include <attn/hf/model.hpp>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace attn::hf {

/// True when dir/config.json exists and has a `model_type` key and no attnviz `architecture` key.
bool isHfDirectory(const std::filesystem::path& dir);

/// The model_type values loadModel understands.
const std::vector<std::string>& supportedModelTypes();

/// Loads config, weights (every tensor accounted for) and tokenizer (when the directory has one).
/// Throws ConfigError / CheckpointError / SafetensorsError naming the file.
std::shared_ptr<const HfModel> loadModel(const std::filesystem::path& dir);

} // namespace attn::hf
