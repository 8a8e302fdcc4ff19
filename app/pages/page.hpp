#pragma once
// Base class of every view. A page knows which heatmap (if any) the File > Export actions act on, and
// has one busy/idle contract: isBusy() is true while any of its background work (model loads, jobs)
// runs, busyChanged(bool) reports each change. The CLI (`render`) and the tests wait on that with
// waitUntilIdle(page) (services/wait.hpp) instead of page-specific completion tests.
//
// Construction builds widgets only; start() begins the page's work (loading its default models into
// the slots that are still empty), so a caller can hand a page its model first.

#include "services/models_in_memory.hpp"

#include <QString>
#include <QWidget>
#include <attn/session/page_state.hpp>
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

    /// Run when the page is idle; returns true when it has nothing more to do (see restoreState).
    using FollowUp = std::function<bool()>;

    /// This page's state as one plain value (attn/session/page_state.hpp): inputs, options, the files it
    /// shows, step, selections, what-if switches. Used by the language switch, session files and lesson
    /// stops alike.
    virtual attn::session::PageState saveState() const = 0;
    /// Puts the page in `state` (an alternative of another page is ignored). Models listed by
    /// `inMemory` (directory -> loaded model) are taken from there instead of being read again; the
    /// others are loaded in the background (a missing one leaves the page's default and says so in
    /// its banner). What needs results first (a decoding step, a selected head) goes into the
    /// returned follow-up, which the caller runs each time the page becomes idle until it returns true
    /// (followUpWhenIdle).
    virtual FollowUp restoreState(const attn::session::PageState& state, const ModelsInMemory& inMemory) = 0;
    /// The models this page holds (directory -> model), for restoreState on another page.
    virtual ModelsInMemory modelsInMemory() const { return {}; }
    /// The language switch (MainWindow::retranslate builds every page again, in the new language):
    /// `next` (a page of the same type, not started) is restored to saveState() with this page's models.
    FollowUp carryStateTo(Page* next) const { return next->restoreState(saveState(), modelsInMemory()); }

    /// Presenter mode: PageDown / PageUp move to the next / previous step of the page (its step bar, a
    /// decoding step, a generated token). False when there is none (at the end, or a page without steps).
    virtual bool stepForward() { return false; }
    virtual bool stepBack() { return false; }

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

    /// Presenter zoom (View → Zoom in / out / Actual size), percent, clamped to
    /// attn::session::kMinZoomPercent..kMaxZoomPercent: every text of the page, its heatmaps' labels and
    /// numbers and its charts' text drawn at zoomFactor() times their size (times teaching mode's). It
    /// runs setTeachingMode(teachingMode()) again, so that a page's override sizes its own text
    /// (plots, fixed heights) with zoomFactor(); 100 % restores the fonts exactly.
    void setZoomPercent(int percent);
    int zoomPercent() const { return zoomPercent_; }
    double zoomFactor() const { return zoomPercent_ / 100.0; }
    /// Shows or hides the page's explanatory paragraphs (widgets/explanation.hpp: step captions, intro
    /// texts, notes on what a view shows), also those the page makes or shows later. A page that writes
    /// such a paragraph into a text view of figures overrides this (calling Page's first) to redraw it.
    virtual void setParagraphsShown(bool shown);
    bool paragraphsShown() const { return paragraphsShown_; }

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
    int zoomPercent_ = 100;
    bool paragraphsShown_ = true;
};
