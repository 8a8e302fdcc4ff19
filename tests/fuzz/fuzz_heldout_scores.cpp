// heldout_scores.json beside a translation checkpoint (attn::readHeldOutScores): what it accepts must
// be within its documented ranges.
#include "harness.hpp"

#include <attn/models/heldout_scores.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::Check check;
    fuzz::writeFile(fuzz::workDir() / "heldout_scores.json", fuzz::asText(data, size));
    fuzz::accept([&] {
        const auto s = attn::readHeldOutScores(fuzz::workDir());
        if (!s)
            fuzz::finding("an existing heldout_scores.json was reported absent");
        if (!(s->overall >= 0 && s->overall <= 100) || s->pairs < 0 || s->buckets.size() > 64)
            fuzz::finding("scores outside their ranges were accepted");
        for (const auto& b : s->buckets)
            if (!(b.score >= 0 && b.score <= 100) || b.pairs < 0 || b.minTokens < 0 ||
                (b.maxTokens >= 0 && b.maxTokens < b.minTokens) || b.label.size() > 64)
                fuzz::finding("a bucket outside its ranges was accepted");
    });
    return 0;
}
