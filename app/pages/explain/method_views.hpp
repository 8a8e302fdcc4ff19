#pragma once
// The left of the explanation panel's methods section (explain_panel.hpp): the input once per method,
// a review shaded word by word (a text view, one row per method with its AOPC) or a sheet of image
// overlays with each method's name and AOPC under its tile, laid out for the space the views have.
// Before an explanation the text view says what each method reads.

#include "pages/explain/explain_job.hpp"

#include <QWidget>

class QLabel;
class QTextBrowser;

class MethodViews : public QWidget {
    Q_OBJECT
public:
    explicit MethodViews(QWidget* parent = nullptr);

    /// The introduction (explaintext::introductionHtml) in the text view; the image sheet hidden.
    void showIntroduction(const QString& headTestsTip);
    /// Shows `outcome`'s methods: text or images as its input was. The views keep the pointer to lay the
    /// image sheet out again on resize: it must live until clear() or the next showOutcome().
    void showOutcome(const explainview::Outcome* outcome);
    /// Forgets the outcome and drops the image sheet (the text view keeps its text).
    void clear();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void composeImageSheet();

    const explainview::Outcome* outcome_ = nullptr;
    QTextBrowser* textViews_ = nullptr; // text: one shaded review per method
    QLabel* imageViews_ = nullptr;      // image: one overlay per method
};
