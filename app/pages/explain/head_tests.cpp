// The explanation panel's head tests (head_tests.hpp).
#include "pages/explain/head_tests.hpp"

#include "pages/explain/explain_panel.hpp"
#include "pages/explain/relevance_render.hpp"
#include "widgets/format.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

HeadTests::HeadTests(QWidget* parent) : QSplitter(Qt::Horizontal, parent) {
    grid_ = new QTableWidget(this);
    grid_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    grid_->setSelectionMode(QAbstractItemView::SingleSelection);
    grid_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    grid_->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch); // stacked; see setBeside
    grid_->setToolTip(
        ExplainPanel::tr("Each cell: how much p(class) drops when the head is zeroed, p − p(zeroed) "
                         "(above 0: the head helped the prediction; below 0: it worked against it); click a "
                         "head to see its map"));
    auto* headBox = new QWidget(this);
    auto* headLayout = new QVBoxLayout(headBox);
    headLayout->setContentsMargins(0, 0, 0, 0);
    headTitle_ = new QLabel(headBox);
    headTitle_->setWordWrap(true);
    headLayout->addWidget(headTitle_);
    headText_ = new QTextBrowser(headBox);
    headImage_ = new QLabel(headBox);
    headImage_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    headImage_->setVisible(false);
    headLayout->addWidget(headText_, 1);
    headLayout->addWidget(headImage_, 1);
    addWidget(grid_);
    addWidget(headBox);
}

bool HeadTests::showGrid(const explainview::Outcome& outcome) {
    const auto& a = outcome.explanation.ablation;
    grid_->clear();
    if (!a) {
        grid_->setRowCount(0);
        grid_->setColumnCount(0);
        return false;
    }
    const int L = static_cast<int>(a->effect.size());
    const int H = L ? static_cast<int>(a->effect.front().size()) : 0;
    grid_->setRowCount(L);
    grid_->setColumnCount(H);
    double top = 0;
    for (const auto& row : a->effect)
        for (double v : row)
            top = std::max(top, std::abs(v));
    // Layers and heads are counted from 1 on screen, as on the Sentiment and Generate pages.
    for (int l = 0; l < L; ++l) {
        grid_->setVerticalHeaderItem(l, new QTableWidgetItem(ExplainPanel::tr("layer %1").arg(l + 1)));
        for (int h = 0; h < H; ++h) {
            const auto ul = static_cast<std::size_t>(l), uh = static_cast<std::size_t>(h);
            auto* item = new QTableWidgetItem(format::small(a->effect[ul][uh]));
            item->setTextAlignment(Qt::AlignCenter);
            item->setBackground(
                QColor(format::shade(top > 0 ? std::max(0.0, a->effect[ul][uh]) / top : 0.0)));
            item->setToolTip(
                ExplainPanel::tr("Drop in p, p − p(after) (above 0: the head helped)\nzeroed: %1\nuniform "
                                 "weights: %2\npermuted weights (seed %3): %4")
                    .arg(format::small(a->effect[ul][uh], 3), format::small(a->uniform[ul][uh], 3))
                    .arg(a->permutationSeed)
                    .arg(format::small(a->permuted[ul][uh], 3)));
            grid_->setItem(l, h, item);
        }
    }
    for (int h = 0; h < H; ++h)
        grid_->setHorizontalHeaderItem(h, new QTableWidgetItem(ExplainPanel::tr("head %1").arg(h + 1)));
    return true;
}

void HeadTests::showHead(const explainview::Outcome& outcome, int layer, int head) {
    const auto rel = explainview::headRelevance(outcome, layer, head);
    const bool image = outcome.shown.has_value();
    headText_->setVisible(!image);
    headImage_->setVisible(image);
    const auto& a = outcome.explanation.ablation;
    const auto ul = static_cast<std::size_t>(layer), uh = static_cast<std::size_t>(head);
    // The same number, with the same sign, as the head's cell: the drop in p, p − p(after) (issue 49
    // point 16: the cell said 0.565 where this said "changes p by −0.565").
    auto drop = [](double effect) { return format::small(effect); };
    QString title = ExplainPanel::tr("<b>Layer %1, head %2</b>: what the pooled position attends to")
                        .arg(layer + 1)
                        .arg(head + 1);
    if (a && ul < a->effect.size() && uh < a->effect[ul].size())
        title +=
            ExplainPanel::tr(". Drop in p, p − p(after), as in its cell (above 0: the head helped the "
                             "prediction): zeroed %1; uniform weights %2; permuted weights (seed %3) %4.")
                .arg(drop(a->effect[ul][uh]), drop(a->uniform[ul][uh]))
                .arg(a->permutationSeed)
                .arg(drop(a->permuted[ul][uh]));
    headTitle_->setText(title);
    if (image)
        headImage_->setPixmap(
            QPixmap::fromImage(explainview::overlay(*outcome.shown, rel, outcome.patchesPerSide, 150)));
    else
        headText_->setHtml(explainview::shadedWords(outcome.labels, rel, outcome.unknown));
    if (grid_->rowCount() > layer && grid_->columnCount() > head)
        grid_->setCurrentCell(layer, head);
}

void HeadTests::clear() {
    grid_->clear();
    grid_->setRowCount(0);
    grid_->setColumnCount(0);
    headTitle_->clear();
    headText_->clear();
    headImage_->clear();
}

QString HeadTests::headTitle() const {
    return headTitle_->text();
}

void HeadTests::setBeside(bool beside) {
    setOrientation(beside ? Qt::Vertical : Qt::Horizontal);
    // Beside, a taller panel gives its height to the head's map; the grid keeps its rows' height.
    setStretchFactor(0, beside ? 0 : 1);
    setStretchFactor(1, 1);
    // Stacked, the grid is as tall as the head's map beside it: its rows share that height (a 4 x 4 grid
    // left an empty box under its rows). Beside, each row is back to the default height.
    QHeaderView* rows = grid_->verticalHeader();
    rows->setSectionResizeMode(beside ? QHeaderView::Interactive : QHeaderView::Stretch);
    if (beside)
        for (int r = 0; r < rows->count(); ++r)
            rows->resizeSection(r, rows->defaultSectionSize());
}

void HeadTests::fitGridHeight(int unit) {
    // Beside the plot the column is tall and the grid short (2 x 4 heads on the shipped model): the grid
    // takes its rows' height, the selected head's map the rest, instead of an empty half under two rows.
    if (grid_->rowCount() == 0) {
        setSizes({unit, unit});
        return;
    }
    const int rows =
        std::max(grid_->horizontalHeader()->sizeHint().height(), grid_->horizontalHeader()->height()) +
        grid_->verticalHeader()->length() + 2 * grid_->frameWidth();
    setSizes({rows, std::max(unit, height() - rows - handleWidth())});
}
