#pragma once
// The headless subcommands of `attnviz`. Each takes its arguments (after the subcommand name)
// and returns the process exit code; errors go to stderr, results to stdout or files.

#include <string>
#include <vector>

namespace cli {

using Argv = std::vector<std::string>;

int runWalkthrough(const Argv& args); // app/cli/cmd_walkthrough.cpp
int runEmbeddings(const Argv& args);  // app/cli/cmd_embeddings.cpp
int runInspect(const Argv& args);     // app/cli/cmd_inspect.cpp
int runRender(const Argv& args);      // app/cli/cmd_render.cpp
int runLayer(const Argv& args);       // app/cli/cmd_layer.cpp
int runGenerate(const Argv& args);    // app/cli/cmd_generate.cpp
int runExplain(const Argv& args);     // app/cli/cmd_explain.cpp
int runLesson(const Argv& args);      // app/cli/cmd_lesson.cpp
int runHeads(const Argv& args);       // app/cli/cmd_heads.cpp

struct Command {
    const char* name;
    const char* summary;
    int (*run)(const Argv&);
};

const std::vector<Command>& commands();

/// Runs `attnviz <subcommand> ...` and returns its exit code. When argv asks for the GUI (no
/// subcommand, or Qt's own options) it sets *startGui and returns 0.
int dispatch(int argc, char** argv, bool* startGui);

} // namespace cli
