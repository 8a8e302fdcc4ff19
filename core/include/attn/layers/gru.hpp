#pragma once
// torch.nn.GRU, single layer, unidirectional, as PyTorch defines it (gate order r, z, n):
//   r = sigmoid(W_ir x + b_ir + W_hr h + b_hr)
//   z = sigmoid(W_iz x + b_iz + W_hz h + b_hz)
//   n = tanh(W_in x + b_in + r * (W_hn h + b_hn))
//   h' = (1 - z) * n + z * h

#include <attn/matrix.hpp>
#include <attn/safetensors.hpp>
#include <string>

namespace attn::layers {

struct Gru {
    Matrix weightIh; // 3H x I
    Matrix weightHh; // 3H x H
    Vector biasIh;   // 3H
    Vector biasHh;   // 3H

    /// `<prefix>.{weight_ih_l<layer>, weight_hh_l<layer>, bias_ih_l<layer>, bias_hh_l<layer>}`: layer k
    /// of a stacked torch.nn.GRU(num_layers > k), whose input is layer k-1's output.
    static Gru load(WeightLoader& w, const std::string& prefix, Eigen::Index input, Eigen::Index hidden,
                    int layer = 0);

    Eigen::Index hiddenSize() const { return weightHh.cols(); }
    /// One step: x (I), h (H) -> h'.
    Vector step(const Eigen::Ref<const Vector>& x, const Eigen::Ref<const Vector>& h) const;
    /// Whole sequence: xs (T x I) from h0 -> outputs (T x H); row t is the state after step t.
    Matrix sequence(const Eigen::Ref<const Matrix>& xs, const Eigen::Ref<const Vector>& h0) const;
};

} // namespace attn::layers
