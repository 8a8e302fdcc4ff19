#pragma once
// architecture "vit": see training/attnviz/models.py ViT.
//   patches = conv(kernel = stride = p) as a matrix product on flattened C x p x p patches, row by row
//   x = [cls_token ; patches] + pos_embed (or sinusoidal);  x = encoder(x);  logits = head(norm(x[0]))

#include <attn/capabilities/image_classifier.hpp>
#include <attn/image.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/models/model.hpp>

namespace attn {

class VitModel : public Model, public ImageClassifier {
public:
    VitModel(VitConfig config, WeightLoader& weights);

    Architecture architecture() const override { return Architecture::Vit; }
    const std::vector<std::string>& labels() const override { return config_.labels; }
    const VitConfig& settings() const override { return config_; }

    /// Converts channels and size to the config's; pixels stay as given (in [0, 1]): what the model
    /// sees before normalisation, for showing it.
    Image resized(const Image& image) const override;
    /// resized(), then normalised with the config's mean/std (expects pixels in [0, 1]).
    Image prepare(const Image& image) const;
    /// prepare() then forward.
    ClassifierResult classify(const Image& image) const override;
    /// Forward on an image that is already prepared (in_channels x image_size x image_size, normalised).
    /// `switches` are the encoder's what-if switches; with `traces`, every layer's intermediates.
    ClassifierResult classifyPrepared(const Image& prepared, const layers::EncoderSwitches& switches = {},
                                      std::vector<layers::LayerTrace>* traces = nullptr) const;
    /// The (N + 1) x d table added to the tokens, [CLS] first: the learned pos_embed or the sinusoidal table.
    const Matrix& positionEmbeddings() const override { return positions_; }
    /// explain::imageSubject(*this, image).
    std::unique_ptr<explain::Subject> explainSubject(const Image& image) const override;
    /// "[CLS]" then "r{row}c{col}" for each patch, row by row.
    std::vector<std::string> positionLabels() const;
    const layers::TransformerEncoder& encoder() const { return encoder_; }
    /// ∂logits[classIndex]/∂(encoder output) ((N + 1) x d) for the traced forward `traces`: the head's
    /// row c through the final norm on the [CLS] row, zero elsewhere (core/src/models/vit_backward.cpp).
    Matrix logitGradient(const std::vector<layers::LayerTrace>& traces, int classIndex) const;

private:
    VitConfig config_;
    Matrix patchWeight_; // d x (C p p)
    Vector patchBias_;   // d
    RowVector cls_;      // d
    Matrix positions_;   // (N + 1) x d
    layers::TransformerEncoder encoder_;
    layers::LayerNorm norm_;
    layers::Linear head_;
};

} // namespace attn
