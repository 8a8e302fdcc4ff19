// The explanation panel (explain_panel.hpp).
#include "pages/explain/explain_panel.hpp"

#include "pages/class_label_names.hpp"
#include "pages/explain/relevance_render.hpp"
#include "services/job_runner.hpp"
#include "widgets/format.hpp"
#include "widgets/teaching.hpp"

#include <QApplication>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>
#include <qcustomplot.h>

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

/// What each relevance method reads, in one sentence (core/include/attn/explain/ and rollout.hpp).
QString methodDescription(const std::string& m) {
    if (m == "raw")
        return ExplainPanel::tr("the last layer's attention, mean of its heads");
    if (m == "rollout")
        return ExplainPanel::tr("attention multiplied through all layers, each layer mixed half and half "
                                "with the identity for the residual (Abnar & Zuidema 2020)");
    if (m == "flow")
        return ExplainPanel::tr("the maximum flow from each input through the layers' attention graph "
                                "(Abnar & Zuidema 2020); slow on long inputs");
    if (m == "valuenorm")
        return ExplainPanel::tr("the last layer's ‖weight × transformed value‖: what actually reaches the "
                                "output (Kobayashi et al. 2020)");
    if (m == "gradient")
        return ExplainPanel::tr("attention weighted by its gradient for the predicted class, summed "
                                "through the layers (Chefer et al. 2021)");
    return {};
}

QColor methodColor(std::size_t i) {
    static const QColor colors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e),
                                    QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28),
                                    QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b)};
    return colors[i % 6];
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
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Methods:"), this));
    for (const auto& m : attn::explain::relevanceMethods()) {
        auto* box = new QCheckBox(QString::fromStdString(m), this);
        box->setChecked(m != "flow"); // flow is the slow one on many tokens
        box->setToolTip(methodDescription(m));
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

    auto* top = methods_ = new QSplitter(Qt::Horizontal, this);
    auto* views = new QWidget(top);
    auto* viewsBox = new QVBoxLayout(views);
    viewsBox->setContentsMargins(0, 0, 0, 0);
    textViews_ = new QTextBrowser(views);
    textViews_->setObjectName(QStringLiteral("methodViews"));
    imageViews_ = new QLabel(views);
    imageViews_->setObjectName(QStringLiteral("methodImages"));
    imageViews_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    imageViews_->setVisible(false);
    // The sheet of overlays is laid out for the label's size (composeImageSheet), so its pixmap must not
    // set the label's size: Ignored.
    imageViews_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    imageViews_->installEventFilter(this); // composeImageSheet on resize
    viewsBox->addWidget(textViews_, 1);
    viewsBox->addWidget(imageViews_, 1);
    plot_ = new QCustomPlot(top);
    plot_->setMinimumSize(340, 180); // room for the legend and the tick labels
    plot_->xAxis->setLabel(tr("inputs removed (most relevant first)"));
    plot_->yAxis->setLabel(tr("p(predicted class)"));
    plot_->setToolTip(tr("Deletion curves; each method's AOPC (higher = more faithful) is in the legend when "
                         "it fits, and under the method's name at left"));
    plot_->yAxis->setRange(0, 1.02);
    plot_->legend->setVisible(true);
    // An empty legend's size hint caps its layout column, and the axes with it, at the width of its
    // frame (the plot drew a few pixels wide before the first explanation); an explicit maximum below
    // QWIDGETSIZE_MAX replaces that hint.
    plot_->legend->setMaximumSize(1 << 20, QWIDGETSIZE_MAX);
    setTeachingMode(false); // the plot's fonts
    // The legend below the axes: the curves fall from the top left, an inset legend would cover them.
    plot_->plotLayout()->addElement(1, 0, plot_->legend);
    plot_->plotLayout()->setRowStretchFactor(1, 0.001);
    plot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot_->legend->setWrap(2);
    plot_->installEventFilter(this); // fitLegendColumns on resize
    // A few pixels right of and under the legend: in the bottom row its frame fell on the widget's edges
    // and was cut off.
    plot_->plotLayout()->setMargins(QMargins(0, 0, 3, 4));
    showLegendFrame(); // none yet: no empty frame under the axes
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0); // whole inputs
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    plot_->xAxis->setTicker(ticker);
    top->addWidget(views);
    top->addWidget(plot_);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);

    auto* bottom = heads_ = new QSplitter(Qt::Horizontal, this);
    grid_ = new QTableWidget(bottom);
    grid_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    grid_->setSelectionMode(QAbstractItemView::SingleSelection);
    grid_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    grid_->verticalHeader()->setSectionResizeMode(QHeaderView::Stretch); // stacked; see reorientSections
    grid_->setToolTip(tr("Each cell: how much p(class) drops when the head is zeroed, p − p(zeroed) "
                         "(above 0: the head helped the prediction; below 0: it worked against it); click a "
                         "head to see its map"));
    auto* headBox = new QWidget(bottom);
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
    bottom->addWidget(grid_);
    bottom->addWidget(headBox);

    sections_ = new QSplitter(Qt::Vertical, this);
    sections_->addWidget(top);
    sections_->addWidget(bottom);
    sections_->setStretchFactor(0, 3);
    sections_->setStretchFactor(1, 2);
    // The scroll area sizes the content by its preferred height (the summary label wraps, so it asks
    // the layout's heightForWidth): Ignored makes the splitter's preferred height its minimum, and it
    // fills whatever the panel has beyond that instead of scrolling to its own size hint.
    sections_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    outer->addWidget(sections_, 1);
    heads_->hide();  // until an explanation has head tests
    shareSections(); // else the first layout shares by size hints: the views' took most of the width
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
    connect(grid_, &QTableWidget::cellClicked, this, &ExplainPanel::selectHead);
}

