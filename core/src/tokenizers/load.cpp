#include <attn/config.hpp>
#include <attn/tokenizers/load.hpp>
#include <attn/tokenizers/wordpiece.hpp>

namespace attn::tokenizers {

namespace fs = std::filesystem;

std::shared_ptr<const Tokenizer> load(const fs::path& dir, const hf::HfConfig& /*config*/) {
    if (fs::exists(dir / "vocab.txt") && !fs::exists(dir / "tokenizer.json"))
        return WordPiece::load(dir);
    for (const char* f : {"tokenizer.json", "vocab.json", "merges.txt", "tokenizer.model"})
        if (fs::exists(dir / f))
            throw ConfigError((dir / f).string() + ": this tokenizer file is not supported yet");
    return nullptr;
}

} // namespace attn::tokenizers
