#include "attn/glove/embeddings.hpp"

#include "detail.hpp"

#include <algorithm>
#include <attn/memory_budget.hpp>
#include <cmath>

namespace attn::glove {

Embeddings::Embeddings(std::vector<std::string_view> words, const float* data, std::size_t dim,
                       std::shared_ptr<const void> keepAlive, std::string name, std::string source)
    : words_(std::move(words)), data_(data), dim_(dim), keepAlive_(std::move(keepAlive)),
      name_(std::move(name)), source_(std::move(source)) {
    std::size_t cap = 16;
    while (cap < 2 * words_.size())
        cap *= 2;
    slots_.assign(cap, 0);
    mask_ = cap - 1;
    for (std::size_t i = 0; i < words_.size(); ++i) {
        for (std::size_t s = hashWord(words_[i]) & mask_;; s = (s + 1) & mask_) {
            if (slots_[s] == 0) {
                slots_[s] = static_cast<std::uint32_t>(i + 1);
                break;
            }
            if (words_[slots_[s] - 1] == words_[i])
                throw detail::DuplicateWord(slots_[s] - 1, i); // readers dedupe first; see detail.hpp
        }
    }
}

std::uint64_t Embeddings::hashWord(std::string_view w) {
    // FNV-1a, 64-bit, then a final mix so the low bits used for the slot depend on every byte.
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : w) {
        h ^= c;
        h *= 1099511628211ull;
    }
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ull;
    h ^= h >> 32;
    return h;
}

std::optional<std::size_t> Embeddings::lookup(std::string_view word) const {
    for (std::size_t s = hashWord(word) & mask_;; s = (s + 1) & mask_) {
        const std::uint32_t v = slots_[s];
        if (v == 0)
            return std::nullopt;
        if (words_[v - 1] == word)
            return v - 1;
    }
}

std::optional<std::size_t> Embeddings::lookupFolded(std::string_view word) const {
    if (auto r = lookup(word))
        return r;
    std::string lower(word);
    bool changed = false;
    for (char& c : lower) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
            changed = true;
        }
    }
    return changed ? lookup(lower) : std::nullopt;
}

std::optional<std::span<const float>> Embeddings::vector(std::string_view word) const {
    if (auto r = lookup(word))
        return row(*r);
    return std::nullopt;
}

Eigen::Map<const Matrix> Embeddings::matrix() const {
    return Eigen::Map<const Matrix>(data_, static_cast<Eigen::Index>(words_.size()),
                                    static_cast<Eigen::Index>(dim_));
}

const std::vector<float>& Embeddings::norms() const {
    std::call_once(normsOnce_, [this] {
        norms_.resize(words_.size());
        auto m = matrix();
        for (Eigen::Index i = 0; i < m.rows(); ++i)
            norms_[static_cast<std::size_t>(i)] = m.row(i).norm();
    });
    return norms_;
}

std::vector<Neighbour> Embeddings::nearest(std::span<const float> v, std::size_t k,
                                           std::span<const std::size_t> exclude) const {
    std::vector<Neighbour> out;
    if (v.size() != dim_ || k == 0 || words_.empty())
        return out;
    const auto& n = norms();
    Eigen::Map<const Eigen::VectorXf> q(v.data(), static_cast<Eigen::Index>(dim_));
    const float qn = q.norm();
    Eigen::VectorXf dots = matrix() * q; // N
    std::vector<std::pair<float, std::size_t>> scored;
    scored.reserve(words_.size());
    for (std::size_t i = 0; i < words_.size(); ++i) {
        if (std::find(exclude.begin(), exclude.end(), i) != exclude.end())
            continue;
        const float denom = n[i] * qn;
        const float c = denom > 0.0f ? dots[static_cast<Eigen::Index>(i)] / denom : 0.0f;
        scored.emplace_back(c, i);
    }
    k = std::min(k, scored.size());
    // Highest cosine first; ties by row (file order) so results are deterministic.
    auto better = [](const auto& a, const auto& b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
    };
    std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(k), scored.end(), better);
    out.reserve(k);
    for (std::size_t i = 0; i < k; ++i)
        out.push_back({std::string(words_[scored[i].second]), scored[i].first});
    return out;
}

std::vector<Neighbour> Embeddings::nearest(std::string_view word, std::size_t k) const {
    auto r = lookupFolded(word);
    if (!r)
        return {};
    const std::size_t ex[1] = {*r};
    return nearest(row(*r), k, ex);
}

std::string groupThousands(std::size_t n) {
    return attn::withThousands(n); // core's, which the memory budget's messages use too
}

std::string Embeddings::description() const {
    return name_ + ": " + groupThousands(size()) + " words \xC3\x97 " + std::to_string(dim_);
}

} // namespace attn::glove
