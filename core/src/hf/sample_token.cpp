// The sampling draw rule of attn/hf/decoding.hpp (steps 2-5), and the option checks.
#include <algorithm>
#include <attn/config.hpp>
#include <attn/hf/decoding.hpp>
#include <cmath>

namespace attn::hf {

void checkDecodingOptions(const DecodingOptions& options, const std::string& file) {
    if (!std::isfinite(options.temperature) || options.temperature < 0)
        throw ConfigError(file + ": temperature must be a finite number >= 0 (0 = greedy), got " +
                          std::to_string(options.temperature));
    if (options.topK < 0)
        throw ConfigError(file + ": top-k must be >= 0 (0 = every token), got " +
                          std::to_string(options.topK));
}

int sampleToken(const std::vector<float>& logits, double temperature, int keep, std::mt19937_64& rng,
                double* drawProbability, double* uniform) {
    const int vocab = static_cast<int>(logits.size());
    const int k = keep <= 0 ? vocab : std::min(keep, vocab);
    // Best first by logit = by softmax probability (softmax is monotone); ties: lower id (topK()).
    const auto kept = topK(std::vector<float>(logits.begin(), logits.end()), k);
    double mx = -INFINITY;
    for (const auto& e : kept)
        mx = std::max(mx, static_cast<double>(logits[static_cast<std::size_t>(e.id)]) / temperature);
    std::vector<double> q(kept.size()); // kept.size(), best first
    double sum = 0;
    for (std::size_t i = 0; i < kept.size(); ++i) {
        q[i] = std::exp(static_cast<double>(logits[static_cast<std::size_t>(kept[i].id)]) / temperature - mx);
        sum += q[i];
    }
    const double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
    if (uniform)
        *uniform = u;
    double cumulative = 0;
    for (std::size_t i = 0; i < kept.size(); ++i) {
        cumulative += q[i] / sum;
        if (u < cumulative || i + 1 == kept.size()) {
            if (drawProbability)
                *drawProbability = q[i] / sum;
            return kept[i].id;
        }
    }
    return kept.front().id; // not reached: the loop returns at its last element
}

} // namespace attn::hf
