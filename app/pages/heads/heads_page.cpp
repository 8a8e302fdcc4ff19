#include "pages/heads/heads_page.hpp"

#include "pages/heads/heads_examples_panel.hpp"
#include "pages/heads/heads_session.hpp"
#include "pages/heads/heads_setup_panel.hpp"
#include "pages/heads/heads_table.hpp"
#include "services/json_file.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/explanation.hpp"
#include "widgets/heatmap_view.hpp"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QSplitter>
#include <QTextStream>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

using attn::analysis::Metric;

HeadsPage::HeadsPage(QWidget* parent) : Page(parent) {
    session_ = new HeadsSession(this);
    trackBusy(session_->jobs());
    trackBusy(session_->mapJobs());

    auto* outer = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("What does each head do? The survey runs every input of a corpus through the "
                                "model and measures, per layer and head, where the attention goes: to the "
                                "first token, the previous one, itself, [CLS] or [SEP], how spread out it is "
                                "and how far it reaches."),
                             this);
    intro->setWordWrap(true);
    explanation::mark(intro);
    outer->addWidget(intro);
    setup_ = new HeadsSetupPanel(this);
    outer->addWidget(setup_);
    banner_ = new ErrorBanner(this);
    outer->addWidget(banner_);

    auto* split = new QSplitter(Qt::Horizontal, this);
    table_ = new HeadsTable(split);
    auto* right = new QWidget(split);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto* metricRow = new QHBoxLayout;
    metricBox_ = new QComboBox(right);
    metricBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    metricRow->addWidget(new QLabel(tr("Metric:"), right));
    metricRow->addWidget(metricBox_);
    metricRow->addStretch();
    grid_ = new HeatmapView(right);
    grid_->setAxisTitles(tr("Layer"), tr("Head"));
    grid_->setEmptyText(tr("Choose a model and a corpus, then Run survey"));
    grid_->setShowValues(true);
    grid_->setToolTip(tr("Click a cell to see that head's examples"));
    examples_ = new HeadsExamplesPanel(right);
    rightLayout->addLayout(metricRow);
    rightLayout->addWidget(grid_, 3);
    rightLayout->addWidget(examples_, 2);
    split->addWidget(table_);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    outer->addWidget(split, 1);

    connect(setup_, &HeadsSetupPanel::runRequested, this, &HeadsPage::runSurvey);
    connect(setup_, &HeadsSetupPanel::cancelRequested, this, &HeadsPage::cancelSurvey);
    connect(setup_, &HeadsSetupPanel::exportRequested, this, &HeadsPage::exportAs);
    connect(session_, &HeadsSession::started, this, [this] {
        setup_->setRunning(true);
        setup_->setStatus(tr("Running the survey…"));
    });
    connect(session_, &HeadsSession::progress, setup_, &HeadsSetupPanel::setProgress);
    connect(session_, &HeadsSession::finished, this, &HeadsPage::showResult);
    connect(session_, &HeadsSession::failed, this, &HeadsPage::showFailure);
    connect(session_, &HeadsSession::cancelled, this, [this] {
        setup_->setRunning(false);
        setup_->setStatus(result() ? tr("Cancelled; the previous survey stays.") : tr("Cancelled."));
    });
    connect(table_, &HeadsTable::headClicked, this, &HeadsPage::selectHead);
    connect(table_->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int column) {
        if (const auto m = table_->metricAt(column); m && *m != metric_)
            selectMetric(*m);
    });
    connect(metricBox_, &QComboBox::activated, this,
            [this](int index) { selectMetric(static_cast<Metric>(metricBox_->itemData(index).toInt())); });
    connect(grid_, &HeatmapView::cellClicked, this, [this](int row, int column) {
        if (row >= 0 && column >= 0)
            selectHead(row, column);
    });
    connect(examples_, &HeadsExamplesPanel::exampleClicked, this, &HeadsPage::openExample);
    connect(session_, &HeadsSession::mapsReady, this, &HeadsPage::drawExamples);
    connect(session_, &HeadsSession::mapsFailed, this, [this](const QString& message) {
        banner_->setMessages({tr("The examples' maps could not be computed: %1").arg(message)});
    });
    setup_->setStatus(tr("No survey yet."));
}

const std::optional<HeadsResult>& HeadsPage::result() const {
    return session_->result();
}

bool HeadsPage::lastRunFromCache() const {
    return result() && result()->fromCache;
}

