#pragma once
// The Walkthrough computation: two sentences become matrices of word vectors (one row per token)
// and attend to each other (or a sentence to itself), keeping every intermediate.
//
// Out-of-vocabulary tokens keep their row/column so that the picture matches the sentence, but
// they are excluded from the softmax: as keys they get weight exactly 0, as queries their whole
// row is masked (weights all 0). Their vector rows are zero *and flagged* — never used silently.

#include <attn/attention.hpp>
#include <attn/matrix.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

/// Looks a token up in some word-vector set: its vector (dim() floats) or nullopt when unknown.
using VectorLookup = std::function<std::optional<std::span<const float>>(std::string_view token)>;

enum class ProjectionMode {
    None,    ///< raw: queries, keys and values are the word vectors themselves
    Random,  ///< Wq, Wk, Wv drawn from a normal distribution with a visible seed
    Learned, ///< supplied by the caller (e.g. a checkpoint's first attention layer)
};

struct SentenceAttentionOptions {
    Scoring scoring = Scoring::ScaledDot;
    ProjectionMode projection = ProjectionMode::None;
    std::uint32_t seed = 42;                ///< for Random projections and random additive parameters
    std::optional<Projections> learned;     ///< required for ProjectionMode::Learned
    std::optional<AdditiveParams> additive; ///< additive scoring: given, or random from `seed`
};

struct SentenceAttention {
    std::vector<std::string> queryTokens, keyTokens;
    std::vector<bool> queryOov, keyOov;
    bool selfAttention = false;
    std::size_t dim = 0;
    Matrix queryVectors; // T_q x d   word vectors (zero rows where OOV)
    Matrix keyVectors;   // T_k x d
    AttentionSteps steps;
    std::optional<Projections> projections; // what was applied, if anything
    std::optional<AdditiveParams> additive; // what additive scoring used

    std::size_t queryOovCount() const;
    std::size_t keyOovCount() const;
};

/// Random projection matrices d_in x d_out, entries N(0, 1/d_in), reproducible from `seed`.
Projections randomProjections(std::size_t dIn, std::size_t dOut, std::uint32_t seed);
/// Random additive parameters (hidden size h) reproducible from `seed`.
AdditiveParams randomAdditive(std::size_t dQ, std::size_t dK, std::size_t hidden, std::uint32_t seed);

/// Tokenises both texts (attn::tokenize), looks every token up and runs attention.
/// `keysText` empty (nullopt) = self-attention. Throws std::invalid_argument for a bad option set.
SentenceAttention computeSentenceAttention(std::string_view queryText,
                                           std::optional<std::string_view> keysText,
                                           const VectorLookup& lookup, std::size_t dim,
                                           const SentenceAttentionOptions& options = {});

/// The same on already tokenised input.
SentenceAttention computeTokenAttention(std::vector<std::string> queryTokens,
                                        std::optional<std::vector<std::string>> keyTokens,
                                        const VectorLookup& lookup, std::size_t dim,
                                        const SentenceAttentionOptions& options = {});

} // namespace attn
