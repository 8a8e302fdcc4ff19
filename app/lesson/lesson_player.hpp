#pragma once
// LessonPlayer: an open lesson (attn/session/lesson_file.hpp) and where the class is in it — the stop
// shown, the engine's answer to its question, whether it was revealed, and in student mode the answers
// given before each reveal and the score. Progress (stop and answers) is kept per lesson file in the
// settings (QSettings "lessons/<file>/..."), so a student can resume; resetProgress() forgets it.
// The window shows the stops (MainWindow::showStop); the player only holds the state and says when it
// changes.

#include <QObject>
#include <QString>
#include <attn/session/lesson_file.hpp>
#include <attn/session/question.hpp>
#include <map>
#include <optional>

class LessonPlayer : public QObject {
    Q_OBJECT
public:
    explicit LessonPlayer(QObject* parent = nullptr);

    /// Opens `lesson` (read from `path`; empty for a lesson being written) at its first stop, or where
    /// the student left it when `resume` and progress is stored.
    void open(attn::session::Lesson lesson, const QString& path, bool resume = true);
    void close();
    bool isOpen() const { return open_; }
    const attn::session::Lesson& lesson() const { return lesson_; }
    QString path() const { return path_; }
    void setPath(const QString& path);
    int stopCount() const { return static_cast<int>(lesson_.stops.size()); }
    int stopIndex() const { return stop_; }
    const attn::session::Stop* currentStop() const;

    /// Moves to stop `index` (0-based); false outside the lesson. Emits stopChanged.
    bool goTo(int index);
    bool next() { return goTo(stop_ + 1); }
    bool previous() { return goTo(stop_ - 1); }

    // Authoring: the lesson's stops changed (added, edited, moved, deleted). `current` becomes the stop
    // shown; the answers given so far are forgotten.
    void replaceLesson(attn::session::Lesson lesson, int current);
    bool isModified() const { return modified_; }
    void setModified(bool modified);

    /// The engine's answer for the current stop's question (set once the page has its results), or the
    /// reason it could not be computed.
    void setAnswer(std::optional<attn::session::QuestionAnswer> answer, const QString& error = {});
    const std::optional<attn::session::QuestionAnswer>& answer() const { return answer_; }
    QString answerError() const { return answerError_; }

    /// Student mode: an answer must be chosen before the reveal, which then says right or wrong.
    void setStudentMode(bool on);
    bool studentMode() const { return student_; }
    /// The option chosen at the current stop (before the reveal), -1 = none.
    void choose(int option);
    int chosen() const;
    /// Shows the right answer (in student mode only once an option is chosen). False when nothing to reveal.
    bool reveal();
    bool revealed() const { return revealed_; }

    /// Stops with a question answered right / answered at all / with a question (student mode).
    int score() const;
    int answeredCount() const;
    int questionCount() const;
    /// Forgets the stored progress and the answers given; back to the first stop.
    void resetProgress();

Q_SIGNALS:
    void opened();
    void closed();
    void stopChanged(int index);
    void answerChanged();
    void progressChanged(); ///< a choice, a reveal, the student mode or the score changed
    void modifiedChanged(bool modified);

private:
    QString settingsGroup() const;
    void storeProgress() const;
    void loadProgress();

    attn::session::Lesson lesson_;
    QString path_;
    bool open_ = false;
    int stop_ = 0;
    bool modified_ = false;
    bool student_ = false;
    bool revealed_ = false;
    std::optional<attn::session::QuestionAnswer> answer_;
    QString answerError_;
    std::map<int, int> chosen_; ///< stop -> option chosen before its reveal
    std::map<int, bool> right_; ///< stop -> the revealed choice was right (student mode)
};
