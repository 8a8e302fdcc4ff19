#pragma once
// SentenceEncoder: text -> one fixed-size sentence vector, with every attention map of the encoder that
// made it, whichever files the model came from (the Universal Sentence Encoder lite in TensorFlow.js
// format: attn::UniversalSentenceEncoder). The Similarity view compares sentences by the cosine of their
// vectors (cosineSimilarity, similarityMatrix below) and shows each sentence's maps; `attnviz inspect`
// prints them. Tokenisation, truncation and pooling are the model's own.
//
//   const attn::SentenceEncoder& m = ...;
//   const attn::SentenceEncoding a = m.encode("How old are you?"), b = m.encode("What is your age?");
//   double s = attn::cosineSimilarity(a.vector, b.vector);   // 0.85 for USE lite

#include <attn/matrix.hpp>
#include <string>
#include <vector>

namespace attn {

/// One sentence through a sentence encoder.
struct SentenceEncoding {
    std::vector<std::string> tokens;   ///< a readable label per position (the tokenizer's pieces)
    std::vector<int> ids;              ///< the ids the encoder read
    AttentionStack attention;          ///< [layer][head] T x T, rows = queries
    std::vector<float> vector;         ///< the sentence vector (unit length when the model normalises it)
    std::vector<std::string> warnings; ///< e.g. the text was truncated to the model's longest input
};

class SentenceEncoder {
public:
    virtual ~SentenceEncoder() = default;
    /// The tokenizer's ids for `text` (no special ids added, nothing truncated).
    virtual std::vector<int> tokenIds(const std::string& text) const = 0;
    /// A readable label per id (the tokenizer's pieces).
    virtual std::vector<std::string> idLabels(const std::vector<int>& ids) const = 0;
    /// One sequence of `ids` as given: tokens, every attention map and the vector. Throws
    /// std::invalid_argument for no ids, more than maxLength() or an id outside the vocabulary.
    virtual SentenceEncoding encodeIds(const std::vector<int>& ids) const = 0;
    /// tokenIds, truncated to maxLength() with a warning, then encodeIds. Throws std::invalid_argument
    /// for a text without pieces (an empty text).
    virtual SentenceEncoding encode(const std::string& text) const = 0;
    /// The longest sequence the encoder reads.
    virtual int maxLength() const = 0;
    /// The size of the sentence vector.
    virtual int vectorSize() const = 0;
};

/// cos(a, b) = a.b / (|a| |b|), summed in double; 0 when either vector is all zeros. Throws
/// std::invalid_argument when the sizes differ.
double cosineSimilarity(const std::vector<float>& a, const std::vector<float>& b);
/// The n x n matrix of cosineSimilarity between every pair of `vectors` (1 on the diagonal of non-zero
/// vectors), row-major in the order given.
std::vector<std::vector<double>> similarityMatrix(const std::vector<std::vector<float>>& vectors);

} // namespace attn
