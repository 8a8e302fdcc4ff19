#pragma once
// heldout_scores.json beside a checkpoint (written by training/train_translation.py): the model's score
// on its held-out pairs, overall and by source length, as its MODEL_CARD.md reports them. The
// Translation page shows them for the two loaded models side by side ("chrF by source length").
//
//   {"metric": "chrF", "overall": {"pairs": 2000, "score": 61.2},
//    "buckets": [{"label": "1-5", "min": 1, "max": 5, "pairs": 499, "score": 70.1}, ...]}
//
// "max" is null for the open last bucket. Source length = tokens of attn::tokenize. Optional "sets": the
// score on other held-out sets, each named by an id, e.g.
//   "sets": [{"id": "everyday", "pairs": 500, "score": 51.8}]   (Ding's everyday sentences)
//
// Optional "reference_perplexity" beside each "score" (overall, a bucket, a set): the teacher-forced
// perplexity of the same pairs' references (training/forced_perplexity.py, the engine's
// Seq2SeqModel::translateForced): exp of the mean negative log-probability the decoder gave the
// reference's target pieces, eos included. 1 is certainty; lower is better. Unlike chrF it scores the
// reference, not the model's own output, so one early mistake does not spoil the rest of a sentence.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace attn {

struct HeldOutScores {
    struct Bucket {
        std::string label;
        int minTokens = 0, maxTokens = -1; // maxTokens -1: no upper bound
        int pairs = 0;
        double score = 0;
        std::optional<double> referencePerplexity;
    };
    std::string metric;
    int pairs = 0;
    double overall = 0;
    std::optional<double> overallReferencePerplexity;
    std::vector<Bucket> buckets;
    struct Set {
        std::string id; // what the set is ("everyday"); the page names the ids it knows
        int pairs = 0;
        double score = 0;
        std::optional<double> referencePerplexity;
    };
    std::vector<Set> sets;

    /// True when any row (overall, a bucket, a set) has a reference perplexity.
    bool hasReferencePerplexity() const;
};

/// dir/heldout_scores.json, or nullopt when the directory has none. A file that is there but malformed
/// is an attn::ConfigError naming the file and the key (JSON syntax errors: the byte offset).
std::optional<HeldOutScores> readHeldOutScores(const std::filesystem::path& dir);

} // namespace attn
