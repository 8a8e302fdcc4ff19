#include "pages/page.hpp"

#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "widgets/explanation.hpp"
#include "widgets/heatmap_view.hpp"
#include "widgets/teaching.hpp"

#include <algorithm>
#include <attn/session/session_file.hpp>

bool Page::isBusy() const {
    return std::any_of(busySources_.begin(), busySources_.end(), [](const auto& busy) { return busy(); });
}

void Page::trackBusy(JobRunner* runner) {
    busySources_.push_back([runner] { return runner->isBusy(); });
    connect(runner, &JobRunner::busyChanged, this, &Page::refreshBusy);
}

void Page::trackBusy(ModelSlot* slot) {
    busySources_.push_back([slot] { return slot->isBusy(); });
    connect(slot, &ModelSlot::busyChanged, this, &Page::refreshBusy);
}

void Page::trackBusy(std::function<bool()> busy) {
    busySources_.push_back(std::move(busy));
}

void Page::refreshBusy() {
    const bool now = isBusy();
    if (now == busy_)
        return;
    busy_ = now;
    Q_EMIT busyChanged(now);
    if (!now && followUp_)
        QMetaObject::invokeMethod(this, &Page::runFollowUp, Qt::QueuedConnection);
}

void Page::followUpWhenIdle(FollowUp followUp) {
    followUp_ = std::move(followUp);
    followUpRuns_ = 0;
    if (followUp_)
        QMetaObject::invokeMethod(this, &Page::runFollowUp, Qt::QueuedConnection);
}

void Page::runFollowUp() {
    // Queued: the page may have become busy again (or the follow-up finished) since it was posted.
    if (!followUp_ || isBusy())
        return;
    ++followUpRuns_;
    FollowUp current = followUp_;
    if (current() || followUpRuns_ >= kMaxFollowUps)
        followUp_ = nullptr;
}

void Page::setTeachingMode(bool on) {
    teachingMode_ = on;
    teaching::applyFonts(this, on, zoomFactor());
    for (HeatmapView* view : findChildren<HeatmapView*>()) {
        view->setTeachingMode(on);
        view->setTextScale(zoomFactor());
    }
}

void Page::setZoomPercent(int percent) {
    percent = std::clamp(percent, attn::session::kMinZoomPercent, attn::session::kMaxZoomPercent);
    if (percent == zoomPercent_)
        return;
    zoomPercent_ = percent;
    setTeachingMode(teachingMode_); // fonts, heatmaps and the page's own extras at the new factor
}

void Page::setParagraphsShown(bool shown) {
    paragraphsShown_ = shown;
    explanation::setShown(this, shown);
}
