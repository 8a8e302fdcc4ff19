#include "pages/heads/heads_examples_panel.hpp"

#include "pages/heads/heads_table.hpp"
#include "widgets/colormaps.hpp"
#include "widgets/explanation.hpp"
#include "widgets/heatmap_view.hpp"

#include <QDialog>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

HeadsExamplesPanel::HeadsExamplesPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    title_ = new QLabel(this);
    title_->setWordWrap(true);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    hint_ =
        new QLabel(tr("The inputs where this head's pattern is strongest, with the query token marked «» and "
                      "the head's map on that input (the query row outlined). Click a map to see it large; "
                      "click the rest of a row to open the input on its model's page with this head "
                      "selected."),
                   this);
    hint_->setWordWrap(true);
    explanation::mark(hint_);
    table_ = new QTableWidget(this);
    table_->setColumnCount(5);
    table_->setHorizontalHeaderLabels({tr("Value"), tr("Map"), tr("Input"), tr("Token"), tr("Tokens")});
    table_->setIconSize(QSize(mapSide(), mapSide()));
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table_->verticalHeader()->setDefaultSectionSize(mapSide() + 6);
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setWordWrap(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    connect(table_, &QTableWidget::cellClicked, this, [this](int row, int column) {
        if (column == kMapColumn || !openable_)
            openMapLarge(row);
        else
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
    // SentencePiece's word mark ▁ (USE lite's pieces keep it) reads as the space it stands for, outside
    // the «» of a marked piece.
    static const QString wordMark = QString::fromUtf8("\xE2\x96\x81");
    QStringList parts;
    for (std::size_t i = 0; i < e.tokens.size(); ++i) {
        QString t = QString::fromStdString(e.tokens[i]);
        QString lead;
        if (t.startsWith(wordMark)) {
            t = t.mid(wordMark.size());
            lead = i == 0 ? QString() : QStringLiteral(" ");
        }
        parts << lead + (static_cast<int>(i) == e.position ? QStringLiteral("«%1»").arg(t) : t);
    }
    return parts.join(pieces ? QString() : QStringLiteral(" "));
}

int HeadsExamplesPanel::mapSide() {
    return 48;
}

QImage HeadsExamplesPanel::mapImage(const attn::Matrix& map, int query, int side) {
    const auto T = static_cast<int>(map.rows());
    QImage cells(std::max(1, static_cast<int>(map.cols())), std::max(1, T), QImage::Format_RGB32);
    QCPColorGradient gradient = colormaps::viridis(); // color() fills its lookup table: not const
    const QRgb nan = colormaps::nanColor().rgb();
    for (int r = 0; r < map.rows(); ++r)
        for (int c = 0; c < map.cols(); ++c) {
            const double v = map(r, c);
            cells.setPixel(c, r, std::isfinite(v) ? gradient.color(v, QCPRange(0, 1)) : nan);
        }
    QImage out = cells.scaled(side, side, Qt::IgnoreAspectRatio, Qt::FastTransformation);
    if (query >= 0 && query < T) {
        QPainter p(&out);
        const double h = double(side) / std::max(1, T);
        p.setPen(QPen(QColor(255, 64, 64), 1));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(0.5, query * h, side - 1.0, std::max(1.0, h - 0.5)));
    }
    return out;
}

const std::optional<attn::Matrix>& HeadsExamplesPanel::mapOfRow(int row) const {
    static const std::optional<attn::Matrix> none;
    return row >= 0 && row < static_cast<int>(maps_.size()) ? maps_[static_cast<std::size_t>(row)] : none;
}

void HeadsExamplesPanel::openMapLarge(int row) {
    const auto& map = mapOfRow(row);
    if (!map || row >= static_cast<int>(examples_.size()))
        return;
    const auto& e = examples_[static_cast<std::size_t>(row)];
    auto* dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("%1 on example %2").arg(headName_).arg(row + 1));
    auto* layout = new QVBoxLayout(dialog);
    auto* caption = new QLabel(markedTokens(e), dialog);
    caption->setWordWrap(true);
    layout->addWidget(caption);
    auto* view = new HeatmapView(dialog);
    QStringList labels;
    for (const auto& t : e.tokens)
        labels << QString::fromStdString(t);
    if (labels.size() != map->rows())
        labels.clear();
    view->setAxisTitles(tr("Query"), tr("Key"));
    view->setTitle(tr("%1 — attention of each query row (the marked row is the example's)").arg(headName_));
    view->setMatrix(*map, labels, labels);
    view->setRowMarker(e.position);
    layout->addWidget(view, 1);
    dialog->resize(640, 600);
    dialog->show();
}

void HeadsExamplesPanel::clear() {
    title_->setText(tr("Top examples"));
    table_->setRowCount(0);
    maps_.clear();
    examples_.clear();
}

void HeadsExamplesPanel::setOpenable(bool openable, const QString& whyNot) {
    openable_ = openable;
    table_->setToolTip(openable ? tr("Click an example to open it on its model's page") : whyNot);
}

void HeadsExamplesPanel::showExamples(const attn::analysis::SurveyReport& report, int layer, int head,
                                      attn::analysis::Metric m, const MapsOf& mapsOf) {
    using attn::analysis::InputPlace;
    const auto& examples = report.at(layer, head).top[attn::analysis::SurveyReport::index(m)];
    examples_ = examples;
    maps_.assign(examples.size(), std::nullopt);
    headName_ = tr("Layer %1 · head %2").arg(layer + 1).arg(head + 1);
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
        auto* mapItem = new QTableWidgetItem;
        const attn::AttentionStack* stack = mapsOf ? mapsOf(e.input) : nullptr;
        if (stack && layer < static_cast<int>(stack->size()) &&
            head < static_cast<int>((*stack)[static_cast<std::size_t>(layer)].size())) {
            const attn::Matrix& map =
                (*stack)[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)];
            maps_[static_cast<std::size_t>(r)] = map;
            mapItem->setData(Qt::DecorationRole, QPixmap::fromImage(mapImage(map, e.position, mapSide())));
            mapItem->setToolTip(tr("Click to see this map large"));
        } else {
            mapItem->setText(tr("computing…"));
        }
        table_->setItem(r, kMapColumn, mapItem);
        table_->setItem(r, 2, new QTableWidgetItem(where));
        table_->setItem(r, 3,
                        new QTableWidgetItem(
                            tr("%1 (position %2)").arg(QString::fromStdString(e.token)).arg(e.position)));
        auto* tokens = new QTableWidgetItem(markedTokens(e));
        tokens->setToolTip(tokens->text());
        table_->setItem(r, 4, tokens);
    }
    if (examples.empty())
        title_->setText(title_->text() + QLatin1Char('\n') +
                        (attn::analysis::hasExamples(m)
                             ? tr("No input has a row for this metric.")
                             : tr("This metric keeps no examples (entropy and induction "
                                  "describe a head as a whole).")));
}
