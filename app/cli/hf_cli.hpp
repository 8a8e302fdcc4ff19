#pragma once
// Hugging Face model directories on the command line (attn::hf::loadModel): the `inspect` route for
// them (cmd_hf_inspect.cpp) and the helpers `generate` shares (token-id lists; JSON: cli/json_out.hpp).

#include "cli/commands.hpp"

#include <attn/hf/model.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cli {

/// When argv's --model names a Hugging Face directory (config.json with model_type), runs `inspect` on
/// it and returns the exit code; otherwise nullopt (the attnviz layouts go on as before).
std::optional<int> runHfInspect(const Argv& argv);

/// Parses "5,9,2" (spaces allowed). Throws std::runtime_error naming the option on a malformed list.
std::vector<int> parseTokenIds(const std::string& text, const std::string& option);

/// The value of `--name X` / `--name=X` in argv, without parsing the rest.
std::optional<std::string> peekOption(const Argv& argv, const std::string& name);

} // namespace cli
