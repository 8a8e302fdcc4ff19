// The explanation panel (explain_panel.hpp): the controls, the job, and the arrangement of its parts.
#include "pages/explain/explain_panel.hpp"

#include "pages/class_label_names.hpp"
#include "pages/explain/deletion_plot.hpp"
#include "pages/explain/head_tests.hpp"
#include "pages/explain/method_texts.hpp"
#include "pages/explain/method_views.hpp"
#include "services/job_runner.hpp"
#include "widgets/format.hpp"
#include "widgets/teaching.hpp"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace {

const char* kAblation = "ablation";

/// The same model and the same text or image (pixels and size).
bool sameInput(const explainview::Input& a, const explainview::Input& b) {
    const auto sameImage = [](const std::optional<attn::Image>& x, const std::optional<attn::Image>& y) {
        if (x.has_value() != y.has_value())
            return false;
        return !x || (x->channels == y->channels && x->height == y->height && x->width == y->width &&
                      x->data == y->data);
    };
    return a.model.sameModel(b.model) && a.text == b.text && a.other == b.other &&
           sameImage(a.image, b.image);
}

} // namespace

ExplainPanel::ExplainPanel(QWidget* parent) : QWidget(parent) {
    jobs_ = new JobRunner(this);
    // Everything inside a scroll area: the panel sits in the pages' tabs and must not raise the
    // window's minimum size (tst_main_window); below its natural size it scrolls.
    auto* scroll = scroll_ = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* content = new QWidget(scroll);
    scroll->setWidget(content);
    auto* frame = new QVBoxLayout(this);
    frame->setContentsMargins(0, 0, 0, 0);
    frame->addWidget(scroll);
    auto* outer = new QVBoxLayout(content);
    buildControls(outer);
    buildSections(outer);
    showIntroduction();

    connect(run_, &QPushButton::clicked, this, &ExplainPanel::explainNow);
    connect(cancel_, &QPushButton::clicked, this, &ExplainPanel::cancel);
    connect(jobs_, &JobRunner::progress, this,
            [this](quint64, double f) { progress_->setValue(static_cast<int>(f * 100.0 + 0.5)); });
    connect(jobs_, &JobRunner::busyChanged, this, [this](bool busy) {
        cancel_->setEnabled(busy);
        progress_->setVisible(busy);
        emit busyChanged(busy);
    });
    connect(heads_->grid(), &QTableWidget::cellClicked, this, &ExplainPanel::selectHead);
}

void ExplainPanel::buildControls(QVBoxLayout* outer) {
    // The methods, Explain and Cancel, the progress and the status in one row; under it why a method
    // does not apply, and the summary sentence.
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Methods:"), this));
    for (const auto& m : attn::explain::relevanceMethods()) {
        auto* box = new QCheckBox(QString::fromStdString(m), this);
        box->setChecked(m != "flow"); // flow is the slow one on many tokens
        box->setToolTip(explaintext::methodDescription(m));
        methodBoxes_.emplace_back(m, box);
        row->addWidget(box);
    }
    ablation_ = new QCheckBox(tr("head tests"), this);
    ablation_->setChecked(true);
    ablation_->setToolTip(
        tr("Each head zeroed, made uniform, or its weights permuted (Jain & Wallace 2019)"));
    row->addWidget(ablation_);
    run_ = new QPushButton(tr("Explain"), this);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setEnabled(false);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 100);
    progress_->setMaximumWidth(140);
    progress_->setVisible(false);
    row->addWidget(run_);
    row->addWidget(cancel_);
    row->addWidget(progress_);
    status_ = new QLabel(this);
    // Wrapped: on the Vision tab at 1280 x 800 "Predicted Ankle boot, p = 1.000" widened the panel past
    // its tab, which then scrolled sideways.
    status_->setWordWrap(true);
    row->addWidget(status_, 1);
    outer->addLayout(row);
    unavailableNote_ = new QLabel(this);
    unavailableNote_->setWordWrap(true);
    unavailableNote_->setVisible(false);
    outer->addWidget(unavailableNote_);

    summary_ = new QLabel(tr("Press Explain to compare the methods on the current input."), this);
    summary_->setWordWrap(true);
    summary_->installEventFilter(this); // arrangeSections when its text takes more or fewer lines
    outer->addWidget(summary_);
}

void ExplainPanel::buildSections(QVBoxLayout* outer) {
    // The methods (views, then the deletion plot) over the head tests, or beside them (arrangeSections).
    auto* top = methods_ = new QSplitter(Qt::Horizontal, this);
    views_ = new MethodViews(top);
    plot_ = new DeletionPlot(top);
    top->addWidget(views_);
    top->addWidget(plot_);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);

    heads_ = new HeadTests(this);

    sections_ = new QSplitter(Qt::Vertical, this);
    sections_->addWidget(top);
    sections_->addWidget(heads_);
    sections_->setStretchFactor(0, 3);
    sections_->setStretchFactor(1, 2);
    // The scroll area sizes the content by its preferred height (the summary label wraps, so it asks
    // the layout's heightForWidth): Ignored makes the splitter's preferred height its minimum, and it
    // fills whatever the panel has beyond that instead of scrolling to its own size hint.
    sections_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    outer->addWidget(sections_, 1);
    heads_->hide();  // until an explanation has head tests
    shareSections(); // else the first layout shares by size hints: the views' took most of the width
}