bool ExplainPanel::isBusy() const {
    return jobs_->isBusy();
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
        box->setToolTip(applies ? methodDescription(name) : it->second);
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
    imageViews_->clear(); // the text views get the introduction below
    plot_->clearGraphs();
    showLegendFrame();
    plot_->replot();
    showIntroduction();
    grid_->clear();
    grid_->setRowCount(0);
    grid_->setColumnCount(0);
    heads_->hide(); // an empty grid and map were blank boxes; the methods take the room
    headTitle_->clear();
    headText_->clear();
    headImage_->clear();
}

void ExplainPanel::showIntroduction() {
    // Before an explanation the views say what each method reads (the same text as the check boxes'
    // tooltips), rather than stand empty.
    QString html = QStringLiteral("<p>%1</p><table cellspacing=4>").arg(tr("What each method reads:"));
    for (const auto& m : attn::explain::relevanceMethods())
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                    .arg(QString::fromStdString(m), methodDescription(m).toHtmlEscaped());
    html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr></table>")
                .arg(tr("head tests"), ablation_->toolTip().toHtmlEscaped());
    html +=
        QStringLiteral("<p>%1</p>")
            .arg(tr(
                "Each method gives every input a relevance; deleting the inputs from the most relevant down "
                "draws its deletion curve, and AOPC (the mean drop of p) says how faithful it is."));
    textViews_->setHtml(html);
    textViews_->setVisible(true);
    imageViews_->setVisible(false);
}

void ExplainPanel::showLegendFrame() {
    // The legend keeps its place in the layout (its row stays put); only its frame goes when empty,
    // where it drew a thin empty box under the axes.
    plot_->legend->setBorderPen(plot_->graphCount() > 0 ? QPen(Qt::black) : QPen(Qt::NoPen));
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
    plot_->yAxis->setLabel(outcome_->similarity ? tr("cosine similarity") : tr("p(predicted class)"));
    summary_->setText(summary());
    showMethods();
    showCurves();
    showGrid();
    if (outcome_->explanation.ablation)
        selectHead(0, 0);
    emit finished();
}

