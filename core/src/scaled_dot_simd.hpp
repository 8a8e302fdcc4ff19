#pragma once
// The two matrix products of scaled-dot attention, written for its shapes (issue 19): a head is 16 to
// 128 wide, so Q K^T is a long, thin product and W V one with a short output row. Register tiles of
// AVX-512 (or AVX2 + FMA) vectors, K transposed once per call into padded panels, and V read in
// L1-sized chunks. Builds without AVX2 + FMA have no SIMD kernel (simdScaledDotFits is false) and
// attention.cpp uses Eigen's products instead.

#include <Eigen/Core>

namespace attn::detail {

/// Whether this build has the kernels below (AVX-512, or AVX2 + FMA).
bool simdKernelsAvailable();

/// Rows of the kernels' register tiles: row blocks of a multiple of it leave no partial tile.
Eigen::Index simdTileRows();

/// Whether the kernels below handle a head with queries/keys `d` wide and values `dv` wide.
bool simdScaledDotFits(Eigen::Index d, Eigen::Index dv);

/// K^T of a call in panels of a Q K^T tile's width (24 keys with AVX2, 64 with AVX-512): panel p holds
/// keys [p w, (p + 1) w) as a d x w row-major block, zero past the last key, and starts panelStride
/// floats after panel p - 1. Each tile so reads its keys from one contiguous block (a d x T_k panel
/// with a power-of-two row stride would put all of a tile's rows in one L1 set).
struct PackedKeys {
    const float* data = nullptr;
    Eigen::Index d = 0, keys = 0, panelStride = 0;
};

/// dst = src^T: src is rows x cols (row stride lds), dst cols x rows (row stride ldd); cache-blocked.
void transposeInto(const float* src, Eigen::Index rows, Eigen::Index cols, Eigen::Index lds, float* dst,
                   Eigen::Index ldd);

/// Packs k (T_k x d, row stride ldk) into thread-local panel `slot` (0: attention, 1: dense layers),
/// which lives until the next call for that slot on this thread (it only grows, so a model calling with
/// its longest sequence first allocates once).
PackedKeys packKeys(const float* k, Eigen::Index ldk, Eigen::Index keys, Eigen::Index d, int slot = 0);

/// s[r, j] (+)= q[r, :] . k[j, :] for `rows` query rows (q row stride ldq, s row stride lds); with
/// `accumulate` the products are added to what s holds.
void rawScores(const float* q, Eigen::Index ldq, Eigen::Index rows, const PackedKeys& keys, float* s,
               Eigen::Index lds, bool accumulate = false);

/// o = p v: p is rows x keys (stride ldp), v keys x dv (stride ldv), o rows x dv (stride ldo).
void weightedValues(const float* p, Eigen::Index ldp, Eigen::Index rows, Eigen::Index keys, const float* v,
                    Eigen::Index ldv, Eigen::Index dv, float* o, Eigen::Index ldo);

} // namespace attn::detail
