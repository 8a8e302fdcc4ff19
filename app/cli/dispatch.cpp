#include "cli/commands.hpp"
#include "startup_options.hpp"

#include <exception>
#include <iostream>

namespace cli {

const std::vector<Command>& commands() {
    static const std::vector<Command> table = {
        {"walkthrough", "dot-product attention between two sentences on GloVe vectors, every step",
         &runWalkthrough},
        {"embeddings", "print a word's GloVe vector and its nearest neighbours", &runEmbeddings},
        {"inspect", "run a checkpoint on a text or an image and dump its attention", &runInspect},
        {"render", "write what a page shows for an input as a PNG, without a display", &runRender},
        {"layer", "every intermediate of one encoder layer, with what-if switches", &runLayer},
        {"generate", "continue a prompt greedily with a Hugging Face decoder, keeping each step's attention",
         &runGenerate},
        {"explain", "explanation methods side by side: relevance, deletion curves, AOPC, ablation",
         &runExplain},
        {"lesson", "check a lesson's stops and answer their questions (JSON), or draw one stop as a PNG",
         &runLesson},
        {"heads", "what each attention head does: metrics per layer and head over a corpus, with examples",
         &runHeads},
    };
    return table;
}

static void printHelp(std::ostream& out) {
    out << "attnviz " ATTNVIZ_VERSION " - see and step through attention\n\n"
        << "Usage: attnviz                      open the window\n"
        << "       attnviz [--page NAME] [--teaching] [--size WxH] [--language zh_CN|en]\n"
        << "                                    open it with the window options below\n"
        << "       attnviz <subcommand> [options]   run headless (no display needed)\n\n"
        << "Window options:\n"
        << startup::helpText() << "  (and Qt's own, such as -platform offscreen or -style fusion)\n\n"
        << "Subcommands:\n";
    for (const auto& c : commands()) {
        std::string name = c.name;
        out << "  " << name << std::string(14 - name.size(), ' ') << c.summary << '\n';
    }
    out << "\nRun 'attnviz <subcommand> --help' for its options.\n";
}

int dispatch(int argc, char** argv, bool* startGui) {
    *startGui = false;
    if (argc < 2) {
        *startGui = true;
        return 0;
    }
    const std::string first = argv[1];
    if (first == "--help" || first == "-h" || first == "help") {
        printHelp(std::cout);
        return 0;
    }
    if (first == "--version") {
        std::cout << "attnviz " ATTNVIZ_VERSION "\n";
        return 0;
    }
    // Qt's own options (e.g. -platform offscreen) still open the GUI.
    if (first.rfind("-", 0) == 0) {
        *startGui = true;
        return 0;
    }
    for (const auto& c : commands()) {
        if (first == c.name) {
            Argv rest(argv + 2, argv + argc);
            try {
                return c.run(rest);
            } catch (const std::exception& e) {
                std::cerr << "attnviz " << c.name << ": " << e.what() << '\n';
                return 1;
            }
        }
    }
    std::cerr << "attnviz: unknown subcommand '" << first << "'\n\n";
    printHelp(std::cerr);
    return 2;
}

} // namespace cli
