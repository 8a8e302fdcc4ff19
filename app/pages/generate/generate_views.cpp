#include "pages/generate/generate_views.hpp"

#include "pages/generate/head_pattern_table.hpp"
#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_lod.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/probability_bars.hpp"
#include "widgets/word_chip_row.hpp"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>
#include <cmath>

namespace {

QLabel* caption(const QString& text, QWidget* parent) {
    auto* l = new QLabel(text, parent);
    l->setWordWrap(true); // a narrow column wraps its caption instead of cutting it
    QFont f = l->font();
    f.setBold(true);
    l->setFont(f);
    return l;
}

QWidget* column(QWidget* parent, std::initializer_list<std::pair<QWidget*, int>> widgets) {
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    for (const auto& [w, stretch] : widgets)
        layout->addWidget(w, stretch);
    return box;
}

} // namespace

GenerateViews::GenerateViews(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    chips_ = new WordChipRow(tr("Text:"), this);
    chips_->setToolTip(tr("Prompt and generated tokens, shaded by the selected head's attention from the "
                          "selected token. Click a generated token to select it."));
    // Which chips the model wrote: the legend draws both kinds as the chips do (WordChipRow's marked kind).
    chipLegend_ = new QLabel(this);
    chipLegend_->setTextFormat(Qt::RichText);
    chipLegend_->setText(
        tr("<span style='color:black'>prompt</span> · <span style='color:#0b3d91'><i>generated"
           "</i></span> (dashed outline) · red outline: selected · ␣ space, ↵ new line"));
    chipLegend_->setToolTip(tr("Prompt chips are what you typed (with the start token the tokenizer adds); "
                               "generated chips, in blue italics with a dashed outline, are what the model "
                               "wrote. Blank tokens are shown as ␣ (space), ↵ (new line) and ⇥ (tab)."));
    auto* chipRow = new QHBoxLayout;
    chipRow->addWidget(chips_, 1);
    chipRow->addWidget(chipLegend_);
    outer->addLayout(chipRow);
    teachingNote_ = new QLabel(this);
    teachingNote_->setWordWrap(true);
    teachingNote_->setText(
        tr("A language model attends only backwards: each row of the causal map is one token looking at "
           "the tokens before it (the grey triangle is the future, masked). Each row sums to 1. Heads "
           "specialise — some look at the previous token, some park their attention on the first token."));
    teachingNote_->hide();
    explanation::mark(teachingNote_);
    outer->addWidget(teachingNote_);

    auto* split = new QSplitter(Qt::Horizontal, this);

    // Left: the layer x head grid above the head-pattern table.
    auto* scroll = new QScrollArea(split);
    scroll->setWidgetResizable(true);
    gridArea_ = new QWidget(scroll);
    grid_ = new QGridLayout(gridArea_);
    grid_->setSpacing(3);
    scroll->setWidget(gridArea_);
    table_ = new HeadPatternTable(split);
    auto* left = new QSplitter(Qt::Vertical, split);
    left->addWidget(
        column(left, {{caption(tr("Heads (layer × head) — click to select"), left), 0}, {scroll, 1}}));
    left->addWidget(
        column(left, {{caption(tr("Head patterns (click a header to sort)"), left), 0}, {table_, 1}}));
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 2);

    // Middle: the causal map of the selected head.
    causal_ = new HeatmapView(split);
    causal_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    causal_->setAxisTitles(tr("Query position (attends from)"), tr("Key position (attended to)"));
    causal_->setEmptyText(tr("Press Step to generate a token"));
    causal_->setMinimumWidth(340); // the main map: the side columns give way first
    legend_ = new QLabel(split);
    legend_->setWordWrap(true);
    legend_->setStyleSheet(QStringLiteral("color: #444;"));
    legend_->setText(
        tr("Grey cells (“—” when numbers are shown): future tokens, masked — a decoder cannot look "
           "ahead. Red outline: the row of the selected token."));
    // How a sampled token was drawn, in words (core's draw rule, attn/hf/decoding.hpp); under the map,
    // whose height gives way (under the bars it overlapped them at 1400 x 900).
    drawNote_ = new QLabel(split);
    drawNote_->setWordWrap(true);
    drawNote_->hide();
    auto* middle = column(split, {{causal_, 1}, {legend_, 0}, {drawNote_, 0}});

    // Right: the strip of the selected token over every layer/head, and the next-token bars.
    strip_ = new HeatmapView(split);
    strip_->setRangeMode(HeatmapView::RangeMode::Fixed01);
    strip_->setAxisTitles(tr("Layer / head"), tr("Context token"));
    strip_->setEmptyText(tr("No token yet"));
    strip_->setMinimumSize(220, 160); // below its size hint in teaching mode, so the causal map keeps room
    bars_ = new ProbabilityBars(split);
    bars_->setMinimumWidth(220);
    bars_->setBaseMinimumHeight(200);
    barsTitle_ = caption(tr("Next-token probabilities (top 10)"), split);
    barsTitle_->setWordWrap(true);
    auto* right = new QSplitter(Qt::Vertical, split);
    right->addWidget(strip_);
    right->addWidget(column(right, {{barsTitle_, 0}, {bars_, 1}}));
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);

    split->addWidget(left);
    split->addWidget(middle);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 4);
    split->setStretchFactor(2, 3);
    split->setSizes({400, 520, 420});
    outer->addWidget(split, 1);

    connect(table_, &HeadPatternTable::headClicked, this, &GenerateViews::headSelected);
    connect(chips_, &WordChipRow::chipClicked, this, [this](int index) {
        if (index >= promptLength_)
            Q_EMIT stepSelected(index - promptLength_);
    });
}