QString ExplainPanel::summaryText() const {
    return summary_->text();
}

QString ExplainPanel::summary() const {
    const auto& e = outcome_->explanation;
    const auto& ms = outcome_->methods;
    if (ms.empty())
        return tr("No relevance method was chosen.");
    // The pair that agrees most, and what deleting the 3 most relevant inputs by the most faithful does.
    QString text;
    double best = -2;
    std::string a, b;
    for (const auto& [x, row] : e.rankCorrelation)
        for (const auto& [y, rho] : row)
            if (x < y && rho > best) {
                best = rho;
                a = x;
                b = y;
            }
    if (!a.empty())
        text += tr("On this input %1 and %2 agree most (ρ = %3). ")
                    .arg(QString::fromStdString(a), QString::fromStdString(b), format::num(best, 2));
    std::string faithful = ms.front();
    for (const auto& m : ms)
        if (e.methods.at(m).deletion.aopc > e.methods.at(faithful).deletion.aopc)
            faithful = m;
    const auto& curve = e.methods.at(faithful).deletion.probability;
    const std::size_t k = std::min<std::size_t>(3, curve.size() - 1);
    const QString unit = outcome_->shown ? tr("patches") : tr("words");
    if (outcome_->similarity)
        text +=
            tr("Most faithful here: %1 (AOPC %2); masking its %3 most relevant pieces moves the cosine "
               "from %4 to %5. Here p is the cosine similarity: the head tests show how much it drops.")
                .arg(QString::fromStdString(faithful), format::num(e.methods.at(faithful).deletion.aopc, 3))
                .arg(k)
                .arg(format::num(curve.front(), 2), format::num(curve.at(k), 2));
    else
        text +=
            tr("Most faithful here: %1 (AOPC %2); deleting its %3 most relevant %4 moves p from %5 to %6.")
                .arg(QString::fromStdString(faithful), format::num(e.methods.at(faithful).deletion.aopc, 3))
                .arg(k)
                .arg(unit, format::num(curve.front(), 2), format::num(curve.at(k), 2));
    return text;
}

QString ExplainPanel::shadingNote() const {
    QString note =
        tr("Each method is shaded from its smallest value (white) to its largest (orange): deletion "
           "removes inputs in this order. Hover a word for its value.");
    if (outcome_ &&
        std::find(outcome_->unknown.begin(), outcome_->unknown.end(), true) != outcome_->unknown.end())
        note += QLatin1Char(' ') +
                tr("⚠ = not in the model's vocabulary: the model read its unknown token there.");
    return note;
}

void ExplainPanel::showMethods() {
    const auto& o = *outcome_;
    const bool image = o.shown.has_value();
    textViews_->setVisible(!image);
    imageViews_->setVisible(image);
    if (!image) {
        QString html = QStringLiteral("<table cellspacing=4>");
        for (const auto& m : o.methods) {
            const auto& r = o.explanation.methods.at(m);
            html += QStringLiteral("<tr><td><b>%1</b><br><small>AOPC %2</small></td><td>%3</td></tr>")
                        .arg(QString::fromStdString(m), format::num(r.deletion.aopc, 3),
                             explainview::shadedWords(o.labels, r.relevance, o.unknown));
        }
        textViews_->setHtml(html + QStringLiteral("</table><p><small>%1</small></p>").arg(shadingNote()));
        return;
    }
    imageViews_->setToolTip(shadingNote());
    composeImageSheet();
}

