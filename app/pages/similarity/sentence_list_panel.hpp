#pragma once
// The Similarity page's sentences: an editable numbered list (double-click or F2 edits a sentence,
// Add / Remove change the list), and a preset menu that replaces the list. It only holds text: the page
// decides when to run the model (edited()).

#include <QStringList>
#include <QWidget>

class QComboBox;
class QPushButton;
class QTableWidget;

class SentenceListPanel : public QWidget {
    Q_OBJECT
public:
    explicit SentenceListPanel(QWidget* parent = nullptr);

    QStringList sentences() const;
    /// Replaces the list (no edited() signal).
    void setSentences(const QStringList& sentences);
    int currentIndex() const;
    void setCurrentIndex(int index);
    /// Appends `text` and selects it (edited() follows).
    void addSentence(const QString& text);
    /// Removes sentence `index` (edited() follows).
    void removeSentence(int index);
    /// Puts preset `index` (similarity::presets()) in the list (edited() follows).
    void choosePreset(int index);

    QTableWidget* table() const { return table_; }
    QComboBox* presetBox() const { return presets_; }

Q_SIGNALS:
    /// The text of the list changed (a sentence edited, added or removed, a preset chosen).
    void edited();
    /// Another sentence was selected.
    void currentChanged(int index);

private:
    QTableWidget* table_ = nullptr;
    QComboBox* presets_ = nullptr;
    QPushButton* add_ = nullptr;
    QPushButton* remove_ = nullptr;
    bool filling_ = false;
};
