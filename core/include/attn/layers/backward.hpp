#pragma once
// The backward pass of the encoder layers (issue 17, gradient-weighted relevance): vector-Jacobian
// products of the stock forwards in linear.hpp, layer_norm.hpp, multihead_attention.hpp and
// encoder_layer.hpp, one file per layer next to its forward (core/src/layers/*_backward.cpp).
//
// Every function takes the upstream gradient dy = ∂y_c/∂(the layer's output) and the intermediates of
// one traced forward, and returns ∂y_c/∂(the layer's input); the attention backward also returns
// ∂y_c/∂A_h for every head, the gradient Chefer et al. 2021 weight the maps with. Only the weights'
// inputs are differentiated (no weight gradients: nothing here trains).
//
// The backward is that of the model as trained: a trace taken with what-if switches (a residual
// removed, a head ablated, uniform or permuted) is not differentiated through its switch. Internally
// the products run in double; results are float Matrices like the rest of core.
//
// Checked against PyTorch autograd by tests/core/test_backward.cpp (training/make_gradient_fixtures.py).

#include <attn/layers/encoder_layer.hpp>
#include <attn/layers/layer_norm.hpp>
#include <attn/layers/linear.hpp>
#include <attn/layers/multihead_attention.hpp>
#include <vector>

namespace attn::layers {

/// y = x W^T + b  ->  dx = dy W.  dy: T x out -> T x in. Throws std::invalid_argument on a width mismatch.
Matrix linearBackward(const Linear& linear, const Eigen::Ref<const Matrix>& dy);

/// LayerNorm over rows: with x̂ = (x - μ) / sqrt(σ² + ε) and g = dy ⊙ weight,
///   dx = (g - mean(g) - x̂ · mean(g ⊙ x̂)) / sqrt(σ² + ε)      (per row; μ, σ² recomputed from x)
/// x: the norm's input, T x d; dy: T x d.
Matrix layerNormBackward(const LayerNorm& norm, const Eigen::Ref<const Matrix>& x,
                         const Eigen::Ref<const Matrix>& dy);

/// Gradients of multi-head attention.
struct AttentionGradients {
    Matrix input;                // T x d    ∂y_c/∂x (x = the attention's input)
    std::vector<Matrix> weights; // [head] T x T   ∂y_c/∂A_h = dO_h V_h^T (O_h = A_h V_h)
};

/// From the trace of one forward (q, k, v per head, the mask) and its softmax weights A_h:
///   dConcat = dy Wo;  dA_h = dO_h V_h^T;  dV_h = A_h^T dO_h
///   softmax: dS_h = A_h ⊙ (dA_h - rowsum(dA_h ⊙ A_h))   (masked cells have A = 0, hence dS = 0)
///   dQ_h = dS_h K_h / sqrt(dh);  dK_h = dS_h^T Q_h / sqrt(dh);  dx = [dQ | dK | dV] W_in
/// dy: T x d. Throws std::invalid_argument when the trace was not filled or shapes differ.
AttentionGradients multiheadAttentionBackward(const MultiheadAttention& attention,
                                              const MultiheadAttention::Trace& trace,
                                              const std::vector<Matrix>& weights,
                                              const Eigen::Ref<const Matrix>& dy);

/// The feed-forward block linear2(act(linear1(x))): dx from dy (T x d), with the pre-activation
/// ffPre (T x ff) of the trace. relu' = 1 where the input > 0; exact gelu' = Φ(u) + u φ(u).
Matrix feedForwardBackward(const TransformerEncoderLayer& layer, const Eigen::Ref<const Matrix>& ffPre,
                           const Eigen::Ref<const Matrix>& dy);

/// Gradients of one encoder layer.
struct LayerGradients {
    Matrix input;                // T x d   ∂y_c/∂(layer input)
    std::vector<Matrix> weights; // [head] T x T   ∂y_c/∂A_h
};

/// Post-LN: s1 = x + SA(x), n1 = LN1(s1), s2 = n1 + FF(n1), y = LN2(s2)
/// Pre-LN:  s1 = x + SA(LN1(x)), y = s1 + FF(LN2(s1))
/// `trace` from TransformerEncoderLayer::forward with a trace and no switches; dy: T x d.
LayerGradients encoderLayerBackward(const TransformerEncoderLayer& layer, const LayerTrace& trace,
                                    const Eigen::Ref<const Matrix>& dy);

/// Gradients of a whole encoder, from ∂y_c/∂(encoder output) (what TransformerEncoder::forward returns,
/// i.e. after the final norm when there is one).
struct EncoderGradients {
    Matrix input;                               // T x d   ∂y_c/∂(layer 0's input)
    std::vector<std::vector<Matrix>> attention; // [layer][head] T x T   ∂y_c/∂A_{l,h}
};

EncoderGradients encoderBackward(const TransformerEncoder& encoder, const std::vector<LayerTrace>& traces,
                                 const Eigen::Ref<const Matrix>& dy);

} // namespace attn::layers
