#include "pages/similarity/similarity_attention_panel.hpp"

#include "widgets/heatmap_view.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>

namespace {
// Numbers in the cells only while a sentence is short enough for them to be read.
constexpr int kMaxTokensWithValues = 14;

void fill(QComboBox* box, int count, const QString& pattern, int current) {
    const QSignalBlocker block(box);
    if (box->count() != count) {
        box->clear();
        for (int i = 0; i < count; ++i)
            box->addItem(pattern.arg(i + 1).arg(count)); // from 1 on screen
    }
    box->setCurrentIndex(std::clamp(current, 0, std::max(count - 1, 0)));
}
} // namespace

SimilarityAttentionPanel::SimilarityAttentionPanel(QWidget* parent) : QWidget(parent) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    caption_ = new QLabel(this);
    caption_->setWordWrap(true);
    QFont f = caption_->font();
    f.setBold(true);
    caption_->setFont(f);
    v->addWidget(caption_);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Layer:"), this));
    layerBox_ = new QComboBox(this);
    row->addWidget(layerBox_);
    row->addSpacing(8);
    row->addWidget(new QLabel(tr("Head:"), this));
    headBox_ = new QComboBox(this);
    row->addWidget(headBox_);
    row->addStretch();
    v->addLayout(row);
    notes_ = new QLabel(this);
    notes_->setWordWrap(true);
    notes_->setStyleSheet(QStringLiteral("color: #8a4b00;"));
    notes_->hide();
    v->addWidget(notes_);
    map_ = new HeatmapView(this);
    map_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    map_->setAxisTitles(tr("Query piece"), tr("Key piece"));
    map_->setColorScaleLabel(tr("weight"));
    map_->setEmptyText(tr("Select a sentence to see its attention"));
    v->addWidget(map_, 1);
    connect(layerBox_, &QComboBox::activated, this, &SimilarityAttentionPanel::layerChosen);
    connect(headBox_, &QComboBox::activated, this, &SimilarityAttentionPanel::headChosen);
}

void SimilarityAttentionPanel::show(const attn::SentenceEncoding& e, int number, const QString& text,
                                    int layer, int head) {
    const int layers = int(e.attention.size());
    const int l = std::clamp(layer, 0, std::max(layers - 1, 0));
    const int heads = layers ? int(e.attention[std::size_t(l)].size()) : 0;
    const int h = std::clamp(head, 0, std::max(heads - 1, 0));
    fill(layerBox_, layers, tr("%1 of %2"), l);
    fill(headBox_, heads, tr("%1 of %2"), h);
    caption_->setText(tr("Sentence %1: “%2” — %3 pieces").arg(number).arg(text).arg(e.tokens.size()));
    QStringList pieces;
    for (const auto& t : e.tokens)
        pieces << QString::fromStdString(t); // as the tokenizer gives them, ▁ visible
    QStringList warnings;
    for (const auto& w : e.warnings)
        warnings << QString::fromStdString(w);
    notes_->setText(warnings.join(QLatin1Char('\n')));
    notes_->setVisible(!warnings.isEmpty());
    if (!layers || !heads) {
        map_->clear();
        return;
    }
    map_->setTitle(tr("Layer %1, head %2: attention weights (rows: queries)").arg(l + 1).arg(h + 1));
    map_->setShowValues(int(pieces.size()) <= kMaxTokensWithValues);
    map_->setMatrix(e.attention[std::size_t(l)][std::size_t(h)], pieces, pieces);
}

void SimilarityAttentionPanel::clear(const QString& why) {
    caption_->setText(why);
    notes_->hide();
    map_->clear();
}

int SimilarityAttentionPanel::layer() const {
    return std::max(layerBox_->currentIndex(), 0);
}

int SimilarityAttentionPanel::head() const {
    return std::max(headBox_->currentIndex(), 0);
}

QString SimilarityAttentionPanel::caption() const {
    return caption_->text();
}

QString SimilarityAttentionPanel::notes() const {
    return notes_->isHidden() ? QString() : notes_->text();
}
