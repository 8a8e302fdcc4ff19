#pragma once
// Common numeric types for attnviz. Every matrix is row-major float so that a
// row is one token (or patch) and maps one-to-one onto PyTorch's layout.

#include <Eigen/Core>
#include <cstdint>
#include <vector>

namespace attn {

using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXf; // column vector
using RowVector = Eigen::RowVectorXf;
using Mask = Eigen::Matrix<std::uint8_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>; // 1 = allowed

/// Attention maps of an encoder: maps[layer][head] is T_q x T_k, row-major.
using AttentionStack = std::vector<std::vector<Matrix>>;

} // namespace attn
