#pragma once
// The Translation page's right column: a Spanish translation to give both decoders (teacher forcing),
// above the step-through of decoding it changes (DecodeStepPanel). The column scrolls rather than
// cutting its last plot off when the window is short (1280 x 800 in teaching mode).
#include "widgets/column_scroll_area.hpp"

#include <QString>

class DecodeStepPanel;
class QLineEdit;
class QPushButton;

class StepsColumn : public ColumnScrollArea {
    Q_OBJECT
public:
    explicit StepsColumn(QWidget* parent = nullptr);

    QLineEdit* followInput() const { return follow_; }
    DecodeStepPanel* stepPanel() const { return steps_; }

Q_SIGNALS:
    /// "Follow" or Return in the field: give the decoders `spanish`.
    void followRequested(const QString& spanish);

private:
    QLineEdit* follow_ = nullptr;
    QPushButton* followButton_ = nullptr;
    DecodeStepPanel* steps_ = nullptr;
};
