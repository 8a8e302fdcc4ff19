#include "bpe_merges.hpp"

namespace attn::tokenizers::detail {

// Length-prefixed, so that no two pairs share a key whatever bytes their symbols hold.
std::string BpeMerges::key(const std::string& a, const std::string& b) {
    return std::to_string(a.size()) + ':' + a + b;
}

bool BpeMerges::add(const std::string& a, const std::string& b) {
    return ranks_.emplace(key(a, b), static_cast<int>(ranks_.size())).second;
}

int BpeMerges::rank(const std::string& a, const std::string& b) const {
    const auto it = ranks_.find(key(a, b));
    return it == ranks_.end() ? -1 : it->second;
}

std::vector<std::string> BpeMerges::apply(std::vector<std::string> word) const {
    while (word.size() > 1) {
        int best = -1;
        std::size_t at = 0;
        for (std::size_t i = 0; i + 1 < word.size(); ++i) {
            const int r = rank(word[i], word[i + 1]);
            if (r >= 0 && (best < 0 || r < best)) {
                best = r;
                at = i;
            }
        }
        if (best < 0)
            break;
        const std::string first = word[at], second = word[at + 1];
        std::vector<std::string> out;
        out.reserve(word.size());
        for (std::size_t i = 0; i < word.size();) {
            if (i + 1 < word.size() && word[i] == first && word[i + 1] == second) {
                out.push_back(first + second);
                i += 2;
            } else {
                out.push_back(std::move(word[i]));
                ++i;
            }
        }
        word = std::move(out);
    }
    return word;
}

} // namespace attn::tokenizers::detail
