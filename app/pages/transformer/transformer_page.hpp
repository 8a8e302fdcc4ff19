#pragma once
// The Transformer page (issue 14): one encoder layer of a text model, step by step, with the real
// numbers. A sentence goes through the engine's traced forward (attn::TracedTextEncoder::traceText, in
// the page's one JobRunner) of whichever encoder is loaded — attnviz's transformer_classifier or a
// Hugging Face BERT, with or without a head (issue 49 point 1); each step shows the engine's matrices
// (transformer_steps.*), one large and the rest as thumbnails, and the selected token's numbers beside them.
// What-if switches run the same forward with attn::WhatIf (transformer_whatif_panel.*); the cost of attention
// is measured on the loaded layer (transformer_cost_panel.*). ←/→ step through; File > Export acts on the
// large heatmap.
//
// Page contract (pages/page.hpp): start() loads the default model; isBusy() / busyChanged(bool) cover
// the model slot and the page's JobRunner (trackBusy).

#include "pages/page.hpp"
#include "pages/transformer/transformer_steps.hpp"

#include <QVector>
#include <atomic>
#include <attn/attention_cost.hpp>
#include <attn/capabilities/traced_text_encoder.hpp>
#include <memory>
#include <optional>

class ErrorBanner;
class HeatmapView;
class JobRunner;
class ModelBar;
class ModelSlot;
class SentenceInput;
class TransformerCostPanel;
class TransformerWhatIfPanel;
class QButtonGroup;
class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QScrollArea;
class QStackedWidget;
class QTextBrowser;

class TransformerPage : public Page {
    Q_OBJECT
public:
    static constexpr const char* kDefaultSentence = "The teacher praised a student because she improved";

    explicit TransformerPage(QWidget* parent = nullptr);

    QString title() const override { return tr("Transformer"); }
    HeatmapView* currentHeatmap() const override {
        return step_ == transformer::Step::WhatIf ? nullptr : large_;
    }
    QWidget* exportWidget() override;

    /// Loads the shipped sentiment model (its load runs in the ModelSlot's worker) and runs the sentence.
    void start() override;
    /// The page state (pages/page_state.cpp), for the language switch, sessions and lesson stops.
    attn::session::PageState saveState() const override;
    FollowUp restoreState(const attn::session::PageState& state, const ModelsInMemory& inMemory) override;
    ModelsInMemory modelsInMemory() const override;
    bool stepForward() override;
    bool stepBack() override;

    void setText(const QString& text);
    void runNow();
    void setStep(transformer::Step step);
    transformer::Step step() const { return step_; }
    void nextStep();
    void previousStep();
    void setLayer(int layer);
    void setHead(int head);
    void setToken(int token);
    void setAttentionPart(transformer::AttentionPart part);
    void setTeachingMode(bool on) override;
    void measureCost();

    ModelSlot* modelSlot() const { return slot_; }
    JobRunner* jobs() const { return jobs_; }
    HeatmapView* largeView() const { return large_; }
    HeatmapView* thumbnail(int i) const { return i >= 0 && i < thumbs_.size() ? thumbs_[i] : nullptr; }
    TransformerWhatIfPanel* whatIfPanel() const { return whatIf_; }
    TransformerCostPanel* costPanel() const { return cost_; }
    QString tokenPanelHtml() const;
    QString explanationText() const;
    QString headingText() const; // "Step 1 of 9 · … · layer 1"
    /// The error banner's text (a refused folder: the plain sentence, then the reader's message).
    QString errorText() const override;
    /// The model whose traces the page shows (null until its first trace is in).
    const std::shared_ptr<const attn::TracedTextEncoder>& shownModel() const { return shown_; }
    /// The traces the page shows: the sentence through the unchanged model, and with the what-ifs.
    const std::optional<attn::EncoderTrace>& trace() const { return trace_; }
    const std::optional<attn::EncoderTrace>& whatIfTrace() const { return whatIfTrace_; }
    int layer() const { return layer_; }
    int head() const { return head_; }
    int token() const { return token_; }

private:
    struct Outcome {
        std::shared_ptr<const attn::TracedTextEncoder> model; // the model the traces came from
        attn::EncoderTrace base, whatIf;
    };
    void onModelChanged();
    void showOutcome(Outcome o);
    void refresh();
    void refreshErrors();
    void selectItem(int index);

    ModelSlot* slot_ = nullptr;
    JobRunner* jobs_ = nullptr;
    ModelBar* modelBar_ = nullptr;
    ErrorBanner* error_ = nullptr;
    SentenceInput* input_ = nullptr;
    QComboBox* layerChooser_ = nullptr;
    QComboBox* partChooser_ = nullptr;
    QCheckBox* teaching_ = nullptr;
    QButtonGroup* stepButtons_ = nullptr;
    QLabel* heading_ = nullptr;
    QLabel* explanation_ = nullptr;
    QStackedWidget* stack_ = nullptr;
    HeatmapView* large_ = nullptr;
    QWidget* thumbArea_ = nullptr;
    QScrollArea* thumbScroll_ = nullptr;
    QGridLayout* thumbGrid_ = nullptr;
    QVector<HeatmapView*> thumbs_;
    QVector<QLabel*> thumbCaptions_;
    QTextBrowser* tokenPanel_ = nullptr;
    TransformerWhatIfPanel* whatIf_ = nullptr;
    TransformerCostPanel* cost_ = nullptr;

    std::shared_ptr<const attn::TracedTextEncoder> shown_; // the model of trace_ (the slot's may be newer)
    std::optional<attn::EncoderTrace> trace_, whatIfTrace_;
    transformer::StepContent content_;
    QString inferenceError_;
    transformer::Step step_ = transformer::Step::Embeddings;
    transformer::AttentionPart part_ = transformer::AttentionPart::Weights;
    int followedRow(qsizetype rows) const;
    int layer_ = 0, head_ = 0, token_ = -1, item_ = -1;
    bool teachingOn_ = false, costBusy_ = false;
    std::shared_ptr<std::atomic<bool>> costStop_; // set by the cost step's Stop button
};
