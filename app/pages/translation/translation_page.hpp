#pragma once
// The Translation page: an English sentence goes through the seq2seq model with attention (and, for
// comparison, through the baseline without attention) in a JobRunner, debounced. The page shows the
// translation with its alignment heatmap (rows = output words, columns = source words), word chips
// that light up with the hovered cell's weights, and a step-through of greedy decoding
// (DecodeStepPanel; beam search when the beam width is above 1): the output growing one token per step, the
// decoder's top-5 next tokens with their probabilities and, with attention, the step's weights over the
// source tokens. The model without attention has its own view: the one context vector it decodes from and its
// state after each step. Words the models do not know (<unk>) are marked ⚠ on the axes, chips and bars.
//
// SentencePiece models decode pieces ("▁compr" + "é" = "compré"): the chips show the words the pieces
// spell, and the alignment can be read by words (attn::wordAlignment: a source word's column sums its
// pieces, an output word's row averages its pieces' rows) or by pieces (the decoder's real steps).
// The before/after box scores a preset sentence's outputs against Apertium's translation (chrF) and
// shows the two models' held-out chrF by source length from their model cards (HeldOutTable).
//
// Teacher forcing (Seq2SeqModel::translateForced): a click on a step's candidate makes the followed
// decoder take that token there and go on by itself (a choice); "Follow" gives both decoders a Spanish
// translation (for a preset, Apertium's), so that the map shows where the decoder looks while it reads
// the right words and each model's perplexity says how well it expected them.
//
// The page is a layout of panels around one TranslationSession (the model slots, the jobs and the
// state), as the Vision page is (pages/translation/):
//   model bars · error banner · sentence · AlignmentChips · OutputsPanel (with the beam width)
//   tabs: AlignmentView · ContextView · HeldOutTab  |  StepsColumn (follow field + DecodeStepPanel)
// The session decodes; the page has the panels format its state and keeps the step and the hover.
#include "pages/page.hpp"
#include "pages/translation/translation_session.hpp"

#include <QVector>
#include <attn/models/model.hpp>
#include <optional>
#include <vector>

class AlignmentChips;
class AlignmentView;
class ContextView;
class DecodeStepPanel;
class ErrorBanner;
class HeatmapView;
class HeldOutTab;
class HeldOutTable;
class LadderChart;
class JobRunner;
class ModelSlot;
class OutputsPanel;
class SentenceInput;
class StepsColumn;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTabWidget;
class QTimer;

class TranslationPage : public Page {
    Q_OBJECT
public:
    explicit TranslationPage(QWidget* parent = nullptr);

    /// Which decoder the step-through follows (and which map the left side shows).
    using Decoder = TranslationSession::Decoder;
    /// How a SentencePiece model's alignment is shown: by words (attn::wordAlignment) or by pieces (the
    /// decoder's steps). A word model's map is its tokens either way.
    using AlignmentUnit = TranslationSession::AlignmentUnit;

    QString title() const override { return tr("Translation"); }
    /// The map on screen: the alignment, or the baseline's context-vector map.
    HeatmapView* currentHeatmap() const override;
    QWidget* exportWidget() override { return this; }
    /// Loads the shipped models into the slots that have none yet.
    void start() override;
    /// The page state (pages/page_state.cpp), for the language switch, sessions and lesson stops.
    attn::session::PageState saveState() const override;
    FollowUp restoreState(const attn::session::PageState& state, const ModelsInMemory& inMemory) override;
    ModelsInMemory modelsInMemory() const override;
    bool stepForward() override;
    bool stepBack() override;

    void setText(const QString& text); ///< starts the (debounced) translation
    void runNow();                     ///< translates now (no debounce)
    /// Decoding step shown (0-based output position of the followed decoder); clamped to its result.
    void setStep(int step);
    int step() const { return step_; }
    void nextStep() { setStep(step_ + 1); }
    void previousStep() { setStep(step_ - 1); }
    /// Steps from the first word to the last, one per interval (Play); false stops.
    void setPlaying(bool on);
    bool isPlaying() const;
    void setDecoder(Decoder decoder);
    Decoder decoder() const { return decoder_; }
    /// What the decoders' outputs are: their own (greedy or beam), one decoder's after a token chosen on
    /// the step panel, or a translation given to both (teacher forcing).
    using Forcing = TranslationSession::Forcing;
    Forcing forcing() const { return forcing_; }
    /// The followed decoder takes `tokenId` at output step `step` (its earlier outputs kept) and goes on
    /// greedily; the other decoder keeps its output.
    void chooseToken(int step, int tokenId);
    /// Both decoders are given `spanish` (cut as Seq2SeqModel::targetIds cuts it) instead of choosing.
    void followTranslation(const QString& spanish);
    /// Back to the models' own translations.
    void showOwnTranslations() { runNow(); }
    /// The Spanish to give the decoders (for a preset, Apertium's translation until edited).
    QLineEdit* followInput() const { return follow_; }
    /// "perplexity 8.33" of each output as shown ("" when not shown: only for a given translation).
    QString attentionPerplexityText() const;
    QString baselinePerplexityText() const;
    /// Beam width of both decoders (1 = greedy, the default; up to 8); translates again.
    void setBeamWidth(int width);
    int beamWidth() const;
    QSpinBox* beamWidthControl() const { return beam_; }
    void setAlignmentUnit(AlignmentUnit unit);
    AlignmentUnit alignmentUnit() const { return unit_; }
    /// True when the alignment map shows words made of pieces (a SentencePiece result, Words chosen).
    bool showsWordAlignment() const;
    /// The Words / Pieces control (hidden unless the result is made of pieces).
    QWidget* alignmentUnitControl() const;
    /// Larger fonts for a projector; numbers printed in the alignment cells.
    void setTeachingMode(bool on) override;
    /// Highlights the chips for a hovered cell of the alignment map as shown (words or tokens): row >= 0
    /// an output row, column >= 0 a source column; (-1, -1) returns to the current step.
    void highlight(int row, int column);
    /// The same for a hovered chip: an output word (row) or a source word (column).
    void highlightWord(int outputWord, int sourceWord);

