#include "models/common.hpp"

#include <algorithm>
#include <attn/sentence_attention.hpp>
#include <attn/tokenizers/glove_tokenizer.hpp>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>

namespace attn {

std::size_t SentenceAttention::queryOovCount() const {
    return static_cast<std::size_t>(std::count(queryOov.begin(), queryOov.end(), true));
}

std::size_t SentenceAttention::keyOovCount() const {
    return static_cast<std::size_t>(std::count(keyOov.begin(), keyOov.end(), true));
}

namespace {

Matrix randomMatrix(std::size_t rows, std::size_t cols, float stddev, std::mt19937& rng) {
    std::normal_distribution<float> normal(0.0f, stddev);
    Matrix m(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = normal(rng);
    return m;
}

/// Stacks the tokens' vectors into T x d; OOV rows stay zero and are flagged.
Matrix embed(const std::vector<std::string>& tokens, const VectorLookup& lookup, std::size_t dim,
             std::vector<bool>& oov) {
    Matrix m = Matrix::Zero(static_cast<Eigen::Index>(tokens.size()), static_cast<Eigen::Index>(dim));
    oov.assign(tokens.size(), false);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        auto v = lookup(tokens[i]);
        if (!v) {
            oov[i] = true;
            continue;
        }
        if (v->size() != dim)
            throw std::invalid_argument("word vector of '" + tokens[i] + "' has " +
                                        std::to_string(v->size()) + " dimensions, expected " +
                                        std::to_string(dim));
        for (std::size_t j = 0; j < dim; ++j)
            m(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = (*v)[j];
    }
    return m;
}

/// Marks every cell that belongs to an OOV token as absent (NaN): rows of the query side, rows of
/// the key side, and both for the T_q x T_k matrices.
void markAbsent(SentenceAttention& r) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const auto tq = static_cast<Eigen::Index>(r.queryTokens.size());
    const auto tk = static_cast<Eigen::Index>(r.keyTokens.size());
    AttentionSteps& s = r.steps;
    for (Matrix* m : {&r.dotWeights, &r.additiveWeights}) {
        if (m->rows() != tq || m->cols() != tk)
            continue;
        for (Eigen::Index i = 0; i < tq; ++i)
            if (r.queryOov[static_cast<std::size_t>(i)])
                m->row(i).setConstant(nan);
        for (Eigen::Index j = 0; j < tk; ++j)
            if (r.keyOov[static_cast<std::size_t>(j)])
                m->col(j).setConstant(nan);
    }
    for (Eigen::Index i = 0; i < tq; ++i) {
        if (!r.queryOov[static_cast<std::size_t>(i)])
            continue;
        r.queryVectors.row(i).setConstant(nan);
        r.queryInputs.row(i).setConstant(nan);
        s.queries.row(i).setConstant(nan);
        s.scores.row(i).setConstant(nan);
        s.scaled.row(i).setConstant(nan);
        s.exponentials.row(i).setConstant(nan); // the softmax intermediates too
        s.rowMax(i) = nan;
        s.rowSums(i) = nan;
        s.weights.row(i).setConstant(nan);
        s.unscaledWeights.row(i).setConstant(nan);
        s.outputs.row(i).setConstant(nan);
    }
    for (Eigen::Index j = 0; j < tk; ++j) {
        if (!r.keyOov[static_cast<std::size_t>(j)])
            continue;
        r.keyVectors.row(j).setConstant(nan);
        r.keyInputs.row(j).setConstant(nan);
        s.keys.row(j).setConstant(nan);
        s.values.row(j).setConstant(nan);
        s.scores.col(j).setConstant(nan);
        s.scaled.col(j).setConstant(nan);
        s.exponentials.col(j).setConstant(nan); // rowSums already leaves it out (masked)
        s.weights.col(j).setConstant(nan);
        s.unscaledWeights.col(j).setConstant(nan);
    }
}

} // namespace

Matrix sinusoidalPositions(std::size_t positions, std::size_t dim) {
    return detail::sinusoidalTable(static_cast<int>(positions), static_cast<int>(dim));
}

Projections randomProjections(std::size_t dIn, std::size_t dOut, std::uint32_t seed) {
    std::mt19937 rng(seed);
    const float stddev = 1.0f / std::sqrt(static_cast<float>(std::max<std::size_t>(dIn, 1)));
    Projections p;
    p.wq = randomMatrix(dIn, dOut, stddev, rng);
    p.wk = randomMatrix(dIn, dOut, stddev, rng);
    p.wv = randomMatrix(dIn, dOut, stddev, rng);
    return p;
}

AdditiveParams randomAdditive(std::size_t dQ, std::size_t dK, std::size_t hidden, std::uint32_t seed) {
    // A different stream from randomProjections so that both can be used together.
    std::mt19937 rng(seed ^ 0x9E3779B9u);
    AdditiveParams a;
    a.wq = randomMatrix(dQ, hidden, 1.0f / std::sqrt(static_cast<float>(std::max<std::size_t>(dQ, 1))), rng);
    a.wk = randomMatrix(dK, hidden, 1.0f / std::sqrt(static_cast<float>(std::max<std::size_t>(dK, 1))), rng);
    const Matrix v =
        randomMatrix(hidden, 1, 1.0f / std::sqrt(static_cast<float>(std::max<std::size_t>(hidden, 1))), rng);
    a.v = v.col(0);
    return a;
}

SentenceAttention computeTokenAttention(std::vector<std::string> queryTokens,
                                        std::optional<std::vector<std::string>> keyTokens,
                                        const VectorLookup& lookup, std::size_t dim,
                                        const SentenceAttentionOptions& options) {
    if (dim == 0)
        throw std::invalid_argument("word vectors have no dimensions");
    SentenceAttention r;
    r.dim = dim;
    r.selfAttention = !keyTokens.has_value();
    r.queryTokens = std::move(queryTokens);
    r.keyTokens = keyTokens ? std::move(*keyTokens) : r.queryTokens;
    r.queryVectors = embed(r.queryTokens, lookup, dim, r.queryOov);
    r.keyVectors = embed(r.keyTokens, lookup, dim, r.keyOov);
    r.positionalEncoding = options.positionalEncoding;
    r.queryInputs = r.queryVectors;
    r.keyInputs = r.keyVectors;
    if (options.positionalEncoding) {
        r.queryInputs += sinusoidalPositions(r.queryTokens.size(), dim);
        r.keyInputs += sinusoidalPositions(r.keyTokens.size(), dim);
    }

    AttentionOptions ao;
    ao.scoring = options.scoring;
    switch (options.projection) {
    case ProjectionMode::None:
        break;
    case ProjectionMode::Random:
        ao.projections = randomProjections(dim, dim, options.seed);
        break;
    case ProjectionMode::Learned:
        if (!options.learned)
            throw std::invalid_argument("learned projections were asked for but none were given");
        ao.projections = options.learned;
        break;
    }
    // Additive parameters: the options', else random from the seed; kept for the comparison whatever the
    // scoring.
    const std::size_t dk = ao.projections ? static_cast<std::size_t>(ao.projections->wq.cols()) : dim;
    const AdditiveParams additive =
        options.additive ? *options.additive : randomAdditive(dk, dk, dk, options.seed);
    AdditiveOrigin origin;
    origin.random = !options.additive;
    origin.seed = origin.random ? options.seed : 0;
    origin.dQ = static_cast<std::size_t>(additive.wq.rows());
    origin.dK = static_cast<std::size_t>(additive.wk.rows());
    origin.hidden = static_cast<std::size_t>(additive.v.size());
    if (origin.random) { // randomAdditive's standard deviations
        origin.wqStd = 1.0 / std::sqrt(static_cast<double>(std::max<std::size_t>(origin.dQ, 1)));
        origin.wkStd = 1.0 / std::sqrt(static_cast<double>(std::max<std::size_t>(origin.dK, 1)));
        origin.vStd = 1.0 / std::sqrt(static_cast<double>(std::max<std::size_t>(origin.hidden, 1)));
    }
    if (options.scoring == Scoring::Additive)
        ao.additive = additive;
    const auto tq = static_cast<Eigen::Index>(r.queryTokens.size());
    const auto tk = static_cast<Eigen::Index>(r.keyTokens.size());
    ao.mask = Mask::Ones(tq, tk);
    for (Eigen::Index i = 0; i < tq; ++i)
        for (Eigen::Index j = 0; j < tk; ++j)
            if (r.queryOov[static_cast<std::size_t>(i)] || r.keyOov[static_cast<std::size_t>(j)])
                ao.mask(i, j) = 0;
    // OOV rows are zero here only so that the products stay finite; markAbsent() then replaces every
    // cell they touched (including the bias-only rows a projection makes of them) with NaN.
    r.steps = attention(r.queryInputs, r.keyInputs, r.keyInputs, ao);
    r.projections = ao.projections;
    r.additive = ao.additive;
    r.additiveOrigin = origin;
    // The side-by-side: the chosen scoring's weights and the other kind's on the same inputs and mask.
    r.comparedDot = options.scoring == Scoring::Dot ? Scoring::Dot : Scoring::ScaledDot;
    AttentionOptions other = ao;
    if (options.scoring == Scoring::Additive) {
        other.scoring = r.comparedDot;
        other.additive.reset();
        r.additiveWeights = r.steps.weights;
        r.dotWeights = attention(r.queryInputs, r.keyInputs, r.keyInputs, other).weights;
    } else {
        other.scoring = Scoring::Additive;
        other.additive = additive;
        r.dotWeights = r.steps.weights;
        r.additiveWeights = attention(r.queryInputs, r.keyInputs, r.keyInputs, other).weights;
    }
    if (options.projection == ProjectionMode::Learned)
        r.projectionSource = options.projectionSource;
    markAbsent(r);
    return r;
}

std::vector<KeyContribution> outputContributions(const SentenceAttention& result, std::size_t queryRow) {
    if (queryRow >= result.queryTokens.size())
        throw std::out_of_range("outputContributions: query row " + std::to_string(queryRow) + " of " +
                                std::to_string(result.queryTokens.size()));
    std::vector<KeyContribution> out;
    if (result.queryOov[queryRow])
        return out;
    const auto i = static_cast<Eigen::Index>(queryRow);
    const auto& s = result.steps;
    for (std::size_t j = 0; j < result.keyTokens.size(); ++j) {
        if (result.keyOov[j])
            continue;
        const auto c = static_cast<Eigen::Index>(j);
        const float w = s.weights(i, c);
        out.push_back({j, w, static_cast<double>(w) * s.values.row(c).cast<double>().norm()});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const KeyContribution& a, const KeyContribution& b) { return a.size > b.size; });
    return out;
}

SentenceAttention computeSentenceAttention(std::string_view queryText,
                                           std::optional<std::string_view> keysText,
                                           const VectorLookup& lookup, std::size_t dim,
                                           const SentenceAttentionOptions& options) {
    std::optional<std::vector<std::string>> keys;
    if (keysText)
        keys = tokenize(*keysText);
    return computeTokenAttention(tokenize(queryText), std::move(keys), lookup, dim, options);
}

} // namespace attn
