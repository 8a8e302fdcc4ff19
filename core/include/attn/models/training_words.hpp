#pragma once
// src_train_words.txt beside a seq2seq checkpoint (optional): the source words the model's training data
// contained, one per line, as attn::tokenize cuts the training sources (lower case, punctuation apart).
// Written by training/prepare_translation.py. With it, a translation flags the source words the model
// never saw in training (TranslationResult::sourceWordUnseen): it still translates them (a
// SentencePiece model cuts them into pieces it knows), but what it outputs for them is a guess. Without
// it nothing is flagged: the pieces alone do not say which words training contained.
//
// The file: UTF-8, "\n" or "\r\n" line ends, one word per line without spaces or tabs, no empty line
// (a final line end is fine), at most kMaxTrainingWordBytes bytes per word and kMaxTrainingWordsFileBytes
// bytes in all. Anything else is an attn::ConfigError (attn/config.hpp) naming the file and the line.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <unordered_set>

namespace attn {

inline constexpr const char* kTrainingWordsFile = "src_train_words.txt";
inline constexpr std::uintmax_t kMaxTrainingWordsFileBytes = std::uintmax_t{32} << 20; // 32 MiB
inline constexpr std::size_t kMaxTrainingWordBytes = 200;

struct TrainingWords {
    std::unordered_set<std::string> words;
    bool contains(const std::string& word) const { return words.count(word) > 0; }
};

/// dir/src_train_words.txt, or nullopt when the directory has none.
std::optional<TrainingWords> readTrainingWords(const std::filesystem::path& dir);

} // namespace attn
