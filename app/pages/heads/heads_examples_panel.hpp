#pragma once
// The selected head's strongest examples for the selected metric (issue 54): up to 10 inputs, best
// first, each with the metric's value on its strongest query row, where it comes from (line / image) and
// its tokens with that row's token marked. Clicking one asks to open it on its model's page.

#include <QWidget>
#include <attn/analysis/survey_report.hpp>

class QLabel;
class QTableWidget;

class HeadsExamplesPanel : public QWidget {
    Q_OBJECT
public:
    explicit HeadsExamplesPanel(QWidget* parent = nullptr);

    /// Shows the examples of (layer, head) for `m` (0-based); an empty list says why.
    void showExamples(const attn::analysis::SurveyReport& report, int layer, int head,
                      attn::analysis::Metric m);
    void clear();
    /// Whether a click opens an example (false for a model no page shows).
    void setOpenable(bool openable, const QString& whyNot = {});

    QTableWidget* table() const { return table_; }
    /// The tokens of an example with token `position` marked: "the «film» was".
    static QString markedTokens(const attn::analysis::ReportExample& e);

Q_SIGNALS:
    /// Example `index` of the list shown (0 = the strongest) was clicked.
    void exampleClicked(int index);

private:
    QLabel* title_ = nullptr;
    QLabel* hint_ = nullptr;
    QTableWidget* table_ = nullptr;
    bool openable_ = true;
};
