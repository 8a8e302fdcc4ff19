#pragma once
// The lesson bar above the pages while a lesson is open (issue 52): the stop counter and its title, the
// contents list, previous / next, the narration, and the stop's question — its options (computed by the
// engine when the stop opened), Reveal (key R), then the right answer, the engine's numbers and why. In
// student mode an option must be chosen first, the reveal says right or wrong, and the bar keeps the
// score. Texts in the interface language (the lesson's "zh" texts in Chinese).

#include <QWidget>
#include <vector>

class LessonPlayer;
class QLabel;
class QPushButton;
class QToolButton;
class QHBoxLayout;

class LessonBar : public QWidget {
    Q_OBJECT
public:
    explicit LessonBar(LessonPlayer* player, QWidget* parent = nullptr);

    /// Teaching mode and presenter zoom, as the pages have them.
    void setTextScale(bool teaching, double zoom);
    /// Everything again from the player (also after a language switch).
    void refresh();

    // For tests and the CLI.
    QLabel* counter() const { return counter_; }
    QLabel* titleLabel() const { return title_; }
    QLabel* narrationLabel() const { return narration_; }
    QLabel* promptLabel() const { return prompt_; }
    QLabel* resultLabel() const { return result_; }
    QPushButton* revealButton() const { return reveal_; }
    /// The contents: a menu of every stop.
    QToolButton* contents() const { return contents_; }
    /// How much larger the bar's text is in teaching mode.
    static constexpr double kBarScale = 1.2;
    const std::vector<QPushButton*>& optionButtons() const { return options_; }

Q_SIGNALS:
    void closeRequested();

private:
    void refreshContents();
    void refreshStop();
    void refreshQuestion();

    LessonPlayer* player_;
    QToolButton* previous_ = nullptr;
    QToolButton* next_ = nullptr;
    QLabel* counter_ = nullptr;
    QToolButton* contents_ = nullptr;
    QLabel* title_ = nullptr;
    QLabel* score_ = nullptr;
    QToolButton* close_ = nullptr;
    QLabel* narration_ = nullptr;
    QWidget* question_ = nullptr;
    QLabel* prompt_ = nullptr;
    QHBoxLayout* optionRow_ = nullptr;
    std::vector<QPushButton*> options_;
    QPushButton* reveal_ = nullptr;
    QLabel* result_ = nullptr;
};
