#pragma once
// torch.nn.TransformerEncoderLayer(d, n_heads, ff_dim, batch_first=True, norm_first, activation,
// layer_norm_eps) in eval mode (dropout = identity):
//   norm_first:  x = x + SA(norm1(x));  x = x + FF(norm2(x))
//   otherwise:   x = norm1(x + SA(x));  x = norm2(x + FF(x))
//   FF(x) = linear2(act(linear1(x))), act = relu or exact gelu 0.5 x (1 + erf(x / sqrt 2)).

#include <attn/config.hpp>
#include <attn/layers/layer_norm.hpp>
#include <attn/layers/linear.hpp>
#include <attn/layers/multihead_attention.hpp>

namespace attn::layers {

struct TransformerEncoderLayer {
    bool normFirst = false;
    Activation activation = Activation::Relu;
    MultiheadAttention selfAttn;
    Linear linear1, linear2; // d -> ff, ff -> d
    LayerNorm norm1, norm2;

    /// Loads `<prefix>.{self_attn,linear1,linear2,norm1,norm2}.*`.
    static TransformerEncoderLayer load(WeightLoader& w, const std::string& prefix, const EncoderConfig& c);

    struct Result {
        Matrix output;               // T x d
        std::vector<Matrix> weights; // [head] T x T
    };
    Result forward(const Eigen::Ref<const Matrix>& x, const std::vector<std::uint8_t>& keyAllowed) const;
};

/// Applies relu or exact gelu elementwise in place.
void applyActivation(Matrix& x, Activation a);

/// A stack of encoder layers `<prefix>.layers.{i}` plus the optional final `<prefix>.norm`
/// (applied when the file has `<prefix>.norm.weight`).
struct TransformerEncoder {
    std::vector<TransformerEncoderLayer> layers;
    bool hasFinalNorm = false;
    LayerNorm finalNorm;

    static TransformerEncoder load(WeightLoader& w, const std::string& prefix, const EncoderConfig& c);
    /// Returns the encoded sequence (T x d) and fills attention[layer][head] (T x T).
    Matrix forward(Matrix x, const std::vector<std::uint8_t>& keyAllowed, AttentionStack& attention) const;
};

} // namespace attn::layers
