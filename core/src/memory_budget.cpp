#include <atomic>
#include <attn/memory_budget.hpp>
#include <cstdio>
#include <limits>
#include <sys/resource.h>
#include <unistd.h>

namespace attn {

namespace {

std::atomic<std::uint64_t> g_budget{0}; // 0 = the default

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

std::uint64_t mul(std::uint64_t a, std::uint64_t b) {
    if (a != 0 && b > kMax / a)
        return kMax;
    return a * b;
}

/// RLIMIT_AS in bytes, or 0 when unlimited.
std::uint64_t addressSpaceLimit() {
    rlimit r{};
    if (getrlimit(RLIMIT_AS, &r) != 0 || r.rlim_cur == RLIM_INFINITY)
        return 0;
    return static_cast<std::uint64_t>(r.rlim_cur);
}

/// What the default budget is half of, and its wording.
std::uint64_t defaultBase(std::string* origin) {
    const std::uint64_t physical = physicalMemoryBytes();
    const std::uint64_t limit = addressSpaceLimit();
    if (limit != 0 && (physical == 0 || limit < physical)) {
        if (origin)
            *origin = "half of this process's " + formatBytes(limit) + " address-space limit";
        return limit;
    }
    if (physical != 0) {
        if (origin)
            *origin = "half of this machine's " + formatBytes(physical);
        return physical;
    }
    constexpr std::uint64_t kUnknown = 8'000'000'000ULL; // physical memory unknown: assume 8 GB
    if (origin)
        *origin = "half of an assumed 8.0 GB (this machine's memory is unknown)";
    return kUnknown;
}

} // namespace

std::uint64_t physicalMemoryBytes() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || pageSize <= 0)
        return 0;
    return mul(static_cast<std::uint64_t>(pages), static_cast<std::uint64_t>(pageSize));
}

std::uint64_t memoryBudgetBytes() {
    const std::uint64_t set = g_budget.load(std::memory_order_relaxed);
    return set != 0 ? set : defaultBase(nullptr) / 2;
}

std::uint64_t defaultMemoryBudgetBytes(std::string* origin) {
    return defaultBase(origin) / 2;
}

void setMemoryBudget(std::uint64_t bytes) {
    g_budget.store(bytes, std::memory_order_relaxed);
}

std::string memoryBudgetOrigin() {
    const std::uint64_t set = g_budget.load(std::memory_order_relaxed);
    if (set != 0)
        return "set to " + formatBytes(set);
    std::string origin;
    defaultBase(&origin);
    return origin;
}

void checkAllocation(std::uint64_t bytes, const std::string& what) {
    const std::uint64_t budget = memoryBudgetBytes();
    if (bytes <= budget)
        return;
    throw MemoryBudgetError(what + " = " + formatBytes(bytes) + " exceed the memory budget of " +
                                formatBytes(budget) + " (" + memoryBudgetOrigin() +
                                "; --memory-budget / View > Memory budget)",
                            bytes, budget);
}

std::uint64_t attentionMapBytes(std::uint64_t layers, std::uint64_t heads, std::uint64_t rows,
                                std::uint64_t cols) {
    return mul(mul(mul(layers, heads), mul(rows, cols)), sizeof(float));
}

void checkAttentionMaps(int layers, int heads, int rows, int cols, int copies) {
    if (layers <= 0 || heads <= 0 || rows <= 0 || cols <= 0 || copies <= 0)
        return;
    const auto L = static_cast<std::uint64_t>(layers), H = static_cast<std::uint64_t>(heads);
    const auto R = static_cast<std::uint64_t>(rows), C = static_cast<std::uint64_t>(cols);
    const std::uint64_t bytes = mul(attentionMapBytes(L, H, R, C), static_cast<std::uint64_t>(copies));
    const auto plural = [](std::uint64_t n, const char* word) {
        return withThousands(n) + " " + word + (n == 1 ? "" : "s");
    };
    std::string what = "attention maps for ";
    if (rows == cols)
        what += plural(R, "token");
    else
        what += (R == 1 ? std::string("1 new token") : withThousands(R) + " new tokens") + " after " +
                withThousands(C - R);
    what += ": " + plural(L, "layer") + " x " + plural(H, "head") + " x ";
    if (copies > 1)
        what += std::to_string(copies) + " matrices x ";
    what += rows == cols ? withThousands(R) + "^2" : withThousands(R) + " x " + withThousands(C);
    what += " x 4 B";
    checkAllocation(bytes, what);
}

void checkLogits(int rows, int vocab) {
    if (rows <= 0 || vocab <= 0)
        return;
    const auto R = static_cast<std::uint64_t>(rows), V = static_cast<std::uint64_t>(vocab);
    checkAllocation(mul(mul(R, V), sizeof(float)),
                    "logits for " + withThousands(R) + (R == 1 ? " token: " : " tokens: ") +
                        withThousands(R) + " x " + withThousands(V) + " x 4 B");
}

std::string formatBytes(std::uint64_t bytes) {
    if (bytes < 1000)
        return std::to_string(bytes) + " B";
    static const char* const units[] = {"kB", "MB", "GB", "TB", "PB", "EB"};
    double v = static_cast<double>(bytes);
    int u = -1;
    while (v >= 999.95 && u < 5) {
        v /= 1000.0;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
    return buf;
}

std::string withThousands(std::uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

} // namespace attn
