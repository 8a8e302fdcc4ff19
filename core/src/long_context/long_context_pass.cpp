// A decoder's long-context forward, per layer (attn/long_context/long_context_pass.hpp).
#include <algorithm>
#include <attn/long_context/long_context_pass.hpp>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

namespace attn::long_context {

const HeadSummary& LongContextPass::head(int layer, int h) const {
    if (layer < 0 || layer >= static_cast<int>(layers.size()) || h < 0 || h >= heads)
        throw std::out_of_range("LongContextPass: no layer " + std::to_string(layer) + " head " +
                                std::to_string(h));
    return layers[static_cast<std::size_t>(layer)].heads[static_cast<std::size_t>(h)];
}

Matrix LongContextPass::tile(int layer, int h, Eigen::Index r0, Eigen::Index r1, Eigen::Index c0,
                             Eigen::Index c1) const {
    const HeadSummary& s = head(layer, h);
    const auto& L = layers[static_cast<std::size_t>(layer)];
    const int g = h / (heads / kvHeads);
    return exactTile(L.queries.middleCols(static_cast<Eigen::Index>(h) * headDim, headDim),
                     L.keys.middleCols(static_cast<Eigen::Index>(g) * headDim, headDim), s, r0, r1, c0, c1);
}

std::size_t LongContextPass::bytes() const {
    std::size_t b = static_cast<std::size_t>(logits.size()) * sizeof(float);
    for (const auto& L : layers) {
        b += static_cast<std::size_t>(L.queries.size() + L.keys.size()) * sizeof(float);
        for (const auto& h : L.heads)
            b += h.bytes();
    }
    return b;
}

std::vector<HeadSummary> attendLayer(const Matrix& q, const Matrix& k, const Matrix& v, int heads,
                                     int kvHeads, int headDim, const LongContextOptions& options, Matrix& y) {
    const Eigen::Index T = q.rows(), hd = headDim;
    if (heads < 1 || kvHeads < 1 || heads % kvHeads != 0 || q.cols() != heads * hd ||
        k.cols() != kvHeads * hd || v.cols() != kvHeads * hd || k.rows() != T || v.rows() != T)
        throw std::invalid_argument("attendLayer: expected q [T x " + std::to_string(heads * hd) +
                                    "], k and v [T x " + std::to_string(kvHeads * hd) + "], got q [" +
                                    std::to_string(q.rows()) + "x" + std::to_string(q.cols()) + "], k [" +
                                    std::to_string(k.rows()) + "x" + std::to_string(k.cols()) + "], v [" +
                                    std::to_string(v.rows()) + "x" + std::to_string(v.cols()) + "]");
    y.resize(T, q.cols());
    std::vector<HeadSummary> out(static_cast<std::size_t>(heads));
    const int group = heads / kvHeads;
    auto run = [&](int h) {
        const int g = h / group;
        out[static_cast<std::size_t>(h)] =
            tiledAttention(q.middleCols(h * hd, hd), k.middleCols(g * hd, hd), v.middleCols(g * hd, hd),
                           options.attention, y.middleCols(h * hd, hd));
    };
    int threads =
        options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
    threads = std::clamp(threads, 1, heads);
    if (threads == 1) {
        for (int h = 0; h < heads; ++h)
            run(h);
        return out;
    }
    std::exception_ptr failure;
    std::mutex m;
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            try {
                for (int h = t; h < heads; h += threads) // each head writes its own columns of y
                    run(h);
            } catch (...) {
                std::lock_guard<std::mutex> lock(m);
                if (!failure)
                    failure = std::current_exception();
            }
        });
    for (auto& th : pool)
        th.join();
    if (failure)
        std::rethrow_exception(failure);
    return out;
}

std::uint64_t longContextBytes(int layers, int heads, int kvHeads, int headDim, int length,
                               const TiledAttentionOptions& o) {
    const std::uint64_t L = static_cast<std::uint64_t>(std::max(layers, 0)),
                        H = static_cast<std::uint64_t>(std::max(heads, 0)),
                        T = static_cast<std::uint64_t>(std::max(length, 0));
    std::uint64_t perHead = 3 * T * 4; // m, l, LSE
    if (o.keepRowFigures)
        perHead += 4 * T * 4;
    if (o.keepTopK)
        perHead += T * static_cast<std::uint64_t>(std::max(o.topK, 0)) * 8;
    if (o.keepPyramid && length > 0)
        for (int n : AttentionPyramid::levelSizes(length, o.pyramidFinest, o.pyramidCoarsest))
            perHead += static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n) * 8;
    const std::uint64_t qk = L * T * (H + static_cast<std::uint64_t>(std::max(kvHeads, 0))) *
                             static_cast<std::uint64_t>(std::max(headDim, 0)) * 4;
    return qk + L * H * perHead;
}

} // namespace attn::long_context
