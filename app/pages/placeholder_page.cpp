#include "pages/placeholder_page.hpp"

#include <QLabel>
#include <QVBoxLayout>

PlaceholderPage::PlaceholderPage(QString title, const QString& description, QWidget* parent)
    : Page(parent), title_(std::move(title)) {
    auto* layout = new QVBoxLayout(this);
    auto* label = new QLabel(QStringLiteral("<h2>%1</h2><p>%2</p>").arg(title_.toHtmlEscaped(), description), this);
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignCenter);
    label->setMaximumWidth(720);
    layout->addStretch();
    layout->addWidget(label, 0, Qt::AlignHCenter);
    layout->addStretch();
}
