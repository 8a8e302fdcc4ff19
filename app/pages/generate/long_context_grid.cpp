// LongContextViews' layer x head grid (long_context_views.hpp): one thumbnail per head, its coarsest
// pyramid level, filled one layer per turn of the event loop.
#include "pages/generate/long_context_views.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

namespace lc = attn::long_context;

HeatmapView* LongContextViews::thumbnail(int layer, int head) const {
    if (layer < 0 || layer >= thumbs_.size() || head < 0 || head >= thumbs_[layer].size())
        return nullptr;
    return thumbs_[layer][head];
}

void LongContextViews::rebuildGrid(int layers, int heads) {
    if (thumbs_.size() == layers && (layers == 0 || thumbs_[0].size() == heads))
        return;
    thumbs_.clear();
    frames_.clear();
    markedLayer_ = markedHead_ = -1;
    while (QLayoutItem* item = grid_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (int h = 0; h < heads; ++h) {
        auto* t = new QLabel(tr("H%1").arg(h + 1), gridArea_);
        t->setAlignment(Qt::AlignCenter);
        grid_->addWidget(t, 0, h + 1);
    }
    for (int l = 0; l < layers; ++l) {
        grid_->addWidget(new QLabel(tr("L%1").arg(l + 1), gridArea_), l + 1, 0);
        QVector<HeatmapView*> row;
        QVector<QFrame*> frames;
        for (int h = 0; h < heads; ++h) {
            auto* frame = new QFrame(gridArea_);
            frame->setStyleSheet(QStringLiteral("QFrame { border: 2px solid transparent; }"));
            auto* fl = new QVBoxLayout(frame);
            fl->setContentsMargins(2, 2, 2, 2);
            auto* v = new HeatmapView(frame);
            v->setCompact(true);
            v->setRangeMode(HeatmapView::RangeMode::Fixed01);
            v->setMinimumSize(34, 34);
            v->setEmptyText(QStringLiteral("—"));
            connect(v, &HeatmapView::cellClicked, this,
                    [this, l, h](int, int) { Q_EMIT headSelected(l, h); });
            fl->addWidget(v);
            grid_->addWidget(frame, l + 1, h + 1);
            row << v;
            frames << frame;
        }
        thumbs_ << row;
        frames_ << frames;
    }
}

void LongContextViews::fillGrid() {
    // One layer per turn of the event loop: 64 thumbnails in one go held the GUI thread for about
    // 250 ms at 16,384 tokens (the stall meter).
    fillGridLayer(0, ++gridGeneration_);
}

void LongContextViews::fillGridLayer(int l, quint64 generation) {
    if (generation != gridGeneration_ || !snap_.pass || l >= thumbs_.size())
        return;
    const auto& pass = *snap_.pass;
    for (int h = 0; h < thumbs_[l].size(); ++h) {
        const lc::HeadSummary& s = pass.head(l, h);
        HeatmapView* v = thumbs_[l][h];
        if (s.pyramid.levels.empty()) {
            v->clear();
            continue;
        }
        v->setMatrix(s.pyramid.levels.back().max, {}, {});
        const attn::hf::HeadShares shares = headSharesOf(s);
        v->setToolTip(tr("Layer %1, head %2: first %3 · previous %4 · self %5 · entropy %6 nats (means "
                         "of the kept per-row figures) — click to select")
                          .arg(l + 1)
                          .arg(h + 1)
                          .arg(format::num(shares.firstToken, 3), format::num(shares.previousToken, 3),
                               format::num(shares.self, 3), format::num(meanEntropyOf(s), 2)));
    }
    QTimer::singleShot(0, this, [this, l, generation] { fillGridLayer(l + 1, generation); });
}

void LongContextViews::markGrid() {
    // Only the frames whose mark changes get a new style sheet: restyling all 64 frames re-polished every
    // thumbnail (about 40 ms on each head selected, and as much again in the repaints that followed).
    const auto style = [this](int l, int h, bool marked) {
        if (l >= 0 && l < frames_.size() && h >= 0 && h < frames_[l].size())
            frames_[l][h]->setStyleSheet(marked
                                             ? QStringLiteral("QFrame { border: 2px solid #d62728; }")
                                             : QStringLiteral("QFrame { border: 2px solid transparent; }"));
    };
    if (markedLayer_ == layer_ && markedHead_ == head_)
        return;
    style(markedLayer_, markedHead_, false);
    style(layer_, head_, true);
    markedLayer_ = layer_;
    markedHead_ = head_;
}
