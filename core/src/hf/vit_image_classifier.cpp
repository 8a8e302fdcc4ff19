#include "classifier_result.hpp"

#include <attn/config.hpp>
#include <attn/explain/hf_subject.hpp>
#include <attn/hf/vit_image_classifier.hpp>

namespace attn::hf {

ViTImageClassifier::ViTImageClassifier(std::shared_ptr<const ViTModel> model) : model_(std::move(model)) {
    const ViTConfig& v = model_->vitConfig();
    settings_.encoder.nLayers = model_->numLayers();
    settings_.encoder.nHeads = model_->numHeads();
    settings_.encoder.dModel = v.hidden;
    settings_.encoder.ffDim = v.intermediate;
    settings_.encoder.normFirst = true;
    settings_.encoder.layerNormEps = v.layerNormEps;
    settings_.imageSize = v.imageHeight;
    settings_.patchSize = v.patchHeight;
    settings_.inChannels = v.channels;
    settings_.positional = Positional::Learned;
    const auto& pre = model_->preprocessor();
    for (int c = 0; c < v.channels; ++c) {
        const auto at = [c](const std::vector<float>& values) {
            return values.empty() ? 0.5f : values[values.size() == 1 ? 0 : static_cast<std::size_t>(c)];
        };
        settings_.mean.push_back(pre.doNormalize() ? at(pre.mean()) : 0.0f);
        settings_.std.push_back(pre.doNormalize() ? at(pre.stdDev()) : 1.0f);
    }
    settings_.labels = model_->labels();
}

std::string ViTImageClassifier::incompleteReason() const {
    const auto& cfg = model_->config();
    if (model_->labels().empty())
        return cfg.file() + ": this vit model has no classification head (the Vision page needs a "
                            "ViTForImageClassification with id2label)";
    const ViTConfig& v = model_->vitConfig();
    if (v.imageHeight != v.imageWidth || v.patchHeight != v.patchWidth)
        return cfg.file() + ": image_size " + std::to_string(v.imageHeight) + "x" +
               std::to_string(v.imageWidth) + " with patch_size " + std::to_string(v.patchHeight) + "x" +
               std::to_string(v.patchWidth) + "; the Vision page shows square images of square patches";
    return {};
}

Image ViTImageClassifier::resized(const Image& image) const {
    return model_->preprocessor().resized(image, model_->vitConfig().channels);
}

ClassifierResult ViTImageClassifier::classify(const Image& image) const {
    ClassifierResult r = detail::classifierResultOf(model_->classify(image));
    r.tokens = model_->positionLabels();
    r.keyAllowed.assign(r.tokens.size(), 1);
    return r;
}

std::optional<ExplainRefusal> ViTImageClassifier::explainRefusal() const {
    return detail::explainRefusalOf(*model_, explain::hfExplainRefusal(*model_));
}

std::unique_ptr<explain::Subject> ViTImageClassifier::explainSubject(const Image& image) const {
    return explain::hfImageSubject(*model_, image);
}

} // namespace attn::hf
