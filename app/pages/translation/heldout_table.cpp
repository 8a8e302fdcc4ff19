#include "pages/translation/heldout_table.hpp"

#include "widgets/format.hpp"

#include <QButtonGroup>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <exception>
#include <qcustomplot.h>

namespace {

const QString kNone = QStringLiteral("\u2014"); // "—"
// The chart below the table keeps this height; beside it (arrangeChart) it needs this width.
constexpr int kChartMinimumHeight = 280;
constexpr int kChartMinimumWidth = 260;
// The value axis (numbers and label) and the margins take about this much of the chart's width; length
// labels closer than kTickLabelGap read as one.
constexpr int kValueAxisAllowance = 90;
constexpr int kTickLabelGap = 12;

/// A bucket's label or a set's id: what matches rows between the two models.
const std::string& keyOf(const attn::HeldOutScores::Bucket& b) {
    return b.label;
}
const std::string& keyOf(const attn::HeldOutScores::Set& e) {
    return e.id;
}

/// The item of `list` (HeldOutScores::buckets or ::sets) of the scores `s` whose key is `key`.
template <class Item>
const Item* findItem(const std::optional<attn::HeldOutScores>& s,
                     std::vector<Item> attn::HeldOutScores::*list, const std::string& key) {
    if (!s)
        return nullptr;
    for (const Item& item : (*s).*list)
        if (keyOf(item) == key)
            return &item;
    return nullptr;
}

/// The value of a bucket or set for the measure shown (nullopt: no item, or no such value in the file).
template <class Item> std::optional<double> valueOf(const Item* item, HeldOutTable::Measure measure) {
    if (!item)
        return std::nullopt;
    return measure == HeldOutTable::Measure::Chrf ? std::optional<double>(item->score)
                                                  : item->referencePerplexity;
}

std::optional<double> overallOf(const std::optional<attn::HeldOutScores>& s, HeldOutTable::Measure measure) {
    if (!s)
        return std::nullopt;
    return measure == HeldOutTable::Measure::Chrf ? std::optional<double>(s->overall)
                                                  : s->overallReferencePerplexity;
}

/// chrF is shown with one decimal (as in the model cards), a perplexity with two (it lives near 1 to 10).
int decimalsOf(HeldOutTable::Measure measure) {
    return measure == HeldOutTable::Measure::Chrf ? 1 : 2;
}

/// The rows of `list`: the first model's items, then any of the baseline's the attention model lacks.
template <class Item>
std::vector<const Item*> rowsOf(const std::optional<attn::HeldOutScores>& with,
                                const std::optional<attn::HeldOutScores>& without,
                                std::vector<Item> attn::HeldOutScores::*list) {
    std::vector<const Item*> rows;
    for (const Item& item : (with ? *with : *without).*list)
        rows.push_back(&item);
    if (with && without)
        for (const Item& item : (*without).*list)
            if (!findItem(with, list, keyOf(item)))
                rows.push_back(&item);
    return rows;
}

/// The value as shown (`decimals` decimals), so that the difference is that of the numbers on screen.
double shown(double value, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

} // namespace

HeldOutTable::Source HeldOutTable::read(const std::filesystem::path& dir, const QString& model) {
    Source s;
    if (dir.empty())
        return s;
    try {
        s.scores = attn::readHeldOutScores(dir);
    } catch (const std::exception& e) {
        s.error =
            tr("The held-out scores of %1 could not be read: %2").arg(model, QString::fromUtf8(e.what()));
    }
    return s;
}

HeldOutTable::HeldOutTable(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    title_ = new QLabel(this);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    title_->setWordWrap(true);
    // chrF or the reference perplexity: offered when a file has the perplexity.
    measureRow_ = new QWidget(this);
    auto* measureLayout = new QHBoxLayout(measureRow_);
    measureLayout->setContentsMargins(0, 0, 0, 0);
    chrfButton_ = new QRadioButton(tr("chrF of their own translations"), measureRow_);
    chrfButton_->setToolTip(tr("How close each model's greedy translation comes to Apertium's (character "
                               "n-gram F-score, 0–100, higher is better)"));
    perplexityButton_ = new QRadioButton(tr("Perplexity of the reference"), measureRow_);
    perplexityButton_->setToolTip(
        tr("Each decoder is given Apertium's translation piece by piece (teacher forcing) and says how "
           "likely each next piece is: the perplexity is 1 / the geometric mean of those probabilities "
           "(1 = certain, lower is better). One early mistake cannot spoil the rest of the sentence."));
    chrfButton_->setChecked(true);
    auto* measures = new QButtonGroup(measureRow_);
    measures->addButton(chrfButton_);
    measures->addButton(perplexityButton_);
    connect(perplexityButton_, &QRadioButton::toggled, this, [this](bool on) {
        const Measure wanted = on ? Measure::ReferencePerplexity : Measure::Chrf;
        if (wanted != measure_) {
            measure_ = wanted;
            populate();
        }
    });
    measureLayout->addWidget(chrfButton_);
    measureLayout->addWidget(perplexityButton_);
    measureLayout->addStretch(1);
    measureRow_->hide();
    message_ = new QLabel(this);
    message_->setWordWrap(true);
    QPalette warning = message_->palette();
    warning.setColor(QPalette::WindowText, QColor(QLatin1String(format::kWarningBrown)));
    message_->setPalette(warning);
    message_->hide();
    grid_ = new QWidget(this);
    gridLayout_ = new QGridLayout(grid_);
    gridLayout_->setContentsMargins(0, 0, 0, 0);
    gridLayout_->setHorizontalSpacing(14);
    gridLayout_->setVerticalSpacing(1);
    // The buckets as bars, the two models side by side: the gap that grows with the length is the
    // chapter's argument for attention. It takes the room the table leaves.
    chart_ = new QCustomPlot(this);
    chart_->setMinimumHeight(kChartMinimumHeight);
    chart_->setMaximumHeight(460);
    chart_->setInteractions({});
    withBars_ = new QCPBars(chart_->xAxis, chart_->yAxis);
    withoutBars_ = new QCPBars(chart_->xAxis, chart_->yAxis);
    auto* group = new QCPBarsGroup(chart_);
    for (QCPBars* bars : {withBars_, withoutBars_}) {
        bars->setWidth(0.36);
        bars->setBarsGroup(group);
    }
    withBars_->setName(tr("with attention"));
    withBars_->setBrush(QColor(QLatin1String(format::kHighlightOrange)));
    withBars_->setPen(Qt::NoPen);
    withoutBars_->setName(tr("without attention"));
    withoutBars_->setBrush(QColor(0x8c, 0x8c, 0x8c));
    withoutBars_->setPen(Qt::NoPen);
    chart_->yAxis->setRange(0, 100);
    chart_->xAxis->setLabel(tr("source length (words)"));
    chart_->xAxis->grid()->setVisible(false);
    // The legend in a row of its own above the bars: inside the axis rect it covered the last buckets'
    // bars when the chart was short (1280 x 800 in teaching mode).
    chart_->legend->setVisible(true);
    chart_->legend->setBorderPen(Qt::NoPen);
    chart_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    chart_->axisRect()->insetLayout()->take(chart_->legend);
    chart_->plotLayout()->insertRow(0);
    chart_->plotLayout()->addElement(0, 0, chart_->legend);
    chart_->plotLayout()->setRowStretchFactor(0, 0.001);
    applyChartFont();
    // The title, switch and table in one column; the chart below it, or beside it when the width leaves
    // the chart room (arrangeChart): in teaching mode at 1280 x 800 the chart below the table needed a
    // scroll.
    tableColumn_ = new QWidget(this);
    auto* column = new QVBoxLayout(tableColumn_);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    title_->setParent(tableColumn_);
    measureRow_->setParent(tableColumn_);
    grid_->setParent(tableColumn_);
    column->addWidget(title_);
    column->addWidget(measureRow_);
    column->addWidget(grid_);
    column->addStretch(1);
    body_ = new QBoxLayout(QBoxLayout::TopToBottom);
    body_->setSpacing(8);
    body_->addWidget(tableColumn_);
    body_->addWidget(chart_, 1);
    layout->addLayout(body_, 1);
    layout->addWidget(message_);
    headings_ = {tr("source length"), tr("pairs"), tr("with attention"), tr("without attention"),
                 tr("difference")};
    hide();
}

QString HeldOutTable::scoreText(std::optional<double> score, int decimals) {
    return score ? QString::number(*score, 'f', decimals) : kNone;
}

QString HeldOutTable::differenceText(std::optional<double> with, std::optional<double> without,
                                     int decimals) {
    if (!with || !without)
        return kNone;
    const double d = shown(*with, decimals) - shown(*without, decimals);
    return (d >= 0 ? QStringLiteral("+") : QStringLiteral("-")) + QString::number(std::abs(d), 'f', decimals);
}

bool HeldOutTable::setMeasure(Measure measure) {
    if (measure == Measure::ReferencePerplexity && !measureSwitchShown())
        return false;
    (measure == Measure::Chrf ? chrfButton_ : perplexityButton_)->setChecked(true); // populate()s
    return true;
}

bool HeldOutTable::measureSwitchShown() const {
    return (with_ && with_->hasReferencePerplexity()) || (without_ && without_->hasReferencePerplexity());
}

QString HeldOutTable::chartValueLabel() const {
    return chart_->yAxis->label();
}

double HeldOutTable::chartValueMax() const {
    return chart_->yAxis->range().upper;
}

QVector<QPair<int, double>> HeldOutTable::chartBars(bool withAttention) const {
    QVector<QPair<int, double>> bars;
    const QCPBars* b = withAttention ? withBars_ : withoutBars_;
    for (auto it = b->data()->constBegin(); it != b->data()->constEnd(); ++it)
        bars.append({static_cast<int>(std::lround(it->key)) - 1, it->value});
    return bars;
}

void HeldOutTable::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange) {
        applyChartFont();
        arrangeChart();
    }
    QWidget::changeEvent(event);
}

