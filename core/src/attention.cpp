#include "scaled_dot_simd.hpp"

#include <algorithm>
#include <attn/attention.hpp>
#include <attn/threads.hpp>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace attn {

namespace {

std::string shapeOf(const Matrix& m) {
    return "[" + std::to_string(m.rows()) + "x" + std::to_string(m.cols()) + "]";
}

void require(bool ok, const std::string& message) {
    if (!ok)
        throw std::invalid_argument("attention: " + message);
}

} // namespace

std::string toString(Scoring s) {
    switch (s) {
    case Scoring::Dot:
        return "dot";
    case Scoring::ScaledDot:
        return "scaled";
    case Scoring::Additive:
        return "additive";
    }
    return "?";
}

std::optional<Scoring> parseScoring(const std::string& text) {
    if (text == "dot")
        return Scoring::Dot;
    if (text == "scaled" || text == "scaled_dot" || text == "scaled-dot")
        return Scoring::ScaledDot;
    if (text == "additive")
        return Scoring::Additive;
    return std::nullopt;
}

namespace {

/// maskedSoftmaxRows, optionally keeping the intermediates (each T rows; `exps` T x cols).
void softmaxRows(Matrix& values, const Mask& mask, Vector* rowMax, Matrix* exps, Vector* rowSums) {
    const bool masked = mask.size() != 0;
    if (masked && (mask.rows() != values.rows() || mask.cols() != values.cols()))
        throw std::invalid_argument("maskedSoftmaxRows: mask shape differs from the scores");
    if (rowMax)
        rowMax->resize(values.rows());
    if (rowSums)
        rowSums->resize(values.rows());
    for (Eigen::Index r = 0; r < values.rows(); ++r) {
        // Subtract the row's largest allowed score so that exp() never overflows.
        float maxAllowed = -std::numeric_limits<float>::infinity();
        for (Eigen::Index c = 0; c < values.cols(); ++c)
            if (!masked || mask(r, c))
                maxAllowed = std::max(maxAllowed, values(r, c));
        if (rowMax)
            (*rowMax)(r) = maxAllowed;
        if (maxAllowed == -std::numeric_limits<float>::infinity()) {
            values.row(r).setZero(); // nothing to attend to: zeros, not 0/0
            if (rowSums)
                (*rowSums)(r) = 0.0f;
            continue;
        }
        double sum = 0;
        for (Eigen::Index c = 0; c < values.cols(); ++c) {
            if (masked && !mask(r, c)) {
                values(r, c) = 0.0f;
                continue;
            }
            const float e = std::exp(values(r, c) - maxAllowed);
            values(r, c) = e;
            sum += e;
        }
        if (rowSums)
            (*rowSums)(r) = static_cast<float>(sum);
        if (exps)
            exps->row(r) = values.row(r);
        const float inv = static_cast<float>(1.0 / sum);
        values.row(r) *= inv;
    }
}

} // namespace

void maskedSoftmaxRows(Matrix& values, const Mask& mask) {
    softmaxRows(values, mask, nullptr, nullptr, nullptr);
}

