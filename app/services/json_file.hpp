#pragma once
// JSON files as attnviz writes them, for the command line's --json and the pages' JSON exports alike,
// so that an export from a page is byte-for-byte the file the CLI writes for the same result.

#include <nlohmann/json.hpp>
#include <string>

namespace json_file {

/// Writes `j` and a newline to `path`, or to standard output when `path` is "-". `indent` as nlohmann's
/// dump (-1 = compact). Bytes of strings that are not UTF-8 become U+FFFD. Throws std::runtime_error
/// naming the file when it cannot be written.
void write(const std::string& path, const nlohmann::json& j, int indent = -1);

} // namespace json_file
