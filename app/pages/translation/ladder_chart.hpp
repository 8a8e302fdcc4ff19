#pragma once
// LadderChart: the Translation page's "ladder" (issue 51 point 3), beside the held-out chart: the
// chapter's sentence "The book that I bought is very interesting" grown clause by clause, one rung per
// sentence, with the chrF of each shipped model's translation against Apertium's as two bars per rung.
// The figures are resources/models/translation-ladder.json (training/make_translation_ladder.py: every
// candidate scored, the ladder chosen by the rule written there; the engine reproduces them in
// tests/core/test_translation_ladder.cpp). This widget reads the file (attn::readTranslationLadder) and
// lays it out; a malformed file is a message naming the file and key.

#include <QPair>
#include <QString>
#include <QVector>
#include <QWidget>
#include <attn/models/translation_ladder.hpp>
#include <filesystem>
#include <optional>

class QCPBars;
class QCustomPlot;
class QLabel;

class LadderChart : public QWidget {
    Q_OBJECT
public:
    explicit LadderChart(QWidget* parent = nullptr);

    /// Reads `file` (shown: the ladder; missing or malformed: the message, the previous ladder dropped).
    void load(const std::filesystem::path& file);

    bool ladderShown() const { return ladder_.has_value(); }
    QString message() const;
    QString noteText() const;
    QCustomPlot* chart() const { return chart_; }
    /// The bars of one model: (rung from 0, chrF).
    QVector<QPair<int, double>> bars(bool withAttention) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void populate();
    void applyChartFont();

    QLabel* title_ = nullptr;
    QLabel* note_ = nullptr;
    QLabel* message_ = nullptr;
    QCustomPlot* chart_ = nullptr;
    QCPBars* withBars_ = nullptr;
    QCPBars* withoutBars_ = nullptr;
    std::optional<attn::TranslationLadder> ladder_;
};
