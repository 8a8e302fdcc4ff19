#pragma once
// SentenceInput: "<caption> [line edit] [Examples… ▾]" for the pages that run a model on a sentence.
// Edits are debounced: settled() fires once typing pauses, so a model runs once per pause rather
// than once per keystroke. Choosing an example sets the text (and settles the same way); the examples
// box shows the example the text is, "Examples…" once another sentence is typed.

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLineEdit;
class QTimer;

class SentenceInput : public QWidget {
    Q_OBJECT
public:
    SentenceInput(const QString& caption, const QString& placeholder, const QStringList& examples,
                  QWidget* parent = nullptr);

    QString text() const;
    void setText(const QString& text);
    /// Settles again after the debounce interval (e.g. when another input of the run changed).
    void schedule();
    /// Drops a pending settle (the caller is running now).
    void cancelPending();

    QLineEdit* lineEdit() const { return edit_; }
    QComboBox* examples() const { return examples_; }
    static constexpr int kDebounceMs = 150;

Q_SIGNALS:
    void settled();

private:
    QLineEdit* edit_ = nullptr;
    QComboBox* examples_ = nullptr;
    QTimer* debounce_ = nullptr;
};
