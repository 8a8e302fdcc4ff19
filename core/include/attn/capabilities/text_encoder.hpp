#pragma once
// TextEncoder: an encoder run on token ids as given — every attention map, and a prediction when the
// model has a classification head. `attnviz inspect --token-ids` uses it on Hugging Face BERT-family
// directories with or without a head (attn::hf::BertTextClassifier implements it).

#include <attn/models/model.hpp>
#include <string>
#include <vector>

namespace attn {

class TextEncoder {
public:
    virtual ~TextEncoder() = default;
    /// The tokenizer's ids for `text`, special tokens included. Throws ConfigError naming the directory
    /// when the model has no tokenizer files.
    virtual std::vector<int> tokenIds(const std::string& text) const = 0;
    /// A readable label per id (the tokenizer's pieces, else the ids).
    virtual std::vector<std::string> idLabels(const std::vector<int>& ids) const = 0;
    /// One sequence of `ids` (nothing added): tokens, ids, every attention map; logits, probabilities and
    /// the prediction when the model has a head (else empty, predicted -1). Throws naming config.json on
    /// an id outside the vocabulary or a sequence too long.
    virtual ClassifierResult encodeIds(const std::vector<int>& ids) const = 0;
};

} // namespace attn
