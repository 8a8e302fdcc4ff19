#include "lesson/lesson_bar.hpp"

#include "lesson/lesson_player.hpp"
#include "services/language.hpp"
#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/teaching.hpp"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

namespace {

QString local(const attn::session::LocalText& text) {
    return QString::fromStdString(text.in(language::current().toStdString()));
}

/// A number as the bar shows it: weights and probabilities with three decimals, scores with one.
QString number(double value, const std::string& unit) {
    return QString::number(value, 'f', unit == "chrF" ? 1 : 3);
}

/// Core's unit names ("weight", "probability", ...) in the interface language.
QString unitText(const std::string& unit) {
    const QString u = QString::fromStdString(unit);
    if (u == QLatin1String("weight"))
        return LessonBar::tr("attention weight");
    if (u == QLatin1String("probability"))
        return LessonBar::tr("probability");
    if (u == QLatin1String("probability of the class predicted before"))
        return LessonBar::tr("probability of the class predicted before, before and after");
    if (u == QLatin1String("mean entropy (nats)"))
        return LessonBar::tr("mean entropy of the rows, in nats");
    if (u.startsWith(QLatin1String("mean weight on ")))
        return LessonBar::tr("mean weight on %1").arg(u.mid(15));
    return u; // "chrF" and any unit without a translation
}

} // namespace

LessonBar::LessonBar(LessonPlayer* player, QWidget* parent) : QWidget(parent), player_(player) {
    setObjectName(QStringLiteral("lessonBar"));
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(8, 4, 8, 4);
    outer->setSpacing(2);

    auto* top = new QHBoxLayout;
    previous_ = new QToolButton(this);
    previous_->setArrowType(Qt::LeftArrow);
    previous_->setToolTip(tr("Previous stop (PageUp, ←)"));
    next_ = new QToolButton(this);
    next_->setArrowType(Qt::RightArrow);
    next_->setToolTip(tr("Next stop (PageDown, →)"));
    counter_ = new QLabel(this);
    contents_ = new QToolButton(this);
    contents_->setText(tr("Contents"));
    contents_->setToolTip(tr("The lesson's stops: go to any of them."));
    contents_->setPopupMode(QToolButton::InstantPopup);
    contents_->setMenu(new QMenu(contents_));
    title_ = new QLabel(this);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    title_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    score_ = new QLabel(this);
    close_ = new QToolButton(this);
    close_->setText(tr("Close lesson"));
    top->addWidget(previous_);
    top->addWidget(counter_);
    top->addWidget(next_);
    top->addWidget(contents_);
    top->addWidget(title_, 1);
    top->addWidget(score_);
    top->addWidget(close_);
    outer->addLayout(top);

    narration_ = new QLabel(this);
    narration_->setWordWrap(true);
    narration_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    explanation::mark(narration_); // the presenter may say it instead (View → Show explanations)
    outer->addWidget(narration_);

    question_ = new QWidget(this);
    auto* q = new QVBoxLayout(question_);
    q->setContentsMargins(0, 0, 0, 0);
    q->setSpacing(2);
    auto* ask = new QHBoxLayout;
    prompt_ = new QLabel(question_);
    prompt_->setWordWrap(true);
    QFont italic = prompt_->font();
    italic.setBold(true);
    prompt_->setFont(italic);
    ask->addWidget(prompt_, 1);
    optionRow_ = new QHBoxLayout;
    ask->addLayout(optionRow_);
    reveal_ = new QPushButton(tr("Reveal (R)"), question_);
    reveal_->setToolTip(tr("Show the engine's answer and its numbers."));
    ask->addWidget(reveal_);
    q->addLayout(ask);
    result_ = new QLabel(question_);
    result_->setWordWrap(true);
    result_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    q->addWidget(result_);
    outer->addWidget(question_);

    connect(previous_, &QToolButton::clicked, player_, &LessonPlayer::previous);
    connect(next_, &QToolButton::clicked, player_, &LessonPlayer::next);
    connect(close_, &QToolButton::clicked, this, &LessonBar::closeRequested);
    connect(reveal_, &QPushButton::clicked, player_, &LessonPlayer::reveal);
    connect(player_, &LessonPlayer::opened, this, &LessonBar::refresh);
    connect(player_, &LessonPlayer::stopChanged, this, &LessonBar::refreshStop);
    connect(player_, &LessonPlayer::answerChanged, this, &LessonBar::refreshQuestion);
    connect(player_, &LessonPlayer::progressChanged, this, &LessonBar::refreshQuestion);
    refresh();
}

void LessonBar::setTextScale(bool teachingOn, double zoom) {
    // The bar grows less than the pages in teaching mode (kBarScale, not kFontScale): at 1280 x 800 the
    // page below keeps the room for its maps.
    teaching::applyFonts(this, false, (teachingOn ? kBarScale : 1.0) * zoom);
}

void LessonBar::refresh() {
    refreshContents();
    refreshStop();
}

