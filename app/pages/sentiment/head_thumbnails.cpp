// The Sentiment page's head thumbnails (head_thumbnails.hpp).
#include "pages/sentiment/head_thumbnails.hpp"

#include "pages/sentiment/sentiment_page.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>

HeadThumbnails::HeadThumbnails(QWidget* parent) : QWidget(parent) {
    grid_ = new QGridLayout(this);
    grid_->setSpacing(4);
}

HeatmapView* HeadThumbnails::thumbnail(int layer, int head) const {
    if (layer < 0 || layer >= thumbs_.size() || head < 0 || head >= thumbs_[layer].size())
        return nullptr;
    return thumbs_[layer][head];
}

void HeadThumbnails::rebuild(int layers, int heads) {
    for (auto& row : thumbs_)
        for (HeatmapView* v : row)
            v->parentWidget()->deleteLater();
    thumbs_.clear();
    captions_.clear();
    for (int l = 0; l < layers; ++l) {
        QVector<HeatmapView*> row;
        for (int h = 0; h < heads; ++h) {
            auto* cell = new QFrame(this);
            cell->setFrameShape(QFrame::StyledPanel);
            auto* box = new QVBoxLayout(cell);
            box->setContentsMargins(2, 2, 2, 2);
            box->setSpacing(0);
            auto* caption = new QLabel(cell);
            captions_ << caption;
            QFont f = caption->font();
            f.setPointSizeF(std::max(7.0, f.pointSizeF() - 1.5));
            caption->setFont(f);
            caption->setAlignment(Qt::AlignCenter);
            auto* view = new HeatmapView(cell);
            view->setCompact(true);
            view->setCompactLabels(true); // the head grid is read: labels once the cells can carry them
            view->setMinimumSize(90, 90);
            view->setRangeMode(HeatmapView::RangeMode::Fixed01);
            view->setEmptyText(QStringLiteral("–"));
            view->setToolTip(SentimentPage::tr("Click to enlarge layer %1, head %2").arg(l + 1).arg(h + 1));
            box->addWidget(caption);
            box->addWidget(view, 1);
            connect(view, &HeatmapView::cellClicked, this,
                    [this, l, h](int, int) { emit headClicked(l, h); });
            grid_->addWidget(cell, l, h);
            row.push_back(view);
        }
        thumbs_.push_back(row);
    }
    caption();
}

void HeadThumbnails::setShortCaptions(bool shortCaptions) {
    short_ = shortCaptions;
    caption();
}

void HeadThumbnails::caption() {
    // Short captions at teaching size: four "layer 1 · head 4" were wider than the grid, which then
    // scrolled sideways at 1280 x 800 and cut off the last head.
    const int heads = thumbs_.isEmpty() ? 1 : static_cast<int>(thumbs_.first().size());
    for (int i = 0; i < captions_.size(); ++i) {
        const int l = i / heads + 1, h = i % heads + 1;
        captions_[i]->setText(short_ ? SentimentPage::tr("L%1 · H%2").arg(l).arg(h)
                                     : SentimentPage::tr("layer %1 · head %2").arg(l).arg(h));
    }
}

void HeadThumbnails::setRowMarker(int row) {
    for (auto& line : thumbs_)
        for (HeatmapView* v : line)
            v->setRowMarker(row);
}

void HeadThumbnails::showResult(const attn::ClassifierResult& r, const QStringList& tokens,
                                const QStringList& notes, const QStringList& marks, int layer, int head) {
    for (int l = 0; l < thumbs_.size(); ++l) {
        for (int h = 0; h < thumbs_[l].size(); ++h) {
            HeatmapView* v = thumbs_[l][h];
            if (l < int(r.attention.size()) && h < int(r.attention[size_t(l)].size())) {
                v->setRowNotes(notes, marks);
                v->setColumnNotes(notes, marks);
                v->setMatrix(r.attention[size_t(l)][size_t(h)], tokens, tokens);
            } else {
                v->clear();
            }
            auto* frame = qobject_cast<QFrame*>(v->parentWidget());
            if (frame)
                frame->setStyleSheet(l == layer && (h == head || head < 0)
                                         ? QStringLiteral("QFrame { border: 2px solid %1; }")
                                               .arg(QLatin1String(format::kHighlightOrange))
                                         : QString());
        }
    }
}
