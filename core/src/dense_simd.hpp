#pragma once
// The dense layers' product y = x w^T (issues 19 and 53): x is packed into panels of a register tile's
// width once per call (it is the small operand: a sequence, not a weight matrix), each 6-row tile takes
// its rows of w straight from the weight as broadcasts, and the loops are blocked for L1 and L2 (256-deep
// slices, 96-row blocks of w, 256 columns). The tiles produce y^T, which is transposed into y. The 96-row
// blocks of w run on the core's threads (attn/threads.hpp); each element of y is computed by one thread
// in the same order, so the result does not depend on the thread count.

#include <attn/matrix.hpp>

namespace attn::detail {

/// y = x w^T: x is T x in, w out x in, y T x out (row-major). Returns false, leaving y untouched, when
/// this build has no SIMD kernel or T < 32, where Eigen's smaller overhead pays; the caller then uses Eigen.
bool denseTransposedInto(const Eigen::Ref<const Matrix>& x, const Eigen::Ref<const Matrix>& w,
                         Eigen::Ref<Matrix> y);

} // namespace attn::detail