bool ExplainPanel::isBusy() const {
    return jobs_->isBusy();
}

QTableWidget* ExplainPanel::ablationGrid() const {
    return heads_->grid();
}

QCustomPlot* ExplainPanel::deletionPlot() const {
    return plot_;
}

int ExplainPanel::legendColumns() const {
    return plot_->legendColumns();
}

bool ExplainPanel::legendShowsAopc() const {
    return plot_->legendShowsAopc();
}

QString ExplainPanel::headTitle() const {
    return heads_->headTitle();
}

void ExplainPanel::setMethods(const std::vector<std::string>& methods) {
    for (auto& [name, box] : methodBoxes_)
        box->setChecked(std::find(methods.begin(), methods.end(), name) != methods.end());
    ablation_->setChecked(std::find(methods.begin(), methods.end(), kAblation) != methods.end());
}

QCheckBox* ExplainPanel::methodBox(const std::string& name) const {
    for (const auto& [n, box] : methodBoxes_)
        if (n == name)
            return box;
    return nullptr;
}

QString ExplainPanel::unavailableText() const {
    return unavailableNote_->text();
}

void ExplainPanel::refreshAvailability(const ModelHandle& model) {
    const auto unavailable = explainview::unavailableMethods(model);
    unavailableNames_.clear();
    QStringList reasons;
    for (auto& [name, box] : methodBoxes_) {
        const std::string& method = name;
        const auto it = std::find_if(unavailable.begin(), unavailable.end(),
                                     [&method](const auto& u) { return u.first == method; });
        const bool applies = it == unavailable.end();
        if (box->isEnabled() && !applies) { // unchecked while it cannot run; its choice comes back after
            box->setProperty("checkedWhenApplies", box->isChecked());
            box->setChecked(false);
        } else if (!box->isEnabled() && applies) {
            box->setChecked(box->property("checkedWhenApplies").toBool());
        }
        box->setEnabled(applies);
        box->setToolTip(applies ? explaintext::methodDescription(name) : it->second);
        if (it != unavailable.end()) {
            unavailableNames_.push_back(name);
            reasons << it->second;
        }
    }
    unavailableNote_->setText(reasons.join(QLatin1Char(' ')));
    unavailableNote_->setVisible(!reasons.isEmpty());
}

QString ExplainPanel::statusText() const {
    return status_->text();
}

void ExplainPanel::explainNow() {
    if (const QString reason = unavailable_ ? unavailable_() : QString(); !reason.isEmpty()) {
        status_->setText(reason);
        return;
    }
    const auto input = provider_ ? provider_() : std::nullopt;
    if (!input || input->model.empty()) {
        status_->setText(tr("Nothing to explain yet: load a model and give an input."));
        return;
    }
    refreshAvailability(input->model);
    std::vector<std::string> methods;
    for (const auto& [name, box] : methodBoxes_)
        if (box->isChecked() && box->isEnabled())
            methods.push_back(name);
    const bool ablation = ablation_->isChecked();
    explained_ = *input;
    stale_ = false;
    status_->setText(tr("Computing…"));
    progress_->setValue(0);
    jobs_->run<explainview::Outcome>(
        [in = *input, methods, ablation](const JobContext& job) {
            return explainview::run(in, methods, ablation, job);
        },
        [this](explainview::Outcome o) { showOutcome(std::move(o)); },
        [this](const QString& m) { showError(m); });
}

void ExplainPanel::inputChanged() {
    if (!explained_)
        return; // never explained: Explain stays the user's choice
    const auto input = provider_ ? provider_() : std::nullopt;
    if (input && sameInput(*input, *explained_))
        return;
    jobs_->cancel(); // a run for the old input
    clearViews();
    if (isVisible()) {
        explainNow();
        return;
    }
    stale_ = true;
    summary_->setText(tr("The input changed: it is explained again when this tab is shown."));
}

void ExplainPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (stale_ && !jobs_->isBusy())
        explainNow();
}

void ExplainPanel::clearViews() {
    outcome_.reset();
    error_.clear();
    format::setErrorColor(status_, false);
    status_->clear();
    summary_->clear();
    views_->clear(); // the text views get the introduction below
    plot_->clearCurves();
    showIntroduction();
    heads_->clear();
    heads_->hide(); // an empty grid and map were blank boxes; the methods take the room
}

void ExplainPanel::showIntroduction() {
    // Before an explanation the views say what each method reads (the same text as the check boxes'
    // tooltips), rather than stand empty.
    views_->showIntroduction(ablation_->toolTip());
}

void ExplainPanel::cancel() {
    jobs_->cancel();
    status_->setText(tr("Cancelled."));
}

