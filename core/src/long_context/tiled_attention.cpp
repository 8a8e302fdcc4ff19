// Tiled scaled-dot attention of one head with its summaries (attn/long_context/tiled_attention.hpp).
#include "../scaled_dot_simd.hpp"

#include <algorithm>
#include <attn/long_context/tiled_attention.hpp>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

namespace attn::long_context {

namespace {

using Index = Eigen::Index;
using Strided = Eigen::Map<Matrix, 0, Eigen::OuterStride<>>;

std::string shape(Index r, Index c) {
    return "[" + std::to_string(r) + "x" + std::to_string(c) + "]";
}

float scaleFor(const TiledAttentionOptions& o, Index d) {
    return o.scale > 0 ? o.scale : 1.0f / std::sqrt(static_cast<float>(d));
}

// x[j] = exp(x[j] - shift) for j < n, every element by the same vectorised exp. Eigen on a row in place
// would peel a misaligned head and leave a tail to its scalar exp, which rounds differently: two keys with
// bit-equal scores (a duplicated key) could then get different probabilities, breaking the top-k tie rule,
// and a tile recomputed at other column offsets would differ in the last bit from the pass. The row goes
// through an aligned buffer padded to a whole number of the widest packets (16 floats) instead.
void expShifted(float* x, Index n, float shift, Eigen::ArrayXf& scratch) {
    constexpr Index kPad = 16;
    const Index padded = (n + kPad - 1) / kPad * kPad;
    if (scratch.size() < padded)
        scratch.resize(padded);
    auto buf = scratch.head(padded);
    buf.head(n) = Eigen::Map<const Eigen::ArrayXf>(x, n) - shift;
    buf.tail(padded - n).setConstant(-100.0f); // exp(-100) = 0 in float; never copied back
    buf = buf.exp();
    std::copy(buf.data(), buf.data() + n, x);
}

} // namespace

std::size_t HeadSummary::bytes() const {
    const auto vec = [](const Vector& x) { return static_cast<std::size_t>(x.size()) * sizeof(float); };
    return vec(rowMax) + vec(rowSum) + vec(logSumExp) + vec(entropy) + vec(first) + vec(previous) +
           vec(self) + pyramid.bytes() + topK.bytes();
}

HeadSummary tiledAttention(const Eigen::Ref<const Matrix>& q, const Eigen::Ref<const Matrix>& k,
                           const Eigen::Ref<const Matrix>& v, const TiledAttentionOptions& options,
                           Eigen::Ref<Matrix> output) {
    const Index T = q.rows(), d = q.cols(), dv = v.cols();
    if (T < 1 || d < 1 || k.rows() != T || k.cols() != d)
        throw std::invalid_argument(
            "tiledAttention: expected q and k of the same shape [T x d], T, d >= 1, got " +
            shape(q.rows(), q.cols()) + " and " + shape(k.rows(), k.cols()));
    if (dv > 0 && v.rows() != T)
        throw std::invalid_argument("tiledAttention: expected v with " + std::to_string(T) + " rows, got " +
                                    shape(v.rows(), v.cols()));
    if (output.rows() != (dv > 0 ? T : output.rows()) || output.cols() != dv)
        throw std::invalid_argument("tiledAttention: expected output " + shape(T, dv) + ", got " +
                                    shape(output.rows(), output.cols()));
    if (options.rowBlock < 1 || (options.keepTopK && options.topK < 1))
        throw std::invalid_argument("tiledAttention: rowBlock and topK must be >= 1");

    HeadSummary h;
    h.length = static_cast<int>(T);
    h.causal = options.causal;
    h.scale = scaleFor(options, d);
    h.rowMax.resize(T);
    h.rowSum.resize(T);
    h.logSumExp.resize(T);
    if (options.keepRowFigures) {
        h.entropy.resize(T);
        h.first.resize(T);
        h.previous.resize(T);
        h.self.resize(T);
    }
    std::optional<PyramidBuilder> pyramid;
    if (options.keepPyramid)
        pyramid.emplace(static_cast<int>(T), options.pyramidFinest, options.pyramidCoarsest);
    if (options.keepTopK)
        h.topK = RowTopK(static_cast<int>(T), options.topK);

    const bool simdScores = detail::simdKernelsAvailable();
    const bool simdValues = dv > 0 && detail::simdScaledDotFits(d, dv);
    const Index rb = std::min<Index>(options.rowBlock, T);
    // rb x T: scores, then probabilities. Aligned as Eigen aligns its own storage, so that where Eigen
    // peels a misaligned head off a row's max / sum / exp (and so rounds it differently) depends on T
    // only, not on where the heap put the strip: the same input gives the same bits on every run.
    std::vector<float, Eigen::aligned_allocator<float>> strip(static_cast<std::size_t>(rb * T));
    Eigen::ArrayXf e(options.keepRowFigures ? T : 0); // T: one row's probabilities
    Eigen::ArrayXf expScratch;                        // >= T, padded: see expShifted
    detail::PackedKeys packed;
    if (simdScores && !options.causal)
        packed = detail::packKeys(k.data(), k.outerStride(), T, d); // d x T, once
    const float scale = h.scale;

    for (Index r0 = 0; r0 < T; r0 += rb) {
        const Index nb = std::min(rb, T - r0);
        const Index P = options.causal ? r0 + nb : T; // keys any row of the strip may see
        float* S = strip.data();
        if (simdScores) {
            if (options.causal)
                packed = detail::packKeys(k.data(), k.outerStride(), P, d); // d x P: the strip's prefix
            detail::rawScores(q.data() + r0 * q.outerStride(), q.outerStride(), nb, packed, S, T);
        } else {
            Strided(S, nb, P, Eigen::OuterStride<>(T)).noalias() =
                q.middleRows(r0, nb) * k.topRows(P).transpose();
        }
        for (Index i = 0; i < nb; ++i) {
            const Index r = r0 + i;
            const Index n = options.causal ? r + 1 : T; // allowed keys of row r
            float* rowData = S + i * T;
            Eigen::Map<Eigen::ArrayXf> row(rowData, n);
            // pass 1: the row's maximum, then the sum of its exponentials
            row *= scale;
            const float m = row.maxCoeff();
            if (options.keepRowFigures)
                e.head(n) = row - m; // s - m, for the entropy
            expShifted(rowData, n, m, expScratch);
            const float l = row.sum();
            h.rowMax(r) = m;
            h.rowSum(r) = l;
            h.logSumExp(r) = static_cast<float>(static_cast<double>(m) + std::log(static_cast<double>(l)));
            // pass 2: the probabilities
            row *= 1.0f / l;
            if (options.keepRowFigures) {
                const double dot = static_cast<double>((row * e.head(n)).sum()); // sum_j a_j (s_j - m)
                h.entropy(r) = static_cast<float>(std::log(static_cast<double>(l)) - dot);
                h.first(r) = rowData[0];
                h.previous(r) = r >= 1 ? rowData[r - 1] : 0.0f;
                h.self(r) = rowData[r];
            }
            if (n < P)
                std::fill(rowData + n, rowData + P, 0.0f); // a causal row's future keys
            if (options.keepTopK)
                selectTopK(rowData, n, options.topK,
                           h.topK.keys.data() +
                               static_cast<std::size_t>(r) * static_cast<std::size_t>(options.topK),
                           h.topK.probabilities.data() +
                               static_cast<std::size_t>(r) * static_cast<std::size_t>(options.topK));
            if (pyramid)
                pyramid->addRow(static_cast<int>(r), rowData, n);
        }
        if (dv > 0) {
            if (simdValues)
                detail::weightedValues(S, T, nb, P, v.data(), v.outerStride(), dv,
                                       output.data() + r0 * output.outerStride(), output.outerStride());
            else
                output.middleRows(r0, nb).noalias() =
                    Strided(S, nb, P, Eigen::OuterStride<>(T)) * v.topRows(P);
        }
    }
    if (pyramid)
        h.pyramid = pyramid->finish();
    return h;
}

Matrix exactTile(const Eigen::Ref<const Matrix>& q, const Eigen::Ref<const Matrix>& k,
                 const HeadSummary& head, Index r0, Index r1, Index c0, Index c1) {
    const Index T = head.length;
    if (q.rows() != T || k.rows() != T || q.cols() != k.cols() || q.cols() < 1 || head.rowMax.size() != T ||
        head.rowSum.size() != T)
        throw std::invalid_argument("exactTile: expected q and k " + shape(T, q.cols()) +
                                    " as the head was computed from, got " + shape(q.rows(), q.cols()) +
                                    " and " + shape(k.rows(), k.cols()));
    if (r0 < 0 || c0 < 0 || r1 > T || c1 > T || r1 <= r0 || c1 <= c0 || r1 - r0 > kMaxTileSide ||
        c1 - c0 > kMaxTileSide)
        throw std::invalid_argument("exactTile: rows [" + std::to_string(r0) + ", " + std::to_string(r1) +
                                    ") and keys [" + std::to_string(c0) + ", " + std::to_string(c1) +
                                    ") must be non-empty, inside [0, " + std::to_string(T) +
                                    ") and at most " + std::to_string(kMaxTileSide) + " wide");
    const Index nr = r1 - r0, nc = c1 - c0, d = q.cols();
    Matrix s(nr, nc); // raw scores, then the probabilities
    if (detail::simdKernelsAvailable()) {
        const auto packed = detail::packKeys(k.data() + c0 * k.outerStride(), k.outerStride(), nc, d);
        detail::rawScores(q.data() + r0 * q.outerStride(), q.outerStride(), nr, packed, s.data(), nc);
    } else {
        s.noalias() = q.middleRows(r0, nr) * k.middleRows(c0, nc).transpose();
    }
    Eigen::ArrayXf expScratch;
    for (Index i = 0; i < nr; ++i) {
        auto row = s.row(i).array();
        row *= head.scale;
        expShifted(row.data(), nc, head.rowMax(r0 + i), expScratch); // as the pass did: the same bits
        row *= 1.0f / head.rowSum(r0 + i);
        if (head.causal)
            for (Index j = std::max<Index>(0, r0 + i + 1 - c0); j < nc; ++j)
                row(j) = 0.0f;
    }
    return s;
}

} // namespace attn::long_context
