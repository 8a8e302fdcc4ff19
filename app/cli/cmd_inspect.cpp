// Placeholder until the issue that introduces 'inspect' lands.
#include "cli/commands.hpp"

#include <iostream>

namespace cli {

int runInspect(const Argv&) {
    std::cerr << "attnviz inspect: not available yet in this build\n";
    return 2;
}

} // namespace cli
