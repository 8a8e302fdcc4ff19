#pragma once
// Gradient-weighted relevance (Chefer, Gur & Wolf 2021, "Generic Attention-model Explainability for
// Interpreting Bi-Modal and Encoder-Decoder Transformers", ICCV 2021, eq. 5-6), for self-attention:
//
//   R = I (T x T);  for each layer l in order:  Ā_l = mean_h max(0, ∂y_c/∂A_{l,h} ⊙ A_{l,h});
//                                               R ← R + Ā_l R
//
// with y_c the logit of class c (the predicted class). A token's relevance is then read off R as for
// rollout (explain/relevance.hpp: the [CLS] row, or the mean of the real rows).

#include <attn/matrix.hpp>
#include <vector>

namespace attn::explain {

/// `attention` and `gradients` are [layer][head] T x T. Throws std::invalid_argument when the stacks
/// are empty or their shapes differ.
Eigen::MatrixXd gradientRelevance(const AttentionStack& attention,
                                  const std::vector<std::vector<Matrix>>& gradients);

} // namespace attn::explain