AttentionSteps attention(const Matrix& queryInputs, const Matrix& keyInputs, const Matrix& valueInputs,
                         const AttentionOptions& options) {
    AttentionSteps s;
    require(keyInputs.rows() == valueInputs.rows(), "keys " + shapeOf(keyInputs) + " and values " +
                                                        shapeOf(valueInputs) +
                                                        " need the same number of rows");
    if (options.projections) {
        const Projections& p = *options.projections;
        require(p.wq.rows() == queryInputs.cols(),
                "Wq " + shapeOf(p.wq) + " does not fit queries " + shapeOf(queryInputs));
        require(p.wk.rows() == keyInputs.cols(),
                "Wk " + shapeOf(p.wk) + " does not fit keys " + shapeOf(keyInputs));
        require(p.wv.rows() == valueInputs.cols(),
                "Wv " + shapeOf(p.wv) + " does not fit values " + shapeOf(valueInputs));
        s.queries = queryInputs * p.wq;
        s.keys = keyInputs * p.wk;
        s.values = valueInputs * p.wv;
        require(p.bq.size() == 0 || p.bq.size() == s.queries.cols(), "bq does not fit Wq");
        require(p.bk.size() == 0 || p.bk.size() == s.keys.cols(), "bk does not fit Wk");
        require(p.bv.size() == 0 || p.bv.size() == s.values.cols(), "bv does not fit Wv");
        if (p.bq.size() != 0)
            s.queries.rowwise() += p.bq;
        if (p.bk.size() != 0)
            s.keys.rowwise() += p.bk;
        if (p.bv.size() != 0)
            s.values.rowwise() += p.bv;
    } else {
        s.queries = queryInputs;
        s.keys = keyInputs;
        s.values = valueInputs;
    }
    const Eigen::Index tq = s.queries.rows(), tk = s.keys.rows();

    if (options.scoring == Scoring::Additive) {
        require(options.additive.has_value(), "additive scoring needs Wq, Wk and v");
        const AdditiveParams& a = *options.additive;
        require(a.wq.rows() == s.queries.cols() && a.wk.rows() == s.keys.cols() &&
                    a.wq.cols() == a.wk.cols() && a.v.size() == a.wq.cols(),
                "additive parameters Wq " + shapeOf(a.wq) + ", Wk " + shapeOf(a.wk) + ", v [" +
                    std::to_string(a.v.size()) + "] do not fit queries " + shapeOf(s.queries) + " and keys " +
                    shapeOf(s.keys));
        const Matrix qh = s.queries * a.wq; // T_q x h
        const Matrix kh = s.keys * a.wk;    // T_k x h
        s.scores.resize(tq, tk);
        for (Eigen::Index i = 0; i < tq; ++i)
            for (Eigen::Index j = 0; j < tk; ++j)
                s.scores(i, j) = ((qh.row(i) + kh.row(j)).array().tanh().matrix() * a.v).value();
    } else {
        require(s.queries.cols() == s.keys.cols(), "queries " + shapeOf(s.queries) + " and keys " +
                                                       shapeOf(s.keys) +
                                                       " need the same width to take dot products");
        s.scores.noalias() = s.queries * s.keys.transpose();
    }

    s.scale =
        options.scoring == Scoring::ScaledDot ? 1.0f / std::sqrt(static_cast<float>(s.queries.cols())) : 1.0f;
    s.scaled = s.scores * s.scale;

    if (options.mask.size() != 0) {
        require(options.mask.rows() == tq && options.mask.cols() == tk,
                "mask [" + std::to_string(options.mask.rows()) + "x" + std::to_string(options.mask.cols()) +
                    "] does not match the scores [" + std::to_string(tq) + "x" + std::to_string(tk) + "]");
        s.mask = options.mask;
    } else {
        s.mask = Mask::Ones(tq, tk);
    }
    s.weights = s.scaled;
    s.exponentials = Matrix::Zero(s.weights.rows(), s.weights.cols());
    softmaxRows(s.weights, s.mask, &s.rowMax, &s.exponentials, &s.rowSums);
    if (s.scale == 1.0f) {
        s.unscaledWeights = s.weights;
    } else {
        s.unscaledWeights = s.scores;
        softmaxRows(s.unscaledWeights, s.mask, nullptr, nullptr, nullptr);
    }
    s.outputs.noalias() = s.weights * s.values;
    return s;
}

namespace {

/// Rows of one block: its T_k-wide score rows fill about this many bytes, so that they are still in
/// L2 when the softmax and the product with V read them again (at least 16 rows, so that the block
/// products stay efficient).
constexpr Eigen::Index kBlockBytes = 256 * 1024;

void checkScaledDot(const Eigen::Ref<const Matrix>& q, const Eigen::Ref<const Matrix>& k,
                    const Eigen::Ref<const Matrix>& v, const std::vector<std::uint8_t>& keyAllowed) {
    if (q.cols() != k.cols() || k.rows() != v.rows())
        throw std::invalid_argument("scaledDotAttention: shapes q [" + std::to_string(q.rows()) + "x" +
                                    std::to_string(q.cols()) + "], k [" + std::to_string(k.rows()) + "x" +
                                    std::to_string(k.cols()) + "], v [" + std::to_string(v.rows()) + "x" +
                                    std::to_string(v.cols()) + "] do not fit");
    if (!keyAllowed.empty() && static_cast<Eigen::Index>(keyAllowed.size()) != k.rows())
        throw std::invalid_argument("scaledDotAttention: key mask length " +
                                    std::to_string(keyAllowed.size()) + " differs from the number of keys " +
                                    std::to_string(k.rows()));
}

} // namespace

