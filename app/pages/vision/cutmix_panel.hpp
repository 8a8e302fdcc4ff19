#pragma once
// CutMixPanel: the Vision page's CutMix tab (Yun et al. 2019). Image A is the session's current image,
// image B one of the browsed dataset; a box of B (dragged, or drawn from a seed) is pasted into A, the
// label shares follow the areas (attn::cutMix), and its own JobRunner asks the model about the mix.

#include "services/job_runner.hpp"

#include <QWidget>
#include <attn/cutmix.hpp>

class PatchGridView;
class VisionSession;
class QLabel;
class QSpinBox;

class CutMixPanel : public QWidget {
    Q_OBJECT
public:
    explicit CutMixPanel(VisionSession* session, QWidget* parent = nullptr);

    void setSeed(int seed); ///< draws the box from this seed
    int seed() const;
    void setBox(const attn::CutMixBox& box);
    void setPartner(int datasetIndex); ///< image B
    QString text() const;              ///< e.g. "50% class2 + 50% class1"
    const attn::CutMixResult& result() const { return cutMix_; }
    JobRunner* jobs() { return &mixRunner_; }

private:
    void refresh();

    VisionSession* session_;
    JobRunner mixRunner_;
    PatchGridView* mixA_ = nullptr;
    PatchGridView* mixB_ = nullptr;
    PatchGridView* mixOut_ = nullptr;
    QSpinBox* partner_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QLabel* text_ = nullptr;
    QLabel* prediction_ = nullptr;
    attn::CutMixBox box_;
    // Until the reader picks a seed or drags a box, each pair of images gets the seed whose box
    // visibly differs (attn::visibleCutMixSeed).
    bool boxChosen_ = false;
    attn::CutMixResult cutMix_;
};
