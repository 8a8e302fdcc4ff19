#include "pages/translation/decode_step_panel.hpp"

#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/probability_bars.hpp"
#include "widgets/teaching.hpp"

#include <QApplication>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/models/word_alignment.hpp>
#include <cmath>
#include <qcustomplot.h>

namespace {

using format::esc;

constexpr int kCrowded = 15;     // from this many source words on, labels stand upright and are abbreviated
constexpr int kAbbreviateAt = 9; // characters; longer words become 7 characters + "…" when crowded

/// U+2581 "▁", which starts a word in a SentencePiece model's pieces.
const std::string kWordStart = "\xE2\x96\x81";

QString wordHtml(const std::string& token, bool unknown, bool current) {
    QString w = esc(token);
    if (unknown)
        w = QStringLiteral("<span style='color:%1'>⚠ %2</span>").arg(QLatin1String(format::kErrorRed), w);
    return current ? QStringLiteral("<b><u>%1</u></b>").arg(w) : w;
}

/// A hypothesis's tokens as text: a SentencePiece model's pieces joined into words; eos left out (the
/// row says the hypothesis ended).
QString spell(const std::vector<std::string>& tokens, bool pieces, const std::string& eos) {
    QString out;
    for (const std::string& token : tokens) {
        if (token == eos)
            continue;
        if (!pieces) {
            out += (out.isEmpty() ? QString() : QStringLiteral(" ")) + QString::fromStdString(token);
            continue;
        }
        const bool startsWord = token.rfind(kWordStart, 0) == 0;
        if (startsWord && !out.isEmpty())
            out += QLatin1Char(' ');
        out += QString::fromStdString(startsWord ? token.substr(kWordStart.size()) : token);
    }
    return out;
}

} // namespace

DecodeStepPanel::DecodeStepPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* buttons = new QHBoxLayout;
    prev_ = new QPushButton(tr("◀ Prev"), this);
    next_ = new QPushButton(tr("Next ▶"), this);
    play_ = new QPushButton(tr("Play"), this);
    prev_->setToolTip(tr("Previous decoding step (←)"));
    next_->setToolTip(tr("Next decoding step (→)"));
    play_->setToolTip(tr("Decode from the first word, one step at a time"));
    play_->setCheckable(true);
    buttons->addWidget(prev_);
    buttons->addWidget(next_);
    buttons->addWidget(play_);
    buttons->addStretch();
    stepLabel_ = new QLabel(this);
    stepLabel_->setWordWrap(true);
    stepLabel_->setTextFormat(Qt::RichText);
    soFar_ = new QLabel(this);
    soFar_->setWordWrap(true);
    soFar_->setTextFormat(Qt::RichText);
    soFar_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    candidatesTitle_ = new QLabel(this);
    candidatesTitle_->setWordWrap(true);
    candidatesTitle_->setTextFormat(Qt::RichText);
    candidates_ = new ProbabilityBars(this);
    candidates_->setBaseMinimumHeight(120);
    candidates_->setToolTip(tr("Click a bar: the decoder takes that token at this step and goes on by "
                               "itself from there"));
    connect(candidates_, &ProbabilityBars::barClicked, this, [this](int i) {
        if (shownStep_ >= 0 && i >= 0 && std::size_t(i) < candidateIds_.size())
            Q_EMIT candidateChosen(shownStep_, candidateIds_[std::size_t(i)]);
    });
    attentionTitle_ = new QLabel(this);
    attentionTitle_->setWordWrap(true);
    attentionTitle_->setTextFormat(Qt::RichText);
    plot_ = new QCustomPlot(this);
    plot_->setMinimumSize(220, 150);
    bars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    bars_->setWidth(0.7);
    bars_->setPen(QPen(QColor(200, 100, 0)));
    bars_->setBrush(QColor(255, 160, 60));
    plot_->yAxis->setRange(0.0, 1.0);
    // Short: the caption above names it, and the axis is about 10 lines high (a longer label was clipped).
    plot_->yAxis->setLabel(tr("weight"));
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    plot_->xAxis->setTickLabelRotation(-45);
    plot_->xAxis->grid()->setVisible(false);
    noAttention_ = new QLabel(this);
    noAttention_->setWordWrap(true);
    noAttention_->setStyleSheet(QStringLiteral("color: #444;"));
    noAttention_->setText(
        tr("This decoder has no attention, so there are no weights over the source words. It starts from the "
           "context vector (the encoder's state after the last source token, the first row of the map on the "
           "left) and from then on sees only its own state and the word it chose before."));
    noAttention_->hide();
    explanation::mark(noAttention_);
    beamTitle_ = new QLabel(this);
    beamTitle_->setWordWrap(true);
    beamTitle_->setTextFormat(Qt::RichText);
    beam_ = new QLabel(this);
    beam_->setTextFormat(Qt::RichText);
    beam_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    beam_->setToolTip(tr("Beam search keeps this many partial translations after each step: those with the "
                         "highest log-probability (the sum of the logs of their tokens' probabilities). "
                         "When the search ends, the hypothesis with the best score (log-probability per "
                         "token, the end of sentence counted) is the output."));
    beamTitle_->hide();
    beam_->hide();
    layout->addLayout(buttons);
    layout->addWidget(stepLabel_);
    layout->addWidget(soFar_);
    // Candidates and attention side by side when the panel is wide enough (resizeEvent), one above the
    // other when not: stacked in a column of 1400 x 900 the attention chart was squeezed off the bottom.
    charts_ = new QBoxLayout(QBoxLayout::TopToBottom);
    auto* candidatesColumn = new QVBoxLayout;
    candidatesColumn->addWidget(candidatesTitle_);
    candidatesColumn->addWidget(candidates_, 1);
    auto* attentionColumn = new QVBoxLayout;
    attentionColumn->addWidget(attentionTitle_);
    attentionColumn->addWidget(plot_, 1);
    attentionColumn->addWidget(noAttention_);
    charts_->addLayout(candidatesColumn, 2);
    charts_->addLayout(attentionColumn, 3);
    layout->addLayout(charts_, 1);
    layout->addWidget(beamTitle_);
    layout->addWidget(beam_);
    layout->addStretch(0);

    connect(prev_, &QPushButton::clicked, this, &DecodeStepPanel::previousRequested);
    connect(next_, &QPushButton::clicked, this, &DecodeStepPanel::nextRequested);
    connect(play_, &QPushButton::toggled, this, &DecodeStepPanel::playRequested);
}

