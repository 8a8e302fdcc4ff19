#pragma once
// The Translation page's alignment tab: the map of the decoder with attention (rows = output words or
// pieces, columns = source words or pieces), and above it, for a SentencePiece model, the Words / Pieces
// choice with what reading by words means.
#include <QString>
#include <QWidget>

class HeatmapView;
class QLabel;
class QRadioButton;
class TranslationSession;

class AlignmentView : public QWidget {
    Q_OBJECT
public:
    explicit AlignmentView(QWidget* parent = nullptr);

    /// A new outcome: the map, or why there is none.
    void showOutcome(const TranslationSession& session);
    /// The map as the session's unit asks (nothing when the result has no alignment).
    void showAlignment(const TranslationSession& session);
    /// Checks the unit's button without signalling.
    void setPiecesChecked(bool pieces);

    HeatmapView* heatmap() const { return heatmap_; }
    QWidget* unitControl() const { return unitControl_; }
    QString title() const { return title_; }
    QString caption() const;

Q_SIGNALS:
    /// The reader chose Pieces (true) or Words (false).
    void piecesToggled(bool pieces);

private:
    void buildUnitControl();

    QWidget* unitControl_ = nullptr;
    QRadioButton* byWords_ = nullptr;
    QRadioButton* byPieces_ = nullptr;
    QLabel* unitCaption_ = nullptr;
    HeatmapView* heatmap_ = nullptr;
    QString title_;
};