HeatmapView* GenerateViews::thumbnail(int layer, int head) const {
    if (layer < 0 || layer >= thumbs_.size() || head < 0 || head >= thumbs_[layer].size())
        return nullptr;
    return thumbs_[layer][head];
}

void GenerateViews::rebuildGrid(int layers, int heads) {
    if (thumbs_.size() == layers && (layers == 0 || thumbs_[0].size() == heads))
        return;
    for (auto& row : thumbs_)
        qDeleteAll(row);
    thumbs_.clear();
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
        for (int h = 0; h < heads; ++h) {
            auto* v = new HeatmapView(gridArea_);
            v->setCompact(true);
            v->setRangeMode(HeatmapView::RangeMode::Fixed01);
            v->setMinimumSize(48, 48);
            v->setEmptyText(QStringLiteral("—"));
            v->setToolTip(tr("Layer %1, head %2: click to select").arg(l + 1).arg(h + 1));
            connect(v, &HeatmapView::cellClicked, this,
                    [this, l, h](int, int) { Q_EMIT headSelected(l, h); });
            grid_->addWidget(v, l + 1, h + 1);
            row << v;
        }
        thumbs_ << row;
    }
}

void GenerateViews::clear(const QString& message) {
    causal_->setEmptyText(message);
    causal_->clear();
    strip_->clear();
    bars_->clear();
    bars_->hide(); // an empty plot would show bare 0..5 axes
    drawNote_->hide();
    drawNote_->clear();
    topText_.clear();
    table_->setRowCount(0);
    for (auto& row : thumbs_)
        for (auto* v : row)
            v->clear();
}

QString GenerateViews::drawText() const {
    return drawNote_->text();
}

void GenerateViews::setTeachingCaptions(bool on) {
    teachingNote_->setVisible(on);
}

bool GenerateViews::teachingCaptionsShown() const {
    return !teachingNote_->isHidden();
}

