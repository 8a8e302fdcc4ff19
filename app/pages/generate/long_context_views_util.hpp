#pragma once
// Small helpers shared by the files of LongContextViews (long_context_views.hpp).

#include <QElapsedTimer>
#include <attn/long_context/long_context_pass.hpp>

namespace long_context_views_util {

inline double ms(const QElapsedTimer& t) {
    return static_cast<double>(t.nsecsElapsed()) * 1e-6;
}

/// First position of block b of a level of n blocks over T positions (core's rule).
inline int startOf(int b, int length, int blocks) {
    return static_cast<int>(attn::long_context::blockStart(b, length, blocks));
}

} // namespace long_context_views_util