void HeldOutTable::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrangeChart();
}

void HeldOutTable::arrangeChart() {
    const int table = std::max(grid_->sizeHint().width(), measureRow_->sizeHint().width());
    const bool beside = width() >= table + body_->spacing() + kChartMinimumWidth;
    const auto direction = beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (body_->direction() != direction) {
        body_->setDirection(direction);
        // Beside the table the chart takes the width that is left (at least kChartMinimumWidth, by the
        // test above) and asks for no minimum of its own: its own (axis labels and legend in one row,
        // about 370 px in teaching mode) would widen the tab past the window and scroll it sideways, and
        // any minimum would keep this widget too wide to ever go back below.
        chart_->setSizePolicy(beside ? QSizePolicy::Ignored : QSizePolicy::Preferred, QSizePolicy::Preferred);
        // Beside the table the two legend entries stack, to leave the bars the narrow chart's width.
        chart_->legend->setWrap(beside ? 1 : 0);
        chart_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true); // re-places the entries
    }
    // The length labels ("11-15") slant when side by side they would run into each other.
    const int chartWidth = beside ? width() - table - body_->spacing() : width();
    const auto ticks = chart_->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    int widest = 0, count = 0;
    if (ticks) {
        const QFontMetrics metrics(chart_->xAxis->tickLabelFont());
        for (const QString& label : ticks->ticks()) {
            widest = std::max(widest, metrics.horizontalAdvance(label));
            ++count;
        }
    }
    const int axisWidth = chartWidth - kValueAxisAllowance;
    const double rotation = count * (widest + kTickLabelGap) > axisWidth ? -40.0 : 0.0;
    if (chart_->xAxis->tickLabelRotation() != rotation)
        chart_->xAxis->setTickLabelRotation(rotation);
    chart_->replot();
}

