#pragma once
// The Universal Sentence Encoder lite's independent reference (training/use_reference.py:
// tests/data/use/forward.json) and the message of a test that skips because the model is not installed,
// shared by the core and app tests of that model.

#include "attnviz_test_paths.hpp"

#include <attn/models/universal_sentence_encoder.hpp>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

namespace testref {

/// forward.json, parsed once: "sentences" (ids, pieces, every map, the vector) and "similarity".
inline const nlohmann::json& useForward() {
    static const nlohmann::json j = [] {
        std::ifstream in(ATTNVIZ_TEST_DATA_DIR "/use/forward.json");
        return nlohmann::json::parse(in);
    }();
    return j;
}

/// Why a test that needs the installed model skipped, and how to get it.
inline std::string useNotInstalled() {
    return "the Universal Sentence Encoder lite is not installed in " +
           attn::UniversalSentenceEncoder::defaultDirectory().string() +
           " (run cmake/install-use-model.sh; ./test.sh does)";
}

/// The installed model, opened once; null when it is not installed.
inline std::shared_ptr<const attn::UniversalSentenceEncoder> installedUse() {
    static const auto m = []() -> std::shared_ptr<const attn::UniversalSentenceEncoder> {
        const auto dir = attn::UniversalSentenceEncoder::defaultDirectory();
        if (!attn::UniversalSentenceEncoder::looksLikeModel(dir))
            return nullptr;
        return attn::UniversalSentenceEncoder::open(dir);
    }();
    return m;
}

} // namespace testref

// In a GoogleTest body: skips the test, saying how to install the model, when it is not installed.
#define REQUIRE_USE_MODEL()                                                                                  \
    do {                                                                                                     \
        if (!testref::installedUse()) {                                                                      \
            GTEST_SKIP() << testref::useNotInstalled();                                                      \
        }                                                                                                    \
    } while (false)