void ExplainPanel::composeImageSheet() {
    // One overlay per method with its name and AOPC under it. The tile size and the number per row are
    // those that fit the label with the largest tiles (at most 132 px): at 1280 x 800 the Vision tab's
    // views are narrower than four 132 px tiles in a row and shorter than two rows of them.
    if (!outcome_ || !outcome_->shown || imageViews_->isHidden())
        return;
    const auto& o = *outcome_;
    const int gap = 8, n = static_cast<int>(o.methods.size());
    const QFontMetrics metrics(imageViews_->font());
    const int caption = 2 * metrics.lineSpacing() + 4;
    const int width = imageViews_->width(), height = imageViews_->height();
    const auto [tile, columns, rows] = explainview::overlayLayout(n, width, height, caption, gap);
    QImage sheet(columns * (tile + gap) - gap, rows * (tile + caption + gap) - gap, QImage::Format_RGB32);
    sheet.fill(palette().color(QPalette::Base));
    QPainter p(&sheet);
    p.setPen(palette().color(QPalette::Text));
    p.setFont(imageViews_->font());
    for (int i = 0; i < n; ++i) {
        const auto& m = o.methods[static_cast<std::size_t>(i)];
        const auto& r = o.explanation.methods.at(m);
        const int x = (i % columns) * (tile + gap), y = (i / columns) * (tile + caption + gap);
        p.drawImage(x, y, explainview::overlay(*o.shown, r.relevance, o.patchesPerSide, tile));
        p.drawText(
            QRect(x - gap / 2, y + tile, tile + gap, caption), Qt::AlignHCenter | Qt::AlignTop,
            QStringLiteral("%1\nAOPC %2").arg(QString::fromStdString(m), format::num(r.deletion.aopc, 3)));
    }
    p.end();
    imageViews_->setPixmap(QPixmap::fromImage(sheet));
}

void ExplainPanel::showCurves() {
    const auto& o = *outcome_;
    plot_->clearGraphs();
    legendNames_.clear();
    int n = 0;
    for (std::size_t i = 0; i < o.methods.size(); ++i) {
        const auto& r = o.explanation.methods.at(o.methods[i]);
        QVector<double> x, y;
        for (std::size_t k = 0; k < r.deletion.probability.size(); ++k) {
            x << static_cast<double>(k);
            y << r.deletion.probability[k];
        }
        n = std::max(n, static_cast<int>(x.size()));
        auto* g = plot_->addGraph();
        g->setData(x, y);
        g->setPen(QPen(methodColor(i), 2));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
        legendNames_.emplace_back(QString::fromStdString(o.methods[i]),
                                  QStringLiteral(" ") + format::num(r.deletion.aopc, 3));
        g->setName(legendNames_.back().first + legendNames_.back().second);
    }
    // Half a step of margin: the first and last points are drawn whole, not cut by the axes.
    plot_->xAxis->setRange(-0.5, std::max(1, n - 1) + 0.5);
    showLegendFrame();
    fitLegendColumns();
    plot_->replot();
}

bool ExplainPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == plot_ && event->type() == QEvent::Resize)
        fitLegendColumns();
    if (watched == summary_ && event->type() == QEvent::Resize)
        arrangeSections();
    if (watched == imageViews_ && event->type() == QEvent::Resize)
        composeImageSheet();
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
    heads_->setOrientation(beside ? Qt::Vertical : Qt::Horizontal);
    // Beside, a taller panel gives its height to the head's map; the grid keeps its rows' height.
    heads_->setStretchFactor(0, beside ? 0 : 1);
    heads_->setStretchFactor(1, 1);
    // Stacked, the grid is as tall as the head's map beside it: its rows share that height (a 4 x 4 grid
    // left an empty box under its rows). Beside, each row is back to the default height.
    QHeaderView* rows = grid_->verticalHeader();
    rows->setSectionResizeMode(beside ? QHeaderView::Interactive : QHeaderView::Stretch);
    if (beside)
        for (int r = 0; r < rows->count(); ++r)
            rows->resizeSection(r, rows->defaultSectionSize());
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
        fitGridHeight();
    } else {
        sections_->setSizes({3 * unit, 2 * unit});
        methods_->setSizes({3 * unit, 2 * unit});
        heads_->setSizes({unit, unit});
    }
}

int ExplainPanel::legendColumns() const {
    return std::min(plot_->legend->wrap() > 0 ? plot_->legend->wrap() : plot_->legend->itemCount(),
                    plot_->legend->itemCount());
}

