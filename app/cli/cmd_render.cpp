// Placeholder until the issue that introduces 'render' lands.
#include "cli/commands.hpp"

#include <iostream>

namespace cli {

int runRender(const Argv&) {
    std::cerr << "attnviz render: not available yet in this build\n";
    return 2;
}

} // namespace cli
