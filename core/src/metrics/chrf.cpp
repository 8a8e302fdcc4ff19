#include <algorithm>
#include <array>
#include <attn/metrics/chrf.hpp>
#include <stdexcept>
#include <unordered_map>

namespace attn {

namespace {

constexpr int kMaxN = 6;
constexpr double kBetaSquared = 4.0; // beta = 2: recall weighs twice as much as precision

// Code points without spaces. A byte that does not start a complete, valid sequence is one character of
// its own (kept apart from every real code point by an offset past U+10FFFF).
std::u32string characters(const std::string& s) {
    std::u32string out;
    std::size_t i = 0;
    while (i < s.size()) {
        const auto lead = static_cast<unsigned char>(s[i]);
        std::size_t len = lead < 0x80           ? 1
                          : (lead >> 5) == 0x6  ? 2
                          : (lead >> 4) == 0xE  ? 3
                          : (lead >> 3) == 0x1E ? 4
                                                : 0;
        bool valid = len > 0 && i + len <= s.size();
        for (std::size_t k = 1; valid && k < len; ++k)
            valid = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
        char32_t cp = 0x110000 + lead;
        if (valid) {
            cp = len == 1 ? lead : len == 2 ? (lead & 0x1F) : len == 3 ? (lead & 0x0F) : (lead & 0x07);
            for (std::size_t k = 1; k < len; ++k)
                cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
        } else {
            len = 1;
        }
        if (cp != U' ')
            out.push_back(cp);
        i += len;
    }
    return out;
}

std::unordered_map<std::u32string, int> grams(const std::u32string& text, std::size_t n) {
    std::unordered_map<std::u32string, int> counts;
    for (std::size_t i = 0; i + n <= text.size(); ++i)
        ++counts[text.substr(i, n)];
    return counts;
}

} // namespace

double chrF(const std::vector<std::string>& hypotheses, const std::vector<std::string>& references) {
    if (hypotheses.size() != references.size())
        throw std::invalid_argument("chrF: " + std::to_string(hypotheses.size()) + " hypotheses but " +
                                    std::to_string(references.size()) + " references");
    std::array<double, kMaxN> matched{}, hypTotal{}, refTotal{};
    for (std::size_t s = 0; s < hypotheses.size(); ++s) {
        const auto hyp = characters(hypotheses[s]);
        const auto ref = characters(references[s]);
        for (std::size_t n = 1; n <= kMaxN; ++n) {
            const auto h = grams(hyp, n);
            const auto r = grams(ref, n);
            for (const auto& [gram, count] : h) {
                hypTotal[n - 1] += count;
                if (const auto it = r.find(gram); it != r.end())
                    matched[n - 1] += std::min(count, it->second);
            }
            for (const auto& entry : r)
                refTotal[n - 1] += entry.second;
        }
    }
    double precision = 0, recall = 0;
    for (int n = 0; n < kMaxN; ++n) {
        precision += hypTotal[n] > 0 ? matched[n] / hypTotal[n] : 0.0;
        recall += refTotal[n] > 0 ? matched[n] / refTotal[n] : 0.0;
    }
    precision /= kMaxN;
    recall /= kMaxN;
    if (precision + recall == 0)
        return 0.0;
    return 100.0 * (1 + kBetaSquared) * precision * recall / (kBetaSquared * precision + recall);
}

double chrF(const std::string& hypothesis, const std::string& reference) {
    return chrF(std::vector<std::string>{hypothesis}, std::vector<std::string>{reference});
}

} // namespace attn
