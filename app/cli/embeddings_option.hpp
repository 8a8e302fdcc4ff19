#pragma once
// The --embeddings / --no-cache options shared by the subcommands that use word vectors.

#include <attn/glove/embeddings.hpp>
#include <optional>
#include <ostream>
#include <string>

namespace cli {

/// PATH given: that file (text or binary; "default" = the embedded set). No PATH: the full set if
/// installed, else the embedded default. Returns null after writing the error to `err`.
attn::glove::EmbeddingsPtr loadEmbeddingsForCli(const std::optional<std::string>& path, bool useCache,
                                                std::ostream& err, const char* command);

} // namespace cli
