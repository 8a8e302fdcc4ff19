#pragma once
// DatasetBrowser: the Vision page's left panel. Lists the session's dataset (true label, and once
// predicted ✓ or ✗ → predicted label), browses it by index or by clicking a row, filters the mistakes
// and predicts the whole set in the background (batches in its own JobRunner, started when a model or
// a dataset arrives).

#include "services/job_runner.hpp"

#include <QWidget>

class VisionSession;
class QCheckBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;

class DatasetBrowser : public QWidget {
    Q_OBJECT
public:
    explicit DatasetBrowser(VisionSession* session, QWidget* parent = nullptr);
    /// At least 250 px wide, and as wide as its rows need at the page's text size (a fixed minimum let the
    /// splitter cut "Mistakes only" off in teaching mode zoomed to 125 %).
    QSize minimumSizeHint() const override;

    /// Starts predicting the whole browsed set (batches in the job runner).
    void predictAll();
    /// Whether a newly opened set (or a new model) is predicted at once (default true). A one-image run
    /// (render, inspect --png) turns it off: it never shows the list, and 10,000 images cost seconds.
    void setAutoPredict(bool on) { autoPredict_ = on; }
    bool autoPredict() const { return autoPredict_; }
    void cancelPredictions();
    void setMistakesOnly(bool on);
    /// Rows not hidden by "Mistakes only".
    int visibleRows() const;
    /// The index the spin box shows (also the index an opened file starts at).
    int currentIndex() const;
    /// The dataset image selected in the list, -1 when none is (e.g. after Open image… of a picture).
    int selectedRow() const;
    void setNoDatasetText(const QString& text);
    /// The header above the list: the browsed set, and when an opened picture is shown instead of one of
    /// its images, that picture first.
    QString headerText() const;

    JobRunner* jobs() { return &batchRunner_; }

private:
    bool autoPredict_ = true;
    void onDatasetChanged();
    /// Sets the header from the set and pictureSource_ (issue 49 point 5: after Open image… it still
    /// read "t10k-images…: 10000 images" as if the set's image were shown).
    void refreshHeader();
    void refreshList();
    void refreshRow(int row);
    /// Enables what applies to the state: the index, filter and list need a set; Predict all also a
    /// model and no run in progress.
    void updateControls();
    void startNextBatch();
    void finishPredicting(const QString& text);

    VisionSession* session_;
    JobRunner batchRunner_;
    QLabel* datasetLabel_ = nullptr;
    QSpinBox* index_ = nullptr;
    QCheckBox* mistakesOnly_ = nullptr;
    QListWidget* list_ = nullptr;
    QPushButton* predictAll_ = nullptr;
    QPushButton* cancelPredict_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* accuracy_ = nullptr;
    QString noDatasetText_;
    QString pictureSource_; // the opened picture shown instead of a dataset image; empty when none
    int nextBatchStart_ = 0;
    bool predicting_ = false;
};
