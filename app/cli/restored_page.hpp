#pragma once
// A page built without a display and put in a saved state (attn/session/page_state.hpp), the way
// `attnviz render --session` and `attnviz lesson` need it: built, restored (its models and files read in
// the background as in the app), started, and waited for until it is idle with its restore follow-up
// done.
//
//   EmbeddingStore store;
//   store.useEmbeddedDefault();
//   std::string error;
//   std::unique_ptr<Page> page = cli::restoredPage("sentiment", &state, store, &error);
//   if (!page) ... error says why ("the sentiment page did not finish")

#include "pages/page.hpp"

#include <attn/session/page_state.hpp>
#include <memory>
#include <string>

class EmbeddingStore;

namespace cli {

/// How long a page may take to read its models and compute (milliseconds).
inline constexpr int kRestoreTimeoutMs = 120000;

/// The page `key` (attn::session::pageKeys()) built headless; the Walkthrough reads its vectors from
/// `store`. A Vision page does not predict its whole dataset (one image is drawn). nullptr for an
/// unknown key.
std::unique_ptr<Page> makePage(const std::string& key, EmbeddingStore& store);

/// Waits until `page` is idle with its restore follow-up done; false when the deadline `ms` passed first.
bool waitUntilRestored(Page& page, int ms);

/// makePage(key), restored to `state` (nullptr: the page's start-up defaults), started, and waited for
/// (waitUntilRestored). nullptr and *error (English, naming the page) for an unknown key or a page that
/// did not finish within `ms`. The page's own errors (a model that could not be read) are left in its
/// errorText() for the caller to judge.
std::unique_ptr<Page> restoredPage(const std::string& key, const attn::session::PageState* state,
                                   EmbeddingStore& store, std::string* error, int ms = kRestoreTimeoutMs);

} // namespace cli
