#pragma once
// Attention rollout (Abnar & Zuidema 2020, "Quantifying Attention Flow in Transformers", sec. 3):
// per layer, average the heads, account for the residual connection by mixing in the identity,
// renormalise the rows, and multiply the layers together:
//
//   A'_l = rownorm(w * mean_h(A_l,h) + (1 - w) * I)        w = attentionWeight, 0.5 in the paper
//   R_1 = A'_1,   R_l = A'_l * R_{l-1}                       R_L is T x T, rows = queries
//
// R_L[0, 1:] (the [CLS] row without its own column) is the usual per-patch relevance map of a ViT.

#include <attn/matrix.hpp>
#include <vector>

namespace attn {

/// Element-wise mean of a layer's heads (each T x T). Throws std::invalid_argument when there are no
/// heads or their shapes differ.
Matrix meanOfHeads(const std::vector<Matrix>& heads);

/// Element-wise mean of every map of the stack (all layers, all heads; each T x T). Throws
/// std::invalid_argument when the stack holds no maps or their shapes differ.
Matrix meanOfAllHeads(const AttentionStack& attention);

/// The rollout through layers 0..lastLayer (inclusive; -1 = all layers). Every layer must hold square
/// maps of the same size. Throws std::invalid_argument for an empty stack, mismatched shapes, a layer
/// index out of range, or attentionWeight outside [0, 1].
Matrix attentionRollout(const AttentionStack& attention, int lastLayer = -1, double attentionWeight = 0.5);

/// Row `row` of a T x T matrix without column `skipColumn` (T - 1 values), e.g. CLS -> patches.
std::vector<float> rowWithoutColumn(const Matrix& m, int row, int skipColumn = 0);

} // namespace attn