QString HeadsPage::errorText() const {
    return error_;
}

void HeadsPage::runSurvey() {
    const QString dir = setup_->modelDirectory();
    if (dir.isEmpty()) {
        showFailure(tr("Choose a model first."));
        return;
    }
    HeadsRequest request;
    request.modelDirectory = dir;
    request.corpusFile = setup_->corpusFile();
    request.limit = setup_->limit();
    session_->run(request);
}

void HeadsPage::cancelSurvey() {
    session_->cancel();
}

void HeadsPage::showFailure(const QString& message) {
    setup_->setRunning(false);
    error_ = tr("The survey did not run: %1").arg(message);
    if (result())
        error_ += QLatin1Char('\n') + tr("The previous survey is still shown.");
    banner_->setMessages({error_});
    setup_->setStatus(result() ? statusOf(*result()) : tr("No survey yet."));
}

QString HeadsPage::capabilityTitle(const std::string& capability) {
    if (capability == "text classifier")
        return tr("text classifier");
    if (capability == "text encoder")
        return tr("text encoder");
    if (capability == "sentence encoder")
        return tr("sentence encoder");
    if (capability == "causal LM")
        return tr("decoder (causal language model)");
    if (capability == "image classifier")
        return tr("image classifier");
    return QString::fromStdString(capability);
}

QString HeadsPage::statusOf(const HeadsResult& r) const {
    const auto& rep = r.report;
    const QLocale locale;
    QStringList sentences;
    sentences << tr("%1 inputs of %2 through a %3 of %4 layers × %5 heads.")
                     .arg(locale.toString(static_cast<qulonglong>(rep.corpusInputs)))
                     .arg(QFileInfo(QString::fromStdString(rep.corpusFile)).fileName())
                     .arg(capabilityTitle(rep.capability))
                     .arg(rep.layers)
                     .arg(rep.heads);
    if (rep.inductionInputs > 0)
        sentences << tr("Also %1 induction inputs, each a run of %2 random tokens repeated.")
                         .arg(rep.inductionInputs)
                         .arg(rep.inductionRun);
    if (rep.skipped > 0)
        sentences << tr("%1 inputs were skipped.").arg(rep.skipped);
    const QString seconds = locale.toString(rep.seconds, 'f', 2);
    sentences
        << (r.fromCache
                ? tr("From the cache (the survey took %1 s on %2 threads).").arg(seconds).arg(rep.threads)
                : tr("The survey took %1 s on %2 threads.").arg(seconds).arg(rep.threads));
    // Sentences are separated by a space, except after a full-width stop (Chinese: 。), which needs none.
    QString out;
    for (const QString& sentence : sentences) {
        if (!out.isEmpty() && out.back().unicode() < 0x3000)
            out += QLatin1Char(' ');
        out += sentence;
    }
    return out;
}

void HeadsPage::showResult() {
    setup_->setRunning(false);
    const HeadsResult& r = *result();
    error_.clear();
    QStringList warnings;
    for (const QString& w : r.warnings)
        warnings << w;
    banner_->setMessages(warnings);
    setup_->setStatus(statusOf(r));
    setup_->chooseModelDirectory(r.request.modelDirectory);
    layer_ = std::clamp(layer_, 0, r.report.layers - 1);
    head_ = std::clamp(head_, 0, r.report.heads - 1);
    if (!r.report.measured(metric_))
        metric_ = Metric::Previous;
    table_->setReport(r.report);
    refreshMetricBox();
    refreshGrid();
    table_->markHead(layer_, head_);
    refreshExamples();
    const bool openable =
        r.model.textClassifier || r.model.causalLm || r.model.imageClassifier || r.model.sentenceEncoder;
    examples_->setOpenable(openable, tr("No page of attnviz shows this model's inputs"));
    Q_EMIT statusMessage(setup_->statusText());
}

void HeadsPage::refreshMetricBox() {
    const QSignalBlocker block(metricBox_);
    metricBox_->clear();
    if (!result())
        return;
    for (Metric m : attn::analysis::kMetrics)
        if (result()->report.measured(m)) {
            metricBox_->addItem(HeadsTable::metricTitle(m), static_cast<int>(m));
            metricBox_->setItemData(metricBox_->count() - 1, HeadsTable::metricToolTip(m), Qt::ToolTipRole);
        }
    metricBox_->setCurrentIndex(std::max(0, metricBox_->findData(static_cast<int>(metric_))));
}