bool ExplainPanel::legendShowsAopc() const {
    return plot_->graphCount() > 0 && !legendNames_.empty() &&
           plot_->graph(0)->name() == legendNames_.front().first + legendNames_.front().second;
}

void ExplainPanel::fitLegendColumns() {
    // One row when the plot is wide enough: in teaching mode at 1280 x 800 a fixed two-column legend put
    // its second row below the tab's fold. First the names with their AOPC in one row; else the bare
    // names in one row (the views at left give each method's AOPC too); else the names with AOPC in as
    // many columns as fit. Items fill each row left to right (foColumnsFirst), so column c holds items
    // c, c + columns, ...; it is as wide as its widest item.
    QCPLegend* legend = plot_->legend;
    const int n = std::min(plot_->graphCount(), static_cast<int>(legendNames_.size()));
    const QCPAbstractLegendItem* first = n > 0 ? legend->itemWithPlottable(plot_->graph(0)) : nullptr;
    if (!first)
        return;
    const QFontMetrics metrics(legend->font());
    // What an item takes beyond its text (line sample, padding, margins), measured on the first as drawn.
    const int overhead =
        first->minimumOuterSizeHint().width() - metrics.horizontalAdvance(plot_->graph(0)->name());
    auto widthsOf = [&](bool withAopc) {
        std::vector<int> widths;
        for (int i = 0; i < n; ++i) {
            const auto& [method, aopc] = legendNames_[static_cast<std::size_t>(i)];
            widths.push_back(overhead + metrics.horizontalAdvance(withAopc ? method + aopc : method));
        }
        return widths;
    };
    auto rowWidth = [&](const std::vector<int>& widths, int columns) {
        int width = (columns - 1) * legend->columnSpacing();
        for (int c = 0; c < columns; ++c) {
            int widest = 0;
            for (int i = c; i < n; i += columns)
                widest = std::max(widest, widths[static_cast<std::size_t>(i)]);
            width += widest;
        }
        return width;
    };
    const QMargins m = legend->margins();
    const int available = plot_->width() - m.left() - m.right() - plot_->plotLayout()->margins().right() - 2;
    const auto withAopc = widthsOf(true);
    bool showAopc = true;
    int columns = n;
    if (rowWidth(withAopc, n) > available) {
        if (rowWidth(widthsOf(false), n) <= available)
            showAopc = false;
        else
            while (columns > 1 && rowWidth(withAopc, columns) > available)
                --columns;
    }
    for (int i = 0; i < n; ++i) {
        const auto& [method, aopc] = legendNames_[static_cast<std::size_t>(i)];
        plot_->graph(i)->setName(showAopc ? method + aopc : method);
    }
    if (legend->wrap() != columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLegend::foColumnsFirst, true); // re-places the items
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ExplainPanel::showGrid() {
    const auto& a = outcome_->explanation.ablation;
    grid_->clear();
    if (!a) {
        grid_->setRowCount(0);
        grid_->setColumnCount(0);
        heads_->hide();
        return;
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
        grid_->setVerticalHeaderItem(l, new QTableWidgetItem(tr("layer %1").arg(l + 1)));
        for (int h = 0; h < H; ++h) {
            const auto ul = static_cast<std::size_t>(l), uh = static_cast<std::size_t>(h);
            auto* item = new QTableWidgetItem(format::small(a->effect[ul][uh]));
            item->setTextAlignment(Qt::AlignCenter);
            item->setBackground(
                QColor(format::shade(top > 0 ? std::max(0.0, a->effect[ul][uh]) / top : 0.0)));
            item->setToolTip(
                tr("Drop in p, p − p(after) (above 0: the head helped)\nzeroed: %1\nuniform weights: "
                   "%2\npermuted weights (seed %3): %4")
                    .arg(format::small(a->effect[ul][uh], 3), format::small(a->uniform[ul][uh], 3))
                    .arg(a->permutationSeed)
                    .arg(format::small(a->permuted[ul][uh], 3)));
            grid_->setItem(l, h, item);
        }
    }
    for (int h = 0; h < H; ++h)
        grid_->setHorizontalHeaderItem(h, new QTableWidgetItem(tr("head %1").arg(h + 1)));
    if (heads_->isHidden()) {
        heads_->show();
        shareSections(); // back from hidden, it would take its old share of another arrangement
    } else if (headTestsBeside()) {
        fitGridHeight();
    }
}

void ExplainPanel::fitGridHeight() {
    // Beside the plot the column is tall and the grid short (2 x 4 heads on the shipped model): the grid
    // takes its rows' height, the selected head's map the rest, instead of an empty half under two rows.
    const int unit = plot_->minimumHeight();
    if (grid_->rowCount() == 0) {
        heads_->setSizes({unit, unit});
        return;
    }
    const int rows =
        std::max(grid_->horizontalHeader()->sizeHint().height(), grid_->horizontalHeader()->height()) +
        grid_->verticalHeader()->length() + 2 * grid_->frameWidth();
    heads_->setSizes({rows, std::max(unit, heads_->height() - rows - heads_->handleWidth())});
}

QString ExplainPanel::headTitle() const {
    return headTitle_->text();
}

void ExplainPanel::setTeachingMode(bool on, double zoom) {
    const double scale = teaching::textScale(on, zoom);
    QFont text = QApplication::font();
    text.setPointSizeF(text.pointSizeF() * scale);
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setTickLabelFont(text);
        axis->setLabelFont(text);
    }
    QFont legend(QApplication::font().family());
    legend.setPointSizeF(8.0 * scale); // also sets the font of the items already in the legend
    plot_->legend->setFont(legend);
    // Room for the legend and the larger tick labels.
    plot_->setMinimumSize(static_cast<int>(340 * scale), static_cast<int>(180 * scale));
    if (sections_)
        arrangeSections();
    fitLegendColumns();
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void ExplainPanel::selectHead(int layer, int head) {
    if (!outcome_)
        return;
    const auto& att = outcome_->explanation.base.attention;
    if (layer < 0 || layer >= static_cast<int>(att.size()) || head < 0 ||
        head >= static_cast<int>(att[static_cast<std::size_t>(layer)].size()))
        return;
    const auto rel = explainview::headRelevance(*outcome_, layer, head);
    const bool image = outcome_->shown.has_value();
    headText_->setVisible(!image);
    headImage_->setVisible(image);
    const auto& a = outcome_->explanation.ablation;
    const auto ul = static_cast<std::size_t>(layer), uh = static_cast<std::size_t>(head);
    // The same number, with the same sign, as the head's cell: the drop in p, p − p(after) (issue 49
    // point 16: the cell said 0.565 where this said "changes p by −0.565").
    auto drop = [](double effect) { return format::small(effect); };
    QString title =
        tr("<b>Layer %1, head %2</b>: what the pooled position attends to").arg(layer + 1).arg(head + 1);
    if (a && ul < a->effect.size() && uh < a->effect[ul].size())
        title += tr(". Drop in p, p − p(after), as in its cell (above 0: the head helped the prediction): "
                    "zeroed %1; uniform weights %2; permuted weights (seed %3) %4.")
                     .arg(drop(a->effect[ul][uh]), drop(a->uniform[ul][uh]))
                     .arg(a->permutationSeed)
                     .arg(drop(a->permuted[ul][uh]));
    headTitle_->setText(title);
    if (image)
        headImage_->setPixmap(
            QPixmap::fromImage(explainview::overlay(*outcome_->shown, rel, outcome_->patchesPerSide, 150)));
    else
        headText_->setHtml(explainview::shadedWords(outcome_->labels, rel, outcome_->unknown));
    if (grid_->rowCount() > layer && grid_->columnCount() > head)
        grid_->setCurrentCell(layer, head);
}
