// Placeholder until the issue that introduces 'embeddings' lands.
#include "cli/commands.hpp"

#include <iostream>

namespace cli {

int runEmbeddings(const Argv&) {
    std::cerr << "attnviz embeddings: not available yet in this build\n";
    return 2;
}

} // namespace cli
