#include "lesson/lesson_editor.hpp"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

std::string s(const QString& text) {
    return text.trimmed().toStdString();
}

/// The kinds offered, with what each asks (the engine computes options and answer).
struct KindChoice {
    const char* kind;
    const char* label;
};

} // namespace

bool editStop(QWidget* parent, attn::session::Stop& stop) {
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Lesson stop"));
    dialog.resize(640, 560);
    auto* form = new QFormLayout;
    auto* page = new QLabel(q(attn::session::pageKey(stop.state)), &dialog);
    auto* titleEn = new QLineEdit(q(stop.title.en), &dialog);
    auto* titleZh = new QLineEdit(q(stop.title.zh), &dialog);
    auto* narrationEn = new QPlainTextEdit(q(stop.narration.en), &dialog);
    auto* narrationZh = new QPlainTextEdit(q(stop.narration.zh), &dialog);
    narrationEn->setTabChangesFocus(true);
    narrationZh->setTabChangesFocus(true);
    auto* kind = new QComboBox(&dialog);
    const KindChoice kinds[] = {
        {"", QT_TRANSLATE_NOOP("LessonEditor", "no question")},
        {"top_key", QT_TRANSLATE_NOOP("LessonEditor", "which key does a query word attend to most")},
        {"prediction", QT_TRANSLATE_NOOP("LessonEditor", "which class does the model predict")},
        {"changes_prediction",
         QT_TRANSLATE_NOOP("LessonEditor", "does the what-if switch change the prediction")},
        {"better_model", QT_TRANSLATE_NOOP("LessonEditor", "which translation model has the higher chrF")},
        {"top_head", QT_TRANSLATE_NOOP("LessonEditor", "which head has the highest value of a metric")},
    };
    for (const auto& k : kinds)
        kind->addItem(QCoreApplication::translate("LessonEditor", k.label), QString::fromLatin1(k.kind));
    auto* query = new QLineEdit(&dialog);
    query->setPlaceholderText(
        QObject::tr("top_key, top_head: the query word or token (empty = the selected row)"));
    auto* metric = new QComboBox(&dialog);
    metric->addItem(QStringLiteral("attention_to"));
    metric->addItem(QStringLiteral("entropy"));
    auto* promptEn = new QLineEdit(&dialog);
    auto* promptZh = new QLineEdit(&dialog);
    auto* whyEn = new QLineEdit(&dialog);
    auto* whyZh = new QLineEdit(&dialog);
    if (stop.question) {
        kind->setCurrentIndex(std::max(0, kind->findData(q(stop.question->kind))));
        query->setText(q(stop.question->query));
        metric->setCurrentText(q(stop.question->metric.empty() ? "attention_to" : stop.question->metric));
        promptEn->setText(q(stop.question->prompt.en));
        promptZh->setText(q(stop.question->prompt.zh));
        whyEn->setText(q(stop.question->why.en));
        whyZh->setText(q(stop.question->why.zh));
    }
    form->addRow(QObject::tr("Page"), page);
    form->addRow(QObject::tr("Title (English)"), titleEn);
    form->addRow(QObject::tr("Title (Chinese)"), titleZh);
    form->addRow(QObject::tr("Narration (English)"), narrationEn);
    form->addRow(QObject::tr("Narration (Chinese)"), narrationZh);
    form->addRow(QObject::tr("Question"), kind);
    form->addRow(QObject::tr("Query word"), query);
    form->addRow(QObject::tr("Metric (top_head)"), metric);
    form->addRow(QObject::tr("Question (English)"), promptEn);
    form->addRow(QObject::tr("Question (Chinese)"), promptZh);
    form->addRow(QObject::tr("Why, after the reveal (English)"), whyEn);
    form->addRow(QObject::tr("Why, after the reveal (Chinese)"), whyZh);
    auto* note =
        new QLabel(QObject::tr("The options and the right answer are computed by the engine when the "
                               "stop opens, never written here."),
                   &dialog);
    note->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    auto* outer = new QVBoxLayout(&dialog);
    outer->addLayout(form);
    outer->addWidget(note);
    outer->addWidget(buttons);
    auto refresh = [=] {
        const bool asked = !kind->currentData().toString().isEmpty();
        for (QWidget* w :
             {static_cast<QWidget*>(query), static_cast<QWidget*>(promptEn), static_cast<QWidget*>(promptZh),
              static_cast<QWidget*>(whyEn), static_cast<QWidget*>(whyZh)})
            w->setEnabled(asked);
        metric->setEnabled(kind->currentData().toString() == QLatin1String("top_head"));
        buttons->button(QDialogButtonBox::Ok)
            ->setEnabled(!titleEn->text().trimmed().isEmpty() &&
                         (!asked || !promptEn->text().trimmed().isEmpty()));
    };
    QObject::connect(kind, &QComboBox::currentIndexChanged, &dialog, refresh);
    QObject::connect(titleEn, &QLineEdit::textChanged, &dialog, refresh);
    QObject::connect(promptEn, &QLineEdit::textChanged, &dialog, refresh);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    refresh();
    if (dialog.exec() != QDialog::Accepted)
        return false;
    stop.title = {s(titleEn->text()), s(titleZh->text())};
    stop.narration = {s(narrationEn->toPlainText()), s(narrationZh->toPlainText())};
    const QString chosen = kind->currentData().toString();
    if (chosen.isEmpty()) {
        stop.question.reset();
    } else {
        attn::session::Question question;
        question.kind = chosen.toStdString();
        question.query = s(query->text());
        question.metric = question.kind == "top_head" ? metric->currentText().toStdString() : std::string();
        question.prompt = {s(promptEn->text()), s(promptZh->text())};
        question.why = {s(whyEn->text()), s(whyZh->text())};
        stop.question = question;
    }
    return true;
}