void HeldOutTable::applyChartFont() {
    // A QCustomPlot does not follow its widget's font (teaching mode scales the page's).
    const QFont f = font();
    for (QCPAxis* axis : {chart_->xAxis, chart_->yAxis}) {
        axis->setTickLabelFont(f);
        axis->setLabelFont(f);
    }
    chart_->legend->setFont(f);
    for (int i = 0; i < chart_->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(chart_->legend->item(i)))
            item->setFont(f);
    chart_->replot();
}

bool HeldOutTable::chartBesideTable() const {
    return body_->direction() == QBoxLayout::LeftToRight;
}

bool HeldOutTable::tableShown() const {
    return !isHidden() && !grid_->isHidden();
}

QString HeldOutTable::titleText() const {
    return title_->text();
}

QString HeldOutTable::message() const {
    return message_->isHidden() ? QString() : message_->text();
}

QString HeldOutTable::cell(int row, int column) const {
    if (row < 0 || row >= cells_.size() || column < 0 || column >= cells_[row].size())
        return {};
    return cells_[row][column];
}

void HeldOutTable::setSources(const Source& withAttention, const Source& withoutAttention) {
    cells_.clear();
    toolTips_.clear();
    overallRow_ = -1;
    with_.reset();
    without_.reset();
    QStringList errors;
    for (const Source* s : {&withAttention, &withoutAttention})
        if (!s->error.isEmpty())
            errors << s->error;
    const auto& with = withAttention.scores;
    const auto& without = withoutAttention.scores;
    if (errors.isEmpty() && with && without && with->metric != without->metric)
        errors << tr("The two models' held-out scores use different metrics (%1, %2): they are not compared.")
                      .arg(QString::fromStdString(with->metric), QString::fromStdString(without->metric));
    if (!errors.isEmpty()) {
        title_->setText(tr("Held-out scores by source length (model cards)"));
        message_->setText(errors.join(QLatin1Char('\n')));
        message_->show();
        measureRow_->hide();
        grid_->hide();
        chart_->hide();
        rebuild();
        show();
        return;
    }
    message_->clear();
    message_->hide();
    if (!with && !without) {
        measureRow_->hide();
        rebuild();
        hide();
        return;
    }
    with_ = with;
    without_ = without;
    measureRow_->setVisible(measureSwitchShown());
    if (measure_ == Measure::ReferencePerplexity && !measureSwitchShown()) {
        // The new files have no perplexity: back to chrF, populated once below rather than by the toggle.
        const QSignalBlocker quiet(perplexityButton_);
        chrfButton_->setChecked(true);
        measure_ = Measure::Chrf;
    }
    populate();
    grid_->show();
    show();
}

