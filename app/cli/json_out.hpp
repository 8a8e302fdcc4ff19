#pragma once
// JSON on the command line: the engine's matrices as row-major nested arrays, and one way to write a
// result to a file or to standard output. Shared by every subcommand that has --json.

#include <attn/matrix.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cli {

/// [rows][cols]. A NaN cell — the engine's mark for an absent value (an out-of-vocabulary row or
/// column) — becomes null.
nlohmann::json matrixJson(const attn::Matrix& m);
/// [i][rows][cols], e.g. one matrix per head.
nlohmann::json matricesJson(const std::vector<attn::Matrix>& ms);
/// [layer][head][T][T].
nlohmann::json stackJson(const attn::AttentionStack& stack);

/// Writes `j` to `path`, or to standard output when `path` is "-" (services/json_file.hpp, which the
/// pages' JSON exports use too). `indent` as nlohmann's dump (-1 = compact). Throws std::runtime_error
/// naming the file when it cannot be written (the dispatcher prints "attnviz COMMAND: PATH: cannot
/// write" and exits 1).
void writeJson(const std::string& path, const nlohmann::json& j, int indent = -1);

} // namespace cli