void ExplainPanel::showError(const QString& message) {
    error_ = message;
    status_->setText(tr("Could not explain: %1").arg(message));
    format::setErrorColor(status_, true);
    emit finished();
}

void ExplainPanel::showOutcome(explainview::Outcome o) {
    outcome_ = std::move(o);
    error_.clear();
    format::setErrorColor(status_, false);
    const auto& b = outcome_->explanation.base;
    const QString value = format::num(b.probabilities.at(static_cast<std::size_t>(b.predicted)), 3);
    if (outcome_->similarity)
        status_->setText(outcome_->other.isEmpty()
                             ? tr("Cosine similarity with the sentence's own vector: %1").arg(value)
                             : tr("Cosine similarity with “%1”: %2").arg(outcome_->other, value));
    else
        status_->setText(tr("Predicted %1, p = %2").arg(displayClassLabel(b.predictedLabel)).arg(value));
    summary_->setText(explaintext::summary(*outcome_));
    views_->showOutcome(&*outcome_);
    plot_->showOutcome(*outcome_);
    showGrid();
    if (outcome_->explanation.ablation)
        selectHead(0, 0);
    emit finished();
}

QString ExplainPanel::summaryText() const {
    return summary_->text();
}

bool ExplainPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == summary_ && event->type() == QEvent::Resize)
        arrangeSections();
    return QWidget::eventFilter(watched, event);
}

void ExplainPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrangeSections();
}

bool ExplainPanel::headTestsBeside() const {
    return sections_->orientation() == Qt::Horizontal;
}

void ExplainPanel::arrangeSections() {
    // Stacked, the head tests under the methods need the controls' height, the plot's minimum and room
    // for a few grid rows and the head's map. The Sentiment tab at 1280 x 800 in teaching mode is shorter
    // than that and the head tests fell below the fold; there they go right of the plot, grid over map.
    // The panel's own size decides (not its scrolled content's), so the choice does not feed back.
    const int unit = plot_->minimumHeight(); // 180 px, times the teaching scale
    QLayout* outer = scroll_->widget()->layout();
    const int spacing = outer->spacing() > 0 ? outer->spacing() : 6;
    const int summaryHeight = summary_->hasHeightForWidth() && summary_->width() > 0
                                  ? summary_->heightForWidth(summary_->width())
                                  : summary_->sizeHint().height();
    const int controls = run_->sizeHint().height() + summaryHeight + 3 * spacing +
                         outer->contentsMargins().top() + outer->contentsMargins().bottom();
    const int stackedHeight = controls + unit + unit; // the plot, then as much again for the head tests
    const int besideWidth = plot_->minimumWidth() + unit * 2; // views and head column beside the plot
    const bool beside = height() < stackedHeight && width() >= besideWidth;
    if (beside != headTestsBeside())
        reorientSections(beside);
    // Its Ignored vertical policy drops the splitter's minimum height too; stated explicitly, it holds,
    // and below it the panel scrolls.
    sections_->setMinimumHeight(0);
    sections_->setMinimumHeight(sections_->minimumSizeHint().height());
}

void ExplainPanel::reorientSections(bool beside) {
    sections_->setOrientation(beside ? Qt::Horizontal : Qt::Vertical);
    heads_->setBeside(beside);
    shareSections();
}

void ExplainPanel::shareSections() {
    const int unit = plot_->minimumHeight();
    // setSizes keeps each splitter's length and shares it in these proportions. Beside: the methods
    // five sevenths (views and plot 3 : 2, the plot at least its minimum), the head column two, room for
    // four heads' numbers in teaching mode; stacked: as at construction.
    if (headTestsBeside()) {
        sections_->setSizes({5 * unit, 2 * unit});
        methods_->setSizes({3 * unit, std::max(2 * unit, plot_->minimumWidth())});
        heads_->fitGridHeight(unit);
    } else {
        sections_->setSizes({3 * unit, 2 * unit});
        methods_->setSizes({3 * unit, 2 * unit});
        heads_->setSizes({unit, unit});
    }
}

void ExplainPanel::showGrid() {
    if (!heads_->showGrid(*outcome_)) {
        heads_->hide();
        return;
    }
    if (heads_->isHidden()) {
        heads_->show();
        shareSections(); // back from hidden, it would take its old share of another arrangement
    } else if (headTestsBeside()) {
        heads_->fitGridHeight(plot_->minimumHeight());
    }
}

void ExplainPanel::setTeachingMode(bool on, double zoom) {
    plot_->setTextScale(teaching::textScale(on, zoom));
    if (sections_)
        arrangeSections();
    plot_->fitLegendColumns();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ExplainPanel::selectHead(int layer, int head) {
    if (!outcome_)
        return;
    const auto& att = outcome_->explanation.base.attention;
    if (layer < 0 || layer >= static_cast<int>(att.size()) || head < 0 ||
        head >= static_cast<int>(att[static_cast<std::size_t>(layer)].size()))
        return;
    heads_->showHead(*outcome_, layer, head);
}
