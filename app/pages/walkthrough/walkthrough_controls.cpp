#include "pages/walkthrough/walkthrough_page.hpp"
#include "services/embedding_store.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/heatmap_view.hpp"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTextBrowser>
#include <QTimer>
#include <QToolButton>

// The Walkthrough page's controls (above the views): the sentences and preset, the scoring and projection
// options, the step bar with the step's title and notes, and what each control does when used.

QGridLayout* WalkthroughPage::buildInputs() {
    auto* inputs = new QGridLayout;
    preset_ = new QComboBox(this);
    preset_->addItem(tr("Chapter: “she improved” (cross-attention)"));
    preset_->addItem(tr("Chapter: first sentence attends to itself"));
    preset_->addItem(tr("Toy 2-D example: she, improve, the"));
    preset_->addItem(tr("Custom (edited sentences or options)"));
    if (auto* items = qobject_cast<QStandardItemModel*>(preset_->model()))
        items->item(static_cast<int>(Preset::Custom))->setEnabled(false); // shown, not chosen
    query_ = new QLineEdit(this);
    query_->setPlaceholderText(tr("Query sentence"));
    query_->setClearButtonEnabled(true);
    keys_ = new QLineEdit(this);
    keys_->setPlaceholderText(tr("Key sentence (ignored for self-attention)"));
    keys_->setClearButtonEnabled(true);
    self_ = new QCheckBox(tr("Self-attention"), this);
    self_->setToolTip(tr("The query sentence attends to itself instead of to the key sentence."));
    inputs->addWidget(new QLabel(tr("Preset:"), this), 0, 0);
    inputs->addWidget(preset_, 0, 1, 1, 2);
    inputs->addWidget(new QLabel(tr("Queries:"), this), 1, 0);
    inputs->addWidget(query_, 1, 1, 1, 2);
    inputs->addWidget(new QLabel(tr("Keys:"), this), 2, 0);
    inputs->addWidget(keys_, 2, 1);
    inputs->addWidget(self_, 2, 2);
    return inputs;
}

QHBoxLayout* WalkthroughPage::buildOptions() {
    auto* options = new QHBoxLayout;
    scoring_ = new QComboBox(this);
    scoring_->addItem(tr("dot product  q·k"), static_cast<int>(attn::Scoring::Dot));
    scoring_->addItem(tr("scaled dot  q·k/√d"), static_cast<int>(attn::Scoring::ScaledDot));
    scoring_->addItem(tr("additive  v·tanh(Wq q + Wk k)"), static_cast<int>(attn::Scoring::Additive));
    scoring_->setCurrentIndex(1);
    projection_ = new QComboBox(this);
    projection_->addItem(tr("none (raw word vectors)"), static_cast<int>(attn::ProjectionMode::None));
    projection_->addItem(tr("random Wq, Wk, Wv"), static_cast<int>(attn::ProjectionMode::Random));
    projection_->addItem(tr("learned (loading…)"), static_cast<int>(attn::ProjectionMode::Learned));
    // The learned item's text changes once its checkpoint is read (after the first show): the combo
    // follows it instead of keeping the width of the first show and cutting the new text.
    projection_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    seed_ = new QSpinBox(this);
    seed_->setRange(0, 999999);
    seed_->setValue(42);
    seed_->setPrefix(tr("seed "));
    seed_->setToolTip(tr("Random Wq, Wk, Wv (random projections) and the additive parameters Wq, Wk, v "
                         "(additive scoring) are drawn from this seed: change it to draw others."));
    head_ = new QSpinBox(this);
    head_->setRange(1, 1);
    head_->setPrefix(tr("head "));
    head_->setToolTip(tr("Which head of the checkpoint's first attention layer supplies Wq, Wk, Wv."));
    head_->hide();
    headSource_ = new QToolButton(this);
    headSource_->setText(tr("Heads from…"));
    headSource_->setToolTip(tr("Take the learned Wq, Wk, Wv from another checkpoint: the shipped pronoun "
                               "head, the shipped sentiment classifier, an encoder open on another page, "
                               "or a checkpoint folder."));
    connect(headSource_, &QToolButton::clicked, this, &WalkthroughPage::showHeadSources);
    learnedBanner_ = new ErrorBanner(this);
    teaching_ = new QCheckBox(tr("Teaching mode"), this);
    teaching_->setToolTip(tr("Large fonts and the numbers printed in the cells, for a projector."));
    options->addWidget(new QLabel(tr("Scoring:"), this));
    options->addWidget(scoring_);
    options->addSpacing(12);
    options->addWidget(new QLabel(tr("Projections:"), this));
    options->addWidget(projection_);
    options->addWidget(seed_);
    options->addWidget(head_);
    options->addWidget(headSource_);
    options->addStretch();
    options->addWidget(teaching_);
    return options;
}

