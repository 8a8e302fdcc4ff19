#pragma once
// A Hugging Face ViT directory with a classification head and its preprocessor_config.json as an
// ImageClassifier: the preprocessor's resize and normalisation, the patch labels, [CLS] pooling.

#include <attn/capabilities/image_classifier.hpp>
#include <attn/hf/vit.hpp>
#include <memory>

namespace attn::hf {

class ViTImageClassifier : public ImageClassifier {
public:
    /// Any Hugging Face ViT (inspect runs one without a head); incompleteReason() says why the Vision page
    /// cannot show it (no classification head, non-square images or patches).
    explicit ViTImageClassifier(std::shared_ptr<const ViTModel> model);

    const ViTModel& core() const { return *model_; }
    const VitConfig& settings() const override { return settings_; }
    Image resized(const Image& image) const override;
    ClassifierResult classify(const Image& image) const override;
    const Matrix& positionEmbeddings() const override { return model_->positionEmbeddings(); }
    std::string incompleteReason() const override;
    std::optional<ExplainRefusal> explainRefusal() const override;
    std::unique_ptr<explain::Subject> explainSubject(const Image& image) const override;

private:
    std::shared_ptr<const ViTModel> model_;
    VitConfig settings_;
};

} // namespace attn::hf
