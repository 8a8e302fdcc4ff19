#pragma once
// The merge step of byte-pair encoding (internal to attn_core), shared by GPT-2's byte-level BPE and
// the SentencePiece-style BPE of tokenizer.json. As GPT-2's encoder.py defines it: while some adjacent
// pair of symbols is a merge, take the pair of lowest rank and merge every occurrence of it, left to
// right, into one symbol; stop when no adjacent pair is a merge.

#include <string>
#include <unordered_map>
#include <vector>

namespace attn::tokenizers::detail {

class BpeMerges {
public:
    /// Adds (a, b) with the next rank; false when the pair was already present (its first rank stays).
    bool add(const std::string& a, const std::string& b);
    std::size_t size() const { return ranks_.size(); }
    /// Rank of (a, b), -1 when it is not a merge.
    int rank(const std::string& a, const std::string& b) const;
    /// Applies the merges to `symbols` (one word).
    std::vector<std::string> apply(std::vector<std::string> symbols) const;

private:
    static std::string key(const std::string& a, const std::string& b);
    std::unordered_map<std::string, int> ranks_;
};

} // namespace attn::tokenizers::detail
