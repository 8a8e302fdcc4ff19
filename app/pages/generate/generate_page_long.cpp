// The Generate page's prompt files and long-context runs (issue 56; generate_page.hpp,
// long_context_session.hpp): "Open prompt…" and the long-context forward on the page's JobRunner.
#include "pages/generate/generate_page.hpp"
#include "pages/generate/long_context_views.hpp"
#include "services/job_runner.hpp"
#include "services/model_slot.hpp"
#include "widgets/error_banner.hpp"
#include "widgets/sentence_input.hpp"

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStringDecoder>
#include <attn/memory_budget.hpp>

bool GeneratePage::openPromptFile(const QString& path) {
    QFile file(path);
    QString error;
    QString text;
    if (!file.open(QIODevice::ReadOnly)) {
        error = tr("Cannot open the prompt file %1: %2. The prompt was not changed.")
                    .arg(QDir::toNativeSeparators(path), file.errorString());
    } else if (file.size() > kMaxPromptFileBytes) {
        error = tr("The prompt file %1 is %2; a prompt file may be at most %3. The prompt was not changed.")
                    .arg(QDir::toNativeSeparators(path))
                    .arg(QString::fromStdString(attn::formatBytes(static_cast<std::uint64_t>(file.size()))),
                         QString::fromStdString(attn::formatBytes(kMaxPromptFileBytes)));
    } else {
        const QByteArray bytes = file.readAll();
        QStringDecoder utf8(QStringDecoder::Utf8);
        text = utf8(bytes);
        if (utf8.hasError())
            error = tr("The prompt file %1 is not UTF-8 text. The prompt was not changed.")
                        .arg(QDir::toNativeSeparators(path));
    }
    if (!error.isEmpty()) {
        runError_ = error;
        refreshErrors();
        return false;
    }
    while (text.endsWith(QLatin1Char('\n')) || text.endsWith(QLatin1Char('\r')))
        text.chop(1); // the file's last line break is not part of the prompt
    {
        const QSignalBlocker block(prompt_->lineEdit());
        prompt_->setText(text);
    }
    prompt_->cancelPending();
    pause();
    Q_EMIT statusMessage(tr("Prompt read from %1").arg(QDir::toNativeSeparators(path)));
    return reset();
}

bool GeneratePage::startLongContext(const std::vector<int>& ids) {
    const auto model = slot_->causalLm();
    if (!model)
        return false;
    prompt_->cancelPending();
    jobs_->cancel(); // a step in flight is dropped; the shown state stays until the pass is ready
    runError_.clear();
    refreshErrors();
    longRunning_ = true;
    runningTokens_ = static_cast<int>(ids.size());
    progress_->setValue(0);
    progress_->setFormat(tr("Layer 0 of %1").arg(model->numLayers()));
    progress_->show();
    cancel_->show();
    jobs_->run<LongContextSnapshot>(
        [model, ids](const JobContext& job) {
            job.reportProgress(0);
            return runLongContext(*model, ids, [&job](int done, int layers) {
                return job.reportProgress(static_cast<double>(done) / layers);
            });
        },
        [this](LongContextSnapshot s) {
            endLongRun();
            generator_.reset();
            snapshot_ = {};
            snapshot_.promptIds = s.ids;
            selectedStep_ = -1;
            const int layers = static_cast<int>(s.pass->layers.size());
            if (layer_ >= layers || head_ >= s.pass->heads)
                layer_ = head_ = 0;
            longSnap_ = std::move(s);
            runError_.clear();
            refreshErrors();
            refreshViews();
            refreshControls();
        },
        [this](const QString& message) {
            endLongRun();
            runError_ = message;
            refreshErrors();
            refreshControls();
        });
    refreshControls();
    return true;
}

void GeneratePage::cancelLongContext() {
    if (!longRunning_)
        return;
    jobs_->cancel();
    endLongRun();
    refreshControls();
    Q_EMIT statusMessage(tr("Long-context forward cancelled; the previous result is kept"));
}

void GeneratePage::endLongRun() {
    longRunning_ = false;
    progress_->hide();
    cancel_->hide();
}
