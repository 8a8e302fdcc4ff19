// LongContextViews' layer x head grid (long_context_views.hpp): one thumbnail per head, its coarsest
// pyramid level, filled one layer per turn of the event loop.
#include "pages/generate/long_context_views.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QTimer>
#include <QVBoxLayout>
#include <attn/long_context/head_summary_figures.hpp>

namespace lc = attn::long_context;

namespace {

constexpr int kMarkWidth = 2; // px, the selected head's red border

/// A thumbnail's frame that draws the selection mark itself. Style sheets on 64 frames made Qt re-polish
/// every frame and thumbnail whenever one changed (tens of milliseconds on the GUI thread, issue 56).
class HeadFrame final : public QFrame {
public:
    using QFrame::QFrame;
    void setMarked(bool marked) {
        if (marked == marked_)
            return;
        marked_ = marked;
        update();
    }

protected:
    void paintEvent(QPaintEvent*) override {
        if (!marked_)
            return;
        QPainter p(this);
        p.setPen(QPen(QColor(0xd6, 0x27, 0x28), kMarkWidth));
        p.setBrush(Qt::NoBrush);
        const qreal inset = kMarkWidth / 2.0;
        p.drawRect(QRectF(rect()).adjusted(inset, inset, -inset, -inset));
    }

private:
    bool marked_ = false;
};

} // namespace

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
    // The rows of thumbnails are made one layer per turn of the event loop by fillGridLayer: 64 of them in
    // one go, with the layout and polish that follow, held the GUI thread ~40 ms (issue 56).
}

void LongContextViews::addGridRow(int l, int heads) {
    grid_->addWidget(new QLabel(tr("L%1").arg(l + 1), gridArea_), l + 1, 0);
    QVector<HeatmapView*> row;
    QVector<QFrame*> frames;
    for (int h = 0; h < heads; ++h) {
        auto* frame = new HeadFrame(gridArea_);
        auto* fl = new QVBoxLayout(frame);
        const int margin = kMarkWidth + 2; // the mark, then 2 px of space around the thumbnail
        fl->setContentsMargins(margin, margin, margin, margin);
        auto* v = new HeatmapView(frame);
        v->setCompact(true);
        v->setRangeMode(HeatmapView::RangeMode::Fixed01);
        v->setMinimumSize(34, 34);
        v->setEmptyText(QStringLiteral("—"));
        connect(v, &HeatmapView::cellClicked, this, [this, l, h](int, int) { Q_EMIT headSelected(l, h); });
        fl->addWidget(v);
        grid_->addWidget(frame, l + 1, h + 1);
        frame->setMarked(l == markedLayer_ && h == markedHead_);
        row << v;
        frames << frame;
    }
    thumbs_ << row;
    frames_ << frames;
}

void LongContextViews::fillGrid() {
    // One layer per turn of the event loop: 64 thumbnails in one go held the GUI thread for about
    // 250 ms at 16,384 tokens (the stall meter).
    fillGridLayer(0, ++gridGeneration_);
}

void LongContextViews::fillGridLayer(int l, quint64 generation) {
    if (generation != gridGeneration_ || !snap_.pass || l > thumbs_.size())
        return;
    const auto& pass = *snap_.pass;
    if (l >= static_cast<int>(pass.layers.size()))
        return;
    if (l == thumbs_.size())
        addGridRow(l, pass.heads);
    for (int h = 0; h < thumbs_[l].size(); ++h) {
        const lc::HeadSummary& s = pass.head(l, h);
        HeatmapView* v = thumbs_[l][h];
        if (s.pyramid.levels.empty()) {
            v->clear();
            continue;
        }
        v->setMatrix(s.pyramid.levels.back().max, {}, {});
        const attn::hf::HeadShares shares = lc::headShares(s);
        v->setToolTip(tr("Layer %1, head %2: first %3 · previous %4 · self %5 · entropy %6 nats (means "
                         "of the kept per-row figures) — click to select")
                          .arg(l + 1)
                          .arg(h + 1)
                          .arg(format::num(shares.firstToken, 3), format::num(shares.previousToken, 3),
                               format::num(shares.self, 3), format::num(lc::meanEntropy(s), 2)));
    }
    QTimer::singleShot(0, this, [this, l, generation] { fillGridLayer(l + 1, generation); });
}

void LongContextViews::markGrid() {
    // Only the frames whose mark changes repaint (a style sheet per frame re-polished every thumbnail:
    // about 40 ms on each head selected, and as much again in the repaints that followed).
    const auto style = [this](int l, int h, bool marked) {
        if (l >= 0 && l < frames_.size() && h >= 0 && h < frames_[l].size())
            static_cast<HeadFrame*>(frames_[l][h])->setMarked(marked);
    };
    if (markedLayer_ == layer_ && markedHead_ == head_)
        return;
    style(markedLayer_, markedHead_, false);
    style(layer_, head_, true);
    markedLayer_ = layer_;
    markedHead_ = head_;
}
