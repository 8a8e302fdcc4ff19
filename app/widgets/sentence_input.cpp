#include "widgets/sentence_input.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>

SentenceInput::SentenceInput(const QString& caption, const QString& placeholder, const QStringList& examples,
                             QWidget* parent)
    : QWidget(parent) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    edit_ = new QLineEdit(this);
    edit_->setPlaceholderText(placeholder);
    edit_->setClearButtonEnabled(true);
    examples_ = new QComboBox(this);
    examples_->addItem(tr("Examples…"));
    examples_->addItems(examples);
    row->addWidget(new QLabel(caption, this));
    row->addWidget(edit_, 1);
    row->addWidget(examples_);

    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    debounce_->setInterval(kDebounceMs);
    connect(debounce_, &QTimer::timeout, this, &SentenceInput::settled);
    connect(edit_, &QLineEdit::textChanged, this, &SentenceInput::schedule);
    connect(examples_, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            edit_->setText(examples_->itemText(index));
    });
}

QString SentenceInput::text() const {
    return edit_->text();
}

void SentenceInput::setText(const QString& text) {
    edit_->setText(text);
}

void SentenceInput::schedule() {
    debounce_->start();
}

void SentenceInput::cancelPending() {
    debounce_->stop();
}
