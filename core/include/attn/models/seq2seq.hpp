#pragma once
// architecture "seq2seq_attention": see training/attnviz/models.py Seq2SeqAttention (the PyTorch
// tutorial "NLP From Scratch: Translation with a Sequence to Sequence Network and Attention").

#include <attn/layers/gru.hpp>
#include <attn/layers/linear.hpp>
#include <attn/models/model.hpp>
#include <attn/models/vocabulary.hpp>
#include <string_view>

namespace attn {

class Seq2SeqModel : public Model {
public:
    Seq2SeqModel(Seq2SeqConfig config, Vocabulary src, Vocabulary tgt, WeightLoader& weights);

    Architecture architecture() const override { return Architecture::Seq2SeqAttention; }
    const std::vector<std::string>& labels() const override { return noLabels_; }
    const Seq2SeqConfig& settings() const { return config_; }
    const Vocabulary& sourceVocabulary() const { return src_; }
    const Vocabulary& targetVocabulary() const { return tgt_; }

    static constexpr int kDefaultTopK = 5;

    /// Tokenises with attn::tokenize, unknown words -> unk_token, appends eos_token when configured,
    /// then decodes greedily until eos_token or maxLen steps (0 = config max_len). At every step the
    /// result keeps the topK most probable next tokens (softmax of decoder.out; topK >= 1) and the
    /// decoder's hidden state. An empty text (no tokens) gives an empty result: no source tokens, no
    /// output, empty matrices.
    TranslationResult translate(std::string_view text, int maxLen = 0, int topK = kDefaultTopK) const;
    /// Same from words already split (eos is appended here when configured).
    TranslationResult translateWords(const std::vector<std::string>& words, int maxLen = 0,
                                     int topK = kDefaultTopK) const;

private:
    Seq2SeqConfig config_;
    Vocabulary src_, tgt_;
    int sosId_ = -1, eosSrcId_ = -1, eosTgtId_ = -1, unkId_ = -1;
    int unkTgtId_ = -1;           // unk_token in tgt_vocab.txt, -1 when it has none
    Matrix encEmbedding_;         // src_vocab x H
    layers::Gru encGru_;          // H -> H
    Matrix decEmbedding_;         // tgt_vocab x H
    layers::Linear wa_, ua_, va_; // additive only: H -> H, H -> H, H -> 1
    layers::Gru decGru_;          // 2H -> H (additive, dot) or H -> H (none)
    layers::Linear out_;          // H -> tgt_vocab
    std::vector<std::string> noLabels_;
};

} // namespace attn
