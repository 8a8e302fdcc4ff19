#pragma once
// What the explanation methods run on: one classifier and one input, with a forward that can remove
// inputs and apply the encoder's what-if switches.
//
//   text (transformer_classifier): inputs are the words (the [CLS] position is not an input); a removed
//     word is replaced by pad_token and masked like padding (as a key and in mean pooling).
//   image (vit): inputs are the patches; a removed patch is set to 0 after normalisation, i.e. to the
//     dataset mean pixel (config mean/std), and is still attended to.

#include <attn/image.hpp>
#include <attn/layers/encoder_layer.hpp>
#include <attn/models/model.hpp>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace attn {
class TransformerClassifier;
class VitModel;
} // namespace attn

namespace attn::explain {

class Subject {
public:
    virtual ~Subject() = default;
    /// The forward with the inputs `removed` (indices into inputs()) taken out, `switches` applied and,
    /// with `traces`, every layer's intermediates.
    virtual ClassifierResult run(const std::vector<std::size_t>& removed,
                                 const layers::EncoderSwitches& switches = {},
                                 std::vector<layers::LayerTrace>* traces = nullptr) const = 0;
    virtual const layers::TransformerEncoder& encoder() const = 0;
    /// ∂logit_c/∂A_{l,h} ([layer][head] T x T) at the unchanged input, from the traced forward `traces`
    /// whose result is `base` (c = classIndex, -1 = the predicted class): the model's head and pooling
    /// backwards, then layers::encoderBackward (core/include/attn/layers/backward.hpp).
    virtual std::vector<std::vector<Matrix>> attentionGradients(const ClassifierResult& base,
                                                                const std::vector<layers::LayerTrace>& traces,
                                                                int classIndex = -1) const = 0;
    /// true: the classifier reads the [CLS] row; false: the mean of the real positions.
    virtual bool clsPooled() const = 0;
    /// Sequence position of each input (word or patch).
    const std::vector<int>& inputPositions() const { return positions_; }
    const std::vector<std::string>& inputLabels() const { return labels_; }
    std::size_t inputCount() const { return positions_.size(); }

protected:
    std::vector<int> positions_;
    std::vector<std::string> labels_;
};

/// A sentence for a transformer_classifier (tokenised as the model's classify()).
std::unique_ptr<Subject> textSubject(const TransformerClassifier& model, const std::string& text);
/// An image for a vit (prepared as classify(): channels, size, normalisation).
std::unique_ptr<Subject> imageSubject(const VitModel& model, const Image& image);

} // namespace attn::explain
