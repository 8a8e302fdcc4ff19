#pragma once
// Explanation subjects (subject.hpp) for Hugging Face encoders: BertForSequenceClassification
// (attn/hf/bert.hpp) and ViTForImageClassification (attn/hf/vit.hpp).
//
// Each subject runs the model through a layers::TransformerEncoder built from the Hugging Face weights
// (a BERT layer is torch's post-LN TransformerEncoderLayer, a ViT layer the pre-LN one: in_proj = the
// rows [W_q; W_k; W_v], out_proj = attention.output.dense, linear1 = intermediate.dense, linear2 =
// output.dense), so that the encoder's traces, what-if switches and tested backward
// (layers/backward.hpp) serve every method. Its forward equals BertModel::forward / ViTModel::forward
// (tests/core/test_hf_explain.cpp).
//
//   bert: the text is tokenised by the model's tokenizer as HfTextClassifier does (encode(), then
//     truncated to max_position_embeddings keeping the closing [SEP]). The inputs are the tokens
//     (WordPiece pieces) between [CLS] and the closing special tokens: neither [CLS] (the pooler reads
//     it) nor [SEP] (not typed; removing it would give a sequence BERT never saw) is an input. A removed
//     token becomes config.json's pad_token_id and is masked as a key (attention_mask 0), as attnviz's
//     own text subject pads a removed word. Pooling: [CLS] (the pooler), so clsPooled() is true.
//   vit: the inputs are the patches, row by row; a removed patch is set to 0 after the preprocessor's
//     normalisation (its mean pixel), as the image subject of attnviz's ViT.
//
// The backward differentiates exact gelu and relu only: a model whose hidden_act is another activation
// (gelu_new, silu ...) is refused, as is one without a classification head.

#include <attn/explain/subject.hpp>
#include <memory>
#include <string>

namespace attn::hf {
class BertModel;
class ViTModel;
} // namespace attn::hf

namespace attn::explain {

/// Why the explanation methods cannot run on this model (empty: they can).
std::string hfExplainRefusal(const hf::BertModel& model);
std::string hfExplainRefusal(const hf::ViTModel& model);

/// Throws std::invalid_argument with hfExplainRefusal()'s reason, for a model without a tokenizer, or
/// for a text without tokens.
std::unique_ptr<Subject> hfTextSubject(const hf::BertModel& model, const std::string& text);
/// `image` as given (prepared by the model's preprocessor). Throws std::invalid_argument with the reason.
std::unique_ptr<Subject> hfImageSubject(const hf::ViTModel& model, const Image& image);

} // namespace attn::explain
