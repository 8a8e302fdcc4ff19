#include "pages/similarity/sentence_list_panel.hpp"

#include "pages/similarity/similarity_presets.hpp"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>
#include <attn/session/page_state.hpp>

SentenceListPanel::SentenceListPanel(QWidget* parent) : QWidget(parent) {
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Sentences:"), this));
    top->addStretch();
    top->addWidget(new QLabel(tr("Preset:"), this));
    presets_ = new QComboBox(this);
    presets_->addItem(tr("Choose…"));
    for (const auto& p : similarity::presets())
        presets_->addItem(p.name);
    top->addWidget(presets_);
    v->addLayout(top);

    table_ = new QTableWidget(0, 1, this);
    table_->horizontalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents); // the numbers 1, 2, …
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    table_->setToolTip(tr("Double-click a sentence (or press F2) to edit it"));
    v->addWidget(table_, 1);

    auto* buttons = new QHBoxLayout;
    add_ = new QPushButton(tr("Add sentence"), this);
    remove_ = new QPushButton(tr("Remove"), this);
    buttons->addWidget(add_);
    buttons->addWidget(remove_);
    buttons->addStretch();
    v->addLayout(buttons);

    connect(table_, &QTableWidget::itemChanged, this, [this] {
        if (!filling_)
            Q_EMIT edited();
    });
    connect(table_, &QTableWidget::currentCellChanged, this, [this](int row, int, int previous, int) {
        if (!filling_ && row >= 0 && row != previous)
            Q_EMIT currentChanged(row);
    });
    connect(add_, &QPushButton::clicked, this, [this] {
        addSentence(QString());
        table_->editItem(table_->item(table_->rowCount() - 1, 0));
    });
    connect(remove_, &QPushButton::clicked, this, [this] { removeSentence(currentIndex()); });
    connect(presets_, &QComboBox::activated, this, [this](int i) {
        if (i > 0)
            choosePreset(i - 1);
        const QSignalBlocker block(presets_);
        presets_->setCurrentIndex(0);
    });
}

QStringList SentenceListPanel::sentences() const {
    QStringList out;
    for (int r = 0; r < table_->rowCount(); ++r)
        out << (table_->item(r, 0) ? table_->item(r, 0)->text() : QString());
    return out;
}

void SentenceListPanel::setSentences(const QStringList& sentences) {
    filling_ = true;
    const int current = currentIndex();
    table_->setRowCount(0);
    for (const QString& s : sentences) {
        const int r = table_->rowCount();
        table_->insertRow(r);
        table_->setItem(r, 0, new QTableWidgetItem(s));
    }
    table_->setCurrentCell(std::clamp(current, 0, std::max(0, int(sentences.size()) - 1)), 0);
    remove_->setEnabled(!sentences.isEmpty());
    add_->setEnabled(sentences.size() < int(attn::session::kMaxSentences));
    filling_ = false;
}

int SentenceListPanel::currentIndex() const {
    return table_->currentRow();
}

void SentenceListPanel::setCurrentIndex(int index) {
    if (index < 0 || index >= table_->rowCount() || index == currentIndex())
        return;
    filling_ = true;
    table_->setCurrentCell(index, 0);
    filling_ = false;
}

void SentenceListPanel::addSentence(const QString& text) {
    if (table_->rowCount() >= int(attn::session::kMaxSentences))
        return;
    QStringList s = sentences();
    s << text;
    setSentences(s);
    setCurrentIndex(int(s.size()) - 1);
    Q_EMIT edited();
}

void SentenceListPanel::removeSentence(int index) {
    QStringList s = sentences();
    if (index < 0 || index >= s.size())
        return;
    s.removeAt(index);
    setSentences(s);
    Q_EMIT edited();
}

void SentenceListPanel::choosePreset(int index) {
    const auto all = similarity::presets();
    if (index < 0 || index >= int(all.size()))
        return;
    setSentences(all[std::size_t(index)].sentences);
    setCurrentIndex(0);
    Q_EMIT edited();
}
