#include <attn/session/page_state.hpp>

namespace attn::session {

const std::vector<std::string>& pageKeys() {
    // In the order of PageState's alternatives, which is the tab order.
    static const std::vector<std::string> keys{"walkthrough", "translation", "sentiment", "vision",
                                               "transformer", "generate",    "heads",     "similarity"};
    static_assert(std::variant_size_v<PageState> == 8, "a page key for every PageState alternative");
    return keys;
}

std::string pageKey(const PageState& state) {
    return pageKeys()[state.index()];
}

} // namespace attn::session