QString DecodeStepPanel::candidatesTitleText() const {
    return candidatesTitle_->text();
}

QString DecodeStepPanel::attentionTitleText() const {
    return attentionTitle_->text();
}

QString DecodeStepPanel::beamText() const {
    return beam_->isHidden() ? QString() : beam_->text();
}

QString DecodeStepPanel::stepText() const {
    return stepLabel_->text();
}

QString DecodeStepPanel::soFarText() const {
    return soFar_->text();
}

QVector<double> DecodeStepPanel::attentionValues() const {
    QVector<double> out;
    for (auto it = bars_->data()->constBegin(); it != bars_->data()->constEnd(); ++it)
        out << it->value;
    return out;
}

std::vector<double> DecodeStepPanel::candidateValues() const {
    return candidates_->values();
}

void DecodeStepPanel::setPlaying(bool playing) {
    const QSignalBlocker block(play_);
    play_->setChecked(playing);
    play_->setText(playing ? tr("Pause") : tr("Play"));
}

void DecodeStepPanel::setTeachingMode(bool on, double zoom) {
    teaching_ = on;
    // Labels and buttons grow with the page (Page::setTeachingMode); the two plots draw their own text,
    // so they get the same scale here, and the height for five bars and rotated word labels at that size.
    QFont tick = QApplication::font();
    tick.setPointSizeF(tick.pointSizeF() * teaching::textScale(on, zoom));
    // (The candidates' ProbabilityBars follow the page's font by themselves.)
    plot_->xAxis->setTickLabelFont(tick);
    plot_->yAxis->setTickLabelFont(tick);
    plot_->xAxis->setLabelFont(tick);
    plot_->yAxis->setLabelFont(tick);
    const int line = QFontMetrics(tick).height();
    candidates_->setBaseMinimumHeight(std::max(120, 5 * (line + 8) + 2 * line));
    plot_->setMinimumHeight(std::max(150, 10 * line));
    refreshAttentionLabels();
}

