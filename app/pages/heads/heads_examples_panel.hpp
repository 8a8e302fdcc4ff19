#pragma once
// The selected head's strongest examples for the selected metric (issue 54): up to 10 inputs, best
// first, each with the metric's value on its strongest query row, where it comes from (line / image) and
// its tokens with that row's token marked, and a small map: the head's attention on that input (rows =
// queries, the example's query row outlined), as the survey's forward computed it (HeadsSession::
// exampleMaps; the panel only draws it). Clicking the map opens it large; clicking the rest of a row asks
// to open the example on its model's page (or, for a model no page shows, opens the map large too).

#include <QImage>
#include <QWidget>
#include <attn/analysis/survey_report.hpp>
#include <attn/matrix.hpp>
#include <functional>
#include <optional>
#include <vector>

class QLabel;
class QTableWidget;

class HeadsExamplesPanel : public QWidget {
    Q_OBJECT
public:
    explicit HeadsExamplesPanel(QWidget* parent = nullptr);

    /// The maps of a plan input ([layer][head]); null while they are being computed.
    using MapsOf = std::function<const attn::AttentionStack*(std::size_t input)>;
    /// Shows the examples of (layer, head) for `m` (0-based); an empty list says why. `mapsOf` gives
    /// each example's maps (a row without them says "computing…").
    void showExamples(const attn::analysis::SurveyReport& report, int layer, int head,
                      attn::analysis::Metric m, const MapsOf& mapsOf = {});
    void clear();
    /// Whether a click opens an example (false for a model no page shows).
    void setOpenable(bool openable, const QString& whyNot = {});

    QTableWidget* table() const { return table_; }
    /// The map drawn in row `row` (the head's map on that example), nullopt while it is missing.
    const std::optional<attn::Matrix>& mapOfRow(int row) const;
    /// Opens row `row`'s map large in a window (its tokens on both axes, the query row marked).
    void openMapLarge(int row);
    /// The size of a small map's side in pixels.
    static int mapSide();
    /// The small map image of `map` (viridis on [0, 1], nearest-neighbour, `query` row outlined).
    static QImage mapImage(const attn::Matrix& map, int query, int side);
    /// The table column of the small maps.
    static constexpr int kMapColumn = 1;
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
    std::vector<std::optional<attn::Matrix>> maps_;       ///< per row
    std::vector<attn::analysis::ReportExample> examples_; ///< per row
    QString headName_;                                    ///< "layer 2 · head 3"
};
