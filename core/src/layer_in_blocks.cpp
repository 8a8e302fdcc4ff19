#include "dense_simd.hpp"

#include <algorithm>
#include <attn/attention.hpp>
#include <attn/layer_in_blocks.hpp>
#include <chrono>
#include <exception>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

namespace attn {

namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

std::uint64_t mul(std::uint64_t a, std::uint64_t b) {
    return a != 0 && b > kMax / a ? kMax : a * b;
}
std::uint64_t add(std::uint64_t a, std::uint64_t b) {
    return b > kMax - a ? kMax : a + b;
}

/// Runs fn(first, count) on `threads` blocks of the rows [0, rows) at once (the first on this thread) and
/// waits for all; an exception in any block is rethrown here.
template <class Fn> void inRowBlocks(Eigen::Index rows, int threads, const Fn& fn) {
    const Eigen::Index blocks = std::clamp<Eigen::Index>(threads, 1, std::max<Eigen::Index>(rows, 1));
    const Eigen::Index per = (rows + blocks - 1) / blocks;
    std::exception_ptr failure;
    std::mutex m;
    auto run = [&](Eigen::Index b) {
        const Eigen::Index first = b * per, count = std::min(per, rows - first);
        if (count <= 0)
            return;
        try {
            fn(first, count);
        } catch (...) {
            const std::lock_guard<std::mutex> lock(m);
            if (!failure)
                failure = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    for (Eigen::Index b = 1; b < blocks; ++b)
        pool.emplace_back(run, b);
    run(0);
    for (auto& t : pool)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
}

void ensure(Matrix& m, Eigen::Index rows, Eigen::Index cols) {
    if (m.rows() != rows || m.cols() != cols)
        m.resize(rows, cols);
}

} // namespace

std::uint64_t LayerBlockBuffers::bytes() const {
    std::uint64_t floats = 0;
    for (const Matrix* m : {&attnIn, &qkv, &heads, &residual, &hidden, &output})
        floats += static_cast<std::uint64_t>(m->size());
    for (const Matrix& m : maps)
        floats += static_cast<std::uint64_t>(m.size());
    return floats * sizeof(float);
}

std::uint64_t layerMapBytes(const layers::TransformerEncoderLayer& layer, std::uint64_t n) {
    return mul(mul(mul(static_cast<std::uint64_t>(layer.selfAttn.nHeads), n), n), sizeof(float));
}

std::uint64_t layerBlockBytes(const layers::TransformerEncoderLayer& layer, std::uint64_t n) {
    const auto dIn = static_cast<std::uint64_t>(layer.selfAttn.dModel);
    const auto dOut = static_cast<std::uint64_t>(layer.outputWidth());
    const auto ff = static_cast<std::uint64_t>(layer.linear1.outFeatures());
    const std::uint64_t perToken = 6 * dIn + 2 * dOut + ff; // x, norm1, Q K V, heads; residual, output; ff
    return add(layerMapBytes(layer, n), mul(mul(n, perToken), sizeof(float)));
}

void forwardLayerInBlocks(const layers::TransformerEncoderLayer& layer, const Eigen::Ref<const Matrix>& x,
                          int threads, LayerBlockBuffers& b, LayerPhaseSeconds* seconds) {
    const auto& sa = layer.selfAttn;
    const Eigen::Index T = x.rows(), d = sa.dModel, dh = d / sa.nHeads, dOut = layer.outputWidth(),
                       ff = layer.linear1.outFeatures();
    if (x.cols() != d)
        throw std::invalid_argument("forwardLayerInBlocks: expected input width " + std::to_string(d) +
                                    ", got " + std::to_string(x.cols()));
    ensure(b.attnIn, T, d);
    ensure(b.qkv, T, 3 * d);
    ensure(b.heads, T, d);
    ensure(b.residual, T, dOut);
    ensure(b.hidden, T, ff);
    ensure(b.output, T, dOut);
    b.maps.resize(static_cast<std::size_t>(sa.nHeads));
    for (Matrix& m : b.maps)
        ensure(m, T, T);
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();

    // A: [Q | K | V] = in W_in^T + b_in, in = x (post-LN) or norm1(x) (pre-LN).   T x 3d
    inRowBlocks(T, threads, [&](Eigen::Index r, Eigen::Index m) {
        auto qkv = b.qkv.middleRows(r, m);                       // m x 3d
        auto project = [&](const Eigen::Ref<const Matrix>& in) { // in: m x d
            if (!detail::denseTransposedInto(in, sa.inProjWeight, qkv))
                qkv.noalias() = in * sa.inProjWeight.transpose();
            qkv.rowwise() += sa.inProjBias.transpose();
        };
        if (layer.normFirst) {
            layer.norm1.forwardInto(x.middleRows(r, m), b.attnIn.middleRows(r, m));
            project(b.attnIn.middleRows(r, m));
        } else {
            project(x.middleRows(r, m));
        }
    });
    const auto t1 = Clock::now();

    // B: per head, softmax(Q_h K_h^T / sqrt(dh)) V_h for this block's query rows against every key.
    const std::vector<std::uint8_t> allAllowed;
    inRowBlocks(T, threads, [&](Eigen::Index r, Eigen::Index m) {
        for (Eigen::Index h = 0; h < sa.nHeads; ++h)
            scaledDotAttentionInto(b.qkv.block(r, h * dh, m, dh), b.qkv.middleCols(d + h * dh, dh),
                                   b.qkv.middleCols(2 * d + h * dh, dh), allAllowed,
                                   b.maps[static_cast<std::size_t>(h)].middleRows(r, m),
                                   b.heads.block(r, h * dh, m, dh));
    });
    const auto t2 = Clock::now();

    // C: out_proj, residual, norms and the feed-forward block, row by row.
    inRowBlocks(T, threads, [&](Eigen::Index r, Eigen::Index m) {
        const auto xr = x.middleRows(r, m);                  // m x d_in
        auto y = b.residual.middleRows(r, m);                // m x d_out
        auto out = b.output.middleRows(r, m);                // m x d_out
        auto hidden = b.hidden.middleRows(r, m);             // m x ff
        sa.outProj.forwardInto(b.heads.middleRows(r, m), y); // SA(...)
        if (layer.residualProjection) {
            layer.residualProjection->forwardInto(xr, out); // r(x), out as scratch
            y += out;
        } else {
            y += xr;
        }
        if (layer.normFirst) {
            layer.norm2.forwardInto(y, out); // n2
            layer.linear1.forwardInto(out, hidden);
            layers::applyActivation(hidden, layer.activation);
            layer.linear2.forwardInto(hidden, out);
            out += y;
        } else {
            layer.norm1.forwardInto(y, y);
            layer.linear1.forwardInto(y, hidden);
            layers::applyActivation(hidden, layer.activation);
            layer.linear2.forwardInto(hidden, out);
            out += y;
            layer.norm2.forwardInto(out, out);
        }
    });
    const auto t3 = Clock::now();
    if (seconds) {
        using S = std::chrono::duration<double>;
        seconds->projectionsAndFfn = S(t1 - t0).count() + S(t3 - t2).count();
        seconds->scoresAndSoftmax = S(t2 - t1).count();
    }
}

} // namespace attn
