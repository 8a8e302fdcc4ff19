#include "../dense_simd.hpp"

#include <attn/attention.hpp>
#include <attn/layers/multihead_attention.hpp>
#include <attn/threads.hpp>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace attn::layers {

MultiheadAttention MultiheadAttention::load(WeightLoader& w, const std::string& prefix, int dModel,
                                            int nHeads) {
    MultiheadAttention m;
    m.dModel = dModel;
    m.nHeads = nHeads;
    m.inProjWeight = w.matrix(prefix + ".in_proj_weight", 3 * dModel, dModel);
    m.inProjBias = w.vector(prefix + ".in_proj_bias", 3 * dModel);
    m.outProj = Linear::load(w, prefix + ".out_proj", dModel, dModel);
    return m;
}

namespace {
/// Replaces `weights` (T_q x T_k) by the uniform distribution over the allowed keys.
void makeUniform(Matrix& weights, const std::vector<std::uint8_t>& keyAllowed) {
    const Eigen::Index tk = weights.cols();
    float allowed = 0;
    for (Eigen::Index j = 0; j < tk; ++j)
        allowed += keyAllowed.empty() || keyAllowed[static_cast<std::size_t>(j)] ? 1.0f : 0.0f;
    for (Eigen::Index j = 0; j < tk; ++j) {
        const bool ok = keyAllowed.empty() || keyAllowed[static_cast<std::size_t>(j)];
        weights.col(j).setConstant(ok && allowed > 0 ? 1.0f / allowed : 0.0f);
    }
}
/// Permutes each row of `weights` over the allowed keys (see HeadSwitches::permuteHead).
void permuteRows(Matrix& weights, const std::vector<std::uint8_t>& keyAllowed, std::uint32_t seed) {
    std::vector<Eigen::Index> keys; // the allowed key columns, ascending
    for (Eigen::Index j = 0; j < weights.cols(); ++j)
        if (keyAllowed.empty() || keyAllowed[static_cast<std::size_t>(j)])
            keys.push_back(j);
    std::mt19937 gen(seed);
    std::vector<std::size_t> order(keys.size());
    RowVector row;
    for (Eigen::Index i = 0; i < weights.rows(); ++i) {
        for (std::size_t m = 0; m < order.size(); ++m)
            order[m] = m;
        for (std::size_t n = order.size(); n > 1; --n) // std::uniform_int_distribution is not portable
            std::swap(order[n - 1], order[static_cast<std::size_t>(gen()) % n]);
        row = weights.row(i);
        for (std::size_t m = 0; m < keys.size(); ++m)
            weights(i, keys[m]) = row(keys[order[m]]);
    }
}
} // namespace

MultiheadAttention::Result MultiheadAttention::forward(const Eigen::Ref<const Matrix>& x,
                                                       const std::vector<std::uint8_t>& keyAllowed,
                                                       const Switches& switches, Trace* trace) const {
    Result r;
    Buffers buffers;
    forward(x, keyAllowed, r, buffers, switches, trace);
    return r;
}

void MultiheadAttention::forward(const Eigen::Ref<const Matrix>& x,
                                 const std::vector<std::uint8_t>& keyAllowed, Result& r, Buffers& buffers,
                                 const Switches& switches, Trace* trace) const {
    const Eigen::Index d = dModel, dh = dModel / nHeads, T = x.rows();
    if (x.cols() != d)
        throw std::invalid_argument("MultiheadAttention: expected input width " + std::to_string(d) +
                                    ", got " + std::to_string(x.cols()));
    for (int h : {switches.ablateHead, switches.uniformHead, switches.permuteHead})
        if (h < -1 || h >= nHeads)
            throw std::invalid_argument("MultiheadAttention: head " + std::to_string(h) +
                                        " out of range [0, " + std::to_string(nHeads) + ")");
    if (!keyAllowed.empty() && static_cast<Eigen::Index>(keyAllowed.size()) != T)
        throw std::invalid_argument("MultiheadAttention: expected " + std::to_string(T) +
                                    " key-mask entries, got " + std::to_string(keyAllowed.size()));
    auto qkv = buffers.qkv.view(T, 3 * d); // T x 3d: [Q | K | V]
    if (!detail::denseTransposedInto(x, inProjWeight, qkv))
        qkv.noalias() = x * inProjWeight.transpose();
    qkv.rowwise() += inProjBias.transpose();
    r.weights.resize(static_cast<std::size_t>(nHeads));
    if (trace) {
        *trace = Trace{};
        trace->scale = 1.0f / std::sqrt(static_cast<float>(dh));
        trace->mask = Mask::Ones(T, T);
        for (Eigen::Index j = 0; j < T && !keyAllowed.empty(); ++j)
            if (!keyAllowed[static_cast<std::size_t>(j)])
                trace->mask.col(j).setZero();
    }
    auto heads = buffers.heads.view(T, d); // T x d: concatenated head outputs
    for (auto& w : r.weights)
        w.resize(T, T);                             // no-op when already T x T
    std::vector<Matrix> logits(trace ? nHeads : 0); // T x T each, kept only when traced
    // The heads are independent: on the core's threads when there is enough work to pay for waking them
    // (T = 32 at d = 768 and up), each head on one thread, so the maps do not depend on the thread count.
    const bool parallel = 4.0 * double(T) * double(T) * double(d) >= 2e6;
    if (parallel) // each thread packs its heads' K^T (dh x T) into a panel of its own
        checkThreadWorkspaces(threadsFor(nHeads), static_cast<std::uint64_t>(dh * T) * sizeof(float),
                              "key panels of the attention heads");
    parallelFor(nHeads, parallel ? 1 : nHeads, [&](std::ptrdiff_t h0, std::ptrdiff_t h1) {
        for (Eigen::Index h = h0; h < h1; ++h)
            scaledDotAttentionInto(qkv.middleCols(h * dh, dh), qkv.middleCols(d + h * dh, dh),
                                   qkv.middleCols(2 * d + h * dh, dh), keyAllowed,
                                   r.weights[static_cast<std::size_t>(h)], heads.middleCols(h * dh, dh),
                                   trace ? &logits[static_cast<std::size_t>(h)] : nullptr);
    });
    for (Eigen::Index h = 0; h < nHeads; ++h) {
        const auto q = qkv.middleCols(h * dh, dh), k = qkv.middleCols(d + h * dh, dh),
                   v = qkv.middleCols(2 * d + h * dh, dh);  // T x dh each
        Matrix& w = r.weights[static_cast<std::size_t>(h)]; // T x T
        auto out = heads.middleCols(h * dh, dh);            // T x dh, this head's columns
        if (h == switches.uniformHead) {
            makeUniform(w, keyAllowed);
            out.noalias() = w * v;
        }
        if (h == switches.permuteHead) {
            permuteRows(w, keyAllowed, switches.permuteSeed);
            out.noalias() = w * v;
        }
        if (h == switches.ablateHead)
            out.setZero();
        if (trace) {
            trace->q.emplace_back(q);
            trace->k.emplace_back(k);
            trace->v.emplace_back(v);
            trace->scores.emplace_back(q * k.transpose());
            trace->scaled.push_back(std::move(logits[static_cast<std::size_t>(h)]));
            trace->headsOut.emplace_back(out);
        }
    }
    r.output.resize(
        T, outProj.outFeatures()); // no-op when already T x d_out (d_out = d but in a widening layer)
    outProj.forwardInto(heads, r.output);
    if (trace)
        trace->concat = heads;
}

} // namespace attn::layers
