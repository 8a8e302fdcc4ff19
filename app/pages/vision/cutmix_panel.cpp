#include "pages/vision/cutmix_panel.hpp"

#include "pages/vision/vision_session.hpp"
#include "widgets/explanation.hpp"
#include "widgets/format.hpp"
#include "widgets/patch_grid_view.hpp"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numeric>

CutMixPanel::CutMixPanel(VisionSession* session, QWidget* parent) : QWidget(parent), session_(session) {
    auto* ml = new QVBoxLayout(this);
    auto* intro =
        new QLabel(tr("CutMix (Yun et al. 2019) pastes a box of image B into image A; the training label "
                      "is mixed in proportion to the areas. Drag a box on image B, or draw one from a seed."),
                   this);
    intro->setWordWrap(true);
    explanation::mark(intro);
    auto* controls = new QHBoxLayout;
    partner_ = new QSpinBox(this);
    partner_->setPrefix(tr("image B: index "));
    partner_->setRange(0, 0);
    partner_->setValue(1);
    partner_->setKeyboardTracking(false);
    seed_ = new QSpinBox(this);
    seed_->setPrefix(tr("seed "));
    seed_->setRange(0, 999999);
    seed_->setValue(7);
    seed_->setKeyboardTracking(false);
    auto* newBox = new QPushButton(tr("Box from seed"), this);
    controls->addWidget(partner_);
    controls->addWidget(seed_);
    controls->addWidget(newBox);
    controls->addStretch();
    auto* views = new QGridLayout;
    mixA_ = new PatchGridView(this);
    mixB_ = new PatchGridView(this);
    mixOut_ = new PatchGridView(this);
    mixA_->setEmptyText(tr("Image A is the image on the Attention tab"));
    mixB_->setEmptyText(tr("Image B comes from the browsed dataset"));
    mixOut_->setEmptyText(tr("Mixed image"));
    mixB_->setBoxEditable(true);
    mixB_->setToolTip(tr("Drag to choose the box that is pasted into A"));
    const QStringList heads = {tr("A (base)"), tr("B (patch source) — drag a box here"), tr("Mixed")};
    PatchGridView* grids[] = {mixA_, mixB_, mixOut_};
    for (int i = 0; i < 3; ++i) {
        auto* h = new QLabel(heads[i], this);
        h->setAlignment(Qt::AlignCenter);
        views->addWidget(h, 0, i);
        views->addWidget(grids[i], 1, i);
    }
    views->setRowStretch(1, 1);
    text_ = new QLabel(this);
    QFont mf = text_->font();
    mf.setPointSizeF(mf.pointSizeF() * 1.4);
    mf.setBold(true);
    text_->setFont(mf);
    text_->setAlignment(Qt::AlignCenter);
    prediction_ = new QLabel(this);
    prediction_->setAlignment(Qt::AlignCenter);
    prediction_->setWordWrap(true);
    ml->addWidget(intro);
    ml->addLayout(controls);
    ml->addLayout(views, 1);
    ml->addWidget(text_);
    ml->addWidget(prediction_);

    connect(partner_, &QSpinBox::valueChanged, this, [this] { refresh(); });
    connect(seed_, &QSpinBox::valueChanged, this, &CutMixPanel::setSeed);
    connect(newBox, &QPushButton::clicked, this, [this] { setSeed(seed_->value()); });
    connect(mixB_, &PatchGridView::boxChanged, this, [this](const QRect& r) {
        setBox(attn::normalizedBox(r.left(), r.top(), r.left() + r.width(), r.top() + r.height(),
                                   mixB_->image().height(), mixB_->image().width()));
    });
    connect(session_, &VisionSession::analysisChanged, this, &CutMixPanel::refresh);
    connect(session_, &VisionSession::datasetChanged, this, [this] {
        const int last = std::max(0, static_cast<int>(session_->dataset()->images.count) - 1);
        const QSignalBlocker block(partner_);
        partner_->setRange(0, last);
        partner_->setValue(
            std::min(last, 9)); // a different image than A by default (#9: a sneaker in Fashion-MNIST)
    });
}

void CutMixPanel::setSeed(int seed) {
    boxChosen_ = true;
    if (seed_->value() != seed) {
        seed_->setValue(seed); // valueChanged() comes back here
        return;
    }
    const auto& analysis = session_->analysis();
    if (!analysis || analysis->modelView.empty())
        return;
    box_ = attn::sampleCutMixBox(analysis->modelView.height, analysis->modelView.width,
                                 static_cast<std::uint64_t>(seed));
    refresh();
}

