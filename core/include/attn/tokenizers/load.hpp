#pragma once
// Picks the tokenizer of a Hugging Face model directory from the files present:
//   tokenizer.json (WordPiece / BPE models) > vocab.json + merges.txt (GPT-2 byte-level BPE)
//   > tokenizer.model (SentencePiece) > vocab.txt (WordPiece).
// No tokenizer file at all: nullptr (the model then takes token ids only).

#include <attn/hf/hf_config.hpp>
#include <attn/tokenizers/tokenizer.hpp>
#include <filesystem>
#include <memory>

namespace attn::tokenizers {

std::shared_ptr<const Tokenizer> load(const std::filesystem::path& dir, const hf::HfConfig& config);

} // namespace attn::tokenizers
