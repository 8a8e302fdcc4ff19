#include "pages/generate/long_context_session.hpp"

#include "pages/generate/generate_session.hpp"

#include <QElapsedTimer>
#include <algorithm>
#include <attn/long_context/head_summary_figures.hpp>

namespace lc = attn::long_context;

LongContextSnapshot runLongContext(const attn::hf::CausalLm& model, const std::vector<int>& ids,
                                   const std::function<bool(int, int)>& progress) {
    QElapsedTimer clock;
    clock.start();
    lc::LongContextOptions options; // core's defaults: pyramid from 1,024 blocks, top-8 rows, row figures
    options.progress = progress;
    auto pass = std::make_shared<lc::LongContextPass>(model.forwardLongContext(ids, options));
    LongContextSnapshot s;
    s.seconds = static_cast<double>(clock.nsecsElapsed()) * 1e-9;
    s.ids = ids;
    s.labels = tokenLabels(model, ids);
    for (int l = 0; l < static_cast<int>(pass->layers.size()); ++l)
        for (int h = 0; h < pass->heads; ++h)
            s.patterns.push_back({l, h, lc::headShares(pass->head(l, h))});
    if (pass->logits.rows() > 0) {
        const auto p = attn::hf::softmax(pass->logits.row(pass->logits.rows() - 1));
        s.next = attn::hf::topK(p, 10);
        std::vector<int> top;
        for (const auto& e : s.next)
            top.push_back(e.id);
        s.nextLabels = tokenLabels(model, top);
    }
    s.pass = std::move(pass);
    return s;
}

int levelForPixels(const lc::AttentionPyramid& pyramid, int pixels) {
    const auto& levels = pyramid.levels; // finest first
    if (levels.empty())
        return -1;
    for (std::size_t i = 0; i < levels.size(); ++i)
        if (levels[i].blocks <= pixels)
            return static_cast<int>(i);
    return static_cast<int>(levels.size()) - 1;
}

TileRange tileAround(int length, int r0, int r1, int c0, int c1, int side) {
    side = std::clamp(side, 1, static_cast<int>(lc::kMaxTileSide));
    auto around = [&](int a, int b) {
        const int n = std::min({side, length, std::max(b - a, side)});
        int start = (a + b) / 2 - n / 2;
        start = std::clamp(start, 0, length - n);
        return std::pair{start, start + n};
    };
    const auto [rows0, rows1] = around(r0, r1);
    const auto [cols0, cols1] = around(c0, c1);
    return {rows0, rows1, cols0, cols1};
}