void LessonBar::refreshContents() {
    QMenu* menu = contents_->menu();
    menu->clear();
    const auto& stops = player_->lesson().stops;
    for (std::size_t i = 0; i < stops.size(); ++i) {
        QAction* action = menu->addAction(QStringLiteral("%1. %2").arg(i + 1).arg(local(stops[i].title)));
        action->setCheckable(true);
        connect(action, &QAction::triggered, player_, [this, i] { player_->goTo(static_cast<int>(i)); });
    }
}

void LessonBar::refreshStop() {
    const attn::session::Stop* stop = player_->currentStop();
    const int index = player_->stopIndex();
    const auto actions = contents_->menu()->actions();
    for (int i = 0; i < actions.size(); ++i)
        actions[i]->setChecked(i == index);
    counter_->setText(tr("Stop %1 / %2").arg(index + 1).arg(player_->stopCount()));
    previous_->setEnabled(index > 0);
    next_->setEnabled(index + 1 < player_->stopCount());
    title_->setText(stop ? local(stop->title) : QString());
    narration_->setText(stop ? local(stop->narration) : QString());
    narration_->setVisible(stop && !stop->narration.en.empty());
    refreshQuestion();
}

void LessonBar::refreshQuestion() {
    const attn::session::Stop* stop = player_->currentStop();
    const bool student = player_->studentMode();
    score_->setVisible(student);
    if (student) {
        const bool finished = player_->stopIndex() + 1 == player_->stopCount();
        score_->setText(
            finished ? tr("Right answers: %1 / %2 — lesson finished")
                           .arg(player_->score())
                           .arg(player_->questionCount())
                     : tr("Right answers: %1 / %2").arg(player_->score()).arg(player_->questionCount()));
    }
    question_->setVisible(stop && stop->question);
    if (!stop || !stop->question)
        return;
    const attn::session::Question& q = *stop->question;
    prompt_->setText(local(q.prompt));
    // deleteLater: the button clicked may be the one whose signal is being handled (choose → refresh).
    for (QPushButton* button : options_) {
        optionRow_->removeWidget(button);
        button->hide();
        button->deleteLater();
    }
    options_.clear();
    const auto& answer = player_->answer();
    const bool revealed = player_->revealed();
    if (!answer) {
        result_->setText(player_->answerError().isEmpty()
                             ? tr("Computing the answer…")
                             : tr("This question cannot be answered here: %1").arg(player_->answerError()));
        reveal_->setEnabled(false);
        return;
    }
    const int chosen = player_->chosen();
    // One number per option (a weight, a probability, a score), except for changes_prediction, whose two
    // numbers are the probability before and after the switch.
    const bool numberPerOption =
        answer->numbers.size() == answer->options.size() && q.kind != "changes_prediction";
    for (std::size_t i = 0; i < answer->options.size(); ++i) {
        const int option = static_cast<int>(i);
        QString text = QString::fromStdString(answer->options[i]);
        if (text == QLatin1String("yes"))
            text = tr("yes");
        else if (text == QLatin1String("no"))
            text = tr("no");
        if (revealed && numberPerOption)
            text += QStringLiteral("  ") + number(answer->numbers[i], answer->unit);
        auto* button = new QPushButton(text, question_);
        button->setCheckable(true);
        button->setChecked(option == chosen);
        button->setEnabled(!revealed);
        button->setFocusPolicy(Qt::NoFocus); // PageDown / R stay with the window
        if (revealed && option == answer->answer)
            button->setStyleSheet(
                QStringLiteral("QPushButton { border: 2px solid #2e7d32; font-weight: bold; }"));
        else if (revealed && option == chosen)
            button->setStyleSheet(QStringLiteral("QPushButton { border: 2px solid #c62828; }"));
        connect(button, &QPushButton::clicked, player_, [this, option] { player_->choose(option); });
        optionRow_->addWidget(button);
        options_.push_back(button);
    }
    reveal_->setEnabled(!revealed && (!student || chosen >= 0));
    if (!revealed) {
        result_->setText(student && chosen < 0 ? tr("Choose an answer, then reveal it.") : QString());
        result_->setVisible(!result_->text().isEmpty());
        return;
    }
    QString right = options_[static_cast<std::size_t>(answer->answer)]->text();
    if (!numberPerOption && answer->numbers.size() == 2)
        right += tr("; %1 → %2")
                     .arg(number(answer->numbers[0], answer->unit), number(answer->numbers[1], answer->unit));
    QString verdict;
    if (chosen >= 0)
        verdict = chosen == answer->answer ? tr("Right. ") : tr("Not quite. ");
    const QString why = local(q.why);
    result_->setText(verdict + tr("The engine's answer: %1 (%2).").arg(right, unitText(answer->unit)) +
                     (why.isEmpty() ? QString() : QStringLiteral(" ") + why));
    result_->setVisible(true);
}
