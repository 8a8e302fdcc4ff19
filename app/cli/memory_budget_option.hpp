#pragma once
// `--memory-budget GB` of the subcommands that run a model (inspect, generate, render, layer, explain):
// the budget attn::checkAllocation refuses blocks above (attn/memory_budget.hpp; default half of this
// machine's memory). Decimal gigabytes, e.g. 2 or 0.5. With it, `--threads N`: the threads the core's
// products use (attn/threads.hpp; default every core, set in main()).

#include "cli/args.hpp"

#include <iosfwd>

namespace cli {

/// Declares --memory-budget and --threads on `args`.
Args& addMemoryBudgetOption(Args& args);
/// Applies --threads (1 to 1024; else "attnviz <command>: --threads: ..." and false) and --memory-budget
/// when given. On a malformed value (not a number, not above 0, above
/// 1,000,000 GB) writes "attnviz <command>: --memory-budget: ..." to `err` and returns false (exit 2).
bool applyMemoryBudget(const Args& args, const char* command, std::ostream& err);

} // namespace cli
