#pragma once
// The Walkthrough's "stack layers" view (issue 51 point 2), shown when the learned projection comes
// from an attention_stack checkpoint (the shipped pronoun-two-layer): layer 2's row of the selected query
// word beside the mean of the other rows, with the weights printed, and (note(), in the page's side
// column) what layer 1 mixed into the word and why one head cannot resolve a pronoun and two can. Every
// number is the engine's (attn::computeStackLayerAttention, attn::meanOfOtherRows); this panel lays them
// out.

#include <QWidget>
#include <attn/sentence_attention.hpp>

class HeatmapView;
class QLabel;

class StackingPanel : public QWidget {
    Q_OBJECT
public:
    explicit StackingPanel(QWidget* parent = nullptr);

    /// `first`, `second`: the query sentence's self-attention through layer 1 and layer 2 of the stack;
    /// `row`: the query word shown; `expected`: the key the chapter says is right for it ("student" for
    /// "she" in the chapter's sentence), empty when there is none to check.
    /// `contrast`: the same model on another sentence whose pronoun refers elsewhere (both layers, and
    /// its pronoun's row), said in one sentence after the explanation; null for none.
    struct Contrast {
        attn::SentenceAttention first, second;
        int row = -1;
        QString sentence;
    };
    void showRows(const attn::SentenceAttention& first, const attn::SentenceAttention& second, int row,
                  const QString& expected, const Contrast* contrast = nullptr);

    HeatmapView* strips() const { return strips_; }
    /// The text that goes with the strips (the page shows it in its side column, where there is room).
    QString noteText() const;
    QLabel* note() const { return note_; }

private:
    HeatmapView* strips_ = nullptr;
    QLabel* note_ = nullptr;
};
