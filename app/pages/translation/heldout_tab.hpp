#pragma once
// The Translation page's "Held-out results by length" tab: the two models' held-out chrF by source
// length from their model cards (HeldOutTable) and below it the chapter's sentence grown clause by
// clause (LadderChart). The tab scrolls when it is short (1280 x 800 in teaching mode) rather than
// squeezing the chart below a readable height.
#include <QScrollArea>

class HeldOutTable;
class LadderChart;
class ModelSlot;

class HeldOutTab : public QScrollArea {
    Q_OBJECT
public:
    explicit HeldOutTab(QWidget* parent = nullptr);

    /// Reads the two slots' model cards; true when the tab has something to show (the table, the message
    /// about a bad file, or the ladder).
    bool refresh(const ModelSlot* model, const ModelSlot* baseline);

    HeldOutTable* table() const { return table_; }
    LadderChart* ladder() const { return ladder_; }

private:
    HeldOutTable* table_ = nullptr;
    LadderChart* ladder_ = nullptr;
};
