#pragma once
// Base of the three checkpoint models. A loaded model is immutable: its forward functions are const
// and safe to call from several threads at once.

#include <attn/config.hpp>
#include <attn/matrix.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace attn {

class Model {
public:
    virtual ~Model() = default;
    virtual Architecture architecture() const = 0;
    /// Class names (index -> name) for classifiers; empty for seq2seq.
    virtual const std::vector<std::string>& labels() const = 0;

    const nlohmann::json& config() const { return configJson_; }
    const std::filesystem::path& directory() const { return directory_; }

protected:
    nlohmann::json configJson_;
    std::filesystem::path directory_;
    friend class ModelLoaderAccess;
};

/// Internal: lets loadModel() set the fields above.
class ModelLoaderAccess {
public:
    static void set(Model& m, nlohmann::json config, std::filesystem::path dir) {
        m.configJson_ = std::move(config);
        m.directory_ = std::move(dir);
    }
};

/// Output of a classifier (transformer_classifier or vit).
struct ClassifierResult {
    /// Labels of the sequence positions that index the attention maps: tokens as typed (the model saw
    /// unk_token where `ids` holds the unk id), cls_token / pad_token for those; for vit "[CLS]" then
    /// "r{row}c{col}" per patch, row by row.
    std::vector<std::string> tokens;
    std::vector<int> ids;             // vocabulary ids (text models); empty for vit
    std::vector<float> logits;        // n_labels
    std::vector<float> probabilities; // softmax(logits)
    int predicted = -1;               // argmax
    std::string predictedLabel;
    AttentionStack attention;             // [layer][head] T x T, rows = queries
    std::vector<std::uint8_t> keyAllowed; // T, 1 = real position, 0 = padding (masked as key)
    std::vector<std::string> warnings;    // e.g. input truncated to max_len
};

/// One of the decoder's most probable next tokens at a decoding step.
struct DecodeCandidate {
    int id = -1;             // target vocabulary id
    std::string token;       // tgt_vocab.txt entry
    float probability = 0.f; // softmax(decoder.out logits)[id], over the whole target vocabulary
};

/// A partial translation of beam search (or greedy decoding, a beam of one) after a decoding step.
struct BeamHypothesis {
    std::vector<int> ids;            // target ids so far, the step's token last
    std::vector<std::string> tokens; // their tgt_vocab.txt entries
    double logProbability = 0.0;     // sum of the log-probabilities of ids (natural log)
    double score = 0.0;              // logProbability / ids.size(): the rule that picks the output
    bool finished = false;           // the step's token is eos: the hypothesis left the beam, done
    bool chosen = false;             // a prefix of the output the search chose (outputIds)
};

/// Output of seq2seq translation with greedy decoding.
struct TranslationResult {
    /// As the encoder saw them (eos appended when configured): whole words, or for a SentencePiece
    /// model its pieces verbatim ("▁" = U+2581 starts a word: "▁compr", "é").
    std::vector<std::string> sourceTokens;
    std::vector<int> sourceIds;
    std::vector<std::string> outputTokens; // one per decoding step (the final eos included when reached)
    std::vector<int> outputIds;
    /// The words the tokens spell: a word model's tokens themselves; a SentencePiece model's pieces
    /// joined ("▁compr" + "é" -> "compré"). eos is not a word.
    std::vector<std::string> sourceWords, outputWords;
    /// Per token, the index of its word in sourceWords / outputWords; -1 for eos.
    std::vector<int> sourceWordOf, outputWordOf;
    bool pieces = false; ///< true when the tokens are SentencePiece pieces
    Matrix logits;       // steps x tgt_vocab, decoder.out before softmax
    Matrix alignment;    // steps x source; empty when attention is "none"
    /// Per step, the top-k next tokens (k = translateWords' topK, default 5), most probable first; with
    /// greedy decoding the first is the one chosen (outputIds[step]), with beam search not always.
    std::vector<std::vector<DecodeCandidate>> candidates;
    Matrix encoderStates; // source x H: the top encoder GRU layer's output per source token; the last
                          // row is the decoder's initial top-layer state (without attention: the one
                          // context vector; with several layers each layer starts from its own)
    Matrix decoderStates; // steps x H: the decoder's top-layer hidden state after each step
    std::vector<std::uint8_t> sourceUnknown; // per source token: 1 when it was mapped to unk_token
    std::vector<std::uint8_t> outputUnknown; // per output token: 1 when it is the target's unk_token
    /// Per source word (sourceWords): 1 when the model ships its training words (src_train_words.txt,
    /// attn/models/training_words.hpp) and the word is not among them; empty when it ships none.
    std::vector<std::uint8_t> sourceWordUnseen;
    bool hasAttention = false;
    int beamWidth = 1; ///< 1: greedy decoding; more: beam search of that width chose the output
    /// Per decoding step, the hypotheses the search kept after it, best log-probability first: the
    /// beamWidth that go on (fewer when the search ran out) and, in their rank among them, those that
    /// ended at eos at this step (finished). Steps run as far as the search did, which can be beyond the
    /// chosen output. Greedy decoding: one hypothesis per step, the output so far. Empty for a forced
    /// translation (translateForced).
    std::vector<std::vector<BeamHypothesis>> beamSteps;
    /// The first forcedSteps outputs were given to the decoder (Seq2SeqModel::translateForced), not
    /// chosen by it; 0 for a translation of the model's own.
    int forcedSteps = 0;
    /// Per output token, its probability at its step (softmax of that step's logits).
    std::vector<float> outputProbabilities;
    std::vector<std::string> warnings;
};

/// The output as text: the output words joined by single spaces (eos is not a word).
std::string outputText(const TranslationResult& r);

/// chrF (attn/metrics/chrf.hpp) of outputText(r) against `reference` (untokenised Spanish, as in the
/// held-out files), scored as the model cards are: the reference is cut by attn::tokenize (lower case,
/// punctuation split off) and its tokens joined by spaces.
double translationChrF(const TranslationResult& r, const std::string& reference);

/// exp(-mean log p) over the output tokens, eos included, each p the softmax of its step's logits: how
/// surprised the decoder is by the output (1 = it was certain of every token). For a forced translation
/// (translateForced), how well the model expected that translation. 0 for an empty output.
double outputPerplexity(const TranslationResult& r);

/// The alignment by words instead of tokens: outputWords x sourceWords. A source word's column is the
/// sum of its pieces' columns (the attention mass on the word); an output word's row is the mean of its
/// pieces' rows (a weighted mix, like a row of pieces). eos is neither a row nor a column, so a row sums
/// to 1 minus the weight its pieces put on the source eos. For a word model it is the token alignment
/// without the eos row and column. Empty when the result has no alignment.
Matrix wordAlignment(const TranslationResult& r);

} // namespace attn
