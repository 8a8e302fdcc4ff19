// LongContextViews' overview (long_context_views.hpp): the pyramid level that fits the view, finer
// levels on zoom, the exact tile below the finest level, and the hover readout.
#include "pages/generate/long_context_views.hpp"
#include "pages/generate/long_context_views_util.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QComboBox>
#include <QEvent>
#include <QJsonObject>
#include <QLabel>
#include <QSignalBlocker>
#include <QTimer>
#include <algorithm>
#include <attn/memory_budget.hpp>
#include <qcustomplot.h>

namespace lc = attn::long_context;
using long_context_views_util::ms;
using long_context_views_util::startOf;

int LongContextViews::overviewPixels() const {
    const QRect ar = overview_->plot()->axisRect()->rect();
    int pixels = std::min(ar.width(), ar.height());
    if (pixels < 32) // not laid out yet: the widget less room for labels and the colour scale
        pixels = std::min(overview_->width(), overview_->height()) - 120;
    return std::max(pixels, 32);
}

QString LongContextViews::blockRange(int block, int blocks) const {
    const int T = snap_.pass->length;
    const int a = startOf(block, T, blocks), b = startOf(block + 1, T, blocks) - 1;
    return a == b ? QString::number(a) : QStringLiteral("%1–%2").arg(a).arg(b);
}

QString LongContextViews::tokenText(int position) const {
    return QStringLiteral("%1 “%2”").arg(position).arg(snap_.labels.value(position));
}

void LongContextViews::showLevel(int level) {
    const lc::HeadSummary* hs = headSummary();
    if (!hs || level < 0 || level >= static_cast<int>(hs->pyramid.levels.size()))
        return;
    QElapsedTimer clock;
    clock.start();
    const lc::PyramidLevel& lv = hs->pyramid.levels[static_cast<std::size_t>(level)];
    QStringList labels;
    labels.reserve(lv.blocks);
    for (int b = 0; b < lv.blocks; ++b)
        labels << blockRange(b, lv.blocks);
    level_ = level;
    const bool wasSwitching = switching_;
    switching_ = true;
    overview_->setMatrix(how_ == heatmap_lod::Pooling::Mean ? lv.mean : lv.max, labels, labels);
    overview_->resetZoom(); // a level of the same size keeps the zoom of the last one otherwise
    overview_->setTitle(tr("L%1 H%2: %3 × %3 blocks (%4)")
                            .arg(layer_ + 1)
                            .arg(head_ + 1)
                            .arg(lv.blocks)
                            .arg(how_ == heatmap_lod::Pooling::Mean ? tr("mean") : tr("max")));
    QJsonObject meta;
    meta[QStringLiteral("long_context")] = true;
    meta[QStringLiteral("layer")] = layer_;
    meta[QStringLiteral("head")] = head_;
    meta[QStringLiteral("tokens")] = snap_.pass->length;
    meta[QStringLiteral("blocks")] = lv.blocks;
    meta[QStringLiteral("block_size")] = static_cast<double>(snap_.pass->length) / lv.blocks;
    meta[QStringLiteral("pooling")] =
        how_ == heatmap_lod::Pooling::Mean ? QStringLiteral("mean") : QStringLiteral("max");
    meta[QStringLiteral("block_rule")] = QStringLiteral("block b covers positions floor(b*T/n) .. "
                                                        "floor((b+1)*T/n)-1");
    overview_->setExportMetadata(meta);
    overview_->repaint(); // measured up to the pixels
    switching_ = wasSwitching;
    levelMs_ = ms(clock);
    updateLevelCaption();
}

void LongContextViews::updateLevelCaption() {
    const lc::HeadSummary* hs = headSummary();
    if (!hs || level_ < 0)
        return levelCaption_->clear();
    const auto& levels = hs->pyramid.levels;
    const int n = levels[static_cast<std::size_t>(level_)].blocks;
    levelCaption_->setText(tr("level %1 of %2: %3 × %3 blocks of about %4 positions (%5 tokens)")
                               .arg(level_ + 1)
                               .arg(levels.size())
                               .arg(n)
                               .arg(format::num(static_cast<double>(hs->length) / n, 1))
                               .arg(QString::fromStdString(attn::withThousands(hs->length))));
}

void LongContextViews::setPooling(heatmap_lod::Pooling how) {
    {
        const QSignalBlocker block(poolingBox_);
        poolingBox_->setCurrentIndex(how == heatmap_lod::Pooling::Mean ? 1 : 0);
    }
    if (how == how_)
        return;
    how_ = how;
    overview_->setPooling(how);
    if (level_ < 0)
        return;
    // The same window of positions at the same level, the other pooling.
    const auto w = overview_->visibleWindow();
    const int n = headSummary()->pyramid.levels[static_cast<std::size_t>(level_)].blocks;
    const int T = snap_.pass->length;
    showLevelWindow(level_, startOf(w.row0, T, n), startOf(w.row1, T, n), startOf(w.col0, T, n),
                    startOf(w.col1, T, n));
}

