#include <algorithm>
#include <attn/power_law_fit.hpp>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace attn {

PowerLawFit fitPowerLaw(const std::vector<double>& lengths, const std::vector<double>& times) {
    if (lengths.size() != times.size())
        throw std::invalid_argument("fitPowerLaw: " + std::to_string(lengths.size()) + " lengths but " +
                                    std::to_string(times.size()) + " times");
    std::vector<double> x, y; // log n, log t of the usable points
    double from = 0, to = 0;  // their smallest and largest n, as given
    for (std::size_t i = 0; i < lengths.size(); ++i)
        if (std::isfinite(lengths[i]) && std::isfinite(times[i]) && lengths[i] > 0 && times[i] > 0) {
            from = x.empty() ? lengths[i] : std::min(from, lengths[i]);
            to = x.empty() ? lengths[i] : std::max(to, lengths[i]);
            x.push_back(std::log(lengths[i]));
            y.push_back(std::log(times[i]));
        }
    PowerLawFit f;
    if (x.size() < 2)
        return f;
    const double m = static_cast<double>(x.size());
    const double mx = std::accumulate(x.begin(), x.end(), 0.0) / m;
    const double my = std::accumulate(y.begin(), y.end(), 0.0) / m;
    double sxx = 0, sxy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxx += (x[i] - mx) * (x[i] - mx);
        sxy += (x[i] - mx) * (y[i] - my);
    }
    if (!(sxx > 0)) // every n the same: no line
        return f;
    f.slope = sxy / sxx;
    f.coefficient = std::exp(my - f.slope * mx);
    f.points = static_cast<int>(x.size());
    f.fromLength = from;
    f.toLength = to;
    return f;
}

PowerLawFit fitTopPowerLaw(const std::vector<double>& lengths, const std::vector<double>& times, int top) {
    if (lengths.size() != times.size())
        return fitPowerLaw(lengths, times); // throws, naming both sizes
    std::vector<std::size_t> order(lengths.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return lengths[a] > lengths[b]; });
    order.resize(std::min(order.size(), static_cast<std::size_t>(std::max(top, 0))));
    std::vector<double> n, t;
    for (std::size_t i : order) {
        n.push_back(lengths[i]);
        t.push_back(times[i]);
    }
    return fitPowerLaw(n, t);
}

} // namespace attn
