#pragma once
// Value-weighted norms (Kobayashi, Kuribayashi, Yokoi & Inui 2020, "Attention is Not Only a Weight:
// Analyzing Transformers with Vector Norms", EMNLP 2020, eq. 6): the output of query i is
// sum_h sum_j α^h_ij f^h(x_j) + b_o, with
//
//   f^h(x_j) = (x_j W_v^h + b_v^h) W_o^h        W_o^h = the head's dh columns of out_proj.weight, transposed
//
// perHead[h](i, j) = ‖α^h_ij f^h(x_j)‖ and summed(i, j) = ‖Σ_h α^h_ij f^h(x_j)‖ (the vector that
// actually reaches position i from token j; the output bias b_o is left out as in the paper).

#include <attn/layers/encoder_layer.hpp>
#include <vector>

namespace attn::explain {

struct ValueNorms {
    std::vector<Eigen::MatrixXd> perHead; // [head] T x T, rows = queries
    Eigen::MatrixXd summed;               // T x T
};

/// From one layer's trace (its value vectors and softmax weights) and the layer's attention weights.
/// Throws std::invalid_argument when the trace was not filled or its shapes do not match the layer.
ValueNorms valueNorms(const layers::MultiheadAttention& attention, const layers::LayerTrace& trace);

} // namespace attn::explain
