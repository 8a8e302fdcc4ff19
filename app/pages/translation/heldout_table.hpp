#pragma once
// HeldOutTable: the two translation models' held-out scores by source length side by side, as their
// model cards report them (heldout_scores.json beside each checkpoint, attn::readHeldOutScores). One
// row per length bucket of the attention model (its label and number of pairs), the overall row, then
// one row per other held-out set of the files (heldout_scores.json "sets": Ding's everyday sentences);
// columns: with attention, without attention, and the difference. A bucket or model without a score
// shows "—". Below the table, a bar chart of the buckets (the two models side by side per length) makes
// the long-sentence argument visible. The page reads the files when a model arrives and hands them over
// (read()); the table only shows them. Hidden when neither model has scores; a malformed file is a
// message instead of the table and chart.

#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>
#include <attn/models/heldout_scores.hpp>
#include <filesystem>
#include <optional>

class QCPBars;
class QCustomPlot;
class QGridLayout;
class QLabel;

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

    explicit HeldOutTable(QWidget* parent = nullptr);

    /// Shows the two models' scores (or the message when either could not be read).
    void setSources(const Source& withAttention, const Source& withoutAttention);

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
    /// The chart's bars of one model: (bucket index from 0, score) for each bucket it has a score for.
    QVector<QPair<int, double>> chartBars(bool withAttention) const;

    /// A score with one decimal ("61.2"), "—" for none; a difference with its sign ("+15.7", "-3.0").
    static QString scoreText(std::optional<double> score);
    static QString differenceText(std::optional<double> with, std::optional<double> without);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void applyChartFont();

    QLabel* title_ = nullptr;
    QLabel* message_ = nullptr;
    QWidget* grid_ = nullptr;
    QGridLayout* gridLayout_ = nullptr;
    QCustomPlot* chart_ = nullptr;
    QCPBars* withBars_ = nullptr;    ///< the attention model's scores, one bar per bucket
    QCPBars* withoutBars_ = nullptr; ///< the baseline's, beside them
    QStringList headings_;
    QVector<QStringList> cells_;
    QVector<QString> toolTips_; ///< per data row, the bucket's range in words
    int overallRow_ = -1;
};
