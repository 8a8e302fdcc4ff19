#pragma once
// The dense layers' product y = x w^T (issue 19) on the attention kernel's register tiles: x is packed
// once per call (it is the small operand: a sequence, not a weight matrix), each 6-row tile takes its
// rows of w straight from the weight as broadcasts, and the depth is cut into 256-wide blocks so the
// packed slice stays in L2. The tiles produce y^T, which is transposed into y at the end.

#include <attn/matrix.hpp>

namespace attn::detail {

/// y = x w^T: x is T x in, w out x in, y T x out (row-major). Returns false, leaving y untouched, when
/// this build has no SIMD kernel or T is outside [32, 128), where the tiles pay; the caller then uses Eigen.
bool denseTransposedInto(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const Matrix>& w,
                         Eigen::Ref<Matrix> y);

} // namespace attn::detail
