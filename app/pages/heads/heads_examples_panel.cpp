#include "pages/heads/heads_examples_panel.hpp"

#include "pages/heads/heads_table.hpp"
#include "widgets/explanation.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

HeadsExamplesPanel::HeadsExamplesPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    title_ = new QLabel(this);
    title_->setWordWrap(true);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    hint_ =
        new QLabel(tr("The inputs where this head's pattern is strongest, with the query token marked «». "
                      "Click one to open it on its model's page with this head selected."),
                   this);
    hint_->setWordWrap(true);
    explanation::mark(hint_);
    table_ = new QTableWidget(this);
    table_->setColumnCount(4);
    table_->setHorizontalHeaderLabels({tr("Value"), tr("Input"), tr("Token"), tr("Tokens")});
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    connect(table_, &QTableWidget::cellClicked, this, [this](int row, int) {
        if (openable_)
            Q_EMIT exampleClicked(row);
    });
    layout->addWidget(title_);
    layout->addWidget(hint_);
    layout->addWidget(table_, 1);
    clear();
}

QString HeadsExamplesPanel::markedTokens(const attn::analysis::ReportExample& e) {
    // Sub-word pieces that carry their own spaces (SentencePiece, GPT-2: " the", "▁the") are joined as they
    // are, so that "Lily" does not read "L i l y"; whole words are joined with a space.
    bool pieces = false;
    for (const auto& t : e.tokens)
        pieces = pieces || (!t.empty() && (t.front() == ' ' || t.rfind("\xE2\x96\x81", 0) == 0));
    QStringList parts;
    for (std::size_t i = 0; i < e.tokens.size(); ++i) {
        const QString t = QString::fromStdString(e.tokens[i]);
        parts << (static_cast<int>(i) == e.position ? QStringLiteral("«%1»").arg(t) : t);
    }
    return parts.join(pieces ? QString() : QStringLiteral(" "));
}

void HeadsExamplesPanel::clear() {
    title_->setText(tr("Top examples"));
    table_->setRowCount(0);
}

void HeadsExamplesPanel::setOpenable(bool openable, const QString& whyNot) {
    openable_ = openable;
    table_->setToolTip(openable ? tr("Click an example to open it on its model's page") : whyNot);
}

void HeadsExamplesPanel::showExamples(const attn::analysis::SurveyReport& report, int layer, int head,
                                      attn::analysis::Metric m) {
    using attn::analysis::InputPlace;
    const auto& examples = report.at(layer, head).top[attn::analysis::SurveyReport::index(m)];
    title_->setText(tr("Top examples of layer %1 · head %2 for “%3”")
                        .arg(layer + 1)
                        .arg(head + 1)
                        .arg(HeadsTable::metricTitle(m)));
    table_->setRowCount(static_cast<int>(examples.size()));
    for (int r = 0; r < table_->rowCount(); ++r) {
        const auto& e = examples[static_cast<std::size_t>(r)];
        const QString where = e.place.kind == InputPlace::Kind::Line ? tr("line %1").arg(e.place.index)
                              : e.place.kind == InputPlace::Kind::Image
                                  ? tr("image %1").arg(e.place.index)
                                  : tr("induction %1").arg(e.place.index);
        auto* value = new QTableWidgetItem(HeadsTable::formatValue(e.value));
        value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        table_->setItem(r, 0, value);
        table_->setItem(r, 1, new QTableWidgetItem(where));
        table_->setItem(r, 2,
                        new QTableWidgetItem(
                            tr("%1 (position %2)").arg(QString::fromStdString(e.token)).arg(e.position)));
        auto* tokens = new QTableWidgetItem(markedTokens(e));
        tokens->setToolTip(tokens->text());
        table_->setItem(r, 3, tokens);
    }
    if (examples.empty())
        title_->setText(title_->text() + QLatin1Char('\n') +
                        (attn::analysis::hasExamples(m)
                             ? tr("No input has a row for this metric.")
                             : tr("This metric keeps no examples (entropy and induction "
                                  "describe a head as a whole).")));
}