void GenerateViews::show(const GenerateSnapshot& s, const QStringList& labels, const QStringList& topLabels,
                         int step, int layer, int head) {
    promptLength_ = static_cast<int>(s.promptIds.size());
    chips_->setWords(labels);
    chips_->setMarkedFrom(promptLength_, tr("prompt token"), tr("generated token: click to select it"));
    const int layers = static_cast<int>(s.maps.size());
    const int heads = layers > 0 ? static_cast<int>(s.maps[0].size()) : 0;
    rebuildGrid(layers, heads);
    if (s.steps.empty() || step < 0 || step >= static_cast<int>(s.steps.size())) {
        clear(tr("Press Step to generate a token"));
        return;
    }
    const auto& st = s.steps[static_cast<std::size_t>(step)];
    const int positions = static_cast<int>(s.maps[0][0].rows());
    const QStringList posLabels = labels.mid(0, positions);

    // Chips: the selected head's row of the selected token over its context; the token itself outlined.
    QVector<double> weights(labels.size(), -1.0);
    const auto& row = st.attention[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)];
    for (std::size_t c = 0; c < row.size(); ++c)
        weights[static_cast<int>(c)] = row[c];
    chips_->setWeights(weights, promptLength_ + step);

    // Grid and causal map.
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            HeatmapView* v = thumbs_[l][h];
            const attn::Matrix& thumb = s.thumbs[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
            const bool pooled = thumb.rows() != positions;
            v->setMatrix(thumb, pooled ? QStringList() : posLabels, pooled ? QStringList() : posLabels);
            v->setRowMarker(l == layer && h == head ? heatmap_lod::pixelOf(st.position, 0, positions,
                                                                           static_cast<int>(thumb.rows()))
                                                    : -1);
        }
    causal_->setTitle(tr("Causal map, L%1 H%2").arg(layer + 1).arg(head + 1));
    causal_->setMatrix(s.maps[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)], posLabels,
                       posLabels);
    causal_->setRowMarker(st.position);

    // Strip: one row per layer/head = the selected token's attention row (T_context = position + 1).
    const int context = st.position + 1;
    attn::Matrix strip(layers * heads, context); // (layers * heads) x T_context
    QStringList stripRows;
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            const auto& r = st.attention[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
            for (int c = 0; c < context; ++c)
                strip(l * heads + h, c) = r[static_cast<std::size_t>(c)];
            stripRows << tr("L%1 H%2").arg(l + 1).arg(h + 1);
        }
    // The row is the query at the position before the chosen token: the one whose output chose it.
    strip_->setTitle(tr("Choosing “%1”: “%2” (position %3) attends to")
                         .arg(labels.value(promptLength_ + step), labels.value(st.position))
                         .arg(st.position + 1));
    strip_->setMatrix(strip, stripRows, labels.mid(0, context));
    strip_->setRowMarker(layer * heads + head);

    // Top-10 next tokens (softmax of the logits at the token's position).
    std::vector<float> p;
    int chosen = -1;
    topText_.clear();
    for (std::size_t i = 0; i < st.top.size(); ++i) {
        p.push_back(st.top[i].probability);
        if (st.top[i].id == st.id)
            chosen = static_cast<int>(i);
    }
    const QStringList& names = topLabels;
    bars_->show();
    bars_->setProbabilities(p, names, chosen);
    barsTitle_->setText(st.uniform < 0
                            ? tr("Next-token probabilities (top %1) — greedy picks the first").arg(p.size())
                            : tr("Next-token probabilities (top %1) — sampled, u = %2, q = %3")
                                  .arg(p.size())
                                  .arg(format::num(st.uniform, 4))
                                  .arg(format::num(st.drawProbability, 3)));
    // The draw rule of attn::hf::Generator in words: the kept tokens, most probable first, share [0, 1)
    // by their probabilities q; the random number u lands in the chosen token's share.
    drawNote_->setVisible(st.uniform >= 0);
    drawNote_->setText(
        st.uniform < 0
            ? QString()
            : tr("How it was drawn: u = %1 is a random number in [0, 1) from the seed. The kept tokens, most "
                 "probable first, take turns along [0, 1), each as long as its probability q after "
                 "temperature and top-k; the token whose turn u lands in is chosen. q = %2 is the chosen "
                 "token's probability there (the bars show the model's own, at temperature 1).")
                  .arg(format::num(st.uniform, 4), format::num(st.drawProbability, 3)));
    barsTitle_->setToolTip(drawNote_->text());
    for (std::size_t i = 0; i < p.size(); ++i)
        topText_ += QStringLiteral("%1%2 %3").arg(i ? QStringLiteral("; ") : QString(),
                                                  names.value(static_cast<int>(i)), format::num(p[i], 4));

    table_->setPatterns(s.patterns);
    table_->markHead(layer, head);
}
