#include "pages/walkthrough/walkthrough_page.hpp"
#include "pages/walkthrough/walkthrough_projection_panel.hpp"
#include "pages/walkthrough/walkthrough_scaling_panel.hpp"
#include "pages/walkthrough/walkthrough_stacking_panel.hpp"
#include "widgets/heatmap_view.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <qcustomplot.h>

// The Walkthrough page's views: the step's maps (step 1's word vectors and projections, the matrix of
// steps 2-5 with its scaling and stacking strips), the numbers of the selected query word beside them,
// and the two columns they sit in.

void WalkthroughPage::buildViews() {
    heatmap_ = new HeatmapView(this);
    queryVectors_ = new HeatmapView(this);
    keyVectors_ = new HeatmapView(this);
    // Side by side, each map has the column's whole height for its rows (stacked, at 1280 x 800 in
    // teaching mode the key map dropped every other label); under each other beside the projections.
    vectorsSplit_ = new QSplitter(Qt::Horizontal, this);
    auto* vectorsSplit = vectorsSplit_;
    vectorsSplit->addWidget(queryVectors_);
    vectorsSplit->addWidget(keyVectors_);
    // Step 1 with projections: the word vectors, and beside them Wq, Wk, Wv and Q, K, V.
    projections_ = new ProjectionPanel(this);
    projections_->hide();
    auto* stepOne = new QSplitter(Qt::Horizontal, this);
    stepOne->addWidget(vectorsSplit);
    stepOne->addWidget(projections_);
    stepOne->setStretchFactor(0, 1);
    stepOne->setStretchFactor(1, 1);
    // Step 3: under the scaled scores, the selected row's softmax without and with scaling.
    scaling_ = new ScalingComparisonPanel(this);
    scaling_->hide();
    auto* matrixSplit = new QSplitter(Qt::Vertical, this);
    matrixSplit->addWidget(heatmap_);
    matrixSplit->addWidget(scaling_);
    // Steps 2-5 with a stacked model: the selected word's row in both layers beside the other rows.
    stacking_ = new StackingPanel(this);
    stacking_->hide();
    matrixSplit->addWidget(stacking_);
    // Extra height goes to the matrix (its rows need it); the strips keep their minimum, which leaves
    // room for their rotated key labels.
    matrixSplit->setStretchFactor(0, 3);
    matrixSplit->setStretchFactor(1, 1);
    matrixSplit->setStretchFactor(2, 1);
    stack_ = new QStackedWidget(this);
    stack_->addWidget(matrixSplit);
    stack_->addWidget(stepOne);
}

QWidget* WalkthroughPage::buildSidePanel() {
    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    auto* chooserRow = new QHBoxLayout;
    chooserRow->addWidget(new QLabel(tr("Numbers for query word:"), side));
    queryChooser_ = new QComboBox(side);
    chooserRow->addWidget(queryChooser_, 1);
    sideLayout->addLayout(chooserRow);
    numbers_ = new QTextBrowser(side);
    numbers_->setOpenLinks(false);
    sideLayout->addWidget(numbers_, 3);
    toyPlot_ = new QCustomPlot(side);
    toyPlot_->setMinimumHeight(260);
    // The axis ranges leave room for the labels right of the arrow tips (updateToyPlot, by text size).
    toyPlot_->xAxis->setLabel(tr("dimension 1"));
    toyPlot_->yAxis->setLabel(tr("dimension 2"));
    toyPlot_->hide();
    sideLayout->addWidget(toyPlot_, 2);
    sideLayout->addWidget(stacking_->note()); // the stacking panel's explanation, where there is room
    return side;
}

QSplitter* WalkthroughPage::buildColumns(QWidget* side) {
    // The step's title, caption and notes sit above the views only: the numbers beside them start under
    // the step bar, so that step 4's table fits at 1280 x 800 in teaching mode (issue 49 point 9).
    auto* stepColumn = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(stepColumn);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(stepTitle_);
    leftLayout->addWidget(caption_);
    leftLayout->addWidget(problem_);
    leftLayout->addWidget(artefact_);
    leftLayout->addWidget(stack_, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(stepColumn);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({860, 480});
    // An explicit minimum instead of the sum of its children's: with the notes above it in teaching mode
    // the children asked for a 834 px window at 1280 x 800; the heatmap thins its labels instead.
    split->setMinimumHeight(240);
    return split;
}
