#pragma once
// resources/models/translation-ladder.json (training/make_translation_ladder.py, issue 51 point 3): the
// chapter's sentence "The book that I bought is very interesting" grown clause by clause, translated by
// both shipped translation models and scored with chrF against Apertium's translation. The file holds
// every candidate; the Translation page shows the chosen path ("ladder"), one rung per sentence:
//
//   {"metric": "chrF", "models": ["translation-en-es", "translation-en-es-noattn"], "rule": "...",
//    "chosen_path": 2, "reference": "...",
//    "ladder": [{"rung": 1, "source": "...", "reference": "...",
//                "chrF": {"translation-en-es": 92.568, ...}, "outputs": {"translation-en-es": "...", ...}},
//               ...],
//    "candidates": [...], "provenance": {...}}

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace attn {

struct TranslationLadder {
    struct Rung {
        std::string source;                         ///< English
        std::string reference;                      ///< Apertium's Spanish
        int sourceTokens = 0;                       ///< tokens of attn::tokenize(source)
        std::map<std::string, double> chrF;         ///< by model name, 0..100
        std::map<std::string, std::string> outputs; ///< by model name: the greedy translation scored
    };
    std::string metric;              ///< "chrF"
    std::vector<std::string> models; ///< the models scored (checkpoint names)
    std::string rule;                ///< how the ladder was chosen among the candidates
    std::string reference;           ///< what the references are
    int chosenPath = 0;              ///< 1-based
    std::size_t candidates = 0;      ///< how many sentences were scored in all
    std::vector<Rung> rungs;
};

/// Reads the ladder file. A missing or malformed file is an attn::ConfigError naming the file and the key
/// (JSON syntax errors: the byte offset). Every rung must score every model of "models" (0..100).
TranslationLadder readTranslationLadder(const std::filesystem::path& file);

} // namespace attn