int CutMixPanel::seed() const {
    return seed_->value();
}

void CutMixPanel::setBox(const attn::CutMixBox& box) {
    boxChosen_ = true;
    box_ = box;
    refresh();
}

void CutMixPanel::setPartner(int datasetIndex) {
    partner_->setValue(datasetIndex);
}

QString CutMixPanel::text() const {
    return text_->text();
}

void CutMixPanel::refresh() {
    const auto& analysis = session_->analysis();
    if (!analysis || analysis->modelView.empty()) {
        text_->setText(tr("Classify an image first (it becomes image A)"));
        return;
    }
    const attn::Image& a = analysis->modelView;
    mixA_->setImage(imageio::toQImage(a));
    const auto& data = session_->dataset();
    if (!data || data->images.count == 0) {
        mixB_->setImage({});
        mixOut_->setImage({});
        text_->setText(tr("Open a dataset to pick image B"));
        return;
    }
    const int bIndex = std::clamp(partner_->value(), 0, static_cast<int>(data->images.count) - 1);
    attn::Image b;
    try {
        b = session_->modelSized(imageio::datasetImage(*data, static_cast<std::size_t>(bIndex)));
        if (b.channels != a.channels)
            b = attn::convertChannels(b, a.channels);
        if (b.height != a.height || b.width != a.width)
            b = attn::resizeBilinear(b, a.height, a.width);
    } catch (const std::exception& e) {
        Q_EMIT session_->errorRaised(QString::fromStdString(e.what()));
        return;
    }
    if (!boxChosen_) {
        constexpr int kCandidateSeeds = 64;
        const auto seed = attn::visibleCutMixSeed(a, b, 0, kCandidateSeeds);
        const QSignalBlocker block(seed_);
        seed_->setValue(static_cast<int>(seed));
        box_ = attn::sampleCutMixBox(a.height, a.width, seed);
    }
    cutMix_ = attn::cutMix(a, b, box_);
    const QRect r(cutMix_.box.x0, cutMix_.box.y0, cutMix_.box.width(), cutMix_.box.height());
    mixB_->setImage(imageio::toQImage(b));
    mixB_->setBox(r);
    mixOut_->setImage(imageio::toQImage(cutMix_.image));
    mixOut_->setBox(r);
    auto vit = session_->model();
    if (vit)
        for (PatchGridView* v : {mixA_, mixB_, mixOut_})
            v->setPatchSize(vit->settings().patchSize);
    const QString aName = analysis->trueLabel >= 0
                              ? session_->labelName(analysis->trueLabel)
                              : tr("%1 (predicted)").arg(session_->labelName(analysis->result.predicted));
    const int bLabel = session_->datasetLabel(bIndex);
    const QString bName = bLabel >= 0 ? session_->labelName(bLabel) : tr("image #%1").arg(bIndex);
    const long pa = std::lround(100.0 * cutMix_.baseShare);
    text_->setText(tr("%1% %2 + %3% %4").arg(pa).arg(aName).arg(100 - pa).arg(bName));
    text_->setToolTip(tr("Box %1×%2 px of %3×%4: area ratio %5 (exact)")
                          .arg(cutMix_.box.width())
                          .arg(cutMix_.box.height())
                          .arg(a.width)
                          .arg(a.height)
                          .arg(format::num(cutMix_.patchShare, 4)));
    if (!vit)
        return;
    // What the model makes of the mixed image.
    prediction_->setText(tr("Model on the mixed image: …"));
    mixRunner_.run<attn::ClassifierResult>(
        [vit, img = cutMix_.image](const JobContext&) { return vit->classify(img); },
        [this](attn::ClassifierResult res) {
            std::vector<int> order(res.probabilities.size());
            std::iota(order.begin(), order.end(), 0);
            std::sort(order.begin(), order.end(),
                      [&](int x, int y) { return res.probabilities[x] > res.probabilities[y]; });
            QStringList top;
            for (std::size_t k = 0; k < std::min<std::size_t>(3, order.size()); ++k)
                top << tr("%1 %2%")
                           .arg(session_->labelName(order[k]))
                           .arg(format::num(100.0 * res.probabilities[order[k]], 0));
            prediction_->setText(tr("Model on the mixed image: %1").arg(top.join(QStringLiteral(", "))));
        },
        [this](const QString& m) { prediction_->setText(tr("Model on the mixed image failed: %1").arg(m)); });
}
