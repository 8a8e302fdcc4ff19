#pragma once
// The Translation page's before / after box: the two models' outputs (with and without attention), for
// a preset sentence Apertium's translation with each output's chrF against it, for a given translation
// each model's perplexity, and the engine's warnings. Beside them the beam width and "Their own" (back to
// the models' own translations).
#include <QGroupBox>
#include <QString>

class QLabel;
class QPushButton;
class QSpinBox;
class TranslationSession;

class OutputsPanel : public QGroupBox {
    Q_OBJECT
public:
    /// `beamLabel` and `beam` are the page's (made with the model bars) and placed here.
    OutputsPanel(QLabel* beamLabel, QSpinBox* beam, QWidget* parent = nullptr);

    /// Shows the session's outcome.
    void showOutcome(const TranslationSession& session);

    QPushButton* ownButton() const { return ownButton_; }
    QString referenceText() const;
    QString attentionText() const;
    QString baselineText() const;
    QString warningsText() const;
    QString attentionChrF() const { return attentionChrF_; }
    QString baselineChrF() const { return baselineChrF_; }
    QString attentionPerplexity() const { return attentionPerplexity_; }
    QString baselinePerplexity() const { return baselinePerplexity_; }

private:
    void showScores(const TranslationSession& session, const QString& reference);
    void showLines(const TranslationSession& session);
    void showWarnings(const TranslationSession& session);

    QLabel* reference_ = nullptr;
    QLabel* withAttention_ = nullptr;
    QLabel* withoutAttention_ = nullptr;
    QLabel* warnings_ = nullptr;
    QPushButton* ownButton_ = nullptr;
    QString attentionChrF_, baselineChrF_;
    QString attentionPerplexity_, baselinePerplexity_;
};
