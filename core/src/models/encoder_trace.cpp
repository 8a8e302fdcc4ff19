#include <attn/models/encoder_trace.hpp>
#include <cmath>
#include <numeric>
#include <random>

namespace attn {

std::vector<double> sinusoidalFrequencies(int d) {
    std::vector<double> w;
    for (int i = 0; i < d; i += 2) // the same expression as detail::sinusoidalTable
        w.push_back(1.0 / std::pow(10000.0, static_cast<double>(i) / d));
    return w;
}

std::vector<std::size_t> shuffledOrder(std::size_t n, std::uint32_t seed) {
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::mt19937 gen(seed);
    for (std::size_t i = n; i > 1; --i) {
        // std::uniform_int_distribution is implementation-defined; a modulo of the raw draw is not.
        const std::size_t j = static_cast<std::size_t>(gen()) % i;
        std::swap(order[i - 1], order[j]);
    }
    return order;
}

} // namespace attn
