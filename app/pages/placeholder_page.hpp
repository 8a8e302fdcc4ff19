#pragma once
// Stands in for a view that a later issue builds: says what the view will show, so no tab is blank.

#include "pages/page.hpp"

class PlaceholderPage : public Page {
    Q_OBJECT
public:
    PlaceholderPage(QString title, const QString& description, QWidget* parent = nullptr);
    QString title() const override { return title_; }

private:
    QString title_;
};
