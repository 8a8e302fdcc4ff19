#pragma once
// The two matrix products of scaled-dot attention, written for its shapes (issue 19): a head is 16 to
// 128 wide, so Q K^T is a long, thin product and W V one with a short output row. Register tiles of
// AVX-512 (or AVX2 + FMA) vectors, K transposed once per call into a padded panel, and V read in
// L2-sized chunks. Builds without AVX2 + FMA have no SIMD kernel (simdScaledDotFits is false) and
// attention.cpp uses Eigen's products instead.

#include <Eigen/Core>

namespace attn::detail {

/// Whether the kernels below handle a head with queries/keys `d` wide and values `dv` wide.
bool simdScaledDotFits(Eigen::Index d, Eigen::Index dv);

/// K^T of a call, padded with zero columns to a whole number of vectors: d x ldkt, row-major.
struct PackedKeys {
    const float* data = nullptr;
    Eigen::Index d = 0, keys = 0, ldkt = 0;
};

/// Packs k (T_k x d, row stride ldk) into a thread-local panel that lives until the next call on this
/// thread (it only grows, so a model calling with its longest sequence first allocates once).
PackedKeys packKeys(const float* k, Eigen::Index ldk, Eigen::Index keys, Eigen::Index d);

/// s[r, j] = q[r, :] . k[j, :] for `rows` query rows (q row stride ldq, s row stride lds).
void rawScores(const float* q, Eigen::Index ldq, Eigen::Index rows, const PackedKeys& keys, float* s,
               Eigen::Index lds);

/// o = p v: p is rows x keys (stride ldp), v keys x dv (stride ldv), o rows x dv (stride ldo).
void weightedValues(const float* p, Eigen::Index ldp, Eigen::Index rows, Eigen::Index keys, const float* v,
                    Eigen::Index ldv, Eigen::Index dv, float* o, Eigen::Index ldo);

} // namespace attn::detail
