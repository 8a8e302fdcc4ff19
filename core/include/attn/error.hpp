#pragma once
// The two exception types every reader of attn_core and attn_glove throws (Qt-free, header-only):
//
//   attn::Error      a file (or value) that cannot be used. what() is the full message, worded as the
//                    reader always worded it ("<path>:<line>: ..." for text, "<path>: byte <offset>: ..."
//                    or "... (byte offset N)" for binary); the same facts are also fields, the way
//                    nlohmann/json's parse_error carries `byte` beside its text.
//   attn::Cancelled  a progress callback returned false. Deliberately not an attn::Error: a cancelled
//                    job is not a failure to report.
//
// The per-format names are subclasses (ConfigError, SafetensorsError, CheckpointError, DatasetError,
// glove::LoadError) or aliases (datasets::Cancelled, glove::Cancelled, LoadCancelled), so a caller may
// catch the precise type or the base:
//
//   try { auto model = attn::loadModel(dir); }
//   catch (const attn::Cancelled&) { /* user pressed cancel */ }
//   catch (const attn::Error& e) { show(e.what()); if (e.line()) jumpTo(e.path(), *e.line()); }

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace attn {

/// Where an error is and what was wrong there. Every field is optional (empty / nullopt = unknown).
// (Default member initializers let readers name only the fields they know: ErrorInfo{.path = p, .byte = 8}.)
struct ErrorInfo {
    std::string path{};                  ///< the file (or directory) the error is about
    std::optional<std::uint64_t> line{}; ///< 1-based line, for text formats
    std::optional<std::uint64_t> byte{}; ///< 0-based byte offset in the file, for binary formats and JSON
    std::string key{};                   ///< config key, tensor name or JSON member the error is about
    std::string expected{};              ///< what the reader expected there, e.g. "[64,100]"
    std::string found{};                 ///< what it found instead, e.g. "[128,100]"
};

class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message, ErrorInfo info = {})
        : std::runtime_error(message), info_(std::make_shared<const ErrorInfo>(std::move(info))) {}

    const ErrorInfo& info() const noexcept { return *info_; }
    const std::string& path() const noexcept { return info_->path; }
    std::optional<std::uint64_t> line() const noexcept { return info_->line; }
    std::optional<std::uint64_t> byteOffset() const noexcept { return info_->byte; }
    const std::string& key() const noexcept { return info_->key; }
    const std::string& expected() const noexcept { return info_->expected; }
    const std::string& found() const noexcept { return info_->found; }

private:
    // Shared so that copying an exception never throws (as std::runtime_error's own message).
    std::shared_ptr<const ErrorInfo> info_;
};

class Cancelled : public std::runtime_error {
public:
    explicit Cancelled(const std::string& message = "cancelled") : std::runtime_error(message) {}
};

} // namespace attn