void scaledDotAttentionInto(const Eigen::Ref<const Matrix>& q, const Eigen::Ref<const Matrix>& k,
                            const Eigen::Ref<const Matrix>& v, const std::vector<std::uint8_t>& keyAllowed,
                            Eigen::Ref<Matrix> weights, Eigen::Ref<Matrix> output, Matrix* logits) {
    checkScaledDot(q, k, v, keyAllowed);
    const Eigen::Index tq = q.rows(), tk = k.rows();
    if (weights.rows() != tq || weights.cols() != tk || output.rows() != tq || output.cols() != v.cols())
        throw std::invalid_argument(
            "scaledDotAttention: expected weights [" + std::to_string(tq) + "x" + std::to_string(tk) +
            "] and output [" + std::to_string(tq) + "x" + std::to_string(v.cols()) + "], got [" +
            std::to_string(weights.rows()) + "x" + std::to_string(weights.cols()) + "] and [" +
            std::to_string(output.rows()) + "x" + std::to_string(output.cols()) + "]");
    const bool masked = !keyAllowed.empty();
    const float scale = 1.0f / std::sqrt(static_cast<float>(q.cols()));
    if (logits)
        logits->resize(tq, tk);
    Eigen::Index block =
        std::max<Eigen::Index>(16, kBlockBytes / std::max<Eigen::Index>(1, tk * Eigen::Index(sizeof(float))));
    // Row blocks are independent (each reads all keys and writes its own rows), so they run on the core's
    // threads when the call is big enough to pay for waking them (n = 256 at d = 64 and up); then at least
    // four blocks per thread, so that the last one does not leave the others idle.
    const bool parallel = 4.0 * double(tq) * double(tk) * double(q.cols()) >= 8e6;
    const int threads = parallel ? threadsFor((tq + 15) / 16) : 1;
    if (threads > 1)
        block = std::max<Eigen::Index>(16, std::min(block, (tq + 4 * threads - 1) / (4 * threads)));
    const bool simd = detail::simdScaledDotFits(q.cols(), v.cols());
    if (simd && block < tq) // whole register tiles (32 rows of 6-row tiles would leave a 2-row one)
        block = std::max(detail::simdTileRows(), block / detail::simdTileRows() * detail::simdTileRows());
    detail::PackedKeys packed;
    if (simd)
        packed = detail::packKeys(k.data(), k.outerStride(), tk, k.cols()); // d x T_k, once per call
    const Eigen::Index blocks = (tq + block - 1) / block;
    parallelFor(blocks, threads > 1 ? 1 : blocks, [&](std::ptrdiff_t first, std::ptrdiff_t last) {
        for (Eigen::Index i0 = first * block; i0 < std::min<Eigen::Index>(tq, last * block); i0 += block) {
            const Eigen::Index b = std::min(block, tq - i0);
            auto w = weights.middleRows(i0, b); // b x T_k
            if (simd)
                detail::rawScores(q.data() + i0 * q.outerStride(), q.outerStride(), b, packed,
                                  weights.data() + i0 * weights.outerStride(), weights.outerStride());
            else
                w.noalias() = q.middleRows(i0, b) * k.transpose(); // raw scores Q K^T
            if (logits)
                logits->middleRows(i0, b) = w * scale;
            for (Eigen::Index i = 0; i < b; ++i) {
                auto row = w.row(i).array();
                float maxAllowed = -std::numeric_limits<float>::infinity();
                if (masked) {
                    for (Eigen::Index j = 0; j < tk; ++j)
                        if (keyAllowed[static_cast<std::size_t>(j)])
                            maxAllowed = std::max(maxAllowed, row(j));
                } else {
                    maxAllowed = row.maxCoeff();
                }
                if (maxAllowed == -std::numeric_limits<float>::infinity()) {
                    row.setZero(); // nothing to attend to: zeros, not 0/0
                    continue;
                }
                // softmax(s * scale) = exp((s - max) * scale) / sum: scale > 0 keeps the maximum.
                row = ((row - maxAllowed) * scale).exp();
                if (masked)
                    for (Eigen::Index j = 0; j < tk; ++j)
                        if (!keyAllowed[static_cast<std::size_t>(j)])
                            row(j) = 0.0f;
                row *= 1.0f / row.sum();
            }
            if (simd)
                detail::weightedValues(weights.data() + i0 * weights.outerStride(), weights.outerStride(), b,
                                       tk, v.data(), v.outerStride(), v.cols(),
                                       output.data() + i0 * output.outerStride(), output.outerStride());
            else
                output.middleRows(i0, b).noalias() = w * v; // b x d_v
        }
    });
}

ScaledDotResult scaledDotAttention(const Eigen::Ref<const Matrix>& q, const Eigen::Ref<const Matrix>& k,
                                   const Eigen::Ref<const Matrix>& v,
                                   const std::vector<std::uint8_t>& keyAllowed, Matrix* logits) {
    checkScaledDot(q, k, v, keyAllowed);
    ScaledDotResult r;
    r.weights.resize(q.rows(), k.rows()); // T_q x T_k
    r.output.resize(q.rows(), v.cols());  // T_q x d_v
    scaledDotAttentionInto(q, k, v, keyAllowed, r.weights, r.output, logits);
    return r;
}

ScaledDotView scaledDotAttention(const Eigen::Ref<const Matrix>& q, const Eigen::Ref<const Matrix>& k,
                                 const Eigen::Ref<const Matrix>& v, ScaledDotWorkspace& ws,
                                 const std::vector<std::uint8_t>& keyAllowed) {
    checkScaledDot(q, k, v, keyAllowed);
    ScaledDotView r{ws.weights.view(q.rows(), k.rows()), ws.output.view(q.rows(), v.cols())};
    scaledDotAttentionInto(q, k, v, keyAllowed, r.weights, r.output);
    return r;
}

} // namespace attn