void HeadsPage::selectMetric(Metric m) {
    metric_ = m;
    const QSignalBlocker block(metricBox_);
    const int index = metricBox_->findData(static_cast<int>(m));
    if (index >= 0)
        metricBox_->setCurrentIndex(index);
    refreshGrid();
    refreshExamples();
}

void HeadsPage::selectHead(int layer, int head) {
    if (result()) {
        layer = std::clamp(layer, 0, result()->report.layers - 1);
        head = std::clamp(head, 0, result()->report.heads - 1);
    }
    layer_ = layer;
    head_ = head;
    table_->markHead(layer, head);
    grid_->setRowMarker(layer);
    grid_->setColumnMarker(head);
    refreshExamples();
}

void HeadsPage::refreshGrid() {
    if (!result()) {
        grid_->clear();
        return;
    }
    const auto& rep = result()->report;
    attn::Matrix values(rep.layers, rep.heads);
    QStringList layers, heads;
    for (int l = 0; l < rep.layers; ++l) {
        layers << tr("L%1").arg(l + 1);
        for (int h = 0; h < rep.heads; ++h)
            values(l, h) = static_cast<float>(rep.mean(l, h, metric_));
    }
    for (int h = 0; h < rep.heads; ++h)
        heads << tr("H%1").arg(h + 1);
    const bool weight = metric_ != Metric::Entropy && metric_ != Metric::Distance;
    grid_->setRangeMode(weight ? HeatmapView::RangeMode::Fixed01 : HeatmapView::RangeMode::Auto);
    grid_->setColorScaleLabel(HeadsTable::metricTitle(metric_));
    grid_->setTitle(HeadsTable::metricToolTip(metric_));
    grid_->setMatrix(std::move(values), layers, heads);
    grid_->setRowMarker(layer_);
    grid_->setColumnMarker(head_);
}

void HeadsPage::refreshExamples() {
    if (!result()) {
        examples_->clear();
        return;
    }
    std::vector<std::size_t> missing;
    for (const auto& e : result()->report.at(layer_, head_).top[attn::analysis::SurveyReport::index(metric_)])
        if (!session_->exampleMaps(e.input))
            missing.push_back(e.input);
    drawExamples();
    if (!missing.empty())
        session_->requestMaps(missing);
}

void HeadsPage::drawExamples() {
    if (!result())
        return;
    examples_->showExamples(result()->report, layer_, head_, metric_,
                            [this](std::size_t input) { return session_->exampleMaps(input); });
}

bool HeadsPage::exportCsv(const QString& path, QString* error) const {
    if (!result()) {
        *error = tr("There is no survey to export yet.");
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
        *error = tr("%1: cannot write (%2)").arg(path, file.errorString());
        return false;
    }
    QTextStream out(&file);
    const auto& rep = result()->report;
    out << "layer,head";
    for (Metric m : attn::analysis::kMetrics)
        out << ','
            << QString::fromUtf8(attn::analysis::metricName(m).data(),
                                 static_cast<int>(attn::analysis::metricName(m).size()));
    out << '\n';
    for (const auto& h : rep.headList) {
        out << h.layer << ',' << h.head;
        for (Metric m : attn::analysis::kMetrics) {
            const double v = h.mean[attn::analysis::SurveyReport::index(m)];
            out << ',' << (std::isfinite(v) ? QString::number(v, 'g', 17) : QString());
        }
        out << '\n';
    }
    out.flush();
    if (file.error() != QFile::NoError) {
        *error = tr("%1: cannot write (%2)").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool HeadsPage::exportJson(const QString& path, QString* error) const {
    if (!result()) {
        *error = tr("There is no survey to export yet.");
        return false;
    }
    try {
        json_file::write(path.toStdString(), attn::analysis::reportJson(result()->report), 1);
    } catch (const std::exception& e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
    return true;
}

void HeadsPage::exportAs(const QString& format) {
    const bool csv = format == QLatin1String("csv");
    const QString path = QFileDialog::getSaveFileName(
        this, csv ? tr("Export the table as CSV") : tr("Export the survey as JSON"),
        csv ? QStringLiteral("heads.csv") : QStringLiteral("heads.json"),
        csv ? tr("CSV (*.csv)") : tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!(csv ? exportCsv(path, &error) : exportJson(path, &error)))
        QMessageBox::warning(this, tr("Export"), error);
    else
        Q_EMIT statusMessage(tr("Written to %1").arg(path));
}
