#pragma once
// The Walkthrough computation: two sentences become matrices of word vectors (one row per token)
// and attend to each other (or a sentence to itself), keeping every intermediate.
//
// Out-of-vocabulary tokens keep their row/column so that the picture matches the sentence, but
// they are excluded in every scoring mode and with every projection: the softmax never sees them,
// and every cell that belongs to one — its rows of the vectors, Q, K, V and outputs, its rows and
// columns of scores, scaled scores, softmax exponentials and weights, its row's softmax max and
// sum — is NaN, which means "absent" (callers show "—" and
// write null). Never a zero vector used silently: additive scoring and biased projections would
// turn a zero vector into plausible-looking numbers.
//
// Optionally the sinusoidal positional encoding (Vaswani et al. 2017, as a Transformer adds it to
// its inputs) is added to the word vectors before projection: the inputs are then x_p + PE(p).

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
    /// Add the sinusoidal positional encoding to both sentences' word vectors (positions 0..T-1 of
    /// each) before projecting, as a Transformer does; the shipped pronoun head was trained so.
    bool positionalEncoding = false;
    /// Where learned projections came from (a checkpoint directory), copied to the result.
    std::string projectionSource;
};

/// Where additive scoring's parameters came from (SentenceAttention::additiveOrigin).
struct AdditiveOrigin {
    bool random = true;     ///< drawn by randomAdditive(seed, ...); false = given in the options
    std::uint32_t seed = 0; ///< the seed they were drawn from (random only)
    std::size_t dQ = 0, dK = 0, hidden = 0; ///< Wq is dQ x hidden, Wk dK x hidden, v has hidden entries
    /// Standard deviations of the normal draws (random only): 1/sqrt(dQ), 1/sqrt(dK), 1/sqrt(hidden).
    double wqStd = 0, wkStd = 0, vStd = 0;
};

struct SentenceAttention {
    std::vector<std::string> queryTokens, keyTokens;
    std::vector<bool> queryOov, keyOov;
    bool selfAttention = false;
    std::size_t dim = 0;
    Matrix queryVectors; // T_q x d   word vectors (NaN rows where OOV)
    Matrix keyVectors;   // T_k x d
    bool positionalEncoding = false;
    Matrix queryInputs; // T_q x d   what the projections see: vectors (+ PE when positionalEncoding)
    Matrix keyInputs;   // T_k x d
    /// The steps; every cell of an OOV row or column is NaN (absent), see the header comment.
    AttentionSteps steps;
    std::string projectionSource;           // the checkpoint behind learned projections, else empty
    std::optional<Projections> projections; // what was applied, if anything
    std::optional<AdditiveParams> additive; // what additive scoring used
    /// Additive scoring: where `additive` came from; also set for the other scorings, for the comparison
    /// below (the additive parameters it would use).
    std::optional<AdditiveOrigin> additiveOrigin;
    /// The two scorings side by side on the same inputs (after any projection), rows = queries, T_q x T_k,
    /// NaN where absent as steps.weights: the weights of a dot product (`comparedDot`: the dot scoring
    /// chosen, scaled dot when additive is) and of additive scoring v . tanh(Wq q + Wk k) with the
    /// parameters of additiveOrigin. The chosen one equals steps.weights.
    Scoring comparedDot = Scoring::ScaledDot;
    Matrix dotWeights;
    Matrix additiveWeights;

    std::size_t queryOovCount() const;
    std::size_t keyOovCount() const;
};

/// The sinusoidal positional encoding, T x d: pe[p, 2i] = sin(p / 10000^(2i/d)), pe[p, 2i+1] = cos(same)
/// (Vaswani et al. 2017; float64 then float, as training/attnviz/models.py sinusoidal_table).
Matrix sinusoidalPositions(std::size_t positions, std::size_t dim);

/// True when `v` marks an absent cell (an OOV row or column).
inline bool isAbsent(float v) {
    return v != v; // NaN
}

/// Random projection matrices d_in x d_out, entries N(0, 1/d_in), reproducible from `seed`.
Projections randomProjections(std::size_t dIn, std::size_t dOut, std::uint32_t seed);
/// Random additive parameters (hidden size h) reproducible from `seed`.
AdditiveParams randomAdditive(std::size_t dQ, std::size_t dK, std::size_t hidden, std::uint32_t seed);

/// One key's part in a query word's new vector (the Walkthrough's step 5, "mix"): output_i = sum_j
/// w_ij v_j, and key j adds the vector w_ij v_j, whose length is w_ij * ||v_j|| (weights are >= 0).
struct KeyContribution {
    std::size_t key = 0; ///< column of the key
    float weight = 0;    ///< w_ij, as in steps.weights
    double size = 0;     ///< ||w_ij v_j||, computed in double from steps.weights and steps.values
};

/// The keys that take part in query row `queryRow`'s output (OOV keys are absent and left out),
/// largest contribution ||w_ij v_j|| first; equal sizes keep the lower key index first. Empty for an
/// OOV query row. Throws std::out_of_range when `queryRow` is not a row of the result.
std::vector<KeyContribution> outputContributions(const SentenceAttention& result, std::size_t queryRow);

/// Tokenises both texts (attn::tokenize), looks every token up and runs attention.
/// `keysText` empty (nullopt) = self-attention. Throws std::invalid_argument for a bad option set.
/// An empty sentence gives an empty result (no tokens, empty matrices), never an error.
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
