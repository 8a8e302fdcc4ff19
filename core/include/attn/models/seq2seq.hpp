#pragma once
// architecture "seq2seq_attention": see training/attnviz/models.py Seq2SeqAttention (the PyTorch
// tutorial "NLP From Scratch: Translation with a Sequence to Sequence Network and Attention"), with
// num_layers stacked GRU layers on each side and, optionally, SentencePiece pieces instead of words.
//
//   encoder: x_s = E_src[id_s]; layer 1 runs over x, layer k over layer k-1's outputs      (S x H each)
//   decoder: h^k_0 = encoder layer k's last state; at step t, with the previous token y:
//            additive: a_t = softmax_s(Va . tanh(Wa h^L_{t-1} + Ua enc_s) + b_Va)      (enc = top layer)
//            dot:      a_t = softmax_s(h^L_{t-1} . enc_s / sqrt(H))
//            input = [E_tgt[y] ; a_t enc]  (none: relu(E_tgt[y]))
//            h^1_t = GRU_1(input, h^1_{t-1}), h^k_t = GRU_k(h^{k-1}_t, h^k_{t-1}); logits = out(h^L_t)

#include <attn/layers/gru.hpp>
#include <attn/layers/linear.hpp>
#include <attn/models/model.hpp>
#include <attn/models/training_words.hpp>
#include <attn/models/vocabulary.hpp>
#include <memory>
#include <optional>
#include <string_view>

namespace attn {

namespace tokenizers {
class SentencePiece;
}

class Seq2SeqModel : public Model {
public:
    /// A word model (config tokenizer "words").
    Seq2SeqModel(Seq2SeqConfig config, Vocabulary src, Vocabulary tgt, WeightLoader& weights);
    /// A SentencePiece model: `srcPieces` / `tgtPieces` cut the text; the vocabularies must list their
    /// pieces in id order (a ConfigError names the first line that differs).
    Seq2SeqModel(Seq2SeqConfig config, Vocabulary src, Vocabulary tgt, WeightLoader& weights,
                 std::shared_ptr<const tokenizers::SentencePiece> srcPieces,
                 std::shared_ptr<const tokenizers::SentencePiece> tgtPieces);
    ~Seq2SeqModel() override;

    Architecture architecture() const override { return Architecture::Seq2SeqAttention; }
    const std::vector<std::string>& labels() const override { return noLabels_; }
    const Seq2SeqConfig& settings() const { return config_; }
    const Vocabulary& sourceVocabulary() const { return src_; }
    const Vocabulary& targetVocabulary() const { return tgt_; }

    static constexpr int kDefaultTopK = 5;

    /// The source words of the training data (src_train_words.txt; nullopt: the model ships none).
    /// loadModel sets it once, before the model is shared.
    void setTrainingWords(std::optional<TrainingWords> words) { trainingWords_ = std::move(words); }
    const std::optional<TrainingWords>& trainingWords() const { return trainingWords_; }

