#pragma once
// SurveyCache: head surveys kept per model + corpus + options (issue 54), so that running the same survey
// again is instant. In memory for the process (the language switch and a lesson stop rebuild the Heads
// page: the new page finds the old page's survey), and on disk under <cache>/heads/<key>.json, <cache>
// being attn::glove::defaultCacheDir() ($ATTNVIZ_CACHE_DIR, else $XDG_CACHE_HOME/attnviz, else
// ~/.cache/attnviz). A file holds the report as `attnviz heads --json` writes it.
//
// The key is a SHA-256 over the bytes of every file of the model folder (names and sizes too), the
// corpus file's bytes, the limit and the options: a changed weight or sentence is another survey. A
// corrupt or unreadable cache file is ignored with a warning (and the survey runs); it never throws.
// Thread-safe: the page's job looks up and stores from a worker thread.

#include "services/head_survey_run.hpp"

#include <attn/analysis/survey_report.hpp>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace survey_cache {

/// The key of a survey (64 hex digits), or empty with *warning when a file cannot be read.
std::string key(const std::string& modelDirectory, const std::string& corpusFile, std::size_t limit,
                const HeadSurveyOptions& options, std::string* warning = nullptr);

/// The folder of the disk cache: defaultCacheDir() / "heads".
std::filesystem::path directory();

/// The survey of `key` from memory, else from disk (then kept in memory too). A bad file: nullopt and a
/// warning naming it and what is wrong.
std::optional<attn::analysis::SurveyReport> find(const std::string& key, std::vector<std::string>* warnings);

/// Keeps `report` under `key` in memory and on disk (a failed write is a warning, the memory copy stays).
void store(const std::string& key, const attn::analysis::SurveyReport& report,
           std::vector<std::string>* warnings);

/// Forgets the memory copies (tests: the next find reads the disk).
void clearMemory();

} // namespace survey_cache