bool editLesson(QWidget* parent, attn::session::Lesson& lesson, int* current) {
    attn::session::Lesson draft = lesson;
    QDialog dialog(parent);
    dialog.setWindowTitle(QObject::tr("Lesson stops"));
    dialog.resize(640, 520);
    auto* titleEn = new QLineEdit(q(draft.title.en), &dialog);
    auto* titleZh = new QLineEdit(q(draft.title.zh), &dialog);
    auto* list = new QListWidget(&dialog);
    auto* up = new QPushButton(QObject::tr("Move &up"), &dialog);
    auto* down = new QPushButton(QObject::tr("Move &down"), &dialog);
    auto* edit = new QPushButton(QObject::tr("&Edit…"), &dialog);
    auto* remove = new QPushButton(QObject::tr("De&lete"), &dialog);
    auto fill = [&draft, list](int select) {
        list->clear();
        for (std::size_t i = 0; i < draft.stops.size(); ++i) {
            const auto& stop = draft.stops[i];
            list->addItem(
                QStringLiteral("%1. %2  [%3%4]")
                    .arg(i + 1)
                    .arg(q(stop.title.en), q(attn::session::pageKey(stop.state)),
                         stop.question ? QStringLiteral(", ") + q(stop.question->kind) : QString()));
        }
        list->setCurrentRow(std::clamp(select, 0, list->count() - 1));
    };
    fill(current ? *current : 0);
    auto move = [&draft, list, &fill](int by) {
        const int row = list->currentRow();
        const int to = row + by;
        if (row < 0 || to < 0 || to >= static_cast<int>(draft.stops.size()))
            return;
        std::swap(draft.stops[static_cast<std::size_t>(row)], draft.stops[static_cast<std::size_t>(to)]);
        fill(to);
    };
    QObject::connect(up, &QPushButton::clicked, &dialog, [move] { move(-1); });
    QObject::connect(down, &QPushButton::clicked, &dialog, [move] { move(+1); });
    QObject::connect(edit, &QPushButton::clicked, &dialog, [&dialog, &draft, list, &fill] {
        const int row = list->currentRow();
        if (row >= 0 && editStop(&dialog, draft.stops[static_cast<std::size_t>(row)]))
            fill(row);
    });
    QObject::connect(list, &QListWidget::itemDoubleClicked, edit, &QPushButton::click);
    QObject::connect(remove, &QPushButton::clicked, &dialog, [&draft, list, &fill] {
        const int row = list->currentRow();
        if (row < 0 || draft.stops.size() <= 1)
            return; // a lesson keeps at least one stop (close it instead)
        draft.stops.erase(draft.stops.begin() + row);
        fill(row);
    });
    auto* form = new QFormLayout;
    form->addRow(QObject::tr("Lesson title (English)"), titleEn);
    form->addRow(QObject::tr("Lesson title (Chinese)"), titleZh);
    auto* side = new QVBoxLayout;
    for (QPushButton* b : {up, down, edit, remove})
        side->addWidget(b);
    side->addStretch(1);
    auto* middle = new QHBoxLayout;
    middle->addWidget(list, 1);
    middle->addLayout(side);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* outer = new QVBoxLayout(&dialog);
    outer->addLayout(form);
    outer->addLayout(middle, 1);
    outer->addWidget(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    draft.title = {s(titleEn->text()), s(titleZh->text())};
    lesson = std::move(draft);
    if (current)
        *current = std::max(0, list->currentRow());
    return true;
}
