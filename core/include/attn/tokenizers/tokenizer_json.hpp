#pragma once
// Hugging Face tokenizer.json (the `tokenizers` library's file) for its WordPiece and BPE models:
//   - model WordPiece + BertNormalizer + BertPreTokenizer + BertProcessing/TemplateProcessing
//       -> attn::tokenizers::WordPiece (BERT's rules; lowercase / strip_accents / handle_chinese_chars
//          from the normaliser, unk_token / max_input_chars_per_word from the model)
//   - model BPE + ByteLevel pre-tokenizer (GPT-2, RoBERTa)      -> ByteLevelBpe
//   - model BPE + Sequence[Split(regex or string, any behaviour, invert)..., ByteLevel(use_regex true or
//     false)] (Llama 3, GPT-4-style files; PreTokenizer), ignore_merges -> ByteLevelBpe
//   - model BPE + Metaspace pre-tokenizer, or the Prepend("▁") + Replace(" ", "▁") normaliser
//     (Llama-family files, byte_fallback, fuse_unk)              -> MetaspaceBpe
// added_tokens are split out of the text with their flags (special, single_word, lstrip, rstrip,
// normalized: AddedTokenSplitter) before normalisation and pre-tokenisation; the post-processor's special
// tokens (TemplateProcessing single, BertProcessing, RobertaProcessing, Sequence of them) go around the ids.
// For the Metaspace flavour, tokenizer_config.json's add_bos_token / add_eos_token, when present, replace the
// template's BOS / EOS (as transformers' LlamaTokenizerFast does). Anything else — a Unigram or WordLevel
// model, a normaliser or pre-tokenizer not listed, BPE dropout, a subword prefix on BPE — is a ConfigError
// naming tokenizer.json and the JSON key, never silently approximated.

#include <attn/tokenizers/tokenizer.hpp>
#include <filesystem>
#include <memory>

namespace attn::tokenizers {

/// Reads dir/tokenizer.json (+ dir/tokenizer_config.json).
std::shared_ptr<const Tokenizer> loadTokenizerJson(const std::filesystem::path& dir);

} // namespace attn::tokenizers
