#include "cli/embeddings_option.hpp"

#include <attn/glove/loader.hpp>
#include <filesystem>

namespace cli {

attn::glove::EmbeddingsPtr loadEmbeddingsForCli(const std::optional<std::string>& path, bool useCache,
                                                std::ostream& err, const char* command) {
    try {
        if (!path) {
            std::error_code ec;
            const auto full = attn::glove::fullSetPath();
            if (std::filesystem::exists(full, ec))
                return attn::glove::open(full, {{}, useCache, {}});
            return attn::glove::embeddedDefault();
        }
        if (*path == "default")
            return attn::glove::embeddedDefault();
        attn::glove::OpenOptions options;
        options.useCache = useCache;
        return attn::glove::open(*path, options);
    } catch (const std::exception& e) {
        err << "attnviz " << command << ": " << e.what() << '\n';
        return nullptr;
    }
}

} // namespace cli
