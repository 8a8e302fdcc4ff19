#include "cli/memory_budget_option.hpp"

#include <attn/memory_budget.hpp>
#include <attn/threads.hpp>
#include <cmath>
#include <ostream>
#include <string>

namespace cli {

Args& addMemoryBudgetOption(Args& args) {
    args.option("threads", "N",
                "threads for the model's products (attention heads, row blocks, matrix tiles; the results "
                "do not depend on it); default " +
                    std::to_string(attn::threadCount()) +
                    ": every core, or the environment variable ATTNVIZ_THREADS");
    return args.option("memory-budget", "GB",
                       "refuse inputs whose attention maps or logits would need more than GB gigabytes "
                       "(decimal, e.g. 2 or 0.5; default " +
                           attn::formatBytes(attn::memoryBudgetBytes()) + ", " + attn::memoryBudgetOrigin() +
                           ")");
}

bool applyMemoryBudget(const Args& args, const char* command, std::ostream& err) {
    if (args.has("threads")) {
        const auto n = args.integer("threads", 0, err);
        if (!n || *n < 1 || *n > 1024) {
            if (n)
                err << "attnviz " << command << ": --threads: " << *n << " is not between 1 and 1024\n";
            return false;
        }
        attn::setThreadCount(static_cast<int>(*n));
    }
    const auto text = args.value("memory-budget");
    if (!text)
        return true;
    constexpr double kMaxGb = 1e6;
    double gb = 0;
    std::size_t used = 0;
    try {
        gb = std::stod(*text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text->size() || !std::isfinite(gb) || gb <= 0 || gb > kMaxGb) {
        err << "attnviz " << command << ": --memory-budget: '" << *text
            << "' is not a number of gigabytes above 0 and at most 1000000 (e.g. 2 or 0.5)\n";
        return false;
    }
    const auto bytes = static_cast<std::uint64_t>(std::llround(gb * 1e9));
    attn::setMemoryBudget(bytes > 0 ? bytes : 1); // 0 would mean "the default"
    return true;
}

} // namespace cli
