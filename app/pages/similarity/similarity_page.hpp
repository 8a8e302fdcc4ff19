#pragma once
// The Similarity page (issue 55 point 4): a real pretrained Transformer, the Universal Sentence Encoder
// lite, turns each sentence into one 512-d vector; two sentences are compared by the cosine of their
// vectors. Panels: the editable sentence list with presets (sentence_list_panel.*), the n x n cosine
// matrix (a HeatmapView with the numbers in the cells), and the selected sentence's attention per layer
// and head (similarity_attention_panel.*). The model is opened in the page's ModelSlot (off the GUI
// thread, with progress) from <data dir>/models/use-lite; when it is not installed the page says so and
// how to get it (cmake/install-use-model.sh). The sentences are encoded in the page's JobRunner (a newer
// run drops an older one). An empty sentence is refused with a message and the result shown stays.
// Every number on screen is core's: SentenceEncoder::encode and attn::similarityMatrix. An Explain tab
// (pages/explain), the page's second tab, explains the cosine of the selected sentence with its most
// similar other sentence.
//
// Page contract (pages/page.hpp): start() opens the model; isBusy() / busyChanged(bool) cover the slot
// and the JobRunner.

#include "pages/page.hpp"

#include <QStringList>
#include <attn/capabilities/sentence_encoder.hpp>
#include <memory>
#include <optional>
#include <vector>

class ErrorBanner;
class ExplainPanel;
class HeatmapView;
class JobRunner;
class ModelBar;
class ModelSlot;
class QLabel;
class QPushButton;
class QTimer;
class SentenceListPanel;
class SimilarityAttentionPanel;

class SimilarityPage : public Page {
    Q_OBJECT
public:
    explicit SimilarityPage(QWidget* parent = nullptr);

    QString title() const override { return tr("Similarity"); }
    HeatmapView* currentHeatmap() const override { return matrix_; }
    QString errorText() const override;
    void start() override;
    attn::session::PageState saveState() const override;
    FollowUp restoreState(const attn::session::PageState& state, const ModelsInMemory& inMemory) override;
    ModelsInMemory modelsInMemory() const override;

    /// Replaces the sentences and encodes them.
    void setSentences(const QStringList& sentences);
    QStringList sentences() const;
    /// Encodes the list now (an empty sentence or fewer than two are refused with a message).
    void runNow();
    void selectSentence(int index);
    void setLayer(int layer);
    void setHead(int head);
    int selectedSentence() const { return selected_; }
    int layer() const { return layer_; }
    int head() const { return head_; }

    /// What the page shows: the sentences encoded, each one's encoding, their cosine matrix.
    struct Result {
        std::shared_ptr<const attn::SentenceEncoder> model;
        QStringList sentences;
        std::vector<attn::SentenceEncoding> encodings;
        std::vector<std::vector<double>> similarity; ///< attn::similarityMatrix of the vectors
    };
    const std::optional<Result>& result() const { return result_; }
    /// The plain message shown while the model is not installed (empty otherwise).
    QString missingModelText() const;
    /// The message of a refused input (an empty sentence, too few), empty when there is none.
    QString inputMessage() const { return inputError_; }

    /// The similarity matrix as CSV (exportutil's layout: labels, then full-precision values).
    bool exportSimilarityCsv(const QString& path, QString* error) const;
    /// The selected sentence's map as an image (.png, .svg, .pdf).
    bool exportAttentionImage(const QString& path, QString* error) const;

    ModelSlot* modelSlot() const { return slot_; }
    JobRunner* jobs() const { return jobs_; }
    HeatmapView* matrixView() const { return matrix_; }
    SentenceListPanel* sentencePanel() const { return list_; }
    SimilarityAttentionPanel* attentionPanel() const { return attention_; }
    /// The Explain tab (issue 55): the selected sentence against comparedSentence(), by the cosine.
    ExplainPanel* explainPanel() const { return explain_; }
    /// The sentence the Explain tab compares the selected one with: the most similar other sentence of
    /// the matrix shown; -1 without a result.
    int comparedSentence() const;

private:
    void onModelChanged();
    void showResult(Result r);
    void showSelection();
    void refreshErrors();
    void refreshMissing();
    void exportAs(bool matrix);

    ModelSlot* slot_ = nullptr;
    JobRunner* jobs_ = nullptr;
    ModelBar* modelBar_ = nullptr;
    ErrorBanner* error_ = nullptr;
    QWidget* missing_ = nullptr;
    QLabel* missingText_ = nullptr;
    QLabel* intro_ = nullptr;
    SentenceListPanel* list_ = nullptr;
    QLabel* matrixCaption_ = nullptr;
    HeatmapView* matrix_ = nullptr;
    QLabel* pairs_ = nullptr;
    SimilarityAttentionPanel* attention_ = nullptr;
    ExplainPanel* explain_ = nullptr;
    QTimer* debounce_ = nullptr;

    std::optional<Result> result_;
    QString inputError_;
    bool missingShown_ = false;
    int selected_ = 0, layer_ = 0, head_ = 0;
};
