#pragma once
// ImageClassifier: what the Vision page asks of a ViT, whichever files it came from — attnviz's own
// vit checkpoint (attn::VitModel) or a Hugging Face ViT directory with its preprocessor_config.json
// (HfImageClassifier, services/hf_classifiers.hpp). Resizing and normalisation are the model's own
// (attn::VitModel::resized / attn::hf::ImagePreprocessor); the page never re-derives them.

#include "services/model_handle.hpp"

#include <QString>
#include <attn/config.hpp>
#include <attn/image.hpp>
#include <attn/models/model.hpp>
#include <memory>
#include <vector>

class ImageClassifier {
public:
    virtual ~ImageClassifier() = default;
    /// Image size, patch size, channels, layers and heads (encoder), mean / std and the labels.
    virtual const attn::VitConfig& settings() const = 0;
    const std::vector<std::string>& labels() const { return settings().labels; }
    /// `image` converted to the model's channels and size, pixels in [0, 1] (what the model sees, before
    /// normalisation).
    virtual attn::Image resized(const attn::Image& image) const = 0;
    /// Resize, normalise and run: tokens "[CLS]" then "r{row}c{col}" per patch.
    virtual attn::ClassifierResult classify(const attn::Image& image) const = 0;
    /// (N + 1) x d, [CLS] first: what is added to the patch tokens.
    virtual const attn::Matrix& positionEmbeddings() const = 0;
    /// Empty when the Explain methods can run on this model, else the reason in plain words.
    virtual QString explainUnavailable() const { return {}; }
};

/// The image classifier behind `handle` (null for an empty handle or another kind of model).
std::shared_ptr<const ImageClassifier> imageClassifierOf(const ModelHandle& handle);
