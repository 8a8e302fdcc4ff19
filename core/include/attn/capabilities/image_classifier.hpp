#pragma once
// ImageClassifier: what the Vision page, the Explain tab and the command line ask of a ViT, whichever
// files it came from — attnviz's own vit checkpoint (attn::VitModel) or a Hugging Face ViT directory with
// its preprocessor_config.json (attn::hf::ViTImageClassifier). Resizing and normalisation are the
// model's own (attn::VitModel::resized / attn::hf::ImagePreprocessor).

#include <attn/capabilities/capability.hpp>
#include <attn/config.hpp>
#include <attn/image.hpp>
#include <attn/models/model.hpp>
#include <memory>
#include <optional>
#include <vector>

namespace attn {

namespace explain {
class Subject;
}

class ImageClassifier {
public:
    virtual ~ImageClassifier() = default;
    /// Image size, patch size, channels, layers and heads (encoder), mean / std and the labels.
    virtual const VitConfig& settings() const = 0;
    const std::vector<std::string>& labels() const { return settings().labels; }
    /// `image` converted to the model's channels and size, pixels in [0, 1] (what the model sees, before
    /// normalisation).
    virtual Image resized(const Image& image) const = 0;
    /// Resize, normalise and run: tokens "[CLS]" then "r{row}c{col}" per patch.
    virtual ClassifierResult classify(const Image& image) const = 0;
    /// (N + 1) x d, [CLS] first: what is added to the patch tokens.
    virtual const Matrix& positionEmbeddings() const = 0;
    /// Why this model cannot serve the Vision page although it is a ViT (a Hugging Face directory without
    /// a classification head, or non-square images or patches); empty when it can. openModel refuses such
    /// a model for a page that needs an image classifier, with this message.
    virtual std::string incompleteReason() const { return {}; }
    /// Why explanations cannot run on this model; nullopt when they can.
    virtual std::optional<ExplainRefusal> explainRefusal() const { return std::nullopt; }
    /// The explanation subject for `image` (prepared as classify() prepares it); it refers to this
    /// model, which must outlive it. Throws std::invalid_argument with the reason.
    virtual std::unique_ptr<explain::Subject> explainSubject(const Image& image) const = 0;
};

} // namespace attn
