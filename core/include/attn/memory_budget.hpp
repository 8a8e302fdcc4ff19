#pragma once
// A process-wide memory budget that a model checks BEFORE it allocates a block that grows with the
// square of the input length (attention maps: layers x heads x T x T), with T x vocabulary (logits) or
// the like. A request above the budget is refused with attn::MemoryBudgetError, whose message gives the
// figure, how it was computed and the limit, e.g.
//
//   attention maps for 16,384 tokens: 8 layers x 8 heads x 16,384^2 x 4 B = 68.7 GB exceed the memory
//   budget of 12.0 GB (half of this machine's 24.0 GB; --memory-budget / View > Memory budget)
//
// instead of std::bad_alloc (or the machine swapping) half-way through the forward pass.
//
// The default budget is half of this machine's physical memory, or half of the process's address-space
// limit (RLIMIT_AS) when that is smaller. setMemoryBudget() replaces it (the CLI's --memory-budget, the
// GUI's setting); 0 goes back to the default. Sizes are decimal: 1 GB = 10^9 bytes.

#include <attn/error.hpp>
#include <cstdint>
#include <string>

namespace attn {

/// A block refused by the memory budget. Nothing was allocated for it.
class MemoryBudgetError : public Error {
public:
    MemoryBudgetError(const std::string& message, std::uint64_t requested, std::uint64_t budget)
        : Error(message), requested_(requested), budget_(budget) {}
    std::uint64_t requestedBytes() const noexcept { return requested_; }
    std::uint64_t budgetBytes() const noexcept { return budget_; }

private:
    std::uint64_t requested_, budget_;
};

/// This machine's physical memory in bytes (sysconf); 0 when unknown.
std::uint64_t physicalMemoryBytes();

/// The budget in force: the one set, else the default (see above).
std::uint64_t memoryBudgetBytes();
/// The default budget, whether or not another is set; *origin (optional) says what it is half of.
std::uint64_t defaultMemoryBudgetBytes(std::string* origin = nullptr);
/// Sets the budget (bytes; 0 = back to the default). Thread-safe; models read it at each check.
void setMemoryBudget(std::uint64_t bytes);
/// Where the budget comes from, as the error message says it: "half of this machine's 24.0 GB",
/// "half of this process's 6.0 GB address-space limit", or "set to 2.0 GB".
std::string memoryBudgetOrigin();

/// Throws MemoryBudgetError when `bytes` exceed memoryBudgetBytes(). `what` names the block and how its
/// size was computed ("attention maps for 16,384 tokens: 8 layers x 8 heads x 16,384^2 x 4 B"); the
/// message is "<what> = <size> exceed the memory budget of <budget> (<origin>; <how to change it>)".
void checkAllocation(std::uint64_t bytes, const std::string& what);

/// Bytes of `layers` x `heads` float maps of rows x cols (saturating: never wraps around).
std::uint64_t attentionMapBytes(std::uint64_t layers, std::uint64_t heads, std::uint64_t rows,
                                std::uint64_t cols);
/// checkAllocation for `layers` x `heads` float maps of `rows` x `cols` (queries x keys); `copies` > 1
/// when each head keeps that many such matrices (a traced forward keeps scores, scaled scores and
/// weights). The message reads "attention maps for 16,384 tokens: ..." (rows == cols) or "attention maps
/// for 1 new token after 99: ..." (rows < cols, a decoder step on its cache).
void checkAttentionMaps(int layers, int heads, int rows, int cols, int copies = 1);
/// checkAllocation for `rows` x `vocab` float logits: "logits for 16,384 tokens: 16,384 x 32,000 x 4 B".
void checkLogits(int rows, int vocab);

/// 68719476736 -> "68.7 GB" (decimal units: B, kB, MB, GB, TB; one decimal above bytes).
std::string formatBytes(std::uint64_t bytes);
/// 16384 -> "16,384".
std::string withThousands(std::uint64_t n);

} // namespace attn