void LongContextViews::showLevelWindow(int level, double r0, double r1, double c0, double c1) {
    const bool wasSwitching = switching_;
    switching_ = true;
    showLevel(level);
    const lc::HeadSummary* hs = headSummary();
    const int n = hs->pyramid.levels[static_cast<std::size_t>(level)].blocks;
    const double T = hs->length;
    // Cell coordinates: cell c spans [c - 0.5, c + 0.5]; the whole view is [-0.5, n - 0.5].
    const double a = c0 * n / T - 0.5, b = c1 * n / T - 0.5;
    const double ar = r0 * n / T - 0.5, br = r1 * n / T - 0.5;
    const double f = std::max(b - a, br - ar) / n; // the same zoom both ways: the longer side fits
    if (f < 0.999) {
        const double lower = -0.5;
        overview_->zoomAt((a - lower * f) / (1 - f), (ar - lower * f) / (1 - f), f);
    }
    switching_ = wasSwitching;
}

void LongContextViews::onViewChanged() {
    if (switching_ || level_ < 0)
        return;
    const lc::HeadSummary* hs = headSummary();
    const auto& levels = hs->pyramid.levels;
    const int T = hs->length;
    const int pixels = overviewPixels();
    if (!overview_->isZoomed()) {
        const int fit = levelForPixels(hs->pyramid, pixels);
        if (fit != level_)
            showLevel(fit);
        return;
    }
    const auto w = overview_->visibleWindow();
    const int n = levels[static_cast<std::size_t>(level_)].blocks;
    const int r0 = startOf(w.row0, T, n), r1 = startOf(w.row1, T, n);
    const int c0 = startOf(w.col0, T, n), c1 = startOf(w.col1, T, n);
    const int shown = std::max(w.rows(), w.cols());
    // Finer: the finest level whose blocks in this window still fit the pixels. Coarser when they do not.
    int want = level_;
    while (want > 0 &&
           static_cast<long long>(shown) * levels[static_cast<std::size_t>(want - 1)].blocks / n <= pixels)
        --want;
    while (want + 1 < static_cast<int>(levels.size()) &&
           static_cast<long long>(shown) * levels[static_cast<std::size_t>(want)].blocks / n > pixels)
        ++want;
    if (want != level_) {
        showLevelWindow(want, r0, r1, c0, c1);
        return;
    }
    // Below the finest level: the exact cells of the window (at most 256 x 256 positions).
    if (level_ == 0 && r1 - r0 <= lc::kMaxTileSide && c1 - c0 <= lc::kMaxTileSide) {
        const TileRange t{r0, r1, c0, c1};
        if (!(t == tileRange_) && !(t == pendingTile_))
            requestTile(t);
    }
}

bool LongContextViews::eventFilter(QObject* watched, QEvent* event) {
    if (watched == overview_ && event->type() == QEvent::Resize && level_ >= 0 && !overview_->isZoomed())
        QTimer::singleShot(0, this, [this] {
            const lc::HeadSummary* hs = headSummary();
            if (!hs || level_ < 0 || overview_->isZoomed())
                return;
            const int fit = levelForPixels(hs->pyramid, overviewPixels());
            if (fit != level_)
                showLevel(fit);
        });
    return QWidget::eventFilter(watched, event);
}

void LongContextViews::onOverviewHover(int row, int column) {
    QElapsedTimer clock;
    clock.start();
    const lc::HeadSummary* hs = headSummary();
    if (!hs || level_ < 0 || row < 0 || column < 0) {
        hover_->clear();
        return;
    }
    const lc::PyramidLevel& lv = hs->pyramid.levels[static_cast<std::size_t>(level_)];
    const int T = hs->length, n = lv.blocks;
    const int rows = startOf(row + 1, T, n) - startOf(row, T, n);
    const int cols = startOf(column + 1, T, n) - startOf(column, T, n);
    hover_->setText(tr("Queries %1 × keys %2 (%3 × %4 positions): max %5 · mean %6 — click for the exact "
                       "cells")
                        .arg(blockRange(row, n), blockRange(column, n))
                        .arg(rows)
                        .arg(cols)
                        .arg(format::num(lv.max(row, column), 4), format::num(lv.mean(row, column), 6)));
    hoverMs_ = ms(clock);
}
