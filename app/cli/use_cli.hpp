#pragma once
// The Universal Sentence Encoder lite on the command line: `attnviz inspect --model DIR` where DIR holds
// the TensorFlow.js files of cmake/install-use-model.sh (model.json + vocab.json; cmd_use_inspect.cpp).

#include "cli/commands.hpp"

#include <optional>

namespace cli {

/// When argv's --model names a folder with model.json and vocab.json (a TensorFlow.js sentence encoder),
/// runs `inspect` on it and returns the exit code; otherwise nullopt.
std::optional<int> runUseInspect(const Argv& argv);

} // namespace cli
