// Placeholder until the issue that introduces 'walkthrough' lands.
#include "cli/commands.hpp"

#include <iostream>

namespace cli {

int runWalkthrough(const Argv&) {
    std::cerr << "attnviz walkthrough: not available yet in this build\n";
    return 2;
}

} // namespace cli
