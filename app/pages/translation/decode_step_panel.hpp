#pragma once
// DecodeStepPanel: one step of greedy decoding, as the engine computed it (TranslationResult):
//   - the output so far, the token chosen at this step in bold and nothing after it (a SentencePiece
//     model's pieces joined into the words they spell, the step label naming the piece's word);
//   - the decoder's five most probable next tokens with their probabilities (ProbabilityBars), the
//     chosen one (the most probable: greedy decoding) highlighted;
//   - with attention: the step's attention weights over the source words as bars; without attention a
//     note that the decoder sees the source only through the context vector.
// Words the model does not know (<unk>) are marked ⚠. Prev / Next / Play ask the page to move; a click
// on a candidate bar asks it to decode again with that token at this step (candidateChosen); the panel
// only shows what it is given. Outputs given to the decoder (TranslationResult::forcedSteps) are said to
// be given, with the probability the model gave them.

#include <QStringList>
#include <QVector>
#include <QWidget>
#include <attn/models/model.hpp>
#include <vector>

class ProbabilityBars;
class QBoxLayout;
class QCPBars;
class QCustomPlot;
class QLabel;
class QPushButton;

class DecodeStepPanel : public QWidget {
    Q_OBJECT
public:
    explicit DecodeStepPanel(QWidget* parent = nullptr);

    /// Shows step `step` of `r` (null: nothing to step through). `eos` and `unk` are the model's tokens,
    /// `model` names the decoder in the caption.
    void showStep(const attn::TranslationResult* r, int step, const std::string& eos, const std::string& unk,
                  const QString& model);
    void setPlaying(bool playing);
    /// Teaching mode and the presenter zoom (1 = 100 %): the two plots draw their own text at that scale.
    void setTeachingMode(bool on, double zoom = 1.0);
    /// The output step at which the user chose a candidate (a click, TranslationPage::chooseToken); -1
    /// none. At that step the bar of the token taken stays marked (outline and "✋" in its label). Set
    /// before showStep.
    void setChoiceStep(int step) { choiceStep_ = step; }
    /// True when the map shows the alignment by words (a SentencePiece model, Alignment by words): the
    /// caption then names the source word the step looks at most (the sum over its pieces,
    /// attn::alignmentBySourceWord), not the piece. Set before showStep.
    void setAlignmentByWords(bool on) { byWords_ = on; }

    QString stepText() const;
    QString soFarText() const;
    /// Attention bar heights (source order); empty without attention.
    QVector<double> attentionValues() const;
    /// Source-word tick labels as drawn under the attention bars (thinned when crowded: "" = skipped).
    QStringList attentionTickLabels() const { return tickLabels_; }
    /// Candidate probabilities and labels as drawn (most probable first).
    std::vector<double> candidateValues() const;
    QStringList candidateLabels() const { return candidateLabels_; }
    /// The sentence above the candidate bars (which token was chosen, and how).
    QString candidatesTitleText() const;
    /// The sentence above the attention bars ("Mostly at …").
    QString attentionTitleText() const;
    /// The candidate bar marked as the user's choice (-1: none).
    int markedCandidate() const { return markedCandidate_; }
    /// The beam after the shown step (beam search only, else empty), best first: per hypothesis its text
    /// so far, log-probability, score, and whether it ended or is on the chosen path, as shown.
    struct BeamRow {
        QString text;
        double logProbability = 0, score = 0;
        bool finished = false, chosen = false;
    };
    const QVector<BeamRow>& beamRows() const { return beamRows_; }
    QString beamText() const;
    QCustomPlot* attentionPlot() const { return plot_; }
    ProbabilityBars* candidates() const { return candidates_; }

    /// Source labels for `n` bars in `widthPx`: ⚠ for unknown words, long words abbreviated and, when a
    /// bar is narrower than a line of text, only every k-th label kept ("" for the others).
    static QStringList barLabels(const QStringList& words, const std::vector<std::uint8_t>& unknown,
                                 int widthPx, int lineHeightPx);

Q_SIGNALS:
    /// A candidate bar was clicked at output step `step` (0-based): the decoder should take `tokenId`
    /// there and go on by itself.
    void candidateChosen(int step, int tokenId);
    void previousRequested();
    void nextRequested();
    void playRequested(bool play);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void refreshAttentionLabels();

    QPushButton* prev_ = nullptr;
    QPushButton* next_ = nullptr;
    QPushButton* play_ = nullptr;
    QLabel* stepLabel_ = nullptr;
    QLabel* soFar_ = nullptr;
    QLabel* candidatesTitle_ = nullptr;
    ProbabilityBars* candidates_ = nullptr;
    QLabel* attentionTitle_ = nullptr;
    QCustomPlot* plot_ = nullptr;
    QCPBars* bars_ = nullptr;
    QLabel* noAttention_ = nullptr;
    QLabel* beamTitle_ = nullptr;
    QLabel* beam_ = nullptr;
    QBoxLayout* charts_ = nullptr; ///< candidates | attention: side by side when the panel is wide
    QVector<BeamRow> beamRows_;
    int choiceStep_ = -1;
    int markedCandidate_ = -1;
    bool byWords_ = false;
    QStringList sourceWords_, tickLabels_, candidateLabels_;
    std::vector<std::uint8_t> sourceUnknown_;
    int shownStep_ = -1;            ///< the step shown, for candidateChosen
    std::vector<int> candidateIds_; ///< its candidates' token ids, in bar order
    bool teaching_ = false;
};
