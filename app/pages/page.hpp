#pragma once
// Base class of every view. A page knows which heatmap (if any) the File > Export actions act on, and
// has one busy/idle contract: isBusy() is true while any of its background work (model loads, jobs)
// runs, busyChanged(bool) reports each change. The CLI (`render`) and the tests wait on that with
// waitUntilIdle(page) (services/wait.hpp) instead of page-specific completion tests.
//
// Construction builds widgets only; start() begins the page's work (loading its default models into
// the slots that are still empty), so a caller can hand a page its model first.

#include <QWidget>
#include <functional>
#include <vector>

class HeatmapView;
class JobRunner;
class ModelSlot;

class Page : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;
    virtual QString title() const = 0;
    /// The heatmap whose matrix File > Export matrix writes; nullptr when the page shows none.
    virtual HeatmapView* currentHeatmap() const { return nullptr; }
    /// The widget File > Export view renders (defaults to the whole page).
    virtual QWidget* exportWidget() { return this; }
    /// The message the page's error banner shows (empty when there is none).
    virtual QString errorText() const { return {}; }

    /// Begins the page's work: loads the shipped default into every slot that has no model yet.
    virtual void start() {}

    /// Run when the next page is idle; returns true when it has nothing more to do (see carryStateTo).
    using FollowUp = std::function<bool()>;
    /// The language switch (MainWindow::retranslate builds every page again, in the new language):
    /// hands this page's inputs, opened models and choices to `next`, a page of the same type that has
    /// not been started. Models are handed over, not read again. What needs `next`'s results first (a
    /// decoding step, a selected head) goes into the returned follow-up, which the caller runs each time
    /// `next` becomes idle until it returns true. The default carries nothing.
    virtual FollowUp carryStateTo(Page* next) const {
        (void)next;
        return {};
    }
    /// Runs `followUp` now if this page is idle (from the event loop) and again each time it becomes idle,
    /// until it returns true (at most kMaxFollowUps runs: a follow-up that starts no work cannot hang).
    void followUpWhenIdle(FollowUp followUp);
    /// True while a follow-up from followUpWhenIdle() has not finished.
    bool hasPendingFollowUp() const { return static_cast<bool>(followUp_); }
    static constexpr int kMaxFollowUps = 32;

    /// True while any tracked background work runs.
    bool isBusy() const;

    /// Teaching mode (View → Teaching mode, `render --teaching`): larger text everywhere on the page
    /// (widgets/teaching.hpp) and every HeatmapView in its teaching mode. Pages that show more in
    /// teaching mode override this and call Page::setTeachingMode first.
    virtual void setTeachingMode(bool on);
    bool teachingMode() const { return teachingMode_; }

Q_SIGNALS:
    /// A message for the status bar.
    void statusMessage(const QString& text);
    /// isBusy() changed.
    void busyChanged(bool busy);

protected:
    /// Makes `runner`'s / `slot`'s work part of isBusy() (call once per source, in the constructor).
    void trackBusy(JobRunner* runner);
    void trackBusy(ModelSlot* slot);
    /// For any other source: `busy` is asked on every change; call refreshBusy() when it may have changed.
    void trackBusy(std::function<bool()> busy);
    void refreshBusy();

private:
    void runFollowUp();

    std::vector<std::function<bool()>> busySources_;
    FollowUp followUp_;
    int followUpRuns_ = 0;
    bool busy_ = false;
    bool teachingMode_ = false;
};
