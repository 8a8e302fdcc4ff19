#pragma once
// TranslationSession: what the Translation page holds, shared by its panels (as VisionSession is the
// Vision page's): the two model slots (with attention and the baseline without), the job runner that
// decodes off the GUI thread, and State: the last outcome (both decoders' results, the sentence they
// translated, how they were forced), the step shown, the decoder followed and the alignment unit.
//
// Data flow: sentence -> Seq2SeqModel::translate / translateForced (JobRunner) -> Outcome -> apply()
// -> State -> outcomeReady() -> the page has its panels format it. Failures come back as failed(message);
// the previous outcome stays.
#include "services/job_runner.hpp"

#include <QObject>
#include <QString>
#include <attn/models/model.hpp>
#include <optional>
#include <vector>

class ModelSlot;

class TranslationSession : public QObject {
    Q_OBJECT
public:
    explicit TranslationSession(QObject* parent = nullptr);

    /// Which decoder the step-through follows (and which map the page shows).
    enum class Decoder { WithAttention, WithoutAttention };
    /// How a SentencePiece model's alignment is shown: by words (attn::wordAlignment) or by pieces (the
    /// decoder's steps). A word model's map is its tokens either way.
    enum class AlignmentUnit { Words, Pieces };
    /// What the decoders' outputs are: their own (greedy or beam), one decoder's after a token chosen on
    /// the step panel, or a translation given to both (teacher forcing).
    enum class Forcing { Own, Choice, Given };

    /// What one run of the decoders produced.
    struct Outcome {
        std::optional<attn::TranslationResult> main, baseline;
        QString text;
        Forcing forcing = Forcing::Own;
        int step = 0; ///< the step to show first (a choice: the chosen one)
    };

    /// The page's state (pages/page_state.cpp saves and restores it through the page).
    struct State {
        std::optional<attn::TranslationResult> result, baselineResult;
        attn::Matrix wordMap; ///< attn::wordAlignment(*result): the chips' weights, the map by words
        QString resultText;   ///< the sentence the results translate
        QString
            autoFollow; ///< the reference last put in the follow field by the page (replaced while unedited)
        QString givenText; ///< the Spanish last given to the decoders (followTranslation)
        QString inferenceError;
        Forcing forcing = Forcing::Own;
        int step = 0;
        Decoder decoder = Decoder::WithAttention;
        AlignmentUnit unit = AlignmentUnit::Words;
        bool hovering = false; ///< a cell, label or chip is hovered: the chips follow it, not the step
    };

    /// The preset sentences and their references (Apertium eng-spa).
    struct Preset {
        const char* english;
        const char* reference;
    };
    static const std::vector<Preset>& presets();
    /// Apertium's translation of `text` (trimmed) when it is a preset; empty otherwise.
    static QString referenceFor(const QString& text);

    ModelSlot* slot() const { return slot_; }
    ModelSlot* baselineSlot() const { return baseline_; }
    JobRunner* jobs() const { return jobs_; }
    State& state() { return state_; }
    const State& state() const { return state_; }

    /// Both decoders translate `text` on their own with beam width `beam`; false without a model.
    bool run(const QString& text, int beam);
    /// `decoder` is given `prefix` (its last id the token chosen), then decodes on its own. After a given
    /// translation the other decoder goes back to its own output; after a choice it keeps it. False without
    /// that model or with an empty prefix.
    bool runChoice(Decoder decoder, std::vector<int> prefix, int beam);
    /// Both decoders are given `spanish` (cut as Seq2SeqModel::targetIds cuts it) while reading `text`.
    void follow(const QString& text, const QString& spanish);
    /// True when at least one slot holds a model.
    bool hasModel() const;

    /// The result of the decoder followed (null when none).
    const attn::TranslationResult* followed() const;
    /// True when the alignment map shows words made of pieces (a SentencePiece result, Words chosen).
    bool showsWordAlignment() const;
    /// The first decoding step of output word `word` of the attention model's result (-1: none).
    int firstStepOf(int word) const;
    /// The number of steps of the decoder followed.
    int followedSteps() const;

Q_SIGNALS:
    /// apply() replaced the results: the page shows them from `step`.
    void outcomeReady(int step);
    void failed(const QString& message);

private:
    /// Runs `work` in the job runner; its Outcome is applied.
    template <typename Work> void start(Work work);
    void apply(Outcome outcome);

    ModelSlot* slot_ = nullptr;
    ModelSlot* baseline_ = nullptr;
    JobRunner* jobs_ = nullptr;
    State state_;
};
