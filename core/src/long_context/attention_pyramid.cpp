// The pooled pyramid of one head's map (attn/long_context/attention_pyramid.hpp).
#include <algorithm>
#include <attn/long_context/attention_pyramid.hpp>
#include <stdexcept>
#include <string>

namespace attn::long_context {

std::vector<int> AttentionPyramid::levelSizes(int length, int finest, int coarsest) {
    if (length < 1 || finest < 1 || coarsest < 1)
        throw std::invalid_argument("AttentionPyramid: length, finest and coarsest must be >= 1, got " +
                                    std::to_string(length) + ", " + std::to_string(finest) + ", " +
                                    std::to_string(coarsest));
    std::vector<int> sizes{std::min(length, finest)};
    while (sizes.back() % 2 == 0 && sizes.back() / 2 >= coarsest)
        sizes.push_back(sizes.back() / 2);
    return sizes;
}

std::size_t AttentionPyramid::bytes() const {
    std::size_t b = 0;
    for (const auto& l : levels)
        b += static_cast<std::size_t>(l.max.size() + l.mean.size()) * sizeof(float);
    return b;
}

PyramidBuilder::PyramidBuilder(int length, int finest, int coarsest)
    : length_(length), sizes_(AttentionPyramid::levelSizes(length, finest, coarsest)), n0_(sizes_.front()) {
    start_.resize(static_cast<std::size_t>(n0_) + 1);
    for (int b = 0; b <= n0_; ++b)
        start_[static_cast<std::size_t>(b)] = blockStart(b, length_, n0_);
    blockOf_.resize(static_cast<std::size_t>(length_));
    for (int b = 0; b < n0_; ++b)
        for (Eigen::Index i = start_[static_cast<std::size_t>(b)];
             i < start_[static_cast<std::size_t>(b) + 1]; ++i)
            blockOf_[static_cast<std::size_t>(i)] = b;
    const auto cells = static_cast<std::size_t>(n0_) * static_cast<std::size_t>(n0_);
    max_.assign(cells, 0.0f); // probabilities are >= 0: a block of masked cells has max 0
    sum_.assign(cells, 0.0);
    rowMax_ = Eigen::ArrayXf::Zero(length_);
    rowSum_ = Eigen::ArrayXf::Zero(length_);
}

void PyramidBuilder::flush() {
    if (pending_ < 0)
        return;
    const auto base = static_cast<std::size_t>(pending_) * static_cast<std::size_t>(n0_);
    const float* rm = rowMax_.data();
    const float* rs = rowSum_.data();
    for (int b = 0; b < n0_; ++b) {
        const Eigen::Index c0 = start_[static_cast<std::size_t>(b)];
        if (c0 >= pendingCols_)
            break;
        const Eigen::Index c1 = std::min(start_[static_cast<std::size_t>(b) + 1], pendingCols_);
        float m = max_[base + static_cast<std::size_t>(b)], sum = 0.0f;
        for (Eigen::Index c = c0; c < c1; ++c) { // a few columns per block: plain loops beat Eigen here
            m = std::max(m, rm[c]);
            sum += rs[c];
        }
        max_[base + static_cast<std::size_t>(b)] = m;
        sum_[base + static_cast<std::size_t>(b)] += static_cast<double>(sum);
    }
    rowMax_.head(pendingCols_).setZero();
    rowSum_.head(pendingCols_).setZero();
    pending_ = -1;
    pendingCols_ = 0;
}

void PyramidBuilder::addRow(int row, const float* p, Eigen::Index cols) {
    if (row < 0 || row >= length_ || cols < 0 || cols > length_)
        throw std::invalid_argument("PyramidBuilder::addRow: row " + std::to_string(row) + " with " +
                                    std::to_string(cols) + " keys outside a map of " +
                                    std::to_string(length_));
    const int block = blockOf_[static_cast<std::size_t>(row)];
    if (block != pending_) {
        flush();
        pending_ = block;
    }
    const Eigen::Map<const Eigen::ArrayXf> r(p, cols);
    rowMax_.head(cols) = rowMax_.head(cols).max(r);
    rowSum_.head(cols) += r;
    pendingCols_ = std::max(pendingCols_, cols);
}

AttentionPyramid PyramidBuilder::finish() {
    flush();
    AttentionPyramid out;
    out.length = length_;
    std::vector<float> mx = std::move(max_);
    std::vector<double> sm = std::move(sum_);
    for (std::size_t l = 0; l < sizes_.size(); ++l) {
        const int n = sizes_[l];
        if (l > 0) { // pool the 2 x 2 children of the previous (twice as fine) level
            const int f = sizes_[l - 1];
            std::vector<float> cmx(static_cast<std::size_t>(n) * static_cast<std::size_t>(n));
            std::vector<double> csm(cmx.size());
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j) {
                    float m = 0.0f;
                    double s = 0.0;
                    for (int di = 0; di < 2; ++di)
                        for (int dj = 0; dj < 2; ++dj) {
                            const auto c =
                                static_cast<std::size_t>(2 * i + di) * static_cast<std::size_t>(f) +
                                static_cast<std::size_t>(2 * j + dj);
                            m = std::max(m, mx[c]);
                            s += sm[c];
                        }
                    const auto c = static_cast<std::size_t>(i) * static_cast<std::size_t>(n) +
                                   static_cast<std::size_t>(j);
                    cmx[c] = m;
                    csm[c] = s;
                }
            mx = std::move(cmx);
            sm = std::move(csm);
        }
        PyramidLevel level;
        level.blocks = n;
        level.max.resize(n, n);
        level.mean.resize(n, n);
        std::vector<double> width(static_cast<std::size_t>(n)); // positions per block
        for (int i = 0; i < n; ++i)
            width[static_cast<std::size_t>(i)] =
                static_cast<double>(blockStart(i + 1, length_, n) - blockStart(i, length_, n));
        for (int i = 0; i < n; ++i) {
            const double rows = width[static_cast<std::size_t>(i)];
            for (int j = 0; j < n; ++j) {
                const double cols = width[static_cast<std::size_t>(j)];
                const auto c =
                    static_cast<std::size_t>(i) * static_cast<std::size_t>(n) + static_cast<std::size_t>(j);
                level.max(i, j) = mx[c];
                level.mean(i, j) = static_cast<float>(sm[c] / (rows * cols));
            }
        }
        out.levels.push_back(std::move(level));
    }
    return out;
}

} // namespace attn::long_context
