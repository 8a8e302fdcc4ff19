#pragma once
// The two matrix products of scaled-dot attention, written for its shapes (issue 19): a head is 16 to
// 128 wide, so Q K^T is a long, thin product and W V one with a short output row. Register tiles of
// AVX-512 (or AVX2 + FMA) vectors, K transposed once per call into a padded panel, and V read in
// L2-sized chunks. Builds without AVX2 + FMA have no SIMD kernel (simdScaledDotFits is false) and
// attention.cpp uses Eigen's products instead.

#include <Eigen/Core>

namespace attn::detail {

/// Whether this build has the kernels below (AVX-512, or AVX2 + FMA).
bool simdKernelsAvailable();

/// Whether the kernels below handle a head with queries/keys `d` wide and values `dv` wide.
bool simdScaledDotFits(Eigen::Index d, Eigen::Index dv);

/// K^T of a call, padded with zero columns to a whole number of vectors: d x ldkt, row-major.
struct PackedKeys {
    const float* data = nullptr;
    Eigen::Index d = 0, keys = 0, ldkt = 0;
};

/// dst = src^T: src is rows x cols (row stride lds), dst cols x rows (row stride ldd); cache-blocked.
void transposeInto(const float* src, Eigen::Index rows, Eigen::Index cols, Eigen::Index lds, float* dst,
                   Eigen::Index ldd);

/// Packs k (T_k x d, row stride ldk) into thread-local panel `slot` (0: attention, 1: dense layers),
/// which lives until the next call for that slot on this thread (it only grows, so a model calling with
/// its longest sequence first allocates once).
PackedKeys packKeys(const float* k, Eigen::Index ldk, Eigen::Index keys, Eigen::Index d, int slot = 0);

/// s[r, j] (+)= q[r, :] . k[j, :] for `rows` query rows (q row stride ldq, s row stride lds); with
/// `accumulate` the products are added to what s holds. A panel's rows [c0, c0 + n) with q + c0 give
/// the part of the dot products over those columns.
void rawScores(const float* q, Eigen::Index ldq, Eigen::Index rows, const PackedKeys& keys, float* s,
               Eigen::Index lds, bool accumulate = false);

/// o = p v: p is rows x keys (stride ldp), v keys x dv (stride ldv), o rows x dv (stride ldo).
void weightedValues(const float* p, Eigen::Index ldp, Eigen::Index rows, Eigen::Index keys, const float* v,
                    Eigen::Index ldv, Eigen::Index dv, float* o, Eigen::Index ldo);

} // namespace attn::detail