    ModelSlot* modelSlot() const { return slot_; }
    ModelSlot* baselineSlot() const { return baseline_; }
    JobRunner* jobs() const;
    /// What the page holds (models, jobs, results, step), shared by its panels.
    TranslationSession* session() const { return session_; }
    /// Brings the "Held-out results by length" tab to the front.
    void showHeldOutTable();
    /// Brings the "Context vector (without attention)" tab to the front.
    void showContextVector();
    HeatmapView* mainHeatmap() const;
    /// Without attention: row 0 the context vector (the encoder's final state), then the decoder's
    /// state after each step; columns = hidden units.
    HeatmapView* contextHeatmap() const;
    DecodeStepPanel* stepPanel() const { return steps_; }
    QCustomPlot* stepPlot() const;
    const std::optional<attn::TranslationResult>& result() const { return result_; }
    const std::optional<attn::TranslationResult>& baselineResult() const { return baselineResult_; }
    QString resultText() const { return resultText_; }
    QString errorText() const override;
    QString stepText() const;
    QString soFarText() const;
    QString attentionOutputText() const;
    QString baselineOutputText() const;
    /// For a preset sentence: Apertium's translation as shown ("" otherwise).
    QString referenceText() const;
    /// For a preset sentence: the output's chrF against Apertium's as shown ("chrF 72.4"; "" otherwise).
    QString attentionChrFText() const;
    QString baselineChrFText() const;
    /// The preset sentences and their references (Apertium eng-spa).
    using Preset = TranslationSession::Preset;
    static const std::vector<Preset>& presets() { return TranslationSession::presets(); }
    /// Apertium's translation of `text` (trimmed) when it is a preset; empty otherwise.
    static QString referenceFor(const QString& text) { return TranslationSession::referenceFor(text); }
    HeldOutTable* heldOutTable() const;
    /// Beside the held-out table: the chapter's sentence grown clause by clause (translation-ladder.json).
    LadderChart* ladderChart() const;
    /// The words on the chips (⚠ in front of a word with an unknown token).
    QStringList sourceChipWords() const;
    QStringList outputChipWords() const;
    /// The source chips' tooltip (what ⚠ marks; whether the model ships its training words).
    QString sourceChipRowToolTip() const;
    /// The warnings under the outputs ("" when none).
    QString warningsText() const;
    /// Chip weights as shaded now (source words, output words); -1 for a chip that is not shaded.
    QVector<double> sourceChipWeights() const;
    QVector<double> outputChipWeights() const;
    /// The alignment map's title as set.
    QString alignmentTitle() const;
    QString alignmentCaption() const;
    /// Bar heights of the step plot.
    QVector<double> stepBarValues() const;

private:
    QLabel* buildModelRow();
    void buildMaps(QWidget* split);
    void connectSteps();
    void connectMaps();
    void connectSlots();
    /// Decodes again with `prefix` given to `decoder` (its last id the token chosen), then its own choices.
    void runChoice(Decoder decoder, std::vector<int> prefix);
    void onModelChanged();
    void refreshHeldOut();
    void showError(const QString& message); ///< inference error ("" clears it)
    void refreshErrors();
    void showOutcome(int step);
    void refreshStep();

    static constexpr int kHeldOutTab = 2; ///< views_: alignment, context vector, held-out chrF
    TranslationSession* session_ = nullptr;
    // The session's state under the names pages/page_state.cpp (saveState / restoreState) reads.
    ModelSlot* slot_ = nullptr;
    ModelSlot* baseline_ = nullptr;
    std::optional<attn::TranslationResult>& result_;
    std::optional<attn::TranslationResult>& baselineResult_;
    QString& resultText_;
    QString& autoFollow_; ///< the reference last put in follow_ by the page (replaced while unedited)
    QString& givenText_;  ///< the Spanish last given to the decoders (followTranslation)
    Forcing& forcing_;
    int& step_;
    Decoder& decoder_;
    AlignmentUnit& unit_;

    ErrorBanner* error_ = nullptr;
    SentenceInput* input_ = nullptr;
    QSpinBox* beam_ = nullptr;
    AlignmentChips* chips_ = nullptr;
    OutputsPanel* outputs_ = nullptr;
    QTabWidget* views_ = nullptr;
    AlignmentView* alignment_ = nullptr;
    ContextView* context_ = nullptr;
    HeldOutTab* heldOutTab_ = nullptr;
    StepsColumn* column_ = nullptr;
    QLineEdit* follow_ = nullptr;
    DecodeStepPanel* steps_ = nullptr;
    QTimer* play_ = nullptr;
    bool teaching_ = false;
};
