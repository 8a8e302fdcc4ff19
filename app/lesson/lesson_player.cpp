#include "lesson/lesson_player.hpp"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QSettings>
#include <QStringList>
#include <algorithm>

LessonPlayer::LessonPlayer(QObject* parent) : QObject(parent) {}

void LessonPlayer::open(attn::session::Lesson lesson, const QString& path, bool resume) {
    lesson_ = std::move(lesson);
    path_ = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    open_ = true;
    modified_ = false;
    chosen_.clear();
    right_.clear();
    stop_ = 0;
    if (resume)
        loadProgress();
    Q_EMIT opened();
    Q_EMIT modifiedChanged(false);
    const int start = std::clamp(stop_, 0, std::max(0, stopCount() - 1));
    stop_ = -1;
    goTo(start);
}

void LessonPlayer::close() {
    if (!open_)
        return;
    open_ = false;
    lesson_ = {};
    path_.clear();
    answer_.reset();
    chosen_.clear();
    right_.clear();
    Q_EMIT closed();
}

void LessonPlayer::setPath(const QString& path) {
    path_ = QFileInfo(path).absoluteFilePath();
}

const attn::session::Stop* LessonPlayer::currentStop() const {
    if (!open_ || stop_ < 0 || stop_ >= stopCount())
        return nullptr;
    return &lesson_.stops[static_cast<std::size_t>(stop_)];
}

bool LessonPlayer::goTo(int index) {
    if (!open_ || index < 0 || index >= stopCount() || index == stop_)
        return false;
    stop_ = index;
    revealed_ = right_.count(index) > 0; // answered and revealed before: shown as it was
    answer_.reset();
    answerError_.clear();
    storeProgress();
    Q_EMIT stopChanged(index);
    Q_EMIT answerChanged();
    Q_EMIT progressChanged();
    return true;
}

void LessonPlayer::replaceLesson(attn::session::Lesson lesson, int current) {
    lesson_ = std::move(lesson);
    chosen_.clear();
    right_.clear();
    setModified(true);
    Q_EMIT opened(); // the contents changed
    stop_ = -1;
    goTo(std::clamp(current, 0, std::max(0, stopCount() - 1)));
}

void LessonPlayer::setModified(bool modified) {
    if (modified_ == modified)
        return;
    modified_ = modified;
    Q_EMIT modifiedChanged(modified);
}

void LessonPlayer::setAnswer(std::optional<attn::session::QuestionAnswer> answer, const QString& error) {
    answer_ = std::move(answer);
    answerError_ = error;
    Q_EMIT answerChanged();
}

void LessonPlayer::setStudentMode(bool on) {
    if (student_ == on)
        return;
    student_ = on;
    Q_EMIT progressChanged();
}

void LessonPlayer::choose(int option) {
    if (revealed_ || !answer_ || option < 0 || option >= static_cast<int>(answer_->options.size()))
        return;
    chosen_[stop_] = option;
    storeProgress();
    Q_EMIT progressChanged();
}

int LessonPlayer::chosen() const {
    const auto it = chosen_.find(stop_);
    return it == chosen_.end() ? -1 : it->second;
}

bool LessonPlayer::reveal() {
    if (revealed_ || !answer_ || (student_ && chosen() < 0))
        return false;
    revealed_ = true;
    if (chosen() >= 0)
        right_[stop_] = chosen() == answer_->answer;
    storeProgress();
    Q_EMIT progressChanged();
    return true;
}

int LessonPlayer::score() const {
    return static_cast<int>(
        std::count_if(right_.begin(), right_.end(), [](const auto& r) { return r.second; }));
}

int LessonPlayer::answeredCount() const {
    return static_cast<int>(right_.size());
}

int LessonPlayer::questionCount() const {
    return static_cast<int>(
        std::count_if(lesson_.stops.begin(), lesson_.stops.end(),
                      [](const attn::session::Stop& s) { return s.question.has_value(); }));
}

void LessonPlayer::resetProgress() {
    chosen_.clear();
    right_.clear();
    if (!path_.isEmpty())
        QSettings(QStringLiteral("attnviz"), QStringLiteral("attnviz")).remove(settingsGroup());
    Q_EMIT progressChanged();
    stop_ = -1;
    goTo(0);
}

QString LessonPlayer::settingsGroup() const {
    // One group per lesson file (its path, hashed: QSettings keys cannot hold every path character).
    const QByteArray hash =
        QCryptographicHash::hash(path_.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return QStringLiteral("lessons/") + QString::fromLatin1(hash);
}

void LessonPlayer::storeProgress() const {
    if (path_.isEmpty() || !open_)
        return;
    QSettings settings(QStringLiteral("attnviz"), QStringLiteral("attnviz"));
    settings.beginGroup(settingsGroup());
    settings.setValue(QStringLiteral("file"), path_);
    settings.setValue(QStringLiteral("stop"), stop_);
    QStringList answers;
    for (const auto& [stop, option] : chosen_) {
        const auto right = right_.find(stop);
        answers << QStringLiteral("%1:%2:%3")
                       .arg(stop)
                       .arg(option)
                       .arg(right == right_.end() ? QStringLiteral("-")
                            : right->second       ? QStringLiteral("1")
                                                  : QStringLiteral("0"));
    }
    settings.setValue(QStringLiteral("answers"), answers);
}

void LessonPlayer::loadProgress() {
    if (path_.isEmpty())
        return;
    QSettings settings(QStringLiteral("attnviz"), QStringLiteral("attnviz"));
    settings.beginGroup(settingsGroup());
    stop_ = settings.value(QStringLiteral("stop"), 0).toInt();
    for (const QString& entry : settings.value(QStringLiteral("answers")).toStringList()) {
        const QStringList parts = entry.split(QLatin1Char(':'));
        bool okStop = false, okOption = false;
        const int stop = parts.value(0).toInt(&okStop);
        const int option = parts.value(1).toInt(&okOption);
        if (parts.size() != 3 || !okStop || !okOption || stop < 0 || stop >= stopCount() || option < 0)
            continue; // a stored entry that does not fit this lesson (edited since) is dropped
        chosen_[stop] = option;
        if (parts[2] != QLatin1String("-"))
            right_[stop] = parts[2] == QLatin1String("1");
    }
}