    /// Tokenises with attn::tokenize; a word model maps unknown words to unk_token, a SentencePiece
    /// model cuts the words (joined by spaces) into pieces; appends eos_token when configured, then
    /// decodes greedily until eos_token or maxLen steps (0 = config max_len). At every step the result
    /// keeps the topK most probable next tokens (softmax of decoder.out; topK >= 1) and the decoder's
    /// top-layer hidden state. An empty text (no tokens) gives an empty result: no source tokens, no
    /// output, empty matrices.
    /// beamWidth > 1: beam search of that many hypotheses chooses the output (as
    /// training/attnviz/models.py Seq2SeqAttention.beam: a hypothesis ends at eos, the score is its
    /// log-probability divided by its length, eos counted); the result then describes the decoding of
    /// that output step by step, so a step's chosen token need not be its most probable candidate.
    TranslationResult translate(std::string_view text, int maxLen = 0, int topK = kDefaultTopK,
                                int beamWidth = 1) const;
    /// The words `translate` and `translateForced` read: attn::tokenize, then src_sentence_end when
    /// configured and the text's last character is not ".", "!" or "?" (prepare_translation.py's rule for
    /// the training sources; nothing for a text without words).
    std::vector<std::string> sourceWords(std::string_view text) const;
    /// Same from words already split (eos is appended here when configured; src_sentence_end is not).
    TranslationResult translateWords(const std::vector<std::string>& words, int maxLen = 0,
                                     int topK = kDefaultTopK, int beamWidth = 1) const;
    /// Teacher forcing: decodes `text` feeding the decoder the target ids `forced` (each checked against
    /// tgt_vocab) instead of its own choices, one per step. A step's candidates stay the model's own top-k;
    /// outputProbabilities holds the forced token's probability. After the forced tokens (unless one is
    /// eos) decoding goes on greedily when `continueGreedily`, else it stops; result.forcedSteps counts
    /// the forced outputs. (PyTorch: Seq2SeqAttention.forward with a target; greedy with a prefix.)
    TranslationResult translateForced(std::string_view text, const std::vector<int>& forced,
                                      bool continueGreedily, int maxLen = 0, int topK = kDefaultTopK) const;
    /// The target ids of a translation typed in the target language, cut as the held-out references are
    /// scored: attn::tokenize (lower case, punctuation apart), the words joined by spaces and cut into
    /// pieces (SentencePiece) or looked up (words: unk_token for a word the model does not know; a
    /// std::invalid_argument naming the word when it has no unk_token), then eos_token. Empty for a text
    /// without words.
    std::vector<int> targetIds(std::string_view translation) const;

private:
    /// translateWords, with `forced` (not null) given as the first outputs (translateForced).
    TranslationResult decode(const std::vector<std::string>& words, int maxLen, int topK, int beamWidth,
                             const std::vector<int>* forced, bool continueGreedily) const;
    void encodeSource(const std::vector<std::string>& words, TranslationResult& r) const;
    /// One decoder step from `token` (output step `outputStep`, counted from 1, for the error message):
    /// updates the per-layer states `h` (L x H) and returns the logits (tgt_vocab); with attention,
    /// `weights` (1 x S) receives the step's attention when not null.
    Vector decodeStep(int token, int outputStep, std::vector<Vector>& h, const Matrix& enc,
                      const Matrix& keysProj, RowVector* weights) const;
    /// The output ids beam search of `width` chooses (eos last when reached) from the decoder's initial
    /// states h0, within `steps` steps; `beamSteps` receives the hypotheses kept at each step
    /// (TranslationResult::beamSteps, `chosen` not yet set).
    std::vector<int> beamSearch(const std::vector<Vector>& h0, const Matrix& enc, const Matrix& keysProj,
                                int width, int steps,
                                std::vector<std::vector<BeamHypothesis>>& beamSteps) const;

    Seq2SeqConfig config_;
    Vocabulary src_, tgt_;
    std::shared_ptr<const tokenizers::SentencePiece> srcPieces_, tgtPieces_; // SentencePiece models only
    int sosId_ = -1, eosSrcId_ = -1, eosTgtId_ = -1, unkId_ = -1;
    int unkTgtId_ = -1;               // unk_token in tgt_vocab.txt, -1 when it has none
    Matrix encEmbedding_;             // src_vocab x H
    std::vector<layers::Gru> encGru_; // num_layers: H -> H each
    Matrix decEmbedding_;             // tgt_vocab x H
    layers::Linear wa_, ua_, va_;     // additive only: H -> H, H -> H, H -> 1
    std::vector<layers::Gru> decGru_; // num_layers: the first 2H -> H (additive, dot) or H -> H (none),
                                      // the others H -> H
    layers::Linear out_;              // H -> tgt_vocab
    std::vector<std::string> noLabels_;
    std::optional<TrainingWords> trainingWords_;
};

} // namespace attn