QHBoxLayout* WalkthroughPage::buildStepBar() {
    auto* stepBar = new QHBoxLayout;
    auto* prev = new QToolButton(this);
    prev->setArrowType(Qt::LeftArrow);
    prev->setToolTip(tr("Previous step (←)"));
    stepBar->addWidget(prev);
    stepButtons_ = new QButtonGroup(this);
    const QStringList stepNames = {tr("1 Word vectors"), tr("2 Scores"), tr("3 Scale"), tr("4 Softmax"),
                                   tr("5 Mix")};
    for (int i = 0; i < stepNames.size(); ++i) {
        auto* b = new QPushButton(stepNames[i], this);
        b->setCheckable(true);
        b->setFocusPolicy(Qt::NoFocus);
        stepButtons_->addButton(b, i);
        stepBar->addWidget(b);
    }
    auto* next = new QToolButton(this);
    next->setArrowType(Qt::RightArrow);
    next->setToolTip(tr("Next step (→)"));
    stepBar->addWidget(next);
    stepBar->addStretch();
    connect(prev, &QToolButton::clicked, this, &WalkthroughPage::previousStep);
    connect(next, &QToolButton::clicked, this, &WalkthroughPage::nextStep);
    return stepBar;
}

void WalkthroughPage::buildStepText() {
    stepTitle_ = new QLabel(this);
    QFont titleFont = stepTitle_->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    stepTitle_->setFont(titleFont);
    caption_ = new QLabel(this);
    caption_->setWordWrap(true);
    explanation::mark(caption_); // hidden with View → Show explanations off (the presenter says it)
    problem_ = new QLabel(this);
    problem_->setWordWrap(true);
    format::setErrorColor(problem_, true);
    problem_->hide();
    artefact_ = new QLabel(this);
    artefact_->setWordWrap(true);
    artefact_->hide();
    explanation::mark(artefact_);
}

void WalkthroughPage::connectBehaviour() {
    connect(preset_, &QComboBox::activated, this, [this](int index) {
        if (index != static_cast<int>(Preset::Custom))
            applyPreset(static_cast<Preset>(index));
    });
    numbersTimer_ = new QTimer(this);
    numbersTimer_->setSingleShot(true);
    numbersTimer_->setInterval(150);
    connect(numbersTimer_, &QTimer::timeout, this, [this] { numbers_->setHtml(explanationHtml()); });
    query_->installEventFilter(this);
    keys_->installEventFilter(this);
    connect(query_, &QLineEdit::textChanged, this, &WalkthroughPage::recompute);
    connect(keys_, &QLineEdit::textChanged, this, &WalkthroughPage::recompute);
    connect(self_, &QCheckBox::toggled, this, [this](bool on) {
        keys_->setEnabled(!on);
        recompute();
    });
    connect(scoring_, &QComboBox::currentIndexChanged, this, [this] {
        updateSeedEnabled();
        recompute();
    });
    connect(projection_, &QComboBox::currentIndexChanged, this, [this] {
        const int mode = projection_->currentData().toInt();
        updateSeedEnabled();
        head_->setVisible(mode == static_cast<int>(attn::ProjectionMode::Learned) && head_->maximum() > 1);
        recompute();
    });
    connect(head_, &QSpinBox::valueChanged, this, &WalkthroughPage::recompute);
    connect(seed_, &QSpinBox::valueChanged, this, &WalkthroughPage::recompute);
    connect(teaching_, &QCheckBox::toggled, this, &WalkthroughPage::setTeachingMode);
    connect(stepButtons_, &QButtonGroup::idClicked, this,
            [this](int id) { setStep(static_cast<WalkthroughStep>(id)); });
    // ←/→ step through; inside a text field the arrows still move the cursor (the field wins).
    auto* left = new QShortcut(QKeySequence(Qt::Key_Left), this, this, &WalkthroughPage::previousStep);
    auto* right = new QShortcut(QKeySequence(Qt::Key_Right), this, this, &WalkthroughPage::nextStep);
    left->setContext(Qt::WidgetWithChildrenShortcut);
    right->setContext(Qt::WidgetWithChildrenShortcut);
    connect(queryChooser_, &QComboBox::currentIndexChanged, this, [this](int index) {
        selectedQuery_ = index;
        refreshNumbers();
    });
    connect(heatmap_, &HeatmapView::cellClicked, this, [this](int row, int) {
        if (row >= 0 && step_ != WalkthroughStep::Embeddings)
            setSelectedQuery(row);
    });
    if (store_)
        connect(store_, &EmbeddingStore::changed, this, [this] {
            updateLearnedAvailability();
            recompute();
        });
}