void HeldOutTable::populate() {
    cells_.clear();
    toolTips_.clear();
    overallRow_ = -1;
    if (!with_ && !without_)
        return;
    const auto& with = with_;
    const auto& without = without_;
    const Measure m = measure_;
    const int decimals = decimalsOf(m);
    const attn::HeldOutScores& first = with ? *with : *without;
    const bool chrf = m == Measure::Chrf;
    if (chrf) {
        title_->setText(
            tr("Held-out %1 by source length (model cards)").arg(QString::fromStdString(first.metric)));
        title_->setToolTip(
            tr("chrF (character n-gram F-score, 0–100, higher is closer to the reference) of each model on "
               "its held-out sentence pairs, by the length of the English sentence in words, as the model "
               "cards report it. Without attention the long sentences suffer most."));
    } else {
        title_->setText(tr("Held-out perplexity of the reference translations by source length (lower "
                           "is better)"));
        title_->setToolTip(
            tr("Each decoder is fed Apertium's translation of every held-out sentence (teacher forcing); "
               "the perplexity is exp of the mean negative log-probability it gave the translation's "
               "pieces (training/forced_perplexity.py). Without attention the decoder must recall a long "
               "sentence from one vector, and the reference surprises it more."));
    }
    chart_->yAxis->setLabel(chrf ? tr("chrF") : tr("perplexity"));
    const QString differenceTip =
        chrf ? tr("With attention minus without: above 0, the attention model is closer to the reference")
             : tr("With attention minus without: below 0, the attention model expects the reference better");

    // The attention model's buckets, then any of the baseline's it does not have: a table row each, and
    // on the chart a key each (1, 2, ...) labelled as the row; a model without a value there has no bar.
    const auto rows = rowsOf(with, without, &attn::HeldOutScores::buckets);
    withBars_->data()->clear();
    withoutBars_->data()->clear();
    double highest = 0;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (const auto* b : rows) {
        const auto* w = findItem(with, &attn::HeldOutScores::buckets, b->label);
        const auto* wo = findItem(without, &attn::HeldOutScores::buckets, b->label);
        const int pairs = w ? w->pairs : b->pairs;
        const auto vw = valueOf(w, m), vwo = valueOf(wo, m);
        cells_.append({QString::fromStdString(b->label), QString::number(pairs), scoreText(vw, decimals),
                       scoreText(vwo, decimals), differenceText(vw, vwo, decimals)});
        toolTips_.append(b->maxTokens < 0
                             ? tr("English sentences of %1 or more words").arg(b->minTokens)
                             : tr("English sentences of %1 to %2 words").arg(b->minTokens).arg(b->maxTokens));
        const double key = static_cast<double>(cells_.size());
        ticker->addTick(key, QString::fromStdString(b->label));
        if (vw) {
            withBars_->addData(key, *vw);
            highest = std::max(highest, *vw);
        }
        if (vwo) {
            withoutBars_->addData(key, *vwo);
            highest = std::max(highest, *vwo);
        }
    }
    chart_->xAxis->setTicker(ticker);
    chart_->xAxis->setRange(0.4, static_cast<double>(rows.size()) + 0.6);
    // chrF has its fixed scale; a perplexity's starts at 0 and leaves room above the highest bar.
    chart_->yAxis->setRange(0, chrf ? 100.0 : std::max(2.0, std::ceil(highest * 1.15)));
    chart_->replot();
    const auto allWith = overallOf(with, m), allWithout = overallOf(without, m);
    overallRow_ = static_cast<int>(cells_.size());
    cells_.append({tr("all"), QString::number(first.pairs), scoreText(allWith, decimals),
                   scoreText(allWithout, decimals), differenceText(allWith, allWithout, decimals)});
    toolTips_.append(tr("All held-out pairs"));
    // Other held-out sets, the attention model's first, then any only the baseline has.
    const auto sets = rowsOf(with, without, &attn::HeldOutScores::sets);
    for (const auto* e : sets) {
        const auto* w = findItem(with, &attn::HeldOutScores::sets, e->id);
        const auto* wo = findItem(without, &attn::HeldOutScores::sets, e->id);
        const bool everyday = e->id == "everyday";
        const auto vw = valueOf(w, m), vwo = valueOf(wo, m);
        cells_.append({everyday ? tr("everyday sentences") : QString::fromStdString(e->id),
                       QString::number(w ? w->pairs : e->pairs), scoreText(vw, decimals),
                       scoreText(vwo, decimals), differenceText(vw, vwo, decimals)});
        toolTips_.append(everyday
                             ? tr("A separate held-out set: everyday sentences from the examples of Ding's "
                                  "German–English dictionary, often in the first person (\"I like apple "
                                  "juice.\"); the rows above are dictionary definitions and examples")
                             : tr("Another held-out set of the model card"));
    }
    differenceTip_ = differenceTip;
    rebuild();
    chart_->setVisible(!rows.empty());
    // The table's width follows its texts, the length labels' slant the ticks. Queued: the table's new
    // cells are shown by a queued call of their layout, and until then its size hint leaves them out.
    QMetaObject::invokeMethod(this, &HeldOutTable::arrangeChart, Qt::QueuedConnection);
}

