#include <attn/tokenizers/tokenizer.hpp>

namespace attn::tokenizers {

std::vector<std::string> Tokenizer::readable(const std::vector<int>& ids) const {
    std::vector<std::string> out;
    out.reserve(ids.size());
    for (int id : ids)
        out.push_back(piece(id));
    return out;
}

} // namespace attn::tokenizers
