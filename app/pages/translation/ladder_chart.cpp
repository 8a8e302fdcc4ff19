#include "pages/translation/ladder_chart.hpp"

#include "widgets/explanation.hpp"
#include "widgets/format.hpp"

#include <QEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace {

constexpr const char* kWith = "translation-en-es";
constexpr const char* kWithout = "translation-en-es-noattn";

} // namespace

LadderChart::LadderChart(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    title_ = new QLabel(tr("The chapter's sentence, one clause more per rung: chrF against Apertium"), this);
    title_->setWordWrap(true);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    chart_ = new QCustomPlot(this);
    chart_->setMinimumHeight(300); // the tab scrolls: room for the bars under the legend and two-line labels
    // Beside the held-out table the chart takes the width the tab leaves and asks for none of its own: its
    // legend and axes widened the tab past a 1280 px window (a sideways scroll in teaching mode).
    chart_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    chart_->setMaximumHeight(420);
    chart_->setInteractions({});
    withBars_ = new QCPBars(chart_->xAxis, chart_->yAxis);
    withoutBars_ = new QCPBars(chart_->xAxis, chart_->yAxis);
    auto* group = new QCPBarsGroup(chart_);
    for (QCPBars* bars : {withBars_, withoutBars_}) {
        bars->setWidth(0.36);
        bars->setBarsGroup(group);
        bars->setPen(Qt::NoPen);
    }
    // The held-out chart's colours: the two charts read together.
    withBars_->setName(tr("with attention"));
    withBars_->setBrush(QColor(QLatin1String(format::kHighlightOrange)));
    withoutBars_->setName(tr("without attention"));
    withoutBars_->setBrush(QColor(0x8c, 0x8c, 0x8c));
    chart_->yAxis->setRange(0, 100);
    chart_->yAxis->setLabel(tr("chrF"));
    chart_->xAxis->setLabel(tr("rung (source words)"));
    chart_->xAxis->grid()->setVisible(false);
    chart_->legend->setVisible(true);
    chart_->legend->setBorderPen(Qt::NoPen);
    // The two entries stacked: beside the held-out table the chart is narrow.
    chart_->legend->setWrap(1);
    chart_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    chart_->axisRect()->insetLayout()->take(chart_->legend);
    chart_->plotLayout()->insertRow(0);
    chart_->plotLayout()->addElement(0, 0, chart_->legend);
    chart_->plotLayout()->setRowStretchFactor(0, 0.001);
    note_ = new QLabel(this);
    note_->setWordWrap(true);
    note_->setTextFormat(Qt::RichText);
    explanation::mark(note_);
    message_ = new QLabel(this);
    message_->setWordWrap(true);
    QPalette warning = message_->palette();
    warning.setColor(QPalette::WindowText, QColor(QLatin1String(format::kWarningBrown)));
    message_->setPalette(warning);
    message_->hide();
    layout->addWidget(title_);
    layout->addWidget(chart_, 1);
    layout->addWidget(note_);
    layout->addWidget(message_);
    applyChartFont();
}

void LadderChart::load(const std::filesystem::path& file) {
    try {
        ladder_ = attn::readTranslationLadder(file);
        message_->clear();
    } catch (const std::exception& e) {
        ladder_.reset();
        message_->setText(tr("The ladder could not be read: %1").arg(QString::fromUtf8(e.what())));
    }
    populate();
}

QString LadderChart::message() const {
    return message_->text();
}

QString LadderChart::noteText() const {
    return note_->text();
}

QVector<QPair<int, double>> LadderChart::bars(bool withAttention) const {
    QVector<QPair<int, double>> out;
    const QCPBars* b = withAttention ? withBars_ : withoutBars_;
    for (auto it = b->data()->constBegin(); it != b->data()->constEnd(); ++it)
        out.append({static_cast<int>(std::lround(it->key)) - 1, it->value});
    return out;
}

void LadderChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange)
        applyChartFont();
    QWidget::changeEvent(event);
}

void LadderChart::applyChartFont() {
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

void LadderChart::populate() {
    const bool shown = ladder_.has_value();
    title_->setVisible(shown);
    chart_->setVisible(shown);
    note_->setVisible(shown);
    message_->setVisible(!shown && !message_->text().isEmpty());
    withBars_->data()->clear();
    withoutBars_->data()->clear();
    if (!shown) {
        note_->clear();
        return;
    }
    auto ticks = QSharedPointer<QCPAxisTickerText>::create();
    int ahead = 0, compared = 0;
    for (std::size_t r = 0; r < ladder_->rungs.size(); ++r) {
        const auto& rung = ladder_->rungs[r];
        const double key = static_cast<double>(r + 1);
        const auto with = rung.chrF.find(kWith), without = rung.chrF.find(kWithout);
        if (with != rung.chrF.end())
            withBars_->addData(key, with->second);
        if (without != rung.chrF.end())
            withoutBars_->addData(key, without->second);
        if (with != rung.chrF.end() && without != rung.chrF.end()) {
            ++compared;
            ahead += with->second > without->second;
        }
        // Two lines: the rung, then its length (side by side the labels ran into each other).
        ticks->addTick(key,
                       QStringLiteral("%1\n(%2)").arg(r + 1).arg(rung.sourceTokens)); // the axis says what
    }
    chart_->xAxis->setTicker(ticks);
    chart_->xAxis->setRange(0.4, static_cast<double>(ladder_->rungs.size()) + 0.6);
    // The figures: how many rungs attention is ahead on, the first and the last rung's sentences (each rung
    // adds one clause to the one before) and where the ladder comes from.
    note_->setText(
        tr("With attention ahead on %1 of %2 rungs. Rung 1 is the chapter's sentence; each rung adds one "
           "clause, "
           "up to rung %3: “%4”.")
            .arg(ahead)
            .arg(compared)
            .arg(ladder_->rungs.size())
            .arg(QString::fromStdString(ladder_->rungs.back().source).toHtmlEscaped()) +
        QStringLiteral("<br>") +
        tr("Reference: Apertium's translation (rule-based, not always right: it limits both models alike). "
           "The typical path of %1 candidate sentences (its gap closest to the mean gap); all are in "
           "translation-ladder.json.")
            .arg(ladder_->candidates));
    chart_->replot();
}
