#pragma once
// Picks the tokenizer of a Hugging Face model directory from the files present:
//   tokenizer.json (WordPiece / BPE models), else the family's own file: vocab.json + merges.txt (gpt2),
//   tokenizer.model (llama), vocab.txt (bert); for other families the first of those present.
//   vocab.json without merges.txt (or the reverse) is a ConfigError naming the directory.
// No tokenizer file at all: nullptr (the model then takes token ids only).

#include <attn/hf/hf_config.hpp>
#include <attn/tokenizers/tokenizer.hpp>
#include <filesystem>
#include <memory>

namespace attn::tokenizers {

std::shared_ptr<const Tokenizer> load(const std::filesystem::path& dir, const hf::HfConfig& config);

} // namespace attn::tokenizers
