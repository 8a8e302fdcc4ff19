#pragma once
// Internal to core/src/session: every page's state in JSON, the one set of rules behind a session's
// "pages.<key>" (session_file.cpp) and a lesson stop's "state" (lesson_file.cpp). The keys, their
// ranges and their defaults are documented in docs/session-format.md.

#include "json_file.hpp"

#include <attn/session/page_state.hpp>
#include <cstddef>
#include <optional>
#include <string>

namespace attn::session::detail {

/// The index of page `name` in pageKeys() (and in PageState's alternatives), or nullopt.
std::optional<std::size_t> pageIndex(const std::string& name);

/// The state of page `index` read from `value`, an object of that page's keys (absent keys keep the
/// page's default). A value that is not an object, an unknown key or a value outside its rule is
/// refused naming `key` and below: "pages.transformer.step", "stops[3].state.step".
PageState readPageState(const Reader& r, std::size_t index, const Json& value, const std::string& key);

/// The object of `state`, every key written (defaults too); `key` names it in a refusal (text that is
/// not UTF-8).
OrderedJson pageStateJson(const Target& target, const PageState& state, const std::string& key);

} // namespace attn::session::detail
