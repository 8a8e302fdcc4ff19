#pragma once
// HeldOutTable: the two translation models' held-out scores by source length side by side, as their
// model cards report them (heldout_scores.json beside each checkpoint, attn::readHeldOutScores). One
// row per length bucket of the attention model (its label and number of pairs), the overall row, then
// one row per other held-out set of the files (heldout_scores.json "sets": Ding's everyday sentences);
// columns: with attention, without attention, and the difference. A bucket or model without a score
// shows "—". Beside the table when the width allows, else below it, a bar chart of the buckets (the two
// models side by side per length) makes the long-sentence argument visible. The page reads the files when
// a model arrives and hands them over (read()); the table only shows them. Hidden when neither model
// has scores; a malformed file is a message instead of the table and chart.
//
// When the files also hold the teacher-forced perplexity of the references ("reference_perplexity"),
// a switch above the table shows that measure instead of chrF: how surprised each decoder is by
// Apertium's translation, word by word (lower is better). It scores the reference rather than the
// model's own output, so it shows what a long sentence costs the model without attention even where
// chrF forgives a shorter, vaguer output.

#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>
#include <attn/models/heldout_scores.hpp>
#include <filesystem>
#include <optional>

class QBoxLayout;
class QCPBars;
class QCustomPlot;
class QGridLayout;
class QLabel;
class QRadioButton;

class HeldOutTable : public QWidget {
    Q_OBJECT
public:
    /// What was read for one model.
    struct Source {
        std::optional<attn::HeldOutScores> scores; ///< nullopt: no model, no file, or an error
        QString error;                             ///< non-empty: the file is there but malformed
    };
    /// Reads dir/heldout_scores.json (an empty `dir`: no model). Never throws: a malformed file becomes
    /// Source::error, naming the model `model`.
    static Source read(const std::filesystem::path& dir, const QString& model);

    /// Columns of cell().
    enum Column { Length, Pairs, WithAttention, WithoutAttention, Difference, ColumnCount };
    /// What the score columns and the chart show.
    enum class Measure {
        Chrf,               ///< the models' own (greedy) translations against the references
        ReferencePerplexity ///< the teacher-forced perplexity of the references
    };

    explicit HeldOutTable(QWidget* parent = nullptr);

    /// Shows the two models' scores (or the message when either could not be read).
    void setSources(const Source& withAttention, const Source& withoutAttention);

    /// Shows `measure`. ReferencePerplexity is refused (false, nothing changes) while neither file has one.
    bool setMeasure(Measure measure);
    Measure measure() const { return measure_; }
    /// True while the chrF / reference perplexity switch is offered (a file has a reference perplexity).
    bool measureSwitchShown() const;

    /// True while the table is shown (not while there is no score or only a message).
    bool tableShown() const;
    QString titleText() const;
    /// The message shown instead of the table ("" when there is none).
    QString message() const;
    /// Data rows: the buckets, the overall row, then the other sets.
    int rowCount() const { return static_cast<int>(cells_.size()); }
    /// The overall row's index (-1 while there is no table).
    int overallRow() const { return overallRow_; }
    /// The text of a data cell (row 0 = the first bucket); "" out of range.
    QString cell(int row, int column) const;
    /// The column headings as shown.
    QStringList headings() const { return headings_; }
    /// The bar chart of the buckets (shown with the table).
    QCustomPlot* chart() const { return chart_; }
    /// True while the chart stands beside the table (the width leaves it room), false while below it.
    bool chartBesideTable() const;
    /// The chart's bars of one model: (bucket index from 0, value) for each bucket it has a value for.
    QVector<QPair<int, double>> chartBars(bool withAttention) const;
    /// The chart's value axis: its label and upper end (chrF: 0..100; perplexity: above the highest bar).
    QString chartValueLabel() const;
    double chartValueMax() const;

    /// A score with `decimals` decimals ("61.2"), "—" for none; a difference with its sign ("+15.7",
    /// "-3.0"), computed from the values as shown.
    static QString scoreText(std::optional<double> score, int decimals = 1);
    static QString differenceText(std::optional<double> with, std::optional<double> without,
                                  int decimals = 1);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void populate();
    void arrangeChart();
    void rebuild();
    void applyChartFont();

    QWidget* tableColumn_ = nullptr; ///< the title, the measure switch and the table
    QBoxLayout* body_ = nullptr;     ///< the table column and the chart: side by side or stacked
    QLabel* title_ = nullptr;
    QWidget* measureRow_ = nullptr;
    QRadioButton* chrfButton_ = nullptr;
    QRadioButton* perplexityButton_ = nullptr;
    QLabel* message_ = nullptr;
    QWidget* grid_ = nullptr;
    QGridLayout* gridLayout_ = nullptr;
    QCustomPlot* chart_ = nullptr;
    QCPBars* withBars_ = nullptr;    ///< the attention model's scores, one bar per bucket
    QCPBars* withoutBars_ = nullptr; ///< the baseline's, beside them
    QStringList headings_;
    QVector<QStringList> cells_;
    QVector<QString> toolTips_; ///< per data row, the bucket's range in words
    QString differenceTip_;     ///< what the sign of the difference column means for the measure
    int overallRow_ = -1;
    std::optional<attn::HeldOutScores> with_, without_; ///< as read, while both could be read
    Measure measure_ = Measure::Chrf;
};
