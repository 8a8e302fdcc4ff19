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
    // The box names the example the text is, else reads "Examples…" again: it kept the last chosen
    // example after another sentence was typed (issue 49 point 6).
    connect(edit_, &QLineEdit::textChanged, this, [this](const QString& text) {
        const int match = examples_->findText(text.trimmed(), Qt::MatchFixedString | Qt::MatchCaseSensitive);
        examples_->setCurrentIndex(match > 0 ? match : 0);
    });
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
