#pragma once
// The Sentiment page's grid of small attention maps, one per layer x head with its caption (short in
// teaching mode). Clicking a map asks the page to show that head large; the selected view's maps are
// framed, and the marked query row is marked on every map.

#include <QStringList>
#include <QVector>
#include <QWidget>
#include <attn/models/model.hpp>

class HeatmapView;
class QGridLayout;
class QLabel;

class HeadThumbnails : public QWidget {
    Q_OBJECT
public:
    explicit HeadThumbnails(QWidget* parent = nullptr);

    /// One empty map per layer x head (the old ones go).
    void rebuild(int layers, int heads);
    /// "L1 · H4" (teaching size: four long captions were wider than the grid) or "layer 1 · head 4".
    void setShortCaptions(bool shortCaptions);
    /// Each head's map of `r` with the tokens' notes and marks; the maps of the selected view (`layer`,
    /// and `head` or all heads for -1) framed. A head `r` lacks is cleared.
    void showResult(const attn::ClassifierResult& r, const QStringList& tokens, const QStringList& notes,
                    const QStringList& marks, int layer, int head);
    /// Marks query row `row` on every map (-1: none).
    void setRowMarker(int row);
    /// The map of (layer, head), or nullptr.
    HeatmapView* thumbnail(int layer, int head) const;

Q_SIGNALS:
    void headClicked(int layer, int head);

private:
    void caption();

    QGridLayout* grid_ = nullptr;
    QVector<QVector<HeatmapView*>> thumbs_;
    QVector<QLabel*> captions_; // row by row, as thumbs_
    bool short_ = false;
};
