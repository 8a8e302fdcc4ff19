#pragma once
// JSON text -> nlohmann::json for the file readers, with every failure described by a byte position.
//
// nlohmann::json::parse throws parse_error (with `byte`) for bad syntax but out_of_range 406 ("number
// overflow parsing '1e400'") without any position; a reader that catches only parse_error lets the
// second escape. This parses through the SAX interface instead, so that every error the parser can
// report arrives here with its position, and nothing is thrown: the caller builds its own attn::Error.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace attn {

struct JsonParseFailure {
    /// nlohmann's position: the number of bytes read when the error was detected (the `byte` of
    /// parse_error, 1-based index of the last byte read). Kept for messages worded "at byte N".
    std::uint64_t position = 0;
    /// 0-based offset in the text of the byte where the problem starts: the last byte read for a
    /// syntax error, the first byte of the number for a number overflow.
    std::uint64_t offset = 0;
    int id = 0;          ///< nlohmann's error id (101 syntax, 406 number overflow, ...)
    std::string message; ///< nlohmann's what(), e.g. "[json.exception.out_of_range.406] number overflow ..."
    /// The message for a user: nlohmann's what() without its "[json.exception.<kind>.<id>] " tag, e.g.
    /// "number overflow parsing '1e400'" (issue 49: the tag means nothing to someone editing the file).
    std::string reason;
};

/// The parsed value, or nullopt with *failure filled in. Never throws a nlohmann exception.
std::optional<nlohmann::json> tryParseJson(std::string_view text, JsonParseFailure* failure);

/// A value for an error message: scalars as JSON text, containers summarised when they are deep or
/// large (nlohmann's dump() recurses, so a hostile 100,000-deep list must not reach it), at most 80 bytes.
std::string describeJson(const nlohmann::json& value);

} // namespace attn
