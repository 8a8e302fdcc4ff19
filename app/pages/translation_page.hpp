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
#include "pages/page.hpp"

#include <QVector>
#include <attn/models/model.hpp>
#include <optional>
#include <vector>

class DecodeStepPanel;
class ErrorBanner;
class HeatmapView;
class HeldOutTable;
class LadderChart;
class JobRunner;
class ModelBar;
class ModelSlot;
class SentenceInput;
class WordChipRow;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTabWidget;
class QTimer;

class TranslationPage : public Page {
    Q_OBJECT
public:
    explicit TranslationPage(QWidget* parent = nullptr);

    /// Which decoder the step-through follows (and which map the left side shows).
    enum class Decoder { WithAttention, WithoutAttention };
    /// How a SentencePiece model's alignment is shown: by words (attn::wordAlignment) or by pieces (the
    /// decoder's steps). A word model's map is its tokens either way.
    enum class AlignmentUnit { Words, Pieces };

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
    enum class Forcing { Own, Choice, Given };
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
    QString attentionPerplexityText() const { return attentionPerplexity_; }
    QString baselinePerplexityText() const { return baselinePerplexity_; }
    /// Beam width of both decoders (1 = greedy, the default; up to 8); translates again.
    void setBeamWidth(int width);
    int beamWidth() const;
    QSpinBox* beamWidthControl() const { return beam_; }
    void setAlignmentUnit(AlignmentUnit unit);
    AlignmentUnit alignmentUnit() const { return unit_; }
    /// True when the alignment map shows words made of pieces (a SentencePiece result, Words chosen).
    bool showsWordAlignment() const;
    /// The Words / Pieces control (hidden unless the result is made of pieces).
    QWidget* alignmentUnitControl() const { return unitControl_; }
    /// Larger fonts for a projector; numbers printed in the alignment cells.
    void setTeachingMode(bool on) override;
    /// Highlights the chips for a hovered cell of the alignment map as shown (words or tokens): row >= 0
    /// an output row, column >= 0 a source column; (-1, -1) returns to the current step.
    void highlight(int row, int column);
    /// The same for a hovered chip: an output word (row) or a source word (column).
    void highlightWord(int outputWord, int sourceWord);

    ModelSlot* modelSlot() const { return slot_; }
    ModelSlot* baselineSlot() const { return baseline_; }
    JobRunner* jobs() const { return jobs_; }
    /// Brings the "Held-out results by length" tab to the front.
    void showHeldOutTable();
    /// Brings the "Context vector (without attention)" tab to the front.
    void showContextVector();
    HeatmapView* mainHeatmap() const { return heatmap_; }
    /// Without attention: row 0 the context vector (the encoder's final state), then the decoder's
    /// state after each step; columns = hidden units.
    HeatmapView* contextHeatmap() const { return contextMap_; }
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
    QString attentionChrFText() const { return attentionChrF_; }
    QString baselineChrFText() const { return baselineChrF_; }
    /// The preset sentences and their references (Apertium eng-spa).
    struct Preset {
        const char* english;
        const char* reference;
    };
    static const std::vector<Preset>& presets();
    /// Apertium's translation of `text` (trimmed) when it is a preset; empty otherwise.
    static QString referenceFor(const QString& text);
    HeldOutTable* heldOutTable() const { return heldOut_; }
    /// Beside the held-out table: the chapter's sentence grown clause by clause (translation-ladder.json).
    LadderChart* ladderChart() const { return ladder_; }
    /// The words on the chips (⚠ in front of a word with an unknown token).
    QStringList sourceChipWords() const { return sourceChipWords_; }
    QStringList outputChipWords() const { return outputChipWords_; }
    /// The source chips' tooltip (what ⚠ marks; whether the model ships its training words).
    QString sourceChipRowToolTip() const;
    /// The warnings under the outputs ("" when none).
    QString warningsText() const;
    /// Chip weights as shaded now (source words, output words); -1 for a chip that is not shaded.
    QVector<double> sourceChipWeights() const { return sourceWeights_; }
    QVector<double> outputChipWeights() const { return outputWeights_; }
    /// The alignment map's title as set.
    QString alignmentTitle() const { return alignmentTitle_; }
    QString alignmentCaption() const;
    /// Bar heights of the step plot.
    QVector<double> stepBarValues() const;

private:
    struct Outcome {
        std::optional<attn::TranslationResult> main, baseline;
        QString text;
        Forcing forcing = Forcing::Own;
        int step = 0; ///< the step to show first (a choice: the chosen one)
    };
    /// Decodes again with `prefix` given to `decoder` (its last id the token chosen), then its own choices.
    void runChoice(Decoder decoder, std::vector<int> prefix);
    void onModelChanged();
    void refreshHeldOut();
    void showAlignment();
    void showError(const QString& message); ///< inference error ("" clears it)
    void refreshErrors();
    void showOutcome(Outcome outcome);
    void rebuildChips();
    void refreshStep();
    void showContext();
    const attn::TranslationResult* followed() const;
    void applyChipWeights(const QVector<double>& source, const QVector<double>& output, int strongSource,
                          int strongOutput);
    /// The first decoding step of output word `word` of the attention model's result (-1: none).
    int firstStepOf(int word) const;

    static constexpr int kHeldOutTab = 2; ///< views_: alignment, context vector, held-out chrF
    QWidget* heldOutTab_ = nullptr;
    LadderChart* ladder_ = nullptr; ///< beside the held-out table: the chapter's sentence, rung by rung
    ModelSlot* slot_ = nullptr;
    ModelSlot* baseline_ = nullptr;
    JobRunner* jobs_ = nullptr;
    ErrorBanner* error_ = nullptr;
    SentenceInput* input_ = nullptr;
    WordChipRow* sourceRow_ = nullptr;
    WordChipRow* outputRow_ = nullptr;
    QVector<double> sourceWeights_, outputWeights_;
    QTabWidget* views_ = nullptr;
    HeatmapView* heatmap_ = nullptr;
    HeatmapView* contextMap_ = nullptr;
    DecodeStepPanel* steps_ = nullptr;
    QTimer* play_ = nullptr;
    QWidget* unitControl_ = nullptr;
    QSpinBox* beam_ = nullptr;
    QRadioButton* byWords_ = nullptr;
    QRadioButton* byPieces_ = nullptr;
    QLabel* unitCaption_ = nullptr;
    QLabel* reference_ = nullptr;
    QLabel* withAttention_ = nullptr;
    QLabel* withoutAttention_ = nullptr;
    QLabel* warnings_ = nullptr;
    QLineEdit* follow_ = nullptr;
    QPushButton* followButton_ = nullptr;
    QPushButton* ownButton_ = nullptr;
    QString autoFollow_; ///< the reference last put in follow_ by the page (replaced while unedited)
    QString givenText_;  ///< the Spanish last given to the decoders (followTranslation)
    HeldOutTable* heldOut_ = nullptr;
    QStringList sourceChipWords_, outputChipWords_;
    QString attentionChrF_, baselineChrF_, alignmentTitle_;
    QString attentionPerplexity_, baselinePerplexity_;
    Forcing forcing_ = Forcing::Own;

    std::optional<attn::TranslationResult> result_, baselineResult_;
    attn::Matrix wordMap_; ///< attn::wordAlignment(*result_): the chips' weights, the map by words
    QString resultText_;
    QString inferenceError_;
    int step_ = 0;
    Decoder decoder_ = Decoder::WithAttention;
    AlignmentUnit unit_ = AlignmentUnit::Words;
    bool teaching_ = false;
    bool hovering_ = false; ///< a cell, label or chip is hovered: the chips follow it, not the step
};
