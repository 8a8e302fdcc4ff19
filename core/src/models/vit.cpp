#include "common.hpp"

#include <algorithm>
#include <attn/explain/subject.hpp>
#include <attn/models/vit.hpp>
#include <stdexcept>

namespace attn {

VitModel::VitModel(VitConfig config, WeightLoader& w) : config_(std::move(config)) {
    const auto& e = config_.encoder;
    const Eigen::Index d = e.dModel, C = config_.inChannels, p = config_.patchSize;
    const Eigen::Index N = config_.numPatches();
    patchWeight_ = w.matrixAs("patch_embed.proj.weight", {d, C, p, p}, d);
    patchBias_ = w.vector("patch_embed.proj.bias", d);
    cls_ = w.matrixAs("cls_token", {1, 1, d}, 1);
    if (config_.positional == Positional::Learned)
        positions_ = w.matrixAs("pos_embed", {1, N + 1, d}, N + 1);
    else
        positions_ = detail::sinusoidalTable(static_cast<int>(N + 1), e.dModel);
    encoder_ = layers::TransformerEncoder::load(w, "encoder", e);
    norm_ = layers::LayerNorm::load(w, "norm", d, e.layerNormEps);
    head_ = layers::Linear::load(w, "head", d, static_cast<Eigen::Index>(config_.labels.size()));
}

Image VitModel::resized(const Image& image) const {
    return resizeBilinear(convertChannels(image, config_.inChannels), config_.imageSize, config_.imageSize);
}

Image VitModel::prepare(const Image& image) const {
    return normalize(resized(image), config_.mean, config_.std);
}

ClassifierResult VitModel::classify(const Image& image) const {
    return classifyPrepared(prepare(image));
}

std::vector<std::string> VitModel::positionLabels() const {
    std::vector<std::string> labels{"[CLS]"};
    const int side = config_.patchesPerSide();
    for (int r = 0; r < side; ++r)
        for (int c = 0; c < side; ++c)
            labels.push_back("r" + std::to_string(r) + "c" + std::to_string(c));
    return labels;
}

ClassifierResult VitModel::classifyPrepared(const Image& img, const layers::EncoderSwitches& switches,
                                            std::vector<layers::LayerTrace>* traces) const {
    const int C = config_.inChannels, p = config_.patchSize, side = config_.patchesPerSide();
    if (img.channels != C || img.height != config_.imageSize || img.width != config_.imageSize)
        throw std::invalid_argument(
            "vit: image is " + std::to_string(img.channels) + "x" + std::to_string(img.height) + "x" +
            std::to_string(img.width) + ", expected " + std::to_string(C) + "x" +
            std::to_string(config_.imageSize) + "x" + std::to_string(config_.imageSize));
    const Eigen::Index N = config_.numPatches(), K = static_cast<Eigen::Index>(C) * p * p;
    Matrix patches(N, K); // N x (C p p), column index c*p*p + ky*p + kx (conv weight layout)
    for (int pr = 0; pr < side; ++pr)
        for (int pc = 0; pc < side; ++pc) {
            const Eigen::Index row = static_cast<Eigen::Index>(pr) * side + pc;
            for (int c = 0; c < C; ++c)
                for (int ky = 0; ky < p; ++ky)
                    for (int kx = 0; kx < p; ++kx)
                        patches(row, (static_cast<Eigen::Index>(c) * p + ky) * p + kx) =
                            img.at(c, pr * p + ky, pc * p + kx);
        }
    Matrix x(N + 1, patchWeight_.rows()); // (N + 1) x d
    x.row(0) = cls_;
    x.bottomRows(N).noalias() = patches * patchWeight_.transpose();
    x.bottomRows(N).rowwise() += patchBias_.transpose();
    x += positions_;

    ClassifierResult r;
    r.tokens = positionLabels();
    r.keyAllowed.assign(static_cast<std::size_t>(N + 1), 1);
    x = encoder_.forward(std::move(x), {}, r.attention, switches, traces);
    const Matrix logits = head_.forward(norm_.forward(x.topRows(1))); // 1 x n_labels
    r.logits.assign(logits.data(), logits.data() + logits.size());
    r.probabilities = detail::softmax(r.logits);
    r.predicted = static_cast<int>(std::max_element(r.logits.begin(), r.logits.end()) - r.logits.begin());
    r.predictedLabel = config_.labels[static_cast<std::size_t>(r.predicted)];
    return r;
}

std::unique_ptr<explain::Subject> VitModel::explainSubject(const Image& image) const {
    return explain::imageSubject(*this, image);
}

} // namespace attn
