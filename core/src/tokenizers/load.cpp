#include <attn/config.hpp>
#include <attn/tokenizers/load.hpp>

namespace attn::tokenizers {

namespace fs = std::filesystem;

std::shared_ptr<const Tokenizer> load(const fs::path& dir, const hf::HfConfig& /*config*/) {
    for (const char* f : {"tokenizer.json", "vocab.json", "merges.txt", "tokenizer.model", "vocab.txt"})
        if (fs::exists(dir / f))
            throw ConfigError((dir / f).string() + ": this tokenizer file is not supported yet");
    return nullptr;
}

} // namespace attn::tokenizers