QStringList DecodeStepPanel::barLabels(const QStringList& words, const std::vector<std::uint8_t>& unknown,
                                       int widthPx, int lineHeightPx) {
    const int n = static_cast<int>(words.size());
    QStringList out;
    if (n == 0)
        return out;
    const bool crowded = n >= kCrowded;
    for (int i = 0; i < n; ++i) {
        QString w = words[i];
        if (crowded && w.size() > kAbbreviateAt)
            w = w.left(kAbbreviateAt - 2) + QStringLiteral("…");
        if (i < static_cast<int>(unknown.size()) && unknown[static_cast<std::size_t>(i)])
            w = QStringLiteral("⚠ ") + w;
        out << w;
    }
    // Upright labels need one text line per kept bar; slanted (-45°) ones 1/sin 45° of a line.
    const double perBar = std::max(1.0, double(widthPx) / n);
    const double need = lineHeightPx * (crowded ? 1.1 : 1.5);
    const int stride = std::max(1, static_cast<int>(std::ceil(need / perBar)));
    if (stride > 1)
        for (int i = 0; i < n; ++i)
            if (i % stride != 0)
                out[i].clear();
    return out;
}

void DecodeStepPanel::refreshAttentionLabels() {
    auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(plot_->xAxis->ticker());
    if (!ticker)
        return;
    ticker->clear();
    const int n = static_cast<int>(sourceWords_.size());
    // The axis rect is narrower than the plot by the axis margins. Its own width is that of the last
    // replot, which on a resize is the old size (the labels were thinned for a width the plot no longer
    // had), so take the plot's current width minus the margins (60 px before the first layout).
    const QMargins m = plot_->axisRect()->margins();
    const int margins = m.left() + m.right() > 0 ? m.left() + m.right() : 60;
    const int width = std::max(60, plot_->width() - margins);
    const int line = QFontMetrics(plot_->xAxis->tickLabelFont()).height();
    tickLabels_ = barLabels(sourceWords_, sourceUnknown_, width, line);
    for (int j = 0; j < n; ++j)
        if (!tickLabels_[j].isEmpty())
            ticker->addTick(j, tickLabels_[j]);
    plot_->xAxis->setTickLabelRotation(n >= kCrowded ? -90 : -45);
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void DecodeStepPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // Side by side from about 75 characters on (each chart then about 35 characters wide).
    const bool wide = width() >= 75 * fontMetrics().averageCharWidth();
    charts_->setDirection(wide ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    refreshAttentionLabels();
}

void DecodeStepPanel::showStep(const attn::TranslationResult* r, int step, const std::string& eos,
                               const std::string& unk, const QString& model) {
    bars_->data()->clear();
    sourceWords_.clear();
    sourceUnknown_.clear();
    candidateLabels_.clear();
    candidateIds_.clear();
    beamRows_.clear();
    markedCandidate_ = -1;
    shownStep_ = -1;
    beamTitle_->hide();
    beam_->hide();
    candidates_->setClickable(false);
    const int steps = r ? static_cast<int>(r->outputTokens.size()) : 0;
    prev_->setEnabled(steps > 0 && step > 0);
    next_->setEnabled(steps > 0 && step < steps - 1);
    play_->setEnabled(steps > 1);
    if (steps == 0 || step < 0 || step >= steps) {
        stepLabel_->setText(tr("Step through decoding once there is a translation."));
        soFar_->clear();
        candidatesTitle_->clear();
        candidates_->clear();
        attentionTitle_->clear();
        noAttention_->hide();
        plot_->show();
        refreshAttentionLabels();
        return;
    }
    const auto at = [](const std::vector<std::uint8_t>& v, std::size_t i) { return i < v.size() && v[i]; };
    const auto t = static_cast<std::size_t>(step);
    const QString input = step == 0 ? tr("the start token") : tr("“%1”").arg(esc(r->outputTokens[t - 1]));
    const bool given = step < r->forcedSteps;
    stepLabel_->setText((given ? tr("<b>Step %1 of %2</b> · %3 · the decoder's input: %4 and its state → it "
                                    "is given “%5”")
                               : tr("<b>Step %1 of %2</b> · %3 · the decoder's input: %4 and its state → it "
                                    "chooses “%5”"))
                            .arg(step + 1)
                            .arg(steps)
                            .arg(esc(model))
                            .arg(input)
                            .arg(esc(r->outputTokens[t])));

    // The output as it grows: the tokens chosen so far, this step's in bold, nothing after it. A
    // SentencePiece model's pieces are joined into words ("▁compr" + "é" = "compré"), as it spells them.
    const auto eosHtml = [&] {
        return QStringLiteral("<i>%1</i>").arg(tr("%1 (end of sentence)").arg(esc(eos)));
    };
    QString soFar;
    for (std::size_t i = 0; i <= t; ++i) {
        const std::string& token = r->outputTokens[i];
        if (token == eos && i == t && i + 1 == r->outputTokens.size()) {
            soFar += (soFar.isEmpty() ? QString() : QStringLiteral(" ")) + eosHtml();
            continue;
        }
        if (!r->pieces) {
            soFar +=
                (i == 0 ? QString() : QStringLiteral(" ")) + wordHtml(token, at(r->outputUnknown, i), i == t);
            continue;
        }
        const bool startsWord = token.rfind(kWordStart, 0) == 0;
        std::string shown = startsWord ? token.substr(kWordStart.size()) : token;
        if (shown.empty() && i == t)
            shown = token; // a lone "▁": the step chose it, so show it
        if (startsWord && !soFar.isEmpty())
            soFar += QLatin1Char(' ');
        soFar += wordHtml(shown, at(r->outputUnknown, i), i == t);
    }
    soFar_->setText(tr("Output so far: %1").arg(soFar));
    if (r->pieces) {
        // The piece's word, when the word has more pieces than this one.
        const int w = t < r->outputWordOf.size() ? r->outputWordOf[t] : -1;
        int pieces = 0;
        for (int of : r->outputWordOf)
            pieces += of == w;
        if (w >= 0 && static_cast<std::size_t>(w) < r->outputWords.size() && pieces > 1)
            stepLabel_->setText(
                stepLabel_->text() +
                tr(" · a piece of the word “%1”").arg(esc(r->outputWords[static_cast<std::size_t>(w)])));
    }

    // Top-k next words (the engine's softmax); the first is the one greedy decoding took.
    if (t < r->candidates.size() && !r->candidates[t].empty()) {
        const auto& cands = r->candidates[t];
        std::vector<float> p;
        for (const auto& c : cands) {
            p.push_back(c.probability);
            candidateIds_.push_back(c.id);
            candidateLabels_ << (c.token == unk ? QStringLiteral("⚠ ") : QString()) +
                                    QString::fromStdString(c.token);
        }
        // The token chosen: greedy decoding's is the first candidate; beam search's can be another one,
        // or none of the top k (its probability is the engine's outputProbabilities).
        int chosen = -1;
        for (std::size_t i = 0; i < cands.size(); ++i)
            if (cands[i].id == r->outputIds[t] && chosen < 0)
                chosen = static_cast<int>(i);
        // The user's choice at this step: its bar stays marked (outline and ✋), whatever its rank.
        const bool userChoice = step == choiceStep_ && given;
        if (userChoice && chosen >= 0) {
            markedCandidate_ = chosen;
            candidateLabels_[chosen] = QStringLiteral("✋ ") + candidateLabels_[chosen];
        }
        candidates_->setProbabilities(p, candidateLabels_, chosen);
        candidates_->setMarked(markedCandidate_);
        shownStep_ = step;
        candidates_->setClickable(true);
        const QString chosenProbability =
            t < r->outputProbabilities.size() ? format::num(r->outputProbabilities[t], 3) : QString();
        // One sentence on what the bars are, one on which of them the decoder took.
        const QString bars =
            (r->pieces
                 ? tr("The decoder's %1 most probable next pieces (softmax over its %2-piece vocabulary; "
                      "▁ starts a word, a piece without it continues the word before).")
                 : tr("The decoder's %1 most probable next words (softmax over its %2-word vocabulary)."))
                .arg(cands.size())
                .arg(r->logits.cols());
        const QString taken =
            userChoice
                ? tr("The decoder was given “%1”, your choice (the outlined bar ✋), to which it gave %2 "
                     "(%3); it goes on by itself from there. Click another bar to choose again.")
                      .arg(esc(r->outputTokens[t]), chosenProbability,
                           chosen == 0  ? tr("its first choice")
                           : chosen > 0 ? tr("its choice %1").arg(chosen + 1)
                                        : tr("not among these candidates"))
            : given ? tr("The decoder was given “%1”, to which it gave %2 (%3). Click a bar to give it "
                         "another token here.")
                          .arg(esc(r->outputTokens[t]), chosenProbability,
                               chosen == 0  ? tr("its first choice")
                               : chosen > 0 ? tr("its choice %1").arg(chosen + 1)
                                            : tr("not among these candidates"))
            : r->beamWidth > 1
                ? tr("Beam search (width %1) chose “%2” (%3): %4.")
                      .arg(r->beamWidth)
                      .arg(esc(r->outputTokens[t]), chosenProbability,
                           chosen == 0  ? tr("the most probable one, as greedy decoding would")
                           : chosen > 0 ? tr("candidate %1, not greedy decoding's first").arg(chosen + 1)
                                        : tr("not among these candidates"))
                : tr("Greedy decoding takes the first: “%1” (%2). Click another bar to make the decoder "
                     "take it instead.")
                      .arg(esc(cands.front().token), format::num(cands.front().probability, 3));
        // Chinese sentences follow a full stop (。) without a space.
        const bool fullWidthStop = bars.endsWith(QChar(0x3002));
        candidatesTitle_->setText(bars + (fullWidthStop ? QString() : QStringLiteral(" ")) + taken);
    } else {
        candidates_->clear();
        candidatesTitle_->clear();
    }

    const bool attention = r->hasAttention && r->alignment.rows() > step;
    if (!attention)
        stepLabel_->setText(stepLabel_->text() +
                            tr(" · no attention weights: this decoder has no attention"));
    plot_->setVisible(attention);
    noAttention_->setVisible(!attention);
    if (attention) {
        int best = 0;
        QVector<double> keys, values;
        for (int j = 0; j < r->alignment.cols(); ++j) {
            keys << j;
            values << r->alignment(step, j);
            if (r->alignment(step, j) > r->alignment(step, best))
                best = j;
        }
        bars_->setData(keys, values, true);
        plot_->xAxis->setRange(-0.6, double(r->alignment.cols()) - 0.4);
        sourceWords_ = format::toQStrings(r->sourceTokens);
        sourceUnknown_ = r->sourceUnknown;
        // Named as the map names the source: by words, the word with the most weight over its pieces.
        QString most = QString::fromStdString(r->sourceTokens[static_cast<std::size_t>(best)]);
        double mostWeight = r->alignment(step, best);
        const attn::Matrix byWord = byWords_ && r->pieces ? attn::alignmentBySourceWord(*r) : attn::Matrix();
        if (byWord.rows() > step && byWord.cols() > 0 &&
            static_cast<std::size_t>(byWord.cols()) <= r->sourceWords.size()) {
            Eigen::Index word = 0;
            byWord.row(step).maxCoeff(&word);
            most = QString::fromStdString(r->sourceWords[static_cast<std::size_t>(word)]);
            mostWeight = byWord(step, word);
        }
        attentionTitle_->setText(tr("Attention at this step: where the decoder looks in the source (the row "
                                    "marked on the map). Mostly at “%1” (%2).")
                                     .arg(esc(most), format::num(mostWeight)));
    } else {
        attentionTitle_->clear();
    }

    // Beam search: the hypotheses kept after this step, best first, the one on the output's path marked.
    if (r->beamWidth > 1 && t < r->beamSteps.size() && !r->beamSteps[t].empty()) {
        QString rows;
        int rank = 0;
        for (const attn::BeamHypothesis& h : r->beamSteps[t]) {
            BeamRow row{spell(h.tokens, r->pieces, eos), h.logProbability, h.score, h.finished, h.chosen};
            QString text = esc(row.text);
            if (h.finished)
                text += QStringLiteral(" <i>%1</i>").arg(tr("(ended)"));
            if (h.chosen)
                text = QStringLiteral("<b>%1</b>").arg(text);
            rows += QStringLiteral("<tr><td>%1%2</td><td>%3</td><td align='right'>%4</td>"
                                   "<td align='right'>%5</td></tr>")
                        .arg(h.chosen ? QStringLiteral("✔ ") : QString())
                        .arg(++rank)
                        .arg(text, format::num(h.logProbability, 2), format::num(h.score, 3));
            beamRows_ << row;
        }
        beamTitle_->setText(tr("<b>The beam after this step</b> (width %1): the hypotheses kept, best "
                               "log-probability first; ✔ = on the path of the output chosen.")
                                .arg(r->beamWidth));
        beam_->setText(QStringLiteral("<table cellspacing='0' cellpadding='2'><tr><th>#</th><th "
                                      "align='left'>%1</th><th>%2</th><th>%3</th></tr>%4</table>")
                           .arg(tr("Translation so far"), tr("log P"), tr("score"), rows));
        beamTitle_->show();
        beam_->show();
    }
    refreshAttentionLabels();
}