void HeldOutTable::rebuild() {
    while (QLayoutItem* item = gridLayout_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    if (cells_.isEmpty())
        return;
    for (int c = 0; c < headings_.size(); ++c) {
        // Italic and bold by markup, not by a font of their own: a label made while teaching mode is on
        // would keep its large font when it is switched off (teaching::applyFonts restores only the
        // fonts it scaled).
        auto* h = new QLabel(QStringLiteral("<i>%1</i>").arg(headings_[c].toHtmlEscaped()), grid_);
        h->setTextFormat(Qt::RichText);
        if (c == Difference)
            h->setToolTip(differenceTip_);
        gridLayout_->addWidget(h, 0, c, c == Length ? Qt::AlignLeft : Qt::AlignRight);
    }
    // The other held-out sets sit a blank line below the overall row: they are not length buckets.
    const int gapRow = overallRow_ >= 0 && overallRow_ + 1 < cells_.size() ? overallRow_ + 2 : -1;
    for (int row = 0; row < gridLayout_->rowCount(); ++row)
        gridLayout_->setRowMinimumHeight(row, 0);
    if (gapRow >= 0)
        gridLayout_->setRowMinimumHeight(gapRow, fontMetrics().height() / 2);
    for (int r = 0; r < cells_.size(); ++r) {
        const bool overall = r == overallRow_;
        const int gridRow = r + 1 + (gapRow >= 0 && r > overallRow_ ? 1 : 0);
        for (int c = 0; c < cells_[r].size(); ++c) {
            const QString text = cells_[r][c].toHtmlEscaped();
            auto* l = new QLabel(overall ? QStringLiteral("<b>%1</b>").arg(text) : text, grid_);
            l->setTextFormat(Qt::RichText);
            if (c == Length)
                l->setToolTip(toolTips_[r]);
            gridLayout_->addWidget(l, gridRow, c, c == Length ? Qt::AlignLeft : Qt::AlignRight);
        }
    }
    gridLayout_->setColumnStretch(ColumnCount, 1);
}
