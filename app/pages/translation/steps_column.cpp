#include "pages/translation/steps_column.hpp"

#include "pages/translation/decode_step_panel.hpp"
#include "pages/translation/translation_page.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

StepsColumn::StepsColumn(QWidget* parent) : ColumnScrollArea(parent) {
    auto* column = new QWidget(this);
    auto* layout = new QVBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);
    // Teacher forcing: a Spanish translation given to both decoders, above the step-through it changes
    // (in the before/after box it took the map's last rows at 1280 x 800 in teaching mode).
    auto* followRow = new QHBoxLayout;
    auto* followLabel = new QLabel(TranslationPage::tr("Give the decoders:"), column);
    follow_ = new QLineEdit(column);
    follow_->setPlaceholderText(TranslationPage::tr("a Spanish translation, word by word"));
    follow_->setToolTip(TranslationPage::tr(
        "Teacher forcing: each decoder is given these words one by one instead of choosing its own. The map "
        "then shows where it looks while reading them, and the perplexity how well it expected them (1 = "
        "certain; lower is better)."));
    followLabel->setBuddy(follow_);
    followButton_ = new QPushButton(TranslationPage::tr("Follow"), column);
    // The label on a line of its own: beside the field and buttons it made the column wider than its
    // share of 1280 x 800 in teaching mode, and the step-through's text was cut at the right.
    followLabel->setWordWrap(true);
    follow_->setMinimumWidth(60);
    followRow->addWidget(follow_, 1);
    followRow->addWidget(followButton_);
    layout->addWidget(followLabel);
    layout->addLayout(followRow);
    connect(followButton_, &QPushButton::clicked, this, [this] { Q_EMIT followRequested(follow_->text()); });
    connect(follow_, &QLineEdit::returnPressed, this, [this] { Q_EMIT followRequested(follow_->text()); });
    steps_ = new DecodeStepPanel(column);
    layout->addWidget(steps_, 1);
    setWidget(column);
}
